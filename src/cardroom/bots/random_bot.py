"""The uniform random bot (OpenSpiel ``UniformRandomBot``): a baseline and a fuzzer."""

from __future__ import annotations

import random

from cardroom.bots.protocol import SeatView
from cardroom.engine.errors import NotActiveError


class RandomBot:
    """Picks uniformly among ``obs["legal"]``; never interrupts out of turn.

    >>> from cardroom.bots.protocol import SeatView
    >>> RandomBot().act(SeatView("toy", 0, {"legal": ["play 3"]}), random.Random(1))
    'play 3'
    """

    name = "random"

    def act(self, view: SeatView, rng: random.Random) -> str:
        legal = view.legal
        if not legal:
            raise NotActiveError(f"seat {view.seat} has no legal action to choose from")
        return rng.choice(legal)
