"""A pool member that plays by partitions and the chance each combination is beaten.

A different style from the heuristic's family: it splits its hand into the partition that needs
the fewest tricks to play out (``heuristic.plan``: bombs apart, then straights, stairs, full
houses, pairs, triples, singles), and for each combination of it estimates, from the cards it
has not seen and the opponents' card counts, the chance that an opponent can beat it
(``beat_chance``). It leads the combination most likely to be beaten while it cannot keep the
lead anyway, and its sure winners first once they can carry the rest out; it follows with whole
combinations of its partition, spends a control card or a bomb only when the trick matters,
passes its partner's tricks, and never calls Tichu or Grand Tichu. It tests whether a bot beats
a careful player that never bids.

>>> from cardroom.games.tichu.cards import parse_cards
>>> hand = parse_cards("2G 3K 4B 5R 6G 9K 9B DRG")
>>> partition(hand)
('straight 2-6', 'pair 9', 'DRG')
>>> round(beat_chance(plan(hand).units[-1], unseen_ranks(hand, ()), (14, 14)), 3)  # a bomb
0.07
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from math import comb
from typing import Any, Final

from cardroom.bots.tichu.heuristic import (
    PHX_RANK,
    Option,
    Table,
    TichuHeuristicBot,
    Unit,
    bomb_key,
    cheapest,
    double_victory_chance,
    double_victory_threat,
    hand_cost,
    plan,
    trick_points,
    unit_plays,
    unseen_ranks,
    waste,
)

NEVER_STRONG: Final = 2.0
"""A model chance no hand reaches: the exchange plans for a partner, never for our own call."""
SAFE: Final = 0.15
"""A combination beaten with at most this chance keeps the lead (it counts as a winner)."""
HOT_POINTS: Final = 15
"""A trick worth this many points is worth a control card."""
BOMB_POINTS: Final = 25
"""A trick worth this many points is worth a bomb."""


def partition(hand: int) -> tuple[str, ...]:
    """The combinations the hand is played out in (bombs first), as short texts."""
    hand_plan = plan(hand)
    return (*(b.describe() for b in hand_plan.bombs), *(str(u) for u in hand_plan.units))


@lru_cache(maxsize=65536)
def at_least(total: int, good: int, drawn: int, need: int) -> float:
    """Chance that ``drawn`` cards dealt from ``total`` hold ``need`` or more of ``good``."""
    if need <= 0:
        return 1.0
    if drawn > total or need > good or need > drawn:
        return 0.0
    whole = comb(total, drawn)
    miss = sum(comb(good, k) * comb(total - good, drawn - k) for k in range(need))
    return 1.0 - miss / whole


def _window(
    unseen: Sequence[int], ranks: range, need: int, total: int, drawn: int
) -> tuple[float, float]:
    """Chance that one hand of ``drawn`` cards holds ``need`` cards of every rank in
    ``ranks`` (ranks treated as independent): without the Phoenix, and with it filling the
    rank it helps most."""
    chances = [at_least(total, unseen[r], drawn, need) for r in ranks]
    plain = 1.0
    for c in chances:
        plain *= c
    best = plain
    for i, r in enumerate(ranks):
        filled = at_least(total, unseen[r], drawn, need - 1)
        for j, c in enumerate(chances):
            if j != i:
                filled *= c
        best = max(best, filled)
    return plain, best


def _higher(unit: Unit, unseen: Sequence[int], total: int, drawn: int) -> float:
    """Chance that one hand of ``drawn`` unseen cards holds a combination of the unit's kind
    that beats it (bombs aside; the Phoenix, if unseen, is in that hand with chance
    ``drawn / total``)."""
    if drawn < len(unit.ranks):
        return 0.0
    if unit.kind == "single":
        rank = unit.ranks[0]
        if rank == 15:
            return 0.0
        if rank == 0:
            return 1.0
        above = unseen[15] + (unseen[PHX_RANK] if rank < PHX_RANK else 0)
        above += sum(unseen[r] for r in range(max(rank + 1, 2), 15))
        return at_least(total, above, drawn, 1)
    if unit.kind in ("pair", "triple", "full house"):
        need = 3 if unit.kind != "pair" else 2
        windows = [range(r, r + 1) for r in range(unit.top + 1, 15)]
    else:
        need = 2 if unit.kind == "stairs" else 1
        width = len(unit.ranks) // need
        low = unit.ranks[0]
        windows = [range(lo, lo + width) for lo in range(low + 1, 15 - width + 1)]
    missed = missed_with_phoenix = 1.0
    for window in windows:
        plain, filled = _window(unseen, window, need, total, drawn)
        missed *= 1.0 - plain
        missed_with_phoenix *= 1.0 - filled
    phoenix = drawn / total if unseen[PHX_RANK] else 0.0
    return 1.0 - (1.0 - phoenix) * missed - phoenix * missed_with_phoenix


def bomb_chance(unseen: Sequence[int], total: int, drawn: int) -> float:
    """Chance that one hand holds four of a kind (straight flushes aside: rarer still)."""
    missed = 1.0
    for r in range(2, 15):
        if unseen[r] == 4:
            missed *= 1.0 - at_least(total, 4, drawn, 4)
    return 1.0 - missed


def beat_chance(unit: Unit, unseen: Sequence[int], sizes: Sequence[int]) -> float:
    """Chance that an opponent (hands of ``sizes`` cards, dealt from the unseen cards) can
    beat ``unit``, by a higher combination of its kind or by a bomb."""
    total = sum(unseen)
    missed = 1.0
    for drawn in sizes:
        if drawn <= 0 or total <= 0:
            continue
        drawn = min(drawn, total)
        missed *= 1.0 - _higher(unit, unseen, total, drawn)
        missed *= 1.0 - bomb_chance(unseen, total, drawn)
    return 1.0 - missed


class TichuPartitionBot(TichuHeuristicBot):
    """Plays its hand's partition by the chance each combination is beaten; never bids, and
    bombs only in its turn. The heuristic's ``act`` dispatches (the exchange plans for a
    partner and keeps the Dog; the wish and the Dragon gift are the heuristic's)."""

    name = "partition"

    def __init__(self) -> None:
        super().__init__(NEVER_STRONG, NEVER_STRONG, dog_to_opponent=False)

    def calls_tichu(self, table: Table) -> bool:
        return False

    def lead(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str:
        return lead(table, plays, history)

    def follow(
        self, table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
    ) -> str | None:
        return follow(table, plays, history)

    def may_interrupt(self, legal: Sequence[str]) -> bool:
        return False

    def bombs_now(self, table: Table) -> bool:
        return False


def _out_now(table: Table, plays: Sequence[Option]) -> str | None:
    """The play that empties the hand, if there is one."""
    return next(
        (o.text for o in plays if o.combo is not None and o.combo.cards == table.hand), None
    )


def _sizes(table: Table) -> tuple[int, int]:
    first, second = table.opponents
    return table.size(first), table.size(second)


def _chances(table: Table, history: Sequence[Mapping[str, Any]]) -> list[tuple[float, Unit]]:
    unseen = unseen_ranks(table.hand, history)
    sizes = _sizes(table)
    return [(beat_chance(u, unseen, sizes), u) for u in plan(table.hand).units]


def lead(table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]) -> str:
    """Sure winners first when they can carry the rest out; else the Dog to a partner while
    our hand is weak; else the combination most likely to be beaten (more cards first, then
    the lowest), a single last when an opponent holds one card."""
    out = _out_now(table, plays)
    if out is not None:
        return out
    chances = _chances(table, history)
    losers = [(p, u) for p, u in chances if p > SAFE and u.ranks != (0,)]
    dog = next((u for _, u in chances if u.ranks == (0,)), None)
    order: list[Unit]
    if len(losers) <= 1:
        winners = sorted((pu for pu in chances if pu[0] <= SAFE), key=lambda pu: -len(pu[1].ranks))
        order = [u for _, u in winners] + [u for _, u in losers]
        if dog is not None:
            order.insert(len(order) - len(losers), dog)
    else:
        one_card = 1 in [s for s in _sizes(table) if s > 0]
        order = [
            u
            for _, u in sorted(
                losers,
                key=lambda pu: (
                    one_card and pu[1].kind == "single",
                    -round(pu[0], 1),
                    -len(pu[1].ranks),
                    pu[1].top,
                ),
            )
        ]
        weak = len(losers) >= 3
        if dog is not None and table.playing(table.partner) and weak:
            order.insert(0, dog)
        order += [u for p, u in chances if p <= SAFE]
        if dog is not None and dog not in order:
            order.append(dog)
    for unit in order:
        candidates = unit_plays(table, plays, unit)
        if candidates:
            return candidates[0].text
    return cheapest(table, plays)


def follow(
    table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]
) -> str | None:
    """Pass a partner's trick; beat an opponent's with a whole combination of the partition
    (the lowest), a control card only when the trick matters or it takes the lead for good,
    a bomb only against an opponent about to go out or on a big trick. A double victory in
    reach (our partner out first) makes every trick matter; one against us (an opponent out
    first, none of us) is fought with any play, then a bomb."""
    out = _out_now(table, plays)
    top_seat = table.top_seat
    if out is not None or top_seat is None or top_seat in (table.seat, table.partner):
        return out
    about_out = table.size(top_seat) <= 2
    points = trick_points(table.obs)
    fight = double_victory_threat(table)
    matters = (
        about_out
        or fight
        or double_victory_chance(table)
        or points >= HOT_POINTS
        or any(table.playing(o) and table.size(o) <= 3 for o in table.opponents)
    )
    before = hand_cost(table.hand)
    chances = _chances(table, history)
    losers = sum(1 for p, u in chances if p > SAFE and u.ranks != (0,))
    best: tuple[float, int, Option] | None = None
    for o in plays:
        assert o.combo is not None
        if o.combo.is_bomb():
            continue
        damage = hand_cost(table.hand & ~o.combo.cards) - before
        spend = waste(o.combo, table.hand)
        if damage > (1.0 if matters else 0.0) and not fight:
            continue
        if spend and not (matters or losers <= 1):
            continue
        key = (damage + spend, o.combo.strength, o)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is not None:
        return best[2].text
    bombs = [o for o in plays if o.combo is not None and o.combo.is_bomb()]
    if bombs and (about_out or fight or points >= BOMB_POINTS or losers == 0):
        return min(bombs, key=lambda o: bomb_key(o, table.hand)).text
    return None
