"""Tichu rules: who may act, what is legal, and what each action does (tichu.md §2–§11).

One function per phase and action. ``options`` is the single source of legal plays:
``legal_actions`` lists it and ``apply`` accepts exactly its members (after resolving an
undeclared Phoenix, R6.3.4); anything else goes to ``why_illegal`` for an error naming the rule.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import chain, compress, repeat
from operator import attrgetter, indexOf, is_
from typing import Any, Final, NamedTuple

from cardroom.engine import message as said
from cardroom.engine.chance import ChanceOutcome, ChanceRequest
from cardroom.engine.drafts import copier, draft_class, drafts_work
from cardroom.engine.errors import IllegalActionError, NotActiveError
from cardroom.engine.game import Actions, JsonAble
from cardroom.engine.types import Step, make_step

from .actions import (
    BOMB_VERB,
    EXCHANGE_VERB,
    GIVE_DRAGON_VERB,
    GRAND,
    GRAND_VERB,
    NOGRAND,
    NOGRAND_VERB,
    NOWISH,
    NOWISH_VERB,
    PASS,
    PASS_VERB,
    PLAY_VERB,
    TICHU,
    TICHU_VERB,
    WISH_VERB,
    TichuAction,
    action_text,
    bomb,
    exchange,
    give_dragon,
    play,
    rank_text,
    wish,
)
from .cards import (
    DOG,
    DRG,
    MJ,
    PHX,
    card_indices,
    card_names,
    format_card,
    format_cards,
    mask_points,
    rank_mask,
)
from .combos import (
    BOMB_KIND,
    SINGLE_KIND,
    TRIPLE_KIND,
    Combo,
    beats,
    combo_for,
    enumerate_bombs,
    generate_plays,
    has_bomb,
)
from .config import TichuConfig
from .events import (
    CallsRevealed,
    DragonGiven,
    ExchangeRevealed,
    ExchangeSubmitted,
    GameOver,
    GrandDecided,
    Passed,
    RoundScored,
    TichuCalled,
    TichuEvent,
    TrickTaken,
    WishFulfilled,
    WishMade,
    new_dealt,
    new_out,
    new_played,
    new_taken,
)
from .scoring import end_reason, is_double_victory, match_result, score_round
from .state import (
    DEAL_PHASE,
    EXCHANGE_PHASE,
    GAME_OVER_PHASE,
    GRAND_CALL,
    GRAND_PHASE,
    MEMO_MASK,
    NO_CALL,
    PLAY_PHASE,
    SEATS,
    TICHU_CALL,
    PerState,
    TichuState,
    TrickPlay,
    is_dog,
    is_dragon,
    moved,
    next_holding,
    opponents,
    partner,
    played,
    trick_play,
)

TichuStep = Step[TichuState, JsonAble]
Events = tuple[JsonAble, ...]
_STEP_DRAFT: Final = draft_class(Step)


def _step(state: TichuState, events: tuple[JsonAble, ...], played: object = None) -> TichuStep:
    """``make_step``, its draft made and filled here when compiled: no interpreted frame per
    move (the engine's ``Step`` stays interpreted), and the draft made by calling its class
    (cheaper from compiled code than ``object.__new__``); pure Python swaps in ``make_step``
    itself, below."""
    new: Any = _STEP_DRAFT()
    new.state, new.events, new.played = state, events, played
    new.__class__ = Step
    return new  # type: ignore[no-any-return]


if drafts_work(TichuState):  # pure Python: the same work, without a second frame
    globals()["_step"] = make_step


def _moved_step(
    state: TichuState, turn: int | None, passed: int, over: bool, events: Events, action: object
) -> TichuStep:
    """``_step(moved(state, turn, passed, over), events, action)``: a pass's step. Pure Python
    swaps in a copier building both drafts in one frame, below."""
    return _step(moved(state, turn, passed, over), events, action)


if drafts_work(TichuState):  # pure Python
    globals().update(_moved_step=copier(TichuState, ("turn", "passed", "trick_over"), Step))
DEAL_REQUEST = ChanceRequest("shuffle", 56)
WISH_RANKS = range(2, 15)
FIRST_DEAL = 8
"""R2.1: cards dealt before the Grand Tichu window; the other 6 follow it."""


def _set(values: tuple[Any, ...], seat: int, value: object) -> tuple[Any, ...]:
    """``values`` (one per seat) with ``seat``'s replaced (unpacked: no slices; typed ``Any``
    so that compiled code moves the values as they are, never unboxing and boxing them)."""
    a, b, c, d = values
    if seat == 0:
        return (value, b, c, d)
    if seat == 1:
        return (a, value, c, d)
    if seat == 2:
        return (a, b, value, d)
    return (a, b, c, value)


# -- chance: the deal ----------------------------------------------------------------------


def pending_chance(state: TichuState) -> ChanceRequest | None:
    return DEAL_REQUEST if state.phase is DEAL_PHASE else None


def deal(state: TichuState, outcome: ChanceOutcome) -> TichuStep:
    """One shuffle per round: cards 0..31 of it are the first 8 per seat, 32..55 the last 6."""
    if state.phase is not DEAL_PHASE:
        raise IllegalActionError("no deal is pending")
    outcome.check(DEAL_REQUEST)
    order = outcome.values
    first = FIRST_DEAL if state.config.allow_grand else 14
    hands = tuple(_mask(order[first * s : first * s + first]) for s in range(SEATS))
    base = first * SEATS
    later = tuple(_mask(order[base + 6 * s : base + 6 * s + 6]) for s in range(SEATS))
    if not state.config.allow_grand:
        later = (0, 0, 0, 0)
    new = new_state(state.config).replace(
        phase=GRAND_PHASE if state.config.allow_grand else EXCHANGE_PHASE,
        round=state.round,
        scores=state.scores,
        score_sheet=state.score_sheet,
        last_round=state.last_round,
        hands=hands,
        later=later,
    )
    return _step(new, tuple([new_dealt(s, hands[s]) for s in range(SEATS)]))


def new_state(config: TichuConfig) -> TichuState:
    """A new match's state under ``config`` (every round field at its start), kept for the last
    config asked: a new game starts from it and a deal copies it (states are immutable values;
    a copy, or the same value, is several times cheaper than the 20-field constructor)."""
    fresh = _FRESH[0]
    if fresh is None or fresh.config is not config:
        fresh = _FRESH[0] = TichuState(config)
    return fresh


_FRESH: Final[list[TichuState | None]] = [None]


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# -- who may act -------------------------------------------------------------------------


def can_call_tichu(state: TichuState, seat: int) -> bool:
    """R3.1/R3.2/R3.7: before the seat's first card, one call per seat (R2.5), not between its
    exchange submission and the reveal; [Option] not once someone is out (R3.6)."""
    if state.calls[seat] != NO_CALL:
        return False
    if state.phase is EXCHANGE_PHASE:
        return not state.exchanged(seat)
    if state.phase is not PLAY_PHASE or state.final or state.wisher is not None:
        return False
    if state.config.no_calls_after_out and state.out:
        return False
    return state.hands[seat].bit_count() == 14


def is_leading(state: TichuState) -> bool:
    """The turn seat's next play starts a trick (empty table, or all others passed)."""
    return not state.trick or (state.trick_over and not state.dragon_pending)


def may_interrupt(state: TichuState, seat: int) -> bool:
    """R7.4/R7.5: a bomb out of the regular turn needs cards on the table (never the Dog, which
    never stays on it) and no round-ending play (R9.3). The seat to lead bombs by leading."""
    if state.phase is not PLAY_PHASE or state.final or not state.trick:
        return False
    if state.wisher is not None:
        return False
    return bool(state.hands[seat]) and (seat != state.turn or state.dragon_pending)


def may_bomb(state: TichuState, seat: int) -> bool:
    """The seat holds a bomb it may throw out of its regular turn now (bit tests: its bombs
    are listed only when the top is a bomb they must beat)."""
    top = state.top
    if top is None or not may_interrupt(state, seat):
        return False
    return _bomb_beats(state.hands[seat], top)


def _bomb_beats(hand: int, top: Combo) -> bool:
    """``hand`` holds a bomb that may go on ``top`` (R7.3, R7.6; nothing goes on the Dog)."""
    if not has_bomb(hand):
        return False
    if top.kind is not BOMB_KIND and top.cards != _DOG_MASK:
        return True
    return bool(enumerate_bombs(hand, top))


_DOG_MASK: Final = 1 << DOG
_SEAT_SETS: Final = tuple(frozenset(s for s in range(SEATS) if m >> s & 1) for m in range(16))
"""By bit mask of seats: the frozen set of those seats (answers are shared, never rebuilt)."""


def awaited_seats(state: TichuState) -> frozenset[int]:
    """Seats the game is waiting for (public knowledge): undecided seats, the turn seat."""
    phase = state.phase
    if phase is PLAY_PHASE:
        seat = state.turn if state.wisher is None else state.wisher
        return _SEAT_SETS[0 if seat is None else 1 << seat]
    mask = 0
    if phase is GRAND_PHASE:
        sequential = state.config.sequential_grand
        for s, decided in enumerate(state.grand):
            if decided is None:
                mask |= 1 << s
                if sequential:  # [Option] one seat after the other
                    break
    elif phase is EXCHANGE_PHASE:  # the seats with a choice still open (four bit tests)
        a, b, c, d = state.given
        mask = (None in a) | (None in b) << 1 | (None in c) << 2 | (None in d) << 3
    return _SEAT_SETS[mask]


def active_seats(state: TichuState) -> frozenset[int]:
    """Awaited seats, seats that may call Tichu, and seats holding a bomb that may be thrown.

    Asked of every state by the runner, the bots and each audience's observation: memoised by
    state identity (``PerState``, looked up inline: a call frame costs as much as a hit), and
    found by bit tests on the hands, never by listing anyone's plays. Most play-phase answers
    are read off a few fields before the memo (as cheap as a hit, and nothing to store)."""
    phase = state.phase
    if phase is PLAY_PHASE:
        wisher = state.wisher
        if wisher is not None:  # nobody else may act before the wish (R8.1.1)
            return _SEAT_SETS[1 << wisher]
        turn = state.turn
        mask = 0 if turn is None else 1 << turn
        holders = _HOLDERS  # most steps: nobody may call or bomb (known without a frame)
        if state.final or (
            holders[0] is state.hands and holders[1] is state.calls and not holders[2] | holders[3]
        ):
            return _SEAT_SETS[mask]
    slot = (id(state) >> 4) & MEMO_MASK
    entry = _ACTIVE_TABLE[slot]
    if entry is not None and entry[0] is state:
        return entry[2]
    if phase is PLAY_PHASE:
        value = _SEAT_SETS[mask | _interrupters(state, turn)]
    else:
        value = awaited_seats(state)
    _ACTIVE_TABLE[slot] = (state, 0, value)
    return value


def _active_of(state: TichuState, _: int) -> frozenset[int]:
    return active_seats(state)


_active: Final = PerState(_active_of)
"""The memo table of ``active_seats`` (which looks it up and fills it inline)."""
_ACTIVE_TABLE: Final = _active.table
_HOLDERS: tuple[tuple[int, ...], tuple[str, ...], int, int] = ((), (), 0, 0)
"""For the last (hands, calls) seen, by identity: the seats with 14 cards and no call, and the
seats holding a bomb (passes share both tuples; a play carries it to its new hands, ``_play``,
so it is computed about once per deal or call; a hand that only lost cards since keeps its
answer if it held no bomb). ``_follows`` reads the bombs too."""


def _holds_bomb(hand: int) -> bool:
    """``has_bomb``, called natively when compiled (a few shifts: cheaper than any cache); pure
    Python swaps in ``has_bomb`` memoised by hand (a play changes one hand, and every seat is
    checked), below."""
    return has_bomb(hand)


if drafts_work(TichuState):  # pure Python (the state module, compiled with this one, is not)
    globals()["_holds_bomb"] = lru_cache(maxsize=1 << 12)(has_bomb)


_CARRY: Final = drafts_work(TichuState)
"""Pure Python: ``_interrupters`` carries a hand's bombs from the last hands seen (compiled, a
native ``has_bomb`` is cheaper than the test)."""


def _interrupters(state: TichuState, turn: int | None) -> int:
    """Seats (bit mask) that may call Tichu or throw a bomb now, besides the turn (R3.2, R7.4,
    R7.5), in the play phase with no wish owed and no final trick."""
    global _HOLDERS
    hands, calls = state.hands, state.calls
    holders = _HOLDERS
    if holders[0] is not hands or holders[1] is not calls:
        before, had = holders[0], holders[3]  # the last hands seen and their bombs
        callers = bombers = 0
        for s in range(SEATS):
            hand = hands[s]
            if calls[s] == NO_CALL and hand.bit_count() == 14:
                callers |= 1 << s
            if _CARRY and before and (hand is before[s] or not (had >> s & 1 or hand & ~before[s])):
                bombers |= had & 1 << s  # the same hand, or a part of one without a bomb
            elif _holds_bomb(hand):
                bombers |= 1 << s
        holders = _HOLDERS = (hands, calls, callers, bombers)
    callers, bombers = holders[2], holders[3]
    if callers and state.config.no_calls_after_out and state.out:
        callers = 0  # R3.6 [Option]
    trick = state.trick
    if not bombers or not trick:
        return callers
    top = trick[-1].combo
    if turn is not None and not (state.trick_over and is_dragon(top)):
        bombers &= ~(1 << turn)  # the turn seat bombs as its play, except on its Dragon
    if top.kind is BOMB_KIND or top.cards == _DOG_MASK:  # R7.3, R7.6: must beat it, if at all
        for s in range(SEATS):
            if bombers >> s & 1 and not _bomb_beats(hands[s], top):
                bombers &= ~(1 << s)
    return callers | bombers


# -- legal actions ---------------------------------------------------------------------------


class Mode(enum.Enum):
    """What kind of play a seat may make now."""

    NONE = 0
    LEAD = 1
    FOLLOW = 2
    BOMBS = 3
    """Only bombs, out of the regular turn (R7.4)."""

    __hash__ = object.__hash__  # a memo key: Enum's name hash is slow


_MODE_NONE: Final = Mode.NONE
_MODE_LEAD: Final = Mode.LEAD
_MODE_FOLLOW: Final = Mode.FOLLOW
_MODE_BOMBS: Final = Mode.BOMBS
"""``Mode``'s members as constants (see ``PLAY_PHASE``)."""


def play_mode(state: TichuState, seat: int) -> Mode:
    if state.phase is not PLAY_PHASE or state.final or state.wisher is not None:
        return _MODE_NONE
    trick = state.trick
    if seat == state.turn:
        if not trick:
            return _MODE_LEAD
        if not state.trick_over:
            return _MODE_FOLLOW
        if not is_dragon(trick[-1].combo):
            return _MODE_LEAD
    elif not trick:
        return _MODE_NONE
    return _MODE_BOMBS if state.hands[seat] else _MODE_NONE


class Plays:
    """Legal plays as combinations in canonical order, for one action kind (``play``, or
    ``bomb`` onto a lying trick). The actions are made on first use; an action is found again
    by its cards and Phoenix rank (an int key), never by rebuilding its combination.

    Read-only once built (its lazily filled memos hold the same values whoever fills them)."""

    __slots__ = (
        "_called",
        "_index",
        "_made",
        "_view",
        "can_pass",
        "combos",
        "onto",
    )

    def __init__(self, combos: tuple[Combo, ...], can_pass: bool = False, onto: bool = False):
        self.combos = combos
        self.can_pass = can_pass
        """Whether passing is allowed besides these plays (following, no wish binding)."""
        self.onto = onto
        """``bomb`` actions (R5.6) rather than ``play``."""
        self._made = _Made(combos, onto)
        """The actions made, shared with the listings of these plays (which keep it, not
        these plays: a listing kept here would close a reference cycle)."""
        self._index: dict[int, Combo] | None = None
        self._view: PlayListing | None = None
        self._called: PlayListing | None = None

    def __len__(self) -> int:
        return len(self.combos)

    def action(self, combo: Combo) -> TichuAction:
        """The action that plays ``combo`` (the Phoenix's rank declared in multi-card plays;
        the wish is a later decision of its own, R8.1.1)."""
        return bomb(combo.cards) if self.onto else play(combo.cards, combo.phoenix_as)

    def actions(self) -> tuple[TichuAction, ...]:
        return self._made.all()

    def view(self) -> PlayListing:
        """``pass`` if allowed, then the actions, as a ``Listing`` (the actions made one by one as
        they are read): a seat's whole listing when it may not call Tichu, give the Dragon or
        bomb a lying trick."""
        found = self._view
        if found is None:
            found = self._view = PlayListing(_PASS_FIRST if self.can_pass else (), self._made)
        return found

    def called(self) -> PlayListing:
        """``tichu``, then ``view()``: the listing of a seat that may still call Tichu."""
        found = self._called
        if found is None:
            found = self._called = PlayListing(_CALL_PASS if self.can_pass else _CALL, self._made)
        return found

    def without(self, gone: int) -> Plays:
        """The plays that use none of the cards ``gone``, in order (their actions too, if made):
        the leads of a hand that lost ``gone`` (see ``_leads``)."""
        combos, actions = _kept(self.combos, self._made.actions, gone)
        found = Plays(combos, self.can_pass, self.onto)
        found._made.actions = actions
        return found

    def items(self) -> zip[tuple[TichuAction, Combo]]:
        """(action, combination) pairs, in order."""
        return zip(self.actions(), self.combos, strict=True)

    def get(self, action: TichuAction) -> Combo | None:
        """The combination of ``action`` if it is one of these plays (same kind, cards and
        Phoenix rank, nothing else set), else None."""
        made = self._made
        last = made.last
        if last is not None and last[0] is action:  # just picked from a ``Listing``
            return last[1]
        listed = made.actions
        if listed is not None:  # an action from this listing: found by identity
            at = _listed_at(listed, action)
            if at >= 0:
                return self.combos[at]
        if action.kind is not (BOMB_VERB if self.onto else PLAY_VERB):
            return None
        if action.wish is not None or action.to is not None:
            return None
        phoenix = action.phoenix_as
        if phoenix is None:
            phoenix = 0
        elif not 2 <= phoenix <= 14:
            return None
        index = self._index
        if index is None:  # by cards, built at C speed; a Phoenix set's last reading wins
            index = self._index = dict(zip(map(_cards, self.combos), self.combos, strict=True))
        combo = index.get(action.cards)
        if combo is None or (combo.phoenix_as or 0) == phoenix:
            return combo
        for other in self.combos:  # another reading of the same cards (the Phoenix's rank)
            if other.cards == action.cards and (other.phoenix_as or 0) == phoenix:
                return other
        return None


_cards: Final = attrgetter("cards")
_phoenix: Final = attrgetter("phoenix_as")


class Listing:
    """A seat's legal actions: ``head`` (a call, a pass), then actions each made only when it
    is read by index (a random player reads one of tens; a first lead lists hundreds, the
    exchange 42). Iterating, comparing (or a slice, a negative index) reads the whole tuple
    (made once). Equal to the tuple of its actions (and hashed as it). Subclasses:
    ``PlayListing``, ``Exchanges``.
    Sequence-like (``engine.game.Actions``), not a ``Sequence``: compiled, an ABC's subclass
    is no native class (its ``len`` costs several times a tuple's)."""

    __slots__ = ("_all", "_head", "_size", "_skip")

    def __init__(self, head: tuple[TichuAction, ...], size: int) -> None:
        self._head = head
        self._skip = len(head)
        self._size = len(head) + size
        self._all: tuple[TichuAction, ...] | None = None

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: int) -> TichuAction:
        return self.all()[index]

    def all(self) -> tuple[TichuAction, ...]:
        """The actions as a tuple."""
        found = self._all
        if found is None:
            found = self._all = self._made()
        return found

    def _made(self) -> tuple[TichuAction, ...]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[TichuAction]:
        return iter(self.all())

    def __contains__(self, action: object) -> bool:
        return action in self.all()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listing):
            return self.all() == other.all()
        return isinstance(other, tuple) and self.all() == other

    def __hash__(self) -> int:
        return hash(self.all())

    def __repr__(self) -> str:
        return repr(self.all())


Sequence.register(Listing)  # a sequence to ``isinstance`` (``random.sample`` asks), still native


class _Made:
    """The actions of a ``Plays``, made on first use, and the one a listing of them handed out
    last: shared by the plays and their listings, and referring to neither."""

    __slots__ = ("actions", "combos", "last", "onto")

    def __init__(self, combos: tuple[Combo, ...], onto: bool) -> None:
        self.combos = combos
        self.onto = onto
        self.actions: tuple[TichuAction, ...] | None = None
        self.last: tuple[TichuAction, Combo] | None = None
        """The action a ``Listing`` of these plays handed out last, with its combination: an
        action applied right after it was picked from the listing is found by identity (one
        tuple, stored at once: a reader sees a matching pair or another action)."""

    def all(self) -> tuple[TichuAction, ...]:
        found = self.actions
        if found is None:
            found = self.actions = _actions_of(self.combos, self.onto)
        return found


class PlayListing(Listing):
    """``head``, then the actions of some ``Plays`` (the one read last kept on what they
    share, ``_Made``, for ``apply`` to find by identity). It does not refer to the plays:
    they keep it, and a cycle would wait for the collector (``server/ops/tuning.py``)."""

    __slots__ = ("_plays",)

    def __init__(self, head: tuple[TichuAction, ...], plays: _Made) -> None:
        self._head, self._skip, self._all = head, len(head), None  # ``Listing``'s, in one frame
        self._size = len(head) + len(plays.combos)
        self._plays = plays

    def __getitem__(self, index: int) -> TichuAction:
        if type(index) is int and index >= 0:
            at = index - self._skip
            if at < 0:
                return self._head[index]
            plays = self._plays
            if at < len(plays.combos):
                combo = plays.combos[at]
                action = bomb(combo[1]) if plays.onto else play(combo[1], combo[4])
                plays.last = (action, combo)  # combo[1], combo[4]: cards, phoenix_as
                return action
        return self.all()[index]

    def _made(self) -> tuple[TichuAction, ...]:
        return (*self._head, *self._plays.all())


def _listed_at(listed: tuple[TichuAction, ...], action: TichuAction) -> int:
    """The index of ``action`` itself (by identity) in ``listed``, else -1: a native loop when
    compiled; pure Python swaps in ``_mapped_at``, below."""
    for at, candidate in enumerate(listed):
        if candidate is action:
            return at
    return -1


def _kept(
    combos: tuple[Combo, ...], actions: tuple[TichuAction, ...] | None, gone: int
) -> tuple[tuple[Combo, ...], tuple[TichuAction, ...] | None]:
    """``combos`` that use none of the cards ``gone``, and their ``actions`` if made
    (``Plays.without``): native loops when compiled; pure Python swaps in ``_compressed``."""
    kept: list[Combo] = []
    if actions is None:
        for combo in combos:
            if not combo[1] & gone:  # combo[1]: its cards, read faster
                kept.append(combo)
        return tuple(kept), None
    made: list[TichuAction] = []
    for at, combo in enumerate(combos):
        if not combo[1] & gone:
            kept.append(combo)
            made.append(actions[at])
    return tuple(kept), tuple(made)


def _compressed(
    combos: tuple[Combo, ...], actions: tuple[TichuAction, ...] | None, gone: int
) -> tuple[tuple[Combo, ...], tuple[TichuAction, ...] | None]:
    """``_kept`` by ``compress`` in pure Python (C speed after one comprehension)."""
    keep = [not c[1] & gone for c in combos]
    made = None if actions is None else tuple(compress(actions, keep))
    return tuple(compress(combos, keep)), made


def _mapped_at(listed: tuple[TichuAction, ...], action: TichuAction) -> int:
    """``_listed_at`` at C speed in pure Python (no Python frame per action)."""
    try:
        return indexOf(map(is_, listed, repeat(action)), True)
    except ValueError:
        return -1


def _actions_of(combos: tuple[Combo, ...], onto: bool) -> tuple[TichuAction, ...]:
    """The actions of ``combos`` (``Plays.actions``): a native loop when compiled; pure Python
    swaps in ``_mapped_actions``, below."""
    if onto:
        return tuple([bomb(c[1]) for c in combos])  # c[1], c[4]: cards, phoenix_as
    return tuple([play(c[1], c[4]) for c in combos])


def _mapped_actions(combos: tuple[Combo, ...], onto: bool) -> tuple[TichuAction, ...]:
    """By ``map`` over the cached constructors: no Python frame per play."""
    cards = map(_cards, combos)
    return tuple(map(bomb, cards) if onto else map(play, cards, map(_phoenix, combos)))


if drafts_work(TichuState):  # pure Python
    globals().update(_actions_of=_mapped_actions, _listed_at=_mapped_at, _kept=_compressed)
_NO_PLAYS: Final = Plays(())
_PASS_ONLY: Final = Plays((), can_pass=True)
"""A follow with no play that beats the top (shared: such follows are frequent)."""


def _plays_for(hand: int, top: Combo | None, mode: Mode, wish: int | None) -> Plays:
    """The legal plays and whether passing is allowed, from what decides them: the hand, the
    top, the mode and the wish.

    R5.2/R5.3: lead anything, follow with a higher play of the same kind, or pass; R7.4 bombs
    out of turn. R8.1.5-R8.1.9: a seat holding a natural card of the wished rank, with some
    legal play containing one (Phoenix-completed combinations and bombs count), must play such
    a combination; on a lead exactly that, when following that or any bomb (never pass).
    """
    if mode is _MODE_BOMBS:
        return Plays(enumerate_bombs(hand, top))
    leads = None if top is not None else _leads(hand)
    combos = generate_plays(hand, top) if leads is None else leads.combos
    if not combos:  # nothing beats the top (or no cards): pass, if following
        return _PASS_ONLY if mode is _MODE_FOLLOW else _NO_PLAYS
    wished = 0 if wish is None else rank_mask(wish)
    bound = bool(hand & wished) and any(c.cards & wished for c in combos)
    if leads is not None and not bound:
        return leads
    if bound:
        lead = mode is _MODE_LEAD
        combos = tuple([c for c in combos if c.cards & wished or (c.is_bomb() and not lead)])
    return Plays(combos, mode is _MODE_FOLLOW and not bound)


def _leads(hand: int) -> Plays:
    """Every lead of ``hand`` (no wish applied), filtered from a recent larger hand's when there
    is one: a hand only shrinks in a round, and the leads of a smaller hand are those of a larger
    one that use none of the cards gone, in the same order, with the same actions (several times
    cheaper than listing again; any larger hand will do, so another game's costs nothing).
    Listed uncached otherwise: this table serves the repeats (the same hand: the same plays),
    and a per-hand cache would keep every round's first leads alive (the collector's work)."""
    for held, plays in _RECENT_LEADS:
        if held & hand == hand:
            if held == hand:
                return plays
            found = plays.without(held ^ hand)
            break
    else:
        found = Plays(generate_plays(hand, None, _holds_bomb(hand)))  # known: a current hand
    _RECENT_LEADS.insert(0, (hand, found))
    if len(_RECENT_LEADS) > _RECENT_SIZE:
        _RECENT_LEADS.pop()
    return found


_RECENT_LEADS: Final[list[tuple[int, Plays]]] = []
"""The last few hands ``_leads`` listed, with their leads, most recent first."""
_RECENT_SIZE: Final = 8


def cache_clear() -> None:
    """Forget the recent leads (for cold benchmarks; the memo tables have their own)."""
    _RECENT_LEADS.clear()


def options(state: TichuState, seat: int) -> Plays:
    """The legal plays of ``seat`` and whether it may pass (memoised by state identity, looked
    up and stored inline as in ``active_seats``)."""
    slot = (id(state) >> 4) + seat & MEMO_MASK
    entry = _OPTIONS_TABLE[slot]
    if entry is not None and entry[0] is state and entry[1] == seat:
        return entry[2]
    mode = play_mode(state, seat)
    if mode is _MODE_FOLLOW:  # the most frequent question
        value = _follows(state, seat, state.trick[-1].combo)
    elif mode is _MODE_NONE:
        value = _NO_PLAYS
    elif mode is _MODE_LEAD:
        value = _plays_for(state.hands[seat], None, mode, state.wish)
    elif mode is _MODE_BOMBS and not _holds_bomb(state.hands[seat]):
        value = _NO_PLAYS
    else:
        value = _plays_for(state.hands[seat], state.trick[-1].combo, mode, state.wish)
    _OPTIONS_TABLE[slot] = (state, seat, value)
    return value


def _follows(state: TichuState, seat: int, top: Combo) -> Plays:
    """``options`` of the turn seat following ``top``, not memoised by state (``options``
    stores it; ``legal_actions`` knows the mode and comes here directly: the plays picked
    from its listing reach ``_play`` by ``_LISTED``).

    The follows of a single, pair or triple (no wish) are also kept by the part of the hand that
    decides them (the natural cards above the top, the Phoenix, the Dragon; the whole hand if it
    holds a bomb), so a seat passing trick after trick, or another seat with the same high cards,
    finds them made (most follows are of singles and repeat so)."""
    hand = state.hands[seat]
    kind, strength = top[0], top[2]  # by index: a named tuple's fields read faster
    if kind > TRIPLE_KIND or state.wish is not None or top[1] == _DRG:
        found = _plays_for(hand, top, _MODE_FOLLOW, state.wish)
    else:
        holders = _HOLDERS  # most often the hands' own: their bombs known without a call
        bombs = bool(holders[3] >> seat & 1) if holders[0] is state.hands else _holds_bomb(hand)
        if bombs:
            key = hand | (strength | 32) << 56  # strength < 32; the keys stay below 2**62
        else:
            key = hand & _FOLLOW_KEEP[kind][strength]
            if kind is SINGLE_KIND and hand & _PHX_MASK:  # the Phoenix single: top + ½
                key |= strength << 56
        follows = _FOLLOWS[kind]
        made = follows.get(key)
        if made is None:
            if len(follows) >= _FOLLOWS_SIZE:
                follows.clear()
            combos = generate_plays(hand, top, bombs)
            made = follows[key] = Plays(combos, True) if combos else _PASS_ONLY
        found = made
    return found


_DRG: Final = 1 << DRG
_PHX_MASK: Final = 1 << PHX
_FOLLOW_KEEP: Final = tuple(
    tuple(
        sum(rank_mask(r) for r in range(max(2, s // 2 + 1), 15))
        | 1 << PHX
        | (1 << DRG if kind == SINGLE_KIND else 0)
        for s in range(31)
    )
    for kind in range(4)
)
"""By kind (single, pair, triple) and the top's strength: the cards that decide a follow (the
natural cards above the top's rank, the Phoenix, the Dragon for singles)."""
_FOLLOWS: Final[tuple[dict[int, Plays], ...]] = tuple({} for _ in range(4))
"""By kind: the follows by key (below 2**62: compiled, a native int, not an arbitrary-size one)."""
_FOLLOWS_SIZE: Final = 1 << 13


_options_now: Final = PerState(options)
"""The memo table of ``options`` (which looks it up and fills it inline)."""
_OPTIONS_TABLE: Final = _options_now.table


def may_bomb_onto(state: TichuState, seat: int) -> bool:
    """R5.6/R5.8: ``seat`` is to lead because the lying trick's winner is out; besides leading
    (which gathers the trick for its winner) it may bomb onto that trick."""
    if seat != state.turn or not state.trick_over:
        return False
    if state.dragon_pending or state.final:
        return False
    return state.phase is PLAY_PHASE and state.wisher is None and state.top_seat != seat


def bomb_options(state: TichuState, seat: int) -> Plays:
    """The ``bomb`` actions (onto the lying trick, R5.6) of ``seat`` now."""
    hand = state.hands[seat]
    if not may_bomb_onto(state, seat) or not has_bomb(hand):
        return _NO_PLAYS
    return _bombs_onto(hand, state.top)


@lru_cache(maxsize=64)
def _bombs_onto(hand: int, top: Combo | None) -> Plays:
    return Plays(enumerate_bombs(hand, top), onto=True)


class LegalParts(NamedTuple):
    """``legal_actions`` in the order it lists them: actions before the plays (a call, then
    grand/nogrand, exchanges, pass or wishes), the plays and the bombs onto a lying trick,
    then the Dragon gifts. Observations read the plays' combinations off the listings instead
    of looking them up action by action."""

    head: tuple[TichuAction, ...]
    plays: Plays
    bombs: Plays
    gifts: tuple[TichuAction, ...]


_NO_PARTS: Final = LegalParts((), _NO_PLAYS, _NO_PLAYS, ())
_GIFTS: Final = tuple(tuple(give_dragon(s) for s in opponents(seat)) for seat in range(SEATS))


def legal_parts(state: TichuState, seat: int) -> LegalParts:
    """Every legal action of ``seat`` (see ``legal_actions``), in its parts."""
    if not 0 <= seat < SEATS:
        return _NO_PARTS
    phase = state.phase
    if phase is PLAY_PHASE:
        head: tuple[TichuAction, ...] = (TICHU,) if can_call_tichu(state, seat) else ()
        if state.wisher is not None:
            if seat == state.wisher:
                head += _wishes(state.config.wish_mandatory)
            return LegalParts(head, _NO_PLAYS, _NO_PLAYS, ())
        plays = options(state, seat)
        if plays.can_pass:
            head += (PASS,)
        gifts: tuple[TichuAction, ...] = ()
        if seat == state.turn and (state.final or state.dragon_pending):
            gifts = _GIFTS[seat]
        return LegalParts(head, plays, bomb_options(state, seat), gifts)
    if phase is GRAND_PHASE or phase is EXCHANGE_PHASE:
        return LegalParts(tuple(_before_play(state, seat)), _NO_PLAYS, _NO_PLAYS, ())
    return LegalParts((TICHU,) if can_call_tichu(state, seat) else (), _NO_PLAYS, _NO_PLAYS, ())


def _before_play(state: TichuState, seat: int) -> Actions[TichuAction]:
    """The legal actions of ``seat`` (0..3) in the grand or exchange phase: grand/nogrand if
    awaited; the Tichu call if still open, then the exchange choices (R3.1, R3.7, R4.1)."""
    if state.phase is GRAND_PHASE:
        return _GRAND_CHOICES if seat in active_seats(state) else ()  # the awaited, memoised
    given = state.given[seat]
    return _exchanges(state.hands[seat], seat, given, state.calls[seat] == NO_CALL)


_GRAND_CHOICES: Final = (GRAND, NOGRAND)
_CALL: Final = (TICHU,)
_CALL_PASS: Final = (TICHU, PASS)
_PASS_FIRST: Final = (PASS,)


def _plain_lead(state: TichuState, seat: int) -> bool:
    """The turn ``seat`` only plays or passes: no Dragon to give, no bomb onto a lying trick
    won by another seat (R5.6, R8.3.2)."""
    if not state.trick_over:
        return True
    top = state.trick[-1]
    return top.seat == seat and not is_dragon(top.combo)


def legal_actions(state: TichuState, seat: int) -> Actions[TichuAction]:
    """Every legal action of ``seat``; empty if it may not act. Plays come as a ``Listing``
    (its actions made as they are read), other actions as a tuple.

    Canonical order: ``tichu``, exchanges (card order, then seat) or ``pass``, plays in the
    order of ``combos.enumerate_plays`` (kind, length, strength, cards), ``bomb`` onto a lying
    trick (R5.6), then ``give-dragon`` by seat; while a wish is owed, ``nowish`` then
    ``wish 2`` … ``wish A``.
    """
    global _LISTED  # the plays listed last, for ``_play`` (an action picked from them next)
    if (  # the common case: plays, perhaps a pass, nothing else (but a Tichu call)
        state.phase is PLAY_PHASE
        and state.wisher is None
        and 0 <= seat < SEATS
        and not state.final
        and (seat != state.turn or not state.trick_over or _plain_lead(state, seat))
    ):
        if (
            state.calls[seat] != NO_CALL
            or state.hands[seat].bit_count() != 14
            or not can_call_tichu(state, seat)
        ):
            trick = state.trick
            if seat == state.turn and trick and not state.trick_over:  # following: ``options``
                plays = _follows(state, seat, trick[-1].combo)  # no memo: ``_LISTED`` serves
            else:
                plays = options(state, seat)
            _LISTED = (state, seat, plays)
            view = plays._view  # made: no frame
            return plays.view() if view is None else view
        plays = options(state, seat)  # early in a round: a seat that may still call
        _LISTED = (state, seat, plays)
        if not plays.combos:
            return _CALL_PASS if plays.can_pass else _CALL
        return plays.called()
    phase = state.phase
    if (phase is EXCHANGE_PHASE or phase is GRAND_PHASE) and 0 <= seat < SEATS:
        return _before_play(state, seat)  # no parts to build and join
    head, plays, bombs, gifts = legal_parts(state, seat)
    if not plays.combos and not bombs.combos and not gifts:
        return head
    if not head and not bombs.combos and not gifts:
        return plays.actions()
    return (*head, *plays.actions(), *bombs.actions(), *gifts)


_LISTED: tuple[TichuState | None, int, Plays] = (None, 0, _NO_PLAYS)
"""The last (state, seat) whose plays ``legal_actions`` listed, with them: ``options`` of it."""


def combo_of(state: TichuState, seat: int, action: TichuAction) -> Combo | None:
    """The combination a listed ``play``/``bomb`` action makes (None for other actions)."""
    if action.kind is PLAY_VERB:
        return options(state, seat).get(action)
    if action.kind is BOMB_VERB:
        return bomb_options(state, seat).get(action)
    return None


def legal_texts(state: TichuState, seat: int) -> list[str]:
    """``legal_actions`` as canonical texts, for observations."""
    return list(map(action_text, legal_actions(state, seat)))


@lru_cache(maxsize=4096)
def _exchanges(hand: int, seat: int, given: tuple[int | None, ...], may_call: bool) -> Exchanges:
    """R4.1: one held card to each other seat not served yet (at most 14 × 3 choices), after
    the Tichu call if ``may_call`` (no call yet) and some choice is still open (R3.7)."""
    open_ = 0
    for k, c in enumerate(given):
        if c is None:
            open_ |= 1 << k
    return Exchanges(_CALL if may_call and open_ else (), _EXCHANGE_ROWS[seat][open_], hand)


class Exchanges(Listing):
    """``head``, then the choices of ``rows`` (by card: each card's, to the seats not served
    yet) for the cards of ``hand``, in card order."""

    __slots__ = ("_cards", "_hand", "_per", "_rows")

    def __init__(
        self, head: tuple[TichuAction, ...], rows: tuple[tuple[TichuAction, ...], ...], hand: int
    ) -> None:
        cards = self._cards = tuple(card_indices(hand))
        per = self._per = len(rows[0])
        self._head, self._skip, self._all = head, len(head), None  # as in ``PlayListing``
        self._size = len(head) + per * len(cards)
        self._rows = rows
        self._hand = hand

    def __getitem__(self, index: int) -> TichuAction:
        if type(index) is int:  # the call or a negative index: from the whole tuple
            at = index - self._skip
            if 0 <= at < self._size - self._skip:
                card, k = divmod(at, self._per)
                return self._rows[self._cards[card]][k]
        return self.all()[index]

    def _made(self) -> tuple[TichuAction, ...]:
        return _exchange_choices(self._head, self._rows, self._hand)


def _exchange_choices(
    head: tuple[TichuAction, ...], rows: tuple[tuple[TichuAction, ...], ...], hand: int
) -> tuple[TichuAction, ...]:
    """``head``, then the choices of ``rows`` (by card) for the cards of ``hand``: a native loop
    when compiled; pure Python swaps in ``_chained_choices``, below."""
    found: list[TichuAction] = list(head)
    for card in range(56):  # native bit tests: cheaper than iterating ``card_indices`` here
        if hand >> card & 1:
            found.extend(rows[card])
    return tuple(found)


def _chained_choices(
    head: tuple[TichuAction, ...], rows: tuple[tuple[TichuAction, ...], ...], hand: int
) -> tuple[TichuAction, ...]:
    """``_exchange_choices`` at C speed in pure Python (no Python frame per choice)."""
    return tuple(chain(head, chain.from_iterable(map(rows.__getitem__, card_indices(hand)))))


if drafts_work(TichuState):  # pure Python
    globals()["_exchange_choices"] = _chained_choices


_EXCHANGE_ROWS: Final = tuple(
    tuple(
        tuple(
            tuple(exchange(c, (seat + k) % SEATS) for k in (1, 2, 3) if open_ >> (k - 1) & 1)
            for c in range(56)
        )
        for open_ in range(8)
    )
    for seat in range(SEATS)
)
"""``[seat][open][card]``: the exchange actions of ``card`` to the seats not served yet (bit
k-1 of ``open``: seat+k), in listing order."""


@lru_cache(maxsize=2)
def _wishes(mandatory: bool) -> tuple[TichuAction, ...]:
    """R8.1.1: a wish for a rank 2..A, or none ([Option wish_mandatory]: a wish is required)."""
    return (*(() if mandatory else (NOWISH,)), *map(wish, WISH_RANKS))


# -- apply -------------------------------------------------------------------------------------


def apply(state: TichuState, seat: int, action: TichuAction) -> TichuStep:
    """Check ``action`` and return the next state; errors name the rule and change nothing."""
    kind = action.kind
    if state.phase is PLAY_PHASE and state.wisher is None and 0 <= seat < SEATS:
        if kind is PLAY_VERB or kind is BOMB_VERB:  # the common cases first
            return _play(state, seat, action)
        if kind is PASS_VERB:
            return _pass(state, seat)
    if not 0 <= seat < SEATS:
        raise NotActiveError(f"there is no seat {seat} (seats 0-3)")
    if state.phase is DEAL_PHASE:
        raise NotActiveError.saying("the cards are being dealt", "refusal.tichu.dealing")
    if state.phase is GAME_OVER_PHASE:
        raise NotActiveError.saying("the game is over", "refusal.game_over")
    if kind is TICHU_VERB:
        return _call_tichu(state, seat)
    if kind is GRAND_VERB or kind is NOGRAND_VERB:
        return _decide_grand(state, seat, kind is GRAND_VERB)
    if kind is EXCHANGE_VERB:
        assert action.to is not None
        return _exchange(state, seat, action.cards, action.to)
    if state.phase is not PLAY_PHASE:
        raise IllegalActionError.saying(
            f"R5.1: cards are played after the exchange; now is the {state.phase.value} phase",
            "refusal.tichu.before_play",
        )
    if kind is WISH_VERB or kind is NOWISH_VERB:
        return _wish(state, seat, action.wish)
    if state.wisher is not None:
        if seat == state.wisher:
            raise IllegalActionError.saying(
                "R8.1.1: name your wish first: 'wish R' or 'nowish'", "refusal.tichu.wish_first"
            )
        raise _naming_wish(state.wisher)
    if kind is PASS_VERB:
        return _pass(state, seat)
    if kind is GIVE_DRAGON_VERB:
        assert action.to is not None
        return _give_dragon(state, seat, action.to)
    return _play(state, seat, action)


def _naming_wish(wisher: int) -> NotActiveError:
    """R8.1.1: another seat's act waits for the wish of the seat that played the Mah Jong."""
    return NotActiveError.saying(
        f"R8.1.1: seat {wisher} is naming its wish",
        "refusal.tichu.naming_wish",
        who=said.seat(wisher),
    )


def _call_tichu(state: TichuState, seat: int) -> TichuStep:
    if not can_call_tichu(state, seat):
        raise _why_no_tichu(state, seat)
    calls = (*state.calls[:seat], TICHU_CALL, *state.calls[seat + 1 :])
    return _step(state.replace(calls=calls), (TichuCalled(seat),))


def _why_no_tichu(state: TichuState, seat: int) -> IllegalActionError:
    if state.calls[seat] != NO_CALL:
        return IllegalActionError.saying(
            f"R2.5: you already called {state.calls[seat]}; one call a round",
            "refusal.tichu.called",
        )
    if state.phase is GRAND_PHASE:
        return IllegalActionError.saying(
            "R3.1: Tichu is called from the exchange on; now: grand/nogrand",
            "refusal.tichu.call_grand_first",
        )
    if state.phase is EXCHANGE_PHASE:
        return IllegalActionError.saying(
            "R3.7: no Tichu call between submitting your exchange and the reveal",
            "refusal.tichu.call_exchanging",
        )
    if state.final:
        return IllegalActionError.saying("R9.3: the round is over", "refusal.tichu.round_over")
    if state.config.no_calls_after_out and state.out:
        return IllegalActionError.saying(
            "R3.6 [Option no_calls_after_out]: a player is already out", "refusal.tichu.call_out"
        )
    return IllegalActionError.saying(
        "R3.2: Tichu can only be called before playing your first card", "refusal.tichu.call_late"
    )


def _decide_grand(state: TichuState, seat: int, grand: bool) -> TichuStep:
    if state.phase is not GRAND_PHASE:
        if not state.config.allow_grand:
            raise IllegalActionError.saying(
                "R10.4 [Option allow_grand=False]: no Grand Tichu", "refusal.tichu.no_grand"
            )
        raise IllegalActionError.saying(
            "R2.2: Grand Tichu only before seeing cards 9-14", "refusal.tichu.grand_late"
        )
    if state.grand[seat] is not None:
        raise NotActiveError.saying(
            "R2.3: you already made your Grand Tichu decision", "refusal.tichu.grand_decided"
        )
    if seat not in awaited_seats(state):
        raise NotActiveError.saying(
            "R2.3 [Option sequential_grand]: earlier seats decide first",
            "refusal.tichu.grand_order",
        )
    decisions = _set(state.grand, seat, grand)
    events: list[TichuEvent] = [GrandDecided(seat, grand, state.config.sequential_grand)]
    new = state.replace(grand=decisions)
    if None not in decisions:
        calls = tuple(GRAND_CALL if d else NO_CALL for d in decisions)
        hands = tuple(h | rest for h, rest in zip(state.hands, state.later, strict=True))
        new = new.replace(phase=EXCHANGE_PHASE, calls=calls, hands=hands, later=(0, 0, 0, 0))
        events.append(CallsRevealed(calls))
        events.extend([new_dealt(s, state.later[s]) for s in range(SEATS)])
    return _step(new, tuple(events))


def _exchange(state: TichuState, seat: int, card_mask: int, to: int) -> TichuStep:
    """R4.1: one of the seat's three choices; R4.2: revealed once all four gave all three."""
    if state.phase is not EXCHANGE_PHASE:
        raise IllegalActionError.saying(
            f"R4.1: no exchange in the {state.phase.value} phase", "refusal.tichu.exchange_phase"
        )
    if state.exchanged(seat):
        raise NotActiveError.saying(
            "R4.2: you already gave your three exchange cards", "refusal.tichu.exchange_done"
        )
    if to == seat or not 0 <= to < SEATS:
        raise IllegalActionError.saying(
            f"R4.1: give each card to another seat (0-3 but not {seat})",
            "refusal.tichu.exchange_seat",
        )
    k = (to - seat) % SEATS
    row = state.given[seat]
    if row[k - 1] is not None:
        given_card = row[k - 1]
        assert given_card is not None
        raise IllegalActionError.saying(
            f"R4.1: you already give {format_card(given_card)} to seat {to}; one card each",
            "refusal.tichu.exchange_given",
            cards=said.cards("tichu", [format_card(given_card)]),
            who=said.seat(to),
        )
    card = card_mask.bit_length() - 1
    if not state.hands[seat] & card_mask:
        raise _not_held(card_mask, "R4.1: ")
    a, b, c = row  # the choices to seat+1, +2, +3
    new_row = (card, b, c) if k == 1 else (a, card, c) if k == 2 else (a, b, card)
    given = _set(state.given, seat, new_row)
    hands = _set(state.hands, seat, state.hands[seat] & ~card_mask)
    new = _gave(state, hands, given)
    if None in new_row:
        return _step(new, ())
    events: list[TichuEvent] = [ExchangeSubmitted(seat, _row(new_row))]
    if all(None not in g for g in given):
        received = list(hands)
        for giver, cards in enumerate(given):
            for j, c in enumerate(cards, start=1):
                assert c is not None
                received[(giver + j) % SEATS] |= 1 << c
        leader = next(s for s in range(SEATS) if received[s] >> MJ & 1)  # R4.3, R5.1
        new = new.replace(phase=PLAY_PHASE, hands=tuple(received), turn=leader)
        events.append(ExchangeRevealed(given))
    return _step(new, tuple(events))


def _gave(
    state: TichuState, hands: tuple[int, ...], given: tuple[tuple[int | None, ...], ...]
) -> TichuState:
    """``state.replace(hands=hands, given=given)``: an exchange choice's copy. Pure Python swaps
    in a copier (no keyword arguments to gather), below."""
    return state.replace(hands=hands, given=given)


if drafts_work(TichuState):  # pure Python
    globals()["_gave"] = copier(TichuState, ("hands", "given"))


def _row(row: tuple[int | None, ...]) -> tuple[int, ...]:
    """A complete exchange row (no None left)."""
    return tuple(c for c in row if c is not None)


def _wish(state: TichuState, seat: int, rank: int | None) -> TichuStep:
    """R8.1.1: the Mah Jong's player names a rank 2..A or none, before anyone else acts."""
    if state.wisher is None:
        raise IllegalActionError.saying(
            "R8.1.1: a wish is made only right after playing the Mah Jong",
            "refusal.tichu.wish_mahjong",
        )
    if seat != state.wisher:
        raise _naming_wish(state.wisher)
    if rank is None:
        if state.config.wish_mandatory:
            raise IllegalActionError.saying(
                "R8.1.1 [Option wish_mandatory]: name a wish with the Mah Jong",
                "refusal.tichu.wish_mandatory",
            )
        return _step(state.replace(wisher=None), ())
    if rank not in WISH_RANKS:
        raise IllegalActionError.saying(
            "R8.1.1: the wish must name a rank 2..A", "refusal.tichu.wish_rank"
        )
    return _step(state.replace(wish=rank, wisher=None), (WishMade(seat, rank),))


# -- play phase ---------------------------------------------------------------------------------


def _pass(state: TichuState, seat: int) -> TichuStep:
    if seat != state.turn or state.final:
        raise NotActiveError.saying("R5.3: it is not your turn", "refusal.tichu.turn")
    trick = state.trick
    if state.trick_over and is_dragon(trick[-1].combo if trick else None):
        raise IllegalActionError.saying(
            "R8.3.2: your Dragon won the trick: give it to an opponent", "refusal.tichu.give_dragon"
        )
    if not trick or state.trick_over:
        raise IllegalActionError.saying("R5.2: the leader cannot pass", "refusal.tichu.lead_pass")
    if state.wish is not None and not options(state, seat).can_pass:  # only a wish binds (R8.1.6)
        raise _wish_binds(state.wish)
    passed = state.passed | 1 << seat
    top_seat, hands = trick[-1].seat, state.hands
    after = seat + 1 & 3
    if hands[after] and after != top_seat and not passed >> after & 1:  # most passes: it answers
        return _moved_step(state, after, passed, False, _PASSED[seat], None)
    for s in range(SEATS):  # someone else may still answer the top play
        if hands[s] and s != top_seat and not passed >> s & 1:
            skip = passed if state.config.pass_is_final else 0
            new = moved(state, next_holding(hands, seat, skip), passed, False)
            break
    else:
        new = _end_trick(state, passed)
    return _step(new, _PASSED[seat])


_PASSED: Final = tuple((Passed(s),) for s in range(SEATS))
"""A pass's events, by seat (events are immutable values: shared, never rebuilt)."""


def _end_trick(state: TichuState, passed: int) -> TichuState:
    """R5.5–R5.8: everybody passed (``passed``: who did); the trick waits (bomb window) for
    the lead or the gift. The next leader is the winner, or the next seat holding cards if he
    is out; a Dragon's winner must give the trick away first, even if he is out."""
    winner = state.top_seat
    assert winner is not None
    if is_dragon(state.top) or state.hands[winner]:  # the Dragon: ``dragon_pending`` now
        turn: int | None = winner
    else:
        turn = next_holding(state.hands, winner)
    return moved(state, turn, passed, True)


def _gather(state: TichuState, to: int) -> tuple[TichuState, TrickTaken]:
    cards = state.trick_cards
    piles = _set(state.piles, to, state.piles[to] | cards)
    new = state.replace(piles=piles, trick=(), trick_over=False, passed=0)
    return new, TrickTaken(to, cards, mask_points(cards))


def _give_dragon(state: TichuState, seat: int, to: int) -> TichuStep:
    if not (state.dragon_pending and seat == state.turn):
        raise IllegalActionError.saying(
            "R8.3.2: give-dragon only when your Dragon has won the trick",
            "refusal.tichu.no_dragon",
        )
    if to not in opponents(seat):
        a, b = opponents(seat)
        raise IllegalActionError.saying(
            f"R8.3.2: the Dragon's trick goes to an opponent: {a} or {b}",
            "refusal.tichu.dragon_opponent",
            a=said.seat(a),
            b=said.seat(b),
        )
    cards = state.trick_cards
    new, _ = _gather(state, to)
    events: list[TichuEvent] = [DragonGiven(seat, to, cards, mask_points(cards))]
    if state.final:
        return _finish_round(new, events)
    turn = seat if state.hands[seat] else next_holding(state.hands, seat)
    return _step(new.replace(turn=turn), tuple(events))


def resolve(state: TichuState, seat: int, action: TichuAction) -> TichuAction:
    """R6.3.4: an undeclared Phoenix in a multi-card play takes the highest legal reading."""
    if action.phoenix_as is not None or not action.cards >> PHX & 1 or action.cards.bit_count() < 2:
        return action
    plays = options(state, seat)
    same = [c for c in plays.combos if c.cards == action.cards]
    return plays.action(max(same, key=_strength)) if same else action


_strength: Final = attrgetter("strength")


def _play(state: TichuState, seat: int, action: TichuAction) -> TichuStep:
    global _HOLDERS  # carried to the new hands below
    onto = action.kind is BOMB_VERB
    if onto:
        combo = bomb_options(state, seat).get(action)
        if combo is None:
            raise _why_no_bomb_onto(state, seat, action)
    else:
        if action.phoenix_as is None and action.cards >> PHX & 1:  # perhaps undeclared (R6.3.4)
            action = resolve(state, seat, action)
        listed = _LISTED  # most plays were just picked from ``legal_actions``
        plays = listed[2] if listed[0] is state and listed[1] == seat else options(state, seat)
        combo = plays.get(action)
        if combo is None:
            raise why_illegal(state, seat, action)
    cards = combo[1]  # its cards (by index, as in ``_follows``)
    events: list[TichuEvent] = []
    trick, piles, passed, config = state.trick, state.piles, state.passed, state.config
    leads = not onto and seat == state.turn
    leads = leads and (not trick or (state.trick_over and not is_dragon(trick[-1].combo)))
    if leads and trick and not (config.overtrump_self and _overtrumps(state, seat, combo)):
        winner = trick[-1].seat  # gather the lying trick
        taken = _cards_of(trick)
        piles = _set(piles, winner, piles[winner] | taken)
        events.append(new_taken(winner, taken, mask_points(taken)))
        trick, passed = (), 0
    elif leads and trick:
        leads = False
    hands = _set(state.hands, seat, state.hands[seat] & ~cards)
    holders = _HOLDERS
    if holders[0] is state.hands and holders[1] is state.calls:  # carried to the new hands:
        bombers = holders[3]  # only the seat's changed; it has played, so it may call no more
        if bombers >> seat & 1 and not _holds_bomb(hands[seat]):
            bombers &= ~(1 << seat)
        _HOLDERS = (hands, holders[1], holders[2] & ~(1 << seat), bombers)
    events.append(new_played(seat, cards, combo, action.phoenix_as))
    wish = state.wish
    if wish is not None and cards & rank_mask(wish):
        events.append(WishFulfilled(seat, wish))  # R8.1.4: any natural card of the rank
        wish = None
    out = state.out
    if not hands[seat]:
        out = (*out, seat)
        events.append(new_out(seat, len(out)))
    if cards == _DOG_MASK:  # R8.2.2: the lead passes at once; the Dog is worth nothing (R8.2.5)
        piles = _set(piles, seat, piles[seat] | cards)
        turn = _dog_lead(config, hands, seat)
        passed = 0
    else:
        trick = (*trick, trick_play(seat, combo))
        passed = passed if config.pass_is_final and not leads else 0
        skip = (passed if config.pass_is_final else 0) | 1 << seat
        turn = seat + 1 & 3  # most plays: the next seat answers
        if not hands[turn] or skip >> turn & 1:
            turn = next_holding(hands, seat, skip)
    goes_on = len(out) < 2 or (len(out) == 2 and out[1] != partner(out[0]))  # R9.3: not over
    fast = goes_on and (turn is not None or not trick)  # the hot path: no round or trick end
    wisher = seat if fast and cards >> MJ & 1 else None  # R8.1.1: the wish comes next
    new = played(state, hands, trick, turn, passed, False, False, wish, wisher, out, piles)
    if fast:
        return _step(new, tuple(events), action)  # logged with the Phoenix value as played
    step = _after_play(new, seat, events)
    state = step.state
    if cards >> MJ & 1 and state.phase is PLAY_PHASE and not state.final:
        state = state.replace(wisher=seat)  # R8.1.1: the wish comes next
    return _step(state, step.events, action)  # logged with the Phoenix value as played


def _cards_of(trick: tuple[TrickPlay, ...]) -> int:
    mask = 0
    for p in trick:
        mask |= p.combo.cards
    return mask


def _why_no_bomb_onto(state: TichuState, seat: int, action: TichuAction) -> IllegalActionError:
    missing = action.cards & ~state.hands[seat]
    if missing:
        return _not_held(missing)
    if not may_bomb_onto(state, seat):
        return IllegalActionError.saying(
            "R5.6: 'bomb' is for the seat to lead after the trick's winner went out, onto the "
            "lying trick; otherwise a bomb is written 'play'",
            "refusal.tichu.bomb_onto",
        )
    top = state.top
    return IllegalActionError.saying(
        f"R7.3: not a bomb that beats {_top_text(state)}",
        "refusal.tichu.bomb_not_beating",
        top=said.cards("tichu", card_names(top.cards if top else 0)),
    )


def _overtrumps(state: TichuState, seat: int, combo: Combo) -> bool:
    """[Option overtrump_self] the winner's play onto his own passed-out trick (R5.7)."""
    own = state.config.overtrump_self and state.trick_over and seat == state.top_seat
    return own and not is_dog(combo) and beats(combo, state.top)


def _dog_lead(config: TichuConfig, hands: tuple[int, ...], seat: int) -> int | None:
    """R8.2.2: the partner, else the next seat holding cards after the partner ([Option]:
    after the Dog player)."""
    mate = partner(seat)
    if hands[mate]:
        return mate
    return next_holding(hands, seat if config.dog_to_seat_after_dog_player else mate)


def _after_play(state: TichuState, seat: int, events: list[TichuEvent]) -> TichuStep:
    """Round end (R9.3), or the trick ends if nobody is left to answer (pass_is_final)."""
    if is_double_victory(state.out):
        return _finish_round(state, events)
    if len(state.out) == SEATS - 1:
        if state.trick:
            final = state.replace(trick_over=True, final=True, turn=seat)
            if final.dragon_pending and not state.config.dragon_last_trick_exempt:
                return _step(final, tuple(events))
            state, taken = _gather(state, seat)
            events.append(taken)
        return _finish_round(state.replace(turn=None), events)
    if state.trick and state.turn is None:
        state = _end_trick(state, state.passed)
    return _step(state, tuple(events))


def _finish_round(state: TichuState, events: list[TichuEvent]) -> TichuStep:
    """R10 scoring and R11 match end; the next round starts with a deal (chance)."""
    result = score_round(
        state.hands, state.piles, state.out, state.calls, state.config.double_victory_points
    )
    scores = (state.scores[0] + result.points[0], state.scores[1] + result.points[1])
    events.append(RoundScored(state.round, result, scores))
    new = state.replace(
        scores=scores,
        score_sheet=(*state.score_sheet, result.points),
        last_round=result,
        turn=None,
        final=False,
        wish=None,
    )
    winners = match_result(state.config, scores, len(state.score_sheet) + 1)
    if winners is None:
        return _step(new.replace(phase=DEAL_PHASE, round=state.round + 1), tuple(events))
    seats = tuple(s for s in range(SEATS) if s % 2 in winners)
    events.append(GameOver(scores, seats, end_reason(state.config, scores, winners)))
    return _step(new.replace(phase=GAME_OVER_PHASE), tuple(events))


# -- diagnosis ------------------------------------------------------------------------------------


def why_illegal(state: TichuState, seat: int, action: TichuAction) -> IllegalActionError:
    """The rule an unlisted ``play`` breaks (the listing itself is ``options``)."""
    hand = state.hands[seat]
    if state.final or (seat != state.turn and not may_interrupt(state, seat)):
        return NotActiveError.saying(
            "R5.3: it is not your turn (and no bomb may be thrown now, R7.5)", "refusal.tichu.turn"
        )
    if action.cards & ~hand:
        return _not_held(action.cards & ~hand)
    top = None if seat == state.turn and is_leading(state) else state.top
    try:
        combo = combo_for(action.cards, action.phoenix_as, top)
    except IllegalActionError as exc:
        return exc
    if seat != state.turn or state.dragon_pending:
        if not combo.is_bomb():
            if state.dragon_pending and seat == state.turn:
                return IllegalActionError.saying(
                    "R8.3.2: give the Dragon's trick to an opponent first",
                    "refusal.tichu.give_dragon",
                )
            return NotActiveError.saying(
                "R7.4: out of turn only a bomb may be played", "refusal.tichu.bomb_only"
            )
        return _does_not_beat(
            state, f"R7.3: {combo.describe()} does not beat {_top_text(state)}", combo
        )
    wish = state.wish
    if top is None:
        if wish is not None and hand & rank_mask(wish) and not combo.cards & rank_mask(wish):
            if is_dog(combo):
                return IllegalActionError.saying(
                    f"R8.1.9: no Dog lead while you hold the wished {rank_text(wish)}",
                    "refusal.tichu.wish_dog",
                    rank=rank_text(wish),
                )
            return IllegalActionError.saying(
                f"R8.1.8: the wish for {rank_text(wish)} must be fulfilled: lead a "
                f"combination containing a {rank_text(wish)}",
                "refusal.tichu.wish_lead",
                rank=rank_text(wish),
            )
        return IllegalActionError.saying(
            f"R5.2: {action} is not a legal lead",
            "refusal.tichu.not_lead",
            cards=said.cards("tichu", card_names(action.cards)),
        )
    if is_dog(combo):
        return IllegalActionError.saying(
            "R8.2.1: the Dog can only be led", "refusal.tichu.dog_lead"
        )
    if top.is_bomb() and not combo.is_bomb():
        return IllegalActionError.saying(
            "R7.6: only a higher bomb can follow a bomb", "refusal.tichu.bomb_on_bomb"
        )
    if not beats(combo, top):
        rule = "R8.1.3" if combo.cards >> MJ & 1 else "R6.2.1"
        return _does_not_beat(
            state, f"{rule}: {combo.describe()} does not beat {_top_text(state)}", combo
        )
    if wish is not None and not combo.cards & rank_mask(wish):
        return _wish_binds(wish)
    return IllegalActionError.saying(
        f"R5.3: {action} is not a legal play now",
        "refusal.tichu.not_now",
        cards=said.cards("tichu", card_names(action.cards)),
    )


def _wish_binds(wish: int) -> IllegalActionError:
    """R8.1.6: a seat that can fulfil the wish must: it may neither pass nor play around it."""
    return IllegalActionError.saying(
        f"R8.1.6: the wish for {rank_text(wish)} must be fulfilled: you can play it",
        "refusal.tichu.wish_binds",
        rank=rank_text(wish),
    )


def _not_held(missing: int, rule: str = "") -> IllegalActionError:
    """Cards the seat does not hold (``rule``: the cited rule's prefix, where one applies)."""
    return IllegalActionError.saying(
        f"{rule}you do not hold {format_cards(missing)}",
        "refusal.tichu.not_held",
        cards=said.cards("tichu", card_names(missing)),
    )


def _does_not_beat(state: TichuState, text: str, combo: Combo) -> IllegalActionError:
    """``text`` (the rule, in English) as a refusal that shows both the play and the table."""
    top = state.top
    return IllegalActionError.saying(
        text,
        "refusal.tichu.does_not_beat",
        cards=said.cards("tichu", card_names(combo.cards)),
        top=said.cards("tichu", card_names(top.cards if top else 0)),
    )


def _top_text(state: TichuState) -> str:
    top = state.top
    return "an empty table" if top is None else top.describe()


def default_action(state: TichuState, seat: int) -> TichuAction:
    """A timeout's choice, meant for an awaited seat: no Grand Tichu, the three lowest cards in
    the exchange, pass if allowed else the lowest play, the Dragon to the opponent holding fewer
    cards. Never a call or an out-of-turn bomb when anything else is legal."""
    legal = legal_actions(state, seat)
    if not legal:
        raise NotActiveError(f"seat {seat} may not act now")
    if NOGRAND in legal:
        return NOGRAND
    if state.phase is EXCHANGE_PHASE:
        return legal[1] if legal[0] == TICHU else legal[0]  # the lowest card, first open seat
    if state.wisher is not None:
        return legal[0]  # no wish (or the lowest, if a wish is mandatory)
    if PASS in legal:
        return PASS
    gifts = [a for a in legal if a.kind is GIVE_DRAGON_VERB]
    if gifts:
        return min(gifts, key=lambda a: (state.hands[a.to or 0].bit_count(), a.to))
    plays = [a for a in legal if a.kind is PLAY_VERB]
    if seat == state.turn and plays:
        return plays[0]
    return legal[0]
