"""What each audience sees: the observation JSON (``observe``) and the events (``project``);
the observation JSON of contracts.md §2 plus the Toepen keys (§6).

A seat sees its own hand and its own laundry discards; everybody sees lives, the stake, the
cards played, challenged discards and announcements; ``OMNISCIENT`` also sees every hand and
the stock. ``awaited`` lists the one seat the game waits for (the next to answer, or to play a
card); ``turn`` is the seat to play the next card of the trick (also while a knock is being
answered), as in Tichu. Other active seats may only knock.
"""

from __future__ import annotations

from dataclasses import replace

from cardroom.engine.game import JsonAble, JsonDict
from cardroom.engine.types import OMNISCIENT, Audience, Viewer
from cardroom.games.toepen import rules
from cardroom.games.toepen.cards import card_list, format_card
from cardroom.games.toepen.events import Dealt, Laundry
from cardroom.games.toepen.state import Exchange, Phase, ToepenState


def _plays(plays: tuple[tuple[int, int], ...]) -> list[JsonDict]:
    return [{"seat": s, "card": format_card(c)} for s, c in plays]


def _exchange(exchange: Exchange, audience: Audience) -> JsonDict:
    shown = exchange.challenger is not None or audience in (exchange.seat, OMNISCIENT)
    return {
        "seat": exchange.seat,
        "challenger": exchange.challenger,
        "loser": exchange.loser,
        "discard": card_list(exchange.discard) if shown else None,
    }


def _seats(mask: int, n: int) -> list[bool]:
    return [bool(mask >> s & 1) for s in range(n)]


def observe(state: ToepenState, audience: Audience, outcome: JsonDict | None) -> JsonDict:
    n = state.num_seats
    seat = None if isinstance(audience, Viewer) else audience
    legal = [] if seat is None else [str(a) for a in rules.legal_actions(state, seat)]
    dealt = bool(state.hands)
    knock = state.phase is Phase.RESPOND
    data: JsonDict = {
        "game": "toepen",
        "audience": audience.value if isinstance(audience, Viewer) else audience,
        "phase": state.phase.value,
        "num_seats": n,
        "active": sorted(rules.active_seats(state)),
        "awaited": sorted(rules.awaited(state)),
        "legal": legal,
        "hand": None if seat is None else card_list(state.hands[seat]) if dealt else [],
        "hand_sizes": [h.bit_count() for h in state.hands] if dealt else [0] * n,
        "terminal": state.phase is Phase.GAME_OVER,
        "outcome": outcome,
        "hand_no": state.hand_no,
        "lives": list(state.lives),
        "penalties": [state.config.lives - life for life in state.lives],
        "dealer": state.dealer,
        "turn": state.turn,
        "leader": state.leader,
        "in_game": _seats(rules.alive_mask(state), n),
        "in_hand": _seats(state.in_hand, n),
        "stake": state.stake,
        "knocker": state.knocker,
        "last_knocker": state.last_knocker,
        "responses": {
            "knocker": state.knocker,
            "answers": [{"seat": s, "answer": a} for s, a in state.answers],
            "waiting": list(state.queue),
        }
        if knock
        else None,
        "trick_no": state.trick_no,
        "trick": _plays(state.trick),
        "tricks": [{"plays": _plays(t.plays), "winner": t.winner} for t in state.tricks],
        "stock": len(state.stock),
        "laundry_turn": state.laundry_queue[0] if state.phase is Phase.LAUNDRY else None,
        "exchanger": state.exchanges[-1].seat if state.phase is Phase.CHALLENGE else None,
        "exchanges": [_exchange(e, audience) for e in state.exchanges],
        "open_hands": [
            card_list(h) if state.open_hands >> s & 1 else None for s, h in enumerate(state.hands)
        ],
        "signals": [list(s) for s in state.signals] if dealt else [[] for _ in range(n)],
        "last_hand": None
        if state.last_hand is None
        else {
            "hand_no": state.last_hand.hand_no,
            "winner": state.last_hand.winner,
            "reason": state.last_hand.reason,
            "losses": list(state.last_hand.losses),
        },
    }
    if audience is OMNISCIENT:
        data["hands"] = [card_list(h) for h in state.hands]
        data["stock_cards"] = [format_card(c) for c in state.stock]
    return data


def project(event: JsonAble, audience: Audience) -> JsonAble:
    """``event`` as ``audience`` may see it: other seats' cards hidden, the rest unchanged."""
    if audience is OMNISCIENT:
        return event
    if isinstance(event, Dealt):
        hands = tuple(h if seat == audience else -1 for seat, h in enumerate(event.hands))
        return replace(event, hands=hands)
    if isinstance(event, Laundry) and event.seat != audience:
        return replace(event, discard=-1, drawn=-1)
    return event
