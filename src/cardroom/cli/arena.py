"""``cardroom arena``: duplicate-deal strength measurement between two bot levels.

``cardroom arena --a heuristic --b heuristic-v1 --pairs 400 --seed 1`` plays 400 seeded deals
twice each (teams swapped) and prints side A's mean point difference per round with a 95 % CI,
per-side calls and their success, double victories, bombs and decision times; ``--json`` writes
the same as a report. ``--game toepen`` hands over to the Toepen arena.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from cardroom.bots.arena.duplicate import (
    SIDES,
    PairResult,
    SideStats,
    pair_specs,
    run_pairs,
    tichu_config,
)
from cardroom.bots.registry import make_bot
from cardroom.bots.stats import Sprt, mean_ci, percentile, rate

TOEPEN_ARENA = "cardroom.bots.arena.toepen"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "arena", help="duplicate-deal strength test of two bot levels (points/round with CI)"
    )
    parser.add_argument("--game", default="tichu", choices=("tichu", "toepen"))
    parser.add_argument("--a", default="heuristic", help="level of side A (e.g. search:0.3)")
    parser.add_argument("--b", default="heuristic-v1", help="level of side B")
    parser.add_argument("--pairs", type=int, default=200, help="deal pairs (each played twice)")
    parser.add_argument("--seed", default="1", help="deal set seed")
    parser.add_argument("--start", type=int, default=0, help="first deal index of the set")
    parser.add_argument("--match", action="store_true", help="whole matches, not single rounds")
    parser.add_argument("--target", type=int, help="match target score (with --match)")
    parser.add_argument(
        "--sprt",
        metavar="H0,H1",
        help="stop early when 'A better by H1 pts/round' or 'not better than H0' is clear",
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--json", type=Path, help="write the report as JSON here")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    toepen = parser.add_argument_group("--game toepen (passed to the Toepen arena)")
    toepen.add_argument("--levels", help="A,B or one level per seat")
    toepen.add_argument("--seats", type=int)
    toepen.add_argument("--games", type=int)
    toepen.add_argument("--option", action="append", metavar="KEY=VALUE")
    parser.set_defaults(func=run)


def toepen_argv(args: argparse.Namespace) -> list[str]:
    """The Toepen arena's own command line from the options given here."""
    argv = ["--seed", str(args.seed), "--workers", str(args.workers)]
    for name in ("levels", "seats", "games"):
        value = getattr(args, name)
        if value is not None:
            argv += [f"--{name}", str(value)]
    for option in args.option or ():
        argv += ["--option", option]
    return argv


def side_json(stats: SideStats) -> dict[str, Any]:
    player_rounds = 2 * stats.rounds
    return {
        "rounds": stats.rounds,
        "points_per_round": rate(stats.points, stats.rounds),
        "tichu_rate": rate(stats.tichu, player_rounds),
        "tichu_made": rate(stats.tichu_made, stats.tichu),
        "tichu_calls": stats.tichu,
        "grand_rate": rate(stats.grand, player_rounds),
        "grand_made": rate(stats.grand_made, stats.grand),
        "grand_calls": stats.grand,
        "double_victory_rate": rate(stats.double_victories, stats.rounds),
        "bombs_per_round": rate(stats.bombs, stats.rounds),
        "decisions": len(stats.act_ms),
        "act_ms_p50": percentile(stats.act_ms, 50),
        "act_ms_p99": percentile(stats.act_ms, 99),
        "interrupt_ms_p99": percentile(stats.interrupt_ms, 99),
    }


def report(
    args: argparse.Namespace, results: list[PairResult], verdict: str | None, seconds: float
) -> dict[str, Any]:
    results = sorted(results, key=lambda r: r.index)
    totals = {name: SideStats() for name in SIDES}
    for result in results:
        for name in SIDES:
            totals[name].add(result.sides[name])
    diff = mean_ci([r.value for r in results])
    return {
        "game": "tichu",
        "a": args.a,
        "b": args.b,
        "seed": str(args.seed),
        "start": args.start,
        "pairs": len(results),
        "mode": "match" if args.match else "round",
        "diff_per_round": diff.to_json(),
        "sprt": {"bounds": args.sprt, "verdict": verdict} if args.sprt else None,
        "sides": {name: side_json(totals[name]) for name in SIDES},
        "seconds": seconds,
    }


def render(data: dict[str, Any]) -> Any:
    """The summary as a rich table."""
    from rich.table import Table

    diff = data["diff_per_round"]
    low, high = diff["ci_low"], diff["ci_high"]
    ci = f"[{low:+.1f}, {high:+.1f}]" if low is not None else "[n/a]"
    title = (
        f"{data['a']} (A) vs {data['b']} (B): {data['pairs']} deal pairs ({data['mode']}s), "
        f"seed {data['seed']}\nA − B = {diff['mean']:+.1f} pts/round, 95 % CI {ci}"
    )
    if data["sprt"]:
        title += f", SPRT {data['sprt']['bounds']}: {data['sprt']['verdict'] or 'undecided'}"
    table = Table(title=title)
    for column in (
        "side",
        "level",
        "pts/rnd",
        "Tichu %",
        "made %",
        "Grand %",
        "made %",
        "1-2 %",
        "bombs/rnd",
        "act p50 ms",
        "act p99 ms",
        "intr p99 ms",
    ):
        table.add_column(column, justify="right")
    for name in SIDES:
        s = data["sides"][name]
        table.add_row(
            name,
            data["a" if name == "A" else "b"],
            f"{s['points_per_round']:.1f}",
            f"{100 * s['tichu_rate']:.1f}",
            f"{100 * s['tichu_made']:.0f}",
            f"{100 * s['grand_rate']:.1f}",
            f"{100 * s['grand_made']:.0f}",
            f"{100 * s['double_victory_rate']:.1f}",
            f"{s['bombs_per_round']:.2f}",
            f"{s['act_ms_p50']:.2f}",
            f"{s['act_ms_p99']:.2f}",
            f"{s['interrupt_ms_p99']:.2f}",
        )
    return table


def parse_sprt(text: str) -> Sprt:
    h0, h1 = (float(x) for x in text.split(","))
    return Sprt(h0, h1)


def run_tichu(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    try:
        for level in (args.a, args.b):
            make_bot("tichu", level)
        sprt = parse_sprt(args.sprt) if args.sprt else None
    except ValueError as exc:
        print(f"cardroom arena: {exc}", file=sys.stderr)
        return 2
    specs = pair_specs(
        (args.a, args.b), args.pairs, args.seed, tichu_config(args.match, args.target), args.start
    )
    results: list[PairResult] = []
    verdict: str | None = None
    start = time.perf_counter()
    with Progress(disable=args.quiet, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task("deal pairs", total=len(specs))
        for result in run_pairs(specs, args.workers):
            results.append(result)
            bar.advance(task)
            if sprt is not None:
                verdict = sprt.verdict([r.value for r in results])
                if verdict is not None:
                    break
    data = report(args, results, verdict, time.perf_counter() - start)
    console = Console()
    if not console.is_terminal:
        console = Console(width=150)
    console.print(render(data))
    if args.json is not None:
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.game == "toepen":
        try:
            module = importlib.import_module(TOEPEN_ARENA)
        except ModuleNotFoundError as exc:
            if exc.name != TOEPEN_ARENA:
                raise
            print(
                f"cardroom arena: the Toepen arena ({TOEPEN_ARENA}) is not installed in this "
                "build yet",
                file=sys.stderr,
            )
            return 2
        code: int = module.run_cli(toepen_argv(args))
        return code
    return run_tichu(args)
