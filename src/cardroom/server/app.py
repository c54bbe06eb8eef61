"""``create_app(settings)``: the ASGI application (Starlette) with its lifespan wiring.

Startup locks and opens the store and resumes every unfinished table; shutdown stops the table
actors after their current command and closes the store. Nothing is lost: every record is stored
before it is broadcast. A database that cannot be opened or listed stops the startup with one
clear error line and no traceback (``server/ops/startup.py``; ``cardroom serve`` then exits
non-zero); a damaged table is only quarantined.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import IO, Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from cardroom.server.cluster.node import (
    ClusterNode,
    ClusterRegistry,
    Elsewhere,
    fenced,
    hold_lone_server,
)
from cardroom.server.cluster.rate import SharedRateLimiter
from cardroom.server.cluster.relay import forward_http
from cardroom.server.duplicate import routes as challenge_routes
from cardroom.server.duplicate.room import open_room
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.ops.health import watch_loop
from cardroom.server.ops.limits import BodyLimit, ChatLimiter, OverQuota, RateLimiter
from cardroom.server.ops.startup import QuietStartApp, Startup
from cardroom.server.ops.tuning import (
    freeze_startup_objects,
    full_collections,
    young_collections,
)
from cardroom.server.players.accounts import Accounts
from cardroom.server.players.passwords import Passwords
from cardroom.server.players.results import MatchRecorder
from cardroom.server.settings import Settings
from cardroom.server.table.outcomes import ActorStopped, LobbyError
from cardroom.server.web import accounts, http, replay, review
from cardroom.server.web.proxy import TrustedProxy
from cardroom.server.web.ws import LagWatch, websocket_endpoint
from cardroom.storage import (
    SqlStore,
    TableStore,
    lock_database,
    make_store,
    redact,
)
from cardroom.storage.group_commit import GroupCommitStore
from cardroom.storage.players import PlayerStore

log = logging.getLogger("cardroom.server.app")


async def _registry(store: TableStore, settings: Settings) -> TableRegistry:
    """One process's registry, or (with ``settings.node_id``) a cluster node's."""
    if settings.node_id is None:
        return TableRegistry(store, settings)
    node = ClusterNode(settings.db, settings.node_id, settings.node_url)
    fenced(store, node)
    await node.start()
    return ClusterRegistry(store, settings, node)


async def _shared_limiter(settings: Settings) -> SharedRateLimiter | None:
    """A cluster node's creation limit lives in PostgreSQL, shared with the other nodes."""
    if settings.node_id is None:
        return None
    limiter = SharedRateLimiter(settings.db, settings.create_burst, settings.create_per_minute)
    await limiter.open()
    return limiter


async def _forward(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Elsewhere)
    return await forward_http(request, exc.url)


async def _players(table_store: TableStore) -> tuple[PlayerStore, SqlStore | None]:
    """The player store on the table store's database; a server keeping its tables in memory
    keeps its players in an in-memory SQLite database (returned, to be closed at shutdown)."""
    sql = table_store.inner if isinstance(table_store, GroupCommitStore) else table_store
    if isinstance(sql, SqlStore):
        return PlayerStore(sql), None
    own = SqlStore(":memory:")
    await own.open()
    return PlayerStore(own), own


def _accounts(players: PlayerStore, settings: Settings) -> Accounts:
    passwords = Passwords(settings.password_memory_kib, settings.password_time_cost)
    by_name = RateLimiter(settings.sign_in_burst, settings.sign_in_per_minute)
    by_address = RateLimiter(settings.address_burst, settings.address_per_minute)
    return Accounts(players, passwords, by_name, by_address)


def create_app(settings: Settings | None = None, store: TableStore | None = None) -> Starlette:
    """The server app; ``store`` overrides the one named by ``settings.db`` (tests)."""
    settings = settings or Settings()
    table_store = store if store is not None else make_store(settings.db)
    if settings.group_commit and isinstance(table_store, SqlStore):
        table_store = GroupCommitStore(
            table_store, window=settings.commit_window, writers=settings.commit_writers
        )

    startup = Startup(settings.db if store is None else "memory")

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        opened = _Opened(table_store)
        async with startup.guard(partial(opened.close, quietly=True)):
            opened.lock = lock_database(startup.db)
            postgres = settings.db.startswith(("postgresql://", "postgres://"))
            # one lone server per database schema
            if store is None and settings.node_id is None and postgres:
                opened.lone = await hold_lone_server(settings.db)
            await table_store.open()
            players, opened.own = await _players(table_store)
            registry = opened.registry = await _registry(table_store, settings)
            registry.results = MatchRecorder(players, table_store)
            app.state.accounts = _accounts(players, settings)
            opened.shared = await _shared_limiter(settings)
            if opened.shared is not None:
                app.state.create_limiter = opened.shared
            room = await open_room(table_store, registry, settings)
            app.state.challenge, app.state.events = room.challenge, room.events
            resumed = await registry.load_unfinished()
        app.state.registry = registry
        app.state.settings = settings
        damaged = len(registry.damaged)
        log.info("storage %s ready; %d unfinished tables resumed, %d damaged",
                 redact(settings.db), resumed, damaged)  # fmt: skip
        freeze_startup_objects()
        collector = asyncio.create_task(full_collections())
        young = asyncio.create_task(young_collections())
        grouped = table_store if isinstance(table_store, GroupCommitStore) else None
        watcher = asyncio.create_task(
            watch_loop(settings.stats_every, grouped.stats if grouped else None)
        )
        try:
            yield
        finally:
            collector.cancel()
            young.cancel()
            watcher.cancel()
            await opened.close()
            log.info("server stopped")

    routes = [
        Route("/api/games", http.list_games),
        Route("/api/tables", http.list_tables, methods=["GET"]),
        Route("/api/tables", http.create_table, methods=["POST"]),
        Route("/api/tables/finished", http.finished_tables),
        Route("/api/tables/{table_id}", http.table_info),
        Route("/api/tables/{table_id}/record", http.table_record),
        Route("/api/tables/{table_id}/replay", replay.table_replay),
        Route("/api/tables/{table_id}/review", review.table_review),
        Route("/api/tables/{table_id}/hint", review.table_hint, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", http.rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat}", http.take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat}", http.leave_seat, methods=["DELETE"]),
        Route("/api/tables/{table_id}/seats/{seat}/bot", http.seat_bot, methods=["POST"]),
        Route("/api/accounts", accounts.sign_up, methods=["POST"]),
        Route("/api/session", accounts.sign_in, methods=["POST"]),
        Route("/api/session", accounts.sign_out, methods=["DELETE"]),
        Route("/api/session", accounts.whoami, methods=["GET"]),
        Route("/api/players/{name}", accounts.player),
        Route("/api/leaderboard", accounts.leaderboard),
        *challenge_routes.ROUTES,
        WebSocketRoute("/ws", websocket_endpoint),
        Route("/", http.page),
        Route("/t/{table_id}", http.page),
        Route("/replay/{table_id}", http.page),
        Route("/rules/{game}", http.page),
        Route("/p/{name}", http.page),
        Route("/leaderboard", http.page),
        Route("/challenge", http.page),
        Route("/challenge/{day}", http.page),
        Route("/event", http.page),
        Route("/event/{event_id}", http.page),
        Route("/favicon.ico", http.favicon),
        Route("/i18n/{lang}.json", http.catalogue),
        Mount("/static", StaticFiles(directory=settings.static_dir, check_dir=False)),
    ]
    handlers = {
        LobbyError: http.lobby_error,
        ActorStopped: http.lobby_error,
        OverQuota: http.lobby_error,
        Elsewhere: _forward,
    }
    middleware = [
        Middleware(TrustedProxy, trusted=settings.trusted_proxies),
        Middleware(BodyLimit, limit=settings.max_body, stall=settings.header_timeout),
        Middleware(accounts.SessionMiddleware),
    ]
    app = QuietStartApp(
        routes=routes, lifespan=lifespan, exception_handlers=handlers, middleware=middleware
    )
    app.state.settings = settings
    app.state.startup = startup
    app.state.lag_watch = LagWatch(settings.max_lag)
    app.state.create_limiter = RateLimiter(settings.create_burst, settings.create_per_minute)
    app.state.chat_limiter = ChatLimiter(
        RateLimiter(settings.chat_burst, settings.chat_per_minute), RateLimiter(1, 60.0)
    )
    return app


@dataclass
class _Opened:
    """What the start has opened so far: closed at shutdown, or when a later step fails."""

    store: TableStore
    lock: IO[bytes] | None = None
    lone: Any = None
    registry: TableRegistry | None = None
    own: SqlStore | None = None
    shared: SharedRateLimiter | None = None

    async def close(self, quietly: bool = False) -> None:
        """Close in order, the tables' actors first and the database's lock last; ``quietly``
        (a failed start, the store perhaps half open) tries every close whatever fails, so that
        no thread of the store keeps the process alive."""
        closes = [self.registry.shutdown] if self.registry is not None else []
        closes.append(self.store.close)
        closes += [x.close for x in (self.own, self.shared, self.lone) if x is not None]
        errors = (Exception,) if quietly else ()
        try:
            for close in closes:
                with contextlib.suppress(*errors):
                    await close()
        finally:
            if self.lock is not None:
                self.lock.close()
