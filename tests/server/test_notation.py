"""Action texts parsed once for every table (``server.table.notation``)."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.engine.errors import InvalidNotationError
from cardroom.games.tichu.game import TichuGame
from cardroom.server.table.notation import ParsedActions, parsed_actions


def test_parsed_once_and_shared() -> None:
    game = TichuGame()
    parse = parsed_actions(game)
    assert parsed_actions(TichuGame()) is parse  # one memo per game for every table
    for text in ("pass", "play 5G", "tichu", "exchange 2K to 1"):
        action = parse(text)
        assert action == game.parse_action(text)
        assert parse(text) is action
    for _ in range(2):  # a bad text raises each time; it is not kept
        with pytest.raises(InvalidNotationError):
            parse("play nothing")


class _ListGame:
    """A game whose parsed actions are lists (not values): parsed afresh each time."""

    name = "lists"

    def parse_action(self, text: str) -> list[str]:
        return text.split()


def test_unhashable_actions_are_not_kept() -> None:
    game: Any = _ListGame()
    parse = ParsedActions(game)
    first = parse("a b")
    assert first == ["a", "b"] and parse("a b") is not first


def test_full_memo_starts_over() -> None:
    parse = ParsedActions(TichuGame(), size=2)
    kept = parse("pass")
    parse("tichu")
    parse("play 5G")  # full: starts over with this one
    assert parse("pass") is not kept and parse("pass") == kept
