"""Small value types shared by every game: seats, audiences and steps.

>>> SPECTATOR
SPECTATOR
>>> Step(state=1, events=())
Step(state=1, events=(), played=None)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeAlias, TypeVar

from cardroom.engine.drafts import draft_class, drafts_work

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


_StepDraft: Final = draft_class(Step)
_DRAFTS: Final = drafts_work(Step)


def make_step(state: S, events: tuple[E, ...], played: object | None = None) -> Step[S, E]:
    """``Step(state, events, played)``, built as a draft: the rules return one per move (see
    ``drafts``)."""
    if not _DRAFTS:
        return Step(state, events, played)
    new: Any = _StepDraft()
    new.state, new.events, new.played = state, events, played
    new.__class__ = Step
    return new  # type: ignore[no-any-return]


def audience_name(audience: Audience) -> str:
    """A stable text name for an audience (``seat2``, ``spectator``).

    >>> audience_name(2), audience_name(SPECTATOR)
    ('seat2', 'spectator')
    """
    if isinstance(audience, Viewer):
        return audience.value
    return f"seat{audience}"
