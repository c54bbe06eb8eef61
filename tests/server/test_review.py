"""Reviews of finished tables and hints at casual tables, over a real server (``server/web/
review.py``): computed in the bot pool's worker processes, equal to ``cardroom analyse``'s."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from cardroom.bots.record_review import review_record
from cardroom.bots.verdicts import ReviewSettings
from cardroom.engine import GameRecord
from cardroom.server import Settings
from cardroom.server.table.bot_pool import BotPool
from cardroom.server.table.outcomes import LobbyError, Problem
from cardroom.server.web.review import Reviews

from .conftest import Client, Server, serve

Json = dict[str, Any]
WORLDS = 6


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    settings = Settings(
        db=str(tmp_path / "cardroom.db"),
        bot_delay=0.0,
        review_worlds=WORLDS,
        review_call_worlds=WORLDS,
        hint_worlds=WORLDS,
        bot_workers=1,
    )
    async with serve(settings) as running:
        yield running


async def finished_tichu_table(server: Server) -> str:
    table = await server.create("tichu", {"max_rounds": 1})
    for seat, level in enumerate(["random", "heuristic", "heuristic", "heuristic"]):
        await server.bot(table, seat, level)
    async with asyncio.timeout(90):
        while (await server.info(table))["status"] != "finished":
            await asyncio.sleep(0.05)
    return table


async def review_of(server: Server, table: str, seat: int, guest: str = "g") -> Json:
    """Poll the review until it is done; every answer before says how far it got."""
    url = f"/api/tables/{table}/review?seat={seat}"
    async with asyncio.timeout(120):
        while True:
            response = await server.http.get(url, headers={"X-Cardroom-Guest": guest})
            data: Json = response.json()
            if response.status_code == 200:
                return data
            assert response.status_code == 202, response.text
            assert data["state"] in ("queued", "running") and 0 <= data["done"] <= data["total"]
            await asyncio.sleep(0.05)


async def test_a_finished_tables_review_is_the_one_cardroom_analyse_gives(server: Server) -> None:
    table = await finished_tichu_table(server)
    data = await review_of(server, table, 0)
    assert data["state"] == "done"
    review = data["review"]
    record = GameRecord.from_jsonl((await server.http.get(f"/api/tables/{table}/record")).text)
    offline = review_record(record, ReviewSettings(WORLDS, WORLDS), "1", seats=[0]).to_json()
    assert review == offline
    assert review["decisions"] and {d["seat"] for d in review["decisions"]} == {0}
    again = await server.http.get(f"/api/tables/{table}/review?seat=0")
    assert again.status_code == 200 and again.json()["review"] == review  # cached
    reviews = server.app.state.reviews
    kept = await server.registry.store.derived(table, reviews.stored_key(0))
    assert kept is not None and json.loads(kept) == review  # kept with the table
    reviews.jobs.clear()  # as after a restart: the stored review answers at once
    third = await server.http.get(f"/api/tables/{table}/review?seat=0")
    assert third.status_code == 200 and third.json()["review"] == review


async def test_reviews_are_refused_for_bad_requests(server: Server) -> None:
    running = await server.create("tichu", {"max_rounds": 1})
    assert (await server.http.get(f"/api/tables/{running}/review?seat=0")).status_code == 409
    assert (await server.http.get("/api/tables/nope/review?seat=0")).status_code == 404
    table = await finished_tichu_table(server)
    for seat in ("", "x", "4", "-1", "99999"):
        response = await server.http.get(f"/api/tables/{table}/review?seat={seat}")
        assert response.status_code == 400, seat
        assert "seat" in response.json()["error"]


async def test_reviews_are_bounded_per_player() -> None:
    """A guest's third review while two are queued is refused (429); another guest's is not."""
    pool = BotPool(1)
    reviews = Reviews(Settings(review_per_player=2), pool)
    jobs = [reviews.start(("t", seat, 0, 0), "not a record", "ann") for seat in (0, 1)]
    with pytest.raises(LobbyError) as refused:
        reviews.start(("t", 2, 0, 0), "not a record", "ann")
    assert refused.value.problem is Problem.TOO_MANY
    other = reviews.start(("t", 3, 0, 0), "not a record", "bob")
    for job in [*jobs, other]:
        assert job.task is not None
        await job.task
        assert job.state == "failed" and "failed" in (job.error or "")
    again = reviews.start(("t", 2, 0, 0), "not a record", "ann")  # done: the guest may ask again
    assert again.task is not None
    await again.task
    pool.shutdown()


async def test_a_hint_is_for_the_seat_the_asker_holds_and_only_where_allowed(
    server: Server,
) -> None:
    table = await server.create("tichu", {"max_rounds": 1})
    token = await server.seat(table, 0)
    for seat in (1, 2, 3):
        await server.bot(table, seat, "heuristic")
    assert (await server.info(table))["hints"] is True
    me = await Client.connect(server.ws_url, table, token)
    obs = await me.obs_until(lambda o: bool(o.get("legal")) and o.get("phase") == "grand")
    url = f"/api/tables/{table}/hint"
    answer = await server.http.post(url, json={"token": token})
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["action"] in obs["legal"] and hint["reason"].startswith("hint.reason.")
    for body in ({}, {"token": "not-a-seat"}, {"token": token, "seat": 1}):
        refused = await server.http.post(url, json=body)
        assert refused.status_code == 403 and "seat you hold" in refused.json()["error"]
    await me.close()

    closed = await server.http.post(
        "/api/tables", json={"game": "tichu", "options": {}, "hints": False}
    )
    off = closed.json()["id"]
    assert closed.json()["hints"] is False
    off_token = await server.seat(off, 0)
    refused = await server.http.post(f"/api/tables/{off}/hint", json={"token": off_token})
    assert refused.status_code == 403 and "hints are off" in refused.json()["error"]
    bad = await server.http.post("/api/tables", json={"game": "tichu", "hints": "yes"})
    assert bad.status_code == 400


def answered(v: int | None) -> Callable[[Json], bool]:
    """The table moved on from version ``v`` (or refused the act)."""
    return lambda m: m["t"] == "reject" or (m["t"] == "ev" and m["v"] != v)


async def play_first_round(server: Server, table: str, token: str) -> Client:
    """Seat 0 (this client) plays round 1 to its end, passing when it may; bots at 1..3."""
    me = await Client.connect(server.ws_url, table, token)

    def mine(obs: Json) -> bool:
        return obs.get("round", 1) > 1 or (
            bool(obs.get("legal")) and 0 in (obs.get("awaited") or [])
        )

    while True:
        obs = await me.obs_until(mine, timeout=60)
        if obs.get("round", 1) > 1:
            return me
        legal = obs["legal"]
        calls = ("tichu", "grand")
        choice = "pass" if "pass" in legal else next(a for a in legal if a not in calls)
        await me.act(choice, me.v)
        await me.until(answered(me.v))


async def test_a_running_tables_review_is_of_the_rounds_over_for_the_seat_you_hold(
    server: Server,
) -> None:
    table = await server.create("tichu", {"target_score": 10000})
    token = await server.seat(table, 0)
    for seat in (1, 2, 3):
        await server.bot(table, seat, "heuristic")
    url = f"/api/tables/{table}/review?seat=0"
    mine = {"Authorization": f"Bearer {token}"}
    early = await server.http.get(url, headers=mine)
    assert early.status_code == 409 and "no round" in early.json()["error"]
    me = await play_first_round(server, table, token)
    assert (await server.info(table))["status"] == "running"
    assert (await server.http.get(url)).status_code == 409  # no token: finished tables only
    other = await server.http.get(f"/api/tables/{table}/review?seat=1", headers=mine)
    assert other.status_code == 403 and "seat you hold" in other.json()["error"]
    async with asyncio.timeout(120):
        while (answer := await server.http.get(url, headers=mine)).status_code == 202:
            await asyncio.sleep(0.05)
    assert answer.status_code == 200, answer.text
    decisions = answer.json()["review"]["decisions"]
    assert decisions and {(d["round"], d["seat"]) for d in decisions} == {(1, 0)}
    await me.close()


async def test_a_finished_toepen_tables_review(server: Server) -> None:
    table = await server.create("toepen", {"seats": 3, "lives": 3})
    for seat, level in enumerate(["random", "tight", "tight"]):
        await server.bot(table, seat, level)
    async with asyncio.timeout(90):
        while (await server.info(table))["status"] != "finished":
            await asyncio.sleep(0.05)
    review = (await review_of(server, table, 1))["review"]
    record = GameRecord.from_jsonl((await server.http.get(f"/api/tables/{table}/record")).text)
    assert review == review_record(record, ReviewSettings(WORLDS, WORLDS), "1", seats=[1]).to_json()
    assert review["decisions"] and review["summary"]["thresholds"]["blunder"] == 10.0
