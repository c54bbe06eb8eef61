"""Drive a game: apply commands, resolve chance, keep the log; and replay a log.

``Runner`` is the one place where a game's state meets its log. Simulations, bots' arenas, the
terminal client and the server's table actor all use it, so "apply then log" exists once. The
server persists a ``Transition``'s records before it ``commit``s them (persist before broadcast).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from cardroom.engine.chance import ChanceOutcome, ChanceRequest, ChanceResolver
from cardroom.engine.errors import InvalidNotationError
from cardroom.engine.game import Game, JsonAble
from cardroom.engine.record import RECORD_DRAFT, GameRecord, LogRecord, log_record
from cardroom.engine.transition import Transition
from cardroom.engine.types import Seat, Step

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")

__all__ = ["Runner", "Transition", "apply_record", "replay"]


def apply_record(
    game: Game[S, Any, Any], state: S, record: LogRecord
) -> tuple[S, tuple[JsonAble, ...]]:
    """Apply one log record to ``state`` (a ``seat`` record changes nothing)."""
    if record.kind == "chance":
        step = game.apply_chance(state, ChanceOutcome.parse(record.text))
    elif record.kind in ("action", "timeout"):
        if record.seat is None:
            raise InvalidNotationError(f"record {record.seq} has no seat")
        step = game.apply(state, record.seat, game.parse_action(record.text))
    else:
        return state, ()
    return step.state, step.events


def replay(game: Game[S, Any, C], config: C, records: Iterable[LogRecord]) -> S:
    """The state after applying ``records`` to a new game: a fold over the log."""
    state = game.new(config)
    for record in records:
        state, _ = apply_record(game, state, record)
    return state


class Runner(Generic[S, A, C]):
    """A live game: its state, its log, and the resolver that answers chance requests."""

    def __init__(
        self,
        game: Game[S, A, C],
        config: C,
        resolver: ChanceResolver | None = None,
        records: Iterable[LogRecord] = (),
    ) -> None:
        self.game = game
        self._apply: Callable[[S, Seat, A], Step[S, JsonAble]] = game.apply
        self._format: Callable[[A], str] = game.format_action
        self._pending: Callable[[S], ChanceRequest | None] = game.pending_chance
        """The game's methods ``act`` calls every move, looked up once (compiled, a call on an
        attribute skips the method lookup on the game)."""
        self.config = config
        self.resolver = resolver
        self.records: list[LogRecord] = []
        self.state: S = game.new(config)
        for record in records:
            self.state, _ = apply_record(game, self.state, record)
            self.records.append(record)
        if resolver is not None:
            self.commit(self.propose_chance())

    @classmethod
    def from_record(
        cls, game: Game[S, A, C], record: GameRecord, resolver: ChanceResolver | None = None
    ) -> Runner[S, A, C]:
        return cls(game, game.config_from_json(record.config), resolver, record.records)

    @property
    def version(self) -> int:
        """The sequence number of the last record (0 for a new game)."""
        return self.records[-1].seq if self.records else 0

    def propose_chance(self, state: S | None = None, first_seq: int | None = None) -> Transition[S]:
        """Resolve every pending chance request from ``state`` (default: the current state)."""
        state = self.state if state is None else state
        seq = self.version + 1 if first_seq is None else first_seq
        records: list[LogRecord] = []
        events: list[JsonAble] = []
        while self.resolver is not None and (request := self.game.pending_chance(state)):
            outcome = self.resolver.resolve(request)
            step = self.game.apply_chance(state, outcome)
            state = step.state
            records.append(log_record(seq + len(records), "chance", None, str(outcome), True))
            events.extend(step.events)
        return Transition(tuple(records), state, tuple(events))

    def propose(
        self, seat: Seat, action: A | str, *, kind: str = "action", auto: bool = False, at: str = ""
    ) -> Transition[S]:
        """Check and apply ``action`` for ``seat`` without changing this runner.

        Raises the game's ``InvalidNotationError``/``IllegalActionError``/``NotActiveError``.
        """
        record, step = self._step(seat, action, kind, auto, at)
        if self.resolver is None or self.game.pending_chance(step.state) is None:
            return Transition((record,), step.state, step.events)  # most steps: no chance
        chance = self.propose_chance(step.state, record.seq + 1)
        return Transition((record, *chance.records), chance.state, step.events + chance.events)

    def _step(
        self, seat: Seat, action: A | str, kind: str, auto: bool, at: str
    ) -> tuple[LogRecord, Step[S, JsonAble]]:
        """The log record of ``action`` and the step it makes from the current state."""
        game = self.game
        parsed = game.parse_action(action) if isinstance(action, str) else action
        step = game.apply(self.state, seat, parsed)
        played: Any = parsed if step.played is None else step.played
        records = self.records
        seq = records[-1].seq + 1 if records else 1
        return log_record(seq, kind, seat, game.format_action(played), auto, at), step

    def propose_seat_change(self, seat: Seat, text: str, at: str = "") -> Transition[S]:
        """A ``seat`` record (who controls a seat); the game state is unchanged."""
        record = LogRecord(self.version + 1, "seat", seat, text, auto=True, at=at)
        return Transition((record,), self.state, ())

    def commit(self, transition: Transition[S]) -> None:
        """Make a proposed transition current (after its records were stored)."""
        if transition.records and transition.records[0].seq != self.version + 1:
            raise ValueError("transition is stale: the log moved on since it was proposed")
        self.records.extend(transition.records)
        self.state = transition.state

    def act(
        self, seat: Seat, action: A | str, *, kind: str = "action", auto: bool = False, at: str = ""
    ) -> tuple[JsonAble, ...]:
        """Propose and commit in one go; returns the events (``_step`` written out: this is
        the path of every simulated move)."""
        records = self.records
        parsed = self.game.parse_action(action) if isinstance(action, str) else action
        step = self._apply(self.state, seat, parsed)
        played: Any = parsed if step.played is None else step.played
        seq = records[-1].seq + 1 if records else 1
        if RECORD_DRAFT is None:  # compiled
            record = log_record(seq, kind, seat, self._format(played), auto, at)
        else:  # pure Python: ``log_record`` inline (no frame per move)
            record = RECORD_DRAFT()
            record.seq, record.kind, record.seat = seq, kind, seat
            record.text, record.auto, record.at = self._format(played), auto, at
            record.__class__ = LogRecord
        state = step.state
        if self.resolver is not None and self._pending(state) is not None:
            chance = self.propose_chance(state, seq + 1)
            records.append(record)
            self.commit(chance)
            return step.events + chance.events
        records.append(record)  # most steps: no chance, nothing to check
        self.state = state
        return step.events

    def to_record(self) -> GameRecord:
        game = self.game
        return GameRecord(
            game.name, game.rules_version, game.config_to_json(self.config), tuple(self.records)
        )
