"""The ``cardroom`` command line: one module per subcommand under ``cardroom.cli``.

Each subcommand module exposes ``register(subparsers)``, which adds its parser and sets
``func`` (taking the parsed ``argparse.Namespace`` and returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

SUBCOMMANDS = ("simulate", "replay", "bench", "serve", "play", "load", "position", "arena")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardroom", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True)
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
