"""The multiplayer server: lobby HTTP routes, websocket sessions, one actor per table.

``create_app(Settings(...))`` builds the ASGI app; ``cardroom serve`` runs it on uvicorn.
"""

from __future__ import annotations

from cardroom.server.app import create_app
from cardroom.server.settings import Settings

__all__ = ["Settings", "create_app"]
