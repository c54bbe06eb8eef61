"""The database schema, in one place: an ordered list of numbered migrations, applied at start.

A database remembers which migrations it has (``schema_version``); opening it applies the
missing ones in order, each in its own transaction together with its version row, under a lock
(SQLite's write lock; a PostgreSQL advisory lock) so that two processes starting together apply
each migration once. Why not yoyo-migrations: the store already owns one async connection per
backend, and the whole list fits on one screen; a library would add a second, synchronous
connection path for a dozen statements.

Databases made before this list existed have the tables of migrations 1–3 but no
``schema_version``: those migrations are written to be idempotent (``IF NOT EXISTS``, columns
added only when missing), so such a file upgrades in place with every table and record kept.
A database newer than this program (a version it does not know) is refused, not downgraded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardroom.storage.protocol import StorageError

MIGRATION_LOCK = 4241
"""PostgreSQL advisory lock class held while migrating (``server/cluster/node.py`` uses 4242-3)."""


@dataclass(frozen=True, slots=True)
class AddColumn:
    """A column added to an existing table, skipped when the table has it already."""

    table: str
    column: str
    kind: str


@dataclass(frozen=True, slots=True)
class Dialects:
    """One statement written twice, where SQLite and PostgreSQL disagree."""

    sqlite: str
    postgres: str


Step = str | AddColumn | Dialects


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    steps: tuple[Step, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "tables, seats, log and chat", (
        """CREATE TABLE IF NOT EXISTS tables (
            id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL,
            config_json TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL,
            finished_at TEXT, outcome_json TEXT, name TEXT NOT NULL DEFAULT '')""",
        "CREATE INDEX IF NOT EXISTS tables_status ON tables (status, created_at)",
        """CREATE TABLE IF NOT EXISTS seats (
            table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT, kind TEXT NOT NULL,
            level TEXT, token_hash TEXT, PRIMARY KEY (table_id, seat))""",
        """CREATE TABLE IF NOT EXISTS log (
            table_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER,
            "text" TEXT NOT NULL, "auto" INTEGER NOT NULL, "at" TEXT NOT NULL,
            PRIMARY KEY (table_id, seq))""",
        """CREATE TABLE IF NOT EXISTS chat (
            table_id TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER, name TEXT NOT NULL,
            "text" TEXT NOT NULL, "at" TEXT NOT NULL, PRIMARY KEY (table_id, n))""",
    )),
    Migration(2, "table ownership, invites, private and hot-seat tables, seats by guest", (
        AddColumn("tables", "owner_hash", "TEXT"),
        AddColumn("tables", "invite_hash", "TEXT"),
        AddColumn("tables", "private", "INTEGER NOT NULL DEFAULT 0"),
        AddColumn("tables", "hot_seat", "INTEGER NOT NULL DEFAULT 0"),
        AddColumn("seats", "guest_hash", "TEXT"),
    )),
    Migration(3, "cluster nodes and table leases (used on PostgreSQL only)", (
        "CREATE TABLE IF NOT EXISTS nodes (node INTEGER PRIMARY KEY, url TEXT NOT NULL)",
        """CREATE TABLE IF NOT EXISTS leases (
            table_id TEXT PRIMARY KEY, node INTEGER, epoch BIGINT NOT NULL)""",
    )),
    Migration(4, "players: accounts, sessions, ratings, matches; rated tables; seats by account", (
        AddColumn("tables", "rated", "INTEGER NOT NULL DEFAULT 0"),
        AddColumn("seats", "account_id", "TEXT"),
        """CREATE TABLE accounts (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL, password_hash TEXT, created_at TEXT NOT NULL)""",
        """CREATE TABLE sessions (
            id_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL, created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL)""",
        "CREATE INDEX sessions_account ON sessions (account_id)",
        """CREATE TABLE ratings (
            account_id TEXT NOT NULL, game TEXT NOT NULL, kind TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
            display DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
            updated_at TEXT NOT NULL, PRIMARY KEY (account_id, game))""",
        "CREATE INDEX ratings_board ON ratings (game, kind, display DESC, account_id)",
        """CREATE TABLE matches (
            table_id TEXT PRIMARY KEY, game TEXT NOT NULL, rated INTEGER NOT NULL,
            finished_at TEXT NOT NULL, outcome_json TEXT NOT NULL)""",
        """CREATE TABLE match_players (
            table_id TEXT NOT NULL, seat INTEGER NOT NULL, game TEXT NOT NULL,
            account_id TEXT, guest_hash TEXT, name TEXT NOT NULL, team INTEGER NOT NULL,
            result TEXT NOT NULL, left_early INTEGER NOT NULL, rated INTEGER NOT NULL,
            mu DOUBLE PRECISION, sigma DOUBLE PRECISION, display DOUBLE PRECISION,
            stats_json TEXT NOT NULL, finished_at TEXT NOT NULL, PRIMARY KEY (table_id, seat))""",
        "CREATE INDEX match_players_account ON match_players (account_id, game, finished_at)",
        "CREATE INDEX match_players_recent ON match_players (account_id, finished_at)",
        "CREATE INDEX match_players_guest ON match_players (guest_hash)",
        """CREATE TABLE player_totals (
            player TEXT NOT NULL, game TEXT NOT NULL, matches INTEGER NOT NULL,
            won INTEGER NOT NULL, counters_json TEXT NOT NULL, PRIMARY KEY (player, game))""",
        """CREATE TABLE coplayers (
            player TEXT NOT NULL, game TEXT NOT NULL, other TEXT NOT NULL,
            partner INTEGER NOT NULL, other_name TEXT NOT NULL, games INTEGER NOT NULL,
            won INTEGER NOT NULL, PRIMARY KEY (player, game, other, partner))""",
        "CREATE INDEX coplayers_top ON coplayers (player, game, partner, games DESC)",
    )),
    Migration(5, "reviews and hints: the hints flag, results derived from a table's record", (
        AddColumn("tables", "hints", "INTEGER NOT NULL DEFAULT 1"),
        """CREATE TABLE IF NOT EXISTS derived (
            table_id TEXT NOT NULL, "key" TEXT NOT NULL, body TEXT NOT NULL,
            PRIMARY KEY (table_id, "key"))""",
    )),
    Migration(6, "bounds per address: who created a table, from where a seat was taken", (
        AddColumn("tables", "creator", "TEXT"),
        AddColumn("seats", "address_hash", "TEXT"),
        "CREATE INDEX IF NOT EXISTS tables_creator ON tables (creator, status)",
    )),
    Migration(7, "duplicate play: boards, challenge entries, baselines and events as documents", (
        """CREATE TABLE IF NOT EXISTS duplicate_docs (
            kind TEXT NOT NULL, "key" TEXT NOT NULL, doc TEXT NOT NULL,
            PRIMARY KEY (kind, "key"))""",
    )),
    Migration(8, "a table's own turn clock", (
        AddColumn("tables", "clock_move", "DOUBLE PRECISION"),
        AddColumn("tables", "clock_bank", "DOUBLE PRECISION"),
    )),
    Migration(9, "a table's own minimum wait before a bot moves", (
        AddColumn("tables", "pace", "DOUBLE PRECISION"),
    )),
)  # fmt: skip
"""Append only: a released migration is never edited, a change is a new one."""

LATEST = MIGRATIONS[-1].version


class Executor(Protocol):
    """One connection inside a transaction (``sql._Connection``)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...


VERSION_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"""


async def applied(conn: Executor) -> set[int]:
    return {int(row[0]) for row in await conn.fetch("SELECT version FROM schema_version")}


def check_known(done: set[int]) -> None:
    """Refuse a database written by a newer program (it has migrations this one lacks)."""
    unknown = sorted(v for v in done if v > LATEST)
    if unknown:
        raise StorageError(
            f"the database has schema version {unknown[-1]}, newer than this program's "
            f"{LATEST}; upgrade cardroom before opening it"
        )


async def apply(conn: Executor, migration: Migration, postgres: bool, at: str) -> None:
    """Run one migration's steps and record it, inside the caller's transaction."""
    for step in migration.steps:
        if isinstance(step, AddColumn):
            if postgres:
                await conn.execute(
                    f"ALTER TABLE {step.table} ADD COLUMN IF NOT EXISTS {step.column} {step.kind}"
                )
            else:
                rows = await conn.fetch(f"PRAGMA table_info({step.table})")
                if step.column not in {row[1] for row in rows}:
                    await conn.execute(f"ALTER TABLE {step.table} ADD COLUMN {step.column} "
                                       f"{step.kind}")  # fmt: skip
        elif isinstance(step, Dialects):
            await conn.execute(step.postgres if postgres else step.sqlite)
        else:
            await conn.execute(step)
    await conn.execute(
        "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
        (migration.version, migration.name, at),
    )
