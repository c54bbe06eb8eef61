"""What a table sends its subscribers, as typed frames (msgspec Structs tagged by ``t``).

The actor builds these; the web layer encodes them to JSON (``web/wire.py``, which also holds
the client's frames and the schema of both). Transport-free: a test's inbox reads them as
objects, and ``msgspec.to_builtins`` gives the JSON object a socket carries.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec


class Frame(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=False):
    """A frame; its class's tag is its ``t``."""


class SeatInfo(msgspec.Struct, frozen=True):
    seat: int
    name: str | None
    kind: Literal["empty", "human", "bot"]
    level: str | None
    online: bool
    away: bool = False
    """A human seat whose clock ran out repeatedly: a bot plays it until the player is back."""


class Chat(Frame, frozen=True, tag="chat"):
    seat: int | None
    name: str
    text: str
    at: str


class ClockState(msgspec.Struct, frozen=True):
    """The turn clock: seconds per move, seconds left for each seat that owes a move (keyed by
    seat number), each seat's remaining time bank, the seats that are away."""

    move: float
    deadlines: dict[str, float]
    bank: list[float]
    away: list[int]


class Welcome(Frame, frozen=True, tag="welcome"):
    """A full snapshot: the audience's observation, seats, public history and chat."""

    v: int
    seat: int | None
    table: str
    status: Literal["open", "running", "finished"]
    obs: dict[str, Any]
    seats: list[SeatInfo]
    history: list[dict[str, Any]]
    chat: list[Chat]
    next_deal_in: float | None
    turn_timeout: float
    clock: ClockState | None = None
    hold: int | None = None
    """The seat that pressed Bomb while the table waits for its bomb (reconnecting pages)."""


class Ev(Frame, frozen=True, tag="ev", omit_defaults=True):
    """Version ``v``: its events as this audience sees them, and the observation after it.

    A socket's ``ack`` or ``clock`` that would follow it at once rides in it instead (the
    session folds them, ``web/ws.py``): at paced tables that is a third fewer frames to send.
    A client reads them as if they came next, ``ack`` first."""

    v: int
    events: list[dict[str, Any]]
    obs: dict[str, Any]
    ack: int | None = None
    """The id of this socket's act that this envelope (the last of its records) answers."""
    clock: ClockState | None = None
    """The turn clock as it stands after this envelope (a ``clock`` frame's fields)."""


class SeatList(Frame, frozen=True, tag="seats"):
    seats: list[SeatInfo]


class Unseated(Frame, frozen=True, tag="unseated"):
    """This socket lost its seat (``reason``); a spectator ``welcome`` follows."""

    seat: int
    reason: str


class Pause(Frame, frozen=True, tag="pause"):
    """The next deal comes in ``seconds`` (or once every human is ready)."""

    seconds: float


class ReadySeats(Frame, frozen=True, tag="ready"):
    """The human seats ready for the next deal."""

    seats: list[int]


class Clock(Frame, frozen=True, tag="clock"):
    """The turn clock changed (a seat began or stopped owing a move, a seat went away)."""

    move: float
    deadlines: dict[str, float]
    bank: list[float]
    away: list[int]


class Hold(Frame, frozen=True, tag="hold"):
    """``seat`` pressed Bomb and the table waits for its bomb (None: the hold is over)."""

    seat: int | None


class Rematch(Frame, frozen=True, tag="rematch"):
    """A finished table's rematch, sent to the seated players' sockets only: ``link`` carries
    its invite, which a private table's spectators must not get."""

    table: str
    link: str
