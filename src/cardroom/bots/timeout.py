"""The move played for a seat whose clock ran out: the heuristic bot's choice from that seat's
own view (never the game's first legal action, which in Tichu's exchange handed the Mah Jong to
an opponent), checked by the game's guard against a giveaway (``bots/tichu/giveaway.py``).
A game without a heuristic level gets its first legal action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardroom.bots.protocol import SeatView, decide
from cardroom.bots.registry import make_bot
from cardroom.bots.tichu.giveaway import safe_instead
from cardroom.engine.errors import EngineError

TIMEOUT_LEVEL = "heuristic"
GUARDS: dict[str, Callable[[SeatView, str], str]] = {"tichu": safe_instead}
"""Per game: the action to play instead of one a seat should never be made to play."""


def timeout_action(view: SeatView, rng: random.Random) -> str | None:
    """The action played for ``view``'s seat when its time is up (None: it owes nothing)."""
    legal = list(view.legal)
    if not legal:
        return None
    try:
        choice = decide(make_bot(view.game, TIMEOUT_LEVEL), view, rng)
    except (EngineError, ValueError, LookupError, TypeError):
        choice = None
    choice = choice or legal[0]
    guard = GUARDS.get(view.game)
    return guard(view, choice) if guard is not None else choice
