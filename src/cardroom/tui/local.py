"""Play a match in the terminal against in-process bots (a ``Runner``, no server).

Bots are asked with ``cardroom.bots.decide`` exactly like in the arena and on the server; the
human is prompted when the game waits for them, and may also interrupt (bomb, call, knock)
before each bot move when the observation lists legal actions for them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardroom.bots import (
    Bot,
    SeatHistories,
    SeatView,
    bomb_actions,
    decide,
    make_bot,
    owes_move,
)
from cardroom.engine import Game, Runner
from cardroom.engine.chance import ChanceResolver
from cardroom.engine.errors import EngineError
from cardroom.engine.game import JsonAble
from cardroom.i18n import seat_number
from cardroom.tui.prompt import Console, ask
from cardroom.tui.render import (
    legend,
    mark_sides,
    render_event,
    render_obs,
    say,
    say_level,
    say_message,
    seat_names,
)

Json = dict[str, Any]


class LocalMatch:
    """One human seat and bots in the others, driven step by step."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        config: Any,
        human: int,
        bot_level: str,
        resolver: ChanceResolver,
        rng: random.Random,
        interrupts: bool = False,
    ) -> None:
        self.game = game
        self.interrupts = interrupts
        self.human = human
        self.rng = rng
        self.runner: Runner[Any, Any, Any] = Runner(game, config)
        seats = game.num_seats(config)
        self.bots: dict[int, Bot] = {
            s: make_bot(game.name, bot_level) for s in range(seats) if s != human
        }
        labels: list[str | None] = [
            say("tui.bot_name", level=say_level(bot_level), n=seat_number(s)) for s in range(seats)
        ]
        labels[human] = None  # "Seat N (you)": a name the narration's verbs agree with
        self.names = mark_sides(seat_names(seats, human, labels), human, game.name)
        self.histories = SeatHistories(game, seats)
        self.pending_events: list[Json] = []
        self.runner.resolver = resolver
        deal = self.runner.propose_chance()
        self.runner.commit(deal)
        self._record(deal.events)

    def _record(self, events: Sequence[JsonAble]) -> None:
        """Record events for every seat; the human's new ones are also queued for printing."""
        mine = self.histories[self.human]
        seen = len(mine)
        self.histories.record(events)
        self.pending_events.extend(mine[seen:])

    def view(self, seat: int) -> SeatView:
        return self.histories.view(self.runner.state, seat)

    def submit(self, seat: int, action: str) -> str | None:
        """Apply ``action`` for ``seat``; the game's error message if it is refused (in the
        terminal's language when it is one a person meets in play, a seat counted from 1)."""
        try:
            transition = self.runner.propose(seat, action)
        except EngineError as exc:
            return str(exc) if exc.said is None else say_message(exc.said)
        self.runner.commit(transition)
        self._record(transition.events)
        return None

    def bot_move(self) -> tuple[int, str] | None:
        """The next bot action: interrupts first, then the seat that owes a move."""
        active = sorted(s for s in self.game.active_seats(self.runner.state) if s in self.bots)
        views = [self.view(s) for s in active]
        views.sort(key=owes_move)
        for view in views:
            action = decide(self.bots[view.seat], view, self.rng)
            if action is not None:
                return view.seat, action
        if views and not any(owes_move(v) for v in views) and not owes_move(self.view(self.human)):
            first = views[0]  # nobody owes a move (arena rule): the first active seat must act
            return first.seat, self.bots[first.seat].act(first, self.rng)
        return None

    def flush_events(self, console: Console) -> None:
        for event in self.pending_events:
            if line := render_event(event, self.names, self.game.name):
                console.write("  " + line)
        self.pending_events.clear()

    def worth_a_stop(self, view: SeatView) -> bool:
        """Whether bots wait for the player although no move is owed: only when a bomb can be
        thrown now (Tichu: a play the listing marks as a bomb), or for every optional action
        with ``interrupts``. A Tichu call or a knock is offered at the player's own turn; play
        goes on without Enter between bots."""
        return self.interrupts or bool(bomb_actions(view.obs))

    def play(self, console: Console) -> int:
        """Run to the end of the match (0) or until the player quits / input ends (1)."""
        game = self.game
        if text := legend(game.name):
            console.write(text)
        while not game.is_terminal(self.runner.state):
            self.flush_events(console)
            me = self.view(self.human)
            must = owes_move(me)
            move = None if must else self.bot_move()
            if me.legal and (must or (move is not None and self.worth_a_stop(me))):
                console.write(render_obs(me.obs, self.names))
                if not ask(console, me.legal, not must, lambda a: self.submit(self.human, a)):
                    return 1
                if must or self.view(self.human).obs != me.obs:
                    continue  # the human acted: ask the bots afresh
            if move is None:
                if must:
                    continue
                raise EngineError("no seat can move: the game is stuck")
            error = self.submit(*move)
            if error is not None:
                raise EngineError(f"bot at seat {move[0]} played {move[1]!r}: {error}")
        self.flush_events(console)
        console.write(render_obs(self.view(self.human).obs, self.names))
        return 0
