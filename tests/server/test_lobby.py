"""Lobby HTTP routes (contracts §4), bot tables playing to the end, records and page routes."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from cardroom.engine import GameRecord, get_game, replay

from .conftest import Client, Server
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
