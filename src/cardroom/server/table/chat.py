"""A table's chat: lines from players and spectators, kept with the table.

A seat signs with its seat's name, a spectator as it likes (a name cleaned like every other
name). Lines are kept as typed (the client escapes them when it shows them) and stored, so a
restart or a reload does not empty the chat. A table's stamps strictly increase (``stamp``): a
client back from a drop names the newest line it has by its stamp, and gets every later one.
"""

from __future__ import annotations

from collections import deque
from datetime import datetime

from cardroom.engine import Audience
from cardroom.server.table.frames import Chat
from cardroom.server.table.seats import Seats
from cardroom.storage import ChatRow, utc_now

CHAT_SIZE = 100


class ChatLog:
    """A table's chat lines, newest last."""

    def __init__(self, size: int = CHAT_SIZE) -> None:
        self.size = size
        self.lines: deque[Chat] = deque(maxlen=size)

    def add(self, row: ChatRow) -> Chat:
        """The line as it is sent, kept for pages that connect later."""
        line = Chat(row.seat, row.name, row.text, row.at)
        self.lines.append(line)
        return line

    def stamp(self) -> str:
        """A new line's stamp: now, or the millisecond after the newest line's when now is not
        later (a line said in the same millisecond, a clock set back), so that no two lines
        share a stamp and ``after`` misses none.

        >>> log = ChatLog()
        >>> _ = log.add(ChatRow(1, "Bea", "hi", "2999-01-01T10:00:00.999+00:00"))
        >>> log.stamp()
        '2999-01-01T10:00:01.000+00:00'
        """
        now = utc_now()
        if not self.lines or now > (last := self.lines[-1].at):
            return now
        return utc_now((round(datetime.fromisoformat(last).timestamp() * 1000) + 1) * 1_000_000)

    def recent(self) -> list[Chat]:
        return list(self.lines)

    def after(self, at: str | None) -> list[Chat]:
        """The kept lines stamped later than ``at`` ("": every one; None: none), for a client
        back from a dropped connection whose newest line was stamped ``at`` (exact: ``stamp``).

        >>> log = ChatLog()
        >>> for row in (ChatRow(1, "Bea", "hi", "2026-01-01T10:00:00.000+00:00"),
        ...             ChatRow(2, "Cid", "yo", "2026-01-01T10:00:05.000+00:00")):
        ...     _ = log.add(row)
        >>> [c.text for c in log.after("2026-01-01T10:00:00.000+00:00")], log.after(None)
        (['yo'], [])
        >>> len(log.after(""))
        2
        """
        if at is None:
            return []
        return [line for line in self.lines if line.at > at]


def signed(seats: Seats, audience: Audience, name: str | None, text: str, at: str) -> ChatRow:
    """The stored line, stamped ``at``: a seat's own name wins over the one it sent."""
    if isinstance(audience, int):
        name = seats[audience].name or f"seat {audience}"
    seat = audience if isinstance(audience, int) else None
    return ChatRow(seat, name or "spectator", text, at)
