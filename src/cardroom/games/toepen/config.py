"""``ToepenConfig``: the Toepen-default rule set (``docs/rules/toepen.md``) and its [Option]
variants.

Every field defaults to the [Standard] reading; each option names its variant ID as toepen.md
writes it beside the rule it changes; 2 players (R1.1 option) is ``seats=2``. Not implemented:
V-FOUR-CHANCE, V-BLIND, V-WAS-ALLCHECK, V-REDEAL, V-JP, V-POT, and the single post-exchange
announcement step (R8.2 option); see ``docs/rules/toepen.md`` §9 for why.

>>> ToepenConfig.from_json({"seats": 5, "lives": 15}).to_json()["lives"]
15
>>> ToepenConfig.from_json({"seats": 9})
Traceback (most recent call last):
...
cardroom.engine.errors.EngineError: R1.1: seats must be 2..8, got 9
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from cardroom.engine.config import option, options_from_json, options_to_json
from cardroom.engine.errors import EngineError

RULES_VERSION: Final = "toepen-default-2"
"""Bumped whenever a rule change would make old logs replay differently."""

MIN_SEATS: Final = 2
"""R1.1: 3-8 players; 2 is the [Option] of the Dutch sources."""
MAX_SEATS: Final = 8
DEALER_RULES: Final = ("winner", "left", "high")


@dataclass(frozen=True, slots=True)
class ToepenConfig:
    """One table's rules. ``seats`` 3..8 or 2 (R1.1 option), ``lives`` per player (R1.4)."""

    seats: int = option(4, "Players at the table", min=MIN_SEATS, max=MAX_SEATS)
    lives: int = option(10, "Lives each player starts with", min=1, max=50)
    announce: bool = option(True, "Whistle / stand up for three or four 10s and Js")
    """R8.1: the whistle / stand-up module for three or four 10s (must) and Js (may)."""
    free_signals: bool = option(False, "Anyone may whistle or stand (bluff)")
    """R8.5 option: anyone may whistle or stand (bluff) without a qualifying hand."""
    exchange_penalty: int = option(1, "Lives a caught laundry bluffer pays", min=1, max=5)
    """R3.6; 2 = V-WAS-2."""
    dutch_laundry: bool = option(False, "A genuine exchange is four of J/Q/K/A (or three and a 7)")
    """V-WAS: a genuine exchange is four of J/Q/K/A or three of them plus one 7."""
    laundry_open: bool = option(False, "A caught bluffer keeps his old hand, face up")
    """V-WAS-OPEN: a caught bluffer keeps his old hand, face up, and gets no new cards."""
    exchange_repeat: bool = option(False, "Exchangers are asked again while the stock has 4 cards")
    """V-EX-REPEAT: an exchanger is asked again while the stock has 4 cards."""
    turn_knock: bool = option(False, "Knock only on your turn to play")
    """V-TURNKNOCK: knock only when it is your turn to play a card."""
    double_knock: bool = option(False, "The last knocker may knock again at once")
    """V-DOUBLEKNOCK: the last knocker may knock again at once."""
    one_knock: bool = option(False, "Each player knocks at most once per hand")
    """V-ONEKNOCK: each player knocks at most once per hand."""
    max_stake: int = option(
        0, "No knock above this stake (0: no cap; else at least 2)", min=0, max=50
    )
    """V-CAP-FIXED: no knock above this stake (0 = no cap)."""
    table_cap: bool = option(False, "No knock that could take a player below 0 lives")
    """V-CAP-TABLE: no knock that could take a player still in below 0 lives."""
    fold_void: bool = option(False, "Folded players' cards do not count in the trick")
    """V-FOLDVOID: folded players' cards do not count in the current trick."""
    jack_double: bool = option(False, "Trick 4 won with a J doubles what the losers pay")
    """V-JACK-DOUBLE: trick 4 won with a J doubles what the losers pay."""
    jack_bonus: bool = option(False, "Trick 4 won with a J gives the winner a life back")
    """V-JACK-BONUS: trick 4 won with a J gives the winner a life back (never above ``lives``)."""
    dealer_rule: str = option("winner", "Who deals next", choices=DEALER_RULES)
    """R2.3 ``winner`` deals next; ``left`` = V-DEAL-LEFT; ``high`` = V-HIGHDEAL (fewest lives)."""
    four_of_a_kind: bool = option(False, "Four of a kind dealt wins the hand at once")
    """V-FOUR: four of a kind dealt wins the hand at once; every other player pays 3."""
    poverty: bool = option(False, "A player on 1 life leads for stake 2; others play or fold")
    """V-POOR (R7.4): a player starting with 1 life leads; stake 2; others play for 2 or fold."""
    elimination: bool = option(False, "Players at 0 lives drop out; the last one standing wins")
    """V-ELIM: players at 0 lives drop out; the last one with lives wins."""
    finish_hand: bool = option(False, "The hand in which somebody reached 0 lives is played out")
    """V-FINISH-HAND (R7.1 option): the hand in which somebody reached 0 lives is played out
    (R6.5) instead of the game ending at that moment."""
    folded_taker_deals: bool = option(True, "The taker of trick 4 deals next even if he folded")
    """R6.6: the taker of trick 4 deals next even if he folded; False = the deal moves left."""

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise EngineError(f"R1.1: seats must be {MIN_SEATS}..{MAX_SEATS}, got {self.seats}")
        if self.lives < 1:
            raise EngineError(f"R1.4: lives must be at least 1, got {self.lives}")
        if self.exchange_penalty < 1:
            raise EngineError(f"R3.6: exchange_penalty must be >= 1, got {self.exchange_penalty}")
        if self.max_stake < 0 or self.max_stake == 1:
            raise EngineError(f"V-CAP-FIXED: max_stake must be 0 or >= 2, got {self.max_stake}")
        if self.dealer_rule not in DEALER_RULES:
            raise EngineError(f"R2.3: dealer_rule must be one of {DEALER_RULES}")

    def to_json(self) -> dict[str, Any]:
        return options_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ToepenConfig:
        """Build a config; unknown keys and values of the wrong type raise ``ConfigError``."""
        return options_from_json(cls, data, "Toepen")
