"""What a table command yields, free of any transport: ``Accepted`` or ``Refused`` (with a
``Refusal`` kind and a reason), or a ``LobbyError`` (with a ``Problem`` kind).

The web layer alone turns these into wire replies (``reject`` codes) and HTTP statuses, each in
one place, so table logic never builds a message for a socket.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

T = TypeVar("T")


class Refusal(StrEnum):
    """Why a table refused a player's command."""

    NOT_YOURS = "not_yours"  # the token holds no (or no longer this) seat
    NOT_RUNNING = "not_running"  # the game is open or finished
    STALE = "stale"  # the table changed in a way that changes the act's meaning
    NOTATION = "notation"  # the action text does not parse
    ILLEGAL = "illegal"  # a well-formed action the rules forbid now
    NOT_ACTIVE = "not_active"  # the seat has nothing to decide now
    NOT_STORED = "not_stored"  # the store failed; nothing changed


@dataclass(frozen=True, slots=True)
class Accepted(Generic[T]):
    value: T


@dataclass(frozen=True, slots=True)
class Refused:
    refusal: Refusal
    reason: str
    """For people; never carries hidden state."""


Outcome = Accepted[T] | Refused


class Problem(StrEnum):
    """The kind of a ``LobbyError`` (the web layer maps each to an HTTP status)."""

    BAD_REQUEST = "bad_request"
    CONFLICT = "conflict"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    GONE = "gone"
    BUSY = "busy"


class LobbyError(ValueError):
    """A seat or table request that cannot be granted."""

    def __init__(self, msg: str, problem: Problem = Problem.CONFLICT) -> None:
        super().__init__(msg)
        self.problem = problem


class ActorStopped(RuntimeError):
    """The table's actor is no longer running (server shutdown or lost log ownership)."""
