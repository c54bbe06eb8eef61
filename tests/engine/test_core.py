"""Engine core: chance, records, runner, replay and the conformance helpers on a toy game."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardroom.engine import (
    ChanceOutcome,
    ChanceRequest,
    GameRecord,
    IllegalActionError,
    InvalidNotationError,
    LogRecord,
    NotActiveError,
    Runner,
    SeededResolver,
    replay,
)
from cardroom.engine.gametype import ChanceMode, Dynamics, Information, Utility
from cardroom.engine.testing import check_game, check_game_type, play_random

from .toy import TOY, ToyConfig, ToyGame


def test_chance_outcome_round_trips_and_validates() -> None:
    out = SeededResolver(3).resolve(ChanceRequest("shuffle", 10))
    assert ChanceOutcome.parse(str(out)) == out
    out.check(ChanceRequest("shuffle", 10))
    with pytest.raises(InvalidNotationError):
        ChanceOutcome("shuffle", (0, 0, 1)).check(ChanceRequest("shuffle", 3))
    with pytest.raises(InvalidNotationError):
        ChanceOutcome.parse("roll 1 2")


def test_seeded_resolver_is_deterministic() -> None:
    req = ChanceRequest("shuffle", 56)
    assert SeededResolver(7).resolve(req) == SeededResolver(7).resolve(req)
    assert SeededResolver(7).resolve(req) != SeededResolver(8).resolve(req)


def test_runner_logs_chance_and_actions_and_replays() -> None:
    runner = Runner(TOY, ToyConfig(), SeededResolver(1))
    assert [r.kind for r in runner.records] == ["chance"]
    card = runner.state.hands[0][0]
    runner.act(0, f"play {card}")
    assert runner.records[-1] == LogRecord(2, "action", 0, f"play {card}")
    assert replay(TOY, ToyConfig(), runner.records) == runner.state


def test_illegal_actions_leave_the_runner_unchanged() -> None:
    runner = Runner(TOY, ToyConfig(), SeededResolver(1))
    before = (runner.state, list(runner.records))
    with pytest.raises(NotActiveError):
        runner.act(1, "play 0")
    missing = next(c for c in range(6) if c not in runner.state.hands[0])
    with pytest.raises(IllegalActionError, match="not in your hand"):
        runner.act(0, f"play {missing}")
    with pytest.raises(InvalidNotationError):
        runner.act(0, "fly")
    assert (runner.state, runner.records) == before


def test_stale_transition_is_refused() -> None:
    runner = Runner(TOY, ToyConfig(), SeededResolver(1))
    first = runner.propose(0, runner.state.hands[0][0])
    second = runner.propose(0, runner.state.hands[0][1])
    runner.commit(first)
    with pytest.raises(ValueError, match="stale"):
        runner.commit(second)


def test_record_round_trips_through_jsonl(tmp_path: object) -> None:
    runner = play_random(TOY, ToyConfig(), seed=5)
    record = runner.to_record()
    assert GameRecord.from_jsonl(record.to_jsonl()) == record
    with pytest.raises(InvalidNotationError):
        GameRecord.from_jsonl('{"game": "toy"}\n{"seq": 1}')


@pytest.mark.parametrize("seed", range(5))
def test_conformance_helpers_pass_on_the_toy_game(seed: int) -> None:
    runner = check_game(TOY, ToyConfig(), seed)
    assert TOY.outcome(runner.state) is not None


@pytest.mark.parametrize(
    "wrong",
    [
        {"dynamics": Dynamics.SIMULTANEOUS},
        {"chance_mode": ChanceMode.DETERMINISTIC},
        {"information": Information.PERFECT},
        {"utility": Utility.ZERO_SUM},
        {"interrupts": True},
        {"max_seats": 3},
    ],
)
def test_a_wrong_game_type_claim_fails_the_conformance_check(wrong: dict[str, Any]) -> None:
    check_game_type(TOY, [ToyConfig()], [0, 1])

    class Misdeclared(ToyGame):
        game_type = dataclasses.replace(ToyGame.game_type, **wrong)

    with pytest.raises(AssertionError):
        check_game_type(Misdeclared(), [ToyConfig()], [0, 1])
