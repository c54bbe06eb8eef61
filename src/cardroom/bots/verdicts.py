"""What a review says of one decision, whatever the game: the labels and their thresholds, the
settings a review may spend, and the review itself.

Shared by the Tichu and the Toepen reviews (``bots/tichu/review.py``, ``bots/toepen/review.py``)
and the review of a whole record (``bots/record_review.py``), so neither game's bots import the
other's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

More = Callable[[int], bool]
"""Given the worlds scored so far: whether to score one more."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Expected points lost from which a decision is an inaccuracy, a mistake, a blunder (the
    defaults are Tichu's; the Toepen review passes its own).

    A round moves 100 card points plus the calls. Chosen from the losses found in 30 arena
    rounds (``docs/review.md``): ``heuristic-v1``'s flagged decisions split about 14 : 28 : 9,
    random play's 20 : 34 : 51; below 20 points a gain is rarely told apart from the noise of
    60 sampled worlds anyway."""

    inaccuracy: float = 20.0
    mistake: float = 40.0
    blunder: float = 80.0

    def label(self, loss: float, forced: bool = False) -> str:
        """``forced``, ``best`` (no loss), ``good`` (below an inaccuracy), or the label."""
        if forced:
            return "forced"
        if loss <= 0:
            return "best"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"

    def accuracy(self, losses: Sequence[float]) -> float:
        """Unforced decisions' ``losses`` as a percentage, one decimal, rounded down: each
        decision counts ``1 - loss / blunder`` (0 from a blunder on). It agrees with the loss:
        100 only when nothing was lost. (Counting the decisions below an inaccuracy, as it did,
        read 100 % beside 41.8 points lost in three decisions of about 14 each.)

        >>> t = Thresholds()
        >>> t.accuracy([0.0, 0.0]), t.accuracy([0.0, 20.0]), t.accuracy([0.0, 0.1])
        (100.0, 87.5, 99.9)
        >>> t.accuracy([120.0]), t.accuracy([])
        (0.0, 100.0)
        """
        if not losses:
            return 100.0
        kept = sum(max(0.0, 1.0 - loss / self.blunder) for loss in losses)
        return math.floor(1000 * kept / len(losses)) / 10


LABELS: Final = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")
FLAGGED: Final = frozenset({"inaccuracy", "mistake", "blunder"})


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """What a review may spend per decision."""

    worlds: int = 60
    """Sampled worlds per play or exchange decision (each candidate meets all of them)."""
    call_worlds: int = 120
    """Sampled worlds for the chance of going out first of a call decision."""
    budget: float | None = None
    """Seconds per decision at most (None: the world counts alone decide, reproducibly)."""
    thresholds: Thresholds = field(default_factory=Thresholds)
    extend: int = 5
    """Up to ``extend`` times the worlds while the best action is not settled (``more``):
    most decisions are clear after the base count, and the few close ones are where two
    reviews with different seeds would otherwise name different best actions."""

    def more(self, count: int, settled: Callable[[], bool] | None = None) -> More:
        """The stopping rule of one decision: ``count`` worlds, then (given ``settled``) more
        up to ``extend`` times as many until ``settled()``; the time budget first."""
        most = count * self.extend if settled else count

        def enough(k: int) -> bool:
            return k < count or (k < most and settled is not None and not settled())

        if self.budget is None:
            return enough
        deadline = time.perf_counter() + self.budget
        return lambda k: k < 2 or (enough(k) and time.perf_counter() < deadline)


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one decision: each candidate's estimated value (expected points of the
    round for the seat's team, minus the opponents'), the best one and the loss."""

    kind: str
    """``grand``, ``tichu``, ``exchange``, ``play``, ``bomb``, ``wish`` or ``dragon``."""
    action: str
    best: str
    loss: float
    label: str
    values: dict[str, float] = field(default_factory=dict)
    worlds: int = 0
    chance: float | None = None
    """Calls: the estimated chance of going out first."""

    @property
    def forced(self) -> bool:
        return self.label == "forced"


def forced(kind: str, action: str) -> Review:
    return Review(kind, action, action, 0.0, "forced", {}, 0)
