"""``BotPool``: a capped pool of worker processes for heavy (search) bots, one per server (the
app's registry owns it and shuts it down).

Why: a search bot thinks for hundreds of milliseconds of pure Python; in a thread it holds the
GIL and stalls every table's actor on the event loop, and unbounded it would take every core.
Here heavy levels run in at most ``workers`` processes (requests queue when all are busy), so
the event loop only waits for an answer. Light levels keep running on the loop
(``bot_driver``). Workers build their bots from ``(game, level)`` and keep them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from functools import cache

from cardroom.bots import Bot, SeatView, make_bot
from cardroom.bots.choose import choose_action


@cache
def _bot(game: str, level: str) -> Bot:
    return make_bot(game, level)


def _decide(game: str, level: str, view: SeatView, seed: int) -> str | None:
    """In a worker process: the bot's answer (bad answers are handled by the driver)."""
    return choose_action(_bot(game, level), view, random.Random(seed))


class BotPool:
    """Started on first use (most servers never seat a heavy bot)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("the bot pool needs at least one worker")
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:  # spawn: never fork a process that runs an event loop
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._executor

    async def decide(self, game: str, level: str, view: SeatView, seed: int) -> str | None:
        """The answer of a heavy bot, computed in a worker."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(), _decide, game, level, view, seed)

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
