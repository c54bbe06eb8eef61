"""The actor's cheap helpers: action texts parsed once, record stamps (``notation``, ``stamps``)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cardroom.engine.errors import InvalidNotationError
from cardroom.games.tichu.game import TichuGame
from cardroom.server.table.notation import ParsedActions, parsed_actions
from cardroom.server.table.stamps import utc_stamp
from cardroom.storage import utc_now

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def test_stamp_is_utc_now_text() -> None:
    rng = random.Random(7)
    for i in range(50_000):
        ns = rng.randrange(4 * 10**18) if i % 2 else 1_700_000_000 * 10**9 + rng.randrange(10**14)
        expected = (EPOCH + timedelta(microseconds=ns // 1000)).isoformat(timespec="milliseconds")
        assert utc_stamp(ns) == expected
    before, now, after = utc_now(), utc_stamp(), utc_now()
    assert len(now) == len(before) and before <= now <= after


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
