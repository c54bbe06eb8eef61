"""The shared TableStore contract, run against every backend (memory, SQLite, PostgreSQL)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardroom.engine import LogRecord
from cardroom.storage import (
    SeatRow,
    SeqConflict,
    SqlStore,
    StorageError,
    TableMeta,
    TableStore,
    UnknownTable,
)


def meta(table_id: str, created_at: str = "2026-01-01T00:00:00", **kw: object) -> TableMeta:
    return TableMeta(table_id, "toy", "1", {"cards": 6}, created_at=created_at, **kw)  # type: ignore[arg-type]


def recs(first: int, n: int) -> list[LogRecord]:
    return [
        LogRecord(first + i, "action", i % 2, f"play {i}", auto=i == 0, at="t") for i in range(n)
    ]


async def test_create_then_load_gives_empty_seats_and_log(store: TableStore) -> None:
    await store.create_table(meta("a", name="Alice's"), seats=3)
    loaded = await store.load("a")
    assert loaded.meta == meta("a", name="Alice's")
    assert loaded.seats == (SeatRow(0), SeatRow(1), SeatRow(2))
    assert loaded.records == () and loaded.version == 0


async def test_the_hints_flag_round_trips(store: TableStore) -> None:
    await store.create_table(meta("on"), seats=2)
    await store.create_table(meta("off", hints=False), seats=2)
    assert (await store.load("on")).meta.hints is True
    assert (await store.load("off")).meta.hints is False


async def test_derived_documents_are_kept_with_their_table(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    assert await store.derived("a", "review:0") is None
    await store.save_derived("a", "review:0", '{"x": 1}')
    await store.save_derived("a", "review:0", '{"x": 2}')  # replaced
    await store.save_derived("a", "review:1", "other")
    assert await store.derived("a", "review:0") == '{"x": 2}'
    assert await store.derived("a", "review:1") == "other"
    with pytest.raises(UnknownTable):
        await store.save_derived("nope", "review:0", "{}")
    await store.delete_table("a")
    assert await store.derived("a", "review:0") is None


async def test_duplicate_table_id_is_refused(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    with pytest.raises(StorageError):
        await store.create_table(meta("a"), seats=2)


async def test_append_keeps_order_and_round_trips_every_field(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.append("a", recs(1, 3))
    await store.append("a", [LogRecord(4, "chance", None, "shuffle 1 0", auto=True, at="x")])
    loaded = await store.load("a")
    assert list(loaded.records) == [
        *recs(1, 3),
        LogRecord(4, "chance", None, "shuffle 1 0", True, "x"),
    ]
    assert loaded.version == 4


@pytest.mark.parametrize("first", [1, 3, 5])
async def test_append_that_does_not_continue_the_log_conflicts(
    store: TableStore, first: int
) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.append("a", recs(1, 3))
    with pytest.raises(SeqConflict):
        await store.append("a", recs(first, 2))
    assert (await store.load("a")).version == 3


async def test_failed_batch_append_stores_nothing(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    bad = [*recs(1, 2), LogRecord(5, "action", 0, "x")]
    with pytest.raises(SeqConflict):
        await store.append("a", bad)
    assert (await store.load("a")).records == ()


async def test_concurrent_writers_cannot_fork_the_log(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    results = await asyncio.gather(
        *(store.append("a", [LogRecord(1, "action", s, f"w{s}")]) for s in range(4)),
        return_exceptions=True,
    )
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, SeqConflict) for r in results if r is not None)
    assert len((await store.load("a")).records) == 1


async def test_logs_of_different_tables_are_independent(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.create_table(meta("b"), seats=2)
    await store.append("a", recs(1, 2))
    await store.append("b", recs(1, 1))
    assert len((await store.load("a")).records) == 2
    assert len((await store.load("b")).records) == 1


async def test_seats_are_replaced(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.set_seat("a", SeatRow(1, "human", "Bob", None, "h4sh"))
    await store.set_seat("a", SeatRow(0, "bot", None, "random", None))
    assert (await store.load("a")).seats == (
        SeatRow(0, "bot", None, "random"),
        SeatRow(1, "human", "Bob", None, "h4sh"),
    )
    await store.set_seat("a", SeatRow(1))
    assert (await store.load("a")).seats[1] == SeatRow(1)
    with pytest.raises(StorageError):
        await store.set_seat("a", SeatRow(2, "human", "Eve"))


async def test_status_and_finish(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.set_status("a", "running")
    assert (await store.load("a")).meta.status == "running"
    with pytest.raises(StorageError):
        await store.set_status("a", "paused")
    await store.finish("a", {"scores": [3, 1], "winners": [0]}, "2026-01-02T00:00:00")
    done = (await store.load("a")).meta
    assert (done.status, done.outcome, done.finished_at) == (
        "finished",
        {"scores": [3, 1], "winners": [0]},
        "2026-01-02T00:00:00",
    )


async def test_unknown_table(store: TableStore) -> None:
    with pytest.raises(UnknownTable):
        await store.load("nope")
    with pytest.raises(UnknownTable):
        await store.append("nope", recs(1, 1))
    with pytest.raises(UnknownTable):
        await store.set_status("nope", "running")


async def test_list_filters_by_status_newest_first_and_pages(store: TableStore) -> None:
    for i in range(5):
        await store.create_table(meta(f"t{i}", created_at=f"2026-01-0{i + 1}"), seats=2)
    await store.set_status("t1", "running")
    await store.finish("t3", {}, "2026-02-01")
    assert [m.id for m in await store.list_tables()] == ["t4", "t3", "t2", "t1", "t0"]
    assert [m.id for m in await store.list_tables({"open", "running"})] == ["t4", "t2", "t1", "t0"]
    assert [m.id for m in await store.list_tables({"finished"})] == ["t3"]
    assert [m.id for m in await store.list_tables(limit=2, offset=1)] == ["t3", "t2"]
    assert await store.list_tables(set()) == []


async def test_sqlite_file_survives_reopening(tmp_path: Path) -> None:
    path = str(tmp_path / "x.db")
    first = SqlStore(path)
    await first.open()
    await first.create_table(meta("a"), seats=2)
    await first.append("a", recs(1, 2))
    await first.close()
    again = SqlStore(f"sqlite:///{path}")
    await again.open()
    assert (await again.load("a")).records == tuple(recs(1, 2))
    await again.close()


async def test_delete_table_removes_it_with_its_seats_and_log(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.create_table(meta("b"), seats=2)
    await store.append("a", recs(1, 2))
    await store.delete_table("a")
    with pytest.raises(UnknownTable):
        await store.load("a")
    assert [m.id for m in await store.list_tables()] == ["b"]
    await store.create_table(meta("a"), seats=2)  # the id is free again, with an empty log
    assert (await store.load("a")).records == ()


async def test_rewrite_log_replaces_log_and_rules_version_atomically(store: TableStore) -> None:
    await store.create_table(meta("a"), seats=2)
    await store.create_table(meta("b"), seats=2)
    await store.append("a", recs(1, 3))
    await store.append("b", recs(1, 2))
    await store.rewrite_log("a", "2", recs(1, 5))
    loaded = await store.load("a")
    assert loaded.meta.rules_version == "2" and list(loaded.records) == recs(1, 5)
    await store.append("a", recs(6, 1))  # the log goes on from the rewritten end
    with pytest.raises(SeqConflict):
        await store.rewrite_log("a", "3", recs(2, 2))  # must start at 1
    assert (await store.load("a")).version == 6
    assert list((await store.load("b")).records) == recs(1, 2)
    with pytest.raises(UnknownTable):
        await store.rewrite_log("zz", "2", recs(1, 1))
