"""Since when each seat's holder holds it, read off the table's ``seat`` records.

A seat that changes hands during a match must not hand its new holder what the seat saw before:
a running table serves a seat's past (catch-up envelopes, the review of its rounds) only from the
version its holder took it, and before that what a spectator saw. Derived from the log alone,
so a restarted table knows it as well: a ``human`` record right after the same ``human`` record
is the same account taking its seat on another device (``Seats.take``; no other human may take
a human's seat), which keeps the holder; any other ``seat`` record starts a new holding.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardroom.engine.record import LogRecord


def round_of(obs: Mapping[str, Any]) -> int:
    """The round an observation is in (a Toepen round is a hand)."""
    return int(obs.get("round") or obs.get("hand_no") or 1)


class Holders:
    """Per seat: the last ``seat`` record's text, and the version and round its holding
    began."""

    def __init__(self) -> None:
        self._texts: dict[int, str] = {}
        self._since: dict[int, tuple[int, int]] = {}

    def record(self, record: LogRecord, round_now: Callable[[], int]) -> None:
        """Fold one log record (only ``seat`` records change a holding; ``round_now``: the
        round the table is in, asked only then)."""
        if record.kind != "seat" or record.seat is None:
            return
        seat, text = record.seat, record.text
        moved = text.startswith("human ") and self._texts.get(seat) == text
        self._texts[seat] = text
        if not moved:
            self._since[seat] = (record.seq, round_now())

    def since(self, seat: int) -> int:
        """The version from which ``seat``'s holder holds it (0: since the table began)."""
        return self._since.get(seat, (0, 1))[0]

    def first_round(self, seat: int) -> int:
        """The first round ``seat``'s holder played (in part, if it sat down during it)."""
        return self._since.get(seat, (0, 1))[1]
