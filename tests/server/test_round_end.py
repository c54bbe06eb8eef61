"""Each game declares the events that close a round (``Game.round_end``); the table pauses
before the next deal exactly there, without knowing any event's name."""

from __future__ import annotations

import random

import pytest

from cardroom.engine import get_game
from cardroom.engine.chance import SeededResolver
from cardroom.engine.game import legal_texts
from cardroom.engine.runner import Runner

ROUND_END_TYPE = {"tichu": "round_scored", "toepen": "hand_end"}


@pytest.mark.parametrize("name", sorted(ROUND_END_TYPE))
def test_the_declared_round_end_fires_once_per_round_and_nothing_else_matches(name: str) -> None:
    game = get_game(name)
    runner = Runner(game, game.default_config(), SeededResolver(f"round-end/{name}"))
    rng = random.Random(7)
    ends, types = 0, set()
    for _ in range(5000):
        if game.is_terminal(runner.state) or ends >= 2:
            break
        step = runner.propose_chance()
        if not step.records:
            active = sorted(game.active_seats(runner.state))
            seat = min(game.awaited(runner.state) or active)
            step = runner.propose(seat, rng.choice(legal_texts(game, runner.state, seat)))
        runner.commit(step)
        for event in step.events:
            declared = isinstance(event, game.round_end)
            assert declared == (event.to_json()["type"] == ROUND_END_TYPE[name])
            ends += declared
            types.add(event.to_json()["type"])
    assert ends >= 1, f"no round ended in {name}; saw {sorted(types)}"
