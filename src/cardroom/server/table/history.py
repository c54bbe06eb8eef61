"""The public history a table's page shows beside the game state.

A page that (re)connects gets it in its ``welcome``, so the table log never starts empty after a
reload. Events are kept as a spectator sees them (never a hidden card).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from cardroom.engine import SPECTATOR, Game
from cardroom.i18n.narration import with_say

Json = dict[str, Any]
HISTORY_SIZE = 600


class PublicHistory:
    """The last ``size`` public events, each tagged with the version that produced it."""

    def __init__(self, game: Game[Any, Any, Any], size: int = HISTORY_SIZE) -> None:
        self.game = game
        self.events: deque[tuple[int, Json]] = deque(maxlen=size)
        """(version, the event's JSON with its message): merged only when a page asks."""

    def record(
        self, v: int, events: Iterable[Any], said: Callable[[Any], Json] | None = None
    ) -> None:
        """Keep ``events`` as a spectator sees them; ``said`` gives an event's JSON with its
        message (a ``Version``'s, which its envelopes share) instead of building it again."""
        for event in events:
            public = self.game.project(event, SPECTATOR)
            if public is not None:
                shown = with_say(self.game.name, public.to_json()) if said is None else said(public)
                self.events.append((v, shown))

    def to_json(self) -> list[Json]:
        return [{"v": v, **shown} for v, shown in self.events]
