"""Statistics for bot evaluation: means with 95 % confidence intervals, SPRT, percentiles.

Strength is a mean point difference per round over duplicate deal pairs
(``arena/duplicate.py``); the pairs are independent, so a normal-approximation CI over the pair
values is honest. The SPRT is the normalised one chess engines use (a Gaussian log-likelihood
ratio with the sample variance): it stops as soon as "better by ``h1``" or "no better than
``h0``" is clear.

>>> m = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> round(m.mean, 2), round(m.low, 2), round(m.high, 2)
(2.5, 1.23, 3.77)
>>> percentile([5.0, 1.0, 3.0], 50)
3.0
>>> Sprt(0.0, 10.0).verdict([20.0, 30.0, 25.0] * 10)
'H1'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959964
"""Two-sided 95 % normal quantile."""


@dataclass(frozen=True, slots=True)
class MeanCI:
    """A sample mean with its 95 % confidence interval."""

    n: int
    mean: float
    sd: float

    @property
    def half_width(self) -> float:
        return Z95 * self.sd / math.sqrt(self.n) if self.n > 1 else math.inf

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def to_json(self) -> dict[str, float | int | None]:
        finite = math.isfinite(self.half_width)
        return {
            "n": self.n,
            "mean": self.mean,
            "sd": self.sd,
            "ci_low": self.low if finite else None,
            "ci_high": self.high if finite else None,
        }


def mean_ci(values: Sequence[float]) -> MeanCI:
    """Mean and sample standard deviation (n − 1) of ``values``."""
    n = len(values)
    if n == 0:
        return MeanCI(0, 0.0, 0.0)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return MeanCI(n, mean, math.sqrt(var))


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def rate(hits: int, total: int) -> float:
    return hits / total if total else 0.0


@dataclass(frozen=True, slots=True)
class Sprt:
    """Sequential test of H0: mean ≤ ``h0`` against H1: mean ≥ ``h1`` (error rates α, β)."""

    h0: float
    h1: float
    alpha: float = 0.05
    beta: float = 0.05
    min_samples: int = 10

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, values: Sequence[float]) -> float:
        """The Gaussian log-likelihood ratio of H1 over H0 with the sample variance."""
        stats = mean_ci(values)
        var = max(stats.sd**2, 1e-9)
        return stats.n * (self.h1 - self.h0) * (2 * stats.mean - self.h0 - self.h1) / (2 * var)

    def verdict(self, values: Sequence[float]) -> str | None:
        """``"H1"`` (better by h1), ``"H0"`` (not better than h0), or None (keep going)."""
        if len(values) < self.min_samples:
            return None
        low, high = self.bounds
        llr = self.llr(values)
        if llr >= high:
            return "H1"
        if llr <= low:
            return "H0"
        return None
