"""The event loop's health, logged every few seconds (``cardroom serve --stats-every S``).

Why: a table's latency is the loop's latency. When p99 grows, an operator needs to see whether
the loop turns are long (too much work per turn), the collector pauses it, or the process gets
too little CPU (the machine is oversubscribed: a pause's wall time far above its CPU time).
One line per period: loop lag (how late a 50 ms sleep wakes) p50/p99/max, the process's CPU
share, and the garbage collector's pauses (count, total, the longest in wall and CPU time).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardroom.bots.stats import percentile

log = logging.getLogger("cardroom.server.ops.health")

TICK = 0.05
"""How often the loop is probed: short enough to catch turns of tens of ms."""


@dataclass
class LoopHealth:
    """Loop lags and collector pauses since the last report."""

    lags: list[float] = field(default_factory=list)
    pauses: list[tuple[float, float, int]] = field(default_factory=list)
    """(wall seconds, CPU seconds, generation) of each collection."""
    _gc_started: tuple[float, float] | None = None

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = (time.perf_counter(), time.thread_time())
        elif self._gc_started is not None:
            wall, cpu = self._gc_started
            self._gc_started = None
            self.pauses.append(
                (time.perf_counter() - wall, time.thread_time() - cpu, info["generation"])
            )

    def report(self, seconds: float, cpu: float) -> str:
        """One line for the period just ended (``cpu``: process CPU seconds in it)."""
        ms = 1000.0
        lags = self.lags
        line = (
            f"loop lag p50 {percentile(lags, 50) * ms:.1f} p99 {percentile(lags, 99) * ms:.1f} "
            f"max {max(lags, default=0.0) * ms:.1f} ms; cpu {100 * cpu / seconds:.0f} % of a core"
        )
        if self.pauses:
            longest = max(self.pauses)
            line += (
                f"; gc {len(self.pauses)} pauses, {sum(p[0] for p in self.pauses) * ms:.0f} ms "
                f"in all, longest {longest[0] * ms:.1f} ms wall / {longest[1] * ms:.1f} ms cpu "
                f"(generation {longest[2]})"
            )
        self.lags, self.pauses = [], []
        return line


async def watch_loop(every: float, extra: Callable[[], str] | None = None) -> None:
    """Probe the loop and log its health every ``every`` seconds (0: return at once); run as
    a task for the server's life. ``extra()`` adds to each line (e.g. the commits' batching)."""
    if every <= 0:
        return
    health = LoopHealth()
    gc.callbacks.append(health.on_gc)
    loop = asyncio.get_running_loop()
    try:
        started, cpu = loop.time(), time.process_time()
        while True:
            before = loop.time()
            await asyncio.sleep(TICK)
            now = loop.time()
            health.lags.append(max(0.0, now - before - TICK))
            if now - started >= every:
                spent = time.process_time()
                line = health.report(now - started, spent - cpu)
                log.info("%s%s", line, f"; {extra()}" if extra is not None else "")
                started, cpu = now, spent
    finally:
        gc.callbacks.remove(health.on_gc)
