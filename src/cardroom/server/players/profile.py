"""A player's profile and the leaderboard, as the JSON the pages and ``cardroom`` read.

Per game: the rating (shown as one number with its uncertainty beside it, ``ratings.display``)
and its rank among players of the same kind, the rating after each of the last rated matches
(the chart), matches played and won, the game's counters summed over every match (Tichu calls
and how they ended, one-two finishes, bombs; Toepen hands, knocks, times loser), the records
with each partner and against each opponent, and the last matches with links to their replays.
"""

from __future__ import annotations

import asyncio
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


def _records(rows: list[tuple[str, str, int, int]]) -> list[Json]:
    return [{"name": other if other.startswith("bot:") else name, "games": games, "won": won}
            for other, name, games, won in rows]  # fmt: skip


async def profile(store: PlayerStore, account: Account) -> Json:
    """The profile: five bounded reads, run concurrently (PostgreSQL spreads them over its
    pool), however many matches the player has."""
    games = list(STATS)
    rated, totals, recent, charts, coplayers = await asyncio.gather(
        store.ranked_ratings(account.id), store.totals(account.id),
        store.recent(account.id, RECENT), store.histories(account.id, games, HISTORY),
        store.coplayers(account.id, games, TOP_COPLAYERS),
    )  # fmt: skip
    stats: Json = {}
    for game, played, won, counters in totals:
        module = STATS.get(game)
        sums = dict.fromkeys(module.COUNTERS if module else (), 0) | counters
        stats[game] = {"matches": played, "won": won, **sums,
                       "partners": _records(coplayers.get((game, True), [])),
                       "opponents": _records(coplayers.get((game, False), []))}  # fmt: skip
    return {
        "name": account.name, "kind": account.kind,
        "ratings": {r.game: {**rating_json(r), "rank": rank} for r, rank in rated},
        "stats": stats,
        "history": {g: [{"at": at, "display": shown} for at, shown in charts[g]]
                    for g in stats},
        "recent": [_match_json(m) for m in recent],
    }  # fmt: skip


async def leaderboard(store: PlayerStore, game: str, kind: str, limit: int, offset: int) -> Json:
    rows = await store.leaderboard(game, kind, limit, offset)
    return {"game": game, "kind": kind, "offset": offset, "players": [
        {"rank": offset + i + 1, "name": account.name, "kind": account.kind,
         **rating_json(rating)} for i, (account, rating) in enumerate(rows)
    ]}  # fmt: skip
