"""A server upgraded with unfinished tables of older rules (real SQLite file): a Tichu 2026.1 log
is carried to today's notation, rewritten in the store, and play goes on; a Toepen log with moves
closes its table as abandoned, listed with the reason, its record still downloadable."""

from __future__ import annotations

import random
from pathlib import Path

from cardroom.engine import GameRecord, LogRecord, Runner, SeededResolver, get_game
from cardroom.engine.upgrade import upgrade_log
from cardroom.server.lobby.access import hash_token
from cardroom.server.settings import Settings
from cardroom.storage import SeatRow, SqlStore, TableMeta, utc_now

from .conftest import Client, serve
from .players import play_until

OLD_TICHU = GameRecord.from_jsonl(
    (Path(__file__).parents[1] / "games/tichu/data/tichu-2026.1-unfinished.jsonl").read_text()
)
TOKEN = "seat-one-secret"


async def store_old(db: str, table: str, record: GameRecord, seats: list[SeatRow]) -> None:
    """Write a table as an older server left it: its rules version, seats and log."""
    store = SqlStore(db)
    await store.open()
    try:
        meta = TableMeta(table, record.game, record.rules_version, dict(record.config),
                         name="old", status="running", created_at=utc_now())  # fmt: skip
        await store.create_table(meta, len(seats))
        for row in seats:
            await store.set_seat(table, row)
        await store.append(table, record.records)
    finally:
        await store.close()


async def load(db: str, table: str) -> tuple[str, tuple[LogRecord, ...], TableMeta]:
    store = SqlStore(db)
    await store.open()
    try:
        stored = await store.load(table)
        return stored.meta.rules_version, stored.records, stored.meta
    finally:
        await store.close()


async def test_tichu_table_of_old_rules_resumes_and_plays_on(settings: Settings) -> None:
    game = get_game("tichu")
    human = SeatRow(1, "human", "ann", token_hash=hash_token(TOKEN), guest_hash="g1")
    bots = [SeatRow(s, "bot", f"b{s}", level="random") for s in (0, 2, 3)]
    seats = sorted([human, *bots], key=lambda r: r.seat)
    await store_old(settings.db, "oldtichu", OLD_TICHU, seats)
    carried = upgrade_log("tichu", OLD_TICHU.rules_version, game.rules_version,
                          OLD_TICHU.records, OLD_TICHU.config)  # fmt: skip
    old_version = OLD_TICHU.records[-1].seq
    async with serve(settings) as server:
        version, records, _ = await load(settings.db, "oldtichu")
        assert version == game.rules_version  # the store agrees with the live table
        assert [r.text for r in records[: len(carried)]] == [r.text for r in carried]
        assert (await server.info("oldtichu"))["status"] == "running"
        # A client that last saw the old numbering gets a full welcome, never catch-up events.
        client = await Client.connect(server.ws_url, "oldtichu", TOKEN, since=old_version)
        try:
            first = await client.recv()
            assert first["t"] == "welcome" and first["v"] == len(carried) > old_version
            assert first["obs"]["turn"] == 1 and first["obs"]["legal"]
            rng = random.Random(5)
            await play_until(client, 1, "tichu", lambda o: (client.v or 0) > len(carried) + 8, rng)
        finally:
            await client.close()
    _, records, _ = await load(settings.db, "oldtichu")
    assert len(records) > len(carried) + 8


def old_toepen_record() -> GameRecord:
    """A Toepen table a few moves in, labelled with the rules it was played under."""
    game = get_game("toepen")
    runner = Runner(game, game.default_config(), SeededResolver(11))
    for _ in range(3):
        seat = min(game.awaited(runner.state))
        runner.act(seat, game.default_action(runner.state, seat))
    record = runner.to_record()
    return GameRecord(record.game, "toepen-default-1", record.config, record.records)


async def test_toepen_table_of_old_rules_is_abandoned_not_damaged(settings: Settings) -> None:
    record = old_toepen_record()
    game = get_game("toepen")
    count = game.num_seats(game.config_from_json(record.config))
    seats = [SeatRow(s, "human", f"p{s}", token_hash=hash_token(f"t{s}")) for s in range(count)]
    await store_old(settings.db, "oldtoep", record, seats)
    for restart in range(2):  # once when it is closed, once as a finished table
        async with serve(settings) as server:
            lobby = (await server.http.get("/api/tables")).json()
            listed = [t for t in lobby if t["id"] == "oldtoep"]
            if restart == 0:
                assert listed and listed[0]["status"] == "finished"
                assert "toepen-default-1" in listed[0]["reason"]
            info = await server.http.get("/api/tables/oldtoep")
            assert info.status_code == 410 and "record can be downloaded" in info.json()["error"]
            done = (await server.http.get("/api/tables/finished")).json()
            reason = next(t["outcome"]["reason"] for t in done if t["id"] == "oldtoep")
            assert reason.startswith("abandoned: rules upgraded from toepen-default-1")
            assert (await server.http.get("/api/tables/oldtoep/replay")).status_code == 410
            download = await server.http.get("/api/tables/oldtoep/record")
            assert download.status_code == 200
            assert GameRecord.from_jsonl(download.text).records == record.records
            client = await Client.connect(server.ws_url, "oldtoep", "t0")
            try:
                message = await client.recv()
                assert message["t"] == "reject" and message["code"] == "no_table", message
                assert "rules upgraded" in str(message)
            finally:
                await client.close()
    version, records, meta = await load(settings.db, "oldtoep")
    assert version == "toepen-default-1" and records == record.records
    assert meta.status == "finished" and meta.outcome is not None
    assert meta.outcome["winners"] == []
