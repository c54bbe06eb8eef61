"""``search``: flat Monte-Carlo over worlds sampled from the seat's view.

Each decision in the play phase (plays, passes, bombs in turn, the Mah Jong wish, the Dragon
gift) weighs a few candidate actions: every candidate is tried in the same sampled worlds
(``tichu_belief.sample_world``), each followed by a fast rollout to the end of the round, and
scored by our team's round points minus theirs (calls and double victories included). Worlds
are added until the time budget is spent (default 1 s, ``search:0.3``), or, with a fixed
count (``search:n=400``), until that many worlds are scored whatever the machine's load, so
that strength measured with a count does not depend on other work running (on a quiet core,
``bench/tichu_search_speed.py``, load ≈ 1.2–1.5: n=200 ≈ 0.22 s median per searched
decision, n=250 ≈ 0.25 s, n=300 ≈ 0.29 s).
A forced move, or a single candidate, is answered at once. A bomb out of turn is weighed
against letting the play go on (``bomb_or_not``). The calls are the heuristic's model's, at
the search's own thresholds (``SEARCH_TICHU_P``, ``SEARCH_GRAND_P``): calls by simulated chance
of going out first (``tichu_calls``, options ``simcalls`` and ``simtichu``) and the searched
exchange (``tichu_exchange``, option ``exchange``) exist but did not measure better.

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
from cardroom.bots.tichu.belief import WorldSampler
from cardroom.bots.tichu.bidding import TICHU_P
from cardroom.bots.tichu.calls import TICHU_CALL, Gift, call_grand, call_tichu
from cardroom.bots.tichu.exchange import search_exchange
from cardroom.bots.tichu.firstplay import seen_tichu_probability
from cardroom.bots.tichu.heuristic import (
    Option,
    Table,
    TichuHeuristicBot,
    bomb_key,
    cards_mask,
    hand_cost,
    option,
    options,
    plan,
    plan_exchange,
    tichu_probability,
    trick_points,
    waste,
)
from cardroom.bots.verdicts import More
from cardroom.games.tichu import rules
from cardroom.games.tichu.actions import TichuAction
from cardroom.games.tichu.cards import DOG, DRG, PHX, format_card, rank_mask
from cardroom.games.tichu.combos import Combo, Kind
from cardroom.games.tichu.fastsim import GIVE, PASS, Move, Onto, Policy, Sim, to_action
from cardroom.games.tichu.state import NO_CALL, SEATS, Phase, TichuState

DEFAULT_BUDGET: Final = 1.0
SEARCH_TICHU_P: Final = 0.5
"""The search calls Tichu on a lower model chance than the heuristic (``TICHU_P``), because it
plays a called hand out better: ``cardroom arena --a search:n=50,tichu=0.5 --b heuristic-v1
--pairs 100 --seed 3001`` called Tichu in 10.2 % of player-rounds, 71 % made (at 0.6: 4–7 %)."""
SEEN_P: Final = 0.43
"""A level text's first-play call threshold (``seen=P``): on six held-out seeds against the pool
(with ``support``), Tichu 12.8 % called, 71.5 % made; 0.46 called 10.8 %, 75.5 % made
(docs/bots.md). No threshold met both figures of the bar; 0.43 is nearer BrettspielWelt's
players (13.9 %, 73.4 %)."""
SEARCH_GRAND_P: Final = 0.56
"""The search's Grand Tichu threshold, below the heuristic's (``HEURISTIC_GRAND_P``) and
``GRAND_P`` (0.58): at 0.58 ``strong`` called Grand in 4.5 % of player-rounds and made 79 %
(seed 7200, 310 pairs against casual), stricter than a Grand's break-even (p = 0.5) needs. On
random first-8-card hands the model is ≥ 0.58 in 4.9 %, ≥ 0.56 in 6.9 %, ≥ 0.55 in 8.3 %. At
0.56: 7.1 % called, 68 % made (tuning seed 7300, 250 pairs); 6.7 %, 71 % made, strong − casual
+42.5 [+33.3, +51.7] (seed 7500, 400 pairs; docs/bots.md)."""
MAX_CANDIDATES: Final = 6
MIN_WORLDS: Final = 2
MAX_WORLDS: Final = 400
"""The time budget stops here too (more worlds change nothing measurable)."""
MAX_FIXED_WORLDS: Final = 100_000
MAX_CALL_WORLDS: Final = 2000
CALL_WORLDS_PER_WORLD: Final = 4
"""With a fixed count n, a call decision plays 4n rollouts (one per world, where a play
decision plays one per candidate): about the same time."""
CALL_SHARE: Final = 0.8
"""Share of the time budget a call decision may use (the rollouts stop at the deadline)."""
BOMB_SHARE: Final = 0.5
"""Share of the time budget for a bomb out of turn (asked at every play while we hold one)."""
BOMB_CARDS: Final = 5
"""An opponent on top with at most this many cards makes a bomb worth weighing."""
NO_BOMB: Final = "no-bomb"
"""The candidate "let the play go on" of ``bomb_or_not`` (not an action text)."""
MARGIN: Final = 5.0
"""Points/round a candidate must gain over the heuristic's choice (and two standard errors)."""
SEARCHED_PHASES: Final = ("play", "dragon", "wish")
LEVEL_WORDS: Final[dict[str, dict[str, bool]]] = {
    "plain": {},  # the base of the other words (``from_arg``)
    "old": {"sim_calls": False, "sim_bombs": False},
    "simcalls": {"sim_calls": True},
    "simtichu": {"sim_tichu": True},
    "exchange": {"exchange": True},
    "infer": {"infer": True},
    "reads": {"reads": True},
    "follows": {"follows": True},
    "guarded": {"guarded": True},
    "support": {"support": True},
    "nosupport": {"support": False},
}
"""The words of a level text that set flags of ``TichuSearchBot``, and to what."""
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
    return _policy(sim, moves, False)


def guarded_rollout_policy(sim: Sim, moves: list[Move], rng: random.Random) -> Move:
    """``rollout_policy`` that leads the Dog at once (the lead to the partner) and, while an
    opponent holds one card, leads anything but a single, else its highest single."""
    return _policy(sim, moves, True)


def supporting_rollout_policy(sim: Sim, moves: list[Move], rng: random.Random) -> Move:
    """``guarded_rollout_policy`` that never goes out while its partner, having called, still
    plays and nobody is out: going out first would fail the partner's call."""
    return _policy(sim, moves, True, True)


def _policy(sim: Sim, moves: list[Move], guarded: bool, support: bool = False) -> Move:
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
    hold = support and _holds_back(sim, seat)
    if following and sim.top_seat == (seat + 2) % SEATS:
        if hold:
            return PASS
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
            if hold:
                continue
            return m
        if combo.kind == Kind.BOMB:
            if not danger:
                continue
            cost = 20.0
        else:
            cost = _play_cost(combo, hand)
            if guarded and not following:
                if combo.cards == _DOG_BIT and hands[(seat + 2) % SEATS]:
                    cost = -50.0
                elif opponent_low == 1 and combo.kind == Kind.SINGLE:
                    cost += 40.0 - combo.strength
        if cost < best_cost:
            best, best_cost = m, cost
    if following:
        return best  # always beating an opponent measured best (+80 pts/round over greedy)
    if best == PASS:  # only bombs to lead with
        return next(m for m in moves if type(m) is not int)
    return best


def _holds_back(sim: Sim, seat: int) -> bool:
    """Whether ``seat``'s partner has called (``seat`` not) and nobody is out: going out now
    would fail the call (``supporting_rollout_policy``)."""
    calls = sim.calls
    return not sim.out and calls[seat] == NO_CALL and calls[(seat + 2) % SEATS] != NO_CALL


def support_first(view: SeatView, texts: list[str]) -> list[str]:
    """``texts`` with the heuristic's choice last when it would take us out first while our
    partner's call is open (we did not call): the search then keeps the next candidate unless
    failing the call scores better by a clear margin."""
    table = Table.of(view)
    if table.called(table.seat) or not table.call_open(table.partner):
        return texts
    first = TichuAction.parse(texts[0])
    if first.cards.bit_count() != table.size(table.seat):
        return texts
    return [*texts[1:], texts[0]]


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
    sim_calls: bool = False
    """Tichu and Grand Tichu by ``tichu_calls`` (``simcalls``); by default the heuristic's
    model and thresholds, which measured better (seed 91, 60 pairs at n=50: +43.2 against
    heuristic-v1 with the model's calls, +28.2 with the simulated ones)."""
    sim_tichu: bool = False
    """Tichu (only) by ``tichu_calls.call_tichu`` at ``tichu_call`` (``simtichu``, ``tcall=P``);
    Grand Tichu by the model. Off: at n=30 it called Tichu in 5.8 % of player-rounds, 54 % made
    (seed 7300, 150 pairs against casual; the model's calls: 9.2 %, 66 % made)."""
    tichu_call: float = TICHU_CALL
    sim_bombs: bool = True
    """Bombs out of turn weighed by rollouts (``bomb_or_not``; else the heuristic's)."""
    exchange: bool = False
    """Search the exchange too (``tichu_exchange``; ``search:n=100,exchange``)."""
    tichu_threshold: float = SEARCH_TICHU_P
    """The model's chance of going out first at which a Tichu is called (``tichu=0.5``)."""
    grand_threshold: float = SEARCH_GRAND_P
    """The same for a Grand Tichu (``grand=0.5``)."""
    infer: bool = False
    """Worlds weighed by the calls made and passed up (``belief``'s ``infer``; ``infer``)."""
    reads: bool = False
    """Worlds weighed by the other seats' passes too (``belief``'s ``reads``; ``reads``): a
    seat that passed on an opponent's play it could have beaten cheaply is unlikely. Beside
    ``expert`` from the call on, at the same 93 forced calls (seed ``bd3``): made 64.5 %
    against 62.4 %, +2.2 [−4.5, +8.8], +7.2 [−21.9, +36.3] points a called round
    (docs/bots.md): not shown. No level uses it."""
    follows: bool = False
    """Worlds weighed by the other seats' plays and the opponents' gifts too (``belief``'s
    ``follows``; ``follows``): a seat that beat a play dearer than it had to, led high over a
    lower loose unit, or gave us a card over a lower loose one is unlikely. With ``reads``,
    beside ``expert`` from the call on, at the same 307 forced calls (seed ``bd3``): made
    67.4 % against 68.4 %, −1.0 [−6.0, +4.0] (docs/bots.md): nothing. No level uses it."""
    guarded: bool = False
    """Rollouts by ``guarded_rollout_policy`` (``guarded``) instead of ``rollout_policy``."""
    support: bool = False
    """Rollouts by ``supporting_rollout_policy`` (``support``, implies ``guarded``): the
    ``expert`` level's, +6.5 [−1.7, +14.7] points a round and its calls made 84 % against 71 %
    on the same 400 deals (docs/bots.md). At the table too, going out before a partner whose
    call is open must win by the search's margin (``support_first``)."""
    pre_call: float | None = None
    """Call Tichu before the exchange on a model chance of at least this (``pre=P``), while the
    partner has not given yet: the partner then passes us his best card (``plan_exchange``)."""

    seen_threshold: float | None = None
    """Call Tichu at the seat's own play while it holds 14 cards, on a chance of at least this
    by ``firstplay.seen_tichu_probability`` (the hand and what was seen by then; ``seen=P``),
    instead of the hand model's chance (``tichu_threshold``). A level text uses ``SEEN_P``."""
    stake: int | None = None
    """Worlds per decision while our team's Tichu or Grand Tichu is open (``stake=N``; nobody
    out yet), instead of ``worlds`` or the time budget: a called round swings 200 points on a
    few close decisions, where a fixed count of 30 worlds is noisy. ``stake=200`` beside
    ``expert`` on the same 83 forced calls: made 72.3 % against 65.1 %, +7.2 [−2.7, +17.1], and
    +34.6 [−4.8, +74.0] points a called round (docs/bots.md): not shown, and over the time
    budget (CPU p99 2.0 s a decision). No level uses it."""

    def __post_init__(self) -> None:
        self.heuristic = TichuHeuristicBot(self.tichu_threshold, self.grand_threshold)
        self.gifts: dict[tuple[object, int], Gift] = {}
        """Per round and hand: the searched exchange."""
        self.tichu_decided: dict[tuple[object, int], bool] = {}
        """Per round and hand: whether to call Tichu (decided once, at the first chance)."""
        self.policy: Policy = (
            supporting_rollout_policy
            if self.support
            else guarded_rollout_policy
            if self.guarded
            else rollout_policy
        )
        if self.worlds is not None:
            self.name = f"search:n={self.worlds}"
        elif self.budget != DEFAULT_BUDGET:
            self.name = f"search:{self.budget:g}"

    @classmethod
    def from_arg(cls, arg: str) -> TichuSearchBot:
        """``search:0.3`` = 0.3 s per decision; ``search:n=400`` = 400 worlds per decision;
        after commas, for arena comparisons: ``simcalls`` = calls by ``tichu_calls``, ``old`` =
        the heuristic's bombs out of turn too (the earlier version), ``exchange`` = search the
        exchange, ``tichu=P``/``grand=P`` = the call thresholds, ``support`` = the supporting
        rollouts, ``seen=P`` = the first-play call threshold, ``plain`` = none of ``infer``
        (worlds weighed by the calls), ``guarded`` (the guarded rollouts), ``support`` and
        ``seen``; ``nosupport`` = guarded rollouts without support, ``stake=N`` = N worlds
        per decision while our team's call is open, ``handcalls`` = Tichu called
        by the hand model at the first chance, not at the first play, ``reads`` = worlds weighed
        by the passes too, ``follows`` = by the plays and the opponents' gifts too.

        A level text searches with ``infer``, ``support`` (hence ``guarded``) and ``seen=0.43``:
        each measured stronger (docs/bots.md), and ``expert`` has used them all since
        2026-12-06. ``plain`` names the search without them, as every level text did before
        (``search:n=30,plain``); after ``plain``, in any order, the words ``infer``, ``guarded``,
        ``support`` and ``seen=P`` add one back."""
        budget, worlds = DEFAULT_BUDGET, None
        parts = [p for p in (p.strip() for p in arg.split(",")) if p]
        plain = "plain" in parts  # the base the other words change, wherever it stands
        flags = {"sim_calls": False, "sim_bombs": True, "sim_tichu": False, "exchange": False}
        flags |= {"reads": False, "follows": False}
        flags |= {"infer": not plain, "guarded": not plain, "support": not plain}
        pre_call: float | None = None
        stake: int | None = None
        seen: float | None = None if plain else SEEN_P
        thresholds = {"tichu": SEARCH_TICHU_P, "grand": SEARCH_GRAND_P, "tcall": TICHU_CALL}
        for part in parts:
            if part in LEVEL_WORDS:
                flags |= LEVEL_WORDS[part]
            elif part == "handcalls":
                seen = None
            elif part.startswith("n="):
                worlds = _int_arg(part)
            elif part.startswith("stake="):
                stake = _int_arg(part)
            elif part.startswith("pre="):
                pre_call = _probability_arg(part)
            elif part.startswith("seen="):
                seen = _probability_arg(part)
            elif part.partition("=")[0] in thresholds:
                thresholds[part.partition("=")[0]] = _probability_arg(part)
            else:
                budget = _seconds_arg(part)
        bot = cls(
            budget,
            worlds,
            sim_calls=flags["sim_calls"],
            sim_tichu=flags["sim_tichu"],
            tichu_call=thresholds["tcall"],
            sim_bombs=flags["sim_bombs"],
            exchange=flags["exchange"],
            tichu_threshold=thresholds["tichu"],
            grand_threshold=thresholds["grand"],
            infer=flags["infer"],
            reads=flags["reads"],
            follows=flags["follows"],
            guarded=flags["guarded"],
            support=flags["support"],
            pre_call=pre_call,
            seen_threshold=seen,
            stake=stake,
        )
        bot.name = f"search:{arg}"
        return bot

    def act(self, view: SeatView, rng: random.Random) -> str:
        start = time.perf_counter()
        if self.sim_calls and "grand" in view.legal:
            more = self._more_calls(start)
            return "grand" if call_grand(view, rng, self.policy, more) else "nogrand"
        if self.sim_calls or self.sim_tichu:
            if self.calls_tichu(view, rng, start):
                return "tichu"
            view = without_tichu(view)
        if self.pre_call is not None and calls_before_exchange(view, self.pre_call):
            return "tichu"
        if self.seen_threshold is not None and view.obs.get("phase") == "play":
            if calls_seen(view, self.seen_threshold):
                return "tichu"
            view = without_tichu(view)
        if self.exchange and any(t.startswith("exchange ") for t in view.legal):
            return self.exchange_action(view, rng, start)
        return self._act(view, rng, start)

    def exchange_action(self, view: SeatView, rng: random.Random, start: float) -> str:
        """One of the three exchange answers, from one searched gift per round
        (``tichu_exchange.search_exchange`` of the heuristic's plan and its variants)."""
        table = Table.of(view)
        own = (view.obs.get("exchange") or {}).get("given") or {}
        hand = table.hand | cards_mask(own.values())
        key = (view.obs.get("round"), hand)
        if key not in self.gifts:
            calls = view.obs.get("calls") or [""] * SEATS
            strong = table.called(table.seat) or tichu_probability(hand) >= TICHU_P
            plan = plan_exchange(hand, bool(calls[table.partner]), strong)
            more = self._more_calls(start, per_world=1)
            self.gifts[key] = search_exchange(view, hand, plan, rng, self.policy, more)
        for k, card in enumerate(self.gifts[key], start=1):
            target = (table.seat + k) % SEATS
            if str(target) not in own:
                text = f"exchange {format_card(card)} to {target}"
                return text if text in view.legal else self.heuristic.act(view, rng)
        return self.heuristic.act(view, rng)

    def _act(self, view: SeatView, rng: random.Random, start: float) -> str:
        legal = view.legal
        choice = self.heuristic.act(view, rng)
        if choice in ("tichu", "grand", "nogrand"):
            return choice
        if len(legal) == 1 or view.obs.get("phase") not in SEARCHED_PHASES:
            return choice
        if view.obs.get("turn") != view.seat:
            return choice
        texts = candidates(view, choice)
        if len(texts) <= 1:
            return choice
        if self.support:
            texts = support_first(view, texts)
        return self.search(view, texts, rng, start + self.budget)

    def world_count(self, view: SeatView) -> int | None:
        """The fixed count of worlds of a searched decision (None: the time budget):
        ``stake`` while our team's call is open, else ``worlds``."""
        if self.stake is not None:
            table = Table.of(view)
            if table.call_open(table.seat) or table.call_open(table.partner):
                return self.stake
        return self.worlds

    def _more(
        self, worlds: int, now: float, last: float, deadline: float, count: int | None
    ) -> bool:
        """Whether to score one more world: the fixed ``count``, else the time left."""
        if count is not None:
            return worlds < count
        if worlds < MIN_WORLDS:
            return True
        return worlds < MAX_WORLDS and now + last < deadline  # no world started to overrun

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        start = time.perf_counter()
        if self.sim_calls or self.sim_tichu:
            if self.calls_tichu(view, rng, start):
                return "tichu"
            view = without_tichu(view)
        if self.seen_threshold is not None and "tichu" in view.legal:
            choice = self.interrupt(without_tichu(view), rng)
            if choice is not None and calls_seen(view, self.seen_threshold):
                return "tichu"  # a bomb out of turn is a first play: the last chance to call
            return choice
        if not self.sim_bombs:
            return self.heuristic.interrupt(view, rng)
        return self.bomb_or_not(view, rng, start)

    def bomb_or_not(self, view: SeatView, rng: random.Random, start: float) -> str | None:
        """Out of turn with a bomb: the heuristic's answer, the cheapest bomb and letting the
        play go on, compared by rollouts when an opponent's play lies on a trick that matters
        (``bomb_matters``); the heuristic alone otherwise."""
        choice = self.heuristic.interrupt(view, rng)
        if choice == "tichu" or view.obs.get("phase") != "play":
            return choice
        table = Table.of(view)
        info = view.obs.get("legal_info") or ()
        bombs = [o for o in options(view.legal, table.top, info) if o.combo and o.combo.is_bomb()]
        if not bombs or not bomb_matters(table, choice is not None):
            return choice
        cheapest = min(bombs, key=lambda o: bomb_key(o, table.hand)).text
        texts = list(dict.fromkeys([choice or NO_BOMB, NO_BOMB, cheapest]))
        if len(texts) == 1:
            return choice
        best = self.search(view, texts, rng, start + self.budget * BOMB_SHARE)
        return None if best == NO_BOMB else best

    def calls_tichu(self, view: SeatView, rng: random.Random, start: float) -> bool:
        """Call Tichu in the play phase before our first card, decided once per round by
        ``tichu_calls.call_tichu`` (never during the exchange: the cards received count)."""
        obs = view.obs
        if "tichu" not in view.legal or obs.get("phase") != "play":
            return False
        hand = obs.get("hand") or ()
        if len(hand) != 14:
            return False
        key = (obs.get("round"), hash(tuple(hand)))
        if key not in self.tichu_decided:
            partner = (obs.get("calls") or [""] * SEATS)[(view.seat + 2) % SEATS]
            more = self._more_calls(start)
            call = not partner and call_tichu(view, rng, self.policy, more, self.tichu_call)
            self.tichu_decided[key] = call
        return self.tichu_decided[key]

    def _more_calls(self, start: float, per_world: int = CALL_WORLDS_PER_WORLD) -> More:
        """The budget of a call (or exchange: ``per_world=1``) decision: the fixed count,
        else the time budget."""
        if self.worlds is not None:
            count = self.worlds * per_world
            return lambda k: k < count
        deadline = start + self.budget * CALL_SHARE
        return lambda k: k < MIN_WORLDS or (k < MAX_CALL_WORLDS and time.perf_counter() < deadline)

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
        sampler = self.world_sampler(view)
        actions = [None if t == NO_BOMB else TichuAction.parse(t) for t in texts]
        now, last, count = time.perf_counter(), 0.0, self.world_count(view)
        while self._more(worlds, now, last, deadline, count):
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

    def world_sampler(self, view: SeatView) -> WorldSampler:
        """The worlds a searched decision is weighed in: sampled from the seat's view (with
        ``infer``, weighed by the calls; with ``reads``, by the passes too; with ``follows``, by
        the plays and gifts).
        ``bench/tichu_forced_calls.py``'s oracle, a bench-only subclass, overrides it with the
        true deal; no bot does."""
        return WorldSampler(view, self.infer, self.reads, self.follows)

    def scores(
        self, world: TichuState, seat: int, actions: Sequence[TichuAction | None], seed: float
    ) -> list[float]:
        """Each action's rollout in ``world`` with the same rollout seed: our team's round
        points minus theirs (``None``: no move of ours, out of turn)."""
        base = Sim.from_state(world)
        moves = {to_action(m): m for m in base.moves()}
        if base.seat != seat:
            moves.update({to_action(m): m for m in base.bombs(seat)})
        out = []
        for action in actions:
            if action is None:
                sim = base.copy()
                out.append(_diff(sim.rollout(self.policy, random.Random(seed)), seat))
                continue
            move = moves.get(action)
            if move is None:  # not a simulator move (a bomb out of turn): the engine applies it
                out.append(self.engine_score(world, seat, action, seed))
                continue
            sim = base.copy()
            sim.apply(move, seat)
            out.append(_diff(sim.rollout(self.policy, random.Random(seed)), seat))
        return out

    def engine_score(self, world: TichuState, seat: int, action: TichuAction, seed: float) -> float:
        try:
            state = rules.apply(world, seat, action).state
        except Exception:  # a sampled world where the action is not legal: neutral
            return 0.0
        if state.phase is not Phase.PLAY:
            assert state.last_round is not None
            return _diff(state.last_round.points, seat)
        return _diff(Sim.from_state(state).rollout(self.policy, random.Random(seed)), seat)


def calls_before_exchange(view: SeatView, threshold: float) -> bool:
    """Tichu before giving any exchange card, on a hand the model rates at ``threshold`` or
    more, while the partner (who has not called) has not given his cards yet (R3.1, R3.7)."""
    obs = view.obs
    if "tichu" not in view.legal or obs.get("phase") != "exchange":
        return False
    if (obs.get("exchange") or {}).get("given"):
        return False
    partner = (view.seat + 2) % SEATS
    calls = obs.get("calls") or [""] * SEATS
    decided = obs.get("decided") or [True] * SEATS
    if calls[partner] or decided[partner]:
        return False
    return tichu_probability(cards_mask(obs.get("hand") or ())) >= threshold


def calls_seen(view: SeatView, threshold: float) -> bool:
    """Tichu now, in the play phase with 14 cards and the partner not called, if the hand and
    what was seen give a chance of at least ``threshold`` (``seen_tichu_probability``)."""
    obs = view.obs
    if "tichu" not in view.legal or obs.get("phase") != "play":
        return False
    if len(obs.get("hand") or ()) != 14:
        return False
    if (obs.get("calls") or [""] * SEATS)[(view.seat + 2) % SEATS]:
        return False
    return seen_tichu_probability(view) >= threshold


def bomb_matters(table: Table, heuristic_bombs: bool) -> bool:
    """An opponent's play on top and something at stake: the heuristic would bomb, the
    opponent is down to a few cards, or the trick holds points."""
    top_seat = table.top_seat
    if top_seat is None or top_seat not in table.opponents:
        return False
    return heuristic_bombs or table.size(top_seat) <= BOMB_CARDS or trick_points(table.obs) >= 15


def _int_arg(part: str) -> int:
    key, _, value = part.partition("=")
    try:
        worlds = int(value)
    except ValueError:
        raise ValueError(f"search:{key}= takes a number of worlds, not {part!r}") from None
    if not MIN_WORLDS <= worlds <= MAX_FIXED_WORLDS:
        raise ValueError(
            f"search worlds must be in [{MIN_WORLDS}, {MAX_FIXED_WORLDS}], got {worlds}"
        )
    return worlds


def _probability_arg(part: str) -> float:
    key, _, value = part.partition("=")
    return _bounded(value, 1.0, f"search:{key}= (a probability)")


def _seconds_arg(part: str) -> float:
    return _bounded(part, 60.0, "search seconds per decision (or n=worlds)")


def _bounded(text: str, high: float, what: str) -> float:
    """A number in (0, ``high``] from a level's text, or a ValueError naming ``what``."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what} takes a number, not {text!r}") from None
    if not 0 < value <= high:
        raise ValueError(f"{what} must be in (0, {high:g}], got {value:g}")
    return value


def without_tichu(view: SeatView) -> SeatView:
    """The view without the Tichu call among the legal actions (the calls are decided here,
    not by the heuristic's model); ``legal_info`` stays aligned with ``legal``."""
    legal = view.legal
    if "tichu" not in legal:
        return view
    keep = [i for i, t in enumerate(legal) if t != "tichu"]
    obs = dict(view.obs)
    obs["legal"] = [legal[i] for i in keep]
    info = obs.get("legal_info")
    if isinstance(info, list | tuple) and len(info) == len(legal):
        obs["legal_info"] = [info[i] for i in keep]
    return SeatView(view.game, view.seat, obs, view.history)


def _diff(points: tuple[int, int], seat: int) -> float:
    team = seat % 2
    return float(points[team] - points[1 - team])
