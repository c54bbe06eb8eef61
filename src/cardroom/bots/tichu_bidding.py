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
    -0.377,
    1.059,
    0.706,
    0.690,
    0.190,
    0.928,
    0.105,
    -0.261,
    -1.333,
    0.616,
    -0.150,
    -0.374,
    -0.364,
    -0.120,
    -0.421,
    0.042,
)
"""``scripts/fit_bidding.py --rounds 1500 --seed fit2`` (6,000 hands, all 16 features) on
14-card hands after the exchange, without partner support: p ≥ 0.5 calls 10.2 % (63 % first
out), p ≥ 0.56 6.4 % (69 %), p ≥ 0.6 4.5 % (75 %)."""
GRAND_COEF: Final = (
    -0.959,
    0.037,
    0.263,
    -0.184,
    0.056,
    0.393,
    -0.085,
    0.091,
    -0.140,
    0.139,
    0.085,
    -0.253,
    0.220,
    0.338,
    0.175,
    -0.241,
)
"""The same fit on the first 8 cards. Eight cards say little: p ≥ 0.38 calls about 5 %, of
which 40 % go out first without help; a Grand caller also gets the partner's best card in the
exchange (``plan_exchange``), which arena runs show adds about 20 points of success."""

TICHU_P: Final = 0.55
"""Expected value: a call at p is worth 200p − 100 before the cost of the partner's support;
p ≥ 0.55 keeps the made rate near 70 % (arena seed 21, 150 pairs: 0.56 called 7.0 %, 71 %
made; 0.55 on seed 22: 6.8 %, 63 %)."""
GRAND_P: Final = 0.45
"""A Grand at p is worth 400p − 200: p ≥ 0.45 (53 % first out in the fit, more with the
partner's best card). 0.38 called 5.5 % but made only 39 % in the arena (seed 21)."""


def logistic(coef: Sequence[float], features: Sequence[float]) -> float:
    z = sum(c * f for c, f in zip(coef, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
