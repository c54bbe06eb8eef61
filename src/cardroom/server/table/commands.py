"""The commands a ``TableActor``'s inbox holds: one small frozen dataclass per command, each
declaring what ``TableActor.call`` returns for it (``Command[T]``).

Typed commands instead of closures: the inbox can be read, logged and tested as data, and the
actor dispatches on the command's type in one place (``TableActor.handle``), as lila's round
actor does. The first group comes from sessions and the lobby; the second from the actor's own
timers and bots.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cardroom.engine import Audience
from cardroom.server.lobby.access import Credentials
from cardroom.server.table.outcomes import Outcome
from cardroom.server.table.subscriber import Subscriber

T = TypeVar("T")
Json = dict[str, Any]
NOBODY = Credentials()


class Command(Generic[T]):
    """A command whose ``call`` returns a ``T``."""

    __slots__ = ()


# -- from sessions and the lobby -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Attach(Command[Outcome[None]]):
    """Subscribe a session as the seat ``token`` holds (a spectator without one), catching up
    from ``since`` (and on the chat after the line stamped ``chat_after``); refused when the
    token holds no seat."""

    sub: Subscriber
    token: str | None
    since: int | None
    chat_after: str | None = None


@dataclass(frozen=True, slots=True)
class Detach(Command[None]):
    sub: Subscriber


@dataclass(frozen=True, slots=True)
class Resync(Command[None]):
    """Send the session a fresh ``welcome``."""

    sub: Subscriber


@dataclass(frozen=True, slots=True)
class Act(Command[Outcome[None]]):
    """One action of ``seat``. ``token_hash``: the seat's holder when the session bound (None:
    not checked); ``seen``: the version the player acted on (None: not checked). ``reply`` hears
    the outcome once the new state is sent (an acked client already has it)."""

    seat: int
    text: str
    token_hash: str | None = None
    seen: int | None = None
    reply: Callable[[Outcome[None]], None] | None = None


@dataclass(frozen=True, slots=True)
class Say(Command[Outcome[None]]):
    """A chat line; ``name`` is how a spectator signs (refused: a seated player's name).
    ``token_hash``: as ``Act``'s, for a seat's line."""

    audience: Audience
    name: str | None
    text: str
    token_hash: str | None = None


@dataclass(frozen=True, slots=True)
class Ready(Command[None]):
    """``seat`` has read the round summary (``token_hash``: as ``Act``'s)."""

    seat: int
    token_hash: str | None = None


@dataclass(frozen=True, slots=True)
class TakeSeat(Command[str]):
    """Seat a human guest; returns the seat's secret token."""

    seat: int
    name: str
    who: Credentials = NOBODY


@dataclass(frozen=True, slots=True)
class SetBot(Command[None]):
    """Put a bot in a seat or change its level (``token``: a seated human handing it over)."""

    seat: int
    level: str
    who: Credentials = NOBODY
    token: str | None = None


@dataclass(frozen=True, slots=True)
class Leave(Command[Json]):
    """Free a seat; returns the seat's new holder (``{"seat", "kind"[, "level"]}``)."""

    seat: int
    token: str | None
    who: Credentials = NOBODY


@dataclass(frozen=True, slots=True)
class Rematch(Command[tuple[str, str]]):
    """The finished table's rematch (id, invite secret): ``make`` creates it for the first who
    asks; the others get the same one."""

    make: Callable[[], Awaitable[tuple[str, str]]]


@dataclass(frozen=True, slots=True)
class Close(Command[None]):
    """End the unfinished game now (a bot-only table's life is over), with ``reason``."""

    reason: str


# -- from the actor's own timers and bots ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Resume(Command[None]):
    """The first command of a (re)loaded table."""


@dataclass(frozen=True, slots=True)
class Deal(Command[None]):
    """The pause before the next deal is over."""


@dataclass(frozen=True, slots=True)
class FlushSeats(Command[None]):
    """Send the seat list if it changed."""


@dataclass(frozen=True, slots=True)
class BotAnswer(Command[None]):
    """A bot's answer for ``seat``, thought at version ``seen`` (``""``: none)."""

    seat: int
    text: str
    seen: int


@dataclass(frozen=True, slots=True)
class BotRetry(Command[None]):
    """Let ``seat``'s bot think again (its answer could not be stored)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ClockOut(Command[None]):
    """``seat``'s clock, running since ``since``, is used up."""

    seat: int
    since: float


# -- bombs and the clock, from sessions ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClaimBomb(Command[None]):
    """``seat`` pressed Bomb: hold the table until it plays one of its bombs (``token_hash``:
    as ``Act``'s)."""

    seat: int
    token_hash: str | None = None


@dataclass(frozen=True, slots=True)
class HoldOver(Command[None]):
    """The time to pick a bomb after a press, for the hold at ``version``, is up."""

    seat: int
    version: int


@dataclass(frozen=True, slots=True)
class Back(Command[None]):
    """An away seat's player is back (``token_hash``: as ``Act``'s)."""

    seat: int
    token_hash: str | None = None
