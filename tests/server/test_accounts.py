"""Accounts over a real server: sign up, in and out, the cookie, names, bad input, and the
attacks: name enumeration (by message and by timing, with a confidence interval), password
guessing, cross-site requests carrying the cookie, session fixation, revoked sessions."""

from __future__ import annotations

import math
import random
import secrets
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from .accounts_helpers import PASSWORD, browser, players_server, sign_up, whoami

Json = dict[str, Any]


def cookie_header(response: Any) -> str:
    value: str = response.headers["set-cookie"]
    return value


async def test_sign_up_in_out_and_the_cookie(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as ann:
        response = await sign_up(ann, "  Ann_Lee ")
        cookie = cookie_header(response).lower()
        assert response.json()["name"] == "Ann_Lee"
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert "secure" not in cookie  # plain http here; Secure under TLS
        first = ann.cookies["cardroom_session"]
        assert await whoami(ann) == "Ann_Lee"
        signed = await ann.post("/api/session", json={"name": "ANN_LEE", "password": PASSWORD})
        assert signed.status_code == 200 and signed.json()["name"] == "Ann_Lee"
        assert ann.cookies["cardroom_session"] != first  # rotated at sign-in
        async with browser(server) as old:
            old.cookies.set("cardroom_session", first, domain="127.0.0.1")
            assert await whoami(old) is None  # and the session it replaced has ended
        out = await ann.delete("/api/session")
        assert out.status_code == 200 and await whoami(ann) is None


@pytest.mark.parametrize("other", ["ann_lee", "ANN_LEE", "\u0410nn_Lee", "Ａｎｎ_Lee"])
async def test_names_are_unique_without_case_or_look_alikes(tmp_path: Path, other: str) -> None:
    async with players_server(tmp_path) as server, browser(server) as a, browser(server) as b:
        await sign_up(a, "Ann_Lee")
        response = await b.post("/api/accounts", json={"name": other, "password": PASSWORD})
        assert response.status_code == 409, response.text


BAD_INPUT = [
    ("POST", "/api/accounts", None, b"not json"),
    ("POST", "/api/accounts", [1, 2], None),
    ("POST", "/api/accounts", {"name": "ann"}, None),
    ("POST", "/api/accounts", {"name": "an", "password": PASSWORD}, None),
    ("POST", "/api/accounts", {"name": "a b c", "password": PASSWORD}, None),
    ("POST", "/api/accounts", {"name": "bot:heuristic", "password": PASSWORD}, None),
    ("POST", "/api/accounts", {"name": "x" * 25, "password": PASSWORD}, None),
    ("POST", "/api/accounts", {"name": "ann\u202e", "password": PASSWORD}, None),
    ("POST", "/api/accounts", {"name": "annie", "password": "short"}, None),
    ("POST", "/api/accounts", {"name": "annie", "password": "x" * 300}, None),
    ("POST", "/api/accounts", {"name": 7, "password": PASSWORD}, None),
    ("POST", "/api/session", {"name": ["ann"], "password": PASSWORD}, None),
    ("POST", "/api/session", None, b"\xff\xfe"),
    ("POST", "/api/session", {"name": "nobody", "password": "wrong password"}, None),
    ("GET", "/api/players/nobody", None, None),
    ("GET", "/api/players/" + "x" * 500, None, None),
    ("GET", "/api/players/%F0%9F%98%80", None, None),
    ("GET", "/api/leaderboard?game=chess", None, None),
    ("GET", "/api/leaderboard?kind=alien", None, None),
    ("GET", "/api/leaderboard?limit=-1", None, None),
    ("GET", "/api/leaderboard?limit=101", None, None),
    ("GET", "/api/leaderboard?offset=x", None, None),
    ("GET", "/api/leaderboard?offset=%C2%B2", None, None),
    ("POST", "/api/tables", {"game": "tichu", "rated": "yes"}, None),
    ("POST", "/api/tables", {"game": "tichu", "rated": True}, None),  # a guest: 403
]


async def test_every_route_refuses_bad_input_with_4xx(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as client:
        for method, path, body, raw in BAD_INPUT:
            response = await client.request(method, path, json=body, content=raw)
            assert 400 <= response.status_code < 500, (method, path, body, response.text)
            assert "error" in response.json()


async def test_rated_tables_need_standard_rules_and_signed_in_players(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as ann, browser(server) as g:
        await sign_up(ann, "ann")
        for body in ({"game": "tichu", "rated": True, "hot_seat": True},
                     {"game": "tichu", "rated": True, "options": {"allow_grand": False}},
                     {"game": "relay", "rated": True}):  # fmt: skip
            response = await ann.post("/api/tables", json=body)
            assert response.status_code == 400, (body, response.text)
        created = await ann.post(
            "/api/tables", json={"game": "tichu", "rated": True, "options": {"target_score": 50}}
        )
        assert created.status_code == 201 and created.json()["rated"] is True
        table = created.json()["id"]
        guest = await g.post(f"/api/tables/{table}/seats/1", json={"name": "guest"})
        assert guest.status_code == 403 and "sign in" in guest.json()["error"]
        seated = await ann.post(f"/api/tables/{table}/seats/0", json={"name": "ignored"})
        assert seated.status_code == 200
        info = (await ann.get(f"/api/tables/{table}")).json()
        assert info["seats"][0]["name"] == "ann"  # an account sits under its own name


async def test_two_accounts_from_one_browser_get_one_seat(tmp_path: Path) -> None:
    """Two accounts signed in from one browser (one guest id) cannot fill two seats, and one
    account cannot hold two seats, even at an unrated table."""
    async with players_server(tmp_path) as server:
        async with browser(server, guest="g1") as a, browser(server, guest="g1") as b:
            await sign_up(a, "alpha")
            await sign_up(b, "bravo")
            table = (await a.post("/api/tables", json={"game": "tichu", "rated": True})).json()
            first = await a.post(f"/api/tables/{table['id']}/seats/0", json={})
            assert first.status_code == 200
            second = await b.post(f"/api/tables/{table['id']}/seats/2", json={})
            assert second.status_code == 409 and "one seat" in second.json()["error"]
        async with browser(server) as c, browser(server) as c2:
            await sign_up(c, "charlie")
            signed = await c2.post("/api/session", json={"name": "charlie", "password": PASSWORD})
            assert signed.status_code == 200
            table = (await c.post("/api/tables", json={"game": "toepen"})).json()
            assert (await c.post(f"/api/tables/{table['id']}/seats/0", json={})).status_code == 200
            again = await c2.post(f"/api/tables/{table['id']}/seats/1", json={})
            assert again.status_code == 409


async def test_cross_site_requests_with_the_cookie_are_refused(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as ann:
        await sign_up(ann, "ann")
        body = {"game": "tichu", "name": "from evil"}
        for origin in ("https://evil.example", "null", "http://127.0.0.1.evil.example", None):
            del ann.headers["origin"]
            if origin is not None:  # None: no Origin header at all (nor a Referer)
                ann.headers["origin"] = origin
            response = await ann.post("/api/tables", json=body)
            assert response.status_code == 403, (origin, response.text)
        ann.headers["origin"] = server.url
        evil_out = await ann.delete("/api/session", headers={"Origin": "https://evil.example"})
        assert evil_out.status_code == 403 and await whoami(ann) == "ann"
        referer = await ann.post(
            "/api/tables", json=body, headers={"Origin": "", "Referer": server.url + "/"}
        )
        assert referer.status_code == 201  # a same-site page without Origin: its Referer
        assert (await ann.post("/api/tables", json=body)).status_code == 201
        lobby = (await ann.get("/api/tables")).json()
        assert [t["name"] for t in lobby] == ["from evil", "from evil"]  # only the two allowed


async def test_session_fixation_and_revocation(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as victim:
        await sign_up(victim, "victim")
        await victim.delete("/api/session")
        planted = secrets.token_urlsafe(32)  # an attacker sets the victim's cookie
        victim.cookies.set("cardroom_session", planted, domain="127.0.0.1")
        assert await whoami(victim) is None
        signed = await victim.post("/api/session", json={"name": "victim", "password": PASSWORD})
        assert signed.status_code == 200
        assert victim.cookies["cardroom_session"] != planted
        async with browser(server) as attacker:
            attacker.cookies.set("cardroom_session", planted, domain="127.0.0.1")
            assert await whoami(attacker) is None  # the planted id never became a session
            stolen = victim.cookies["cardroom_session"]
            attacker.cookies.set("cardroom_session", stolen, domain="127.0.0.1")
            assert await whoami(attacker) == "victim"
            await victim.delete("/api/session")  # sign out revokes it on the server
            assert await whoami(attacker) is None
            refused = await attacker.post("/api/tables", json={"game": "tichu", "rated": True})
            assert refused.status_code == 403  # a revoked session is a guest


async def test_sign_out_everywhere(tmp_path: Path) -> None:
    async with players_server(tmp_path) as server, browser(server) as phone:
        await sign_up(phone, "ann")
        async with browser(server) as laptop:
            signed = await laptop.post("/api/session", json={"name": "ann", "password": PASSWORD})
            assert signed.status_code == 200
            await phone.delete("/api/session")  # this device only
            assert await whoami(laptop) == "ann"
            await phone.post("/api/session", json={"name": "ann", "password": PASSWORD})
            assert (await phone.delete("/api/session?everywhere=true")).status_code == 200
            assert await whoami(laptop) is None and await whoami(phone) is None


async def test_password_guessing_is_rate_limited_per_name_and_per_address(tmp_path: Path) -> None:
    async with players_server(tmp_path, address_burst=12) as server, browser(server) as ann:
        await sign_up(ann, "ann")
        codes = []
        for i in range(6):
            guess = await ann.post("/api/session", json={"name": "ann", "password": f"guess{i:04}"})
            codes.append(guess.status_code)
        assert codes == [401] * 5 + [429]
        right = await ann.post("/api/session", json={"name": "ann", "password": PASSWORD})
        assert right.status_code == 429 and int(right.headers["retry-after"]) >= 1
        other = [await ann.post("/api/session", json={"name": f"user{i}", "password": "x" * 9})
                 for i in range(8)]  # fmt: skip
        assert [r.status_code for r in other][-1] == 429  # the address ran out: 1 + 6 + 1 + 4


def _mean_ci(samples: list[float]) -> tuple[float, float]:
    return statistics.fmean(samples), 1.96 * statistics.stdev(samples) / math.sqrt(len(samples))


@pytest.mark.slow
async def test_a_wrong_name_and_a_wrong_password_look_the_same(tmp_path: Path) -> None:
    """Same status and body, and the same time: attempts come in pairs (a wrong name and a
    wrong password, in random order), and the median of the pairs' differences is under a
    fifth of a sign-in (robust to a loaded machine); the mean difference and its 95% interval
    are printed (``-s`` shows them)."""
    limits = {"sign_in_burst": 10_000, "address_burst": 10_000}
    rng = random.Random(7)
    async with players_server(tmp_path, **limits) as server, browser(server) as client:
        await sign_up(client, "known")
        wrong_name, wrong_password = [], []
        bodies = set()
        for i in range(60):
            pair = [("unknown", wrong_name), ("known", wrong_password)]
            rng.shuffle(pair)
            for name, into in pair:
                start = time.perf_counter()
                response = await client.post(
                    "/api/session", json={"name": name, "password": f"wrong {i}"}
                )
                into.append(time.perf_counter() - start)
                bodies.add((response.status_code, response.text))
        assert len(bodies) == 1 and bodies.pop()[0] == 401
        a, b = _mean_ci(wrong_name), _mean_ci(wrong_password)
        diff = a[0] - b[0]
        half = math.hypot(a[1], b[1])
        print(f"\nsign-in, wrong name {a[0] * 1e3:.2f} ms, wrong password {b[0] * 1e3:.2f} ms; "
              f"difference {diff * 1e3:+.2f} ms, 95% CI [{(diff - half) * 1e3:+.2f}, "
              f"{(diff + half) * 1e3:+.2f}] ms")  # fmt: skip
        paired = statistics.median(x - y for x, y in zip(wrong_name, wrong_password, strict=True))
        assert abs(paired) < 0.2 * statistics.median(wrong_password)
