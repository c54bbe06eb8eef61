"""pytest at the repository root: with the optional compiled build (``scripts/compile.sh``),
pytest cannot collect the doctests of a ``.py`` whose module is imported as a compiled
extension ("import file mismatch"), so those sources are left out; a pure-Python run covers
their doctests, and ``tests/games/tichu/test_compiled.py`` compares both builds."""

from __future__ import annotations

from pathlib import Path


def _compiled_sources() -> list[str]:
    root = Path(__file__).parent / "src"
    sources = (so.with_name(so.name.split(".")[0] + ".py") for so in root.rglob("*.cpython-*.so"))
    return [str(py) for py in sources if py.exists()]


collect_ignore = _compiled_sources()
