"""Invariants of random Tichu play (hypothesis picks the seeds).

``random_rounds`` plays uniformly random legal actions (a random active seat, then a random
legal action: exchanges are three listed choices, wishes a decision of their own) and checks
at every step that the 56
cards are all somewhere exactly once, and after every round that card points add up (R10).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.engine import Runner, SeededResolver, replay
from cardroom.games.tichu import GAME, TichuAction, TichuConfig, TichuState
from cardroom.games.tichu.cards import DECK
from cardroom.games.tichu.events import RoundScored

ENDLESS = TichuConfig(target_score=10_000)
# Every [Option] on (the conformance suite's option config), in endless rounds.
OPTIONS = replace(GAME.conformance_configs()[1], target_score=10_000, max_rounds=0)
ALL_CARDS = list(range(56))


def conserved(state: TichuState) -> bool:
    """Every one of the 56 cards is in exactly one place."""
    masks = [*state.hands, *state.later, state.pending, state.trick_cards, *state.piles]
    union = 0
    for m in masks:
        union |= m
    return union == DECK and sum(m.bit_count() for m in masks) == 56


def random_action(state: TichuState, rng: random.Random) -> tuple[int, TichuAction]:
    seat = rng.choice(sorted(GAME.active_seats(state)))
    return seat, rng.choice(GAME.legal_actions(state, seat))


@dataclass
class Stats:
    rounds: int = 0
    double_victories: int = 0
    results: list[tuple[int, int]] = field(default_factory=list)


def random_rounds(
    config: TichuConfig, seed: int, rounds: int, stats: Stats | None = None
) -> Iterator[TichuState]:
    """Yield every state of ``rounds`` random rounds, checking the invariants on the way."""
    stats = stats or Stats()
    resolver = SeededResolver(seed)
    rng = random.Random(seed)
    state = GAME.new(config)
    target = stats.rounds + rounds
    while stats.rounds < target and not GAME.is_terminal(state):
        request = GAME.pending_chance(state)
        if request is not None:
            state = GAME.apply_chance(state, resolver.resolve(request)).state
            continue
        assert conserved(state)
        yield state
        seat, action = random_action(state, rng)
        step = GAME.apply(state, seat, action)
        state = step.state
        for event in step.events:
            if isinstance(event, RoundScored):
                result = event.result
                stats.rounds += 1
                stats.results.append(result.points)
                if result.double_victory:
                    stats.double_victories += 1
                    dv = config.double_victory_points
                    assert sorted(result.card_points) == [0, dv]
                else:
                    assert sum(result.card_points) == 100
    assert conserved(state)


NO_GRAND = TichuConfig(target_score=10_000, allow_grand=False, tie_is_draw=True)


def play_rounds(config: TichuConfig, seed: int, rounds: int) -> Stats:
    stats = Stats()
    for _ in random_rounds(config, seed, rounds, stats):
        pass
    assert stats.rounds == rounds
    return stats


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_cards_are_conserved_and_card_points_add_up(seed: int) -> None:
    play_rounds(ENDLESS, seed, 100)


@settings(max_examples=4, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_same_with_every_option(seed: int) -> None:
    play_rounds(OPTIONS, seed, 100)


@pytest.mark.parametrize(
    "config", [ENDLESS, OPTIONS, NO_GRAND], ids=["standard", "options", "no_grand"]
)
def test_many_rounds(config: TichuConfig) -> None:
    """The long run: 3 × 400 rounds (1,200 more in the tests above), about 12 s."""
    stats = play_rounds(config, 2026, 400)
    assert 0 < stats.double_victories < 400


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_observations_survive_resampling_and_legal_actions_apply(seed: int) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(random_rounds(ENDLESS, seed, 8)):
        if i % 7:
            continue
        for seat in range(4):
            other = GAME.resample_hidden(state, seat, rng)
            assert sorted(other.all_cards()) == ALL_CARDS
            assert GAME.observe(other, seat).to_json() == GAME.observe(state, seat).to_json()
            assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in state.hands]
        seat = rng.choice(sorted(GAME.active_seats(state)))
        legal = GAME.legal_actions(state, seat)
        for action in rng.sample(legal, min(len(legal), 40)):
            GAME.apply(state, seat, action)


def runner_game(seed: int, config: TichuConfig) -> Runner[TichuState, TichuAction, TichuConfig]:
    runner: Runner[TichuState, TichuAction, TichuConfig] = Runner(
        GAME, config, SeededResolver(seed)
    )
    rng = random.Random(seed)
    while not GAME.is_terminal(runner.state):
        runner.act(*random_action(runner.state, rng))
    return runner


@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_replay_and_determinism(seed: int) -> None:
    config = TichuConfig(target_score=400, max_rounds=6)
    first = runner_game(seed, config)
    again = runner_game(seed, config)
    assert first.records == again.records
    assert replay(GAME, config, first.records) == first.state
    outcome = GAME.outcome(first.state)
    assert outcome is not None
    assert max(first.state.scores) >= 400 or len(first.state.score_sheet) == 6
