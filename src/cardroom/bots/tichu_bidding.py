"""Tichu and Grand Tichu bids from evidence: the chance that a hand goes out first.

A logistic model over a few hand features (``tichu_heuristic.hand_features``), fitted offline
on simulated rounds by ``scripts/fit_bidding.py`` (heuristic self-play with calls off; the label
is "this seat went out first"). A call is worth +100/−100 (Grand ±200), so it pays above
p = 0.5 in points alone; the thresholds sit higher because a missed call also costs the
partner's freedom, and were checked with ``cardroom arena``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

FEATURES: Final = (
    "bias",
    "dragon",
    "phoenix",
    "aces",
    "kings",
    "bombs",
    "units",
    "low_singles",
    "dog",
    "mj",
    "weak_sets",
    "long_units",
    "controls_x_units",
    "controls_over_low",
    "losers",
    "deficit",
)

TICHU_COEF: Final = (
    -0.520,
    0.539,
    0.790,
    0.219,
    0.292,
    0.516,
    0.041,
    -0.613,
    -1.354,
    0.525,
    -0.476,
    -0.232,
    0.176,
    -0.040,
    0.0,
    0.0,
)
"""``scripts/fit_bidding.py --rounds 3000 --seed fit1`` on 14-card hands after the exchange:
at p ≥ 0.5 7-10 % of hands, 63-65 % first out without partner support. The last two
(losers, deficit) are not fitted yet: 0."""
GRAND_COEF: Final = (
    -1.165,
    0.413,
    0.583,
    0.151,
    0.054,
    0.050,
    0.007,
    -0.102,
    0.078,
    0.118,
    -0.052,
    -0.060,
    0.124,
    -0.082,
    0.0,
    0.0,
)
"""The same fit on the first 8 cards: weak (p ≥ 0.4: 4 % of hands, 44 % first out)."""

TICHU_P: Final = 0.5
GRAND_P: Final = 0.4


def logistic(coef: Sequence[float], features: Sequence[float]) -> float:
    z = sum(c * f for c, f in zip(coef, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
