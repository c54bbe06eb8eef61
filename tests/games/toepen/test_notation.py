"""Toepen notation: cards and actions round-trip; anything else is an ``InvalidNotationError``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.engine import InvalidNotationError
from cardroom.games.toepen import Action, ToepenConfig
from cardroom.games.toepen.actions import KINDS
from cardroom.games.toepen.cards import format_card, format_cards, parse_card, parse_cards

ALL_ACTIONS = [Action("play", c) for c in range(32)] + [Action(k) for k in KINDS[1:]]


@pytest.mark.parametrize("card", range(32))
def test_cards_round_trip(card: int) -> None:
    text = format_card(card)
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card


def test_card_sets_round_trip_and_refuse_repeats() -> None:
    mask = parse_cards("10H JS 7C AD")
    assert parse_cards(format_cards(mask)) == mask
    with pytest.raises(InvalidNotationError, match="twice"):
        parse_cards("10H 10h")


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=str)
def test_actions_round_trip_and_repr_is_a_constructor_call(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert eval(repr(action)) == action


@pytest.mark.parametrize(
    "text", ["", "play", "play 6H", "play 10X", "play 10H 9H", "knock now", "pass", "fold 2", "10H"]
)
def test_malformed_actions_are_notation_errors(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Action.parse(text)


@given(st.text(max_size=12))
def test_any_text_parses_or_raises_a_notation_error(text: str) -> None:
    try:
        action = Action.parse(text)
    except InvalidNotationError:
        return
    assert Action.parse(str(action)) == action
    if text.isascii():  # suit symbols (♥) format as letters
        assert str(action).lower() == " ".join(text.split()).lower()


def test_config_round_trips_and_rejects_unknown_or_mistyped_options() -> None:
    config = ToepenConfig(seats=6, lives=15, poverty=True, dealer_rule="left")
    assert ToepenConfig.from_json(config.to_json()) == config
    assert eval(repr(config)) == config
    for bad in (
        {"seats": 1},
        {"seats": 9},
        {"lives": 0},
        {"knock": True},
        {"lives": "10"},
        {"poverty": 1},
    ):
        with pytest.raises(ValueError):
            ToepenConfig.from_json(bad)
