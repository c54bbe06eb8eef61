"""``cardroom replay FILE``: print a recorded match (a JSON Lines ``GameRecord``).

The log is folded through the rules again (``apply_record``), so what is printed is what the
engine derives, seen by the ``OMNISCIENT`` audience (a finished game hides nothing). Tichu gets a
round-by-round account, Toepen a hand-by-hand one; any other game an event-by-event listing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardroom import i18n
from cardroom.engine import OMNISCIENT, GameRecord, get_game
from cardroom.engine.errors import EngineError
from cardroom.engine.game import Game
from cardroom.engine.message import seat, seats
from cardroom.engine.record import LogRecord
from cardroom.engine.runner import apply_record
from cardroom.games.tichu.position import to_text
from cardroom.games.tichu.state import Phase
from cardroom.i18n import narration
from cardroom.i18n.cli import add_lang_option

Json = dict[str, Any]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay", help="print a recorded match round by round (in --lang or the locale's language)"
    )
    parser.add_argument("file", type=Path, help="a match record (JSON Lines)")
    parser.add_argument(
        "--positions",
        action="store_true",
        help="Tichu: after each play-phase step, its position text (for 'cardroom position')",
    )
    add_lang_option(parser)
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
    state = game.new(game.config_from_json(record.config))
    for rec in record.records:
        state, events = apply_record(game, state, rec)
        seen = (game.project(ev, OMNISCIENT) for ev in events)
        yield Step(
            rec,
            tuple(ev.to_json() for ev in seen if ev is not None),
            game.observe(state, OMNISCIENT).to_json(),
            state,
        )


def generic_lines(
    game: Game[Any, Any, Any], record: GameRecord, positions: bool = False, lang: str = "en"
) -> Iterator[str]:
    """Any game: each record, then its events as JSON (no position notation)."""
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


def _cards(cards: list[str] | None) -> str:
    return " ".join(cards or []) or "-"


@dataclass(frozen=True, slots=True)
class Speaker:
    """Renders messages in one language with the seats named "Seat N" (a record has no names)."""

    lang: str
    game: str

    def __call__(self, key: str, **params: Any) -> str:
        return i18n.translate(self.lang, key, **params)

    def event(self, ev: Json, indent: str = "  ") -> str | None:
        said = narration.say(self.game, ev)
        return None if said is None else indent + i18n.render(self.lang, said)


def tichu_lines(
    game: Game[Any, Any, Any], record: GameRecord, positions: bool = False, lang: str = "en"
) -> Iterator[str]:
    """Tichu: round by round, the deal, calls, exchange, every play and pass, trick winners,
    round scores with running totals; with ``positions``, each play-phase state as text."""
    say = Speaker(lang, "tichu")
    phase = ""
    for step in steps(game, record):
        new_round = any(ev["type"] == "hand_dealt" for ev in step.events) and phase != "grand"
        if new_round and step.record.kind == "chance":
            yield say("replay.round", n=step.obs["round"])
        for ev in step.events:
            if ev["type"] == "hand_dealt":
                yield "  " + say("replay.dealt", who=seat(ev["seat"]), cards=_cards(ev["cards"]))
            elif ev["type"] == "exchange_revealed":
                yield "  " + say("replay.exchange")
                for giver, row in enumerate(ev["given"]):
                    gifts = [
                        say("replay.gift", card=c, to=seat((giver + k) % 4))
                        for k, c in enumerate(row or [], 1)
                    ]
                    gifts_text = i18n.join(say.lang, gifts)
                    yield "    " + say("replay.gives", who=seat(giver), gifts=gifts_text)
            elif ev["type"] == "round_scored":
                yield say.event(ev, "") or ""
                yield "  " + say("replay.out_order", who=seats(ev["out"]))
            elif (line := say.event(ev)) is not None:
                yield line
        if step.obs["phase"] == "play" and phase == "exchange":
            yield "  " + say("replay.hands_after")
            for n, cards in enumerate(step.obs.get("hands") or []):
                yield "    " + say("replay.hand", who=seat(n), cards=_cards(cards))
        if positions and step.state.phase is Phase.PLAY:
            yield "    " + say("replay.position", text=to_text(step.state))
        phase = step.obs["phase"]


def toepen_lines(
    game: Game[Any, Any, Any], record: GameRecord, positions: bool = False, lang: str = "en"
) -> Iterator[str]:
    """Toepen: hand by hand, the deal, signals, exchanges, knocks and answers, every card by
    trick, the losses and the lives after each hand (``positions`` is Tichu-only)."""
    say = Speaker(lang, "toepen")
    for step in steps(game, record):
        for ev in step.events:
            if ev["type"] == "deal":
                yield say("replay.hand_no", n=ev["hand_no"], dealer=seat(ev["dealer"]))
                for n, cards in enumerate(ev["hands"]):
                    if cards:
                        yield "  " + say("replay.dealt", who=seat(n), cards=_cards(cards))
                continue
            indent = "    " if ev["type"] == "play" else "  "
            line = say.event(ev, indent)
            if line is not None:
                yield line
            if ev["type"] == "hand_end":
                yield "  " + say("replay.lives", lives=" ".join(map(str, ev["lives"])))


Printer = Callable[[Game[Any, Any, Any], GameRecord, bool, str], Iterator[str]]
PRINTERS: dict[str, Printer] = {"tichu": tichu_lines, "toepen": toepen_lines}
"""Game-specific pretty printers, by game name."""


def lines(record: GameRecord, positions: bool = False, lang: str = "en") -> Iterator[str]:
    """The printout of ``record`` in ``lang`` (``positions``: see ``tichu_lines``)."""
    game = get_game(record.game)
    yield i18n.translate(
        lang, "replay.header", game=i18n.game_name(lang, record.game), rules=record.rules_version,
        config=json.dumps(record.config),
    )  # fmt: skip
    yield from PRINTERS.get(record.game, generic_lines)(game, record, positions, lang)


def run(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.load(args.file)
        for line in lines(record, args.positions, i18n.from_environment(args.lang)):
            print(line)
    except BrokenPipeError:  # ``cardroom replay FILE | head``
        sys.stderr.close()
        return 0
    except (OSError, KeyError, EngineError) as exc:
        print(f"cardroom replay: {exc}", file=sys.stderr)
        return 2
    return 0
