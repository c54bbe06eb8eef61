"""``cardroom … --help`` tells the truth on its own: every option with a default says it, every
description is a whole sentence without reST markup, and every example it prints parses."""

from __future__ import annotations

import argparse
import re
import shlex

import pytest

from cardroom.cli import SUBCOMMANDS, HelpFormatter, build_parser


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Help on one line per option, so a test reads each text whole."""
    monkeypatch.setenv("COLUMNS", "1000")


def shown(default: object) -> set[str]:
    return {str(default), f"{default:g}"} if isinstance(default, float) else {str(default)}


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_every_option_says_its_default(name: str) -> None:
    parser = subparsers()[name]
    text = " ".join(parser.format_help().split())
    silent = []
    for action in parser._actions:
        default = action.default
        if not action.option_strings or action.nargs == 0 or default in (None, [], "==SUPPRESS=="):
            continue
        said = (rf"\bdefault:? {re.escape(value)}(?![\w.-])" for value in shown(default))
        if not any(re.search(pattern, text) for pattern in said):
            silent.append(f"{action.option_strings[0]} (default {default!r})")
    assert not silent, f"cardroom {name} --help does not say: {silent}"


def test_the_formatter_adds_a_default_the_help_leaves_out() -> None:
    parser = argparse.ArgumentParser(formatter_class=HelpFormatter)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between actions")
    parser.add_argument("--quiet", action="store_true", help="no output")
    assert "seconds between actions (default 0.5)" in " ".join(parser.format_help().split())
    assert "no output (default" not in parser.format_help()


@pytest.mark.parametrize("name", ["cardroom", *SUBCOMMANDS])
def test_descriptions_are_whole_sentences_without_markup(name: str) -> None:
    parser = build_parser() if name == "cardroom" else subparsers()[name]
    description = parser.description or ""
    assert "``" not in description, description
    assert not description or description.rstrip().endswith("."), description


def examples() -> list[str]:
    lines = []
    for parser in subparsers().values():
        for line in (parser.epilog or "").splitlines():
            if re.match(r"\s+(\S+=\S+ )?cardroom ", line):
                lines.append(line.strip())
    return lines


@pytest.mark.parametrize("line", examples())
def test_every_example_in_the_help_parses(line: str) -> None:
    words = shlex.split(line)
    words = words[words.index("cardroom") + 1 :]
    args = build_parser().parse_args(words)
    assert args.command == words[0]
