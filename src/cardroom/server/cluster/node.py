"""Several server processes (nodes) on one PostgreSQL: each table is owned by exactly one node.

- **Liveness**: a node holds a session advisory lock ``(LOCK_CLASS, node_id)`` on a dedicated
  connection for as long as it lives. PostgreSQL drops it the moment the process dies (its
  socket closes), so "is node n alive" is a lookup in ``pg_locks``, with no heartbeat to tune.
- **Ownership**: a ``leases`` row per table names its node and an ``epoch`` (the fencing token),
  raised on every acquisition. A node may acquire a table whose lease is free, its own, or held
  by a dead node. Every append checks, in the same transaction and under ``FOR SHARE``, that the
  lease still names this node and epoch; a node that lost a table fails with ``SeqConflict``
  and its actor stops (the log's primary key is the second fence).
- **Routing**: nginx hashes on the table id (``deploy/nginx-cluster.conf``), and a table is
  acquired lazily by the node that first gets a request for it, so steady traffic needs no hop;
  a request that reaches another node is forwarded (``server/cluster/relay.py``).
- **Takeover**: running tables whose lease names a dead node are taken by whichever node's
  client reconnects first; tables nobody reconnects to are taken by the sweep after
  ``ORPHAN_GRACE`` seconds.
- **Schema**: the ``nodes`` and ``leases`` tables are created by the store's migrations
  (``storage/schema.py``), which run before a node starts.
- **Lobby**: each node announces its tables' summaries on ``LISTEN/NOTIFY`` when their status
  or seats change, and every node lists the union.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.server.lobby.access import Access
from cardroom.server.lobby.registry import NO_OWNER, TableRegistry
from cardroom.server.settings import Settings
from cardroom.server.table.actor import TableActor
from cardroom.storage import DatabaseInUse, SeqConflict, SqlStore, TableStore

log = logging.getLogger("cardroom.server.cluster.node")

Json = dict[str, Any]
LOCK_CLASS = 4242
SERVER_CLASS = 4243
"""``(SERVER_CLASS, hashtext(schema))``: shared by the cluster's nodes, exclusive for a server
without ``--node-id`` (on PostgreSQL, one lone server per database schema)."""
SERVER_KEY = "hashtext(current_schema())"
CHANNEL = "cardroom_lobby"
ORPHAN_GRACE = 2.0
SWEEP_EVERY = 0.5

ALIVE = (
    "EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = "
    f"{LOCK_CLASS} AND objid = {{node}}::oid AND objsubid = 2 AND granted)"
)


class Elsewhere(Exception):
    """The table is owned by another live node, reachable at ``url``."""

    def __init__(self, table_id: str, url: str) -> None:
        super().__init__(f"table {table_id} is served by {url}")
        self.table_id, self.url = table_id, url


class ClusterNode:
    """This process's membership: its liveness lock, its leases and the lobby channel."""

    def __init__(self, dsn: str, node_id: int, url: str, schema: str | None = None) -> None:
        self.dsn = dsn
        self.node_id = node_id
        self.url = url
        self.schema = schema
        self.epochs: dict[str, int] = {}
        self.remote: dict[str, Json] = {}
        self._asyncpg: Any = importlib.import_module("asyncpg")
        self._conn: Any = None
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        settings = {} if self.schema is None else {"search_path": self.schema}
        self._conn = await self._asyncpg.connect(self.dsn, server_settings=settings)
        got = await self._conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCK_CLASS,
                                        self.node_id)  # fmt: skip
        if not got:
            await self._refuse(
                f"node {self.node_id} is already running on this database (another process "
                "holds its lock); give each node its own --node-id"
            )
        if not await self._conn.fetchval(
            f"SELECT pg_try_advisory_lock_shared($1, {SERVER_KEY})", SERVER_CLASS
        ):
            await self._refuse(
                "a cardroom server without --node-id is using this database; stop it first"
            )
        await self._conn.execute(
            "INSERT INTO nodes (node, url) VALUES ($1, $2) "
            "ON CONFLICT (node) DO UPDATE SET url = EXCLUDED.url",
            self.node_id, self.url,
        )  # fmt: skip
        await self._conn.add_listener(CHANNEL, self._heard)
        log.info("node %d up at %s", self.node_id, self.url)

    async def _refuse(self, why: str) -> None:
        await self._conn.close()
        self._conn = None
        raise DatabaseInUse(why)

    async def stop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.execute(
                    "UPDATE leases SET node = NULL WHERE node = $1", self.node_id
                )
            await self._conn.close()
            self._conn = None

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        async with self._lock:  # one connection: one query at a time
            return list(await self._conn.fetch(sql, *args))

    async def acquire(self, table_id: str) -> str | None:
        """Take the table's lease (``None``), or the URL of the live node that holds it."""
        rows = await self._fetch(
            "INSERT INTO leases (table_id, node, epoch) VALUES ($1, $2, 1) "
            "ON CONFLICT (table_id) DO UPDATE SET node = EXCLUDED.node, epoch = leases.epoch + 1 "
            "WHERE leases.node IS NULL OR leases.node = EXCLUDED.node OR NOT "
            + ALIVE.format(node="leases.node") + " RETURNING epoch",
            table_id, self.node_id,
        )  # fmt: skip
        if rows:
            self.epochs[table_id] = int(rows[0][0])
            return None
        owner = await self._fetch(
            "SELECT n.url FROM leases l JOIN nodes n ON n.node = l.node WHERE l.table_id = $1",
            table_id,
        )
        return str(owner[0][0]) if owner else None

    async def fence(self, conn: Any, table_ids: Sequence[str]) -> set[str]:
        """Inside an append's transaction: the tables among ``table_ids`` this node no longer
        owns at the epoch it acquired (their rows stay share-locked until the commit)."""
        marks = ", ".join("?" for _ in table_ids)
        rows = await conn.fetch(
            f"SELECT table_id, node, epoch FROM leases WHERE table_id IN ({marks}) FOR SHARE",
            list(table_ids),
        )
        held = {r[0] for r in rows if r[1] == self.node_id and self.epochs.get(r[0]) == r[2]}
        return set(table_ids) - held

    async def orphans(self) -> list[str]:
        """Running tables whose lease names a dead node."""
        rows = await self._fetch(
            "SELECT l.table_id FROM leases l JOIN tables t ON t.id = l.table_id "
            "WHERE t.status = 'running' AND l.node IS NOT NULL AND l.node <> $1 AND NOT "
            + ALIVE.format(node="l.node"),
            self.node_id,
        )  # fmt: skip
        return [str(r[0]) for r in rows]

    async def announce(self, summaries: Sequence[Json]) -> None:
        for summary in summaries:
            payload = json.dumps({"node": self.node_id, "table": summary})
            await self._fetch("SELECT pg_notify($1, $2)", CHANNEL, payload)

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        message = json.loads(payload)
        if message["node"] == self.node_id:
            return
        summary = message["table"]
        self.remote[summary["id"]] = summary


class ClusterRegistry(TableRegistry):
    """A ``TableRegistry`` that serves only the tables this node holds a lease for."""

    def __init__(self, store: TableStore, settings: Settings, node: ClusterNode) -> None:
        super().__init__(store, settings)
        self.node = node
        self._announced: dict[str, int] = {}
        self._orphaned: dict[str, float] = {}
        self._tasks: list[asyncio.Task[None]] = []

    async def load_unfinished(self) -> int:
        """Tables are acquired on demand and by the takeover sweep, not all at startup."""
        self._tasks = [asyncio.create_task(self._sweep_cluster())]
        self._sweeper = asyncio.create_task(self.sweep())
        return 0

    async def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        name: str,
        access: Access = NO_OWNER,
        *,
        hints: bool = True,
        rated: bool = False,
        creator: str | None = None,
        clock: tuple[float, float] | None = None,
        pace: float | None = None,
    ) -> TableActor:
        """Store the table and let go of it: the node nginx routes its requests to takes it."""
        actor = await super().create(
            game_name, options, name, access, hints=hints, rated=rated, creator=creator,
            clock=clock, pace=pace,
        )  # fmt: skip
        self.actors.pop(actor.id, None)
        await actor.stop()
        return actor

    async def _load(self, table_id: str) -> TableActor:
        """Take the table's lease first; ``Elsewhere`` when a live node holds it."""
        owner = await self.node.acquire(table_id)
        if owner is not None:
            raise Elsewhere(table_id, owner)
        actor = await super()._load(table_id)
        log.info("node %d took table %s", self.node.node_id, table_id)
        return actor

    def page(self, limit: int, offset: int) -> list[Json]:
        """A lobby page over this node's tables and every other node's announced open and
        running ones, newest first."""
        local = super().page(limit + offset, 0)
        seen = {s["id"] for s in local}
        remote = [s for i, s in self.node.remote.items()
                  if i not in seen and s["status"] != "finished"
                  and not s.get("private")]  # fmt: skip
        merged = sorted(local + remote, key=lambda s: str(s["created_at"]), reverse=True)
        return merged[offset : offset + limit]

    async def _sweep_cluster(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self._announce_changes()
                await self._take_orphans()
                self._drop_lost()
            except Exception:  # the database is away: try again next round
                log.exception("cluster sweep failed")

    async def _announce_changes(self) -> None:
        """Announce the tables whose lobby view changed since the last sweep (the actor
        counts those changes: no summary is built for the unchanged ones)."""
        changed = []
        for actor in list(self.actors.values()):
            if self._announced.get(actor.id) != actor.lobby_changes:
                self._announced[actor.id] = actor.lobby_changes
                changed.append(actor.summary())
        await self.node.announce(changed)

    async def _take_orphans(self) -> None:
        now, orphans = time.monotonic(), await self.node.orphans()
        self._orphaned = {t: self._orphaned.get(t, now) for t in orphans}
        for table_id, since in self._orphaned.items():
            if now - since >= ORPHAN_GRACE:
                with contextlib.suppress(Elsewhere, ValueError):
                    await self.get(table_id)

    def _drop_lost(self) -> None:
        for table_id, actor in list(self.actors.items()):
            if actor.stopped and actor.status != "finished":
                del self.actors[table_id]
                self.node.epochs.pop(table_id, None)

    async def shutdown(self) -> None:
        for task in self._tasks:
            task.cancel()
        await super().shutdown()
        await self.node.stop()


async def hold_lone_server(dsn: str) -> Any:
    """The connection holding a server's exclusive lock on a PostgreSQL database (no
    ``--node-id``): close it to release; ``DatabaseInUse`` if another server or a cluster node
    uses the database. The lock dies with the connection, so ``kill -9`` never blocks a restart."""
    conn = await importlib.import_module("asyncpg").connect(dsn)
    if not await conn.fetchval(f"SELECT pg_try_advisory_lock($1, {SERVER_KEY})", SERVER_CLASS):
        await conn.close()
        raise DatabaseInUse(
            "the PostgreSQL database is in use by another cardroom server (it holds its "
            "advisory lock); several servers share one only as cluster nodes (--node-id)"
        )
    return conn


def fenced(store: TableStore, node: ClusterNode) -> None:
    """Make every append of ``store`` (a PostgreSQL ``SqlStore``) check this node's lease."""
    inner = getattr(store, "inner", store)
    if not isinstance(inner, SqlStore):
        raise TypeError("a cluster needs a PostgreSQL store")
    inner.fence = node


__all__ = ["ClusterNode", "ClusterRegistry", "Elsewhere", "SeqConflict", "fenced"]
