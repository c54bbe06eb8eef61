"""The pause before the next deal (the round summary's countdown, cut short once every human is
ready). The turn clock is ``clock.py``.

Timers never act themselves: when one fires it posts a command to the actor's inbox, so what it
does is ordered with every other command and checked against the table as it is then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class DealPause:
    """The wait between a round's end and the next deal."""

    def __init__(self) -> None:
        self._timer: asyncio.TimerHandle | None = None
        self.deal_at: float | None = None  # loop time of the paused next deal
        self.ready_seats: set[int] = set()  # humans who asked for the next deal

    @property
    def waiting(self) -> bool:
        return self._timer is not None

    def start(self, seconds: float, deal: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()
        self.deal_at = loop.time() + seconds
        self._timer = loop.call_later(seconds, deal)
        self.ready_seats = set()

    def next_deal_in(self) -> float | None:
        """Seconds until the paused next deal, else None."""
        if self.deal_at is None:
            return None
        return max(0.0, round(self.deal_at - asyncio.get_running_loop().time(), 1))

    def ready(self, seat: int, humans: set[int]) -> bool:
        """``seat`` is ready; True (and the timer cancelled) once every human is."""
        self.ready_seats.add(seat)
        if humans <= self.ready_seats and self._timer is not None:
            self._timer.cancel()
            return True
        return False

    def end(self) -> None:
        """The deal comes now (or never): forget the pause."""
        self._timer, self.deal_at = None, None
        self.ready_seats = set()

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
