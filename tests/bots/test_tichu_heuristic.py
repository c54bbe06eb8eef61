"""The Tichu heuristic bot: planning, and its choice in hand-built positions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots import SeatView, decide, make_bot
from cardroom.bots.tichu.bidding import FEATURES, GRAND_FEATURES, GRAND_P, TICHU_P
from cardroom.bots.tichu.heuristic import (
    TichuHeuristicBot,
    _count_units,
    _rank_counts,
    _units_of,
    grand_features,
    grand_probability,
    hand_cost,
    hand_features,
    plan,
    plan_exchange,
    signature_rank,
    sure_winners,
    tichu_probability,
    trick_combo,
)
from cardroom.bots.tichu.styles import STYLE_CONTROL_SLACK
from cardroom.engine import SPECTATOR
from cardroom.engine.runner import apply_record
from cardroom.engine.testing import play_random
from cardroom.games.tichu import TichuConfig
from cardroom.games.tichu.cards import format_cards, parse_cards
from cardroom.games.tichu.combos import readings
from cardroom.games.tichu.state import Phase

from .tichu_positions import GAME, tichu_state, tichu_view, view_of

BOT = TichuHeuristicBot()
RNG = random.Random(0)


@pytest.mark.parametrize(
    ("hand", "units", "bombs"),
    [
        ("2G 3K 4B 5R 6G 9K", ["straight 2-6", "9"], []),
        ("3G 3K 4B 4R 5G 5K JR", ["stairs 3-5", "J"], []),
        ("8G 8K 8B QR QG 2K", ["full house 8+Q", "2"], []),
        ("7G 7K 7B 7R 9G 9K", ["pair 9"], ["bomb 7777"]),
        ("DOG MJ PHX DRG", ["DOG", "1", "DRG", "PHX"], []),
        ("MJ 2G 3K 4B 5R 6G 6K 6B", ["straight 1-6", "pair 6"], []),
    ],
)
def test_plan_splits_hands_into_few_units(hand: str, units: list[str], bombs: list[str]) -> None:
    p = plan(parse_cards(hand))
    assert sorted(map(str, p.units)) == sorted(units)
    assert [b.describe() for b in p.bombs] == bombs


def test_registered_as_the_tichu_heuristic() -> None:
    assert isinstance(make_bot("tichu", "heuristic"), TichuHeuristicBot)


@pytest.mark.parametrize(
    ("hand", "lead"),
    [
        ("3G 4K 5B 6R 7G 9K JB QR AG", "play 3G 4K 5B 6R 7G"),  # the straight, not the 3
        ("2G 9K 9B JB QR AG", "play 2G"),
        ("5G 5K 8B 9R 9B AG DRG", "play 5G 5K"),
        ("MJ 2K 3B 4R 5G 8G 8K", "play MJ 2K 3B 4R 5G"),
    ],
)
def test_leads_its_lowest_unit_whole(hand: str, lead: str) -> None:
    view = tichu_view(hand, sizes=(len(hand.split()), 10, 10, 10))
    assert BOT.act(view, RNG) == lead


def test_leads_its_sure_winner_first_when_the_rest_is_one_unit() -> None:
    view = tichu_view("3G DRG", sizes=(2, 9, 10, 9))
    assert BOT.act(view, RNG) == "play DRG"
    assert TichuHeuristicBot(winners_first=False).act(view, RNG) == "play 3G"


def test_an_ace_is_no_sure_winner_while_the_dragon_is_unseen() -> None:
    view = tichu_view("3G AG", sizes=(2, 9, 10, 9))
    assert BOT.act(view, RNG) == "play 3G"


@pytest.mark.parametrize(
    ("hand", "played", "sure"),
    [
        ("3G AG", [], []),
        ("3G AG", ["DRG"], []),  # the Phoenix still beats it
        ("3G AG", ["DRG", "PHX"], ["A"]),
        ("3G KG", ["DRG", "PHX", "AG", "AK", "AB"], []),
        ("3G KG", ["DRG", "PHX", "AG", "AK", "AB", "AR"], ["K"]),
        ("3G KG KK", ["AG", "AK", "AB"], []),  # the Phoenix pairs with the last Ace
        ("3G KG KK", ["AG", "AK", "AB", "PHX"], ["pair K"]),
        ("3G PHX", ["DRG"], []),  # a led Phoenix counts 1.5
        ("DOG DRG", [], ["DRG"]),
    ],
)
def test_sure_winners_are_units_no_unseen_card_beats(
    hand: str, played: list[str], sure: list[str]
) -> None:
    mask = parse_cards(hand)
    history = [{"type": "played", "seat": 1, "cards": [c]} for c in played]
    assert [str(u) for u in sure_winners(plan(mask).units, mask, history)] == sure


def test_leads_the_lowest_unit_when_two_units_may_lose() -> None:
    view = tichu_view("3G 5K DRG", sizes=(3, 9, 10, 9))
    assert BOT.act(view, RNG) == "play 3G"


def test_goes_out_in_one_play_when_it_can() -> None:
    view = tichu_view("4G 4K 9B 9R 9G", sizes=(5, 3, 2, 8))
    assert BOT.act(view, RNG) == "play 4G 4K 9G 9B 9R"


def test_leads_the_dog_to_a_partner_who_called() -> None:
    hand = "DOG 3G 5K 8B 10R QG"
    calls = ("", "", "tichu", "")
    assert BOT.act(tichu_view(hand, sizes=(6, 9, 7, 9), calls=calls), RNG) == "play DOG"


def test_does_not_beat_its_partner() -> None:
    view = tichu_view("3G 5K 8B 10R QG AG", top="9G", top_seat=2, sizes=(6, 9, 7, 9))
    assert BOT.act(view, RNG) == "pass"


def test_beats_an_opponent_cheaply() -> None:
    view = tichu_view("3G 5K JB 10R QG AG DRG", top="9G", top_seat=3, sizes=(7, 9, 7, 9))
    assert BOT.act(view, RNG) == "play 10R"


def test_wins_the_lead_back_with_a_control_card_but_the_pool_styles_keep_it() -> None:
    hand = "3G 3K 6B 6R QG QB DRG"
    quiet = tichu_view(hand, top="AG", top_seat=3, sizes=(7, 9, 10, 9))
    assert BOT.act(quiet, RNG) == "play DRG"
    assert TichuHeuristicBot(control_slack=STYLE_CONTROL_SLACK).act(quiet, RNG) == "pass"
    threat = tichu_view(hand, top="AG", top_seat=3, sizes=(7, 9, 10, 2))
    assert TichuHeuristicBot(control_slack=STYLE_CONTROL_SLACK).act(threat, RNG) == "play DRG"


def test_bombs_an_opponent_about_to_go_out_but_not_otherwise() -> None:
    hand = "7G 7K 7B 7R 3G 9K JB"
    urgent = tichu_view(hand, top="KG KK", top_seat=1, sizes=(7, 2, 9, 9), seat=0)
    assert BOT.act(urgent, RNG) == "play 7G 7K 7B 7R"
    calm = tichu_view(hand, top="KG KK", top_seat=1, sizes=(7, 9, 9, 9), seat=0)
    assert BOT.act(calm, RNG) == "pass"


def test_interrupts_with_a_bomb_only_when_it_matters() -> None:
    hand = "7G 7K 7B 7R 3G 9K JB"
    urgent = tichu_view(hand, top="QG QK", top_seat=1, sizes=(7, 1, 9, 9), seat=0)
    urgent = type(urgent)("tichu", 0, {**urgent.obs, "turn": 2, "awaited": [2]}, ())
    assert "play 7G 7K 7B 7R" in urgent.legal
    assert decide(BOT, urgent, RNG) == "play 7G 7K 7B 7R"
    calm_obs = tichu_view(hand, top="QG QK", top_seat=1, sizes=(7, 9, 9, 9)).obs
    assert (
        decide(BOT, type(urgent)("tichu", 0, {**calm_obs, "turn": 2, "awaited": [2]}, ()), RNG)
        is None
    )


def test_wishes_for_a_rank_it_does_not_hold() -> None:
    state = tichu_state("MJ AG AK KB QR 9G 8K", sizes=(7, 9, 9, 9))
    action = BOT.act(view_of(state), RNG)
    assert action.startswith("play MJ")
    state = GAME.apply(state, 0, GAME.parse_action(action)).state
    view = view_of(state)
    assert view.obs["phase"] == "wish"
    assert BOT.act(view, RNG) == "wish J"  # highest rank missing from the hand


def test_honours_a_pending_wish() -> None:
    view = tichu_view("3G 5K 8B 9R QG AG", top="4G", top_seat=3, sizes=(6, 9, 9, 9), wish=9)
    assert view.legal == ("play 9R",)
    assert BOT.act(view, RNG) == "play 9R"


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        ("DRG PHX AG AK KB QR QG JB 10G 9K 8B 7R 6G 2K", True),
        ("2G 3K 4B 6R 7G 8K 9B 10R JG QG KK 5B 5R 3R", False),
    ],
)
def test_calls_tichu_only_on_a_strong_hand(hand: str, call: bool) -> None:
    assert (tichu_probability(parse_cards(hand)) >= TICHU_P) is call
    view = tichu_view(hand, sizes=(14, 14, 14, 14))
    assert ("tichu" in view.legal) and (BOT.act(view, RNG) == "tichu") is call


@pytest.mark.parametrize(
    ("eight", "call"),
    [("AG AK AB AR KG DRG PHX 9B", True), ("2G 3K 4B 6R 7G 8K 9B 10R", False)],
)
def test_grand_only_on_a_strong_first_eight(eight: str, call: bool) -> None:
    assert (grand_probability(parse_cards(eight)) >= GRAND_P) is call


def test_exchange_keeps_the_mah_jong_and_controls_from_opponents() -> None:
    hand = parse_cards("MJ 2G 3K 5B 7R 8G 9K JB QR KG AG DRG PHX DOG")
    left, partner, right = plan_exchange(hand, False, False)
    forbidden = parse_cards("MJ AG DRG PHX")
    assert not forbidden >> left & 1 and not forbidden >> right & 1
    assert len({left, partner, right}) == 3


@pytest.mark.parametrize(
    ("hand", "answer"),
    [("DRG PHX AG AK AB KR 7G 7K", "grand"), ("2G 5K 7B 9R JG QG KK 3R", "nogrand")],
)
def test_grand_tichu_on_eight_cards(hand: str, answer: str) -> None:
    view = tichu_view(hand, phase=Phase.GRAND, sizes=(8, 8, 8, 8))
    assert view.legal == ("grand", "nogrand")
    assert BOT.act(view, RNG) == answer


def test_exchange_keeps_dragon_phoenix_and_bombs_from_opponents() -> None:
    hand = "DRG PHX DOG 2G 4K 9B 9R 9G 9K AG KB QR JG 3R"
    state = tichu_state(hand, phase=Phase.EXCHANGE)
    picks = []
    while not state.exchanged(0):  # three choices, each planned on the whole hand
        view = view_of(state)
        action = BOT.act(view, RNG)
        assert action in view.legal
        if action != "tichu":
            picks.append(action.split()[1])
        state = GAME.apply(state, 0, GAME.parse_action(action)).state
    left, partner, right = picks
    kept = {"DRG", "PHX", "9B", "9R", "9G", "9K", "AG"}
    assert not {left, right} & kept
    assert partner == "KB"  # the best card below an Ace: the partner gets help, we keep control


def test_exchange_never_gives_the_mah_jong_to_an_opponent() -> None:
    hand = "MJ DRG PHX 2G 3K 9B 9R 9G 9K AG KB QR JG 5R"
    state = tichu_state(hand, phase=Phase.EXCHANGE)
    while not state.exchanged(0):
        action = BOT.act(view_of(state), RNG)
        card, _, to = action.split()[1:]
        assert not (card == "MJ" and int(to) % 2 == 1), action
        state = GAME.apply(state, 0, GAME.parse_action(action)).state


def test_no_tichu_call_before_the_exchange_is_received() -> None:
    hand = "DRG PHX AG AK AB KR QG JB 10G 9K 8B 7R 6G 5K"
    view = tichu_view(hand, phase=Phase.EXCHANGE)
    assert "tichu" in view.legal
    assert BOT.act(view, RNG).startswith("exchange ")


def test_fights_a_double_victory() -> None:
    state = tichu_state("10K JK QR KK AR", top="9G", top_seat=3, sizes=(5, 0, 9, 3))
    state = replace(state, out=(1,))
    view = view_of(state)
    assert "pass" in view.legal
    assert BOT.act(view, RNG) != "pass"


def test_gives_the_dragon_to_the_opponent_with_more_cards() -> None:
    view = tichu_view("3G 5K", top="DRG", top_seat=0, sizes=(2, 3, 9, 8), trick_over=True)
    assert view.obs["phase"] == "dragon"
    assert BOT.act(view, RNG) == "give-dragon 3"


@st.composite
def positions(draw: st.DrawFn) -> SeatView:
    """A random play-phase position: seat 0's hand, maybe a top by another seat, a wish."""
    deck = list(range(56))
    cards = draw(st.permutations(deck))
    size = draw(st.integers(1, 14))
    hand = cards[:size]
    top_size = draw(st.sampled_from([0, 1, 1, 2, 3, 4, 5, 6]))
    top_cards = cards[size : size + top_size]
    top_mask = sum(1 << c for c in top_cards)
    has_top = top_size > 0 and bool(readings(top_mask))
    sizes = [size, *draw(st.lists(st.integers(1, 14), min_size=3, max_size=3))]
    kw: dict[str, object] = {
        "sizes": tuple(sizes),
        "wish": draw(st.sampled_from([None, None, 5, 9, 14])),
        "calls": tuple(draw(st.sampled_from(["", "", "tichu"])) for _ in range(4)),
    }
    if has_top:
        kw |= {"top": format_cards(top_mask), "top_seat": draw(st.integers(1, 3))}
    return tichu_view(format_cards(sum(1 << c for c in hand)), **kw)


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 3))
def test_always_answers_with_a_legal_action(view: SeatView, turn: int) -> None:
    """On turn it must answer from ``legal``; out of turn it may decline or interrupt legally."""
    assert BOT.act(view, RNG) in view.legal
    elsewhere = SeatView("tichu", 0, {**view.obs, "turn": turn, "awaited": [turn]}, ())
    answer = decide(BOT, elsewhere, RNG)
    assert answer is None or answer in view.legal


def test_contests_a_quiet_trick_by_breaking_a_full_house_but_keeps_controls() -> None:
    """Slack 2.0 (measured stronger than 0.5 against heuristic-v1): a 9 out of a full house
    beats the 8, at one unit of cost; with the control slack of the pool styles the Dragon
    still waits for a trick that matters."""
    view = tichu_view("5G 5K 9B 9R 9G 3K 4B 2G", top="8G", top_seat=3, sizes=(8, 9, 10, 9))
    assert BOT.act(view, RNG) in ("play 9B", "play 9R", "play 9G")
    timid = TichuHeuristicBot(follow_slack=0.5)
    assert timid.act(view, RNG) == "pass"
    dragon = tichu_view("5G 5K 9B 9R 9G 3K 4B DRG", top="AG", top_seat=3, sizes=(8, 9, 10, 9))
    assert TichuHeuristicBot(control_slack=STYLE_CONTROL_SLACK).act(dragon, RNG) == "pass"


STRONG = "DRG PHX AG AK KB QR QG JB 10G 9K 8B 7R 6G 2K"


def test_calls_tichu_on_its_first_play_not_out_of_turn() -> None:
    """The call waits for the seat's own first play (R5): by then the other calls are known."""
    view = tichu_view(STRONG, top="3G", top_seat=3, sizes=(14, 14, 14, 13))
    out_of_turn = type(view)("tichu", 0, {**view.obs, "turn": 1, "awaited": [1]}, ())
    assert "tichu" in out_of_turn.legal
    assert BOT.interrupt(out_of_turn, RNG) is None
    assert BOT.act(view, RNG) == "tichu"


def test_no_tichu_after_the_partner_called() -> None:
    view = tichu_view(STRONG, calls=("", "", "tichu", ""))
    assert "tichu" in view.legal
    assert BOT.act(view, RNG) != "tichu"


def test_grand_features_match_the_model() -> None:
    assert len(grand_features(parse_cards("DRG PHX AG AK KB QR MJ DOG"))) == len(GRAND_FEATURES)
    assert len(hand_features(parse_cards(STRONG))) == len(FEATURES)
    strong, weak = parse_cards("DRG PHX AG AK AB KR 7G 7K"), parse_cards("DOG 2G 3K 5B 6R 7G 9K JB")
    assert grand_probability(strong) >= GRAND_P > 2 * grand_probability(weak)


def test_does_not_overtake_a_partner_who_called() -> None:
    """The partner's Tichu is ours to protect: its winning play stands, bombs and Aces stay."""
    hand = "7G 7K 7B 7R 3G AG DRG"
    view = tichu_view(hand, top="9G", top_seat=2, sizes=(7, 2, 6, 9), calls=("", "", "tichu", ""))
    assert BOT.act(view, RNG) == "pass"


def test_stops_racing_for_a_call_that_is_already_lost() -> None:
    """Our Tichu is lost once the partner is out first: the Dragon no longer races an Ace
    (with the pool styles' control slack, under which a quiet Ace keeps the Dragon back)."""
    hand = "DRG 3K 3B 6R 6G 9B 9G"
    state = tichu_state(
        hand, top="AG", top_seat=3, sizes=(7, 10, 0, 10), calls=("tichu", "", "", "")
    )
    view = view_of(replace(state, out=(2,)))
    assert "pass" in view.legal
    assert TichuHeuristicBot(control_slack=STYLE_CONTROL_SLACK).act(view, RNG) == "pass"
    assert TichuHeuristicBot(control_slack=STYLE_CONTROL_SLACK).act(view_of(state), RNG) == (
        "play DRG"
    )


def test_leads_the_dog_to_a_partner_as_close_to_out_as_itself() -> None:
    """Equal hand sizes: the Dog hands the partner the lead at once, not as a last play."""
    hand = "DOG 3G 5K 8B 10R QG"
    assert BOT.act(tichu_view(hand, sizes=(6, 9, 6, 9)), RNG) == "play DOG"


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 55), min_size=1, max_size=14))
def test_the_cheap_hand_cost_is_the_cost_of_the_full_plan(cards: set[int]) -> None:
    """``hand_cost`` skips building units (the Phoenix fillings, the plan of every hand left
    by a legal play); it must price hands exactly as ``plan`` splits them."""
    hand = sum(1 << c for c in cards)
    assert hand_cost(hand) == plan(hand).cost()
    counts = _rank_counts(hand)
    assert counts == tuple(sum(signature_rank(c) == r for c in cards) for r in range(17))
    assert _count_units(counts) == len(_units_of(counts))


@pytest.mark.parametrize("seed", range(4))
def test_trick_entries_give_the_engines_combination(seed: int) -> None:
    """Each trick entry's structured fields rebuild exactly the combination the engine holds
    (no matching of description texts)."""
    runner = play_random(GAME, TichuConfig(max_rounds=1), seed)
    state = GAME.new(TichuConfig(max_rounds=1))
    checked = 0
    for record in runner.records:
        trick = GAME.observe(state, SPECTATOR).to_json().get("trick") or []
        assert [trick_combo(e) for e in trick] == [p.combo for p in state.trick]
        checked += len(trick)
        state, _ = apply_record(GAME, state, record)
    assert checked > 50
