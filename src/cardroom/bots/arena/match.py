"""Offline seeded matches between bots (OpenSpiel ``evaluate_bots``).

One seed drives everything: the deal (``SeededResolver``) and every bot's RNG, so a match is
reproducible from ``(game, config, bots, seed)`` and its ``GameRecord`` is the same JSON Lines
log the server writes. Each bot sees only ``game.observe(state, seat).to_json()`` and its own
projected events, exactly like a human at that seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.bots.protocol import (
    Bot,
    Interrupter,
    Json,
    SeatView,
    awaited,
    check_legal,
    decide,
    may_interrupt,
)
from cardroom.bots.seats import SeatHistories
from cardroom.engine import ChanceResolver, Game, GameRecord, Outcome, Runner, SeededResolver
from cardroom.engine.errors import EngineError
from cardroom.engine.game import legal_texts
from cardroom.engine.types import SPECTATOR

AnyGame = Game[Any, Any, Any]
EventSink = Callable[[Sequence[Any]], None]


class MatchAbortedError(EngineError):
    """A match that did not end within its action budget (a bot or rules bug)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished match: who played, how it ended, and its replayable log."""

    seed: str
    bots: tuple[str, ...]
    outcome: Outcome
    rounds: int
    actions: int
    final: Json
    record: GameRecord


def match_seed(seed: int | str, index: int) -> str:
    """The seed of match ``index`` of a series: distinct per match, stable across runs.

    >>> match_seed(1, 0), match_seed(1, 12)
    ('1/0', '1/12')
    """
    return f"{seed}/{index}"


def bot_rng(seed: str, seat: int) -> random.Random:
    """The RNG of the bot at ``seat`` (string seeds hash identically under any PYTHONHASHSEED)."""
    return random.Random(f"{seed}/seat{seat}")


def count_rounds(obs: Mapping[str, Any]) -> int:
    """Rounds (hands) played, read from a final public observation.

    >>> count_rounds({"score_sheet": [[20, 80], [100, 0]]}), count_rounds({"round": 3})
    (2, 3)
    >>> count_rounds({})
    1
    """
    sheet = obs.get("score_sheet")
    if isinstance(sheet, list):
        return len(sheet)
    for key in ("round", "hand_number", "hand_no"):
        value = obs.get(key)
        if isinstance(value, int):
            return value
    return 1


class _Match:
    """A running match: the runner plus every seat's projected history."""

    def __init__(
        self,
        game: AnyGame,
        config: Any,
        bots: Sequence[Bot],
        seed: str,
        resolver: ChanceResolver | None = None,
    ) -> None:
        self.game = game
        self.bots = bots
        self.seed = seed
        self.rngs = [bot_rng(seed, seat) for seat in range(len(bots))]
        self.histories = SeatHistories(game, len(bots))
        self.runner: Runner[Any, Any, Any] = Runner(game, config)
        self.runner.resolver = SeededResolver(seed) if resolver is None else resolver
        self._commit_chance()

    def _commit_chance(self) -> None:
        transition = self.runner.propose_chance()
        self.runner.commit(transition)
        self.histories.record(transition.events)

    def view(self, seat: int) -> SeatView:
        return self.histories.view(self.runner.state, seat)

    def next_move(self) -> tuple[int, str]:
        """Ask the bots in order: interrupts first (seat order after the seat on turn), then the
        seats the game waits for; if every bot declines, the first active seat must act.

        Only bots that can interrupt get a view out of turn, and only when their
        ``may_interrupt`` allows an answer, so a table of random bots builds one full
        observation per move.
        """
        state = self.runner.state
        active = sorted(self.game.active_seats(state))
        public = self.game.observe(state, SPECTATOR).to_json()
        waiting = [seat for seat in active if awaited(public, seat)]
        turn = waiting[0] if waiting else active[0]
        n = len(self.bots)
        others = sorted(set(active) - set(waiting), key=lambda s: (s - turn - 1) % n)
        for seat in others:
            bot = self.bots[seat]
            if isinstance(bot, Interrupter) and may_interrupt(
                bot, legal_texts(self.game, state, seat)
            ):
                action = decide(bot, self.view(seat), self.rngs[seat])
                if action is not None:
                    return seat, action
        for seat in waiting or active[:1]:
            view = self.view(seat)
            action = self.bots[seat].act(view, self.rngs[seat])
            check_legal(self.bots[seat], view, action)
            return seat, action
        raise AssertionError("a non-terminal state must have an active seat")

    def play(self, max_actions: int, on_events: EventSink | None = None) -> MatchResult:
        game, runner = self.game, self.runner
        actions = 0
        while not game.is_terminal(runner.state):
            if actions >= max_actions:
                raise MatchAbortedError(f"match {self.seed}: no end after {max_actions} actions")
            seat, action = self.next_move()
            transition = runner.propose(seat, action)
            runner.commit(transition)
            self.histories.record(transition.events)
            if on_events is not None:
                on_events(transition.events)
            actions += 1
        outcome = game.outcome(runner.state)
        assert outcome is not None
        final = game.observe(runner.state, SPECTATOR).to_json()
        names = tuple(bot.name for bot in self.bots)
        return MatchResult(
            self.seed, names, outcome, count_rounds(final), actions, final, runner.to_record()
        )


def play_match(
    game: AnyGame,
    config: Any,
    bots: Sequence[Bot],
    seed: str,
    max_actions: int = 200_000,
    on_events: EventSink | None = None,
    resolver: ChanceResolver | None = None,
) -> MatchResult:
    """Play one seeded match to its end; a bot's illegal answer raises ``IllegalActionError``.

    ``on_events`` sees every action's events (unprojected), e.g. for the arena's statistics.
    ``resolver`` deals instead of the seed (a duplicate board's ``BoardResolver``); the seed
    still seeds the bots.
    """
    if len(bots) != game.num_seats(config):
        raise ValueError(f"{game.name} with this config needs {game.num_seats(config)} bots")
    return _Match(game, config, bots, seed, resolver).play(max_actions, on_events)


def play_matches(
    game: AnyGame,
    config: Any,
    bot_factories: Sequence[Callable[[], Bot]],
    matches: int,
    seed: int | str,
    max_actions: int = 200_000,
) -> Iterator[MatchResult]:
    """A series of matches with fresh bots each, seeded ``match_seed(seed, i)``."""
    for index in range(matches):
        bots = [factory() for factory in bot_factories]
        yield play_match(game, config, bots, match_seed(seed, index), max_actions)
