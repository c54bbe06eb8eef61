"""The Toepen opponent pool: the two styles keep their one habit, and ``--pool`` plays each
level against every member on the same deals, with A's loser share paired against B's."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardroom.bots import make_bot
from cardroom.bots.arena.toepen import run_cli
from cardroom.bots.protocol import Interrupter, SeatView
from cardroom.bots.registry import POOL
from tests.bots.test_toepen_levels import view as levels_view


def view(**obs: Any) -> SeatView:
    """Seat 0 at trick 2 with three cards (the levels' test view, moved on one trick)."""
    return levels_view(**({"hand_sizes": [3, 3, 3, 3], "trick_no": 2} | obs))


def knocks(level: str, v: SeatView, tries: int = 200) -> int:
    bot = make_bot("toepen", level)
    return sum(bot.act(v, random.Random(i)) == "knock" for i in range(tries))


def test_every_pool_member_is_a_toepen_level() -> None:
    for level in POOL["toepen"]:
        assert make_bot("toepen", level).name == level


def test_stubborn_stays_where_the_heuristic_folds() -> None:
    weak = view(phase="respond", legal=["stay", "fold"], hand=["JH", "QS", "KD"], stake=2)
    assert make_bot("toepen", "heuristic").act(weak, random.Random(0)) == "fold"
    assert make_bot("toepen", "stubborn").act(weak, random.Random(0)) == "stay"


def test_bluffer_knocks_weak_hands_far_more_often_than_the_heuristic() -> None:
    weak = view(legal=["knock", "play JH", "play QS", "play KD"], hand=["JH", "QS", "KD"])
    heuristic, bluffer = knocks("heuristic", weak), knocks("bluffer", weak)
    assert heuristic < 10 < 20 < bluffer < 80, (heuristic, bluffer)


def test_bluffer_never_bluffs_out_of_turn() -> None:
    weak = view(legal=["knock"], hand=["JH", "QS", "KD"], turn=1, awaited=[1])
    bot = make_bot("toepen", "bluffer")
    assert isinstance(bot, Interrupter)
    assert all(bot.interrupt(weak, random.Random(i)) is None for i in range(100))


def test_pool_rows_pair_a_against_b_on_the_same_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pool.json"
    argv = ["--pool", "tight heuristic", "--a", "heuristic", "--seats", "3", "--games", "9"]
    assert run_cli([*argv, "--seed", "4", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["pool"]
    assert [(r["a"], r["b"], r["deals"]) for r in rows] == [
        ("heuristic", "tight", 3),
        ("heuristic", "heuristic", 3),
    ]
    for row in rows:
        assert row["a_minus_b"] == pytest.approx(row["a_loser_share"] - row["b_loser_share"])
    assert "heuristic      vs tight" in capsys.readouterr().out


def test_pool_refuses_an_unknown_member_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_cli(["--pool", "tight nope", "--games", "4"]) == 2
    assert "unknown bot level 'nope'" in capsys.readouterr().err
