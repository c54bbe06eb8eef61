"""``TichuGame``: the engine's ``Game`` protocol over the Tichu modules."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.engine.game import JsonAble, JsonDict, Observation, Outcome
from cardroom.engine.gametype import ChanceMode, Dynamics, GameType, Information, Utility
from cardroom.engine.types import Audience

from . import observe as _observe
from . import rules, sample
from .actions import TichuAction, action_text
from .config import RULES_VERSION, TichuConfig
from .events import RoundScored
from .scoring import end_reason, match_result
from .state import GAME_OVER_PHASE, SEATS, TichuState


class TichuGame:
    """4-player Tichu; seats 0..3 in play order, teams {0, 2} and {1, 3}."""

    name = "tichu"
    rules_version = RULES_VERSION
    game_type = GameType(
        dynamics=Dynamics.SIMULTANEOUS,  # Grand Tichu and exchange decisions
        chance_mode=ChanceMode.EXPLICIT_STOCHASTIC,  # the shuffle
        information=Information.IMPERFECT,
        utility=Utility.GENERAL_SUM,  # calls win or lose points for one team only
        min_seats=SEATS,
        max_seats=SEATS,
        interrupts=True,  # bombs and Tichu calls out of turn
    )
    min_seats = SEATS
    max_seats = SEATS
    round_end: tuple[type, ...] = (RoundScored,)

    # -- configuration ----------------------------------------------------------------------
    def default_config(self, seats: int | None = None) -> TichuConfig:
        if seats not in (None, SEATS):
            raise ValueError(f"Tichu is played by {SEATS} players, not {seats}")
        return TichuConfig()

    def config_to_json(self, config: TichuConfig) -> JsonDict:
        return config.to_json()

    def config_from_json(self, data: Mapping[str, Any]) -> TichuConfig:
        return TichuConfig.from_json(data)

    def num_seats(self, config: TichuConfig) -> int:
        return SEATS

    def conformance_configs(self) -> tuple[TichuConfig, ...]:
        """Short matches for the registry-wide conformance suite: the standard rules and one
        with every [Option] switched on, both limited to 3 rounds (random players' calls
        drive scores down, so a target alone might never be reached)."""
        return (
            TichuConfig(max_rounds=3),
            TichuConfig(
                target_score=300,
                max_rounds=3,
                sequential_grand=True,
                no_calls_after_out=True,
                wish_mandatory=True,
                pass_is_final=True,
                overtrump_self=True,
                dog_to_seat_after_dog_player=True,
                dragon_last_trick_exempt=True,
                tie_is_draw=True,
                double_victory_points=100,
            ),
        )

    # -- state transitions --------------------------------------------------------------------
    # The rules' functions themselves, not wrappers: the runner, bots and observations call
    # these several times per step, and a wrapper's frame costs as much as a cheap answer.
    new = staticmethod(rules.new_state)
    pending_chance = staticmethod(rules.pending_chance)
    apply_chance = staticmethod(rules.deal)
    active_seats = staticmethod(rules.active_seats)
    awaited = staticmethod(rules.awaited_seats)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def is_terminal(self, state: TichuState) -> bool:
        return state.phase is GAME_OVER_PHASE

    def outcome(self, state: TichuState) -> Outcome | None:
        if state.phase is not GAME_OVER_PHASE:
            return None
        cfg = state.config
        teams = match_result(cfg, state.scores, len(state.score_sheet)) or frozenset()
        scores = tuple(state.scores[s % 2] for s in range(SEATS))
        winners = frozenset(s for s in range(SEATS) if s % 2 in teams)
        reason = end_reason(cfg, state.scores, teams)
        return Outcome(scores, winners, reason)

    default_action = staticmethod(rules.default_action)

    # -- notation ----------------------------------------------------------------------------
    def parse_action(self, text: str) -> TichuAction:
        return TichuAction.parse(text)

    format_action = staticmethod(action_text)
    """``str(action)``, memoised: the runner logs an action text at every step."""

    # -- information ---------------------------------------------------------------------------
    def observe(self, state: TichuState, audience: Audience) -> Observation:
        return _observe.observe(state, audience, self.outcome(state))

    def project(self, event: JsonAble, audience: Audience) -> JsonAble | None:
        return _observe.project(event, audience)

    def resample_hidden(self, state: TichuState, seat: int, rng: random.Random) -> TichuState:
        return sample.resample_hidden(state, seat, rng)

    def sample_action_texts(self, state: TichuState, seat: int, rng: random.Random) -> list[str]:
        return sample.sample_action_texts(state, seat, rng)
