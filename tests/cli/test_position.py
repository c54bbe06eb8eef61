"""``cardroom position``: a position's board and legal moves, a seat's view, bad input."""

from __future__ import annotations

import json

import pytest

from cardroom.cli import main

TEXT = (
    "hands MJ 2K 3B 4R 5G 9G 9K / 6G 8K / 7G 7K 7B 7R / 10G JK | trick 3 5K, 0 8G | passed 1 "
    "| turn 2 | calls tichu - - - | piles - / * / - / - | match 100:0"
)


def test_board_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", TEXT]) == 0
    out = capsys.readouterr().out
    assert "round 2, score 100:0" in out
    assert "seat 3 may:" in out and "turn: seat 3" in out  # the text's turn 2, counted from 1
    assert "  seat 2: 6G 8K" in out and "trick: seat 4 single 5: 5K" in out
    assert "play 7G 7K 7B 7R" in out and "bomb 7777" in out


def test_seat_view_hides_other_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", "--seat", "2", TEXT]) == 0  # the text's seat 1: seats count from 1
    obs = json.loads(capsys.readouterr().out)
    assert obs["hand"] == ["6G", "8K"] and "hands" not in obs
    assert main(["position", "--omniscient", TEXT]) == 0
    assert json.loads(capsys.readouterr().out)["hands"][2] == ["7G", "7K", "7B", "7R"]


@pytest.mark.parametrize("seat", ["0", "5"])
def test_a_seat_outside_1_to_4_is_refused(seat: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", "--seat", seat, TEXT]) == 2
    assert "--seat must be 1..4 (seats count from 1)" in capsys.readouterr().err


def test_impossible_position_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", TEXT.replace("turn 2", "turn 0")]) == 2
    assert "cannot answer its own play" in capsys.readouterr().err


def test_perft_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", "--perft", "2", TEXT]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "perft 1: 2" and lines[1].startswith("perft 2: ")
