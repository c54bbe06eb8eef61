"""Tichu and Grand Tichu calls by simulation: how often this seat goes out first.

A call pays +100 (Grand +200) when the caller goes out first and costs as much otherwise, so
it is worth ``100 (2p − 1)`` points for the chance ``p`` of going out first. ``p`` is measured
by rollouts over worlds sampled from the seat's view: for Tichu, full play-phase worlds
(``tichu_belief``); for Grand Tichu, the 6 unseen cards of the hand and the other 42 cards
dealt at random, then a cheap exchange (``quick_exchange``: the partner of a Grand caller sends
his best card) before the round is played out. The heuristic model's chance
(``tichu_bidding``) is the prior, worth ``PRIOR_WORLDS`` worlds, so a small budget leans on
the model and a large one on the simulation.
"""

from __future__ import annotations

import math
import random
from typing import Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.belief import WorldSampler
from cardroom.bots.tichu.heuristic import cards_mask, grand_probability, tichu_probability
from cardroom.bots.verdicts import More
from cardroom.games.tichu.cards import DECK, DOG, MJ, iter_cards
from cardroom.games.tichu.fastsim import Policy, Sim
from cardroom.games.tichu.state import SEATS
from cardroom.games.tichu.state import TICHU_CALL as CALLED

PRIOR_WORLDS: Final = 24.0
"""The model's estimate counts as this many simulated worlds."""
_TOP_NORMAL: Final = 49
"""Cards from here on (the Aces, 50..53, then Phoenix and Dragon) are kept from the partner
unless he called Grand Tichu."""

MIN_SIM_WORLDS: Final = 30
"""Fewer simulated worlds say less than the model: it decides alone."""
TICHU_SKIP: Final = 0.2
GRAND_SKIP: Final = 0.2
"""Hands the model rates below these are not simulated (no call, at once)."""
TICHU_FIT: Final = (0.098, 0.88, 0.245)
"""``bench/tichu_calls_calibrate.py --rounds 300 --worlds 200 --seed cal2`` (1,200 player-rounds,
logistic fit of "went out first" on the logits of the model's and the simulated chance): the
simulation adds a little to the model (log-likelihood −573.9 → −568.1); alone it is worse
(−609.7): the rollout policy plays unlike the real players."""
TICHU_CALL: Final = 0.6
"""Above break-even (0.5): a missed call also costs the partner's freedom; arena-checked."""
GRAND_FIT: Final = (0.172, 0.936, 0.339)
"""The same fit for the first 8 cards (−650.5 → −649.1: barely better than the model)."""
GRAND_CALL: Final = 0.45

Gift = tuple[int, int, int]
"""Cards for the left opponent, the partner and the right opponent."""


def blend(hits: int, worlds: int, prior: float) -> float:
    """The chance of going out first: ``hits`` of ``worlds`` simulated, shrunk to the model."""
    return (hits + PRIOR_WORLDS * prior) / (worlds + PRIOR_WORLDS)


def tichu_hits(
    view: SeatView, rng: random.Random, policy: Policy, more: More, infer: bool = False
) -> tuple[int, int]:
    """Worlds in which the seat, having called Tichu, goes out first, and worlds played (play
    phase, 14 cards; ``infer`` as ``WorldSampler``'s). The call is set in each world, so a
    policy that supports a calling partner (``supporting_rollout_policy``) does."""
    sampler = WorldSampler(view, infer)
    hits = worlds = 0
    while more(worlds):
        sim = Sim.from_state(sampler.sample(rng))
        sim.calls[view.seat] = CALLED
        sim.rollout(policy, rng)
        hits += bool(sim.out) and sim.out[0] == view.seat
        worlds += 1
    return hits, worlds


def grand_hits(view: SeatView, rng: random.Random, policy: Policy, more: More) -> tuple[int, int]:
    """As ``tichu_hits`` from the first 8 cards, the rest of the deal and the exchange
    sampled, with this seat calling Grand Tichu (its partner sends it his best card)."""
    me = view.seat
    own = cards_mask(view.obs.get("hand") or ())
    unseen = list(iter_cards(DECK & ~own))
    need = 14 - own.bit_count()
    hits = worlds = 0
    while more(worlds):
        rng.shuffle(unseen)
        hands = [0] * SEATS
        at = 0
        for s in range(SEATS):
            n = need if s == me else 14
            for c in unseen[at : at + n]:
                hands[s] |= 1 << c
            at += n
        hands[me] |= own
        hands = quick_exchange(hands, grand_seat=me)
        leader = next(s for s in range(SEATS) if hands[s] >> MJ & 1)
        sim = Sim(hands, leader)
        sim.rollout(policy, rng)
        hits += bool(sim.out) and sim.out[0] == me
        worlds += 1
    return hits, worlds


def quick_exchange(
    hands: list[int], grand_seat: int | None = None, fixed: dict[int, Gift] | None = None
) -> list[int]:
    """A fast stand-in for ``plan_exchange`` at every seat (``quick_gift``), except the seats
    whose gift is ``fixed``: the hands after the exchange."""
    kept = hands[:]
    gifts = [0] * SEATS
    for s in range(SEATS):
        gift = (fixed or {}).get(s) or quick_gift(hands[s], (s + 2) % SEATS == grand_seat)
        for k, c in enumerate(gift, start=1):
            kept[s] &= ~(1 << c)
            gifts[(s + k) % SEATS] |= 1 << c
    return [k | g for k, g in zip(kept, gifts, strict=True)]


def quick_gift(hand: int, partner_grand: bool = False) -> Gift:
    """Cards for the left opponent, the partner and the right opponent: the two lowest (the
    Dog first) to the opponents, the best card below an Ace to the partner (the best card
    outright to a partner who called Grand Tichu); never the Mah Jong."""
    cards = [c for c in iter_cards(hand) if c != MJ]
    low = [c for c in cards if c == DOG] + [c for c in cards if 2 <= c <= 53]
    left, right = low[0], low[1]
    rest = [c for c in cards if c not in (left, right)]
    if partner_grand:
        give = rest[-1]
    else:
        modest = [c for c in rest if 2 <= c <= _TOP_NORMAL]
        give = modest[-1] if modest else rest[0]
    return left, give, right


def _logit(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return math.log(p / (1 - p))


def chance(fit: tuple[float, float, float], model: float, hits: int, worlds: int) -> float:
    """The chance of going out first from the model's and the simulation's estimates
    (``fit``: intercept and the weights of their logits, from ``bench/tichu_calls_calibrate.py``);
    the model alone below ``MIN_SIM_WORLDS``."""
    if worlds < MIN_SIM_WORLDS:
        return model
    sim = (hits + 0.5) / (worlds + 1)
    z = fit[0] + fit[1] * _logit(model) + fit[2] * _logit(sim)
    return 1.0 / (1.0 + math.exp(-z))


def call_tichu(
    view: SeatView, rng: random.Random, policy: Policy, more: More, threshold: float = TICHU_CALL
) -> bool:
    """Whether to call Tichu now (play phase, 14 cards): a clear chance of going out first."""
    model = tichu_probability(cards_mask(view.obs.get("hand") or ()))
    if model < TICHU_SKIP:
        return False
    hits, worlds = tichu_hits(view, rng, policy, more)
    return chance(TICHU_FIT, model, hits, worlds) >= threshold


def call_grand(view: SeatView, rng: random.Random, policy: Policy, more: More) -> bool:
    """Whether to call Grand Tichu on the first 8 cards (not when the partner has)."""
    calls = view.obs.get("calls") or [""] * SEATS
    if calls[(view.seat + 2) % SEATS]:
        return False
    model = grand_probability(cards_mask(view.obs.get("hand") or ()))
    if model < GRAND_SKIP:
        return False
    hits, worlds = grand_hits(view, rng, policy, more)
    return chance(GRAND_FIT, model, hits, worlds) >= GRAND_CALL
