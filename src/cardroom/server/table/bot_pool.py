"""A capped pool of worker processes for heavy (search) bots, one pool per server process.

Why: a search bot thinks for hundreds of milliseconds of pure Python; in a thread it holds the
GIL and stalls every table's actor on the event loop, and unbounded it would take every core.
Here heavy levels run in at most ``workers`` processes (requests queue when all are busy), so
the event loop only waits for an answer. Light levels keep running in a thread
(``bot_driver``). Workers build their bots from ``(game, level)`` and keep them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from functools import cache

from cardroom.bots import Bot, SeatView, make_bot

DEFAULT_WORKERS = max(1, (os.cpu_count() or 2) - 1)
_pool: ProcessPoolExecutor | None = None
_workers = DEFAULT_WORKERS


def configure(workers: int) -> None:
    """Cap the pool at ``workers`` processes (before its first use)."""
    global _workers
    if workers < 1:
        raise ValueError("the bot pool needs at least one worker")
    _workers = workers


@cache
def _bot(game: str, level: str) -> Bot:
    return make_bot(game, level)


def _decide(game: str, level: str, view: SeatView, seed: int) -> str | None:
    """In a worker process: the bot's answer (bad answers are handled by the driver)."""
    from cardroom.server.table.bot_driver import choose_action

    return choose_action(_bot(game, level), view, random.Random(seed))


def pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:  # spawn: never fork a process that runs an event loop and threads
        context = multiprocessing.get_context("spawn")
        _pool = ProcessPoolExecutor(max_workers=_workers, mp_context=context)
    return _pool


async def decide_heavy(game: str, level: str, view: SeatView, seed: int) -> str | None:
    """The answer of a heavy bot, computed in the pool."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool(), _decide, game, level, view, seed)


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
