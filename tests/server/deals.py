"""Seeded Tichu deals for the tests that need a particular hand (a bomb, two bombs, none)."""

from __future__ import annotations

from cardroom.engine import get_game
from cardroom.engine.chance import SeededResolver
from cardroom.engine.runner import Runner
from cardroom.games.tichu.cards import format_cards

TICHU = get_game("tichu")


def dealt_hand(seed: int, seat: int = 0) -> list[str]:
    """``seat``'s fourteen cards in the deal of ``seed``, once every seat declines Grand Tichu."""
    runner: Runner = Runner(TICHU, TICHU.config_from_json({}), SeededResolver(seed))  # type: ignore[type-arg]
    for s in range(4):
        runner.act(s, "nogrand")
    return format_cards(runner.state.hands[seat]).split()
