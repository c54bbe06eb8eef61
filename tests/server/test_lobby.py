"""Lobby HTTP routes (contracts §4), bot tables playing to the end, records and page routes."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from typing import Any

import pytest

from cardroom import i18n
from cardroom.engine import GameRecord, get_game, replay
from cardroom.server.settings import Settings
from cardroom.server.table.outcomes import LobbyCode

from .conftest import Client, Server, serve
from .players import play_until

Json = dict[str, Any]


async def wait_finished(server: Server, table: str, timeout: float = 60) -> Json:
    async with asyncio.timeout(timeout):
        while (info := await server.info(table))["status"] != "finished":
            await asyncio.sleep(0.05)
    return info


async def test_games_are_listed_with_their_options(server: Server) -> None:
    games = {g["name"]: g for g in (await server.http.get("/api/games")).json()}
    assert games["relay"]["options"] == {"seats": 4, "cards": 3}
    assert (games["relay"]["min_seats"], games["relay"]["max_seats"]) == (2, 4)


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "relay", "options": {"seats": 9}}, "seats must be 2..4"),
        ({"game": "relay", "options": {"colour": "red"}}, "unknown options"),
        ({"game": "relay", "options": [1]}, "'options' must be a JSON object"),
        ({"options": {}}, "'game' must be a non-empty string"),
        ([1, 2], "JSON object"),
    ],
)
async def test_bad_table_requests_are_refused_with_a_reason(
    server: Server, body: Any, why: str
) -> None:
    response = await server.http.post("/api/tables", json=body)
    assert response.status_code == 400 and why in response.json()["error"]


async def test_seats_tokens_bots_and_leaving(server: Server) -> None:
    table = await server.create("relay", {"seats": 3})
    listed = {t["id"]: t for t in (await server.http.get("/api/tables")).json()}
    assert listed[table]["status"] == "open" and listed[table]["num_seats"] == 3
    token = await server.seat(table, 0, "Ann")
    taken = await server.http.post(f"/api/tables/{table}/seats/0", json={"name": "Bob"})
    assert taken.status_code == 409 and "Ann" in taken.json()["error"]
    for seat, status in [("7", 400), ("x", 400)]:
        response = await server.http.post(f"/api/tables/{table}/seats/{seat}", json={"name": "B"})
        assert response.status_code == status
    assert (
        await server.http.post("/api/tables/nope/seats/0", json={"name": "B"})
    ).status_code == 404
    bad_level = await server.http.post(f"/api/tables/{table}/seats/1/bot", json={"level": "god"})
    assert bad_level.status_code == 400 and "random" in bad_level.json()["error"]
    human_seat = await server.http.post(
        f"/api/tables/{table}/seats/0/bot", json={"level": "random"}
    )
    assert human_seat.status_code == 409
    await server.bot(table, 1)
    # leaving needs the seat's own token
    wrong = await server.http.request("DELETE", f"/api/tables/{table}/seats/0", json={"token": "x"})
    assert wrong.status_code == 403
    left = await server.http.request(
        "DELETE", f"/api/tables/{table}/seats/0", headers={"Authorization": f"Bearer {token}"}
    )
    assert left.status_code == 200 and left.json()["kind"] == "empty"
    # before the start the owner can remove a bot; the token of a freed seat is worthless
    remove = f"/api/tables/{table}/seats/1"
    assert (await server.http.request("DELETE", remove)).status_code == 403
    owner = server.as_owner(table)
    assert (await server.http.request("DELETE", remove, headers=owner)).status_code == 200
    info = await server.info(table)
    assert [s["kind"] for s in info["seats"]] == ["empty", "empty", "empty"]
    stale = await Client.connect(server.ws_url, table, token)
    assert (await stale.until(lambda m: m["t"] == "reject"))["code"] == "unauthorized"
    assert (await server.http.get(f"/api/tables/{table}/record")).status_code == 409
    assert (await server.http.get("/api/tables/nope")).status_code == 404


async def test_a_human_leaving_a_running_game_is_replaced_by_a_bot(server: Server) -> None:
    table = await server.create("relay", {"seats": 2, "cards": 4})
    token = await server.seat(table, 0)
    other = await server.seat(table, 1)
    assert (await server.info(table))["status"] == "running"
    response = await server.http.request(
        "DELETE", f"/api/tables/{table}/seats/0", json={"token": token}
    )
    assert response.json() == {"seat": 0, "kind": "bot", "level": "random"}
    # the remaining human plays; the bot answers for seat 0 until the end
    client = await Client.connect(server.ws_url, table, other)
    await play_until(client, 1, "relay", lambda o: o["terminal"], random.Random(3))
    info = await wait_finished(server, table)
    assert info["seats"][0]["kind"] == "bot"


@pytest.mark.parametrize(
    ("game", "options", "levels"),
    [
        ("relay", {"cards": 8}, ["random"] * 4),
        ("tichu", {"target_score": 200}, ["heuristic", "random", "heuristic", "random"]),
        ("toepen", {"seats": 5, "lives": 3}, ["heuristic", "random"] * 2 + ["heuristic"]),
    ],
)
async def test_bot_tables_play_to_the_end_and_the_record_replays(
    server: Server, game: str, options: Json, levels: list[str]
) -> None:
    table = await server.create(game, options)
    spectator = await Client.connect(server.ws_url, table, None)
    for seat, level in enumerate(levels):
        await server.bot(table, seat, level)
    info = await wait_finished(server, table, timeout=90)
    response = await server.http.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    record = GameRecord.from_jsonl(response.text)
    engine = get_game(game)
    state = replay(engine, engine.config_from_json(record.config), record.records)
    assert engine.outcome(state) is not None
    assert engine.outcome(state).to_json() == info["outcome"]
    await spectator.until(lambda m: m["t"] == "ev" and m["obs"].get("terminal"), timeout=30)
    assert all(m["obs"].get("hand") is None for m in spectator.seen if "obs" in m)
    assert table not in {t["id"] for t in (await server.http.get("/api/tables")).json()}


async def test_pages_and_static_files(server: Server) -> None:
    for path in ("/", "/t/abc"):
        response = await server.http.get(path)
        assert response.status_code == 200 and "<html" in response.text.lower()
    assert (await server.http.get("/static/index.html")).status_code == 200
    assert (await server.http.get("/static/missing.js")).status_code == 404


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_lobby_refusal_code_has_a_text_in_every_language(lang: str) -> None:
    """A page says a refusal's code from the catalogue (``lobby.error.<code>``): every code
    the server can send (``LobbyCode``) has a text in every language."""
    texts = i18n.catalogue(lang)
    missing = [c.value for c in LobbyCode if f"lobby.error.{c.value}" not in texts]
    assert missing == []


def refused(response: Any, status: int, code: str, **params: object) -> str:
    """The refusal's English ``error``, after checking its status, code and params."""
    body = response.json()
    assert response.status_code == status, body
    assert (body.get("code"), body.get("params")) == (code, params), body
    error: str = body["error"]
    return error


async def test_lobby_refusals_carry_a_code_and_params_beside_the_english(
    server: Server,
) -> None:
    """The refusals a page meets name their reason (``code``, ``params``) so that the page says
    it in the reader's language; ``error`` stays the server's English."""
    http, table = server.http, await server.create("relay", {"seats": 3})
    await server.seat(table, 0, "Ann")
    taken = await http.post(f"/api/tables/{table}/seats/0", json={"name": "Bob"})
    assert refused(taken, 409, "seat_taken", name="Ann") == "seat 0 is taken by Ann"
    guest = {"X-Cardroom-Guest": "guest-0"}  # Ann's browser
    again = await http.post(f"/api/tables/{table}/seats/1", json={"name": "Ann"}, headers=guest)
    assert "one seat per guest" in refused(again, 409, "one_seat")
    bad = await http.post(f"/api/tables/{table}/seats/1", json={"name": "A\x1bB"})
    refused(bad, 400, "name_control", char="U+001B")
    level = await http.post(f"/api/tables/{table}/seats/1/bot", json={"level": "god"})
    assert "choose from" in refused(level, 400, "bot_level", level="god")
    await server.bot(table, 1)
    not_owner = await http.request("DELETE", f"/api/tables/{table}/seats/1")
    refused(not_owner, 403, "owner_remove_bot")
    empty = await http.request(
        "DELETE", f"/api/tables/{table}/seats/2", headers=server.as_owner(table)
    )
    refused(empty, 409, "seat_empty")
    refused(await http.get("/api/tables/nope"), 404, "no_table", id="nope")
    rated = await http.post("/api/tables", json={"game": "tichu", "rated": True})
    refused(rated, 403, "rated_sign_in")
    refused(await http.get("/api/challenge/2026-13-99/results"), 400, "bad_day")
    # a refusal no page meets has no code: the English alone
    odd = await http.post("/api/tables", json={"game": "relay", "options": [1]})
    assert odd.status_code == 400 and set(odd.json()) == {"error"}


async def test_limits_say_which_limit_with_its_bound(settings: Settings) -> None:
    """A 429 (too many tables created, too many seats held) carries its code and bound."""
    limited = dataclasses.replace(
        settings, create_burst=2, create_per_minute=0.01, max_seats_per_address=1
    )
    async with serve(limited) as server:
        first, second = await server.create("relay"), await server.create("relay")
        await server.seat(first, 0, "Ann")
        held = await server.http.post(f"/api/tables/{second}/seats/0", json={"name": "Ann"})
        assert "1 seats" in refused(held, 429, "seats_held", n=1)
        third = await server.http.post("/api/tables", json={"game": "relay"})
        refused(third, 429, "created_too_many")
        assert int(third.headers["retry-after"]) >= 1
