"""``search``: flat Monte-Carlo over worlds sampled from the seat's view (issue 9, tier 2).

Each decision in the play phase (plays, passes, bombs in turn, the Mah Jong wish, the Dragon
gift) weighs a few candidate actions: every candidate is tried in the same sampled worlds
(``tichu_belief.sample_world``), each followed by a fast rollout to the end of the round, and
scored by our team's round points minus theirs (calls and double victories included). Worlds
are added until the time budget is spent (default 1 s, ``search:0.3``). A forced move, or a
single candidate, is answered at once. Grand Tichu, the exchange, Tichu calls and bombs out of
turn are the heuristic's (the issue's wish to search them too is not done yet).

The simulator sits behind ``Simulator`` so the engine (``EngineSim``) can be swapped for the
fast round simulator (``games/tichu/fastsim.py``) when it lands.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu_belief import WorldSampler
from cardroom.bots.tichu_heuristic import (
    Option,
    Table,
    TichuHeuristicBot,
    hand_cost,
    option,
    options,
    plan,
    waste,
)
from cardroom.games.tichu import rules
from cardroom.games.tichu.actions import ActionKind, TichuAction
from cardroom.games.tichu.state import SEATS, Phase, TichuState, partner

DEFAULT_BUDGET: Final = 1.0
MAX_CANDIDATES: Final = 6
MIN_WORLDS: Final = 2
MAX_STEPS: Final = 400
PASS: Final = TichuAction.parse("pass")
NOWISH: Final = TichuAction.parse("nowish")
SEARCHED_PHASES: Final = ("play", "dragon", "wish")


class Simulator(Protocol):
    """What search needs of a rules implementation."""

    def apply(self, state: TichuState, seat: int, action: TichuAction) -> TichuState: ...

    def rollout(self, state: TichuState, rng: random.Random) -> tuple[int, int]:
        """Play to the end of the round; the two teams' round points."""
        ...


class EngineSim:
    """The rules engine with a fast state-level rollout policy."""

    def apply(self, state: TichuState, seat: int, action: TichuAction) -> TichuState:
        return rules.apply(state, seat, action).state

    def rollout(self, state: TichuState, rng: random.Random) -> tuple[int, int]:
        for _ in range(MAX_STEPS):
            if state.phase is not Phase.PLAY:
                break
            if state.wisher is not None:
                state = rules.apply(state, state.wisher, NOWISH).state
                continue
            seat = state.turn
            assert seat is not None
            state = rules.apply(state, seat, rollout_action(state, seat)).state
        result = state.last_round
        assert result is not None and state.phase is not Phase.PLAY
        return result.points


def rollout_action(state: TichuState, seat: int) -> TichuAction:
    """The heuristic's play rules on masks: go out, lead the cheapest unit, follow when it
    costs little (never over the partner), give the Dragon to the opponent with more cards."""
    if state.dragon_pending or state.final:
        a, b = (seat + 1) % SEATS, (seat + 3) % SEATS
        to = a if state.hands[a].bit_count() >= state.hands[b].bit_count() else b
        return TichuAction(ActionKind.GIVE_DRAGON, to=to)
    plays, can_pass = rules.options(state, seat)
    hand = state.hands[seat]
    best: TichuAction | None = None
    best_key = (9.0, 0.0, 0)
    before = hand_cost(hand)
    for action, combo in plays.items():
        if action.wish is not None:
            continue
        if combo.cards == hand:
            return action
        cost = hand_cost(hand & ~combo.cards) - before + waste(combo, hand)
        key = (float(combo.is_bomb()), cost, combo.strength)
        if key < best_key:
            best, best_key = action, key
    weak = best is None or best_key[0] or best_key[1] > 0.5
    if can_pass and (state.top_seat == partner(seat) or weak):
        return PASS
    if best is None:
        return next(iter(plays))
    return best


def candidates(view: SeatView, heuristic_choice: str) -> list[str]:
    """A few distinct actions worth comparing: the heuristic's, passing, the plays of each
    planned unit and each combination kind's cheapest play, one bomb, and wishes."""
    legal = view.legal
    table = Table.of(view)
    chosen = [heuristic_choice]
    if view.obs.get("phase") == "wish":
        held = {t.split()[1] for t in legal if t.startswith("wish ")} - {
            c[:-1] for c in view.obs.get("hand") or ()
        }
        wishes = [f"wish {r}" for r in ("A", "K", "Q", "J", "10", "9") if r in held]
        return [t for t in dict.fromkeys([heuristic_choice, "nowish", *wishes[:3]]) if t in legal]
    if "pass" in legal:
        chosen.append("pass")
    plays = [o for o in options(legal, table.top) if o.combo is not None]
    gifts = [t for t in legal if t.startswith("give-dragon ")]
    chosen += gifts
    by_cards: dict[int, list[Option]] = {}
    for o in plays:
        assert o.combo is not None
        by_cards.setdefault(o.combo.cards, []).append(o)
    hand = table.hand
    ranked = sorted(
        by_cards.values(),
        key=lambda group: _cost(group[0], hand),
    )
    for group in ranked:
        texts = [o.text for o in group]
        if any(t in chosen for t in texts):
            continue
        chosen.append(min(texts, key=len))  # the plain variant (no wish) first
        if len(chosen) >= MAX_CANDIDATES:
            break
    heuristic_option = option(heuristic_choice, table.top)
    if heuristic_option.action.wish is not None or heuristic_option.combo is not None:
        cards = heuristic_option.action.cards
        wishes = [o.text for o in by_cards.get(cards, []) if o.action.wish is not None]
        chosen += [t for t in wishes[-3:] if t not in chosen]  # the high wishes
    return [t for i, t in enumerate(chosen) if t in legal and t not in chosen[:i]]


def _cost(o: Option, hand: int) -> tuple[float, int]:
    assert o.combo is not None
    after = hand_cost(hand & ~o.combo.cards) - plan(hand).cost()
    return after + waste(o.combo, hand) + 3 * o.combo.is_bomb(), o.combo.strength


@dataclass
class TichuSearchBot:
    """Flat Monte-Carlo search with a time budget per decision."""

    budget: float = DEFAULT_BUDGET
    name: str = "search"

    def __post_init__(self) -> None:
        self.heuristic = TichuHeuristicBot()
        self.sim: Simulator = EngineSim()
        if self.budget != DEFAULT_BUDGET:
            self.name = f"search:{self.budget:g}"

    @classmethod
    def from_arg(cls, arg: str) -> TichuSearchBot:
        """``search:0.3`` = 0.3 s per decision."""
        try:
            budget = float(arg)
        except ValueError:
            raise ValueError(f"search takes seconds per decision, not {arg!r}") from None
        if not 0 < budget <= 60:
            raise ValueError(f"search budget must be in (0, 60] seconds, got {budget}")
        return cls(budget)

    def act(self, view: SeatView, rng: random.Random) -> str:
        legal = view.legal
        choice = self.heuristic.act(view, rng)
        if len(legal) == 1 or view.obs.get("phase") not in SEARCHED_PHASES:
            return choice
        if choice == "tichu" or view.obs.get("turn") != view.seat:
            return choice
        texts = candidates(view, choice)
        if len(texts) <= 1:
            return choice
        return self.search(view, texts, rng) or choice

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        return self.heuristic.interrupt(view, rng)

    def search(self, view: SeatView, texts: Sequence[str], rng: random.Random) -> str | None:
        """The candidate with the best mean score over sampled worlds within the budget."""
        deadline = time.perf_counter() + self.budget
        seat = view.seat
        actions = [TichuAction.parse(t) for t in texts]
        totals = [0.0] * len(texts)
        worlds = 0
        sampler = WorldSampler(view)
        while worlds < MIN_WORLDS or time.perf_counter() < deadline:
            world = sampler.sample(rng)
            seed = rng.random()
            for i, action in enumerate(actions):
                totals[i] += self.score(world, seat, action, random.Random(seed))
            worlds += 1
            if worlds >= 200:
                break
        best = max(range(len(texts)), key=lambda i: totals[i])
        return texts[best]

    def score(self, world: TichuState, seat: int, action: TichuAction, rng: random.Random) -> float:
        try:
            state = self.sim.apply(world, seat, action)
        except Exception:  # a sampled world where the action is not legal: neutral
            return 0.0
        if state.phase is Phase.PLAY:
            points = self.sim.rollout(state, rng)
        else:
            assert state.last_round is not None
            points = state.last_round.points
        team = seat % 2
        return float(points[team] - points[1 - team])
