"""What a narrator returns: a message key with parameters, as JSON (``{"key", "params"}``).

It lives with the engine, below the games, so that each game narrates its own events
(``games/*/narrate.py``) without knowing any language.

The typed parameters (a seat, seats, cards, a nested message) are resolved by each reader in its
own language (``cardroom.i18n.render``, ``t()`` in the browser).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Json = dict[str, Any]


def message(key: str, **params: Any) -> Json:
    return {"key": key, "params": params}


def seat(n: int) -> Json:
    return {"seat": n}


def seats(ns: Iterable[int]) -> Json:
    return {"seats": list(ns)}


def cards(game: str, codes: Iterable[str]) -> Json:
    return {"cards": list(codes), "game": game}


def nested(msg: Json) -> Json:
    return {"msg": msg}
