"""The movement: every team plays every board once, meets every other team, and is compared
with the other tables' home and away teams alike, so no team gains or loses by whom it is
compared with."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.duplicate.movement import (
    Seating,
    board_rounds,
    home_sits_ns,
    movement,
    round_robin,
)


def exact_run(teams: int) -> int:
    """The boards of a round over which the directions balance exactly (a power of two above
    the number of tables)."""
    return 1 << (teams // 2).bit_length()


def groups(seatings: Sequence[Seating]) -> dict[tuple[int, str], list[tuple[str, str]]]:
    """Each board and direction's ``(team, opponent)`` results, as ``scoring`` compares them."""
    found: dict[tuple[int, str], list[tuple[str, str]]] = defaultdict(list)
    for s in seatings:
        found[(s.board, "NS")].append((s.ns, s.ew))
        found[(s.board, "EW")].append((s.ew, s.ns))
    return found


def expected_totals(seatings: Sequence[Seating], skill: Mapping[str, int]) -> dict[str, Fraction]:
    """Each team's total when a result is exactly its skill minus its opponent's and a result
    scores its mean difference to the other results of its group (cross-IMPs on a linear
    scale): what the movement alone adds to or takes from a team."""
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for field in groups(seatings).values():
        scores = [(team, skill[team] - skill[opponent]) for team, opponent in field]
        for team, score in scores:
            others = [other for name, other in scores if name != team]
            totals[team] += Fraction(sum(score - o for o in others), len(others))
    return totals


def test_the_movement_is_fair() -> None:
    teams = ["a", "b", "c", "d", "e", "f"]
    seatings = movement(teams, 10)
    for team in teams:
        boards = sorted(s.board for s in seatings if team in (s.ns, s.ew))
        assert boards == list(range(1, 11))  # every board once
        ns = sum(s.ns == team for s in seatings)
        assert 3 <= ns <= 7  # N–S on about half of them (exactly half with 4-board rounds)
    met = Counter(frozenset((s.ns, s.ew)) for s in seatings)
    assert len(met) == 15  # every pair of teams met (10 boards ≥ 5 rounds)
    assert [len(r) for r in board_rounds(10, 5)] == [2] * 5
    assert [len(r) for r in board_rounds(3, 5)] == [1, 1, 1, 0, 0]
    with pytest.raises(ValueError, match="even"):
        round_robin(["a", "b", "c"])
    with pytest.raises(ValueError, match="differ"):
        round_robin(["a", "a"])


def test_the_directions_follow_walsh_functions() -> None:
    assert [home_sits_ns(1, i) for i in range(4)] == [True, False, True, False]
    assert [home_sits_ns(2, i) for i in range(4)] == [True, True, False, False]
    assert [home_sits_ns(3, i) for i in range(4)] == [True, False, False, True]


@given(st.integers(2, 7), st.integers(1, 3))
def test_each_team_is_compared_alike_with_both_teams_of_every_other_table(
    half: int, runs: int
) -> None:
    """With rounds of whole Walsh runs: in every round a team's result is compared as often
    with the home team of each other table as with its away team, and it sits N–S on half of
    its boards."""
    teams = [f"t{i}" for i in range(2 * half)]
    per_round = runs * exact_run(len(teams))
    seatings = movement(teams, per_round * (len(teams) - 1))
    compared: Counter[tuple[int, str, str]] = Counter()
    for (board, _), field in groups(seatings).items():
        played = (board - 1) // per_round
        for team, _ in field:
            compared.update((played, team, other) for other, _ in field if other != team)
    for pairs in enumerate(round_robin(teams)):
        played, tables = pairs
        for team in teams:
            for home, away in tables:
                if team not in (home, away):
                    assert compared[(played, team, home)] == compared[(played, team, away)]
    for team in teams:
        assert 2 * sum(s.ns == team for s in seatings) == per_round * (len(teams) - 1)


@given(
    st.integers(2, 5).flatmap(
        lambda half: st.lists(st.integers(-500, 500), min_size=2 * half, max_size=2 * half)
    )
)
def test_a_teams_expected_score_is_its_own_edge_over_the_field(skills: list[int]) -> None:
    """On a linear scale a team's total is (its skill − the field's mean) × K × boards per
    round, whatever the others' skills and places in the movement."""
    teams = [f"t{i}" for i in range(len(skills))]
    per_round = exact_run(len(teams))
    skill = dict(zip(teams, skills, strict=True))
    totals = expected_totals(movement(teams, per_round * (len(teams) - 1)), skill)
    mean = Fraction(sum(skills), len(skills))
    for team in teams:
        assert totals[team] == (skill[team] - mean) * len(teams) * per_round


def test_equal_teams_are_not_ranked_by_whom_they_are_compared_with() -> None:
    """Six teams over 20 boards, one 100 points a board better than five alike: the five end
    level, each its 20 boards' share of the strong team's edge (−400) below par. (Had home teams
    sat N–S on every odd board, "c" and "f", compared with the strong team on all its boards,
    would have ended on −800 and "d" and "e" on 0.)"""
    teams = ["a", "strong", "c", "d", "e", "f"]
    totals = expected_totals(movement(teams, 20), {"strong": 100} | dict.fromkeys("acdef", 0))
    assert totals["strong"] == 100 * 5 * 4  # 100 a board against each of 5 teams, 4 boards
    assert {totals[team] for team in "acdef"} == {Fraction(-400)}
