"""``Subscriber``: what a table's actor needs of a session (a websocket, or a test's inbox)."""

from __future__ import annotations

from typing import Protocol

from cardroom.engine import Audience
from cardroom.server.table.frames import Frame


class Subscriber(Protocol):
    """A session receiving a table's messages; ``send`` never blocks (it queues or drops)."""

    def send(self, message: Frame) -> None: ...

    def seated(self, audience: Audience) -> None:
        """The actor bound the session to ``audience`` (a seat, or the spectators)."""
        ...
