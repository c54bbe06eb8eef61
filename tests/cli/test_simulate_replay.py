"""``cardroom simulate`` and ``cardroom replay`` on the toy game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardroom.cli import main
from cardroom.engine import GameRecord
from cardroom.games.tichu.position import from_text, to_text


def _figures(text: str) -> str:
    """The summary without its timing line."""
    return "\n".join(ln for ln in text.splitlines() if not ln.startswith("time "))


def test_simulate_prints_summary_and_progress(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", toy, "--bots", "random,random", "--matches", "20"]) == 0
    out, err = capsys.readouterr()
    assert "toy: 20 matches, 20 rounds, 120 actions" in out
    rows = re.findall(r"^(\d)\s+random\s+(\d+)\s+([\d.]+)%", out, re.M)
    assert [r[0] for r in rows] == ["1", "2"]  # seats counted from 1
    assert sum(int(r[1]) for r in rows) >= 20  # ties make both seats winners
    assert re.search(r"matches/s, .* rounds/s", out)
    assert "\r[" in err and "20/20" in err


def test_same_seed_same_figures_and_logs(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs, logs = [], []
    for name in ("a", "b", "c"):
        seed = "5" if name != "c" else "6"
        args = ["simulate", "--game", toy, "--bots", "random,random", "--matches", "10"]
        assert main([*args, "--seed", seed, "--out", str(tmp_path / name), "--quiet"]) == 0
        outputs.append(_figures(capsys.readouterr().out))
        logs.append([p.read_text() for p in sorted((tmp_path / name).glob("*.jsonl"))])
    assert len(logs[0]) == 10
    assert outputs[0] == outputs[1] and logs[0] == logs[1]
    assert logs[0] != logs[2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random", "--seats", "3"], "needs 2-2 bots"),
        (["--bots", "random,random,random", "--seats", "2"], "lists 3 levels for --seats 2"),
        (["--bots", "random", "--option", "fast"], "--option needs key=value"),
        (["--bots", "random,genius"], "unknown bot level 'genius'"),
        (["--bots", "random,random", "--target", "5"], "no target score option"),
        (["--game", "nogame", "--bots", "random"], "unknown game 'nogame'"),
    ],
)
def test_simulate_rejects_bad_setups(
    toy: str, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", toy, *args] if "--game" not in args else ["simulate", *args]
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_replay_prints_every_record_and_the_outcome(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--game", toy, "--bots", "random,random", "--matches", "1"]
    main([*args, "--out", str(tmp_path), "--quiet"])
    capsys.readouterr()
    path = tmp_path / "match-0000.jsonl"
    record = GameRecord.load(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("toy (rules 1)")
    for rec in record.records:
        assert f"#{rec.seq} {rec.kind}" in out
    assert out.count('"type": "played"') == 6
    assert re.search(r'^outcome: \{"scores": \[\d+, \d+\], "winners": \[', out, re.M)


def test_replay_reports_a_bad_file(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"game": "toy", "rules_version": "1", "config": {}}\n{"seq": 1}\n')
    assert main(["replay", str(path)]) == 2
    assert "malformed log record" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2


def test_simulate_and_replay_a_tichu_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = "heuristic,random,heuristic,random"
    argv = ["simulate", "--game", "tichu", "--bots", bots, "--matches", "2", "--seed", "9"]
    assert main([*argv, "--target", "150", "--out", str(tmp_path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^1\+3\s+heuristic,heuristic\s+\d+", out, re.M)  # seats counted from 1
    assert re.search(r"^2\+4\s+random,random\s+\d+", out, re.M)
    path = tmp_path / "match-0000.jsonl"
    record = GameRecord.load(path)
    assert record.game == "tichu" and record.config["target_score"] == 150
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    rounds = re.findall(r"^== round (\d+) ==$", text, re.M)
    scored = re.findall(
        r"^Round (\d+): Seat 1 and Seat 3 -?\d+, Seat 2 and Seat 4 -?\d+", text, re.M
    )
    assert rounds and rounds == scored
    assert re.search(r"^  Seat \d played an? (\d+|[JQKA])$", text, re.M)
    assert re.search(r"^  Seat \d took the trick \(-?\d+ points\)$", text, re.M)
    assert "hands after the exchange:" in text and "  exchange:" in text
    gives = r"^    Seat 1 gives \S+ → Seat 2, \S+ → Seat 3, and \S+ → Seat 4$"
    assert re.search(gives, text, re.M)  # a list, as English writes it
    assert main(["replay", "--lang", "ja", str(path)]) == 0
    gives = r"^    席1が渡す: \S+ → 席2、\S+ → 席3、\S+ → 席4$"
    japanese = capsys.readouterr().out
    assert re.search(gives, japanese, re.M)
    assert japanese.startswith("ティチュー（ルール ")  # the game by its Japanese name
    assert re.search(r"^  Game over: Seat [13] and Seat [13] win", text, re.M)
    assert main(["replay", "--positions", str(path)]) == 0
    found = re.findall(r"^    position: (.*)$", capsys.readouterr().out, re.M)
    assert found and all(to_text(from_text(p)) == p for p in found)


def test_simulate_toepen_summary_is_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "toepen", "--bots", "heuristic,random,random", "--matches", "5"]
    assert main([*argv, "--quiet"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^(\d)\s+(\w+)\s+\d+\s+[\d.]+%", out, re.M)
    assert rows == [("1", "heuristic"), ("2", "random"), ("3", "random")]  # counted from 1


def test_simulate_toepen_without_bots_with_seats_and_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--game", "toepen", "--seats", "3", "--matches", "2", "--quiet"]
    args += ["--option", "lives=2", "--option", "finish_hand=true", "--out", str(tmp_path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "toepen: 2 matches" in out and out.count("heuristic") == 3
    record = GameRecord.load(tmp_path / "match-0000.jsonl")
    assert record.config["lives"] == 2 and record.config["finish_hand"] is True
    assert main(["replay", str(tmp_path / "match-0000.jsonl")]) == 0
    text = capsys.readouterr().out
    assert "== hand 1 (dealer: Seat" in text and re.search(r"  Seat \d won trick 1$", text, re.M)
    assert "  Hand 1: " in text and "Game over: Seat" in text and '{"type"' not in text


def test_help_shows_examples_for_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "play"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        assert "--game tichu" in out and "--game toepen" in out and "--option" in out
