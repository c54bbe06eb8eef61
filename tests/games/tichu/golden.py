"""Golden playthrough: a seeded random Tichu game, one line per viewer per step.

Every seat's and the spectator's observation after each step is pinned in
``data/golden_seed19.txt``; a change to any viewer's observation shows up as a line diff.
Regenerate after an intended change with ``python -m tests.games.tichu.golden --write``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from cardroom.engine import Runner, SeededResolver
from cardroom.engine.testing import choose
from cardroom.engine.types import SPECTATOR, audience_name
from cardroom.games.tichu import GAME

GOLDEN = Path(__file__).parent / "data" / "golden_seed19.txt"
SEED = 19
STEPS = 40
"""Grand Tichu, the exchange and the first tricks of round 1 (a Dragon gift, a wish)."""


def playthrough() -> list[str]:
    runner: Runner[Any, Any, Any] = Runner(GAME, GAME.default_config(), SeededResolver(SEED))
    rng = random.Random(SEED)
    lines: list[str] = []
    for step in range(STEPS):
        seat, action = choose(GAME, runner.state, rng)
        runner.act(seat, action)
        lines.append(f"# step {step + 1}: seat {seat} {GAME.format_action(action)}")
        for audience in [0, 1, 2, 3, SPECTATOR]:
            obs = GAME.observe(runner.state, audience).to_json()
            text = json.dumps(obs, sort_keys=True, separators=(",", ":"))
            lines.append(f"{audience_name(audience)} {text}")
    return lines


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python -m tests.games.tichu.golden --write")
    GOLDEN.write_text("\n".join(playthrough()) + "\n")
    print(f"wrote {GOLDEN}")
