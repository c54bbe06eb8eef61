"""Replay recorded bot views through a bot level: CPU per decision, and its answers.

Why: a change meant to make the heuristic cheaper must not change what it plays. Record views
with ``bench/bot_wakeups.py --record views.pkl``, then run this before and after the change with
``--answers``; the two answer files must be identical (``cmp``). ``--profile`` prints the hot
functions.

    .venv/bin/python bench/bot_replay.py views.pkl --answers before.txt
"""

from __future__ import annotations

import argparse
import cProfile
import pickle
import pstats
import random
import statistics
import time
from collections import defaultdict

from bot_wakeups import kind_of  # type: ignore[import-not-found]  # bench/ is on the path

from cardroom.bots import SeatView, decide, make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("views")
    parser.add_argument("--level", default="heuristic")
    parser.add_argument("--answers", help="write one answer per line to this file")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with open(args.views, "rb") as f:
        views = [SeatView(*row) for row in pickle.load(f)]
    bot = make_bot("tichu", args.level)
    answers, times = [], []
    by_kind: defaultdict[str, list[float]] = defaultdict(list)
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    for i, view in enumerate(views):
        start = time.thread_time()
        answer = decide(bot, view, random.Random(i))
        times.append(time.thread_time() - start)
        by_kind[kind_of(view, answer)].append(times[-1])
        answers.append(answer or "-")
    if profiler is not None:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    for kind, spent in [("all", times), *sorted(by_kind.items())]:
        spent.sort()
        p99 = spent[int(0.99 * (len(spent) - 1))]
        print(f"{kind:9} {len(spent):6} views: mean {statistics.fmean(spent) * 1e6:5.0f} us, "
              f"p99 {p99 * 1e6:5.0f} us, max {spent[-1] * 1e6:6.0f} us")  # fmt: skip
    if args.answers:
        with open(args.answers, "w") as f:
            f.write("\n".join(answers) + "\n")


if __name__ == "__main__":
    main()
