"""Full rounds over real websockets: four human clients and a spectator, every message checked
for leaks against the authoritative state rebuilt from the stored log."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
from typing import Any

import pytest

from cardroom.engine import GameRecord, get_game, register_game, replay
from cardroom.server import Settings
from cardroom.storage import SqlStore

from ..engine.toy import TOY
from ..storage.conftest import drop_schema
from .conftest import Client, Server, serve
from .leaks import LogTruth, check_messages
from .players import play_until

Json = dict[str, Any]


def terminal(obs: Json) -> bool:
    return bool(obs["terminal"])


async def play_full_round(
    server: Server, game_name: str, options: Json, done: Any, seed: int
) -> tuple[str, list[Client], Client]:
    table = await server.create(game_name, options)
    n = (await server.info(table))["num_seats"]
    spectator = await Client.connect(server.ws_url, table, None)
    clients = []  # connected one by one, so most of them see the deal happen live
    for seat in range(n):
        clients.append(await Client.connect(server.ws_url, table, await server.seat(table, seat)))
        await clients[-1].until(lambda m: m["t"] == "welcome")
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            play_until(c, s, game_name, done, random.Random(rng.random()))
            for s, c in enumerate(clients)
        ),
        spectator.until(lambda m: m["t"] == "ev" and done(m["obs"]), timeout=60),
    )
    return table, clients, spectator


async def check_no_leaks(
    server: Server, table: str, clients: list[Client], spectator: Client
) -> None:
    stored = await server.registry.store.load(table)
    game = get_game(stored.meta.game)
    config = game.config_from_json(stored.meta.config)
    truth = LogTruth(game, config, stored.records)
    for client in [*clients, spectator]:  # one envelope per stored record, in order
        versions = [m["v"] for m in client.seen if m["t"] == "ev"]
        assert versions == list(range(versions[0], versions[0] + len(versions)))
        assert versions[-1] <= stored.version
    for seat, client in enumerate([*clients, spectator]):
        audience = seat if seat < len(clients) else None
        guarded, own = check_messages(truth, audience, client.seen)
        assert guarded > len(client.seen) // 2, "the leak check had nothing hidden to catch"
        if audience is not None:
            assert own > 0, "a seat's own cards never showed: the tokenizer misses cards"


async def test_four_humans_play_a_full_relay_game_without_leaks(server: Server) -> None:
    table, clients, spectator = await play_full_round(server, "relay", {"cards": 5}, terminal, 1)
    await check_no_leaks(server, table, clients, spectator)
    info = await server.info(table)
    assert info["status"] == "finished" and info["outcome"]["scores"]
    record = (await server.http.get(f"/api/tables/{table}/record")).text
    game = get_game("relay")
    parsed = GameRecord.from_jsonl(record)
    final = replay(game, game.config_from_json(parsed.config), parsed.records)
    assert game.outcome(final) is not None and game.outcome(final).to_json() == info["outcome"]


def tichu_round_done(obs: Json) -> bool:
    return bool(obs.get("score_sheet")) or bool(obs["terminal"])


async def test_four_humans_play_a_full_tichu_round_without_leaks(server: Server) -> None:
    pytest.importorskip("cardroom.games.tichu.game")
    try:
        get_game("tichu")
    except KeyError:
        pytest.skip("tichu is not registered yet")
    table, clients, spectator = await play_full_round(server, "tichu", {}, tichu_round_done, 2)
    await check_no_leaks(server, table, clients, spectator)
    assert all(len(c.obs["score_sheet"]) >= 1 for c in clients)


async def test_five_humans_play_a_toepen_game_without_leaks(server: Server) -> None:
    options = {"seats": 5, "lives": 2}
    table, clients, spectator = await play_full_round(server, "toepen", options, terminal, 3)
    await check_no_leaks(server, table, clients, spectator)
    assert (await server.info(table))["status"] == "finished"


async def test_a_full_round_on_postgresql(settings: Settings) -> None:
    url = os.environ.get("CARDROOM_TEST_PG_URL")
    if not url:
        pytest.skip("CARDROOM_TEST_PG_URL is not set")
    store = SqlStore(url, pg_schema=f"server_{secrets.token_hex(6)}")
    async with serve(settings, store) as server:
        table, clients, spectator = await play_full_round(server, "relay", {}, terminal, 4)
        await check_no_leaks(server, table, clients, spectator)
        assert (await server.info(table))["status"] == "finished"
    await drop_schema(str(store.pg_schema))


def all_played(obs: Json) -> bool:
    return bool(obs["hand_sizes"]) and not any(obs["hand_sizes"])


async def test_the_engine_toy_game_plays_through_the_server_too(server: Server) -> None:
    """The server needs nothing beyond the Game protocol (the toy has none of §2's keys)."""
    register_game(TOY)
    table = await server.create("toy", {})
    clients = [
        await Client.connect(server.ws_url, table, await server.seat(table, s)) for s in (0, 1)
    ]
    await asyncio.gather(
        *(play_until(c, s, "toy", all_played, random.Random(s)) for s, c in enumerate(clients))
    )
    info = await server.info(table)
    assert info["status"] == "finished" and sum(info["outcome"]["scores"]) == sum(range(6))
