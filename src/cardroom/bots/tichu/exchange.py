"""The exchange by simulation: a few candidate gifts compared by rollouts.

The candidates are the heuristic's plan (``plan_exchange``) and variants of it: the partner
gets our best card below an Ace, an Ace, or a harmless low card instead; the opponents get the
next useless card instead of one of the two planned. The Mah Jong never goes to an opponent
(whoever holds it leads first and names the wish; no candidate offers it). Each candidate meets
the same worlds: the 42 unseen cards dealt at random to the other seats, their gifts by
``quick_exchange``, then a rollout of the round (the same seed per world), scored by our team's
points minus theirs. The heuristic's plan is kept unless another beats it by a clear paired
margin, as in ``tichu_search.search``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.calls import Gift, More, quick_exchange
from cardroom.games.tichu.cards import DECK, DRG, MJ, PHX, iter_cards, rank_of
from cardroom.games.tichu.fastsim import Policy, Sim
from cardroom.games.tichu.state import NO_CALL, SEATS

MARGIN: Final = 5.0
"""Points/round a variant must gain over the heuristic's plan (and two standard errors)."""


def variants(hand: int, plan: Gift) -> list[Gift]:
    """The plan first, then distinct variants (never the Mah Jong to an opponent)."""
    left, partner, right = plan
    out = [plan]
    spare = [c for c in iter_cards(hand) if c not in plan and c not in (MJ, PHX, DRG)]
    normal = [c for c in spare if 2 <= c <= 53]
    below_ace = [c for c in normal if rank_of(c) < 14]
    aces = [c for c in normal if rank_of(c) == 14]
    for card in below_ace[-1:] + aces[-1:] + normal[:1]:
        out.append((left, card, right))
    low = [c for c in spare if c == 0] + normal  # the Dog first, then the lowest
    if low:
        out.append((low[0], partner, right))
        out.append((left, partner, low[0]))
    return [g for i, g in enumerate(out) if g not in out[:i] and len(set(g)) == 3]


def search_exchange(
    view: SeatView, hand: int, plan: Gift, rng: random.Random, policy: Policy, more: More
) -> Gift:
    """The best of ``variants(hand, plan)`` by paired rollouts over sampled deals."""
    gifts = variants(hand, plan)
    if len(gifts) == 1:
        return plan
    me = view.seat
    calls = [str(c) or NO_CALL for c in view.obs.get("calls") or [NO_CALL] * SEATS]
    unseen = list(iter_cards(DECK & ~hand))
    n = len(gifts)
    diffs, squares = [0.0] * n, [0.0] * n
    worlds = 0
    while more(worlds):
        rng.shuffle(unseen)
        hands = [0] * SEATS
        others = [s for s in range(SEATS) if s != me]
        for k, s in enumerate(others):
            for c in unseen[14 * k : 14 * k + 14]:
                hands[s] |= 1 << c
        hands[me] = hand
        seed = rng.random()
        scores = [_play(hands, me, g, calls, policy, seed) for g in gifts]
        for i, score in enumerate(scores):
            d = score - scores[0]
            diffs[i] += d
            squares[i] += d * d
        worlds += 1
    return gifts[_best(diffs, squares, worlds)]


def _play(
    hands: Sequence[int], me: int, gift: Gift, calls: Sequence[str], policy: Policy, seed: float
) -> float:
    """Our team's points minus theirs after the exchange with our ``gift`` and a rollout."""
    final = quick_exchange(list(hands), fixed={me: gift})
    leader = next(s for s in range(SEATS) if final[s] >> MJ & 1)
    sim = Sim(final, leader)
    sim.calls = list(calls)
    points = sim.rollout(policy, random.Random(seed))
    team = me % 2
    return float(points[team] - points[1 - team])


def _best(diffs: Sequence[float], squares: Sequence[float], worlds: int) -> int:
    best, best_gain = 0, 0.0
    for i in range(1, len(diffs)):
        mean = diffs[i] / worlds
        var = max(squares[i] / worlds - mean * mean, 0.0)
        se = (var / max(worlds - 1, 1)) ** 0.5
        if mean > MARGIN and mean - 2 * se > 0 and mean > best_gain:
            best, best_gain = i, mean
    return best
