"""One place for the server's defaults: ``Settings``. ``cardroom serve`` takes its flags'
defaults from it, and the README's serve synopsis and limits table must say the same."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from cardroom.cli import build_parser
from cardroom.server.settings import Settings

README = Path(__file__).parents[2] / "README.md"
DEFAULTS = Settings()


def serve_defaults() -> dict[str, object]:
    """Each ``cardroom serve`` flag and its default."""
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    serve = commands.choices["serve"]
    return {flag: action.default for action in serve._actions for flag in action.option_strings
            if flag.startswith("--")}  # fmt: skip


def test_every_serve_flag_that_names_a_setting_defaults_to_it() -> None:
    args = build_parser().parse_args(["serve"])
    shared = [f for f in Settings.__dataclass_fields__ if hasattr(args, f)]
    assert {"bot_delay", "round_pause", "turn_timeout", "max_body", "create_per_minute"} <= set(
        shared
    )
    assert {f: getattr(args, f) for f in shared} == {f: getattr(DEFAULTS, f) for f in shared}


def test_the_readme_serve_synopsis_shows_the_defaults() -> None:
    flags = serve_defaults()
    block = README.read_text().split("## Server", 1)[1].split("```", 2)[1]
    block = block.split("cardroom serve", 1)[1].split("cardroom load", 1)[0]
    shown = re.findall(r"\[(--[a-z-]+) ([^\]\s]+)\]", block)
    assert {flag for flag, _ in shown} >= {"--bot-delay", "--round-pause", "--turn-timeout", "--db"}
    for flag, value in shown:
        default = flags[flag]
        assert value == (str(default) if isinstance(default, str) else f"{default:g}"), flag


def _numbers(text: str) -> set[float]:
    """The numbers a table row states (``64 KB`` is 65536)."""
    found = re.findall(r"(\d[\d,]*(?:\.\d+)?)\s*(KB)?", text)
    return {float(n.replace(",", "")) * (1024 if kb else 1) for n, kb in found}


def test_the_readme_limits_table_shows_the_defaults() -> None:
    flags = serve_defaults()
    table = README.read_text().split("### Limits", 1)[1].split("\n\n")[2]
    rows = [line for line in table.splitlines() if line.startswith("|") and "`--" in line]
    assert len(rows) >= 10
    for row in rows:
        for flag in re.findall(r"`(--[a-z-]+)`", row):
            default = flags[flag]
            assert isinstance(default, int | float)
            assert float(default) in _numbers(row), f"{flag} defaults to {default}: {row}"
