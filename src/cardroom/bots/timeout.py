"""The move played for a seat whose clock ran out: the heuristic bot's choice from that seat's
own view (never the game's first legal action, which in Tichu's exchange handed the Mah Jong to
an opponent), and never a giveaway.

A giveaway is a Tichu exchange card to an opponent that the seat cannot spare: the Mah Jong,
the Dragon, the Phoenix, an Ace, or a card of a bomb in the hand. The heuristic already avoids
them; this module checks its answer anyway, because a plan may relax when a hand has too few
spare cards, and picks the least useful safe card for that opponent instead.

>>> view = SeatView("tichu", 0, {"phase": "exchange", "hand": ["MJ", "2G"], "exchange": {},
...     "legal": ["exchange MJ to 1", "exchange 2G to 1"], "awaited": [0]})
>>> giveaway(view, "exchange MJ to 1"), giveaway(view, "exchange 2G to 1")
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardroom.bots.protocol import SeatView, decide
from cardroom.bots.registry import make_bot
from cardroom.engine.errors import EngineError
from cardroom.games.tichu.cards import format_card, iter_cards, parse_cards, rank_of
from cardroom.games.tichu.combos import enumerate_bombs

TIMEOUT_LEVEL = "heuristic"
NEVER_GIVEN = frozenset({"MJ", "DRG", "PHX"})
ACE = 14


def bomb_cards(hand: Sequence[str]) -> frozenset[str]:
    """Every card of ``hand`` that belongs to some bomb (four of a kind, straight flush)."""
    mask = 0
    for bomb in enumerate_bombs(parse_cards(" ".join(hand)), None):
        mask |= bomb.cards
    return frozenset(format_card(c) for c in iter_cards(mask))


def _exchange(action: str) -> tuple[str, int] | None:
    """``("9K", 1)`` for ``"exchange 9K to 1"``; None for any other action."""
    parts = action.split()
    if len(parts) == 4 and parts[0] == "exchange" and parts[2] == "to" and parts[3].isdigit():
        return parts[1], int(parts[3])
    return None


def giveaway(view: SeatView, action: str) -> bool:
    """Whether ``action`` gives an opponent a card the seat cannot spare (Tichu exchange)."""
    if view.game != "tichu":
        return False
    gift = _exchange(action)
    if gift is None:
        return False
    card, target = gift
    if (target - view.seat) % 2 == 0:  # the partner may get anything
        return False
    hand = list(view.obs.get("hand") or [])
    given = ((view.obs.get("exchange") or {}).get("given") or {}).values()
    if card in NEVER_GIVEN or rank_of(parse_cards(card).bit_length() - 1) == ACE:
        return True
    return card in bomb_cards([*hand, *given])


def _least_useful(view: SeatView, options: Sequence[str]) -> str:
    """Among exchange options, the lowest card (the Dog first): what costs the seat least."""

    def rank(action: str) -> int:
        gift = _exchange(action)
        return rank_of(parse_cards(gift[0]).bit_length() - 1) if gift else 99

    return min(options, key=rank)


def timeout_action(view: SeatView, rng: random.Random) -> str | None:
    """The action played for ``view``'s seat when its time is up (None: it owes nothing)."""
    legal = list(view.legal)
    if not legal:
        return None
    try:
        choice = decide(make_bot(view.game, TIMEOUT_LEVEL), view, rng)
    except (EngineError, ValueError, LookupError, TypeError):
        choice = None
    if choice is None:
        choice = legal[0]
    if not giveaway(view, choice):
        return choice
    gift = _exchange(choice)
    assert gift is not None
    same_target = [a for a in legal if (g := _exchange(a)) and g[1] == gift[1]]
    safe = [a for a in same_target if not giveaway(view, a)]
    return _least_useful(view, safe or same_target)
