"""Tichu (4-player "Tichu Nanking"), per ``docs/rules/tichu.md``.

>>> from cardroom.engine import get_game
>>> get_game("tichu").max_seats
4
"""

from cardroom.engine.registry import register_game
from cardroom.engine.upgrade import register_upgrader

from .actions import TichuAction
from .config import RULES_VERSION, TichuConfig
from .game import TichuGame
from .state import TichuState
from .upgrade import upgrade

GAME = TichuGame()
register_game(GAME)
register_upgrader(GAME.name, upgrade)

__all__ = ["GAME", "RULES_VERSION", "TichuAction", "TichuConfig", "TichuGame", "TichuState"]
