"""The movement: which teams meet at which table on which board, and in which direction.

A round-robin barometer: K teams (K even) sit at K/2 tables; the boards are cut into K − 1
rounds of consecutive boards, and in each round every table plays that round's boards, with the
pairings of a round robin (the circle method), so every team meets every other team once when
there are at least K − 1 boards. Each team plays every board exactly once, and each board's
N–S results (K/2 of them, one per table, on the same cards from the same seats) are compared
with each other, and its E–W results likewise. Two teams play a team match instead
(``team_match``).

Which team of a table sits N–S decides whom its result is compared with: the team in the same
direction at another table, whose result was made against that table's other team. If a team
were compared with the same team of another table on every board of a round (say, home teams
always N–S on odd boards), its score would carry that team's edge over its opponent, and a team
compared with strong teams would lose places it did not lose at its own table (with six teams
or more; four happen to cancel over the round robin). So the direction follows a Walsh
function of the table and the board's place in its round (``home_sits_ns``): any two tables
sit alike on half of a round's boards and crosswise on the other half, so each team is compared
as often with the home team of another table as with its away team, and their edges over each
other cancel. The cancelling is exact when a round's boards are a multiple of the smallest
power of two above K/2 (4 boards for 4 or 6 teams, 8 for up to 14), and each team sits N–S on
half its boards then.

>>> [(s.board, s.table, s.ns, s.ew) for s in movement(["a", "b", "c", "d"], 6)]
... # doctest: +NORMALIZE_WHITESPACE
[(1, 1, 'a', 'd'), (1, 2, 'b', 'c'), (2, 1, 'd', 'a'), (2, 2, 'b', 'c'), (3, 1, 'a', 'c'),
 (3, 2, 'd', 'b'), (4, 1, 'c', 'a'), (4, 2, 'd', 'b'), (5, 1, 'a', 'b'), (5, 2, 'c', 'd'),
 (6, 1, 'b', 'a'), (6, 2, 'c', 'd')]
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


def home_sits_ns(table: int, index: int) -> bool:
    """Whether the home team of ``table`` (1-based) sits N–S on the ``index``-th (0-based)
    board of a round: the Walsh function of ``table`` at ``index``, + when ``table & index``
    has an even number of ones. Distinct tables' functions agree on exactly half of every
    aligned run of 2^m boards (2^m > the table number), and each is N–S on half of it."""
    return (table & index).bit_count() % 2 == 0


def team_match(teams: Sequence[str], boards: int) -> list[Seating]:
    """Two teams, two tables, as in bridge team matches: on every board the first team sits
    N–S at table 1 and E–W at table 2. Comparing the two N–S results scores the match: the
    first team's N–S result minus the second's is its N–S plus its E–W result (``scoring``'s
    ``team_match_imps``), so the E–W results add nothing and are not scored."""
    first, second = round_robin(teams)[0][0]
    return [
        Seating(1, board, table, ns, ew)
        for board in range(1, boards + 1)
        for table, (ns, ew) in enumerate(((first, second), (second, first)), start=1)
    ]


def movement(teams: Sequence[str], boards: int) -> list[Seating]:
    """Every table's seating on every board, by board then table (two teams: a team match)."""
    if boards < 1:
        raise ValueError(f"an event needs at least one board, got {boards}")
    if len(teams) == 2:
        return team_match(teams, boards)
    pairings = round_robin(teams)
    seatings: list[Seating] = []
    runs = board_rounds(boards, len(pairings))
    for number, (pairs, run) in enumerate(zip(pairings, runs, strict=True)):
        for index, board in enumerate(run):
            for table, (home, away) in enumerate(pairs, start=1):
                ns, ew = (home, away) if home_sits_ns(table, index) else (away, home)
                seatings.append(Seating(number + 1, board, table, ns, ew))
    return seatings
