"""Seconds per searched decision of the Tichu ``search`` bot, at a fixed world count or at a
time budget.

Why: ``search:n=N`` measures strength independently of the machine's load; this maps N back to
seconds on this machine (run it on a quiet core and say the load). With ``--budget S`` (the
default level, ``search``, has 1 s) it checks that a decision keeps to its budget: wall and CPU
seconds, p50, p99 and max. Only decisions that reach the search (several candidates) are
timed; forced and trivial answers are not.

    python bench/tichu_search_speed.py --worlds 100 --rounds 4
    python bench/tichu_search_speed.py --budget 1 --rounds 6
    python bench/tichu_search_speed.py --worlds 30 --infer --guarded --rounds 12
    python bench/tichu_search_speed.py --worlds 200 --infer --support --rounds 12  # stake=200
    python bench/tichu_search_speed.py --budget 1 --infer --support --reads --rounds 6
    python bench/tichu_search_speed.py --worlds 30 --infer --support --reads --follows --rounds 4
"""

from __future__ import annotations

import argparse
import os
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
    cpu: list[float]

    def search(
        self, view: SeatView, texts: Sequence[str], rng: random.Random, deadline: float
    ) -> str:
        start, cpu = time.perf_counter(), time.process_time()
        try:
            return super().search(view, texts, rng, deadline)
        finally:
            self.times.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument(
        "--budget", type=float, help="seconds per decision (the time budget) instead of --worlds"
    )
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", default="speed")
    parser.add_argument("--infer", action="store_true", help="worlds weighed by the calls")
    parser.add_argument("--guarded", action="store_true", help="the guarded rollout policy")
    parser.add_argument("--support", action="store_true", help="the supporting rollout policy")
    parser.add_argument("--reads", action="store_true", help="worlds weighed by the passes too")
    parser.add_argument(
        "--follows", action="store_true", help="worlds weighed by the plays and gifts too"
    )
    args = parser.parse_args()
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    times: list[float] = []
    cpu: list[float] = []
    for r in range(args.rounds):
        options = {"infer": args.infer, "guarded": args.guarded, "support": args.support}
        options["reads"] = args.reads
        options["follows"] = args.follows
        if args.budget is not None:
            bot = TimedSearch(budget=args.budget, **options)
        else:
            bot = TimedSearch(worlds=args.worlds, **options)
        bot.times, bot.cpu = times, cpu
        bots = [
            bot,
            make_bot("tichu", "heuristic"),
            make_bot("tichu", "heuristic"),
            make_bot("tichu", "heuristic"),
        ]
        play_match(game, config, bots, f"{args.seed}/{r}")
    what = f"budget {args.budget:g} s" if args.budget is not None else f"n={args.worlds}"
    what += "".join(f", {name}" for name, on in options.items() if on)
    print(f"{what}: {len(times)} searched decisions, load average {os.getloadavg()[0]:.1f}")
    for name, values in (("wall", times), ("CPU", cpu)):
        q = statistics.quantiles(values, n=100, method="inclusive")
        print(
            f"  {name}: p10 {q[9]:.3f} s, p50 {statistics.median(values):.3f} s,"
            f" p90 {q[89]:.3f} s, p99 {q[98]:.3f} s, max {max(values):.3f} s,"
            f" mean {statistics.fmean(values):.3f} s"
        )


if __name__ == "__main__":
    main()
