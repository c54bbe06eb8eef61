"""Ratings: one per player per game, from ``openskill``'s Plackett-Luce model (Weng and Lin,
2011), the same for people and for each bot level (``bot:heuristic``, …).

Why Plackett-Luce: it rates any number of teams from a full ranking with ties in one update,
which both games need (Tichu: two teams of two, a team's strength the sum of its players';
Toepen: four players, one loser and three tied winners), it is openskill's default and the
model its benchmarks find the most accurate on multi-team data, and it is cheap (linear in the
number of teams, against the pairwise Thurstone-Mosteller-Full's quadratic).

Shown as one number: ``1500 + 20·(mu − 3·sigma)``, a conservative estimate on a familiar,
Elo-like scale (a newcomer shows 1500 and climbs as its uncertainty shrinks), with ``20·sigma``
beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
BASE, SCALE = 1500.0, 20.0


def display(mu: float, sigma: float) -> float:
    """The rating as shown.

    >>> display(MODEL.mu, MODEL.sigma)
    1500.0
    """
    return round(BASE + SCALE * (mu - 3 * sigma), 1)


def shown_sigma(sigma: float) -> float:
    return round(SCALE * sigma, 1)


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float


NEW = Skill(MODEL.mu, MODEL.sigma)


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """New skills after one match (``ranks``: 1 for the best team; equal ranks tie)."""
    rated = MODEL.rate(
        [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
        ranks=[float(r) for r in ranks],
    )
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]


def combine(updates: Sequence[tuple[Skill, Skill]]) -> Skill:
    """One player's new skill from its seats' ``(before, after)`` updates: a bot level sitting
    in several seats of one match is one player, moved by the sum of its seats' moves (its
    partner's gain and its opponent's loss cancel), its variance shrunk by each seat's factor.

    >>> combine([(Skill(25.0, 8.0), Skill(27.0, 7.0))])
    Skill(mu=27.0, sigma=7.0)
    """
    if len(updates) == 1:
        return updates[0][1]
    before = updates[0][0]
    mu = before.mu + sum(after.mu - old.mu for old, after in updates)
    variance = before.sigma**2
    for old, after in updates:
        variance *= (after.sigma / old.sigma) ** 2
    return Skill(mu, variance**0.5)


def rate_with_forfeits(
    teams: Sequence[Sequence[Skill]], ranks: Sequence[int], forfeits: Sequence[Sequence[bool]]
) -> list[list[Skill]]:
    """``rate``, except that a player who left the match early is rated as if its team had
    lost it (ranked below every other team); its partners keep the match's real result."""
    result = rate(teams, ranks)
    worst = max(ranks) + 1
    for t, team in enumerate(teams):
        lost_anyway = ranks[t] == worst - 1 and list(ranks).count(ranks[t]) == 1
        if any(forfeits[t]) and not lost_anyway:
            lost = rate(teams, [worst if i == t else r for i, r in enumerate(ranks)])
            for p in range(len(team)):
                if forfeits[t][p]:
                    result[t][p] = lost[t][p]
    return result
