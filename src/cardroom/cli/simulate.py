"""``cardroom simulate``: seeded bot-vs-bot matches with a summary table.

Same ``--seed`` gives the same matches, logs and figures (timings aside).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from cardroom.bots import make_bot
from cardroom.bots.arena.match import MatchResult, play_matches
from cardroom.engine import get_game
from cardroom.engine.config import parse_option_pairs
from cardroom.i18n import seat_number

TEAMS: dict[str, tuple[tuple[int, ...], ...]] = {"tichu": ((0, 2), (1, 3))}
"""Partnership games: seats that share a score. Every other game is each seat for itself."""
TARGET_KEYS = ("target_score", "target")
"""Config keys that ``--target`` sets, whichever the game has."""


EXAMPLES = """examples:
  cardroom simulate --game tichu --matches 50
  cardroom simulate --game tichu --bots heuristic,random,heuristic,random --target 500
  cardroom simulate --game toepen --seats 5 --bots search,tight --matches 20
  cardroom simulate --game toepen --option lives=15 --option finish_hand=true
"""
DEFAULT_LEVEL = "heuristic"
"""Every seat's level when ``--bots`` is not given."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play seeded bot matches offline and summarize the results",
        epilog=EXAMPLES,
    )
    parser.add_argument("--game", default="tichu", help="registered game name (default tichu)")
    parser.add_argument(
        "--bots",
        default=DEFAULT_LEVEL,
        help="bot level per seat, comma-separated (e.g. heuristic,random,heuristic,random); "
        "one level fills every seat; A,B with more seats seats one A against B "
        f"(default {DEFAULT_LEVEL})",
    )
    add_table_options(parser)
    parser.add_argument("--matches", type=int, default=100, help="number of matches")
    parser.add_argument("--seed", default="1", help="master seed (deal and bots)")
    parser.add_argument("--target", type=int, help="match target score (Tichu: default 1000)")
    parser.add_argument("--out", type=Path, help="directory for one JSONL record per match")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """``--seats`` and ``--option key=value``, shared by ``play`` and ``simulate``."""
    parser.add_argument("--seats", type=int, help="number of seats (game default if omitted)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option of the game, repeatable (e.g. lives=15, finish_hand=true)",
    )


def seat_levels(text: str, seats: int | None, default_seats: int) -> list[str]:
    """``--bots`` as one level per seat.

    >>> seat_levels("heuristic", None, 4), seat_levels("search,tight", 3, 4)
    (['heuristic', 'heuristic', 'heuristic', 'heuristic'], ['search', 'tight', 'tight'])
    """
    levels = [level.strip() for level in text.split(",") if level.strip()]
    n = seats or (len(levels) if len(levels) > 2 else default_seats)
    if len(levels) == 1:
        return levels * n
    if len(levels) == 2 and n != 2:
        return [levels[0]] + [levels[1]] * (n - 1)
    if seats is not None and len(levels) != seats:
        raise ValueError(f"--bots lists {len(levels)} levels for --seats {seats}")
    return levels


def make_config(game_name: str, seats: int, target: int | None, options: Sequence[str] = ()) -> Any:
    """The game's standard config for ``seats``, with ``target`` overriding its target score
    and ``options`` (``key=value``) its rule options."""
    game = get_game(game_name)
    data = dict(game.config_to_json(game.default_config(seats)))
    data |= parse_option_pairs(options)
    if target is not None:
        key = next((k for k in TARGET_KEYS if k in data), None)
        if key is None:
            raise ValueError(f"{game_name} has no target score option")
        data[key] = target
    return game.config_from_json(data)


def check_setup(
    game_name: str, levels: Sequence[str], target: int | None, options: Sequence[str] = ()
) -> None:
    """Raise ``KeyError``/``ValueError`` for an unknown game, seat count, level, target or
    option."""
    game = get_game(game_name)
    if not game.min_seats <= len(levels) <= game.max_seats:
        raise ValueError(
            f"{game_name} needs {game.min_seats}-{game.max_seats} bots, got {len(levels)}"
        )
    make_config(game_name, len(levels), target, options)
    for level in levels:
        make_bot(game_name, level)


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of a series; everything but ``seconds`` is a function of the seed."""

    game: str
    levels: tuple[str, ...]
    results: tuple[MatchResult, ...]
    seconds: float

    @property
    def rounds(self) -> int:
        return sum(r.rounds for r in self.results)

    @property
    def actions(self) -> int:
        return sum(r.actions for r in self.results)

    def groups(self) -> tuple[tuple[int, ...], ...]:
        return TEAMS.get(self.game, tuple((seat,) for seat in range(len(self.levels))))

    def wins(self, seats: Sequence[int]) -> int:
        return sum(1 for r in self.results if r.outcome.winners & set(seats))

    def points(self, seat: int) -> int:
        return sum(r.outcome.scores[seat] for r in self.results)


def _rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.1f}" if seconds > 0 else "-"


def render(summary: Summary) -> str:
    """The summary table as text."""
    n = len(summary.results)
    rounds = max(summary.rounds, 1)
    label = "team" if summary.game in TEAMS else "seat"
    lines = [
        f"{summary.game}: {n} matches, {summary.rounds} rounds, {summary.actions} actions",
        f"{label:<8} {'bots':<22} {'wins':>6} {'win%':>7} {'avg score':>10} {'pts/round':>10}",
    ]
    for seats in summary.groups():
        bots = ",".join(summary.levels[s] for s in seats)
        wins = summary.wins(seats)
        points = summary.points(seats[0])
        lines.append(
            f"{'+'.join(str(seat_number(s)) for s in seats):<8} {bots:<22} {wins:>6}"
            f" {100 * wins / max(n, 1):>6.1f}%"
            f" {points / max(n, 1):>10.1f} {points / rounds:>10.1f}"
        )
    draws = sum(1 for r in summary.results if not r.outcome.winners)
    if draws:
        lines.append(f"draws: {draws}")
    secs = summary.seconds
    lines.append(
        f"time {secs:.2f} s: {_rate(n, secs)} matches/s, {_rate(summary.rounds, secs)} rounds/s,"
        f" {_rate(summary.actions, secs)} actions/s"
    )
    return "\n".join(lines)


def progress(done: int, total: int, stream: TextIO) -> None:
    """A plain-text progress bar redrawn in place with ``\\r``."""
    width = 30
    filled = width * done // max(total, 1)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        stream.write("\n")
    stream.flush()


def simulate(
    game_name: str,
    levels: Sequence[str],
    matches: int,
    seed: int | str,
    target: int | None = None,
    out: Path | None = None,
    stream: TextIO | None = None,
    options: Sequence[str] = (),
) -> Summary:
    """Play the series, write records to ``out`` and draw progress on ``stream``."""
    game = get_game(game_name)
    config = make_config(game_name, len(levels), target, options)

    factories = [partial(make_bot, game_name, level) for level in levels]
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    results: list[MatchResult] = []
    start = time.perf_counter()
    series = play_matches(game, config, factories, matches, seed)
    for index, result in enumerate(series):
        results.append(result)
        if out is not None:
            result.record.save(out / f"match-{index:04d}.jsonl")
        if stream is not None:
            progress(index + 1, matches, stream)
    return Summary(game_name, tuple(levels), tuple(results), time.perf_counter() - start)


def run(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
        levels = seat_levels(args.bots, args.seats, game.num_seats(game.default_config()))
        check_setup(args.game, levels, args.target, args.option)
    except (KeyError, ValueError) as exc:
        print(f"cardroom simulate: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    stream = None if args.quiet else sys.stderr
    summary = simulate(
        args.game, levels, args.matches, args.seed, args.target, args.out, stream, args.option
    )
    print(render(summary))
    return 0
