"""The Toepen arena: loser share per bot level over seat-rotated duplicate deals.

Each deal seed is played once per seat rotation of the line-up (the same cards, every level in
every seat), so card luck cancels within a deal. The headline figure is a level's *loser share*:
the fraction of its seats that ended a game at 0 lives (R7.1), with a 95 % confidence interval
over deals (a deal's rotations are one sample, so their correlation is respected). Decision
times (p50/p99 per level) are measured around every ``act`` call (a move the seat owes).

    python -m cardroom.bots.arena.toepen --levels search,tight --seats 4 --games 600 --seed 1

``--levels A,B`` seats one A against B everywhere else; a list of ``--seats`` levels is taken
as the line-up itself.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardroom.bots.arena.match import play_match
from cardroom.bots.protocol import Bot, Interrupter, SeatView
from cardroom.bots.registry import make_bot
from cardroom.bots.stats import percentile
from cardroom.engine import get_game
from cardroom.engine.config import parse_option_pairs
from cardroom.engine.errors import EngineError

Z95 = 1.96


class _Timed:
    """A bot that records how long each of its decisions took."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def act(self, view: SeatView, rng: random.Random) -> str:
        start = time.perf_counter()
        try:
            return self.bot.act(view, rng)
        finally:
            self.times.append(time.perf_counter() - start)


class _TimedInterrupter(_Timed):
    """Interrupt checks are asked on every move and mostly decline at once; they are not timed,
    so that the figures are those of the decisions a seat owes."""

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        assert isinstance(self.bot, Interrupter)
        return self.bot.interrupt(view, rng)


def timed(bot: Bot, times: list[float]) -> Bot:
    return _TimedInterrupter(bot, times) if isinstance(bot, Interrupter) else _Timed(bot, times)


def lineup(levels: Sequence[str], seats: int) -> list[str]:
    """``A,B`` → one A and ``seats - 1`` B; a full list is taken as it is.

    >>> lineup(["search", "tight"], 4), lineup(["a", "b", "c"], 3)
    (['search', 'tight', 'tight', 'tight'], ['a', 'b', 'c'])
    """
    if len(levels) == seats:
        return list(levels)
    if len(levels) == 2:
        return [levels[0]] + [levels[1]] * (seats - 1)
    raise ValueError(f"--levels needs 2 levels or one per seat ({seats}), got {len(levels)}")


@dataclass
class DealResult:
    """One deal over every rotation: per level, seats played and seats that lost; timings."""

    seats: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)


def play_deal(task: tuple[dict[str, Any], list[str], str]) -> DealResult:
    """Play one deal seed once per rotation of ``levels`` around the table."""
    options, levels, seed = task
    game = get_game("toepen")
    config = game.config_from_json(options)
    n = game.num_seats(config)
    result = DealResult()
    for shift in range(n):
        names = [levels[(s - shift) % n] for s in range(n)]
        bots = [timed(make_bot("toepen", lv), result.times.setdefault(lv, [])) for lv in names]
        outcome = play_match(game, config, bots, seed).outcome
        for seat, level in enumerate(names):
            result.seats[level] = result.seats.get(level, 0) + 1
            lost = outcome.scores[seat] <= 0
            result.lost[level] = result.lost.get(level, 0) + int(lost)
    return result


def summarize(results: Sequence[DealResult], level: str) -> tuple[float, float]:
    """Mean loser share of ``level``'s seats over deals and the 95 % CI half-width."""
    shares = [r.lost[level] / r.seats[level] for r in results if r.seats.get(level)]
    mean = statistics.fmean(shares)
    half = Z95 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else 0.0
    return mean, half


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cardroom arena --game toepen",
        description="Toepen loser share per bot level over seat-rotated deals.",
        epilog="example: --levels search,tight --seats 4 --games 600 --seed 1 --workers 2",
    )
    p.add_argument("--levels", default="search,tight", help="A,B (one A) or one level per seat")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--games", type=int, default=600, help="games in all (rounded up to rotations)")
    p.add_argument("--seed", default="1")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    return p


def run_cli(args: Sequence[str]) -> int:
    """Run the arena from command-line ``args``; prints one line per level."""
    ns = parser().parse_args(list(args))
    try:  # bad options or levels fail with one clear line, before any game
        options = parse_option_pairs(ns.option) | {"seats": ns.seats}
        get_game("toepen").config_from_json(options)
        levels = lineup(ns.levels.split(","), ns.seats)
        for level in set(levels):
            make_bot("toepen", level)
    except (ValueError, EngineError) as exc:
        print(f"toepen arena: {exc}", file=sys.stderr)
        return 2
    deals = max(1, math.ceil(ns.games / ns.seats))
    tasks = [(options, levels, f"{ns.seed}/{i}") for i in range(deals)]
    start = time.perf_counter()
    if ns.workers > 1:
        with ProcessPoolExecutor(ns.workers) as pool:
            results = list(pool.map(play_deal, tasks, chunksize=4))
    else:
        results = [play_deal(t) for t in tasks]
    elapsed = time.perf_counter() - start
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"toepen arena: {deals * ns.seats} games ({deals} deals x {ns.seats} rotations), "
        f"seats {ns.seats}, options {options}, seed {ns.seed}, {elapsed:.0f} s, load {load}"
    )
    print(f"fair loser share per seat ~ {1 / ns.seats:.1%}")
    for level in dict.fromkeys(levels):
        mean, half = summarize(results, level)
        times = [t for r in results for t in r.times.get(level, [])]
        print(
            f"  {level:<14} loser share {mean:6.1%} ± {half:5.1%} (95 % CI)   decisions "
            f"{len(times)}, p50 {percentile(times, 50) * 1e3:.2f} ms, "
            f"p99 {percentile(times, 99) * 1e3:.2f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(run_cli(sys.argv[1:]))
