"""``cardroom replay FILE``: print a recorded match (a JSON Lines ``GameRecord``).

The log is folded through the rules again (``apply_record``), so what is printed is what the
engine derives, seen by the ``OMNISCIENT`` audience (a finished game hides nothing). Tichu gets a
round-by-round account; any other game an event-by-event listing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardroom.engine import OMNISCIENT, GameRecord, Runner, get_game
from cardroom.engine.errors import EngineError
from cardroom.engine.game import Game
from cardroom.engine.record import LogRecord
from cardroom.engine.runner import apply_record

Json = dict[str, Any]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("replay", help="print a recorded match round by round")
    parser.add_argument("file", type=Path, help="a match record (JSON Lines)")
    parser.set_defaults(func=run)


@dataclass(frozen=True, slots=True)
class Step:
    """One log record with what it caused: omniscient events and the observation after it."""

    record: LogRecord
    events: tuple[Json, ...]
    obs: Json
    state: Any


def steps(game: Game[Any, Any, Any], record: GameRecord) -> Iterator[Step]:
    """Fold the log, yielding every record's omniscient events and the following observation."""
    runner: Runner[Any, Any, Any] = Runner(game, game.config_from_json(record.config))
    state = runner.state
    for rec in record.records:
        state, events = apply_record(game, state, rec)
        seen = (game.project(ev, OMNISCIENT) for ev in events)
        yield Step(
            rec,
            tuple(ev.to_json() for ev in seen if ev is not None),
            game.observe(state, OMNISCIENT).to_json(),
            state,
        )


def generic_lines(game: Game[Any, Any, Any], record: GameRecord) -> Iterator[str]:
    """Any game: each record, then its events as JSON."""
    state: Any = None
    for step in steps(game, record):
        rec = step.record
        who = "" if rec.seat is None else f" seat {rec.seat}"
        yield f"#{rec.seq} {rec.kind}{who}: {rec.text}"
        for event in step.events:
            yield "    " + json.dumps(event, sort_keys=True)
        state = step.state
    outcome = None if state is None else game.outcome(state)
    yield "outcome: " + ("unfinished" if outcome is None else json.dumps(outcome.to_json()))


Printer = Callable[[Game[Any, Any, Any], GameRecord], Iterator[str]]
PRINTERS: dict[str, Printer] = {}
"""Game-specific pretty printers, by game name."""


def lines(record: GameRecord) -> Iterator[str]:
    """The printout of ``record``."""
    game = get_game(record.game)
    header = f"{record.game} (rules {record.rules_version}) config {json.dumps(record.config)}"
    yield header
    yield from PRINTERS.get(record.game, generic_lines)(game, record)


def run(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.load(args.file)
        for line in lines(record):
            print(line)
    except (OSError, KeyError, EngineError) as exc:
        print(f"cardroom replay: {exc}", file=sys.stderr)
        return 2
    return 0
