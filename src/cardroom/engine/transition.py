"""``Transition``: what one command would do, as the runner proposes it.

A module of its own so that ``runner.py`` can be compiled (mypyc builds no generic dataclass).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from cardroom.engine.game import JsonAble
from cardroom.engine.record import LogRecord

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """What one command would do: the log records to store, the new state and its events."""

    records: tuple[LogRecord, ...]
    state: S
    events: tuple[JsonAble, ...]
