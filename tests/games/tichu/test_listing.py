"""The fast paths of the checked rules against their definitions.

Who may act comes from bit tests (a bomb present, the call window) instead of listing every
seat's plays; a listed action is found again by its cards instead of rebuilding its
combination. Both must agree with the slow definitions on every state of seeded random matches
(with every option too), and an action that merely looks like a listed one (a stray field, an
impossible Phoenix rank) must still be refused with the rule's reason.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardroom.engine import IllegalActionError, Runner, SeededResolver
from cardroom.engine.testing import choose
from cardroom.games.tichu import GAME, TichuAction, TichuState, rules
from cardroom.games.tichu.actions import ActionKind
from cardroom.games.tichu.cards import PHX
from cardroom.games.tichu.combos import combo_for
from cardroom.games.tichu.state import SEATS, Phase

from .helpers import position


def states(seed: int) -> list[TichuState]:
    """Every state of a seeded random 2-round match (standard rules, or every option)."""
    config = replace(GAME.conformance_configs()[seed % 2], max_rounds=2)
    runner: Runner[TichuState, TichuAction, object] = Runner(GAME, config, SeededResolver(seed))
    rng = random.Random(seed)
    found = [runner.state]
    while not GAME.is_terminal(runner.state):
        runner.act(*choose(GAME, runner.state, rng))
        found.append(runner.state)
    return found


def slow_active(state: TichuState) -> frozenset[int]:
    """The definition: awaited seats, seats that may call Tichu, seats with a listed bomb out of
    their turn."""
    seats = set(rules.awaited_seats(state))
    if state.phase is Phase.PLAY:
        for s in range(SEATS):
            bombs_now = rules.play_mode(state, s) is rules.Mode.BOMBS
            if rules.can_call_tichu(state, s) or (bombs_now and rules.options(state, s).combos):
                seats.add(s)
    return frozenset(seats)


@pytest.mark.parametrize("seed", range(6))
def test_activity_from_bit_tests_is_the_listing_definition(seed: int) -> None:
    for state in states(seed):
        assert rules.active_seats(state) == slow_active(state)
        for s in range(SEATS):
            listed = (
                rules.play_mode(state, s) is rules.Mode.BOMBS and rules.options(state, s).combos
            )
            assert rules.may_bomb(state, s) == bool(listed)


@pytest.mark.parametrize("seed", range(6))
def test_listed_plays_are_found_by_value_and_make_their_combination(seed: int) -> None:
    """An action parsed from a listed play's text (a different object) finds the same
    combination, the one ``combo_for`` reads from the cards onto the top."""
    for state in states(seed)[::3]:
        for seat in range(SEATS):
            for action in GAME.legal_actions(state, seat):
                if action.kind not in (ActionKind.PLAY, ActionKind.BOMB):
                    continue
                again = TichuAction.parse(str(action))
                assert again is not action
                combo = rules.combo_of(state, seat, again)
                assert combo is not None and combo == rules.combo_of(state, seat, action)
                top = None if rules.play_mode(state, seat) is rules.Mode.LEAD else state.top
                if action.kind is ActionKind.PLAY:
                    assert combo == combo_for(action.cards, action.phoenix_as, top)


def test_a_play_with_stray_fields_or_an_impossible_phoenix_rank_is_refused() -> None:
    state = position({0: "5G 5K PHX 9B", 1: "2G 3K"}, turn=0)
    listed = TichuAction.parse("play 5G 5K PHX(=5)")
    assert rules.combo_of(state, 0, listed) is not None
    for stray in (
        TichuAction(ActionKind.PLAY, listed.cards, 5, wish=7),
        TichuAction(ActionKind.PLAY, listed.cards, 5, to=1),
        TichuAction(ActionKind.PLAY, listed.cards, 15),
        TichuAction(ActionKind.PLAY, listed.cards, 0),
        TichuAction(ActionKind.PLAY, listed.cards & ~(1 << PHX), 5),  # no Phoenix to declare
    ):
        assert rules.combo_of(state, 0, stray) is None
        with pytest.raises(IllegalActionError):
            GAME.apply(state, 0, stray)


def test_an_undeclared_phoenix_takes_the_highest_listed_reading() -> None:
    state = position({0: "KG KK 5B 5R PHX 9B", 1: "2G 3K"}, turn=0)
    step = GAME.apply(state, 0, TichuAction.parse("play KG KK 5B 5R PHX"))
    assert step.played == TichuAction.parse("play 5B 5R KG KK PHX(=K)")
