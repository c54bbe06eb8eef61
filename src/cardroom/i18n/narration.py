"""Which game narrates how: ``say(game, event)`` gives an event's message (or None), and
``ending(game, outcome)`` says why a finished game ended.

The server adds it to each event it sends (``"say"``), so the browser renders sentences without
knowing the games' events; ``cardroom replay`` and the terminal client call it directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardroom.engine.message import Json
from cardroom.games.tichu.narrate import ending as tichu_ending
from cardroom.games.tichu.narrate import narrate as tichu
from cardroom.games.toepen.narrate import ending as toepen_ending
from cardroom.games.toepen.narrate import narrate as toepen

NARRATORS: dict[str, Callable[[dict[str, Any]], Json | None]] = {"tichu": tichu, "toepen": toepen}
ENDINGS: dict[str, Callable[[dict[str, Any]], Json | None]] = {
    "tichu": tichu_ending,
    "toepen": toepen_ending,
}


def say(game: str, event: dict[str, Any]) -> Json | None:
    narrator = NARRATORS.get(game)
    return None if narrator is None else narrator(event)


def ending(game: str, outcome: dict[str, Any]) -> Json | None:
    """Why a finished game ended, as a message (None: show the outcome's own ``reason``)."""
    teller = ENDINGS.get(game)
    return None if teller is None else teller(outcome)


def with_say(game: str, event: dict[str, Any]) -> dict[str, Any]:
    """The event's JSON with its message under ``"say"`` (unchanged when it has none)."""
    said = say(game, event)
    return event if said is None else {**event, "say": said}
