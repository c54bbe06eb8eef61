"""Every rule number an engine error message cites is defined in ``docs/rules/tichu.md``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parents[3]
ENGINE = ROOT / "src" / "cardroom" / "games" / "tichu"
REFERENCE = ROOT / "docs" / "rules" / "tichu.md"
RULE = re.compile(r"\bR\d+(?:\.\d+)+")


def cited_in_errors() -> dict[str, str]:
    """Rule number → module, for every string inside a ``…Error(...)`` or ``…Error.saying(...)``
    call of the engine."""
    cited: dict[str, str] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if isinstance(func, ast.Attribute) and name == "saying":  # Error.saying(msg, key)
                name = getattr(func.value, "id", "")
            if not name.endswith("Error"):
                continue
            for part in ast.walk(node):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    for rule in RULE.findall(part.value):
                        cited.setdefault(rule, path.name)
    return cited


def test_error_messages_cite_rules_the_reference_defines() -> None:
    defined = set(re.findall(r"\*\*(R\d+(?:\.\d+)+)\*\*", REFERENCE.read_text()))
    cited = cited_in_errors()
    assert len(cited) >= 25  # the scan finds the messages
    missing = {rule: where for rule, where in cited.items() if rule not in defined}
    assert not missing, f"rules cited but not in docs/rules/tichu.md: {missing}"
