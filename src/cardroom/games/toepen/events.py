"""Toepen events: what happened, as JSON ``{"type": ...}`` (``observe.project`` redacts them).

Only two events carry private cards: ``Dealt`` (each seat sees its own hand) and ``Laundry``
(only the exchanger sees what he laid down and what he drew). Everything else is public (R7.3):
played cards, a challenged discard, announcements (without the rank behind them, R8.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.engine.game import JsonDict
from cardroom.games.toepen.cards import card_list, format_card


@dataclass(frozen=True, slots=True)
class DealerChosen:
    """R2.1: the first dealer, drawn by lot."""

    seat: int

    def to_json(self) -> JsonDict:
        return {"type": "dealer_chosen", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Dealt:
    """R2.1: a new hand; ``hands`` holds a mask per seat, -1 where the audience may not look."""

    hand_no: int
    dealer: int
    hands: tuple[int, ...]
    stock: int

    def to_json(self) -> JsonDict:
        hands = [None if h < 0 else card_list(h) for h in self.hands]
        return {
            "type": "deal",
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "hands": hands,
            "stock": self.stock,
        }


@dataclass(frozen=True, slots=True)
class Signal:
    """R8.3: a public whistle or stand-up by ``seat`` (never which rank caused it, R8.6)."""

    seat: int
    signal: str

    def to_json(self) -> JsonDict:
        return {"type": self.signal, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Laundry:
    """R3.1: ``seat`` lays down ``discard`` and draws ``drawn`` (both -1 when hidden)."""

    seat: int
    discard: int
    drawn: int

    def to_json(self) -> JsonDict:
        data: JsonDict = {"type": "laundry", "seat": self.seat}
        data["discard"] = None if self.discard < 0 else card_list(self.discard)
        data["drawn"] = None if self.drawn < 0 else card_list(self.drawn)
        return data


@dataclass(frozen=True, slots=True)
class Decision:
    """A public answer without consequences of its own: ``nolaundry``, ``accept``, ``stay``."""

    kind: str
    seat: int

    def to_json(self) -> JsonDict:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Challenged:
    """R3.3: ``seat`` challenged ``exchanger``; the discard is shown and ``loser`` pays."""

    seat: int
    exchanger: int
    discard: int
    loser: int
    lost: int

    def to_json(self) -> JsonDict:
        return {
            "type": "challenge",
            "seat": self.seat,
            "exchanger": self.exchanger,
            "discard": card_list(self.discard),
            "loser": self.loser,
            "lost": self.lost,
        }


@dataclass(frozen=True, slots=True)
class Knocked:
    """R5.2: ``seat`` knocked; ``stake`` is what the hand is worth if anybody stays."""

    seat: int
    stake: int

    def to_json(self) -> JsonDict:
        return {"type": "knock", "seat": self.seat, "stake": self.stake}


@dataclass(frozen=True, slots=True)
class Poverty:
    """V-POOR (R7.4): ``seat`` starts with 1 life, leads, and the hand is played for ``stake``
    unless the others fold (answers as to a knock)."""

    seat: int
    stake: int

    def to_json(self) -> JsonDict:
        return {"type": "poor", "seat": self.seat, "stake": self.stake}


@dataclass(frozen=True, slots=True)
class FourOfAKind:
    """V-FOUR: ``seat`` shows four of a kind and wins the hand at once."""

    seat: int
    cards: int

    def to_json(self) -> JsonDict:
        return {"type": "four_of_a_kind", "seat": self.seat, "cards": card_list(self.cards)}


@dataclass(frozen=True, slots=True)
class Folded:
    """R5.6: ``seat`` folded and paid ``lost`` lives at once."""

    seat: int
    lost: int

    def to_json(self) -> JsonDict:
        return {"type": "fold", "seat": self.seat, "lost": self.lost}


@dataclass(frozen=True, slots=True)
class StakeRaised:
    """R5.7: every answer is in and somebody stayed."""

    stake: int

    def to_json(self) -> JsonDict:
        return {"type": "stake", "stake": self.stake}


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: int

    def to_json(self) -> JsonDict:
        return {"type": "play", "seat": self.seat, "card": format_card(self.card)}


@dataclass(frozen=True, slots=True)
class TrickWon:
    """R4.3: the trick's highest card of the led suit; ``leader`` leads the next trick."""

    trick_no: int
    winner: int
    leader: int | None

    def to_json(self) -> JsonDict:
        return {
            "type": "trick",
            "trick_no": self.trick_no,
            "winner": self.winner,
            "leader": self.leader,
        }


@dataclass(frozen=True, slots=True)
class HandEnded:
    """R6: ``winner`` (None for none, R6.4) and the lives each seat lost in the whole hand."""

    hand_no: int
    winner: int | None
    reason: str
    losses: tuple[int, ...]
    lives: tuple[int, ...]

    def to_json(self) -> JsonDict:
        return {
            "type": "hand_end",
            "hand_no": self.hand_no,
            "winner": self.winner,
            "reason": self.reason,
            "losses": list(self.losses),
            "lives": list(self.lives),
        }


@dataclass(frozen=True, slots=True)
class GameEnded:
    """R7.1 / R7.2: the game is over."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    lives: tuple[int, ...]

    def to_json(self) -> JsonDict:
        return {
            "type": "game_over",
            "winners": list(self.winners),
            "losers": list(self.losers),
            "lives": list(self.lives),
        }
