"""The room's routes under a spy: reviews, hints, records, replays and table summaries of
duplicate boards (the daily challenge, an event), private tables and running tables, asked by
whoever must not see their cards yet, over a real server.

Ground truth is the stored log: every card word of a deal the asker has not played, or of a
hand it does not hold, must be missing from each answer it gets (``leaks.tokens``), and each
refusal is a clear 403 / 404 / 409, never a 500. Each test also shows the allowed asker the
same route *with* cards, so that the word check has something to catch.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardroom.engine import get_game
from cardroom.engine.runner import apply_record
from cardroom.games.tichu.cards import DECK, card_names

from .accounts_helpers import browser, sign_up
from .conftest import TIMEOUT, Client, Server
from .duplicate_servers import duplicate_server
from .leaks import LogTruth, check_messages, tokens
from .players import play_until

Json = dict[str, Any]
WORLDS = 4
CARDS = frozenset(card_names(DECK))
TICHU = get_game("tichu")


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    async with duplicate_server(
        "sqlite", tmp_path, challenge_boards=1, review_worlds=WORLDS,
        review_call_worlds=WORLDS, hint_worlds=WORLDS, bot_workers=1, ring_size=1000,
    ) as running:  # fmt: skip
        yield running


def guest(name: str, **more: str) -> dict[str, str]:
    return {"X-Cardroom-Guest": f"browser-{name}", **more}


def cards_in(response: httpx.Response) -> set[str]:
    """The card words an answer carries (in its JSON, or its text)."""
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    return tokens(body) & CARDS


def refused(response: httpx.Response, status: int) -> None:
    """A clear refusal with no card in it."""
    assert response.status_code == status, (response.status_code, response.text)
    assert "error" in response.json()
    assert not cards_in(response), f"a refusal named cards {sorted(cards_in(response))}"


async def review(server: Server, table: str, seat: int, headers: dict[str, str]) -> Json:
    """Poll a review the asker may see until it is done (each answer before is a 202)."""
    url = f"/api/tables/{table}/review?seat={seat}"
    async with asyncio.timeout(TIMEOUT * 4):
        while (answer := await server.http.get(url, headers=headers)).status_code == 202:
            await asyncio.sleep(0.05)
    assert answer.status_code == 200, answer.text
    data: Json = answer.json()
    assert data["state"] == "done", data
    return data


async def finished(server: Server, table: str) -> None:
    async with asyncio.timeout(TIMEOUT * 2):
        while (await server.registry.store.load(table)).meta.status != "finished":
            await asyncio.sleep(0.05)


async def play_board(server: Server, table: str, token: str, seat: int, seed: int) -> None:
    client = await Client.connect(server.ws_url, table, token)
    await play_until(client, seat, "tichu", lambda obs: bool(obs["terminal"]), random.Random(seed))
    await client.close()
    await finished(server, table)


async def dealt(server: Server, table: str) -> set[str]:
    """Every card word dealt at ``table`` (from its stored log): all hidden from one who has
    not played its board."""
    stored = await server.registry.store.load(table)
    state = TICHU.new(TICHU.config_from_json(stored.meta.config))
    words: set[str] = set()
    for record in stored.records:
        state, _ = apply_record(TICHU, state, record)
        if record.kind == "chance":  # each seat's first 8 cards and its last 6
            for first, later in zip(state.hands, state.later, strict=True):
                words |= set(card_names(first)) | set(card_names(later))
    return words


ROUTES = ("record", "replay", *(f"review?seat={s}" for s in range(4)))


async def test_a_challenge_boards_review_is_sealed_like_its_record_and_replay(
    server: Server,
) -> None:
    """Ann finishes today's board and reviews it (so the review is cached and stored with her
    table). Bob, who has not played it, and a visitor get 403 for her table's record, replay
    and the review of any seat, with no card; once Bob finished the board, her review is his."""
    started = (
        await server.http.post("/api/challenge", json={"name": "Ann"}, headers=guest("ann"))
    ).json()
    table = started["table"]
    await play_board(server, table, started["token"], 0, 1)
    hidden = await dealt(server, table)
    assert len(hidden) == 56

    own = await review(server, table, 0, guest("ann"))
    assert tokens(own) & hidden, "the review names the board's cards: the spy can catch them"
    for path in ROUTES[:2]:
        assert (
            await server.http.get(f"/api/tables/{table}/{path}", headers=guest("ann"))
        ).is_success

    for who in (guest("bob"), {}):
        for path in ROUTES:
            answer = await server.http.get(f"/api/tables/{table}/{path}", headers=who)
            refused(answer, 403)
        info = await server.http.get(f"/api/tables/{table}", headers=who)
        assert info.status_code == 200 and info.json()["outcome"] is None
        assert not tokens(info.json()) & hidden
        results = await server.http.get(
            "/api/challenge/" + started["day"] + "/results", headers=who
        )
        assert results.status_code == 200 and not tokens(results.json()) & hidden
        assert table not in results.text

    bob = (
        await server.http.post("/api/challenge", json={"name": "Bob"}, headers=guest("bob"))
    ).json()
    await play_board(server, bob["table"], bob["token"], 0, 2)
    seen = await review(server, table, 0, guest("bob"))
    assert seen == own  # the same cached review, now Bob's to see


async def test_an_event_board_is_sealed_until_every_table_finished_it(server: Server) -> None:
    """A two-table team match on one board: Ann (T1) finishes her table; Bob (T2) has not
    played the board at his. Bob, a visitor and Ann herself get 403 for Ann's table's record,
    replay and reviews, and the event shows no result of the board, until Bob finished it."""
    created = await server.http.post("/api/events", json={"teams": 2, "boards": 1})
    event, owner = created.json()["id"], created.json()["owner"]
    for team, who in (("T1", "ann"), ("T2", "bob")):
        joined = await server.http.post(
            f"/api/events/{event}/join", json={"team": team, "name": who}, headers=guest(who)
        )
        assert joined.status_code == 200, joined.text
    start = await server.http.post(
        f"/api/events/{event}/start", headers={"X-Cardroom-Owner": owner}
    )
    assert start.status_code == 200, start.text
    seats = {}
    for who in ("ann", "bob"):
        sat = await server.http.post(f"/api/events/{event}/boards/1/seat", headers=guest(who))
        assert sat.status_code == 200, sat.text
        seats[who] = sat.json()
    ann_table = seats["ann"]["table"]
    await play_board(server, ann_table, seats["ann"]["token"], seats["ann"]["seat"], 3)
    hidden = await dealt(server, ann_table)

    for who in (guest("bob"), guest("ann"), {}):
        for path in ROUTES:
            refused(await server.http.get(f"/api/tables/{ann_table}/{path}", headers=who), 403)
        info = await server.http.get(f"/api/tables/{ann_table}", headers=who)
        assert info.status_code == 200 and info.json()["outcome"] is None
        view = await server.http.get(f"/api/events/{event}", headers=who)
        assert view.json()["shown"] == [] and view.json()["standings"]["boards"] == []
        assert not tokens(view.json()) & hidden
        assert ann_table not in view.text or who == guest("ann")  # only her own table's id

    bob_table = seats["bob"]["table"]
    await play_board(server, bob_table, seats["bob"]["token"], seats["bob"]["seat"], 4)
    async with asyncio.timeout(TIMEOUT):
        while (await server.http.get(f"/api/events/{event}")).json()["shown"] != [1]:
            await asyncio.sleep(0.05)
    replay = await server.http.get(f"/api/tables/{ann_table}/replay", headers=guest("bob"))
    assert replay.status_code == 200 and cards_in(replay) & hidden


async def private_table(server: Server, options: Json) -> tuple[str, str, str]:
    """A private Tichu table: its id, owner secret and invite secret."""
    created = await server.http.post(
        "/api/tables", json={"game": "tichu", "options": options, "private": True}
    )
    assert created.status_code == 201, created.text
    data = created.json()
    return data["id"], data["owner"], data["invite"]


async def test_a_private_tables_review_is_its_invitees_only(server: Server) -> None:
    """The owner reviews a finished private table (cached, stored); a visitor without the
    invite gets 404 for the review of every seat, as for its record and replay."""
    table, owner, invite = await private_table(server, {"max_rounds": 1})
    for seat in range(4):
        put = await server.http.post(
            f"/api/tables/{table}/seats/{seat}/bot", json={"level": "heuristic"},
            headers={"X-Cardroom-Owner": owner},
        )  # fmt: skip
        assert put.status_code == 200, put.text
    await finished(server, table)
    hidden = await dealt(server, table)
    for seat in range(4):
        own = await review(server, table, seat, {"X-Cardroom-Owner": owner})
        assert tokens(own) & hidden
    invited = await review(server, table, 1, {"X-Cardroom-Invite": invite})
    assert tokens(invited) & hidden
    for path in ROUTES:
        refused(await server.http.get(f"/api/tables/{table}/{path}", headers=guest("eve")), 404)


async def test_a_running_table_shows_no_one_anothers_cards_nor_a_leavers(server: Server) -> None:
    """A private table, seat 0 human, bots at 1..3, in round 2 waiting for seat 0 (no clock):
    an invited spectator gets 409 for record, replay and reviews, a visitor 404; seat 0 gets
    403 for another seat's review or hint. Seat 0 then leaves (a bot takes it): its old token
    gets nothing more (a running table's review or hint of the seat it left: refused)."""
    table, owner, invite = await private_table(server, {"max_rounds": 3})
    seat0 = await server.http.post(
        f"/api/tables/{table}/seats/0", json={"name": "Ann"}, headers={"X-Cardroom-Owner": owner}
    )
    token = seat0.json()["token"]
    for seat in (1, 2, 3):
        await server.http.post(
            f"/api/tables/{table}/seats/{seat}/bot", json={"level": "heuristic"},
            headers={"X-Cardroom-Owner": owner},
        )  # fmt: skip
    me = await Client.connect(server.ws_url, table, token)
    await play_until(me, 0, "tichu", lambda obs: obs["round"] >= 2, random.Random(5))
    assert me.obs is not None and me.obs["round"] == 2 and not me.obs["terminal"]
    state = server.registry.actors[table].runner.state  # the truth: hidden hands now
    others = set().union(*(set(TICHU.observe(state, s).to_json()["hand"]) for s in (1, 2, 3)))
    assert others

    for path in ROUTES:
        answer = await server.http.get(
            f"/api/tables/{table}/{path}", headers={"X-Cardroom-Invite": invite}
        )
        refused(answer, 409)
        refused(await server.http.get(f"/api/tables/{table}/{path}"), 404)
    mine = {"Authorization": f"Bearer {token}"}
    for seat in (1, 2, 3):
        answer = await server.http.get(f"/api/tables/{table}/review?seat={seat}", headers=mine)
        refused(answer, 403)
        hint = await server.http.post(
            f"/api/tables/{table}/hint", json={"token": token, "seat": seat}
        )
        refused(hint, 403)
    hint = await server.http.post(f"/api/tables/{table}/hint", json={"token": token})
    assert hint.status_code in (200, 409), hint.text  # its own seat: a hint, or none owed
    assert not cards_in(hint) & others

    left = await server.http.request("DELETE", f"/api/tables/{table}/seats/0", headers=mine)
    assert left.status_code == 200, left.text
    unseated = await me.until(lambda m: m["t"] == "unseated")
    assert unseated["seat"] == 0
    await me.close()
    for _ in range(2):  # the table runs on (bots only) or has finished: refused either way
        answer = await server.http.get(f"/api/tables/{table}/review?seat=0", headers=mine)
        assert answer.status_code in (403, 404), answer.text
        assert not cards_in(answer)
        hint = await server.http.post(f"/api/tables/{table}/hint", json={"token": token})
        refused(hint, 403)


async def play_on(server: Server, table: str, seated: dict[int, str], until: int) -> None:
    """The seated players play (random legal actions) until round ``until`` begins."""
    players = {s: await Client.connect(server.ws_url, table, t) for s, t in seated.items()}
    await asyncio.gather(*(
        play_until(c, s, "tichu", lambda obs: obs["round"] >= until, random.Random(7 + s))
        for s, c in players.items()
    ))  # fmt: skip
    for client in players.values():
        await client.close()


async def taken_over(server: Server) -> tuple[str, dict[int, str], str, Json]:
    """A private table in round 2 whose seat 0 changed hands: Ann (seat 0) and Cy (seat 2)
    play round 1 with bots at 1 and 3 and stop at round 2's Grand Tichu (no clock: the table
    waits for Cy). Ann reviews her round 1 (so the review is cached), leaves (a bot plays her
    seat: its Grand Tichu answer) and Bob takes it. The table, the seats' tokens then (Bob's
    at 0, Cy's at 2), Ann's token and her review."""
    table, owner, invite = await private_table(server, {"target_score": 10000})
    tokens_ = {}
    for seat, name in ((0, "Ann"), (2, "Cy")):
        sat = await server.http.post(
            f"/api/tables/{table}/seats/{seat}", json={"name": name},
            headers=guest(name, **{"X-Cardroom-Owner": owner}),
        )  # fmt: skip
        assert sat.status_code == 200, sat.text
        tokens_[seat] = sat.json()["token"]
    for seat in (1, 3):
        await server.http.post(
            f"/api/tables/{table}/seats/{seat}/bot", json={"level": "heuristic"},
            headers={"X-Cardroom-Owner": owner},
        )  # fmt: skip
    await play_on(server, table, tokens_, 2)
    ann = {"Authorization": f"Bearer {tokens_[0]}"}
    reviewed = await review(server, table, 0, ann)
    left = await server.http.request("DELETE", f"/api/tables/{table}/seats/0", headers=ann)
    assert left.status_code == 200, left.text
    actor = server.registry.actors[table]
    async with asyncio.timeout(TIMEOUT):  # the bot's Grand Tichu answer for seat 0
        while 0 in TICHU.awaited(actor.runner.state):
            await asyncio.sleep(0.02)
    bob = await server.http.post(
        f"/api/tables/{table}/seats/0", json={"name": "Bob"},
        headers=guest("bob", **{"X-Cardroom-Invite": invite}),
    )  # fmt: skip
    assert bob.status_code == 200, bob.text
    return table, {0: bob.json()["token"], 2: tokens_[2]}, tokens_[0], reviewed


async def bob_sat(server: Server, table: str) -> int:
    """The version of the ``seat`` record that seated Bob (the stored log)."""
    stored = await server.registry.store.load(table)
    return max(r.seq for r in stored.records if r.kind == "seat" and r.text == "human Bob")


async def test_a_seat_taken_over_mid_match_reviews_none_of_its_earlier_holders_rounds(
    server: Server,
) -> None:
    """Bob, who took seat 0 in round 2, asks for the seat's review while the match runs: no
    round of his is over (409), and Ann's cached review of round 1 is not his. Once round 2
    is over he gets its decisions taken since he sat, not the bot's Grand Tichu answer before
    (made on the first 8 cards, which he saw only as part of 14). Ann, gone, gets nothing."""
    table, seated, ann, reviewed = await taken_over(server)
    sat = await bob_sat(server, table)
    before = reviewed["review"]["decisions"]
    assert before and all(d["step"] < sat for d in before)
    assert tokens(before) & CARDS, "Ann's review names her cards: the spy can catch them"
    bob = {"Authorization": f"Bearer {seated[0]}"}
    refused(await server.http.get(f"/api/tables/{table}/review?seat=0", headers=bob), 409)

    await play_on(server, table, seated, 3)
    stored = await server.registry.store.load(table)
    bots_call = [r for r in stored.records if r.seat == 0 and r.kind != "seat" and r.seq < sat]
    assert bots_call[-1].text in ("grand", "nogrand")
    mine = (await review(server, table, 0, bob))["review"]["decisions"]
    assert mine and {d["round"] for d in mine} == {2}
    assert all(d["step"] > sat for d in mine), f"Bob was shown earlier decisions: {mine}"
    gone = await server.http.get(
        f"/api/tables/{table}/review?seat=0", headers={"Authorization": f"Bearer {ann}"}
    )
    assert gone.status_code in (403, 409) and not cards_in(gone), gone.text


async def test_a_seat_taken_over_mid_match_catches_up_only_from_when_it_was_taken(
    server: Server,
) -> None:
    """Bob, seated in round 2, says hello with ``since`` at the table's start (as a page that
    watched it from the start would): every frame before his own first version is at most
    what a spectator saw then (ground truth: the stored log), so no envelope of Ann's round
    reaches him with her cards; from his seat on he sees his own hand."""
    table, seated, _, _ = await taken_over(server)
    sat = await bob_sat(server, table)
    client = await Client.connect(server.ws_url, table, seated[0], since=1)
    await client.until(lambda m: m["t"] == "seats")
    await client.close()
    stored = await server.registry.store.load(table)
    config = TICHU.config_from_json(stored.meta.config)
    truth = LogTruth(TICHU, config, stored.records)
    earlier = [m for m in client.seen if m.get("v", sat) < sat]
    later = [m for m in client.seen if m.get("v", sat) >= sat]
    guarded, _ = check_messages(truth, None, earlier)
    assert guarded == len(earlier)
    _, own = check_messages(truth, 0, later)
    assert own, "Bob sees his own hand: the check has cards to catch"
    assert client.seen[0]["t"] == "welcome" and client.seen[0]["seat"] == 0


async def test_unknown_tables_and_bad_asks_are_clear_refusals(server: Server) -> None:
    for path in (*ROUTES, "review?seat=x", "review?seat=99"):
        answer = await server.http.get(f"/api/tables/nope/{path}")
        assert answer.status_code in (400, 404), (path, answer.text)
    answer = await server.http.post("/api/tables/nope/hint", json={"token": "x"})
    assert answer.status_code == 404
    for day in ("2026-13-01", "tomorrow"):
        assert (await server.http.get(f"/api/challenge/{day}/boards")).status_code == 400
    assert (await server.http.get("/api/events/nope")).status_code == 404


async def test_a_challenge_try_is_no_match_of_the_profiles_or_the_bots(server: Server) -> None:
    """A guest plays today's board and then signs up (its guest matches become the account's);
    neither its profile nor the bots' (``bot:heuristic``) shows the challenge table, its result
    or its counters (a Grand called, bombs…) to Bob, who has not played the board: the try is
    on the profile's Duplicate section, sealed as the results table is."""
    async with browser(server) as ann, browser(server) as bob:
        started = (await ann.post("/api/challenge", json={"name": "Ann"})).json()
        await play_board(server, started["table"], started["token"], 0, 6)
        await sign_up(ann, "ann")
        for name in ("ann", "bot:heuristic"):
            answer = await bob.get(f"/api/players/{name}")
            assert answer.status_code in (200, 404), answer.text
            assert started["table"] not in answer.text
            if answer.status_code == 200:
                assert answer.json()["recent"] == [] and answer.json()["stats"] == {}
        duplicate = await bob.get("/api/players/ann/duplicate")
        assert duplicate.status_code == 200 and started["table"] not in duplicate.text
        assert duplicate.json()["challenges_total"] == 1  # the try is listed there, sealed
