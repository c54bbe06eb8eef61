"""The turn clock of a table: every human seat that owes a move (any phase: the Grand Tichu
decision, the exchange, a play) has ``move`` seconds plus what is left of its own time
``bank``; time over ``move`` is taken from the bank. When both are used up the seat times out:
the heuristic plays for it (``bots/timeout.py``), and after ``strikes`` timeouts in a row the
seat is *away* and a bot plays it until its player acts again.

Pure bookkeeping on times the actor passes in (the event loop's clock), so it is tested
without waiting.

>>> clock = TurnClock(ClockRules(move=10, bank=20), seats=4)
>>> clock.owe({0}, now=100.0)
>>> clock.deadline(0)
130.0
>>> clock.moved(0, now=115.0)  # 5 s over the move time come from the bank
>>> clock.bank[0]
15.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class ClockRules:
    """``move``: seconds per move (0: no clock); ``bank``: extra seconds a seat may spend over
    the whole game; ``strikes``: timeouts in a row after which a bot takes the seat."""

    move: float = 0.0
    bank: float = 0.0
    strikes: int = 2

    @property
    def on(self) -> bool:
        return self.move > 0


@dataclass(slots=True)
class TurnClock:
    rules: ClockRules
    seats: int
    bank: list[float] = field(default_factory=list)
    strikes: list[int] = field(default_factory=list)
    away: set[int] = field(default_factory=set)
    since: dict[int, float] = field(default_factory=dict)
    """Seat -> when its current move became owed."""
    changes: int = 0
    """Counts the changes of ``since``, ``bank`` and ``away`` (what ``to_json`` shows but the
    seconds left): the actor compares what it last sent only after one."""

    def __post_init__(self) -> None:
        self.bank = [self.rules.bank] * self.seats
        self.strikes = [0] * self.seats

    def owe(self, seats: Iterable[int], now: float) -> None:
        """The human seats that owe a move now: a new one starts its time, one that no longer
        owes (it moved, or the phase moved on without it) stops it, charging its bank."""
        owing = set(seats)
        for seat in list(self.since):
            if seat not in owing:
                self.moved(seat, now)
        for seat in owing:
            if seat not in self.since:
                self.since[seat] = now
                self.changes += 1

    def deadline(self, seat: int) -> float | None:
        """When ``seat`` times out (None: it owes nothing)."""
        start = self.since.get(seat)
        if start is None or not self.rules.on:
            return None
        return start + self.rules.move + self.bank[seat]

    def moved(self, seat: int, now: float) -> None:
        """``seat`` answered: the time it took over ``move`` comes off its bank."""
        start = self.since.pop(seat, None)
        if start is None:
            return
        self.changes += 1
        over = max(0.0, now - start - self.rules.move)
        self.bank[seat] = max(0.0, self.bank[seat] - over)

    def answered(self, seat: int) -> None:
        """The player itself acted: no longer a strike, and back from away."""
        self.strikes[seat] = 0
        if seat in self.away:
            self.away.discard(seat)
            self.changes += 1

    def timed_out(self, seat: int) -> bool:
        """``seat`` ran out of time: its bank is spent; True when it is now away."""
        self.changes += 1
        self.since.pop(seat, None)
        self.bank[seat] = 0.0
        self.strikes[seat] += 1
        if self.strikes[seat] >= self.rules.strikes:
            self.away.add(seat)
        return seat in self.away

    def to_json(self, now: float) -> dict[str, Any]:
        """What every page is told: seconds left per owing seat, banks, who is away."""
        deadlines = {}
        for seat in sorted(self.since):
            at = self.deadline(seat)
            if at is not None:
                deadlines[str(seat)] = round(max(0.0, at - now), 1)
        return {
            "move": self.rules.move,
            "deadlines": deadlines,
            "bank": [round(b, 1) for b in self.bank],
            "away": sorted(self.away),
        }


MOVE_RANGE = (10.0, 600.0)
"""Seconds per move an owner may choose (or 0, no clock, at a table only invitees join)."""
BANK_MAX = 1800.0


def chosen_clock(raw: Any, public: bool) -> tuple[float, float] | None:
    """The clock an owner asks for a new table, ``{"move": s, "bank": s}``, as (move, bank);
    ``None`` when none is asked (the server's default applies). A public table keeps a clock,
    since one absent stranger would stall it. ``ValueError`` says what is wrong.

    >>> chosen_clock({"move": 20, "bank": 40}, public=True)
    (20.0, 40.0)
    >>> chosen_clock({"move": 0}, public=False)
    (0.0, 0.0)
    >>> chosen_clock({"move": 0}, public=True)
    Traceback (most recent call last):
    ValueError: a public table keeps a clock (one absent player would stall it): move 10..600 s
    """
    if raw is None:
        return None
    if not isinstance(raw, dict) or not set(raw) <= {"move", "bank"} or "move" not in raw:
        raise ValueError('\'clock\' must be {"move": seconds, "bank": seconds}')
    move, bank = raw["move"], raw.get("bank", 0)
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (move, bank)):
        raise ValueError("the clock's move and bank are numbers of seconds")
    low, high = MOVE_RANGE
    if move == 0 and public:
        msg = f"a public table keeps a clock (one absent player would stall it): move {low:.0f}"
        raise ValueError(f"{msg}..{high:.0f} s")
    if move != 0 and not low <= move <= high:
        raise ValueError(f"the clock's move must be 0 (none) or {low:.0f}..{high:.0f} s")
    if not 0 <= bank <= BANK_MAX or (move == 0 and bank != 0):
        raise ValueError(f"the clock's bank must be 0..{BANK_MAX:.0f} s (0 without a clock)")
    return float(move), float(bank)


PACE_MAX = 3.0
"""The longest minimum wait an owner may choose: longer makes a table of bots feel stalled."""


def chosen_pace(raw: Any) -> float | None:
    """The minimum wait an owner asks for a new table: seconds between one change of the table
    and the next move any bot makes, the same for every seat whatever it holds (a bot that
    answers faster with a bomb in hand would tell the table so). ``None``: the server's bot
    delay. ``ValueError`` says what is wrong.

    >>> chosen_pace(1.5)
    1.5
    >>> chosen_pace(9)
    Traceback (most recent call last):
    ValueError: 'pace' must be 0..3 seconds
    """
    if raw is None:
        return None
    if not isinstance(raw, int | float) or isinstance(raw, bool) or not 0 <= raw <= PACE_MAX:
        raise ValueError(f"'pace' must be 0..{PACE_MAX:.0f} seconds")
    return float(raw)
