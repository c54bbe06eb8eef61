"""The browser client against a scripted websocket (shared by the e2e client modules): the
page comes from the real static files; ``/ws`` and the lobby routes are answered by the test
(Playwright routes), so any position can be shown without dealing it. Every page fails its test
on a console error or a failed request, and runs with animations off (reduced motion).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from cardroom import i18n
from cardroom.i18n.narration import with_say
from cardroom.server.settings import STATIC_DIR
from tests.server.chromium import PHONE

Json = dict[str, Any]
STATIC = STATIC_DIR
TABLE = "T1"
SEATS = [
    {"seat": s, "name": n, "kind": k, "online": True}
    for s, (n, k) in enumerate([("Ann", "human"), ("Bob", "bot"), ("Cy", "bot"), ("Di", "bot")])
]


def tichu_obs(**over: Any) -> Json:
    obs: Json = {
        "game": "tichu", "audience": 0, "phase": "play", "num_seats": 4, "active": [0],
        "legal": ["pass"], "hand": ["5B", "5R", "9G", "9K", "MJ", "PHX"],
        "hand_sizes": [6, 14, 14, 14], "terminal": False, "outcome": None, "round": 1,
        "scores": [0, 0], "score_sheet": [], "calls": ["", "", "", ""],
        "decided": [True] * 4, "exchange": None, "trick": [], "top": None, "turn": 0,
        "lead": True, "wish": None, "out": [], "pile_points": [0, 0, 0, 0], "passes": 0,
        "last_round": None, "awaited": [0],
    }  # fmt: skip
    obs.update(over)
    return obs


class FakeServer:
    """A scripted table server on the page's websocket; records what the client sends."""

    def __init__(self, page: Any, welcome: Callable[[Json], Json]) -> None:
        self.sent: list[Json] = []
        self.sockets: list[Any] = []
        self.welcome = welcome
        self.on_act: Callable[[Any, Json], None] = lambda ws, msg: ws.send(
            json.dumps({"t": "ack", "id": msg["id"]})
        )
        page.route_web_socket(lambda url: urlsplit(url).path == "/ws", self._connect)

    def _connect(self, ws: Any) -> None:
        self.sockets.append(ws)

        def receive(text: str | bytes) -> None:
            msg = json.loads(text)
            self.sent.append(msg)
            if msg["t"] == "hello":
                ws.send(json.dumps(self.welcome(msg)))
            elif msg["t"] == "act":
                self.on_act(ws, msg)

        ws.on_message(receive)

    def acts(self) -> list[str]:
        return [m["a"] for m in self.sent if m["t"] == "act"]

    def wait_sent(self, page: Any, predicate: Callable[[Json], bool]) -> Json:
        deadline = time.monotonic() + 30  # the conftest TIMEOUT: a loaded machine renders late
        while time.monotonic() < deadline:
            for msg in self.sent:
                if predicate(msg):
                    return msg
            page.wait_for_timeout(20)
        raise AssertionError(f"not sent; sent so far: {self.sent}")


GAMES = [
    {"name": "tichu", "options": {"target_score": 1000}, "bot_levels": ["heuristic", "random"]},
    {"name": "toepen", "options": {"lives": 10, "dealer_rule": "winner"},
     "bot_levels": ["heuristic", "random"]},
]  # fmt: skip


def _serve_static(route: Any) -> None:
    path = route.request.url.split("/static/", 1)[1].split("?")[0]
    ext = path.rsplit(".", 1)[-1]
    kinds = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
    kind = kinds.get(ext, "text/plain")
    route.fulfill(body=(STATIC / path).read_text(encoding="utf-8"), content_type=kind)


def _serve_catalogue(route: Any) -> None:
    lang = route.request.url.split("/i18n/", 1)[1].split(".json")[0]
    route.fulfill(json=i18n.catalogue(lang))


def serve_client_files(page: Any) -> None:
    """Answer the browser client's own files (``/static/…``, ``/i18n/{lang}.json``) from the
    package, as the server would, and the account strip's ``/api/session`` as for a guest."""
    page.route("**/static/**", _serve_static)
    page.route("**/i18n/*.json", _serve_catalogue)
    page.route("**/api/session", lambda route: route.fulfill(json={"name": None}))


@pytest.fixture
def open_table(browser: Any) -> Iterator[Callable[..., tuple[Any, FakeServer]]]:
    """Open ``/t/T1`` as seat 0 (token in localStorage) or as a spectator, with a fake server.

    ``welcome`` adds keys to the welcome message (history, chat, turn_timeout, …); ``storage``
    presets localStorage (``cardroom.owner.T1``, ``cardroom.invite.T1``)."""
    contexts: list[Any] = []
    problems: list[str] = []

    def open_(
        obs: Json,
        seat: int | None = 0,
        v: int = 5,
        seats: list[Json] | None = None,
        welcome: Json | None = None,
        viewport: Json | None = None,
        storage: dict[str, str] | None = None,
        locale: str | None = None,
    ) -> tuple[Any, FakeServer]:
        seat_list = seats or SEATS
        context = browser.new_context(
            viewport=viewport or PHONE, base_url="http://cardroom.test", reduced_motion="reduce",
            **({"locale": locale} if locale else {}),
        )  # fmt: skip
        contexts.append(context)
        if seat is not None:
            saved = json.dumps({"seat": seat, "token": "tok", "name": "Ann"})
            context.add_init_script(f"localStorage.setItem('cardroom.seat.{TABLE}', '{saved}')")
        for key, value in (storage or {}).items():  # e.g. the owner or invite secret
            context.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
        page = context.new_page()
        watch(page, problems)
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        page.route(f"**/t/{TABLE}", lambda r: r.fulfill(body=html, content_type="text/html"))
        serve_client_files(page)
        summary = {"id": TABLE, "game": obs["game"], "num_seats": len(seat_list),
                   "seats": seat_list, "name": "test table", "options": {}}  # fmt: skip
        page.route(f"**/api/tables/{TABLE}", lambda r: r.fulfill(json=summary))
        page.route("**/api/games", lambda r: r.fulfill(json=GAMES))
        server = FakeServer(
            page,
            lambda hello: {
                "t": "welcome",
                "v": v,
                "seat": seat if hello["token"] else None,
                "obs": obs,
                "seats": seat_list,
                **narrated(obs["game"], welcome or {}),
            },
        )
        page.goto(f"/t/{TABLE}")
        page.wait_for_function("() => window.cardroom && window.cardroom.obs")
        return page, server

    yield open_
    for context in contexts:
        context.close()
    assert not problems, f"console errors or failed requests: {problems}"


def client_page(
    browser: Any,
    problems: list[str],
    document: str,
    viewport: dict[str, int],
    lang: str | None = None,
    **options: Any,
) -> Any:
    """A page that gets the client's ``index.html`` at the addresses ``document`` matches and
    its files from the tree, in ``lang`` if given (``problems`` collects its errors; ``options``
    go to the browser context); the test answers the API itself."""
    context = browser.new_context(viewport=viewport, base_url="http://t.test", **options)
    if lang is not None:
        context.add_init_script(f"localStorage.setItem('cardroom.lang', '{lang}')")
    page = context.new_page()
    watch(page, problems)
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    page.route(document, lambda r: r.fulfill(body=html, content_type="text/html"))
    serve_client_files(page)
    return page


def watch(page: Any, problems: list[str]) -> None:
    """Record console errors, page errors and failed requests of ``page`` into ``problems``."""
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("requestfailed", lambda r: _record_failure(r, problems))


def _record_failure(request: Any, problems: list[str]) -> None:
    """A GET cut off by the next navigation or reload (ERR_ABORTED: the favicon, or a page's
    last list still loading when the test moves on) is the browser's doing, not a failure; a
    refused, reset or failed request, and any aborted write, still is."""
    if request.method == "GET" and "ERR_ABORTED" in (request.failure or ""):
        return
    problems.append(f"failed request {request.url} ({request.failure})")


def select(page: Any, *cards: str) -> None:
    for card in cards:
        page.get_by_test_id(f"card-{card}").click()


def push(server: FakeServer, message: Json) -> None:
    """Send ``message`` from the fake server to the page's (last) socket, its events narrated
    (``say``) as the real server's are."""
    game = (message.get("obs") or {}).get("game", "tichu")
    server.sockets[-1].send(json.dumps(narrated(game, message)))


def narrated(game: str, message: Json) -> Json:
    """``message`` with ``say`` on each of its events and history entries (as the server sends)."""
    out = dict(message)
    for key in ("events", "history"):
        if isinstance(out.get(key), list):
            out[key] = [with_say(game, e) for e in out[key]]
    return out
