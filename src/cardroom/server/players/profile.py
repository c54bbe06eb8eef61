"""A player's profile and the leaderboard, as the JSON the pages and ``cardroom`` read.

Per game: the rating (shown as one number with its uncertainty beside it, ``ratings.display``)
and its rank among players of the same kind, the rating after each of the last rated matches
(the chart), matches played and won, the game's counters summed over every match (Tichu calls
and how they ended, one-two finishes, bombs; Toepen hands, knocks, times loser), the records
with each partner and against each opponent, and the last matches with links to their replays.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from cardroom.games.stats import STATS
from cardroom.server.players import ratings
from cardroom.storage.players import Account, PlayedMatch, PlayerStore, Rating

Json = dict[str, Any]
RECENT = 10
HISTORY = 50
TOP_COPLAYERS = 10


def rating_json(rating: Rating) -> Json:
    return {"mu": round(rating.mu, 4), "sigma": round(rating.sigma, 4), "display": rating.display,
            "uncertainty": ratings.shown_sigma(rating.sigma), "games": rating.games,
            "wins": rating.wins}  # fmt: skip


def _match_json(match: PlayedMatch) -> Json:
    me = match.me
    return {
        "table": match.table_id, "game": match.game, "finished_at": match.finished_at,
        "rated": match.rated, "result": me.result, "left_early": me.left_early,
        "display": me.rating.display if me.rating else None, "replay": f"/replay/{match.table_id}",
        "seats": [{"seat": p.seat, "name": p.name, "team": p.team, "result": p.result,
                   "player": p.account_id if p.account_id and p.account_id.startswith("bot:")
                   else None if p.account_id is None else p.name}
                  for p in match.seats],
    }  # fmt: skip


def _records(rows: list[tuple[int, str, int, str, str | None]]) -> tuple[list[Json], list[Json]]:
    """With each partner and against each opponent: matches and wins, the most frequent first."""
    games: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}
    wins: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}
    for my_team, result, team, seat_name, account_id in rows:
        bot = account_id is not None and account_id.startswith("bot:")
        name = account_id if bot and account_id is not None else seat_name
        partner = team == my_team
        games[partner][name] += 1
        wins[partner][name] += int(result == "win")

    def top(partner: bool) -> list[Json]:
        return [{"name": n, "games": g, "won": wins[partner][n]}
                for n, g in games[partner].most_common(TOP_COPLAYERS)]  # fmt: skip

    return top(True), top(False)


async def profile(store: PlayerStore, account: Account) -> Json:
    """The profile; its queries run concurrently (PostgreSQL spreads them over its pool)."""
    ratings_json: Json = {}
    stats: Json = {}
    history: Json = {}
    recent: list[Json] = []
    rated = await store.ratings_of(account.id)
    ranks = await asyncio.gather(*(store.rank(account.id, r.game) for r in rated))
    for rating, rank in zip(rated, ranks, strict=True):
        ratings_json[rating.game] = {**rating_json(rating), "rank": rank}
    per_game = await asyncio.gather(*(asyncio.gather(
        store.totals_of(account.id, game), store.opponents_of(account.id, game),
        store.history_of(account.id, game, HISTORY), store.matches_of(account.id, game, RECENT),
    ) for game in STATS))  # fmt: skip
    for (game, module), (totals, coplayers, chart, matches) in zip(
        STATS.items(), per_game, strict=True
    ):
        played, won, counters = totals
        if not played:
            continue
        sums = dict.fromkeys(module.COUNTERS, 0)
        for counts in counters:
            for key, value in counts.items():
                sums[key] = sums.get(key, 0) + int(value)
        partners, opponents = _records(coplayers)
        stats[game] = {"matches": played, "won": won, **sums, "partners": partners,
                       "opponents": opponents}  # fmt: skip
        history[game] = [{"at": at, "display": shown} for at, shown in chart]
        recent += [_match_json(m) for m in matches]
    recent.sort(key=lambda m: m["finished_at"], reverse=True)
    return {"name": account.name, "kind": account.kind, "ratings": ratings_json, "stats": stats,
            "history": history, "recent": recent[:RECENT]}  # fmt: skip


async def leaderboard(store: PlayerStore, game: str, kind: str, limit: int, offset: int) -> Json:
    rows = await store.leaderboard(game, kind, limit, offset)
    return {"game": game, "kind": kind, "offset": offset, "players": [
        {"rank": offset + i + 1, "name": account.name, "kind": account.kind,
         **rating_json(rating)} for i, (account, rating) in enumerate(rows)
    ]}  # fmt: skip
