"""The websocket wire protocol (contracts §4) as typed messages: msgspec Structs tagged by
``t``, one per frame kind, in both directions.

Client frames are decoded through ``ClientMessage`` (types checked by msgspec, then the few
rules a type cannot say: chat text, chat names through ``names.clean_name``); a bad frame
becomes a ``WireError`` that the session answers with ``reject`` (never a crash, never a closed
table). Server frames are ``ServerMessage``: the table's (``table/frames.py``, built by the
actor) and the replies built here (``Ack``, ``Reject``, ``Pong``); ``encode`` writes any of
them. ``schema()`` is the JSON Schema of both directions (``docs/wire-schema.json``, kept
current by a test that also holds the browser and terminal clients to it).

Why msgspec: one declaration gives decoding, validation, encoding and the schema; its decoder
is faster than ``json.loads`` plus hand checks.

>>> parse_client('{"t": "act", "a": "pass", "id": 3, "v": 41}')
Act(text='pass', id=3, v=41)
>>> try:
...     parse_client('{"t": "jump"}')
... except WireError as exc:
...     print(exc.code, exc)
malformed unknown message type 'jump'; expected one of: act, back, bomb, chat, hello, ping, ready, \
resync
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

import msgspec

from cardroom.server.lobby.names import BadName, clean_chat, clean_name
from cardroom.server.table.frames import (
    Chat,
    Clock,
    Ev,
    Frame,
    Hold,
    Pause,
    ReadySeats,
    Rematch,
    SeatList,
    Unseated,
    Welcome,
)
from cardroom.server.table.outcomes import Accepted, Outcome, Refusal, Refused

Json = dict[str, Any]

RejectCode = Literal[
    "malformed", "notation", "illegal", "not_active", "unauthorized", "no_table", "error",
    "too_fast", "stale"
]  # fmt: skip
"""Contracts §4 and §4.1."""
REJECT_CODES: tuple[str, ...] = RejectCode.__args__  # type: ignore[attr-defined]
MAX_ACTION_CHARS = 200
MAX_ID = 2**53 - 1
"""The largest request id (a JavaScript client's safe integer): a bigger one could not be
echoed back to every client exactly, so the frame is refused as malformed."""


class WireError(ValueError):
    """A client message that cannot be served; ``code`` is the reject code."""

    def __init__(
        self, msg: str, code: str = "malformed", id: int | None = None, said: Json | None = None
    ) -> None:
        super().__init__(msg)
        self.code = code
        self.id = id
        self.said = said


# -- client → server ---------------------------------------------------------------------------
class Hello(Frame, frozen=True, tag="hello"):
    """Bind the socket to a table: as the seat ``token`` holds, else as a spectator; catch up
    from version ``since``, and on the chat from the line stamped ``chat_after`` (the ``at``
    of the newest line the client has, "" for none: the kept lines after it follow the
    catch-up; absent, none do)."""

    table: str
    token: str | None = None
    since: int | None = None
    invite: str | None = None
    chat_after: Annotated[str, msgspec.Meta(max_length=64)] | None = None
    """A private table's invite (or owner) secret: without it, or a seat's token, a private
    table answers as an unknown one."""


class Act(Frame, frozen=True, tag="act"):
    text: Annotated[str, msgspec.Meta(max_length=MAX_ACTION_CHARS)] = msgspec.field(name="a")
    id: Annotated[int, msgspec.Meta(ge=-MAX_ID, le=MAX_ID)] | None = None
    v: int | None = None
    """The table version the player saw (optional): an act against an older table whose
    meaning may have changed is refused with ``stale``."""


class Resync(Frame, frozen=True, tag="resync"):
    """Send me a fresh ``welcome``."""


class Ping(Frame, frozen=True, tag="ping"):
    pass


class ChatLine(Frame, frozen=True, tag="chat"):
    """A chat line; ``name`` is how a spectator signs (a seat's own name wins)."""

    text: str
    name: str | None = None


class Ready(Frame, frozen=True, tag="ready"):
    """A seated player has read the round summary: deal on once every human is ready."""


class BombClaim(Frame, frozen=True, tag="bomb"):
    """A seated player pressed Bomb: the table holds still until this seat plays one of its
    bombs (which one it does not say; the press cannot be taken back)."""


class Back(Frame, frozen=True, tag="back"):
    """A player marked away (timed out again and again) is back: the bot leaves the seat."""


ClientMessage = Hello | Act | Resync | Ping | ChatLine | Ready | BombClaim | Back
CLIENT_KINDS = ("act", "back", "bomb", "chat", "hello", "ping", "ready", "resync")


# -- server → client: the table's frames (``table/frames.py``) and the replies to requests ----
class Ack(Frame, frozen=True, tag="ack"):
    id: int | None


class Reject(Frame, frozen=True, tag="reject"):
    """``msg`` is for people and never carries game state; ``key`` and ``params`` say it as a
    catalogue message (``reject.<code>``, the rule cited) for a client in another language, or,
    for a refusal a person meets in play, as that refusal's own message (``refusal.…``, a seat
    a typed parameter: ``{"seat": n}``, counted from 0 as on the whole wire), for every reader."""

    id: int | None
    code: RejectCode
    msg: str
    key: str = ""
    params: dict[str, str | dict[str, Any]] = msgspec.field(default_factory=dict)


class Pong(Frame, frozen=True, tag="pong"):
    pass


ServerMessage = (
    Welcome
    | Ev
    | SeatList
    | Chat
    | Unseated
    | Pause
    | ReadySeats
    | Ack
    | Reject
    | Pong
    | Clock
    | Hold
    | Rematch
)

_decoder = msgspec.json.Decoder(ClientMessage)
_encoder = msgspec.json.Encoder()


def schema() -> dict[str, Any]:
    """The JSON Schema of every frame, by direction (``docs/wire-schema.json``)."""
    (client, server), defs = msgspec.json.schema_components([ClientMessage, ServerMessage])
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "cardroom websocket frames",
        "properties": {"client": client, "server": server},
        "$defs": defs,
    }


def encode(frame: Frame) -> str:
    """A server frame as the compact JSON text sent."""
    return _encoder.encode(frame).decode()


def message_id(data: Any) -> int | None:
    """The client's request id when the frame carries a usable one (echoed in ``reject``)."""
    if isinstance(data, dict):
        value = data.get("id")
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_ID:
            return value
    return None


def parse_client(text: str | bytes, max_chars: int = 16384) -> ClientMessage:
    """Decode one client frame; ``WireError`` with a clear message otherwise."""
    if isinstance(text, bytes):
        raise WireError("binary frames are not accepted; send JSON text")
    if len(text) > max_chars:
        raise WireError(f"message too large ({len(text)} characters; the limit is {max_chars})")
    try:
        message = _decoder.decode(text)
    except msgspec.DecodeError as exc:
        if isinstance(exc, msgspec.ValidationError):
            raise WireError(_explain(str(exc), text), id=request_id(text)) from None
        raise WireError(f"not valid JSON: {str(exc).removeprefix('JSON is malformed: ')}") from None
    except RecursionError:
        raise WireError("the message is nested too deeply") from None
    if isinstance(message, ChatLine):
        return _chat(message)
    return message


_MISSING = re.compile(r"Object missing required field `(\w+)`")
_TYPE = re.compile(r"Expected `([^`]+)`, got `(\w+)` - at `\$\.(\w+)`")
_LENGTH = re.compile(r"Expected `str` of length <= (\d+) - at `\$\.(\w+)`")
_TAG = re.compile(r"Invalid value '(.*)' - at `\$\.t`")
_RANGE = re.compile(r"(?:Expected `int` [<>]= -?\d+|Integer value out of range) - at `\$\.(\w+)`")


def _explain(error: str, text: str) -> str:
    """msgspec's validation error in the protocol's words (contracts §4 quotes them)."""
    if error.startswith("Expected `object`"):
        return 'a message must be a JSON object like {"t": "ping"}'
    if error == "Object missing required field `t`" or error.endswith("- at `$.t`"):
        if (tag := _TAG.fullmatch(error)) is not None:
            kinds = ", ".join(CLIENT_KINDS)
            return f"unknown message type {tag[1]!r}; expected one of: {kinds}"
        return "a message needs a string field 't' (its type)"
    if (missing := _MISSING.fullmatch(error)) is not None:
        kind = json.loads(text).get("t")
        return f"'{kind}' needs a '{missing[1]}' field"
    if (length := _LENGTH.fullmatch(error)) is not None:
        if length[2] == "a":
            return f"action text longer than {length[1]} characters"
        return f"'{length[2]}' is longer than {length[1]} characters"
    if (out := _RANGE.fullmatch(error)) is not None:
        return f"'{out[1]}' must be an integer of magnitude at most {MAX_ID}"
    if (wrong := _TYPE.fullmatch(error)) is not None:
        expected = wrong[1].removesuffix(" | null")
        return f"'{wrong[3]}' must be {expected}, got {wrong[2]}"
    return error


def request_id(text: Any) -> int | None:
    """The request id of a raw frame that could not be served, when it has a usable one."""
    try:
        return message_id(json.loads(text))
    except (TypeError, ValueError, RecursionError):
        return None


def _chat(line: ChatLine) -> ChatLine:
    """Text and signature cleaned by the names' rule (``lobby.names``): what a name may not
    contain, a chat line may not either."""
    try:
        text = clean_chat(line.text)
        name = clean_name(line.name or "", "name", required=False)
    except BadName as exc:
        raise WireError(str(exc)) from None
    return ChatLine(text, name or None)


RULE_REF = re.compile(r"^(R\d+(?:\.\d+)*)")


def reject(code: str, msg: str, id: int | None = None, said: Json | None = None) -> Reject:
    """A ``reject`` message; ``msg`` never carries game state. ``key``/``params`` let a client say
    it in its reader's language (``reject.<code>`` with the cited rule or "none"; ``msg`` stays the
    English detail), or are the refusal's own message ``said`` (one a person meets in play).

    >>> reject("not_active", "R8.1.1: seat 2 is naming its wish", 4,
    ...        {"key": "refusal.tichu.naming_wish", "params": {"who": {"seat": 2}}}).params
    {'rule': 'R8.1.1', 'detail': 'R8.1.1: seat 2 is naming its wish', 'who': {'seat': 2}}
    """
    if code not in REJECT_CODES:
        raise ValueError(f"unknown reject code {code!r}")
    rule = RULE_REF.match(msg)
    params = {"rule": rule.group(1) if rule else "none", "detail": msg}
    if said is not None:
        params.update(said["params"])
    key = f"reject.{code}" if said is None else str(said["key"])
    return Reject(id, code, msg, key, params)  # type: ignore[arg-type]  # code checked


def to_json(frame: Frame) -> Json:
    """A frame as the JSON object sent (tests and logs)."""
    data: Json = msgspec.to_builtins(frame)
    return data


REFUSAL_CODES: dict[Refusal, str] = {
    Refusal.NOT_YOURS: "unauthorized", Refusal.NOT_RUNNING: "not_active",
    Refusal.STALE: "stale", Refusal.NOTATION: "notation", Refusal.ILLEGAL: "illegal",
    Refusal.NOT_ACTIVE: "not_active", Refusal.NOT_STORED: "error",
    Refusal.NAME_TAKEN: "unauthorized",
}  # fmt: skip
"""The reject code of each refusal: the one place a table's refusal meets the wire."""
MAX_REASON_CHARS = 300


def answer(outcome: Outcome[None], id: int | None) -> Ack | Reject:
    """The reply to a request ``id``: ``ack``, or ``reject`` with the refusal's code."""
    if isinstance(outcome, Accepted):
        return Ack(id)
    reason = outcome.reason[:MAX_REASON_CHARS]
    return reject(REFUSAL_CODES[outcome.refusal], reason, id, outcome.said)


def refused(outcome: Refused, id: int | None = None) -> WireError:
    """A refusal as the ``WireError`` a session answers with ``reject``."""
    return WireError(outcome.reason, REFUSAL_CODES[outcome.refusal], id, outcome.said)


if __name__ == "__main__":  # python -m cardroom.server.web.wire > docs/wire-schema.json
    print(json.dumps(schema(), indent=2, sort_keys=True))
