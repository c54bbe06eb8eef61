"""The game registry: any algorithm can play any registered game by name.

>>> from cardroom.engine.registry import games
>>> isinstance(games(), tuple)
True
"""

from __future__ import annotations

import importlib
from typing import Any

from cardroom.engine.game import Game

_GAMES: dict[str, Game[Any, Any, Any]] = {}
_BUILTIN = ("cardroom.games.tichu", "cardroom.games.toepen")


def register_game(game: Game[Any, Any, Any]) -> None:
    """Register ``game`` under ``game.name`` (re-registering the same name replaces it)."""
    _GAMES[game.name] = game


def _load_builtins() -> None:
    for module in _BUILTIN:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a game not built yet must not break the others
            if exc.name != module:
                raise


def get_game(name: str) -> Game[Any, Any, Any]:
    """The registered game called ``name``; ``KeyError`` lists the known names."""
    _load_builtins()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_GAMES))}") from None


def games() -> tuple[str, ...]:
    """Names of all registered games, sorted."""
    _load_builtins()
    return tuple(sorted(_GAMES))
