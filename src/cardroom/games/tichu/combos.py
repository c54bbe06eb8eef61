"""Tichu combinations: recognising, comparing and enumerating plays (tichu.md §6–§7).

Everything works on card bitmasks (see ``cards.py``). A ``Combo`` is one *reading* of a set of
cards: the Phoenix inside a multi-card combination stands for one rank 2..A (``phoenix_as``),
so a set can have several readings (``KK55+PHX`` is KKK55 or 555KK). Strengths are in
half-steps (rank × 2) so that the Phoenix single can sit half a rank above the card it beats.

>>> from cardroom.games.tichu.cards import parse_cards
>>> [c.describe() for c in readings(parse_cards("3G 4K 5B 6R PHX"))]
['straight 2-6', 'straight 3-7']
>>> top = combo_for(parse_cards("8G"), None, None)
>>> combo_for(parse_cards("PHX"), None, top).describe()
'single PHX 8½'
>>> beats(combo_for(parse_cards("2G 2K 2B 2R"), None, None), top)
True
>>> len(enumerate_plays(parse_cards("MJ 2G 3G 4G 5G 5K PHX"), None))
28
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from typing import Final

from cardroom.engine.errors import IllegalActionError
from cardroom.games.tichu.cards import (
    DECK,
    DOG,
    DRG,
    MJ,
    NORMAL_MASK,
    PHX,
    RANK_NAMES,
    card,
    format_cards,
    rank_of,
)


class Kind(enum.IntEnum):
    """Combination types; the order is the canonical sort order of ``enumerate_plays``."""

    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    FULL_HOUSE = 4
    STRAIGHT = 5
    STAIRS = 6
    BOMB = 7
    """Four of a kind or a straight flush (R7.1)."""


@dataclass(frozen=True, slots=True)
class Combo:
    """One reading of a set of cards as a Tichu combination.

    ``strength`` is the comparison key in half-steps (rank × 2): Dog 0, Mah Jong single 2,
    Dragon 30; a Phoenix single is the top single + 1 (3 when led). ``phoenix_as`` is the rank
    the Phoenix stands for inside a multi-card combination, else ``None``.
    """

    kind: Kind
    cards: int
    strength: int
    length: int
    phoenix_as: int | None = None

    def is_bomb(self) -> bool:
        return self.kind == Kind.BOMB

    def describe(self) -> str:
        """Short text for tables and logs: ``"straight 5-9"``, ``"single PHX 8½"``, ``"bomb 8888"``.

        >>> from cardroom.games.tichu.cards import parse_cards
        >>> combo_for(parse_cards("KG KK 5B 5R PHX"), 5, None).describe()
        'full house 5'
        """
        kind, top = self.kind, self.strength // 2
        if kind == Kind.SINGLE:
            if self.cards in _SPECIAL_SINGLE_NAMES:
                name = _SPECIAL_SINGLE_NAMES[self.cards]
                half = f" {_rank_name(top)}½" if self.cards == _PHX else ""
                return f"single {name}{half}"
            return f"single {_rank_name(top)}"
        if kind == Kind.STRAIGHT:
            return f"straight {_rank_name(top - self.length + 1)}-{_rank_name(top)}"
        if kind == Kind.STAIRS:
            return f"stairs {_rank_name(top - self.length // 2 + 1)}-{_rank_name(top)}"
        if kind == Kind.BOMB:
            if self.length == 4:
                return "bomb " + _rank_name(top) * 4
            return f"bomb straight flush {_rank_name(top - self.length + 1)}-{_rank_name(top)}"
        return f"{_KIND_WORDS[kind]} {_rank_name(top)}"

    def __str__(self) -> str:
        phx = "" if self.phoenix_as is None else f" (PHX={_rank_name(self.phoenix_as)})"
        return f"{self.describe()}: {format_cards(self.cards)}{phx}"


# --- bit constants and lookup tables ------------------------------------------------------

_DOG: Final = 1 << DOG
_MJ: Final = 1 << MJ
_PHX: Final = 1 << PHX
_DRG: Final = 1 << DRG
_SPECIAL_SINGLE_NAMES: Final = {_DOG: "DOG", _MJ: "MJ", _PHX: "PHX", _DRG: "DRG"}
_KIND_WORDS: Final = {Kind.PAIR: "pair", Kind.TRIPLE: "triple", Kind.FULL_HOUSE: "full house"}
_RANKS: Final = range(2, 15)
_BASE: Final = tuple(card(r, 0) if r >= 2 else 0 for r in range(15))
"""Bit index of a rank's Jade card (index 0, 1 unused)."""
_SUIT_MASKS: Final = tuple(sum(1 << card(r, s) for r in _RANKS) for s in range(4))
_LED_PHX_STRENGTH: Final = 3
"""R6.4.2: a led Phoenix is worth 1½."""
_SPECIAL_STRENGTH: Final = {_DOG: 0, _MJ: 2, _PHX: _LED_PHX_STRENGTH, _DRG: 30}
"""Single values of the special cards in half-steps: Dog 0, Mah Jong 1, Phoenix led, Dragon."""


def _rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def _subsets_table(k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[r][suits]``: the masks of every ``k``-card subset of rank ``r`` with those suits."""
    rows: list[tuple[tuple[int, ...], ...]] = [((),) * 16, ((),) * 16]
    for r in _RANKS:
        row = []
        for suits in range(16):
            present = [s for s in range(4) if suits >> s & 1]
            row.append(
                tuple(sum(1 << card(r, s) for s in chosen) for chosen in combinations(present, k))
            )
        rows.append(tuple(row))
    return tuple(rows)


_SINGLES: Final = _subsets_table(1)
_PAIRS: Final = _subsets_table(2)
_TRIPLES: Final = _subsets_table(3)


def _suits_by_rank(hand: int) -> list[int]:
    """``s[r]`` = 4-bit suit mask of the hand's cards of rank ``r`` (2..14); ``s[0] = s[1] = 0``."""
    return [0, 0, *((hand >> _BASE[r]) & 15 for r in _RANKS)]


# --- recognising a set ---------------------------------------------------------------------


def _single(cards: int) -> Combo:
    """The single reading of one card (a Phoenix counts as led, R6.4.2)."""
    strength = _SPECIAL_STRENGTH.get(cards)
    if strength is None:
        strength = 2 * rank_of(cards.bit_length() - 1)
    return Combo(Kind.SINGLE, cards, strength, 1)


def _classify(counts: list[int], n: int, naturals: int, may_bomb: bool) -> tuple[Kind, int] | None:
    """Kind and strength of ``n`` >= 2 cards with ``counts[r]`` cards of rank r (MJ = rank 1).

    ``may_bomb`` is False when the Phoenix is among the cards (R6.3.2): the counts then include
    the Phoenix's rank and four of a kind is no combination at all.
    """
    present = [r for r in range(1, 15) if counts[r]]
    k, lo, hi = len(present), present[0], present[-1]
    consecutive = hi - lo + 1 == k
    if counts[1]:  # R6.1.2: the Mah Jong only as the 1 of a straight
        return (Kind.STRAIGHT, 2 * hi) if n >= 5 and k == n and consecutive else None
    if k == 1:
        if n == 4:
            return (Kind.BOMB, 2 * hi) if may_bomb else None
        return {2: (Kind.PAIR, 2 * hi), 3: (Kind.TRIPLE, 2 * hi)}.get(n)
    if n == 5 and k == 2 and counts[lo] * counts[hi] == 6:
        return Kind.FULL_HOUSE, 2 * (lo if counts[lo] == 3 else hi)
    if n >= 5 and k == n and consecutive:
        flush = may_bomb and any(naturals & ~suit == 0 for suit in _SUIT_MASKS)
        return (Kind.BOMB if flush else Kind.STRAIGHT), 2 * hi
    if n >= 4 and n == 2 * k and consecutive and all(counts[r] == 2 for r in present):
        return Kind.STAIRS, 2 * hi
    return None


def readings(cards: int) -> tuple[Combo, ...]:
    """Every reading of ``cards`` as one combination, weakest first; ``()`` if it is none.

    Without the Phoenix there is at most one reading; with it, one per rank 2..A it can stand
    for (R6.3.1). A lone Phoenix is the led single (1½).
    """
    if cards <= 0 or cards & ~DECK:
        return ()
    n = cards.bit_count()
    if n == 1:
        return (_single(cards),)
    if cards & (_DOG | _DRG):  # R6.1.3
        return ()
    naturals = cards & NORMAL_MASK
    suits = _suits_by_rank(naturals)
    counts = [c.bit_count() for c in suits]
    counts[1] = 1 if cards & _MJ else 0
    if not cards & _PHX:
        found = _classify(counts, n, naturals, may_bomb=True)
        return () if found is None else (Combo(found[0], cards, found[1], n),)
    out = []
    for rank in _RANKS:
        if counts[rank] == 4:
            continue
        counts[rank] += 1
        found = _classify(counts, n, naturals, may_bomb=False)
        counts[rank] -= 1
        if found is not None:
            out.append(Combo(found[0], cards, found[1], n, rank))
    out.sort(key=lambda c: c.strength)
    return tuple(out)


# --- choosing the played reading and comparing ---------------------------------------------


def _phoenix_single(top: Combo | None) -> Combo:
    """R6.4: the Phoenix single is the top single + ½, or 1½ when led; never on the Dragon."""
    if top is None or top.kind != Kind.SINGLE:
        return Combo(Kind.SINGLE, _PHX, _LED_PHX_STRENGTH, 1)
    if top.cards == _DRG:
        raise IllegalActionError("R6.4.3: the Phoenix cannot be played on the Dragon")
    return Combo(Kind.SINGLE, _PHX, top.strength + 1, 1)


def _invalid_hint(cards: int) -> str:
    """Why a set that is no combination fails, when a special card is the reason."""
    if cards.bit_count() < 2:
        return ""
    if cards & (_DOG | _DRG):
        return " (R6.1.3: the Dog and the Dragon are played only as singles)"
    if cards & _MJ:
        return " (R6.1.2: the Mah Jong is a single or the 1 of a straight)"
    most = max(s.bit_count() for s in _suits_by_rank(cards))
    if cards & _PHX and most == 4 and cards.bit_count() == 5:
        return " (R6.3.3: four of a kind and the Phoenix are no full house, nor a bomb)"
    if cards & _PHX and most == 3 and cards.bit_count() == 4:
        return " (R6.3.2: the Phoenix is never part of a bomb)"
    return ""


def combo_for(cards: int, phoenix_as: int | None, top: Combo | None) -> Combo:
    """The combination actually played with ``cards`` onto ``top`` (None = leading).

    A declared ``phoenix_as`` selects that reading. Otherwise (R6.3.4) the highest reading
    that beats ``top``, or the highest one if none does. Whether the result beats ``top`` is
    for ``beats`` to say.
    """
    if cards & ~DECK:
        raise IllegalActionError("R1.1: a play is a set of the 56 Tichu cards")
    options = readings(cards)
    if not options:
        raise IllegalActionError(
            f"R6.1.5: {format_cards(cards)} is not a Tichu combination{_invalid_hint(cards)}"
        )
    if cards == _PHX:
        if phoenix_as is not None:
            raise IllegalActionError(
                "R6.4.1: a Phoenix single takes its value from the top, not a declared rank"
            )
        return _phoenix_single(top)
    if phoenix_as is not None:
        if not cards & _PHX:
            raise IllegalActionError("R6.3.1: only the Phoenix can be declared as a rank")
        if not 2 <= phoenix_as <= 14:
            raise IllegalActionError("R6.3.1: the Phoenix stands for a rank 2..A")
        for option in options:
            if option.phoenix_as == phoenix_as:
                return option
        raise IllegalActionError(
            f"R6.3.1: with the Phoenix as {_rank_name(phoenix_as)}, "
            f"{format_cards(cards)} is not a Tichu combination"
        )
    winning = [option for option in options if beats(option, top)]
    return (winning or options)[-1]


def beats(play: Combo, top: Combo | None) -> bool:
    """Whether ``play`` may go on ``top`` (R6.2, R7.3, R7.6); leading (``top`` None) is True.

    Nothing goes on the Dog (R7.5, R8.2.3), nor a Phoenix single on the Dragon (R6.4.3). A
    Phoenix single must come from ``combo_for``/``enumerate_plays`` for this ``top``.
    """
    if top is None:
        return True
    if top.cards == _DOG:
        return False
    if play.kind == Kind.BOMB:
        if top.kind != Kind.BOMB:
            return True
        return play.length > top.length or (
            play.length == top.length and play.strength > top.strength
        )
    if play.kind != top.kind or play.length != top.length:
        return False
    if play.cards == _PHX and top.cards == _DRG:
        return False
    return play.strength > top.strength


# --- enumerating plays from a hand ---------------------------------------------------------


_sort_key: Final = attrgetter("kind", "length", "strength", "cards")
"""The canonical order of plays."""


def _rank_bits(suits: list[int], at_least: int) -> int:
    """Bit ``r`` set for every rank with at least ``at_least`` cards."""
    return sum(1 << r for r in _RANKS if suits[r].bit_count() >= at_least)


def _add_singles(hand: int, suits: list[int], top: Combo | None, out: list[Combo]) -> None:
    above = -1 if top is None else top.strength
    for rank in _RANKS:
        if suits[rank] and 2 * rank > above:
            for c in _SINGLES[rank][suits[rank]]:
                out.append(Combo(Kind.SINGLE, c, 2 * rank, 1))
    for bit in (_DOG, _MJ, _DRG):
        strength = _SPECIAL_STRENGTH[bit]
        if hand & bit and strength > above:
            out.append(Combo(Kind.SINGLE, bit, strength, 1))
    if hand & _PHX and (top is None or top.cards != _DRG):
        out.append(_phoenix_single(top))


def _add_sets(
    kind: Kind, size: int, hand: int, suits: list[int], above: int, out: list[Combo]
) -> None:
    """Pairs (size 2) or triples (size 3), the Phoenix standing in for one card."""
    natural = _PAIRS if size == 2 else _TRIPLES
    short = _SINGLES if size == 2 else _PAIRS
    phx = hand & _PHX
    for rank in _RANKS:
        s = suits[rank]
        if not s or 2 * rank <= above:
            continue
        for c in natural[rank][s]:
            out.append(Combo(kind, c, 2 * rank, size))
        if phx:
            for c in short[rank][s]:
                out.append(Combo(kind, c | _PHX, 2 * rank, size, rank))


def _add_full_houses(hand: int, suits: list[int], above: int, out: list[Combo]) -> None:
    """Triple + pair of another rank (R6.1, R6.3.3); the Phoenix completes either part."""
    phx = hand & _PHX
    for t in _RANKS:
        st = suits[t]
        if not st or 2 * t <= above:
            continue
        triples = _TRIPLES[t][st]
        wild_triples = _PAIRS[t][st] if phx else ()
        if not triples and not wild_triples:
            continue
        strength = 2 * t
        for p in _RANKS:
            sp = suits[p]
            if p == t or not sp:
                continue
            pairs = _PAIRS[p][sp]
            for tc in triples:
                for pc in pairs:
                    out.append(Combo(Kind.FULL_HOUSE, tc | pc, strength, 5))
                if phx:
                    for c in _SINGLES[p][sp]:
                        out.append(Combo(Kind.FULL_HOUSE, tc | c | _PHX, strength, 5, p))
            for tc in wild_triples:
                for pc in pairs:
                    out.append(Combo(Kind.FULL_HOUSE, tc | pc | _PHX, strength, 5, t))


def _add_straights(
    hand: int, suits: list[int], length: int | None, above: int, out: list[Combo]
) -> None:
    """Runs of >= 5 ranks from 1 (Mah Jong) to A, one card each, the Phoenix filling one rank.

    Grows every run rank by rank from its low end, keeping the card choices without (``plain``)
    and with the Phoenix (``wild``, with its rank). All-one-suit natural runs are bombs (R7.1).
    """
    phx = hand & _PHX
    low_len, high_len = (5, 14) if length is None else (length, length)
    present = _rank_bits(suits, 1) | (2 if hand & _MJ else 0)
    window = (1 << low_len) - 1
    for lo in range(1, 16 - low_len):
        if 2 * min(14, lo + high_len - 1) <= above:
            continue
        missing = low_len - ((present >> lo) & window).bit_count()
        if missing > (1 if phx else 0) or (missing and lo == 1 and not present & 2):
            continue  # the shortest run from lo cannot be completed
        plain = [0]
        wild: list[tuple[int, int]] = []
        common = 15  # suits present in every rank of the run so far
        for hi in range(lo, min(14, lo + high_len - 1) + 1):
            if hi == 1:
                options: tuple[int, ...] = (_MJ,) if hand & _MJ else ()
            else:
                options = _SINGLES[hi][suits[hi]]
                common &= suits[hi]
            wild = [(m | c, p) for m, p in wild for c in options]
            if phx and hi >= 2:
                wild += [(m | _PHX, hi) for m in plain]
            plain = [m | c for m in plain for c in options]
            if not plain and not wild:
                break
            n = hi - lo + 1
            if n < low_len or 2 * hi <= above:
                continue
            strength = 2 * hi
            if lo >= 2 and common:
                flushes = {m for m in plain for suit in _SUIT_MASKS if m & ~suit == 0}
                plain_out = [m for m in plain if m not in flushes]
            else:
                plain_out = plain
            for m in plain_out:
                out.append(Combo(Kind.STRAIGHT, m, strength, n))
            for m, p in wild:
                out.append(Combo(Kind.STRAIGHT, m, strength, n, p))


def _add_stairs(
    hand: int, suits: list[int], length: int | None, above: int, out: list[Combo]
) -> None:
    """>= 2 pairs of consecutive ranks; the Phoenix may complete one of the pairs."""
    phx = hand & _PHX
    low_k, high_k = (2, 7) if length is None else (length // 2, length // 2)
    present, paired = _rank_bits(suits, 1), _rank_bits(suits, 2)
    window = (1 << low_k) - 1
    for lo in range(2, 16 - low_k):
        if (present >> lo) & window != window:
            continue
        if low_k - ((paired >> lo) & window).bit_count() > (1 if phx else 0):
            continue  # the shortest stairs from lo cannot be completed
        plain = [0]
        wild: list[tuple[int, int]] = []
        for hi in range(lo, min(14, lo + high_k - 1) + 1):
            s = suits[hi]
            pairs = _PAIRS[hi][s]
            grown = [(m | c, p) for m, p in wild for c in pairs]
            if phx:
                grown += [(m | c | _PHX, hi) for m in plain for c in _SINGLES[hi][s]]
            wild = grown
            plain = [m | c for m in plain for c in pairs]
            if not plain and not wild:
                break
            k = hi - lo + 1
            if k < low_k or 2 * hi <= above:
                continue
            for m in plain:
                out.append(Combo(Kind.STAIRS, m, 2 * hi, 2 * k))
            for m, p in wild:
                out.append(Combo(Kind.STAIRS, m, 2 * hi, 2 * k, p))


def _all_bombs(suits: list[int]) -> list[Combo]:
    """Four of a kind and straight flushes (R7.1), never with a special card (R7.2)."""
    out = [Combo(Kind.BOMB, 15 << _BASE[r], 2 * r, 4) for r in _RANKS if suits[r] == 15]
    for suit in range(4):
        for lo in range(2, 11):
            mask = 0
            for hi in range(lo, 15):
                if not suits[hi] >> suit & 1:
                    break
                mask |= 1 << (_BASE[hi] + suit)
                if hi - lo >= 4:
                    out.append(Combo(Kind.BOMB, mask, 2 * hi, hi - lo + 1))
    return out


_FOUR_LOW: Final = sum(1 << (4 * i) for i in range(13))


def has_bomb(hand: int) -> bool:
    """Fast check for a four of a kind or a straight flush in ``hand``.

    >>> from cardroom.games.tichu.cards import parse_cards
    >>> has_bomb(parse_cards("3G 4G 5G 6G 7G")), has_bomb(parse_cards("3G 4G 5G 6G PHX"))
    (True, False)
    """
    x = (hand & NORMAL_MASK) >> 2  # rank r, suit s at bit 4 * (r - 2) + s
    if x & (x >> 1) & (x >> 2) & (x >> 3) & _FOUR_LOW:
        return True
    return bool(x & (x >> 4) & (x >> 8) & (x >> 12) & (x >> 16))


def enumerate_bombs(hand: int, top: Combo | None) -> tuple[Combo, ...]:
    """The bombs in ``hand`` that beat ``top`` (all of them when ``top`` is None)."""
    if not has_bomb(hand):
        return ()
    bombs = [b for b in _all_bombs(_suits_by_rank(hand)) if beats(b, top)]
    bombs.sort(key=_sort_key)
    return tuple(bombs)


def enumerate_plays(hand: int, top: Combo | None) -> tuple[Combo, ...]:
    """Every distinct play (cards, Phoenix rank) from ``hand`` that beats ``top``, bombs included.

    With ``top`` None, every combination in the hand (the Dog too). Sorted by
    (kind, length, strength, cards). Builds combinations from rank counts, never from subsets.
    Results are cached: the rules ask again for the same hand and top within one step.
    """
    return _cached_plays(hand, top)


@lru_cache(maxsize=1024)
def _cached_plays(hand: int, top: Combo | None) -> tuple[Combo, ...]:
    if top is not None and (top.cards == _DOG or top.kind == Kind.BOMB):
        return enumerate_bombs(hand, top)
    suits = _suits_by_rank(hand)
    out: list[Combo] = []
    kind = None if top is None else top.kind
    length = None if top is None else top.length
    above = -1 if top is None else top.strength
    if kind is None or kind == Kind.SINGLE:
        _add_singles(hand, suits, top, out)
    if kind is None or kind == Kind.PAIR:
        _add_sets(Kind.PAIR, 2, hand, suits, above, out)
    if kind is None or kind == Kind.TRIPLE:
        _add_sets(Kind.TRIPLE, 3, hand, suits, above, out)
    if kind is None or kind == Kind.FULL_HOUSE:
        _add_full_houses(hand, suits, above, out)
    if kind is None or kind == Kind.STRAIGHT:
        _add_straights(hand, suits, length, above, out)
    if kind is None or kind == Kind.STAIRS:
        _add_stairs(hand, suits, length, above, out)
    if has_bomb(hand):
        out.extend(_all_bombs(suits))
    out.sort(key=_sort_key)
    return tuple(out)
