"""Query parameters read strictly, one rule for every route.

A count or offset is ASCII digits, no more of them than its bound has: ``"²".isdigit()`` is
true and ``int`` refuses it, and ``int`` of 5,000 digits raises too; either was a 500.
"""

from __future__ import annotations

from starlette.requests import Request

from cardroom.server.table.outcomes import LobbyError, Problem


def query_count(request: Request, key: str, default: int, most: int) -> int:
    """The whole number ``0..most`` in query parameter ``key``, ``default`` when it is absent;
    anything else is refused (400)."""
    raw = request.query_params.get(key)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit() and len(raw) <= len(str(most))) or int(raw) > most:
        raise LobbyError(f"'{key}' must be a whole number 0..{most}", Problem.BAD_REQUEST)
    return int(raw)
