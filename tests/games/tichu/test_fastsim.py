"""Differential test: ``fastsim.Sim`` against the checked engine (``rules.apply``).

Both play the same seeded rounds with the same random choices (calls and out-of-turn bombs
included). At every step every seat's legal list must be identical (the simulator's moves as
engine texts, in the same order), and so must hands, piles, who is out, the wish and the turn;
at the end of each round, the scores.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.engine import Runner, SeededResolver
from cardroom.engine.testing import choose
from cardroom.games.tichu import GAME, TichuConfig
from cardroom.games.tichu.actions import TICHU, action_text
from cardroom.games.tichu.combos import Kind, generate_plays, has_bomb
from cardroom.games.tichu.fastsim import (
    Move,
    Sim,
    _may_beat,
    greedy_lowest,
    random_policy,
    to_action,
)
from cardroom.games.tichu.rules import active_seats, legal_actions
from cardroom.games.tichu.state import Phase, TichuState
from tests.games.tichu.test_perft import winner_out


def sim_listing(sim: Sim, seat: int) -> dict[str, Move | None]:
    """The simulator's legal list of ``seat`` as engine texts (None: the Tichu call)."""
    listing: dict[str, Move | None] = {str(TICHU): None} if sim.can_call(seat) else {}
    moves = sim.moves() if seat == sim.seat else list(sim.bombs(seat))
    for move in moves:
        listing[action_text(to_action(move))] = move
    return listing


def check_same(
    state: TichuState, sim: Sim, where: str, all_seats: bool
) -> dict[int, dict[str, Move | None]]:
    assert sim.hands == list(state.hands), where
    assert sim.piles == list(state.piles), where
    assert sim.out == list(state.out), where
    assert (sim.wish, sim.wisher, sim.turn) == (state.wish, state.wisher, state.turn), where
    listings = {}
    for seat in range(4) if all_seats else {sim.seat} | active_seats(state):
        assert seat is not None
        engine = [action_text(a) for a in legal_actions(state, seat)]
        listing = listings[seat] = sim_listing(sim, seat)
        assert list(listing) == engine, f"{where}, seat {seat}"
    return listings


def play_rounds(rounds: int, seed: int, config: TichuConfig | None = None, every: int = 1) -> int:
    """Play ``rounds`` rounds through both; returns how many steps were compared. The seats
    that may act are compared at every step, all four seats every ``every`` steps."""
    cfg = config or TichuConfig(max_rounds=0)
    rng = random.Random(seed)
    runner: Runner[Any, Any, Any] = Runner(GAME, cfg, SeededResolver(seed))
    done = steps = 0
    sim: Sim | None = None
    while done < rounds:
        state: TichuState = runner.state
        if GAME.is_terminal(state):
            runner = Runner(GAME, cfg, SeededResolver(rng.randrange(2**32)))
            continue
        if state.phase is not Phase.PLAY:
            sim = None
            seat, action = choose(GAME, state, rng)
            runner.act(seat, action)
            continue
        if sim is None:
            sim = Sim.from_state(state)
        where = f"seed {seed}, round {done}, step {steps}"
        listings = check_same(state, sim, where, steps % every == 0)
        seat, action = choose(GAME, state, rng)
        move = listings[seat][action_text(action)]
        if move is None:
            sim.call(seat)
        else:
            sim.apply(move, seat)
        before = state.round
        runner.act(seat, action)
        steps += 1
        if runner.state.round != before or GAME.is_terminal(runner.state):
            assert sim.done, where
            assert runner.state.last_round is not None
            assert sim.score() == runner.state.last_round.points, where
            done += 1
            sim = None
        else:
            assert not sim.done, where
    return steps


def test_fastsim_matches_engine_on_200_rounds() -> None:
    assert play_rounds(200, seed=1) > 200 * 20


def test_fastsim_matches_engine_with_options() -> None:
    """The [Option]s the simulator implements (it refuses the others)."""
    options = TichuConfig(
        max_rounds=0,
        wish_mandatory=True,
        no_calls_after_out=True,
        dog_to_seat_after_dog_player=True,
        dragon_last_trick_exempt=True,
        double_victory_points=100,
    )
    play_rounds(40, seed=2, config=options)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_fastsim_matches_engine_on_10000_rounds(seed: int) -> None:
    """10,000 random rounds in four parts of 2,500, which run on separate cores."""
    play_rounds(2_500, seed=seed, every=4)


def test_copy_is_independent_and_rollouts_finish() -> None:
    rng = random.Random(5)
    for _ in range(50):
        sim = Sim.deal(rng)
        twin = sim.copy()
        points = sim.rollout(random_policy, rng)
        assert sim.done and not twin.done
        assert sum(twin.hands[s].bit_count() for s in range(4)) == 56
        assert points[0] % 5 == 0 and points[1] % 5 == 0
        greedy = twin.rollout(greedy_lowest, rng)
        assert twin.done and greedy == twin.score()


def test_from_state_refuses_other_phases_and_options() -> None:
    with pytest.raises(ValueError, match="play phase"):
        Sim.from_state(GAME.new(TichuConfig()))
    state = GAME.new(TichuConfig(pass_is_final=True)).replace(phase=Phase.PLAY, turn=0)
    with pytest.raises(ValueError, match="pass_is_final"):
        Sim.from_state(state)


@pytest.mark.parametrize("choice", ["bomb 7G 7K 7B 7R", "play 7G 7K 7B 7R", "play 3G"])
def test_r5_6_bomb_onto_the_lying_trick_or_lead(choice: str) -> None:
    """The seat to lead after the winner went out bombs onto the trick or leads (R5.6)."""
    state = winner_out()
    sim = Sim.from_state(state)
    listings = check_same(state, sim, "winner out", all_seats=True)
    assert choice in listings[2]
    move = listings[2][choice]
    assert move is not None
    sim.apply(move, 2)
    check_same(GAME.apply(state, 2, GAME.parse_action(choice)).state, sim, choice, True)


@pytest.mark.parametrize(
    "config",
    [None, TichuConfig(wish_mandatory=True, dog_to_seat_after_dog_player=True)],
    ids=["standard", "options"],
)
def test_random_step_is_random_policy_over_the_listing(config: TichuConfig | None) -> None:
    """``random_step`` (the uncounted fast path of ``random_policy`` rollouts) makes the very
    move ``random_policy`` picks from ``moves()`` with the same draw, step by step, and leaves
    the generator in the same state: the same rounds, the same distribution."""
    for seed in range(400):
        fast_rng, listed_rng = random.Random(seed), random.Random(seed)
        fast, listed = Sim.deal(fast_rng, config), Sim.deal(listed_rng, config)
        while not listed.done:
            fast.random_step(fast_rng)
            listed.apply(random_policy(listed, listed.moves(), listed_rng))
            assert (fast.hands, fast.piles, fast.out, fast.turn, fast.wish, fast.trick) == (
                listed.hands,
                listed.piles,
                listed.out,
                listed.turn,
                listed.wish,
                listed.trick,
            ), f"seed {seed}"
        assert fast.done and fast.score() == listed.score()
        assert fast_rng.random() == listed_rng.random()


def test_may_beat_is_whether_a_bombless_hand_has_a_follow() -> None:
    """The unlisted pass of random rollouts: a hand without a bomb that ``_may_beat`` says
    cannot follow a full house, straight, stairs or bomb has only the pass, and every hand it
    says can follow has a play onto the top."""
    rng = random.Random(11)
    tops = [
        c
        for _ in range(600)
        for c in generate_plays(sum(1 << c for c in rng.sample(range(56), 14)), None)
        if c.kind >= Kind.FULL_HOUSE
    ]
    checked = followed = 0
    while checked < 4000:
        hand = sum(1 << c for c in rng.sample(range(56), rng.randint(1, 14)))
        top = rng.choice(tops)
        if has_bomb(hand) or hand & top.cards:
            continue
        checked += 1
        plays = generate_plays(hand, top)
        followed += bool(plays)
        assert _may_beat(hand, top) == bool(plays), (hand, top)
    assert followed > 100
