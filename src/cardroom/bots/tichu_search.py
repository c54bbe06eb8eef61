"""``search``: flat Monte-Carlo over worlds sampled from the seat's view (issue 9, tier 2).

Each decision in the play phase (plays, passes, bombs in turn, the Mah Jong wish, the Dragon
gift) weighs a few candidate actions: every candidate is tried in the same sampled worlds
(``tichu_belief.sample_world``), each followed by a fast rollout to the end of the round, and
scored by our team's round points minus theirs (calls and double victories included). Worlds
are added until the time budget is spent (default 1 s, ``search:0.3``), or, with a fixed
count (``search:n=400``), until that many worlds are scored whatever the machine's load, so
that strength measured with a count does not depend on other work running (on a quiet core,
``bench/tichu_search_speed.py``: n=200 ≈ 0.18 s median per searched decision, n=300 ≈ 0.28 s). A forced move, or a
single candidate, is answered at once. Grand Tichu, the exchange, Tichu calls and bombs out of
turn are the heuristic's (the issue's wish to search them too is not done yet).

Rollouts run on the fast round simulator (``games/tichu/fastsim.py``, ``Sim.from_state`` of
each sampled world) with ``rollout_policy``, a cheap partner-aware policy; every candidate meets
the same worlds and the same rollout seeds (common random numbers), and the heuristic's choice
is kept unless another candidate beats it by a clear paired margin (``MARGIN`` points and two
standard errors).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

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
from cardroom.games.tichu.actions import TichuAction
from cardroom.games.tichu.cards import DOG, DRG, PHX, rank_mask
from cardroom.games.tichu.combos import Combo, Kind
from cardroom.games.tichu.fastsim import GIVE, PASS, Move, Onto, Sim, to_action
from cardroom.games.tichu.state import SEATS, Phase, TichuState

DEFAULT_BUDGET: Final = 1.0
MAX_CANDIDATES: Final = 6
MIN_WORLDS: Final = 2
MAX_WORLDS: Final = 400
"""The time budget stops here too (more worlds change nothing measurable)."""
MAX_FIXED_WORLDS: Final = 100_000
MARGIN: Final = 5.0
"""Points/round a candidate must gain over the heuristic's choice (and two standard errors)."""
SEARCHED_PHASES: Final = ("play", "dragon", "wish")
_PHX_BIT: Final = 1 << PHX
_DRG_BIT: Final = 1 << DRG
_DOG_BIT: Final = 1 << DOG
_RANK_MASKS: Final = tuple(rank_mask(r) if 2 <= r <= 14 else 0 for r in range(16))
_SETS: Final = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)
DANGER: Final = 2
"""An opponent with at most this many cards may go out soon: the policy bombs and overtakes."""


def _play_cost(combo: Combo, hand: int) -> float:
    """How much ``combo`` costs to spend: its rank, less per card shed, more for breaking a
    set or spending the Phoenix, Dragon or a bomb's cards."""
    cards = combo.cards
    cost = combo.strength * 0.5 - 1.5 * (combo.length - 1)
    if cards & _PHX_BIT:
        cost += 6.0
    if cards & _DRG_BIT:
        cost += 4.0
    if cards == _DOG_BIT:
        cost = 4.0
    if combo.kind in _SETS:
        rank = combo.strength >> 1
        if 2 <= rank <= 14:
            held = (hand & _RANK_MASKS[rank]).bit_count()
            if held == 4:
                cost += 12.0
            elif held > combo.length:
                cost += 3.0
    return cost


def rollout_policy(sim: Sim, moves: list[Move], rng: random.Random) -> Move:
    """A cheap partner-aware policy for rollouts: go out when possible; lead the cheapest
    combination; follow an opponent with the cheapest beating play, never over the partner;
    bomb only an opponent close to going out; the Dragon to the opponent with more cards."""
    first, last = moves[0], moves[-1]
    if type(last) is int and last >= GIVE:
        a = moves[-2]
        assert isinstance(a, int)
        return a if sim.hands[a - GIVE].bit_count() >= sim.hands[last - GIVE].bit_count() else last
    if type(first) is int and first != PASS:
        return first  # the wish: none (or the lowest when one is compulsory)
    seat = sim.seat
    assert seat is not None
    hands = sim.hands
    hand = hands[seat]
    opponent_low = min(
        hands[(seat + 1) % SEATS].bit_count() or 99, hands[(seat + 3) % SEATS].bit_count() or 99
    )
    danger = opponent_low <= DANGER
    following = first == PASS
    if following and sim.top_seat == (seat + 2) % SEATS:
        for m in moves:
            if type(m) is not int and m.cards == hand:  # type: ignore[union-attr]
                return m
        return PASS
    best: Move = PASS
    best_cost = 99.0
    for m in moves:
        if type(m) is int:
            continue
        combo = m.combo if isinstance(m, Onto) else m
        assert isinstance(combo, Combo)
        if combo.cards == hand:
            return m
        if combo.kind == Kind.BOMB:
            if not danger:
                continue
            cost = 20.0
        else:
            cost = _play_cost(combo, hand)
        if cost < best_cost:
            best, best_cost = m, cost
    if following:
        return best  # always beating an opponent measured best (+80 pts/round over greedy)
    if best == PASS:  # only bombs to lead with
        return next(m for m in moves if type(m) is not int)
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
    worlds: int | None = None
    """A fixed number of sampled worlds per decision instead of the time budget."""
    name: str = "search"

    def __post_init__(self) -> None:
        self.heuristic = TichuHeuristicBot()
        if self.worlds is not None:
            self.name = f"search:n={self.worlds}"
        elif self.budget != DEFAULT_BUDGET:
            self.name = f"search:{self.budget:g}"

    @classmethod
    def from_arg(cls, arg: str) -> TichuSearchBot:
        """``search:0.3`` = 0.3 s per decision; ``search:n=400`` = 400 worlds per decision."""
        if arg.startswith("n="):
            try:
                worlds = int(arg[2:])
            except ValueError:
                raise ValueError(f"search:n= takes a number of worlds, not {arg!r}") from None
            if not MIN_WORLDS <= worlds <= MAX_FIXED_WORLDS:
                raise ValueError(
                    f"search worlds must be in [{MIN_WORLDS}, {MAX_FIXED_WORLDS}], got {worlds}"
                )
            return cls(worlds=worlds)
        try:
            budget = float(arg)
        except ValueError:
            raise ValueError(
                f"search takes seconds per decision or n=worlds, not {arg!r}"
            ) from None
        if not 0 < budget <= 60:
            raise ValueError(f"search budget must be in (0, 60] seconds, got {budget}")
        return cls(budget)

    def act(self, view: SeatView, rng: random.Random) -> str:
        start = time.perf_counter()
        legal = view.legal
        choice = self.heuristic.act(view, rng)
        if len(legal) == 1 or view.obs.get("phase") not in SEARCHED_PHASES:
            return choice
        if choice == "tichu" or view.obs.get("turn") != view.seat:
            return choice
        texts = candidates(view, choice)
        if len(texts) <= 1:
            return choice
        return self.search(view, texts, rng, start + self.budget)

    def _more(self, worlds: int, now: float, last: float, deadline: float) -> bool:
        """Whether to score one more world: the fixed count, else the time left."""
        if self.worlds is not None:
            return worlds < self.worlds
        if worlds < MIN_WORLDS:
            return True
        return worlds < MAX_WORLDS and now + last < deadline  # no world started to overrun

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        return self.heuristic.interrupt(view, rng)

    def search(
        self, view: SeatView, texts: Sequence[str], rng: random.Random, deadline: float
    ) -> str:
        """``texts[0]`` (the heuristic's choice) unless another candidate scores better by a
        clear paired margin over the same sampled worlds and rollout seeds."""
        seat = view.seat
        n = len(texts)
        diffs = [0.0] * n
        squares = [0.0] * n
        worlds = 0
        sampler = WorldSampler(view)
        actions = [TichuAction.parse(t) for t in texts]
        now, last = time.perf_counter(), 0.0
        while self._more(worlds, now, last, deadline):
            world = sampler.sample(rng)
            seed = rng.random()
            scores = self.scores(world, seat, actions, seed)
            for i, score in enumerate(scores):
                d = score - scores[0]
                diffs[i] += d
                squares[i] += d * d
            worlds += 1
            now, last = time.perf_counter(), time.perf_counter() - now
        best, best_gain = 0, 0.0
        for i in range(1, n):
            mean = diffs[i] / worlds
            var = max(squares[i] / worlds - mean * mean, 0.0)
            se = (var / max(worlds - 1, 1)) ** 0.5
            if mean > MARGIN and mean - 2 * se > 0 and mean > best_gain:
                best, best_gain = i, mean
        return texts[best]

    def scores(
        self, world: TichuState, seat: int, actions: Sequence[TichuAction], seed: float
    ) -> list[float]:
        """Each action's rollout in ``world`` with the same rollout seed: our team's round
        points minus theirs."""
        base = Sim.from_state(world)
        moves = {to_action(m): m for m in base.moves()}
        out = []
        for action in actions:
            move = moves.get(action)
            if move is None:  # not a simulator move (a bomb out of turn): the engine applies it
                out.append(self.engine_score(world, seat, action, seed))
                continue
            sim = base.copy()
            sim.apply(move, seat)
            out.append(_diff(sim.rollout(rollout_policy, random.Random(seed)), seat))
        return out

    def engine_score(self, world: TichuState, seat: int, action: TichuAction, seed: float) -> float:
        try:
            state = rules.apply(world, seat, action).state
        except Exception:  # a sampled world where the action is not legal: neutral
            return 0.0
        if state.phase is not Phase.PLAY:
            assert state.last_round is not None
            return _diff(state.last_round.points, seat)
        return _diff(Sim.from_state(state).rollout(rollout_policy, random.Random(seed)), seat)


def _diff(points: tuple[int, int], seat: int) -> float:
    team = seat % 2
    return float(points[team] - points[1 - team])
