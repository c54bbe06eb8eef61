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
from cardroom.server.duplicate.record import player_key
from cardroom.server.lobby.access import (
    GUEST_HEADER,
    INVITE_HEADER,
    OWNER_HEADER,
    Access,
    Credentials,
    clean_secret,
    hash_token,
    holder_key,
    invite_for,
)
from cardroom.server.lobby.names import BadName, clean_name
from cardroom.server.lobby.registry import AbandonedTable, TableRegistry
from cardroom.server.ops.limits import CreationLimiter, OverQuota, retry_after
from cardroom.server.settings import Settings
from cardroom.server.table.actor import TableActor
from cardroom.server.table.clock import chosen_clock, chosen_pace
from cardroom.server.table.commands import Leave, Rematch, SetBot, TakeSeat
from cardroom.server.table.outcomes import ActorStopped, LobbyCode, LobbyError, Problem
from cardroom.server.web.accounts import guest_of, signed_in
from cardroom.server.web.query import query_count
from cardroom.server.web.refusal import error
from cardroom.storage import DamagedTable, StoredTable, TableMeta, UnknownTable

Json = dict[str, Any]
FINISHED_LISTED = 20
MAX_LOBBY_PAGE = 200
STATUS = {
    Problem.BAD_REQUEST: 400, Problem.FORBIDDEN: 403, Problem.NOT_FOUND: 404,
    Problem.CONFLICT: 409, Problem.GONE: 410, Problem.BUSY: 503, Problem.TOO_MANY: 429,
}  # fmt: skip
"""The HTTP status of each kind of ``LobbyError``: the one place a lobby refusal meets HTTP."""


def _registry(request: Request) -> TableRegistry:
    registry: TableRegistry = request.app.state.registry
    return registry


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
        code = LobbyCode.NAME_EMPTY if key == "name" else None
        raise LobbyError(f"'{key}' must be a non-empty string", Problem.BAD_REQUEST, code)
    try:
        return clean_name(value, key)
    except BadName as exc:
        raise LobbyError(str(exc), Problem.BAD_REQUEST, exc.code, **exc.params) from None


def _flag(data: Json, key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise LobbyError(f"'{key}' must be true or false", Problem.BAD_REQUEST)
    return value


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _holder(request: Request) -> str:
    """Whose share of the room the request spends (``access.holder_key``): its address, signed
    in or not, since accounts are cheap to make and addresses are not."""
    return holder_key(_address(request))


def _credentials(request: Request, data: Json) -> Credentials:
    """The secrets a request presents (headers, or body fields), the guest it comes from (the
    browser's guest id header, else its address) and the holder it counts against."""

    def secret(header: str, key: str) -> str | None:
        return clean_secret(request.headers.get(header) or data.get(key))

    guest = secret(GUEST_HEADER, "guest") or "address " + _address(request)
    account = signed_in(request)
    return Credentials(secret(OWNER_HEADER, "owner"), secret(INVITE_HEADER, "invite"),
                       hash_token(guest), None if account is None else account.id,
                       _holder(request))  # fmt: skip


def viewer_of(request: Request) -> str | None:
    """Who asks, as the duplicate room knows players: a signed-in account (``player_key``), else
    the browser's guest id (hashed), else nobody."""
    account = signed_in(request)
    if account is not None:
        return player_key(account.id)
    return guest_of(request)


async def check_view(request: Request, table_id: str) -> None:
    """Refuse a finished record or replay the gate keeps from this viewer (a duplicate table
    whose boards the viewer has not finished yet): 403."""
    if not await _registry(request).gate.may_view(table_id, viewer_of(request)):
        msg = "this table is shown to those who finished its boards, or after its day"
        raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.AFTER_BOARDS)


async def _actor(request: Request) -> TableActor:
    table_id = request.path_params["table_id"]
    try:
        return await _registry(request).get(table_id)
    except (DamagedTable, AbandonedTable) as exc:
        raise LobbyError(str(exc), Problem.GONE, LobbyCode.TABLE_GONE) from None
    except UnknownTable:
        raise no_table(table_id) from None


def no_table(table_id: str) -> LobbyError:
    """404: no table has this id (or it is private and the request may not know it)."""
    return LobbyError(f"no table {table_id!r}", Problem.NOT_FOUND, LobbyCode.NO_TABLE,
                      id=table_id[:40])  # fmt: skip


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
    """The games with their options and bot levels, and the clock a public table gets when its
    owner chooses none (``--clock-move``/``--clock-bank``: the lobby shows it as the default)."""
    settings: Settings = request.app.state.settings
    public_clock = {"move": settings.clock_move, "bank": settings.clock_bank}
    result = []
    for name in game_names():
        game = get_game(name)
        result.append({
            "name": game.name, "rules_version": game.rules_version,
            "min_seats": game.min_seats, "max_seats": game.max_seats,
            "options": game.config_to_json(game.default_config()),
            "option_specs": describe_options(game.default_config()),
            "bot_levels": list(bot_levels(game.name)),
            "public_clock": public_clock,
        })  # fmt: skip
    return JSONResponse(result)


async def creation_refused(request: Request) -> Response | None:
    """Spend one of the address's table creations (the lobby's, the challenge's, an event's):
    ``None`` if granted, else the 429 to answer."""
    limiter: CreationLimiter = request.app.state.create_limiter  # shared by a cluster's nodes
    wait = await limiter.acquire(_holder(request))
    if wait <= 0:
        return None
    msg = "too many tables created from your address; try again later"
    return error(msg, 429, LobbyCode.CREATED_TOO_MANY, headers=retry_after(wait))


async def create_table(request: Request) -> Response:
    if (refused := await creation_refused(request)) is not None:
        return refused
    data = await _body(request)
    game = _text(data, "game")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise LobbyError("'options' must be a JSON object", Problem.BAD_REQUEST)
    name = data.get("name") or ""
    if not isinstance(name, str):
        raise LobbyError("'name' must be a string", Problem.BAD_REQUEST)
    rated = _flag(data, "rated")
    if rated and signed_in(request) is None:
        raise LobbyError(
            "sign in to create a rated table", Problem.FORBIDDEN, LobbyCode.RATED_SIGN_IN
        )
    access, owner = Access.create(private=_flag(data, "private"), hot_seat=_flag(data, "hot_seat"))
    hints = data.get("hints", True)
    if not isinstance(hints, bool):
        raise LobbyError("'hints' must be true or false", Problem.BAD_REQUEST)
    try:
        clock = chosen_clock(data.get("clock"), public=not (access.private or access.hot_seat))
        pace = chosen_pace(data.get("pace"))
    except ValueError as exc:
        raise LobbyError(str(exc), Problem.BAD_REQUEST) from None
    registry, holder = _registry(request), _holder(request)
    actor = await registry.create(
        game, options, name, access, hints=hints and not rated, rated=rated, creator=holder,
        clock=clock, pace=pace,
    )  # fmt: skip
    invite = invite_for(owner)
    secrets = {"owner": owner, "invite": invite, "invite_link": f"/t/{actor.id}#invite={invite}"}
    return JSONResponse({"id": actor.id, **actor.summary(), **secrets}, status_code=201)


async def list_tables(request: Request) -> Response:
    """A page of the lobby (``?limit=&offset=``; the default page is ``settings.lobby_page``)."""
    settings: Settings = request.app.state.settings
    most = max(MAX_LOBBY_PAGE, settings.lobby_page)
    limit = query_count(request, "limit", settings.lobby_page, most)
    offset = query_count(request, "offset", 0, 10**9)
    return JSONResponse(_registry(request).page(limit, offset))


async def finished_tables(request: Request) -> Response:
    """The latest finished public tables (newest first), each with the link to its replay."""
    metas = await _registry(request).store.list_tables(["finished"], limit=4 * FINISHED_LISTED)
    metas = [m for m in metas if not m.private][:FINISHED_LISTED]
    return JSONResponse([
        {"id": m.id, "name": m.name, "game": m.game, "status": m.status,
         "finished_at": m.finished_at, "outcome": m.outcome, "replay": f"/replay/{m.id}"}
        for m in metas if not _registry(request).gate.hidden(m.id)
    ])  # fmt: skip


async def table_info(request: Request) -> Response:
    """The lobby's view of a table: a private one only to its invitees; a duplicate one (made
    private, but its link is its player's) to all, its result only to those who may see it."""
    actor = await _actor(request)
    summary, gate = actor.summary(), _registry(request).gate
    if not gate.hidden(actor.id):
        _visible(request, actor)
    elif not await gate.may_view(actor.id, viewer_of(request)):
        summary["outcome"] = None
    return JSONResponse(summary)


def _visible(request: Request, actor: TableActor) -> None:
    """A private table does not exist for whoever holds neither its invite nor its owner
    secret nor one of its seats' tokens (404, as for an unknown id)."""
    who = _credentials(request, {})
    if not actor.access.may_see(who) and actor.seats.for_token(_token(request, {})) is None:
        raise no_table(actor.id)


async def take_seat(request: Request) -> Response:
    actor, seat, data = await _actor(request), _seat(request), await _body(request)
    account = signed_in(request)  # a signed-in player sits under its account's name
    name = account.name if account is not None else _text(data, "name")
    who = _credentials(request, data)
    with _registry(request).seats.hold(who.holder or ""):  # seats per address, all tables
        token = await actor.call(TakeSeat(seat, name, who))
    return JSONResponse({"token": token, "seat": seat, "table": actor.id})


async def seat_bot(request: Request) -> Response:
    actor, seat, data = await _actor(request), _seat(request), await _body(request)
    level, who = _text(data, "level", "random"), _credentials(request, data)
    await put_bot(_registry(request), actor, seat, level, who, _token(request, data))
    return JSONResponse({"seat": seat, "kind": "bot", "level": level})


async def put_bot(
    registry: TableRegistry,
    actor: TableActor,
    seat: int,
    level: str,
    who: Credentials,
    token: str | None = None,
) -> None:
    """The bot goes in through the actor; the bot that would leave no human at the table
    counts against its creator's running bot-only tables (``registry.bot_tables``)."""
    becomes_bot_only = (
        0 <= seat < actor.num_seats
        and actor.seats[seat].kind != "bot"
        and all(r.kind == "bot" for r in actor.seats if r.seat != seat)
    )
    if becomes_bot_only and actor.meta.creator is not None and actor.status != "finished":
        with registry.bot_tables.hold(actor.meta.creator):
            await actor.call(SetBot(seat, level, who, token))
    else:
        await actor.call(SetBot(seat, level, who, token))


def own_clock(meta: TableMeta) -> tuple[float, float] | None:
    """The clock a table's owner chose (a rematch keeps it); None: the server's default."""
    return None if meta.clock_move is None else (meta.clock_move, meta.clock_bank or 0.0)


async def rematch(request: Request) -> Response:
    """``POST /api/tables/{id}/rematch`` by a seated player (its token) or the owner: the same
    game, options, name, privacy and hot seat, with the same bots; made once. The caller gets
    the join link (and, if it made the table, the owner secret); the other seated players get
    it on their sockets, spectators never."""
    actor, data, registry = await _actor(request), await _body(request), _registry(request)
    who, token = _credentials(request, data), _token(request, data)
    if not actor.access.is_owner(who) and actor.seats.for_token(token) is None:
        msg = "a rematch is asked for by a seated player or the table's owner"
        raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.REMATCH_WHO)
    owner: list[str] = []

    async def make() -> tuple[str, str]:
        meta = actor.meta
        access, secret = Access.create(private=meta.private, hot_seat=meta.hot_seat)
        new = await registry.create(
            meta.game,
            meta.config,
            meta.name,
            access,
            hints=meta.hints,
            rated=meta.rated,
            creator=who.holder,
            clock=own_clock(meta),
            pace=meta.pace,
        )
        for row in actor.seats:
            if row.kind == "bot":
                await put_bot(registry, new, row.seat, row.level or "random", Credentials(secret))
        owner.append(secret)
        return new.id, invite_for(secret)

    table, invite = await actor.call(Rematch(make))
    secrets = {"owner": owner[0]} if owner else {}
    return JSONResponse({"id": table, "invite": invite, **secrets,
                         "invite_link": f"/t/{table}#invite={invite}"})  # fmt: skip


async def leave_seat(request: Request) -> Response:
    actor, seat, data = await _actor(request), _seat(request), await _body(request)
    token, who = _token(request, data), _credentials(request, data)
    return JSONResponse(await actor.call(Leave(seat, token, who)))


async def finished_table(request: Request, what: str) -> StoredTable:
    """The stored finished table of the route, for its record or replay: 404 if there is none
    (or it is private and the request holds neither its invite nor its owner secret), 410 if
    it is damaged, 409 while it is not finished, 403 for a duplicate table the viewer may not
    see yet."""
    table_id, registry = request.path_params["table_id"], _registry(request)
    try:
        await registry.get(table_id)  # a damaged table is refused here (410)
    except AbandonedTable:
        pass  # closed by a rules upgrade: its record is still served
    except DamagedTable as exc:
        raise LobbyError(str(exc), Problem.GONE, LobbyCode.TABLE_GONE) from None
    except UnknownTable:
        raise no_table(table_id) from None
    try:
        stored = await registry.store.load(table_id)
    except DamagedTable as exc:
        raise LobbyError(str(exc), Problem.GONE, LobbyCode.TABLE_GONE) from None
    except UnknownTable:
        raise no_table(table_id) from None
    meta = stored.meta
    access = Access(meta.owner_hash, meta.invite_hash, meta.private, meta.hot_seat)
    duplicate = registry.gate.hidden(table_id)  # its gate decides, not its invite (403)
    if not duplicate and not access.may_see(_credentials(request, {})):
        raise no_table(table_id)
    if meta.status != "finished":
        msg = f"the {what} is available once the table is finished"
        raise LobbyError(msg, Problem.CONFLICT, LobbyCode.NOT_FINISHED)
    await check_view(request, table_id)
    return stored


async def table_record(request: Request) -> Response:
    """The JSON Lines log of a finished table (header line, then one record per line)."""
    meta, records = (stored := await finished_table(request, "record")).meta, stored.records
    record = GameRecord(meta.game, meta.rules_version, meta.config, records)
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
    """The one place a lobby refusal becomes a body: its English, its code and params."""
    if isinstance(exc, LobbyError):
        return error(str(exc), STATUS[exc.problem], exc.code, exc.params)
    if isinstance(exc, ActorStopped):
        return error("the table is closed", 503, LobbyCode.TABLE_CLOSED)
    if isinstance(exc, OverQuota):
        return error(str(exc), 429, exc.code, exc.params)
    raise exc
