"""``ToepenGame``: the ``Game`` protocol over the pure functions of ``rules``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.engine.chance import ChanceOutcome, ChanceRequest
from cardroom.engine.errors import NotActiveError
from cardroom.engine.game import JsonAble, JsonDict, Observation, Outcome
from cardroom.engine.gametype import ChanceMode, Dynamics, GameType, Information, Utility
from cardroom.engine.types import Audience, Step
from cardroom.games.toepen import rules, sample
from cardroom.games.toepen.actions import Action
from cardroom.games.toepen.config import MAX_SEATS, MIN_SEATS, RULES_VERSION, ToepenConfig
from cardroom.games.toepen.events import HandEnded
from cardroom.games.toepen.observe import observe, project
from cardroom.games.toepen.state import Phase, ToepenState

DEFAULTS = {
    Phase.ANNOUNCE: "nosignal",
    Phase.LAUNDRY: "nolaundry",
    Phase.CHALLENGE: "accept",
    Phase.RESPOND: "fold",
}
"""Timeouts decline every option; a knock is answered by folding (cheapest now, R5.6)."""


class ToepenGame:
    """Toepen for 3-8 players (2 as an option), Toepen-default rules (``docs/rules/toepen.md``)."""

    name = "toepen"
    rules_version = RULES_VERSION
    game_type = GameType(
        dynamics=Dynamics.SEQUENTIAL,  # one seat answers or plays at a time
        chance_mode=ChanceMode.EXPLICIT_STOCHASTIC,  # the first dealer by lot, the shuffles
        information=Information.IMPERFECT,
        utility=Utility.GENERAL_SUM,  # lives lost by the many, not won by the one
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        interrupts=True,  # a knock out of turn
    )
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    round_end: tuple[type, ...] = (HandEnded,)

    def default_config(self, seats: int | None = None) -> ToepenConfig:
        return ToepenConfig() if seats is None else ToepenConfig(seats=seats)

    def config_to_json(self, config: ToepenConfig) -> JsonDict:
        return config.to_json()

    def config_from_json(self, data: Mapping[str, Any]) -> ToepenConfig:
        return ToepenConfig.from_json(data)

    def conformance_configs(self) -> tuple[ToepenConfig, ...]:
        """The registry-wide conformance suite's configs: 3, 4 and 8 players, then every option
        at least once (2 players is the R1.1 option)."""
        return (
            ToepenConfig(seats=3),
            ToepenConfig(seats=4),
            ToepenConfig(seats=8),
            ToepenConfig(seats=5, lives=5, poverty=True, elimination=True, dealer_rule="left"),
            ToepenConfig(seats=2, lives=3, finish_hand=True, folded_taker_deals=False),
            ToepenConfig(
                dutch_laundry=True, laundry_open=True, exchange_repeat=True, free_signals=True
            ),
            ToepenConfig(
                seats=6, four_of_a_kind=True, fold_void=True, jack_double=True, max_stake=4
            ),
            ToepenConfig(
                seats=3,
                lives=15,
                announce=False,
                exchange_penalty=2,
                turn_knock=True,
                double_knock=True,
                one_knock=True,
                table_cap=True,
                jack_bonus=True,
                dealer_rule="high",
            ),
        )

    def num_seats(self, config: ToepenConfig) -> int:
        return config.seats

    def new(self, config: ToepenConfig) -> ToepenState:
        return rules.new_state(config)

    def pending_chance(self, state: ToepenState) -> ChanceRequest | None:
        return rules.pending_chance(state)

    def apply_chance(
        self, state: ToepenState, outcome: ChanceOutcome
    ) -> Step[ToepenState, JsonAble]:
        return rules.apply_chance(state, outcome)

    def active_seats(self, state: ToepenState) -> frozenset[int]:
        return rules.active_seats(state)

    def awaited(self, state: ToepenState) -> frozenset[int]:
        return rules.awaited(state)

    def legal_actions(self, state: ToepenState, seat: int) -> tuple[Action, ...]:
        return rules.legal_actions(state, seat)

    def apply(self, state: ToepenState, seat: int, action: Action) -> Step[ToepenState, JsonAble]:
        return rules.apply_action(state, seat, action)

    def is_terminal(self, state: ToepenState) -> bool:
        return state.phase is Phase.GAME_OVER

    def outcome(self, state: ToepenState) -> Outcome | None:
        if state.phase is not Phase.GAME_OVER:
            return None
        winners, losers = rules.ranking(state)
        names = ", ".join(f"seat {s}" for s in losers)
        reason = f"{names} reached 0 lives" if losers else "last player with lives"
        return Outcome(state.lives, frozenset(winners), reason)

    def default_action(self, state: ToepenState, seat: int) -> Action:
        """The seat on ``turn`` declines, folds, or plays its first legal card. Timeouts should
        only be run for that seat; any other active seat may only knock, so that is its one
        legal action (``NotActiveError`` for a seat that may not act at all)."""
        legal = rules.legal_actions(state, seat)
        if not legal:
            raise NotActiveError(f"seat {seat} may not act now")
        if seat == rules.owing(state) and state.phase in DEFAULTS:
            default = Action.parse(DEFAULTS[state.phase])
            return default if default in legal else legal[0]  # a forced signal (R8.3)
        return legal[0]

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def format_action(self, action: Action) -> str:
        return str(action)

    def observe(self, state: ToepenState, audience: Audience) -> Observation:
        result = self.outcome(state)
        return Observation(observe(state, audience, None if result is None else result.to_json()))

    def project(self, event: JsonAble, audience: Audience) -> JsonAble | None:
        return project(event, audience)

    def resample_hidden(self, state: ToepenState, seat: int, rng: random.Random) -> ToepenState:
        return sample.resample_hidden(state, seat, rng)

    def sample_action_texts(self, state: ToepenState, seat: int, rng: random.Random) -> list[str]:
        return sample.sample_action_texts(state, seat, rng)
