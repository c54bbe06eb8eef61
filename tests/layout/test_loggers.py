"""Every logger is named after its module (what ``__name__`` is there), so that an operator who
reads a log line's name finds the file it came from, and filters a module's lines by that name.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .test_import_cycles import module_name, modules


def logger_names(path: Path) -> list[str]:
    """The names passed to ``logging.getLogger`` in ``path`` (``__name__`` as itself)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "getLogger"
            and node.args
        ):
            arg = node.args[0]
            names.append(arg.value if isinstance(arg, ast.Constant) else ast.unparse(arg))
    return names


def test_the_names_are_read_from_the_source(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text('import logging\nlogging.getLogger("a.b")\nlogging.getLogger(__name__)\n')
    assert logger_names(path) == ["a.b", "__name__"]


FOREIGN = {"uvicorn.error"}
"""Other libraries' loggers a module adjusts (a filter), never logs to."""


def test_every_logger_is_named_after_its_module() -> None:
    wrong = {
        module_name(path): name
        for path in modules().values()
        for name in logger_names(path)
        if name not in (module_name(path), "__name__", *FOREIGN)
    }
    assert not wrong, f"loggers not named after their module: {wrong}"
