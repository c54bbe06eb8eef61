"""The JSON body of a refused HTTP request, one shape for the lobby and the accounts.

``{"error": msg}`` in English for scripts, with ``"code"`` and ``"params"`` when the refusal has
a code: a page says it from its catalogue in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.responses import JSONResponse


def error(
    msg: str,
    status: int,
    code: str | None = None,
    params: Mapping[str, object] | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    r"""The refusal's response; a message or parameter echoing bad input (a lone surrogate) is
    escaped, not a 500.

    >>> error("no such table", 404, "no_table", {"id": "x\udc80"}).body
    b'{"error":"no such table","code":"no_table","params":{"id":"x\\\\udc80"}}'
    """
    body: dict[str, Any] = {"error": _safe(msg)}
    if code:
        body |= {"code": str(code), "params": {k: _safe(v) for k, v in (params or {}).items()}}
    return JSONResponse(body, status_code=status, headers=headers)


def _safe(value: Any) -> Any:
    return (
        value.encode("utf-8", "backslashreplace").decode("utf-8")
        if isinstance(value, str)
        else value
    )
