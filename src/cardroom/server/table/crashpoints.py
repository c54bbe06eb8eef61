"""Crash points for the crash-window tests: with ``CARDROOM_CRASH=<point>`` in its environment
the server process dies (``os._exit``, like ``kill -9``) when it reaches that step, so a test can
prove that every table resumes in the right status. Unset, as in production, it does nothing.
"""

from __future__ import annotations

import os

CRASH_EXIT = 86
POINTS = ("start.status", "start.deal", "finish.store")
"""``start.status``: a full table about to be marked running; ``start.deal``: marked running,
not yet dealt; ``finish.store``: the game's last record stored, the table not yet finished."""


def crash_point(point: str) -> None:
    """Die here if the environment asks for a crash at ``point``."""
    if os.environ.get("CARDROOM_CRASH") == point:
        os.write(2, f"CARDROOM_CRASH: crashing at {point}\n".encode())
        os._exit(CRASH_EXIT)
