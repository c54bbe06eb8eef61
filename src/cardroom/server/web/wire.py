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
import re
from dataclasses import dataclass
from typing import Any

Json = dict[str, Any]

REJECT_CODES = (
    "malformed", "notation", "illegal", "not_active", "unauthorized", "no_table", "error",
    "too_fast", "stale"
)  # fmt: skip
"""Contracts §4 and §4.1."""
MAX_ACTION_CHARS = 200
MAX_CHAT_CHARS = 300
MAX_NAME_CHARS = 40


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
        if isinstance(value, int) and not isinstance(value, bool):
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
    if not isinstance(data, dict):
        raise WireError('a message must be a JSON object like {"t": "ping"}')
    kind = data.get("t")
    rid = message_id(data)
    if kind == "hello":
        table = _field(data, "table", str, optional=False, id=rid)
        token = _field(data, "token", str, optional=True, id=rid)
        since = _field(data, "since", int, optional=True, id=rid)
        return Hello(table, token, since)
    if kind == "act":
        action = _field(data, "a", str, optional=False, id=rid)
        if len(action) > MAX_ACTION_CHARS:
            raise WireError(f"action text longer than {MAX_ACTION_CHARS} characters", id=rid)
        if "id" in data and data["id"] is not None and rid is None:
            raise WireError("'id' must be an integer", id=None)
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
    text = " ".join(str(_field(data, "text", str, optional=False, id=rid)).split())
    if not text:
        raise WireError("a chat line needs some text", id=rid)
    if len(text) > MAX_CHAT_CHARS:
        raise WireError(f"chat lines are at most {MAX_CHAT_CHARS} characters", id=rid)
    name = _field(data, "name", str, optional=True, id=rid)
    name = " ".join(name.split())[:MAX_NAME_CHARS] if name else None
    return ChatLine(text, name or None)


RULE_REF = re.compile(r"^(R\d+(?:\.\d+)*)")


def reject(code: str, msg: str, id: int | None = None) -> Json:
    """A ``reject`` message; ``msg`` never carries game state. ``key``/``params`` let a client say
    it in its reader's language (``reject.<code>`` with the cited rule, if any; ``msg`` stays
    the English detail)."""
    if code not in REJECT_CODES:
        raise ValueError(f"unknown reject code {code!r}")
    rule = RULE_REF.match(msg)
    params = {"rule": rule.group(1) if rule else "none", "detail": msg}
    return {"t": "reject", "id": id, "code": code, "msg": msg, "key": f"reject.{code}",
            "params": params}  # fmt: skip


def ack(id: int | None) -> Json:
    return {"t": "ack", "id": id}
