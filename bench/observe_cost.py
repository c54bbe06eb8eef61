"""CPU cost of the Tichu engine's per-action server work (not a test):
``python bench/observe_cost.py [--matches N] [--repeats R]``.

Heuristic bots play ``--matches`` seeded matches (2 rounds each); their states are then
replayed interleaved match by match, as many tables' records reach one server, so the per-hand
memo tables see the mix of hands a busy server has. Every state is a fresh copy, as each stored
record makes a state object nobody has observed yet. Figures, CPU µs per call
(``time.process_time``, median and range of ``--repeats`` passes over all states):

* ``observe(state, seat).to_json()`` for the seat that acts next, for another seat, and for a
  spectator, each on its own fresh state (nothing shared with another audience);
* ``all 5 audiences``: the four seats and a spectator on one fresh state (what a record costs
  when every audience is observed), per state;
* ``apply(state, seat, action)`` of the action that was played.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time
from collections.abc import Callable
from itertools import zip_longest
from typing import Any

from cardroom.bots.arena.match import play_match
from cardroom.bots.registry import make_bot
from cardroom.engine import get_game
from cardroom.engine.types import SPECTATOR
from cardroom.games.tichu import combos
from cardroom.games.tichu.actions import TichuAction
from cardroom.games.tichu.config import TichuConfig
from cardroom.games.tichu.state import TichuState

Move = tuple[TichuState, int, TichuAction]
GAME = get_game("tichu")


def match_moves(seed: int) -> list[Move]:
    """Every (state, seat, action) of one heuristic match, in order."""
    bots = [make_bot("tichu", "heuristic") for _ in range(4)]
    result = play_match(GAME, TichuConfig(max_rounds=2), bots, f"observe-cost/{seed}")
    state: TichuState = GAME.new(TichuConfig(max_rounds=2))
    moves: list[Move] = []
    for record in result.record.records:
        if record.kind == "chance":
            state = GAME.apply_chance(state, _chance(record.text)).state
        elif record.kind in ("action", "timeout"):
            assert record.seat is not None
            action = GAME.parse_action(record.text)
            moves.append((state, record.seat, action))
            state = GAME.apply(state, record.seat, action).state
    return moves


def _chance(text: str) -> Any:
    from cardroom.engine.chance import ChanceOutcome

    return ChanceOutcome.parse(text)


def interleave(matches: list[list[Move]]) -> list[Move]:
    """Step k of every match, then step k+1: many tables' records arriving together."""
    return [m for step in zip_longest(*matches) for m in step if m is not None]


def per_call(moves: list[Move], work: Callable[[TichuState, int, TichuAction], object]) -> float:
    """CPU µs per move of ``work`` on fresh copies of the states (built outside the timing)."""
    fresh = [(state.replace(), seat, action) for state, seat, action in moves]
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        for state, seat, action in fresh:
            work(state, seat, action)
        return (time.process_time() - start) / len(fresh) * 1e6
    finally:
        gc.enable()


def observe_mover(state: TichuState, seat: int, _: TichuAction) -> object:
    return GAME.observe(state, seat).to_json()


def observe_other(state: TichuState, seat: int, _: TichuAction) -> object:
    return GAME.observe(state, (seat + 2) % 4).to_json()


def observe_spectator(state: TichuState, _: int, __: TichuAction) -> object:
    return GAME.observe(state, SPECTATOR).to_json()


def observe_all(state: TichuState, _: int, __: TichuAction) -> object:
    return [GAME.observe(state, a).to_json() for a in (0, 1, 2, 3, SPECTATOR)]


def apply(state: TichuState, seat: int, action: TichuAction) -> object:
    return GAME.apply(state, seat, action)


FIGURES: dict[str, Callable[[TichuState, int, TichuAction], object]] = {
    "observe, seat to act": observe_mover,
    "observe, another seat": observe_other,
    "observe, spectator": observe_spectator,
    "observe, all 5 audiences (per state)": observe_all,
    "apply": apply,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40, help="heuristic matches (tables)")
    parser.add_argument("--repeats", type=int, default=7, help="passes over all states")
    args = parser.parse_args()
    moves = interleave([match_moves(seed) for seed in range(args.matches)])
    build = "pure Python" if combos.__file__.endswith(".py") else "compiled (scripts/compile.sh)"
    load = os.getloadavg()
    print(
        f"{len(moves):,} moves of {args.matches} heuristic matches, interleaved; {build};"
        f" load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)"
    )
    samples: dict[str, list[float]] = {name: [] for name in FIGURES}
    for _ in range(args.repeats):  # passes alternate between figures: load drifts evenly
        for name, work in FIGURES.items():
            samples[name].append(per_call(moves, work))
    print(f"{'CPU us per call':<40} {'median':>8} {'min':>8} {'max':>8}")
    for name, values in samples.items():
        print(
            f"{name:<40} {statistics.median(values):>8.1f} {min(values):>8.1f} {max(values):>8.1f}"
        )
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
