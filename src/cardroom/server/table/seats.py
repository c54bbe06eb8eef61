"""A table's seats and who may change them into what (a pure policy: no I/O).

Each change is decided here as a ``SeatChange`` (the new row, the text of its ``seat`` record,
and the reason told to whoever loses the seat); the actor stores and applies it. Who holds the
right is ``access.Access``'s answer; here it meets the seat's state and the table's status.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardroom.bots import bot_levels
from cardroom.server.lobby.access import Access, Credentials, hash_token, matches
from cardroom.server.table.frames import SeatInfo
from cardroom.server.table.outcomes import LobbyCode, LobbyError, Problem
from cardroom.storage import SeatRow

Json = dict[str, Any]
NOBODY = Credentials()


@dataclass(frozen=True, slots=True)
class SeatChange:
    row: SeatRow
    text: str
    """The ``seat`` record's text (``human NAME``, ``bot LEVEL``, ``empty``)."""
    reason: str
    """What a session bound through the seat's old holder is told."""


class Seats:
    """The rows of one table's seats, in seat order."""

    def __init__(self, rows: Iterable[SeatRow], game: str) -> None:
        self.rows = list(rows)
        self.game = game

    def __getitem__(self, seat: int) -> SeatRow:
        return self.rows[seat]

    def __iter__(self) -> Iterator[SeatRow]:
        return iter(self.rows)

    def put(self, row: SeatRow) -> None:
        self.rows[row.seat] = row

    def humans(self) -> set[int]:
        return {r.seat for r in self.rows if r.kind == "human"}

    def full(self) -> bool:
        return all(r.kind != "empty" for r in self.rows)

    def for_token(self, token: str | None) -> int | None:
        """The seat ``token`` holds, if any."""
        for row in self.rows:
            if matches(row.token_hash, token):
                return row.seat
        return None

    def infos(self, online: set[int]) -> list[SeatInfo]:
        """What everyone may know of each seat (``online``: seats with a connected session)."""
        return [
            SeatInfo(r.seat, r.name, r.kind, r.level, r.kind == "bot" or r.seat in online)  # type: ignore[arg-type]
            for r in self.rows
        ]

    # -- the policy --------------------------------------------------------------------------
    def check(self, seat: int, status: str) -> SeatRow:
        if not 0 <= seat < len(self.rows):
            raise LobbyError(f"seat must be 0..{len(self.rows) - 1}", Problem.BAD_REQUEST)
        if status == "finished":
            raise LobbyError("the table is finished", Problem.CONFLICT, LobbyCode.TABLE_FINISHED)
        return self.rows[seat]

    def take(
        self, seat: int, name: str, who: Credentials, status: str, access: Access
    ) -> tuple[SeatChange, str]:
        """Seat a human (in an empty seat or replacing a bot): the change and the seat's new
        secret token. The account holding a seat takes it again from another device (its
        sessions elsewhere are told and become spectators)."""
        row = self.check(seat, status)
        token = secrets.token_urlsafe(24)
        if row.kind == "human" and row.account_id is not None and row.account_id == who.account_id:
            moved = replace(row, token_hash=hash_token(token), guest_hash=who.guest)
            return SeatChange(
                moved, f"human {row.name}", "you took this seat on another device"
            ), token
        if access.rated and who.account_id is None:
            msg = "a rated table seats only signed-in players: sign in first"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.RATED_SEAT_SIGN_IN)
        if access.rated and row.kind == "bot" and row.account_id is not None:
            msg = f"seat {seat} was left during this rated match: its bot plays on"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.RATED_LEFT)
        if row.kind == "human":
            raise _taken(row)
        public_empty = row.kind == "empty" and status == "open" and not access.private
        if not public_empty and not access.is_invited(who):
            why, code = (
                ("this table is private", LobbyCode.INVITE_PRIVATE) if access.private
                else (f"seat {row.seat} is a bot's seat", LobbyCode.INVITE_BOT_SEAT)
                if row.kind == "bot"
                else ("the game is running", LobbyCode.INVITE_RUNNING)
            )  # fmt: skip
            raise LobbyError(
                f"{why}: taking a seat needs the table's invite link", Problem.FORBIDDEN, code
            )
        held = [r.seat for r in self.rows if r.kind == "human" and (
            (r.guest_hash is not None and r.guest_hash == who.guest)
            or (r.account_id is not None and r.account_id == who.account_id))]  # fmt: skip
        if held and not access.hot_seat:
            raise LobbyError(
                f"you already hold seat {held[0]} at this table: one seat per guest "
                "(a table created with hot_seat allows more)",
                Problem.CONFLICT,
                LobbyCode.ONE_SEAT,
            )
        human = SeatRow(seat, "human", name, None, hash_token(token), who.guest, who.account_id,
                        who.holder)  # fmt: skip
        return SeatChange(human, f"human {name}", f"{name} took the seat"), token

    def bot(
        self, seat: int, level: str, who: Credentials, token: str | None, status: str,
        access: Access,
    ) -> SeatChange:  # fmt: skip
        """Put a bot in a seat or change a bot's level: the owner's right; a seated human may
        also hand its own seat to a bot."""
        row = self.check(seat, status)
        levels = bot_levels(self.game)
        if level not in levels:
            msg = f"unknown bot level {level!r}; choose from: {', '.join(levels)}"
            raise LobbyError(msg, Problem.BAD_REQUEST, LobbyCode.BOT_LEVEL, level=level[:40])
        own = row.kind == "human" and self.for_token(token) == seat
        if row.kind == "human" and not (own or access.is_owner(who)):
            raise _taken(row)
        if row.kind != "human" and not access.is_owner(who):
            msg = "only the table's owner may put in or change a bot"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.OWNER_BOT)
        reason = "you handed the seat to a bot" if own else "the table's owner put a bot in"
        bot = SeatRow(seat, "bot", f"bot ({level})", level)
        if access.rated and status == "running":
            if not own:
                msg = "in a rated match only a player may hand its own seat to a bot"
                raise LobbyError(msg, Problem.CONFLICT, LobbyCode.RATED_OWN_BOT)
            bot = replace(bot, account_id=row.account_id)  # a forfeit: players/results.py
        return SeatChange(bot, f"bot {level}", reason)

    def leave(
        self, seat: int, token: str | None, who: Credentials, status: str, access: Access,
        takeover_level: str,
    ) -> SeatChange:  # fmt: skip
        """Free a seat: a human with its token (or the owner: a kick), a bot by the owner. In a
        running game a bot (``takeover_level``) takes over a human's seat."""
        row = self.check(seat, status)
        if row.kind == "empty":
            raise LobbyError(f"seat {seat} is empty", Problem.CONFLICT, LobbyCode.SEAT_EMPTY)
        own = row.kind == "human" and self.for_token(token) == seat
        owner = access.is_owner(who)
        if row.kind == "human" and not (own or owner):
            msg = "only the seat's own token (or the table's owner) can free it"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.FREE_OWN_SEAT)
        if row.kind == "bot" and not owner:
            msg = "only the table's owner can remove a bot"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.OWNER_REMOVE_BOT)
        reason = "you left the seat" if own else "the table's owner freed the seat"
        if access.rated and status == "running" and not own:
            msg = "in a rated match only a player may leave its seat"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.RATED_LEAVE)
        if status == "running":
            if row.kind == "bot":
                msg = "a running game's bot seat can only be taken by a human"
                raise LobbyError(msg, Problem.CONFLICT, LobbyCode.RUNNING_BOT_SEAT)
            levels = bot_levels(self.game)
            level = takeover_level if takeover_level in levels else "random"
            # in a rated match the seat still names the account, which loses (players/results.py)
            gone = row.account_id if access.rated else None
            bot = SeatRow(seat, "bot", f"bot ({level})", level, account_id=gone)
            return SeatChange(bot, f"bot {level}", reason)
        return SeatChange(SeatRow(seat), "empty", reason)


def _taken(row: SeatRow) -> LobbyError:
    return LobbyError(f"seat {row.seat} is taken by {row.name}", Problem.CONFLICT,
                      LobbyCode.SEAT_TAKEN, name=row.name)  # fmt: skip
