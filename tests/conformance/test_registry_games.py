"""Registry-wide conformance: every registered game, under each of its test configurations.

A game may offer ``conformance_configs()`` (short matches, option variants); otherwise its
``default_config(n)`` for every seat count ``min_seats..max_seats`` is used. Games registered
later (Toepen) are picked up automatically.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardroom.engine import OMNISCIENT, SPECTATOR, Runner, SeededResolver, games, get_game
from cardroom.engine.testing import check_game, check_game_type, choose

SEEDS = (0, 1)


def configs(name: str) -> list[Any]:
    game = get_game(name)
    hook = getattr(game, "conformance_configs", None)
    if hook is not None:
        return list(hook())
    return [game.default_config(n) for n in range(game.min_seats, game.max_seats + 1)]


CASES = [
    pytest.param(name, i, id=f"{name}-config{i}")
    for name in games()
    for i in range(len(configs(name)))
]


@pytest.mark.parametrize(("name", "index"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_checked_random_game(name: str, index: int, seed: int) -> None:
    """Per-step invariants (legal ⇔ active, notation round trips, sampled texts never apply
    unless listed, observations JSON, resampling invisible), replay and the record."""
    game = get_game(name)
    runner = check_game(game, configs(name)[index], seed)
    assert game.is_terminal(runner.state)


@pytest.mark.parametrize(("name", "index"), CASES)
def test_config_json_round_trip(name: str, index: int) -> None:
    game = get_game(name)
    config = configs(name)[index]
    data = game.config_to_json(config)
    assert game.config_from_json(json.loads(json.dumps(data))) == config
    with pytest.raises(ValueError):
        game.config_from_json({**data, "no_such_option": 1})


@pytest.mark.parametrize(("name", "index"), CASES)
def test_timeouts_and_projections(name: str, index: int) -> None:
    """``default_action`` is legal for every active seat; projected events are JSON and the
    spectator never gets more than a seat; same seed, same log."""
    game = get_game(name)
    config = configs(name)[index]
    logs = []
    for _ in range(2):
        runner: Runner[Any, Any, Any] = Runner(game, config, SeededResolver(3))
        rng = random.Random(3)
        for _step in range(400):
            if game.is_terminal(runner.state):
                break
            state = runner.state
            assert game.awaited(state) <= game.active_seats(state)
            public = game.observe(state, SPECTATOR).to_json()
            assert public["awaited"] == sorted(game.awaited(state))
            for seat in sorted(game.active_seats(state)):
                assert game.default_action(state, seat) in game.legal_actions(state, seat)
            seat, action = choose(game, state, rng)
            for event in runner.act(seat, action):
                for audience in [*range(game.num_seats(config)), SPECTATOR, OMNISCIENT]:
                    shown = game.project(event, audience)
                    if shown is not None:
                        json.dumps(shown.to_json())
        logs.append(runner.to_record().to_jsonl())
    assert logs[0] == logs[1]


@pytest.mark.parametrize("name", list(games()))
def test_the_declared_game_type_holds(name: str) -> None:
    """Each claim of the game's ``GameType`` (OpenSpiel's game types: dynamics, chance mode,
    information, utility, seat range, interrupts) shows up in play, and nothing undeclared;
    ``awaited`` is consistent at every state (``check_awaited``)."""
    game = get_game(name)
    check_game_type(game, configs(name), SEEDS)
