"""The Toepen game state: one frozen value per moment of the game (``docs/rules/toepen.md``;
the phases and what each observation shows: contracts §6).

Cards are masks (``cards.py``); seats are ints, ``None`` for no seat; ``Phase`` says where the
game is.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Final, TypedDict, Unpack

from cardroom.games.toepen.config import ToepenConfig


class Phase(enum.Enum):
    """Where the game is; the observation shows the value."""

    DEAL = "deal"
    """A chance outcome is due (the first dealer, then each hand's shuffle)."""
    ANNOUNCE = "announce"
    """Optional J signals (R8.3)."""
    LAUNDRY = "laundry"
    """Exchange declarations (R3.5)."""
    CHALLENGE = "challenge"
    """The challenge round of one exchange (R3.3)."""
    PLAY = "play"
    """Tricks and knocks."""
    RESPOND = "respond"
    """Answers to a knock (R5.4)."""
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Exchange:
    """One dirty-laundry exchange: ``discard`` is secret until somebody challenges (R3.4)."""

    seat: int
    discard: int
    challenger: int | None = None
    loser: int | None = None


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: ``plays`` as (seat, card) in play order, and its ``winner``."""

    plays: tuple[tuple[int, int], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class HandSummary:
    """How the previous hand ended (shown to everybody)."""

    hand_no: int
    winner: int | None
    """None: nobody escaped (a folded winner of trick 4, R6.4) or the hand ended suddenly."""
    reason: str
    losses: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ToepenState:
    config: ToepenConfig
    lives: tuple[int, ...]
    phase: Phase = Phase.DEAL
    hand_no: int = 0
    dealer: int | None = None
    seated: int = 0
    """Mask of the seats dealt into this hand (all seats unless V-ELIM removed some)."""
    in_hand: int = 0
    """Mask of the seats that have not folded (R5.6)."""
    start_lives: tuple[int, ...] = ()
    hands: tuple[int, ...] = ()
    stock: tuple[int, ...] = ()
    """Undealt cards, top first (R2.2); an exchange takes the first four (R3.1)."""
    exchanges: tuple[Exchange, ...] = ()
    signals: tuple[tuple[str, ...], ...] = ()
    """Per seat, one entry per 4-card hand received and checked so far: "", whistle, stand."""
    open_hands: int = 0
    """Mask of the seats playing face up (V-WAS-OPEN): their cards are public."""
    played: tuple[int, ...] = ()
    """Per seat, the cards played this hand."""
    voids: tuple[int, ...] = ()
    """Per seat, bit ``s`` set when the seat failed to follow suit ``s`` (public knowledge)."""
    queue: tuple[int, ...] = ()
    """Seats still to answer in ``announce``, ``challenge`` or ``respond``, next first."""
    laundry_queue: tuple[int, ...] = ()
    """Seats still to be offered an exchange (R3.5), next first."""
    stake: int = 1
    knocker: int | None = None
    """The knock being answered (``respond`` phase)."""
    last_knocker: int | None = None
    knocked: int = 0
    """Mask of the seats that knocked this hand (V-ONEKNOCK)."""
    answers: tuple[tuple[int, str], ...] = ()
    trick_no: int = 0
    leader: int | None = None
    turn: int | None = None
    """The seat to play a card (``play``), kept while a knock is answered."""
    trick: tuple[tuple[int, int], ...] = ()
    tricks: tuple[Trick, ...] = ()
    last_hand: HandSummary | None = None

    @property
    def num_seats(self) -> int:
        return self.config.seats

    def replace(self, **changes: Unpack[StateChanges]) -> ToepenState:
        """A copy with ``changes``: ``dataclasses.replace`` without re-running ``__init__``
        (states change on every action, and ``replace`` was most of the engine's time).

        >>> s = ToepenState(ToepenConfig(), lives=(10,) * 4).replace(stake=3)
        >>> s.stake, s.lives
        (3, (10, 10, 10, 10))
        """
        new = object.__new__(ToepenState)
        for name in _FIELDS:
            _set(new, name, getattr(self, name))
        for name, value in changes.items():
            _set(new, name, value)
        return new


class StateChanges(TypedDict, total=False):
    """Keyword arguments of ``ToepenState.replace`` (the fields, type-checked)."""

    config: ToepenConfig
    lives: tuple[int, ...]
    phase: Phase
    hand_no: int
    dealer: int | None
    seated: int
    in_hand: int
    start_lives: tuple[int, ...]
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    exchanges: tuple[Exchange, ...]
    signals: tuple[tuple[str, ...], ...]
    open_hands: int
    played: tuple[int, ...]
    voids: tuple[int, ...]
    queue: tuple[int, ...]
    laundry_queue: tuple[int, ...]
    stake: int
    knocker: int | None
    last_knocker: int | None
    knocked: int
    answers: tuple[tuple[int, str], ...]
    trick_no: int
    leader: int | None
    turn: int | None
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]
    last_hand: HandSummary | None


_FIELDS: Final = tuple(f.name for f in fields(ToepenState))
assert set(_FIELDS) == set(StateChanges.__annotations__), "StateChanges out of date"
_set = object.__setattr__
