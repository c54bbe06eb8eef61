"""HTTP routes of the daily challenge (``/api/challenge…``) and the gate on its tables.

A player is the browser's guest id (``X-Cardroom-Guest``, hashed): one try a day per browser,
listed unranked until player accounts name people. Everything a player is shown goes through
``Challenge`` (which boards and results it may see).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardroom.server.duplicate.challenge import Challenge, check_day
from cardroom.server.lobby.access import GUEST_HEADER
from cardroom.server.lobby.names import BadName, clean_name
from cardroom.server.table.actor import LobbyError
from cardroom.server.web.http import _body, guest_of


def challenge_of(request: Request) -> Challenge:
    challenge: Challenge = request.app.state.challenge
    return challenge


player_of = guest_of
"""A player is the browser's guest id (hashed) until player accounts exist."""


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
        raise LobbyError(f"the challenge needs the browser's guest id ({GUEST_HEADER})", 400)
    data = await _body(request)
    raw = data.get("name", "")
    if not isinstance(raw, str):
        raise LobbyError("'name' must be a string", 400)
    try:
        name = clean_name(raw or "Guest", "name")
    except BadName as exc:
        raise LobbyError(str(exc), 400) from None
    entry, token = await challenge.start(player, name, ranked=False)
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
        raise LobbyError("that day has not begun", 404)
    return JSONResponse({"day": day, "boards": await challenge.deals(day, player_of(request))})


ROUTES = [
    Route("/api/challenge", today, methods=["GET"]),
    Route("/api/challenge", start, methods=["POST"]),
    Route("/api/challenge/days", days),
    Route("/api/challenge/{day}/results", results),
    Route("/api/challenge/{day}/boards", deals),
]
