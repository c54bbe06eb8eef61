"""Merge ``cardroom arena --json`` reports of one pairing over disjoint ``--start`` ranges.

Why: a slow pairing (a search level) is best run in chunks of a few pairs each (``--start 0
--pairs 10``, ``--start 10 --pairs 10``, ...): a chunk that finishes is kept even if the run
is stopped, and several chunks may run side by side. The pair values are independent, so the
merged mean and its 95 % CI are exact from each chunk's count, mean and standard deviation.

    python bench/arena_merge.py chunks/strong-casual-*.json

A ``--pool`` report holds one report per pairing; each pairing is merged over the chunks.

``--paired`` compares the levels that played the same deals against the same member (``--pool
… --a "L1 L2"``): per deal pair, L1's value minus L2's, so the deals' luck cancels and the
CI is that of the difference, not two CIs side by side.

    python bench/arena_merge.py --paired final-*.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from pathlib import Path
from typing import Any

from cardroom.bots.stats import MeanCI, mean_ci


def merge_diffs(parts: list[dict[str, Any]]) -> MeanCI:
    """The pooled mean and sample standard deviation of several ``diff_per_round`` figures.

    >>> merged = merge_diffs([{"n": 2, "mean": 1.0, "sd": 0.0}, {"n": 2, "mean": 3.0, "sd": 0.0}])
    >>> merged.n, merged.mean, round(merged.sd, 4)
    (4, 2.0, 1.1547)
    """
    n = sum(int(p["n"]) for p in parts)
    mean = sum(p["n"] * p["mean"] for p in parts) / n
    squares = sum((p["n"] - 1) * p["sd"] ** 2 + p["n"] * p["mean"] ** 2 for p in parts)
    return MeanCI(n, mean, math.sqrt(max(0.0, squares - n * mean**2) / (n - 1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument(
        "--paired", action="store_true", help="also each two levels' difference on the same deals"
    )
    args = parser.parse_args()
    loaded = [json.loads(path.read_text()) for path in args.reports]
    rows = [row for r in loaded for row in r.get("pool", [r])]
    seeds = {r["seed"] for r in rows}
    if len(seeds) != 1:
        raise SystemExit(f"reports of different seeds: {sorted(seeds)}")
    pairings: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows:
        pairings.setdefault((row["a"], row["b"]), []).append(row)
    for reports in pairings.values():
        report(reports)
    if args.paired:
        for line in paired(pairings):
            print(line)


def paired(pairings: dict[tuple[str, str], list[dict[str, Any]]]) -> list[str]:
    """Per member and over all members, each two levels' mean difference on shared deals.

    >>> rows = lambda a, values: [{"a": a, "pair_values": list(enumerate(values))}]
    >>> pairings = {("x", "m"): rows("x", [3.0, 5.0, 1.0]), ("y", "m"): rows("y", [1.0] * 3)}
    >>> print("\\n".join(paired(pairings)))
    x − y against m: 3 shared deal pairs, +2.0 pts/round, 95 % CI [-0.3, +4.3]
    x − y over all members: 3 deal pairs, +2.0 pts/round, 95 % CI [-0.3, +4.3]
    """
    values: dict[tuple[str, str], dict[int, float]] = {}
    for (a, b), reports in pairings.items():
        for r in reports:
            values.setdefault((a, b), {}).update((i, v) for i, v in r.get("pair_values", ()))
    levels = sorted({a for a, _ in values}, key=[a for a, _ in values].index)
    members = sorted({b for _, b in values}, key=[b for _, b in values].index)
    lines = []
    for first, second in itertools.combinations(levels, 2):
        every: list[float] = []
        for member in members:
            one, two = values.get((first, member), {}), values.get((second, member), {})
            diffs = [one[i] - two[i] for i in sorted(one.keys() & two.keys())]
            every += diffs
            if len(diffs) > 1:
                lines.append(f"{first} − {second} against {member}: {describe(diffs, 'shared ')}")
        if len(every) > 1:
            lines.append(f"{first} − {second} over all members: {describe(every, '')}")
    return lines


def describe(diffs: list[float], shared: str) -> str:
    ci = mean_ci(diffs)
    return (
        f"{ci.n} {shared}deal pairs, {ci.mean:+.1f} pts/round, "
        f"95 % CI [{ci.low:+.1f}, {ci.high:+.1f}]"
    )


def report(reports: list[dict[str, Any]]) -> None:
    """Print one pairing's merged figure and its sides' calls."""
    starts = sorted((r["start"], r["start"] + r["pairs"]) for r in reports)
    if any(end > start for (_, end), (start, _) in itertools.pairwise(starts)):
        raise SystemExit(f"overlapping deal ranges: {starts}")
    diff = merge_diffs([r["diff_per_round"] for r in reports])
    a, b, seed = reports[0]["a"], reports[0]["b"], reports[0]["seed"]
    print(
        f"{a} (A) vs {b} (B), seed {seed}: {diff.n} deal pairs, A − B = {diff.mean:+.1f} "
        f"pts/round, 95 % CI [{diff.low:+.1f}, {diff.high:+.1f}]"
    )
    for side in ("A", "B"):
        rows = [r["sides"][side] for r in reports]
        rounds = sum(s["rounds"] for s in rows)
        tichu = sum(s["tichu_calls"] for s in rows)
        made = sum(round(s["tichu_made"] * s["tichu_calls"]) for s in rows)
        grand = sum(s["grand_calls"] for s in rows)
        grand_made = sum(round(s["grand_made"] * s["grand_calls"]) for s in rows)
        doubles = sum(round(s["double_victory_rate"] * s["rounds"]) for s in rows)
        print(
            f"  {side}: Tichu {tichu} calls in {2 * rounds} player-rounds, {made} made; "
            f"Grand {grand}, {grand_made} made; double victories {doubles} in {rounds} rounds; "
            f"act p99 up to {max(s['act_ms_p99'] for s in rows):.0f} ms (per chunk)"
        )


if __name__ == "__main__":
    main()
