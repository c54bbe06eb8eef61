"""``cardroom analyse RECORD``: every decision of a recorded Tichu (or Toepen) game reviewed by
the search bot from the deciding seat's own view (``bots/record_review.py``, ``docs/review.md``).

Prints one table per round (the decisions, the bot's best action when it differs, the expected
points lost and the label) and a summary per seat, in ``--lang`` or the locale's language (the
actions stay in the notation people type); ``--json FILE`` writes the same review as
``{"decisions": [...], "summary": {...}}``. ``--seat`` and the tables count seats from 1, as
people count them everywhere, and so do the seats the tables' actions name (``give 5K to 2``);
the JSON, like the record and the actions' notation, from 0.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from cardroom import i18n
from cardroom.bots.record_review import RecordReview, review_record
from cardroom.bots.verdicts import ReviewSettings
from cardroom.cli import seat_of, summary
from cardroom.engine import GameRecord, get_game
from cardroom.engine.errors import EngineError
from cardroom.i18n import seat_number
from cardroom.i18n.cli import add_lang_option
from cardroom.tui.prompt import for_people

STYLES = {  # worst first
    "blunder": "bold red",
    "mistake": "red",
    "inaccuracy": "yellow",
    "good": "",
    "best": "green",
    "forced": "dim",
}
DEFAULTS = ReviewSettings()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "analyse",
        help="review every decision of a recorded Tichu or Toepen game (expected points lost)",
        description=summary(__doc__),
    )
    parser.add_argument("record", type=Path, help="a game record (JSON Lines)")
    parser.add_argument("--round", type=int, action="append", help="only this round (repeatable)")
    parser.add_argument(
        "--seat", type=int, action="append", help="only this seat, counted from 1 (repeatable)"
    )
    parser.add_argument("--json", type=Path, help="also write the review as JSON to this file")
    parser.add_argument("--seed", default="1", help="seed of the sampled worlds (default 1)")
    parser.add_argument(
        "--worlds",
        type=int,
        default=DEFAULTS.worlds,
        help=f"sampled worlds per play or exchange decision (default {DEFAULTS.worlds})",
    )
    parser.add_argument(
        "--call-worlds",
        type=int,
        default=DEFAULTS.call_worlds,
        help=f"sampled worlds per call decision (default {DEFAULTS.call_worlds})",
    )
    parser.add_argument(
        "--extend",
        type=int,
        default=DEFAULTS.extend,
        help="at most N times the worlds while the best action is unsettled"
        f" (default {DEFAULTS.extend}; 1: fixed counts)",
    )
    parser.add_argument(
        "--budget", type=float, help="seconds per decision at most (default: no time limit)"
    )
    parser.add_argument("--quiet", action="store_true", help="no tables, no progress")
    add_lang_option(parser)
    parser.set_defaults(func=run)


def settings_of(args: argparse.Namespace) -> ReviewSettings:
    if args.worlds < 2 or args.call_worlds < 2:
        raise ValueError("--worlds and --call-worlds must be at least 2")
    if args.budget is not None and args.budget <= 0:
        raise ValueError("--budget must be positive")
    if args.extend < 1:
        raise ValueError("--extend must be at least 1")
    return ReviewSettings(args.worlds, args.call_worlds, args.budget, extend=args.extend)


ROUND_COLUMNS = ("analyse.step", "analyse.seat", "analyse.action", "analyse.best", "analyse.loss",
                 "analyse.label")  # fmt: skip
SUMMARY_COLUMNS = ("analyse.round", "analyse.seat", "analyse.decisions", "analyse.lost",
                   "analyse.per_decision", "analyse.accuracy", "analyse.labels")  # fmt: skip
NUMERIC = frozenset({"analyse.step", "analyse.loss", "analyse.lost", "analyse.per_decision"})
"""Columns of numbers: right-aligned, so their digits line up."""


def print_review(review: RecordReview, lang: str = i18n.DEFAULT) -> None:
    """The decisions as one rich table per round, then the summary per seat, in ``lang``
    (headers, labels and numbers as that language writes them; actions in the notation)."""
    from rich.console import Console
    from rich.table import Table

    def say(key: str, **params: Any) -> str:
        return i18n.translate(lang, key, **params)

    def number(value: float, decimals: int | None = None) -> str:
        return i18n.format_number(value, lang, decimals)

    def table(title: str, columns: tuple[str, ...]) -> Table:
        made = Table(title=title, title_justify="left")
        for key in columns:
            made.add_column(say(key), justify="right" if key in NUMERIC else "left")
        return made

    console = Console()
    for rnd in review.rounds:
        decisions = table(say("review.round", round=rnd), ROUND_COLUMNS)
        for d in review.decisions:
            if d.round != rnd:
                continue
            r = d.review
            best = "" if r.best == r.action else for_people(r.best)
            if r.chance is not None:
                best = f"{best} {say('review.chance', chance=round(100 * r.chance))}".strip()
            decisions.add_row(
                number(d.step),
                number(seat_number(d.seat)),
                for_people(r.action),
                best,
                number(r.loss, 1) if r.loss else "",
                say(f"review.label.{r.label}"),
                style=STYLES.get(r.label, ""),
            )
        console.print(decisions)
    summary = review.summary()
    title = say("analyse.summary", unit=summary["unit"], scale=review.thresholds.blunder)
    seats = table(title, SUMMARY_COLUMNS)
    for row in summary["seats"]:
        labels: dict[str, int] = row["labels"]
        counts = [say(f"review.count.{k}", n=labels[k]) for k in STYLES if labels.get(k)]
        seats.add_row(
            number(row["round"]),
            number(seat_number(row["seat"])),
            f"{number(row['unforced'])}/{number(row['decisions'])}",
            number(row["loss"], 1),
            number(row["mean_loss"], 1),
            i18n.format_percent(math.floor(row["accuracy"]), lang, 0),  # 100 only if none lost
            say("common.list_sep").join(counts),
        )
    console.print(seats)


def record_seats(record: GameRecord, typed: list[int] | None) -> list[int] | None:
    """The seats ``--seat`` names (counted from 1) as the record's (from 0); ``ValueError`` for
    a seat the record's game does not have."""
    if typed is None:
        return None
    game = get_game(record.game)
    seats = game.num_seats(game.config_from_json(record.config))
    return [seat_of(n, seats) for n in typed]


def run(args: argparse.Namespace) -> int:
    try:
        settings = settings_of(args)
        record = GameRecord.load(args.record)
        seats = record_seats(record, args.seat)
        review = review_record(record, settings, str(args.seed), args.round, seats)
    except (OSError, ValueError, KeyError, EngineError) as exc:
        print(f"cardroom analyse: {exc}", file=sys.stderr)
        return 2
    if args.json is not None:
        args.json.write_text(json.dumps(review.to_json(), indent=1) + "\n", encoding="utf-8")
    if not args.quiet:
        print_review(review, i18n.from_environment(args.lang))
    return 0
