"""Milliseconds per decision of a fast Tichu level, as wall time and as this thread's CPU time.

Why: the heuristic must answer within 5 ms at the 99th percentile (it is the server's default,
the timeout move and the search's fallback). On a shared, loaded machine the wall time of a
decision includes the time the process waits for a core; the thread's CPU time does not, so it
is the figure to compare with the budget there (say the load when you quote either).

    python bench/tichu_heuristic_speed.py --level heuristic --rounds 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardroom.bots import SeatView, make_bot
from cardroom.bots.arena.match import play_match
from cardroom.bots.protocol import Bot
from cardroom.engine import get_game


class Timed:
    """A bot whose ``act`` calls are timed (wall and thread CPU, milliseconds)."""

    def __init__(self, bot: Bot, wall: list[float], cpu: list[float]) -> None:
        self.bot, self.name, self.wall, self.cpu = bot, bot.name, wall, cpu

    def act(self, view: SeatView, rng: random.Random) -> str:
        wall, cpu = time.perf_counter(), time.thread_time()
        action = self.bot.act(view, rng)
        self.cpu.append(1000 * (time.thread_time() - cpu))
        self.wall.append(1000 * (time.perf_counter() - wall))
        return action


def summary(name: str, values: list[float]) -> str:
    q = statistics.quantiles(values, n=100)
    p50, top = statistics.median(values), max(values)
    return f"{name}: p50 {p50:.3f} ms, p99 {q[98]:.3f} ms, max {top:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="heuristic")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", default="speed")
    args = parser.parse_args()
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    wall: list[float] = []
    cpu: list[float] = []
    for r in range(args.rounds):
        bots = [Timed(make_bot("tichu", args.level), wall, cpu) for _ in range(4)]
        play_match(game, config, bots, f"{args.seed}/{r}")
    print(f"{args.level}, {len(wall)} decisions over {args.rounds} rounds (four seats)")
    print(summary("wall", wall))
    print(summary("cpu ", cpu))


if __name__ == "__main__":
    main()
