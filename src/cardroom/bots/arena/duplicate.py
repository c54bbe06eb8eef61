"""Duplicate Tichu deals: each seeded deal is played twice with the teams swapped.

Table 1 seats side A at 0/2 and side B at 1/3; table 2 swaps them over the same cards (the deal
RNG is the deal's seed alone, apart from the bots' RNGs). A pair's value is side A's mean point
difference per round over both tables, which cancels much of the card luck. Every figure but
the decision times is a function of ``(levels, seed, pairs, match settings)``.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.bots.arena.match import play_match
from cardroom.bots.protocol import Bot, Interrupter, SeatView, may_interrupt
from cardroom.bots.registry import make_bot
from cardroom.engine import get_game

SIDES = ("A", "B")


@dataclass(slots=True)
class SideStats:
    """What one side (a bot level on one team) did over some tables."""

    rounds: int = 0
    points: int = 0
    tichu: int = 0
    tichu_made: int = 0
    grand: int = 0
    grand_made: int = 0
    double_victories: int = 0
    bombs: int = 0
    act_ms: list[float] = field(default_factory=list)
    interrupt_ms: list[float] = field(default_factory=list)

    def add(self, other: SideStats) -> None:
        for name in ("rounds", "points", "tichu", "tichu_made", "grand", "grand_made"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.double_victories += other.double_victories
        self.bombs += other.bombs
        self.act_ms += other.act_ms
        self.interrupt_ms += other.interrupt_ms


class _Timed:
    """A bot whose ``act`` calls are timed into ``sink`` (milliseconds)."""

    def __init__(self, bot: Bot, stats: SideStats) -> None:
        self.bot = bot
        self.name = bot.name
        self.stats = stats

    def act(self, view: SeatView, rng: random.Random) -> str:
        start = time.perf_counter()
        action = self.bot.act(view, rng)
        self.stats.act_ms.append(1000 * (time.perf_counter() - start))
        return action


class _TimedInterrupter(_Timed):
    def may_interrupt(self, legal: Sequence[str]) -> bool:
        return may_interrupt(self.bot, legal)

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        assert isinstance(self.bot, Interrupter)
        start = time.perf_counter()
        action = self.bot.interrupt(view, rng)
        self.stats.interrupt_ms.append(1000 * (time.perf_counter() - start))
        return action


def timed(bot: Bot, stats: SideStats) -> Bot:
    """``bot`` with its decisions timed; an interrupter stays one (the drivers check that)."""
    return _TimedInterrupter(bot, stats) if isinstance(bot, Interrupter) else _Timed(bot, stats)


@dataclass(frozen=True, slots=True)
class PairSpec:
    """One duplicate deal to play: everything a worker process needs."""

    index: int
    seed: str
    levels: tuple[str, str]
    config: dict[str, Any]


@dataclass(slots=True)
class PairResult:
    """Both tables of a deal: side A's point difference per round, and each side's stats."""

    index: int
    value: float
    rounds: int
    sides: dict[str, SideStats]


def deal_seed(seed: int | str, index: int) -> str:
    """The seed of deal ``index`` of a deal set (the same for both tables of the pair)."""
    return f"{seed}/deal{index}"


def _on_events(stats_of_seat: Sequence[SideStats]) -> Callable[[Sequence[Any]], None]:
    """An event sink that counts calls, makes, double victories and bombs per seat's side."""

    def sink(events: Sequence[Any]) -> None:
        for event in events:
            data = event.to_json()
            kind = data.get("type")
            if kind == "played" and str(data.get("combo", "")).startswith("bomb"):
                stats_of_seat[data["seat"]].bombs += 1
            elif kind == "round_scored":
                out, calls = data["out"], data["calls"]
                first = out[0] if out else None
                for seat, call in enumerate(calls):
                    side = stats_of_seat[seat]
                    if call == "tichu":
                        side.tichu += 1
                        side.tichu_made += first == seat
                    elif call == "grand":
                        side.grand += 1
                        side.grand_made += first == seat
                for team in (0, 1):
                    side = stats_of_seat[team]
                    side.rounds += 1
                    side.points += data["points"][team]
                    if data["double_victory"] and first is not None and first % 2 == team:
                        side.double_victories += 1

    return sink


def play_table(spec: PairSpec, swapped: bool) -> tuple[float, int, dict[str, SideStats]]:
    """One table: side A's total point difference, the rounds played, and the sides' stats."""
    game = get_game("tichu")
    config = game.config_from_json(spec.config)
    sides = {name: SideStats() for name in SIDES}
    side_of_seat = [SIDES[(seat + swapped) % 2] for seat in range(4)]
    level = dict(zip(SIDES, spec.levels, strict=True))
    bots = [
        timed(make_bot("tichu", level[side_of_seat[s]]), sides[side_of_seat[s]]) for s in range(4)
    ]
    stats_of_seat = [sides[side_of_seat[s]] for s in range(4)]
    play_match(game, config, bots, spec.seed, on_events=_on_events(stats_of_seat))
    a, b = sides["A"], sides["B"]
    return float(a.points - b.points), a.rounds, sides


def play_pair(spec: PairSpec) -> PairResult:
    """Both tables of one deal (a worker's unit of work)."""
    diff1, rounds1, sides1 = play_table(spec, swapped=False)
    diff2, rounds2, sides2 = play_table(spec, swapped=True)
    for name in SIDES:
        sides1[name].add(sides2[name])
    rounds = rounds1 + rounds2
    return PairResult(spec.index, (diff1 + diff2) / max(rounds, 1), rounds, sides1)


def tichu_config(whole_match: bool, target: int | None) -> dict[str, Any]:
    """Single rounds (each deal starts at 0:0) or whole matches to ``target``."""
    game = get_game("tichu")
    data = dict(game.config_to_json(game.default_config()))
    if not whole_match:
        data["max_rounds"] = 1
    if target is not None:
        data["target_score"] = target
    return data


def pair_specs(
    levels: tuple[str, str], pairs: int, seed: int | str, config: dict[str, Any], start: int = 0
) -> list[PairSpec]:
    return [PairSpec(i, deal_seed(seed, i), levels, config) for i in range(start, start + pairs)]


def run_pairs(specs: Sequence[PairSpec], workers: int) -> Iterator[PairResult]:
    """Results as they finish: in this process for one worker, else one process per worker."""
    if workers <= 1:
        yield from map(play_pair, specs)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(play_pair, specs, chunksize=1)
