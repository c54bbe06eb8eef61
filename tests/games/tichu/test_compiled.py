"""Differential test of the optional compiled build (``scripts/compile.sh``, mypyc).

The compiled modules and their pure-Python sources must give identical logs: the same seeded
random rounds through ``fastsim`` (every seat's legal list, the chosen move, the scores), the
same seeded matches of ``heuristic`` bots through the engine (every observation a bot is shown,
every answer, the final record), and seeded random one-round matches through the engine (every
audience's observation at every state, each step's events) hash to the same digests in this
process (compiled) and in a child process that imports the Tichu and bot packages from their
sources only. The compiled heuristic bot (its class allows interpreted subclasses) is checked
on its own as well, with its tunings and the styles that subclass it (a faster test: ~8 s of CPU).
Skipped when the build is not there.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardroom.bots import Bot, SeatView, make_bot
from cardroom.bots.arena.match import play_match
from cardroom.bots.protocol import Interrupter
from cardroom.bots.tichu import heuristic as tichu_heuristic
from cardroom.engine import Runner, SeededResolver, get_game
from cardroom.engine.testing import choose
from cardroom.engine.types import OMNISCIENT, SPECTATOR
from cardroom.games.tichu import combos
from cardroom.games.tichu.fastsim import Sim, random_policy

ROUNDS = int(os.environ.get("CARDROOM_DIFF_ROUNDS", "10000"))

PURE = """
import importlib.machinery as m, os, sys
sources_only = m.FileFinder.path_hook((m.SourceFileLoader, m.SOURCE_SUFFIXES))
def hook(path):  # the Tichu and bot packages' sources, never their compiled modules
    path = path.rstrip(os.sep)
    parts = (("games", "tichu"), ("bots",), ("bots", "tichu"))
    ours = tuple(os.path.join("cardroom", *p) for p in parts)
    if path.endswith(ours):
        return sources_only(path)
    raise ImportError(path)
sys.path_hooks.insert(0, hook)
sys.path_importer_cache.clear()
from cardroom.games.tichu import combos, fastsim
from cardroom.bots.tichu import heuristic as tichu_heuristic
assert combos.__file__.endswith(".py") and fastsim.__file__.endswith(".py")
assert tichu_heuristic.__file__.endswith(".py")
from tests.games.tichu.test_compiled import (
    engine_digest, heuristic_digest, matches_digest, rounds_digest,
)
if sys.argv[1] == "heuristic":
    print(heuristic_digest(int(sys.argv[2])))
    sys.exit()
n, m, r = map(int, sys.argv[1:4])
print(rounds_digest(n), matches_digest(m), engine_digest(r))
"""
MATCHES = int(os.environ.get("CARDROOM_DIFF_MATCHES", "20"))
STYLE_MATCHES = int(os.environ.get("CARDROOM_DIFF_STYLE_MATCHES", "6"))
STYLE_TABLES = (
    ("heuristic", "eager", "bomber", "fighter"),
    ("gambler", "novice", "partition", "heuristic:tichu=0.5,dog=0,dv=1,cslack=0.5,sure=0"),
)
"""The heuristic's subclasses (interpreted, over the compiled class) and its tunings."""
RANDOM_MATCHES = int(os.environ.get("CARDROOM_DIFF_RANDOM_MATCHES", "8"))


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


class Logged:
    """A bot that writes each view it is shown (in and out of turn) and its answer into
    ``log``."""

    def __init__(self, bot: Bot, log: Any) -> None:
        self.bot, self.log, self.name = bot, log, bot.name

    def act(self, view: SeatView, rng: random.Random) -> str:
        return self._logged(view, self.bot.act(view, rng))

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        assert isinstance(self.bot, Interrupter)
        return self._logged(view, self.bot.interrupt(view, rng))

    def _logged(self, view: SeatView, action: str | None) -> Any:
        self.log.update(json.dumps([view.seat, view.obs, action], sort_keys=True).encode())
        return action


def matches_digest(matches: int) -> str:
    """SHA-256 of ``matches`` seeded two-round matches of ``heuristic`` bots (engine, not
    fastsim): each observation a bot decides on, its answer, and the match's record."""
    game = get_game("tichu")
    config = game.config_from_json({"target_score": 250})
    log = hashlib.sha256()
    for i in range(matches):
        bots = [Logged(make_bot("tichu", "heuristic"), log) for _ in range(4)]
        result = play_match(game, config, bots, f"compiled-{i}")
        log.update(result.record.to_jsonl().encode())
    return log.hexdigest()


def heuristic_digest(matches: int) -> str:
    """SHA-256 of ``matches`` seeded two-round matches at each of ``STYLE_TABLES`` (the
    heuristic, its tunings and the styles that subclass it): each view a bot decides on, its
    answer, and the match's record."""
    game = get_game("tichu")
    config = game.config_from_json({"target_score": 250})
    log = hashlib.sha256()
    for i in range(matches):
        for t, levels in enumerate(STYLE_TABLES):
            bots = [Logged(make_bot("tichu", level), log) for level in levels]
            result = play_match(game, config, bots, f"compiled-style-{t}-{i}")
            log.update(result.record.to_jsonl().encode())
    return log.hexdigest()


def engine_digest(matches: int) -> str:
    """SHA-256 of seeded random one-round matches through the engine (standard rules and every
    option, alternately): every state's observation for each seat, a spectator and the
    omniscient view (the audiences bots never are), and each step's events."""
    game = get_game("tichu")
    configs = [replace(c, max_rounds=1) for c in game.conformance_configs()]
    log = hashlib.sha256()
    for seed in range(matches):
        runner: Runner[Any, Any, Any] = Runner(game, configs[seed % 2], SeededResolver(seed))
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


def heuristic_compiled() -> bool:
    return not str(tichu_heuristic.__file__).endswith(".py")


def pure_digests(*args: str) -> Callable[[], list[str]]:
    """Start the pure-Python digests of ``PURE args`` in a child process and return a function
    that waits for them: the child computes on one core while this process computes the
    compiled digests on the other."""
    child = subprocess.Popen(
        [sys.executable, "-c", PURE, *args],
        cwd=Path(__file__).parents[3],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def wait() -> list[str]:
        out, err = child.communicate()
        assert child.returncode == 0, err
        return out.split()

    return wait


@pytest.mark.slow
@pytest.mark.skipif(not compiled(), reason="no compiled build (bash scripts/compile.sh)")
def test_compiled_and_pure_logs_are_identical() -> None:
    pure = pure_digests(str(ROUNDS), str(MATCHES), str(RANDOM_MATCHES))
    expected = [rounds_digest(ROUNDS), matches_digest(MATCHES), engine_digest(RANDOM_MATCHES)]
    assert pure() == expected


@pytest.mark.slow
@pytest.mark.skipif(not heuristic_compiled(), reason="no compiled heuristic (scripts/compile.sh)")
def test_compiled_heuristic_and_styles_answer_as_pure() -> None:
    """The compiled heuristic bot, its tunings and the styles (interpreted subclasses of the
    compiled class) answer every view as their pure-Python sources do."""
    pure = pure_digests("heuristic", str(STYLE_MATCHES))
    assert pure() == [heuristic_digest(STYLE_MATCHES)]
