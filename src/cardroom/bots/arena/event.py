"""An offline duplicate event between bot levels: every seating of the movement played by bots.

Each table plays its board through ``BoardResolver`` (the deal is the board's, the bots' RNGs
come from the event seed, the board and the table), so the same board deals the same 56 cards
to the same seats at every table. A team's result is its round points minus its opponents'.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardroom.bots.arena.duplicate import imap_workers
from cardroom.bots.arena.match import play_match
from cardroom.bots.registry import make_bot
from cardroom.duplicate.boards import Board, BoardResolver, board_set, one_round
from cardroom.duplicate.movement import Seating, movement
from cardroom.duplicate.scoring import Group, Result, Standing, score_field, standings
from cardroom.engine import GameRecord, get_game

GAME = "tichu"


@dataclass(frozen=True, slots=True)
class TableSpec:
    """One board at one table: everything a worker process needs."""

    seed: str
    board: Board
    seating: Seating


@dataclass(frozen=True, slots=True)
class TablePlayed:
    """A played board: N–S's points minus E–W's, and the table's record."""

    seating: Seating
    ns_score: int
    record: GameRecord


def table_seed(seed: str, seating: Seating) -> str:
    """The seed of the bots' RNGs at one table (the deal comes from the board)."""
    return f"{seed}/board{seating.board}/table{seating.table}"


def play_table(spec: TableSpec) -> TablePlayed:
    """Bots of the N–S level at seats 0 and 2, of the E–W level at 1 and 3, play the board."""
    game = get_game(GAME)
    config = one_round(game)
    s = spec.seating
    bots = [make_bot(GAME, s.ns if seat % 2 == 0 else s.ew) for seat in range(4)]
    played = play_match(
        game, config, bots, table_seed(spec.seed, s), resolver=BoardResolver(spec.board)
    )
    ns, ew = played.final["scores"]
    return TablePlayed(s, int(ns) - int(ew), played.record)


def table_specs(teams: Sequence[str], boards: int, seed: str) -> list[TableSpec]:
    game = get_game(GAME)
    deck = board_set(game, one_round(game), seed, boards)
    return [TableSpec(seed, deck[s.board - 1], s) for s in movement(teams, boards)]


def play_tables(specs: Sequence[TableSpec], workers: int) -> Iterator[TablePlayed]:
    """Tables as they finish (in ``workers`` processes, as the arena's pairs)."""
    return imap_workers(play_table, specs, workers)


def record_name(seating: Seating) -> str:
    return f"board{seating.board:02d}-table{seating.table}.jsonl"


def write_records(out: Path, played: Sequence[TablePlayed], boards: Sequence[Board]) -> None:
    """Each table's game record, and the board set (``boards.json``) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    for table in played:
        table.record.save(out / record_name(table.seating))
    (out / "boards.json").write_text(json.dumps([b.to_json() for b in boards], indent=1) + "\n")


def score_event(
    played: Sequence[TablePlayed], teams: Sequence[str]
) -> tuple[list[Group], list[Standing]]:
    return score_seatings([(t.seating, t.ns_score) for t in played], teams)


def score_seatings(
    played: Iterable[tuple[Seating, int]], teams: Sequence[str]
) -> tuple[list[Group], list[Standing]]:
    """The groups and standings of played seatings (each with N–S's points minus E–W's); two
    teams are a team match, scored on the N–S results (``movement.team_match``)."""
    match = len(teams) == 2
    results: list[Result] = []
    for seating, ns_score in played:
        results.append(Result(seating.board, "NS", seating.ns, ns_score))
        if not match:
            results.append(Result(seating.board, "EW", seating.ew, -ns_score))
    groups = score_field(results)
    return groups, standings(groups, teams)


def event_boards(specs: Sequence[TableSpec]) -> list[Board]:
    """The boards of an event's specs, once each, by number."""
    seen: dict[int, Board] = {spec.board.number: spec.board for spec in specs}
    return [seen[n] for n in sorted(seen)]
