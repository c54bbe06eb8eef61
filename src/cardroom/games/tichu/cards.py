"""Tichu cards: 52 suited cards plus Mah Jong, Dog, Phoenix and Dragon (R1).

A card is an ``int`` from 0 to 55 and a set of cards is an ``int`` bitmask, so that hands,
tricks and piles are cheap immutable values. Indices follow the canonical order, so iterating a
mask's bits gives cards sorted: ``DOG MJ 2G 2K 2B 2R 3G … AR PHX DRG``. ``CardSet`` wraps a mask
for the public API with the text notation of ``docs/rules/tichu-cases.md``.

>>> parse_card("10K"), format_card(parse_card("10K"))
(35, '10K')
>>> CardSet.parse("PHX 7G 7K")
CardSet.parse('7G 7K PHX')
>>> sum(card_points(c) for c in CardSet(DECK))
100
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from operator import getitem
from typing import Final

from cardroom.engine.bitmask import format_mask, parse_mask
from cardroom.engine.bitmask import iter_cards as iter_cards
from cardroom.engine.bitmask import mask_of as mask_of
from cardroom.engine.errors import InvalidNotationError

SUITS: Final = "GKBR"
"""Jade, Sword, Pagoda, Star."""
RANK_NAMES: Final = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_VALUES: Final = {**{str(r): r for r in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}

DOG: Final = 0
MJ: Final = 1
PHX: Final = 54
DRG: Final = 55
SPECIAL_NAMES: Final = {DOG: "DOG", MJ: "MJ", PHX: "PHX", DRG: "DRG"}
SPECIALS: Final = {name: card for card, name in SPECIAL_NAMES.items()}

DECK: Final = (1 << 56) - 1
"""The mask of all 56 cards."""
SPECIAL_MASK: Final = (1 << DOG) | (1 << MJ) | (1 << PHX) | (1 << DRG)
NORMAL_MASK: Final = DECK & ~SPECIAL_MASK


def card(rank: int, suit: int) -> int:
    """The normal card of ``rank`` (2..14) and ``suit`` (0..3)."""
    return 2 + (rank - 2) * 4 + suit


def rank_of(c: int) -> int:
    """Rank 2..14 of a normal card; Mah Jong 1; Dog 0; Phoenix 0 (no fixed rank); Dragon 15."""
    if 2 <= c <= 53:
        return 2 + (c - 2) // 4
    return {MJ: 1, DRG: 15}.get(c, 0)


def suit_of(c: int) -> int:
    """Suit 0..3 of a normal card; -1 for special cards (they have no suit, R1.4)."""
    return (c - 2) % 4 if 2 <= c <= 53 else -1


def is_normal(c: int) -> bool:
    return 2 <= c <= 53


def rank_mask(rank: int) -> int:
    """The mask of the four normal cards of ``rank`` (2..14)."""
    return 0b1111 << card(rank, 0)


def card_points(c: int) -> int:
    """R1.3: 5s are 5, 10s and Ks 10, Dragon +25, Phoenix −25."""
    if c == DRG:
        return 25
    if c == PHX:
        return -25
    return {5: 5, 10: 10, 13: 10}.get(rank_of(c), 0) if is_normal(c) else 0


_POINT_CARDS: Final = tuple((c, card_points(c)) for c in range(56) if card_points(c))
_POINT_MASKS: Final = {
    p: sum(1 << c for c, q in _POINT_CARDS if q == p) for p in {p for _, p in _POINT_CARDS}
}
"""By points: the mask of the cards worth them (5, 10, the Dragon's 25, the Phoenix's -25)."""
assert _POINT_MASKS.keys() == {5, 10, 25, -25}, "mask_points counts these"
assert _POINT_MASKS[25] == 1 << DRG and _POINT_MASKS[-25] == 1 << PHX, "and reads these bits"
_FIVES: Final = _POINT_MASKS[5]
_TENS: Final = _POINT_MASKS[10]


def mask_points(mask: int) -> int:
    """Card points in a mask (every trick taken is counted): two bit counts and two bits."""
    specials = 25 * ((mask >> DRG & 1) - (mask >> PHX & 1))
    return 5 * (mask & _FIVES).bit_count() + 10 * (mask & _TENS).bit_count() + specials


def format_card(c: int) -> str:
    if c in SPECIAL_NAMES:
        return SPECIAL_NAMES[c]
    rank = rank_of(c)
    return RANK_NAMES.get(rank, str(rank)) + SUITS[suit_of(c)]


def parse_card(text: str) -> int:
    """Parse ``7G``, ``10K``, ``QB``, ``MJ``, ``DOG``, ``PHX``, ``DRG`` (case-insensitive)."""
    t = text.strip().upper()
    if t in SPECIALS:
        return SPECIALS[t]
    rank, suit = t[:-1], t[-1:]
    if rank not in RANK_VALUES or suit == "" or suit not in SUITS:
        raise InvalidNotationError(
            f"not a Tichu card: {text!r} (use rank 2-10/J/Q/K/A + suit G/K/B/R, or MJ DOG PHX DRG)"
        )
    return card(RANK_VALUES[rank], SUITS.index(suit))


def format_cards(mask: int) -> str:
    """Space-separated card texts in canonical order; by byte tables, as action texts and
    observations format hundreds of masks per position."""
    if mask >> 56 or mask < 0:
        return format_mask(mask, format_card)
    return " ".join(card_names(mask))


def card_names(mask: int) -> list[str]:
    """The texts of a mask's cards (0..55), in canonical order."""
    names: list[str] = []
    table = _BYTE_NAMES
    i = 0
    while mask:
        names.extend(table[i][mask & 255])
        mask >>= 8
        i += 1
    return names


def parse_cards(text: str) -> int:
    """Parse space-separated cards to a mask; a repeated card is an error."""
    return parse_mask(text, parse_card, format_card)


def card_indices(mask: int) -> Iterator[int]:
    """The cards (0..55) of ``mask`` in ascending order, iterated at C speed (byte tables, no
    Python frame per card): ``iter_cards`` for the listings built per step."""
    return chain.from_iterable(map(getitem, _BYTE_CARDS, mask.to_bytes(7, "little")))


_BYTE_CARDS: Final = tuple(
    tuple(tuple(8 * i + b for b in range(8) if v >> b & 1) for v in range(256)) for i in range(7)
)
"""``_BYTE_CARDS[i][v]``: the cards of byte ``i`` (cards 8i..8i+7) with value v."""
_BYTE_NAMES: Final = tuple(
    tuple(tuple(format_card(8 * i + b) for b in range(8) if v >> b & 1) for v in range(256))
    for i in range(7)
)
"""``_BYTE_NAMES[i][v]``: the texts of the cards of byte ``i`` (cards 8i..8i+7) with value v."""


class CardSet:
    """An immutable set of Tichu cards over a bitmask (python-chess ``SquareSet`` idea)."""

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    @classmethod
    def parse(cls, text: str) -> CardSet:
        return cls(parse_cards(text))

    def __iter__(self) -> Iterator[int]:
        return iter_cards(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 56 and bool(self.mask >> c & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __str__(self) -> str:
        return format_cards(self.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    @property
    def points(self) -> int:
        return mask_points(self.mask)
