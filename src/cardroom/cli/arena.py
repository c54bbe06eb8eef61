"""``cardroom arena``: duplicate-deal strength measurement between two bot levels.

``cardroom arena --a heuristic --b heuristic-v1 --pairs 400 --seed 1`` plays 400 seeded deals
twice each (teams swapped) and prints side A's mean point difference per round with a 95 % CI,
per-side calls and their success, double victories, bombs and decision times; ``--json`` writes
the same as a report. ``--game toepen`` hands over to the Toepen arena (``--json`` too).

``cardroom arena --pool --a "heuristic strong" --pairs 400 --seed 7001`` plays each level of
``--a`` against every member of the opponent pool (``registry.POOL``, or the levels named after
``--pool``) on the same deal set, one row per pairing: a change is kept only if no row is
below zero beyond noise. Level lists are separated by spaces (a level's own arguments use
commas: ``heuristic:tichu=0.7,grand=0.7``).
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from pathlib import Path
from typing import Any

from cardroom.bots.arena import toepen as toepen_arena
from cardroom.bots.arena.duplicate import (
    SIDES,
    PairResult,
    SideStats,
    pair_specs,
    run_pairs,
    tichu_config,
)
from cardroom.bots.registry import POOL, make_bot
from cardroom.bots.stats import Sprt, mean_ci, percentile, rate


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "arena", help="duplicate-deal strength test of two bot levels (points/round with CI)"
    )
    parser.add_argument(
        "--game", default="tichu", choices=("tichu", "toepen"), help="tichu: duplicate deals"
    )
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
    parser.add_argument(
        "--pool",
        nargs="?",
        const="",
        metavar="'B1 B2 ...'",
        help="play each level of --a (space-separated) against every pool member (default: "
        + ", ".join(POOL["tichu"])
        + "; with --game toepen: "
        + ", ".join(POOL["toepen"])
        + ")",
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--json", type=Path, help="write the report as JSON here")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    toepen = parser.add_argument_group("--game toepen (passed to the Toepen arena)")
    own = toepen_arena.parser()  # what the Toepen arena does when an option is not passed on
    toepen.add_argument(
        "--levels", help=f"A,B or one level per seat (default {own.get_default('levels')})"
    )
    toepen.add_argument(
        "--seats", type=int, help=f"seats per table (default {own.get_default('seats')})"
    )
    toepen.add_argument(
        "--games",
        type=int,
        help=f"games in all, rounded up to seat rotations (default {own.get_default('games')})",
    )
    toepen.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a Toepen rule option, repeatable"
    )
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
    if args.pool is not None:
        argv += ["--pool", args.pool, "--a", args.a]
    if args.json is not None:
        argv += ["--json", str(args.json)]
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
        "pair_values": [[r.index, r.value] for r in results],
        "imps_per_deal": None if args.match else mean_ci([r.imps for r in results]).to_json(),
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
    if data["imps_per_deal"]:
        imps = data["imps_per_deal"]
        if imps["ci_low"] is not None:
            title += (
                f", {imps['mean']:+.2f} IMPs/deal [{imps['ci_low']:+.2f}, {imps['ci_high']:+.2f}]"
            )
        else:
            title += f", {imps['mean']:+.2f} IMPs/deal"
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


def play_pairing(args: argparse.Namespace, sprt: Sprt | None, label: str) -> dict[str, Any]:
    """Play ``args.a`` against ``args.b`` over the deal set; the report of ``report``."""
    from rich.console import Console
    from rich.progress import Progress

    specs = pair_specs(
        (args.a, args.b), args.pairs, args.seed, tichu_config(args.match, args.target), args.start
    )
    results: list[PairResult] = []
    verdict: str | None = None
    start = time.perf_counter()
    with Progress(disable=args.quiet, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(label, total=len(specs))
        for result in run_pairs(specs, args.workers):
            results.append(result)
            bar.advance(task)
            if sprt is not None:
                verdict = sprt.verdict([r.value for r in results])
                if verdict is not None:
                    break
    return report(args, results, verdict, time.perf_counter() - start)


def _console() -> Any:
    from rich.console import Console

    console = Console()
    return console if console.is_terminal else Console(width=150)


def run_tichu(args: argparse.Namespace) -> int:
    try:
        for level in (args.a, args.b):
            make_bot("tichu", level)
        sprt = parse_sprt(args.sprt) if args.sprt else None
    except ValueError as exc:
        print(f"cardroom arena: {exc}", file=sys.stderr)
        return 2
    data = play_pairing(args, sprt, "deal pairs")
    _console().print(render(data))
    if args.json is not None:
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    return 0


def pool_levels(text: str) -> tuple[str, ...]:
    """The pool members named after ``--pool`` (separated by spaces), or the default pool.

    >>> pool_levels("random  heuristic:tichu=0.7,grand=0.7")
    ('random', 'heuristic:tichu=0.7,grand=0.7')
    >>> pool_levels("") == POOL["tichu"]
    True
    """
    return tuple(text.split()) or POOL["tichu"]


def render_pool(rows: list[dict[str, Any]]) -> Any:
    """One row per pairing: A − B with its CI, then A's calls, double victories and times."""
    from rich.table import Table

    first = rows[0]
    table = Table(
        title=f"pool: {first['pairs']} deal pairs per pairing ({first['mode']}s), "
        f"seed {first['seed']}, start {first['start']}"
    )
    for column in (
        "A",
        "B",
        "pairs",
        "A − B pts/rnd",
        "95 % CI",
        "A Tichu %",
        "made %",
        "A Grand %",
        "made %",
        "A 1-2 %",
        "B 1-2 %",
        "A p99 ms",
    ):
        table.add_column(column, justify="right")
    for data in rows:
        diff, a, b = data["diff_per_round"], data["sides"]["A"], data["sides"]["B"]
        low, high = diff["ci_low"], diff["ci_high"]
        table.add_row(
            data["a"],
            data["b"],
            str(data["pairs"]),
            f"{diff['mean']:+.1f}",
            f"[{low:+.1f}, {high:+.1f}]" if low is not None else "[n/a]",
            f"{100 * a['tichu_rate']:.1f}",
            f"{100 * a['tichu_made']:.0f}",
            f"{100 * a['grand_rate']:.1f}",
            f"{100 * a['grand_made']:.0f}",
            f"{100 * a['double_victory_rate']:.1f}",
            f"{100 * b['double_victory_rate']:.1f}",
            f"{a['act_ms_p99']:.2f}",
        )
    return table


def run_pool(args: argparse.Namespace) -> int:
    """Each level of ``--a`` against every pool member, one pairing after another."""
    levels = tuple(args.a.split())
    members = pool_levels(args.pool)
    try:
        for level in (*levels, *members):
            make_bot("tichu", level)
        sprt = parse_sprt(args.sprt) if args.sprt else None
    except ValueError as exc:
        print(f"cardroom arena: {exc}", file=sys.stderr)
        return 2
    rows = []
    for level in levels:
        for member in members:
            pairing = copy.copy(args)
            pairing.a, pairing.b = level, member
            rows.append(play_pairing(pairing, sprt, f"{level} vs {member}"))
    _console().print(render_pool(rows))
    if args.json is not None:
        args.json.write_text(json.dumps({"pool": rows}, indent=2) + "\n")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.game == "toepen":
        return toepen_arena.run_cli(toepen_argv(args))
    return run_tichu(args) if args.pool is None else run_pool(args)
