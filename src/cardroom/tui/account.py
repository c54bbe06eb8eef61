"""Signing in from the terminal (``cardroom play --server URL --account NAME``): the password
comes from ``CARDROOM_PASSWORD`` or is asked without echo; the server's session cookie then goes
with the seat request (and its ``Origin``, which the server checks on signed-in requests), so
the seat is the account's and the match counts for its rating and history."""

from __future__ import annotations

import getpass
import json
import os
import urllib.error
import urllib.request
from http.cookies import SimpleCookie
from urllib.parse import urlsplit

from cardroom.tui.render import say

SESSION_COOKIE = "cardroom_session"


def origin(server: str) -> str:
    parts = urlsplit(server)
    return f"{parts.scheme}://{parts.netloc}"


def password(name: str) -> str:
    """``$CARDROOM_PASSWORD``, else asked for in the terminal's language."""
    asked = say("tui.password_for", name=name)
    return os.environ.get("CARDROOM_PASSWORD") or getpass.getpass(asked)


def sign_in(server: str, name: str, secret: str) -> str:
    """``POST /api/session``; the session id, or ``ValueError`` with the server's reason."""
    body = json.dumps({"name": name, "password": secret}).encode()
    headers = {"Content-Type": "application/json", "Origin": origin(server)}
    request = urllib.request.Request(f"{server.rstrip('/')}/api/session", body, headers,
                                     method="POST")  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            cookie = SimpleCookie(response.headers.get("Set-Cookie", ""))
    except urllib.error.HTTPError as exc:
        reason = json.loads(exc.read() or b"{}").get("error", exc.reason)
        raise ValueError(f"cannot sign in as {name}: {reason}") from None
    if SESSION_COOKIE not in cookie:
        raise ValueError("the server sent no session")
    return cookie[SESSION_COOKIE].value


def session_headers(server: str, session: str | None) -> dict[str, str]:
    """What a signed-in request carries (nothing for a guest)."""
    if session is None:
        return {}
    return {"Cookie": f"{SESSION_COOKIE}={session}", "Origin": origin(server)}
