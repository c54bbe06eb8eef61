"""The movement: which teams meet at which table on which board, and in which direction.

A round-robin barometer: K teams (K even) sit at K/2 tables; the boards are cut into K − 1
rounds of consecutive boards, and in each round every table plays that round's boards, with the
pairings of a round robin (the circle method), so every team meets every other team once when
there are at least K − 1 boards. Each team plays every board exactly once. On a board the home
team of a table sits N–S when the board's number is odd and E–W when it is even, so over an
event each team sits N–S on about half its boards, and each board's N–S results (K/2 of them,
one per table, on the same cards from the same seats) are compared with each other, and its
E–W results likewise.

>>> [(s.board, s.table, s.ns, s.ew) for s in movement(["a", "b", "c", "d"], 3)]
... # doctest: +NORMALIZE_WHITESPACE
[(1, 1, 'a', 'd'), (1, 2, 'b', 'c'), (2, 1, 'c', 'a'), (2, 2, 'b', 'd'), (3, 1, 'a', 'b'),
 (3, 2, 'c', 'd')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seating:
    """Board ``board`` at table ``table`` (both 1-based) in ``round``: who sits N–S and E–W."""

    round: int
    board: int
    table: int
    ns: str
    ew: str


def round_robin(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """The circle method: K − 1 rounds of K/2 ``(home, away)`` pairs, each pair meeting once."""
    if len(teams) < 2 or len(teams) % 2:
        raise ValueError(f"a movement needs an even number of teams (2 or more), got {len(teams)}")
    if len(set(teams)) != len(teams):
        raise ValueError("team names must differ")
    ring = list(teams)
    rounds: list[list[tuple[str, str]]] = []
    for _ in range(len(ring) - 1):
        rounds.append([(ring[i], ring[-1 - i]) for i in range(len(ring) // 2)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def board_rounds(boards: int, rounds: int) -> list[range]:
    """Boards 1..``boards`` cut into ``rounds`` runs of consecutive boards, as even as can be
    (the first runs one longer); a round may get none when boards are fewer than rounds."""
    size, extra = divmod(boards, rounds)
    runs: list[range] = []
    first = 1
    for r in range(rounds):
        length = size + (r < extra)
        runs.append(range(first, first + length))
        first += length
    return runs


def movement(teams: Sequence[str], boards: int) -> list[Seating]:
    """Every table's seating on every board, by board then table."""
    if boards < 1:
        raise ValueError(f"an event needs at least one board, got {boards}")
    pairings = round_robin(teams)
    seatings: list[Seating] = []
    runs = board_rounds(boards, len(pairings))
    for number, (pairs, run) in enumerate(zip(pairings, runs, strict=True)):
        for board in run:
            for table, (home, away) in enumerate(pairs, start=1):
                ns, ew = (home, away) if board % 2 else (away, home)
                seatings.append(Seating(number + 1, board, table, ns, ew))
    return seatings
