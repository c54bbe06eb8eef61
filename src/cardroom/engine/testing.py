"""Conformance checks reused by every game's tests (OpenSpiel ``games_sim_test`` style).

``play_random`` plays a seeded random game to the end; ``check_step`` asserts the per-state
invariants (``check_awaited`` among them); ``check_game`` runs both and checks replay and the
record round-trip; ``check_game_type`` plays games and checks the game's declared ``GameType``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardroom.engine.chance import SeededResolver
from cardroom.engine.errors import EngineError, IllegalActionError
from cardroom.engine.game import Game
from cardroom.engine.gametype import ChanceMode, Dynamics, Information, Utility
from cardroom.engine.record import GameRecord
from cardroom.engine.runner import Runner, apply_record, replay
from cardroom.engine.types import SPECTATOR

AnyGame = Game[Any, Any, Any]


def choose(game: AnyGame, state: Any, rng: random.Random) -> tuple[int, Any]:
    """A uniformly random (seat, action) among all active seats' legal actions."""
    seats = sorted(game.active_seats(state))
    seat = rng.choice(seats)
    return seat, rng.choice(game.legal_actions(state, seat))


def play_random(
    game: AnyGame, config: Any, seed: int, max_steps: int = 200_000, checks: bool = False
) -> Runner[Any, Any, Any]:
    """Play a seeded random game to its end; with ``checks``, run ``check_step`` on every state."""
    runner: Runner[Any, Any, Any] = Runner(game, config, SeededResolver(seed))
    rng = random.Random(seed)
    for _ in range(max_steps):
        if game.is_terminal(runner.state):
            return runner
        if checks:
            check_step(game, runner.state, game.num_seats(config), rng)
        seat, action = choose(game, runner.state, rng)
        runner.act(seat, action)
    raise AssertionError(f"{game.name}: no end after {max_steps} steps (seed {seed})")


def check_awaited(game: AnyGame, state: Any, n: int) -> None:
    """``awaited``, the one source of who owes a move: active seats only, the same list in every
    audience's observation, and somebody while the game is live (nobody once it is over)."""
    awaited = game.awaited(state)
    assert awaited <= game.active_seats(state), f"awaited {set(awaited)} not all active"
    for audience in [*range(n), SPECTATOR]:
        shown = game.observe(state, audience).to_json().get("awaited")
        assert shown == sorted(awaited), f"{audience!r} is shown awaited={shown}, not {awaited}"
    live = not game.is_terminal(state) and game.pending_chance(state) is None
    assert bool(awaited) == live, f"awaited={set(awaited)} while live={live}"
    if game.game_type.dynamics is Dynamics.SEQUENTIAL:
        assert len(awaited) <= 1, f"a sequential game awaits {set(awaited)}"
    if not game.game_type.interrupts:
        assert game.active_seats(state) == awaited, "an active seat that owes no move"


def check_step(game: AnyGame, state: Any, n: int, rng: random.Random) -> None:
    """Invariants of one non-terminal state of ``n`` seats; raises ``AssertionError``."""
    active = game.active_seats(state)
    assert active, "a non-terminal state must have an active seat"
    check_awaited(game, state, n)
    seats = range(n)
    for seat in seats:
        legal = game.legal_actions(state, seat)
        assert bool(legal) == (seat in active), (
            f"seat {seat}: active={seat in active}, legal={legal}"
        )
        texts = {game.format_action(a) for a in legal}
        for action in legal:
            text = game.format_action(action)
            assert game.format_action(game.parse_action(text)) == text, f"round-trip {text!r}"
        for text in game.sample_action_texts(state, seat, rng):
            try:
                action = game.parse_action(text)
            except EngineError:
                continue
            canonical = game.format_action(action)
            if canonical in texts:
                game.apply(state, seat, action)
            else:
                try:
                    step = game.apply(state, seat, action)
                except IllegalActionError:
                    continue
                # An accepted shorthand (an undeclared Phoenix) must act as a listed action.
                if not any(game.apply(state, seat, a).state == step.state for a in legal):
                    raise AssertionError(f"seat {seat}: unlisted {canonical!r} was accepted")
    for audience in [*seats, SPECTATOR]:
        json.dumps(game.observe(state, audience).to_json())
    for seat in seats:
        other = game.resample_hidden(state, seat, rng)
        mine = game.observe(state, seat).to_json()
        assert game.observe(other, seat).to_json() == mine, f"seat {seat} sees resampled cards"


def check_game(game: AnyGame, config: Any, seed: int) -> Runner[Any, Any, Any]:
    """A checked random game: per-step invariants, replay and record round-trip."""
    runner = play_random(game, config, seed, checks=True)
    assert game.outcome(runner.state) is not None
    assert replay(game, config, runner.records) == runner.state, "replay differs"
    text = runner.to_record().to_jsonl()
    again = Runner.from_record(game, GameRecord.from_jsonl(text))
    assert again.state == runner.state and again.to_record().to_jsonl() == text
    return runner


@dataclass
class Seen:
    """What random play showed of a game's kind, for ``check_game_type``."""

    chance: bool = False
    simultaneous: bool = False
    interrupts: bool = False
    hidden: bool = False
    score_sums: set[int] | None = None


def check_game_type(game: AnyGame, configs: Iterable[Any], seeds: Iterable[int]) -> Seen:
    """Play seeded random games under ``configs`` and check each claim of ``game.game_type``
    both ways: what it allows never shows up if not declared, and what it declares shows up."""
    kind = game.game_type
    assert (kind.min_seats, kind.max_seats) == (game.min_seats, game.max_seats), "seat range"
    seen = Seen(score_sums=set())
    for config in configs:
        n = game.num_seats(config)
        assert kind.min_seats <= n <= kind.max_seats, f"{n} seats outside the declared range"
        for seed in seeds:
            runner = play_random(game, config, seed)
            seen.chance |= any(r.kind == "chance" for r in runner.records)
            state = replay(game, config, ())
            for record in runner.records:
                _look(game, state, n, seen)
                state, _ = apply_record(game, state, record)
            outcome = game.outcome(state)
            assert outcome is not None and seen.score_sums is not None
            seen.score_sums.add(sum(outcome.scores))
    assert seen.chance == (kind.chance_mode is ChanceMode.EXPLICIT_STOCHASTIC), "chance mode"
    assert seen.simultaneous == (kind.dynamics is Dynamics.SIMULTANEOUS), "dynamics"
    assert seen.interrupts == kind.interrupts, "interrupts"
    assert seen.hidden == (kind.information is Information.IMPERFECT), "information"
    sums = seen.score_sums or set()
    if kind.utility is Utility.ZERO_SUM:
        assert sums == {0}, f"zero-sum scores summed to {sums}"
    elif kind.utility is Utility.CONSTANT_SUM:
        assert len(sums) == 1, f"constant-sum scores summed to {sums}"
    return seen


def _look(game: AnyGame, state: Any, n: int, seen: Seen) -> None:
    if game.is_terminal(state) or game.pending_chance(state) is not None:
        return
    check_awaited(game, state, n)
    awaited, active = game.awaited(state), game.active_seats(state)
    seen.simultaneous |= len(awaited) > 1
    seen.interrupts |= active != awaited
    if not seen.hidden:
        public = _shared(game.observe(state, SPECTATOR).to_json())
        seen.hidden = any(_shared(game.observe(state, s).to_json()) != public for s in range(n))


def _shared(obs: dict[str, Any]) -> dict[str, Any]:
    """An observation without what only says who looks (a seat sees more only if it is
    shown something hidden from the spectator)."""
    return {k: v for k, v in obs.items() if k not in ("audience", "legal")}


def perft(game: AnyGame, state: Any, depth: int) -> int:
    """The number of action sequences of ``depth`` moves from ``state`` (python-chess's perft):
    every active seat's every legal action, out-of-turn ones included. A terminal state or one
    waiting for chance ends a line early (it counts once). Pins move generation on fixed
    positions: a changed count means the rules changed."""
    if depth == 0 or game.is_terminal(state) or game.pending_chance(state) is not None:
        return 1
    total = 0
    for seat in sorted(game.active_seats(state)):
        for action in game.legal_actions(state, seat):
            total += perft(game, game.apply(state, seat, action).state, depth - 1)
    return total
