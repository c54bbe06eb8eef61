"""Process tuning for a busy server: the garbage collector.

Why: a server allocates many short-lived dicts and tuples per action (observations, events,
frames), which trips the default generation-0 threshold (700) hundreds of times a second, and
the resulting full collections (~150 ms at 64 tables) freed almost nothing: reference counting
already frees these objects. Profiling showed GC at 16 % of the server's CPU. A higher
threshold keeps cycle collection (some cycles do exist: tasks, exceptions) but runs it rarely;
``freeze`` moves everything alive after startup (modules, restored tables) out of the
collector's sight for good.

Why ``freeze_survivors``: at hundreds of tables most objects that survive a young collection
live long (the ring of recent versions, histories, the bots' caches: ~40,000 a second at 200
paced tables), so every generation-1 collection walked ~10^6 of them (0.25–0.45 s) and every
full one the whole heap: those pauses, not the work, made the p99 latency. Frozen after their
first collection they are never walked again; young cycles are still collected. Cycles that
form later among frozen objects (a finished table's actor, say) are reclaimed by an occasional
full collection (``full_collections``), one pause every ``full_every`` seconds.

Why ``young_every``: a young collection's cost is not its count of new objects but the
references they hold into the old heap: each one visited touches a frozen object somewhere in
gigabytes, a cache miss. At 500 paced tables per node the young generation held 57,000–65,000
objects when the threshold fired (objects re-tracked later are not counted) and the longest
collection of each 5 s paused the loop 23–89 ms of CPU, the largest part of the p99. With
``young_every`` the automatic collector is off and a loop timer handles the young generation
every few tens of ms: the same work in pauses of a few ms.

Why the timer freezes without collecting (unless ``young_collect``): a record's objects are
freed by reference counting, none is left in a cycle (``tests/server/test_actor.py`` checks a
table's records on each store, the drivers' side included: aiosqlite's, asyncpg's), so a young
collection walked every survivor (~90–130 objects and ~400–560 references per record, each one
a cache miss into the old heap) to find nothing: 7–12 % of a server's CPU under load.
``gc.freeze`` moves the young generation out of sight at once, without a walk; a cycle that
does form (a finished table's actor, say) waits for the full collection, as a frozen
survivor's cycle always did.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

log = logging.getLogger("cardroom.server.ops.tuning")

GEN1_THRESHOLD = 20
GEN2_THRESHOLD = 100
FREEZE_GEN0_THRESHOLD = 20_000
"""With survivors frozen a young collection walks only this many objects (a few ms)."""
_full_every: float | None = None
_young_every: float | None = None
_young_collect = False


def freeze_startup_objects() -> None:
    """After startup: collect once, then exempt every surviving object from later scans."""
    gc.collect()
    gc.freeze()


def _freeze_after_young(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info["generation"] == 0:
        gc.freeze()


def freeze_survivors(
    full_every: float, young_every: float = 0.0, young_collect: bool = False
) -> None:
    """From now on, freeze what survives each young collection; a running server also does a
    full collection every ``full_every`` seconds (``full_collections``; 0 = never) and, with
    ``young_every`` > 0, instead of the automatic collector, freezes the young generation every
    ``young_every`` seconds (``young_collections``; ``young_collect``: collects it first)."""
    global _full_every, _young_every, _young_collect
    gc.set_threshold(FREEZE_GEN0_THRESHOLD, GEN1_THRESHOLD, GEN2_THRESHOLD)
    if _freeze_after_young not in gc.callbacks:
        gc.callbacks.append(_freeze_after_young)
    _full_every = full_every
    _young_every = young_every or None
    _young_collect = young_collect


async def young_collections() -> None:
    """With ``freeze_survivors(young_every=…)``: switch the automatic collector off and freeze
    the young generation on a timer for the server's life (collected first with
    ``young_collect``, whose callback then freezes the survivors; run as a task; the collector
    is switched back on when it is cancelled); otherwise return at once."""
    every = _young_every
    if not every:
        return
    gc.disable()
    try:
        while True:
            await asyncio.sleep(every)
            if _young_collect:
                gc.collect(0)
            else:
                gc.freeze()
    finally:
        gc.enable()


async def full_collections() -> None:
    """With ``freeze_survivors``: unfreeze and collect everything every ``full_every`` seconds
    (run as a task for the server's life); otherwise return at once."""
    every = _full_every
    if not every:
        return
    while True:
        await asyncio.sleep(every)
        started = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        log.info("full collection: %d objects freed in %.0f ms", found,
                 (time.perf_counter() - started) * 1000)  # fmt: skip
