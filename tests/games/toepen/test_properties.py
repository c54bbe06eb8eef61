"""Whole-game properties of Toepen over random legal play (toepen.md §7 observation 2).

``check_game`` (engine conformance: active seats have legal actions, notation round-trips,
unlisted texts are refused, observations are JSON and unchanged when hidden cards are
resampled, replay and log round-trip) for 3, 4 and 8 players; determinism of the log; and
bookkeeping invariants after every step under random rule options.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardroom.engine import (
    OMNISCIENT,
    SPECTATOR,
    ChanceOutcome,
    NotActiveError,
    Runner,
    SeededResolver,
)
from cardroom.engine.testing import check_game, choose, play_random
from cardroom.games.toepen import GAME, ToepenConfig, ToepenState
from cardroom.games.toepen.cards import DECK, mask_of
from cardroom.games.toepen.sample import consistent

SEEDS = {3: range(12), 4: range(12), 8: range(4)}


@pytest.mark.parametrize(("n", "seed"), [(n, s) for n, seeds in SEEDS.items() for s in seeds])
def test_check_game(n: int, seed: int) -> None:
    runner = check_game(GAME, GAME.default_config(n), seed)
    outcome = GAME.outcome(runner.state)
    assert outcome is not None and 0 in outcome.scores


@pytest.mark.parametrize("n", [3, 4, 8])
def test_same_seed_same_log(n: int) -> None:
    logs = [
        play_random(GAME, GAME.default_config(n), seed).to_record().to_jsonl() for seed in (7, 7, 8)
    ]
    assert logs[0] == logs[1]
    assert logs[0] != logs[2]


def deck_is_whole(state: ToepenState) -> bool:
    """Hands, stock, laundry discards and played cards are the 32 cards, each once."""
    parts = [*state.hands, mask_of(state.stock), *state.played]
    parts += [e.discard for e in state.exchanges]
    union = 0
    for part in parts:
        if union & part:
            return False
        union |= part
    return union == DECK and len(state.stock) == len(set(state.stock))


OPTION_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "seats": st.integers(2, 8),
    "lives": st.sampled_from([1, 3, 10]),
    "announce": st.booleans(),
    "free_signals": st.booleans(),
    "exchange_penalty": st.integers(1, 2),
    "dutch_laundry": st.booleans(),
    "laundry_open": st.booleans(),
    "exchange_repeat": st.booleans(),
    "turn_knock": st.booleans(),
    "double_knock": st.booleans(),
    "one_knock": st.booleans(),
    "max_stake": st.sampled_from([0, 2, 4]),
    "table_cap": st.booleans(),
    "fold_void": st.booleans(),
    "jack_double": st.booleans(),
    "jack_bonus": st.booleans(),
    "dealer_rule": st.sampled_from(["winner", "left", "high"]),
    "four_of_a_kind": st.booleans(),
    "poverty": st.booleans(),
    "elimination": st.booleans(),
    "finish_hand": st.booleans(),
    "folded_taker_deals": st.booleans(),
}
OPTIONS = st.fixed_dictionaries(OPTION_VALUES)


def test_options_cover_the_config() -> None:
    assert set(OPTION_VALUES) == {f.name for f in fields(ToepenConfig)}


FOUR_OF_A_KIND_AT_THE_DEAL: Final = {
    **{name: False for name in OPTION_VALUES},
    **{"seats": 7, "lives": 10, "exchange_penalty": 1, "max_stake": 0, "dealer_rule": "winner"},
    **{"four_of_a_kind": True, "elimination": True},
}
"""Seed 3011 ends hand 5 by a trick and hand 6 by a four of a kind dealt, in one step."""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32))
@example(options=FOUR_OF_A_KIND_AT_THE_DEAL, seed=3011)
def test_bookkeeping_under_random_options(options: dict[str, Any], seed: int) -> None:
    """After every step: the deck is whole, lives stay in 0..start, a hand's reported losses
    are what the lives moved, and a seat's view survives resampling of what it cannot see."""
    config = ToepenConfig(**options)
    runner = Runner(GAME, config, SeededResolver(seed))
    rng = random.Random(seed)
    for _ in range(5000):
        state = runner.state
        if GAME.is_terminal(state):
            break
        assert deck_is_whole(state)
        assert all(0 <= life <= config.lives for life in state.lives)
        seat, action = choose(GAME, state, rng)
        start = state.start_lives
        for event in runner.act(seat, action):
            data = event.to_json()
            if data["type"] == "hand_end":
                assert [a - b for a, b in zip(start, data["lives"], strict=True)] == data["losses"]
                start = data["lives"]  # a step may end two hands (a four of a kind at the deal)
        viewer = rng.randrange(config.seats)
        assert consistent(runner.state, viewer), "the real deal breaks a public fact"
        other = GAME.resample_hidden(runner.state, viewer, rng)
        assert consistent(other, viewer) and deck_is_whole(other)
        assert GAME.observe(other, viewer).to_json() == GAME.observe(runner.state, viewer).to_json()
    assert GAME.is_terminal(runner.state)
    outcome = GAME.outcome(runner.state)
    assert outcome is not None and outcome.scores == runner.state.lives


def test_resampling_moves_hidden_cards_but_not_the_seat_view() -> None:
    """The no-leak check must not pass vacuously: resampling really changes other hands."""
    runner = Runner(GAME, GAME.default_config(4), SeededResolver(3))
    rng = random.Random(3)
    changed = 0
    for _ in range(30):
        other = GAME.resample_hidden(runner.state, 0, rng)
        changed += other.hands[1:] != runner.state.hands[1:]
        assert other.hands[0] == runner.state.hands[0]
        assert GAME.observe(other, 0).to_json() == GAME.observe(runner.state, 0).to_json()
    assert changed > 20


def test_events_show_each_seat_only_its_own_cards() -> None:
    runner = play_random(GAME, GAME.default_config(4), 11)
    state = GAME.new(GAME.default_config(4))
    for record in runner.records:
        if record.kind == "chance":
            step = GAME.apply_chance(state, ChanceOutcome.parse(record.text))
        else:
            assert record.seat is not None
            step = GAME.apply(state, record.seat, GAME.parse_action(record.text))
        for event in step.events:
            full = event.to_json()
            if full["type"] == "deal":
                for seat in range(4):
                    seen = GAME.project(event, seat)
                    assert seen is not None
                    hands = seen.to_json()["hands"]
                    assert [h is not None for h in hands] == [s == seat for s in range(4)]
                    assert hands[seat] == full["hands"][seat]
            if full["type"] == "laundry":
                for audience in (SPECTATOR, (full["seat"] + 1) % 4):
                    seen = GAME.project(event, audience)
                    assert seen is not None and seen.to_json()["drawn"] is None
            assert GAME.project(event, OMNISCIENT) == event
        state = step.state


@pytest.mark.parametrize("n", [3, 4, 8])
def test_timeouts_play_a_legal_move_and_never_knock_for_the_seat_on_turn(n: int) -> None:
    """A game of timeouts only (``default_action`` for ``turn``) ends; every default is legal."""
    runner = Runner(GAME, GAME.default_config(n), SeededResolver(n))
    for _ in range(5000):
        state = runner.state
        if GAME.is_terminal(state):
            break
        for seat in range(n):
            legal = GAME.legal_actions(state, seat)
            if not legal:
                with pytest.raises(NotActiveError):
                    GAME.default_action(state, seat)
                continue
            assert GAME.default_action(state, seat) in legal
        (turn,) = GAME.observe(state, SPECTATOR).to_json()["awaited"]
        action = GAME.default_action(state, turn)
        assert str(action) != "knock"
        runner.act(turn, action, kind="timeout", auto=True)
    assert GAME.is_terminal(runner.state)


def test_conformance_configs_change_every_option() -> None:
    """The registry suite's hook: 3, 4 and 8 players, and every option away from its default."""
    configs = GAME.conformance_configs()
    assert [c.seats for c in configs[:3]] == [3, 4, 8]
    default = ToepenConfig()
    for f in fields(ToepenConfig):
        assert any(getattr(c, f.name) != getattr(default, f.name) for c in configs), f.name


@pytest.mark.parametrize("index", range(3, 7))
@pytest.mark.parametrize("seed", range(3))
def test_check_game_with_options(index: int, seed: int) -> None:
    check_game(GAME, GAME.conformance_configs()[index], seed)
