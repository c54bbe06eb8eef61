"""Rated matches over a real server: ratings equal ``openskill``'s own for the same result, a
match left early is lost (and its seat plays on as a bot nobody may claim), a seat moves to
the account's second device (the first is told), and a guest who signs up keeps its history."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from cardroom.server.players.ratings import display

from .accounts_helpers import PASSWORD, browser, players_server, sign_up
from .conftest import TIMEOUT, Client, Server
from .players import play_until

Json = dict[str, Any]
MODEL = PlackettLuce()


async def finished(server: Server, table: str) -> Json:
    """The table's summary once it is finished (waits on its status, at most ``TIMEOUT``)."""
    async with asyncio.timeout(TIMEOUT * 10):  # bots play a whole match; the machine may crawl
        while True:
            info: Json = (await server.http.get(f"/api/tables/{table}")).json()
            if info["status"] == "finished":
                return info
            await asyncio.sleep(0.05)


async def profile_with(client: Any, name: str, table: str) -> Json:
    """The player's profile once it lists ``table`` (recorded just after the table finishes;
    asked again then, as a profile read while the match was stored may show only its half)."""
    async with asyncio.timeout(TIMEOUT):
        while True:
            found: Json = (await client.get(f"/api/players/{name}")).json()
            if any(m["table"] == table for m in found.get("recent", ())):
                again: Json = (await client.get(f"/api/players/{name}")).json()
                return again
            await asyncio.sleep(0.05)


async def rated_table(client: Any, target: int = 50) -> tuple[str, str]:
    response = await client.post(
        "/api/tables",
        json={"game": "tichu", "rated": True, "options": {"target_score": target}},
    )
    assert response.status_code == 201, response.text
    return response.json()["id"], response.json()["owner"]


async def put_bot(client: Any, table: str, seat: int, owner: str, level: str) -> None:
    response = await client.post(f"/api/tables/{table}/seats/{seat}/bot", json={"level": level},
                                 headers={"X-Cardroom-Owner": owner})  # fmt: skip
    assert response.status_code == 200, response.text


def expected(teams: list[int], ranks: list[int]) -> list[list[Any]]:
    """openskill's own update for fresh players: ``teams[i]`` players in team ``i``."""
    return MODEL.rate([[MODEL.rating() for _ in range(n)] for n in teams],
                      ranks=[float(r) for r in ranks])  # fmt: skip


async def test_a_rated_bot_match_moves_ratings_as_openskill_does(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as ann:
        await sign_up(ann, "ann")
        table, owner = await rated_table(ann)
        for seat, level in enumerate(["heuristic", "random", "heuristic", "random"]):
            await put_bot(ann, table, seat, owner, level)
        info = await finished(server, table)
        await profile_with(ann, "bot:heuristic", table)
        winners = set(info["outcome"]["winners"])
        assert winners in ({0, 2}, {1, 3})
        ranks = [1, 2] if winners == {0, 2} else [2, 1]
        new = expected([2, 2], ranks)
        board = (await ann.get("/api/leaderboard?game=tichu&kind=bot")).json()["players"]
        by_name = {p["name"]: p for p in board}
        assert set(by_name) == {"bot:heuristic", "bot:random"}
        for name, team in (("bot:heuristic", 0), ("bot:random", 1)):
            # one bot in two seats is one player moved by both seats' (equal) updates
            mu = MODEL.mu + 2 * (new[team][0].mu - MODEL.mu)
            sigma = MODEL.sigma * (new[team][0].sigma / MODEL.sigma) ** 2
            got = by_name[name]
            assert abs(got["mu"] - mu) < 1e-3 and abs(got["sigma"] - sigma) < 1e-3
            assert got["display"] == display(mu, sigma) and got["games"] == 1
        assert (await ann.get("/api/leaderboard?game=tichu&kind=human")).json()["players"] == []


async def test_leaving_a_rated_match_early_loses_it(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as ann, browser(server) as bob:
        await sign_up(ann, "ann")
        await sign_up(bob, "bob")
        table, owner = await rated_table(ann, target=500)  # long enough to try the seat
        token = (await ann.post(f"/api/tables/{table}/seats/0", json={})).json()["token"]
        for seat in (1, 2, 3):
            await put_bot(ann, table, seat, owner, "heuristic")
        left = await ann.request("DELETE", f"/api/tables/{table}/seats/0",
                                 json={"token": token})  # fmt: skip
        assert left.status_code == 200 and left.json()["kind"] == "bot"
        for client, seat_owner in ((ann, owner), (bob, owner)):  # nobody takes the seat over
            claim = await client.post(f"/api/tables/{table}/seats/0", json={},
                                      headers={"X-Cardroom-Owner": seat_owner})  # fmt: skip
            assert claim.status_code == 403, claim.text
        info = await finished(server, table)
        profile = await profile_with(ann, "ann", table)
        match = profile["recent"][0]
        assert match["table"] == table and match["result"] == "loss" and match["left_early"]
        assert match["replay"] == f"/replay/{table}"
        lost = expected([2, 2], [2, 1])[0][0]  # rated as if ann's team lost, whatever it did
        assert "tichu" in profile["ratings"], profile
        rating = profile["ratings"]["tichu"]
        assert abs(rating["mu"] - lost.mu) < 1e-3 and abs(rating["sigma"] - lost.sigma) < 1e-3
        assert rating["games"] == 1 and rating["wins"] == 0 and rating["rank"] == 1
        assert profile["stats"]["tichu"]["matches"] == 1
        assert profile["stats"]["tichu"]["rounds"] >= 1
        assert info["seats"][0]["kind"] == "bot"
        board = (await ann.get("/api/leaderboard?game=tichu&kind=human")).json()["players"]
        assert [(p["name"], p["games"]) for p in board] == [("ann", 1)]


async def test_a_seat_moves_to_the_accounts_second_device(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as phone:
        await sign_up(phone, "ann")
        table = (await phone.post("/api/tables", json={"game": "toepen"})).json()["id"]
        token = (await phone.post(f"/api/tables/{table}/seats/0", json={})).json()["token"]
        first = await Client.connect(server.ws_url, table, token)
        await first.until(lambda m: m["t"] == "welcome" and m["seat"] == 0)
        async with browser(server) as laptop:
            signed = await laptop.post("/api/session", json={"name": "ann", "password": PASSWORD})
            assert signed.status_code == 200
            moved = await laptop.post(f"/api/tables/{table}/seats/0", json={})
            assert moved.status_code == 200 and moved.json()["token"] != token
            told = await first.until(lambda m: m["t"] == "unseated")
            assert "another device" in told["reason"]
            second = await Client.connect(server.ws_url, table, moved.json()["token"])
            await second.until(lambda m: m["t"] == "welcome" and m["seat"] == 0)
            stale = await Client.connect(server.ws_url, table, token)  # the old token is void
            refused = await stale.until(lambda m: m["t"] in ("error", "reject", "welcome"))
            assert refused["t"] != "welcome"
            for client in (first, second, stale):
                await client.close()


async def test_a_guest_who_signs_up_keeps_its_history(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server, guest="guest-7") as guest:
        created = await guest.post("/api/tables", json={"game": "toepen", "options": {"lives": 1}})
        table, owner = created.json()["id"], created.json()["owner"]
        token = (await guest.post(f"/api/tables/{table}/seats/0", json={"name": "g"})).json()
        for seat in (1, 2, 3):
            await put_bot(guest, table, seat, owner, "random")
        client = await Client.connect(server.ws_url, table, token["token"])
        await play_until(client, 0, "toepen", lambda o: o["terminal"], random.Random(5))
        await client.close()
        await finished(server, table)
        await profile_with(guest, "bot:random", table)
        response = await sign_up(guest, "newcomer")
        assert response.json()["claimed_matches"] == 1
        profile = (await guest.get("/api/players/NEWCOMER")).json()
        assert profile["name"] == "newcomer" and profile["ratings"] == {}
        assert [m["table"] for m in profile["recent"]] == [table]
        toepen = profile["stats"]["toepen"]
        assert toepen["matches"] == 1 and toepen["hands"] >= 1
        assert toepen["times_loser"] == int(profile["recent"][0]["result"] == "loss")
        assert toepen["opponents"] == [{"name": "bot:random", "games": 1, "won": toepen["won"]}]


async def test_a_rated_table_never_gives_hints(tmp_path: Path) -> None:
    """A rated table is made without hints even when asked for them, and its seated player's
    ask is refused while the match runs (hints would be a second player at the table)."""
    async with players_server(tmp_path) as server, browser(server) as ann:
        await sign_up(ann, "ann")
        asked = {"game": "tichu", "rated": True, "hints": True, "options": {"target_score": 500}}
        response = await ann.post("/api/tables", json=asked)
        assert response.status_code == 201, response.text
        table, owner = response.json()["id"], response.json()["owner"]
        assert response.json()["rated"] is True and response.json()["hints"] is False
        token = (await ann.post(f"/api/tables/{table}/seats/0", json={})).json()["token"]
        for seat in (1, 2, 3):
            await put_bot(ann, table, seat, owner, "heuristic")
        me = await Client.connect(server.ws_url, table, token)
        await me.obs_until(lambda o: bool(o.get("legal")))  # a decision of hers is due
        refused = await ann.post(f"/api/tables/{table}/hint", json={"token": token})
        assert refused.status_code == 403 and "hints are off" in refused.json()["error"]
        await me.close()
