"""Helpers for the account tests: a server with a cheaper password hash, browsers as httpx
clients with their own cookie jar and guest id, and signing up."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx

from cardroom.server import Settings

from .conftest import TIMEOUT, Server, serve

Json = dict[str, Any]
CHEAP_HASH = {"password_memory_kib": 8192, "password_time_cost": 1}
PASSWORD = "correct horse battery"


def account_settings(tmp_path: Path, **changes: Any) -> Settings:
    base = Settings(db=str(tmp_path / "cardroom.db"), bot_delay=0.0, **CHEAP_HASH)
    return replace(base, **changes)


@asynccontextmanager
async def players_server(tmp_path: Path, **changes: Any) -> AsyncIterator[Server]:
    async with serve(account_settings(tmp_path, **changes)) as server:
        yield server


def browser(server: Server, guest: str | None = None, origin: str | None = None) -> Any:
    """A browser: its own cookies, its guest id, and the page's origin on every request."""
    headers = {"X-Cardroom-Guest": guest or secrets.token_hex(8), "Origin": origin or server.url}
    return httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT, headers=headers)


async def sign_up(client: Any, name: str, password: str = PASSWORD) -> httpx.Response:
    response: httpx.Response = await client.post(
        "/api/accounts", json={"name": name, "password": password}
    )
    assert response.status_code == 201, response.text
    return response


async def sign_in(client: Any, name: str, password: str = PASSWORD) -> Json:
    """Sign in (200 expected): the answer's body."""
    response = await client.post("/api/session", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


async def whoami(client: Any) -> str | None:
    response = await client.get("/api/session")
    assert response.status_code == 200
    name: str | None = response.json()["name"]
    return name
