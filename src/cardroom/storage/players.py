"""The player store: accounts, sign-in sessions, ratings and match results (SQLite, PostgreSQL).

It runs on the table store's SQL connection (``SqlStore.transaction``), so a server has one
database and one schema (``storage/schema.py``); a server whose tables live in memory keeps its
players in an in-memory SQLite database. Only hashes of session ids are stored, and password
hashes come from the caller (``server/players/passwords.py``). Nothing here imports
``cardroom.server``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.storage.protocol import StorageError
from cardroom.storage.sql import SqlStore

HUMAN, BOT = "human", "bot"


class NameTaken(StorageError):
    """Another account has this name (or one that differs only by case or look-alikes)."""


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    name: str
    kind: str
    password_hash: str | None
    created_at: str


@dataclass(frozen=True, slots=True)
class Rating:
    game: str
    mu: float
    sigma: float
    display: float
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """One seat of a finished match: who held it (an account, else a guest hash), its team, its
    result and, for a rated match, the rating after it."""

    seat: int
    name: str
    team: int
    result: str
    """``win``, ``loss`` or ``draw``."""
    account_id: str | None = None
    guest_hash: str | None = None
    left_early: bool = False
    rating: Rating | None = None
    stats: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MatchResult:
    table_id: str
    game: str
    rated: bool
    finished_at: str
    outcome: dict[str, Any]
    players: tuple[MatchPlayer, ...]


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A match as one player's history shows it: the player's own row and everyone's."""

    table_id: str
    game: str
    rated: bool
    finished_at: str
    me: MatchPlayer
    seats: tuple[MatchPlayer, ...]


GUEST = "guest:"
"""A guest's totals are kept under ``guest:<guest hash>`` until it signs up."""


def player_key(p: MatchPlayer) -> str | None:
    """Whose totals a seat adds to: its account (or bot), else its guest, else nobody."""
    if p.account_id is not None:
        return p.account_id
    return None if p.guest_hash is None else GUEST + p.guest_hash


async def _merge_totals(
    conn: Any, player: str, game: str, matches: int, won: int, counters: dict[str, int]
) -> None:
    rows = await conn.fetch(
        "SELECT matches, won, counters_json FROM player_totals WHERE player = ? AND game = ?",
        (player, game),
    )
    if rows:
        summed: dict[str, int] = json.loads(rows[0][2])
        for name, value in counters.items():
            summed[name] = summed.get(name, 0) + value
        await conn.execute(
            "UPDATE player_totals SET matches = ?, won = ?, counters_json = ? "
            "WHERE player = ? AND game = ?",
            (int(rows[0][0]) + matches, int(rows[0][1]) + won, json.dumps(summed), player, game),
        )
    else:
        await conn.execute(
            "INSERT INTO player_totals (player, game, matches, won, counters_json) "
            "VALUES (?, ?, ?, ?, ?)",
            (player, game, matches, won, json.dumps(counters)),
        )


_ACCOUNT = "id, name, kind, password_hash, created_at"
_PLAYER = ("seat, name, team, result, account_id, guest_hash, left_early, mu, sigma, display, "
           "stats_json, game")  # fmt: skip


def _account(row: Sequence[Any]) -> Account:
    return Account(str(row[0]), str(row[1]), str(row[2]), row[3], str(row[4]))


def _player(row: Sequence[Any]) -> MatchPlayer:
    rating = None
    if row[7] is not None:
        rating = Rating(str(row[11]), float(row[7]), float(row[8]), float(row[9]), 0, 0)
    return MatchPlayer(int(row[0]), str(row[1]), int(row[2]), str(row[3]), row[4], row[5],
                       bool(row[6]), rating, json.loads(row[10]))  # fmt: skip


class PlayerStore:
    """Accounts, sessions, ratings and matches over an opened ``SqlStore``."""

    def __init__(self, sql: SqlStore) -> None:
        self.sql = sql

    # -- accounts ----------------------------------------------------------------------------
    async def create_account(self, account: Account, name_key: str) -> None:
        """``NameTaken`` if ``name_key`` (the normalised name) is another account's."""
        try:
            async with self.sql.transaction() as conn:
                if await conn.fetch("SELECT 1 FROM accounts WHERE name_key = ?", (name_key,)):
                    raise NameTaken(f"the name {account.name!r} is taken")
                await conn.execute(
                    f"INSERT INTO accounts ({_ACCOUNT}, name_key) VALUES (?, ?, ?, ?, ?, ?)",
                    (account.id, account.name, account.kind, account.password_hash,
                     account.created_at, name_key),
                )  # fmt: skip
        except Exception as exc:
            if self.sql.is_conflict(exc):
                raise NameTaken(f"the name {account.name!r} is taken") from None
            raise

    async def ensure_account(self, account: Account, name_key: str) -> None:
        """Create ``account`` unless it exists (a bot's, made on first use)."""
        async with self.sql.transaction() as conn:
            await conn.execute(
                f"INSERT INTO accounts ({_ACCOUNT}, name_key) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (account.id, account.name, account.kind, account.password_hash,
                 account.created_at, name_key),
            )  # fmt: skip

    async def account_by_key(self, name_key: str) -> Account | None:
        rows = await self.sql.read(f"SELECT {_ACCOUNT} FROM accounts WHERE name_key = ?",
                                   (name_key,))  # fmt: skip
        return _account(rows[0]) if rows else None

    async def account(self, account_id: str) -> Account | None:
        rows = await self.sql.read(f"SELECT {_ACCOUNT} FROM accounts WHERE id = ?", (account_id,))
        return _account(rows[0]) if rows else None

    # -- sessions ----------------------------------------------------------------------------
    async def add_session(self, id_hash: str, account_id: str, at: str, expires_at: str) -> None:
        async with self.sql.transaction() as conn:
            await conn.execute(
                "INSERT INTO sessions (id_hash, account_id, created_at, expires_at) "
                "VALUES (?, ?, ?, ?)",
                (id_hash, account_id, at, expires_at),
            )

    async def session_account(self, id_hash: str, now: str) -> Account | None:
        """The account of a live session (``None`` if unknown, revoked or expired)."""
        rows = await self.sql.read(
            f"SELECT {', '.join('a.' + c for c in _ACCOUNT.split(', '))} FROM sessions s "
            "JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ?",
            (id_hash, now),
        )
        return _account(rows[0]) if rows else None

    async def revoke_session(self, id_hash: str) -> None:
        async with self.sql.transaction() as conn:
            await conn.execute("DELETE FROM sessions WHERE id_hash = ?", (id_hash,))

    async def revoke_sessions(self, account_id: str) -> None:
        """End every session of an account (signed out everywhere)."""
        async with self.sql.transaction() as conn:
            await conn.execute("DELETE FROM sessions WHERE account_id = ?", (account_id,))

    # -- guests ------------------------------------------------------------------------------
    async def claim_guest(self, guest_hash: str, account_id: str) -> int:
        """Give the matches a guest played (unclaimed) to the account it signed up as."""
        async with self.sql.transaction() as conn:
            rows = await conn.fetch(
                "SELECT COUNT(*) FROM match_players WHERE guest_hash = ? AND account_id IS NULL",
                (guest_hash,),
            )
            await conn.execute(
                "UPDATE match_players SET account_id = ? "
                "WHERE guest_hash = ? AND account_id IS NULL",
                (account_id, guest_hash),
            )
            guest = GUEST + guest_hash
            for game, matches, won, counters in await conn.fetch(
                "SELECT game, matches, won, counters_json FROM player_totals WHERE player = ?",
                (guest,),
            ):
                await _merge_totals(conn, account_id, str(game), int(matches), int(won),
                                    json.loads(counters))  # fmt: skip
            await conn.execute(
                "INSERT INTO coplayers (player, game, other, partner, other_name, games, won) "
                "SELECT ?, game, other, partner, other_name, games, won FROM coplayers "
                "WHERE player = ? ON CONFLICT (player, game, other, partner) DO UPDATE SET "
                "games = coplayers.games + excluded.games, won = coplayers.won + excluded.won",
                (account_id, guest),
            )
            for table in ("player_totals", "coplayers"):
                await conn.execute(f"DELETE FROM {table} WHERE player = ?", (guest,))
        return int(rows[0][0])

    # -- ratings and matches -----------------------------------------------------------------
    async def ratings(self, account_ids: Sequence[str], game: str) -> dict[str, Rating]:
        if not account_ids:
            return {}
        marks = ", ".join("?" for _ in account_ids)
        rows = await self.sql.read(
            "SELECT account_id, mu, sigma, display, games, wins FROM ratings "
            f"WHERE game = ? AND account_id IN ({marks})",
            (game, *account_ids),
        )
        return {str(r[0]): Rating(game, float(r[1]), float(r[2]), float(r[3]), int(r[4]),
                                  int(r[5])) for r in rows}  # fmt: skip

    async def record_match(self, match: MatchResult) -> bool:
        """Store a finished match and, for a rated one, its players' new ratings, at once;
        ``False`` (nothing changed) if the match was recorded already (a restart replays it)."""
        async with self.sql.transaction() as conn:
            if await conn.fetch("SELECT 1 FROM matches WHERE table_id = ?", (match.table_id,)):
                return False
            await conn.execute(
                "INSERT INTO matches (table_id, game, rated, finished_at, outcome_json) "
                "VALUES (?, ?, ?, ?, ?)",
                (match.table_id, match.game, int(match.rated), match.finished_at,
                 json.dumps(match.outcome)),
            )  # fmt: skip
            await conn.executemany(
                "INSERT INTO match_players (table_id, seat, game, account_id, guest_hash, name, "
                "team, result, left_early, rated, mu, sigma, display, stats_json, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(match.table_id, p.seat, match.game, p.account_id, p.guest_hash, p.name,
                  p.team, p.result, int(p.left_early), int(match.rated),
                  *((p.rating.mu, p.rating.sigma, p.rating.display) if p.rating else (None,) * 3),
                  json.dumps(p.stats), match.finished_at) for p in match.players],
            )  # fmt: skip
            rated = list({p.account_id: p for p in match.players  # a bot in two seats: once
                          if p.rating is not None and p.account_id}.values())  # fmt: skip
            await conn.executemany(
                "INSERT INTO ratings (account_id, game, kind, mu, sigma, display, games, wins, "
                "updated_at) SELECT ?, ?, kind, ?, ?, ?, 1, ?, ? FROM accounts WHERE id = ? "
                "ON CONFLICT (account_id, game) DO UPDATE SET mu = excluded.mu, "
                "sigma = excluded.sigma, display = excluded.display, "
                "games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
                "updated_at = excluded.updated_at",
                [(p.account_id, match.game, p.rating.mu, p.rating.sigma, p.rating.display,
                  int(p.result == "win"), match.finished_at, p.account_id)
                 for p in rated if p.rating is not None],
            )  # fmt: skip
            await self._add_totals(conn, match)
        return True

    async def _add_totals(self, conn: Any, match: MatchResult) -> None:
        """Each player's running totals and records with each co-player, so a profile reads a
        few rows however many matches (a bot plays tens of thousands) lie behind them. A bot
        level in several seats counts the match once (won if any of its seats won)."""
        seats: dict[str, list[MatchPlayer]] = {}
        for p in match.players:
            key = player_key(p)
            if key is not None:
                seats.setdefault(key, []).append(p)
        for key, mine in seats.items():
            won = int(any(p.result == "win" for p in mine))
            counters: dict[str, int] = {}
            for p in mine:
                for name, value in p.stats.items():
                    counters[name] = counters.get(name, 0) + int(value)
            await _merge_totals(conn, key, match.game, 1, won, counters)
            others = {}
            for p in mine:
                for q in match.players:
                    other = player_key(q) or f"name:{q.name}"
                    if other != key:
                        others[(other, int(q.team == p.team))] = q.name
            await conn.executemany(
                "INSERT INTO coplayers (player, game, other, partner, other_name, games, won) "
                "VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (player, game, other, partner) DO "
                "UPDATE SET games = coplayers.games + 1, won = coplayers.won + excluded.won, "
                "other_name = excluded.other_name",
                [(key, match.game, other, partner, name, won)
                 for (other, partner), name in others.items()],
            )  # fmt: skip

    async def leaderboard(
        self, game: str, kind: str, limit: int, offset: int
    ) -> list[tuple[Account, Rating]]:
        """A page of the board: the page's ids are cut from the board's index alone (an
        index-only scan), then joined (a join first makes PostgreSQL sort the whole board)."""
        rows = await self.sql.read(
            f"SELECT {', '.join('a.' + c for c in _ACCOUNT.split(', '))}, r.mu, r.sigma, "
            "r.display, r.games, r.wins FROM (SELECT account_id FROM ratings WHERE game = ? AND "
            "kind = ? ORDER BY display DESC, account_id LIMIT ? OFFSET ?) page "
            "JOIN ratings r ON r.account_id = page.account_id AND r.game = ? "
            "JOIN accounts a ON a.id = r.account_id ORDER BY r.display DESC, r.account_id",
            (game, kind, limit, offset, game),
        )
        return [(_account(r[:5]), Rating(game, float(r[5]), float(r[6]), float(r[7]),
                                         int(r[8]), int(r[9]))) for r in rows]  # fmt: skip

    async def ranked_ratings(self, account_id: str) -> list[tuple[Rating, int]]:
        """Each of the account's ratings with its rank: 1 + how many players of the same kind
        stand above it in that game."""
        rows = await self.sql.read(
            "SELECT r.game, r.mu, r.sigma, r.display, r.games, r.wins, 1 + (SELECT COUNT(*) "
            "FROM ratings o WHERE o.game = r.game AND o.kind = r.kind AND (o.display > r.display "
            "OR (o.display = r.display AND o.account_id < r.account_id))) FROM ratings r "
            "WHERE r.account_id = ? ORDER BY r.game",
            (account_id,),
        )
        return [(Rating(str(r[0]), float(r[1]), float(r[2]), float(r[3]), int(r[4]),
                        int(r[5])), int(r[6])) for r in rows]  # fmt: skip

    async def recent(self, account_id: str, limit: int) -> list[PlayedMatch]:
        """The account's last ``limit`` matches of any game, newest first, with every seat
        (one query: the seats of the account's last tables)."""
        rows = await self.sql.read(
            f"SELECT {_PLAYER}, table_id, rated, finished_at FROM match_players "
            "WHERE table_id IN (SELECT table_id FROM match_players WHERE account_id = ? "
            "ORDER BY finished_at DESC, table_id LIMIT ?) "
            "ORDER BY finished_at DESC, table_id, seat",
            (account_id, limit),
        )
        by_table: dict[str, list[Any]] = {}
        for row in rows:
            by_table.setdefault(str(row[12]), []).append(row)
        matches = []
        for table_id, seats in by_table.items():
            mine = next(r for r in seats if r[4] == account_id)
            everyone = tuple(_player(r) for r in seats)
            matches.append(PlayedMatch(table_id, str(mine[11]), bool(mine[13]), str(mine[14]),
                                       _player(mine), everyone))  # fmt: skip
        return matches

    async def totals(self, player: str) -> list[tuple[str, int, int, dict[str, int]]]:
        """Per game: matches played and won, and the game's counters summed."""
        rows = await self.sql.read(
            "SELECT game, matches, won, counters_json FROM player_totals WHERE player = ? "
            "ORDER BY game",
            (player,),
        )
        return [(str(r[0]), int(r[1]), int(r[2]), json.loads(r[3])) for r in rows]

    async def coplayers(
        self, player: str, games: Sequence[str], limit: int
    ) -> dict[tuple[str, bool], list[tuple[str, str, int, int]]]:
        """Per game and side (partner or not): the ``limit`` most frequent co-players as
        (key, name, games, won), in one query of index-bounded parts."""
        parts = [(game, partner) for game in games for partner in (1, 0)]
        sql = " UNION ALL ".join(
            f"SELECT * FROM (SELECT game, partner, other, other_name, games, won FROM coplayers "
            f"WHERE player = ? AND game = ? AND partner = ? ORDER BY games DESC, other "
            f"LIMIT ?) AS part{i}"
            for i in range(len(parts))
        )
        rows = await self.sql.read(sql, [x for g, p in parts for x in (player, g, p, limit)])
        found: dict[tuple[str, bool], list[tuple[str, str, int, int]]] = {}
        for row in rows:
            key = (str(row[0]), bool(row[1]))
            found.setdefault(key, []).append((str(row[2]), str(row[3]), int(row[4]), int(row[5])))
        return found

    async def histories(
        self, account_id: str, games: Sequence[str], limit: int
    ) -> dict[str, list[tuple[str, float]]]:
        """Per game: the displayed rating after each of the last ``limit`` rated matches,
        oldest first (one query of index-bounded parts)."""
        sql = " UNION ALL ".join(
            f"SELECT * FROM (SELECT game, finished_at, display FROM match_players "
            f"WHERE account_id = ? AND game = ? AND rated = 1 AND display IS NOT NULL "
            f"ORDER BY finished_at DESC LIMIT ?) AS part{i}"
            for i in range(len(games))
        )
        rows = await self.sql.read(sql, [x for g in games for x in (account_id, g, limit)])
        found: dict[str, list[tuple[str, float]]] = {g: [] for g in games}
        for row in rows:
            found[str(row[0])].append((str(row[1]), float(row[2])))
        return {g: sorted(points) for g, points in found.items()}
