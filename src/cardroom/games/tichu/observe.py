"""What each audience may know: observations (contracts.md §2–§3) and event redaction.

A seat sees its own hand, exchange and legal actions, and public facts. Who holds a bomb is
never public, so ``active`` shows the awaited seats and the seats that may still call Tichu,
plus the observing seat itself when it may act (e.g. bomb); only OMNISCIENT sees every active
seat and every hand (``hands``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final

from cardroom.engine.game import JsonAble, Outcome
from cardroom.engine.types import OMNISCIENT, Audience, Viewer

from .actions import ActionKind, rank_text
from .cards import format_card, mask_points
from .combos import Combo
from .events import (
    ExchangeRevealed,
    ExchangeSubmitted,
    GrandDecided,
    HandDealt,
    card_list,
)
from .rules import (
    active_seats,
    awaited_seats,
    bomb_options,
    can_call_tichu,
    is_leading,
    legal_actions,
    legal_texts,
    play_options,
)
from .state import GRAND_CALL, SEATS, Phase, TichuState, TrickPlay

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class TichuObservation:
    """An observation; ``data`` is already plain JSON (treat it as read-only)."""

    data: Json

    def to_json(self) -> Json:
        return self.data


_points = lru_cache(maxsize=256)(mask_points)
"""Card points of a pile: piles change only when a trick is taken."""


def phase_name(state: TichuState) -> str:
    if state.phase is Phase.PLAY and state.wisher is not None:
        return "wish"
    if state.phase is Phase.PLAY and state.dragon_pending:
        return "dragon"
    return state.phase.value


def _play_json(play: TrickPlay) -> Json:
    return {"seat": play.seat, "cards": card_list(play.combo.cards), "combo": play.combo.describe()}


def _public_active(state: TichuState, audience: Audience) -> list[int]:
    if audience is OMNISCIENT:
        return sorted(active_seats(state))
    seats = set(awaited_seats(state))
    seats.update(s for s in range(SEATS) if can_call_tichu(state, s))
    if not isinstance(audience, Viewer) and audience in active_seats(state):
        seats.add(audience)
    return sorted(seats)


def _exchange_json(state: TichuState, seat: int) -> Json | None:
    """The seat's own exchange choices so far (seat → card) and, once revealed, what it got."""
    own = state.given[seat]
    if all(c is None for c in own):
        return None
    given = {
        str((seat + k) % SEATS): format_card(c) for k, c in enumerate(own, start=1) if c is not None
    }
    received: dict[str, str] = {}
    if state.revealed:
        for giver, row in enumerate(state.given):
            c = row[(seat - giver) % SEATS - 1]
            if giver != seat and c is not None:
                received[str(giver)] = format_card(c)
    return {"given": given, "received": received}


@lru_cache(maxsize=1 << 12)
@lru_cache(maxsize=4096)
def combo_json(combo: Combo) -> Json:
    """What a play is, so that clients and bots need not recompute it: kind, length, top rank
    (0 Dog, 1 Mah Jong, 2..14, 15 Dragon; a Phoenix single: the rank it tops), strength in
    half-steps, the Phoenix's declared rank in a multi-card play, and the short text.
    Memoised (observations are read-only): a lead lists a hundred plays per observation."""
    return {
        "kind": combo.kind.name.lower(),
        "length": combo.length,
        "rank": combo.strength // 2,
        "strength": combo.strength,
        "phoenix": combo.phoenix_as if combo.length > 1 else None,
        "combo": combo.describe(),
    }


def legal_info(state: TichuState, seat: int) -> list[Json | None]:
    """Parallel to ``legal``: each play's ``combo_json``, None for other actions."""
    # The plays and bombs-onto are listed in their mappings' order (``rules.legal_actions``), so
    # the combinations are read off in turn rather than looked up (hashing) action by action.
    combos = iter([*play_options(state, seat).values(), *bomb_options(state, seat).values()])
    return [
        combo_json(next(combos)) if a.kind in _COMBO_KINDS else None
        for a in legal_actions(state, seat)
    ]


_COMBO_KINDS: Final = (ActionKind.PLAY, ActionKind.BOMB)


def _calls(state: TichuState, audience: Audience) -> list[str]:
    calls = list(state.calls)
    if state.phase is Phase.GRAND:  # a seat knows its own pending Grand Tichu decision
        public = state.config.sequential_grand or audience is OMNISCIENT
        for s in range(SEATS):
            if state.grand[s] and (public or audience == s):
                calls[s] = GRAND_CALL
    return calls


def _decided(state: TichuState) -> list[bool]:
    if state.phase is Phase.GRAND:
        return [d is not None for d in state.grand]
    if state.phase is Phase.EXCHANGE:
        return [state.exchanged(s) for s in range(SEATS)]
    return [False] * SEATS


def observe(state: TichuState, audience: Audience, outcome: Outcome | None) -> TichuObservation:
    seat = None if isinstance(audience, Viewer) else audience
    top = state.trick[-1] if state.trick else None
    wisher = state.wisher
    leading = state.phase is Phase.PLAY and state.turn is not None and is_leading(state)
    leading = leading and wisher is None
    data: Json = {
        "game": "tichu",
        "audience": audience.value if isinstance(audience, Viewer) else audience,
        "phase": phase_name(state),
        "num_seats": SEATS,
        "active": _public_active(state, audience),
        "awaited": sorted(awaited_seats(state)),
        "legal": [] if seat is None else legal_texts(state, seat),
        "legal_info": [] if seat is None else legal_info(state, seat),
        "hand": None if seat is None else card_list(state.hands[seat]),
        "hand_sizes": [h.bit_count() for h in state.hands],
        "terminal": state.phase is Phase.GAME_OVER,
        "outcome": None if outcome is None else outcome.to_json(),
        "round": state.round,
        "scores": list(state.scores),
        "score_sheet": [list(p) for p in state.score_sheet],
        "calls": _calls(state, audience),
        "decided": _decided(state),
        "exchange": None if seat is None else _exchange_json(state, seat),
        "trick": [_play_json(p) for p in state.trick],
        "top": None if top is None else _play_json(top),
        "turn": state.turn if wisher is None else wisher,
        "lead": leading and not state.final,
        "wish": None if state.wish is None else rank_text(state.wish),
        "out": list(state.out),
        "pile_points": [_points(p) for p in state.piles],
        "passes": state.passed.bit_count(),
        "last_round": None if state.last_round is None else state.last_round.to_json(),
    }
    if audience is OMNISCIENT:
        data["hands"] = [card_list(h) for h in state.hands]
    return TichuObservation(data)


def project(event: JsonAble, audience: Audience) -> JsonAble | None:
    """Redact ``event`` for ``audience``; None when it may not see it at all."""
    if audience is OMNISCIENT:
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
