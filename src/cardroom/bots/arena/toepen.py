"""The Toepen arena: loser share per bot level over seat-rotated duplicate deals.

Each deal seed is played once per seat rotation of the line-up (the same cards, every level in
every seat), so card luck cancels within a deal. The headline figure is a level's *loser share*:
the fraction of its seats that ended a game at 0 lives (R7.1), with a 95 % confidence interval
over deals (a deal's rotations are one sample, so their correlation is respected). Decision
times (p50/p99 per level) are measured around every ``act`` call (a move the seat owes).

    python -m cardroom.bots.arena.toepen --levels search,tight --seats 4 --games 600 --seed 1

``--levels A,B`` seats one A against B everywhere else; a list of ``--seats`` levels is taken
as the line-up itself. ``--pool`` plays each level of ``--a`` (one A, B everywhere else) against
every member of the opponent pool (``registry.POOL["toepen"]``, or the levels named after
``--pool``), one row per pairing with A's loser share minus B's, paired per deal:

    python -m cardroom.bots.arena.toepen --pool --a "heuristic search" --seats 4 --games 400
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardroom.bots.arena.match import play_match
from cardroom.bots.protocol import Bot, Interrupter, SeatView
from cardroom.bots.registry import POOL, make_bot
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


Task = tuple[dict[str, Any], list[str], str, list[str]]
"""Options, the line-up's levels, the deal seed, and the line-up's labels (what the figures
are kept under: the level itself, or "A"/"B" in a pool pairing, where both may be one level)."""


def play_deal(task: Task) -> DealResult:
    """Play one deal seed once per rotation of ``levels`` around the table."""
    options, levels, seed, labels = task
    game = get_game("toepen")
    config = game.config_from_json(options)
    n = game.num_seats(config)
    result = DealResult()
    for shift in range(n):
        seated = [(s - shift) % n for s in range(n)]
        bots = [
            timed(make_bot("toepen", levels[i]), result.times.setdefault(labels[i], []))
            for i in seated
        ]
        outcome = play_match(game, config, bots, seed).outcome
        for seat, i in enumerate(seated):
            label = labels[i]
            result.seats[label] = result.seats.get(label, 0) + 1
            lost = outcome.scores[seat] <= 0
            result.lost[label] = result.lost.get(label, 0) + int(lost)
    return result


def summarize(results: Sequence[DealResult], level: str) -> tuple[float, float]:
    """Mean loser share of ``level``'s seats over deals and the 95 % CI half-width."""
    shares = [r.lost[level] / r.seats[level] for r in results if r.seats.get(level)]
    mean = statistics.fmean(shares)
    half = Z95 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else 0.0
    return mean, half


def summarize_pairing(results: Sequence[DealResult]) -> tuple[float, float]:
    """A's loser share minus B's, per deal (so card luck cancels), and the 95 % CI half-width."""
    diffs = [r.lost["A"] / r.seats["A"] - r.lost["B"] / r.seats["B"] for r in results]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return mean, half


def play_deals(tasks: list[Task], workers: int) -> list[DealResult]:
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(play_deal, tasks, chunksize=4))
    return [play_deal(t) for t in tasks]


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
    p.add_argument("--a", default="heuristic", help="with --pool: the levels to measure")
    p.add_argument(
        "--pool",
        nargs="?",
        const="",
        metavar="'B1 B2 ...'",
        help="each level of --a against every pool member (default: "
        + ", ".join(POOL["toepen"])
        + ")",
    )
    p.add_argument("--json", type=Path, help="write the report (levels, or --pool's rows) here")
    return p


def run_cli(args: Sequence[str]) -> int:
    """Run the arena from command-line ``args``; prints one line per level."""
    ns = parser().parse_args(list(args))
    try:  # bad options or levels fail with one clear line, before any game
        options = parse_option_pairs(ns.option) | {"seats": ns.seats}
        get_game("toepen").config_from_json(options)
        members = (tuple(ns.pool.split()) or POOL["toepen"]) if ns.pool is not None else ()
        named = ns.a.split() if members else ns.levels.split(",")
        levels = lineup(ns.levels.split(","), ns.seats) if not members else []
        for level in {*named, *members}:
            make_bot("toepen", level)
    except (ValueError, EngineError) as exc:
        print(f"toepen arena: {exc}", file=sys.stderr)
        return 2
    deals = max(1, math.ceil(ns.games / ns.seats))
    if members:
        return run_pool(ns, options, named, members, deals)
    tasks = [(options, levels, f"{ns.seed}/{i}", levels) for i in range(deals)]
    start = time.perf_counter()
    results = play_deals(tasks, ns.workers)
    rows = [level_row(results, level) for level in dict.fromkeys(levels)]
    print(heading(ns, options, deals, time.perf_counter() - start))
    print(f"fair loser share per seat ~ {1 / ns.seats:.1%}")
    for row in rows:
        print(
            f"  {row['level']:<14} loser share {row['loser_share']:6.1%} ± {row['ci_half']:5.1%} "
            f"(95 % CI)   decisions {row['decisions']}, p50 {row['act_ms_p50']:.2f} ms, "
            f"p99 {row['act_ms_p99']:.2f} ms"
        )
    report = {"lineup": levels, "seats": ns.seats, "options": options, "deals": deals}
    write_report(ns, {"game": "toepen", **report, "levels": rows})
    return 0


def level_row(results: Sequence[DealResult], level: str) -> dict[str, Any]:
    """One level's figures over the deals: its loser share with the CI, its decision times."""
    mean, half = summarize(results, level)
    times = [t for r in results for t in r.times.get(level, [])]
    return {
        "level": level,
        "loser_share": mean,
        "ci_half": half,
        "decisions": len(times),
        "act_ms_p50": percentile(times, 50) * 1e3,
        "act_ms_p99": percentile(times, 99) * 1e3,
    }


def write_report(ns: argparse.Namespace, data: dict[str, Any]) -> None:
    """``data`` and the deal seed as JSON at ``--json``, when it is given."""
    if ns.json is not None:
        ns.json.write_text(json.dumps({**data, "seed": ns.seed}, indent=2) + "\n")


def heading(ns: argparse.Namespace, options: dict[str, Any], deals: int, elapsed: float) -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"toepen arena: {deals * ns.seats} games ({deals} deals x {ns.seats} rotations), "
        f"seats {ns.seats}, options {options}, seed {ns.seed}, {elapsed:.0f} s, load {load}"
    )


def run_pool(
    ns: argparse.Namespace,
    options: dict[str, Any],
    levels: Sequence[str],
    members: Sequence[str],
    deals: int,
) -> int:
    """One row per (level, member): one A against B in every other seat, on the same deals."""
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    labels = lineup(["A", "B"], ns.seats)
    for level in levels:
        for member in members:
            seated = lineup([level, member], ns.seats)
            tasks = [(options, seated, f"{ns.seed}/{i}", labels) for i in range(deals)]
            results = play_deals(tasks, ns.workers)
            a_share, a_half = summarize(results, "A")
            b_share, _ = summarize(results, "B")
            diff, half = summarize_pairing(results)
            times = [t for r in results for t in r.times.get("A", [])]
            rows.append(
                {
                    "a": level,
                    "b": member,
                    "deals": deals,
                    "a_loser_share": a_share,
                    "a_ci_half": a_half,
                    "b_loser_share": b_share,
                    "a_minus_b": diff,
                    "a_minus_b_ci_half": half,
                    "a_act_ms_p99": percentile(times, 99) * 1e3,
                }
            )
            print(
                f"  {level:<14} vs {member:<14} A loses {a_share:6.1%} ± {a_half:5.1%}, "
                f"B {b_share:6.1%}; A − B {diff:+6.1%} ± {half:5.1%} (95 % CI)",
                flush=True,
            )
    print(heading(ns, options, deals * len(rows), time.perf_counter() - start))
    print(f"fair loser share per seat ~ {1 / ns.seats:.1%}; below 0 in A − B: A loses less")
    write_report(ns, {"pool": rows})
    return 0


if __name__ == "__main__":
    sys.exit(run_cli(sys.argv[1:]))
