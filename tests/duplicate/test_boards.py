"""Boards: seeded like the arena's deals, played through logged chance, one round each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardroom.bots.arena.duplicate import pair_specs, play_table, tichu_config
from cardroom.bots.arena.event import play_table as play_event_table
from cardroom.bots.arena.event import score_event, table_specs
from cardroom.bots.arena.match import play_match
from cardroom.bots.registry import make_bot
from cardroom.cli import main
from cardroom.duplicate.boards import (
    Board,
    BoardExhaustedError,
    BoardResolver,
    board_runner,
    board_set,
    make_board,
    one_round,
    tichu_deal,
)
from cardroom.duplicate.scoring import team_match_imps
from cardroom.engine import GameRecord, get_game

GAME = get_game("tichu")
CONFIG = one_round(GAME)


def test_a_board_is_the_arenas_deal() -> None:
    """Board n of seed S deals what the arena's deal n − 1 of S deals (one way to fix a deal)."""
    spec = pair_specs(("random", "random"), 2, "S", tichu_config(False, None))[1]
    bots = [make_bot("tichu", "random") for _ in range(4)]
    arena = play_match(GAME, CONFIG, bots, spec.seed).record.records[0]
    assert arena.kind == "chance"
    assert str(make_board(GAME, CONFIG, "S", 2).chance[0]) == arena.text
    assert play_table(spec, swapped=False)[1] == 1  # the arena plays single rounds of it


def test_a_board_deals_all_56_cards_first_8_then_6_per_seat() -> None:
    deal = tichu_deal(make_board(GAME, CONFIG, "cards", 1))
    assert [(len(seat["first"]), len(seat["later"])) for seat in deal] == [(8, 6)] * 4
    cards = [c for seat in deal for c in seat["first"] + seat["later"]]
    assert len(set(cards)) == 56


def test_board_sets_are_stable_distinct_and_serialise() -> None:
    boards = board_set(GAME, CONFIG, 11, 5)
    assert boards == board_set(GAME, CONFIG, "11", 5)
    assert len({b.chance for b in boards}) == 5
    assert [b.number for b in boards] == [1, 2, 3, 4, 5]
    assert all(Board.from_json(json.loads(json.dumps(b.to_json()))) == b for b in boards)
    assert board_set(GAME, CONFIG, 12, 1)[0] != boards[0]
    with pytest.raises(ValueError):
        board_set(GAME, CONFIG, 1, 0)


def test_a_board_holds_one_round() -> None:
    board = make_board(GAME, CONFIG, "x", 1)
    resolver = BoardResolver(board)
    request = GAME.pending_chance(GAME.new(CONFIG))
    assert request is not None
    assert resolver.resolve(request) == board.chance[0]
    with pytest.raises(BoardExhaustedError):
        resolver.resolve(request)
    runner = board_runner(GAME, CONFIG, board)
    assert [r.text for r in runner.records] == [str(board.chance[0])]


def test_every_table_gets_the_boards_cards_in_the_same_seats() -> None:
    """Two tables, other teams and bots, one board: the same logged deal, then their own play."""
    specs = table_specs(["random", "heuristic", "heuristic-v1", "search:n=4"], 1, "same")
    assert [(s.seating.table, s.seating.board) for s in specs] == [(1, 1), (2, 1)]
    tables = [play_event_table(s).record.records for s in specs]
    assert tables[0][0] == tables[1][0]
    assert tables[0][0].text == str(specs[0].board.chance[0])
    assert [r.kind for r in tables[0][1:]].count("chance") == 0  # one deal, one round
    assert [r.text for r in tables[0]] != [r.text for r in tables[1]]


def test_cardroom_event_writes_the_standings_and_the_records(tmp_path: Path) -> None:
    out, standings = tmp_path / "records", tmp_path / "standings.json"
    argv = ["event", "--boards", "3", "--seed", "e", "--teams", "heuristic,random,heuristic-v1,x"]
    flags = ["--workers", "1", "--quiet", "--json", str(standings), "--out", str(out)]
    assert main([*argv, *flags]) == 2  # 'x' is no bot level
    argv[-1] = "heuristic,random,heuristic-v1,search:n=4"
    assert main([*argv, *flags]) == 0
    data = json.loads(standings.read_text())
    assert [(g["board"], g["direction"]) for g in data["boards"]] == [
        (b, d) for b in (1, 2, 3) for d in ("NS", "EW")
    ]
    for group in data["boards"]:
        assert len(group["results"]) == 2  # one per table
        for result in group["results"]:
            assert set(result) == {"team", "score", "mp", "imps"}
    teams = data["teams"]
    assert {t["team"] for t in teams} == {"heuristic", "random", "heuristic-v1", "search:n=4"}
    assert set(teams[0]) == {"team", "imps", "mp_pct"}
    for team in teams:  # a team's IMPs are the sum over its entries
        mine = [
            r["imps"] for g in data["boards"] for r in g["results"] if r["team"] == team["team"]
        ]
        assert len(mine) == 3 and team["imps"] == pytest.approx(sum(mine))
    records = sorted(out.glob("board*.jsonl"))
    assert len(records) == 6
    boards = {b["board"]: Board.from_json(b) for b in json.loads((out / "boards.json").read_text())}
    for path in records:
        record = GameRecord.load(path)
        assert record.records[0].text == str(boards[int(path.name[5:7])].chance[0])


def test_two_teams_play_a_team_match(tmp_path: Path) -> None:
    """Board by board: the first team's IMPs are the team-match IMPs of its N–S result at table
    1 and its E–W result at table 2 (the second team's N–S result, negated)."""
    specs = table_specs(["heuristic", "random"], 2, "tm")
    assert [(s.seating.board, s.seating.table, s.seating.ns) for s in specs] == [
        (1, 1, "heuristic"), (1, 2, "random"), (2, 1, "heuristic"), (2, 2, "random"),
    ]  # fmt: skip
    played = [play_event_table(s) for s in specs]
    groups, table = score_event(played, ["heuristic", "random"])
    assert [g.direction for g in groups] == ["NS", "NS"]
    for board, group in enumerate(groups):
        ours_ns, theirs_ns = played[2 * board].ns_score, played[2 * board + 1].ns_score
        assert group.results[0].imps == team_match_imps(ours_ns, -theirs_ns)
    assert table[0].imps == -table[1].imps
