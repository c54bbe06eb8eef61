"""No input yields a 500: every HTTP route of the app, found from the app itself (so a route
added later is fuzzed too), gets generated path parameters, query strings, bodies and headers
against a real server holding real tables, accounts and an event. Every answer is below 500,
and the server still answers a plain request at the end."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.server import Settings

from .accounts_helpers import CHEAP_HASH, PASSWORD
from .live import live_server

Json = dict[str, Any]
OPEN = 10**6
"""Limits high enough that the fuzz reaches the routes' own checks, not the address bounds."""
PARAM = re.compile(r"{(\w+)(?::\w+)?}")
FIELDS = (
    "game", "options", "rated", "private", "hot_seat", "name", "password", "seat", "level",
    "bot", "token", "level", "boards", "teams", "format", "board", "preset", "day", "round",
    "guest", "lang", "bots", "owner", "target_score", "allow_grand", "turn_timeout",
)  # fmt: skip
"""Field and query names the routes read; generated bodies mix them with any other key."""


def http_routes(app: Any) -> list[tuple[str, str]]:
    """(method, path template) of every HTTP route, mounts walked."""
    found: list[tuple[str, str]] = []

    def walk(routes: Any, prefix: str) -> None:
        for route in routes:
            methods = getattr(route, "methods", None)
            if methods:
                found.extend((m, prefix + route.path) for m in sorted(methods) if m != "HEAD")
            elif getattr(route, "routes", None) and not hasattr(route, "endpoint"):
                walk(route.routes, prefix + route.path)

    walk(app.routes, "")
    return found


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=12,
)
garbage = (
    st.text(max_size=60)
    | st.sampled_from(["0", "-1", "4", "99999999999999999999", "..", "%00", "null", "1e309"])
    | st.text(alphabet="0123456789-", max_size=12)
)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any, Json]]:
    """A live server with a table, a started bot table, an account and an event; the known ids."""
    db = tmp_path_factory.mktemp("fuzz") / "cardroom.db"
    config = Settings(
        db=str(db), bot_delay=0.0, round_pause=0.0, challenge_boards=1, review_worlds=4,
        review_call_worlds=4, hint_worlds=4, create_burst=OPEN, create_per_minute=OPEN,
        max_open_tables=OPEN, max_open_per_address=OPEN, max_bot_tables_per_address=OPEN,
        max_seats_per_address=OPEN, address_burst=OPEN, address_per_minute=OPEN,
        sign_in_burst=OPEN, sign_in_per_minute=OPEN, max_per_address=OPEN, **CHEAP_HASH,
    )  # fmt: skip
    with live_server(config) as (url, app), httpx.Client(base_url=url, timeout=30) as client:
        headers = {"X-Cardroom-Guest": "fuzzer", "Origin": url}
        table = client.post("/api/tables", json={"game": "tichu"}, headers=headers).json()
        client.post("/api/accounts", json={"name": "fuzzy", "password": PASSWORD}, headers=headers)
        event = client.post("/api/events", json={"teams": 4}, headers=headers).json()
        known = {
            "table_id": [table.get("id", "t"), "0" * 12],
            "seat": ["0", "1", "3"],
            "name": ["fuzzy", "bot:heuristic"],
            "event_id": [str(event.get("id", "e"))],
            "day": ["2026-12-07", "2000-01-01", "9999-12-31"],
            "board": ["0", "1"],
            "game": ["tichu", "toepen"],
            "lang": ["en", "ja", "zh-TW"],
        }
        yield url, app, known


@st.composite
def requests(draw: st.DrawFn, routes: list[tuple[str, str]], known: Json) -> Json:
    method, template = draw(st.sampled_from(routes))

    def fill(match: re.Match[str]) -> str:
        choices = st.sampled_from(known.get(match.group(1), ["x"])) | garbage
        return quote(draw(choices), safe="")

    path = PARAM.sub(fill, template)
    query = draw(st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), garbage))
    if query:
        path += "?" + urlencode(query)
    body = draw(
        st.none()
        | st.binary(max_size=80)
        | json_values.map(lambda v: json.dumps(v).encode())
        | st.dictionaries(st.sampled_from(FIELDS), json_values).map(
            lambda v: json.dumps(v).encode()
        )
    )
    headers = {"X-Cardroom-Guest": draw(st.sampled_from(["fuzzer", "", "x" * 300, "é"]))}
    if draw(st.booleans()):
        headers["X-Cardroom-Owner"] = draw(st.text(alphabet="abcdef0123456789", max_size=40))
    if draw(st.booleans()):
        headers["Content-Type"] = draw(st.sampled_from(["application/json", "text/plain", "a/b"]))
    if draw(st.booleans()):
        headers["Cookie"] = "cardroom_session=" + secrets.token_hex(draw(st.integers(0, 40)))
    return {"method": method, "path": path, "body": body, "headers": headers}


def test_no_route_answers_500_to_any_input(room: tuple[str, Any, Json]) -> None:
    url, app, known = room
    routes = http_routes(app)
    assert ("POST", "/api/tables") in routes and len(routes) > 30  # the walk found the app
    client = httpx.Client(base_url=url, timeout=30, headers={"Origin": url})

    @settings(
        max_examples=300,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(requests(routes, known))
    def check(request: Json) -> None:
        client.cookies.clear()  # each request stands alone: its own cookie or none
        headers = {k: v.encode("latin-1", "replace") for k, v in request["headers"].items()}
        response = client.request(
            request["method"], request["path"], content=request["body"], headers=headers
        )
        assert response.status_code < 500, (request, response.status_code, response.text[:300])

    with client:
        check()
        assert client.get("/api/games").status_code == 200
