"""The README and ``docs/`` name only what exists.

A doc that names a moved file, a removed option or a renamed route sends its reader nowhere, and
nothing else fails when it goes stale. These checks read every Markdown file of the repository's
docs and hold what can be checked cheaply to the tree and the code as they are:

- every file path written in code (``src/…``, ``bench/x.py``, ``server/table/clock.py``, a bare
  ``store.js``) exists;
- every ``cardroom.…`` module or attribute named in code imports;
- every ``cardroom SUB --option`` written in code is a subcommand with that option, and the
  README's command table lists every subcommand with the defaults the parser has;
- every HTTP route (``GET /api/…``, ``/replay/{id}``) is served, with that method;
- every websocket frame type (``{"t": "…"}``) is one of the wire's.
"""

from __future__ import annotations

import argparse
import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest

from cardroom.cli import SUBCOMMANDS, build_parser

ROOT = Path(__file__).parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TOP = ("src/", "tests/", "bench/", "scripts/", "docs/", "deploy/", ".ci/")
"""A path starting here is the repository's, whatever its ending."""
BASES = ("", "src/cardroom/", "src/cardroom/server/", "src/cardroom/server/web/")
"""Where a shortened path is read from (``bots/timeout.py``, ``table/clock.py``,
``static/review.js``), besides the doc's own folder."""
SOURCE = ("py", "js", "md", "sh", "css", "html", "conf", "toml")
"""Endings that name a file of the tree (``.json`` and ``.jsonl`` are mostly a command's output,
checked only under a top folder)."""
SKIPPED_DIRS = {".git", ".venv", "__pycache__", "node_modules", ".mypy_cache", ".ruff_cache"}
NOT_MODULES = {"cardroom.db", "cardroom.lang"}
"""``cardroom.…`` names that are no modules: the default database file, the page's language key
in ``localStorage``."""


def tree_names() -> set[str]:
    """The name of every file and folder in the tree (a bare ``store.js`` names one of them)."""
    names: set[str] = set()
    stack = [ROOT]
    while stack:
        for entry in stack.pop().iterdir():
            if entry.is_dir():
                if entry.name not in SKIPPED_DIRS and not entry.name.endswith(".egg-info"):
                    stack.append(entry)
                    names.add(entry.name)
            else:
                names.add(entry.name)
    return names


def split_code(text: str) -> tuple[list[str], list[str]]:
    """A Markdown text's code: its fenced blocks (continued lines joined, comments dropped) as
    lines, and its inline code spans."""
    lines: list[str] = []
    prose: list[str] = []
    fenced = False
    pending = ""
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced and not line.startswith("    "):
            prose.append(line)
            continue
        line = re.sub(r"\s#(?:\s.*)?$", "", re.sub(r"\s#\s.*$", "", line))
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    spans = re.findall(r"`([^`]+)`", "\n".join(prose).replace("``", ""))
    return lines, [" ".join(span.split()) for span in spans]


def code_of(doc: Path) -> list[str]:
    lines, spans = split_code(doc.read_text(encoding="utf-8"))
    return lines + spans


def doc_id(doc: Path) -> str:
    return str(doc.relative_to(ROOT))


# -- paths -----------------------------------------------------------------------------------
def path_tokens(code: str) -> Iterator[str]:
    """The words of a piece of code that are written as paths of the tree."""
    for word in code.split():
        token = word.strip("()[],;:'\"")
        if not re.fullmatch(r"[\w./-]+", token) or token.startswith("/") or token == ".":
            continue
        ending = token.rsplit(".", 1)[-1] if "." in token.rsplit("/", 1)[-1] else ""
        if token.startswith(TOP) or ending in SOURCE or (ending == "" and token.endswith("/")):
            yield token


def missing_path(token: str, doc: Path, names: set[str]) -> bool:
    """Whether ``token`` names nothing in the tree (a bare file name: no file of that name)."""
    here = str(doc.parent.relative_to(ROOT))
    bases = (*BASES, "" if here == "." else here + "/")
    if "/" not in token.rstrip("/"):
        name = token.rstrip("/")
        return name not in names and not any((ROOT / b / token).exists() for b in bases)
    return not any((ROOT / (base + token)).exists() for base in bases)


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_path_a_doc_names_exists(doc: Path) -> None:
    names = tree_names()
    missing = sorted(
        {token for code in code_of(doc) for token in path_tokens(code)
         if missing_path(token, doc, names)}
    )  # fmt: skip
    assert not missing, f"{doc_id(doc)} names paths that do not exist: {missing}"


def resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(value, attr):
                return False
            value = getattr(value, attr)
        return True
    return False


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_module_a_doc_names_imports(doc: Path) -> None:
    named = {m for code in code_of(doc) for m in re.findall(r"\bcardroom(?:\.\w+)+", code)}
    missing = sorted(m for m in named - NOT_MODULES if not resolves(m))
    assert not missing, f"{doc_id(doc)} names modules or attributes that do not exist: {missing}"


# -- the cardroom command --------------------------------------------------------------------
def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def commands(code: str) -> Iterator[tuple[str, str]]:
    """``(subcommand, its arguments)`` for each ``cardroom SUB …`` in a piece of code, and for a
    span that starts with a subcommand and an option (``simulate --out``)."""
    for match in re.finditer(r"(?:^|[\s(/])cardroom ([a-z][\w-]*)((?:\s+[^\s|;&]+)*)", code):
        yield match.group(1), match.group(2)
    first, _, rest = code.partition(" ")
    if first in SUBCOMMANDS and rest.startswith("--"):
        yield first, " " + rest


def options_of(arguments: str) -> list[str]:
    return [w.lstrip("[").split("=", 1)[0].rstrip("]") for w in arguments.split()
            if w.lstrip("[").startswith("--")]  # fmt: skip


def unknown_options(
    sub: str, arguments: str, parsers: dict[str, argparse.ArgumentParser]
) -> list[str]:
    known = parsers[sub]._option_string_actions
    return [f"{sub} {option}" for option in options_of(arguments) if option not in known]


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_cardroom_command_a_doc_writes_exists(doc: Path) -> None:
    parsers = subparsers()
    wrong: list[str] = []
    for code in code_of(doc):
        for sub, arguments in commands(code):
            if sub not in parsers:
                wrong.append(f"cardroom {sub}: no such subcommand")
            else:
                wrong += unknown_options(sub, arguments, parsers)
    assert not wrong, f"{doc_id(doc)}: {sorted(set(wrong))}"


def readme_command_rows() -> list[tuple[str, str]]:
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## The `cardroom` command")[1]
    table = section.split("\n\n")[2]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return [(re.match(r"\| `([^`]+)`", row).group(1), row) for row in rows]  # type: ignore[union-attr]


def test_the_readme_command_table_lists_every_subcommand() -> None:
    assert sorted(sub for sub, _ in readme_command_rows()) == sorted(SUBCOMMANDS)


def test_the_readme_command_table_names_real_options_and_their_defaults() -> None:
    parsers = subparsers()
    wrong: list[str] = []
    for sub, row in readme_command_rows():
        if sub not in parsers:
            wrong.append(f"{sub}: no such subcommand")
            continue
        options_column = row.rsplit(" | ", 1)[1]
        for span in re.findall(r"`([^`]+)`", options_column):
            other, _, rest = span.partition(" ")
            owner = other if other in SUBCOMMANDS and rest.startswith("--") else sub
            wrong += unknown_options(owner, span, parsers)
        for option, shown in re.findall(r"`(--[\w-]+)` \(([\w.:-]+)\)", options_column):
            action = parsers[sub]._option_string_actions.get(option)
            default = None if action is None else action.default
            same = str(default) == shown or (
                isinstance(default, int | float) and not isinstance(default, bool)
                and re.fullmatch(r"[\d.]+", shown) is not None and float(shown) == default
            )  # fmt: skip
            if not same:
                wrong.append(f"{sub} {option}: README says ({shown}), the parser {default!r}")
    assert not wrong, wrong


# -- routes and frames -----------------------------------------------------------------------
def served_routes() -> list[tuple[re.Pattern[str], frozenset[str]]]:
    from cardroom.server import Settings, create_app

    routes: list[tuple[re.Pattern[str], frozenset[str]]] = []
    for route in create_app(Settings(db="memory")).routes:
        methods = getattr(route, "methods", None) or {"GET"}
        routes.append((route.path_regex, frozenset(methods)))  # type: ignore[attr-defined]
    return routes


def doc_routes(doc: Path) -> Iterator[tuple[str, str]]:
    """``(method, path)`` of each route a doc names: ``GET /api/…`` in prose or code, and each
    code span that is a path under one of the server's first segments (method GET)."""
    text = doc.read_text(encoding="utf-8")
    methods = r"GET|POST|DELETE|PUT|PATCH"
    for match in re.finditer(rf"\b((?:{methods})(?:\|(?:{methods}))*)\s+(/[^\s`),]*)", text):
        for method in match.group(1).split("|"):
            yield method, match.group(2)
    for span in code_of(doc):
        if re.fullmatch(r"/(api|ws|t|p|replay|rules|leaderboard|challenge|event|i18n)\b\S*", span):
            yield "GET", span


def concrete(path: str) -> str:
    """A doc's route as a request path: placeholders filled, query and fragment dropped."""
    path = re.split(r"[?#]", path, maxsplit=1)[0].rstrip(".:;")
    return re.sub(r"\{[^}]*\}|<[^>]*>", "x1", path)


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_route_a_doc_names_is_served(doc: Path) -> None:
    pytest.importorskip("starlette")
    routes = served_routes()

    def served(method: str, path: str) -> bool:
        request = concrete(path)
        return any(regex.fullmatch(request) and method in methods for regex, methods in routes)

    wrong = sorted(
        {f"{method} {path}" for method, path in doc_routes(doc)
         if "…" not in path and not served(method, path)}
    )  # fmt: skip
    assert not wrong, f"{doc_id(doc)} names routes the server does not serve: {wrong}"


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_frame_type_a_doc_names_is_on_the_wire(doc: Path) -> None:
    pytest.importorskip("msgspec")
    from cardroom.server.web import wire

    frames = [*get_args(wire.ClientMessage), *get_args(wire.ServerMessage)]
    tags = {frame.__struct_config__.tag for frame in frames}
    named = set(re.findall(r'"t": "(\w+)"', doc.read_text(encoding="utf-8")))
    assert named <= tags, f"{doc_id(doc)} names frame types not on the wire: {named - tags}"
