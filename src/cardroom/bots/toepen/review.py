"""Review of one Toepen decision by the Toepen search bot, from the deciding seat's own view.

The Toepen search bot already scores its options in worlds sampled from the seat's view (cards
played and shown are out, a seat that did not follow suit is void, hands fit their signals,
knocks weigh the worlds) and plays each world out exactly (``Solver``). A review asks it for the
value of every option of the decision taken, in the same worlds:

- **a card** (the play phase): every legal card (``card_values``);
- **stay or fold** after a knock (``respond_values``).

Values are the seat's expected *safety* (1 − its share of the table's risk of reaching 0 lives,
``search.settle``), shown in percentage points; the loss is the best option's value minus the
value of the one taken, 0 below ``MIN_GAIN`` points (within the sampling noise). Knocks, signals,
the laundry and challenges are not reviewed: the bot decides them by rules of thumb, not values.
"""

from __future__ import annotations

import random
from typing import Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.toepen.reading import cards_of
from cardroom.bots.toepen.search import ToepenSearchBot, read
from cardroom.bots.verdicts import Review, ReviewSettings, Thresholds, forced

THRESHOLDS: Final = Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)
"""Percentage points of safety lost (a hand at stake 1 moves a seat's risk by a few points)."""
MIN_GAIN: Final = 1.0
"""Points of safety another option must gain to count as better."""
REVIEWED: Final = ("play", "stay", "fold")


def reviewed(action: str) -> bool:
    """Whether a Toepen action is a decision the review judges."""
    return action.split()[0] in REVIEWED


def review_toepen(
    view: SeatView, action: str, settings: ReviewSettings, rng: random.Random
) -> Review:
    """A card played, or a stay or fold, against the other options in the same worlds."""
    legal = view.legal
    kind = "card" if action.startswith("play ") else "respond"
    options = [a for a in legal if reviewed(a) and (a.startswith("play ") == (kind == "card"))]
    if len(options) <= 1:
        return forced(kind, action)
    bot = ToepenSearchBot(worlds=settings.worlds)
    r = read(view)
    worlds = bot.worlds_for(r, rng)
    if kind == "card":
        cards = [cards_of([a.split()[1]])[0] for a in options]
        values = bot.card_values(r, worlds, cards)
    else:
        stay, fold = bot.respond_values(r, worlds)
        values = [stay if a == "stay" else fold for a in options]
    points = {a: round(100 * v, 2) for a, v in zip(options, values, strict=True)}
    best = max(options, key=lambda a: points[a])
    gain = points[best] - points[action]
    if gain < MIN_GAIN:
        best, gain = action, 0.0
    loss = round(gain, 2)
    return Review(kind, action, best, loss, THRESHOLDS.label(loss), points, len(worlds))
