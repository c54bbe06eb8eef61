"""``TableRegistry``: creates tables, brings stored ones back to life, and stops them all.

On startup every unfinished table is loaded and its log replayed, so play resumes exactly where
it stopped (bot seats included). A finished table is loaded on demand, to be watched or
downloaded.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from cardroom.engine import Game, get_game
from cardroom.server.access import Access
from cardroom.server.names import MAX_TABLE_NAME, BadName, clean_name
from cardroom.server.settings import Settings
from cardroom.server.table import LobbyError, TableActor
from cardroom.storage import (
    DamagedTable,
    StoredTable,
    TableMeta,
    TableStore,
    UnknownTable,
    utc_now,
)

log = logging.getLogger("cardroom.server.registry")
NO_OWNER = Access()
"""Tables made without an owner (tests, tools): nobody may manage their bots."""


def new_table_id() -> str:
    """A random 8-character URL-safe id that never starts with ``-``, so that it can be given to
    a command line as is (``cardroom play --table ID``; argparse reads ``-x…`` as an option).

    >>> ids = [new_table_id() for _ in range(300)]
    >>> all(len(i) == 8 and not i.startswith("-") for i in ids)
    True
    """
    while True:
        table_id = secrets.token_urlsafe(6)
        if not table_id.startswith("-"):
            return table_id


def plausible_table_id(text: str) -> bool:
    r"""Whether ``text`` could name a table (ids are short printable ASCII), so that odd input
    is answered "no such table" without reaching the store.

    >>> plausible_table_id(new_table_id()), plausible_table_id("\ud800"), plausible_table_id("")
    (True, False, False)
    """
    return 0 < len(text) <= 64 and text.isascii() and text.isprintable()


class TableRegistry:
    """The live tables of this server process."""

    def __init__(self, store: TableStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.actors: dict[str, TableActor] = {}
        self.damaged: dict[str, TableMeta] = {}  # quarantined: never served, listed with why
        self._creating = 0
        self._lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    def _quarantine(self, meta: TableMeta, reason: str) -> DamagedTable:
        """Mark a table damaged (logged once) and return the error that says so."""
        if meta.id not in self.damaged:
            log.error("table %s is damaged and will not be served: %s", meta.id, reason)
        self.damaged[meta.id] = replace(meta, status="damaged", damage=reason)
        return DamagedTable(meta.id, reason)

    async def _load(self, table_id: str) -> TableActor:
        """Load and start a stored table; a table that cannot be read or replayed is
        quarantined (``DamagedTable``) instead of failing every request for it."""
        if table_id in self.damaged:
            raise DamagedTable(table_id, self.damaged[table_id].damage or "")
        try:
            stored = await self.store.load(table_id)
        except DamagedTable as exc:
            meta = TableMeta(table_id, "?", "?", {}, status="damaged")
            raise self._quarantine(meta, exc.reason) from None
        try:
            return self._spawn(stored)
        except UnknownTable:
            raise
        except Exception as exc:  # a log that no longer replays: bytes flipped, rules changed
            raise self._quarantine(stored.meta, f"{type(exc).__name__}: {exc}"[:300]) from None

    def _spawn(self, stored: StoredTable) -> TableActor:
        try:
            game = get_game(stored.meta.game)
        except KeyError:
            msg = f"table {stored.meta.id} plays {stored.meta.game!r}, which is not installed"
            raise UnknownTable(msg) from None
        actor = TableActor(stored, game, self.store, self.settings)
        meta, now = stored.meta, actor.game.rules_version
        if meta.rules_version != now:
            log.warning("table %s: rules %s, game now at %s", meta.id, meta.rules_version, now)
        actor.start()
        self.actors[actor.id] = actor
        return actor

    async def load_unfinished(self) -> int:
        """Resume every open or running table (and start sweeping); returns how many."""
        self._sweeper = asyncio.create_task(self.sweep())
        count, offset = 0, 0
        while page := await self.store.list_tables({"open", "running"}, 500, offset):
            offset += len(page)
            for meta in page:
                if meta.damage is not None:
                    self._quarantine(meta, meta.damage)
                    continue
                try:
                    await self._load(meta.id)
                    count += 1
                except UnknownTable as exc:  # damaged (logged), or a game not installed
                    if not isinstance(exc, DamagedTable):
                        log.error("table %s could not be restored: %s", meta.id, exc)
        return count

    async def create(
        self, game_name: str, options: Mapping[str, Any], name: str, access: Access = NO_OWNER
    ) -> TableActor:
        """A new open table; bad game names, options or names raise ``LobbyError`` (400)."""
        try:
            game = get_game(game_name)
        except KeyError as exc:
            raise LobbyError(str(exc.args[0]), 400) from None
        try:
            config = game.config_from_json(options)
        except (ValueError, KeyError, TypeError) as exc:
            raise LobbyError(f"bad options for {game_name}: {exc}", 400) from None
        try:
            name = clean_name(name, "name", MAX_TABLE_NAME, required=False)
        except BadName as exc:
            raise LobbyError(str(exc), 400) from None
        waiting = self._creating + sum(1 for a in self.live() if a.status == "open")
        if waiting >= self.settings.max_open_tables:
            msg = f"the server has {waiting} tables waiting for players, its limit; join one"
            raise LobbyError(msg, 503)
        self._creating += 1  # counted while stored, so concurrent creations cannot overshoot
        try:
            return await self._create(game, config, name, access)
        finally:
            self._creating -= 1

    async def _create(
        self, game: Game[Any, Any, Any], config: Any, name: str, access: Access
    ) -> TableActor:
        meta = TableMeta(
            id=new_table_id(),
            game=game.name,
            rules_version=game.rules_version,
            config=game.config_to_json(config),
            name=name,
            created_at=utc_now(),
            owner_hash=access.owner_hash,
            invite_hash=access.invite_hash,
            private=access.private,
            hot_seat=access.hot_seat,
        )
        await self.store.create_table(meta, game.num_seats(config))
        log.info("table %s created: %s %s %r", meta.id, game.name, meta.config, name)
        return self._spawn(await self.store.load(meta.id))

    async def get(self, table_id: str) -> TableActor:
        """The live actor of ``table_id``, loading it if needed; ``UnknownTable`` if none."""
        actor = self.actors.get(table_id)
        if actor is not None and not actor.stopped:
            return actor
        if not plausible_table_id(table_id):
            raise UnknownTable(f"no table {table_id!r}")
        async with self._lock:
            actor = self.actors.get(table_id)
            if actor is None or actor.stopped:
                actor = await self._load(table_id)
            return actor

    async def sweep(self, every: float | None = None) -> None:
        """Forever: stop finished tables nobody watches (they reload on demand), and remove
        open tables untouched and unwatched for ``open_table_ttl`` (nothing was dealt)."""
        ttl = self.settings.open_table_ttl
        if every is None:
            every = min(60.0, ttl / 4) if ttl > 0 else 60.0
        while True:
            await asyncio.sleep(every)
            idle = [a for a in self.actors.values() if a.status == "finished" and not a.subscribers]
            for actor in idle:
                del self.actors[actor.id]
                await actor.stop()
            if ttl > 0:
                try:
                    await self._expire(time.monotonic() - ttl)
                except Exception:  # e.g. the store is unreachable: try again next round
                    log.exception("expiring open tables failed")

    async def _expire(self, before: float) -> None:
        stale = [a for a in self.live()
                 if a.status == "open" and not a.subscribers and a.touched < before]  # fmt: skip
        for actor in stale:
            await actor.stop()
            self.actors.pop(actor.id, None)
            await self.store.delete_table(actor.id)
            idle = time.monotonic() - actor.touched
            log.info("open table %s expired (untouched for %.0f s)", actor.id, idle)

    def page(self, limit: int, offset: int) -> list[dict[str, Any]]:
        """One lobby page: live tables newest first, then the damaged ones (only the page's
        tables are summarised, so a long list stays cheap)."""
        damaged = sorted(self.damaged.values(), key=lambda m: m.created_at, reverse=True)
        entries: list[TableActor | TableMeta] = [*self.live(), *damaged]
        return [e.summary() if isinstance(e, TableActor) else damaged_summary(e)
                for e in entries[offset : offset + limit]]  # fmt: skip

    def live(self) -> list[TableActor]:
        """Open and running tables, newest first."""
        actors = [a for a in self.actors.values() if a.status != "finished" and not a.stopped]
        return sorted(actors, key=lambda a: a.meta.created_at, reverse=True)

    async def shutdown(self) -> None:
        """Stop every actor after its current command (every record is already stored)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        await asyncio.gather(*(a.stop() for a in self.actors.values()))
        log.info("stopped %d table actors", len(self.actors))
        self.actors.clear()


def damaged_summary(meta: TableMeta) -> dict[str, Any]:
    """A damaged table in the lobby: what is known of it, and why it is not served."""
    return {"id": meta.id, "name": meta.name, "game": meta.game, "options": meta.config,
            "status": "damaged", "reason": meta.damage, "version": 0, "num_seats": 0,
            "seats": [], "created_at": meta.created_at, "outcome": None}  # fmt: skip


__all__ = ["TableRegistry", "UnknownTable"]
