"""The Tichu state: one frozen value per moment of a match (cards as masks, see ``cards.py``).

Seats 0..3 in play order; teams are seats {0, 2} (team 0) and {1, 3} (team 1).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Final, Generic, TypedDict, TypeVar, Unpack

from cardroom.engine.drafts import builder, copier, drafts_work

from .cards import DOG, DRG, iter_cards
from .combos import SINGLE_KIND, Combo
from .config import TichuConfig

SEATS: Final = 4
NO_CALL: Final = ""
TICHU_CALL: Final = "tichu"
GRAND_CALL: Final = "grand"


class Phase(enum.Enum):
    """Where the round is. ``DEAL`` waits for the shuffle (a chance outcome)."""

    DEAL = "deal"
    GRAND = "grand"
    EXCHANGE = "exchange"
    PLAY = "play"
    GAME_OVER = "game_over"


# The phases as module constants, for hot paths (the verbs and the combination kinds have theirs
# too): on Python 3.11 ``Phase.PLAY`` runs the enum metaclass's ``__getattr__`` hook, a
# bound-method call of about a thousand machine instructions (compiled too), although the member
# is found at once; a constant is one load.
DEAL_PHASE: Final = Phase.DEAL
GRAND_PHASE: Final = Phase.GRAND
EXCHANGE_PHASE: Final = Phase.EXCHANGE
PLAY_PHASE: Final = Phase.PLAY
GAME_OVER_PHASE: Final = Phase.GAME_OVER


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """One play lying in the current trick."""

    seat: int
    combo: Combo


_new_trick_play: Final = TrickPlay.__new__
"""The class's ``__new__``, looked up once (as ``_new_state``)."""


def trick_play(seat: int, combo: Combo) -> TrickPlay:
    """``TrickPlay(seat, combo)`` built fast: by native stores when compiled (a compiled frozen
    dataclass keeps the interpreted ``__init__`` of ``dataclasses``, an ``object.__setattr__`` per
    field; stores from compiled code go to the slots directly), and called natively by the
    compiled rules; pure Python swaps in a draft builder (see the end of this module)."""
    new = _new_trick_play(TrickPlay)
    new.seat = seat  # type: ignore[misc]
    new.combo = combo  # type: ignore[misc]
    return new


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A scored round (R10): team points including calls, and how it ended."""

    points: tuple[int, int]
    card_points: tuple[int, int]
    out: tuple[int, ...]
    double_victory: bool
    calls: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "points": list(self.points),
            "card_points": list(self.card_points),
            "out": list(self.out),
            "double_victory": self.double_victory,
            "calls": list(self.calls),
        }


@dataclass(frozen=True, slots=True)
class TichuState:
    """Everything about a match at one moment.

    Round fields keep their values after the round is scored until the next deal, so the 56
    cards are always somewhere: ``hands`` + ``later`` (cards not yet dealt, Grand Tichu window)
    + ``pending`` exchange cards + the ``trick`` + ``piles``.
    """

    config: TichuConfig
    phase: Phase = Phase.DEAL
    round: int = 1
    scores: tuple[int, int] = (0, 0)
    score_sheet: tuple[tuple[int, int], ...] = ()
    last_round: RoundResult | None = None
    hands: tuple[int, ...] = field(default=(0, 0, 0, 0))
    later: tuple[int, ...] = field(default=(0, 0, 0, 0))
    calls: tuple[str, ...] = field(default=(NO_CALL,) * SEATS)
    """Public calls: Tichu as made, Grand Tichu once all four decisions are revealed."""
    grand: tuple[bool | None, ...] = field(default=(None,) * SEATS)
    """Grand Tichu decisions of the current window (private until all four are in)."""
    given: tuple[tuple[int | None, ...], ...] = field(default=((None, None, None),) * SEATS)
    """Each seat's exchange cards to seat+1, +2, +3 (None: not chosen yet); kept for the round."""
    trick: tuple[TrickPlay, ...] = ()
    turn: int | None = None
    passed: int = 0
    """Seats (bit mask) that passed since the last play (for the whole trick with pass_is_final)."""
    trick_over: bool = False
    """All others passed: the trick waits for the next lead, a Dragon gift, or a bomb (R5.6)."""
    final: bool = False
    """The round's last trick needs its Dragon gift before scoring (R8.3.5)."""
    wish: int | None = None
    wisher: int | None = None
    """The seat that just played the Mah Jong and owes its wish decision (R8.1.1)."""
    out: tuple[int, ...] = ()
    piles: tuple[int, ...] = field(default=(0, 0, 0, 0))

    # -- derived values -------------------------------------------------------------------
    @property
    def top(self) -> Combo | None:
        return self.trick[-1].combo if self.trick else None

    @property
    def top_seat(self) -> int | None:
        return self.trick[-1].seat if self.trick else None

    @property
    def trick_cards(self) -> int:
        mask = 0
        for p in self.trick:
            mask |= p.combo.cards
        return mask

    @property
    def pending(self) -> int:
        """Exchange cards submitted but not yet handed over."""
        if self.phase is not EXCHANGE_PHASE:
            return 0
        mask = 0
        for g in self.given:
            for c in g:
                if c is not None:
                    mask |= 1 << c
        return mask

    def exchanged(self, seat: int) -> bool:
        """``seat`` has chosen all three exchange cards."""
        return None not in self.given[seat]

    @property
    def dragon_pending(self) -> bool:
        """The Dragon won the trick and its player must choose an opponent (R8.3.2)."""
        return self.trick_over and is_dragon(self.top)

    @property
    def revealed(self) -> bool:
        """The exchange has been swapped (cards received are visible)."""
        done = self.phase is not GRAND_PHASE and self.phase is not EXCHANGE_PHASE
        return done and all(None not in g for g in self.given)

    def replace(self, **changes: Unpack[StateChanges]) -> TichuState:
        """A copy with ``changes``: ``dataclasses.replace`` for the hot path (a state is built
        every step; the generic version inspects the fields each time, twice as slow)."""
        if _DRAFTS:  # pure Python: a draft copied slot by slot (``drafts.copier``)
            names = tuple(changes)
            copy = _COPIERS.get(names)
            if copy is None:
                copy = _COPIERS[names] = copier(TichuState, names)
            if copy is not None:
                return copy(self, *changes.values())
        new = moved(self, self.turn, self.passed, self.trick_over)  # compiled: a native copy
        for name, value in changes.items():  # through each slot's own setter (object's
            object.__setattr__(new, name, value)  # ``__setattr__``: the class's is frozen)
        return new

    def all_cards(self) -> list[int]:
        """Every card's location, for the conservation invariant (56 distinct cards)."""
        masks = [*self.hands, *self.later, self.pending, self.trick_cards, *self.piles]
        return [c for m in masks for c in iter_cards(m)]


class StateChanges(TypedDict, total=False):
    """Keyword arguments of ``TichuState.replace`` (the fields, type-checked)."""

    config: TichuConfig
    phase: Phase
    round: int
    scores: tuple[int, int]
    score_sheet: tuple[tuple[int, int], ...]
    last_round: RoundResult | None
    hands: tuple[int, ...]
    later: tuple[int, ...]
    calls: tuple[str, ...]
    grand: tuple[bool | None, ...]
    given: tuple[tuple[int | None, ...], ...]
    trick: tuple[TrickPlay, ...]
    turn: int | None
    passed: int
    trick_over: bool
    final: bool
    wish: int | None
    wisher: int | None
    out: tuple[int, ...]
    piles: tuple[int, ...]


_new_state: Final = TichuState.__new__
"""The class's ``__new__``, looked up once (compiled code calls it by its name otherwise)."""
_FIELD_NAMES: Final = tuple(f.name for f in fields(TichuState))
assert set(_FIELD_NAMES) == set(StateChanges.__annotations__), "StateChanges out of date"


_COPIERS: Final[dict[tuple[str, ...], Callable[..., TichuState] | None]] = {}
"""``replace``'s copiers, by the names changed (in the order given; a few dozen at most)."""
_DRAFTS: Final = drafts_work(TichuState)
"""Pure Python: states are built as drafts (see ``engine.drafts``); a compiled class cannot be."""


def played(
    state: TichuState,
    hands: tuple[int, ...],
    trick: tuple[TrickPlay, ...],
    turn: int | None,
    passed: int,
    trick_over: bool,
    final: bool,
    wish: int | None,
    wisher: int | None,
    out: tuple[int, ...],
    piles: tuple[int, ...],
) -> TichuState:
    """``state`` with the fields a play changes (the arguments, in field order). Compiled: one
    construction with native stores and no tuple of the values between (the rules call it
    natively); pure Python swaps in a draft copier (see the end of this module)."""
    new = _new_state(TichuState)  # native stores
    new.config = state.config  # type: ignore[misc]
    new.phase = state.phase  # type: ignore[misc]
    new.round = state.round  # type: ignore[misc]
    new.scores = state.scores  # type: ignore[misc]
    new.score_sheet = state.score_sheet  # type: ignore[misc]
    new.last_round = state.last_round  # type: ignore[misc]
    new.hands = hands  # type: ignore[misc]
    new.later = state.later  # type: ignore[misc]
    new.calls = state.calls  # type: ignore[misc]
    new.grand = state.grand  # type: ignore[misc]
    new.given = state.given  # type: ignore[misc]
    new.trick = trick  # type: ignore[misc]
    new.turn = turn  # type: ignore[misc]
    new.passed = passed  # type: ignore[misc]
    new.trick_over = trick_over  # type: ignore[misc]
    new.final = final  # type: ignore[misc]
    new.wish = wish  # type: ignore[misc]
    new.wisher = wisher  # type: ignore[misc]
    new.out = out  # type: ignore[misc]
    new.piles = piles  # type: ignore[misc]
    return new


def moved(state: TichuState, turn: int | None, passed: int, over: bool) -> TichuState:
    """``state`` with ``turn``, ``passed`` and ``trick_over`` set: the copy after a pass, the most
    frequent action. Compiled: a play's copy with the hands, trick and round's end kept; pure
    Python swaps in a draft copier (see the end of this module)."""
    return played(
        state,
        state.hands,
        state.trick,
        turn,
        passed,
        over,
        state.final,
        state.wish,
        state.wisher,
        state.out,
        state.piles,
    )


_PLAY_FIELDS: Final = (
    *("hands", "trick", "turn", "passed", "trick_over"),
    *("final", "wish", "wisher", "out", "piles"),
)
if _DRAFTS:  # pure Python: the native stores above would raise on the frozen classes, so
    # drafts filled slot by slot take their names, with the same signatures (callers look them
    # up by name: a module importing them gets these; compiled callers call the defs natively)
    globals().update(
        trick_play=builder(TrickPlay),
        played=copier(TichuState, _PLAY_FIELDS),
        moved=copier(TichuState, ("turn", "passed", "trick_over")),
    )


def team_of(seat: int) -> int:
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


def opponents(seat: int) -> tuple[int, int]:
    return ((seat + 1) % SEATS, (seat + 3) % SEATS)


def is_dragon(combo: Combo | None) -> bool:
    """The Dragon single (fields by index: a named tuple's read faster, asked at every step)."""
    return combo is not None and combo[0] is SINGLE_KIND and combo[1] == _DRG_MASK


def is_dog(combo: Combo | None) -> bool:
    return combo is not None and combo[1] == _DOG_MASK


_DRG_MASK: Final = 1 << DRG
_DOG_MASK: Final = 1 << DOG


def next_holding(hands: tuple[int, ...], after: int, skip: int = 0) -> int | None:
    """The first seat after ``after`` (wrapping, ``after`` itself last) that holds cards and is
    not in the ``skip`` mask; None if there is none (R5.8, R9.2)."""
    for step in range(1, SEATS + 1):
        seat = (after + step) % SEATS
        if hands[seat] and not skip >> seat & 1:
            return seat
    return None


R = TypeVar("R")
MEMO_MASK: Final = 63
"""``PerState`` tables have ``MEMO_MASK + 1`` slots; ``(id(state) >> 4) + seat & MEMO_MASK``
is the slot of (state, seat)."""


class PerState(Generic[R]):
    """``fn(state, seat)`` memoised for recent states by identity (states are immutable).

    Within one step the runner, the rules and every seat's observation ask the same questions
    of the same state object; hashing a whole state would cost more than most answers. Entries
    are immutable tuples in a fixed direct-mapped table (holding the state, so its ``id`` is
    not reused while cached): concurrent callers at worst recompute. The hottest callers look
    ``table`` up inline (a call frame costs as much as a hit), so it is cleared in place.
    """

    __slots__ = ("_fn", "table")

    def __init__(self, fn: Callable[[TichuState, int], R]) -> None:
        self._fn = fn
        self.table: list[tuple[TichuState, int, R] | None] = [None] * (MEMO_MASK + 1)

    def __call__(self, state: TichuState, seat: int) -> R:
        table = self.table
        slot = (id(state) >> 4) + seat & MEMO_MASK
        entry = table[slot]
        if entry is not None and entry[0] is state and entry[1] == seat:
            return entry[2]
        value = self._fn(state, seat)
        table[slot] = (state, seat, value)
        return value

    def cache_clear(self) -> None:
        self.table[:] = [None] * (MEMO_MASK + 1)
