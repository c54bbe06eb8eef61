"""No import circle anywhere in ``src``, counting imports inside functions too.

A circle that only works because one side imports late (inside a function) still ties the two
modules into one unit that cannot be read, tested or replaced alone; ``import-linter`` checks
the layers between packages, this test the modules within them. An import of ``a.b`` counts as
an edge to module ``a.b`` (or to ``a.b.c`` for ``from a.b import c`` when ``c`` is a module);
the parent packages a dotted import also runs are not counted (Python loads them first).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import cardroom

SRC = Path(cardroom.__file__).parent.parent


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(SRC.glob("cardroom/**/*.py"))}


def imports(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The ``cardroom`` modules that ``name`` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in known else base)
    return {m for m in found if m in known and m != name}


def cycles(graph: Mapping[str, set[str]]) -> Iterator[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    yield sorted(component)


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_the_cycle_finder_finds_a_circle_through_a_late_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert list(cycles(graph)) == [["a", "b", "c"]]
    assert list(cycles({"a": {"b"}, "b": set()})) == []


def test_late_imports_are_seen(tmp_path: Path) -> None:
    source = tmp_path / "late.py"
    source.write_text("def f():\n    from cardroom.engine import game\n", encoding="utf-8")
    known = {"cardroom.late": source, "cardroom.engine.game": source}
    assert imports("cardroom.late", source, known) == {"cardroom.engine.game"}


def test_no_import_circle_in_src() -> None:
    found = list(cycles(import_graph()))
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)
