"""The daily challenge over a real server: boards, one try a day, results, and what stays secret.

Two browsers (guest ids) play today's two-board challenge against heuristic bots through real
websockets; the stored records show the same cards in the same seats at both tables, and a
spy checks what a player who has not finished a board is shown: no cards of it, no result on
it, no other table (not in the lobby, not as a spectator, not as a record or replay).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from cardroom.engine import SPECTATOR, get_game, replay
from cardroom.engine.runner import apply_record
from cardroom.games.tichu.cards import card_names as cards
from cardroom.server import Settings
from cardroom.server.duplicate.challenge import Challenge, challenge_seed, check_day

from .conftest import Client, Server, serve
from .leaks import LogTruth, check_messages
from .players import play_until

Json = dict[str, Any]


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    settings = Settings(
        db=str(tmp_path / "c.db"), bot_delay=0.0, round_pause=0.0, challenge_boards=2
    )
    async with serve(settings) as running:
        yield running


def guest(name: str) -> dict[str, str]:
    return {"X-Cardroom-Guest": f"browser-{name}"}


def challenge(server: Server) -> Challenge:
    found: Challenge = server.app.state.challenge
    return found


async def start(server: Server, who: str) -> Json:
    response = await server.http.post("/api/challenge", json={"name": who}, headers=guest(who))
    assert response.status_code in (200, 201), response.text
    data: Json = response.json()
    return data


def boards_done(count: int) -> Any:
    return lambda obs: len(obs.get("score_sheet") or []) >= count or bool(obs["terminal"])


async def play(server: Server, who: str, boards: int, seed: int) -> tuple[Json, Client]:
    """``who`` starts (or resumes) today's try and plays ``boards`` boards by random moves."""
    started = await start(server, who)
    client = await Client.connect(server.ws_url, started["table"], started["token"])
    await play_until(client, 0, "tichu", boards_done(boards), random.Random(seed))
    return started, client


def dealt_hands(game: Any, config: Any, records: Any) -> list[list[set[int]]]:
    """Per deal of a stored log, each seat's 14 cards (its first 8 and its last 6)."""
    state, hands = game.new(config), []
    for record in records:
        state, _ = apply_record(game, state, record)
        if record.kind == "chance":
            hands.append(
                [
                    set(cards(a)) | set(cards(b))
                    for a, b in zip(state.hands, state.later, strict=True)
                ]
            )
    return hands


async def test_two_players_same_boards_results_and_secrets(server: Server) -> None:
    day = challenge(server).today()
    info = (await server.http.get("/api/challenge", headers=guest("ann"))).json()
    assert info == {"day": day, "game": "tichu", "boards": 2, "level": "heuristic", "you": None}

    ann, ann_ws = await play(server, "ann", 2, 1)
    assert ann["token"]

    # Bob has not played: he sees no board, no result, no table of Ann's.
    before = (await server.http.get(f"/api/challenge/{day}/results", headers=guest("bob"))).json()
    assert before["shown"] == 0 and before["boards"] == [] and before["teams"] == []
    deals = (await server.http.get(f"/api/challenge/{day}/boards", headers=guest("bob"))).json()
    assert deals["boards"] == []
    for path in (f"/api/tables/{ann['table']}/record", f"/api/tables/{ann['table']}/replay"):
        response = await server.http.get(path, headers=guest("bob"))
        assert response.status_code == 403, path
        assert (await server.http.get(path, headers=guest("ann"))).status_code == 200
    info = (await server.http.get(f"/api/tables/{ann['table']}", headers=guest("bob"))).json()
    assert info["status"] == "finished" and info["outcome"] is None  # no result for Bob
    info = (await server.http.get(f"/api/tables/{ann['table']}", headers=guest("ann"))).json()
    assert info["outcome"]["scores"]
    listed = (await server.http.get("/api/tables")).json() + (
        await server.http.get("/api/tables/finished")
    ).json()
    assert ann["table"] not in {t["id"] for t in listed}
    spy = await Client.connect(server.ws_url, ann["table"], None)
    refused = await spy.until(lambda m: m["t"] == "reject")
    assert "spectators" in refused["msg"]
    await spy.close()

    # Bob plays board 1 only: he now sees board 1 (its cards, Ann's result) and nothing of 2.
    bob, bob_ws = await play(server, "bob", 1, 2)
    mid = (await server.http.get(f"/api/challenge/{day}/results", headers=guest("bob"))).json()
    assert mid["shown"] == 1 and mid["board_count"] == 2
    assert {g["board"] for g in mid["boards"]} == {1}
    assert {r["team"] for r in mid["boards"][0]["results"]} == {
        "bots",
        mid["you"]["id"],
        *(t["team"] for t in mid["teams"]),
    }
    assert len(mid["boards"][0]["results"]) == 3  # Ann, Bob and the bots' baseline
    shown = (await server.http.get(f"/api/challenge/{day}/boards", headers=guest("bob"))).json()
    assert [b["board"] for b in shown["boards"]] == [1]
    assert (
        await server.http.get(f"/api/tables/{ann['table']}/replay", headers=guest("bob"))
    ).status_code == 403

    # The spy: nothing Bob's websocket carried names a card he did not hold or see played, and
    # nothing carries Ann's table or her results.
    store = server.registry.store
    bob_stored = await store.load(bob["table"])
    game = get_game("tichu")
    config = game.config_from_json(bob_stored.meta.config)
    guarded, own = check_messages(LogTruth(game, config, bob_stored.records), 0, bob_ws.seen)
    assert guarded > 0 and own > 0
    assert all(ann["table"] not in str(m) for m in bob_ws.seen)
    ann_public = next(
        t["team"] for t in mid["teams"] if t["team"] not in ("bots", mid["you"]["id"])
    )
    assert all(ann_public not in str(m) for m in bob_ws.seen)

    # One try a day: Bob resumes his unfinished table (no new token); Ann is refused.
    again = await start(server, "bob")
    assert again["table"] == bob["table"] and again["token"] is None
    refused_ann = await server.http.post("/api/challenge", json={}, headers=guest("ann"))
    assert refused_ann.status_code == 409

    # The same board gave the same 56 cards to the same seats at both tables (from the stored
    # records: each table's k-th deal is board k; Bob's table has dealt board 2 by now too).
    ann_stored = await store.load(ann["table"])
    boards = challenge(server).boards(day)
    deals = [
        [r.text for r in stored.records if r.kind == "chance"]
        for stored in (ann_stored, bob_stored)
    ]
    assert deals[0] == deals[1] == [str(b.chance[0]) for b in boards]
    hands = [dealt_hands(game, config, stored.records) for stored in (ann_stored, bob_stored)]
    assert hands[0] == hands[1] and len(set().union(*hands[0][0])) == 56

    # Ann's results: both boards, against Bob (board 1 only) and the bots.
    full = (await server.http.get(f"/api/challenge/{day}/results", headers=guest("ann"))).json()
    assert full["shown"] == 2 and full["you"]["finished"]
    ann_final = replay(game, config, ann_stored.records)
    sheet = game.observe(ann_final, SPECTATOR).to_json()["score_sheet"]
    mine = [r for g in full["boards"] for r in g["results"] if r["team"] == full["you"]["id"]]
    assert [r["score"] for r in mine] == [ns - ew for ns, ew in sheet]
    assert isinstance(full["you"]["over_bots"], int)

    # After the day, everyone sees everything, replays included.
    challenge(server).clock = lambda: datetime.now(UTC) + timedelta(days=1)
    after = (await server.http.get(f"/api/challenge/{day}/results", headers=guest("eve"))).json()
    assert after["over"] and after["shown"] == 2 and len(after["boards"]) == 2
    assert {row["table"] for row in after["teams"]} == {ann["table"], None}  # Bob unfinished
    assert all(row.get("table") is None for row in mid["teams"] if row["team"] != mid["you"]["id"])
    replay_response = await server.http.get(
        f"/api/tables/{ann['table']}/replay", headers=guest("eve")
    )
    assert replay_response.status_code == 200
    days = (await server.http.get("/api/challenge/days")).json()
    assert days["days"] == [day]
    for client in (ann_ws, bob_ws):
        await client.close()


async def test_bad_requests_are_refused_clearly(server: Server) -> None:
    assert (await server.http.post("/api/challenge", json={})).status_code == 400  # no guest id
    bad = await server.http.post("/api/challenge", json={"name": 5}, headers=guest("x"))
    assert bad.status_code == 400 and "name" in bad.json()["error"]
    assert (await server.http.get("/api/challenge/2026-13-45/results")).status_code == 400
    assert (await server.http.get("/api/challenge/not-a-day/boards")).status_code == 400
    assert (await server.http.get("/api/challenge/2999-01-01/results")).status_code == 404


async def test_a_restarted_server_deals_the_next_board_not_random_cards(tmp_path: Path) -> None:
    """Between two boards (the next deal paused) the server restarts: the resumed table deals
    board 2 from the stored boards' seed, and the try goes on."""
    settings = Settings(
        db=str(tmp_path / "r.db"), bot_delay=0.0, challenge_boards=2, round_pause=600.0
    )
    async with serve(settings) as first:
        started, client = await play(first, "ann", 1, 3)
        await client.close()
        day = challenge(first).today()
        boards = challenge(first).boards(day)
        stored = await first.registry.store.load(started["table"])
        assert [r.text for r in stored.records if r.kind == "chance"] == [str(boards[0].chance[0])]
    async with serve(settings) as second:
        assert challenge(second).boards(day) == boards  # the secret is the stored one
        again = await start(second, "ann")
        assert again["table"] == started["table"] and again["token"] is None
        client = await Client.connect(second.ws_url, started["table"], started["token"])
        await client.obs_until(lambda obs: obs["round"] == 2 and obs["phase"] != "deal")
        stored = await second.registry.store.load(started["table"])
        chances = [r.text for r in stored.records if r.kind == "chance"]
        assert chances == [str(b.chance[0]) for b in boards]
        await client.close()


def test_the_days_boards_depend_on_the_servers_secret() -> None:
    assert challenge_seed("s1", "2026-12-04", "tichu") == challenge_seed(
        "s1", "2026-12-04", "tichu"
    )
    seeds = {
        challenge_seed(secret, day, "tichu")
        for secret in ("s1", "s2")
        for day in ("2026-12-04", "2026-12-05")
    }
    assert len(seeds) == 4  # another secret or another day: other boards
    assert check_day("2026-12-04") == "2026-12-04"
