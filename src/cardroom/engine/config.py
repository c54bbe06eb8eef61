"""Game configs as frozen dataclasses of plain options, and their JSON form.

A game's config class has one field per option, each with a default of the option's type
(``int``, ``bool``, ``str``); its JSON form is the field dict. Both games use these helpers so
that unknown keys, wrongly typed values and values out of range are refused the same way, with
the game's name in the message. Each option declares its range and a one-line description with
``option(...)`` (an ``OptionSpec``); ``describe_options`` lists them for lobby forms.

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
>>> @dataclass(frozen=True, slots=True)
... class Ranged:
...     rounds: int = option(3, "rounds to play", min=1, max=9)
>>> options_from_json(Ranged, {"rounds": 10**9}, "Ranged")
Traceback (most recent call last):
...
cardroom.engine.errors.ConfigError: Ranged option 'rounds' must be in 1..9, got 1000000000
>>> describe_options(Ranged())["rounds"]["max"]
9
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from cardroom.engine.errors import ConfigError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

C = TypeVar("C", bound="DataclassInstance")
MAX_SHOWN = 40
"""Characters of a refused value quoted back in an error message."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option's allowed values (``min``..``max`` for numbers, ``choices`` for text; booleans
    need neither) and the one line a lobby form shows next to it."""

    description: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] | None = None

    def range_text(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(self.choices)
        return f"{'' if self.min is None else self.min}..{'' if self.max is None else self.max}"

    def allows(self, value: Any) -> bool:
        if self.choices is not None and value not in self.choices:
            return False
        if isinstance(value, bool) or not isinstance(value, int):
            return True
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)


def option(
    default: Any,
    description: str,
    *,
    min: int | None = None,
    max: int | None = None,
    choices: tuple[str, ...] | None = None,
) -> Any:
    """A config field with its ``OptionSpec``."""
    return field(default=default, metadata={"spec": OptionSpec(description, min, max, choices)})


def option_specs(cls: type[DataclassInstance]) -> dict[str, OptionSpec]:
    """Option name → its spec (an empty spec for a field declared without ``option``)."""
    return {f.name: f.metadata.get("spec", OptionSpec()) for f in fields(cls)}


def check_ranges(config: DataclassInstance, game: str) -> None:
    """Raise ``ConfigError`` naming the range of the first option outside it."""
    for name, spec in option_specs(type(config)).items():
        value = getattr(config, name)
        if not spec.allows(value):
            shown = repr(value)
            shown = shown if len(shown) <= MAX_SHOWN else shown[:MAX_SHOWN] + "…"
            raise ConfigError(
                f"{game} option {name!r} must be {'' if spec.choices else 'in '}"
                f"{spec.range_text()}, got {shown}"
            )


def describe_options(config: Any) -> dict[str, dict[str, Any]]:
    """For ``GET /api/games``: each option's type, default, range and description (a config
    that is not a dataclass is described by its values alone)."""
    if not is_dataclass(config) or isinstance(config, type):
        values = config.to_json() if hasattr(config, "to_json") else {}
        return {k: {"type": type(v).__name__, "default": v} for k, v in values.items()}
    specs = option_specs(type(config))
    described = {}
    for f in fields(config):
        spec, default = specs[f.name], getattr(config, f.name)
        entry: dict[str, Any] = {"type": type(default).__name__, "default": default,
                                 "description": spec.description}  # fmt: skip
        if spec.choices is not None:
            entry["choices"] = list(spec.choices)
        if spec.min is not None or spec.max is not None:
            entry["min"], entry["max"] = spec.min, spec.max
        described[f.name] = entry
    return described


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
    check_ranges(config, game)


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
            shown = repr(value)[:MAX_SHOWN]
            raise ConfigError(f"{game} option {key!r} must be {types[key].__name__}, got {shown}")
    config = cls(**data)
    check_ranges(config, game)
    return config


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
