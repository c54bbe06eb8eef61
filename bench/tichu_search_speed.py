"""Seconds per searched decision of the Tichu ``search`` bot at a fixed world count.

Why: ``search:n=N`` measures strength independently of the machine's load; this maps N back to
seconds on this machine (run it on a quiet core and say the load). Only decisions that reach
the search (several candidates) are timed; forced and trivial answers are not.

    python bench/tichu_search_speed.py --worlds 100 --rounds 4
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from cardroom.bots import SeatView, make_bot
from cardroom.bots.arena.match import play_match
from cardroom.bots.tichu.search import TichuSearchBot
from cardroom.engine import get_game


class TimedSearch(TichuSearchBot):
    """The search bot, timing each call of its search."""

    times: list[float]

    def search(
        self, view: SeatView, texts: Sequence[str], rng: random.Random, deadline: float
    ) -> str:
        start = time.perf_counter()
        try:
            return super().search(view, texts, rng, deadline)
        finally:
            self.times.append(time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", default="speed")
    args = parser.parse_args()
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    times: list[float] = []
    for r in range(args.rounds):
        bot = TimedSearch(worlds=args.worlds)
        bot.times = times
        bots = [
            bot,
            make_bot("tichu", "heuristic"),
            make_bot("tichu", "heuristic"),
            make_bot("tichu", "heuristic"),
        ]
        play_match(game, config, bots, f"{args.seed}/{r}")
    times.sort()
    q = statistics.quantiles(times, n=20)
    print(
        f"n={args.worlds}: {len(times)} searched decisions, p50 {statistics.median(times):.3f} s,"
        f" p10 {q[1]:.3f} s, p90 {q[-2]:.3f} s, mean {statistics.fmean(times):.3f} s"
    )


if __name__ == "__main__":
    main()
