"""Bots by game and level: ``make_bot("tichu", "heuristic")``, ``make_bot("tichu", "search:0.3")``.

``random`` plays any game (it only reads ``obs["legal"]``); the other levels are per game and are
imported lazily (a search bot's imports stay out of processes that never make one); a missing
module is a packaging mistake and fails loudly. A level may take
one argument after a colon (``search:0.3`` = 0.3 s per decision); the bot class parses it with
its ``from_arg`` class method.

>>> make_bot("tichu", "random").name
'random'
>>> make_bot("go", "genius")
Traceback (most recent call last):
...
ValueError: unknown bot level 'genius' for go; choose from: random
>>> make_bot("tichu", "random:3")
Traceback (most recent call last):
...
ValueError: bot level 'random' takes no argument (got '3')
"""

from __future__ import annotations

import importlib
from typing import Any

from cardroom.bots.protocol import Bot
from cardroom.bots.random_bot import RandomBot

_LEVELS: dict[str, dict[str, tuple[str, str]]] = {
    "tichu": {
        "heuristic": ("cardroom.bots.tichu.heuristic", "TichuHeuristicBot"),
        "heuristic-v1": ("cardroom.bots.tichu.heuristic_v1", "TichuHeuristicV1Bot"),
        "search": ("cardroom.bots.tichu.search", "TichuSearchBot"),
        "novice": ("cardroom.bots.tichu.styles", "TichuNoviceBot"),
        "eager": ("cardroom.bots.tichu.styles", "TichuEagerBot"),
        "bomber": ("cardroom.bots.tichu.styles", "TichuBomberBot"),
        "fighter": ("cardroom.bots.tichu.styles", "TichuFighterBot"),
        "gambler": ("cardroom.bots.tichu.styles", "TichuGamblerBot"),
        "partition": ("cardroom.bots.tichu.partition", "TichuPartitionBot"),
    },
    "toepen": {
        "heuristic": ("cardroom.bots.toepen.heuristic", "ToepenHeuristicBot"),
        "tight": ("cardroom.bots.toepen.tight", "ToepenTightBot"),
        "heuristic-v1": ("cardroom.bots.toepen.heuristic_v1", "ToepenHeuristicV1Bot"),
        "search": ("cardroom.bots.toepen.search", "ToepenSearchBot"),
        "bluffer": ("cardroom.bots.toepen.styles", "ToepenBlufferBot"),
        "stubborn": ("cardroom.bots.toepen.styles", "ToepenStubbornBot"),
    },
}
"""Per game and level: the module and class of the bot."""

PLAYER_LEVELS: dict[str, dict[str, str]] = {
    "tichu": {
        "beginner": "novice",
        "casual": "heuristic",
        "strong": "search:n=10,plain",
        "expert": "search:n=30",
    },
}
"""The levels people choose, gentlest first, per game: each names a concrete bot level (and
budget). README "Bot levels" gives the measured gap between neighbours."""

POOL: dict[str, tuple[str, ...]] = {
    "tichu": (
        "random",
        "heuristic-v1",
        "heuristic",
        "search:n=30,plain",
        "eager",
        "bomber",
        "fighter",
        "gambler",
        "partition",
    ),
    "toepen": ("random", "tight", "heuristic-v1", "heuristic", "search", "bluffer", "stubborn"),
}
"""The arena's opponent pool per game (``cardroom arena --pool``): a change is kept only if it
loses to none of them beyond noise."""


def resolve(game: str, level: str) -> str:
    """A player level's concrete bot level; any other level unchanged.

    >>> resolve("tichu", "expert"), resolve("tichu", "search:n=5")
    ('search:n=30', 'search:n=5')
    """
    return PLAYER_LEVELS.get(game, {}).get(level.strip(), level)


def _classes(game: str) -> dict[str, Any]:
    classes: dict[str, Any] = {"random": RandomBot}
    for level, (module_name, class_name) in _LEVELS.get(game, {}).items():
        classes[level] = getattr(importlib.import_module(module_name), class_name)
    return classes


HEAVY_LEVELS = frozenset({"search"})
"""Levels that think long (search): the server runs them in its capped process pool."""


def is_heavy(level: str) -> bool:
    """True for levels the server must keep off its event loop's thread (``bot_pool``).

    >>> is_heavy("search"), is_heavy("search:0.3"), is_heavy("heuristic"), is_heavy("expert")
    (True, True, False, True)
    """
    name = split_level(level)[0]
    concrete = {
        split_level(target)[0]
        for levels in PLAYER_LEVELS.values()
        for alias, target in levels.items()
        if alias == name
    }
    return bool({name, *concrete} & HEAVY_LEVELS)


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels of ``game``: the player levels gentlest first, then the rest sorted."""
    players = tuple(PLAYER_LEVELS.get(game, {}))
    return (*players, *sorted(set(_classes(game)) - set(players)))


def split_level(level: str) -> tuple[str, str | None]:
    """``"search:0.3"`` → ``("search", "0.3")``; ``"heuristic"`` → ``("heuristic", None)``."""
    name, sep, arg = level.partition(":")
    return name.strip(), (arg.strip() if sep else None)


def make_bot(game: str, level: str) -> Bot:
    """A fresh bot of ``level`` for ``game``; ``ValueError`` lists the levels there are."""
    classes = _classes(game)
    name, arg = split_level(resolve(game, level))
    if name not in classes:
        choices = ", ".join(sorted(classes))
        raise ValueError(f"unknown bot level {name!r} for {game}; choose from: {choices}")
    cls = classes[name]
    if arg is None:
        bot: Bot = cls()
        return bot
    from_arg = getattr(cls, "from_arg", None)
    if from_arg is None:
        raise ValueError(f"bot level {name!r} takes no argument (got {arg!r})")
    made: Bot = from_arg(arg)
    return made
