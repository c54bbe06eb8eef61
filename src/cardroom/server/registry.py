"""``TableRegistry``: creates tables, brings stored ones back to life, and stops them all.

On startup every unfinished table is loaded and its log replayed, so play resumes exactly where
it stopped (bot seats included). A finished table is loaded on demand, to be watched or
downloaded.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Mapping
from typing import Any

from cardroom.engine import get_game
from cardroom.server.settings import Settings
from cardroom.server.table import LobbyError, TableActor
from cardroom.storage import StoredTable, TableMeta, TableStore, UnknownTable, utc_now

log = logging.getLogger("cardroom.server.registry")

MAX_TABLE_NAME = 60


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


class TableRegistry:
    """The live tables of this server process."""

    def __init__(self, store: TableStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.actors: dict[str, TableActor] = {}
        self._lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

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
                try:
                    self._spawn(await self.store.load(meta.id))
                    count += 1
                except ValueError:  # UnknownTable, a corrupt log, an unknown rule
                    log.exception("table %s could not be restored; left as stored", meta.id)
        return count

    async def create(self, game_name: str, options: Mapping[str, Any], name: str) -> TableActor:
        """A new open table; bad game names or options raise ``LobbyError`` (HTTP 400)."""
        try:
            game = get_game(game_name)
        except KeyError as exc:
            raise LobbyError(str(exc.args[0]), 400) from None
        try:
            config = game.config_from_json(options)
        except (ValueError, KeyError, TypeError) as exc:
            raise LobbyError(f"bad options for {game_name}: {exc}", 400) from None
        name = name.strip()[:MAX_TABLE_NAME]
        meta = TableMeta(
            id=new_table_id(),
            game=game.name,
            rules_version=game.rules_version,
            config=game.config_to_json(config),
            name=name,
            created_at=utc_now(),
        )
        await self.store.create_table(meta, game.num_seats(config))
        log.info("table %s created: %s %s %r", meta.id, game.name, meta.config, name)
        return self._spawn(await self.store.load(meta.id))

    async def get(self, table_id: str) -> TableActor:
        """The live actor of ``table_id``, loading it if needed; ``UnknownTable`` if none."""
        actor = self.actors.get(table_id)
        if actor is not None and not actor.stopped:
            return actor
        async with self._lock:
            actor = self.actors.get(table_id)
            if actor is None or actor.stopped:
                actor = self._spawn(await self.store.load(table_id))
            return actor

    async def sweep(self, every: float = 60.0) -> None:
        """Forever: stop finished tables nobody watches (they reload on demand)."""
        while True:
            await asyncio.sleep(every)
            idle = [a for a in self.actors.values() if a.status == "finished" and not a.subscribers]
            for actor in idle:
                del self.actors[actor.id]
                await actor.stop()

    def live(self) -> list[TableActor]:
        """Open and running tables, newest first."""
        actors = [a for a in self.actors.values() if a.status != "finished" and not a.stopped]
        return sorted(actors, key=lambda a: a.meta.created_at, reverse=True)

    def lobby(self) -> list[dict[str, Any]]:
        """The lobby's list: summaries of the open and running tables, newest first."""
        return [a.summary() for a in self.live()]

    async def shutdown(self) -> None:
        """Stop every actor after its current command (every record is already stored)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        await asyncio.gather(*(a.stop() for a in self.actors.values()))
        log.info("stopped %d table actors", len(self.actors))
        self.actors.clear()


__all__ = ["TableRegistry", "UnknownTable"]
