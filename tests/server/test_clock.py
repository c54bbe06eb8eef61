"""The turn clock's bookkeeping (server/table/clock.py): move time, the bank, timeouts, away."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardroom.server.table.clock import ClockRules, TurnClock

RULES = ClockRules(move=10, bank=20, strikes=2)


def test_time_over_the_move_comes_off_the_bank_and_a_quick_move_costs_nothing() -> None:
    clock = TurnClock(RULES, 4)
    clock.owe({0, 1}, now=0.0)
    clock.owe({1}, now=4.0)  # seat 0 moved in 4 s
    assert clock.bank[0] == 20
    clock.owe(set(), now=25.0)  # seat 1 took 25 s: 15 from the bank
    assert clock.bank[1] == 5
    clock.owe({1}, now=30.0)
    assert clock.deadline(1) == 30 + 10 + 5


def test_a_seat_that_keeps_owing_keeps_its_start() -> None:
    clock = TurnClock(RULES, 4)
    clock.owe({2}, now=0.0)
    clock.owe({2, 3}, now=7.0)  # another seat's move changed the table: seat 2's time runs on
    assert clock.deadline(2) == 30.0 and clock.deadline(3) == 37.0
    assert clock.to_json(now=7.0)["deadlines"] == {"2": 23.0, "3": 30.0}


def test_repeated_timeouts_make_a_seat_away_until_it_acts() -> None:
    clock = TurnClock(RULES, 4)
    clock.owe({0}, now=0.0)
    assert clock.timed_out(0) is False and clock.bank[0] == 0
    clock.owe({0}, now=31.0)
    assert clock.deadline(0) == 41.0  # the bank is spent: only the move time is left
    assert clock.timed_out(0) is True
    assert clock.to_json(now=50.0)["away"] == [0]
    clock.answered(0)
    assert clock.away == set() and clock.strikes[0] == 0


def test_without_a_move_time_there_is_no_deadline() -> None:
    clock = TurnClock(ClockRules(), 4)
    clock.owe({0}, now=0.0)
    assert clock.deadline(0) is None and clock.to_json(1.0)["deadlines"] == {}


@given(st.lists(st.tuples(st.sets(st.integers(0, 3)), st.floats(0, 100)), max_size=30))
def test_banks_never_grow_nor_go_negative(steps: list[tuple[set[int], float]]) -> None:
    clock = TurnClock(RULES, 4)
    now = 0.0
    for owing, dt in steps:
        now += dt
        before = list(clock.bank)
        clock.owe(owing, now)
        assert all(0 <= b <= a for a, b in zip(before, clock.bank, strict=True))
