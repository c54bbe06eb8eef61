"""The bench's oracle (``bench/tichu_forced_calls.py --arm oracle``): after the call, and only
then, the caller's team searches in the true deal; before it, in worlds sampled from its view."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardroom.bots import SeatView
from cardroom.bots.arena.match import _Match
from cardroom.bots.tichu.belief import WorldSampler
from cardroom.bots.tichu.heuristic import TichuHeuristicBot
from cardroom.engine import get_game

BENCH = Path(__file__).parents[2] / "bench" / "tichu_forced_calls.py"
GAME = get_game("tichu")


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """The bench script as a module (it is no package of the repository)."""
    spec = importlib.util.spec_from_file_location("tichu_forced_calls_tested", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def playing(seed: int, plays: int) -> _Match:
    """Four heuristics' round, stopped after ``plays`` moves of the play phase."""
    config = GAME.config_from_json({"max_rounds": 1})
    match = _Match(GAME, config, [TichuHeuristicBot() for _ in range(4)], f"oracle/{seed}")
    seen = 0
    while match.runner.state.phase.value != "play" or seen < plays:
        seen += match.runner.state.phase.value == "play"
        seat, action = match.next_move()
        transition = match.runner.propose(seat, action)
        assert transition.state.phase.value in ("play", "dragon", "wish", "grand", "exchange")
        match.runner.commit(transition)
        match.histories.record(transition.events)
    return match


def called(view: SeatView, seat: int) -> SeatView:
    calls = list(view.obs.get("calls") or ("",) * 4)
    calls[seat] = "tichu"
    return SeatView(view.game, view.seat, {**view.obs, "calls": calls}, view.history)


@pytest.mark.parametrize(("seed", "plays"), [(1, 0), (2, 5), (3, 11)])
def test_every_world_of_the_true_deal_is_the_match_state(
    bench: ModuleType, seed: int, plays: int
) -> None:
    match = playing(seed, plays)
    state = match.runner.state
    for seat in range(4):
        view = match.view(seat)
        rng = random.Random(seed)
        sampled = WorldSampler(view).sample(rng)
        assert sampled.hands != state.hands  # the view alone does not tell the deal
        for _ in range(3):
            world = bench.TrueDeal(view, state).sample(rng)
            assert world.hands == state.hands
            assert world == sampled.replace(hands=state.hands)


def test_the_oracle_searches_the_true_deal_only_once_the_caller_called(
    bench: ModuleType,
) -> None:
    match = playing(4, 3)
    state = match.runner.state
    oracle = bench.Oracle.from_arg("n=30")
    oracle.see(2, 0.0)
    oracle.peek = lambda: match.runner.state
    view = match.view(0)
    assert type(oracle.world_sampler(view)) is WorldSampler
    assert type(oracle.world_sampler(called(view, 0))) is WorldSampler  # not the caller's call
    seeing = oracle.world_sampler(called(view, 2))
    assert seeing.sample(random.Random(0)).hands == state.hands
    blind = bench.Oracle.from_arg("n=30")  # no match to read: the search's own worlds
    assert type(blind.world_sampler(called(view, 2))) is WorldSampler


def test_the_noise_plays_in_the_rollouts_only_after_the_call(bench: ModuleType) -> None:
    """``noise=E`` without ``oracle`` (the oracle's control): sampled worlds, noisy rollouts
    from the call on, the search's own rollouts before it."""
    match = playing(8, 2)
    view = match.view(1)
    control = bench.Oracle.from_arg("n=30")
    plain = control.policy
    control.see(3, 0.05, sees=False)
    control.peek = lambda: match.runner.state
    assert type(control.world_sampler(view)) is WorldSampler and control.policy is plain
    assert type(control.world_sampler(called(view, 3))) is WorldSampler
    assert control.policy is not plain
    control.world_sampler(view)
    assert control.policy is plain


def test_the_search_weighs_its_candidates_in_the_worlds_of_world_sampler(
    bench: ModuleType,
) -> None:
    """The hook the oracle overrides is the one the search's decisions use."""
    match = playing(7, 4)
    turn = match.runner.state.turn
    view = called(match.view(turn), turn)
    oracle = bench.Oracle.from_arg("n=5")
    oracle.see(turn, 0.0)
    oracle.peek = lambda: match.runner.state
    asked: list[object] = []
    spy = oracle.world_sampler
    oracle.world_sampler = lambda seen: asked.append(type(spy(seen))) or spy(seen)
    oracle.search(view, list(view.legal[:3]), random.Random(1), deadline=0.0)
    assert asked == [bench.TrueDeal]


def test_the_true_deal_must_be_the_deal_of_the_view(bench: ModuleType) -> None:
    match = playing(5, 2)
    other = playing(6, 2).runner.state
    with pytest.raises(ValueError, match="not the deal"):
        bench.TrueDeal(match.view(1), other)


@pytest.mark.parametrize("high", [False, True])
def test_a_partial_oracle_places_the_true_bombs_and_high_cards_only(
    bench: ModuleType, high: bool
) -> None:
    """``--arm bombs`` (``high``): after the call, sampled worlds in which every other seat
    holds its true bombs and no other (and its true Dragon, Phoenix and Aces); the rest of the
    hidden cards still vary."""
    match = playing(11, 3)  # seat 1 holds a bomb of four (``oracle/11``)
    state = match.runner.state
    oracle = bench.Oracle.from_arg("n=30")
    oracle.see(0, 0.0, sees=False, partial="high" if high else "bombs")
    oracle.peek = lambda: match.runner.state
    view = match.view(0)
    assert type(oracle.world_sampler(view)) is WorldSampler
    sampler = oracle.world_sampler(called(view, 0))
    assert type(sampler) is bench.PartlyTrue
    rng = random.Random(3)
    worlds = [sampler.sample(rng) for _ in range(20)]
    for s in (1, 2, 3):
        bombs = bench.bomb_cards(state.hands[s])
        fixed = bombs | (state.hands[s] & bench.HIGH if high else 0)
        for world in worlds:
            assert bench.bomb_cards(world.hands[s]) == bombs
            assert world.hands[s] & fixed == fixed
        assert len({world.hands[s] for world in worlds}) > 1
    assert bench.bomb_cards(state.hands[1])
    aces = bench.HIGH & ~state.hands[0]
    assert high == all(
        w.hands[s] & aces == state.hands[s] & aces for w in worlds for s in (1, 2, 3)
    )
