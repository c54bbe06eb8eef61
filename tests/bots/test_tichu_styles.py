"""The opponent pool's styles, the player levels and ``cardroom arena --pool``."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots import bot_levels, make_bot
from cardroom.bots.arena.duplicate import pair_specs, play_pair, tichu_config
from cardroom.bots.registry import PLAYER_LEVELS, POOL, is_heavy, resolve
from cardroom.bots.tichu.heuristic import TichuHeuristicBot, plan_exchange
from cardroom.bots.tichu.styles import STYLE_CONTROL_SLACK
from cardroom.cli import main
from cardroom.games.tichu.cards import DOG, iter_cards, mask_of
from cardroom.games.tichu.state import Phase

from .tichu_positions import tichu_state, tichu_view, view_of

RNG = random.Random(0)
STYLES = ("novice", "eager", "bomber", "fighter", "gambler")


@pytest.mark.parametrize("level", [*STYLES, *PLAYER_LEVELS["tichu"]])
def test_every_style_and_player_level_plays_whole_duplicate_deals(level: str) -> None:
    """Each answers legally all round (the arena checks every action) against the heuristic."""
    concrete = resolve("tichu", level)
    level = "search:n=2" if concrete.startswith("search") else level
    for spec in pair_specs((level, "heuristic"), 2, f"style-{level}", tichu_config(False, None)):
        result = play_pair(spec)
        assert result.rounds == 2


def test_player_levels_come_first_and_name_concrete_bots() -> None:
    levels = bot_levels("tichu")
    assert levels[:4] == ("beginner", "casual", "strong", "expert")
    assert set(POOL["tichu"]) - {"search:n=30,plain"} <= set(levels)
    assert make_bot("tichu", "beginner").name == "novice"
    assert make_bot("tichu", "casual").name == "heuristic"
    assert make_bot("tichu", "strong").name == "search:n=10,plain"
    assert is_heavy("expert") and is_heavy("strong") and not is_heavy("casual")


def test_eager_leads_its_highest_unit_and_the_heuristic_its_lowest() -> None:
    view = tichu_view("2G 9K 9B JB QR AG", sizes=(6, 10, 10, 10))
    assert make_bot("tichu", "heuristic").act(view, RNG) == "play 2G"
    assert make_bot("tichu", "eager").act(view, RNG) == "play AG"


def test_bomber_bombs_a_quiet_trick_the_heuristic_lets_go() -> None:
    calm = tichu_view("7G 7K 7B 7R 3G 9K JB", top="KG KK", top_seat=1, sizes=(7, 9, 9, 9))
    assert make_bot("tichu", "heuristic").act(calm, RNG) == "pass"
    assert make_bot("tichu", "bomber").act(calm, RNG) == "play 7G 7K 7B 7R"


def test_fighter_contests_what_the_heuristic_would_pass() -> None:
    quiet = tichu_view("3G 3K 6B 6R QG QB DRG", top="AG", top_seat=3, sizes=(7, 9, 10, 9))
    assert make_bot("tichu", "heuristic:cslack=0.5").act(quiet, RNG) == "pass"
    assert make_bot("tichu", "fighter").act(quiet, RNG) == "play DRG"
    broken = "DOG 2G 2K 3G 3K 5B 6R 7G 8G 9G"  # beating the 8 breaks the straight
    straight = tichu_view(broken, top="8B", top_seat=3, sizes=(10, 9, 10, 9))
    assert make_bot("tichu", "heuristic").act(straight, RNG) == "pass"
    assert make_bot("tichu", "fighter").act(straight, RNG) == "play 9G"
    partner_on_top = tichu_view("3G 5K 8B 10R QG AG", top="9G", top_seat=2, sizes=(6, 9, 7, 9))
    assert make_bot("tichu", "fighter").act(partner_on_top, RNG) == "pass"


def test_novice_still_goes_out_when_it_can() -> None:
    view = tichu_view("4G 4K 9B 9R 9G", sizes=(5, 3, 2, 8))
    bot = make_bot("tichu", "novice:1")
    for seed in range(10):
        assert bot.act(view, random.Random(seed)) == "play 4G 4K 9G 9B 9R"


def test_novice_rejects_a_share_outside_zero_to_one() -> None:
    with pytest.raises(ValueError, match="share"):
        make_bot("tichu", "novice:2")


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 55), min_size=14, max_size=14))
def test_without_dog_to_opponent_the_dog_stays_off_opponents(cards: set[int]) -> None:
    hand = mask_of(cards)
    left, partner, right = plan_exchange(hand, False, False, dog_to_opponent=False)
    assert DOG not in (left, right)
    assert len({left, partner, right}) == 3
    assert all(c in set(iter_cards(hand)) for c in (left, partner, right))


def test_pool_cli_reports_one_row_per_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pool.json"
    argv = ["arena", "--pool", "random eager", "--a", "novice heuristic", "--pairs", "2"]
    assert main([*argv, "--seed", "p", "--workers", "1", "--quiet", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["pool"]
    assert [(r["a"], r["b"]) for r in rows] == [
        ("novice", "random"),
        ("novice", "eager"),
        ("heuristic", "random"),
        ("heuristic", "eager"),
    ]
    assert all(r["pairs"] == 2 for r in rows)
    assert "A − B pts/rnd" in capsys.readouterr().out


def test_pool_cli_rejects_an_unknown_member(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--pool", "genius", "--a", "heuristic", "--quiet"]) == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_no_grand_tichu_on_a_loose_first_eight() -> None:
    """A Grand the heuristic used to call and lose: Dragon and Ace, no Phoenix, nothing else."""
    view = tichu_view("MJ 4G 5K 6G 9B KB AB DRG", phase=Phase.GRAND, sizes=(8, 8, 8, 8))
    assert make_bot("tichu", "heuristic").act(view, RNG) == "nogrand"
    assert make_bot("tichu", "gambler").act(view, RNG) == "grand"


def test_dv_contests_a_trick_for_a_double_victory_once_the_partner_is_out_first() -> None:
    hand = "3G 3K 6B 6R QG QB DRG"
    quiet = tichu_view(hand, top="AG", top_seat=3, sizes=(7, 9, 10, 9))
    assert make_bot("tichu", "heuristic:cslack=0.5").act(quiet, RNG) == "pass"
    race = view_of(replace(tichu_state(hand, top="AG", top_seat=3, sizes=(7, 9, 0, 9)), out=(2,)))
    assert make_bot("tichu", "heuristic:cslack=0.5").act(race, RNG) == "pass"  # off by default
    assert make_bot("tichu", "heuristic:cslack=0.5,dv=1").act(race, RNG) == "play DRG"


@pytest.mark.parametrize("style", ["eager", "bomber", "fighter", "gambler", "novice"])
def test_styles_keep_the_play_the_pool_was_measured_with(style: str) -> None:
    """A change to the heuristic must not change the opponents it is measured against: the
    styles spend control cards only on tricks that matter and lead their lowest unit first."""
    bot = make_bot("tichu", style)
    assert isinstance(bot, TichuHeuristicBot)
    assert bot.control_slack == STYLE_CONTROL_SLACK
    assert not bot.winners_first
    last_two = tichu_view("3G DRG", sizes=(2, 9, 10, 9))
    if style not in ("eager", "novice"):  # they lead their highest or a random unit
        assert bot.act(last_two, RNG) == "play 3G"
