"""Which game narrates how: ``say(game, event)`` gives an event's message (or None).

The server adds it to each event it sends (``"say"``), so the browser renders sentences without
knowing the games' events; ``cardroom replay`` and the terminal client call it directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardroom.engine.message import Json
from cardroom.games.tichu.narrate import narrate as tichu
from cardroom.games.toepen.narrate import narrate as toepen

NARRATORS: dict[str, Callable[[dict[str, Any]], Json | None]] = {"tichu": tichu, "toepen": toepen}


def say(game: str, event: dict[str, Any]) -> Json | None:
    narrator = NARRATORS.get(game)
    return None if narrator is None else narrator(event)


def with_say(game: str, event: dict[str, Any]) -> dict[str, Any]:
    """The event's JSON with its message under ``"say"`` (unchanged when it has none)."""
    said = say(game, event)
    return event if said is None else {**event, "say": said}
