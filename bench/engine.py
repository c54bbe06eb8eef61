"""Engine throughput figures (not a test): ``python bench/engine.py [--seconds S]``.

* legal-move generation (``game.legal_actions``) on fixed Tichu positions: leading with 14
  cards, following a pair, following a straight that holds the Phoenix, a wish pending;
* ``enumerate_plays`` calls on the same positions;
* observations (``game.observe(state, 0).to_json()``) of the same positions and of a fresh
  exchange phase (42 exchange choices per seat: 14 cards × 3 seats);
* full random Tichu rounds (uniform random seat and action, ``engine.testing.choose``);
* full random Toepen games, if Toepen is registered.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from cardroom.cli.bench import rate
from cardroom.engine import Runner, SeededResolver, games, get_game
from cardroom.engine.testing import choose, play_random
from cardroom.games.tichu import actions, combos, observe, rules
from cardroom.games.tichu.cards import DECK, iter_cards, parse_cards
from cardroom.games.tichu.combos import combo_for, enumerate_plays
from cardroom.games.tichu.state import Phase, TichuState, TrickPlay


@dataclass(frozen=True, slots=True)
class Position:
    """Seat 0 to act with ``hand``; ``top`` (by seat 3) on the table, or leading."""

    name: str
    hand: str
    top: str | None = None
    top_phoenix: int | None = None
    wish: int | None = None


POSITIONS = (
    Position("lead, 14 cards", "MJ 2G 3K 4B 5R 6G 7G 7K 9B 9R JG QG KK PHX"),
    Position("follow a pair", "3G 3K 5B 5R 7G 8K 8B 9R 10G JK QB QR AG PHX", top="6G 6K"),
    Position(
        "follow a straight with PHX",
        "2G 3K 5B 6R 7G 8K 9B 9R 10G JK QB QR AG PHX",
        top="4G 5K 7B 8R PHX",
        top_phoenix=6,
    ),
    Position("wish 9 pending", "2G 3K 5B 6R 7G 8K 9B 9R 10G JK QB KR AG PHX", top="5G", wish=9),
)


def tichu_state(position: Position) -> TichuState:
    """A play-phase state for ``position``; the other cards are spread over seats 1-3."""
    game = get_game("tichu")
    hand = parse_cards(position.hand)
    top_cards = parse_cards(position.top) if position.top else 0
    rest = [c for c in range(56) if not (hand | top_cards) >> c & 1 and DECK >> c & 1]
    hands = [hand, 0, 0, 0]
    for i, c in enumerate(rest):
        hands[1 + i % 3] |= 1 << c
    trick: tuple[TrickPlay, ...] = ()
    if top_cards:
        trick = (TrickPlay(3, combo_for(top_cards, position.top_phoenix, None)),)
    base: TichuState = game.new(game.default_config())
    return replace(
        base,
        phase=Phase.PLAY,
        hands=tuple(hands),
        calls=("tichu", "", "", ""),
        trick=trick,
        turn=0,
        wish=position.wish,
        given=tuple(given(hands, giver) for giver in range(4)),
    )


def given(hands: list[int], giver: int) -> tuple[int, ...]:
    """A revealed exchange row: ``giver`` gave each receiver one of the cards it holds now."""
    return tuple(list(iter_cards(hands[(giver + k) % 4]))[giver] for k in (1, 2, 3))


def exchange_state() -> TichuState:
    """The first exchange phase of seed 1 (every seat still to choose its three cards)."""
    game = get_game("tichu")
    runner: Runner[Any, Any, Any] = Runner(game, game.default_config(), SeededResolver(1))
    for seat in range(4):
        runner.act(seat, "nogrand")
    state: TichuState = runner.state
    assert state.phase is Phase.EXCHANGE
    return state


def observation(state: TichuState) -> Any:
    return get_game("tichu").observe(state, 0).to_json()


def clear_caches() -> None:
    """Empty every memo table of the Tichu rules and combinations."""
    for module in (actions, combos, observe, rules):
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and not isinstance(value, type):
                clear()


def cold(fn: Callable[[], Any]) -> Any:
    """``fn()`` with empty memo tables."""
    clear_caches()
    return fn()


def random_rounds(seconds: float, seed: int = 1) -> float:
    """Full random Tichu rounds per second (matches restarted as needed)."""
    game = get_game("tichu")
    config = game.default_config()
    rng = random.Random(seed)
    rounds = 0
    start = time.perf_counter()
    runner: Runner[Any, Any, Any] = Runner(game, config, SeededResolver(seed))
    while time.perf_counter() - start < seconds:
        if game.is_terminal(runner.state):
            runner = Runner(game, config, SeededResolver(rng.randrange(2**32)))
        before = runner.state.round
        seat, action = choose(game, runner.state, rng)
        runner.act(seat, action)
        if runner.state.round != before or game.is_terminal(runner.state):
            rounds += 1
    return rounds / (time.perf_counter() - start)


def toepen_games(seconds: float) -> float:
    game = get_game("toepen")
    config = game.default_config()
    count, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_random(game, config, seed)
        count, seed = count + 1, seed + 1
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure")
    secs = parser.parse_args().seconds
    game = get_game("tichu")
    # The rules memoize (same hand and top within a step): "cold" clears every cache first,
    # which is the real generation cost; "warm" is a repeated query.
    print(
        f"{'Tichu position':<28} {'legal cold/s':>13} {'legal warm/s':>13}"
        f" {'enum cold/s':>12} {'enum warm/s':>12} {'obs cold/s':>11} {'obs warm/s':>11}"
        f" {'legal':>6}"
    )
    for position in POSITIONS:
        state = tichu_state(position)
        hand, top = state.hands[0], state.top
        legal = partial(game.legal_actions, state, 0)
        enum = partial(enumerate_plays, hand, top)
        cold_legal, actions = rate(partial(cold, legal), secs)
        warm_legal, _ = rate(legal, secs)
        cold_enum, _ = rate(partial(cold, enum), secs)
        warm_enum, _ = rate(enum, secs)
        cold_obs, _ = rate(partial(cold, partial(observation, state)), secs)
        warm_obs, _ = rate(partial(observation, state), secs)
        print(
            f"{position.name:<28} {cold_legal:>13,.0f} {warm_legal:>13,.0f}"
            f" {cold_enum:>12,.0f} {warm_enum:>12,.0f} {cold_obs:>11,.0f} {warm_obs:>11,.0f}"
            f" {len(actions):>6}"
        )
    state = exchange_state()
    cold_obs, obs = rate(partial(cold, partial(observation, state)), secs)
    warm_obs, _ = rate(partial(observation, state), secs)
    print(
        f"{'exchange phase':<28} {'':>13} {'':>13} {'':>12} {'':>12} {cold_obs:>11,.0f}"
        f" {warm_obs:>11,.0f} {len(obs['legal']):>6}"
    )
    print(f"random Tichu rounds/s: {random_rounds(secs * 3):,.1f}")
    if "toepen" in games():
        print(f"random Toepen games/s: {toepen_games(secs * 3):,.1f}")


if __name__ == "__main__":
    main()
