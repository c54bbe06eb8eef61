"""Bots play from observations only: no bot module may import a game's state or rules.

Allowed: the engine, the bots package itself, and a game's public notation/combination helpers
(``cardroom.games.<game>.cards``, ``.combos``, ``.actions``) for notation and play logic.

World models are the one exception: the belief sampler and the search bot build engine states
of their own (worlds sampled from the seat's view) and simulate them with the rules. They may
import the game's state, rules and config, and nothing else of the game (no runner, no server),
and the search bot may get a state only from the belief sampler (checked below).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardroom.bots

BOTS_DIR = Path(cardroom.bots.__file__).parent
PUBLIC_GAME_MODULES = ("actions", "cards", "combos")
WORLD_MODELS = {
    "tichu/belief.py": "tichu",
    "tichu/search.py": "tichu",
    "tichu/calls.py": "tichu",
    "tichu/exchange.py": "tichu",
    "tichu/review.py": "tichu",
}
"""Bot modules that simulate sampled worlds, with the game whose rules they may run."""
WORLD_MODULES = ("state", "rules", "config", "fastsim")
ARENA_EXTRA = "cardroom.duplicate"
"""The arena (a driver of bots, not a bot) deals duplicate boards and scores by them."""


def imported_modules(source: str, package: str) -> list[str]:
    """Absolute names of every module ``source`` imports (relative imports resolved)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names if base == "cardroom.games"]
    return names


def forbidden(module: str) -> bool:
    """Whether a bot module may not import ``module``."""
    if not module.startswith("cardroom."):
        return False
    if module.startswith(("cardroom.engine", "cardroom.bots")):
        return False
    parts = module.split(".")
    is_public_game_helper = (
        len(parts) == 4 and parts[1] == "games" and parts[3] in PUBLIC_GAME_MODULES
    )
    return not is_public_game_helper


@pytest.mark.parametrize(
    ("module", "bad"),
    [
        ("random", False),
        ("cardroom.engine.types", False),
        ("cardroom.bots.protocol", False),
        ("cardroom.games.tichu.cards", False),
        ("cardroom.games.tichu.combos", False),
        ("cardroom.games.tichu.state", True),
        ("cardroom.games.tichu.rules", True),
        ("cardroom.games.tichu", True),
        ("cardroom.games", True),
        ("cardroom.server.app", True),
    ],
)
def test_the_rule_itself(module: str, bad: bool) -> None:
    assert forbidden(module) is bad


def test_relative_and_package_imports_are_resolved() -> None:
    source = "from ..games.tichu import rules\nfrom cardroom.games import tichu\n"
    names = imported_modules(source, "cardroom.bots")
    assert names == ["cardroom.games.tichu", "cardroom.games", "cardroom.games.tichu"]


def allowed_for_world_model(module: str, game: str) -> bool:
    parts = module.split(".")
    if module == f"cardroom.games.{game}":
        return True  # the package itself (``from cardroom.games.tichu import rules``)
    return (
        len(parts) == 4 and parts[:3] == ["cardroom", "games", game] and (parts[3] in WORLD_MODULES)
    )


@pytest.mark.parametrize(
    "path", sorted(BOTS_DIR.rglob("*.py")), ids=lambda p: p.relative_to(BOTS_DIR).as_posix()
)
def test_bot_modules_import_only_engine_and_public_helpers(path: Path) -> None:
    name = path.relative_to(BOTS_DIR).as_posix()
    game = WORLD_MODELS.get(name)
    bad = [
        m
        for m in imported_modules(path.read_text(), "cardroom.bots")
        if forbidden(m)
        and not (game and allowed_for_world_model(m, game))
        and not (name.startswith("arena/") and m.startswith(ARENA_EXTRA))
    ]
    assert not bad, f"{name} imports {bad}: bots may only see observations"


@pytest.mark.parametrize(
    "name", ["tichu/search.py", "tichu/calls.py", "tichu/exchange.py", "tichu/review.py"]
)
def test_the_search_bot_gets_its_states_only_from_the_belief_sampler(name: str) -> None:
    """Every ``TichuState`` the search bot touches is a sampled world: it never names the
    state's constructor, a runner or a game object's ``new``/``observe`` (its call and
    exchange helpers deal the unseen cards themselves, into simulator rounds)."""
    source = (BOTS_DIR / name).read_text()
    tree = ast.parse(source)
    called = {
        node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
    }
    assert "TichuState" not in called and "Runner" not in called
    assert not {"new", "observe", "get_game", "resample_hidden"} & called
    if name != "tichu/exchange.py":
        assert "WorldSampler" in called
