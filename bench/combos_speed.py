"""Tichu play generation, this tree against a pinned reference ``combos.py``, in CPU time.

``python bench/combos_speed.py [--ref COMMIT] [--hands N] [--reps N]``

The reference is ``git show COMMIT:src/cardroom/games/tichu/combos.py`` loaded as a module of
its own (it imports this tree's ``cards``), so both generators list the very same hands in one
process: every lead of random 14- and 7-card hands, and follows of random hands onto a top drawn
from another hand's leads (a random kind first, then a random play of it). Each listing is
checked equal to the reference's before timing. Per workload: µs per listing for both and the
ratio, the mean over ``--reps`` alternating reps.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from cardroom.games.tichu import combos

ROOT = Path(__file__).resolve().parents[1]


def reference(commit: str) -> ModuleType:
    """The ``combos`` module of ``commit``, loaded under the name ``combos_ref``."""
    source = subprocess.run(
        ["git", "show", f"{commit}:src/cardroom/games/tichu/combos.py"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "combos_ref.py"
    path.write_bytes(source)
    spec = importlib.util.spec_from_file_location("combos_ref", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["combos_ref"] = module
    spec.loader.exec_module(module)
    return module


def workloads(rng: random.Random, n: int) -> dict[str, list[tuple[int, Any]]]:
    """Named lists of (hand, top as a reference-free tuple or None)."""
    leads14, leads7, follows14, follows7 = [], [], [], []
    for _ in range(n):
        deck = rng.sample(range(56), 56)
        hand = sum(1 << c for c in deck[:14])
        other = sum(1 << c for c in deck[14:28])
        leads14.append((hand, None))
        leads7.append((sum(1 << c for c in deck[:7]), None))
        options = combos.generate_plays(other, None)
        kind = rng.choice(sorted({c.kind for c in options}))
        top = rng.choice([c for c in options if c.kind == kind])
        follows14.append((hand, tuple(top)))
        follows7.append((sum(1 << c for c in deck[:7]), tuple(top)))
    return {"lead 14": leads14, "lead 7": leads7, "follow 14": follows14, "follow 7": follows7}


def timer(module: ModuleType, cases: list[tuple[int, Any]]) -> Callable[[], float]:
    """CPU seconds to list every case with ``module.generate_plays``."""
    combo = module.Combo
    prepared = [(h, None if t is None else combo(module.Kind(t[0]), *t[1:])) for h, t in cases]
    generate = module.generate_plays

    def run() -> float:
        start = time.process_time()
        for hand, top in prepared:
            generate(hand, top)
        return time.process_time() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ref = reference(args.ref)
    print(f"reference {args.ref}; ours compiled: {not str(combos.__file__).endswith('.py')}")
    for name, cases in workloads(random.Random(args.seed), args.hands).items():
        ours, theirs = timer(combos, cases), timer(ref, cases)
        for hand, top in cases:  # the same combos in the same order
            mine = combos.generate_plays(hand, None if top is None else combos.Combo(*top))
            old = ref.generate_plays(hand, None if top is None else ref.Combo(*top))
            assert [tuple(c) for c in mine] == [tuple(c) for c in old], (hand, top)
        t_ours, t_ref = [], []
        for rep in range(args.reps):
            if rep % 2:
                t_ref.append(theirs())
                t_ours.append(ours())
            else:
                t_ours.append(ours())
                t_ref.append(theirs())
        ratios = [r / o for r, o in zip(t_ref, t_ours, strict=True)]
        us = 1e6 / len(cases)
        print(
            f"{name:<10} ours {statistics.median(t_ours) * us:6.1f} µs"
            f"  reference {statistics.median(t_ref) * us:6.1f} µs"
            f"  speed-up {statistics.fmean(ratios):.2f}x"
            f" (min {min(ratios):.2f}, max {max(ratios):.2f})"
        )


if __name__ == "__main__":
    main()
