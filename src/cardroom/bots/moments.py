"""The moments of a recorded game as each acting seat saw them: for every logged action, the
``SeatView`` its seat had just before it (its observation and its projected history).

Reviews judge a decision from the decider's seat alone; this fold is where a record's log meets
the engine, and only seat views leave it (the same projection the arena and the server give bots).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardroom.bots.protocol import SeatView
from cardroom.bots.seats import SeatHistories
from cardroom.engine import GameRecord, get_game
from cardroom.engine.runner import apply_record


@dataclass(frozen=True, slots=True)
class Moment:
    """One logged action (``seq``, ``seat``, ``text``) and the view its seat acted on."""

    seq: int
    seat: int
    text: str
    view: SeatView


def moments(record: GameRecord) -> Iterator[Moment]:
    """Every action or timeout of ``record``, in log order, with the acting seat's view."""
    game: Any = get_game(record.game)
    config = game.config_from_json(record.config)
    histories = SeatHistories(game, game.num_seats(config))
    state = game.new(config)
    for rec in record.records:
        if rec.kind in ("action", "timeout") and rec.seat is not None:
            live = histories.view(state, rec.seat)
            view = SeatView(live.game, live.seat, live.obs, tuple(live.history))
            yield Moment(rec.seq, rec.seat, rec.text, view)
        state, events = apply_record(game, state, rec)
        histories.record(events)
