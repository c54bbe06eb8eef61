"""Test data: the schema as the code before numbered migrations created it (``storage/sql.py``'s
``SCHEMA`` and ``COLUMNS_ADDED``, and ``server/cluster/node.py``'s ``SCHEMA``), kept verbatim so
that the migration tests can build a database exactly as that code left it."""

from __future__ import annotations

STORE_SCHEMA = (
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
)

COLUMNS_ADDED = (
    ("tables", "owner_hash", "TEXT"),
    ("tables", "invite_hash", "TEXT"),
    ("tables", "private", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "hot_seat", "INTEGER NOT NULL DEFAULT 0"),
    ("seats", "guest_hash", "TEXT"),
)

CLUSTER_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS nodes (node INTEGER PRIMARY KEY, url TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS leases (
        table_id TEXT PRIMARY KEY, node INTEGER, epoch BIGINT NOT NULL)""",
)

AT = "2026-01-01T00:00:00.000+00:00"
ROWS = (
    (
        "INSERT INTO tables (id, game, rules_version, config_json, status, created_at, name, "
        "owner_hash, private, hot_seat) VALUES ('old1', 'toepen', '1', '{}', 'running', "
        f"'{AT}', 'kept', 'ownerhash', 1, 0)"
    ),
    "INSERT INTO seats (table_id, seat, name, kind, guest_hash) VALUES "
    "('old1', 0, 'ann', 'human', 'g0'), ('old1', 1, 'bot (random)', 'bot', NULL)",
    f"INSERT INTO log VALUES ('old1', 1, 'seat', 0, 'human ann', 0, '{AT}')",
    f"INSERT INTO chat VALUES ('old1', 1, 0, 'ann', 'hello', '{AT}')",
)
"""A table as it was stored: its row, two seats, a log record and a chat line."""
