"""Bots by game and level: ``make_bot("tichu", "heuristic")``.

``random`` plays any game (it only reads ``obs["legal"]``); ``heuristic`` bots are per game and
are imported lazily, so a game whose heuristic is not built yet only lacks that level.

>>> make_bot("tichu", "random").name
'random'
>>> make_bot("go", "genius")
Traceback (most recent call last):
...
ValueError: unknown bot level 'genius' for go; choose from: random
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from cardroom.bots.protocol import Bot
from cardroom.bots.random_bot import RandomBot

BotFactory = Callable[[], Bot]

_HEURISTICS: dict[str, tuple[str, str]] = {
    "tichu": ("cardroom.bots.tichu_heuristic", "TichuHeuristicBot"),
    "toepen": ("cardroom.bots.toepen_heuristic", "ToepenHeuristicBot"),
}
"""Per game: the module and class of its ``heuristic`` bot."""


def _heuristic(game: str) -> BotFactory | None:
    """The game's heuristic bot class, or None when it does not exist (yet)."""
    if game not in _HEURISTICS:
        return None
    module_name, class_name = _HEURISTICS[game]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:  # a bot not built yet must not break the others
        if exc.name != module_name:
            raise
        return None
    factory: BotFactory | None = getattr(module, class_name, None)
    return factory


_LEVELS: dict[tuple[str, str], tuple[str, str]] = {
    ("toepen", "tight"): ("cardroom.bots.toepen_tight", "ToepenTightBot"),
    ("toepen", "heuristic-v1"): ("cardroom.bots.toepen_heuristic_v1", "ToepenHeuristicV1Bot"),
    ("toepen", "search"): ("cardroom.bots.toepen_search", "ToepenSearchBot"),
}
"""Further levels per (game, level): module and class, imported lazily like the heuristics."""


def _factories(game: str) -> dict[str, BotFactory]:
    factories: dict[str, BotFactory] = {"random": RandomBot}
    heuristic = _heuristic(game)
    if heuristic is not None:
        factories["heuristic"] = heuristic
    for (name, level), (module, cls) in _LEVELS.items():
        if name == game:
            factories[level] = getattr(importlib.import_module(module), cls)
    return factories


HEAVY_LEVELS = frozenset({"search"})
"""Levels that think long (search): the server runs them in its capped process pool."""


def is_heavy(level: str) -> bool:
    """True for levels the server must keep off its event loop's thread (``bot_pool``).

    >>> is_heavy("search"), is_heavy("heuristic")
    (True, False)
    """
    return level in HEAVY_LEVELS


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels available for ``game``, sorted."""
    return tuple(sorted(_factories(game)))


def make_bot(game: str, level: str) -> Bot:
    """A fresh bot of ``level`` for ``game``; ``ValueError`` lists the levels there are."""
    factories = _factories(game)
    if level not in factories:
        choices = ", ".join(sorted(factories))
        raise ValueError(f"unknown bot level {level!r} for {game}; choose from: {choices}")
    return factories[level]()
