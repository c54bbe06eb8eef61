"""Boards: one fixed deal that every table of a duplicate event plays from the same seats.

The engine never draws a card itself: a round starts with a logged chance outcome (for Tichu one
``shuffle 56``: cards 0..31 of it are the first 8 of seats 0..3, the rest their last 6). A board
is that outcome, made from a seed exactly as the arena deals (``SeededResolver`` of
``board_seed``), so board 1 of seed S is the arena's deal 0 of seed S. Any table plays it by
answering the game's chance requests with the board's outcomes (``BoardResolver``); a request
beyond them is an error: a board is one round (a table may play several boards, one per round).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardroom.engine import (
    ChanceOutcome,
    ChanceRequest,
    EngineError,
    Game,
    LogRecord,
    Runner,
    SeededResolver,
)

AnyGame = Game[Any, Any, Any]


class BoardExhaustedError(EngineError):
    """The game asked for more chance than the board holds (a board is one round)."""


def board_seed(seed: int | str, index: int) -> str:
    """The seed of deal ``index`` (0-based) of a deal set; board ``n`` is deal ``n - 1``.

    >>> board_seed(7, 0)
    '7/deal0'
    """
    return f"{seed}/deal{index}"


@dataclass(frozen=True, slots=True)
class Board:
    """Board ``number`` (1-based) of a set: the chance outcomes of its one round."""

    number: int
    seed: str
    chance: tuple[ChanceOutcome, ...]

    def to_json(self) -> dict[str, Any]:
        return {"board": self.number, "seed": self.seed, "chance": [str(c) for c in self.chance]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Board:
        chance = tuple(ChanceOutcome.parse(str(text)) for text in data["chance"])
        return cls(int(data["board"]), str(data["seed"]), chance)


class BoardResolver:
    """Answers a game's chance requests with the outcomes of ``boards`` in order (one board per
    round); ``dealt`` skips those a resumed table has already logged."""

    def __init__(self, *boards: Board, dealt: int = 0) -> None:
        self.boards = boards
        self.outcomes = tuple(c for board in boards for c in board.chance)
        self._next = dealt

    def resolve(self, request: ChanceRequest) -> ChanceOutcome:
        if self._next >= len(self.outcomes):
            raise BoardExhaustedError(f"no board left ({len(self.boards)} boards, one round each)")
        outcome = self.outcomes[self._next]
        outcome.check(request)
        self._next += 1
        return outcome


def dealt(records: Iterable[LogRecord]) -> int:
    """How many chance outcomes a log holds (where a resumed table's boards go on)."""
    return sum(record.kind == "chance" for record in records)


def one_round(game: AnyGame, config: Any = None) -> Any:
    """``config`` (default: the game's) limited to one round: what a board is played under."""
    data = dict(game.config_to_json(game.default_config() if config is None else config))
    data["max_rounds"] = 1
    return game.config_from_json(data)


def make_board(game: AnyGame, config: Any, seed: int | str, number: int) -> Board:
    """Board ``number`` of the set of ``seed``: the first round's chance, seeded like the arena."""
    if number < 1:
        raise ValueError(f"board numbers start at 1, got {number}")
    resolver = SeededResolver(board_seed(seed, number - 1))
    state = game.new(config)
    outcomes: list[ChanceOutcome] = []
    while (request := game.pending_chance(state)) is not None:
        outcome = resolver.resolve(request)
        state = game.apply_chance(state, outcome).state
        outcomes.append(outcome)
    return Board(number, str(seed), tuple(outcomes))


def board_set(game: AnyGame, config: Any, seed: int | str, count: int) -> tuple[Board, ...]:
    """Boards 1..``count`` of the set of ``seed``."""
    if count < 1:
        raise ValueError(f"a board set needs at least one board, got {count}")
    return tuple(make_board(game, config, seed, n) for n in range(1, count + 1))


def board_runner(game: AnyGame, config: Any, board: Board) -> Runner[Any, Any, Any]:
    """A new table at ``board``: its deal is already logged (as the chance records)."""
    return Runner(game, config, BoardResolver(board))


def tichu_deal(board: Board) -> list[dict[str, list[str]]]:
    """Per seat (0..3), a Tichu board's first 8 cards and its last 6 (the 56 cards of the deal)."""
    from cardroom.engine import get_game
    from cardroom.games.tichu.cards import card_names

    game = get_game("tichu")
    config = one_round(game)
    state = board_runner(game, config, board).state
    return [
        {"first": card_names(first), "later": card_names(later)}
        for first, later in zip(state.hands, state.later, strict=True)
    ]
