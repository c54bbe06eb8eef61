"""Every viewer's observation along a seeded game matches ``data/golden_seed19.txt``."""

from __future__ import annotations

import difflib

from .golden import GOLDEN, playthrough


def test_golden_playthrough() -> None:
    expected = GOLDEN.read_text().splitlines()
    actual = playthrough()
    diff = list(difflib.unified_diff(expected, actual, "golden", "now", n=0, lineterm=""))
    assert not diff, (
        "observations changed; if intended, run `python -m tests.games.tichu.golden --write`:\n"
        + "\n".join(line[:300] for line in diff[:20])
    )
