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
    "bias", "dragon", "phoenix", "aces", "kings", "bombs", "units", "low_singles", "dog", "mj",
    "weak_sets", "long_units", "controls_x_units", "controls_over_low",
)

TICHU_COEF: Final = (-0.953, 0.794, 1.036, 0.375, 0.293, 0.667, -0.036, -0.454, -1.267, 0.512, 0, 0, 0, 0)
"""Fitted on 14-card hands after the exchange (see the module docstring)."""
GRAND_COEF: Final = (-1.359, 0.516, 0.686, 0.242, 0.063, 0.103, 0.021, -0.083, 0.089, 0.116, 0, 0, 0, 0)
"""Fitted on the first 8 cards."""

TICHU_P: Final = 0.62
GRAND_P: Final = 0.5


def logistic(coef: Sequence[float], features: Sequence[float]) -> float:
    z = sum(c * f for c, f in zip(coef, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
