"""Tichu (4-player "Tichu Nanking"), per ``shared/rules/tichu.md``.

>>> from cardroom.engine import get_game
>>> get_game("tichu").max_seats
4
"""

from cardroom.engine.registry import register_game

from .actions import TichuAction
from .config import RULES_VERSION, TichuConfig
from .game import TichuGame
from .state import TichuState

GAME = TichuGame()
register_game(GAME)

__all__ = ["GAME", "RULES_VERSION", "TichuAction", "TichuConfig", "TichuGame", "TichuState"]
