"""``cardroom event``: a duplicate event between bot levels, scored against the field.

``cardroom event --boards 8 --seed S --teams search,heuristic,heuristic-v1,random`` seats the
teams by the round-robin barometer movement (``cardroom.duplicate.movement``), plays every
board once per team, and prints the standings (total IMPs, average matchpoint %); ``--json``
writes ``{"boards": [...], "teams": [...]}`` and ``--out`` each table's game record.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardroom.bots.arena.event import (
    GAME,
    TablePlayed,
    event_boards,
    play_tables,
    score_event,
    table_specs,
    write_records,
)
from cardroom.bots.registry import make_bot
from cardroom.bots.stats import MeanCI, mean_ci
from cardroom.duplicate.scoring import Group, Standing, event_json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "event", help="a duplicate Tichu event between bot levels (IMPs and matchpoints)"
    )
    parser.add_argument("--boards", type=int, default=8, help="boards in the event")
    parser.add_argument("--seed", default="1", help="board set seed")
    parser.add_argument(
        "--teams",
        default="search,heuristic,heuristic-v1,random",
        help="comma-separated bot levels, one per team (an even number, all different)",
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--json", type=Path, help="write the standings as JSON here")
    parser.add_argument("--out", type=Path, help="write every table's game record here")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def per_board(groups: Sequence[Group], team: str) -> MeanCI:
    """A team's IMPs per board, with its 95 % confidence interval."""
    return mean_ci([r.imps for g in groups for r in g.results if r.team == team])


def render(groups: Sequence[Group], table: Sequence[Standing], title: str) -> Any:
    from rich.table import Table

    out = Table(title=title)
    for column in ("#", "team", "IMPs", "IMPs/board (95 % CI)", "MP %", "boards"):
        out.add_column(column, justify="right")
    for place, row in enumerate(table, start=1):
        ci = per_board(groups, row.team)
        low, high = (f"{ci.low:+.2f}", f"{ci.high:+.2f}") if ci.n > 1 else ("n/a", "n/a")
        out.add_row(str(place), row.team, f"{row.imps:+.2f}", f"{ci.mean:+.2f} [{low}, {high}]",
                    f"{row.mp_pct:.1f}", str(row.boards))  # fmt: skip
    return out


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    teams = [t.strip() for t in args.teams.split(",") if t.strip()]
    try:
        for level in teams:
            make_bot(GAME, level)
        specs = table_specs(teams, args.boards, str(args.seed))
    except ValueError as exc:
        print(f"cardroom event: {exc}", file=sys.stderr)
        return 2
    played: list[TablePlayed] = []
    start = time.perf_counter()
    with Progress(disable=args.quiet, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task("tables", total=len(specs))
        for one in play_tables(specs, args.workers):
            played.append(one)
            bar.advance(task)
    played.sort(key=lambda t: (t.seating.board, t.seating.table))
    groups, table = score_event(played, teams)
    seconds = time.perf_counter() - start
    title = f"{args.boards} boards, seed {args.seed}, {len(specs)} tables in {seconds:.0f} s"
    Console(width=100).print(render(groups, table, title))
    if args.json is not None:
        args.json.write_text(json.dumps(event_json(groups, table), indent=1) + "\n")
    if args.out is not None:
        write_records(args.out, played, event_boards(specs))
    return 0
