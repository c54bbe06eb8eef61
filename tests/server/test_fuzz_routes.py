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
PER_ROUTE = 15
"""Requests per route (derandomized: the same ones every run)."""
OPEN = 10**6
"""Limits high enough that the fuzz reaches the routes' own checks, not the address bounds."""
PARAM = re.compile(r"{(\w+)(?::\w+)?}")
FIELDS = (
    "game", "options", "rated", "private", "hot_seat", "name", "password", "seat", "level",
    "bot", "token", "level", "boards", "teams", "format", "board", "preset", "day", "round",
    "guest", "lang", "bots", "owner", "target_score", "allow_grand", "turn_timeout", "limit",
    "offset", "everywhere", "view", "kind", "challenges_from", "events_from", "clock", "pace",
    "hints", "team", "id",
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
SPECIAL = ("0", "-1", "4", "9" * 20, "9" * 5000, "²", "٣", "..", "%00", "null", "1e309", "\udc80")
"""Values that have broken parsers: signs, huge and many-digit numbers, digits that are not
ASCII, path tricks, a lone surrogate."""
garbage = st.text(max_size=60) | st.sampled_from(SPECIAL) | st.text("0123456789-", max_size=12)


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
def requests(draw: st.DrawFn, method: str, template: str, known: Json) -> Json:
    """A request to one route: each path parameter a known id or garbage, each field name a
    query parameter at random (so every name the route reads meets bad values), a body."""

    def fill(match: re.Match[str]) -> str:
        choices = st.sampled_from(known.get(match.group(1), ["x"])) | garbage
        return quote(draw(choices), safe="", errors="surrogatepass")

    path = PARAM.sub(fill, template)
    names = [name for name in FIELDS if draw(st.integers(0, 3)) == 0]
    query = {
        name: draw(garbage) for name in names + draw(st.lists(st.text(max_size=8), max_size=2))
    }
    if query:
        path += "?" + urlencode(query, errors="surrogatepass")
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


def send(client: httpx.Client, request: Json) -> None:
    """Send ``request``; its answer is not a 500."""
    client.cookies.clear()  # each request stands alone: its own cookie or none
    headers = {k: v.encode("latin-1", "replace") for k, v in request["headers"].items()}
    response = client.request(
        request["method"], request["path"], content=request["body"], headers=headers
    )
    assert response.status_code < 500, (request, response.status_code, response.text[:300])


def sweep(client: httpx.Client, method: str, template: str, known: Json) -> None:
    """Each ``SPECIAL`` value in every query and body field of one route at once (a long value
    a few fields at a time: a URL has a length limit), its path parameters real ids (so the
    route reads them rather than answering 404)."""
    path = PARAM.sub(lambda m: quote(known.get(m.group(1), ["x"])[0], safe=""), template)
    headers = {"X-Cardroom-Guest": "fuzzer", "Content-Type": "application/json"}
    for value in SPECIAL:
        size = max(1, 20_000 // len(value))
        for start in range(0, len(FIELDS), size):
            fields = dict.fromkeys(FIELDS[start : start + size], value)
            query = urlencode(fields, errors="surrogatepass")
            body = json.dumps(fields).encode()
            request = {"method": method, "path": f"{path}?{query}", "body": body}
            send(client, request | {"headers": headers})


def fuzz(client: httpx.Client, method: str, template: str, known: Json) -> None:
    """``PER_ROUTE`` generated requests to one route, none answered with a 500."""

    @settings(
        max_examples=PER_ROUTE,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(requests(method, template, known))
    def check(request: Json) -> None:
        send(client, request)

    check()


def test_no_route_answers_500_to_any_input(room: tuple[str, Any, Json]) -> None:
    url, app, known = room
    routes = http_routes(app)
    assert ("POST", "/api/tables") in routes and len(routes) > 30  # the walk found the app
    with httpx.Client(base_url=url, timeout=30, headers={"Origin": url}) as client:
        for method, template in routes:
            sweep(client, method, template, known)
            fuzz(client, method, template, known)
        assert client.get("/api/games").status_code == 200
