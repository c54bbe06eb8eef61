"""What every Toepen bot reads from a seat's observation: its cards, the cards it has seen, and
which cards beat which. Shared by all levels so none has to import another.

>>> is_top(parse_card("10H"), DECK), is_top(parse_card("9H"), DECK)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardroom.games.toepen.cards import DECK, mask_of, parse_card, strength_of, suit_mask, suit_of

NINE = 6
"""The strength of a 9: the ``tight`` level stays with a 9 or better."""


def cards_of(texts: Iterable[str]) -> list[int]:
    """Card codes from their texts (``"AS"`` …)."""
    return [parse_card(t) for t in texts]


def above(c: int) -> int:
    """The mask of the cards of ``c``'s suit that beat it."""
    return suit_mask(suit_of(c)) & ~((2 << c) - 1)


def seen_mask(obs: Mapping[str, Any]) -> int:
    """Cards out of the opponents' hands as far as this seat knows: played or shown discards."""
    texts = [p["card"] for t in obs.get("tricks", []) for p in t["plays"]]
    texts += [p["card"] for p in obs.get("trick", [])]
    for exchange in obs.get("exchanges", []):
        texts += exchange.get("discard") or []
    return mask_of(cards_of(texts))


def unseen_by(obs: Mapping[str, Any], hand: Sequence[int]) -> int:
    """The cards this seat has not seen: not in its hand, not played, not shown."""
    return DECK & ~mask_of(hand) & ~seen_mask(obs)


def is_top(c: int, unseen: int) -> bool:
    """Whether no card this seat has not seen beats ``c`` in its suit."""
    return not unseen & above(c)


def worth_staying(obs: Mapping[str, Any], hand: Sequence[int]) -> bool:
    """A 9, a 10 or the top card of a suit: the ``tight`` level's reason to stay."""
    unseen = unseen_by(obs, hand)
    return any(strength_of(c) >= NINE or is_top(c, unseen) for c in hand)
