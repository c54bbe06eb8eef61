"""Game-agnostic engine core: pure, deterministic, stdlib only.

Nothing in this package imports from the rest of ``cardroom``. Games build on it; servers,
bots and clients drive games only through it.
"""

from cardroom.engine.chance import ChanceOutcome, ChanceRequest, ChanceResolver, SeededResolver
from cardroom.engine.errors import (
    ConfigError,
    EngineError,
    IllegalActionError,
    InvalidNotationError,
    NotActiveError,
)
from cardroom.engine.game import Game, Observation, Outcome
from cardroom.engine.gametype import ChanceMode, Dynamics, GameType, Information, Utility
from cardroom.engine.record import GameRecord, LogRecord
from cardroom.engine.registry import games, get_game, register_game
from cardroom.engine.runner import Runner, replay
from cardroom.engine.types import OMNISCIENT, SPECTATOR, Audience, Seat, Step, Viewer

__all__ = [
    "OMNISCIENT",
    "SPECTATOR",
    "Audience",
    "ChanceMode",
    "ChanceOutcome",
    "ChanceRequest",
    "ChanceResolver",
    "ConfigError",
    "Dynamics",
    "EngineError",
    "Game",
    "GameRecord",
    "GameType",
    "IllegalActionError",
    "Information",
    "InvalidNotationError",
    "LogRecord",
    "NotActiveError",
    "Observation",
    "Outcome",
    "Runner",
    "Seat",
    "SeededResolver",
    "Step",
    "Utility",
    "Viewer",
    "games",
    "get_game",
    "register_game",
    "replay",
]
