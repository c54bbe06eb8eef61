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
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from typing import Any, Final, NamedTuple

from cardroom.engine import message as said
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
    card_names,
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


SINGLE_KIND: Final = Kind.SINGLE
PAIR_KIND: Final = Kind.PAIR
TRIPLE_KIND: Final = Kind.TRIPLE
FULL_HOUSE_KIND: Final = Kind.FULL_HOUSE
BOMB_KIND: Final = Kind.BOMB
"""The kinds read on hot paths, as module constants (``state.PLAY_PHASE`` says why)."""


class Combo(NamedTuple):
    """One reading of a set of cards as a Tichu combination.

    ``strength`` is the comparison key in half-steps (rank × 2): Dog 0, Mah Jong single 2,
    Dragon 30; a Phoenix single is the top single + 1 (3 when led). ``phoenix_as`` is the rank
    the Phoenix stands for inside a multi-card combination, else ``None``. A named tuple, not a
    dataclass: enumeration builds hundreds per position and a tuple is built several times
    faster.
    """

    kind: Kind
    cards: int
    strength: int
    length: int
    phoenix_as: int | None = None

    def is_bomb(self) -> bool:
        return self.kind == BOMB_KIND

    def describe(self) -> str:
        """Short text for tables and logs: ``"straight 5-9"``, ``"single PHX 8½"``, ``"bomb 8888"``.

        >>> from cardroom.games.tichu.cards import parse_cards
        >>> combo_for(parse_cards("KG KK 5B 5R PHX"), 5, None).describe()
        'full house 5'
        """
        kind, top = self.kind, self.strength // 2
        if kind == SINGLE_KIND:
            if self.cards in _SPECIAL_SINGLE_NAMES:
                name = _SPECIAL_SINGLE_NAMES[self.cards]
                half = f" {_rank_name(top)}½" if self.cards == _PHX else ""
                return f"single {name}{half}"
            return f"single {_rank_name(top)}"
        if kind == Kind.STRAIGHT:
            return f"straight {_rank_name(top - self.length + 1)}-{_rank_name(top)}"
        if kind == Kind.STAIRS:
            return f"stairs {_rank_name(top - self.length // 2 + 1)}-{_rank_name(top)}"
        if kind == BOMB_KIND:
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
_KIND_WORDS: Final = {PAIR_KIND: "pair", TRIPLE_KIND: "triple", FULL_HOUSE_KIND: "full house"}
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
    """``table[r][suits]``: the masks of every ``k``-card subset of rank ``r`` with those suits,
    ascending (the canonical order of plays)."""
    rows: list[tuple[tuple[int, ...], ...]] = [((),) * 16, ((),) * 16]
    for r in _RANKS:
        row = []
        for suits in range(16):
            present = [s for s in range(4) if suits >> s & 1]
            masks = (sum(1 << card(r, s) for s in chosen) for chosen in combinations(present, k))
            row.append(tuple(sorted(masks)))
        rows.append(tuple(row))
    return tuple(rows)


_SINGLES: Final = _subsets_table(1)
_PAIRS: Final = _subsets_table(2)
_TRIPLES: Final = _subsets_table(3)


def _suits_by_rank(hand: int) -> list[int]:
    """``s[r]`` = 4-bit suit mask of the hand's cards of rank ``r`` (2..14); ``s[0] = s[1] = 0``."""
    return [hand >> b & 15 for b in _SUIT_SHIFTS]


_SUIT_SHIFTS: Final = (60, 60, *(_BASE[r] for r in _RANKS))
"""Shifts that bring each rank's four cards to the low bits (60: ranks 0 and 1 read as 0)."""


# --- recognising a set ---------------------------------------------------------------------


def _single(cards: int) -> Combo:
    """The single reading of one card (a Phoenix counts as led, R6.4.2)."""
    strength = _SPECIAL_STRENGTH.get(cards)
    if strength is None:
        strength = 2 * rank_of(cards.bit_length() - 1)
    return Combo(SINGLE_KIND, cards, strength, 1)


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
            return (BOMB_KIND, 2 * hi) if may_bomb else None
        return {2: (PAIR_KIND, 2 * hi), 3: (TRIPLE_KIND, 2 * hi)}.get(n)
    if n == 5 and k == 2 and counts[lo] * counts[hi] == 6:
        return FULL_HOUSE_KIND, 2 * (lo if counts[lo] == 3 else hi)
    if n >= 5 and k == n and consecutive:
        flush = may_bomb and any(naturals & ~suit == 0 for suit in _SUIT_MASKS)
        return (BOMB_KIND if flush else Kind.STRAIGHT), 2 * hi
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
    if top is None or top.kind != SINGLE_KIND:
        return Combo(SINGLE_KIND, _PHX, _LED_PHX_STRENGTH, 1)
    if top.cards == _DRG:
        raise IllegalActionError.saying(
            "R6.4.3: the Phoenix cannot be played on the Dragon", "refusal.tichu.phoenix_on_dragon"
        )
    return Combo(SINGLE_KIND, _PHX, top.strength + 1, 1)


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
        raise IllegalActionError.saying(
            f"R6.1.5: {format_cards(cards)} is not a Tichu combination{_invalid_hint(cards)}",
            "refusal.tichu.not_combination",
            cards=said.cards("tichu", card_names(cards)),
        )
    if cards == _PHX:
        if phoenix_as is not None:
            raise IllegalActionError.saying(
                "R6.4.1: a Phoenix single takes its value from the top, not a declared rank",
                "refusal.tichu.phoenix_single",
            )
        return _phoenix_single(top)
    if phoenix_as is not None:
        if not cards & _PHX:
            raise IllegalActionError.saying(
                "R6.3.1: only the Phoenix can be declared as a rank", "refusal.tichu.phoenix_only"
            )
        if not 2 <= phoenix_as <= 14:
            raise IllegalActionError.saying(
                "R6.3.1: the Phoenix stands for a rank 2..A", "refusal.tichu.phoenix_rank"
            )
        for option in options:
            if option.phoenix_as == phoenix_as:
                return option
        raise IllegalActionError.saying(
            f"R6.3.1: with the Phoenix as {_rank_name(phoenix_as)}, "
            f"{format_cards(cards)} is not a Tichu combination",
            "refusal.tichu.phoenix_as",
            rank=_rank_name(phoenix_as),
            cards=said.cards("tichu", card_names(cards)),
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
    if play.kind == BOMB_KIND:
        if top.kind != BOMB_KIND:
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
#
# Plays are produced kind by kind in the canonical order (kind, length, strength, cards), so
# only the groups whose generation order differs from it (full houses, straights, stairs,
# bombs) are sorted. Singles, pairs and triples come from tables of ready-made ``Combo`` values
# indexed by rank and suit mask: listing them allocates nothing.

_sort_key: Final = attrgetter("kind", "length", "strength", "cards")
"""The canonical order of plays."""
_new: Final = tuple.__new__
"""``_new(Combo, (kind, cards, strength, length, phoenix_as))``: a Combo without the Python-level
``__new__`` of ``NamedTuple`` (about twice as fast in the enumeration loops)."""


def _combo_table(
    kind: Kind, size: int, natural: tuple[tuple[tuple[int, ...], ...], ...], phoenix: bool
) -> tuple[tuple[tuple[Combo, ...], ...], ...]:
    """``table[r][suits]``: the ``kind`` combos of rank ``r`` from those suits, in canonical
    order; with ``phoenix``, the Phoenix completing a ``size - 1`` subset comes after them."""
    short = _SUBSETS[size - 1]
    rows: list[tuple[tuple[Combo, ...], ...]] = [((),) * 16, ((),) * 16]
    for r in _RANKS:
        row = []
        for suits in range(16):
            combos = [Combo(kind, m, 2 * r, size) for m in natural[r][suits]]
            if phoenix:
                combos += [Combo(kind, m | _PHX, 2 * r, size, r) for m in short[r][suits]]
            row.append(tuple(combos))
        rows.append(tuple(row))
    return tuple(rows)


_SUBSETS: Final = (_SINGLES, _SINGLES, _PAIRS, _TRIPLES)
"""By size (index 0 unused): the subset tables of one, two and three cards."""
_SINGLE_COMBOS: Final = _combo_table(SINGLE_KIND, 1, _SINGLES, False)
_PAIR_COMBOS: Final = _combo_table(PAIR_KIND, 2, _PAIRS, False)
_PAIR_COMBOS_PHX: Final = _combo_table(PAIR_KIND, 2, _PAIRS, True)
_TRIPLE_COMBOS: Final = _combo_table(TRIPLE_KIND, 3, _TRIPLES, False)
_TRIPLE_COMBOS_PHX: Final = _combo_table(TRIPLE_KIND, 3, _TRIPLES, True)


def set_table(kind: Kind, phoenix: bool) -> tuple[tuple[tuple[Combo, ...], ...], ...]:
    """``table[rank][suits]``: the pairs or triples (``kind``) of that rank from a hand holding
    those suits of it, in canonical order; with ``phoenix``, those the Phoenix completes after
    them. A follow of a pair or triple is these rows above its rank, in rank order."""
    if kind == PAIR_KIND:
        return _PAIR_COMBOS_PHX if phoenix else _PAIR_COMBOS
    if kind == TRIPLE_KIND:
        return _TRIPLE_COMBOS_PHX if phoenix else _TRIPLE_COMBOS
    raise ValueError(f"no set table for {kind.name}")


_DOG_COMBO: Final = Combo(SINGLE_KIND, _DOG, 0, 1)
_MJ_COMBO: Final = Combo(SINGLE_KIND, _MJ, 2, 1)
_LED_PHX_COMBO: Final = Combo(SINGLE_KIND, _PHX, _LED_PHX_STRENGTH, 1)
_DRG_COMBO: Final = Combo(SINGLE_KIND, _DRG, 30, 1)
_MJ_OPTIONS: Final = (_MJ,)


def _add_singles(hand: int, top: Combo | None, out: list[Combo]) -> None:
    if top is None:
        if hand & _DOG:
            out.append(_DOG_COMBO)
        if hand & _MJ:
            out.append(_MJ_COMBO)
        if hand & _PHX:
            out.append(_LED_PHX_COMBO)
        first = 2
    else:
        if top.cards == _DRG:
            return
        if hand & _PHX:  # top + ½: below every natural single that beats the top
            out.append(_new(Combo, (SINGLE_KIND, _PHX, top.strength + 1, 1, None)))
        first = top.strength // 2 + 1
    _add_from_rank(_BYTE_SINGLES, hand, first, out)
    if hand & _DRG:
        out.append(_DRG_COMBO)


def _add_from_rank(
    table: tuple[tuple[tuple[Combo, ...], ...], ...], hand: int, first: int, out: list[Combo]
) -> None:
    """The combos of a ``_byte_table`` from the hand's ranks ``first`` (2..15) and up, two ranks
    a step (the cards below ``first`` masked out of the first byte)."""
    if first > 14:
        return
    if first < 2:
        first = 2
    i = (first - 2) >> 1
    for b in ((hand & _FROM_RANK[first]) >> 2).to_bytes(7, "little")[i:]:
        if b:
            out.extend(table[i][b])
        i += 1


def _add_lead_sets(hand: int, out: list[Combo]) -> None:
    """Every single, pair and triple of ``hand`` in canonical order, from one walk over the
    hand's bytes (two ranks each, ``_BYTE_*`` tables): ``_add_singles`` and ``_add_from_rank``
    when leading, in one pass of seven steps."""
    if hand & _DOG:
        out.append(_DOG_COMBO)
    if hand & _MJ:
        out.append(_MJ_COMBO)
    phx = hand & _PHX
    if phx:
        out.append(_LED_PHX_COMBO)
    singles = _BYTE_SINGLES
    pairs = _BYTE_PAIRS_PHX if phx else _BYTE_PAIRS
    triples = _BYTE_TRIPLES_PHX if phx else _BYTE_TRIPLES
    pair_out: list[Combo] = []
    triple_out: list[Combo] = []
    for i, b in enumerate(((hand & NORMAL_MASK) >> 2).to_bytes(7, "little")):
        if b:
            out.extend(singles[i][b])
            pair_out.extend(pairs[i][b])
            triple_out.extend(triples[i][b])
    if hand & _DRG:
        out.append(_DRG_COMBO)
    out.extend(pair_out)
    out.extend(triple_out)


def _byte_table(
    table: tuple[tuple[tuple[Combo, ...], ...], ...],
) -> tuple[tuple[tuple[Combo, ...], ...], ...]:
    """``table`` by pairs of ranks: ``[i][byte]`` holds the combos of ranks ``2 + 2i`` (low
    nibble) and ``3 + 2i`` (high nibble), in canonical order."""
    rows = []
    for i in range(7):
        low, high = 2 + 2 * i, 3 + 2 * i
        upper = table[high] if high <= 14 else ((),) * 16
        rows.append(tuple(table[low][b & 15] + upper[b >> 4] for b in range(256)))
    return tuple(rows)


_BYTE_SINGLES: Final = _byte_table(_SINGLE_COMBOS)
_BYTE_PAIRS: Final = _byte_table(_PAIR_COMBOS)
_BYTE_PAIRS_PHX: Final = _byte_table(_PAIR_COMBOS_PHX)
_BYTE_TRIPLES: Final = _byte_table(_TRIPLE_COMBOS)
_BYTE_TRIPLES_PHX: Final = _byte_table(_TRIPLE_COMBOS_PHX)


_FROM_RANK: Final = tuple(
    NORMAL_MASK & -(1 << card(max(r, 2), 0)) if r <= 14 else 0 for r in range(16)
)
"""By rank: the normal cards of that rank and above (index 15: none)."""
_HEX_DIGITS: Final = bytes.maketrans(b"0123456789abcdef", bytes(range(16)))


def _add_full_houses(hand: int, suits: bytes, ranks: _Ranks, above: int, out: list[Combo]) -> None:
    """Triple + pair of another rank (R6.1, R6.3.3); the Phoenix completes either part.

    Emitted in canonical order without sorting Combos: by triple rank, then the natural ones
    (a pair below the triple: the triple's cards decide first; above it: the pair's), then those
    with the Phoenix, sorted as integers ``cards << 4 | the Phoenix's rank``.
    """
    phx = hand & _PHX
    new = _new
    full = FULL_HOUSE_KIND
    paired = ranks.paired
    pair_ranks = [
        (p, _PAIRS[p][suits[p]]) for p in _LOW_BITS[paired & 255] + _HIGH_BITS[paired >> 8]
    ]
    candidates = ranks.tripled | paired if phx else ranks.tripled
    if above >= 0:
        candidates &= ~((2 << (above // 2)) - 1)  # triple ranks above the top's
    for t in _bits(candidates):
        st = suits[t]
        triples = _TRIPLES[t][st]
        strength = 2 * t
        if triples:
            for tc in triples:
                for p, pairs in pair_ranks:
                    if p >= t:
                        break
                    for pc in pairs:
                        out.append(new(Combo, (full, tc | pc, strength, 5, None)))
            for p, pairs in pair_ranks:
                if p > t:
                    for pc in pairs:
                        for tc in triples:
                            out.append(new(Combo, (full, tc | pc, strength, 5, None)))
        if not phx:
            continue
        keys: list[int] = []
        for wt in _PAIRS[t][st]:  # the Phoenix completes the triple
            wt |= _PHX
            for p, pairs in pair_ranks:
                if p != t:
                    for pc in pairs:
                        keys.append((wt | pc) << 4 | t)
        if triples:  # the Phoenix completes the pair
            for p in _bits(ranks.present & ~2 & ~(1 << t)):
                for c in _SINGLES[p][suits[p]]:
                    c |= _PHX
                    for tc in triples:
                        keys.append((tc | c) << 4 | p)
        keys.sort()
        for k in keys:
            out.append(new(Combo, (full, k >> 4, strength, 5, k & 15)))


def _add_straights(
    hand: int, suits: bytes, ranks: _Ranks, length: int | None, above: int, out: list[Combo]
) -> None:
    """Runs of >= 5 ranks from 1 (Mah Jong) to A, one card each, the Phoenix standing for one.

    From each low rank ``lo``, bit arithmetic on the held ranks finds how far a run reaches
    (the Phoenix filling the first gap); each window ``lo..hi`` is then looked at once. Only
    ranks held twice or more multiply the card choices (``_product``, shared by the windows
    through ``memo``); the other cards of the window are one constant mask. The Phoenix also
    stands in for any held rank: a single card taken out of the constant, or the product of
    the other multi-card ranks. All-one-suit natural runs are bombs (R7.1). Higher ranks sit
    on higher bits and the Phoenix above them all, so a window's plays come sorted except its
    Phoenix stand-ins when a rank is held twice; grouping by length gives the canonical
    (length, top, cards) order without sorting every play.
    """
    phx = hand & _PHX
    low_len, high_len = (5, 14) if length is None else (length, length)
    present, multi = ranks.present, ranks.paired
    if low_len == 5 and not _five_in_a_row(present, phx):
        return
    multi_cards = hand & ranks.paired_cards
    x = (hand & NORMAL_MASK) >> 2
    flushes = bool(x & (x >> 4) & (x >> 8) & (x >> 12) & (x >> 16))
    longest = present.bit_count() + (1 if phx else 0)  # no run is longer than the ranks held
    if longest > high_len:
        longest = high_len
    groups: list[list[Combo]] = [[] for _ in range(longest - low_len + 1)]
    memo: dict[int, list[int]] = {0: [0]}
    memo4: dict[int, list[int]] = {0: [0]}
    # memo4: memo shifted left by 4, for the Phoenix keys
    new = _new
    straight = Kind.STRAIGHT
    run_cards, run_ranks, not_rank, not_rank4 = _RUN_CARDS, _RUN_RANKS, _NOT_RANK, _NOT_RANK4
    beyond = above // 2 + 1  # the lowest top rank that beats
    shortest = (1 << low_len) - 1
    need = low_len - 1 if phx else low_len
    start = 1 if present & 2 else 2
    if start < beyond - high_len + 1:
        start = beyond - high_len + 1
    for lo in range(start, 16 - low_len):
        run = present >> lo
        if (run & shortest).bit_count() < need:
            continue  # the shortest window from lo misses two ranks (one without the Phoenix)
        held = (~run & (run + 1)).bit_length() - 1  # ranks held from lo on, without a gap
        gap = lo + held
        if phx:  # the Phoenix fills the first gap
            run |= 1 << held
            held = (~run & (run + 1)).bit_length() - 1
        first = lo + low_len - 1
        if first < beyond:
            first = beyond
        end = min(lo + held - 1, 14, lo + high_len - 1)
        lo2 = lo if lo >= 2 else 2
        for hi in range(first, end + 1):
            n = hi - lo + 1
            missing = hi >= gap
            cards = hand & run_cards[lo][hi]
            strength = 2 * hi
            group = groups[n - low_len]
            held_twice = multi & run_ranks[lo][hi]
            if not held_twice:  # one mask per reading
                if missing:
                    group.append(new(Combo, (straight, cards | _PHX, strength, n, gap)))
                    continue
                if lo == 1 or not flushes or not _is_flush(cards):
                    group.append(new(Combo, (straight, cards, strength, n, None)))
                if phx:  # the Phoenix for the top rank first: the lowest mask
                    wild = cards | _PHX
                    for r in range(hi, lo2 - 1, -1):
                        group.append(new(Combo, (straight, wild & not_rank[r], strength, n, r)))
                continue
            prod = memo.get(held_twice) or _product(held_twice, suits, memo)
            const = cards & ~multi_cards
            if missing:
                base = const | _PHX
                for x in prod:
                    group.append(new(Combo, (straight, base | x, strength, n, gap)))
                continue
            if lo == 1 or not flushes:
                for x in prod:
                    group.append(new(Combo, (straight, const | x, strength, n, None)))
            else:
                group += [
                    new(Combo, (straight, const | x, strength, n, None))
                    for x in prod
                    if not _is_flush(const | x)
                ]
            if phx:  # keys: cards << 4 | the Phoenix's rank, sorted
                base = (const | _PHX) << 4
                shifted = memo4.get(held_twice)
                if shifted is None:
                    shifted = memo4[held_twice] = [x << 4 for x in prod]
                keys: list[int] = []
                for r in range(lo2, hi + 1):
                    if held_twice >> r & 1:  # the Phoenix for one of its cards
                        others = held_twice ^ 1 << r
                        found = memo4.get(others)
                        if found is None:
                            found = memo4[others] = [x << 4 for x in _product(others, suits, memo)]
                        keys.extend(map((base | r).__or__, found))
                    else:  # the Phoenix for the rank's one card
                        keys.extend(map((base & not_rank4[r] | r).__or__, shifted))
                keys.sort()
                group += [new(Combo, (straight, k >> 4, strength, n, k & 15)) for k in keys]
    for group in groups:
        out.extend(group)


def _five_in_a_row(present: int, wild: int) -> bool:
    """Whether the rank set ``present`` holds five ranks in a row, or (``wild``: the Phoenix)
    four of five: else no straight can be made, and the window walk is skipped."""
    p1, p2, p3, p4 = present >> 1, present >> 2, present >> 3, present >> 4
    inner = p1 & p2 & p3
    if present & inner & p4:
        return True
    if not wild:
        return False
    return bool(inner & (present | p4) or present & p4 & (p1 & p2 | p1 & p3 | p2 & p3))


def _product(ranks: int, suits: bytes, memo: dict[int, list[int]]) -> list[int]:
    """Every choice of one card from each rank in the bit set ``ranks``, ascending."""
    found = memo.get(ranks)
    if found is None:
        top = ranks.bit_length() - 1
        rest = _product(ranks ^ 1 << top, suits, memo)
        found = memo[ranks] = [m | c for c in _SINGLES[top][suits[top]] for m in rest]
    return found


def _run_cards(lo: int, hi: int) -> int:
    """The cards of ranks ``lo..hi``, the Mah Jong as rank 1."""
    cards = sum(15 << _BASE[r] for r in range(max(lo, 2), hi + 1))
    return cards | (_MJ if lo == 1 else 0)


_RUN_CARDS: Final = tuple(tuple(_run_cards(lo, hi) for hi in range(15)) for lo in range(15))
_RUN_RANKS: Final = tuple(tuple((2 << hi) - (1 << lo) for hi in range(15)) for lo in range(15))
"""By low and high rank: the bit set of the ranks ``lo..hi``."""
_NOT_RANK: Final = (~0, ~0, *(~(15 << _BASE[r]) for r in _RANKS))
"""By rank: every card but those of that rank."""
_NOT_RANK4: Final = tuple(m << 4 for m in _NOT_RANK)
"""``_NOT_RANK`` shifted left by 4, for keys ``cards << 4 | rank``."""


class _Ranks(NamedTuple):
    """Bit sets of the ranks (bit r for rank r, the Mah Jong as rank 1) a hand holds at least
    once, twice and three times, computed once per listing for the multi-card kinds."""

    present: int
    paired: int
    tripled: int
    paired_cards: int
    """The cards of the ranks in ``paired``."""


def _suits_ranks(hand: int) -> tuple[bytes, _Ranks]:
    """``s[r]`` = 4-bit suit mask of the hand's cards of rank ``r`` (2..14, ``s[0] = s[1] =
    0``) as bytes, and the rank sets of ``hand``: all from the hand's hex digits (one per rank,
    highest first), without a loop over the ranks. A set's digits are mapped to binary digits
    and read back as an integer, bit r for rank r."""
    digits = format((hand & NORMAL_MASK) << 6, "015x").encode()
    return digits[::-1].translate(_HEX_DIGITS), _new(
        _Ranks,
        (
            int(digits.translate(_HELD_DIGIT), 2) | (hand & _MJ),
            int(digits.translate(_PAIRED_DIGIT), 2),
            int(digits.translate(_TRIPLED_DIGIT), 2),
            int(digits.translate(_PAIRED_NIBBLE), 16) >> 6,
        ),
    )


def _digit_table(value: Callable[[int], bytes]) -> bytes:
    """A ``bytes.translate`` table from each hex digit to ``value`` of its suit mask."""
    return bytes.maketrans(b"0123456789abcdef", b"".join(value(s) for s in range(16)))


_HELD_DIGIT: Final = _digit_table(lambda s: b"1" if s else b"0")
_PAIRED_DIGIT: Final = _digit_table(lambda s: b"1" if s.bit_count() >= 2 else b"0")
_TRIPLED_DIGIT: Final = _digit_table(lambda s: b"1" if s.bit_count() >= 3 else b"0")
_PAIRED_NIBBLE: Final = _digit_table(lambda s: b"f" if s.bit_count() >= 2 else b"0")


def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of a rank set ``mask`` (bits 0..15), lowest first, from two byte tables."""
    return _LOW_BITS[mask & 255] + _HIGH_BITS[mask >> 8]


_LOW_BITS: Final = tuple(tuple(i for i in range(8) if m >> i & 1) for m in range(256))
_HIGH_BITS: Final = tuple(tuple(i + 8 for i in range(8) if m >> i & 1) for m in range(256))


def _is_flush(m: int) -> bool:
    return not (
        m & ~_SUIT_MASKS[0] and m & ~_SUIT_MASKS[1] and m & ~_SUIT_MASKS[2] and m & ~_SUIT_MASKS[3]
    )


def _add_stairs(
    hand: int, suits: bytes, ranks: _Ranks, length: int | None, above: int, out: list[Combo]
) -> None:
    """>= 2 pairs of consecutive ranks; the Phoenix may complete one of the pairs.

    From each low rank, bit arithmetic finds how far the pairs reach (the Phoenix completing
    the first rank held once). Where no rank of that stretch is held three times or more, a
    window's cards are one mask: the natural stairs, and the Phoenix for each of its cards in
    turn, highest card first (the lowest mask), or for the one rank held once. Otherwise the
    window grows one rank at a time (``_stairs_grown``). Grouping by length gives the canonical
    (length, top, cards) order without sorting every play.
    """
    phx = hand & _PHX
    low_k, high_k = (2, 7) if length is None else (length // 2, length // 2)
    present, paired, tripled = ranks.present & ~2, ranks.paired, ranks.tripled
    window = (1 << low_k) - 1
    spare = 1 if phx else 0
    usable = present if phx else paired  # the ranks a pair can come from
    starts = usable  # the ranks that begin low_k usable ranks in a row
    for i in range(1, low_k):
        starts &= usable >> i
    if phx and low_k == 2:
        starts &= paired | paired >> 1  # one of the two paired: the Phoenix completes the other
    groups: list[list[Combo]] = [[] for _ in range(high_k - low_k + 1)]
    new = _new
    stairs = Kind.STAIRS
    run_cards, run_ranks, rank_of_bit = _RUN_CARDS, _RUN_RANKS, _RANK_OF_BIT
    while starts:
        low = starts & -starts
        starts ^= low
        lo = low.bit_length() - 1
        if low_k - ((paired >> lo) & window).bit_count() > spare:
            continue  # the shortest stairs from lo cannot be completed
        run = paired >> lo
        gap = lo + (~run & (run + 1)).bit_length() - 1  # the first rank from lo not paired
        end = gap - 1
        if phx and present >> gap & 1:  # the Phoenix completes it
            run |= 1 << (gap - lo)
            end = lo + (~run & (run + 1)).bit_length() - 2
        if end > lo + high_k - 1:
            end = lo + high_k - 1
        first = lo + low_k - 1
        if 2 * first <= above:
            first = above // 2 + 1
        if end < first:
            continue
        if tripled & run_ranks[lo][end]:
            _stairs_grown(hand, suits, lo, first, end, groups, low_k)
            continue
        for hi in range(first, end + 1):
            cards = hand & run_cards[lo][hi]
            k = hi - lo + 1
            group = groups[k - low_k]
            size, strength = 2 * k, 2 * hi
            if hi >= gap:  # the Phoenix for the rank held once
                group.append(new(Combo, (stairs, cards | _PHX, strength, size, gap)))
                continue
            group.append(new(Combo, (stairs, cards, strength, size, None)))
            if phx:
                wild = cards | _PHX
                m = cards
                while m:
                    c = m.bit_length() - 1
                    bit = 1 << c
                    m ^= bit
                    group.append(new(Combo, (stairs, wild ^ bit, strength, size, rank_of_bit[c])))
    for group in groups:
        out.extend(group)


def _stairs_grown(
    hand: int, suits: bytes, lo: int, first: int, end: int, groups: list[list[Combo]], low_k: int
) -> None:
    """The stairs from ``lo`` with tops ``first..end`` when a rank holds three or four cards:
    the window grows one rank at a time, keeping the natural choices (``plain``, ascending by
    construction) and those with the Phoenix in one pair (``wild``, keys ``cards << 4 | the
    Phoenix's rank``, sorted per window)."""
    phx = hand & _PHX
    new = _new
    stairs = Kind.STAIRS
    plain = [0]
    wild: list[int] = []
    for hi in range(lo, end + 1):
        s = suits[hi]
        pairs = _PAIRS[hi][s]
        if phx:
            grown: list[int] = []
            for c in pairs:
                c <<= 4
                for w in wild:
                    grown.append(w | c)
            for c in _SINGLES[hi][s]:
                c = (c | _PHX) << 4 | hi
                for m in plain:
                    grown.append(m << 4 | c)
            wild = grown
        plain = [m | c for c in pairs for m in plain]
        if hi < first:
            continue
        k = hi - lo + 1
        group = groups[k - low_k]
        size, strength = 2 * k, 2 * hi
        for m in plain:
            group.append(new(Combo, (stairs, m, strength, size, None)))
        wild.sort()
        for w in wild:
            group.append(new(Combo, (stairs, w >> 4, strength, size, w & 15)))


_RANK_OF_BIT: Final = tuple(rank_of(c) for c in range(56))


def _all_bombs(suits: list[int]) -> list[Combo]:
    """Four of a kind and straight flushes (R7.1), never with a special card (R7.2)."""
    out = [Combo(BOMB_KIND, 15 << _BASE[r], 2 * r, 4) for r in _RANKS if suits[r] == 15]
    for suit in range(4):
        for lo in range(2, 11):
            mask = 0
            for hi in range(lo, 15):
                if not suits[hi] >> suit & 1:
                    break
                mask |= 1 << (_BASE[hi] + suit)
                if hi - lo >= 4:
                    out.append(Combo(BOMB_KIND, mask, 2 * hi, hi - lo + 1))
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


def generate_plays(hand: int, top: Combo | None, bombs: bool | None = None) -> tuple[Combo, ...]:
    """``enumerate_plays`` without its caches, for simulators whose (hand, top) rarely repeat;
    ``bombs``: ``has_bomb(hand)``, if the caller knows it already."""
    return _generate(hand, top, bombs)


def enumerate_plays(hand: int, top: Combo | None) -> tuple[Combo, ...]:
    """Every distinct play (cards, Phoenix rank) from ``hand`` that beats ``top``, bombs included.

    With ``top`` None, every combination in the hand (the Dog too). Sorted by
    (kind, length, strength, cards). Builds combinations from rank counts, never from subsets.
    Leads are cached per hand (a hand is led from many times in a search), follows per
    (hand, top): the rules ask again for the same hand and top within one step.
    """
    if top is None:
        plays = _LEADS.get(hand)
        if plays is None:
            if len(_LEADS) >= _LEADS_SIZE:
                _LEADS.clear()
            plays = _LEADS[hand] = _generate(hand, None)
        return plays
    return _follows(hand, top)


_LEADS: Final[dict[int, tuple[Combo, ...]]] = {}
"""Every lead of a hand, by hand mask (emptied when full: a plain dict beats an LRU here)."""
_LEADS_SIZE: Final = 1 << 14


def cache_clear() -> None:
    """Forget every cached listing (for cold benchmarks)."""
    _LEADS.clear()
    _follows.cache_clear()


@lru_cache(maxsize=1024)
def _follows(hand: int, top: Combo) -> tuple[Combo, ...]:
    return _generate(hand, top)


def _generate(hand: int, top: Combo | None, bombs: bool | None = None) -> tuple[Combo, ...]:
    """The listing of ``enumerate_plays``, uncached (``bombs`` as in ``generate_plays``)."""
    if top is not None and (top.cards == _DOG or top.kind == BOMB_KIND):
        return enumerate_bombs(hand, top)
    out: list[Combo] = []
    phx = hand & _PHX
    if top is None:
        suits, ranks = _suits_ranks(hand)
        _add_lead_sets(hand, out)
        pairs, triples = ranks.paired, ranks.tripled
        if triples or (phx and pairs & (pairs - 1)):  # else no full house can be made
            _add_full_houses(hand, suits, ranks, -1, out)
        _add_straights(hand, suits, ranks, None, -1, out)
        held = ranks.present & ~2
        if pairs & (pairs >> 1) or (phx and pairs & (held >> 1 | held << 1)):
            # two adjacent ranks paired (one of them with the Phoenix): else no stairs
            _add_stairs(hand, suits, ranks, None, -1, out)
    else:
        kind, above = top.kind, top.strength
        if kind == SINGLE_KIND:  # the common cases need no per-rank list
            _add_singles(hand, top, out)
        elif kind == PAIR_KIND:
            _add_from_rank(_BYTE_PAIRS_PHX if phx else _BYTE_PAIRS, hand, above // 2 + 1, out)
        elif kind == TRIPLE_KIND:
            _add_from_rank(_BYTE_TRIPLES_PHX if phx else _BYTE_TRIPLES, hand, above // 2 + 1, out)
        else:
            suits, ranks = _suits_ranks(hand)
            if kind == FULL_HOUSE_KIND:
                _add_full_houses(hand, suits, ranks, above, out)
            elif kind == Kind.STRAIGHT:
                _add_straights(hand, suits, ranks, top.length, above, out)
            else:
                _add_stairs(hand, suits, ranks, top.length, above, out)
    if has_bomb(hand) if bombs is None else bombs:
        found = _all_bombs(_suits_by_rank(hand))
        found.sort(key=_sort_key)
        out.extend(found)
    return tuple(out)


def combo_fields(combo: Combo) -> dict[str, Any]:
    """What a play is, as JSON fields for observations and events, so that clients and bots need
    not recompute it: kind, length, top rank (0 Dog, 1 Mah Jong, 2..14, 15 Dragon; a Phoenix
    single: the rank it tops), strength in half-steps, the Phoenix's declared rank in a
    multi-card play, and the short text (for people; programs use the other fields).

    >>> from cardroom.games.tichu.cards import parse_cards
    >>> fields = combo_fields(combo_for(parse_cards("9G PHX"), 9, None))
    >>> fields["kind"], fields["rank"], fields["phoenix"], fields["combo"]
    ('pair', 9, 9, 'pair 9')
    >>> pair = parse_cards("9G PHX")
    >>> combo_from_fields(pair, fields) == combo_for(pair, 9, None)
    True
    """
    return {
        "kind": combo.kind.name.lower(),
        "length": combo.length,
        "rank": combo.strength // 2,
        "strength": combo.strength,
        "phoenix": combo.phoenix_as if combo.length > 1 else None,
        "combo": combo.describe(),
    }


def combo_from_fields(cards: int, fields: Mapping[str, Any]) -> Combo:
    """The combination ``combo_fields`` described, over the mask ``cards``: exactly the engine's,
    with no reading of the text."""
    phoenix = fields.get("phoenix")
    return Combo(
        Kind[str(fields["kind"]).upper()],
        cards,
        int(fields["strength"]),
        int(fields["length"]),
        None if phoenix is None else int(phoenix),
    )
