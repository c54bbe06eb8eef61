"""Scoring against the field: matchpoints, Tichu IMPs and an event's standings.

A result is a team's round points minus its opponents' on one board. Results are compared only
within one group: the same board played in the same direction (N–S with N–S, as in bridge).

- Matchpoints: 2 per result of the group beaten, 1 per tie; as a percentage of the top
  (``2 × (n − 1)``). A lone result has nothing to beat: 0 MP, 50 %.
- IMPs: the point difference between two results, converted by ``IMP_BANDS`` (the Tichu scale
  of ``docs/duplicate.md``); a result scores the mean of its IMPs against each other result of
  its group (cross-IMPs, so groups of different sizes weigh alike). A lone result scores 0.
- A two-table team match: per board, IMPs of our N–S result plus our E–W result.
- Standings: total IMPs, then average MP percentage.

The arena, the offline event and the server all score through this module.

>>> imps(0), imps(100), imps(-200), imps(400), imps(800)
(0, 4, -6, 10, 15)
>>> [r.mp for r in score_group([("a", 50), ("b", 50), ("c", -100)])]
[3, 3, 0]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

IMP_BANDS: tuple[tuple[int, int], ...] = (
    (20, 1),
    (40, 2),
    (70, 3),
    (100, 4),
    (130, 5),
    (170, 6),
    (210, 7),
    (260, 8),
    (310, 9),
    (370, 10),
    (430, 11),
    (500, 12),
    (600, 13),
    (700, 14),
    (800, 15),
    (1000, 16),
)
"""``(lowest difference, IMPs)``: a difference of at least the first gets the second."""

DIRECTIONS = ("NS", "EW")


def imps(difference: int) -> int:
    """IMPs for a point difference between two results on a board (signed)."""
    size = abs(difference)
    won = 0
    for lowest, value in IMP_BANDS:
        if size < lowest:
            break
        won = value
    return won if difference >= 0 else -won


@dataclass(frozen=True, slots=True)
class Scored:
    """One result of a group, scored against the others."""

    team: str
    score: int
    mp: int
    mp_pct: float
    imps: float

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "score": self.score, "mp": self.mp, "imps": self.imps}


def score_group(results: Sequence[tuple[str, int]]) -> list[Scored]:
    """Score ``(team, score)`` results compared with each other (one board, one direction)."""
    others = len(results) - 1
    scored: list[Scored] = []
    for index, (team, score) in enumerate(results):
        rest = [s for i, (_, s) in enumerate(results) if i != index]
        mp = sum(2 if score > other else 1 if score == other else 0 for other in rest)
        pct = 100.0 * mp / (2 * others) if others else 50.0
        cross = sum(imps(score - other) for other in rest) / others if others else 0.0
        scored.append(Scored(team, score, mp, round(pct, 2), round(cross, 2)))
    return scored


@dataclass(frozen=True, slots=True)
class Result:
    """One table's result on a board, for the team that sat in ``direction``."""

    board: int
    direction: str
    team: str
    score: int


@dataclass(frozen=True, slots=True)
class Group:
    """The scored results of one board and direction."""

    board: int
    direction: str
    results: tuple[Scored, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "direction": self.direction,
            "results": [r.to_json() for r in self.results],
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """A team's place: total IMPs and average matchpoint percentage over its groups."""

    team: str
    imps: float
    mp_pct: float
    boards: int

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "imps": self.imps, "mp_pct": self.mp_pct}


def score_field(results: Iterable[Result]) -> list[Group]:
    """Every board and direction's results scored against each other (board, then NS/EW)."""
    groups: dict[tuple[int, str], list[tuple[str, int]]] = defaultdict(list)
    for result in results:
        if result.direction not in DIRECTIONS:
            raise ValueError(f"direction must be NS or EW, got {result.direction!r}")
        groups[(result.board, result.direction)].append((result.team, result.score))
    order = sorted(groups, key=lambda key: (key[0], DIRECTIONS.index(key[1])))
    return [Group(b, d, tuple(score_group(groups[(b, d)]))) for b, d in order]


def standings(groups: Iterable[Group], teams: Iterable[str] = ()) -> list[Standing]:
    """Teams by total IMPs, then average MP %, then name; ``teams`` adds those without results."""
    total: dict[str, float] = {team: 0.0 for team in teams}
    pcts: dict[str, list[float]] = {team: [] for team in total}
    for group in groups:
        for scored in group.results:
            total[scored.team] = total.get(scored.team, 0.0) + scored.imps
            pcts.setdefault(scored.team, []).append(scored.mp_pct)
    table = [
        Standing(
            team,
            round(total[team], 2),
            round(sum(pcts[team]) / len(pcts[team]), 2) if pcts[team] else 0.0,
            len(pcts[team]),
        )
        for team in total
    ]
    return sorted(table, key=lambda s: (-s.imps, -s.mp_pct, s.team))


def event_json(groups: Sequence[Group], table: Sequence[Standing]) -> dict[str, Any]:
    """The standings document: ``{"boards": [...], "teams": [...]}``."""
    return {"boards": [g.to_json() for g in groups], "teams": [s.to_json() for s in table]}


def team_match_imps(ours_ns: int, ours_ew: int) -> int:
    """A two-table team match board: our N–S result at one table plus our E–W result at the
    other (each our points minus theirs), in IMPs.

    >>> team_match_imps(150, -50), team_match_imps(-300, 300)
    (4, 0)
    """
    return imps(ours_ns + ours_ew)
