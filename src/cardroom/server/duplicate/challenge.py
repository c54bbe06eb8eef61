"""The daily challenge: each UTC day one seeded set of Tichu boards, one try per player.

A player sits N–S (seat 0) with a bot partner against two bots, all of ``challenge_level``,
and plays the day's boards one per round at one table. The boards' seed is an HMAC of the day
under the server's own secret (kept in the duplicate store), so nobody can compute a board
before playing it. Each board's results (N–S's points minus E–W's) are compared with every
other player's on it and with the bots' own result (four bots of the level on the same cards),
the baseline: matchpoints and IMPs by ``cardroom.duplicate.scoring``. A board and the others'
results on it are shown only to players who finished it, and to everyone once the day is over.

A guest's try joins the account it signs up or signs in as (``join_account``): the account's
``entry`` for that day becomes a pointer to the guest's (``{"player", "played_as"}``), so both
keys stay taken (neither the account nor the browser gets a second try on boards it has seen),
and the try itself is written in one place only, its results never copied.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from cardroom.bots.arena.event import TableSpec, play_table
from cardroom.duplicate.boards import Board, board_set, tichu_deal
from cardroom.duplicate.movement import Seating
from cardroom.duplicate.scoring import Group, Result, event_json, imps, score_field, standings
from cardroom.engine import get_game
from cardroom.server.duplicate.gate import (
    DuplicateTables,
    board_results,
    open_sealed,
    seat_player,
)
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.settings import Settings
from cardroom.server.table.outcomes import LobbyCode, LobbyError, Problem
from cardroom.storage import UnknownTable
from cardroom.storage.duplicate import Doc, DuplicateStore

GAME = "tichu"
BOTS = "bots"
"""The baseline's team name in a day's results."""
PLAYER_SEAT = 0
"""The player sits N–S; the bots take seats 1, 2 and 3."""
TARGET = 10_000
"""A duplicate table plays all its boards: a team scores at most 400 a board (Grand Tichu and a
double victory), so the highest target the rules allow ends no match of 24 boards early."""

PLAYED_AS = "played_as"
"""In an account's ``entry`` that points to the guest try it took over: the guest's key."""
SECOND_TRY = "you played today's challenge; come back tomorrow"
JOINED_TRY = (
    "you played today's challenge as a guest in this browser before signing in, and that try is "
    "your account's (one a day); come back tomorrow"
)

Clock = Callable[[], datetime]


def utc_clock() -> datetime:
    return datetime.now(UTC)


def day_of(moment: datetime) -> str:
    """The UTC day of ``moment``: ``2026-12-04``."""
    return moment.astimezone(UTC).date().isoformat()


def check_day(text: str) -> str:
    """``text`` if it is a ``YYYY-MM-DD`` day; ``LobbyError`` 400 otherwise."""
    try:
        if len(text) == 10:
            return date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    msg = f"a day is written YYYY-MM-DD, not {text[:20]!r}"
    raise LobbyError(msg, Problem.BAD_REQUEST, LobbyCode.BAD_DAY)


def challenge_seed(secret: str, day: str, game: str) -> str:
    """The day's board seed: unpredictable without the server's secret."""
    return hmac.new(secret.encode(), f"{day}/{game}".encode(), hashlib.sha256).hexdigest()[:32]


def challenge_config(boards: int) -> dict[str, Any]:
    """A Tichu table that plays ``boards`` rounds whatever the score."""
    game = get_game(GAME)
    data = dict(game.config_to_json(game.default_config()))
    data.update(max_rounds=boards, target_score=TARGET)
    return data


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's try at a day's challenge."""

    day: str
    player: str
    """The player's key (a guest's hash, or an account); never shown."""
    public: str
    """The id shown in results tables (``p`` and 8 hex digits)."""
    name: str
    ranked: bool
    table: str | None
    results: tuple[int, ...]
    finished: bool

    def to_doc(self) -> Doc:
        return {
            "day": self.day, "player": self.player, "public": self.public, "name": self.name,
            "ranked": self.ranked, "table": self.table, "results": list(self.results),
            "finished": self.finished,
        }  # fmt: skip

    @classmethod
    def from_doc(cls, doc: Doc) -> Entry:
        return cls(
            str(doc["day"]), str(doc["player"]), str(doc["public"]), str(doc["name"]),
            bool(doc["ranked"]), doc.get("table"), tuple(int(x) for x in doc["results"]),
            bool(doc["finished"]),
        )  # fmt: skip


class Challenge:
    """The daily challenge of one server: its boards, tries, baseline and results."""

    def __init__(
        self,
        store: DuplicateStore,
        registry: TableRegistry,
        gate: DuplicateTables,
        settings: Settings,
        clock: Clock = utc_clock,
    ) -> None:
        self.store = store
        self.registry = registry
        self.gate = gate
        self.settings = settings
        self.clock = clock
        self.level = settings.challenge_level
        self.count = settings.challenge_boards
        self.secret = ""
        self._boards: dict[str, tuple[Board, ...]] = {}
        self._tables: dict[str, tuple[str, str]] = {}  # table id → (day, player key)
        self._baselines: dict[str, tuple[int, ...]] = {}
        self._starting: set[str] = set()

    async def open(self) -> None:
        """Load the secret (made once) and which tables are challenge tables."""
        doc = await self.store.get("secret", "challenge")
        if doc is None:
            await self.store.insert("secret", "challenge", {"secret": secrets.token_hex(32)})
            doc = await self.store.get("secret", "challenge")
        assert doc is not None
        self.secret = str(doc["secret"])
        indexed = {key for key, _ in await self.store.list("tried")}
        for key, entry_doc in await self.store.list("entry"):
            if PLAYED_AS in entry_doc:  # an account's pointer to the guest try it took over
                day, player = key.split("/")[0], str(entry_doc["player"])
            else:
                entry = Entry.from_doc(entry_doc)
                day, player = entry.day, entry.player
                if entry.table is not None:
                    self._tables[entry.table] = (day, player)
                    self.gate.add(entry.table, self)
            if self._tried(day, player) not in indexed:  # tries older than the index
                await self.store.insert("tried", self._tried(day, player), {})

    # -- days and boards --------------------------------------------------------------------
    def today(self) -> str:
        return day_of(self.clock())

    def is_over(self, day: str) -> bool:
        return day < self.today()

    def boards(self, day: str) -> tuple[Board, ...]:
        if day not in self._boards:
            game = get_game(GAME)
            config = game.config_from_json(challenge_config(1))
            seed = challenge_seed(self.secret, day, GAME)
            self._boards[day] = tuple(
                Board(b.number, day, b.chance) for b in board_set(game, config, seed, self.count)
            )
        return self._boards[day]

    def boards_of(self, table_id: str) -> tuple[Board, ...]:
        """A challenge table's boards: its day's."""
        return self.boards(self._tables[table_id][0])

    # -- a try ------------------------------------------------------------------------------
    def _key(self, day: str, player: str) -> str:
        return f"{day}/{GAME}/{player}"

    def _tried(self, day: str, player: str) -> str:
        """The key of the player's index of tries (``tried`` documents): player first."""
        return f"{player}/{day}/{GAME}"

    async def tried_days(self, player: str) -> list[str]:
        """The days ``player`` tried the challenge, newest first."""
        keys = [key for key, _ in await self.store.list("tried", f"{player}/")]
        return sorted((key.split("/")[-2] for key in keys), reverse=True)

    async def entry(self, day: str, player: str) -> Entry | None:
        """``player``'s try that day: its own, or the guest try it took over (whose ``player``
        stays the guest's key, where the try is kept)."""
        doc = await self.store.get("entry", self._key(day, player))
        if doc is not None and PLAYED_AS in doc:
            doc = await self.store.get("entry", self._key(day, str(doc[PLAYED_AS])))
        return None if doc is None else await self._refresh(Entry.from_doc(doc))

    async def join_account(self, guest: str, player: str) -> list[str]:
        """Give the account ``player`` the tries of the guest ``guest`` (the browser's guest id
        at sign-up or sign-in); the days joined. A day the account has a try of its own keeps
        that try (the guest's stays the guest's), and a guest try already joined to an account
        stays with it: in one transaction the account's pointer and the guest try's ``joined``
        mark go in together, or neither. The try stays unranked and under the name it was
        played with (docs/duplicate.md says why)."""
        joined = []
        for day in await self.tried_days(guest):
            key = self._key(day, guest)
            doc = await self.store.get("entry", key)
            if doc is None or PLAYED_AS in doc:
                continue
            pointer = {"player": player, PLAYED_AS: guest}
            if await self.store.insert_all(
                [("entry", self._key(day, player), pointer), ("joined", key, {"player": player})]
            ):
                await self.store.insert("tried", self._tried(day, player), {})
                joined.append(day)
        return joined

    async def start(self, player: str, name: str, ranked: bool) -> tuple[Entry, str | None]:
        """Today's try of ``player``: a new table and its seat token, or the unfinished one
        (no token: the page kept it); a finished try is refused (one a day)."""
        day = self.today()
        key = self._key(day, player)
        if key in self._starting:
            msg = "your challenge table is being set up"
            raise LobbyError(msg, Problem.CONFLICT, LobbyCode.CHALLENGE_STARTING)
        self._starting.add(key)
        try:
            public = "p" + secrets.token_hex(4)
            fresh = Entry(day, player, public, name, ranked, None, (), False)
            if await self.store.insert("entry", key, fresh.to_doc()):
                await self.store.insert("tried", self._tried(day, player), {})
            else:
                entry = await self.entry(day, player)
                assert entry is not None
                if entry.finished:
                    mine = entry.player == player
                    reason = SECOND_TRY if mine else JOINED_TRY
                    code = LobbyCode.CHALLENGE_PLAYED if mine else LobbyCode.CHALLENGE_JOINED
                    raise LobbyError(reason, Problem.CONFLICT, code)
                if entry.table is not None:
                    return entry, None
                fresh = entry
            return await self._seat(fresh)
        finally:
            self._starting.discard(key)

    async def _seat(self, entry: Entry) -> tuple[Entry, str]:
        bots = dict.fromkeys((1, 2, 3), self.level)
        actor, secret = await open_sealed(
            self.registry, self.gate, self, f"challenge {entry.day}",
            challenge_config(self.count), self.boards(entry.day), bots,
        )  # fmt: skip
        self._tables[actor.id] = (entry.day, entry.player)
        entry = Entry(
            entry.day, entry.player, entry.public, entry.name, entry.ranked, actor.id, (), False
        )
        await self.store.put("entry", self._key(entry.day, entry.player), entry.to_doc())
        token = await seat_player(actor, secret, PLAYER_SEAT, entry.name, entry.player)
        return entry, token

    async def _refresh(self, entry: Entry) -> Entry:
        """``entry`` with its table's finished boards read from the log (kept once complete)."""
        if entry.finished or entry.table is None:
            return entry
        try:
            stored = await self.registry.store.load(entry.table)
        except UnknownTable:
            return entry
        meta = stored.meta
        results = tuple(board_results(meta.game, meta.config, stored.records))[: self.count]
        finished = meta.status == "finished" or len(results) >= self.count
        entry = Entry(
            entry.day, entry.player, entry.public, entry.name, entry.ranked, entry.table,
            results, finished,
        )  # fmt: skip
        if finished:
            await self.store.put("entry", self._key(entry.day, entry.player), entry.to_doc())
        return entry

    async def entries(self, day: str) -> list[Entry]:
        docs = await self.store.list("entry", f"{day}/{GAME}/")
        return [await self._refresh(Entry.from_doc(d)) for _, d in docs if PLAYED_AS not in d]

    # -- the bots' baseline and the results ---------------------------------------------------
    async def baseline(self, day: str) -> tuple[int, ...]:
        """The bots' own results on the day's boards (four bots of the level; computed once)."""
        if day in self._baselines:
            return self._baselines[day]
        doc = await self.store.get("baseline", f"{day}/{GAME}")
        if doc is None or doc.get("level") != self.level:
            boards = self.boards(day)
            results = await asyncio.to_thread(self._play_baseline, boards)
            doc = {"level": self.level, "results": list(results)}
            await self.store.put("baseline", f"{day}/{GAME}", doc)
        self._baselines[day] = tuple(int(x) for x in doc["results"])
        return self._baselines[day]

    def _play_baseline(self, boards: Sequence[Board]) -> tuple[int, ...]:
        specs = [
            TableSpec(f"baseline/{b.seed}", b, Seating(1, b.number, 1, self.level, self.level))
            for b in boards
        ]
        return tuple(play_table(spec).ns_score for spec in specs)

    async def shown_boards(self, day: str, player: str | None) -> int:
        """How many of the day's boards ``player`` may see: all once the day is over, else
        those it finished (boards are played in order)."""
        if self.is_over(day):
            return self.count
        entry = None if player is None else await self.entry(day, player)
        return 0 if entry is None else len(entry.results)

    async def _field(
        self, day: str, shown: int
    ) -> tuple[list[Entry], tuple[int, ...], list[Group]]:
        """The day's tries, the bots' baseline and every result scored over the first ``shown``
        boards (no baseline is computed while nothing is shown)."""
        entries = await self.entries(day)
        base = await self.baseline(day) if shown else ()
        results = [Result(b, "NS", BOTS, base[b - 1]) for b in range(1, shown + 1)]
        for entry in entries:
            results += [
                Result(b, "NS", entry.public, score)
                for b, score in enumerate(entry.results[:shown], start=1)
            ]
        return entries, base, score_field(results)

    @staticmethod
    def over_bots(entry: Entry, base: Sequence[int], shown: int) -> int | None:
        """``entry``'s IMPs over the bots' baseline on the first ``shown`` boards it played."""
        played = entry.results[:shown]
        return sum(imps(s - base[i]) for i, s in enumerate(played)) if played else None

    async def results(self, day: str, player: str | None) -> dict[str, Any]:
        """The day's results table as ``player`` may see it."""
        if day > self.today():
            raise LobbyError("that day has not begun", Problem.NOT_FOUND, LobbyCode.DAY_NOT_BEGUN)
        shown = await self.shown_boards(day, player)
        entries, base, groups = await self._field(day, shown)
        table = standings(groups)
        own = None if player is None else await self.entry(day, player)
        mine = next((e for e in entries if own is not None and e.public == own.public), None)
        names = {e.public: e.name for e in entries} | {BOTS: f"bots ({self.level})"}
        ranked = {e.public: e.ranked for e in entries} | {BOTS: False}
        open_all = self.is_over(day) or shown == self.count  # every replay is viewable then
        replays = {e.public: e.table for e in entries if e.finished and (open_all or e is mine)}
        data = event_json(groups, table)
        for row in data["teams"]:
            row.update(name=names[row["team"]], ranked=ranked[row["team"]])
            row["table"] = replays.get(row["team"])
        return {
            "day": day, "game": GAME, "level": self.level, "board_count": self.count,
            "over": self.is_over(day), "shown": shown, "you": None if mine is None else {
                "id": mine.public, "table": mine.table, "finished": mine.finished,
                "played": len(mine.results), "over_bots": self.over_bots(mine, base, shown),
            }, **data,
        }  # fmt: skip

    async def standing(self, day: str, player: str, viewer: str | None) -> dict[str, Any] | None:
        """``player``'s line of a day as ``viewer`` may see it (a profile's row): its score,
        matchpoints and rank only over the boards ``viewer`` may see, so nothing of a running
        day leaks to someone who has not finished those boards; ``None`` if it did not play."""
        entry = await self.entry(day, player)
        if entry is None:
            return None
        shown = await self.shown_boards(day, viewer)
        _, base, groups = await self._field(day, shown)
        table = [s for s in standings(groups) if s.team != BOTS]
        place = next((i for i, s in enumerate(table) if s.team == entry.public), None)
        row = None if place is None else table[place]
        viewable = entry.finished and await self.may_view(entry.table or "", viewer)
        return {
            "day": day, "game": GAME, "boards": self.count, "played": len(entry.results),
            "finished": entry.finished, "over": self.is_over(day), "shown": shown,
            "imps": None if row is None else row.imps,
            "mp_pct": None if row is None else row.mp_pct,
            "over_bots": self.over_bots(entry, base, shown),
            "rank": None if place is None else place + 1,
            "players": len(table) if row is not None else None,
            "ranked": entry.ranked, "results": f"/challenge/{day}",
            "replay": f"/replay/{entry.table}" if viewable else None,
        }  # fmt: skip

    async def deals(self, day: str, player: str | None) -> list[dict[str, Any]]:
        """The cards of the boards ``player`` may see."""
        shown = await self.shown_boards(day, player)
        return [{"board": b.number, "hands": tichu_deal(b)} for b in self.boards(day)[:shown]]

    async def may_view(self, table_id: str, player: str | None) -> bool:
        """Whether ``player`` may see a challenge table's record or replay: its own (a guest try
        it took over too), or all of that day's boards finished (or the day over)."""
        found = self._tables.get(table_id)
        if found is None:  # still being set up: nobody's yet
            return False
        day, owner = found
        if player == owner or self.is_over(day):
            return True
        mine = None if player is None else await self.entry(day, player)  # perhaps joined
        return mine is not None and (mine.table == table_id or len(mine.results) >= self.count)

    async def days(self) -> list[str]:
        """The days with at least one try, newest first (past challenges stay browsable)."""
        keys = [key for key, _ in await self.store.list("entry")]
        return sorted({key.split("/")[0] for key in keys}, reverse=True)
