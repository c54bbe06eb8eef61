"""A guest's place in a duplicate event follows it to the account it signs up or signs in as,
over a real server on SQLite and PostgreSQL.

Dora, a guest, joins a four-team event (bots fill the rest) and plays board 1; she signs up.
Signed in, the event knows her: she sees board 1's results and her table's replay, sits at her
team's board 2, and the event is on her profile with its standing. Board 2 stays sealed for a
spy, for her before she played it, and for her browser signed out, which no longer acts for
her place. Two sign-ins of one guest into two accounts at once hand the place to one of them;
so do two servers racing on one database. An account that is in an event already keeps its
own place, and the guest's stays the guest's.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from cardroom.engine import get_game
from cardroom.server.duplicate.events import HANDED, HANDED_OVER, Events, Member
from cardroom.server.duplicate.gate import DuplicateTables

from .accounts_helpers import browser, sign_in, sign_up
from .conftest import TIMEOUT, Client, Server
from .duplicate_servers import BACKENDS, duplicate_server
from .leaks import LogTruth, check_messages
from .players import play_until

Json = dict[str, Any]
TICHU = get_game("tichu")
GUEST = "X-Cardroom-Guest"


@pytest.fixture(params=BACKENDS)
async def server(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Server]:
    async with duplicate_server(request.param, tmp_path) as running:
        yield running


def events_of(server: Server) -> Events:
    found: Events = server.app.state.events
    return found


async def create(who: Any, teams: int = 4, boards: int = 2) -> tuple[str, str]:
    spec = {"name": "club night", "teams": teams, "boards": boards, "level": "random"}
    response = await who.post("/api/events", json=spec)
    assert response.status_code == 201, response.text
    return str(response.json()["id"]), str(response.json()["owner"])


async def join(who: Any, event: str, team: str, name: str = "") -> Json:
    response = await who.post(f"/api/events/{event}/join", json={"team": team, "name": name})
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


async def view(who: Any, event: str) -> Json:
    response = await who.get(f"/api/events/{event}")
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


async def record(who: Any, name: str) -> Json:
    response = await who.get(f"/api/players/{name}/duplicate")
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


async def until(check: Callable[[], Awaitable[bool]]) -> None:
    """Poll the server's state until ``check`` holds (bots play on their own)."""
    async with asyncio.timeout(TIMEOUT * 2):
        while not await check():
            await asyncio.sleep(0.05)


async def play_board(server: Server, sat: Json, seed: int) -> Client:
    """Play a seated board to its end by random legal moves; the client, closed."""
    client = await Client.connect(server.ws_url, sat["table"], sat["token"])
    done = lambda obs: bool(obs["terminal"])  # noqa: E731
    await play_until(client, sat["seat"], "tichu", done, random.Random(seed))
    await client.close()
    return client


async def test_a_guest_place_follows_it_to_its_account(server: Server) -> None:
    async with browser(server) as dora, browser(server) as spy, browser(server) as owner:
        event, secret = await create(owner)
        assert (await join(dora, event, "T1", "Dora"))["you"] == "T1"
        started = await owner.post(
            f"/api/events/{event}/start", headers={"X-Cardroom-Owner": secret}
        )
        assert started.status_code == 200, started.text

        # As a guest, Dora plays board 1; both its tables finish.
        seat = await dora.post(f"/api/events/{event}/boards/1/seat")
        assert seat.status_code == 200, seat.text
        first = seat.json()["table"]
        await play_board(server, seat.json(), 1)

        async def board_shown(board: int) -> bool:
            return board in (await view(spy, event))["shown"]

        await until(lambda: board_shown(1))

        # She signs up: the event knows her account, under the name she joined with.
        signed = (await sign_up(dora, "dora")).json()
        assert signed["claimed_events"] == 1 and signed["claimed_challenges"] == 0
        seen = await view(dora, event)
        assert seen["you"] == "T1" and seen["team_names"]["T1"] == "Dora"
        tables = [(t["board"], t["done"]) for t in seen["your_tables"]]
        assert tables == [(1, True), (2, False)]
        assert seen["shown"] == [1] and {g["board"] for g in seen["standings"]["boards"]} == {1}
        replay = await dora.get(f"/api/tables/{first}/replay")
        assert replay.status_code == 200, replay.text
        (member,) = events_of(server).get(event).members["T1"]
        assert member.guest.startswith("account:") and member.guest != dora.headers[GUEST]
        stored = await events_of(server).store.get("event", event)
        assert stored is not None and stored["members"] == {"T1": [["Dora", member.guest]]}

        # Her profile lists the event with its standing over board 1.
        (line,) = (await record(spy, "dora"))["events"]
        row = next(r for r in seen["standings"]["teams"] if r["team"] == "T1")
        assert (line["team"], line["team_name"], line["status"], line["shown"]) == (
            "T1", "Dora", "running", 1,
        )  # fmt: skip
        assert (line["imps"], line["mp_pct"]) == (row["imps"], row["mp_pct"])
        assert line["rank"] == 1 + seen["standings"]["teams"].index(row)

        # Signed in, she sits at her team's board 2.
        seat = await dora.post(f"/api/events/{event}/boards/2/seat")
        assert seat.status_code == 200, seat.text
        sat = seat.json()
        assert sat["table"] == seen["your_tables"][1]["table"]
        (other,) = [
            t.table for t in events_of(server).get(event).tables
            if t.seating.board == 2 and t.table != sat["table"]
        ]  # fmt: skip

        async def bots_done() -> bool:
            return (await server.registry.store.load(other)).meta.status == "finished"

        await until(bots_done)  # the all-bot table of board 2 has a result to keep sealed

        # Board 2 stays sealed: for a spy, for Dora before she played it, and for her browser
        # signed out, which no longer acts for her place.
        for who in (spy, dora):
            sealed = await view(who, event)
            assert sealed["shown"] == [1] and other not in str(sealed)
            assert (await who.get(f"/api/tables/{other}/replay")).status_code == 403
            assert (await record(who, "dora"))["events"][0]["shown"] == 1
        assert (await dora.delete("/api/session")).status_code == 200
        as_guest = await view(dora, event)
        assert as_guest["you"] is None and as_guest["your_tables"] == []
        assert as_guest["shown"] == [1] and other not in str(as_guest)
        assert (await dora.get(f"/api/tables/{other}/replay")).status_code == 403
        refused = await dora.post(f"/api/events/{event}/boards/2/seat")
        assert refused.status_code == 403, refused.text

        # Her seat token plays board 2; no message carries another table's cards or id.
        client = await play_board(server, sat, 2)
        played = await server.registry.store.load(sat["table"])
        config = TICHU.config_from_json(played.meta.config)
        truth = LogTruth(TICHU, config, played.records)
        guarded, _ = check_messages(truth, sat["seat"], client.seen)
        assert guarded > 0 and all(other not in str(m) for m in client.seen)
        await until(lambda: board_shown(2))
        await sign_in(dora, "dora")
        final = await view(dora, event)
        assert final["status"] == "finished" and final["you"] == "T1"
        (line,) = (await record(spy, "dora"))["events"]
        row = next(r for r in final["standings"]["teams"] if r["team"] == "T1")
        assert (line["status"], line["shown"], line["imps"]) == ("finished", 2, row["imps"])


async def test_one_guest_signing_in_as_two_accounts_at_once_hands_its_place_to_one(
    server: Server,
) -> None:
    async with (
        browser(server) as ann, browser(server) as bob, browser(server, "gus") as one,
        browser(server, "gus") as two,
    ):  # fmt: skip
        await sign_up(ann, "ann")
        await sign_up(bob, "bob")
        event, _ = await create(ann)
        await join(one, event, "T2", "Gus")

        answers = await asyncio.gather(sign_in(one, "ann"), sign_in(two, "bob"))
        assert sorted(a["claimed_events"] for a in answers) == [0, 1]
        winner, loser = (one, two) if answers[0]["claimed_events"] else (two, one)
        assert (await view(winner, event))["you"] == "T2"
        assert (await view(loser, event))["you"] is None
        totals = [(await record(ann, n))["events_total"] for n in ("ann", "bob")]
        assert sorted(totals) == [0, 1]

        # One member, in memory and stored alike, and the hand-over's mark names its account.
        members = events_of(server).get(event).members
        assert [m.name for ms in members.values() for m in ms] == ["Gus"]
        (member,) = members["T2"]
        assert member.guest.startswith("account:")
        stored = await events_of(server).store.get("event", event)
        assert stored is not None and stored["members"] == {"T2": [["Gus", member.guest]]}
        (mark,) = await events_of(server).store.list(HANDED)
        assert mark[1] == {"player": member.guest}

        # The browser signed out is no member, and cannot join again as the same guest.
        assert (await one.delete("/api/session")).status_code == 200
        assert (await view(one, event))["you"] is None
        again = await one.post(f"/api/events/{event}/join", json={"team": "T3", "name": "Gus"})
        assert again.status_code == 409 and again.json()["error"] == HANDED_OVER


async def test_two_servers_racing_hand_a_place_to_one_account(server: Server) -> None:
    """Two server processes on one database (two ``Events`` over its store) hand the same
    guest's place to two accounts at once: the database lets one through; both then agree."""
    events = events_of(server)
    async with browser(server) as gus:
        event, _ = await create(gus)
        await join(gus, event, "T1")
    other = Events(events.store, server.registry, DuplicateTables())
    await other.open()
    guest = events.get(event).members["T1"][0].guest
    won = await asyncio.gather(
        events.join_account(guest, "account:a"), other.join_account(guest, "account:b")
    )
    assert sorted(len(w) for w in won) == [0, 1]
    owner = "account:a" if won[0] else "account:b"
    for side in (events, other):
        assert side.get(event).members == {"T1": [Member("Guest", owner)]}
    stored = await events.store.get("event", event)
    assert stored is not None and stored["members"] == {"T1": [["Guest", owner]]}


async def test_an_account_in_the_event_already_keeps_its_own_place(server: Server) -> None:
    async with browser(server) as ann, browser(server) as guest:
        await sign_up(ann, "ann")
        other_team, _ = await create(ann)
        same_team, _ = await create(ann)
        not_in, _ = await create(ann)
        await join(ann, other_team, "T1")
        await join(ann, same_team, "T1")
        for event, team in ((other_team, "T2"), (same_team, "T1"), (not_in, "T3")):
            await join(guest, event, team, "G")

        assert (await sign_in(guest, "ann"))["claimed_events"] == 1  # the event Ann was not in
        names = {e: (await view(guest, e))["team_names"] for e in (other_team, same_team)}
        assert (names[other_team]["T1"], names[other_team]["T2"]) == ("ann", "G")
        assert names[same_team]["T1"] == "ann & G"  # two people: no place was merged or lost
        for event, team in ((other_team, "T1"), (same_team, "T1"), (not_in, "T3")):
            assert (await view(guest, event))["you"] == team
        seen = await record(guest, "ann")
        assert seen["events_total"] == 3  # one line per event, never two
        assert sorted(e["team"] for e in seen["events"]) == ["T1", "T1", "T3"]

        # Signed out, the browser is the guest again where the account kept its own place.
        assert (await guest.delete("/api/session")).status_code == 200
        mine = {e: (await view(guest, e))["you"] for e in (other_team, same_team, not_in)}
        assert mine == {other_team: "T2", same_team: "T1", not_in: None}
