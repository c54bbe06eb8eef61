"""A finished game's counters per seat, for the players' profiles: hands played, knocks (and
those in hands the knocker won), folds, and whether the seat was the game's loser."""

from __future__ import annotations

from collections.abc import Iterable

from cardroom.games.toepen.events import Folded, GameEnded, HandEnded, Knocked

COUNTERS = ("hands", "knocks", "knocks_won", "folds", "times_loser")


def team_of(seat: int) -> int:
    """Everyone plays for himself."""
    return seat


def seat_counters(events: Iterable[object], seats: int) -> list[dict[str, int]]:
    counts = [dict.fromkeys(COUNTERS, 0) for _ in range(seats)]
    knocked: dict[int, int] = {}  # this hand's knocks per seat
    for event in events:
        if isinstance(event, Knocked):
            counts[event.seat]["knocks"] += 1
            knocked[event.seat] = knocked.get(event.seat, 0) + 1
        elif isinstance(event, Folded):
            counts[event.seat]["folds"] += 1
        elif isinstance(event, HandEnded):
            for seat in range(seats):
                counts[seat]["hands"] += 1
            if event.winner is not None:
                counts[event.winner]["knocks_won"] += knocked.get(event.winner, 0)
            knocked = {}
        elif isinstance(event, GameEnded):
            for seat in event.losers:
                counts[seat]["times_loser"] += 1
    return counts
