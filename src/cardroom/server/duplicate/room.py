"""The server's duplicate room: one gate, the daily challenge and the events, opened together
before any table resumes (a resumed duplicate table must deal its boards, not random cards)."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.server.duplicate.challenge import Challenge
from cardroom.server.duplicate.events import Events
from cardroom.server.duplicate.gate import DuplicateTables
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.settings import Settings
from cardroom.storage import TableStore
from cardroom.storage.duplicate import duplicate_store


@dataclass(frozen=True, slots=True)
class DuplicateRoom:
    gate: DuplicateTables
    challenge: Challenge
    events: Events


async def open_room(
    tables: TableStore, registry: TableRegistry, settings: Settings
) -> DuplicateRoom:
    store = duplicate_store(tables)
    await store.open()
    gate = DuplicateTables()
    challenge = Challenge(store, registry, gate, settings)
    await challenge.open()
    events = Events(store, registry, gate)
    await events.open()
    registry.gate = gate
    return DuplicateRoom(gate, challenge, events)
