"""Plays the bot seats of one table, through the same inbox and validation as a human.

The driver lives inside its ``TableActor``: after every change the actor calls ``schedule``,
which arms at most one thinker per bot seat that is active. After the configured delay the
thinker builds the seat's ``SeatView`` (the observation JSON and projected history a human at
that seat would have), asks the bot, and posts the answer back to the actor's inbox, where it is
checked against the state at that moment like any other submission.

Why a light bot is one loop timer that decides on the event loop, at the moment it fires: a task
plus a worker thread per decision cost more CPU than the decision itself (a heuristic Tichu
decision takes ~0.2 ms on average), and a worker thread holding the GIL delays every table's
actor by up to the interpreter's switch interval. Deciding when the timer fires also answers the
table as it is then, not as it was when the delay began. Heavy (search) levels think for
hundreds of milliseconds: they keep a task that awaits the capped process pool.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardroom.bots import Bot, SeatView, make_bot
from cardroom.bots.choose import choose_action
from cardroom.bots.protocol import Interrupter, Selective
from cardroom.bots.registry import is_heavy
from cardroom.server.table.bot_pool import BotPool

log = logging.getLogger("cardroom.server.table.bot_driver")

JITTER = 0.2
"""A light bot waits its delay ±20 %: people do not answer on a metronome, and tables that
started together would otherwise keep their bots deciding in the same loop turns."""
ViewOf = Callable[[int], tuple[int, Mapping[str, Any], Sequence[Mapping[str, Any]]]]
"""``view_of(seat)``: the table's version now, and that seat's observation and history."""
LegalOf = Callable[[int], Sequence[str]]
"""``legal_of(seat)``: that seat's legal action texts now (its view's ``legal``, unbuilt)."""
ForcedOf = Callable[[int], tuple[int, str] | None]
"""``forced_of(seat)``: the table's version now and the seat's only legal action, when the
game waits for that seat and it has exactly one (else None)."""
InterruptTest = Callable[[Sequence[str]], bool]
"""``may_interrupt(bot, legal)`` for one bot, as a function of ``legal`` alone."""


def _always(legal: Sequence[str]) -> bool:
    return True


def interrupt_test(bot: Bot) -> InterruptTest | None:
    """``bots.may_interrupt`` for ``bot`` with its protocol checks made once (None: the bot
    never interrupts). Why: an ``isinstance`` against a runtime-checkable protocol costs ~8 µs,
    and the driver asks at almost every record for every bot that may still call or bomb."""
    if not isinstance(bot, Interrupter):
        return None
    return bot.may_interrupt if isinstance(bot, Selective) else _always


class BotDriver:
    """Bot seats of one table: which bot sits where, and which seat is thinking."""

    def __init__(self, game: str, delay: float, pool: BotPool, jitter: float = JITTER) -> None:
        self.game = game
        self.delay = delay
        self.jitter = jitter
        """0 at a table with its own pace: every bot waits exactly ``delay``, whatever it holds."""
        self.pool = pool
        self.rng = random.Random(secrets.randbits(64))
        self.bots: dict[int, Bot] = {}
        self.levels: dict[int, str] = {}
        self.heavy: set[int] = set()
        """Seats whose level thinks in the process pool (``is_heavy``, asked once per seat)."""
        self._tests: dict[int, tuple[Bot, InterruptTest | None]] = {}
        """Per seat, its bot and that bot's ``interrupt_test`` (made once per bot)."""
        self._thinking: dict[int, asyncio.Task[None] | asyncio.TimerHandle] = {}
        self._considered: dict[int, int] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        """The table's loop, looked up once (each lookup is a ``getpid`` system call)."""

    def seat(self, seat: int, level: str | None) -> None:
        """Put a bot of ``level`` at ``seat`` (``None`` removes it)."""
        task = self._thinking.pop(seat, None)
        if task is not None:
            task.cancel()
        self._considered.pop(seat, None)
        self.heavy.discard(seat)
        if level is None:
            self.bots.pop(seat, None)
            self.levels.pop(seat, None)
        else:
            self.bots[seat] = make_bot(self.game, level)
            self.levels[seat] = level
            if is_heavy(level):
                self.heavy.add(seat)

    def schedule(
        self,
        version: int,
        active: frozenset[int],
        view_of: ViewOf,
        submit: Callable[[int, str, int], None],
        awaited: frozenset[int] | None = None,
        legal_of: LegalOf | None = None,
        forced_of: ForcedOf | None = None,
    ) -> list[int]:
        """Start thinking for each active bot seat that has not yet looked at ``version``;
        returns the seats whose light bots now wait for their timers.

        With ``awaited`` and ``legal_of``, a seat that only may interrupt is left alone when
        its bot says that with these legal actions it would answer nothing (``may_interrupt``):
        in Tichu every seat that may still call or holds a bomb is active at almost every
        version, and a view costs more than the decision. With ``forced_of``, a light bot
        that owes a move and has exactly one legal action plays it when its timer fires,
        without a view: any bot's answer there is that action (``decide`` accepts no other),
        and the view would cost ten times the listing (about a fifth of the bots' turns in
        Tichu are a lone ``pass``)."""
        armed: list[int] = []
        for seat, bot in self.bots.items():
            if seat in self._thinking or self._considered.get(seat) == version:
                continue
            self._considered[seat] = version
            if seat not in active:
                continue
            off_turn = awaited is not None and seat not in awaited
            if off_turn and legal_of is not None:
                may = self._tests.get(seat)
                if may is None or may[0] is not bot:
                    may = self._tests[seat] = (bot, interrupt_test(bot))
                if may[1] is None or not may[1](legal_of(seat)):
                    continue
            if seat in self.heavy:
                seen, obs, history = view_of(seat)
                view = SeatView(self.game, seat, obs, tuple(history))
                self._thinking[seat] = asyncio.create_task(self._think(bot, view, seen, submit))
            else:
                loop = self._loop
                if loop is None:
                    loop = self._loop = asyncio.get_running_loop()
                delay = self.delay * (1 - self.jitter + 2 * self.jitter * self.rng.random())
                handle = loop.call_later(delay, self._decide, bot, seat, view_of, submit, forced_of)
                self._thinking[seat] = handle
                armed.append(seat)
        return armed

    def forget(self, seat: int) -> None:
        """Let ``seat`` think again about the current version (its last answer was lost)."""
        self._considered.pop(seat, None)

    def done(self, seat: int) -> None:
        """The seat's answer reached the actor; it may think again."""
        self._thinking.pop(seat, None)

    def _decide(
        self,
        bot: Bot,
        seat: int,
        view_of: ViewOf,
        submit: Callable[[int, str, int], None],
        forced_of: ForcedOf | None = None,
    ) -> None:
        """A light bot's timer fired: answer the table as it is now (a forced move at once)."""
        forced = None if forced_of is None else forced_of(seat)
        if forced is not None:
            submit(seat, forced[1], forced[0])
            return
        seen, obs, history = view_of(seat)
        action = choose_action(bot, SeatView(self.game, seat, obs, tuple(history)), self.rng)
        submit(seat, action or "", seen)

    async def _think(
        self, bot: Bot, view: SeatView, version: int, submit: Callable[[int, str, int], None]
    ) -> None:
        """A heavy bot: in the capped process pool, never on this thread."""
        if self.delay > 0:
            await asyncio.sleep(self.delay)
        seed = self.rng.getrandbits(64)
        action = await self.pool.decide(self.game, self.levels[view.seat], view, seed)
        submit(view.seat, action or "", version)

    def stop(self) -> None:
        for thinker in self._thinking.values():
            thinker.cancel()
        self._thinking.clear()
