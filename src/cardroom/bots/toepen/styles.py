"""Toepen playing styles for the opponent pool: the heuristic with one habit pushed to an extreme.

A level is judged against players unlike itself: one tuned against a single bot mostly learns
to beat that bot. Each style here exaggerates one habit a person at the table may have:

* ``bluffer`` knocks on its own turn at half the heuristic's confidence and bluff-knocks often
  (a fifth of its turns from trick 2 on, with lives to spare): it tests whether a level folds
  too readily;
* ``stubborn`` never folds to a knock: it tests whether a level's knocks and bluffs are priced
  for an opponent who always stays.

>>> import random
>>> from cardroom.bots.protocol import SeatView
>>> obs = {"phase": "respond", "legal": ["stay", "fold"], "hand": ["7S", "8H", "9D", "JC"],
...        "stake": 2, "lives": [10, 10, 10, 10], "num_seats": 4}
>>> ToepenStubbornBot().act(SeatView("toepen", 0, obs), random.Random(1))
'stay'
"""

from __future__ import annotations

import random
from typing import Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.toepen.heuristic import KNOCK_AT, ToepenHeuristicBot, _Reading

BLUFFER_KNOCK_AT: Final = KNOCK_AT / 2
"""The bluffer's win chance for a knock on its own turn (the heuristic's is ``KNOCK_AT``)."""
BLUFFER_BLUFF: Final = 0.2
"""The bluffer's chance of a knock without the hand for it, from trick 2 on."""


class ToepenBlufferBot(ToepenHeuristicBot):
    """Level ``bluffer``: knocks early and often, bluffs a fifth of its turns (never out of
    turn: there the heuristic asks with ``bluff=0``)."""

    name = "bluffer"

    def _knock(
        self, reading: _Reading, rng: random.Random, at: float, bluff: float = BLUFFER_BLUFF
    ) -> bool:
        stake = int(reading.obs["stake"])
        if reading.win_chance() >= at * BLUFFER_KNOCK_AT / KNOCK_AT:
            return True
        spare = self._lives(reading) > stake + 1
        return spare and reading.trick_no >= 2 and rng.random() < bluff


class ToepenStubbornBot(ToepenHeuristicBot):
    """Level ``stubborn``: stays on every knock, otherwise plays as the heuristic."""

    name = "stubborn"

    def act(self, view: SeatView, rng: random.Random) -> str:
        if view.obs.get("phase") == "respond" and "stay" in view.legal:
            return "stay"
        return super().act(view, rng)
