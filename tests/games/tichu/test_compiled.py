"""Differential test of the optional compiled build (``scripts/compile.sh``, mypyc).

The compiled ``combos`` and ``fastsim`` and their pure-Python sources must give identical
logs: the same seeded random rounds through ``fastsim`` (every seat's legal list, the chosen
move, the scores) hash to the same digest in this process (compiled) and in a child process
that imports the Tichu package from its sources only. Skipped when the build is not there.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom.games.tichu import combos
from cardroom.games.tichu.fastsim import Sim, random_policy

ROUNDS = int(os.environ.get("CARDROOM_DIFF_ROUNDS", "10000"))

PURE = """
import importlib.machinery as m, os, sys
sources_only = m.FileFinder.path_hook((m.SourceFileLoader, m.SOURCE_SUFFIXES))
def hook(path):  # the Tichu package's sources, never its compiled modules
    if path.rstrip(os.sep).endswith(os.path.join("cardroom", "games", "tichu")):
        return sources_only(path)
    raise ImportError(path)
sys.path_hooks.insert(0, hook)
sys.path_importer_cache.clear()
from cardroom.games.tichu import combos, fastsim
assert combos.__file__.endswith(".py") and fastsim.__file__.endswith(".py")
from tests.games.tichu.test_compiled import rounds_digest
print(rounds_digest(int(sys.argv[1])))
"""


def rounds_digest(rounds: int) -> str:
    """SHA-256 of the log of ``rounds`` seeded random rounds: each step's moves, the choice,
    and each round's scores."""
    log = hashlib.sha256()
    for seed in range(rounds):
        rng = random.Random(seed)
        sim = Sim.deal(rng)
        while not sim.done:
            moves = sim.moves()
            move = random_policy(sim, moves, rng)
            log.update(repr((sim.seat, moves, move)).encode())
            sim.apply(move)
        log.update(repr(sim.score()).encode())
    return log.hexdigest()


def compiled() -> bool:
    return not str(combos.__file__).endswith(".py")


@pytest.mark.slow
@pytest.mark.skipif(not compiled(), reason="no compiled build (bash scripts/compile.sh)")
def test_compiled_and_pure_logs_are_identical() -> None:
    root = Path(__file__).parents[3]
    child = subprocess.run(
        [sys.executable, "-c", PURE, str(ROUNDS)],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    assert child.stdout.strip() == rounds_digest(ROUNDS)
