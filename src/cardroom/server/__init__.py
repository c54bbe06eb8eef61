"""The multiplayer server: lobby HTTP routes, websocket sessions, one actor per table.

``create_app(Settings(...))`` builds the ASGI app; ``cardroom serve`` runs it on uvicorn.
``Settings`` imports without the server's dependencies (the CLI reads its defaults), so
``create_app`` is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.server.settings import Settings

if TYPE_CHECKING:
    from cardroom.server.app import create_app

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from cardroom.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
