"""Reviews of a table's decisions and hints at a casual table (``docs/review.md``).

``GET /api/tables/{id}/review?seat=N``: the review of seat N's decisions (Tichu), computed by
the search bot from that seat's own view. The first request queues it; until it is done the
answer is ``202`` with its progress (``{"state": "queued"|"running", "done": k, "total": n}``),
then ``200`` with ``{"state": "done", "review": {"decisions": [...], "summary": {...}}}``.
Any seat of a finished table may be reviewed by whoever may see its replay (the replay shows
every hand then, so no review can tell more than it; a private table's invitees, a duplicate
table's players who finished its boards: checked before a kept review is looked up); at a
running table only the rounds that are over, and only for the seat
the asker holds (its token): a review of another seat's decisions would tell its cards. Of a
seat that changed hands, only the decisions taken since its holder took it (``holders``): the
earlier ones were another's, made on cards its new holder never saw.
Work runs in the bot pool's worker processes, never on the event loop, in chunks of decisions
so that progress shows and search bots at live tables are not starved; at most
``review_per_player`` reviews per guest are queued or running. A finished table's review is
kept with it in the store (``save_derived``), the latest ones in memory too (``review_cache``),
so that a second look, even after a restart, costs nothing.

``POST /api/tables/{id}/hint`` (the seat's token): the bot's choice for the decision the seat
owes now and a one-line reason. Refused at tables without hints (``hints_allowed``: the
table's ``hints`` flag, off at rated tables and events) and for a seat the asker does not hold.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cardroom.bots.protocol import SeatView, owes_move
from cardroom.bots.record_review import (
    Decision,
    Pending,
    RecordReview,
    pending,
    review_pending,
)
from cardroom.bots.tichu.review import Hint, hint
from cardroom.bots.verdicts import ReviewSettings
from cardroom.engine import GameRecord
from cardroom.server.lobby.access import GUEST_HEADER, clean_secret, hash_token
from cardroom.server.settings import Settings
from cardroom.server.table.actor import TableActor
from cardroom.server.table.bot_pool import BotPool
from cardroom.server.table.holders import round_of
from cardroom.server.table.outcomes import LobbyCode, LobbyError, Problem
from cardroom.server.web.replay import finished_log
from cardroom.storage import TableStore

Json = dict[str, Any]
CHUNK = 8
"""Decisions reviewed per pool job: progress steps, and other work may run in between."""
REVIEWED_GAMES = ("tichu", "toepen")
HINTED_GAMES = ("tichu",)
SEED = "1"


# -- in the pool's worker processes ------------------------------------------------------------


def _mine(text: str, seat: int, rounds: int, since: int) -> list[Pending]:
    """The decisions of ``seat`` in the record (only of rounds 1..``rounds``; 0: all) taken
    after version ``since``."""
    found = pending(GameRecord.from_jsonl(text))
    return [p for p in found
            if p.seat == seat and (not rounds or p.round <= rounds) and p.step > since]  # fmt: skip


def count_decisions(text: str, seat: int, rounds: int, since: int) -> int:
    return len(_mine(text, seat, rounds, since))


def review_chunk(
    text: str, seat: int, rounds: int, since: int, start: int, stop: int, settings: ReviewSettings
) -> list[Decision]:
    """Decisions ``start:stop`` of ``seat`` in the record, reviewed."""
    mine = _mine(text, seat, rounds, since)[start:stop]
    return [review_pending(p, settings, SEED) for p in mine]


def hint_for(view: SeatView, settings: ReviewSettings, seed: int) -> Hint:
    return hint(view, settings, random.Random(seed))


# -- on the event loop ---------------------------------------------------------------------------


@dataclass
class Job:
    """One seat's review of one table."""

    owner: str
    state: str = "queued"
    done: int = 0
    total: int = 0
    result: Json | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def to_json(self) -> Json:
        if self.state == "done":
            return {"state": "done", "review": self.result}
        if self.state == "failed":
            return {"state": "failed", "error": self.error}
        return {"state": self.state, "done": self.done, "total": self.total}


Key = tuple[str, int, int, int]
"""Table, seat, the rounds reviewed (0: all of a finished table), and the version after which
decisions count (0 but at a running table whose seat changed hands: the holder's first)."""


class Reviews:
    """The server's reviews: queued, bounded per guest, computed in the bot pool, cached."""

    def __init__(self, settings: Settings, pool: BotPool, store: TableStore | None = None) -> None:
        self.pool = pool
        self.store = store
        self.review_settings = ReviewSettings(settings.review_worlds, settings.review_call_worlds)
        self.hint_settings = ReviewSettings(settings.hint_worlds, settings.hint_worlds, extend=1)
        self.per_player = settings.review_per_player
        self.keep = settings.review_cache
        self.jobs: OrderedDict[Key, Job] = OrderedDict()
        self.running = asyncio.Semaphore(settings.review_workers)
        self.hinting: set[Key] = set()

    def get(self, key: Key) -> Job | None:
        job = self.jobs.get(key)
        if job is not None:
            self.jobs.move_to_end(key)
        return job

    def stored_key(self, seat: int) -> str:
        """The name a finished review is kept under with its table (its settings included)."""
        s = self.review_settings
        return f"review:v1:seat={seat}:worlds={s.worlds}:{s.call_worlds}:seed={SEED}"

    async def stored(self, key: Key) -> Job | None:
        """A review kept with its table by an earlier run (now cached here too)."""
        if self.store is None or key[2]:
            return None
        body = await self.store.derived(key[0], self.stored_key(key[1]))
        if body is None:
            return None
        job = Job("", state="done", result=json.loads(body))
        self.jobs[key] = job
        self._trim()
        return job

    def start(self, key: Key, text: str, owner: str) -> Job:
        active = [j for j in self.jobs.values() if j.owner == owner and j.state in QUEUED]
        if len(active) >= self.per_player:
            raise LobbyError(
                f"at most {self.per_player} reviews at a time; wait for yours to finish",
                Problem.TOO_MANY,
                LobbyCode.REVIEWS_BUSY,
                n=self.per_player,
            )
        job = Job(owner)
        self.jobs[key] = job
        job.task = asyncio.get_running_loop().create_task(self._run(job, text, key))
        self._trim()
        return job

    def _trim(self) -> None:
        """Forget the least recently seen finished reviews beyond ``keep``."""
        finished = [k for k, j in self.jobs.items() if j.state not in QUEUED]
        for key in finished[: max(0, len(finished) - self.keep)]:
            del self.jobs[key]

    async def _run(self, job: Job, text: str, key: Key) -> None:
        loop = asyncio.get_running_loop()
        _, seat, rounds, since = key
        try:
            async with self.running:
                job.state = "running"
                pool = self.pool.executor()
                job.total = await loop.run_in_executor(
                    pool, count_decisions, text, seat, rounds, since
                )
                decisions: list[Decision] = []
                for start in range(0, job.total, CHUNK):
                    chunk = await loop.run_in_executor(
                        pool,
                        review_chunk,
                        text,
                        seat,
                        rounds,
                        since,
                        start,
                        start + CHUNK,
                        self.review_settings,
                    )
                    decisions += chunk
                    job.done = len(decisions)
            found = tuple(sorted({d.round for d in decisions}))
            game = GameRecord.from_jsonl(text.split("\n", 1)[:1]).game
            review = RecordReview(tuple(decisions), self.review_settings, SEED, found, game)
            job.result = review.to_json()
            if self.store is not None and not rounds:  # a finished table's: kept with it
                body = json.dumps(job.result)
                await self.store.save_derived(key[0], self.stored_key(seat), body)
            job.state = "done"
        except Exception as exc:  # a broken pool or record: say so, never leave it queued
            job.state, job.error = "failed", f"the review failed ({type(exc).__name__})"
        self._trim()

    async def hint(self, key: Key, view: SeatView) -> Hint:
        """One hint at a time per seat of a table (a second ask while it computes: 429)."""
        if key in self.hinting:
            msg = "a hint for this seat is already being computed"
            raise LobbyError(msg, Problem.TOO_MANY, LobbyCode.HINT_BUSY)
        self.hinting.add(key)
        loop = asyncio.get_running_loop()
        seed = random.randrange(1 << 30)
        try:
            async with self.running:
                return await loop.run_in_executor(
                    self.pool.executor(), hint_for, view, self.hint_settings, seed
                )
        finally:
            self.hinting.discard(key)


QUEUED = ("queued", "running")


def reviews(request: Request) -> Reviews:
    """The app's reviews (made on first use, in the running loop)."""
    state = request.app.state
    if getattr(state, "reviews", None) is None:
        state.reviews = Reviews(state.settings, state.registry.pool, state.registry.store)
    found: Reviews = state.reviews
    return found


def _guest(request: Request) -> str:
    guest = clean_secret(request.headers.get(GUEST_HEADER))
    if guest is None:
        guest = "address " + (request.client.host if request.client else "unknown")
    return hash_token(guest)


async def _finished_record(request: Request, table_id: str) -> tuple[GameRecord, int]:
    stored, game, records = await finished_log(request, "review")
    if game.name not in REVIEWED_GAMES:
        msg = f"reviews exist for {', '.join(REVIEWED_GAMES)} tables"
        raise LobbyError(msg, Problem.BAD_REQUEST)
    config = game.config_from_json(stored.meta.config)
    record = GameRecord(game.name, game.rules_version, game.config_to_json(config), records)
    return record, game.num_seats(config)


async def table_review(request: Request) -> Response:
    """A finished table's review of any seat; at a running table, the rounds that are over,
    for the seat the asker holds (its token) and no other."""
    from cardroom.server.web.http import _actor, _token, finished_table

    table_id = request.path_params["table_id"]
    raw = request.query_params.get("seat", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
        raise LobbyError("'seat' must be a seat number", Problem.BAD_REQUEST)
    seat = int(raw)
    all_reviews = reviews(request)
    token = _token(request, {})
    if token is not None:
        actor = await _actor(request)
        if actor.status == "running":
            return _respond(_running_review(request, all_reviews, actor, seat, token))
    # who may see this finished table's review is decided before any kept review is looked
    # up, as for its record and replay: a private table's invitees (404), a duplicate table's
    # players who finished its boards (403), only once finished (409)
    await finished_table(request, "review")
    key = (table_id, seat, 0, 0)
    job = all_reviews.get(key) or await all_reviews.stored(key)
    if job is None:
        record, seats = await _finished_record(request, table_id)
        if seat >= seats:
            raise LobbyError(f"'seat' must be 0..{seats - 1}", Problem.BAD_REQUEST)
        job = all_reviews.get(key) or all_reviews.start(key, record.to_jsonl(), _guest(request))
    return _respond(job)


def _running_review(
    request: Request, all_reviews: Reviews, actor: TableActor, seat: int, token: str
) -> Job:
    if actor.game.name not in REVIEWED_GAMES:
        msg = f"reviews exist for {', '.join(REVIEWED_GAMES)} tables"
        raise LobbyError(msg, Problem.BAD_REQUEST)
    if actor.seats.for_token(token) != seat:
        msg = "a running table's review is only for the seat you hold"
        raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.REVIEW_OWN_SEAT)
    obs = actor.observation(seat)
    over = round_of(obs) - (0 if obs.get("terminal") else 1)
    if over < actor.holders.first_round(seat):  # none yet, or none of the holder's rounds
        raise LobbyError("no round is over yet", Problem.CONFLICT, LobbyCode.NO_ROUND_OVER)
    key = (actor.id, seat, over, actor.holders.since(seat))
    job = all_reviews.get(key)
    if job is None:
        game = actor.game
        records = tuple(actor.runner.records)
        record = GameRecord(game.name, game.rules_version, actor.meta.config, records)
        job = all_reviews.start(key, record.to_jsonl(), _guest(request))
    return job


def _respond(job: Job) -> Response:
    return JSONResponse(job.to_json(), status_code=200 if job.state in ("done", "failed") else 202)


def hints_allowed(actor: TableActor) -> bool:
    """Hints at this table: its ``hints`` flag (on by default), never at rated tables."""
    meta = actor.meta
    return meta.hints and not meta.rated


async def table_hint(request: Request) -> Response:
    from cardroom.server.web.http import _actor, _body, _token

    actor, data = await _actor(request), await _body(request)
    if not hints_allowed(actor):
        raise LobbyError("hints are off at this table", Problem.FORBIDDEN, LobbyCode.HINTS_OFF)
    if actor.game.name not in HINTED_GAMES:
        msg = f"hints exist for {', '.join(HINTED_GAMES)} tables"
        raise LobbyError(msg, Problem.BAD_REQUEST)
    seat = actor.seats.for_token(_token(request, data))
    asked = data.get("seat", seat)
    if seat is None or asked != seat:
        msg = "a hint is only for the seat you hold"
        raise LobbyError(msg, Problem.FORBIDDEN, LobbyCode.HINT_OWN_SEAT)
    # read at once, on the loop, between two of the actor's commands: one consistent moment
    view = SeatView(actor.game.name, seat, actor.observation(seat), tuple(actor.history[seat]))
    if actor.status != "running" or not owes_move(view):
        msg = "there is no decision of yours to hint now"
        raise LobbyError(msg, Problem.CONFLICT, LobbyCode.NO_DECISION)
    answer = await reviews(request).hint((actor.id, seat, 0, 0), view)
    return JSONResponse(answer.to_json())
