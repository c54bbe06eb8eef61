"""Account routes: sign up, sign in and out, profiles and the leaderboard; and the session
middleware that tells every route who a request's cookie signs in.

The cookie is HttpOnly (no script reads it), SameSite=Lax (a cross-site form post does not
carry it), Secure when served over TLS, and new at every sign-in. On top of SameSite, a request
that carries the cookie and could change something (anything but GET/HEAD/OPTIONS) must come
from a page of this server: its ``Origin`` (else its ``Referer``) must name this host, or it is
refused with 403 before any route runs. Routes read the account as ``signed_in(request)``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from cardroom.games.stats import STATS
from cardroom.server.duplicate.challenge import Challenge
from cardroom.server.duplicate.events import Events
from cardroom.server.duplicate.record import player_key
from cardroom.server.lobby.access import GUEST_HEADER, clean_secret, hash_token
from cardroom.server.ops.limits import retry_after
from cardroom.server.players import profile as profiles
from cardroom.server.players.accounts import SESSION_DAYS, AccountError, Accounts
from cardroom.server.web.query import query_count
from cardroom.server.web.refusal import error
from cardroom.storage.players import BOT, HUMAN, Account

SESSION_COOKIE = "cardroom_session"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_BOARD_PAGE = 100


def signed_in(request: Request) -> Account | None:
    """The account the request's session cookie signs in (``None``: a guest)."""
    account: Account | None = getattr(request.state, "account", None)
    return account


def _accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def same_origin(headers: dict[bytes, bytes]) -> bool:
    """Whether a request names this host as its origin (``Origin``, else ``Referer``)."""
    host = headers.get(b"host", b"").decode("latin-1")
    source = headers.get(b"origin") or headers.get(b"referer") or b""
    try:
        netloc = urlsplit(source.decode("latin-1")).netloc
    except ValueError:
        return False
    return bool(host) and netloc == host


class SessionMiddleware:
    """Puts the signed-in account (or ``None``) in ``request.state.account`` of the API's
    requests; refuses a cookie-carrying state-changing request from another origin (403)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        token = request.cookies.get(SESSION_COOKIE)
        account = None
        if token is not None:
            if scope["method"] not in SAFE_METHODS and not same_origin(dict(scope["headers"])):
                refused = error("a signed-in request from another site is refused", 403)
                await refused(scope, receive, send)
                return
            accounts: Accounts | None = getattr(scope["app"].state, "accounts", None)
            if accounts is not None and scope["path"].startswith("/api/"):  # not for files
                account = await accounts.current(clean_secret(token))
        scope.setdefault("state", {})["account"] = account
        await self.app(scope, receive, send)


async def _signed_in_response(
    request: Request, body: dict[str, Any], token: str, status: int
) -> Response:
    """The answer that sets the new session's cookie; the session this browser held before
    (if any) ends, so a sign-in always leaves exactly one live id in the browser."""
    await _accounts(request).sign_out(clean_secret(request.cookies.get(SESSION_COOKIE)))
    response = JSONResponse(body, status_code=status)
    response.set_cookie(
        SESSION_COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
        secure=request.url.scheme == "https", path="/",
    )  # fmt: skip
    return response


def _refused(exc: AccountError) -> Response:
    headers = retry_after(exc.retry) if exc.status == 429 else None
    return error(str(exc), exc.status, exc.code, exc.params, headers)  # account.error.<code>


NEEDS_FIELDS = "the body must be a JSON object with 'name' and 'password'"


async def _fields(request: Request) -> tuple[object, object]:
    try:
        data = await request.json()
    except (ValueError, RecursionError):
        raise AccountError(NEEDS_FIELDS, 400) from None
    if not isinstance(data, dict):
        raise AccountError(NEEDS_FIELDS, 400)
    return data.get("name"), data.get("password")


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def guest_of(request: Request) -> str | None:
    """The hash of the browser's guest id (``X-Cardroom-Guest``), if it sent one."""
    guest = clean_secret(request.headers.get(GUEST_HEADER))
    return None if guest is None else hash_token(guest)


async def _join_duplicate(
    request: Request, account: Account, guest_hash: str | None
) -> dict[str, int]:
    """The daily-challenge tries this browser's guest played join the account, at sign-up and
    at sign-in alike (else a guest could try a day's boards, sign in and try them again), and
    its places in events go to the account (``Challenge.join_account``,
    ``Events.join_account``); how many days and events."""
    challenge: Challenge | None = getattr(request.app.state, "challenge", None)
    events: Events | None = getattr(request.app.state, "events", None)
    if guest_hash is None or challenge is None or events is None:
        return {"claimed_challenges": 0, "claimed_events": 0}
    player = player_key(account.id)
    return {
        "claimed_challenges": len(await challenge.join_account(guest_hash, player)),
        "claimed_events": len(await events.join_account(guest_hash, player)),
    }


async def sign_up(request: Request) -> Response:
    """``POST /api/accounts {"name","password"}``: 201 and the session cookie; the matches, the
    challenge tries and the event places of the browser's guest (its ``X-Cardroom-Guest`` id)
    become the account's."""
    guest = guest_of(request)
    try:
        name, password = await _fields(request)
        account, token, claimed = await _accounts(request).sign_up(
            name, password, _address(request), guest
        )
    except AccountError as exc:
        return _refused(exc)
    joined = await _join_duplicate(request, account, guest)
    body = {"name": account.name, "claimed_matches": claimed, **joined}
    return await _signed_in_response(request, body, token, 201)


async def sign_in(request: Request) -> Response:
    """``POST /api/session {"name","password"}``: 200 and a new session cookie; 401 wrong. The
    browser's guest challenge tries join the account, on days it has no try of its own, and its
    event places, in events the account is not in."""
    try:
        name, password = await _fields(request)
        account, token = await _accounts(request).sign_in(name, password, _address(request))
    except AccountError as exc:
        return _refused(exc)
    joined = await _join_duplicate(request, account, guest_of(request))
    body = {"name": account.name, **joined}
    return await _signed_in_response(request, body, token, 200)


async def sign_out(request: Request) -> Response:
    """``DELETE /api/session``: the session is revoked and the cookie cleared; with
    ``?everywhere=true`` every session of the account (a lost phone, a shared computer)."""
    everywhere = request.query_params.get("everywhere") == "true"
    token = clean_secret(request.cookies.get(SESSION_COOKIE))
    await _accounts(request).sign_out(token, everywhere)
    response = JSONResponse({"name": None})
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return response


async def whoami(request: Request) -> Response:
    """``GET /api/session``: the signed-in name, or ``null`` for a guest."""
    account = signed_in(request)
    return JSONResponse({"name": None if account is None else account.name})


async def player_named(request: Request) -> Account:
    """The account of the path's ``{name}``; ``AccountError`` 404 if nobody."""
    name = request.path_params["name"]
    found = await _accounts(request).player(name) if len(name) <= 100 else None
    if found is None:
        raise AccountError(
            f"no player {name[:100]!r}", 404, code="no_player", params={"name": name[:100]}
        )
    return found


async def player(request: Request) -> Response:
    """``GET /api/players/{name}``: the profile (``players/profile.py``), 404 if nobody."""
    try:
        found = await player_named(request)
    except AccountError as exc:
        return _refused(exc)
    return JSONResponse(await profiles.profile(_accounts(request).store, found))


async def leaderboard(request: Request) -> Response:
    """``GET /api/leaderboard?game=tichu&kind=human|bot&limit=&offset=``."""
    game = request.query_params.get("game", "tichu")
    kind = request.query_params.get("kind", HUMAN)
    if game not in STATS:
        return error(f"'game' must be one of {', '.join(STATS)}", 400)
    if kind not in (HUMAN, BOT):
        return error("'kind' must be human or bot", 400)
    limit = query_count(request, "limit", 50, MAX_BOARD_PAGE)
    offset = query_count(request, "offset", 0, 10**7)
    return JSONResponse(await profiles.leaderboard(_accounts(request).store, game, kind, limit,
                                                   offset))  # fmt: skip
