"""Game configs as frozen dataclasses of plain options, and their JSON form.

A game's config class has one field per option, each with a default of the option's type
(``int``, ``bool``, ``str``); its JSON form is the field dict. Both games use these helpers so
that unknown keys and wrongly typed values are refused the same way, with the game's name in the
message.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Demo:
...     rounds: int = 3
...     fast: bool = False
...     def __post_init__(self) -> None:
...         check_option_types(self, "Demo")
>>> options_from_json(Demo, {"rounds": 5}, "Demo"), options_to_json(Demo())
(Demo(rounds=5, fast=False), {'rounds': 3, 'fast': False})
>>> options_from_json(Demo, {"round": 5, "slow": 1}, "Demo")
Traceback (most recent call last):
...
cardroom.engine.errors.ConfigError: unknown Demo options 'round', 'slow'; known: fast, rounds
>>> options_from_json(Demo, {"fast": 1}, "Demo")
Traceback (most recent call last):
...
cardroom.engine.errors.ConfigError: Demo option 'fast' must be bool, got 1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields
from typing import TYPE_CHECKING, Any, TypeVar

from cardroom.engine.errors import ConfigError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

C = TypeVar("C", bound="DataclassInstance")


def option_types(cls: type[DataclassInstance]) -> dict[str, type]:
    """Option name → its type, read from the field defaults."""
    return {f.name: type(f.default) for f in fields(cls)}


def check_option_types(config: DataclassInstance, game: str) -> None:
    """Raise ``ConfigError`` unless every option has exactly its default's type (``True`` is
    not an ``int`` option, ``1`` is not a ``bool`` one); call it from ``__post_init__``."""
    for name, expected in option_types(type(config)).items():
        value = getattr(config, name)
        if type(value) is not expected:
            raise ConfigError(f"{game} option {name!r} must be {expected.__name__}, got {value!r}")


def options_from_json(cls: type[C], data: Mapping[str, Any], game: str) -> C:
    """Build ``cls`` from its JSON form; unknown keys and wrongly typed values raise
    ``ConfigError`` naming the game (missing keys take their defaults)."""
    types = option_types(cls)
    unknown = sorted(set(data) - set(types))
    if unknown:
        plural = "s" if len(unknown) > 1 else ""
        raise ConfigError(
            f"unknown {game} option{plural} {', '.join(map(repr, unknown))}; "
            f"known: {', '.join(sorted(types))}"
        )
    for key, value in data.items():
        if type(value) is not types[key]:
            raise ConfigError(f"{game} option {key!r} must be {types[key].__name__}, got {value!r}")
    return cls(**data)


def options_to_json(config: DataclassInstance) -> dict[str, Any]:
    """The JSON form: option name → value, in field order."""
    return asdict(config)


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, Any]:
    """Command-line ``key=value`` options as config JSON: integers, ``true``/``false``, text
    (the game's ``config_from_json`` then checks names and types).

    >>> parse_option_pairs(["lives=15", "finish_hand=true", "dealer_rule=left"])
    {'lives': 15, 'finish_hand': True, 'dealer_rule': 'left'}
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option needs key=value, got {pair!r}")
        value: Any = text.strip()
        if value.lower() in ("true", "false"):
            value = value.lower() == "true"
        elif value.lstrip("-").isdigit():
            value = int(value)
        options[key.strip()] = value
    return options
