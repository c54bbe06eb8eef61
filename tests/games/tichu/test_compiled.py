"""Differential test of the optional compiled build (``scripts/compile.sh``, mypyc).

The compiled modules (``combos``, ``fastsim``, ``rules``, ``observe``) and their pure-Python
sources must give identical logs: the same seeded random rounds through ``fastsim`` (every
seat's legal list, the chosen move, the scores) and through the engine (every audience's
observation JSON and the events of each step) hash to the same digests in this process
(compiled) and in a child process that imports the Tichu package from its sources only.
Skipped when the build is not there.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cardroom.games.tichu import combos
from cardroom.games.tichu.fastsim import Sim, random_policy

ROUNDS = int(os.environ.get("CARDROOM_DIFF_ROUNDS", "10000"))
MATCHES = int(os.environ.get("CARDROOM_DIFF_MATCHES", "12"))
"""Engine matches of one round each (random play), about 0.5 s each."""

PURE = """
import importlib.machinery as m, os, sys
sources_only = m.FileFinder.path_hook((m.SourceFileLoader, m.SOURCE_SUFFIXES))
def hook(path):  # the Tichu package's sources, never its compiled modules
    if path.rstrip(os.sep).endswith(os.path.join("cardroom", "games", "tichu")):
        return sources_only(path)
    raise ImportError(path)
sys.path_hooks.insert(0, hook)
sys.path_importer_cache.clear()
from cardroom.games.tichu import combos, fastsim, observe, rules
assert all(m.__file__.endswith(".py") for m in (combos, fastsim, observe, rules))
from tests.games.tichu.test_compiled import engine_digest, rounds_digest
print(rounds_digest(int(sys.argv[1])), engine_digest(int(sys.argv[2])))
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


def engine_digest(matches: int) -> str:
    """SHA-256 of seeded random one-round matches through the engine: every state's
    observation for each seat, a spectator and the omniscient view, and each step's events."""
    from cardroom.engine import Runner, SeededResolver, get_game
    from cardroom.engine.testing import choose
    from cardroom.engine.types import OMNISCIENT, SPECTATOR

    game = get_game("tichu")
    configs = [replace(c, max_rounds=1) for c in game.conformance_configs()]
    log = hashlib.sha256()
    for seed in range(matches):
        runner = Runner(game, configs[seed % 2], SeededResolver(seed))
        rng = random.Random(seed)
        while not game.is_terminal(runner.state):
            for audience in (0, 1, 2, 3, SPECTATOR, OMNISCIENT):
                obs = game.observe(runner.state, audience).to_json()
                log.update(json.dumps(obs, sort_keys=True).encode())
            events = runner.act(*choose(game, runner.state, rng))
            log.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
    return log.hexdigest()


def compiled() -> bool:
    return not str(combos.__file__).endswith(".py")


@pytest.mark.slow
@pytest.mark.skipif(not compiled(), reason="no compiled build (bash scripts/compile.sh)")
def test_compiled_and_pure_logs_are_identical() -> None:
    root = Path(__file__).parents[3]
    child = subprocess.run(
        [sys.executable, "-c", PURE, str(ROUNDS), str(MATCHES)],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    assert child.stdout.split() == [rounds_digest(ROUNDS), engine_digest(MATCHES)]
