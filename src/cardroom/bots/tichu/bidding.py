"""Tichu and Grand Tichu bids from evidence: the chance that a called hand goes out first.

Logistic models over a few hand features (``tichu_heuristic.hand_features`` for the 14 cards
after the exchange, ``grand_features`` for the first 8), fitted offline on simulated rounds by
``scripts/fit_bidding.py``: heuristic self-play where one seat is made to call, so the label
"the caller went out first" includes the caller's race and its partner's support. A call is
worth +100/−100 (Grand ±200), so it pays above p = 0.5 in points alone; the thresholds sit
higher because a missed call also costs the partner's freedom, and were checked with
``cardroom arena`` on tuning seeds."""

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
    "high_sets",
    "court_singles",
    "units_sq",
    "dragon_x_phoenix",
)

GRAND_FEATURES: Final = (
    "bias",
    "dragon",
    "phoenix",
    "aces",
    "kings",
    "queens",
    "bombs",
    "mj",
    "dog",
    "low_2_to_7",
    "units",
    "top_over_2",
    "dragon_x_phoenix",
)

TICHU_COEF: Final = (
    -0.302,
    1.006,
    0.556,
    0.793,
    0.246,
    0.613,
    -0.003,
    -0.462,
    -1.474,
    0.644,
    -0.206,
    -0.342,
    0.002,
    -0.061,
    -0.28,
    0.124,
    -0.058,
    -0.209,
    0.031,
    0.212,
)
"""``scripts/fit_bidding.py --rounds 6000 --seed fit4 --calls tichu`` on 14-card hands after the
exchange of seats made to call (the caller races, its partner supports it; heuristic self-play,
nobody else calls): p ≥ 0.55 calls 14.4 % (68 % made), p ≥ 0.6 10.8 % (71 %), p ≥ 0.65 8.2 %
(74 %). The arena calls less often (the partner's Grand, the exchange's gifts to the partner)."""
GRAND_COEF: Final = (
    -1.092,
    0.845,
    0.592,
    0.434,
    0.096,
    0.029,
    0.073,
    0.123,
    0.048,
    0.020,
    -0.008,
    0.007,
    0.157,
)
"""The same fit on the first 8 cards of seats made to call Grand Tichu (``GRAND_FEATURES``):
p ≥ 0.5 calls 12 % (58 % made), p ≥ 0.55 7.7 % (59 %), p ≥ 0.575 4.8 % (64 %)."""

TICHU_P: Final = 0.6
"""A call at p is worth 200p − 100 before the cost of the partner's support. Arena, heuristic vs
heuristic-v1, 1,000 pairs on tuning seed 103: p ≥ 0.6 called 6.7 % (66 % made), 0.575 7.7 %
(63 %), 0.55 8.8 % (62 %), 0.53 10.0 % (61 %); the made rate wins over the call rate."""
GRAND_P: Final = 0.58
"""A Grand at p is worth 400p − 200. Arena as above: p ≥ 0.6 called 3.9 %, 63–66 % made
(seeds 100, 101); p ≥ 0.58 4.3 %, 70 % made (seed 102); p ≥ 0.52 10.2 %, 56 % made (seed 100)."""


SEEN_FEATURES: Final = (
    "bias",
    "logit",
    "lead_first",
    "opp_power",
    "opp_bomb",
    "partner_power",
    "opp_called",
    "opp_cards_by_5",
)
"""What a seat knows at its first play (``firstplay.seen_features``): the logit of
``TICHU_COEF``'s chance, leading the first trick (nothing seen), the Dragons, Phoenixes and aces
the opponents played, their bombs, the partner's Dragons, Phoenixes and aces, the opponents who
called (Tichu or Grand), and the cards the opponents played, by five."""

SEEN_COEF: Final = (0.233, 0.919, -0.235, -0.106, -0.459, 0.378, -1.095, -0.597)
"""``scripts/fit_first_play.py --rounds 8000 --seed fp1`` (7,736 calls, 30.8 % made). On the
rows, the hand model at p ≥ 0.5 calls 19.3 % at 63.2 % made (in heuristic play); this one at
0.5 calls 19.3 % at 63.2 %, at 0.52 17.4 % (64.7 %), at 0.46 23.2 % (60.5 %)."""


def logistic(coef: Sequence[float], features: Sequence[float]) -> float:
    z = sum(c * f for c, f in zip(coef, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
