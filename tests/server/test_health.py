"""The loop-health log line (``server/ops/health.py``): lags, CPU share, real collector pauses."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest

from cardroom.server.ops import health

from .conftest import TIMEOUT


def test_a_collection_is_reported_as_a_pause_then_the_period_resets() -> None:
    seen = health.LoopHealth()
    gc.callbacks.append(seen.on_gc)
    try:
        gc.collect(0)
    finally:
        gc.callbacks.remove(seen.on_gc)
    assert len(seen.pauses) == 1 and seen.pauses[0][2] == 0
    seen.lags = [0.001, 0.002, 0.120]
    line = seen.report(seconds=5.0, cpu=2.5)
    assert line.startswith("loop lag p50 2.0 p99 120.0 max 120.0 ms; cpu 50 % of a core; gc 1 ")
    assert "(generation 0)" in line
    assert seen.report(seconds=5.0, cpu=0.0).endswith("cpu 0 % of a core")  # nothing carried over


def test_watch_loop_logs_a_line_per_period(caplog: pytest.LogCaptureFixture) -> None:
    def logged() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == "cardroom.server.ops.health"]

    async def a_while() -> None:
        task = asyncio.create_task(health.watch_loop(0.2, lambda: "3 commits of 9 appends"))
        async with asyncio.timeout(TIMEOUT):  # a line, however late a loaded machine runs it
            while not logged():
                await asyncio.sleep(0.05)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with caplog.at_level(logging.INFO, logger="cardroom.server.ops.health"):
        asyncio.run(a_while())
    lines = logged()
    assert lines and all(line.startswith("loop lag p50 ") for line in lines)
    assert lines[0].endswith("; 3 commits of 9 appends")
    assert not any(cb.__self__.__class__ is health.LoopHealth for cb in gc.callbacks
                   if hasattr(cb, "__self__"))  # fmt: skip


def test_watch_loop_returns_at_once_when_off() -> None:
    asyncio.run(asyncio.wait_for(health.watch_loop(0), 1))
