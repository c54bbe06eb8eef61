"""The search bot: legal answers always, at once when the move is forced."""

from __future__ import annotations

import random
import time

import pytest

from cardroom.bots import make_bot
from cardroom.bots.arena import play_match
from cardroom.bots.tichu_search import TichuSearchBot
from cardroom.engine import get_game

from .tichu_positions import tichu_view

GAME = get_game("tichu")


def test_level_argument_sets_the_budget() -> None:
    bot = make_bot("tichu", "search:0.3")
    assert isinstance(bot, TichuSearchBot) and bot.budget == 0.3
    with pytest.raises(ValueError, match="seconds"):
        make_bot("tichu", "search:fast")


def test_a_forced_move_is_answered_at_once() -> None:
    view = tichu_view("3G 5K 8B 9R QG AG", top="4G", top_seat=3, sizes=(6, 9, 9, 9), wish=9)
    assert view.legal == ("play 9R",)
    start = time.perf_counter()
    assert TichuSearchBot(5.0).act(view, random.Random(0)) == "play 9R"
    assert time.perf_counter() - start < 0.5


@pytest.mark.slow
def test_search_never_answers_illegally() -> None:
    """Whole rounds against the heuristic: ``play_match`` raises on any illegal answer."""
    config = GAME.config_from_json({"max_rounds": 1})
    for seed in ("s1", "s2"):
        bots = [make_bot("tichu", level) for level in ("search:0.01", "heuristic") * 2]
        result = play_match(GAME, config, bots, seed)
        assert result.rounds == 1
