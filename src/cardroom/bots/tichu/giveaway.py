"""What a Tichu seat must never hand an opponent in the exchange when the choice is made for it
(a timed-out player): the Mah Jong, the Dragon, the Phoenix, an Ace, or a card of a bomb in its
hand. The heuristic's exchange plan already avoids them; this is the check on its answer.

>>> from cardroom.bots.protocol import SeatView
>>> view = SeatView("tichu", 0, {"phase": "exchange", "hand": ["MJ", "2G"], "exchange": {},
...     "legal": ["exchange MJ to 1", "exchange 2G to 1"], "awaited": [0]})
>>> giveaway(view, "exchange MJ to 1"), giveaway(view, "exchange 2G to 1")
(True, False)
>>> safe_instead(view, "exchange MJ to 1")
'exchange 2G to 1'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.bots.protocol import SeatView
from cardroom.games.tichu.cards import format_card, iter_cards, parse_cards, rank_of
from cardroom.games.tichu.combos import enumerate_bombs

NEVER_GIVEN = frozenset({"MJ", "DRG", "PHX"})
ACE = 14


def bomb_cards(hand: Sequence[str]) -> frozenset[str]:
    """Every card of ``hand`` that belongs to some bomb (four of a kind, straight flush)."""
    mask = 0
    for bomb in enumerate_bombs(parse_cards(" ".join(hand)), None):
        mask |= bomb.cards
    return frozenset(format_card(c) for c in iter_cards(mask))


def _rank(card: str) -> int:
    return rank_of(parse_cards(card).bit_length() - 1)


def _exchange(action: str) -> tuple[str, int] | None:
    """``("9K", 1)`` for ``"exchange 9K to 1"``; None for any other action."""
    parts = action.split()
    if len(parts) == 4 and parts[0] == "exchange" and parts[2] == "to" and parts[3].isdigit():
        return parts[1], int(parts[3])
    return None


def giveaway(view: SeatView, action: str) -> bool:
    """Whether ``action`` gives an opponent a card the seat cannot spare."""
    gift = _exchange(action)
    if gift is None:
        return False
    card, target = gift
    if (target - view.seat) % 2 == 0:  # the partner may get anything
        return False
    if card in NEVER_GIVEN or _rank(card) == ACE:
        return True
    hand = list(view.obs.get("hand") or [])
    given = ((view.obs.get("exchange") or {}).get("given") or {}).values()
    return card in bomb_cards([*hand, *given])


def safe_instead(view: SeatView, action: str) -> str:
    """``action`` if it is no giveaway, else the lowest safe card for the same seat (the
    lowest card at all when every choice would be one)."""
    gift = _exchange(action)
    if gift is None or not giveaway(view, action):
        return action
    same_target = [a for a in view.legal if (g := _exchange(a)) and g[1] == gift[1]]
    safe = [a for a in same_target if not giveaway(view, a)]
    return min(safe or same_target, key=lambda a: _rank(a.split()[1]))
