"""``cardroom play --server``: the terminal takes a seat at a real server table and plays a
Tichu match to its end by always answering ``1`` (the first legal action)."""

from __future__ import annotations

import io

from cardroom.tui.prompt import Console
from cardroom.tui.remote import RemoteSeat, play_remote, ws_url
from tests.server.test_e2e_browser import live, server  # noqa: F401  (live-server fixtures)


def test_ws_url_follows_the_http_scheme() -> None:
    assert ws_url("http://127.0.0.1:8000") == "ws://127.0.0.1:8000/ws"


def test_a_line_is_used_only_once_the_acked_action_has_shown_its_effect() -> None:
    client = RemoteSeat(Console(io.StringIO(), io.StringIO()), 0)
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": {"legal": ["pass"]}, "seats": []})
    assert client.ready()
    client.act("pass")
    assert not client.ready()
    client.handle({"t": "ack", "id": 1})
    assert not client.ready()  # the observation of version 4 has not arrived yet
    client.handle({"t": "ev", "v": 4, "events": [], "obs": {"legal": ["pass"]}})
    assert client.ready()


def test_an_ack_folded_into_its_envelope_frees_the_prompt() -> None:
    client = RemoteSeat(Console(io.StringIO(), io.StringIO()), 0)
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": {"legal": ["pass"]}, "seats": []})
    client.act("pass")
    client.handle({"t": "ev", "v": 4, "events": [], "obs": {"legal": ["pass"]}, "ack": 2})
    assert not client.ready()  # another request's ack
    client.handle({"t": "ev", "v": 5, "events": [], "obs": {"legal": ["pass"]}, "ack": 1})
    assert client.ready()


def test_a_refused_action_is_shown_and_the_seat_may_try_again() -> None:
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), 0)
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": {"legal": ["pass"]}, "seats": []})
    client.act("play 2G")
    client.handle({"t": "reject", "id": 1, "code": "illegal", "msg": "2G is not in your hand"})
    assert "Refused: 2G is not in your hand" in out.getvalue()
    assert client.ready()


def test_terminal_plays_a_server_table_to_the_end(server: str) -> None:  # noqa: F811
    import httpx

    created = httpx.post(
        f"{server}/api/tables", json={"game": "tichu", "options": {"target_score": 1}}
    ).json()
    table = created["id"]
    for seat in (1, 2, 3):
        httpx.post(
            f"{server}/api/tables/{table}/seats/{seat}/bot",
            json={"level": "random"},
            headers={"X-Cardroom-Owner": created["owner"]},
        )
    out = io.StringIO()
    code = play_remote(server, table, 0, "Term", None, Console(io.StringIO("1\n" * 3000), out))
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "Game over" in text
    assert "Score sheet:" in text
    info = httpx.get(f"{server}/api/tables/{table}").json()
    assert info["status"] == "finished"
    assert info["seats"][0]["name"] == "Term"


def test_terminal_takes_an_invited_seat_from_a_join_link(server: str) -> None:  # noqa: F811
    import httpx
    import pytest

    from cardroom.tui.remote import join_link, take_seat

    created = httpx.post(f"{server}/api/tables", json={"game": "tichu", "options": {}}).json()
    table = created["id"]
    for seat in range(4):  # a running game of bots: its seats need the invite
        httpx.post(
            f"{server}/api/tables/{table}/seats/{seat}/bot",
            json={"level": "random"},
            headers={"X-Cardroom-Owner": created["owner"]},
        )
    with pytest.raises(ValueError, match="cannot take seat 1"):
        take_seat(server, table, 1, "Stranger")
    linked, table_id, invite = join_link(server + created["invite_link"])
    assert (linked, table_id, invite) == (server, table, created["invite"])
    assert take_seat(server, table_id, 1, "Term", invite)
    assert httpx.get(f"{server}/api/tables/{table}").json()["seats"][1]["name"] == "Term"


def test_terminal_signs_in_and_sits_as_its_account(server: str) -> None:  # noqa: F811
    import httpx
    import pytest

    from cardroom.tui.account import sign_in
    from cardroom.tui.remote import take_seat

    password = "terminal password"
    with httpx.Client(base_url=server, headers={"Origin": server}) as browser:
        made = browser.post("/api/accounts", json={"name": "termina", "password": password})
        assert made.status_code == 201, made.text
        created = browser.post("/api/tables", json={"game": "tichu", "rated": True}).json()
    with pytest.raises(ValueError, match="wrong name or password"):
        sign_in(server, "termina", "not the password")
    with pytest.raises(ValueError, match="cannot take seat 0: 403"):
        take_seat(server, created["id"], 0, "Term")  # a rated table: guests are refused
    session = sign_in(server, "TERMINA", password)
    assert take_seat(server, created["id"], 0, "ignored", session=session)
    seat = httpx.get(f"{server}/api/tables/{created['id']}").json()["seats"][0]
    assert seat["name"] == "termina"
