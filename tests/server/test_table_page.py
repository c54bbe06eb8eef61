"""What the table page needs from the server besides the game: the public history and chat in
``welcome``, chat relay with its rate limit, the pause before the next deal, finished tables
with their replay, bot levels in ``/api/games``, the favicon."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from cardroom.server import Settings

from .conftest import Client, Server, serve
from .players import play_until

Json = dict[str, Any]


async def finished_toepen(server: Server) -> str:
    table = await server.create("toepen", {"lives": 2})
    for seat in range(4):
        await server.bot(table, seat)
    spectator = await Client.connect(server.ws_url, table, None)
    await spectator.obs_until(lambda o: bool(o["terminal"]))
    await spectator.close()
    return table


async def test_a_finished_table_is_listed_with_its_replay(server: Server) -> None:
    table = await finished_toepen(server)
    listed = (await server.http.get("/api/tables/finished")).json()
    assert [t["replay"] for t in listed if t["id"] == table] == [f"/replay/{table}"]
    steps = (await server.http.get(f"/api/tables/{table}/replay")).json()["steps"]
    assert steps[-1]["obs"]["terminal"] and all("hands" in s["obs"] for s in steps)
    seat_view = (await server.http.get(f"/api/tables/{table}/replay?view=2")).json()
    assert all(s["obs"]["audience"] == 2 for s in seat_view["steps"])
    bad = await server.http.get(f"/api/tables/{table}/replay?view=9")
    assert bad.status_code == 400 and "seat" in bad.json()["error"]


async def test_welcome_carries_the_public_history(server: Server) -> None:
    table = await finished_toepen(server)
    late = await Client.connect(server.ws_url, table, None)
    welcome = await late.until(lambda m: m["t"] == "welcome")
    types = {e["type"] for e in welcome["history"]}
    # R7.1: folds after a knock may end the game before any card is played, so neither
    # "play" nor "trick" is required (it happened about once in eight bot games)
    assert {"deal", "game_over"} <= types
    deals = [e for e in welcome["history"] if e["type"] == "deal"]
    assert all(hand is None for e in deals for hand in e["hands"])  # a spectator's view
    await late.close()


async def test_chat_is_relayed_signed_and_rate_limited(server: Server) -> None:
    table = await server.create("toepen", {})
    token = await server.seat(table, 1, "Bea")
    player = await Client.connect(server.ws_url, table, token)
    watcher = await Client.connect(server.ws_url, table, None)
    await watcher.until(lambda m: m["t"] == "welcome")
    await player.send({"t": "chat", "text": " hello  <b>all</b> ", "name": "ignored"})
    line = await watcher.until(lambda m: m["t"] == "chat")
    assert (line["name"], line["seat"], line["text"]) == ("Bea", 1, "hello <b>all</b>")
    await player.send({"t": "chat", "text": "again", "id": 7})
    refused = await player.until(lambda m: m["t"] == "reject")
    assert refused["code"] == "too_fast"
    await watcher.send({"t": "chat", "text": "x" * 301})
    assert (await watcher.until(lambda m: m["t"] == "reject"))["code"] == "malformed"
    again = await Client.connect(server.ws_url, table, None)
    welcome = await again.until(lambda m: m["t"] == "welcome")
    assert [c["text"] for c in welcome["chat"]] == ["hello <b>all</b>"]
    for client in (player, watcher, again):
        await client.close()


async def test_the_next_deal_waits_for_the_round_pause(settings: Settings) -> None:
    # The watcher is there before the deal, so it cannot miss the first pause; 50 lives, so
    # the first hand cannot end the game (random bots knock high); 5 s, so a slow connection
    # still finds the pause running.
    async with serve(replace(settings, round_pause=5.0)) as server:
        table = await server.create("toepen", {"lives": 50})
        watcher = await Client.connect(server.ws_url, table, None)
        for seat in range(4):
            await server.bot(table, seat)
        await watcher.until(lambda m: m["t"] == "pause")
        ended = watcher.obs
        assert ended is not None and ended["last_hand"] is not None
        hand_no = ended["hand_no"]
        late = await Client.connect(server.ws_url, table, None)
        welcome = await late.until(lambda m: m["t"] == "welcome")
        assert welcome["next_deal_in"] is not None and 0 <= welcome["next_deal_in"] <= 5.0
        await watcher.obs_until(lambda o: o["hand_no"] == hand_no + 1)
        await watcher.close()
        await late.close()


async def test_the_next_deal_comes_at_once_when_every_human_is_ready(settings: Settings) -> None:
    # 50 lives: with the default 10, random knocks end the game in its first hand about once in
    # 5,000 games, and then no pause ever comes
    async with serve(replace(settings, round_pause=60)) as server:
        table = await server.create("toepen", {"lives": 50})
        player = await Client.connect(server.ws_url, table, await server.seat(table, 0, "Ann"))
        for seat in range(1, 4):
            await server.bot(table, seat)
        paused = lambda o: any(m["t"] == "pause" for m in player.seen)  # noqa: E731
        await play_until(player, 0, "toepen", paused, Random(1))
        hand_no = (player.obs or {})["hand_no"]
        await player.send({"t": "ready"})
        assert (await player.until(lambda m: m["t"] == "ready"))["seats"] == [0]
        await player.obs_until(lambda o: o["hand_no"] == hand_no + 1)  # long before 60 s
        await player.close()


async def test_games_list_their_bot_levels_and_the_favicon_is_served(server: Server) -> None:
    games = {g["name"]: g for g in (await server.http.get("/api/games")).json()}
    assert "heuristic" in games["tichu"]["bot_levels"]
    icon = await server.http.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")


PAGES = ["/", "/t/T1", "/replay/T1", "/rules/tichu", "/p/ann", "/leaderboard", "/challenge",
         "/challenge/2026-01-02", "/event", "/event/E1"]  # fmt: skip
"""Every path the browser client routes (main.js): a link to it, or a reload, gets the page."""


async def test_every_page_of_the_client_is_served_from_its_address(server: Server) -> None:
    for path in PAGES:
        page = await server.http.get(path)
        assert page.status_code == 200, path
        assert page.headers["content-type"].startswith("text/html"), path
