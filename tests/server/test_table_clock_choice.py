"""An owner's own turn clock for a table, over a real server on SQLite: asked at creation,
checked (a public table keeps one), shown in the table's summary, kept across a restart and
by a rematch."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cardroom.server import Settings

from .conftest import serve

Json = dict[str, Any]


def table(clock: Any, private: bool = False) -> Json:
    return {"game": "tichu", "options": {}, "name": "t", "private": private, "clock": clock}


@pytest.mark.parametrize(
    ("clock", "private", "expected"),
    [
        (None, False, {"move": 30.0, "bank": 60.0}),  # the server's default for public tables
        (None, True, {"move": 0.0, "bank": 0.0}),  # and none for private ones
        ({"move": 15, "bank": 30}, False, {"move": 15.0, "bank": 30.0}),
        ({"move": 0}, True, {"move": 0.0, "bank": 0.0}),
        ({"move": 120}, True, {"move": 120.0, "bank": 0.0}),
    ],
)
async def test_a_chosen_clock_is_the_tables_and_survives_a_restart(
    tmp_path: Path, clock: Any, private: bool, expected: Json
) -> None:
    settings = Settings(db=str(tmp_path / "c.db"), bot_delay=0.0, clock_move=30, clock_bank=60)
    async with serve(settings) as server:
        made = await server.http.post("/api/tables", json=table(clock, private))
        assert made.status_code == 201, made.text
        assert made.json()["clock"] == expected
        table_id, owner = made.json()["id"], made.json()["owner"]
    async with serve(settings) as server:
        info = await server.http.get(f"/api/tables/{table_id}", headers={"X-Cardroom-Owner": owner})
        assert info.json()["clock"] == expected


@pytest.mark.parametrize(
    ("clock", "private", "why"),
    [
        ({"move": 0}, False, "a public table keeps a clock"),
        ({"move": 5}, True, "0 (none) or 10..600"),
        ({"move": 30, "bank": 5000}, False, "bank must be 0..1800"),
        ({"move": "30"}, False, "numbers of seconds"),
        ({"move": True}, False, "numbers of seconds"),
        ({"bank": 30}, False, "'clock' must be"),
        ({"move": 30, "extra": 1}, False, "'clock' must be"),
        ([30, 60], False, "'clock' must be"),
    ],
)
async def test_a_bad_clock_is_refused_with_its_reason(
    tmp_path: Path, clock: Any, private: bool, why: str
) -> None:
    async with serve(Settings(db=str(tmp_path / "c.db"), bot_delay=0.0)) as server:
        refused = await server.http.post("/api/tables", json=table(clock, private))
        assert refused.status_code == 400 and why in refused.json()["error"], refused.text


async def test_a_rematch_keeps_the_tables_clock_and_pace(tmp_path: Path) -> None:
    """Players who chose a slow clock and a minimum wait get them again at the rematch."""
    settings = Settings(db=str(tmp_path / "c.db"), bot_delay=0.0, turn_timeout=0.05)
    async with serve(settings) as server:
        body = {"game": "relay", "options": {"seats": 2, "cards": 1}, "name": "r", "private": True,
                "clock": {"move": 45, "bank": 90}, "pace": 0}  # fmt: skip
        made = await server.http.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        table, owner = made.json()["id"], made.json()["owner"]
        for seat in (0, 1):
            bot = await server.http.post(
                f"/api/tables/{table}/seats/{seat}/bot",
                json={"level": "random"},
                headers={"X-Cardroom-Owner": owner},
            )
            assert bot.status_code == 200, bot.text
        actor = server.registry.actors[table]
        async with asyncio.timeout(30):
            while actor.status != "finished":
                await asyncio.sleep(0.02)
        again = await server.http.post(
            f"/api/tables/{table}/rematch", headers={"X-Cardroom-Owner": owner}
        )
        assert again.status_code == 200, again.text
        new = again.json()
        info = await server.http.get(
            f"/api/tables/{new['id']}", headers={"X-Cardroom-Owner": new["owner"]}
        )
        assert (info.json()["clock"], info.json()["pace"]) == ({"move": 45.0, "bank": 90.0}, 0.0)
