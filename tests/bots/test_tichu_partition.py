"""The ``partition`` pool member: its split of a hand, its beat chances, legal play all round."""

from __future__ import annotations

import random

import pytest

from cardroom.bots import make_bot
from cardroom.bots.arena.duplicate import pair_specs, play_pair, tichu_config
from cardroom.bots.registry import POOL
from cardroom.bots.tichu.heuristic import plan, unseen_ranks
from cardroom.bots.tichu.partition import beat_chance, partition
from cardroom.games.tichu.cards import parse_cards

from .tichu_positions import tichu_view

RNG = random.Random(0)


@pytest.mark.parametrize(
    ("hand", "parts"),
    [
        ("2G 3K 4B 5R 6G 9K 9B DRG", ("straight 2-6", "pair 9", "DRG")),
        (
            "MJ 2G 3K 4B 5R 9G 9K QB QR QG DRG 7G 7K 7B 7R",
            ("bomb 7777", "straight 1-5", "full house Q+9", "DRG"),
        ),
        ("5G 5K 6B 6R 7G 7K JB DOG", ("stairs 5-7", "J", "DOG")),
        ("3G 3K 3B 8R 8G KK AB PHX", ("full house 3+8", "K", "A", "PHX")),
        ("2G 4K 6B 8R 10G QK AB", ("2", "4", "6", "8", "10", "Q", "A")),
    ],
)
def test_partition_splits_a_hand_into_the_fewest_plays(hand: str, parts: tuple[str, ...]) -> None:
    assert partition(parse_cards(hand)) == parts


def test_beat_chances_fall_as_the_opponents_run_short_and_the_dragon_needs_a_bomb() -> None:
    hand = parse_cards("2G 3K 4B 5R 6G 9K 9B DRG")
    straight, pair, dragon = plan(hand).units
    unseen = unseen_ranks(hand, ())
    full, short = (14, 14), (3, 3)
    assert beat_chance(pair, unseen, full) > beat_chance(pair, unseen, short) > 0
    assert beat_chance(straight, unseen, short) == 0.0  # three cards hold no straight of five
    assert 0 < beat_chance(dragon, unseen, full) < 0.15  # bombs only
    assert beat_chance(dragon, unseen, short) == 0.0


def test_partition_is_in_the_pool_and_never_bids() -> None:
    assert "partition" in POOL["tichu"]
    bot = make_bot("tichu", "partition")
    assert bot.act(tichu_view("AG AK AB AR KG KK DRG PHX", sizes=(8, 9, 9, 9)), RNG) != "tichu"


def test_partition_passes_its_partners_trick_and_beats_an_opponents_cheaply() -> None:
    bot = make_bot("tichu", "partition")
    hand = "3G 9K JB KR AG"
    assert bot.act(tichu_view(hand, top="8G", top_seat=2, sizes=(5, 9, 9, 9)), RNG) == "pass"
    assert bot.act(tichu_view(hand, top="8G", top_seat=3, sizes=(5, 9, 9, 9)), RNG) == "play 9K"


def test_partition_plays_legally_over_many_random_rounds() -> None:
    """Every answer is legal (the arena checks each action) over 40 seeded rounds, on both
    sides of the table, against the heuristic and a random bot."""
    rounds = 0
    for other in ("heuristic", "random"):
        config = tichu_config(False, None)
        specs = pair_specs(("partition", other), 10, f"partition-{other}", config)
        for spec in specs:
            rounds += play_pair(spec).rounds
    assert rounds == 40
