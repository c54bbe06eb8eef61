"""What kind of game a game is, declared by the game (OpenSpiel's ``GameType``).

The conformance suite (``engine.testing.check_game_type``) plays games and checks each claim, so
a declaration cannot drift from the rules; drivers may read it (a ``SEQUENTIAL`` game waits for
at most one seat; without ``interrupts`` no seat acts out of turn).

>>> t = GameType(Dynamics.SEQUENTIAL, ChanceMode.DETERMINISTIC, Information.PERFECT,
...              Utility.ZERO_SUM, min_seats=2, max_seats=2, interrupts=False)
>>> t.min_seats, t.chance_mode.value
(2, 'deterministic')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Dynamics(enum.Enum):
    """``SEQUENTIAL``: at most one seat owes a move at a time; ``SIMULTANEOUS``: several may
    (Tichu's Grand Tichu and exchange decisions)."""

    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"


class ChanceMode(enum.Enum):
    """``EXPLICIT_STOCHASTIC``: chance points the engine resolves (shuffles, draws by lot)."""

    DETERMINISTIC = "deterministic"
    EXPLICIT_STOCHASTIC = "explicit_stochastic"


class Information(enum.Enum):
    """``IMPERFECT``: some seat cannot see part of the state (the others' cards)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Utility(enum.Enum):
    """How the final scores relate: summing to zero, to a constant, or to anything."""

    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"


@dataclass(frozen=True, slots=True)
class GameType:
    """A game's declared kind. ``interrupts``: seats may act without owing a move (bombs,
    calls, knocks), so ``active_seats`` can exceed ``awaited``."""

    dynamics: Dynamics
    chance_mode: ChanceMode
    information: Information
    utility: Utility
    min_seats: int
    max_seats: int
    interrupts: bool
