"""The server's garbage-collector policy (``server/ops/tuning.py``): survivors of a young collection
are frozen (never walked again), and a periodic full collection still reclaims their cycles."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from cardroom.server.ops import tuning

from .conftest import TIMEOUT


@pytest.fixture
def restored_gc() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    if tuning._freeze_after_young in gc.callbacks:
        gc.callbacks.remove(tuning._freeze_after_young)
    tuning._full_every = None
    tuning._young_every = None
    gc.enable()
    gc.unfreeze()
    gc.set_threshold(*threshold)
    gc.collect()


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_young_survivors_are_frozen_and_a_full_collection_frees_their_cycles(
    restored_gc: None,
) -> None:
    tuning.freeze_survivors(full_every=0.05)
    frozen = gc.get_freeze_count()
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle that outlives a young collection
    gone = weakref.ref(a)
    gc.collect(0)
    assert gc.get_freeze_count() > frozen  # the survivors left the generations
    del a, b
    gc.collect(1)
    assert gone() is not None  # frozen: an ordinary collection no longer walks the cycle

    async def one_round() -> None:
        task = asyncio.create_task(tuning.full_collections())
        async with asyncio.timeout(TIMEOUT):  # a collection, however late a loaded machine runs it
            while gone() is not None:
                await asyncio.sleep(0.01)
        task.cancel()

    asyncio.run(one_round())
    assert gone() is None  # the periodic full collection freed it


def test_full_collections_return_at_once_without_the_policy(restored_gc: None) -> None:
    asyncio.run(asyncio.wait_for(tuning.full_collections(), 1))


def test_young_collections_replace_the_automatic_collector_and_freeze_survivors(
    restored_gc: None,
) -> None:
    tuning.freeze_survivors(full_every=0, young_every=0.02)
    frozen = gc.get_freeze_count()

    async def a_while() -> tuple[bool, int]:
        task = asyncio.create_task(tuning.young_collections())
        await asyncio.sleep(0.01)
        automatic = gc.isenabled()
        kept = [[i] for i in range(1000)]  # young containers that survive the next collection
        await asyncio.sleep(0.1)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return automatic, len(kept)

    automatic, kept = asyncio.run(a_while())
    assert not automatic  # the timer collects instead
    assert gc.isenabled()  # and gives the collector back when it stops
    assert gc.get_freeze_count() >= frozen + kept  # the timer's collections froze the survivors


def test_young_collections_return_at_once_without_a_period(restored_gc: None) -> None:
    tuning.freeze_survivors(full_every=0)
    asyncio.run(asyncio.wait_for(tuning.young_collections(), 1))
    assert gc.isenabled()


@pytest.mark.parametrize("collect", [False, True])
def test_the_timer_freezes_young_objects_without_a_walk_unless_told_to_collect(
    restored_gc: None, collect: bool
) -> None:
    """Without ``young_collect`` no young object is walked: a young cycle is not freed by the
    timer (it waits for the full collection); with it, the timer's collection frees it."""
    tuning.freeze_survivors(full_every=0, young_every=0.01, young_collect=collect)
    collections = gc.get_stats()[0]["collections"]

    async def a_while() -> weakref.ref[Node]:
        task = asyncio.create_task(tuning.young_collections())
        await asyncio.sleep(0)
        a, b = Node(), Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
        del a, b
        frozen = gc.get_freeze_count()
        async with asyncio.timeout(TIMEOUT):  # ticks, however late a loaded machine runs them
            while gc.get_freeze_count() == frozen:
                await asyncio.sleep(0.01)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return gone

    gone = asyncio.run(a_while())
    assert (gone() is None) is collect
    assert (gc.get_stats()[0]["collections"] > collections) is collect
