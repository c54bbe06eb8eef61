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

from cardroom.engine import OMNISCIENT, GameRecord, get_game
from cardroom.engine.errors import EngineError
from cardroom.engine.game import Game
from cardroom.engine.record import LogRecord
from cardroom.engine.runner import apply_record
from cardroom.games.tichu.position import to_text
from cardroom.games.tichu.state import Phase

Json = dict[str, Any]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("replay", help="print a recorded match round by round")
    parser.add_argument("file", type=Path, help="a match record (JSON Lines)")
    parser.add_argument(
        "--positions",
        action="store_true",
        help="Tichu: after each play-phase step, its position text (for 'cardroom position')",
    )
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
    game: Game[Any, Any, Any], record: GameRecord, positions: bool = False
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


def _place(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def tichu_event(ev: Json) -> str | None:
    """One Tichu event as a line of the account (None: not worth a line)."""
    kind = ev["type"]
    seat = ev.get("seat")
    if kind == "hand_dealt":
        return f"  seat {seat} dealt {_cards(ev['cards'])}"
    if kind == "calls_revealed":
        grands = [str(s) for s, c in enumerate(ev["calls"]) if c == "grand"]
        return f"  Grand Tichu: {'seat ' + ', '.join(grands) if grands else 'nobody'}"
    if kind == "tichu_called":
        return f"  seat {seat} calls Tichu"
    if kind == "exchange_revealed":
        parts = []
        for giver, row in enumerate(ev["given"]):
            gifts = ", ".join(f"{c}->{(giver + k) % 4}" for k, c in enumerate(row or [], 1))
            parts.append(f"    seat {giver} gives {gifts}")
        return "  exchange:\n" + "\n".join(parts)
    if kind == "played":
        return f"  seat {seat} plays {_cards(ev['cards'])} ({ev['combo']})"
    if kind == "passed":
        return f"  seat {seat} passes"
    if kind == "wish_made":
        return f"  seat {seat} wishes for {ev['rank']}"
    if kind == "wish_fulfilled":
        return f"  wish for {ev['rank']} fulfilled by seat {seat}"
    if kind == "trick_taken":
        return f"  -> trick to seat {seat} ({ev['points']} points)"
    if kind == "dragon_given":
        return f"  -> seat {seat} gives the Dragon trick ({ev['points']} points) to seat {ev['to']}"
    if kind == "player_out":
        return f"  seat {seat} is out ({_place(ev['place'])})"
    if kind == "round_scored":
        a, b = ev["points"]
        extra = ", double victory" if ev.get("double_victory") else ""
        calls = ", ".join(f"seat {s} {c}" for s, c in enumerate(ev.get("calls", [])) if c)
        totals = " : ".join(map(str, ev["scores"]))
        return (
            f"round {ev['round']} scored: team 0+2 {a:+d}, team 1+3 {b:+d}"
            f" (out order {ev['out']}{extra}{'; calls: ' + calls if calls else ''})"
            f" | totals {totals}"
        )
    if kind == "game_over":
        won = "draw" if not ev["winners"] else "seats " + "+".join(map(str, ev["winners"]))
        return f"game over ({ev['reason']}): {won} win, final {' : '.join(map(str, ev['scores']))}"
    return None


def tichu_lines(
    game: Game[Any, Any, Any], record: GameRecord, positions: bool = False
) -> Iterator[str]:
    """Tichu: round by round, the deal, calls, exchange, every play and pass, trick winners,
    round scores with running totals; with ``positions``, each play-phase state as text."""
    phase = ""
    for step in steps(game, record):
        new_round = any(ev["type"] == "hand_dealt" for ev in step.events) and phase != "grand"
        if new_round and step.record.kind == "chance":
            yield f"== round {step.obs['round']} =="
        for ev in step.events:
            line = tichu_event(ev)
            if line is not None:
                yield line
        if step.obs["phase"] == "play" and phase == "exchange":
            yield "  hands after the exchange:"
            for seat, cards in enumerate(step.obs.get("hands") or []):
                yield f"    seat {seat}: {_cards(cards)}"
        if positions and step.state.phase is Phase.PLAY:
            yield f"    position: {to_text(step.state)}"
        phase = step.obs["phase"]


def toepen_event(ev: Json) -> str | None:
    """One Toepen event as a line of the account (None: not worth a line)."""
    kind, seat = ev["type"], ev.get("seat")
    simple = {
        "whistle": "whistles",
        "stand": "stands up",
        "stay": "stays",
        "nolaundry": None,
        "accept": None,
    }
    if kind in simple:
        text = simple[kind]
        return None if text is None else f"  seat {seat} {text}"
    if kind == "dealer_chosen":
        return f"seat {seat} deals first"
    if kind == "laundry":
        return f"  seat {seat} exchanges {_cards(ev['discard'])} for {_cards(ev['drawn'])}"
    if kind == "challenge":
        return (
            f"  seat {seat} challenges seat {ev['exchanger']}: discard {_cards(ev['discard'])},"
            f" seat {ev['loser']} loses {ev['lost']}"
        )
    if kind == "knock":
        return f"  seat {seat} knocks (stake {ev['stake']} if anybody stays)"
    if kind == "poor":
        return f"  seat {seat} plays poor: stake {ev['stake']}"
    if kind == "fold":
        return f"  seat {seat} folds (-{ev['lost']})"
    if kind == "stake":
        return f"  stake is now {ev['stake']}"
    if kind == "play":
        return f"    seat {seat} {ev['card']}"
    if kind == "trick":
        return f"  trick {ev['trick_no']} to seat {ev['winner']}"
    if kind == "four_of_a_kind":
        return f"  seat {seat} shows four of a kind {_cards(ev['cards'])}"
    if kind == "hand_end":
        winner = "nobody" if ev["winner"] is None else f"seat {ev['winner']}"
        losses = ", ".join(f"seat {s} -{n}" for s, n in enumerate(ev["losses"]) if n)
        lives = " ".join(map(str, ev["lives"]))
        return f"  hand won by {winner} ({ev['reason']}); {losses or 'no losses'} | lives {lives}"
    if kind == "game_over":
        losers = ", ".join(f"seat {s}" for s in ev["losers"]) or "nobody"
        winners = ", ".join(f"seat {s}" for s in ev["winners"]) or "nobody"
        return f"game over: {losers} at 0 lives; best {winners}; lives {ev['lives']}"
    return None


def toepen_lines(
    game: Game[Any, Any, Any], record: GameRecord, positions: bool = False
) -> Iterator[str]:
    """Toepen: hand by hand, the deal, signals, exchanges, knocks and answers, every card by
    trick, the losses and the lives after each hand (``positions`` is Tichu-only)."""
    for step in steps(game, record):
        for ev in step.events:
            if ev["type"] == "deal":
                yield f"== hand {ev['hand_no']} (dealer seat {ev['dealer']}) =="
                for seat, cards in enumerate(ev["hands"]):
                    if cards:
                        yield f"  seat {seat} dealt {_cards(cards)}"
                continue
            line = toepen_event(ev)
            if line is not None:
                yield line


Printer = Callable[[Game[Any, Any, Any], GameRecord, bool], Iterator[str]]
PRINTERS: dict[str, Printer] = {"tichu": tichu_lines, "toepen": toepen_lines}
"""Game-specific pretty printers, by game name."""


def lines(record: GameRecord, positions: bool = False) -> Iterator[str]:
    """The printout of ``record`` (``positions``: see ``tichu_lines``)."""
    game = get_game(record.game)
    header = f"{record.game} (rules {record.rules_version}) config {json.dumps(record.config)}"
    yield header
    yield from PRINTERS.get(record.game, generic_lines)(game, record, positions)


def run(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.load(args.file)
        for line in lines(record, args.positions):
            print(line)
    except BrokenPipeError:  # ``cardroom replay FILE | head``
        sys.stderr.close()
        return 0
    except (OSError, KeyError, EngineError) as exc:
        print(f"cardroom replay: {exc}", file=sys.stderr)
        return 2
    return 0
