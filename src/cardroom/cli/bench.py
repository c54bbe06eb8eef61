"""``cardroom bench``: engine throughput of any registered game under uniform random play.

Figures: actions applied per second, observations built per second (one per seat per action,
as a server fanning out to every seat would), and finished games per second. For Tichu's
per-position legal-move figures see ``bench/engine.py``. ``--fastsim`` instead counts full
random Tichu rounds through the simulator search bots use.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardroom.engine import Runner, SeededResolver, get_game
from cardroom.engine.testing import choose


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("bench", help="engine throughput under random play")
    parser.add_argument("--game", default="tichu", help="registered game name (default tichu)")
    parser.add_argument("--seats", type=int, help="number of seats (game default if omitted)")
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random play")
    parser.add_argument(
        "--fastsim",
        action="store_true",
        help="Tichu only: full random rounds through the bots' simulator (games/tichu/fastsim)",
    )
    parser.set_defaults(func=run)


def rate(fn: Callable[[], Any], seconds: float) -> tuple[float, Any]:
    """Calls of ``fn`` per second over about ``seconds``; also returns its last result."""
    count, result = 0, None
    start = time.perf_counter()
    while True:
        for _ in range(20):
            result = fn()
        count += 20
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed, result


@dataclass(frozen=True, slots=True)
class Throughput:
    actions: int
    observations: int
    games: int
    seconds: float

    def render(self, game: str) -> str:
        s = self.seconds
        return (
            f"{game}: {self.actions / s:,.0f} actions/s, {self.observations / s:,.0f}"
            f" observations/s, {self.games / s:,.2f} games/s ({self.games} games in {s:.1f} s)"
        )


def random_play(game_name: str, seats: int | None, seconds: float, seed: int) -> Throughput:
    """Uniform random play for ``seconds``, starting a new seeded game whenever one ends."""
    game = get_game(game_name)
    config = game.default_config(seats)
    n = game.num_seats(config)
    rng = random.Random(seed)
    actions = observations = games = 0
    runner: Runner[Any, Any, Any] = Runner(game, config, SeededResolver(seed))
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        if game.is_terminal(runner.state):
            games += 1
            runner = Runner(game, config, SeededResolver(rng.randrange(2**32)))
        seat, action = choose(game, runner.state, rng)
        runner.act(seat, action)
        for audience in range(n):
            game.observe(runner.state, audience).to_json()
        actions += 1
        observations += n
    return Throughput(actions, observations, games, elapsed)


def fastsim_rounds(seconds: float, seed: int) -> tuple[int, float]:
    """Full random Tichu rounds (deal, exchange, play, score) through ``fastsim`` for about
    ``seconds``: (rounds, elapsed seconds)."""
    from cardroom.games.tichu.fastsim import Sim, random_policy  # Tichu only

    rng = random.Random(seed)
    rounds, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        Sim.deal(rng).rollout(random_policy, rng)
        rounds += 1
    return rounds, elapsed


def run(args: argparse.Namespace) -> int:
    if args.fastsim:
        if args.game != "tichu":
            print("cardroom bench: --fastsim is for Tichu only", file=sys.stderr)
            return 2
        rounds, elapsed = fastsim_rounds(args.seconds, args.seed)
        print(
            f"tichu fastsim: {rounds / elapsed:,.0f} random rounds/s"
            f" ({rounds} rounds in {elapsed:.1f} s)"
        )
        return 0
    try:
        result = random_play(args.game, args.seats, args.seconds, args.seed)
    except (KeyError, ValueError) as exc:
        print(f"cardroom bench: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    print(result.render(args.game))
    return 0
