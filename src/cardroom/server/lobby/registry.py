"""``TableRegistry``: creates tables, brings stored ones back to life, and stops them all.

On startup every unfinished table is loaded and its log replayed, so play resumes exactly where
it stopped (bot seats included). A finished table is loaded on demand, to be watched or
downloaded.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, NoReturn, Protocol

from cardroom.engine import Game, get_game, replay
from cardroom.engine.upgrade import LogTooOld, upgrade_log
from cardroom.server.lobby.access import Access
from cardroom.server.lobby.names import MAX_TABLE_NAME, BadName, clean_name
from cardroom.server.ops.limits import Quota
from cardroom.server.players.rated import why_not_rated
from cardroom.server.settings import Settings
from cardroom.server.table import commands
from cardroom.server.table.actor import DealSource, MatchResults, TableActor
from cardroom.server.table.bot_pool import BotPool
from cardroom.server.table.outcomes import ActorStopped, LobbyCode, LobbyError, Problem
from cardroom.storage import (
    DamagedTable,
    StoredTable,
    TableMeta,
    TableStore,
    TooManyOpen,
    UnknownTable,
    utc_now,
)

log = logging.getLogger("cardroom.server.lobby.registry")
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


class AbandonedTable(UnknownTable):
    """A table closed because its log could not be carried to the upgraded rules: it is not
    served, but listed (finished, with the reason) and its record stays downloadable."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id!r} was closed: {reason}; its record can be downloaded")
        self.table_id = table_id
        self.reason = reason


class TableGate(Protocol):
    """What a registry asks of the duplicate room about a table (by id)."""

    def deal(self, table_id: str) -> DealSource | None:
        """Its fixed boards' deal source, or None for the usual secure deals."""
        ...

    def hidden(self, table_id: str) -> bool:
        """Kept out of the lobby's lists."""
        ...

    async def may_view(self, table_id: str, guest: str | None) -> bool:
        """Whether the guest (a hash) may see its finished record and replay."""
        ...


class _Open:
    """No duplicate room: every table deals securely and is listed."""

    def deal(self, table_id: str) -> DealSource | None:
        return None

    def hidden(self, table_id: str) -> bool:
        return False

    async def may_view(self, table_id: str, guest: str | None) -> bool:
        return True


OPEN: TableGate = _Open()


class TableRegistry:
    """The live tables of this server process, and each holder's share of them (README,
    "Limits"): open tables it created (``max_open_per_address``, counted by the store),
    human seats (``seats``) and running bot-only tables (``bot_tables``, each ended after
    ``bot_table_life``). ``clock`` is injectable so that a bench can run hours in seconds."""

    def __init__(
        self,
        store: TableStore,
        settings: Settings,
        pool: BotPool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.settings = settings
        self.pool = pool if pool is not None else BotPool(settings.bot_workers)
        self.clock = clock
        self.seats = Quota(
            settings.max_seats_per_address, self._seats_held, "seats", LobbyCode.SEATS_HELD
        )
        self.bot_tables = Quota(
            settings.max_bot_tables_per_address, self._bot_tables_held, "running bot-only tables",
            LobbyCode.BOT_TABLES_HELD,
        )  # fmt: skip
        self._bot_only_since: dict[str, float] = {}
        self.actors: dict[str, TableActor] = {}
        self.damaged: dict[str, TableMeta] = {}  # quarantined: never served, listed with why
        self.abandoned: dict[str, tuple[TableMeta, str]] = {}  # closed here by a rules upgrade
        self._creating = 0
        self._lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self.results: MatchResults | None = None  # told of every finished match
        self.gate: TableGate = OPEN
        """Which tables deal fixed boards and are hidden (``server/duplicate``)."""

    def quarantine(self, meta: TableMeta, reason: str) -> DamagedTable:
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
        if table_id in self.abandoned:
            raise AbandonedTable(table_id, self.abandoned[table_id][1])
        try:
            stored = await self.store.load(table_id)
        except DamagedTable as exc:
            meta = TableMeta(table_id, "?", "?", {}, status="damaged")
            raise self.quarantine(meta, exc.reason) from None
        try:
            return self._spawn(await self._upgrade(stored))
        except UnknownTable:  # not installed, or abandoned
            raise
        except Exception as exc:  # a log that no longer replays: bytes flipped, rules changed
            raise self.quarantine(stored.meta, f"{type(exc).__name__}: {exc}"[:300]) from None

    async def _upgrade(self, stored: StoredTable) -> StoredTable:
        """A table stored under older rules, carried to today's: its log translated (checked by
        a replay), then rewritten in the store so that storage and memory agree. A log that
        cannot be carried closes the table as abandoned (``AbandonedTable``)."""
        meta = stored.meta
        try:
            game = get_game(meta.game)
        except KeyError:
            return stored  # _spawn says the game is not installed
        old, now = meta.rules_version, game.rules_version
        if old == now:
            return stored
        try:
            records = upgrade_log(game.name, old, now, stored.records, meta.config)
        except LogTooOld as exc:
            await self._abandon(stored, game, str(exc))
        replay(game, game.config_from_json(meta.config), records)  # raises: quarantined
        await self.store.rewrite_log(meta.id, now, records)
        log.warning("table %s: log carried from rules %s to %s (%d -> %d records)",
                    meta.id, old, now, len(stored.records), len(records))  # fmt: skip
        return replace(stored, meta=replace(meta, rules_version=now), records=records)

    async def _abandon(self, stored: StoredTable, game: Game[Any, Any, Any], why: str) -> NoReturn:
        """Finish an unfinished table whose log cannot follow a rules upgrade (no winner, every
        score 0, the reason in its outcome); a finished one keeps its outcome."""
        meta = stored.meta
        reason = f"rules upgraded from {meta.rules_version} to {game.rules_version}: {why}"
        if meta.status != "finished":
            seats = game.num_seats(game.config_from_json(meta.config))
            outcome = {"scores": [0] * seats, "winners": [], "reason": f"abandoned: {reason}"}
            at = utc_now()
            await self.store.finish(meta.id, outcome, at)
            meta = replace(meta, status="finished", outcome=outcome, finished_at=at)
            log.warning("table %s abandoned: %s", meta.id, reason)
            self.abandoned[meta.id] = (meta, reason)  # listed in the lobby until a restart
        raise AbandonedTable(meta.id, reason)

    def _spawn(self, stored: StoredTable) -> TableActor:
        try:
            game = get_game(stored.meta.game)
        except KeyError:
            msg = f"table {stored.meta.id} plays {stored.meta.game!r}, which is not installed"
            raise UnknownTable(msg) from None
        actor = TableActor(stored, game, self.store, self.settings, self.pool)
        actor.results = self.results
        actor.now = self.clock
        actor.touched = self.clock()
        deal = self.gate.deal(actor.id)
        if deal is not None:
            actor.seal(deal)
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
                    self.quarantine(meta, meta.damage)
                    continue
                try:
                    await self._load(meta.id)
                    count += 1
                except UnknownTable as exc:  # damaged, abandoned (logged), or not installed
                    if not isinstance(exc, DamagedTable | AbandonedTable):
                        log.error("table %s could not be restored: %s", meta.id, exc)
        return count

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
        """A new open table; bad game names, options or names raise ``LobbyError`` (400), as
        does a rated table that is not standard (``players/rated.py``); a ``creator``
        (``access.holder_key``) with its bound of open tables 429. ``clock``: the table's own
        turn clock (``table/clock.chosen_clock``), else the server's default; ``pace`` its minimum
        wait before a bot moves (``table/clock.chosen_pace``), else the server's bot delay."""
        try:
            game = get_game(game_name)
        except KeyError as exc:
            raise LobbyError(str(exc.args[0]), Problem.BAD_REQUEST) from None
        try:
            config = game.config_from_json(options)
        except (ValueError, KeyError, TypeError) as exc:
            raise LobbyError(f"bad options for {game_name}: {exc}", Problem.BAD_REQUEST) from None
        try:
            name = clean_name(name, "name", MAX_TABLE_NAME, required=False)
        except BadName as exc:
            raise LobbyError(str(exc), Problem.BAD_REQUEST, exc.code, **exc.params) from None
        unrated = why_not_rated(game, config, access.hot_seat) if rated else None
        if unrated is not None:
            raise unrated
        waiting = self._creating + sum(1 for a in self.live() if a.status == "open")
        if waiting >= self.settings.max_open_tables:
            msg = f"the server has {waiting} tables waiting for players, its limit; join one"
            raise LobbyError(msg, Problem.BUSY, LobbyCode.SERVER_FULL, n=waiting)
        self._creating += 1  # counted while stored, so concurrent creations cannot overshoot
        try:
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
                hints=hints,
                rated=rated,
                creator=creator,
                clock_move=None if clock is None else clock[0],
                clock_bank=None if clock is None else clock[1],
                pace=pace,
            )
            return await self._create(meta, game.num_seats(config))
        except TooManyOpen as exc:
            bound = self.settings.max_open_per_address
            raise LobbyError(str(exc), Problem.TOO_MANY, LobbyCode.OPEN_TABLES, n=bound) from None
        finally:
            self._creating -= 1

    async def _create(self, meta: TableMeta, seats: int) -> TableActor:
        bound = self.settings.max_open_per_address
        await self.store.create_table(meta, seats, bound)
        log.info("table %s created: %s %s %r", meta.id, meta.game, meta.config, meta.name)
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
        """Forever, every ``every`` seconds: ``sweep_once``."""
        ttl = self.settings.open_table_ttl
        if every is None:
            every = min(60.0, ttl / 4) if ttl > 0 else 60.0
            life = self.settings.bot_table_life
            every = min(every, life / 4) if life > 0 else every
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep_once()
            except Exception:  # e.g. the store is unreachable: try again next round
                log.exception("sweeping tables failed")

    async def sweep_once(self) -> None:
        """Stop finished tables nobody watches (they reload on demand); remove open tables
        untouched for ``open_table_ttl`` that nobody is seated at and online (a watcher alone
        keeps nothing alive: nothing was dealt); end bot-only tables past their life."""
        idle = [a for a in self.actors.values() if a.status == "finished" and not a.subscribers]
        for actor in idle:
            del self.actors[actor.id]
            await actor.stop()
        ttl = self.settings.open_table_ttl
        if ttl > 0:
            await self._expire(self.clock() - ttl)
        await self._end_bot_only()

    async def _expire(self, before: float) -> None:
        stale = [a for a in self.live()  # a sealed (duplicate) table waits for its players
                 if a.status == "open" and not _seated_online(a) and a.touched < before
                 and not a.sealed]  # fmt: skip
        for actor in stale:
            await actor.stop()
            self.actors.pop(actor.id, None)
            await self.store.delete_table(actor.id)
            idle = self.clock() - actor.touched
            log.info("open table %s expired (untouched for %.0f s)", actor.id, idle)

    async def _end_bot_only(self) -> None:
        """A table that became bot-only (by the owner's bots, or by humans leaving) ends after
        ``bot_table_life``; one beyond its creator's bound (it got there by humans leaving)
        ends at once, newest first."""
        now, life = self.clock(), self.settings.bot_table_life
        running = [a for a in self.live() if a.bot_only]
        since = {a.id: self._bot_only_since.get(a.id, now) for a in running}
        self._bot_only_since = since
        kept: Counter[str | None] = Counter()
        bound = self.settings.max_bot_tables_per_address
        for actor in sorted(running, key=lambda a: since[a.id]):
            creator = actor.meta.creator
            kept[creator] += 1
            if life > 0 and now - since[actor.id] >= life:
                why = f"bots alone played for {life:.0f} s, the limit for a table without humans"
            elif bound > 0 and creator is not None and kept[creator] > bound:
                why = f"its creator already has {bound} running bot-only tables"
            else:
                continue
            await _close(actor, why)
            del self._bot_only_since[actor.id]

    def _seats_held(self, holder: str) -> int:
        """Human seats ``holder`` took at this server's unfinished tables."""
        return sum(1 for a in self.live() for r in a.seats
                   if r.kind == "human" and r.address_hash == holder)  # fmt: skip

    def _bot_tables_held(self, holder: str) -> int:
        """Running bot-only tables created by ``holder``."""
        return sum(1 for a in self.live() if a.bot_only and a.meta.creator == holder)

    def page(self, limit: int, offset: int) -> list[dict[str, Any]]:
        """One lobby page: live tables newest first, then those closed by a rules upgrade, then
        the damaged ones (only the page's tables are summarised, so a long list stays cheap)."""

        def newest(metas: list[TableMeta]) -> list[TableMeta]:
            return sorted(metas, key=lambda m: m.created_at, reverse=True)

        reasons = {i: why for i, (_, why) in self.abandoned.items()}
        closed = newest([m for m, _ in self.abandoned.values()]) + newest([*self.damaged.values()])
        closed = [m for m in closed if not m.private]
        shown = [a for a in self.live()  # private: invitees' only; duplicate: hidden
                 if not a.meta.private and not self.gate.hidden(a.id)]  # fmt: skip
        entries: list[TableActor | TableMeta] = [*shown, *closed]
        return [e.summary() if isinstance(e, TableActor) else closed_summary(e, reasons.get(e.id))
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
        self.pool.shutdown()


async def _close(actor: TableActor, why: str) -> None:
    with contextlib.suppress(ActorStopped):
        await actor.call(commands.Close(why))


def _seated_online(actor: TableActor) -> bool:
    """Whether a human holds a seat of the table and has it open: somebody is waiting there."""
    return any(isinstance(a, int) and actor.seats[a].kind == "human"
               for a in actor.subscribers.values())  # fmt: skip


def closed_summary(meta: TableMeta, abandoned: str | None = None) -> dict[str, Any]:
    """A table that is not served, in the lobby: what is known of it and why (``damaged``, or
    ``finished`` with ``abandoned`` as the reason when a rules upgrade closed it)."""
    status, reason = ("damaged", meta.damage) if abandoned is None else ("finished", abandoned)
    return {"id": meta.id, "name": meta.name, "game": meta.game, "options": meta.config,
            "status": status, "reason": reason, "version": 0, "num_seats": 0,
            "seats": [], "created_at": meta.created_at, "outcome": meta.outcome}  # fmt: skip


__all__ = ["AbandonedTable", "TableRegistry", "UnknownTable"]
