"""The player store on SQLite and PostgreSQL: a match recorded once, ratings upserted, totals
and co-player records kept, a guest's history merged into its new account, the profile's
bounded reads and the leaderboard."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardroom.server.players import profile as profiles
from cardroom.storage import SqlStore
from cardroom.storage.players import (
    Account,
    MatchPlayer,
    MatchResult,
    NameTaken,
    PlayerStore,
    Rating,
)

from .conftest import drop_schema, open_backend

AT = "2026-01-0{}T00:00:00.000+00:00"


@pytest.fixture(params=["sqlite", "postgres"])
async def players(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[PlayerStore]:
    store = await open_backend(request.param, tmp_path)
    assert isinstance(store, SqlStore)
    yield PlayerStore(store)
    await store.close()
    if store.pg_schema is not None:
        await drop_schema(store.pg_schema)


def seat(n: int, who: str | None, team: int, result: str, guest: str | None = None,
         rating: float | None = None) -> MatchPlayer:  # fmt: skip
    shown = None if rating is None else Rating("tichu", rating, 5.0, 1000 + rating, 0, 0)
    return MatchPlayer(n, who or f"guest{n}", team, result, who, guest, False, shown, {"bombs": n})


async def test_matches_totals_guests_and_boards(players: PlayerStore) -> None:
    for account in ("ann", "bob"):
        await players.create_account(Account(account, account, "human", "h", AT.format(1)),
                                     account)  # fmt: skip
    with pytest.raises(NameTaken):
        await players.create_account(Account("x", "ANN", "human", "h", AT.format(1)), "ann")
    guest_match = MatchResult("t1", "tichu", False, AT.format(1), {"winners": [0, 2]}, (
        seat(0, None, 0, "win", guest="g"), seat(1, "bob", 1, "loss"),
        seat(2, "bot:x", 0, "win"), seat(3, "bot:x", 1, "loss"),
    ))  # fmt: skip
    rated = MatchResult("t2", "tichu", True, AT.format(2), {"winners": [1, 3]}, (
        seat(0, "ann", 0, "loss", rating=20.0), seat(1, "bob", 1, "win", rating=30.0),
        seat(2, "carl", 0, "loss", rating=21.0), seat(3, "dora", 1, "win", rating=31.0),
    ))  # fmt: skip
    for match in (guest_match, rated):
        assert await players.record_match(match)
    assert not await players.record_match(rated)  # once only
    assert await players.claim_guest("g", "ann") == 1
    ann = await players.account("ann")
    assert ann is not None
    data = await profiles.profile(players, ann)
    assert [m["table"] for m in data["recent"]] == ["t2", "t1"]
    assert data["stats"]["tichu"]["matches"] == 2 and data["stats"]["tichu"]["won"] == 1
    assert data["stats"]["tichu"]["bombs"] == 0  # seat 0's counters, twice
    assert {p["name"]: p["games"] for p in data["stats"]["tichu"]["opponents"]} == {
        "bob": 2,
        "bot:x": 1,
        "dora": 1,
    }
    assert data["ratings"]["tichu"]["display"] == 1020.0 and data["ratings"]["tichu"]["rank"] == 2
    assert [p["display"] for p in data["history"]["tichu"]] == [1020.0]
    board = await profiles.leaderboard(players, "tichu", "human", 10, 0)
    assert [p["name"] for p in board["players"]] == ["bob", "ann"]  # carl, dora: no account
    assert (await profiles.leaderboard(players, "tichu", "human", 10, 1))["players"][0]["rank"] == 2
