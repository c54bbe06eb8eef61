"""Carrying a stored log to the current rules version (a server upgraded with unfinished tables).

A game whose rule or notation change can be translated registers an upgrader; ``upgrade_log``
returns the log in today's notation (renumbered) or raises ``LogTooOld`` when the old log cannot
be replayed faithfully under today's rules (then the server closes the table as abandoned).

>>> upgrade_log("toy", "toy-1", "toy-1", ())
()
>>> upgrade_log("toy", "toy-0", "toy-1", ())
Traceback (most recent call last):
...
cardroom.engine.upgrade.LogTooOld: toy logs of rules toy-0 cannot be carried to toy-1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardroom.engine.record import LogRecord

Upgrader = Callable[[str, Mapping[str, Any], Sequence[LogRecord]], tuple[LogRecord, ...]]
"""``(old rules version, config JSON, records) -> records``; raises ``LogTooOld``."""

_UPGRADERS: dict[str, Upgrader] = {}


class LogTooOld(ValueError):
    """A log of older rules that today's engine cannot replay faithfully."""


def register_upgrader(game: str, upgrader: Upgrader) -> None:
    """Declare how ``game`` translates logs of its older rules versions."""
    _UPGRADERS[game] = upgrader


def upgrade_log(
    game: str,
    old: str,
    now: str,
    records: Sequence[LogRecord],
    config: Mapping[str, Any] | None = None,
) -> tuple[LogRecord, ...]:
    """``records`` (of rules ``old``) in the notation of rules ``now``, renumbered from 1."""
    if old == now:
        return tuple(records)
    upgrader = _UPGRADERS.get(game)
    if upgrader is None:
        raise LogTooOld(f"{game} logs of rules {old} cannot be carried to {now}")
    return upgrader(old, config or {}, records)


def renumber(records: Sequence[LogRecord]) -> tuple[LogRecord, ...]:
    """The records numbered 1, 2, … (a translation may split one record into several)."""
    return tuple(
        LogRecord(i, r.kind, r.seat, r.text, r.auto, r.at) for i, r in enumerate(records, 1)
    )
