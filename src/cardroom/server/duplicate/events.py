"""Owner-created duplicate events: K teams of two over M boards, bots in every empty seat.

The owner creates the event (its boards come from a secret seed), players join a team's
place, and the owner starts it: every team slot not held by a person is played by a bot of the
event's level, and every seating of the movement (``cardroom.duplicate.movement``; two teams
play a two-table team match) becomes one sealed one-board table, N–S seats 0 and 2, E–W 1 and
3. Players find their next table on the event page and sit there. Standings are live: a board
counts once every table of it finished, and a player sees a board's results only after its
own team finished it; when all tables are done the event is finished and its final table is
everyone's.

A member is known by its player key: the browser's guest id (hashed) for a guest, the account
(``record.player_key``) for a signed-in player. A guest's place goes to the account it signs up
or signs in as (``join_account``), as its daily-challenge tries do: the member is re-keyed to
the account, keeping the name it joined with, in one transaction with a ``handed`` document
whose key (event and guest) the database lets exist once, so a place goes to one account only,
and the browser, signed out, no longer acts for it (nor joins the event again). An account
that is a member of the event already keeps its own place; the guest's stays the guest's.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cardroom.bots import bot_levels
from cardroom.bots.arena.event import score_seatings
from cardroom.duplicate.boards import Board, board_set, one_round
from cardroom.duplicate.movement import Seating, movement
from cardroom.duplicate.scoring import event_json
from cardroom.engine import get_game
from cardroom.server.duplicate.gate import DuplicateTables, board_results, open_sealed, seat_player
from cardroom.server.lobby.access import hash_token, matches
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.table.outcomes import LobbyCode, LobbyError, Problem
from cardroom.storage import UnknownTable
from cardroom.storage.duplicate import Doc, DuplicateStore

MAX_TEAMS = 16
MAX_BOARDS = 24  # challenge.TARGET: no match of this many boards ends early
SEATS = {"NS": (0, 2), "EW": (1, 3)}
HANDED = "handed"
"""Kind of the documents ``event id/guest`` → ``{"player": account}``: a guest's place handed
to the account it signed up or signed in as (at most one per event and guest)."""
HANDED_OVER = (
    "this browser's place in the event went to the account it signed in as: sign in to play"
)


@dataclass(slots=True)
class Member:
    name: str
    guest: str
    """The player's key: the guest id's hash, or ``account:…`` for a signed-in player."""


@dataclass(slots=True)
class Table:
    """One seating of the movement and its server table."""

    seating: Seating
    table: str = ""
    secret: str = ""
    ns_score: int | None = None


@dataclass(slots=True)
class Event:
    id: str
    name: str
    owner_hash: str
    level: str
    teams: int
    boards: tuple[Board, ...]
    members: dict[str, list[Member]] = field(default_factory=dict)
    """Team name (``T1``…) → its people (at most two; bots fill the rest)."""
    tables: list[Table] = field(default_factory=list)
    status: str = "open"
    created: str = ""
    """When the owner created it (UTC, ISO 8601; empty for events older than the field)."""

    def team_names(self) -> list[str]:
        return [f"T{k}" for k in range(1, self.teams + 1)]

    def to_doc(self) -> Doc:
        return {
            "id": self.id, "name": self.name, "owner_hash": self.owner_hash,
            "level": self.level, "teams": self.teams, "status": self.status,
            "created": self.created,
            "boards": [b.to_json() for b in self.boards],
            "members": {t: [[m.name, m.guest] for m in ms] for t, ms in self.members.items()},
            "tables": [[t.seating.round, t.seating.board, t.seating.table, t.seating.ns,
                        t.seating.ew, t.table, t.secret, t.ns_score] for t in self.tables],
        }  # fmt: skip

    @classmethod
    def from_doc(cls, doc: Doc) -> Event:
        event = cls(
            str(doc["id"]), str(doc["name"]), str(doc["owner_hash"]), str(doc["level"]),
            int(doc["teams"]), tuple(Board.from_json(b) for b in doc["boards"]),
        )  # fmt: skip
        event.status = str(doc["status"])
        event.created = str(doc.get("created", ""))
        event.members = {t: [Member(n, g) for n, g in ms] for t, ms in doc["members"].items()}
        event.tables = [
            Table(Seating(r, b, k, ns, ew), table, secret, score)
            for r, b, k, ns, ew, table, secret, score in doc["tables"]
        ]
        return event

    def team_of(self, guest: str | None) -> str | None:
        for team, people in self.members.items():
            if any(m.guest == guest for m in people):
                return team
        return None

    def member(self, guest: str) -> Member | None:
        """The member the player key ``guest`` is, if any."""
        return next((m for ms in self.members.values() for m in ms if m.guest == guest), None)

    def people_at(self, team: str, seating: Seating) -> int:
        """How many of ``team``'s people sit at ``seating``: all of them, except in a team
        match, where a pair plays at the table it sits N–S and bots are its E–W teammates at
        the other table (a pair cannot play the same board twice)."""
        if self.teams == 2 and seating.ew == team:
            return 0
        return len(self.members.get(team, []))

    def plays(self, team: str | None, seating: Seating) -> bool:
        return (
            team is not None
            and team in (seating.ns, seating.ew)
            and self.people_at(team, seating) > 0
        )

    def bot_seats(self, seating: Seating) -> dict[int, str]:
        """The seats of ``seating`` no person of its teams holds: bots of the event's level."""
        seats: dict[int, str] = {}
        for direction, team in (("NS", seating.ns), ("EW", seating.ew)):
            people = self.people_at(team, seating)
            for index, seat in enumerate(SEATS[direction]):
                if index >= people:
                    seats[seat] = self.level
        return seats


def _handed_key(event: Event, guest: str) -> str:
    return f"{event.id}/{guest}"


def _count(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise LobbyError(f"'{key}' must be a whole number {low}..{high}", Problem.BAD_REQUEST)
    return value


class Events:
    """The server's duplicate events."""

    def __init__(
        self, store: DuplicateStore, registry: TableRegistry, gate: DuplicateTables
    ) -> None:
        self.store = store
        self.registry = registry
        self.gate = gate
        self._events: dict[str, Event] = {}
        self._table_event: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    async def open(self) -> None:
        for _, doc in await self.store.list("event"):
            self._remember(Event.from_doc(doc))

    def _remember(self, event: Event) -> None:
        self._events[event.id] = event
        for table in event.tables:
            if table.table:
                self._table_event[table.table] = event.id
                self.gate.add(table.table, self)

    def _lock(self, event: Event) -> asyncio.Lock:
        """One writer of an event at a time: each write stores the event as it is then, so the
        last one stored is the newest, and a membership is checked and changed in one step."""
        return self._locks.setdefault(event.id, asyncio.Lock())

    async def _save(self, event: Event) -> None:
        async with self._lock(event):
            await self._put(event)

    async def _put(self, event: Event) -> None:
        await self.store.put("event", event.id, event.to_doc())
        self._remember(event)

    def get(self, event_id: str) -> Event:
        event = self._events.get(event_id)
        if event is None:
            msg = f"no event {event_id[:40]!r}"
            raise LobbyError(msg, Problem.NOT_FOUND, LobbyCode.NO_EVENT)
        return event

    # -- the gate's questions ----------------------------------------------------------------
    def _table(self, table_id: str) -> tuple[Event, Table]:
        event = self._events[self._table_event[table_id]]
        return event, next(t for t in event.tables if t.table == table_id)

    def boards_of(self, table_id: str) -> Sequence[Board]:
        event, table = self._table(table_id)
        return (event.boards[table.seating.board - 1],)

    async def may_view(self, table_id: str, guest: str | None) -> bool:
        if table_id not in self._table_event:  # still being set up: nobody's yet
            return False
        event, table = self._table(table_id)
        await self.refresh(event)
        return table.seating.board in self.shown_boards(event, guest)

    # -- owner and players -------------------------------------------------------------------
    async def create(self, data: dict[str, Any]) -> tuple[Event, str]:
        name = data.get("name", "")
        if not isinstance(name, str) or len(name) > 60:
            raise LobbyError(
                "'name' must be a string of at most 60 characters", Problem.BAD_REQUEST
            )
        teams = _count(data, "teams", 4, 2, MAX_TEAMS)
        boards = _count(data, "boards", 8, 1, MAX_BOARDS)
        level = data.get("level", "heuristic")
        if level not in bot_levels("tichu"):
            raise LobbyError(f"unknown bot level {str(level)[:40]!r}", Problem.BAD_REQUEST)
        teams += teams % 2  # an odd number of teams gets a team of bots
        game = get_game("tichu")
        seed = secrets.token_hex(16)
        deck = tuple(
            Board(b.number, "", b.chance) for b in board_set(game, one_round(game), seed, boards)
        )
        owner = secrets.token_urlsafe(24)
        event = Event(secrets.token_hex(5), name or "event", hash_token(owner), level, teams, deck)
        event.created = datetime.now(UTC).isoformat()
        await self._save(event)
        return event, owner

    async def join(self, event: Event, team: str, name: str, guest: str) -> None:
        async with self._lock(event):
            handed = await self.store.get(HANDED, _handed_key(event, guest))
            # from here to the append no await: a start cannot come between check and change
            if event.status != "open":
                msg = "the event has started; joining is closed"
                raise LobbyError(msg, Problem.CONFLICT, LobbyCode.EVENT_CLOSED)
            if team not in event.team_names():
                raise LobbyError(
                    f"no team {team[:20]!r}; teams are T1..T{event.teams}", Problem.BAD_REQUEST
                )
            if event.team_of(guest) is not None:
                msg = "you are in a team of this event already"
                raise LobbyError(msg, Problem.CONFLICT, LobbyCode.IN_TEAM)
            if handed is not None:
                raise LobbyError(HANDED_OVER, Problem.CONFLICT, LobbyCode.HANDED_OVER)
            people = event.members.setdefault(team, [])
            if len(people) >= 2:
                raise LobbyError(f"team {team} is full", Problem.CONFLICT, LobbyCode.TEAM_FULL,
                                 team=team)  # fmt: skip
            people.append(Member(name, guest))
            await self._put(event)

    async def join_account(self, guest: str, player: str) -> list[str]:
        """Hand the places of the guest ``guest`` (the browser's guest id at sign-up or
        sign-in) to the account ``player``; the events whose place it got (module docstring)."""
        handed = []
        for event in sorted(self._events.values(), key=lambda e: e.id):
            if event.member(guest) is not None and await self._hand_over(event, guest, player):
                handed.append(event.id)
        return handed

    async def _hand_over(self, event: Event, guest: str, player: str) -> bool:
        """Re-key ``guest``'s member of ``event`` to ``player``: the event and its ``handed``
        mark are stored together, or neither if the mark exists (another server handed the
        place first: its account keeps it, here too)."""
        async with self._lock(event):
            member = event.member(guest)
            if member is None or event.team_of(player) is not None:
                return False  # no place any more, or the account keeps its own
            member.guest = player  # the stored event with the change; memory only once stored
            doc = event.to_doc()
            member.guest = guest
            mark = (HANDED, _handed_key(event, guest), {"player": player})
            if await self.store.insert_all([mark], [("event", event.id, doc)]):
                member.guest = player
                return True
            winner = await self.store.get(HANDED, mark[1])
            member.guest = guest if winner is None else str(winner["player"])
            return False

    async def start(self, event: Event, owner: str | None) -> None:
        if not matches(event.owner_hash, owner):
            msg = "only the event's owner may start it"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.EVENT_OWNER)
        if event.status != "open":
            msg = "the event has started already"
            raise LobbyError(msg, Problem.CONFLICT, LobbyCode.EVENT_STARTED)
        event.status = "running"
        event.tables = [Table(s) for s in movement(event.team_names(), len(event.boards))]
        await self._save(event)
        config = dict(get_game("tichu").config_to_json(one_round(get_game("tichu"))))
        for table in event.tables:
            s = table.seating
            actor, secret = await open_sealed(
                self.registry, self.gate, self, f"{event.name} board {s.board} table {s.table}",
                config, (event.boards[s.board - 1],), event.bot_seats(s),
            )  # fmt: skip
            table.table, table.secret = actor.id, secret
            self._table_event[actor.id] = event.id
            await self._save(event)

    async def sit(self, event: Event, board: int, guest: str) -> tuple[str, int, str]:
        """Seat a member at its team's table of ``board``: (table id, seat, token)."""
        team = event.team_of(guest)
        if team is None:
            msg = "you are not in a team of this event"
            raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.NOT_IN_TEAM)
        table = next(
            (t for t in event.tables if t.seating.board == board and event.plays(team, t.seating)),
            None,
        )
        if table is None:
            raise LobbyError(
                f"no board {board} for your team (has the event started?)",
                Problem.NOT_FOUND,
                LobbyCode.NO_BOARD,
                board=board,
            )
        direction = "NS" if table.seating.ns == team else "EW"
        index = [m.guest for m in event.members[team]].index(guest)
        seat = SEATS[direction][index]
        actor = await self.registry.get(table.table)
        token = await seat_player(actor, table.secret, seat, event.members[team][index].name, guest)
        return table.table, seat, token

    # -- results -----------------------------------------------------------------------------
    async def refresh(self, event: Event) -> None:
        """Read the finished tables' results (kept once known); finish a complete event."""
        changed = False
        for table in event.tables:
            if table.ns_score is not None or not table.table:
                continue
            try:
                stored = await self.registry.store.load(table.table)
            except UnknownTable:
                continue
            if stored.meta.status == "finished":
                meta = stored.meta
                scores = board_results(meta.game, meta.config, stored.records)
                table.ns_score = scores[0] if scores else 0
                changed = True
        if event.status == "running" and all(t.ns_score is not None for t in event.tables):
            event.status, changed = "finished", True
        if changed:
            await self._save(event)

    def complete_boards(self, event: Event) -> set[int]:
        """Boards finished at every table."""
        boards: dict[int, bool] = {}
        for table in event.tables:
            b = table.seating.board
            boards[b] = boards.get(b, True) and table.ns_score is not None
        return {b for b, done in boards.items() if done}

    def shown_boards(self, event: Event, guest: str | None) -> set[int]:
        """Boards whose results ``guest`` may see: complete ones, and for a member only those
        its team finished (the same, as a board is complete once all its tables are)."""
        if event.status == "finished":
            return {b.number for b in event.boards}
        return self.complete_boards(event)

    async def view(self, event: Event, guest: str | None) -> dict[str, Any]:
        await self.refresh(event)
        shown = self.shown_boards(event, guest)
        played = [
            (t.seating, t.ns_score) for t in event.tables
            if t.seating.board in shown and t.ns_score is not None
        ]  # fmt: skip
        groups, table = score_seatings(played, event.team_names())
        team = event.team_of(guest)
        mine = [
            {"board": t.seating.board, "table": t.table, "done": t.ns_score is not None,
             "direction": "NS" if t.seating.ns == team else "EW"}
            for t in event.tables if event.plays(team, t.seating)
        ]  # fmt: skip
        names = {
            name: " & ".join(m.name for m in event.members.get(name, [])) or f"bots ({event.level})"
            for name in event.team_names()
        }
        data = event_json(groups, table)
        for row in data["teams"]:
            row["name"] = names[row["team"]]
        return {
            "id": event.id, "name": event.name, "status": event.status, "level": event.level,
            "teams": event.teams, "boards": len(event.boards), "team_names": names,
            "bot_teams": [name for name in event.team_names() if not event.members.get(name)],
            "you": team, "your_tables": mine, "shown": sorted(shown),
            "match": "team" if event.teams == 2 else "pairs", "standings": data,
        }  # fmt: skip

    def played_by(self, player: str) -> list[Event]:
        """The events ``player`` is in a team of, newest first."""
        mine = [e for e in self._events.values() if e.team_of(player) is not None]
        return sorted(mine, key=lambda e: (e.created, e.id), reverse=True)

    async def standing(self, event: Event, player: str, viewer: str | None) -> dict[str, Any]:
        """``player``'s team's line in ``event`` (a profile's row), from the standings
        ``viewer`` is shown: only boards every table finished count, as on the event's page."""
        team = event.team_of(player)
        view = await self.view(event, viewer)
        rows = view["standings"]["teams"]
        place = next((i for i, row in enumerate(rows) if row["team"] == team), None)
        if not view["shown"]:  # no board complete: every team at 0, no standing yet
            place = None
        row = None if place is None else rows[place]
        return {
            "id": event.id, "name": event.name, "created": event.created or None,
            "status": event.status, "team": team, "team_name": view["team_names"].get(team),
            "teams": event.teams, "boards": len(event.boards), "shown": len(view["shown"]),
            "rank": None if place is None else place + 1,
            "imps": None if row is None else row["imps"],
            "mp_pct": None if row is None else row["mp_pct"],
            "link": f"/event/{event.id}",
        }  # fmt: skip
