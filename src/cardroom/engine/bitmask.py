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


class MaskSet:
    """An immutable set of one game's cards over a bitmask (python-chess's ``SquareSet`` idea):
    iteration in canonical order, set operators, and the game's text. A game subclasses it and
    sets ``deck_size``, ``format_card`` and ``parse_card``.

    >>> class Digits(MaskSet):
    ...     deck_size, format_card, parse_card = 10, staticmethod(str), staticmethod(int)
    >>> hand = Digits.parse("7 3")
    >>> hand, list(hand), 3 in hand, len(hand | Digits.parse("1"))
    (Digits.parse('3 7'), [3, 7], True, 3)
    """

    __slots__ = ("mask",)
    deck_size: int = 0
    format_card: Callable[[int], str]
    parse_card: Callable[[str], int]

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    @classmethod
    def parse(cls, text: str) -> MaskSet:
        return cls(parse_mask(text, cls.parse_card, cls.format_card))

    def __iter__(self) -> Iterator[int]:
        return iter_cards(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < self.deck_size and bool(self.mask >> c & 1)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, MaskSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: MaskSet) -> MaskSet:
        return type(self)(self.mask | other.mask)

    def __and__(self, other: MaskSet) -> MaskSet:
        return type(self)(self.mask & other.mask)

    def __sub__(self, other: MaskSet) -> MaskSet:
        return type(self)(self.mask & ~other.mask)

    def __str__(self) -> str:
        return format_mask(self.mask, type(self).format_card)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"
