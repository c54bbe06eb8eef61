"""The profile counters each game derives from a finished match's events (table-driven)."""

from __future__ import annotations

import pytest

from cardroom.games.tichu.cards import parse_cards
from cardroom.games.tichu.combos import combo_for
from cardroom.games.tichu.events import Played, RoundScored
from cardroom.games.tichu.state import RoundResult
from cardroom.games.tichu.stats import seat_counters as tichu_counters
from cardroom.games.toepen.events import Folded, GameEnded, HandEnded, Knocked
from cardroom.games.toepen.stats import seat_counters as toepen_counters


def played(seat: int, cards: str) -> Played:
    mask = parse_cards(cards)
    return Played(seat, mask, combo_for(mask, None, None), None)


def scored(out: tuple[int, ...], calls: tuple[str, ...], double: bool = False) -> RoundScored:
    result = RoundResult((0, 0), (0, 0), out, double, calls)
    return RoundScored(1, result, (0, 0))


@pytest.mark.parametrize(
    ("events", "seat", "expected"),
    [
        ([scored((0, 1, 2, 3), ("tichu", "", "", ""))], 0,
         {"rounds": 1, "tichu_called": 1, "tichu_made": 1}),
        ([scored((1, 0, 2, 3), ("tichu", "", "", ""))], 0,
         {"rounds": 1, "tichu_called": 1, "tichu_made": 0}),
        ([scored((2, 0, 1, 3), ("", "", "grand", "grand"))], 2,
         {"grand_called": 1, "grand_made": 1}),
        ([scored((2, 0, 1, 3), ("", "", "grand", "grand"))], 3,
         {"grand_called": 1, "grand_made": 0}),
        ([scored((0, 2), ("", "", "", ""), double=True)], 2, {"double_victories": 1}),
        ([scored((0, 2), ("", "", "", ""), double=True)], 1, {"double_victories": 0}),
        ([played(1, "8G 8K 8B 8R"), played(1, "3G"), played(2, "5G 6G 7G 8G 9G")], 1,
         {"bombs": 1}),
        ([played(2, "5G 6G 7G 8G 9G")], 2, {"bombs": 1}),  # a straight flush
    ],
)  # fmt: skip
def test_tichu_counters(events: list[object], seat: int, expected: dict[str, int]) -> None:
    counts = tichu_counters(events, 4)[seat]
    assert {k: counts[k] for k in expected} == expected


def test_toepen_counters() -> None:
    events: list[object] = [
        Knocked(1, 2), Knocked(1, 3), Folded(2, 1), HandEnded(1, 1, "tricks", (0, 0, 1, 3),
                                                              (10, 10, 9, 7)),
        Knocked(0, 2), HandEnded(2, 3, "tricks", (2, 0, 0, 0), (8, 10, 9, 7)),
        Knocked(3, 2), HandEnded(3, None, "nobody", (0, 0, 0, 0), (8, 10, 9, 7)),
        GameEnded((1, 2, 3), (0,), (0, 10, 9, 7)),
    ]  # fmt: skip
    counts = toepen_counters(events, 4)
    assert counts[1] == {"hands": 3, "knocks": 2, "knocks_won": 2, "folds": 0, "times_loser": 0}
    assert counts[0] == {"hands": 3, "knocks": 1, "knocks_won": 0, "folds": 0, "times_loser": 1}
    assert counts[2]["folds"] == 1
    assert counts[3]["knocks"] == 1 and counts[3]["knocks_won"] == 0
