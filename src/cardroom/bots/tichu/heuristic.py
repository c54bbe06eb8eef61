"""A rule-of-thumb Tichu bot that plays from the observation JSON only (contracts §3, §5).

It thinks in *units*: the fewest plays its hand splits into (bombs kept apart, then straights,
stairs, full houses, pairs, triples, singles; ``plan``). Each unit costs about one trick to get
rid of, so it leads its lowest unit, follows only with plays that do not wreck the plan, saves
the Dragon, Phoenix, Aces and bombs for tricks that matter, fights a double victory, and calls
(only after the exchange) when a hand-strength model fitted on simulated rounds
(``tichu_bidding``) says it is likely to go out first. Every answer is one of ``obs["legal"]``.

>>> from cardroom.games.tichu.cards import parse_cards
>>> [str(u) for u in plan(parse_cards("MJ 2G 3K 4B 5R 9G 9K QB QR QG DRG 7G 7K 7B 7R")).units]
['straight 1-5', 'full house Q+9', 'DRG']
>>> plan(parse_cards("MJ 2G 3K 4B 5R 9G 9K QB QR QG DRG 7G 7K 7B 7R")).bombs[0].describe()
'bomb 7777'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.bidding import GRAND_COEF, TICHU_COEF, TICHU_P, logistic
from cardroom.games.tichu.actions import ActionKind, TichuAction, rank_text
from cardroom.games.tichu.actions import bomb as bomb_action
from cardroom.games.tichu.actions import play as play_action
from cardroom.games.tichu.cards import (
    DOG,
    DRG,
    MJ,
    PHX,
    RANK_NAMES,
    card_indices,
    card_points,
    format_card,
    iter_cards,
    mask_of,
    parse_card,
    rank_of,
)
from cardroom.games.tichu.combos import (
    Combo,
    Kind,
    combo_for,
    combo_from_fields,
    enumerate_bombs,
    has_bomb,
)

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pure Python without mypy's extras: the decorator only tells mypyc something

    def mypyc_attr(*_args: object, **_kwargs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


SEATS: Final = 4
_DOG: Final = 1 << DOG
_MJ: Final = 1 << MJ
_PHX: Final = 1 << PHX
_DRG: Final = 1 << DRG
PHX_RANK: Final = 16
"""Rank used for the Phoenix in a rank signature (Dog 0, Mah Jong 1, Dragon 15)."""

# Tuning, calibrated with ``cardroom simulate`` (heuristic vs heuristic and vs random).
CONTROL_COST: Final = {15: 2.0, PHX_RANK: 1.5, 14: 0.8}
"""What spending a Dragon, Phoenix or Ace on an unimportant trick costs, in units."""
BOMB_CARD_COST: Final = 3.0
FOLLOW_SLACK: Final = 2.0
"""Follow when the play costs at most this many units (0: it sheds cards without adding a
unit, e.g. a pair out of a full house). Contesting tricks pays against ``heuristic-v1``
(``cardroom arena --pairs 150``, pts/round, seeds 21 / 22): slack 0 −3.5 / –, 0.5 +2.1 / –,
1.0 +11.8 / –, 1.5 +17.2 / +15.6, 2.5 +20.2 / +14.0. On the untuned seed 41 (400 pairs)
2.0 made +5.4 and 0.5 +2.5: the 150-pair gains were mostly noise."""
CONTROL_SLACK: Final = 2.0
"""The slack for a follow that spends a control card or bomb card (their ``waste`` counts in
its cost either way). At 0.5 the heuristic never spent an Ace on a trick that did not matter
and lost the lead to ``fighter`` (the style that beats every trick it can): −4.5 [−8.4,
−0.5] pts/round against it (seed 5000, 1,000 pairs), −0.7 [−3.9, +2.4] at 2.0 (1.0: −1.8,
1.5: −0.2, 3.0 as 2.0: the plain slack caps it)."""
WINNERS_FIRST: Final = True
"""Lead sure winners first when all units but one are (``sure_winners``): with a low single
and the Dragon left, the Dragon keeps the lead and the single goes out, where leading the
single hands the lead over. Against ``fighter`` with ``CONTROL_SLACK`` 2.0 (seed 5002, 2,000
pairs): +3.7 [+1.2, +6.1] pts/round with it, +0.1 [−2.2, +2.5] without."""
OPPONENT_CALLED: Final = 0.05
"""Added to the Tichu threshold when an opponent has called: they race for first place too."""
DOG_TO_OPPONENT: Final = True
"""Whether the exchange may hand the Dog to an opponent (it lets them pass the lead)."""
RACE_DOUBLE: Final = False
"""Whether a follow counts as urgent while a double victory is in reach (``dv=1``): +0.7
[−0.9, +2.3] pts/round against the heuristic without it (seed 500, 400 pairs), no loss to any
pool member (seed 600, 200 pairs each, with ``HEURISTIC_GRAND_P``): no measurable gain, so off."""
HEURISTIC_GRAND_P: Final = 0.7
"""The heuristic's Grand Tichu threshold (the search: ``SEARCH_GRAND_P``). At ``GRAND_P`` (0.58)
its Grands were made 45–70 % against the pool (seed 600, 200 pairs per member, 4.1 % called):
loose, and worse against sound opponents. At 0.7 it calls 0.4–1.2 %, 67–79 % made; head to
head −2.1 [−6.2, +2.0] pts/round (seed 500, 400 pairs); against the pool (with ``dv=1``) the
same figures as the heuristic at 0.58 within noise (heuristic-v1 +15.4 / +14.8, bomber +7.9 /
+8.1, fighter +1.6 / +7.3, gambler +65.5 / +63.2, novice +28.1 / +26.5)."""
URGENT_SLACK: Final = 1.0
"""Extra units a follow may cost when the trick matters (points, an opponent near the end)."""


# --- hand planning -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unit:
    """One planned play, by ranks only (suits matter only for bombs, which are kept apart).

    ``ranks`` is the sorted multiset of ranks (Dog 0, Mah Jong 1, Dragon 15, Phoenix 16).
    """

    kind: str
    ranks: tuple[int, ...]
    phoenix: bool = False
    """The Phoenix stands in this unit for one of ``ranks``."""

    @property
    def top(self) -> int:
        return self.ranks[-1] if self.kind != "full house" else self.ranks[2]

    @property
    def is_control(self) -> bool:
        return self.kind == "single" and self.ranks[0] in (14, 15, PHX_RANK)

    def __str__(self) -> str:
        names = {0: "DOG", 1: "1", 15: "DRG", PHX_RANK: "PHX"}

        def name(r: int) -> str:
            return names.get(r) or RANK_NAMES.get(r, str(r))

        if self.kind == "single":
            return name(self.ranks[0])
        if self.kind in ("straight", "stairs"):
            return f"{self.kind} {name(self.ranks[0])}-{name(self.ranks[-1])}"
        if self.kind == "full house":
            pair = next(r for r in self.ranks if r != self.top)
            return f"full house {name(self.top)}+{name(pair)}"
        return f"{self.kind} {name(self.ranks[0])}"


@dataclass(frozen=True, slots=True)
class Plan:
    """A split of a hand into bombs and the units left to shed."""

    bombs: tuple[Combo, ...]
    units: tuple[Unit, ...]

    @property
    def bomb_cards(self) -> int:
        return mask_of(c for b in self.bombs for c in iter_cards(b.cards))

    def cost(self) -> float:
        """Roughly the tricks this hand still has to win or shed: the Dog is half a unit."""
        return _units_cost(self.units)


@lru_cache(maxsize=65536)
def _rank_counts(mask: int) -> tuple[int, ...]:
    """Cards per rank 0..16 (Dog 0, Mah Jong 1, 2..A, Dragon 15, Phoenix 16), by bit counts:
    the four cards of a rank are adjacent bits (``cards.card``)."""
    m, t = mask >> 2, _BYTE_RANKS  # a byte of ranks 2..K at a time, by table
    normal: tuple[int, ...] = t[m & 255] + t[m >> 8 & 255] + t[m >> 16 & 255] + t[m >> 24 & 255]
    normal += t[m >> 32 & 255] + t[m >> 40 & 255] + ((m >> 48 & 0xF).bit_count(),)
    return (mask >> DOG & 1, mask >> MJ & 1, *normal, mask >> DRG & 1, mask >> PHX & 1)


_BYTE_RANKS: Final = tuple(((v & 0xF).bit_count(), (v >> 4).bit_count()) for v in range(256))
"""``_BYTE_RANKS[v]``: the cards of two adjacent ranks whose eight bits are ``v``."""


def signature_rank(c: int) -> int:
    """The rank of a card for signatures: the Phoenix gets its own rank 16."""
    return PHX_RANK if c == PHX else rank_of(c)


def signature(mask: int) -> tuple[int, ...]:
    """The sorted ranks of a set of cards: how a unit is matched to a legal play (by table,
    at C speed, for the 56 cards)."""
    if mask >> 56 or mask < 0:
        return tuple(sorted(signature_rank(c) for c in iter_cards(mask)))
    return tuple(sorted(map(_SIGNATURE_RANKS.__getitem__, card_indices(mask))))


_SIGNATURE_RANKS: Final = tuple(signature_rank(c) for c in range(56))


def _groups(counts: Sequence[int]) -> list[Unit]:
    """Units of the normal ranks 2..A: stairs from runs of pairs, full houses from a triple and
    a loose pair, then the remaining triples, pairs and singles."""
    units: list[Unit] = []
    pairs = [r for r in range(2, 15) if counts[r] == 2]
    triples = [r for r in range(2, 15) if counts[r] == 3]
    run: list[int] = []
    loose_pairs: list[int] = []
    for r in [*pairs, 99]:  # 99 closes the last run
        if run and r == run[-1] + 1:
            run.append(r)
            continue
        if len(run) >= 2:
            units.append(Unit("stairs", tuple(sorted(run * 2))))
        else:
            loose_pairs += run
        run = [r]
    for t in triples:
        if loose_pairs:
            p = loose_pairs.pop(0)
            units.append(Unit("full house", tuple(sorted([t] * 3 + [p] * 2))))
        else:
            units.append(_TRIPLES[t])
    units += [_PAIRS[p] for p in loose_pairs]
    units += [_SINGLES[r] for r in range(2, 15) if counts[r] == 1]
    return units


def _singles_and_specials(counts: Sequence[int]) -> list[Unit]:
    return [_SINGLES[r] for r in (0, 1, 15, PHX_RANK) if counts[r]]


_SINGLES: Final = {r: Unit("single", (r,)) for r in range(PHX_RANK + 1)}
_PAIRS: Final = {r: Unit("pair", (r, r)) for r in range(2, 15)}
_TRIPLES: Final = {r: Unit("triple", (r, r, r)) for r in range(2, 15)}
"""The units of one rank, made once (values: a plan shares them; a dataclass is slow to make)."""


@lru_cache(maxsize=65536)
def _plan_counts(counts: tuple[int, ...]) -> tuple[Unit, ...]:
    """Best split of rank counts: greedily take the straight that saves the most units."""
    straights, rest, _ = _straights(counts)
    return (*straights, *_units_of(rest))


@lru_cache(maxsize=65536)
def _plan_cost(counts: tuple[int, ...]) -> float:
    """``_units_cost(_plan_counts(counts))`` without building the units: the Phoenix search
    weighs up to 13 fillings of a hand and keeps one (memoised: one lookup, where the
    straights' and the rest's were two)."""
    masks = _rank_masks(counts)
    if masks is None:
        straights, rest, units = _straights(counts)
        return len(straights) + units - (0.5 if rest[0] else 0.0)
    specials = (counts[0] > 0) + (counts[15] > 0) + (counts[PHX_RANK] > 0)
    return _masks_cost(*masks, counts[1], specials, counts[0])


def _rank_masks(counts: Sequence[int]) -> tuple[int, int, int] | None:
    """The normal ranks held once, twice and three times (bit r: rank r); None if one is held
    four times or more (after the bombs are split off, never)."""
    ones, twos, threes, fours, more = _count_masks(counts)
    return None if fours | more else (ones, twos, threes)


def _count_masks(counts: Sequence[int]) -> tuple[int, int, int, int, int]:
    """The normal ranks held once, twice, three times, four times and more (bit r: rank r)."""
    ones = twos = threes = fours = more = 0
    for r in range(2, 15):
        c = counts[r]
        if c == 1:
            ones |= 1 << r
        elif c == 2:
            twos |= 1 << r
        elif c == 3:
            threes |= 1 << r
        elif c == 4:
            fours |= 1 << r
        elif c:
            more |= 1 << r
    return ones, twos, threes, fours, more


def _masks_cost(ones: int, twos: int, threes: int, mj: int, specials: int, dog: int) -> float:
    """``_plan_cost`` of a hand given by ``_rank_masks``, the Mah Jong count, the count of
    specials held other than it (Dog, Dragon, Phoenix) and the Dog count: ``_straights``' search
    on the masks alone, for the Phoenix search's fillings (no counts, units or memo)."""
    found = 0
    while True:
        base = _mask_units(ones, twos, threes) + specials + (mj > 0)
        present = ones | twos | threes | (2 if mj else 0)
        best = _best_window(ones, twos, threes, 0, present, base - specials, mj)
        if best is None:
            break
        lo, hi = best
        w = (1 << (hi + 1)) - (1 << lo)
        keep = ~w
        ones, twos, threes = ones & keep | twos & w, twos & keep | threes & w, threes & keep
        mj -= lo == 1
        found += 1
    return found + base - (0.5 if dog else 0.0)


@lru_cache(maxsize=65536)
def _straights(counts: tuple[int, ...]) -> tuple[tuple[Unit, ...], tuple[int, ...], int]:
    """The straights of ``_plan_counts`` (greedy: the one that saves the most units first),
    the counts they leave and ``_count_units`` of those.

    The normal ranks held once, twice, three and four times are kept as bit masks (bit r:
    rank r): a window lo..hi takes one card of each rank in it, so the units it leaves are a
    few integer operations, and only where five ranks in a row are held is a window tried."""
    work = list(counts)
    straights: list[Unit] = []
    ones, twos, threes, fours, more = _count_masks(work)  # more: never in a Tichu hand
    specials = (work[0] > 0) + (work[15] > 0) + (work[PHX_RANK] > 0)
    while True:
        base = _mask_units(ones, twos, threes) + specials + (work[1] > 0)
        present = ones | twos | threes | fours | more | (2 if work[1] else 0)
        best = _best_window(ones, twos, threes, fours, present, base - specials, work[1])
        if best is None:
            break
        lo, hi = best
        for r in range(lo, hi + 1):
            work[r] -= 1
        w = (1 << (hi + 1)) - (1 << lo)
        keep = ~w
        ones, twos, threes, fours = (
            ones & keep | twos & w,
            twos & keep | threes & w,
            threes & keep | fours & w,
            fours & keep | _held(work, more & w, 4),
        )
        more = _held(work, more, 5)
        straights.append(Unit("straight", tuple(range(lo, hi + 1))))
    return tuple(straights), tuple(work), base


def _best_window(
    ones: int, twos: int, threes: int, fours: int, present: int, base: int, mj: int
) -> tuple[int, int] | None:
    """The straight ``(lo, hi)`` that saves the most units (``base``: the units of the hand but
    its Dog, Dragon and Phoenix), or None if none saves any. The masks are the normal ranks
    held once to four times (bit r: rank r), ``present`` every rank held (bit 1: the Mah Jong),
    ``mj`` the Mah Jong count. Only where five ranks in a row are held is a window tried, and a
    window lo..hi takes one card of each rank in it, so the units it leaves are a few integer
    operations."""
    starts = present & present >> 1 & present >> 2 & present >> 3 & present >> 4
    best: tuple[float, int, int] | None = None
    for lo in range(1, 11):
        if not starts >> lo & 1:
            continue  # bit lo: a straight of five or more starts at rank lo
        hi = lo + 4
        while hi <= 14 and present >> hi & 1:
            w = (1 << (hi + 1)) - (1 << lo)
            keep = ~w
            left = _mask_units(
                ones & keep | twos & w, twos & keep | threes & w, threes & keep | fours & w
            )
            gain = base - left - (mj - (lo == 1) > 0) - 1
            key = (gain + 0.01 * (hi - lo), lo, hi)
            if gain >= 0 and (best is None or key[0] > best[0]):
                best = key
            hi += 1
    return None if best is None else (best[1], best[2])


def _held(work: Sequence[int], ranks: int, least: int) -> int:
    """Of the ranks in the mask ``ranks``, those held ``least`` times (4) or more (5)."""
    out = 0
    for r in range(2, 15):
        if ranks >> r & 1 and (work[r] == least if least == 4 else work[r] >= least):
            out |= 1 << r
    return out


def _mask_units(ones: int, twos: int, threes: int) -> int:
    """``_count_normal_units`` of the normal ranks held once, twice and three times (bit r:
    rank r): runs of pairs (two or more: stairs; one: a loose pair), triples, singles."""
    starts = twos & ~(twos << 1)
    loose = (starts & ~(twos >> 1)).bit_count()
    triples = threes.bit_count()
    return starts.bit_count() - loose + triples + max(0, loose - triples) + ones.bit_count()


def _count_units(counts: Sequence[int]) -> int:
    """``len(_units_of(counts))`` without building the units: the inner loop of the straight
    search, where building them made planning a hand cost milliseconds."""
    specials = (counts[0] > 0) + (counts[1] > 0) + (counts[15] > 0) + (counts[PHX_RANK] > 0)
    return _count_normal_units(tuple(counts[2:15])) + specials


@lru_cache(maxsize=65536)
def _count_normal_units(counts: tuple[int, ...]) -> int:
    """The units of ranks 2..A (``counts[0]`` is the 2s): the straight search meets the same
    rest of a hand again and again, across plays and across the hands left by each option."""
    runs = loose = triples = singles = 0
    run = 0
    for c in counts:
        if c == 2:
            run += 1
            continue
        if run >= 2:
            runs += 1
        elif run == 1:
            loose += 1
        run = 0
        if c == 3:
            triples += 1
        elif c == 1:
            singles += 1
    if run >= 2:
        runs += 1
    elif run == 1:
        loose += 1
    return runs + triples + max(0, loose - triples) + singles


def _units_of(counts: Sequence[int]) -> list[Unit]:
    normal = [0, 0, *counts[2:15]]
    units = _groups(normal)
    return [*units, *_singles_and_specials(counts)]


@lru_cache(maxsize=65536)
def plan(hand: int) -> Plan:
    """Split ``hand``: disjoint bombs first (longest first), then units of what is left."""
    bombs, rest = _split_bombs(hand)
    return Plan(bombs, _plan_with_phoenix(_rank_counts(rest)))


@lru_cache(maxsize=65536)
def bomb_cards_of(hand: int) -> int:
    """``plan(hand).bomb_cards`` without the plan's units: the cards ``_split_bombs`` took
    (a follow weighs each play's waste, and needs no plan of the hand but this)."""
    return hand & ~_split_bombs(hand)[1]


def _split_bombs(hand: int) -> tuple[tuple[Combo, ...], int]:
    """The disjoint bombs of ``plan`` (longest, then strongest first) and the cards left."""
    if not has_bomb(hand):
        return (), hand
    bombs: list[Combo] = []
    rest = hand
    for bomb in sorted(enumerate_bombs(hand, None), key=lambda b: (-b.length, -b.strength)):
        if bomb.cards & ~rest == 0:
            bombs.append(bomb)
            rest &= ~bomb.cards
    return tuple(bombs), rest


PHOENIX_SAVING: Final = 2.0
"""The Phoenix joins a combination only if that saves this many units: alone it is a single
that wins most tricks, so filling a pair that saves one unit is no gain."""


def _units_cost(units: Sequence[Unit]) -> float:
    return sum(0.5 if u.ranks == (0,) else 1.0 for u in units)


@lru_cache(maxsize=65536)
def _plan_with_phoenix(counts: tuple[int, ...]) -> tuple[Unit, ...]:
    """``_plan_counts``, trying the Phoenix as each rank 2..A (a gap in a straight, the third
    card of a triple, ...) when that saves ``PHOENIX_SAVING`` units."""
    best_rank = _phoenix_rank(counts)
    if best_rank == 0:
        return _plan_counts(counts)
    best = _plan_counts(_filled(counts, best_rank))
    holder = max(
        (i for i, u in enumerate(best) if best_rank in u.ranks), key=lambda i: len(best[i].ranks)
    )
    marked = Unit(best[holder].kind, best[holder].ranks, phoenix=True)
    return (*best[:holder], marked, *best[holder + 1 :])


@lru_cache(maxsize=65536)
def _phoenix_rank(counts: tuple[int, ...]) -> int:
    """The rank the Phoenix best stands in for in ``_plan_with_phoenix`` (0: it stays alone)."""
    if not counts[PHX_RANK]:
        return 0
    best_cost, best_rank = _plan_cost(counts) - PHOENIX_SAVING + 1e-9, 0
    masks = _rank_masks(counts)
    specials = (counts[0] > 0) + (counts[15] > 0)  # the Phoenix stands in: no longer a single
    for r in range(2, 15):
        c = counts[r]
        if c >= 3 or not (c or counts[r - 1] or (r < 14 and counts[r + 1])):
            continue  # a lone new rank saves nothing: no pair, no straight through it
        if masks is None:
            cost = _plan_cost(_filled(counts, r))
        else:  # the filled hand's masks: rank r moves up one count
            ones, twos, threes = masks
            bit = 1 << r
            if c == 0:
                ones |= bit
            elif c == 1:
                ones, twos = ones & ~bit, twos | bit
            else:
                twos, threes = twos & ~bit, threes | bit
            cost = _masks_cost(ones, twos, threes, counts[1], specials, counts[0])
        if cost < best_cost:
            best_cost, best_rank = cost, r
    return best_rank


def _filled(counts: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """``counts`` with the Phoenix standing in as one more card of ``rank``."""
    filled = list(counts)
    filled[PHX_RANK] = 0
    filled[rank] += 1
    return tuple(filled)


@lru_cache(maxsize=65536)
def play_signature(combo: Combo) -> tuple[tuple[int, ...], bool]:
    """A play's ranks with the Phoenix read as its declared rank, and whether it is in it."""
    if combo.cards & _PHX and combo.phoenix_as is not None and combo.length > 1:
        ranks = [signature_rank(c) for c in iter_cards(combo.cards & ~_PHX)]
        return tuple(sorted([*ranks, combo.phoenix_as])), True
    return signature(combo.cards), False


@lru_cache(maxsize=65536)
def hand_cost(hand: int) -> float:
    """Units left to shed (a bomb is free: it wins its own trick): ``plan(hand).cost()``,
    without building the plan's units (a follow weighs the hand left by every legal play)."""
    counts = _rank_counts(_split_bombs(hand)[1])
    rank = _phoenix_rank(counts)
    return _plan_cost(counts if rank == 0 else _filled(counts, rank))


def hand_features(hand: int) -> tuple[float, ...]:
    """The bidding features of ``hand`` (names in ``tichu_bidding.FEATURES``)."""
    p = plan(hand)
    counts = _rank_counts(hand)
    low = sum(1 for u in p.units if u.kind == "single" and 1 <= u.ranks[0] <= 10)
    weak_sets = sum(1 for u in p.units if u.kind in ("pair", "triple") and u.top <= 9)
    long_units = sum(1 for u in p.units if len(u.ranks) >= 5)
    controls = counts[15] + counts[PHX_RANK] + counts[14] + len(p.bombs)
    losers = sum(1 for u in p.units if _loser(u))
    return (
        1.0,
        counts[15],
        counts[PHX_RANK],
        counts[14],
        counts[13],
        len(p.bombs),
        p.cost(),
        low,
        counts[0],
        counts[1],
        weak_sets,
        long_units,
        controls * p.cost() / 8,
        max(0.0, controls - low),
        losers,
        max(0, losers - controls),
        sum(1 for u in p.units if u.kind != "single" and len(u.ranks) < 5 and u.top >= 11),
        sum(1 for u in p.units if u.kind == "single" and 11 <= u.ranks[0] <= 13),
        p.cost() ** 2 / 10,
        counts[15] * counts[PHX_RANK],
    )


def grand_features(hand: int) -> tuple[float, ...]:
    """The Grand Tichu features of the first 8 cards (names in ``tichu_bidding.GRAND_FEATURES``):
    eight cards say little about units, so mostly the trick winners and the lead."""
    p = plan(hand)
    counts = _rank_counts(hand)
    top = counts[15] + counts[PHX_RANK] + counts[14]
    return (
        1.0,
        counts[15],
        counts[PHX_RANK],
        counts[14],
        counts[13],
        counts[12],
        len(p.bombs),
        counts[1],
        counts[0],
        sum(counts[2:8]),
        p.cost(),
        max(0, top - 2),
        counts[15] * counts[PHX_RANK],
    )


def _loser(unit: Unit) -> bool:
    """A unit that will rarely win its trick: a low single, a low pair or triple."""
    if unit.ranks == (0,) or unit.is_control:
        return False
    if unit.kind == "single":
        return unit.top < 12
    return len(unit.ranks) < 5 and unit.top < 10


@lru_cache(maxsize=4096)
def tichu_probability(hand: int) -> float:
    """Estimated chance that this 14-card hand goes out first (``tichu_bidding``; memoised:
    a seat's three exchange choices and its first play each ask it of the same hand)."""
    return logistic(TICHU_COEF, hand_features(hand))


def grand_probability(hand: int) -> float:
    """Estimated chance that a Grand Tichu on these first 8 cards is made."""
    return logistic(GRAND_COEF, grand_features(hand))


# --- reading the observation --------------------------------------------------------------


def hand_mask(obs: Mapping[str, Any]) -> int:
    return cards_mask(obs.get("hand") or ())


def cards_mask(cards: Iterable[str]) -> int:
    return _cards_mask(tuple(cards))


@lru_cache(maxsize=65536)
def _cards_mask(cards: tuple[str, ...]) -> int:
    return mask_of(_card(c) for c in cards)


def trick_combo(entry: Mapping[str, Any]) -> Combo:
    """The combination of one ``trick`` entry of the observation, from its structured fields:
    exactly the engine's, with no guessing."""
    return combo_from_fields(cards_mask(entry["cards"]), entry)


def table_top(obs: Mapping[str, Any]) -> Combo | None:
    """The combination on top of the current trick (its last entry)."""
    trick = obs.get("trick") or ()
    return trick_combo(trick[-1]) if trick else None


def trick_points(obs: Mapping[str, Any]) -> int:
    return sum(_points(c) for e in obs.get("trick") or () for c in e["cards"])


_card = lru_cache(maxsize=64)(parse_card)
"""56 card texts: parse each once."""


@lru_cache(maxsize=64)
def _points(card: str) -> int:
    return card_points(parse_card(card))


@dataclass(frozen=True, slots=True)
class Option:
    """A legal action with what the bot needs to weigh it."""

    text: str
    action: TichuAction
    combo: Combo | None


_parse = lru_cache(maxsize=65536)(TichuAction.parse)
"""Action texts recur all round (and across rounds): parse each once."""
_CARD_BITS: Final = {format_card(c): 1 << c for c in range(56)}
_PHOENIX_AS: Final = {f"PHX(={rank_text(r)})": r for r in range(2, 15)}
_KINDS: Final = {k.name.lower(): k for k in Kind}


@lru_cache(maxsize=65536)
def _read(text: str) -> TichuAction:
    """``_parse(text)``, a play or bomb as the engine writes it read by table lookups: every
    hand has its own plays, so most texts miss ``_parse``'s memo, and the parser costs tens
    of microseconds a text. Anything else (or any doubt) goes to the parser. Memoised: a
    seat's legal plays recur at each of its turns in a round."""
    verb = text[:5]
    if verb == "play " or verb == "bomb ":
        mask, phoenix_as = 0, None
        for token in text[5:].split(" "):
            bit = _CARD_BITS.get(token)
            if bit is None:
                rank = _PHOENIX_AS.get(token)
                if rank is None or phoenix_as is not None:
                    return _parse(text)
                bit, phoenix_as = _PHX, rank
            if mask & bit:
                return _parse(text)
            mask |= bit
        if verb == "play ":
            return play_action(mask, phoenix_as)
        if phoenix_as is None:
            return bomb_action(mask)
    return _parse(text)


@lru_cache(maxsize=65536)
def option(text: str, top: Combo | None) -> Option:
    """One legal action text read against the top (memoised: the same texts recur all round)."""
    action = _read(text)
    combo = None
    if action.kind is ActionKind.PLAY:
        combo = combo_for(action.cards, action.phoenix_as, top)
    return Option(text, action, combo)


def options(
    legal: Sequence[str], top: Combo | None, info: Sequence[Mapping[str, Any] | None] = ()
) -> list[Option]:
    """The legal plays with their combinations, read from the observation's ``legal_info``
    when it has them (recomputed from the text otherwise)."""
    if len(info) != len(legal):
        return [option(text, top) for text in legal]
    out = []
    memo = _BY_INFO
    for text, about in zip(legal, info, strict=True):
        if about is None:
            out.append(option(text, top))
            continue
        known = memo.get(id(about))
        if known is not None and known[0] is about and known[1] == text:
            out.append(known[2])
            continue
        action = _read(text)
        combo = None
        if action.kind is ActionKind.PLAY:
            kind = _KINDS.get(about["kind"]) or Kind[str(about["kind"]).upper()]
            combo = Combo(kind, action.cards, about["strength"], about["length"], about["phoenix"])
        made = Option(text, action, combo)
        if len(memo) >= _BY_INFO_MAX:
            memo.clear()
        memo[id(about)] = (about, text, made)  # holding ``about``: its id stays its own
        out.append(made)
    return out


_BY_INFO: Final[dict[int, tuple[Mapping[str, Any], str, Option]]] = {}
"""id of a ``legal_info`` entry -> (it, its text, its option): the engine shares one entry per
combination across observations (read-only JSON), so a seat's plays are read once a round."""
_BY_INFO_MAX: Final = 1 << 15


# --- the bot -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """The facts of one decision, derived once from the view."""

    seat: int
    obs: Mapping[str, Any]
    hand: int
    top: Combo | None

    @property
    def partner(self) -> int:
        return (self.seat + 2) % SEATS

    @property
    def opponents(self) -> tuple[int, int]:
        return (self.seat + 1) % SEATS, (self.seat + 3) % SEATS

    @classmethod
    def of(cls, view: SeatView) -> Table:
        """A leader plays onto nothing, even while the finished trick still lies there."""
        top = None if view.obs.get("lead") else table_top(view.obs)
        return cls(view.seat, view.obs, hand_mask(view.obs), top)

    def size(self, seat: int) -> int:
        return int(self.obs["hand_sizes"][seat])

    def playing(self, seat: int) -> bool:
        return self.size(seat) > 0

    def called(self, seat: int) -> bool:
        return bool(self.obs.get("calls", [""] * SEATS)[seat])

    def call_open(self, seat: int) -> bool:
        """``seat`` called and can still make it: nobody is out yet (once someone is, the
        call is made or lost, and racing for it only wastes cards)."""
        return self.called(seat) and not self.obs.get("out")

    @property
    def top_seat(self) -> int | None:
        top = self.obs.get("top")
        return None if top is None else int(top["seat"])

    def opponent_threat(self) -> bool:
        """An opponent is close to going out, one who called Tichu is still in, or the round is
        down to a race between us and one opponent."""
        if sum(1 for s in range(SEATS) if self.playing(s)) <= 2:
            return True
        return any(
            self.playing(o) and (self.size(o) <= 3 or self.called(o)) for o in self.opponents
        )


@mypyc_attr(allow_interpreted_subclasses=True)  # the styles and partition subclass it
class TichuHeuristicBot:
    """Plays low first, saves control cards and bombs, calls on strong hands."""

    name = "heuristic"

    def __init__(
        self,
        tichu_threshold: float = TICHU_P,
        grand_threshold: float = HEURISTIC_GRAND_P,
        follow_slack: float = FOLLOW_SLACK,
        dog_to_opponent: bool = DOG_TO_OPPONENT,
        race_double: bool = RACE_DOUBLE,
        control_slack: float = CONTROL_SLACK,
        winners_first: bool = WINNERS_FIRST,
    ) -> None:
        self.winners_first = winners_first
        self.race_double = race_double
        self.control_slack = control_slack
        self.tichu_threshold = tichu_threshold
        self.grand_threshold = grand_threshold
        self.follow_slack = follow_slack
        self.dog_to_opponent = dog_to_opponent

    @classmethod
    def from_arg(cls, arg: str) -> TichuHeuristicBot:
        """Tuning from a level text: ``heuristic:tichu=0.5,grand=0.4,slack=0.5,dog=1,dv=1``
        (``dog=1``: the Dog may go to an opponent in the exchange; ``dv=1``: contest tricks
        for a double victory once the partner is out first; ``cslack=0.5``: the follow slack
        for control cards; ``sure=0``: lead the lowest unit even when the rest are sure
        winners)."""
        names = {
            "tichu": "tichu_threshold",
            "grand": "grand_threshold",
            "slack": "follow_slack",
            "dog": "dog_to_opponent",
            "dv": "race_double",
            "cslack": "control_slack",
            "sure": "winners_first",
        }
        values: dict[str, Any] = {}
        for part in filter(None, arg.split(",")):
            key, _, value = part.partition("=")
            if key.strip() not in names:
                raise ValueError(f"heuristic takes {', '.join(names)}, not {key!r}")
            flag = key.strip() in ("dog", "dv", "sure")
            values[names[key.strip()]] = value.strip() == "1" if flag else float(value)
        return cls(**values)

    def calls_tichu(self, table: Table) -> bool:
        """Call on a 14-card hand likely to go out first, as late as the rules allow: on the
        seat's first play (R5), when the exchange is received and the other calls are known.
        Never after the partner called; an opponent's call makes going out first harder."""
        if table.obs.get("phase") != "play" or table.size(table.seat) != 14:
            return False
        if table.called(table.partner):
            return False
        threshold = self.tichu_threshold
        if any(table.called(o) for o in table.opponents):
            threshold += OPPONENT_CALLED
        return tichu_probability(table.hand) >= threshold

    def act(self, view: SeatView, rng: random.Random) -> str:
        legal = view.legal
        table = Table.of(view)
        if "tichu" in legal and self.calls_tichu(table):
            return "tichu"
        if "grand" in legal:
            grand = grand_probability(table.hand) >= self.grand_threshold
            return "grand" if grand else "nogrand"
        if any(t.startswith("exchange ") for t in legal):
            return choose_exchange(view, legal, self.tichu_threshold, self.dog_to_opponent)
        if "wish 2" in legal:
            return choose_wish_action(table.hand, legal, view.history)
        if any(t.startswith("give-dragon ") for t in legal):
            return choose_dragon_gift(table, legal)
        info = view.obs.get("legal_info") or ()
        plays = [o for o in options(legal, table.top, info) if o.combo is not None]
        if not plays:
            return "pass" if "pass" in legal else legal[0]
        if view.obs.get("lead") or "pass" not in legal:
            return self.lead(table, plays, view.history)
        return self.follow(table, plays, view.history) or "pass"

    def lead(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str:
        """The play when the trick is ours to open (the styles of ``tichu.styles`` differ here)."""
        return choose_lead(table, plays, history, self.winners_first)

    def follow(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str | None:
        """A play onto someone else's trick, or None to pass (``history``: the seat's events,
        for a bot that counts the cards played)."""
        return choose_follow(table, plays, self.follow_slack, self.race_double, self.control_slack)

    def may_interrupt(self, legal: Sequence[str]) -> bool:
        """Out of turn this bot only bombs (its Tichu call waits for its own first play, or
        comes with a bomb): without a play among ``legal`` (off turn, plays are bombs) its
        ``interrupt`` answers ``None``."""
        return any(t.startswith("play ") for t in legal)

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        """Out of turn: bomb a trick that must not be lost (calling first if that is due)."""
        legal = view.legal
        table = Table.of(view)
        info = view.obs.get("legal_info") or ()
        bombs = [o for o in options(legal, table.top, info) if o.combo and o.combo.is_bomb()]
        if bombs and table.top_seat in table.opponents and self.bombs_now(table):
            if "tichu" in legal and self.calls_tichu(table):
                return "tichu"  # a first play out of turn: the last chance to call
            return min(bombs, key=lambda o: bomb_key(o, table.hand)).text
        return None

    def bombs_now(self, table: Table) -> bool:
        """Whether to bomb an opponent's play out of turn."""
        return must_bomb(table)


def bomb_key(option: Option, hand: int) -> tuple[float, int, int]:
    """Cheapest bomb first: the one whose loss hurts the rest of the hand least."""
    assert option.combo is not None
    return hand_cost(hand & ~option.combo.cards), option.combo.length, option.combo.strength


def must_bomb(table: Table) -> bool:
    """A bomb is worth spending: the player on top may go out, or the trick is big."""
    top_seat = table.top_seat
    if top_seat is None:
        return False
    about_out = table.size(top_seat) <= 2
    caller_on_top = table.called(top_seat) and table.size(top_seat) <= 7
    if double_victory_threat(table) and table.size(top_seat) <= 4:
        return True
    big = trick_points(table.obs) >= 25
    return about_out or caller_on_top or big


def unit_plays(table: Table, plays: Sequence[Option], unit: Unit) -> list[Option]:
    """Legal plays made of exactly this unit's ranks and no bomb card."""
    bomb_cards = bomb_cards_of(table.hand)
    sig = (unit.ranks, unit.phoenix)
    return [
        o
        for o in plays
        if o.combo is not None
        and not o.combo.is_bomb()
        and not o.combo.cards & bomb_cards
        and play_signature(o.combo) == sig
    ]


def choose_lead(
    table: Table,
    plays: Sequence[Option],
    history: Sequence[Mapping[str, Any]],
    winners_first: bool = WINNERS_FIRST,
) -> str:
    """Lead the lowest unit; the Dog to a partner who called or holds no more cards than we do;
    multi-card units if an opponent is on one card; with ``winners_first``, a sure winner
    first when all units but one are sure winners (``sure_winners``). Falls back to the
    cheapest legal play when a wish forbids the planned one."""
    hand_plan = plan(table.hand)
    for option in plays:  # go out in one play if possible
        assert option.combo is not None
        if option.combo.cards == table.hand:
            return option.text
    units = list(hand_plan.units)
    if winners_first and len(units) >= 2:
        winners = sure_winners(units, table.hand, history)
        if winners and len(winners) >= len(units) - 1:
            units = winners  # keep the lead to the last unit, then go out with it
    partner_in = table.playing(table.partner)
    dog_first = partner_in and (
        table.called(table.partner) or table.size(table.partner) <= table.size(table.seat)
    )  # "<=": +3.1 [+0.2, +6.0] pts/round over "<" (seed 203, 1,000 pairs, paired)
    one_card_opponent = any(table.playing(o) and table.size(o) == 1 for o in table.opponents)

    def key(unit: Unit) -> tuple[int, int, int, int]:
        is_dog = unit.ranks == (0,)
        dog_rank = 0 if dog_first else (2 if len(units) > 2 else 0)
        single_vs_one = 1 if (one_card_opponent and unit.kind == "single") else 0
        rank = -unit.top if single_vs_one else unit.top
        return (dog_rank if is_dog else 1, single_vs_one, int(unit.is_control), rank)

    for unit in sorted(units, key=key):
        candidates = unit_plays(table, plays, unit)
        if candidates:
            return candidates[0].text
    return cheapest(table, plays)


_ALL_CARDS: Final = (1 << 56) - 1


def sure_winners(
    units: Sequence[Unit], hand: int, history: Sequence[Mapping[str, Any]]
) -> list[Unit]:
    """The units no unseen card can beat except a bomb: the Dragon; a single, pair or triple
    above every rank the unseen cards (with the Phoenix) could match. Led first, they keep
    the lead until the last unit goes out with it."""
    unseen = unseen_ranks(hand, history)
    return [u for u in units if _sure(u, unseen)]


def unseen_ranks(hand: int, history: Sequence[Mapping[str, Any]]) -> tuple[int, ...]:
    """Cards per rank (Dog 0, Mah Jong 1, 2..A, Dragon 15, Phoenix 16) the seat has not seen:
    neither in ``hand`` nor played this round."""
    return _rank_counts(_ALL_CARDS & ~(played_this_round(history) | hand))


def _sure(unit: Unit, unseen: Sequence[int]) -> bool:
    if unit.kind not in ("single", "pair", "triple") or unit.phoenix:
        return False
    rank, need = unit.top, len(unit.ranks)
    if rank == 15:
        return True
    if need == 1 and (rank in (0, PHX_RANK) or unseen[15] or unseen[PHX_RANK]):
        return False  # the Dog never wins; a led Phoenix is worth 1.5
    wild = unseen[PHX_RANK] if need > 1 else 0
    return all(unseen[r] + wild < need for r in range(rank + 1, 15))


def cheapest(table: Table, plays: Sequence[Option]) -> str:
    """The legal play that leaves the best hand, low cards first, bombs last."""

    def key(option: Option) -> tuple[bool, float, int]:
        assert option.combo is not None
        after = hand_cost(table.hand & ~option.combo.cards)
        return (
            option.combo.is_bomb(),
            after + waste(option.combo, table.hand),
            option.combo.strength,
        )

    return min(plays, key=key).text


_CONTROL_CARDS: Final = mask_of(c for c in range(56) if signature_rank(c) in CONTROL_COST)


def waste(combo: Combo, hand: int) -> float:
    """The cost of spending control cards or bomb cards in ``combo``."""
    controls = combo.cards & _CONTROL_CARDS  # the other cards cost 0.0 each: they add nothing
    cost = sum(CONTROL_COST.get(signature_rank(c), 0.0) for c in iter_cards(controls))
    if not combo.is_bomb() and combo.cards & bomb_cards_of(hand):
        cost += BOMB_CARD_COST
    return cost


def choose_wish_action(
    hand: int, legal: Sequence[str], history: Sequence[Mapping[str, Any]]
) -> str:
    """The wish decision right after our Mah Jong (R8.1.1): ``choose_wish`` or none."""
    rank = choose_wish(hand, history)
    text = "nowish" if rank is None else f"wish {rank_text(rank)}"
    return text if text in legal else legal[0]


def round_plays(history: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The ``played`` events of the current round (the history may hold earlier rounds): read
    from the end back to the last ``round_scored``, as a match's history grows all match."""
    plays: list[Mapping[str, Any]] = []
    for event in reversed(history):
        kind = event.get("type")
        if kind == "round_scored":
            break
        if kind == "played":
            plays.append(event)
    plays.reverse()
    return plays


def played_this_round(history: Sequence[Mapping[str, Any]]) -> int:
    """Cards played since the current round's deal, from the seat's event history."""
    seen = 0
    for event in round_plays(history):
        seen |= cards_mask(event["cards"])
    return seen


def choose_wish(hand: int, history: Sequence[Mapping[str, Any]]) -> int | None:
    """Wish for the highest rank we hold none of that still has unseen cards (so an opponent
    probably must break something); None if every rank is in our hand or gone."""
    seen = played_this_round(history) | hand
    counts = _rank_counts(hand)
    unseen = _rank_counts(~seen & ((1 << 56) - 1))
    for rank in range(14, 1, -1):
        if counts[rank] == 0 and unseen[rank] >= 2:
            return rank
    return None


def double_victory_threat(table: Table) -> bool:
    """An opponent is out and nobody of our team is: the other opponent going out next would
    end the round 0:200 (or worse with calls), so every trick must be contested."""
    out = [int(s) for s in table.obs.get("out") or ()]
    ours = (table.seat, table.partner)
    return any(o in out for o in table.opponents) and not any(s in out for s in ours)


def double_victory_chance(table: Table) -> bool:
    """Our partner went out first and both opponents are still in: we going out next makes a
    double victory (200 points), so our tricks are worth contesting."""
    out = [int(s) for s in table.obs.get("out") or ()]
    return out == [table.partner]


def choose_follow(
    table: Table,
    plays: Sequence[Option],
    slack: float = FOLLOW_SLACK,
    race: bool = RACE_DOUBLE,
    control_slack: float = CONTROL_SLACK,
) -> str | None:
    """A play on someone else's trick, or None to pass."""
    going_out = [o for o in plays if o.combo is not None and o.combo.cards == table.hand]
    if going_out:
        return going_out[0].text
    top_seat = table.top_seat
    if top_seat == table.partner or top_seat == table.seat:
        return None  # never beat a partner's (or our own) winning play
    normal = [o for o in plays if o.combo is not None and not o.combo.is_bomb()]
    bombs = [o for o in plays if o.combo is not None and o.combo.is_bomb()]
    before = hand_cost(table.hand)
    fight = double_victory_threat(table)
    points = trick_points(table.obs)
    racing = table.call_open(table.seat) or table.call_open(table.partner)  # make our call
    urgent = fight or table.opponent_threat() or points >= 15 or before <= 2 or racing
    urgent = urgent or (race and double_victory_chance(table))
    about_out = any(table.playing(o) and table.size(o) <= 2 for o in table.opponents)
    best: tuple[float, int, Option] | None = None
    chosen: tuple[float, int, Option] | None = None
    bonus = URGENT_SLACK if urgent else 0.0
    for option in normal:
        assert option.combo is not None
        damage = hand_cost(table.hand & ~option.combo.cards) - before
        spend = waste(option.combo, table.hand)
        if urgent:
            # The Phoenix is kept for tricks worth it: points, an opponent about to go out,
            # or a fight against a double victory.
            phoenix = option.combo.cards & _PHX and not (fight or about_out or points >= 15)
            spend *= 1.0 if phoenix else 0.3
        key = (damage + spend, option.combo.strength, option)
        if best is None or key[:2] < best[:2]:
            best = key
        limit = (slack if spend == 0 else min(slack, control_slack)) + bonus
        if key[0] <= limit and (chosen is None or key[:2] < chosen[:2]):
            chosen = key
    if fight and best is not None:
        return best[2].text
    if chosen is not None:
        return chosen[2].text
    if bombs and (must_bomb(table) or fight):
        return min(bombs, key=lambda o: bomb_key(o, table.hand)).text
    return None


def choose_exchange(
    view: SeatView, legal: Sequence[str], threshold: float, dog_to_opponent: bool = True
) -> str:
    """One of the three exchange choices (R4.1), planned on the hand before any choice so the
    three answers agree: ``plan_exchange``, for the first seat not served yet."""
    table = Table.of(view)
    own = (view.obs.get("exchange") or {}).get("given") or {}
    hand = table.hand | cards_mask(own.values())
    calls = table.obs.get("calls") or [""] * SEATS
    strong = table.called(table.seat) or tichu_probability(hand) >= threshold
    left, partner, right = plan_exchange(hand, bool(calls[table.partner]), strong, dog_to_opponent)
    for k, card in enumerate((left, partner, right), start=1):
        target = (table.seat + k) % SEATS
        if str(target) not in own:
            text = f"exchange {format_card(card)} to {target}"
            return text if text in legal else next(t for t in legal if t.startswith("exchange"))
    return legal[0]


@lru_cache(maxsize=4096)
def plan_exchange(
    hand: int, partner_called: bool, strong: bool, dog_to_opponent: bool = True
) -> tuple[int, int, int]:
    """Cards for the left opponent, the partner and the right opponent: two useless cards to
    the opponents, a helpful one to the partner.

    Opponents never get the Dragon, Phoenix, Mah Jong (whoever holds it leads first and names
    the wish), an Ace or a bomb card; the Dog goes to an opponent when we cannot use it. The
    partner gets our best card below an Ace (a King or Queen helps without costing us a
    control card), our best card outright when they called (Grand Tichu, or Tichu before the
    exchange: the rules' own hint to pass the caller one's best card), or a harmless low card
    when we intend to call ourselves.
    """
    hand_plan = plan(hand)
    keep = hand_plan.bomb_cards | _DRG | _PHX | _MJ | (0 if dog_to_opponent else _DOG)

    def usefulness(c: int) -> tuple[float, int]:
        """Low = give away: cards whose loss breaks least, low ranks first, the Dog first."""
        after = hand_cost(hand & ~(1 << c))
        return (after - hand_plan.cost()) * 2 + signature_rank(c) / 4 + (c != DOG), c

    giveable = [c for c in iter_cards(hand) if not keep >> c & 1 and rank_of(c) != 14]
    if len(giveable) < 3:
        giveable = [c for c in iter_cards(hand) if not keep >> c & 1]
    if len(giveable) < 3:
        kept = (DRG, PHX, MJ) if dog_to_opponent else (DRG, PHX, MJ, DOG)
        giveable = [c for c in iter_cards(hand) if c not in kept]
    left, right = sorted(giveable, key=usefulness)[:2]
    rest = [c for c in iter_cards(hand) if c not in (left, right)]
    pool = [c for c in rest if not hand_plan.bomb_cards >> c & 1] or rest
    if partner_called and not strong:
        partner = max(pool, key=lambda c: (signature_rank(c) if c != PHX else 14.5, c))
    elif strong:
        partner = min([c for c in pool if c not in (DRG, PHX, MJ)] or pool, key=usefulness)
    else:
        modest = [c for c in pool if c not in (DRG, PHX, DOG, MJ) and rank_of(c) < 14]
        partner = max(modest or pool, key=lambda c: (rank_of(c), c))
    return left, partner, right


def choose_dragon_gift(table: Table, legal: Sequence[str]) -> str:
    """Give the Dragon trick to the opponent with more cards (less likely to go out first)."""
    targets = [int(t.split()[1]) for t in legal if t.startswith("give-dragon ")]
    return f"give-dragon {max(targets, key=lambda s: (table.size(s), -s))}"
