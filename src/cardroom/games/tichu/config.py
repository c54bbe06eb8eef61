"""Tichu table settings: the [Standard] rules of ``tichu.md`` plus its [Option]s (§12 sums up).

Every flag defaults to the [Standard] reading, so ``TichuConfig()`` is the normal game.

>>> TichuConfig.from_json({"target_score": 500}).target_score
500
>>> TichuConfig.from_json({"targett": 500})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardroom.engine.errors.ConfigError: unknown Tichu option 'targett'; known: allow_grand, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from cardroom.engine.config import check_option_types, option, options_from_json, options_to_json

RULES_VERSION: Final = "tichu-2026.2"
"""Bumped whenever a rule change would make old logs replay differently."""


@dataclass(frozen=True, slots=True)
class TichuConfig:
    """Match length and rule variants (names follow tichu.md; see each field)."""

    target_score: int = option(1000, "Points a team needs to win the match", min=1, max=10_000)
    """R11.1: the match ends after the round in which a team reaches this many points. At most
    ten default matches long, so that every match (bots alone included) comes to an end."""
    allow_grand: bool = option(True, "Deal 8 cards first, with a Grand Tichu window")
    """R10.4 [Option]: False deals all 14 cards at once, with no Grand Tichu window."""
    sequential_grand: bool = option(False, "Grand Tichu decisions one at a time, in seat order")
    """R2.3 [Option]: Grand Tichu decisions one at a time in seat order (0, 1, 2, 3), each
    public at once, instead of simultaneous and private until all four are in."""
    no_calls_after_out: bool = option(False, "No Tichu call once a player is out")
    """R3.6 [Option]: forbid a Tichu call once any player is out."""
    wish_mandatory: bool = option(False, "A Mah Jong play must name a wish")
    """R8.1.1 [Option]: a Mah Jong play must name a rank."""
    pass_is_final: bool = option(
        False, "A player who passed may not play again in that trick (bombs may)"
    )
    """R5.4 [Option]: a player who passed may not play again in that trick (bombs still may)."""
    overtrump_self: bool = option(
        False, "The trick winner may beat his own play when all others passed"
    )
    """R5.7 [Option] (Göttingen): when all others passed, the winner may beat his own play; a
    play that beats it continues the trick, any other play leads a new one."""
    dog_to_seat_after_dog_player: bool = option(
        False, "With the partner out, the Dog's lead goes to the next seat"
    )
    """R8.2.2 [Option]: with the partner out, the Dog's lead goes to the Dog player's next seat."""
    dragon_last_trick_exempt: bool = option(
        False, "A Dragon winning the round's last trick is kept"
    )
    """R8.3.5 [Option]: a Dragon winning the round's final trick is kept, not given away."""
    tie_is_draw: bool = option(False, "An exact tie at or above the target is a draw")
    """R11.2 [Option]: an exact tie at or above the target ends the match as a draw."""
    double_victory_points: int = option(200, "Points for a one-two finish", min=0, max=1000)
    """R10.1/R10.4: what a one-two finish is worth (tournaments: 100)."""
    max_rounds: int = option(
        0, "End after this many rounds at the latest (0: no limit)", min=0, max=1000
    )
    """R11.2 [Option]: end after this many rounds at the latest (higher total wins, equal
    totals draw); 0 plays until the target is reached."""

    def __post_init__(self) -> None:
        check_option_types(self, "Tichu")
        if self.target_score <= 0:
            raise ValueError(f"target_score must be positive, got {self.target_score}")
        if self.max_rounds < 0:
            raise ValueError(f"max_rounds must be 0 (no limit) or positive, got {self.max_rounds}")

    def to_json(self) -> dict[str, Any]:
        return options_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TichuConfig:
        """Build from JSON; unknown keys and wrongly typed values raise ``ConfigError``."""
        return options_from_json(cls, data, "Tichu")

    @classmethod
    def schema(cls) -> dict[str, Any]:
        """Option name → default, for lobby forms (``GET /api/games``)."""
        return cls().to_json()
