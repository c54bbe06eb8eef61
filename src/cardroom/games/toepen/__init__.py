"""Toepen (3-8 players, Toepen-default rules of ``shared/rules/toepen.md``).

``GAME`` is registered as ``"toepen"``. Canonical action texts (see ``actions``): ``play 10H``,
``knock``, ``stay``, ``fold``, ``laundry``, ``nolaundry``, ``challenge``, ``accept``,
``whistle``, ``stand``, ``nosignal``. Cards: rank ``7 8 9 10 J Q K A`` + suit ``H S D C``.
Options: ``ToepenConfig`` (``config``).
"""

from cardroom.engine.registry import register_game
from cardroom.games.toepen.actions import Action
from cardroom.games.toepen.config import ToepenConfig
from cardroom.games.toepen.game import ToepenGame
from cardroom.games.toepen.state import ToepenState

GAME = ToepenGame()
register_game(GAME)

__all__ = ["GAME", "Action", "ToepenConfig", "ToepenGame", "ToepenState"]
