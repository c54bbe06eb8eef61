"""Engine throughput figures (not a test): ``python bench/engine.py [--seconds S] [--targets]``.

``--versus COMMIT`` runs ``bench/versus.py`` instead: this tree's checked engine and ``fastsim``
side by side with a pinned reference in one process (interleaved CPU time, same deals, a ratio
with its 95 % CI); that mode's own options (``--compile``, ``--reps``, ``--digest``) pass through.

* legal-move generation (``game.legal_actions``) on fixed Tichu positions: leading with 14
  cards, following a pair, following a straight that holds the Phoenix, a wish pending;
* ``enumerate_plays`` calls on the same positions;
* observations (``game.observe(state, 0).to_json()``) of the same positions and of a fresh
  exchange phase (42 exchange choices per seat: 14 cards × 3 seats);
* full random Tichu rounds (uniform random seat and action, ``engine.testing.choose``);
* full random Toepen games, if Toepen is registered;
* with ``--targets``: the engine's speed targets, each with its measured value, PASS/FAIL and the
  load average. Times there are CPU time per call (``time.process_time``), so that other
  processes on a shared machine inflate them less than wall time would.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
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
from cardroom.games.tichu.combos import combo_for, enumerate_plays, generate_plays
from cardroom.games.tichu.fastsim import Sim, random_policy
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
    combos.cache_clear()  # the per-hand lead table
    rules.cache_clear()  # the recent hands' leads


def cpu_us(fn: Callable[[], Any], seconds: float) -> float:
    """CPU microseconds per call of ``fn``: the best of five batches of about ``seconds``/5."""
    n = 1
    while True:
        start = time.process_time()
        for _ in range(n):
            fn()
        if time.process_time() - start >= seconds / 25:
            break
        n *= 2
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(n):
            fn()
        best = min(best, (time.process_time() - start) / n)
    return best * 1e6


def fastsim_rounds(seconds: float, seed: int = 1) -> float:
    """Full random rounds per CPU second with ``fastsim``: deal, exchange, play, score."""
    rng = random.Random(seed)
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        Sim.deal(rng).rollout(random_policy, rng)
        count += 1
    return count / (time.process_time() - start)


@dataclass(frozen=True, slots=True)
class Target:
    name: str
    value: float
    limit: float
    unit: str
    higher_is_better: bool = False

    @property
    def passed(self) -> bool:
        return self.value >= self.limit if self.higher_is_better else self.value <= self.limit

    def render(self) -> str:
        sign = ">=" if self.higher_is_better else "<="
        verdict = "PASS" if self.passed else "FAIL"
        return (
            f"{self.name:<52} {sign} {self.limit:>7,.0f} {self.unit:<9}"
            f" measured {self.value:>9,.1f}  {verdict}"
        )


def targets(seconds: float) -> list[Target]:
    """The engine's speed targets on one core (CPU time)."""
    lead, pair = tichu_state(POSITIONS[0]), tichu_state(POSITIONS[1])
    lead_hand, pair_hand, pair_top = lead.hands[0], pair.hands[0], pair.top
    game = get_game("tichu")
    enumerate_plays(lead_hand, None)  # fills the per-hand lead cache
    fresh = partial(observation_of_new_state, lead)
    play_obs = cpu_us(fresh, seconds)
    exchange_obs = cpu_us(partial(observation_of_new_state, exchange_state()), seconds)
    found = [
        Target(
            "fastsim full random rounds/s (target 4,000)",
            fastsim_rounds(seconds * 3),
            1500,
            "rounds/s",
            higher_is_better=True,
        ),
        Target(
            "enumerate_plays, 14-card lead, cold",
            cpu_us(partial(generate_plays, lead_hand, None), seconds),
            50,
            "us",
        ),
        Target(
            "enumerate_plays, 14-card lead, hand cached",
            cpu_us(partial(enumerate_plays, lead_hand, None), seconds),
            5,
            "us",
        ),
        Target(
            "enumerate_plays, following a pair, cold",
            cpu_us(partial(generate_plays, pair_hand, pair_top), seconds),
            5,
            "us",
        ),
        Target("observation JSON, play phase (14-card lead), new state", play_obs, 100, "us"),
        Target("observation JSON, exchange phase, new state", exchange_obs, play_obs, "us"),
    ]
    cold_legal = cpu_us(partial(cold, partial(game.legal_actions, lead, 0)), seconds)
    cold_obs = cpu_us(partial(cold, partial(observation, lead)), seconds)
    clear = cpu_us(clear_caches, seconds)
    build = "pure Python" if combos.__file__.endswith(".py") else "compiled (scripts/compile.sh)"
    print(f"(info) combos module: {build}")
    print(
        f"(info) 14-card lead with every cache cleared: legal_actions {cold_legal - clear:,.1f} us,"
        f" observation {cold_obs - clear:,.1f} us (clearing itself: {clear:,.1f} us)"
    )
    return found


def observation_of_new_state(state: TichuState) -> Any:
    """An observation of a state object not seen before (as after every step of a table);
    the per-hand caches of plays and action texts stay warm, as they do in a running server."""
    return observation(state.replace())


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
    parser.add_argument("--targets", action="store_true", help="the speed targets, PASS/FAIL")
    parser.add_argument("--versus", metavar="COMMIT", help="side by side with COMMIT (versus.py)")
    args, rest = parser.parse_known_args()
    if args.versus:
        import versus  # bench/versus.py, next to this script

        sys.argv = [versus.__file__, "--ref", args.versus, *rest]
        versus.main()
        return
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    secs = args.seconds
    if args.targets:
        load = os.getloadavg()
        print(
            f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
            f" ({os.cpu_count()} cores)"
        )
        for target in targets(secs):
            print(target.render())
        load = os.getloadavg()
        print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        return
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
    print(f"random Tichu rounds/s (engine, checked apply): {random_rounds(secs * 3):,.1f}")
    print(f"random Tichu rounds/s (fastsim, CPU time): {fastsim_rounds(secs * 3):,.1f}")
    if "toepen" in games():
        print(f"random Toepen games/s: {toepen_games(secs * 3):,.1f}")


if __name__ == "__main__":
    main()
