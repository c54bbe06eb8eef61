"""The websocket wire protocol (contracts §4): client messages parsed and checked, server
messages built.

Every frame from a client is validated here before anything else sees it; a bad one becomes a
``WireError`` that the session answers with ``reject`` (never a crash, never a closed table).

>>> parse_client('{"t": "act", "a": "pass", "id": 3, "v": 41}')
Act(text='pass', id=3, v=41)
>>> try:
...     parse_client('{"t": "jump"}')
... except WireError as exc:
...     print(exc.code, exc)
malformed unknown message type 'jump'; expected one of: act, chat, hello, ping, ready, resync
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from cardroom.server.lobby.names import BadName, clean_chat, clean_name

Json = dict[str, Any]

REJECT_CODES = (
    "malformed", "notation", "illegal", "not_active", "unauthorized", "no_table", "error",
    "too_fast", "stale"
)  # fmt: skip
"""Contracts §4 and §4.1."""
MAX_ACTION_CHARS = 200
MAX_ID = 2**53 - 1
"""The largest request id (a JavaScript client's safe integer): a bigger one cannot be echoed
back by every encoder, so the frame is refused as malformed."""


class WireError(ValueError):
    """A client message that cannot be served; ``code`` is the reject code."""

    def __init__(self, msg: str, code: str = "malformed", id: int | None = None) -> None:
        super().__init__(msg)
        self.code = code
        self.id = id


@dataclass(frozen=True, slots=True)
class Hello:
    table: str
    token: str | None = None
    since: int | None = None
    invite: str | None = None
    """A private table's invite (or owner) secret: without it, or a seat's token, a private
    table answers as an unknown one."""


@dataclass(frozen=True, slots=True)
class Act:
    text: str
    id: int | None = None
    v: int | None = None
    """The table version the player saw (optional): an act against an older table whose
    meaning may have changed is refused with ``stale``."""


@dataclass(frozen=True, slots=True)
class Resync:
    pass


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat line; ``name`` is how a spectator signs (a seat's own name wins)."""

    text: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Ready:
    """A seated player has read the round summary: deal on once every human is ready."""


ClientMessage = Hello | Act | Resync | Ping | ChatLine | Ready


def _field(data: Json, key: str, kind: type, *, optional: bool, id: int | None) -> Any:
    value = data.get(key)
    if value is None:
        if optional:
            return None
        raise WireError(f"'{data['t']}' needs a '{key}' field", id=id)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise WireError(f"'{key}' must be {kind.__name__}, got {type(value).__name__}", id=id)
    return value


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
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise WireError(f"not valid JSON: {exc.msg} at position {exc.pos}") from None
    except RecursionError:
        raise WireError("the message is nested too deeply") from None
    except ValueError:  # e.g. a number of thousands of digits (Python's int parsing limit)
        raise WireError("not valid JSON: a number is too long") from None
    if not isinstance(data, dict):
        raise WireError('a message must be a JSON object like {"t": "ping"}')
    kind = data.get("t")
    rid = message_id(data)
    if kind == "hello":
        table = _field(data, "table", str, optional=False, id=rid)
        token = _field(data, "token", str, optional=True, id=rid)
        since = _field(data, "since", int, optional=True, id=rid)
        invite = _field(data, "invite", str, optional=True, id=rid)
        return Hello(table, token, since, invite)
    if kind == "act":
        action = _field(data, "a", str, optional=False, id=rid)
        if len(action) > MAX_ACTION_CHARS:
            raise WireError(f"action text longer than {MAX_ACTION_CHARS} characters", id=rid)
        if "id" in data and data["id"] is not None and rid is None:
            raise WireError(f"'id' must be an integer of at most {MAX_ID}", id=None)
        seen = _field(data, "v", int, optional=True, id=rid)
        return Act(action, rid, seen)
    if kind == "chat":
        return _chat(data, rid)
    if kind == "resync":
        return Resync()
    if kind == "ping":
        return Ping()
    if kind == "ready":
        return Ready()
    if not isinstance(kind, str):
        raise WireError("a message needs a string field 't' (its type)", id=rid)
    raise WireError(
        f"unknown message type {kind!r}; expected one of: act, chat, hello, ping, ready, resync",
        id=rid,
    )


def _chat(data: Json, rid: int | None) -> ChatLine:
    """Text and signature cleaned by the names' rule (``lobby.names``): what a name may not
    contain, a chat line may not either."""
    try:
        text = clean_chat(_field(data, "text", str, optional=False, id=rid))
        name = _field(data, "name", str, optional=True, id=rid)
        name = clean_name(name, "name", required=False) if name is not None else None
    except BadName as exc:
        raise WireError(str(exc), id=rid) from None
    return ChatLine(text, name or None)


def reject(code: str, msg: str, id: int | None = None) -> Json:
    """A ``reject`` message; ``msg`` never carries game state."""
    if code not in REJECT_CODES:
        raise ValueError(f"unknown reject code {code!r}")
    return {"t": "reject", "id": id, "code": code, "msg": msg}


def ack(id: int | None) -> Json:
    return {"t": "ack", "id": id}
