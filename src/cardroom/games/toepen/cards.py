"""Toepen cards: a 32-card deck as ints 0..31, sets of cards as int bitmasks (R1.2, R1.3).

``card = suit * 8 + strength``; strength 0..7 is ``J Q K A 7 8 9 10`` (R1.3, weakest first), so
each suit is one byte of a mask, a higher index in a suit is a stronger card, and iterating a
mask gives cards by suit, then by strength. Text: rank ``7 8 9 10 J Q K A`` + suit ``H S D C``
(hearts, spades, diamonds, clubs); input also accepts lower case and the symbols ♥ ♠ ♦ ♣.

>>> format_card(parse_card("10h")), format_card(parse_card("J♠"))
('10H', 'JS')
>>> format_cards(suit_mask(0))
'JH QH KH AH 7H 8H 9H 10H'
>>> format_cards(parse_cards("7C 10H JS"))
'10H JS 7C'
>>> CardSet.parse("7C 10H JS"), len(CardSet(suit_mask(0)))
(CardSet.parse('10H JS 7C'), 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardroom.engine.bitmask import MaskSet, format_mask, parse_mask
from cardroom.engine.bitmask import iter_cards as iter_cards
from cardroom.engine.bitmask import mask_of as mask_of
from cardroom.engine.errors import InvalidNotationError

RANKS: Final = ("J", "Q", "K", "A", "7", "8", "9", "10")
"""Rank names by strength (R1.3: J weakest, 10 strongest)."""
SUITS: Final = "HSDC"
SUIT_SYMBOLS: Final = "♥♠♦♣"
NUM_CARDS: Final = 32
DECK: Final = (1 << NUM_CARDS) - 1
HAND_SIZE: Final = 4

JACK: Final = 0
TEN: Final = 7


def card(strength: int, suit: int) -> int:
    """The card of ``strength`` (0 = J … 7 = 10) in ``suit`` (0..3)."""
    return suit * 8 + strength


def strength_of(c: int) -> int:
    return c & 7


def suit_of(c: int) -> int:
    return c >> 3


def suit_mask(suit: int) -> int:
    """The mask of the eight cards of ``suit``."""
    return 0xFF << (suit * 8)


def rank_mask(strength: int) -> int:
    """The mask of the four cards of one rank."""
    return 0x01010101 << strength


TENS: Final = rank_mask(TEN)
JACKS: Final = rank_mask(JACK)
SEVENS: Final = rank_mask(4)
NUMBERS: Final = 0xF0F0F0F0
"""7, 8, 9 and 10 of every suit: one of them in a laundry discard exposes a bluff (R3.3)."""


def is_bluff(discard: int, dutch: bool = False) -> bool:
    """R3.3: a laundry discard with a 7, 8, 9 or 10 is a bluff; V-WAS (``dutch``) also allows
    three of J/Q/K/A plus one 7 ("vuile was").

    >>> claims = ("JS QH KD AC", "JS QH KD 7C", "JS QH 7D 7C")
    >>> [is_bluff(parse_cards(h), dutch=True) for h in claims]
    [False, False, True]
    >>> is_bluff(parse_cards("JS QH KD 7C"))
    True
    """
    numbers = discard & NUMBERS
    if dutch and numbers.bit_count() == 1 and numbers & SEVENS:
        return False
    return bool(numbers)


def four_of_a_kind(hand: int) -> int:
    """V-FOUR: the strength of the rank ``hand`` holds all four cards of, or -1.

    >>> four_of_a_kind(parse_cards("8S 8H 8D 8C")), four_of_a_kind(parse_cards("8S 8H 8D 9C"))
    (5, -1)
    """
    return next((s for s in range(7, -1, -1) if hand & rank_mask(s) == rank_mask(s)), -1)


def format_card(c: int) -> str:
    return RANKS[strength_of(c)] + SUITS[suit_of(c)]


_PARSE: Final = {
    RANKS[s] + suit_text: card(s, i)
    for s in range(8)
    for i in range(4)
    for suit_text in (SUITS[i], SUIT_SYMBOLS[i])
}


def parse_card(text: str) -> int:
    """Parse ``10H``, ``JS``, ``7c``, ``A♦``; anything else raises ``InvalidNotationError``."""
    c = _PARSE.get(text.strip().upper())
    if c is None:
        raise InvalidNotationError(
            f"not a Toepen card: {text!r} (rank 7/8/9/10/J/Q/K/A + suit H/S/D/C, e.g. 10H)"
        )
    return c


class CardSet(MaskSet):
    """An immutable set of Toepen cards (a hand, a trick's cards) with their text."""

    __slots__ = ()
    deck_size = NUM_CARDS
    format_card = staticmethod(format_card)
    parse_card = staticmethod(parse_card)


def format_cards(mask: int) -> str:
    return format_mask(mask, format_card)


def card_list(mask: int) -> list[str]:
    """A mask as a JSON list of card texts."""
    return [format_card(c) for c in iter_cards(mask)]


def parse_cards(text: str) -> int:
    """Parse space-separated cards to a mask; a repeated card is an error."""
    return parse_mask(text, parse_card, format_card)


def follow_mask(hand: int, led_suit: int | None) -> int:
    """R4.2: the cards of ``hand`` that may be played to a trick led in ``led_suit``.

    >>> format_cards(follow_mask(parse_cards("8H 10S KC 7D"), 0))
    '8H'
    >>> format_cards(follow_mask(parse_cards("10S KC 7D 9D"), 0))
    '10S 7D 9D KC'
    """
    if led_suit is None:
        return hand
    same = hand & suit_mask(led_suit)
    return same or hand


def trick_winner(plays: Sequence[tuple[int, int]], led: int = -1) -> int:
    """R4.3: the seat whose card is the highest of the ``led`` suit (default: the suit of the
    first play; if no card follows ``led``, the first card's suit counts, V-FOLDVOID).

    >>> trick_winner([(0, parse_card("7H")), (1, parse_card("AH")), (2, parse_card("10S"))])
    0
    """
    if not plays:
        raise ValueError("an empty trick has no winner")
    if all(suit_of(c) != led for _, c in plays):
        led = suit_of(plays[0][1])
    best_seat, best = -1, -1
    for seat, c in plays:
        if suit_of(c) == led and c > best:
            best_seat, best = seat, c
    return best_seat


def signal_for(hand: int, counted: int) -> str:
    """R8.4: ``"stand"`` for four cards of the ``counted`` rank mask, ``"whistle"`` for exactly
    three, ``""`` otherwise.

    >>> signal_for(parse_cards("10S 10H 10D KC"), TENS), signal_for(parse_cards("JS JH"), JACKS)
    ('whistle', '')
    """
    count = (hand & counted).bit_count()
    return {4: "stand", 3: "whistle"}.get(count, "")
