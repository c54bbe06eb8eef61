"""A player's duplicate record on its profile (``/api/players/{name}/duplicate``), over a real
server: challenge days and events, newest first, and what stays sealed.

Ann (an account) plays today's two-board challenge. Bob, signed in, looks at her profile before
he played: the day is listed with no score, rank or replay (a spy checks that nothing of her
table or her results is in the answer). Once Bob finished board 1 he sees her line over board 1
only, the same numbers as his results table; once the day is over, everyone sees it all. The
results table names the accounts (ranked) and lists a guest unranked.

A guest's try joins the account it signs up or signs in as: the account has then used that
day's try (a second one is refused, saying why) and its profile lists the day; an account
that tried the day itself keeps its own try, ranked, and still only one.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from cardroom.duplicate.scoring import imps
from cardroom.server import Settings
from cardroom.server.duplicate.challenge import JOINED_TRY, SECOND_TRY, Challenge, Entry
from cardroom.server.duplicate.gate import DuplicateTables
from cardroom.server.duplicate.record import PAGE
from cardroom.storage.duplicate import MemoryDuplicateStore

from .accounts_helpers import browser, sign_in, sign_up
from .conftest import Client, Server
from .duplicate_servers import BACKENDS, duplicate_server
from .players import play_until

Json = dict[str, Any]


@pytest.fixture(params=BACKENDS)
async def server(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Server]:
    async with duplicate_server(request.param, tmp_path, challenge_boards=2) as running:
        yield running


def challenge_of(server: Server) -> Challenge:
    found: Challenge = server.app.state.challenge
    return found


def boards_done(count: int) -> Any:
    return lambda obs: len(obs.get("score_sheet") or []) >= count or bool(obs["terminal"])


async def play_challenge(server: Server, who: Any, boards: int, seed: int, name: str = "") -> Json:
    """``who`` (a browser) starts today's try and plays ``boards`` boards by random moves."""
    response = await who.post("/api/challenge", json={"name": name})
    assert response.status_code == 201, response.text
    started: Json = response.json()
    client = await Client.connect(server.ws_url, started["table"], started["token"])
    await play_until(client, 0, "tichu", boards_done(boards), random.Random(seed))
    await client.close()
    return started


async def record(who: Any, name: str, query: str = "") -> Json:
    response = await who.get(f"/api/players/{name}/duplicate{query}")
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def row_of(results: Json, name: str) -> Json:
    return next(row for row in results["teams"] if row["name"] == name)


SEALED = {"imps": None, "mp_pct": None, "over_bots": None, "rank": None, "players": None,
          "replay": None, "shown": 0}  # fmt: skip


async def test_a_running_day_is_sealed_on_the_profile_until_the_viewer_finished_the_boards(
    server: Server,
) -> None:
    async with browser(server) as ann, browser(server) as bob, browser(server) as carl:
        await sign_up(ann, "ann")
        await sign_up(bob, "bob")
        day = challenge_of(server).today()
        started = await play_challenge(server, ann, 2, 1)

        # Bob (not played), a guest and nobody at all see the day listed, and nothing of it.
        anonymous = server.http
        for viewer in (bob, carl, anonymous):
            seen = await record(viewer, "ann")
            assert seen["challenges_total"] == 1 and seen["events"] == []
            (line,) = seen["challenges"]
            assert {k: line[k] for k in SEALED} == SEALED
            assert line["day"] == day and line["played"] == 2 and line["finished"]
            assert not line["over"] and line["results"] == f"/challenge/{day}"
            assert started["table"] not in str(seen)  # the spy: not her table, not its replay

        # Ann sees her own day whole: the same figures as her results table.
        own = (await record(ann, "ann"))["challenges"][0]
        results = (await ann.get(f"/api/challenge/{day}/results")).json()
        assert own["shown"] == 2 and own["over_bots"] == results["you"]["over_bots"]
        assert own["imps"] == row_of(results, "ann")["imps"]
        assert own["mp_pct"] == row_of(results, "ann")["mp_pct"]
        assert (own["rank"], own["players"]) == (1, 1)
        assert own["replay"] == f"/replay/{started['table']}"

        # Bob finishes board 1: he sees Ann's line over board 1 only, as his results table does.
        await play_challenge(server, bob, 1, 2)
        seen = (await record(bob, "ann"))["challenges"][0]
        results = (await bob.get(f"/api/challenge/{day}/results")).json()
        assert results["shown"] == seen["shown"] == 1
        assert seen["imps"] == row_of(results, "ann")["imps"]
        assert seen["mp_pct"] == row_of(results, "ann")["mp_pct"]
        assert seen["players"] == 2 and seen["replay"] is None  # her board 2 stays hidden
        baseline = await challenge_of(server).baseline(day)
        ann_scores = next(
            r["score"] for r in results["boards"][0]["results"]
            if r["team"] == row_of(results, "ann")["team"]
        )  # fmt: skip
        assert seen["over_bots"] == imps(ann_scores - baseline[0])

        # The results table names people: accounts by name (ranked), a guest unranked.
        await play_challenge(server, carl, 1, 3, name="Carl")
        results = (await ann.get(f"/api/challenge/{day}/results")).json()
        named = {row["name"]: row["ranked"] for row in results["teams"]}
        assert named == {"ann": True, "bob": True, "Carl": False, "bots (heuristic)": False}

        # After the day, everyone sees Ann's whole line and her replay.
        challenge_of(server).clock = lambda: datetime.now(UTC) + timedelta(days=1)
        after = (await record(anonymous, "ann"))["challenges"][0]
        assert after["over"] and after["shown"] == 2 and after["players"] == 3
        assert after["imps"] == own["imps"] or after["players"] != own["players"]
        assert after["replay"] == f"/replay/{started['table']}"
        bob_line = (await record(anonymous, "bob"))["challenges"][0]
        assert bob_line["played"] == 1 and not bob_line["finished"] and bob_line["replay"] is None


async def refused_try(who: Any) -> str:
    """Today's try asked again: refused (409), and the reason given."""
    response = await who.post("/api/challenge", json={"name": "again"})
    assert response.status_code == 409, response.text
    reason: str = response.json()["error"]
    return reason


async def test_a_guest_try_joins_the_account_it_signs_up_as(server: Server) -> None:
    async with browser(server) as dora, browser(server) as erin:
        await sign_up(erin, "erin")
        day = challenge_of(server).today()
        started = await play_challenge(server, dora, 2, 4, name="Dora")
        signed = (await sign_up(dora, "dora")).json()
        assert signed["claimed_challenges"] == 1

        # The account has used the day's try: a second one is refused, saying why.
        assert await refused_try(dora) == JOINED_TRY
        today = (await dora.get("/api/challenge")).json()["you"]
        assert today == {"table": started["table"], "played": 2, "finished": True}

        # Its profile lists the day: sealed for Erin (who has not played), whole for Dora.
        seen = await record(erin, "dora")
        assert seen["challenges_total"] == 1
        (line,) = seen["challenges"]
        assert {k: line[k] for k in SEALED} == SEALED and line["day"] == day
        own = (await record(dora, "dora"))["challenges"][0]
        assert (own["played"], own["finished"], own["rank"], own["players"]) == (2, True, 1, 1)
        assert own["replay"] == f"/replay/{started['table']}" and own["ranked"] is False
        replay = await dora.get(f"/api/tables/{started['table']}/replay")
        assert replay.status_code == 200, replay.text

        # One try, one line: unranked, under the name it was played with.
        results = (await dora.get(f"/api/challenge/{day}/results")).json()
        assert [(r["name"], r["ranked"]) for r in results["teams"] if r["team"] != "bots"] == [
            ("Dora", False)
        ]
        assert results["you"]["table"] == started["table"] and results["shown"] == 2

        # Signed out, the browser is its guest again: it played today too.
        assert (await dora.delete("/api/session")).status_code == 200
        assert await refused_try(dora) == SECOND_TRY

        # Another account signing in from this browser does not get a try already joined.
        assert (await sign_in(dora, "erin"))["claimed_challenges"] == 0
        assert (await record(erin, "erin"))["challenges_total"] == 0
        assert (await erin.get("/api/challenge")).json()["you"] is None


async def test_a_guest_try_joins_at_sign_in_unless_the_account_tried_that_day(
    server: Server,
) -> None:
    async with (
        browser(server) as ann, browser(server) as bob, browser(server) as guest_a,
        browser(server) as guest_b,
    ):  # fmt: skip
        await sign_up(ann, "ann")
        await sign_up(bob, "bob")
        day = challenge_of(server).today()
        own = await play_challenge(server, ann, 2, 5)

        # A guest played one board of two; it signs in as Bob, who had not played: the try is
        # his now, and he resumes it at the same table (no new seat token).
        halfway = await play_challenge(server, guest_b, 1, 6, name="B")
        assert (await sign_in(guest_b, "bob"))["claimed_challenges"] == 1
        resumed = await bob.post("/api/challenge", json={})
        assert resumed.status_code == 200, resumed.text
        assert resumed.json()["table"] == halfway["table"] and resumed.json()["token"] is None
        (line,) = (await record(bob, "bob"))["challenges"]
        assert (line["day"], line["played"], line["finished"]) == (day, 1, False)

        # A guest who played signs in as Ann, who played that day herself: still one try, hers.
        guest_try = await play_challenge(server, guest_a, 1, 7, name="A")
        assert (await sign_in(guest_a, "ann"))["claimed_challenges"] == 0
        for who in (ann, guest_a):
            assert await refused_try(who) == SECOND_TRY
            you = (await who.get("/api/challenge")).json()["you"]
            assert you == {"table": own["table"], "played": 2, "finished": True}
        seen = await record(ann, "ann")
        assert seen["challenges_total"] == 1
        (line,) = seen["challenges"]
        assert (line["played"], line["ranked"]) == (2, True)
        assert line["replay"] == f"/replay/{own['table']}"
        results = (await ann.get(f"/api/challenge/{day}/results")).json()
        assert sorted((r["name"], r["ranked"]) for r in results["teams"]) == [
            ("A", False), ("B", False), ("ann", True), ("bots (heuristic)", False),
        ]  # fmt: skip
        assert guest_try["table"] != own["table"]


async def test_events_on_the_profile_and_bad_requests(server: Server) -> None:
    async with browser(server) as ann, browser(server) as owner:
        await sign_up(ann, "ann")
        created = []
        for name in ("first", "second"):
            spec = {"name": name, "teams": 2, "boards": 1, "level": "random"}
            response = await owner.post("/api/events", json=spec)
            assert response.status_code == 201
            created.append(response.json())
        for event in created:
            joined = await ann.post(f"/api/events/{event['id']}/join", json={"team": "T2"})
            assert joined.status_code == 200, joined.text
            assert joined.json()["team_names"]["T2"] == "ann"  # the account's name, not typed

        events = (await record(owner, "ann"))["events"]
        assert [e["name"] for e in events] == ["second", "first"]  # newest first
        assert all(e["status"] == "open" and e["rank"] is None for e in events)

        # The second event is played: Ann's pair plays N–S at one table (bots the rest).
        second = created[1]
        started = await owner.post(
            f"/api/events/{second['id']}/start", headers={"X-Cardroom-Owner": second["owner"]}
        )
        assert started.status_code == 200, started.text
        sat = (await ann.post(f"/api/events/{second['id']}/boards/1/seat")).json()
        client = await Client.connect(server.ws_url, sat["table"], sat["token"])
        await play_until(client, sat["seat"], "tichu", boards_done(1), random.Random(5))
        await client.close()
        deadline = time.monotonic() + 60
        while (line := (await record(owner, "ann"))["events"][0])["status"] != "finished":
            assert time.monotonic() < deadline, "the all-bot table of the match did not finish"
            await asyncio.sleep(0.05)  # poll the state: the bots' table may still be playing
        view = (await owner.get(f"/api/events/{second['id']}")).json()
        assert line["status"] == "finished" == view["status"]
        row = next(r for r in view["standings"]["teams"] if r["team"] == "T2")
        assert line["team"] == "T2" and line["team_name"] == "ann"
        assert (line["imps"], line["mp_pct"]) == (row["imps"], row["mp_pct"])
        assert line["rank"] == 1 + view["standings"]["teams"].index(row)
        assert line["link"] == f"/event/{second['id']}"

        paged = await record(owner, "ann", "?events_from=1&challenges_from=5")
        assert [e["name"] for e in paged["events"]] == ["first"] and paged["page"] == PAGE
        assert paged["challenges"] == [] and paged["events_total"] == 2
        for query in ("?events_from=-1", "?challenges_from=x", "?events_from=99999999"):
            bad = await owner.get(f"/api/players/ann/duplicate{query}")
            assert bad.status_code == 400 and "error" in bad.json()
        missing = await owner.get("/api/players/nobody/duplicate")
        assert missing.status_code == 404


async def test_tries_made_before_the_index_are_indexed_at_start() -> None:
    """A database from before the ``tried`` index: the challenge's start indexes its tries, a
    guest try an account took over too (its ``tried`` document lost in a crash)."""
    store = MemoryDuplicateStore()
    entry = Entry("2026-12-01", "account:7", "p01234567", "ann", True, None, (10, -20), True)
    await store.put("entry", "2026-12-01/tichu/account:7", entry.to_doc())
    guest = Entry("2026-12-02", "g1", "p89abcdef", "Guest", False, None, (30, 40), True)
    await store.put("entry", "2026-12-02/tichu/g1", guest.to_doc())
    pointer = {"player": "account:7", "played_as": "g1"}
    await store.put("entry", "2026-12-02/tichu/account:7", pointer)
    challenge = Challenge(store, None, DuplicateTables(), Settings(db="memory"))  # type: ignore[arg-type]
    assert await challenge.tried_days("account:7") == []
    await challenge.open()
    assert await challenge.tried_days("account:7") == ["2026-12-02", "2026-12-01"]
    assert await challenge.tried_days("account:8") == []
    assert await challenge.entry("2026-12-02", "account:7") == guest
