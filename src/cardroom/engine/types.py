"""Small value types shared by every game: seats, audiences and steps.

>>> SPECTATOR
SPECTATOR
>>> Step(state=1, events=())
Step(state=1, events=(), played=None)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

Seat: TypeAlias = int
"""Seats are numbered 0..n-1 in play order."""


class Viewer(enum.Enum):
    """Audiences that are not a seat."""

    SPECTATOR = "spectator"
    OMNISCIENT = "omniscient"

    def __repr__(self) -> str:
        return self.name


SPECTATOR = Viewer.SPECTATOR
"""Sees only public information."""
OMNISCIENT = Viewer.OMNISCIENT
"""Sees everything: only for finished-game replays and debugging, never a live table."""

Audience: TypeAlias = "Seat | Viewer"

S = TypeVar("S")
E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class Step(Generic[S, E]):
    """The result of every transition: the new state and the events it caused.

    ``played`` is the action as the rules read it, when that says more than the submitted one
    (Tichu: an undeclared Phoenix with the value it took, R6.3.4); the log stores it, so a
    replay never depends on re-resolving shorthand.
    """

    state: S
    events: tuple[E, ...]
    played: object | None = None


def audience_name(audience: Audience) -> str:
    """A stable text name for an audience (``seat2``, ``spectator``).

    >>> audience_name(2), audience_name(SPECTATOR)
    ('seat2', 'spectator')
    """
    if isinstance(audience, Viewer):
        return audience.value
    return f"seat{audience}"
