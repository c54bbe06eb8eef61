"""The registry's gate for duplicate tables, and how such a table is opened.

Every duplicate table (a challenge try, an event's board) belongs to the service that made it;
the gate asks that service for the table's deal source and whether a guest may see its record.
Such a table is dealt from its boards, admits seated players only, is private (only the server
seats people, with the owner secret it keeps), and stays out of the lobby's lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from cardroom.duplicate.boards import Board, BoardResolver, dealt
from cardroom.engine import SPECTATOR, get_game, replay
from cardroom.server.lobby.access import Access, Credentials
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.table.actor import DealSource, TableActor
from cardroom.server.table.commands import SetBot, TakeSeat


class Sealer(Protocol):
    """A service owning duplicate tables."""

    def boards_of(self, table_id: str) -> Sequence[Board]: ...
    async def may_view(self, table_id: str, guest: str | None) -> bool: ...


def board_deal(boards: Sequence[Board]) -> DealSource:
    """Deal ``boards`` in order, one per round, from where a resumed table's log stopped."""
    return lambda records: BoardResolver(*boards, dealt=dealt(records))


class DuplicateTables:
    """``TableGate`` over every duplicate table of the server."""

    def __init__(self) -> None:
        self._owners: dict[str, Sealer] = {}

    def add(self, table_id: str, owner: Sealer) -> None:
        self._owners[table_id] = owner

    def deal(self, table_id: str) -> DealSource | None:
        owner = self._owners.get(table_id)
        return None if owner is None else board_deal(owner.boards_of(table_id))

    def hidden(self, table_id: str) -> bool:
        return table_id in self._owners

    async def may_view(self, table_id: str, guest: str | None) -> bool:
        owner = self._owners.get(table_id)
        return True if owner is None else await owner.may_view(table_id, guest)


def board_results(game_name: str, config: dict[str, Any], records: Sequence[Any]) -> list[int]:
    """Per finished round (board) of a table: N–S's points minus E–W's."""
    game = get_game(game_name)
    state = replay(game, game.config_from_json(config), records)
    sheet = game.observe(state, SPECTATOR).to_json().get("score_sheet") or []
    return [int(ns) - int(ew) for ns, ew in sheet]


async def open_sealed(
    registry: TableRegistry,
    gate: DuplicateTables,
    owner: Sealer,
    name: str,
    config: Mapping[str, Any],
    boards: Sequence[Board],
    bots: Mapping[int, str],
) -> tuple[TableActor, str]:
    """A new sealed Tichu table dealing ``boards``, with bots of the given levels by seat; the
    owner secret with which the server seats its players later (``seat_player``)."""
    access, secret = Access.create(private=True, hot_seat=False)
    actor = await registry.create("tichu", dict(config), name, access, hints=False)
    gate.add(actor.id, owner)
    actor.seal(board_deal(boards))
    who = Credentials(owner=secret)
    for seat, level in sorted(bots.items()):
        await actor.call(SetBot(seat, level, who))
    return actor, secret


async def seat_player(actor: TableActor, secret: str, seat: int, name: str, guest: str) -> str:
    """Seat a player (``guest``: its hash) for the server; the seat's token."""
    who = Credentials(owner=secret, guest=guest)
    token: str = await actor.call(TakeSeat(seat, name, who))
    return token
