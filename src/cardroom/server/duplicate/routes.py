"""HTTP routes of the daily challenge (``/api/challenge…``) and of events (``/api/events…``).

A player is its account when signed in (named and ranked), else the browser's guest id
(``X-Cardroom-Guest``, hashed; unranked): one try a day per player. Everything a player is
shown goes through ``Challenge`` (which boards and results it may see), a profile's Duplicate
section too (``/api/players/{name}/duplicate``, ``record.py``).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardroom.server.duplicate.challenge import Challenge, check_day
from cardroom.server.duplicate.events import Events
from cardroom.server.duplicate.record import duplicate_record, player_key
from cardroom.server.lobby.access import GUEST_HEADER, OWNER_HEADER, clean_secret
from cardroom.server.lobby.names import BadName, clean_name
from cardroom.server.players.accounts import AccountError
from cardroom.server.table.outcomes import LobbyCode, LobbyError, Problem
from cardroom.server.web.accounts import player_named, signed_in
from cardroom.server.web.http import _body, creation_refused, viewer_of
from cardroom.server.web.query import query_count

OFFSET_MOST = 9_999_999
"""The largest offset a profile's duplicate pages accept (seven digits)."""


def challenge_of(request: Request) -> Challenge:
    challenge: Challenge = request.app.state.challenge
    return challenge


player_of = viewer_of
"""A player is its account when signed in (ranked), else its browser's guest id (unranked)."""


def ranked(request: Request) -> tuple[bool, str | None]:
    """Whether the player is signed in (ranked), and then its account's name."""
    account = signed_in(request)
    return (False, None) if account is None else (True, account.name)


async def today(request: Request) -> Response:
    challenge, player = challenge_of(request), player_of(request)
    day = challenge.today()
    entry = None if player is None else await challenge.entry(day, player)
    you = None
    if entry is not None:
        you = {"table": entry.table, "played": len(entry.results), "finished": entry.finished}
    return JSONResponse({"day": day, "game": "tichu", "boards": challenge.count,
                         "level": challenge.level, "you": you})  # fmt: skip


async def start(request: Request) -> Response:
    challenge, player = challenge_of(request), player_of(request)
    if player is None:
        raise LobbyError(
            f"the challenge needs the browser's guest id ({GUEST_HEADER})", Problem.BAD_REQUEST
        )
    if (refused := await creation_refused(request)) is not None:
        return refused
    is_ranked, account_name = ranked(request)
    name = account_name or _name(await _body(request))
    entry, token = await challenge.start(player, name, ranked=is_ranked)
    return JSONResponse(
        {"day": entry.day, "table": entry.table, "seat": 0, "token": token},
        status_code=201 if token else 200,
    )


async def days(request: Request) -> Response:
    return JSONResponse({"today": challenge_of(request).today(),
                         "days": await challenge_of(request).days()})  # fmt: skip


async def results(request: Request) -> Response:
    day = check_day(request.path_params["day"])
    return JSONResponse(await challenge_of(request).results(day, player_of(request)))


async def deals(request: Request) -> Response:
    day = check_day(request.path_params["day"])
    challenge = challenge_of(request)
    if day > challenge.today():
        raise LobbyError("that day has not begun", Problem.NOT_FOUND, LobbyCode.DAY_NOT_BEGUN)
    return JSONResponse({"day": day, "boards": await challenge.deals(day, player_of(request))})


async def player_record(request: Request) -> Response:
    """``GET /api/players/{name}/duplicate?challenges_from=&events_from=``: the profile's
    Duplicate section (``record.py``), as the asking player may see it; 404 if nobody."""
    try:
        account = await player_named(request)
    except AccountError as exc:
        name = request.path_params["name"][:100]
        raise LobbyError(str(exc), Problem.NOT_FOUND, LobbyCode.NO_PLAYER, name=name) from None
    record = await duplicate_record(
        challenge_of(request), events_of(request), player_key(account.id), player_of(request),
        query_count(request, "challenges_from", 0, OFFSET_MOST),
        query_count(request, "events_from", 0, OFFSET_MOST),
    )  # fmt: skip
    return JSONResponse({"name": account.name, **record})


def events_of(request: Request) -> Events:
    events: Events = request.app.state.events
    return events


def _guest(request: Request) -> str:
    guest = player_of(request)
    if guest is None:
        raise LobbyError(
            f"events need the browser's guest id ({GUEST_HEADER})", Problem.BAD_REQUEST
        )
    return guest


def _name(data: dict[str, object]) -> str:
    raw = data.get("name", "")
    if not isinstance(raw, str):
        raise LobbyError("'name' must be a string", Problem.BAD_REQUEST)
    try:
        return clean_name(raw or "Guest", "name")
    except BadName as exc:
        raise LobbyError(str(exc), Problem.BAD_REQUEST, exc.code, **exc.params) from None


async def create_event(request: Request) -> Response:
    if (refused := await creation_refused(request)) is not None:
        return refused
    event, owner = await events_of(request).create(await _body(request))
    return JSONResponse({"id": event.id, "owner": owner}, status_code=201)


async def event_view(request: Request) -> Response:
    events = events_of(request)
    event = events.get(request.path_params["event_id"])
    return JSONResponse(await events.view(event, player_of(request)))


async def join_event(request: Request) -> Response:
    events, data = events_of(request), await _body(request)
    event = events.get(request.path_params["event_id"])
    team = data.get("team")
    if not isinstance(team, str):
        raise LobbyError("'team' must be a team name (T1, T2, …)", Problem.BAD_REQUEST)
    _, account_name = ranked(request)
    await events.join(event, team, account_name or _name(data), _guest(request))
    return JSONResponse(await events.view(event, player_of(request)))


async def start_event(request: Request) -> Response:
    events, data = events_of(request), await _body(request)
    event = events.get(request.path_params["event_id"])
    owner = request.headers.get(OWNER_HEADER) or data.get("owner")
    await events.start(event, clean_secret(owner))
    return JSONResponse(await events.view(event, player_of(request)))


async def sit_event(request: Request) -> Response:
    events = events_of(request)
    event = events.get(request.path_params["event_id"])
    raw = request.path_params["board"]
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
        raise LobbyError("the board must be a number", Problem.BAD_REQUEST)
    table, seat, token = await events.sit(event, int(raw), _guest(request))
    return JSONResponse({"table": table, "seat": seat, "token": token})


ROUTES = [
    Route("/api/challenge", today, methods=["GET"]),
    Route("/api/challenge", start, methods=["POST"]),
    Route("/api/challenge/days", days),
    Route("/api/challenge/{day}/results", results),
    Route("/api/challenge/{day}/boards", deals),
    Route("/api/players/{name}/duplicate", player_record),
    Route("/api/events", create_event, methods=["POST"]),
    Route("/api/events/{event_id}", event_view),
    Route("/api/events/{event_id}/join", join_event, methods=["POST"]),
    Route("/api/events/{event_id}/start", start_event, methods=["POST"]),
    Route("/api/events/{event_id}/boards/{board}/seat", sit_event, methods=["POST"]),
]
