"""Attacks on seats, ownership and input, one test per attack, each against a real server.
Each failed on the server before its fix."""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import replace
from itertools import permutations
from typing import Any

import httpx
import pytest
import websockets

from cardroom.engine import get_game
from cardroom.server import Settings

from .conftest import TIMEOUT, Client, Server, serve
from .leaks import LogTruth, check_messages

Json = dict[str, Any]
SHORT = TIMEOUT  # a fixed server answers within this (however loaded); the unfixed one never does


def headers(owner: str | None = None, invite: str | None = None, guest: str | None = None) -> Json:
    found = {"X-Cardroom-Owner": owner, "X-Cardroom-Invite": invite, "X-Cardroom-Guest": guest}
    return {k: v for k, v in found.items() if v is not None}


async def new_table(server: Server, game: str, options: Json, **extra: Any) -> tuple[str, str, str]:
    """(table id, owner secret, invite secret) of a fresh table."""
    body = {"game": game, "options": options, "name": "attack", **extra}
    response = await server.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["id"], data.get("owner", ""), data.get("invite", "")


async def take(
    server: Server, table: str, seat: int, guest: str, *, owner: str = "", invite: str = ""
) -> httpx.Response:
    return await server.http.post(
        f"/api/tables/{table}/seats/{seat}",
        json={"name": guest},
        headers=headers(owner or None, invite or None, guest),
    )


async def put_bot(
    server: Server, table: str, seat: int, level: str = "random", owner: str = ""
) -> httpx.Response:
    return await server.http.post(
        f"/api/tables/{table}/seats/{seat}/bot", json={"level": level}, headers=headers(owner)
    )


async def free(
    server: Server, table: str, seat: int, *, token: str = "", owner: str = ""
) -> httpx.Response:
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    return await server.http.request(
        "DELETE", f"/api/tables/{table}/seats/{seat}", headers={**auth, **headers(owner or None)}
    )


async def read_on(client: Client) -> None:
    """Keep receiving (into ``client.seen``) until cancelled or closed."""
    with contextlib.suppress(websockets.ConnectionClosed):
        while True:
            await client.recv()


# -- item 1 ------------------------------------------------------------------------------------
CHANGES = ("leave", "kick_to_bot", "kick")


@pytest.mark.slow
async def test_1_every_seat_change_unbinds_the_old_holders_sockets(settings: Settings) -> None:
    """Three guests take seat 1 of a running Tichu table in every order; each loses it by
    leaving, by the owner putting a bot in, or by the owner freeing it. From the change on,
    every socket bound through the old holder is a spectator: ``unseated``, a spectator
    ``welcome``, spectator ``resync``, and no hidden card in any later message."""
    async with serve(replace(settings, bot_delay=0.01, takeover_level="random")) as server:
        table, owner, invite = await new_table(server, "tichu", {"target_score": 10000})
        for seat in range(4):
            assert (await put_bot(server, table, seat, owner=owner)).status_code == 200
        stints: list[tuple[Client, int]] = []  # (client, index of its `unseated` message)
        readers: list[asyncio.Task[None]] = []
        step = 0
        for order in permutations(("ann", "bob", "cat")):
            for guest in order:
                response = await take(server, table, 1, guest, invite=invite)
                assert response.status_code == 200, response.text
                token = response.json()["token"]
                bound = [await Client.connect(server.ws_url, table, token) for _ in range(2)]
                for client in bound:
                    await client.until(lambda m: m["t"] == "welcome" and m["seat"] == 1)
                change = CHANGES[step % len(CHANGES)]
                step += 1
                if change == "leave":
                    response = await free(server, table, 1, token=token)
                elif change == "kick_to_bot":
                    response = await put_bot(server, table, 1, owner=owner)
                else:
                    response = await free(server, table, 1, owner=owner)
                assert response.status_code == 200, (change, response.text)
                for client in bound:
                    notice = await client.until(lambda m: m["t"] == "unseated", SHORT)
                    assert notice["seat"] == 1 and notice["reason"]
                    at = len(client.seen) - 1
                    welcome = await client.until(lambda m: m["t"] == "welcome", SHORT)
                    assert welcome["seat"] is None and welcome["obs"]["hand"] is None
                    await client.send({"t": "resync"})
                    again = await client.until(lambda m: m["t"] == "welcome", SHORT)
                    assert again["seat"] is None
                    refused = await client.act("pass")
                    reply = await client.until(lambda m, r=refused: m.get("id") == r, SHORT)
                    assert reply["code"] == "unauthorized"
                    stints.append((client, at))
                    readers.append(asyncio.create_task(read_on(client)))
        # let the bots play on, so that every old socket sees more of the match
        target = (await server.info(table))["version"] + 40
        async with asyncio.timeout(60):
            while not all(c.v is not None and c.v >= target for c, _ in stints):
                await asyncio.sleep(0.1)
        for reader in readers:
            reader.cancel()
        for client, _ in stints:
            await client.close()
        stored = await server.registry.store.load(table)
        game = get_game("tichu")
        config = game.config_from_json(stored.meta.config)
        truth = LogTruth(game, config, stored.records)
        guarded = 0
        for client, at in stints:
            check_messages(truth, 1, client.seen[:at])
            after, _ = check_messages(truth, None, client.seen[at:])
            guarded += after
        assert guarded > 40 * len(stints)


# -- items 2 and 3 -------------------------------------------------------------------------------
async def test_2_a_stranger_may_watch_but_not_sit_in_a_running_games_bot_seat(
    server: Server,
) -> None:
    table, owner, invite = await new_table(server, "tichu", {})
    assert owner and invite and owner != invite
    for seat in range(4):
        assert (await put_bot(server, table, seat, owner=owner)).status_code == 200
    watcher = await Client.connect(server.ws_url, table, None)
    assert (await watcher.until(lambda m: m["t"] == "welcome"))["obs"]["hand"] is None
    stranger = await take(server, table, 1, "mallory")
    assert stranger.status_code == 403 and "invite" in stranger.json()["error"]
    forged_invite = ("y" if invite[0] == "x" else "x") + invite[1:]  # never the real one
    forged = await take(server, table, 1, "mallory", invite=forged_invite)
    assert forged.status_code == 403
    invited = await take(server, table, 1, "ann", invite=invite)
    assert invited.status_code == 200
    assert (await take(server, table, 2, "olive", owner=owner)).status_code == 200
    # a private table: even an empty seat before the start needs the invite
    private, _, private_invite = await new_table(server, "tichu", {}, private=True)
    assert (await take(server, private, 0, "mallory")).status_code == 403
    assert (await take(server, private, 0, "ann", invite=private_invite)).status_code == 200
    # a public open table: an empty seat is anyone's; a bot's seat is not
    public, public_owner, _ = await new_table(server, "tichu", {})
    assert (await take(server, public, 0, "bob")).status_code == 200
    assert (await put_bot(server, public, 1, owner=public_owner)).status_code == 200
    assert (await take(server, public, 1, "mallory")).status_code == 403
    listed = (await server.http.get(f"/api/tables/{public}")).json()
    assert "owner" not in listed and "invite" not in listed and not listed["private"]


async def test_3_bot_seats_change_only_with_the_owner_or_the_seats_own_token(
    server: Server,
) -> None:
    table, owner, invite = await new_table(server, "tichu", {})
    assert (await put_bot(server, table, 0)).status_code == 403  # a stranger adds no bot
    assert (await put_bot(server, table, 0, owner=owner)).status_code == 200
    assert (await put_bot(server, table, 0, "heuristic")).status_code == 403
    assert (await put_bot(server, table, 0, "heuristic", owner=invite)).status_code == 403
    assert (await free(server, table, 0)).status_code == 403
    assert (await free(server, table, 0, owner=owner)).status_code == 200
    taken = await take(server, table, 1, "ann")
    token = taken.json()["token"]
    # the human at seat 1 may hand it to a bot; a stranger may not kick her
    assert (await put_bot(server, table, 1)).status_code == 409
    assert (await free(server, table, 1)).status_code == 403
    response = await server.http.post(
        f"/api/tables/{table}/seats/1/bot", json={"level": "random", "token": token}
    )
    assert response.status_code == 200
    for seat in (0, 2, 3):
        assert (await put_bot(server, table, seat, owner=owner)).status_code == 200
    info = await server.info(table)
    assert info["status"] == "running"
    assert (await put_bot(server, table, 2, "heuristic")).status_code == 403
    assert (await free(server, table, 2)).status_code == 403
    assert (await put_bot(server, table, 2, "heuristic", owner=owner)).status_code == 200
    assert (await server.info(table))["seats"][2]["level"] == "heuristic"


# -- item 7 ----------------------------------------------------------------------------------------
@pytest.mark.slow
async def test_7_hello_floods_are_not_amplified_to_watchers(
    settings: Settings,
) -> None:
    async with serve(replace(settings, max_rate=1000)) as server:
        table, _, _ = await new_table(server, "relay", {"seats": 2})
        token = (await take(server, table, 0, "ann")).json()["token"]
        watcher = await Client.connect(server.ws_url, table, None)
        await watcher.until(lambda m: m["t"] == "seats")
        actor = server.registry.actors[table]
        attacker = Client(await websockets.connect(server.ws_url))
        hellos = [{"t": "hello", "table": table, "token": token}, {"t": "hello", "table": table}]
        loop = asyncio.get_running_loop()
        start, before = loop.time(), len(watcher.seen)
        for i in range(300):
            await attacker.send(hellos[i % 2])
        # the socket's frames are handled in order: this act's refusal (the last hello was a
        # spectator's) comes once every hello was
        last = await attacker.act("pass")
        await attacker.until(lambda m: m["t"] == "reject" and m.get("id") == last)
        await attacker.close()
        # then wait (on the table's state, however slow the machine) until the seat list the
        # watchers were last sent is the table's, and none is due: no list is still to come
        async with asyncio.timeout(TIMEOUT):
            while actor._seats_timer is not None or actor._seats_sent != actor.seat_infos():
                await asyncio.sleep(0.01)
        elapsed = loop.time() - start  # every list was sent within it
        await watcher.send({"t": "resync"})  # its welcome comes after every list sent before
        await watcher.until(lambda m: m["t"] == "welcome")
        seats = [m for m in watcher.seen[before:] if m["t"] == "seats"]
        # 300 hellos (the seat going on- and offline each time) are at most 4 lists a second
        assert len(seats) <= 4 * elapsed + 2, len(seats)
        assert not seats or not seats[-1]["seats"][0]["online"]  # the last list is the truth
    # the outbox bound (4008) itself: test_actor's stuck-socket test


# -- item 11 ---------------------------------------------------------------------------------------
DEEP = "[" * 5000 + "]" * 5000


async def test_11_bad_input_gets_400_or_reject_never_500(server: Server) -> None:
    table, _, _ = await new_table(server, "relay", {"seats": 2})
    json_headers = {"Content-Type": "application/json"}
    cases = [
        ("POST", "/api/tables", '{"game": "relay", "options": ' + DEEP + "}"),
        ("POST", "/api/tables", DEEP),
        ("POST", f"/api/tables/{table}/seats/0", '{"name": "\\ud800"}'),
        ("POST", "/api/tables", '{"game": "\\ud800"}'),
        ("POST", "/api/tables", '{"game": "relay", "name": "\\udfff x"}'),
        ("POST", f"/api/tables/{table}/seats/\u00b2", '{"name": "ann"}'),
        ("POST", f"/api/tables/{table}/seats/\u0661", '{"name": "ann"}'),
        ("POST", f"/api/tables/{table}/seats/99999999999999999999", '{"name": "ann"}'),
        ("DELETE", f"/api/tables/{table}/seats/0", '{"token": "\\ud800"}'),
        ("POST", f"/api/tables/{table}/seats/1/bot", '{"level": "\\ud800"}'),
    ]
    for method, path, body in cases:
        response = await server.http.request(method, path, content=body, headers=json_headers)
        assert response.status_code in (400, 403, 404, 409), (path, body[:40], response.text)
        assert response.json()["error"], response.text
    ws = await Client.connect(server.ws_url, table, None)
    await ws.until(lambda m: m["t"] == "seats")
    for raw in ('{"t": "act", "a": ' + DEEP + "}", DEEP, '{"t": "hello", "table": "\\ud800"}',
                '{"t": "hello", "table": "' + table + '", "token": "\\ud800"}'):  # fmt: skip
        await ws.send_raw(raw)
        rejected = await ws.until(lambda m: m["t"] == "reject", SHORT)
        assert rejected["code"] in ("malformed", "no_table", "unauthorized"), rejected
        assert rejected["msg"]
    await ws.send({"t": "ping"})
    await ws.until(lambda m: m["t"] == "pong", SHORT)


# -- item 12 ---------------------------------------------------------------------------------------
async def test_12_every_option_has_a_range_shown_and_enforced(server: Server) -> None:
    games = {g["name"]: g for g in (await server.http.get("/api/games")).json()}
    for name in ("tichu", "toepen"):
        specs = games[name]["option_specs"]
        assert set(specs) == set(games[name]["options"])
        for option, spec in specs.items():
            assert spec["description"], (name, option)
            if spec["type"] == "int":
                assert spec["min"] is not None and spec["max"] is not None, (name, option)
            if spec["type"] == "str":
                assert spec["choices"], (name, option)
    for game, options, shown in [
        ("tichu", {"target_score": 10**300}, "1..10000"),
        ("tichu", {"double_victory_points": -(10**9)}, "0..1000"),
        ("toepen", {"lives": 10**18}, "1..50"),
        ("toepen", {"dealer_rule": "chaos"}, "winner"),
    ]:
        response = await server.http.post("/api/tables", json={"game": game, "options": options})
        assert response.status_code == 400 and shown in response.json()["error"], response.text
        assert len(response.text) < 400


# -- item 13 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    ["a\x00b", "\x1b[31mred", "line\nbreak", "\u202eevil", "\u200b\u200b", "   ", "x" * 41,
     "\u2066a\u2069", "a\u0301\u0301\u0301\u0301\u0301", "\ue000"],
)  # fmt: skip
async def test_13_names_are_normalised_and_deceptive_ones_refused(
    server: Server, name: str
) -> None:
    table, _, _ = await new_table(server, "relay", {"seats": 2})
    refused = await server.http.post(f"/api/tables/{table}/seats/0", json={"name": name})
    assert refused.status_code == 400 and "name" in refused.json()["error"], refused.text
    named = await server.http.post("/api/tables", json={"game": "relay", "name": name * 2})
    assert named.status_code == 400 or not name.strip(), named.text  # a table may be unnamed
    ok = await server.http.post(f"/api/tables/{table}/seats/1", json={"name": "  Zoe\u0301  Li "})
    assert ok.status_code == 200
    assert (await server.info(table))["seats"][1]["name"] == "Zo\u00e9 Li"


# -- item 14 ---------------------------------------------------------------------------------------
async def test_14_one_seat_per_guest_unless_the_table_is_hot_seat(server: Server) -> None:
    table, owner, _ = await new_table(server, "relay", {"seats": 4})
    assert (await take(server, table, 0, "ann")).status_code == 200
    second = await take(server, table, 1, "ann")
    assert second.status_code == 409 and "one seat per guest" in second.json()["error"]
    assert (await take(server, table, 1, "ann", owner=owner)).status_code == 409
    assert (await take(server, table, 1, "bob")).status_code == 200
    # without a guest id, the client's address is the guest
    plain = [await server.http.post(f"/api/tables/{table}/seats/{s}", json={"name": "x"})
             for s in (2, 3)]  # fmt: skip
    assert [r.status_code for r in plain] == [200, 409]
    hot, _, _ = await new_table(server, "relay", {"seats": 3}, hot_seat=True)
    assert [(await take(server, hot, s, "ann")).status_code for s in range(3)] == [200] * 3
    assert (await server.info(hot))["hot_seat"]


# -- one address cannot fill the room -------------------------------------------------------------
SECOND = "127.0.0.2"  # another client address (the loopback network answers on all of 127/8)


@contextlib.asynccontextmanager
async def from_address(server: Server, address: str) -> Any:
    """An HTTP client of ``server`` whose requests come from ``address``."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=server.url, transport=transport) as client:
        yield client


async def gone(server: Server, table: str, timeout: float = 30.0) -> None:
    """Wait (on state) until the table answers 404."""
    async with asyncio.timeout(timeout):
        while (await server.http.get(f"/api/tables/{table}")).status_code != 404:
            await asyncio.sleep(0.05)


async def test_room_1_open_tables_are_bounded_per_address_and_a_watcher_keeps_none_alive(
    settings: Settings,
) -> None:
    """One address creates up to its bound of open tables, however fast it may create; a
    second address still creates. A socket watching an empty table does not keep it from
    expiring; a seated player who is online does."""
    async with serve(replace(settings, create_burst=100)) as server:  # the default bound: 10
        for _ in range(10):
            await new_table(server, "relay", {"seats": 2})
        over = await server.http.post("/api/tables", json={"game": "relay"})
        assert over.status_code == 429 and "your limit" in over.json()["error"], over.text
        async with from_address(server, SECOND) as other:
            assert (await other.post("/api/tables", json={"game": "relay"})).status_code == 201
    expiring = replace(settings, db=settings.db + "-expiry", open_table_ttl=1.0)
    async with serve(expiring) as server:
        # the tables' TTL runs on a clock of the test's, still until ann is online: on the
        # wall clock a loaded machine could let `waiting` expire before her socket is bound
        now = [0.0]
        server.registry.clock = lambda: now[0]
        watched, waiting = [(await new_table(server, "relay", {"seats": 2}))[0] for _ in "ab"]
        watcher = await Client.connect(server.ws_url, watched, None)
        await watcher.until(lambda m: m["t"] == "welcome")
        seated = (await take(server, waiting, 0, "ann")).json()["token"]
        player = await Client.connect(server.ws_url, waiting, seated)
        await player.until(lambda m: m["t"] == "welcome" and m["seat"] == 0)
        now[0] += 0.5
        later, _, _ = await new_table(server, "relay", {"seats": 2})  # touched after `waiting`
        now[0] += 2.0  # past every table's TTL
        await gone(server, watched)  # watched, but nobody waits there: expired
        await gone(server, later)  # so `waiting` is past its TTL too, and kept: ann waits there
        assert (await server.info(waiting))["status"] == "open"
        await watcher.close()
        await player.close()


async def test_room_2_running_bot_only_tables_are_bounded_and_end(settings: Settings) -> None:
    """An owner fills tables with bots: one bot-only table per address runs (the bot that
    would start a second gets 429), it ends after its life, and then another may run. Option
    ranges keep every match finite."""
    huge = {"game": "tichu", "options": {"target_score": 1_000_000}}
    bounded = replace(settings, bot_delay=0.2, max_bot_tables_per_address=1, bot_table_life=10.0)
    async with serve(bounded) as server:
        refused = await server.http.post("/api/tables", json=huge)
        assert refused.status_code == 400 and "1..10000" in refused.text, refused.text
        first, owner1, _ = await new_table(server, "tichu", {"target_score": 10000})
        second, owner2, _ = await new_table(server, "tichu", {"target_score": 10000})
        for seat in range(4):
            assert (await put_bot(server, first, seat, owner=owner1)).status_code == 200
        for seat in range(3):
            assert (await put_bot(server, second, seat, owner=owner2)).status_code == 200
        last = await put_bot(server, second, 3, owner=owner2)
        assert last.status_code == 429 and "bot-only" in last.json()["error"], last.text
        assert (await server.info(first))["status"] == "running"  # (a 10 s life: not yet over)
        async with asyncio.timeout(60):
            while (info := await server.info(first))["status"] != "finished":
                await asyncio.sleep(0.05)
        assert "bots alone" in info["outcome"]["reason"] and info["outcome"]["winners"] == []
        assert (await put_bot(server, second, 3, owner=owner2)).status_code == 200
        assert (await server.info(second))["status"] == "running"


async def test_room_4_a_rematch_keeps_privacy_and_flags_and_its_link_reaches_seats_only(
    settings: Settings,
) -> None:
    """The rematch of a private hot-seat table is private and hot-seat with the same bots;
    its link goes to the seated players' sockets, never to a spectator's, even one who
    holds the old table's invite."""
    timed = replace(settings, turn_timeout=0.05)  # the human's moves are played for it
    async with serve(timed) as server:
        table, owner, invite = await new_table(
            server, "relay", {"seats": 2, "cards": 1}, private=True, hot_seat=True
        )
        token = (await take(server, table, 0, "ann", invite=invite)).json()["token"]
        seated = await Client.connect(server.ws_url, table, token)
        await seated.until(lambda m: m["t"] == "welcome" and m["seat"] == 0)
        spectator = Client(await websockets.connect(server.ws_url))
        await spectator.send({"t": "hello", "table": table, "invite": invite})
        await spectator.until(lambda m: m["t"] == "welcome" and m["seat"] is None)
        assert (await put_bot(server, table, 1, owner=owner)).status_code == 200
        await seated.until(lambda m: m["t"] in ("ev", "welcome") and m["obs"].get("outcome"))
        stranger = await server.http.post(f"/api/tables/{table}/rematch", json={})
        assert stranger.status_code == 403, stranger.text
        made = await server.http.post(
            f"/api/tables/{table}/rematch", headers={"Authorization": f"Bearer {token}"}
        )
        assert made.status_code == 200, made.text
        new, new_invite = made.json()["id"], made.json()["invite"]
        assert (
            made.json()["owner"] and made.json()["invite_link"] == f"/t/{new}#invite={new_invite}"
        )
        link = await seated.until(lambda m: m["t"] == "rematch", SHORT)
        assert link["table"] == new and new_invite in link["link"]
        again = await server.http.post(f"/api/tables/{table}/rematch", headers=headers(owner))
        assert again.json()["id"] == new and "owner" not in again.json()
        info = await server.http.get(f"/api/tables/{new}", headers=headers(invite=new_invite))
        assert info.json()["private"] and info.json()["hot_seat"], info.text
        assert [s["kind"] for s in info.json()["seats"]] == ["empty", "bot"]
        await spectator.send({"t": "ping"})
        await spectator.until(lambda m: m["t"] == "pong", SHORT)
        assert not [m for m in spectator.seen if new in json.dumps(m)], "the link leaked"
        lobby = (await server.http.get("/api/tables")).json()
        assert new not in {t["id"] for t in lobby}
        await seated.close()
        await spectator.close()


async def test_room_5_a_private_table_is_seen_only_with_its_invite(settings: Settings) -> None:
    """Not listed while open or finished; its page, socket, replay and record answer as an
    unknown table without the invite or owner secret, and normally with it."""
    async with serve(replace(settings, turn_timeout=0.05)) as server:
        table, owner, invite = await new_table(
            server, "relay", {"seats": 2, "cards": 1}, private=True
        )
        public, _, _ = await new_table(server, "relay", {"seats": 2})
        listed = {t["id"] for t in (await server.http.get("/api/tables")).json()}
        assert public in listed and table not in listed
        assert (await server.http.get(f"/api/tables/{table}")).status_code == 404
        assert (
            await server.http.get(f"/api/tables/{table}", headers=headers(invite=invite))
        ).is_success
        stranger = await Client.connect(server.ws_url, table, None)
        refused = await stranger.until(lambda m: m["t"] == "reject", SHORT)
        assert refused["code"] == "no_table"
        invited = Client(await websockets.connect(server.ws_url))
        await invited.send({"t": "hello", "table": table, "invite": invite})
        await invited.until(lambda m: m["t"] == "welcome")
        assert (await take(server, table, 0, "ann", invite=invite)).status_code == 200
        assert (await put_bot(server, table, 1, owner=owner)).status_code == 200
        await invited.until(lambda m: m["t"] in ("ev", "welcome") and m["obs"].get("outcome"))
        async with asyncio.timeout(30):
            while (
                await server.http.get(f"/api/tables/{table}/record", headers=headers(owner))
            ).status_code != 200:
                await asyncio.sleep(0.05)
        finished = (await server.http.get("/api/tables/finished")).json()
        assert table not in {t["id"] for t in finished}
        for path in ("/replay?view=all", "/record", ""):
            url = f"/api/tables/{table}{path}"
            assert (await server.http.get(url)).status_code == 404, path
            assert (await server.http.get(url, headers=headers(invite=invite))).status_code == 200
        await stranger.close()
        await invited.close()


BAD_CHAT = ["a\x00b", "\x1b[2Jwiped", "ring\x07", "\u202eevil", "\u200b\u200b", "\ue000x",
            "\ud800", "line\nbreak", "x" * 301]  # fmt: skip


async def test_room_6_chat_is_cleaned_like_names_and_nobody_signs_as_a_seated_player(
    server: Server,
) -> None:
    """Each bad line is refused (``reject``) and never stored or relayed; a spectator cannot
    sign as a seated player (not even in another case or width). (One table per signature
    case: each table's spectators at one address may say a line a second.)"""
    tables = [(await new_table(server, "relay", {"seats": 2}))[0] for _ in range(4)]
    watchers = []
    for table in tables:
        assert (await take(server, table, 0, "Ann Lee")).status_code == 200
        watchers.append(await Client.connect(server.ws_url, table, None))
        await watchers[-1].until(lambda m: m["t"] == "welcome")
    cases: list[tuple[Client, Json]] = [
        *((watchers[0], {"t": "chat", "text": text}) for text in BAD_CHAT),
        (watchers[0], {"t": "chat", "text": "hi", "name": "ann lee"}),
        (watchers[1], {"t": "chat", "text": "hi", "name": "ＡＮＮ ＬＥＥ"}),
        (watchers[2], {"t": "chat", "text": "hi", "name": "\x1b[31mAnn"}),
    ]
    for client, frame in cases:
        await client.send_raw(json.dumps(frame, ensure_ascii=True))
        refused = await client.until(lambda m: m["t"] in ("reject", "chat"), SHORT)
        assert refused["t"] == "reject", (frame, refused)
        assert refused["code"] in ("malformed", "unauthorized"), refused
    await watchers[3].send({"t": "chat", "text": "  fine  line ", "name": "Eve"})
    line = await watchers[3].until(lambda m: m["t"] == "chat", SHORT)
    assert (line["name"], line["text"]) == ("Eve", "fine line")
    stored = [[(r.name, r.text) for r in await server.registry.store.chat(t, 100)] for t in tables]
    assert stored == [[], [], [], [("Eve", "fine line")]]
    for watcher in watchers:
        await watcher.close()


async def test_room_8_an_id_too_big_to_echo_is_refused_as_malformed(server: Server) -> None:
    """An ``id`` above 2^53 (or thousands of digits long) gets ``reject malformed`` and the
    socket goes on."""
    table, _, _ = await new_table(server, "relay", {"seats": 2})
    client = await Client.connect(server.ws_url, table, None)
    await client.until(lambda m: m["t"] == "welcome")
    for raw in ('{"t": "act", "a": "pass", "id": ' + str(2**70) + "}",
                '{"t": "act", "a": "pass", "id": -' + str(2**64) + "}",
                '{"t": "act", "a": "pass", "id": ' + "9" * 5000 + "}",
                '{"t": "act", "a": "pass", "id": ' + str(2**53) + "}"):  # fmt: skip
        await client.send_raw(raw)
        refused = await client.until(lambda m: m["t"] in ("reject", "pong"), SHORT)
        assert refused["t"] == "reject" and refused["code"] == "malformed", refused
        assert refused["id"] is None and "Traceback" not in refused["msg"]
    await client.send({"t": "ping"})
    await client.until(lambda m: m["t"] == "pong", SHORT)
    await client.close()


async def test_room_9_seats_are_bounded_per_address_whatever_guest_it_claims(
    settings: Settings,
) -> None:
    """One client rotating ``X-Cardroom-Guest`` over three public tables holds at most its
    bound of seats; a second address still sits. (A squatter who then never plays is timed
    out and replaced by a bot once a turn clock runs: ``turn_timeout``.)"""
    async with serve(settings) as server:  # the default bound: 8 seats
        tables = [(await new_table(server, "relay", {"seats": 4}))[0] for _ in range(3)]
        codes = [(await take(server, t, s, f"squatter-{t}-{s}")).status_code
                 for t in tables for s in range(4)]  # fmt: skip
        assert codes == [200] * 8 + [429] * 4, codes
        async with from_address(server, SECOND) as other:
            seated = await other.post(f"/api/tables/{tables[2]}/seats/3", json={"name": "bob"})
            assert "seats" in (await take(server, tables[2], 2, "squatter-y")).json()["error"]
        assert seated.status_code == 200, seated.text
        token = (await take(server, tables[1], 0, "squatter-x")).status_code
        assert token == 429
