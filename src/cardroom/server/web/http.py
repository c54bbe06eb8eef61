"""Lobby HTTP routes (contracts §4): games, tables, seats, finished records; and the pages.

Seat changes go through the table's actor, so they are ordered with the game's commands. Who
may change a seat is decided there, from the ``Credentials`` a request presents (``access``).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)

from cardroom import i18n
from cardroom.bots import bot_levels
from cardroom.engine import games as game_names
from cardroom.engine import get_game
from cardroom.engine.config import describe_options
from cardroom.engine.record import GameRecord
from cardroom.server.lobby.access import (
    GUEST_HEADER,
    INVITE_HEADER,
    OWNER_HEADER,
    Access,
    Credentials,
    clean_secret,
    hash_token,
    invite_for,
)
from cardroom.server.lobby.names import BadName, clean_name
from cardroom.server.lobby.registry import AbandonedTable, TableRegistry, plausible_table_id
from cardroom.server.ops.limits import RateLimiter, retry_after
from cardroom.server.settings import Settings
from cardroom.server.table.actor import TableActor
from cardroom.server.table.commands import Leave, SetBot, TakeSeat
from cardroom.server.table.outcomes import ActorStopped, LobbyError, Problem
from cardroom.storage import DamagedTable, UnknownTable

Json = dict[str, Any]
FINISHED_LISTED = 20
MAX_LOBBY_PAGE = 200
STATUS = {
    Problem.BAD_REQUEST: 400, Problem.FORBIDDEN: 403, Problem.NOT_FOUND: 404,
    Problem.CONFLICT: 409, Problem.GONE: 410, Problem.BUSY: 503,
}  # fmt: skip
"""The HTTP status of each kind of ``LobbyError``: the one place a lobby refusal meets HTTP."""


def _registry(request: Request) -> TableRegistry:
    registry: TableRegistry = request.app.state.registry
    return registry


def error(msg: str, status: int) -> JSONResponse:
    """``{"error": msg}``; a message echoing bad input (a lone surrogate) is escaped, not a 500."""
    safe = msg.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": safe}, status_code=status)


async def _body(request: Request) -> Json:
    """The JSON object body (an empty body is ``{}``); ``LobbyError`` 400 otherwise."""
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        data = await request.json()
    except ValueError:
        raise LobbyError("the body must be JSON", Problem.BAD_REQUEST) from None
    except RecursionError:
        raise LobbyError("the body is nested too deeply", Problem.BAD_REQUEST) from None
    if not isinstance(data, dict):
        raise LobbyError("the body must be a JSON object", Problem.BAD_REQUEST)
    return data


def _text(data: Json, key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise LobbyError(f"'{key}' must be a non-empty string", Problem.BAD_REQUEST)
    try:
        return clean_name(value, key)
    except BadName as exc:
        raise LobbyError(str(exc), Problem.BAD_REQUEST) from None


def _flag(data: Json, key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise LobbyError(f"'{key}' must be true or false", Problem.BAD_REQUEST)
    return value


def _credentials(request: Request, data: Json) -> Credentials:
    """The secrets a request presents (headers, or body fields) and the guest it comes from:
    the browser's guest id header, else its address."""

    def secret(header: str, key: str) -> str | None:
        return clean_secret(request.headers.get(header) or data.get(key))

    guest = secret(GUEST_HEADER, "guest")
    if guest is None:
        guest = "address " + (request.client.host if request.client else "unknown")
    return Credentials(secret(OWNER_HEADER, "owner"), secret(INVITE_HEADER, "invite"),
                       hash_token(guest))  # fmt: skip


async def _actor(request: Request) -> TableActor:
    try:
        return await _registry(request).get(request.path_params["table_id"])
    except (DamagedTable, AbandonedTable) as exc:
        raise LobbyError(str(exc), Problem.GONE) from None
    except UnknownTable:
        raise LobbyError(
            f"no table {request.path_params['table_id']!r}", Problem.NOT_FOUND
        ) from None


def _count(request: Request, key: str, default: int, most: int) -> int:
    raw = request.query_params.get(key, str(default))
    if not raw.isdigit() or int(raw) > most:
        raise LobbyError(f"'{key}' must be a whole number 0..{most}", Problem.BAD_REQUEST)
    return int(raw)


def _seat(request: Request) -> int:
    raw = request.path_params["seat"]
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
        raise LobbyError("the seat must be a number (0, 1, 2, …)", Problem.BAD_REQUEST)
    return int(raw)


def _token(request: Request, data: Json) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return clean_secret(header[7:].strip())
    return clean_secret(data.get("token"))


async def list_games(request: Request) -> Response:
    result = []
    for name in game_names():
        game = get_game(name)
        result.append({
            "name": game.name, "rules_version": game.rules_version,
            "min_seats": game.min_seats, "max_seats": game.max_seats,
            "options": game.config_to_json(game.default_config()),
            "option_specs": describe_options(game.default_config()),
            "bot_levels": list(bot_levels(game.name)),
        })  # fmt: skip
    return JSONResponse(result)


async def create_table(request: Request) -> Response:
    limiter: RateLimiter = request.app.state.create_limiter
    wait = limiter.take(request.client.host if request.client else "")
    if wait > 0:
        msg = "too many tables created from your address; try again later"
        return JSONResponse({"error": msg}, status_code=429, headers=retry_after(wait))
    data = await _body(request)
    game = _text(data, "game")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise LobbyError("'options' must be a JSON object", Problem.BAD_REQUEST)
    name = data.get("name") or ""
    if not isinstance(name, str):
        raise LobbyError("'name' must be a string", Problem.BAD_REQUEST)
    access, owner = Access.create(private=_flag(data, "private"), hot_seat=_flag(data, "hot_seat"))
    actor = await _registry(request).create(game, options, name, access)
    invite = invite_for(owner)
    secrets = {"owner": owner, "invite": invite, "invite_link": f"/t/{actor.id}#invite={invite}"}
    return JSONResponse({"id": actor.id, **actor.summary(), **secrets}, status_code=201)


async def list_tables(request: Request) -> Response:
    """A page of the lobby (``?limit=&offset=``; the default page is ``settings.lobby_page``)."""
    settings: Settings = request.app.state.settings
    limit = _count(request, "limit", settings.lobby_page, max(MAX_LOBBY_PAGE, settings.lobby_page))
    offset = _count(request, "offset", 0, 10**9)
    return JSONResponse(_registry(request).page(limit, offset))


async def finished_tables(request: Request) -> Response:
    """The latest finished tables (newest first), each with the link to its replay."""
    metas = await _registry(request).store.list_tables(["finished"], limit=FINISHED_LISTED)
    return JSONResponse([
        {"id": m.id, "name": m.name, "game": m.game, "status": m.status,
         "finished_at": m.finished_at, "outcome": m.outcome, "replay": f"/replay/{m.id}"}
        for m in metas
    ])  # fmt: skip


async def table_info(request: Request) -> Response:
    return JSONResponse((await _actor(request)).summary())


async def take_seat(request: Request) -> Response:
    actor, seat, data = await _actor(request), _seat(request), await _body(request)
    name, who = _text(data, "name"), _credentials(request, data)
    token = await actor.call(TakeSeat(seat, name, who))
    return JSONResponse({"token": token, "seat": seat, "table": actor.id})


async def seat_bot(request: Request) -> Response:
    actor, seat, data = await _actor(request), _seat(request), await _body(request)
    level, who = _text(data, "level", "random"), _credentials(request, data)
    token = _token(request, data)
    await actor.call(SetBot(seat, level, who, token))
    return JSONResponse({"seat": seat, "kind": "bot", "level": level})


async def leave_seat(request: Request) -> Response:
    actor, seat, data = await _actor(request), _seat(request), await _body(request)
    token, who = _token(request, data), _credentials(request, data)
    return JSONResponse(await actor.call(Leave(seat, token, who)))


async def table_record(request: Request) -> Response:
    """The JSON Lines log of a finished table (header line, then one record per line)."""
    table_id = request.path_params["table_id"]
    try:
        await _registry(request).get(table_id)  # a damaged table is refused here (410)
    except AbandonedTable:
        pass  # closed by a rules upgrade: its record is still served
    except DamagedTable as exc:
        raise LobbyError(str(exc), Problem.GONE) from None
    except UnknownTable:
        raise LobbyError(f"no table {table_id!r}", Problem.NOT_FOUND) from None
    try:
        if not plausible_table_id(table_id):
            raise UnknownTable(f"no table {table_id!r}")
        stored = await _registry(request).store.load(table_id)
    except DamagedTable as exc:
        raise LobbyError(str(exc), Problem.GONE) from None
    except UnknownTable:
        raise LobbyError(f"no table {table_id!r}", Problem.NOT_FOUND) from None
    if stored.meta.status != "finished":
        raise LobbyError("the record is available once the table is finished", Problem.CONFLICT)
    meta = stored.meta
    record = GameRecord(meta.game, meta.rules_version, meta.config, stored.records)
    return PlainTextResponse(record.to_jsonl(), media_type="application/x-ndjson")


async def page(request: Request) -> Response:
    settings: Settings = request.app.state.settings
    index = settings.static_dir / "index.html"
    if not index.is_file():
        return PlainTextResponse("the browser client is not installed", status_code=404)
    lang = i18n.from_accept_language(request.headers.get("accept-language", ""))
    html = index.read_text("utf-8").replace('<html lang="en">', f'<html lang="{lang}">', 1)
    return HTMLResponse(html, headers={"Vary": "Accept-Language", "Cache-Control": "no-cache"})


async def catalogue(request: Request) -> Response:
    """``/i18n/{lang}.json``: one language's messages for the browser (the terminal's too)."""
    lang = request.path_params["lang"]
    if lang not in i18n.LANGUAGES and lang != i18n.PSEUDO:
        return error(f"no language {lang!r}; one of {', '.join(i18n.LANGUAGES)}", 404)
    return JSONResponse(i18n.catalogue(lang), headers={"Cache-Control": "no-cache"})


async def favicon(request: Request) -> Response:
    settings: Settings = request.app.state.settings
    return FileResponse(settings.static_dir / "favicon.svg", media_type="image/svg+xml")


async def lobby_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, LobbyError):
        return error(str(exc), STATUS[exc.problem])
    if isinstance(exc, ActorStopped):
        return error("the table is closed", 503)
    raise exc
