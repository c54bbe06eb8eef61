"""Sets of cards as ``int`` bitmasks: the shared representation of hands, tricks and piles.

A card is a small ``int`` (its bit index); a set of cards is an ``int`` with those bits set, so
game states stay immutable values that hash and compare cheaply.

>>> list(iter_cards(0b10110))
[1, 2, 4]
>>> mask_of([4, 1, 2])
22
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def iter_cards(mask: int) -> Iterator[int]:
    """Cards of a mask in ascending index order (each game numbers cards canonically)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    """The mask holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m
