"""The ``cardroom`` command line: one module per subcommand under ``cardroom.cli``.

Each subcommand module exposes ``register(subparsers)``, which adds its parser and sets
``func`` (taking the parsed ``argparse.Namespace`` and returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, cast

from cardroom.i18n import seat_number

SUBCOMMANDS = (
    "simulate",
    "replay",
    "analyse",
    "bench",
    "serve",
    "play",
    "load",
    "position",
    "arena",
    "event",
)


DESCRIPTION = (
    "Tichu and Toepen: play in the terminal, run the multiplayer server, and simulate, review "
    "and measure the bots. 'cardroom COMMAND --help' lists a command's options and defaults."
)


class HelpFormatter(argparse.HelpFormatter):
    """Every option's help ends with its default, unless it says it already or has none (a
    flag, an option that is off unless given): a reader should not need the README or the
    source to learn what an omitted option means. A text of several lines (the examples) keeps
    its lines; a one-line description is wrapped."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text.strip():
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            not action.option_strings
            or action.nargs == 0
            or default is None
            or default is argparse.SUPPRESS
            or default == []
            or "(default" in text
        ):
            return action.help
        shown = f"{default:g}" if isinstance(default, float) else str(default)
        return f"{text} (default {shown})".lstrip()


class Parser(argparse.ArgumentParser):
    """A subcommand's parser: ``HelpFormatter`` unless it asks for another."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def summary(doc: str | None) -> str | None:
    """A module docstring's first paragraph as a command's description: one line, without
    reST markup (``--help`` prints it as it is)."""
    if not doc:
        return None
    return " ".join(doc.strip().split("\n\n", 1)[0].replace("``", "").split())


def seat_of(typed: int, seats: int, option: str = "--seat") -> int:
    """The seat a person typed for ``option``, counted from 1 as every page, the terminal and
    ``play`` count seats, as the notation's seat (from 0); ``ValueError`` outside 1..``seats``.

    >>> seat_of(1, 4), seat_of(4, 4)
    (0, 3)
    >>> seat_of(0, 4)
    Traceback (most recent call last):
    ...
    ValueError: --seat must be 1..4 (seats count from 1)
    """
    seat = typed - seat_number(0)
    if not 0 <= seat < seats:
        first, last = seat_number(0), seat_number(seats - 1)
        raise ValueError(f"{option} must be {first}..{last} (seats count from 1)")
    return seat


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardroom", description=DESCRIPTION)
    subparsers = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", required=True, parser_class=Parser),
    )
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"cardroom.cli.{name}")
        register: Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]
        register = module.register
        register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    return func(args)


if __name__ == "__main__":
    sys.exit(main())
