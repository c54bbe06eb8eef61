"""What a table's page shows beside the game state: the public history and the chat.

A page that (re)connects gets both in its ``welcome``, so the table log never starts empty
after a reload. Events are kept as a spectator sees them (never a hidden card), chat lines as
typed (the client escapes them when it shows them) and kept in the store with the table, so a
restart does not empty them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from cardroom.engine import SPECTATOR, Game
from cardroom.i18n.narration import with_say
from cardroom.storage import ChatRow

Json = dict[str, Any]
HISTORY_SIZE = 600
CHAT_SIZE = 100
ROUND_END_EVENTS = frozenset({"round_scored", "hand_end"})
"""Event types that end a round (Tichu) or a hand (Toepen): the next deal may wait a moment."""


def ends_round(events: Iterable[Any]) -> bool:
    """Whether a step's events close a round, so the table pauses before the next deal."""
    return any(e.to_json().get("type") in ROUND_END_EVENTS for e in events)


class PublicHistory:
    """The last ``size`` public events, each tagged with the version that produced it."""

    def __init__(self, game: Game[Any, Any, Any], size: int = HISTORY_SIZE) -> None:
        self.game = game
        self.events: deque[Json] = deque(maxlen=size)

    def record(self, v: int, events: Iterable[Any]) -> None:
        for event in events:
            public = self.game.project(event, SPECTATOR)
            if public is not None:
                self.events.append({"v": v, **with_say(self.game.name, public.to_json())})

    def to_json(self) -> list[Json]:
        return list(self.events)


class Chat:
    """A table's chat lines (players and spectators), newest last."""

    def __init__(self, size: int = CHAT_SIZE) -> None:
        self.size = size
        self.lines: deque[Json] = deque(maxlen=size)

    def add(self, row: ChatRow) -> Json:
        """The line as the wire carries it, kept for pages that connect later."""
        line = {"t": "chat", "seat": row.seat, "name": row.name, "text": row.text, "at": row.at}
        self.lines.append(line)
        return line

    def to_json(self) -> list[Json]:
        return list(self.lines)
