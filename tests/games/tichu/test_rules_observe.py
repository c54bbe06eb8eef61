"""Observations (contracts.md §2-§3) and event redaction per audience."""

from __future__ import annotations

import json

from cardroom.engine import OMNISCIENT, SPECTATOR
from cardroom.games.tichu import GAME
from cardroom.games.tichu.events import (
    ExchangeRevealed,
    ExchangeSubmitted,
    GrandDecided,
    HandDealt,
)
from cardroom.games.tichu.rules import active_seats

from .helpers import act, acts, dealt, position, to_play

COMMON = {"game", "audience", "phase", "num_seats", "active", "awaited", "legal"}
COMMON |= {"hand", "hand_sizes", "terminal", "outcome"}
TICHU = {"round", "scores", "score_sheet", "calls", "decided", "exchange", "trick", "top"}
TICHU |= {"turn", "lead", "wish", "out", "pile_points", "passes", "last_round"}


def test_observation_has_every_contract_key() -> None:
    state = to_play()
    for audience in [0, 1, 2, 3, SPECTATOR, OMNISCIENT]:
        data = GAME.observe(state, audience).to_json()
        assert set(data) >= COMMON | TICHU
        json.dumps(data)
    spectator = GAME.observe(state, SPECTATOR).to_json()
    assert spectator["hand"] is None and spectator["legal"] == []
    assert spectator["audience"] == "spectator" and spectator["exchange"] is None
    assert len(GAME.observe(state, OMNISCIENT).to_json()["hands"]) == 4


def test_own_hand_legal_and_exchange() -> None:
    state = to_play()
    mine = GAME.observe(state, 1).to_json()
    assert mine["hand_sizes"] == [14] * 4 and len(mine["hand"]) == 14
    assert mine["legal"] == [str(a) for a in GAME.legal_actions(state, 1)]
    assert set(mine["exchange"]["given"]) == {"2", "3", "0"}
    assert set(mine["exchange"]["received"]) == {"2", "3", "0"}
    for seat, card in mine["exchange"]["received"].items():
        row = state.given[int(seat)]
        assert row is not None
        assert card in mine["hand"]


def test_grand_decisions_stay_private_until_all_are_in() -> None:
    state = act(dealt(), 2, "grand")
    assert GAME.observe(state, 2).to_json()["calls"][2] == "grand"
    assert GAME.observe(state, 0).to_json()["calls"][2] == ""
    assert GAME.observe(state, 0).to_json()["decided"] == [False, False, True, False]
    event = GrandDecided(2, True)
    assert GAME.project(event, 2) == event
    assert GAME.project(event, 0) == GrandDecided(2, None)
    assert GAME.project(event, SPECTATOR) == GrandDecided(2, None)


def test_hands_and_exchanges_are_redacted() -> None:
    assert GAME.project(HandDealt(1, 7), 1) == HandDealt(1, 7)
    assert GAME.project(HandDealt(1, 7), 0) is None
    assert GAME.project(HandDealt(1, 7), SPECTATOR) is None
    assert GAME.project(HandDealt(1, 7), OMNISCIENT) == HandDealt(1, 7)
    assert GAME.project(ExchangeSubmitted(1, (2, 3, 4)), 0) == ExchangeSubmitted(1, ())
    reveal = ExchangeRevealed(((2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 12, 13)))
    assert GAME.project(reveal, SPECTATOR) is None
    assert GAME.project(reveal, 0) == ExchangeRevealed(
        ((2, 3, 4), (None, None, 7), (None, 9, None), (11, None, None))
    )


def test_phase_names_and_turn() -> None:
    state = position({0: "DRG"}, turn=0, pad={0: 2, 1: 2, 2: 2, 3: 2})
    state = acts(state, (0, "play DRG"), (1, "pass"), (2, "pass"), (3, "pass"))
    data = GAME.observe(state, 1).to_json()
    assert data["phase"] == "dragon" and data["turn"] == 0 and data["lead"] is False
    assert data["top"] == {
        "seat": 0, "cards": ["DRG"], "combo": "single DRG",
        "kind": "single", "rank": 15, "length": 1, "strength": 30, "phoenix": None,
    }  # fmt: skip
    assert data["passes"] == 3


def test_bomb_holders_are_not_revealed() -> None:
    state = position({3: "9G 9K 9B 9R"}, trick=[(0, "5G")], turn=1, pad={0: 2, 1: 2, 2: 2})
    assert 3 in active_seats(state)
    assert GAME.observe(state, 0).to_json()["active"] == [1]
    assert GAME.observe(state, SPECTATOR).to_json()["active"] == [1]
    assert GAME.observe(state, 3).to_json()["active"] == [1, 3]
    assert GAME.observe(state, OMNISCIENT).to_json()["active"] == [1, 3]


def test_wish_and_last_round_in_the_observation() -> None:
    state = act(position({0: "MJ"}, turn=0, pad={0: 2, 1: 2, 2: 2, 3: 2}), 0, "play MJ")
    state = act(state, 0, "wish J")
    assert GAME.observe(state, 2).to_json()["wish"] == "J"
    ended = act(position({2: "KR", 3: "4G"}, trick=[(3, "10G")], turn=2, out=(0, 1)), 2, "play KR")
    last = GAME.observe(ended, SPECTATOR).to_json()["last_round"]
    assert last["points"] == [20, 0] and last["out"] == [0, 1, 2]
    assert last["double_victory"] is False and last["calls"] == ["", "", "", ""]
    assert GAME.observe(ended, 0).to_json()["score_sheet"] == [[20, 0]]


def test_legal_plays_describe_themselves() -> None:
    """``legal_info`` runs parallel to ``legal``: a play's combination, None for other actions."""
    state = position(
        {1: "9G PHX 5G 5K 5B 5R"}, trick=[(0, "7G 7K")], turn=1, pad={0: 4, 2: 4, 3: 4}
    )
    data = GAME.observe(state, 1).to_json()
    assert len(data["legal_info"]) == len(data["legal"])
    info = dict(zip(data["legal"], data["legal_info"], strict=True))
    assert info["pass"] is None
    assert info["play 9G PHX(=9)"] == {
        "kind": "pair", "length": 2, "rank": 9, "strength": 18, "phoenix": 9, "combo": "pair 9"
    }  # fmt: skip
    assert info["play 5G 5K 5B 5R"]["kind"] == "bomb"
    assert GAME.observe(state, SPECTATOR).to_json()["legal_info"] == []
