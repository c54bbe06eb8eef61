"""The duplicate documents on every backend: insert-once (one try a day), upsert, prefix lists."""

from __future__ import annotations

import asyncio

from cardroom.storage import TableStore
from cardroom.storage.duplicate import duplicate_store


async def test_documents_insert_once_put_and_list(store: TableStore) -> None:
    docs = duplicate_store(store)
    await docs.open()
    await docs.open()  # opening twice (a restart) keeps the table
    assert await docs.get("entry", "2026-12-04/tichu/a") is None
    assert await docs.insert("entry", "2026-12-04/tichu/a", {"n": 1})
    assert not await docs.insert("entry", "2026-12-04/tichu/a", {"n": 2})  # one try
    assert await docs.get("entry", "2026-12-04/tichu/a") == {"n": 1}
    await docs.put("entry", "2026-12-04/tichu/a", {"n": 3})
    await docs.put("entry", "2026-12-05/tichu/b", {"n": 4})
    await docs.put("baseline", "2026-12-04/tichu", {"results": [10, -20]})
    assert await docs.get("entry", "2026-12-04/tichu/a") == {"n": 3}
    assert await docs.list("entry", "2026-12-04/") == [("2026-12-04/tichu/a", {"n": 3})]
    assert [k for k, _ in await docs.list("entry")] == ["2026-12-04/tichu/a", "2026-12-05/tichu/b"]
    assert await docs.list("entry", "2026-12-04/tichu/a%") == []  # no LIKE patterns


async def test_concurrent_first_tries_insert_one(store: TableStore) -> None:
    docs = duplicate_store(store)
    await docs.open()
    won = await asyncio.gather(*(docs.insert("entry", "d/g/p", {"n": n}) for n in range(8)))
    assert sum(won) == 1


async def test_insert_all_inserts_every_row_or_none(store: TableStore) -> None:
    """A guest try joining an account: the account's pointer and the guest's ``joined`` mark go
    in together, or neither (the second claim of one try, or an account that tried itself)."""
    docs = duplicate_store(store)
    await docs.open()
    first = [("entry", "d/g/account:1", {"n": 1}), ("joined", "d/g/guest", {"n": 1})]
    assert await docs.insert_all(first)
    taken = [("entry", "d/g/account:2", {"n": 2}), ("joined", "d/g/guest", {"n": 2})]
    assert not await docs.insert_all(taken)
    assert await docs.get("entry", "d/g/account:2") is None  # rolled back with the rest
    assert await docs.get("joined", "d/g/guest") == {"n": 1}
    assert await docs.insert_all([])


async def test_concurrent_joins_of_one_try_insert_one(store: TableStore) -> None:
    docs = duplicate_store(store)
    await docs.open()
    won = await asyncio.gather(
        *(
            docs.insert_all([("entry", f"d/g/account:{n}", {}), ("joined", "d/g/guest", {"n": n})])
            for n in range(8)
        )
    )
    assert sum(won) == 1
    winner = (await docs.get("joined", "d/g/guest") or {})["n"]
    assert [key for key, _ in await docs.list("entry")] == [f"d/g/account:{winner}"]


async def test_insert_all_writes_its_puts_only_with_its_rows(store: TableStore) -> None:
    """A guest's event place handed to an account: the ``handed`` mark is inserted and the
    event replaced together; a second hand-over (the mark exists) changes nothing."""
    docs = duplicate_store(store)
    await docs.open()
    await docs.put("event", "e1", {"members": ["guest"]})
    mark = ("handed", "e1/guest", {"player": "account:1"})
    assert await docs.insert_all([mark], [("event", "e1", {"members": ["account:1"]})])
    assert await docs.get("event", "e1") == {"members": ["account:1"]}
    again = ("handed", "e1/guest", {"player": "account:2"})
    assert not await docs.insert_all([again], [("event", "e1", {"members": ["account:2"]})])
    assert await docs.get("event", "e1") == {"members": ["account:1"]}
    assert await docs.get("handed", "e1/guest") == {"player": "account:1"}
