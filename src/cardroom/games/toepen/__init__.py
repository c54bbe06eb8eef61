"""Toepen (3-8 players, Toepen-default rules of ``docs/rules/toepen.md``).

``GAME`` is registered as ``"toepen"``. Canonical action texts (see ``actions``): ``play 10H``,
``knock``, ``stay``, ``fold``, ``laundry``, ``nolaundry``, ``challenge``, ``accept``,
``whistle``, ``stand``, ``nosignal``. Cards: rank ``7 8 9 10 J Q K A`` + suit ``H S D C``.
Options: ``ToepenConfig`` (``config``).

Engine choices where toepen.md leaves room:

* Every seat is offered the optional J signal (``nosignal`` is always legal), so being asked
  reveals nothing about a hand (R8.3); 10s are announced by the engine at once.
* A knock may come from any seat still in at any moment of the play phase (R5.2): such seats are
  *active*, but ``turn`` names the one seat the game waits for. Simultaneous knocks are settled
  by arrival order (the table actor), not by the clockwise priority of R5.2.
* Laundry cards are drawn when the exchange is declared (the exchange stands either way, R3.3).
"""

from cardroom.engine.registry import register_game
from cardroom.engine.upgrade import register_upgrader
from cardroom.games.toepen.actions import Action
from cardroom.games.toepen.cards import CardSet
from cardroom.games.toepen.config import RULES_VERSION, ToepenConfig
from cardroom.games.toepen.game import ToepenGame
from cardroom.games.toepen.state import Phase, ToepenState
from cardroom.games.toepen.upgrade import upgrade

GAME = ToepenGame()
register_game(GAME)
register_upgrader(GAME.name, upgrade)

__all__ = [
    "GAME",
    "RULES_VERSION",
    "Action",
    "CardSet",
    "Phase",
    "ToepenConfig",
    "ToepenGame",
    "ToepenState",
]
