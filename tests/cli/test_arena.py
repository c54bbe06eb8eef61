"""``cardroom arena --json FILE`` writes its report in every form: Tichu or Toepen, one pairing
or ``--pool``. Toepen without ``--pool`` used to print its figures and write nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardroom.cli import main

FORMS = {
    "tichu": (["--a", "random", "--b", "random", "--pairs", "1", "--quiet"], "sides"),
    "tichu pool": (["--pool", "random", "--a", "random", "--pairs", "1", "--quiet"], "pool"),
    "toepen": (["--game", "toepen", "--levels", "tight,random", "--seats", "3"], "levels"),
    "toepen pool": (
        ["--game", "toepen", "--pool", "random", "--a", "tight", "--seats", "3"],
        "pool",
    ),
}


@pytest.mark.parametrize("form", FORMS)
def test_every_form_writes_its_report(tmp_path: Path, form: str) -> None:
    flags, key = FORMS[form]
    out = tmp_path / "report.json"
    assert main(["arena", *flags, "--games", "3", "--workers", "1", "--json", str(out)]) == 0
    assert json.loads(out.read_text())[key]


def test_the_toepen_report_holds_what_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "toepen.json"
    flags = ["--game", "toepen", "--levels", "tight,random", "--seats", "3", "--games", "6"]
    assert main(["arena", *flags, "--seed", "2", "--workers", "1", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert (data["game"], data["lineup"], data["deals"]) == (
        "toepen",
        ["tight", "random", "random"],
        2,
    )
    printed = capsys.readouterr().out
    for row in data["levels"]:
        assert 0 <= row["loser_share"] <= 1 and row["decisions"] > 0
        assert f"{row['level']:<14} loser share {row['loser_share']:6.1%}" in printed
    assert [row["level"] for row in data["levels"]] == ["tight", "random"]
