"""``create_app(settings)``: the ASGI application (Starlette) with its lifespan wiring.

Startup opens the store and resumes every unfinished table; shutdown stops the table actors
after their current command and closes the store. Nothing is lost: every record is stored
before it is broadcast.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from cardroom.server import http
from cardroom.server.cluster import ClusterNode, ClusterRegistry, Elsewhere, fenced
from cardroom.server.registry import TableRegistry
from cardroom.server.relay import forward_http
from cardroom.server.settings import Settings
from cardroom.server.table import ActorStopped, LobbyError
from cardroom.server.tuning import freeze_startup_objects
from cardroom.server.ws import websocket_endpoint
from cardroom.storage import SqlStore, TableStore, make_store, redact
from cardroom.storage.group_commit import GroupCommitStore

log = logging.getLogger("cardroom.server")


async def _registry(store: TableStore, settings: Settings) -> TableRegistry:
    """One process's registry, or (with ``settings.node_id``) a cluster node's."""
    if settings.node_id is None:
        return TableRegistry(store, settings)
    node = ClusterNode(settings.db, settings.node_id, settings.node_url)
    fenced(store, node)
    await node.start()
    return ClusterRegistry(store, settings, node)


async def _forward(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Elsewhere)
    return await forward_http(request, exc.url)


def create_app(settings: Settings | None = None, store: TableStore | None = None) -> Starlette:
    """The server app; ``store`` overrides the one named by ``settings.db`` (tests)."""
    settings = settings or Settings()
    table_store = store if store is not None else make_store(settings.db)
    if settings.group_commit and isinstance(table_store, SqlStore):
        table_store = GroupCommitStore(table_store)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await table_store.open()
        registry = await _registry(table_store, settings)
        app.state.registry = registry
        app.state.settings = settings
        resumed = await registry.load_unfinished()
        log.info("storage %s ready; %d unfinished tables resumed", redact(settings.db), resumed)
        freeze_startup_objects()
        try:
            yield
        finally:
            await registry.shutdown()
            await table_store.close()
            log.info("server stopped")

    routes = [
        Route("/api/games", http.list_games),
        Route("/api/tables", http.list_tables, methods=["GET"]),
        Route("/api/tables", http.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", http.table_info),
        Route("/api/tables/{table_id}/record", http.table_record),
        Route("/api/tables/{table_id}/seats/{seat}", http.take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat}", http.leave_seat, methods=["DELETE"]),
        Route("/api/tables/{table_id}/seats/{seat}/bot", http.seat_bot, methods=["POST"]),
        WebSocketRoute("/ws", websocket_endpoint),
        Route("/", http.page),
        Route("/t/{table_id}", http.page),
        Mount("/static", StaticFiles(directory=settings.static_dir, check_dir=False)),
    ]
    handlers = {
        LobbyError: http.lobby_error,
        ActorStopped: http.lobby_error,
        Elsewhere: _forward,
    }
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers)
    app.state.settings = settings
    return app
