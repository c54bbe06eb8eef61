"""Level ``tight`` for Toepen: the plain sound baseline.

Never bluffs or challenges; exchanges only an honest all-face hand (R3.1); folds without a 9, a
10 or the top card of a suit; knocks (on its own turn only) with a sure last trick; keeps its
best card for trick 4 and plays the weakest otherwise. A harder yardstick than random.

>>> import random
>>> from cardroom.bots.protocol import SeatView
>>> obs = {"phase": "respond", "legal": ["stay", "fold"], "hand": ["AS", "KH", "QD", "JC"]}
>>> ToepenTightBot().act(SeatView("toepen", 0, obs), random.Random(1))
'fold'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.bots.protocol import SeatView
from cardroom.bots.toepen.reading import above, cards_of, is_top, unseen_by, worth_staying
from cardroom.games.toepen.cards import NUMBERS, mask_of, strength_of, suit_of


def sure_last_trick(obs: Mapping[str, Any], seat: int, hand: Sequence[int]) -> bool:
    """Whether the seat's one card surely takes trick 4: it leads a top card, or its card beats
    the trick so far and no unseen card of the led suit can beat it."""
    if len(hand) != 1 or obs.get("turn") != seat:
        return False
    c, trick = hand[0], [cards_of([p["card"]])[0] for p in obs.get("trick") or []]
    if trick and (suit_of(c) != suit_of(trick[0]) or c < max(trick)):
        return False
    return is_top(c, unseen_by(obs, hand))


def keeper(obs: Mapping[str, Any], hand: Sequence[int]) -> int:
    """The card to save for trick 4: fewest unseen cards above it, then the strongest."""
    unseen = unseen_by(obs, hand)
    return min(hand, key=lambda c: ((unseen & above(c)).bit_count(), -strength_of(c)))


class ToepenTightBot:
    """Level ``tight`` for ``toepen``."""

    name = "tight"

    def act(self, view: SeatView, rng: random.Random) -> str:
        legal, obs = view.legal, view.obs
        hand = cards_of(obs.get("hand") or [])
        phase = obs.get("phase")
        if phase == "announce":
            return "nosignal" if "nosignal" in legal else legal[0]
        if phase == "laundry":
            return "nolaundry" if mask_of(hand) & NUMBERS else "laundry"
        if phase == "challenge":
            return "accept"
        if phase == "respond":
            return "stay" if worth_staying(obs, hand) else "fold"
        if "knock" in legal and sure_last_trick(obs, view.seat, hand):
            return "knock"
        plays = [a for a in legal if a.startswith("play ")]
        cards = cards_of(a.split()[1] for a in plays)
        keep = keeper(obs, hand)
        spare = [c for c in cards if c != keep] or cards
        return plays[cards.index(min(spare, key=strength_of))]
