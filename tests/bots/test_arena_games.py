"""Arena smoke over the real games: bots only ever submit legal actions, and the heuristic
beats the random bot. (The arena raises ``IllegalActionError`` on any illegal answer.)"""

from __future__ import annotations

from functools import partial

import pytest

from cardroom.bots import bot_levels, make_bot
from cardroom.bots.arena.match import play_matches
from cardroom.engine import get_game, replay

TICHU = get_game("tichu")


def tichu_series(
    matches: int, seed: str, levels: tuple[str, ...], target: int = 200
) -> tuple[int, int]:
    """(matches, wins of team 0) for ``levels`` per seat."""
    factories = [partial(make_bot, "tichu", level) for level in levels]
    config = TICHU.config_from_json({"target_score": target})
    results = list(play_matches(TICHU, config, factories, matches, seed))
    assert all(r.record.records for r in results)
    return len(results), sum(1 for r in results if 0 in r.outcome.winners)


def test_tichu_heuristic_team_beats_random_team() -> None:
    n, wins = tichu_series(24, "smoke", ("heuristic", "random", "heuristic", "random"))
    assert wins >= 0.8 * n


def test_tichu_random_team_loses_from_the_other_side() -> None:
    n, wins = tichu_series(12, "other", ("random", "heuristic", "random", "heuristic"))
    assert wins <= 0.2 * n


@pytest.mark.slow
def test_tichu_200_matches_random_vs_heuristic_all_legal() -> None:
    """About 16 s of CPU: 200 matches to 100 points (mostly one round each)."""
    levels = ("heuristic", "random", "heuristic", "random")
    n, wins = tichu_series(200, "arena200", levels, target=100)
    assert n == 200 and wins >= 170


@pytest.mark.parametrize("seats", [3, 4, 6, 8])
def test_toepen_bots_play_legal_games(seats: int) -> None:
    game = get_game("toepen")
    levels = [lv for lv in bot_levels("toepen") if lv != "search"]  # test_toepen_levels.py
    factories = [partial(make_bot, "toepen", levels[s % len(levels)]) for s in range(seats)]
    results = list(play_matches(game, game.default_config(seats), factories, 50, f"t{seats}"))
    assert len(results) == 50
    for result in results:
        assert len(result.outcome.scores) == seats
        state = replay(game, game.default_config(seats), result.record.records)
        assert game.outcome(state) == result.outcome
