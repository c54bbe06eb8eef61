"""Matchpoints, Tichu IMPs and standings on hand-made fields, each figure worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.duplicate.scoring import (
    IMP_BANDS,
    Result,
    Scored,
    event_json,
    imps,
    score_field,
    score_group,
    standings,
    team_match_imps,
)
from cardroom.games.tichu.scoring import GRAND_CALL, NO_CALL, TICHU_CALL, score_round


def ns_minus_ew(out: tuple[int, ...], calls: tuple[str, ...]) -> int:
    """The N–S result of a round that ended one-two (no card points to count)."""
    points = score_round((0, 0, 0, 0), (0, 0, 0, 0), out, calls, 200).points
    return points[0] - points[1]


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (0, 0),
        (10, 0),
        (20, 1),
        (30, 1),
        (40, 2),
        (60, 2),
        (70, 3),
        (100, 4),  # one Tichu
        (160, 5),
        (200, 6),  # a Tichu made at one table, failed at the other
        (250, 7),
        (300, 8),
        (360, 9),
        (400, 10),  # a Grand made against one failed
        (490, 11),
        (500, 12),
        (690, 13),
        (700, 14),
        (800, 15),
        (990, 15),
        (1000, 16),
        (1600, 16),
        (-400, -10),
    ],
)
def test_the_tichu_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


@given(st.integers(-2000, 2000), st.integers(-2000, 2000))
def test_imps_grow_with_the_difference_and_are_antisymmetric(a: int, b: int) -> None:
    assert imps(-a) == -imps(a)
    if abs(a) <= abs(b):
        assert abs(imps(a)) <= abs(imps(b))


def test_the_bands_rise() -> None:
    lows = [low for low, _ in IMP_BANDS]
    assert lows == sorted(lows) and [v for _, v in IMP_BANDS] == list(range(1, 17))


def test_ties_share_the_matchpoints() -> None:
    # a and b tie (1 MP each) and both beat c (2 MP): 3 of a top of 4; c beats nobody.
    # IMPs: a–b 0, a–c +150 = 5, so a and b average (0 + 5) / 2 = 2.5; c (−5 − 5) / 2 = −5.
    assert score_group([("a", 50), ("b", 50), ("c", -100)]) == [
        Scored("a", 50, 3, 75.0, 2.5),
        Scored("b", 50, 3, 75.0, 2.5),
        Scored("c", -100, 0, 0.0, -5.0),
    ]


def test_one_result_has_nothing_to_beat() -> None:
    assert score_group([("a", 300)]) == [Scored("a", 300, 0, 50.0, 0.0)]


def test_all_equal_results_are_average() -> None:
    field = score_group([(team, -20) for team in "abcd"])
    assert {(s.mp, s.mp_pct, s.imps) for s in field} == {(3, 50.0, 0.0)}


def test_a_double_victory_against_a_failed_grand() -> None:
    one_two = ns_minus_ew((0, 2), (NO_CALL,) * 4)  # N–S go out one-two: +200
    failed = ns_minus_ew((1, 3), (GRAND_CALL, NO_CALL, NO_CALL, NO_CALL))  # −200 − 200
    made_tichu = ns_minus_ew((0, 2), (TICHU_CALL, NO_CALL, NO_CALL, NO_CALL))  # +300
    assert (one_two, failed, made_tichu) == (200, -400, 300)
    # 200 vs −400 = 600 → 13; 300 vs −400 = 700 → 14; 300 vs 200 = 100 → 4.
    field = score_group([("one-two", one_two), ("grand", failed), ("tichu", made_tichu)])
    assert field == [
        Scored("one-two", 200, 2, 50.0, (13 - 4) / 2),
        Scored("grand", -400, 0, 0.0, (-13 - 14) / 2),
        Scored("tichu", 300, 4, 100.0, (14 + 4) / 2),
    ]
    # A team match: our N–S went one-two (+200), their N–S failed the Grand (our E–W +400).
    assert team_match_imps(one_two, -failed) == 13  # 600


def test_a_small_event_by_hand() -> None:
    """Four teams, two boards, two tables: results and standings worked out on paper.

    Board 1: table 1 a (N–S) v b, N–S +100; table 2 c (N–S) v d, N–S −100.
      NS group: a +100, c −100: a 2 MP 100 %, +6 IMPs (200 → 6); c 0 MP 0 %, −6.
      EW group: b −100, d +100: d 2 MP, +6; b 0 MP, −6.
    Board 2: table 1 b (N–S) v a, N–S +50; table 2 d (N–S) v c, N–S +50.
      NS group: b +50, d +50: tie, 1 MP each, 50 %, 0 IMPs. EW: a −50, c −50 likewise.
    Standings: a +6 (75 %), d +6 (75 %), b −6 (25 %), c −6 (25 %); ties by name.
    """
    results = [
        Result(1, "NS", "a", 100),
        Result(1, "EW", "b", -100),
        Result(1, "NS", "c", -100),
        Result(1, "EW", "d", 100),
        Result(2, "NS", "b", 50),
        Result(2, "EW", "a", -50),
        Result(2, "NS", "d", 50),
        Result(2, "EW", "c", -50),
    ]
    groups = score_field(results)
    table = standings(groups)
    assert [(s.team, s.imps, s.mp_pct, s.boards) for s in table] == [
        ("a", 6.0, 75.0, 2),
        ("d", 6.0, 75.0, 2),
        ("b", -6.0, 25.0, 2),
        ("c", -6.0, 25.0, 2),
    ]
    data = event_json(groups, table)
    assert data["boards"][0] == {
        "board": 1,
        "direction": "NS",
        "results": [
            {"team": "a", "score": 100, "mp": 2, "imps": 6.0},
            {"team": "c", "score": -100, "mp": 0, "imps": -6.0},
        ],
    }
    assert [(g["board"], g["direction"]) for g in data["boards"]] == [
        (1, "NS"),
        (1, "EW"),
        (2, "NS"),
        (2, "EW"),
    ]
    assert data["teams"][0] == {"team": "a", "imps": 6.0, "mp_pct": 75.0}


def test_a_team_without_results_stands_last_and_a_bad_direction_is_refused() -> None:
    table = standings(score_field([Result(1, "NS", "a", 10)]), teams=["a", "z"])
    assert [(s.team, s.boards) for s in table] == [("a", 1), ("z", 0)]
    with pytest.raises(ValueError, match="NS or EW"):
        score_field([Result(1, "N", "a", 10)])


@given(st.lists(st.integers(-80, 80).map(lambda x: 10 * x), min_size=1, max_size=9))
def test_a_group_shares_all_matchpoints_and_its_imps_sum_to_zero(scores: list[int]) -> None:
    field = score_group([(f"t{i}", s) for i, s in enumerate(scores)])
    n = len(scores)
    assert sum(r.mp for r in field) == n * (n - 1)  # every comparison hands out 2 MP
    assert abs(sum(r.imps for r in field)) <= 0.005 * n + 1e-9  # each rounded to 0.01
    best = max(scores)
    assert all(
        r.mp_pct == 100.0 for r in field if n > 1 and r.score == best and scores.count(best) == 1
    )
    order = sorted(field, key=lambda r: r.score)
    assert [r.mp for r in order] == sorted(r.mp for r in order)  # more points, more MP
