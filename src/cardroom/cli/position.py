"""``cardroom position TEXT``: show a Tichu position (``games/tichu/position.py``) and its moves.

Prints the position readably (each seat's hand, call and pile, the trick, whose turn, the wish)
and every active seat's legal moves with the combination each play makes. Seats are counted
from 1, as people count them everywhere (``--seat``, the seat lines, a move's seat); the
position text and the observation JSON keep the notation's count from 0. ``--seat N`` prints
instead what seat N observes (its observation JSON, as the server would send it);
``--omniscient`` the omniscient observation (every hand); ``--perft D`` the number of move
sequences of each depth up to D (``engine.testing.perft``). A text that does not parse or a
position that cannot occur is reported with the reason (exit code 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from cardroom.cli import seat_of
from cardroom.engine import OMNISCIENT
from cardroom.engine.errors import EngineError
from cardroom.engine.testing import perft
from cardroom.games.tichu import GAME
from cardroom.games.tichu.actions import rank_text
from cardroom.games.tichu.cards import format_cards, mask_points
from cardroom.games.tichu.position import from_text, to_text
from cardroom.games.tichu.rules import combo_of
from cardroom.games.tichu.state import SEATS, TichuState
from cardroom.i18n import seat_number
from cardroom.tui.prompt import for_people


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "position", help="show a Tichu position (one line of text) and its legal moves"
    )
    parser.add_argument("text", help="the position, e.g. 'hands MJ 2K / ... | turn 0 | ...'")
    view = parser.add_mutually_exclusive_group()
    view.add_argument("--seat", type=int, help="print this seat's view (seats count from 1: 1..4)")
    view.add_argument("--omniscient", action="store_true", help="print the omniscient observation")
    view.add_argument(
        "--perft", type=int, metavar="DEPTH", help="print move-sequence counts for depths 1..DEPTH"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        audience = None if args.seat is None else seat_of(args.seat, SEATS)
        state = from_text(args.text)
    except (EngineError, ValueError) as exc:
        print(f"cardroom position: {exc}", file=sys.stderr)
        return 2
    if args.perft is not None:
        for depth in range(1, args.perft + 1):
            print(f"perft {depth}: {perft(GAME, state, depth)}")
        return 0
    if args.omniscient or audience is not None:
        seen = OMNISCIENT if audience is None else audience
        print(json.dumps(GAME.observe(state, seen).to_json(), indent=1))
        return 0
    for line in describe(state):
        print(line)
    return 0


def describe(state: TichuState) -> Iterator[str]:
    """The position as lines of text, then the legal moves of every active seat (seats counted
    from 1, as people count them; the position text keeps the notation's count from 0)."""
    yield to_text(state)
    yield f"round {state.round}, score {state.scores[0]}:{state.scores[1]} (seats 1+3 : 2+4)"
    for seat in range(SEATS):
        hand = state.hands[seat]
        notes = [f"{hand.bit_count():2} cards"]
        if state.calls[seat]:
            notes.append(state.calls[seat])
        if seat in state.out:
            notes.append(f"out #{state.out.index(seat) + 1}")
        notes.append(f"pile {mask_points(state.piles[seat])} pts")
        yield f"  seat {seat_number(seat)}: {format_cards(hand) or '-':46} {', '.join(notes)}"
    for play in state.trick:
        yield f"  trick: seat {seat_number(play.seat)} {play.combo}"
    yield "  " + _status(state)
    for seat in sorted(GAME.active_seats(state)):
        yield f"seat {seat_number(seat)} may:"
        for action in GAME.legal_actions(state, seat):
            combo = combo_of(state, seat, action)
            yield f"  {for_people(str(action)):36} {'' if combo is None else combo.describe()}"


def _status(state: TichuState) -> str:
    parts = [f"turn: seat {'-' if state.turn is None else seat_number(state.turn)}"]
    if state.wisher is not None:
        parts.append(f"seat {seat_number(state.wisher)} names its wish")
    elif state.wish is not None:
        parts.append(f"wish {rank_text(state.wish)}")
    if state.dragon_pending:
        parts.append("the Dragon's trick is to be given away")
    elif state.trick_over:
        parts.append("trick won, waiting for the lead (or a bomb onto it)")
    passed = [s for s in range(SEATS) if state.passed >> s & 1]
    if passed:
        parts.append(f"passed: {' '.join(str(seat_number(s)) for s in passed)}")
    return "; ".join(parts)
