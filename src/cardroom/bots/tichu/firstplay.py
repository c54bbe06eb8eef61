"""The Tichu call at the seat's first play, from the 14 cards and what was seen by then.

The rules let a player call Tichu until just before playing his first card, so a seat that
waits for its own first play has seen the exchange, the others' calls and the plays of the
first trick before it. ``SEEN_COEF`` (``bidding``) weighs the logit of the hand model
(``tichu_probability``) with what was seen; fitted by ``scripts/fit_first_play.py`` on
heuristic self-play where one seat calls at its first chance. The largest weight is an
opponent's call (−1.1 on the logit: such calls were made 24 of 60 times at p ≥ 0.5), then the
cards the opponents shed in the first trick (−0.6 per five) and a bomb they showed.
"""

from __future__ import annotations

import math
from typing import Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.bidding import SEEN_COEF, logistic
from cardroom.bots.tichu.heuristic import cards_mask, round_plays, tichu_probability
from cardroom.games.tichu.cards import parse_cards

POWER: Final = parse_cards("DRG PHX AR AG AB AK")
"""Cards that win a trick of singles: the Dragon, the Phoenix and the aces."""
_EDGE: Final = 1e-4


def seen_features(view: SeatView) -> tuple[float, ...]:
    """The features of ``SEEN_FEATURES`` (``bidding``) for the seat of ``view``."""
    obs = view.obs
    seat, partner = view.seat, (view.seat + 2) % 4
    p = min(max(tichu_probability(cards_mask(obs.get("hand") or ())), _EDGE), 1 - _EDGE)
    plays = round_plays(view.history)
    opp_power = opp_bomb = opp_cards = partner_power = 0
    for event in plays:
        cards = cards_mask(event["cards"])
        power = (cards & POWER).bit_count()
        if event["seat"] == partner:
            partner_power += power
        elif event["seat"] != seat:
            opp_power += power
            opp_cards += cards.bit_count()
            opp_bomb += event.get("kind") == "bomb"
    calls = obs.get("calls") or [""] * 4
    opp_called = sum(bool(calls[s]) for s in ((seat + 1) % 4, (seat + 3) % 4))
    lead_first = bool(obs.get("lead")) and not plays
    return (
        1.0,
        math.log(p / (1 - p)),
        float(lead_first),
        float(opp_power),
        float(opp_bomb),
        float(partner_power),
        float(opp_called),
        opp_cards / 5,
    )


def seen_tichu_probability(view: SeatView) -> float:
    """The chance that the seat's 14 cards go out first, given what it has seen."""
    return logistic(SEEN_COEF, seen_features(view))
