"""A tiny two-seat game used to test the engine core: each seat draws from a shuffled deck of
six numbered cards and plays them face down-then-up; highest total of played cards wins.

Seat 0 and seat 1 alternate playing one card from hand; hands are hidden, played cards public.
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
)
from cardroom.engine.game import JsonAble, JsonDict
from cardroom.engine.gametype import ChanceMode, Dynamics, GameType, Information, Utility
from cardroom.engine.types import Audience, Viewer


@dataclass(frozen=True, slots=True)
class ToyConfig:
    cards: int = 6

    def to_json(self) -> JsonDict:
        return {"cards": self.cards}


@dataclass(frozen=True, slots=True)
class ToyState:
    config: ToyConfig
    hands: tuple[tuple[int, ...], ...] = ()
    played: tuple[tuple[int, ...], ...] = ((), ())
    turn: int = 0


@dataclass(frozen=True, slots=True)
class Dealt:
    hands: tuple[tuple[int, ...], ...]

    def to_json(self) -> JsonDict:
        return {"type": "dealt", "hands": [list(h) for h in self.hands]}


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: int

    def to_json(self) -> JsonDict:
        return {"type": "played", "seat": self.seat, "card": self.card}


@dataclass(frozen=True, slots=True)
class JsonData:
    """Any JSON object as a ``JsonAble``: the toy's observations (and the relay game's events)."""

    data: JsonDict

    def to_json(self) -> JsonDict:
        return self.data


class ToyGame:
    name = "toy"
    rules_version = "1"
    game_type = GameType(
        Dynamics.SEQUENTIAL,
        ChanceMode.EXPLICIT_STOCHASTIC,
        Information.IMPERFECT,
        Utility.GENERAL_SUM,
        min_seats=2,
        max_seats=2,
        interrupts=False,
    )
    min_seats = 2
    max_seats = 2
    round_end: tuple[type, ...] = ()

    def default_config(self, seats: int | None = None) -> ToyConfig:
        return ToyConfig()

    def config_to_json(self, config: ToyConfig) -> JsonDict:
        return config.to_json()

    def config_from_json(self, data: Mapping[str, Any]) -> ToyConfig:
        return ToyConfig(int(data.get("cards", 6)))

    def num_seats(self, config: ToyConfig) -> int:
        return 2

    def new(self, config: ToyConfig) -> ToyState:
        return ToyState(config)

    def pending_chance(self, state: ToyState) -> ChanceRequest | None:
        return None if state.hands else ChanceRequest("shuffle", state.config.cards)

    def apply_chance(self, state: ToyState, outcome: ChanceOutcome) -> Step[ToyState, JsonAble]:
        request = self.pending_chance(state)
        if request is None:
            raise IllegalActionError("no chance event is pending")
        outcome.check(request)
        half = len(outcome.values) // 2
        hands = (tuple(sorted(outcome.values[:half])), tuple(sorted(outcome.values[half:])))
        return Step(replace(state, hands=hands), (Dealt(hands),))

    def active_seats(self, state: ToyState) -> frozenset[int]:
        if not state.hands or self.is_terminal(state):
            return frozenset()
        return frozenset({state.turn})

    def awaited(self, state: ToyState) -> frozenset[int]:
        return self.active_seats(state)

    def legal_actions(self, state: ToyState, seat: int) -> tuple[int, ...]:
        return state.hands[seat] if seat in self.active_seats(state) else ()

    def apply(self, state: ToyState, seat: int, action: int) -> Step[ToyState, JsonAble]:
        if seat not in self.active_seats(state):
            raise NotActiveError(f"seat {seat} may not act now")
        if action not in state.hands[seat]:
            raise IllegalActionError(f"card {action} is not in your hand")
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action)
        played = list(state.played)
        played[seat] = (*played[seat], action)
        new = replace(state, hands=tuple(hands), played=tuple(played), turn=1 - seat)
        return Step(new, (Played(seat, action),))

    def is_terminal(self, state: ToyState) -> bool:
        return bool(state.hands) and not any(state.hands)

    def outcome(self, state: ToyState) -> Outcome | None:
        if not self.is_terminal(state):
            return None
        totals = tuple(sum(p) for p in state.played)
        best = max(totals)
        winners = frozenset(s for s, t in enumerate(totals) if t == best)
        return Outcome(totals, winners, "cards played")

    def default_action(self, state: ToyState, seat: int) -> int:
        return self.legal_actions(state, seat)[0]

    def parse_action(self, text: str) -> int:
        parts = text.split()
        if len(parts) != 2 or parts[0] != "play" or not parts[1].isdigit():
            raise InvalidNotationError(f"expected 'play N', got {text!r}")
        return int(parts[1])

    def format_action(self, action: int) -> str:
        return f"play {action}"

    def observe(self, state: ToyState, audience: Audience) -> JsonData:
        data: JsonDict = {
            "played": [list(p) for p in state.played],
            "hand_sizes": [len(h) for h in state.hands],
            "turn": state.turn,
            "awaited": sorted(self.awaited(state)),
        }
        if not isinstance(audience, Viewer) and state.hands:
            data["hand"] = list(state.hands[audience])
            data["legal"] = [self.format_action(a) for a in self.legal_actions(state, audience)]
        return JsonData(data)

    def project(self, event: JsonAble, audience: Audience) -> JsonAble | None:
        if isinstance(event, Dealt):
            if isinstance(audience, Viewer):
                return None
            return Dealt(tuple(h if s == audience else () for s, h in enumerate(event.hands)))
        return event

    def resample_hidden(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        return state  # the other hand is fixed by the played cards' complement only at the end

    def sample_action_texts(self, state: ToyState, seat: int, rng: random.Random) -> list[str]:
        return [f"play {rng.randrange(state.config.cards + 2)}", "play x"]


TOY = ToyGame()
