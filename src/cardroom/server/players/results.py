"""A finished table becomes a match result: who held each seat, the result, each seat's
counters (the game's own ``stats`` module) and, for a rated match, everybody's new rating.

Each seat is one player: the account that sat in it (a seat a human left early shows a bot now,
but its ``account_id`` still names the leaver, who loses), else the guest, else the bot level's
rated player (``bot:heuristic``). Run by the table's actor when the match ends.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from cardroom.engine import get_game
from cardroom.engine.runner import apply_record
from cardroom.games.stats import STATS
from cardroom.server.players import ratings
from cardroom.server.players.accounts import bot_account
from cardroom.server.players.names import skeleton
from cardroom.storage import SeatRow, TableMeta, TableStore
from cardroom.storage.players import MatchPlayer, MatchResult, PlayerStore, Rating

log = logging.getLogger("cardroom.server.players.results")


def _own_team(seat: int) -> int:
    return seat


def counters(game: str, events: Iterable[object], seats: int) -> list[dict[str, int]]:
    module = STATS.get(game)
    if module is None:
        return [{} for _ in range(seats)]
    found: list[dict[str, int]] = module.seat_counters(events, seats)
    return found


def team_of(game: str) -> Callable[[int], int]:
    module = STATS.get(game)
    found: Callable[[int], int] = _own_team if module is None else module.team_of
    return found


def player_id(row: SeatRow) -> str | None:
    """The rated player of a seat: its account (also after a bot took over), else the bot."""
    if row.account_id is not None:
        return row.account_id
    if row.kind == "bot":
        return bot_account(row.level or "random").id
    return None


def left_early(row: SeatRow) -> bool:
    """A human seat of an account handed to a bot before the end (a forfeit)."""
    return row.kind == "bot" and row.account_id is not None


class MatchRecorder:
    """Stores each finished table's result (and rates a rated one) in the player store."""

    def __init__(self, players: PlayerStore, tables: TableStore) -> None:
        self.players = players
        self.tables = tables

    async def finished(self, meta: TableMeta, seats: Sequence[SeatRow]) -> None:
        match = await self.result(meta, seats)
        if await self.players.record_match(match):
            log.info("table %s: match recorded (rated: %s)", meta.id, match.rated)

    async def result(self, meta: TableMeta, seats: Sequence[SeatRow]) -> MatchResult:
        game = get_game(meta.game)
        stored = await self.tables.load(meta.id)
        state: Any = game.new(game.config_from_json(meta.config))
        events: list[object] = []
        for record in stored.records:
            state, happened = apply_record(game, state, record)
            events += happened
        counts = counters(game.name, events, len(seats))
        outcome = meta.outcome or {}
        winners = set(outcome.get("winners") or ())
        team = team_of(game.name)
        players = []
        for row in seats:
            result = "draw" if not winners else "win" if row.seat in winners else "loss"
            gone = left_early(row)
            players.append(MatchPlayer(
                seat=row.seat, name=row.name or f"seat {row.seat}", team=team(row.seat),
                result="loss" if gone else result, account_id=player_id(row),
                guest_hash=row.guest_hash if row.account_id is None else None,
                left_early=gone, stats=counts[row.seat],
            ))  # fmt: skip
        for p in players:  # a bot level's player exists from its first match on
            if p.account_id is not None and p.account_id.startswith("bot:"):
                await self.players.ensure_account(bot_account(p.account_id[4:]),
                                                  skeleton(p.account_id))  # fmt: skip
        rated = meta.rated and all(p.account_id is not None for p in players)
        if rated:
            players = await self._rate(game.name, players, winners)
        return MatchResult(meta.id, game.name, rated, meta.finished_at or "", outcome,
                           tuple(players))  # fmt: skip

    async def _rate(
        self, game: str, players: list[MatchPlayer], winners: set[int]
    ) -> list[MatchPlayer]:
        ids = [p.account_id for p in players if p.account_id is not None]
        known = await self.players.ratings(ids, game)
        teams = sorted({p.team for p in players})
        members = [[p for p in players if p.team == t] for t in teams]
        skills = [[_skill(known.get(p.account_id or "")) for p in team] for team in members]
        ranks = [1 if not winners or any(p.seat in winners for p in team) else 2
                 for team in members]  # fmt: skip
        forfeits = [[p.left_early for p in team] for team in members]
        new = ratings.rate_with_forfeits(skills, ranks, forfeits)
        seats: dict[str, list[tuple[ratings.Skill, ratings.Skill]]] = {}
        for team, before, after in zip(members, skills, new, strict=True):
            for p, old, skill in zip(team, before, after, strict=True):
                seats.setdefault(p.account_id or "", []).append((old, skill))
        combined = {player: ratings.combine(updates) for player, updates in seats.items()}
        return [replace(p, rating=_rating(game, combined[p.account_id or ""])) for p in players]


def _rating(game: str, skill: ratings.Skill) -> Rating:
    return Rating(game, skill.mu, skill.sigma, ratings.display(skill.mu, skill.sigma), 0, 0)


def _skill(rating: Rating | None) -> ratings.Skill:
    return ratings.NEW if rating is None else ratings.Skill(rating.mu, rating.sigma)
