"""A small hidden-hand game for server tests, with string cards like Tichu's.

Each of 2..4 seats is dealt ``cards`` cards named ``c00``, ``c01``, …. First every seat bids
``bid 0`` or ``bid 1`` at once (a simultaneous, private decision, like Grand Tichu); then seats
play one card each in turn until the hands are empty. A seat scores its played cards' numbers,
doubled if it bid 1. Observations carry the contract's common keys (contracts §2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardroom.engine import (
    ChanceOutcome,
    ChanceRequest,
    IllegalActionError,
    InvalidNotationError,
    NotActiveError,
    Outcome,
    Step,
    register_game,
)
from cardroom.engine.game import JsonAble, JsonDict
from cardroom.engine.gametype import ChanceMode, Dynamics, GameType, Information, Utility
from cardroom.engine.types import Audience, Viewer
from tests.engine.toy import JsonData


def card(n: int) -> str:
    return f"c{n:02d}"


@dataclass(frozen=True, slots=True)
class RelayConfig:
    seats: int = 4
    cards: int = 3


@dataclass(frozen=True, slots=True)
class RelayState:
    config: RelayConfig
    hands: tuple[tuple[str, ...], ...] = ()
    bids: tuple[int | None, ...] = ()
    played: tuple[tuple[str, ...], ...] = ()
    turn: int = 0


class RelayGame:
    name = "relay"
    rules_version = "1"
    game_type = GameType(
        Dynamics.SIMULTANEOUS,  # the bids
        ChanceMode.EXPLICIT_STOCHASTIC,
        Information.IMPERFECT,
        Utility.GENERAL_SUM,
        min_seats=2,
        max_seats=4,
        interrupts=False,
    )
    min_seats = 2
    max_seats = 4
    round_end: tuple[type, ...] = ()

    def default_config(self, seats: int | None = None) -> RelayConfig:
        return RelayConfig(seats or 4)

    def config_to_json(self, config: RelayConfig) -> JsonDict:
        return {"seats": config.seats, "cards": config.cards}

    def config_from_json(self, data: Mapping[str, Any]) -> RelayConfig:
        unknown = set(data) - {"seats", "cards"}
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)}")
        seats, cards = data.get("seats", 4), data.get("cards", 3)
        if not isinstance(seats, int) or not 2 <= seats <= 4:
            raise ValueError("seats must be 2..4")
        if not isinstance(cards, int) or not 1 <= cards <= 20:
            raise ValueError("cards must be 1..20")
        return RelayConfig(seats, cards)

    def num_seats(self, config: RelayConfig) -> int:
        return config.seats

    def new(self, config: RelayConfig) -> RelayState:
        n = config.seats
        return RelayState(config, (), (None,) * n, ((),) * n)

    def pending_chance(self, state: RelayState) -> ChanceRequest | None:
        cfg = state.config
        return None if state.hands else ChanceRequest("shuffle", cfg.seats * cfg.cards)

    def apply_chance(self, state: RelayState, outcome: ChanceOutcome) -> Step[RelayState, JsonAble]:
        request = self.pending_chance(state)
        if request is None:
            raise IllegalActionError("no chance event is pending")
        outcome.check(request)
        k = state.config.cards
        hands = tuple(
            tuple(sorted(card(v) for v in outcome.values[s * k : (s + 1) * k]))
            for s in range(state.config.seats)
        )
        dealt = JsonData({"type": "dealt", "hands": [list(h) for h in hands]})
        return Step(replace(state, hands=hands), (dealt,))

    def phase(self, state: RelayState) -> str:
        if not state.hands:
            return "deal"
        if None in state.bids:
            return "bid"
        return "over" if self.is_terminal(state) else "play"

    def active_seats(self, state: RelayState) -> frozenset[int]:
        phase = self.phase(state)
        if phase == "bid":
            return frozenset(s for s, b in enumerate(state.bids) if b is None)
        return frozenset({state.turn}) if phase == "play" else frozenset()

    def awaited(self, state: RelayState) -> frozenset[int]:
        return self.active_seats(state)

    def legal_actions(self, state: RelayState, seat: int) -> tuple[str, ...]:
        if seat not in self.active_seats(state):
            return ()
        if self.phase(state) == "bid":
            return ("bid 0", "bid 1")
        return tuple(f"play {c}" for c in state.hands[seat])

    def apply(self, state: RelayState, seat: int, action: str) -> Step[RelayState, JsonAble]:
        if seat not in self.active_seats(state):
            raise NotActiveError(f"seat {seat} may not act now")
        verb, arg = action.split()
        if self.phase(state) == "bid":
            if verb != "bid":
                raise IllegalActionError("everyone bids before play starts")
            bids = list(state.bids)
            bids[seat] = int(arg)
            new = replace(state, bids=tuple(bids))
            events: list[JsonAble] = [JsonData({"type": "bid", "seat": seat, "bid": int(arg)})]
            if None not in bids:
                events.append(JsonData({"type": "bids_revealed", "bids": bids}))
            return Step(new, tuple(events))
        if verb != "play":
            raise IllegalActionError("bids are over: play a card")
        if arg not in state.hands[seat]:
            raise IllegalActionError(f"{arg} is not in your hand")
        hands, played = list(state.hands), list(state.played)
        hands[seat] = tuple(c for c in hands[seat] if c != arg)
        played[seat] = (*played[seat], arg)
        new = replace(
            state, hands=tuple(hands), played=tuple(played), turn=(seat + 1) % state.config.seats
        )
        return Step(new, (JsonData({"type": "played", "seat": seat, "card": arg}),))

    def is_terminal(self, state: RelayState) -> bool:
        return bool(state.hands) and not any(state.hands)

    def scores(self, state: RelayState) -> tuple[int, ...]:
        return tuple(
            sum(int(c[1:]) for c in p) * (2 if b else 1)
            for p, b in zip(state.played, state.bids, strict=True)
        )

    def outcome(self, state: RelayState) -> Outcome | None:
        if not self.is_terminal(state):
            return None
        scores = self.scores(state)
        return Outcome(
            scores, frozenset(s for s, x in enumerate(scores) if x == max(scores)), "out"
        )

    def default_action(self, state: RelayState, seat: int) -> str:
        return self.legal_actions(state, seat)[0]

    def parse_action(self, text: str) -> str:
        parts = text.split()
        ok = len(parts) == 2 and (
            (parts[0] == "bid" and parts[1] in ("0", "1"))
            or (parts[0] == "play" and len(parts[1]) == 3 and parts[1][0] == "c"
                and parts[1][1:].isdigit())
        )  # fmt: skip
        if not ok:
            raise InvalidNotationError(f"expected 'bid 0|1' or 'play cNN', got {text!r}")
        return " ".join(parts)

    def format_action(self, action: str) -> str:
        return action

    def observe(self, state: RelayState, audience: Audience) -> JsonData:
        seat = None if isinstance(audience, Viewer) else audience
        n = state.config.seats
        bidding = self.phase(state) in ("deal", "bid")
        data: JsonDict = {
            "game": self.name,
            "audience": audience.value if isinstance(audience, Viewer) else audience,
            "phase": self.phase(state),
            "num_seats": n,
            "active": sorted(self.active_seats(state)),
            "awaited": sorted(self.active_seats(state)),
            "legal": list(self.legal_actions(state, seat)) if seat is not None else [],
            "hand": list(state.hands[seat]) if seat is not None and state.hands else None,
            "hand_sizes": [len(h) for h in state.hands] if state.hands else [0] * n,
            "terminal": self.is_terminal(state),
            "outcome": o.to_json() if (o := self.outcome(state)) else None,
            "turn": None if bidding else state.turn,
            "decided": [b is not None for b in state.bids],
            "bids": None if bidding else list(state.bids),
            "my_bid": state.bids[seat] if seat is not None else None,
            "played": [list(p) for p in state.played],
        }
        return JsonData(data)

    def project(self, event: JsonAble, audience: Audience) -> JsonAble | None:
        data = event.to_json()
        if data["type"] == "dealt":
            if isinstance(audience, Viewer):
                return None
            return JsonData({"type": "dealt", "hand": data["hands"][audience]})
        if data["type"] == "bid" and audience != data["seat"]:
            return JsonData({"type": "bid", "seat": data["seat"]})
        return event

    def resample_hidden(self, state: RelayState, seat: int, rng: random.Random) -> RelayState:
        return state

    def sample_action_texts(self, state: RelayState, seat: int, rng: random.Random) -> list[str]:
        return ["bid 1", f"play {card(rng.randrange(20))}", "jump"]


RELAY = RelayGame()
register_game(RELAY)
