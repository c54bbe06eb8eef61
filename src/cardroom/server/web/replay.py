"""``GET /api/tables/{id}/replay``: a finished table, record by record, as the browser's replay
viewer steps through it (the browser computes no rules, so the server folds the log).

``?view=all`` (default) shows every hand; ``?view=N`` what seat N saw. Only finished tables:
a running table's replay would leak hidden cards.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cardroom.engine import OMNISCIENT, Audience, Game, LogRecord, get_game
from cardroom.engine.runner import apply_record
from cardroom.engine.upgrade import LogTooOld, upgrade_log
from cardroom.i18n.narration import with_say
from cardroom.server.table.outcomes import LobbyError, Problem
from cardroom.server.web.http import finished_table
from cardroom.storage import StoredTable

Json = dict[str, Any]


def _audience(raw: str, num_seats: int) -> Audience:
    if raw in ("", "all"):
        return OMNISCIENT
    if raw.isdigit() and int(raw) < num_seats:
        return int(raw)
    raise LobbyError(f"view must be 'all' or a seat 0..{num_seats - 1}", Problem.BAD_REQUEST)


async def finished_log(
    request: Request, what: str = "replay"
) -> tuple[StoredTable, Game[Any, Any, Any], tuple[LogRecord, ...]]:
    """The route's finished table, its game and its log under today's rules (``what``: the
    page that asks, for the refusals; ``http.finished_table``: 404, 409, 410); hidden cards are
    shown once a table is finished, never before, and a private table only to its invitees."""
    stored = await finished_table(request, what)
    meta = stored.meta
    game = get_game(meta.game)
    try:
        records = upgrade_log(
            game.name, meta.rules_version, game.rules_version, stored.records, meta.config
        )
    except LogTooOld as exc:
        msg = f"table {meta.id!r} was played under rules this server no longer replays ({exc})"
        raise LobbyError(f"{msg}; its record can be downloaded", Problem.GONE) from None
    return stored, game, tuple(records)


async def table_replay(request: Request) -> Response:
    """The steps of a finished table; a table whose log cannot be folded is quarantined and,
    as its record and page, answers 410."""
    stored, game, records = await finished_log(request)
    try:
        return _replay(request, stored, game, records)
    except LobbyError:
        raise
    except Exception as exc:  # a log that no longer folds: bytes flipped under a finished table
        reason = f"{type(exc).__name__}: {exc}"[:300]
        damage = request.app.state.registry.quarantine(stored.meta, reason)
        raise LobbyError(str(damage), Problem.GONE) from None


def _replay(
    request: Request, stored: StoredTable, game: Game[Any, Any, Any], records: tuple[LogRecord, ...]
) -> Response:
    meta = stored.meta
    config = game.config_from_json(meta.config)
    audience = _audience(request.query_params.get("view", "all"), game.num_seats(config))
    state = game.new(config)
    steps: list[Json] = []
    for record in records:
        state, events = apply_record(game, state, record)
        if record.kind == "seat":
            continue
        shown = [
            with_say(game.name, p.to_json())
            for e in events
            if (p := game.project(e, audience)) is not None
        ]
        steps.append({"v": record.seq, "kind": record.kind, "seat": record.seat,
                      "text": record.text if record.kind != "chance" else "deal",
                      "events": shown, "obs": game.observe(state, audience).to_json()})  # fmt: skip
    seats = [{"seat": r.seat, "name": r.name, "kind": r.kind, "level": r.level}
             for r in stored.seats]  # fmt: skip
    return JSONResponse({"id": meta.id, "name": meta.name, "game": meta.game,
                         "view": "all" if audience == OMNISCIENT else audience,
                         "seats": seats, "outcome": meta.outcome, "steps": steps})  # fmt: skip
