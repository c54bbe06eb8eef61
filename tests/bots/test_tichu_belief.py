"""Belief sampling: every sampled world agrees with the seat's view; no evidence, no bias."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.arena.match import _Match
from cardroom.bots.protocol import SeatView
from cardroom.bots.random_bot import RandomBot
from cardroom.bots.tichu.belief import WorldSampler, round_facts, sample_world
from cardroom.bots.tichu.heuristic import TichuHeuristicBot, tichu_probability
from cardroom.engine import get_game
from cardroom.games.tichu.cards import iter_cards

GAME = get_game("tichu")
SAME_KEYS = (
    "hand",
    "hand_sizes",
    "trick",
    "top",
    "turn",
    "lead",
    "wish",
    "out",
    "passes",
    "calls",
    "pile_points",
    "legal",
    "phase",
)


def position(seed: int, random_bots: bool, stop: int | None = None) -> tuple[SeatView, object]:
    """A random play-phase position of a seeded match, and the true state."""
    rng = random.Random(seed)
    config = GAME.config_from_json({"max_rounds": 1})
    bots = [RandomBot() if random_bots else TichuHeuristicBot() for _ in range(4)]
    match = _Match(GAME, config, bots, f"belief/{seed}")
    stop = rng.randint(0, 60) if stop is None else stop
    seen = 0
    while True:
        state = match.runner.state
        playing = state.phase.value == "play"
        if playing:
            if seen >= stop:
                break
            seen += 1
        seat, action = match.next_move()
        transition = match.runner.propose(seat, action)
        if playing and transition.state.phase.value != "play":
            break  # the round would end: look at the position before it
        match.runner.commit(transition)
        match.histories.record(transition.events)
    return match.view(rng.randrange(4)), match.runner.state


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_sampled_worlds_match_the_view(seed: int, random_bots: bool) -> None:
    view, _ = position(seed, random_bots)
    rng = random.Random(seed)
    facts = round_facts(view)
    for _ in range(5):
        world = sample_world(view, rng)
        obs = GAME.observe(world, view.seat).to_json()
        for key in SAME_KEYS:
            assert obs[key] == view.obs[key], key
        assert sorted(world.all_cards()) == list(range(56))
        for fact in facts.wish_facts:
            assert fact.holds(world.hands[fact.seat]), fact
        for receiver, card in facts.given.items():
            if not facts.played >> card & 1:
                assert world.hands[receiver] >> card & 1


def test_the_true_world_satisfies_every_wish_fact() -> None:
    for seed in range(40):
        view, truth = position(seed, True)
        for fact in round_facts(view).wish_facts:
            assert fact.holds(truth.hands[fact.seat])  # type: ignore[attr-defined]


def test_hidden_cards_are_unbiased_without_evidence() -> None:
    """At the first lead the unseen cards (not the ones we gave) are spread ∝ the free places."""
    view, _ = position(3, False, stop=0)
    assert sum(view.obs["hand_sizes"]) == 56
    rng = random.Random(1)
    facts = round_facts(view)
    given = set(facts.given.values())
    counts: dict[tuple[int, int], int] = {}
    samples = 600
    others = [s for s in range(4) if s != view.seat]
    for _ in range(samples):
        world = sample_world(view, rng)
        for s in others:
            for c in iter_cards(world.hands[s]):
                if c not in given:
                    counts[c, s] = counts.get((c, s), 0) + 1
    cards = {c for c, _ in counts}
    chi2 = 0.0
    for c in cards:
        for s in others:
            expected = samples / 3  # each other seat has 13 free places of 39
            chi2 += (counts.get((c, s), 0) - expected) ** 2 / expected
    dof = len(cards) * 2
    assert chi2 < dof + 5 * (2 * dof) ** 0.5, (chi2, dof)


def a_caller_position() -> tuple[SeatView, int]:
    """The first lead of the first seeded heuristic round in which another seat has called."""
    for seed in range(200):
        view, _ = position(seed, False, stop=0)
        callers = [s for s, c in enumerate(view.obs["calls"]) if c and s != view.seat]
        if callers:
            return view, callers[0]
    raise AssertionError("no call in 200 seeded rounds")


def test_inferred_worlds_give_a_caller_the_hand_it_showed() -> None:
    """With ``infer`` the caller's sampled hands (with what it played) are far likelier to go
    out first than uniform ones, and every world still matches the view."""
    view, caller = a_caller_position()
    facts = round_facts(view)

    def mean_chance(infer: bool) -> float:
        sampler, rng = WorldSampler(view, infer), random.Random(7)
        total = 0.0
        for _ in range(200):
            world = sampler.sample(rng)
            obs = GAME.observe(world, view.seat).to_json()
            assert all(obs[key] == view.obs[key] for key in SAME_KEYS)
            total += tichu_probability(world.hands[caller] | facts.played_by[caller])
        return total / 200

    uniform, inferred = mean_chance(False), mean_chance(True)
    assert inferred > uniform + 0.15, (uniform, inferred)


def test_inferred_worlds_take_from_a_seat_that_played_without_calling() -> None:
    """A seat that played its first card without calling (nor its partner) is sampled with
    weaker hands under ``infer`` than uniformly."""
    for seed in range(200):
        view, _ = position(seed, False, stop=6)
        facts = round_facts(view)
        silent = [
            s
            for s in range(4)
            if s != view.seat and not any(view.obs["calls"]) and facts.played_by[s]
        ]
        if silent:
            break
    seat = silent[0]

    def mean_chance(infer: bool) -> float:
        sampler, rng = WorldSampler(view, infer), random.Random(3)
        hands = [sampler.sample(rng).hands[seat] | facts.played_by[seat] for _ in range(300)]
        return sum(tichu_probability(h) for h in hands) / len(hands)

    assert mean_chance(True) < mean_chance(False) - 0.02
