"""Tichu action notation (contracts.md §3): canonical form, liberal parsing, clear errors."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.engine import (
    IllegalActionError,
    InvalidNotationError,
    NotActiveError,
    Runner,
    SeededResolver,
)
from cardroom.games.tichu import GAME, TichuAction
from cardroom.games.tichu.actions import ActionKind, exchange, give_dragon, play, wish
from cardroom.games.tichu.cards import PHX, format_card, parse_cards
from cardroom.games.tichu.state import Phase

CANONICAL = [
    "grand",
    "nogrand",
    "tichu",
    "pass",
    "exchange 2G to 1",
    "exchange DRG to 3",
    "wish 8",
    "wish J",
    "nowish",
    "play 7G 7K",
    "play 9G PHX(=9)",
    "play MJ",
    "play MJ 2K 3B 4R 5G",
    "play 3G 4K 5B 6R PHX(=2)",
    "play 10G 10K 10B 10R",
    "bomb 10G 10K 10B 10R",
    "play PHX",
    "play DOG",
    "play DRG",
    "give-dragon 3",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_texts_round_trip(text: str) -> None:
    action = TichuAction.parse(text)
    assert str(action) == text
    assert GAME.format_action(GAME.parse_action(text)) == text
    assert eval(repr(action), {"TichuAction": TichuAction}) == action


@pytest.mark.parametrize(
    ("loose", "canonical"),
    [
        ("PLAY 7k 7g", "play 7G 7K"),
        ("  play   phx ( = 9 )  9g ", "play 9G PHX(=9)"),
        ("play PHX(9) 9G", "play 9G PHX(=9)"),
        ("play 5g 4r 3b 2k mj", "play MJ 2K 3B 4R 5G"),
        ("WISH 10", "wish 10"),
        ("Wish j", "wish J"),
        ("Give-Dragon 1", "give-dragon 1"),
        ("EXCHANGE 3b TO 2", "exchange 3B to 2"),
        ("Tichu", "tichu"),
    ],
)
def test_parsing_is_liberal_and_formatting_canonical(loose: str, canonical: str) -> None:
    assert str(TichuAction.parse(loose)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "play",
        "play 7X",
        "play 1G",
        "play 7G 7G",
        "play 7G 7g",
        "grand now",
        "pass 7G",
        "give-dragon",
        "give-dragon x",
        "give-dragon 1 2",
        "play PHX(=Z) 9G",
        "play MJ wish=Z",
        "play MJ wish=8",  # the retired notation: the wish is its own decision
        "exchange 2G AK 3B",  # the retired notation: one card at a time
        "exchange XX to 1",
        "exchange 2G to",
        "exchange 2G 1",
        "wish",
        "wish Z",
        "wish 8 9",
        "nowish 8",
    ],
)
def test_malformed_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        TichuAction.parse(text)


def test_the_phoenix_declaration_is_written_after_the_natural_cards() -> None:
    assert str(play(1 << PHX | 1 << 30 | 1 << 31, phoenix_as=9)) == "play 9G 9K PHX(=9)"


ranks = st.integers(min_value=2, max_value=14)
masks = st.integers(min_value=1, max_value=(1 << 56) - 1)


@st.composite
def actions(draw: st.DrawFn) -> TichuAction:
    kind = draw(st.sampled_from(list(ActionKind)))
    if kind is ActionKind.PLAY:
        cards = draw(masks)
        phx = draw(ranks) if cards >> PHX & 1 and draw(st.booleans()) else None
        return play(cards, phx)
    if kind is ActionKind.BOMB:
        return TichuAction(kind, draw(masks))
    if kind is ActionKind.EXCHANGE:
        return exchange(draw(st.integers(0, 55)), draw(st.integers(0, 9)))
    if kind is ActionKind.WISH:
        return wish(draw(ranks))
    if kind is ActionKind.GIVE_DRAGON:
        return give_dragon(draw(st.integers(0, 9)))
    return TichuAction(kind)


@given(actions())
def test_every_action_round_trips(action: TichuAction) -> None:
    assert TichuAction.parse(str(action)) == action
    assert TichuAction.parse(str(action).upper().replace("=", " = ")) == action


@given(st.lists(st.integers(0, 55), min_size=1, max_size=8, unique=True))
def test_card_order_does_not_matter(cards: list[int]) -> None:
    forward = TichuAction.parse("play " + " ".join(map(format_card, cards)))
    backward = TichuAction.parse("play " + " ".join(map(format_card, reversed(cards))))
    assert forward == backward


def test_errors_leave_the_runner_unchanged() -> None:
    runner = Runner(GAME, GAME.default_config(), SeededResolver(5))
    for seat in range(4):
        runner.act(seat, "nogrand")
    before = (runner.state, list(runner.records))
    with pytest.raises(InvalidNotationError):
        runner.act(0, "play 7X")
    with pytest.raises(IllegalActionError, match=r"R4\.1"):
        runner.act(0, f"exchange {format_card(next(iter(_held(runner.state.hands[0]))))} to 0")
    with pytest.raises(IllegalActionError, match=r"R2\.2"):
        runner.act(0, "grand")
    with pytest.raises(IllegalActionError, match=r"R5\.1"):
        runner.act(0, "pass")
    with pytest.raises(NotActiveError):
        runner.act(7, "tichu")
    assert (runner.state, runner.records) == before


def _held(mask: int) -> list[int]:
    return [c for c in range(56) if mask >> c & 1]


def test_the_log_stores_the_phoenix_value_as_played() -> None:
    """R6.3.4: ``play 9G PHX`` (undeclared) is logged as ``play 9G PHX(=9)``."""
    runner = Runner(GAME, GAME.default_config())
    hands = ("9G PHX 3K", "4K", "5K", "6K")
    runner.state = replace(
        runner.state, phase=Phase.PLAY, hands=tuple(map(parse_cards, hands)), turn=0
    )
    runner.act(0, "play 9G PHX")
    assert runner.records[-1].text == "play 9G PHX(=9)"
