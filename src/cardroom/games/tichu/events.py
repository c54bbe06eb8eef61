"""What happened, as frozen values with ``to_json()`` (``{"type": ...}``).

Events are produced with full information; ``observe.project`` redacts them per audience.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from cardroom.engine.drafts import builder, drafts_work

from .actions import rank_text
from .cards import card_names, format_card
from .combos import Combo, combo_fields
from .state import RoundResult

Json = dict[str, Any]


def card_list(mask: int) -> list[str]:
    return card_names(mask)


combo_json: Final = lru_cache(maxsize=4096)(combo_fields)
"""``combo_fields`` memoised (its dict is copied into events; observations share it read-only):
a lead lists a hundred plays, and every audience is shown each play."""


@dataclass(frozen=True, slots=True)
class HandDealt:
    """Cards dealt to one seat (private to it): 8 then 6, or 14 without Grand Tichu."""

    seat: int
    cards: int

    def to_json(self) -> Json:
        return {"type": "hand_dealt", "seat": self.seat, "cards": card_list(self.cards)}


@dataclass(frozen=True, slots=True)
class GrandDecided:
    """A seat's Grand Tichu decision; others learn only that it decided (``grand`` None),
    unless decisions are ``public`` (the sequential option)."""

    seat: int
    grand: bool | None
    public: bool = False

    def to_json(self) -> Json:
        return {"type": "grand_decided", "seat": self.seat, "grand": self.grand}


@dataclass(frozen=True, slots=True)
class CallsRevealed:
    """All Grand Tichu decisions are in: the public calls (R2.3)."""

    calls: tuple[str, ...]

    def to_json(self) -> Json:
        return {"type": "calls_revealed", "calls": list(self.calls)}


@dataclass(frozen=True, slots=True)
class ExchangeSubmitted:
    """A seat chose its three cards; others see only that it did (``cards`` empty)."""

    seat: int
    cards: tuple[int, ...]

    def to_json(self) -> Json:
        return {"type": "exchange_submitted", "seat": self.seat, "cards": self._cards()}

    def _cards(self) -> list[str]:
        return [format_card(c) for c in self.cards]


@dataclass(frozen=True, slots=True)
class ExchangeRevealed:
    """The swap (R4.2). ``given[s][k]`` = the card seat s gave to seat s+k+1; a seat's
    projection keeps its own row and the cards it received (None elsewhere)."""

    given: tuple[tuple[int | None, ...] | None, ...]

    def to_json(self) -> Json:
        rows = [
            None if g is None else [None if c is None else format_card(c) for c in g]
            for g in self.given
        ]
        return {"type": "exchange_revealed", "given": rows}


@dataclass(frozen=True, slots=True)
class TichuCalled:
    seat: int

    def to_json(self) -> Json:
        return {"type": "tichu_called", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Played:
    """A play (or a lead, or a bomb, in or out of turn)."""

    seat: int
    cards: int
    combo: Combo
    phoenix_as: int | None

    def to_json(self) -> Json:
        return {
            "type": "played",
            "seat": self.seat,
            "cards": card_list(self.cards),
            **combo_json(self.combo),
            "phoenix_as": None if self.phoenix_as is None else rank_text(self.phoenix_as),
        }


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int

    def to_json(self) -> Json:
        return {"type": "passed", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class WishMade:
    seat: int
    rank: int

    def to_json(self) -> Json:
        return {"type": "wish_made", "seat": self.seat, "rank": rank_text(self.rank)}


@dataclass(frozen=True, slots=True)
class WishFulfilled:
    seat: int
    rank: int

    def to_json(self) -> Json:
        return {"type": "wish_fulfilled", "seat": self.seat, "rank": rank_text(self.rank)}


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick goes to ``seat``'s pile (won, or the last trick of a round, R9.3)."""

    seat: int
    cards: int
    points: int

    def to_json(self) -> Json:
        data: Json = {"type": "trick_taken", "seat": self.seat, "cards": card_list(self.cards)}
        data["points"] = self.points
        return data


@dataclass(frozen=True, slots=True)
class DragonGiven:
    """The Dragon's trick goes from ``seat`` to opponent ``to`` (R8.3.2)."""

    seat: int
    to: int
    cards: int
    points: int

    def to_json(self) -> Json:
        data: Json = {"type": "dragon_given", "seat": self.seat, "to": self.to}
        data.update(cards=card_list(self.cards), points=self.points)
        return data


@dataclass(frozen=True, slots=True)
class PlayerOut:
    seat: int
    place: int

    def to_json(self) -> Json:
        return {"type": "player_out", "seat": self.seat, "place": self.place}


@dataclass(frozen=True, slots=True)
class RoundScored:
    round: int
    result: RoundResult
    scores: tuple[int, int]

    def to_json(self) -> Json:
        data: Json = {"type": "round_scored", "round": self.round, **self.result.to_json()}
        data["scores"] = list(self.scores)
        return data


@dataclass(frozen=True, slots=True)
class GameOver:
    scores: tuple[int, int]
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> Json:
        data: Json = {"type": "game_over", "scores": list(self.scores)}
        data.update(winners=list(self.winners), reason=self.reason)
        return data


TichuEvent = (
    HandDealt
    | GrandDecided
    | CallsRevealed
    | ExchangeSubmitted
    | ExchangeRevealed
    | TichuCalled
    | Played
    | Passed
    | WishMade
    | WishFulfilled
    | TrickTaken
    | DragonGiven
    | PlayerOut
    | RoundScored
    | GameOver
)


_new_dealt: Final = HandDealt.__new__
_new_played: Final = Played.__new__
_new_taken: Final = TrickTaken.__new__
_new_out: Final = PlayerOut.__new__
"""The classes' ``__new__``, looked up once (compiled code calls it by its name otherwise)."""


def new_played(seat: int, cards: int, combo: Combo, phoenix_as: int | None) -> Played:
    """``Played(...)`` built fast (as ``new_taken`` and ``new_out``): by native stores when
    compiled (a compiled frozen dataclass keeps an interpreted ``__init__``), called natively by
    the compiled rules; pure Python swaps in draft builders (see the end of this module)."""
    new = _new_played(Played)
    new.seat = seat  # type: ignore[misc]
    new.cards = cards  # type: ignore[misc]
    new.combo = combo  # type: ignore[misc]
    new.phoenix_as = phoenix_as  # type: ignore[misc]
    return new


def new_dealt(seat: int, cards: int) -> HandDealt:
    new = _new_dealt(HandDealt)
    new.seat = seat  # type: ignore[misc]
    new.cards = cards  # type: ignore[misc]
    return new


def new_taken(seat: int, cards: int, points: int) -> TrickTaken:
    new = _new_taken(TrickTaken)
    new.seat = seat  # type: ignore[misc]
    new.cards = cards  # type: ignore[misc]
    new.points = points  # type: ignore[misc]
    return new


def new_out(seat: int, place: int) -> PlayerOut:
    new = _new_out(PlayerOut)
    new.seat = seat  # type: ignore[misc]
    new.place = place  # type: ignore[misc]
    return new


if drafts_work(Played):  # pure Python: the native stores above would raise on frozen classes
    globals().update(
        new_played=builder(Played),
        new_taken=builder(TrickTaken),
        new_out=builder(PlayerOut),
        new_dealt=builder(HandDealt),
    )
