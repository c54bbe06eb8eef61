"""The duplicate arena: paired tables, figures and the CLI report."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from cardroom.bots.arena.duplicate import pair_specs, play_pair, run_pairs, tichu_config
from cardroom.bots.stats import Sprt, mean_ci
from cardroom.cli import main


def test_the_same_level_on_both_sides_scores_exactly_even() -> None:
    """Both tables of a deal are the same game with the seats' roles swapped."""
    for spec in pair_specs(("heuristic", "heuristic"), 3, "even", tichu_config(False, None)):
        result = play_pair(spec)
        assert result.value == 0.0
        assert result.rounds == 2
        a, b = result.sides["A"], result.sides["B"]
        assert (a.tichu, a.grand, a.bombs) == (b.tichu, b.grand, b.bombs)


def test_two_workers_give_the_same_figures_as_one() -> None:
    specs = pair_specs(("heuristic", "random"), 4, "w", tichu_config(False, None))
    one = sorted((r.index, r.value) for r in run_pairs(specs, 1))
    two = sorted((r.index, r.value) for r in run_pairs(specs, 2))
    assert one == two
    assert mean_ci([v for _, v in one]).mean > 0  # the heuristic beats random


def test_sprt_stops_on_a_clear_difference() -> None:
    sprt = Sprt(0.0, 20.0)
    assert sprt.verdict([100.0, 80.0, 120.0] * 5) == "H1"
    assert sprt.verdict([-100.0, -80.0, -120.0] * 5) == "H0"
    assert sprt.verdict([5.0, -5.0]) is None


def test_cli_writes_a_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.json"
    argv = ["arena", "--a", "heuristic", "--b", "heuristic-v1", "--pairs", "2", "--seed", "9"]
    assert main([*argv, "--workers", "1", "--quiet", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["pairs"] == 2 and data["a"] == "heuristic" and data["seed"] == "9"
    assert math.isfinite(data["diff_per_round"]["mean"])
    values = dict(data["pair_values"])  # per deal pair, so two levels can be compared paired
    assert sorted(values) == [0, 1]
    assert sum(values.values()) / 2 == pytest.approx(data["diff_per_round"]["mean"])
    for side in ("A", "B"):
        assert {"tichu_rate", "grand_made", "act_ms_p99", "double_victory_rate"} <= set(
            data["sides"][side]
        )
    assert "pts/round" in capsys.readouterr().out


def test_cli_rejects_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "genius", "--pairs", "1", "--quiet"]) == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_toepen_goes_to_the_toepen_arena(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "toepen", "--games", "4", "--levels", "heuristic,random"]
    code = main([*argv, "--workers", "1"])
    try:
        import cardroom.bots.arena.toepen  # noqa: F401
    except ModuleNotFoundError:
        assert code == 2
        assert "Toepen arena" in capsys.readouterr().err
    else:
        assert code == 0
        assert "toepen arena" in capsys.readouterr().out
