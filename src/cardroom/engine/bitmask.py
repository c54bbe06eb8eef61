"""Sets of cards as ``int`` bitmasks: the shared representation of hands, tricks and piles.

A card is a small ``int`` (its bit index); a set of cards is an ``int`` with those bits set, so
game states stay immutable values that hash and compare cheaply.

>>> list(iter_cards(0b10110))
[1, 2, 4]
>>> mask_of([4, 1, 2])
22
>>> format_mask(22, str), parse_mask("4 1", int, str)
('1 2 4', 18)
>>> parse_mask("4 1 4", int, str)
Traceback (most recent call last):
...
cardroom.engine.errors.InvalidNotationError: card 4 is listed twice
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from cardroom.engine.errors import InvalidNotationError


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


def format_mask(mask: int, format_card: Callable[[int], str]) -> str:
    """A mask as space-separated card texts, in canonical order."""
    return " ".join(format_card(c) for c in iter_cards(mask))


def parse_mask(
    text: str, parse_card: Callable[[str], int], format_card: Callable[[int], str]
) -> int:
    """Parse space-separated card texts to a mask; a repeated card is an error."""
    mask = 0
    for token in text.split():
        c = parse_card(token)
        if mask >> c & 1:
            raise InvalidNotationError(f"card {format_card(c)} is listed twice")
        mask |= 1 << c
    return mask
