"""Figures of the Tichu review (``cardroom analyse``) over arena records.

Why: a review is useful only if it separates bad play from good and is stable. For records
of one-round matches with one bot level per seat, this reviews every record twice (two seeds)
and prints, per level: the mean expected loss per unforced decision with a 95 % confidence
interval (bootstrap over rounds: decisions of one round are not independent), the share of
decisions on which the two reviews name the same best action, and the CPU time of a whole
round's review (one core).

    cardroom simulate --game tichu --bots random,search:n=100,heuristic-v1,search:n=100 \\
        --option max_rounds=1 --matches 100 --seed 23 --out /tmp/records --quiet
    nice -n 10 python bench/tichu_review.py /tmp/records \\
        --levels random,search,heuristic-v1,search
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time
from functools import partial
from pathlib import Path

from cardroom.bots.record_review import Decision, review_record
from cardroom.bots.verdicts import ReviewSettings
from cardroom.engine import GameRecord

BOOTSTRAP = 2000


def ci(per_round: list[tuple[float, int]], rng: random.Random) -> tuple[float, float, float]:
    """Mean loss per decision (total loss / decisions) and its 95 % bootstrap interval."""

    def ratio(rows: list[tuple[float, int]]) -> float:
        n = sum(k for _, k in rows)
        return sum(loss for loss, _ in rows) / n if n else 0.0

    draws = sorted(
        ratio([per_round[rng.randrange(len(per_round))] for _ in per_round])
        for _ in range(BOOTSTRAP)
    )
    return ratio(per_round), draws[int(0.025 * BOOTSTRAP)], draws[int(0.975 * BOOTSTRAP) - 1]


def review_twice(
    path: Path, settings: ReviewSettings, seeds: tuple[str, str]
) -> tuple[float, tuple[Decision, ...], tuple[Decision, ...]]:
    """One record's review with each seed, and the CPU seconds of the first (one core)."""
    record = GameRecord.load(path)
    start = time.process_time()
    one = review_record(record, settings, seeds[0])
    seconds = time.process_time() - start
    return seconds, one.decisions, review_record(record, settings, seeds[1]).decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, help="a directory of one-round match records")
    parser.add_argument("--levels", required=True, help="the bot level of each seat, by commas")
    parser.add_argument("--worlds", type=int, default=ReviewSettings().worlds)
    parser.add_argument("--call-worlds", type=int, default=ReviewSettings().call_worlds)
    parser.add_argument(
        "--extend", type=int, default=ReviewSettings().extend, help="at most N x worlds"
    )
    parser.add_argument("--limit", type=int, help="only the first N records")
    parser.add_argument("--seeds", default="1,2", help="the two review seeds")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    parser.add_argument(
        "--jobs", type=int, default=1, help="records reviewed in parallel (CPU is per process)"
    )
    args = parser.parse_args()
    levels = [level.strip() for level in args.levels.split(",")]
    settings = ReviewSettings(args.worlds, args.call_worlds, extend=args.extend)
    seed_a, seed_b = args.seeds.split(",")
    paths = sorted(args.records.glob("*.jsonl"))[: args.limit]
    rows: dict[str, list[tuple[float, int]]] = {level: [] for level in levels}
    labels: dict[str, dict[str, int]] = {level: {} for level in levels}
    agree = total = agree_unforced = unforced = 0
    by_kind: dict[str, list[int]] = {}
    cpu: list[float] = []
    disagreements: list[dict[str, object]] = []
    job = partial(review_twice, settings=settings, seeds=(seed_a, seed_b))
    with multiprocessing.Pool(args.jobs) as pool:
        reviewed = pool.imap(job, paths)
        for seconds, one, two in reviewed:
            cpu.append(seconds)
            per_seat: dict[int, tuple[float, int]] = {}
            for d, e in zip(one, two, strict=True):
                same = d.review.best == e.review.best
                agree += same
                total += 1
                if d.review.forced:
                    continue
                agree_unforced += same
                unforced += 1
                kind = by_kind.setdefault(d.review.kind, [0, 0])
                kind[0] += same
                kind[1] += 1
                loss, n = per_seat.get(d.seat, (0.0, 0))
                per_seat[d.seat] = (loss + d.review.loss, n + 1)
                counts = labels[levels[d.seat]]
                counts[d.review.label] = counts.get(d.review.label, 0) + 1
                if not same:
                    disagreements.append(
                        {
                            "kind": d.review.kind,
                            "action": d.review.action,
                            "best": [d.review.best, e.review.best],
                            "loss": [d.review.loss, e.review.loss],
                            "worlds": [d.review.worlds, e.review.worlds],
                        }
                    )
            for seat, row in per_seat.items():
                rows[levels[seat]].append(row)
    rng = random.Random(0)
    figures: dict[str, object] = {
        "records": len(paths),
        "settings": {
            "worlds": args.worlds,
            "call_worlds": args.call_worlds,
            "extend": args.extend,
            "seeds": [seed_a, seed_b],
        },
        "agreement_all": agree / total,
        "agreement_unforced": agree_unforced / unforced,
        "agreement_unforced_by_kind": {k: a / n for k, (a, n) in sorted(by_kind.items())},
        "cpu_per_round": {
            "mean": statistics.mean(cpu),
            "median": statistics.median(cpu),
            "max": max(cpu),
        },
        "levels": {},
        "disagreements": disagreements,
    }
    print(
        f"{len(paths)} records, worlds={args.worlds}, call_worlds={args.call_worlds},"
        f" extend={args.extend}"
    )
    for level in dict.fromkeys(levels):
        mean, low, high = ci(rows[level], rng)
        n = sum(k for _, k in rows[level])
        figures["levels"][level] = {  # type: ignore[index]
            "mean_loss": mean,
            "ci95": [low, high],
            "decisions": n,
            "labels": labels[level],
        }
        print(
            f"{level:14s} mean loss per unforced decision {mean:6.2f}"
            f"  95% CI [{low:.2f}, {high:.2f}]  ({n} decisions; labels {labels[level]})"
        )
    print(
        f"same best action with seeds {seed_a} and {seed_b}: {100 * agree / total:.1f}% of"
        f" {total} decisions ({100 * agree_unforced / unforced:.1f}% of {unforced} unforced)"
    )
    kinds = ", ".join(f"{k} {100 * a / n:.1f}% of {n}" for k, (a, n) in sorted(by_kind.items()))
    print(f"unforced, by kind: {kinds}")
    c = figures["cpu_per_round"]
    print(
        f"CPU seconds per round's review (one core): mean {c['mean']:.2f}, "  # type: ignore[index]
        f"median {c['median']:.2f}, max {c['max']:.2f}"  # type: ignore[index]
    )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
