"""Tichu and Grand Tichu calls by simulation (``tichu_calls``) and the search bot's use of them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots import make_bot
from cardroom.bots.arena.match import play_match
from cardroom.bots.tichu.bidding import GRAND_P
from cardroom.bots.tichu.calls import call_tichu, grand_hits, quick_exchange, tichu_hits
from cardroom.bots.tichu.exchange import variants
from cardroom.bots.tichu.heuristic import grand_probability, plan_exchange
from cardroom.bots.tichu.search import SEARCH_GRAND_P, TichuSearchBot, rollout_policy
from cardroom.engine import get_game
from cardroom.games.tichu.cards import MJ, parse_cards
from cardroom.games.tichu.fastsim import Sim
from cardroom.games.tichu.state import Phase

from .tichu_positions import tichu_view

GAME = get_game("tichu")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_quick_exchange_keeps_the_deal_and_the_mah_jong(seed: int) -> None:
    """Every card stays in the deal, 14 a hand, three leave each hand, the Mah Jong stays."""
    hands = Sim.deal(random.Random(seed), exchange=False).hands
    after = quick_exchange(hands, grand_seat=seed % 4)
    assert [h.bit_count() for h in after] == [14] * 4
    assert sum(after) == sum(hands) == (1 << 56) - 1
    for before, now in zip(hands, after, strict=True):
        assert (before & ~now).bit_count() == 3
        assert not (before & ~now) >> MJ & 1


def test_a_strong_hand_goes_out_first_in_most_worlds() -> None:
    strong = "DRG PHX AG AK AB AR KG KK QG QK JG JK 10G 10K"
    view = tichu_view(strong)
    hits, worlds = tichu_hits(view, random.Random(1), rollout_policy, lambda k: k < 40)
    assert worlds == 40 and hits >= 30
    weak = "DOG 2R 3K 4B 5R 6G 7K 8B 9R 10G JK QB KR 3G"
    hits, _ = tichu_hits(tichu_view(weak), random.Random(1), rollout_policy, lambda k: k < 40)
    assert hits <= 10


def test_grand_worlds_are_played_from_the_first_eight_cards() -> None:
    view = tichu_view("DRG PHX AG AK AB AR KG KK", sizes=(8, 8, 8, 8), phase=Phase.GRAND)
    hits, worlds = grand_hits(view, random.Random(2), rollout_policy, lambda k: k < 40)
    assert worlds == 40 and hits >= 20


def test_search_decides_its_calls_in_a_round() -> None:
    """Whole rounds: the search bot's Grand, Tichu and bomb decisions are legal
    (``play_match`` raises on an illegal answer)."""
    config = GAME.config_from_json({"max_rounds": 1})
    for seed in ("calls/1", "calls/2"):
        bots = [make_bot("tichu", level) for level in ("search:n=5,simcalls", "heuristic") * 2]
        assert play_match(GAME, config, bots, seed).rounds == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_exchange_variants_never_give_the_mah_jong_to_an_opponent(seed: int) -> None:
    hand = Sim.deal(random.Random(seed), exchange=False).hands[seed % 4]
    plan = plan_exchange(hand, False, False)
    gifts = variants(hand, plan)
    assert gifts[0] == plan
    for left, partner, right in gifts:
        assert MJ not in (left, right)
        assert len({left, partner, right}) == 3
        assert all(hand >> c & 1 for c in (left, partner, right))


def test_search_with_the_exchange_plays_legal_rounds() -> None:
    config = GAME.config_from_json({"max_rounds": 1})
    bots = [make_bot("tichu", level) for level in ("search:n=3,exchange", "heuristic") * 2]
    assert play_match(GAME, config, bots, "exchange/1").rounds == 1


def test_the_search_calls_grand_below_the_heuristic_threshold() -> None:
    """A first eight the model rates at 0.57: the search levels call Grand Tichu
    (``SEARCH_GRAND_P`` 0.56), the heuristic (``HEURISTIC_GRAND_P``) and ``GRAND_P`` do not;
    a weak eight is passed by both."""
    medium = "4G 4K 10B QG QK QB AR DRG"
    assert SEARCH_GRAND_P <= grand_probability(parse_cards(medium)) < GRAND_P
    rng = random.Random(0)
    for eight, search_call in ((medium, "grand"), ("2G 3K 4B 6R 7G 8K 9B 10R", "nogrand")):
        view = tichu_view(eight, sizes=(8, 8, 8, 8), phase=Phase.GRAND)
        assert "grand" in view.legal
        assert make_bot("tichu", "strong").act(view, rng) == search_call
        assert make_bot("tichu", "casual").act(view, rng) == "nogrand"


def test_call_tichu_follows_its_threshold() -> None:
    """``call_tichu`` calls when the blended chance reaches the threshold: a clear hand at
    the default, not at a threshold above 1; a weak hand never (below ``TICHU_SKIP``)."""
    strong = tichu_view("DRG PHX AG AK AB AR KG KK QG QK JG JK 10G 10K")
    weak = tichu_view("DOG 2R 3K 4B 5R 6G 7K 8B 9R 10G JK QB KR 3G")
    enough = lambda k: k < 40  # noqa: E731
    assert call_tichu(strong, random.Random(1), rollout_policy, enough)
    assert not call_tichu(strong, random.Random(1), rollout_policy, enough, threshold=1.01)
    assert not call_tichu(weak, random.Random(1), rollout_policy, enough, threshold=0.0)


def test_search_options_for_the_calls() -> None:
    """``simtichu`` decides Tichu by simulation at ``tcall``, Grand by the model."""
    bot = make_bot("tichu", "search:n=30,simtichu,tcall=0.65,grand=0.6")
    assert isinstance(bot, TichuSearchBot)
    assert (bot.sim_tichu, bot.sim_calls, bot.tichu_call, bot.grand_threshold) == (
        True,
        False,
        0.65,
        0.6,
    )
    assert make_bot("tichu", "strong").grand_threshold == SEARCH_GRAND_P  # type: ignore[attr-defined]
    config = GAME.config_from_json({"max_rounds": 1})
    bots = [make_bot("tichu", level) for level in ("search:n=5,simtichu", "heuristic") * 2]
    assert play_match(GAME, config, bots, "simtichu/1").rounds == 1
