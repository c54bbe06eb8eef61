"""``cardroom bench`` on the toy game."""

from __future__ import annotations

import re

import pytest

from cardroom.cli import main
from cardroom.cli.bench import random_play


def test_bench_reports_rates(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", toy, "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    match = re.fullmatch(
        r"toy: ([\d,]+) actions/s, ([\d,]+) observations/s, [\d.,]+ games/s \((\d+) games .*\n",
        out,
    )
    assert match is not None
    actions, observations = (int(g.replace(",", "")) for g in match.groups()[:2])
    assert observations == pytest.approx(2 * actions, rel=0.01)  # two seats observe each action
    assert int(match.group(3)) > 0


def test_random_play_counts_six_actions_per_toy_game(toy: str) -> None:
    result = random_play(toy, None, 1.0, seed=3)  # long enough under load
    assert result.games >= 1
    # time may run out right after a game's last action, before the game is counted
    assert result.games * 6 <= result.actions <= (result.games + 1) * 6


def test_bench_rejects_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "nogame", "--seconds", "0.1"]) == 2
    assert "unknown game 'nogame'" in capsys.readouterr().err


def test_bench_fastsim_counts_tichu_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--fastsim", "--seconds", "0.3"]) == 0
    out = capsys.readouterr().out
    match = re.fullmatch(r"tichu fastsim: [\d,]+ random rounds/s \((\d+) rounds in .*\n", out)
    assert match is not None and int(match.group(1)) > 0


def test_bench_fastsim_is_tichu_only(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", toy, "--fastsim", "--seconds", "0.1"]) == 2
    assert "Tichu only" in capsys.readouterr().err
