"""Round scoring (R10) and the match end (R11): pure functions of the final positions.

>>> result = score_round((0, 0, 0, 1 << 54), (0, 0, 0, 0), (0, 1, 2), ("tichu", "", "", ""), 200)
>>> result.points, result.card_points
((75, 0), (-25, 0))
"""

from __future__ import annotations

from typing import Final

from .cards import mask_points
from .config import TichuConfig
from .state import GRAND_CALL, NO_CALL, SEATS, TICHU_CALL, RoundResult, partner, team_of

CALL_VALUES = {NO_CALL: 0, TICHU_CALL: 100, GRAND_CALL: 200}


def card_points(
    hands: tuple[int, ...], piles: tuple[int, ...], out: tuple[int, ...]
) -> tuple[int, int]:
    """R10.2: the tailender's hand goes to the opponents, his pile to the first player out."""
    piles_after = list(piles)
    totals = [0, 0]
    tail = next((s for s in range(SEATS) if s not in out), None)
    if tail is not None:
        piles_after[out[0]] |= piles[tail]
        piles_after[tail] = 0
        totals[1 - team_of(tail)] += mask_points(hands[tail])
    for seat, pile in enumerate(piles_after):
        totals[team_of(seat)] += mask_points(pile)
    return (totals[0], totals[1])


def is_double_victory(out: tuple[int, ...]) -> bool:
    """R9.3(a): the first two out are partners."""
    return len(out) >= 2 and out[1] == partner(out[0])


def call_points(calls: tuple[str, ...], first: int | None) -> tuple[int, int]:
    """R10.3: each call scores ± its value for its team; only the caller's own first place wins."""
    totals = [0, 0]
    for seat, call in enumerate(calls):
        value = CALL_VALUES[call]
        totals[team_of(seat)] += value if seat == first else -value
    return (totals[0], totals[1])


def score_round(
    hands: tuple[int, ...],
    piles: tuple[int, ...],
    out: tuple[int, ...],
    calls: tuple[str, ...],
    double_victory_points: int,
) -> RoundResult:
    """The team points of a finished round: card points (or the one-two bonus) plus calls."""
    double = is_double_victory(out)
    if double:
        cards = [0, 0]
        cards[team_of(out[0])] = double_victory_points
        base = (cards[0], cards[1])
    else:
        base = card_points(hands, piles, out)
    bonus = call_points(calls, out[0] if out else None)
    points = (base[0] + bonus[0], base[1] + bonus[1])
    return RoundResult(points, base, out, double, calls)


def match_winner(
    scores: tuple[int, int], target: int, tie_is_draw: bool, last_round: bool = False
) -> frozenset[int] | None:
    """R11: the winning team ({0} or {1}) once a team reached ``target`` and the totals differ;
    an empty set for a draw (with ``tie_is_draw``, R11.2, or after the ``last_round`` of a
    fixed-length match); None to play on.

    >>> match_winner((1000, 1000), 1000, False), match_winner((40, 40), 1000, False, True)
    (None, frozenset())
    """
    if max(scores) < target and not last_round:
        return None
    if scores[0] == scores[1]:
        return frozenset() if tie_is_draw or last_round else None
    return frozenset({0 if scores[0] > scores[1] else 1})


def match_result(
    config: TichuConfig, scores: tuple[int, int], rounds: int
) -> frozenset[int] | None:
    """``match_winner`` after ``rounds`` scored rounds under ``config`` (target, options)."""
    last = bool(config.max_rounds) and rounds >= config.max_rounds
    return match_winner(scores, config.target_score, config.tie_is_draw, last)


DRAW: Final = "draw (R11.2)"
TARGET_REACHED: Final = "target score reached (R11.1)"
ROUND_LIMIT: Final = "round limit reached (R11.2)"
"""Why a match ended, in the record's words (``tichu.ending.*`` says them to people)."""


def end_reason(config: TichuConfig, scores: tuple[int, int], winners: frozenset[int]) -> str:
    if not winners:
        return DRAW
    if max(scores) >= config.target_score:
        return TARGET_REACHED
    return ROUND_LIMIT
