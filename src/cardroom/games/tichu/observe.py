"""What each audience may know: observations (contracts.md §2–§3) and event redaction.

A seat sees its own hand, exchange and legal actions, and public facts. Who holds a bomb is
never public, so ``active`` shows the awaited seats and the seats that may still call Tichu,
plus the observing seat itself when it may act (e.g. bomb); only OMNISCIENT sees every active
seat and every hand (``hands``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from operator import is_
from typing import Any, Final, NamedTuple

from cardroom.engine.game import JsonAble, Observation, Outcome
from cardroom.engine.types import OMNISCIENT, Audience, Viewer

from .actions import TichuAction, action_text, rank_text
from .cards import format_card, mask_points
from .combos import Combo
from .events import (
    ExchangeRevealed,
    ExchangeSubmitted,
    GrandDecided,
    HandDealt,
    card_list,
    combo_json,
)
from .rules import (
    Plays,
    active_seats,
    awaited_seats,
    can_call_tichu,
    is_leading,
    legal_parts,
)
from .state import (
    EXCHANGE_PHASE,
    GAME_OVER_PHASE,
    GRAND_CALL,
    GRAND_PHASE,
    MEMO_MASK,
    PLAY_PHASE,
    SEATS,
    PerState,
    RoundResult,
    TichuState,
    TrickPlay,
)

Json = dict[str, Any]


_points = lru_cache(maxsize=1 << 12)(mask_points)
"""Card points of a pile: piles change only when a trick is taken.

The memos here are sized for the seats of a few thousand tables at once (a server observes
them interleaved): a seat's hand, exchange and trick recur at every state of its table."""


@lru_cache(maxsize=1 << 13)
def _play_json(play: TrickPlay) -> Json:
    """A play in the trick with its combination (``combo_json``: kind, rank, length, strength,
    Phoenix rank, text), so that bots need not re-read the cards (memoised: a trick's plays are
    shown again at every later state)."""
    return {"seat": play.seat, "cards": card_list(play.combo.cards), **combo_json(play.combo)}


def _trick_json(trick: tuple[TrickPlay, ...]) -> list[Json]:
    """The trick's plays, memoised by the trick's identity: passes keep the same trick, and
    each play is otherwise looked up by value (a dataclass hash runs Python code)."""
    entry = _TRICKS.get(id(trick))
    if entry is not None and entry[0] is trick:
        return entry[1]
    if len(_TRICKS) >= _TRICKS_MAX:
        _TRICKS.clear()
    plays = list(map(_play_json, trick))
    _TRICKS[id(trick)] = (trick, plays)  # holding the trick: its id is not reused meanwhile
    return plays


_TRICKS: Final[dict[int, tuple[tuple[TrickPlay, ...], list[Json]]]] = {}
_TRICKS_MAX: Final = 1 << 12


@lru_cache(maxsize=1 << 11)
def _round_json(result: RoundResult) -> Json:
    return result.to_json()


@lru_cache(maxsize=1 << 14)
def _hand(mask: int) -> tuple[str, ...]:
    """A hand's card texts: a seat's hand stays the same over most of a round's states."""
    return tuple(card_list(mask))


@lru_cache(maxsize=1 << 13)
def _exchange_json(
    given: tuple[tuple[int | None, ...], ...], seat: int, swapped: bool
) -> Json | None:
    """The seat's own exchange choices so far (seat → card) and, once revealed (``swapped``
    with every card given: ``TichuState.revealed``), what it got. Memoised: the choices are
    shown at every state of the rest of the round."""
    revealed = swapped and all(None not in g for g in given)
    own = given[seat]
    if all(c is None for c in own):
        return None
    given_json = {
        str((seat + k) % SEATS): format_card(c) for k, c in enumerate(own, start=1) if c is not None
    }
    received: dict[str, str] = {}
    if revealed:
        for giver, row in enumerate(given):
            c = row[(seat - giver) % SEATS - 1]
            if giver != seat and c is not None:
                received[str(giver)] = format_card(c)
    return {"given": given_json, "received": received}


def legal_info(state: TichuState, seat: int) -> list[Json | None]:
    """Parallel to ``legal``: each play's ``combo_json``, None for other actions."""
    return _listing(state, seat)[1]


_Entry = tuple[str, Json]
_PLAY_ENTRIES: Final[dict[Combo, _Entry]] = {}
_BOMB_ENTRIES: Final[dict[Combo, _Entry]] = {}
_ENTRIES_MAX: Final = 1 << 15


def _entries(plays: Plays, memo: dict[Combo, _Entry]) -> list[_Entry]:
    """Each play's text and ``combo_json``, memoised by its combination (a combination makes
    one action text within a listing kind): an action is made and formatted only once."""
    out: list[_Entry] = []
    for combo in plays.combos:
        entry = memo.get(combo)
        if entry is None:
            if len(memo) >= _ENTRIES_MAX:
                memo.clear()
            entry = memo[combo] = (action_text(plays.action(combo)), combo_json(combo))
        out.append(entry)
    return out


def _texts(actions: tuple[TichuAction, ...]) -> list[str]:
    """The actions' texts; a long run (a seat's exchange choices) memoised by the actions'
    identities, checked at C speed (the rules keep those actions)."""
    if len(actions) < _LONG:
        return list(map(action_text, actions))
    key = tuple(map(id, actions))
    found = _HEADS.get(key)
    if found is not None and all(map(is_, found[0], actions)):
        return list(found[1])
    texts = list(map(action_text, actions))
    if len(_HEADS) >= _HEADS_MAX:
        _HEADS.clear()
    _HEADS[key] = (actions, tuple(texts))  # holding the actions: their ids are not reused
    return texts


_HEADS: Final[dict[tuple[int, ...], tuple[tuple[TichuAction, ...], tuple[str, ...]]]] = {}
_HEADS_MAX: Final = 1 << 12
_LONG: Final = 8


def _listing(state: TichuState, seat: int) -> tuple[list[str], list[Json | None]]:
    """``legal`` and ``legal_info`` of ``seat``, in one pass over ``rules.legal_parts``."""
    head, plays, bombs, gifts = legal_parts(state, seat)
    texts = _texts(head)
    infos: list[Json | None] = [None] * len(head)
    for listing, memo in ((plays, _PLAY_ENTRIES), (bombs, _BOMB_ENTRIES)):
        if listing.combos:
            for text, info in _entries(listing, memo):
                texts.append(text)
                infos.append(info)
    if gifts:
        texts.extend(map(action_text, gifts))
        infos.extend([None] * len(gifts))
    return texts, infos


class _Public(NamedTuple):
    """What every audience of one state sees alike, built once per state: the observation
    with the audience's own keys left empty (in their places, so that a copy keeps the key
    order), and what those keys are computed from."""

    template: Json
    callers: frozenset[int]
    """Awaited seats and seats that may call Tichu: who may act, as everybody knows it."""
    active: list[int]
    calls: list[str]
    swapped: bool
    """Past the exchange phases: the exchange is revealed if every seat gave its cards."""


@PerState
def _public(state: TichuState, _: int) -> _Public:
    awaited = awaited_seats(state)
    # In play, a seat that may call Tichu is active: only the active seats (memoised per
    # state, asked of every state by the server too; mostly just the turn) are asked.
    seats = active_seats(state) if state.phase is PLAY_PHASE else range(SEATS)
    if seats == awaited:  # mostly just the turn: nobody else to ask
        callers = awaited
    else:
        callers = awaited | {s for s in seats if can_call_tichu(state, s)}
    wisher = state.wisher
    phase = state.phase
    if phase is PLAY_PHASE:
        leading = state.turn is not None and is_leading(state)
        decided = [False] * SEATS
        name = "wish" if wisher is not None else "dragon" if state.dragon_pending else "play"
    else:
        leading = False
        decided = _decided(state)
        name = phase.value
    trick = _trick_json(state.trick)
    active = sorted(callers)
    calls = list(state.calls)
    template: Json = {
        "game": "tichu",
        "audience": None,
        "phase": name,
        "num_seats": SEATS,
        "active": active,
        "awaited": sorted(awaited),
        "legal": None,
        "legal_info": None,
        "hand": None,
        "hand_sizes": list(map(int.bit_count, state.hands)),
        "terminal": phase is GAME_OVER_PHASE,
        "outcome": None,
        "round": state.round,
        "scores": list(state.scores),
        "score_sheet": list(map(list, state.score_sheet)),
        "calls": calls,
        "decided": decided,
        "exchange": None,
        "trick": trick,
        "top": trick[-1] if trick else None,
        "turn": state.turn if wisher is None else wisher,
        "lead": leading and wisher is None and not state.final,
        "wish": None if state.wish is None else rank_text(state.wish),
        "out": list(state.out),
        "pile_points": list(map(_points, state.piles)),
        "passes": state.passed.bit_count(),
        "last_round": None if state.last_round is None else _round_json(state.last_round),
    }
    swapped = phase is not GRAND_PHASE and phase is not EXCHANGE_PHASE
    return _Public(template, callers, active, calls, swapped)


_PUBLIC_TABLE: Final = _public.table


def _calls(state: TichuState, public: _Public, audience: Audience) -> list[str]:
    if state.phase is not GRAND_PHASE:
        return public.calls
    calls = list(state.calls)  # a seat knows its own pending Grand Tichu decision
    shown = state.config.sequential_grand or audience is OMNISCIENT
    for s in range(SEATS):
        if state.grand[s] and (shown or audience == s):
            calls[s] = GRAND_CALL
    return calls


def _decided(state: TichuState) -> list[bool]:
    if state.phase is GRAND_PHASE:
        return [d is not None for d in state.grand]
    if state.phase is EXCHANGE_PHASE:
        return [state.exchanged(s) for s in range(SEATS)]
    return [False] * SEATS


def observe(state: TichuState, audience: Audience, outcome: Outcome | None) -> Observation:
    """``audience``'s observation: a copy of the state's public part (built once per state;
    its values are shared by every audience, read-only) with the audience's own part filled
    in (hand, legal actions, exchange, who may act, a pending Grand Tichu call).

    A seat has legal actions exactly when it is active (the engine's contract); beyond the
    public part (awaited seats and seats that may call Tichu) only a bomb makes a seat active,
    so a seat outside ``active_seats`` (memoised per state) is not listed at all."""
    entry = _PUBLIC_TABLE[(id(state) >> 4) - 1 & MEMO_MASK]  # ``_public``'s slot, inline
    public = entry[2] if entry is not None and entry[0] is state else _public(state, -1)
    data = public.template.copy()
    if isinstance(audience, Viewer):
        data["audience"] = audience.value
        data["legal"] = []
        data["legal_info"] = []
        if audience is OMNISCIENT:
            data["active"] = sorted(active_seats(state))
    else:
        data["audience"] = audience
        if audience in public.callers:
            data["legal"], data["legal_info"] = _listing(state, audience)
        elif audience in active_seats(state):  # it may bomb
            data["legal"], data["legal_info"] = _listing(state, audience)
            data["active"] = sorted(public.callers | {audience})
        else:
            data["legal"] = []
            data["legal_info"] = []
        data["hand"] = list(_hand(state.hands[audience]))
        data["exchange"] = _exchange_json(state.given, audience, public.swapped)
    if outcome is not None:
        data["outcome"] = outcome.to_json()
    if state.phase is GRAND_PHASE:
        data["calls"] = _calls(state, public, audience)
    if audience is OMNISCIENT:
        data["hands"] = [card_list(h) for h in state.hands]
    return Observation(data)


def project(event: JsonAble, audience: Audience) -> JsonAble | None:
    """Redact ``event`` for ``audience``; None when it may not see it at all."""
    if audience is OMNISCIENT or type(event) not in _REDACTED:
        return event
    seat = None if isinstance(audience, Viewer) else audience
    if isinstance(event, HandDealt):
        return event if event.seat == seat else None
    if isinstance(event, GrandDecided):
        return event if event.public or event.seat == seat else replace(event, grand=None)
    if isinstance(event, ExchangeSubmitted):
        return event if event.seat == seat else replace(event, cards=())
    if isinstance(event, ExchangeRevealed):
        if seat is None:
            return None
        rows: list[tuple[int | None, ...] | None] = []
        for giver, row in enumerate(event.given):
            if row is None or giver == seat:
                rows.append(row)
            else:
                rows.append(
                    tuple(
                        c if (giver + k) % SEATS == seat else None
                        for k, c in enumerate(row, start=1)
                    )
                )
        return ExchangeRevealed(tuple(rows))
    return event


_REDACTED: Final = frozenset({HandDealt, GrandDecided, ExchangeSubmitted, ExchangeRevealed})
"""The event types ``project`` may redact; every other event is public as it is."""
