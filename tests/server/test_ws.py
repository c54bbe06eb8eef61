"""The websocket protocol over a real server: rejects, catch-up, resync, spectators."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from random import Random
from typing import Any

import pytest
import websockets

from cardroom.engine import get_game
from cardroom.engine.chance import SeededResolver
from cardroom.engine.game import legal_texts
from cardroom.server import Settings
from cardroom.server.table import actor as actor_module
from cardroom.server.table import chat as chat_module
from cardroom.server.table.commands import Act
from cardroom.storage import utc_now

from .conftest import Client, Server, serve
from .test_clock_and_bombs import BOMB_SEED, to_a_trick_seat_0_may_bomb

Json = dict[str, Any]


async def seated_table(server: Server, n: int = 2, cards: int = 3) -> tuple[str, list[Client]]:
    table = await server.create("relay", {"seats": n, "cards": cards})
    clients = []
    for seat in range(n):
        clients.append(await Client.connect(server.ws_url, table, await server.seat(table, seat)))
    for client in clients:
        await client.until(lambda m: m["t"] in ("ev", "welcome") and m["obs"]["phase"] == "bid")
    return table, clients


FOLDED = ("ack", "clock")
"""What a live socket's ``ev`` may carry for that socket alone (its ack, the clock after it)."""


async def reply_to(client: Client, id: int | None = None) -> Json:
    return await client.until(lambda m: m["t"] in ("ack", "reject") and m.get("id") == id)


async def test_an_ack_rides_in_the_envelope_it_follows_and_a_refusal_is_its_own_frame(
    server: Server,
) -> None:
    _, (alice, _bob) = await seated_table(server)
    before = alice.v or 0
    id = await alice.act("bid 1")
    ev = await alice.until(lambda m: m["t"] == "ev" and m.get("ack") is not None)
    assert ev["ack"] == id and ev["v"] > before and alice.unfolded[0] == {"t": "ack", "id": id}
    folded = alice.folded
    refused = await alice.act("dance")
    reject = await reply_to(alice, refused)
    assert reject["t"] == "reject" and reject["code"] == "notation" and alice.folded == folded


MALFORMED = [
    ("not json {", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"type": "act"}', "'t'"),
    ('{"t": "dance"}', "unknown message type 'dance'"),
    ('{"t": "act", "id": 7}', "needs a 'a' field"),
    ('{"t": "act", "a": 5, "id": 7}', "'a' must be str"),
    ('{"t": "hello"}', "needs a 'table' field"),
    ('{"t": "hello", "table": "x", "since": "3"}', "'since' must be int"),
    ("x" * 100_000, "message too large"),
]


@pytest.mark.parametrize(("raw", "why"), MALFORMED)
async def test_malformed_messages_get_a_clear_reject_and_play_goes_on(
    server: Server, raw: str, why: str
) -> None:
    _, (alice, bob) = await seated_table(server)
    await alice.send_raw(raw)
    rejected = await alice.until(lambda m: m["t"] == "reject")
    assert rejected["code"] == "malformed" and why in rejected["msg"]
    assert rejected["id"] == (7 if '"id": 7' in raw else None)
    await alice.act("bid 1")
    assert (await reply_to(alice, alice.next_id))["t"] == "ack"
    await bob.send_raw(b"\x00\x01")
    assert "binary" in (await bob.until(lambda m: m["t"] == "reject"))["msg"]
    await bob.send({"t": "ping"})
    await bob.until(lambda m: m["t"] == "pong")


@pytest.mark.parametrize(
    ("seat", "text", "code", "why"),
    [
        (0, "fly away", "notation", "expected"),
        (0, "play c99", "illegal", "everyone bids"),
        (1, "bid 2", "notation", "expected"),
    ],
)
async def test_bad_actions_are_rejected_with_the_rule_and_the_table_goes_on(
    server: Server, seat: int, text: str, code: str, why: str
) -> None:
    _, clients = await seated_table(server)
    id = await clients[seat].act(text)
    rejected = await reply_to(clients[seat], id)
    assert (rejected["t"], rejected["code"]) == ("reject", code) and why in rejected["msg"]
    for client in clients:
        await client.act("bid 0")
        assert (await reply_to(client, client.next_id))["t"] == "ack"
    await clients[0].obs_until(lambda obs: obs["phase"] == "play")


async def test_acting_out_of_turn_or_without_a_seat_is_refused(server: Server) -> None:
    table, (alice, bob) = await seated_table(server)
    for client in (alice, bob):
        await client.act("bid 0")
        await reply_to(client, client.next_id)
    await bob.obs_until(lambda obs: obs["phase"] == "play")
    id = await bob.act(f"play {bob.obs['hand'][0]}")
    assert (await reply_to(bob, id))["code"] == "not_active"
    spectator = await Client.connect(server.ws_url, table, None)
    await spectator.until(lambda m: m["t"] == "welcome")
    assert spectator.obs["hand"] is None and spectator.obs["legal"] == []
    id = await spectator.act("play c00")
    assert (await reply_to(spectator, id))["code"] == "unauthorized"
    stranger = await Client.connect(server.ws_url, table, "forged-token")
    assert (await stranger.until(lambda m: m["t"] == "reject"))["code"] == "unauthorized"
    lost = await Client.connect(server.ws_url, "no-such-table", None)
    assert (await lost.until(lambda m: m["t"] == "reject"))["code"] == "no_table"
    fresh = await Client.connect(server.ws_url, table, None)
    await fresh.ws.send(json.dumps({"t": "act", "a": "pass", "id": 1}))  # hello is done, fine
    await fresh.until(lambda m: m["t"] == "reject")
    alice_play = await alice.act(f"play {alice.obs['hand'][0]}")
    assert (await reply_to(alice, alice_play))["t"] == "ack"


async def test_act_before_hello_is_unauthorized(server: Server) -> None:
    async with websockets.connect(server.ws_url) as ws:
        await ws.send(json.dumps({"t": "act", "a": "bid 0", "id": 4}))
        reply = json.loads(await ws.recv())
        assert (reply["t"], reply["code"], reply["id"]) == ("reject", "unauthorized", 4)


async def bid_all(clients: list[Client]) -> None:
    """Every seat bids; play starts."""
    for client in clients:
        await client.act("bid 1")
        await reply_to(client, client.next_id)
    for client in clients:
        await client.obs_until(lambda obs: obs["phase"] == "play")


@pytest.mark.parametrize("ring", [64, 1])
async def test_catch_up_from_the_ring_or_a_welcome_when_the_gap_is_too_old(
    settings: Settings, ring: int
) -> None:
    async with serve(replace(settings, ring_size=ring)) as server:
        table = await server.create("relay", {"seats": 3, "cards": 4})
        tokens = [await server.seat(table, s) for s in range(3)]
        clients = [await Client.connect(server.ws_url, table, t) for t in tokens]
        # a second session on seat 2 stays connected all along: the reference for what is missed
        reference = await Client.connect(server.ws_url, table, tokens[2])
        for client in [*clients, reference]:
            await client.until(lambda m: m["t"] == "welcome")
        await bid_all(clients)
        await reference.obs_until(lambda obs: obs["phase"] == "play")
        carol = clients[2]
        since = carol.v
        assert since == reference.v
        await carol.close()
        for seat in (0, 1):
            await clients[seat].act(f"play {clients[seat].obs['hand'][0]}")
            assert (await reply_to(clients[seat], clients[seat].next_id))["t"] == "ack"
        await reference.until(lambda m: m["t"] == "ev" and m["v"] == since + 2)
        missed = [m for m in reference.seen if m["t"] == "ev" and m["v"] > since]
        missed = [{k: x for k, x in m.items() if k not in FOLDED} for m in missed]
        back = await Client.connect(server.ws_url, table, tokens[2], since=since)
        first = await back.until(lambda m: m["t"] in ("ev", "welcome"))
        if ring >= 3:
            second = await back.until(lambda m: m["t"] in ("ev", "welcome"))
            caught_up = [{k: x for k, x in m.items() if k not in FOLDED} for m in (first, second)]
            assert caught_up == missed
            # then the clock as it stands (folded into the last envelope or on its own), the seats
            assert (await back.until(lambda m: m["t"] not in ("ev", "clock")))["t"] == "seats"
        else:
            assert first["t"] == "welcome" and first["v"] == since + 2 and first["seat"] == 2
            assert first["obs"] == missed[-1]["obs"]
        # and she plays on from there
        await back.act(f"play {back.obs['hand'][0]}")
        assert (await reply_to(back, back.next_id))["t"] == "ack"


async def up_to_the_seats(client: Client) -> list[Json]:
    """The frames a hello brings before its seat list."""
    frames = []
    while (frame := await client.recv())["t"] != "seats":
        frames.append(frame)
    return frames


async def test_a_catch_up_carries_the_pause_begun_while_away_and_who_is_ready(
    settings: Settings,
) -> None:
    """A hand ends while a watcher is away: back with ``since``, it gets the envelopes it
    missed, then the pause's countdown (its seconds left) and who is ready, as a page that
    stayed connected was told them; a page that joins afresh gets them too (the countdown in
    its ``welcome``)."""
    toepen = get_game("toepen")
    async with serve(replace(settings, round_pause=60.0, clock_move=0.0, ring_size=512)) as server:
        table = await server.create("toepen", {"lives": 50})  # no hand can end the game
        tokens = [await server.seat(table, s) for s in range(4)]
        ann = await Client.connect(server.ws_url, table, tokens[0])
        watcher = await Client.connect(server.ws_url, table, None)
        await watcher.obs_until(lambda obs: obs["phase"] != "deal")
        since = watcher.v
        await watcher.close()
        actor = await server.registry.get(table)
        rng = Random(5)
        while not actor.pause.waiting:  # every seat is human and no clock runs: only we act
            state = actor.runner.state
            seat = min(toepen.awaited(state))
            await actor.call(Act(seat, rng.choice(legal_texts(toepen, state, seat))))
        await ann.send({"t": "ready"})
        assert (await ann.until(lambda m: m["t"] == "ready"))["seats"] == [0]
        back = await Client.connect(server.ws_url, table, None, since=since)
        frames = await up_to_the_seats(back)
        told = [f for f in frames if f["t"] not in ("ev", "clock")]
        assert [f["t"] for f in told] == ["pause", "ready"], told
        assert 0 < told[0]["seconds"] <= 60 and told[1]["seats"] == [0]
        assert frames[0]["t"] == "ev" and back.v == actor.version  # caught up first
        fresh = await Client.connect(server.ws_url, table, None)
        frames = await up_to_the_seats(fresh)
        assert frames[0]["t"] == "welcome" and 0 < frames[0]["next_deal_in"] <= 60
        assert frames[1:] == [{"t": "ready", "seats": [0]}]
        for client in (ann, back, fresh):
            await client.close()


async def test_a_catch_up_carries_a_bomb_hold_begun_while_away(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 presses Bomb while seat 2's page is away: the table holds still (no version
    changes), so back with ``since`` the page has no envelope to miss, and it is told of the
    hold as it stands, as it would have been live."""
    monkeypatch.setattr(actor_module, "SecureResolver", lambda: SeededResolver(BOMB_SEED))
    async with serve(replace(settings, clock_move=0.0, bomb_pick=60.0)) as server:
        table = await server.create("tichu", {})
        tokens = [await server.seat(table, s) for s in range(4)]
        bomber = await Client.connect(server.ws_url, table, tokens[0])
        actor = await server.registry.get(table)
        await to_a_trick_seat_0_may_bomb(actor)
        carol = await Client.connect(server.ws_url, table, tokens[2])
        await carol.until(lambda m: m["t"] == "welcome")
        since = carol.v
        await carol.close()
        await bomber.send({"t": "bomb"})
        assert (await bomber.until(lambda m: m["t"] == "hold"))["seat"] == 0
        back = await Client.connect(server.ws_url, table, tokens[2], since=since)
        assert await up_to_the_seats(back) == [{"t": "hold", "seat": 0}]
        for client in (bomber, back):
            await client.close()


async def test_a_catch_up_brings_the_chat_said_in_the_millisecond_of_the_newest_line_seen(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Back from a drop, a page gets the chat said after the newest line it has
    (``chat_after``, that line's stamp): also a line said in the same millisecond as that one
    (here every line is, the clock standing still), never one it has."""
    still = time.time_ns()
    monkeypatch.setattr(
        chat_module, "utc_now", lambda ns=None: utc_now(still if ns is None else ns)
    )
    table, (alice, bob) = await seated_table(server)
    watcher = await Client.connect(server.ws_url, table, None)
    await watcher.until(lambda m: m["t"] == "welcome")
    await alice.send({"t": "chat", "text": "one"})
    seen = await watcher.until(lambda m: m["t"] == "chat")
    await watcher.close()
    await bob.send({"t": "chat", "text": "two"})
    await alice.until(lambda m: m["t"] == "chat" and m["text"] == "two")
    back = Client(await websockets.connect(server.ws_url))
    hello = {"t": "hello", "table": table, "token": None, "since": watcher.v}
    await back.send({**hello, "chat_after": seen["at"]})
    said = [f for f in await up_to_the_seats(back) if f["t"] == "chat"]
    assert [line["text"] for line in said] == ["two"]
    assert said[0]["at"] > seen["at"]  # so that the page's newest stamp is this line's
    for client in (alice, bob, back):
        await client.close()


async def test_resync_and_up_to_date_hello_give_the_current_snapshot(server: Server) -> None:
    table, (alice, _) = await seated_table(server)
    await alice.send({"t": "resync"})
    welcome = await alice.until(lambda m: m["t"] == "welcome")
    assert welcome["v"] == alice.v and welcome["seat"] == 0
    again = await Client.connect(server.ws_url, table, None, since=alice.v)
    frame = await again.recv()  # nothing missed: no envelope, no welcome
    if frame["t"] == "clock":  # the clock as it stands, if the table has one running
        frame = await again.recv()
    assert frame["t"] == "seats"


async def test_a_flooding_client_is_disconnected_and_the_table_goes_on(settings: Settings) -> None:
    async with serve(replace(settings, max_rate=20)) as server:
        _, (alice, bob) = await seated_table(server)
        for _ in range(40):
            await bob.send({"t": "ping"})
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await bob.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        await alice.act("bid 1")
        assert (await reply_to(alice, alice.next_id))["t"] == "ack"


async def test_seat_list_tells_who_is_online(server: Server) -> None:
    table = await server.create("relay", {"seats": 2})
    token = await server.seat(table, 0, "Ann")
    watcher = await Client.connect(server.ws_url, table, None)
    await watcher.until(lambda m: m["t"] == "seats")
    ann = await Client.connect(server.ws_url, table, token)
    online = await watcher.until(lambda m: m["t"] == "seats" and m["seats"][0]["online"])
    assert online["seats"][0] == {
        "seat": 0,
        "name": "Ann",
        "kind": "human",
        "level": None,
        "online": True,
        "away": False,
    }
    assert online["seats"][1]["kind"] == "empty" and not online["seats"][1]["online"]
    await ann.close()
    offline = await watcher.until(lambda m: m["t"] == "seats")
    assert not offline["seats"][0]["online"]
    await server.bot(table, 1)
    seated = await watcher.until(lambda m: m["t"] == "seats" and m["seats"][1]["kind"] == "bot")
    assert seated["seats"][1]["online"] and seated["seats"][1]["level"] == "random"


async def test_an_act_against_an_old_table_is_refused_as_stale(server: Server) -> None:
    """An act carries the version its player saw; if the table changed since in a way that
    matters (here: a card was played), it is refused with ``stale`` and nothing changes."""
    _, (alice, bob) = await seated_table(server, cards=3)
    for client in (alice, bob):
        await client.act("bid 0")
        await reply_to(client, client.next_id)
    await alice.obs_until(lambda obs: obs["phase"] == "play" and obs["turn"] == 0)
    await bob.obs_until(lambda obs: obs["phase"] == "play")
    seen = bob.v
    id = await alice.act(f"play {alice.obs['hand'][0]}", v=alice.v)
    assert (await reply_to(alice, id))["t"] == "ack"
    await bob.obs_until(lambda obs: obs["turn"] == 1)
    id = await bob.act(f"play {bob.obs['hand'][0]}", v=seen)
    rejected = await reply_to(bob, id)
    assert rejected["code"] == "stale" and f"since version {seen}" in rejected["msg"]
    id = await bob.act(f"play {bob.obs['hand'][0]}", v=bob.v)
    assert (await reply_to(bob, id))["t"] == "ack"


async def test_a_refusal_naming_a_seat_carries_it_as_a_message_people_read_from_1(
    server: Server,
) -> None:
    """Refusals name seats as the wire does (from 0) in ``msg``, and carry themselves as a
    message with the seat typed (``refusal.…``), so each reader says it counted from 1."""
    table = await server.create("tichu", {})
    clients = [
        await Client.connect(server.ws_url, table, await server.seat(table, s)) for s in range(4)
    ]
    for client in clients:
        await client.obs_until(lambda obs: "nogrand" in obs["legal"])
        await client.act("nogrand")
    first = await clients[0].obs_until(lambda obs: obs["phase"] == "exchange")
    one, two = first["hand"][:2]
    await clients[0].act(f"exchange {one} to 1")
    assert (await reply_to(clients[0], clients[0].next_id))["t"] == "ack"
    rejected = await reply_to(clients[0], await clients[0].act(f"exchange {two} to 1"))
    assert rejected["key"] == "refusal.tichu.exchange_given" and "to seat 1" in rejected["msg"]
    assert rejected["params"]["who"] == {"seat": 1}
    assert rejected["params"]["cards"] == {"cards": [one], "game": "tichu"}
    late = await reply_to(clients[1], await clients[1].act("grand"))  # any refusal met in play
    assert (late["code"], late["key"], late["params"]["rule"]) == (
        "illegal", "refusal.tichu.grand_late", "R2.2",
    )  # fmt: skip
    assert late["msg"] == "R2.2: Grand Tichu only before seeing cards 9-14"  # the English kept
