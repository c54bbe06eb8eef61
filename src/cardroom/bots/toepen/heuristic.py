"""A Toepen heuristic bot: plays for the last trick, knocks on good prospects, folds weak hands.

It reads only the seat's observation and projected history (contracts §5, §6). The one number
behind most decisions is ``win_chance``: how likely the hand is to win trick 4, estimated from
the best card it can keep (how many unseen cards of its suit beat it, and how many cards the
opponents still hold) and from the seat's position in the current trick (R4.2, R4.3).

* knock (on its turn, or out of turn when very strong) when the chance is good, and before
  showing a sure winner (R5.9); bluff-knock rarely;
* stay or fold by expected loss: fold pays the stake now, staying risks stake + 1 (R5.6, R1.5);
* exchange an all-face hand, bluff the exchange now and then with a weak hand (R3.1);
* challenge an exchanger only when his record shows more caught bluffs than honest exchanges
  (R3.3); never stay on a hand the ``tight`` level would fold;
* keep the best card for trick 4 and dump the weakest legal card, winning trick 3 cheaply
  when that gives the lead for trick 4.

>>> import random
>>> from cardroom.bots.protocol import SeatView
>>> obs = {"phase": "laundry", "legal": ["laundry", "nolaundry"], "hand": ["AS", "KH", "QD", "JC"],
...        "lives": [10, 10, 10, 10], "turn": 0, "num_seats": 4}
>>> ToepenHeuristicBot().act(SeatView("toepen", 0, obs), random.Random(1))
'laundry'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.bots.protocol import SeatView
from cardroom.bots.toepen.reading import above, cards_of, seen_mask, worth_staying
from cardroom.engine.errors import NotActiveError
from cardroom.games.toepen.cards import DECK, NUMBERS, mask_of, parse_card, strength_of, suit_of

KNOCK_AT = 0.65
"""Knock on one's own turn from this win chance on (at stake 1)."""
RAISE_STEP = 0.1
"""Each point of stake asks for this much more confidence before knocking again."""
INTERRUPT_AT = 0.75
"""Knock out of turn only when this sure."""
BLUFF_KNOCK = 0.05
BLUFF_LAUNDRY = 0.25
KNOCKER_DISCOUNT = 0.6
"""Each knock from someone else this hand is a sign of strength: our chance is lower."""
SIGNAL_RATE = 0.5
FOLLOW_UP = 0.8
"""How often a second safe card turns into the lead of trick 4."""
SUIT_LED = 0.25
"""How often somebody else leads the suit of our best card to trick 4."""


def knocks_this_hand(history: Sequence[Mapping[str, Any]], seat: int) -> int:
    """How many knocks (and poverty openings) by others the current hand has seen."""
    count = 0
    for event in history:
        if event.get("type") == "deal":
            count = 0
        elif event.get("type") in ("knock", "poor") and event.get("seat") != seat:
            count += 1
    return count


def safety(c: int, unseen: int, share: float) -> float:
    """The chance that no opponent holds a card of ``c``'s suit that beats it."""
    higher = (unseen & above(c)).bit_count()
    return float((1.0 - share) ** higher)


class _Reading:
    """What the bot works out from one observation."""

    def __init__(self, view: SeatView) -> None:
        obs = view.obs
        self.obs = obs
        self.seat = view.seat
        self.hand = cards_of(obs.get("hand") or [])
        in_hand = obs.get("in_hand") or [True] * int(obs["num_seats"])
        sizes = obs.get("hand_sizes") or [0] * len(in_hand)
        self.opponents = [s for s, inside in enumerate(in_hand) if inside and s != view.seat]
        opp_cards = sum(sizes[s] for s in self.opponents)
        self.unseen = DECK & ~mask_of(self.hand) & ~seen_mask(obs)
        self.share = min(1.0, opp_cards / max(1, self.unseen.bit_count()))
        self.trick = [(p["seat"], parse_card(p["card"])) for p in obs.get("trick", [])]
        self.trick_no = int(obs.get("trick_no") or 0)
        self.knocks_against = knocks_this_hand(view.history, view.seat)

    def safety(self, c: int) -> float:
        return safety(c, self.unseen, self.share)

    def keeper(self) -> int:
        """The card to save for trick 4: the safest, then the strongest."""
        return max(self.hand, key=lambda c: (self.safety(c), strength_of(c)))

    def beats_trick(self, c: int) -> bool:
        """Whether ``c`` would be the best card of the current trick so far."""
        if not self.trick:
            return True
        led = suit_of(self.trick[0][1])
        best = max(card for _, card in self.trick if suit_of(card) == led)
        return suit_of(c) == led and c > best

    def win_chance(self) -> float:
        """A rough chance of winning trick 4 (R6.1) from here."""
        if not self.hand:
            return 0.0
        if self.trick_no == 4 or len(self.hand) == 1:
            c = self.hand[0] if len(self.hand) == 1 else self.keeper()
            if not self.beats_trick(c):
                return 0.0
            if not self.trick and self.obs.get("turn") != self.seat:
                # somebody else leads trick 4: a top card wins only if he leads its suit
                return self.safety(c) * SUIT_LED
            return self.safety(c)
        safest = sorted((self.safety(c) for c in self.hand), reverse=True)
        # leading trick 4 is worth the most; a second safe card wins trick 3 and the lead (R4.3)
        alone = 1.0 / (len(self.opponents) + 1)
        lead_odds = alone + (1.0 - alone) * FOLLOW_UP * safest[1]
        return safest[0] * (lead_odds + (1.0 - lead_odds) * SUIT_LED)


class ToepenHeuristicBot:
    """Level ``heuristic`` for ``toepen``."""

    name = "heuristic"

    def act(self, view: SeatView, rng: random.Random) -> str:
        legal = view.legal
        if not legal:
            raise NotActiveError(f"seat {view.seat} has no legal action to choose from")
        phase = view.obs.get("phase")
        reading = _Reading(view)
        if phase == "announce":
            signals = [a for a in legal if a != "nosignal"]
            if "nosignal" not in legal:  # a forced 10s signal (R8.3)
                return legal[0]
            return signals[0] if signals and rng.random() < SIGNAL_RATE else "nosignal"
        if phase == "laundry":
            return "laundry" if self._exchange(reading, rng) else "nolaundry"
        if phase == "challenge":
            return "challenge" if self._challenge(view) else "accept"
        if phase == "respond":
            # never looser than ``tight``, unless staying cannot cost more than folding (R1.5)
            free = self._lives(reading) <= int(reading.obs["stake"])
            sound = free or worth_staying(view.obs, reading.hand)
            return "stay" if sound and self._stay(reading) else "fold"
        if "knock" in legal and self._knock(reading, rng, self._knock_at(reading, KNOCK_AT)):
            return "knock"
        return self._card(reading, [a for a in legal if a.startswith("play ")])

    def may_interrupt(self, legal: Sequence[str]) -> bool:
        """Out of turn this bot only knocks."""
        return "knock" in legal

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        """Knock out of turn only on a very strong hand (R5.2)."""
        if "knock" not in view.legal:
            return None
        reading = _Reading(view)
        at = self._knock_at(reading, INTERRUPT_AT)
        return "knock" if self._knock(reading, rng, at, bluff=0.0) else None

    # -- decisions -------------------------------------------------------------------------

    def _knock_at(self, reading: _Reading, base: float) -> float:
        """Knocking wars cost everybody: the higher the stake, the surer we want to be."""
        return base + RAISE_STEP * (int(reading.obs["stake"]) - 1)

    def _lives(self, reading: _Reading) -> int:
        return int(reading.obs["lives"][reading.seat])

    def _exchange(self, reading: _Reading, rng: random.Random) -> bool:
        """Exchange an all-face hand; bluff with one low number card and lives to spare."""
        numbers = [c for c in reading.hand if (NUMBERS >> c) & 1]
        if not numbers:
            return True
        weak = len(numbers) == 1 and strength_of(numbers[0]) <= strength_of(parse_card("8H"))
        return weak and self._lives(reading) > 2 and rng.random() < BLUFF_LAUNDRY

    def _challenge(self, view: SeatView) -> bool:
        """Challenge unless the exchanger's record (and our lives) make it a bad bet."""
        exchanger = view.obs.get("exchanger")
        bluffs, honest = 1, 0  # prior: honest all-face hands (R3.1) are rare
        for event in view.history:
            if event.get("type") == "challenge" and event.get("exchanger") == exchanger:
                if event.get("loser") == exchanger:
                    bluffs += 1
                else:
                    honest += 1
        bluff_odds = (bluffs - 0.5) / (bluffs + honest + 1)
        needed = 0.8 if int(view.obs["lives"][view.seat]) <= 1 else 0.6
        return bluff_odds > needed

    def _stay(self, reading: _Reading) -> bool:
        """Stay when the expected loss of staying is below the fold price (R5.6, R1.5)."""
        stake = int(reading.obs["stake"])
        lives = self._lives(reading)
        fold_cost = min(stake, lives)
        lose_cost = min(stake + 1, lives)
        chance = reading.win_chance() * KNOCKER_DISCOUNT**reading.knocks_against
        return (1.0 - chance) * lose_cost < fold_cost

    def _knock(
        self, reading: _Reading, rng: random.Random, at: float, bluff: float = BLUFF_KNOCK
    ) -> bool:
        """Knock on a good chance; bluff rarely, at a rate falling with the square of the stake
        and only with lives to spare for the loss."""
        stake = int(reading.obs["stake"])
        if reading.win_chance() >= at:
            return True
        spare = self._lives(reading) > stake + 2
        return spare and reading.trick_no >= 3 and rng.random() < bluff / stake**2

    def _card(self, reading: _Reading, plays: Sequence[str]) -> str:
        """Keep the best card for trick 4; dump the weakest; take trick 3 cheaply for the lead."""
        options = [parse_card(text.split()[1]) for text in plays]
        if len(options) == 1:
            return plays[0]
        keeper = reading.keeper()
        spare = [c for c in options if c != keeper] or options
        choice = min(spare, key=strength_of)
        if reading.trick_no == 3:
            winners = [c for c in spare if reading.beats_trick(c)]
            if reading.trick and winners:
                choice = min(winners)
            elif not reading.trick:
                choice = max(spare, key=lambda c: (reading.safety(c), strength_of(c)))
        return plays[options.index(choice)]
