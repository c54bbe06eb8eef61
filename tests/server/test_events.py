"""Owner-created duplicate events over a real server: four teams with bots filling the seats, a
player in one team, live standings and a final table; a two-table team match in IMPs."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.duplicate.scoring import team_match_imps
from cardroom.engine import get_game
from cardroom.server import Settings

from .conftest import TIMEOUT, Client, Server, serve
from .leaks import LogTruth, check_messages
from .players import play_until

Json = dict[str, Any]
TICHU = get_game("tichu")


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    async with serve(
        Settings(db=str(tmp_path / "e.db"), bot_delay=0.0, round_pause=0.0)
    ) as running:
        yield running


def guest(name: str) -> dict[str, str]:
    return {"X-Cardroom-Guest": f"browser-{name}"}


async def view(server: Server, event: str, who: str = "anyone") -> Json:
    response = await server.http.get(f"/api/events/{event}", headers=guest(who))
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


async def until_finished(server: Server, event: str) -> Json:
    async with asyncio.timeout(TIMEOUT * 2):
        while (data := await view(server, event))["status"] != "finished":
            await asyncio.sleep(0.05)  # bots play on; the standings are read when they are done
    return data


async def create(server: Server, **options: Any) -> tuple[str, str]:
    response = await server.http.post("/api/events", json=options)
    assert response.status_code == 201, response.text
    return str(response.json()["id"]), str(response.json()["owner"])


async def test_four_teams_with_bots_and_a_player_to_the_final_table(server: Server) -> None:
    event, owner = await create(server, name="club night", teams=4, boards=2)
    joined = await server.http.post(
        f"/api/events/{event}/join", json={"team": "T1", "name": "Ann"}, headers=guest("ann")
    )
    assert joined.status_code == 200 and joined.json()["you"] == "T1"
    refused = await server.http.post(f"/api/events/{event}/start", json={"owner": "wrong"})
    assert refused.status_code == 403
    started = await server.http.post(
        f"/api/events/{event}/start", headers={"X-Cardroom-Owner": owner, **guest("ann")}
    )
    assert started.status_code == 200, started.text
    mine = started.json()["your_tables"]
    assert [t["board"] for t in mine] == [1, 2]

    store = server.registry.store
    for board in (1, 2):
        # Before Ann finished the board: no result on it, no other table of it.
        before = await view(server, event, "ann")
        assert board not in before["shown"]
        assert all(g["board"] != board for g in before["standings"]["boards"])
        seat = await server.http.post(
            f"/api/events/{event}/boards/{board}/seat", headers=guest("ann")
        )
        assert seat.status_code == 200, seat.text
        table, token = seat.json()["table"], seat.json()["token"]
        other = next(
            t.table for t in server.app.state.events.get(event).tables
            if t.seating.board == board and t.table != table
        )  # fmt: skip
        replay = await server.http.get(f"/api/tables/{other}/replay", headers=guest("ann"))
        assert replay.status_code in (403, 409)  # not finished by Ann's team, or not at all
        client = await Client.connect(server.ws_url, table, token)
        done = lambda obs: bool(obs["terminal"])  # noqa: E731
        await play_until(client, seat.json()["seat"], "tichu", done, random.Random(board))
        stored = await store.load(table)
        config = TICHU.config_from_json(stored.meta.config)
        guarded, _ = check_messages(
            LogTruth(TICHU, config, stored.records), seat.json()["seat"], client.seen
        )
        assert guarded > 0  # no hidden card of the board in any message to Ann
        assert all(other not in str(m) for m in client.seen)  # nor the other table
        await client.close()

    final = await until_finished(server, event)
    teams = final["standings"]["teams"]
    assert sorted(t["team"] for t in teams) == ["T1", "T2", "T3", "T4"]
    assert [t["imps"] for t in teams] == sorted((t["imps"] for t in teams), reverse=True)
    assert final["team_names"]["T1"] == "Ann" and final["team_names"]["T2"] == "bots (heuristic)"
    groups = final["standings"]["boards"]
    assert [(g["board"], g["direction"]) for g in groups] == [
        (1, "NS"), (1, "EW"), (2, "NS"), (2, "EW")
    ]  # fmt: skip

    # Every table of a board dealt the same 56 cards to the same seats (stored records).
    event_doc = server.app.state.events.get(event)
    for board in (1, 2):
        deals = set()
        for t in event_doc.tables:
            if t.seating.board == board:
                stored = await store.load(t.table)
                deals.add(next(r.text for r in stored.records if r.kind == "chance"))
        assert deals == {str(event_doc.boards[board - 1].chance[0])}
        for t in event_doc.tables:  # once the event is over, every replay is everyone's
            replay = await server.http.get(f"/api/tables/{t.table}/replay", headers=guest("eve"))
            assert replay.status_code == 200
    listed = (await server.http.get("/api/tables/finished")).json()
    assert not {t.table for t in event_doc.tables} & {t["id"] for t in listed}


async def test_a_two_table_team_match_is_scored_in_imps(server: Server) -> None:
    event, owner = await create(server, teams=2, boards=1, level="random")
    await server.http.post(f"/api/events/{event}/start", headers={"X-Cardroom-Owner": owner})
    final = await until_finished(server, event)
    assert final["match"] == "team"
    (group,) = final["standings"]["boards"]
    ns = {r["team"]: r["score"] for r in group["results"]}
    t1 = next(t for t in final["standings"]["teams"] if t["team"] == "T1")
    assert t1["imps"] == team_match_imps(ns["T1"], -ns["T2"])


async def test_bad_event_requests(server: Server) -> None:
    for body in ({"teams": 1}, {"teams": 99}, {"boards": 0}, {"level": "genius"}, {"name": 5}):
        response = await server.http.post("/api/events", json=body)
        assert response.status_code == 400, body
    assert (await server.http.get("/api/events/nope")).status_code == 404
    event, _ = await create(server)
    bad = await server.http.post(
        f"/api/events/{event}/join", json={"team": "T9", "name": "x"}, headers=guest("x")
    )
    assert bad.status_code == 400
    seat = await server.http.post(f"/api/events/{event}/boards/1/seat", headers=guest("x"))
    assert seat.status_code == 403


async def test_an_event_table_waiting_for_its_player_is_never_swept(server: Server) -> None:
    event, owner = await create(server, teams=2, boards=1)
    await server.http.post(
        f"/api/events/{event}/join", json={"team": "T1", "name": "Ann"}, headers=guest("ann")
    )
    started = await server.http.post(
        f"/api/events/{event}/start", headers={"X-Cardroom-Owner": owner, **guest("ann")}
    )
    (waiting,) = [t["table"] for t in started.json()["your_tables"]]
    assert (await server.info(waiting))["status"] == "open"  # Ann's seat is still empty
    await server.registry._expire(before=time.monotonic() + 3600)  # a sweep long after
    assert (await server.info(waiting))["status"] == "open"
    seat = await server.http.post(f"/api/events/{event}/boards/1/seat", headers=guest("ann"))
    assert seat.status_code == 200 and seat.json()["table"] == waiting
