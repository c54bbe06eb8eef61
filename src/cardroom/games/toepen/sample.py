"""Worlds a seat cannot tell apart from the real one, and random action texts for fuzzing.

``resample_hidden`` deals the cards a seat cannot see (other hands, unrevealed laundry discards,
the stock) anew, keeping every public fact: hand sizes, the suits a seat showed it lacks, and
the announcements made for each 4-card hand a seat received (R8.2-R8.5).
"""

from __future__ import annotations

import random
from dataclasses import replace

from cardroom.games.toepen.actions import KINDS
from cardroom.games.toepen.cards import (
    JACKS,
    NUM_CARDS,
    TENS,
    format_card,
    iter_cards,
    mask_of,
    signal_for,
    suit_mask,
)
from cardroom.games.toepen.state import Phase, ToepenState

TRIES = 20


def signal_fits(hand: int, signal: str, free: bool) -> bool:
    """Whether a received ``hand`` is consistent with the ``signal`` made for it (R8.3-R8.5)."""
    forced = signal_for(hand, TENS)
    if forced:
        return signal == forced
    return not signal or free or signal_for(hand, JACKS) == signal


def _void_mask(voids: int) -> int:
    return mask_of(c for s in range(4) if voids >> s & 1 for c in iter_cards(suit_mask(s)))


def consistent(state: ToepenState, seat: int) -> bool:
    """Whether every other seat's hidden cards agree with the public record."""
    free = state.config.free_signals
    for other in range(state.num_seats):
        if other == seat or state.open_hands >> other & 1:
            continue
        if state.hands[other] & _void_mask(state.voids[other]):
            return False
        received = [e.discard for e in state.exchanges if e.seat == other]
        received.append(state.hands[other] | state.played[other])
        signals = state.signals[other]
        if state.phase is Phase.ANNOUNCE and other in state.queue:
            signals = signals[:-1]  # its announcement turn has not come yet (R8.3)
        for hand, signal in zip(received, signals, strict=False):
            if not signal_fits(hand, signal, free):
                return False
    return True


def resample_hidden(state: ToepenState, seat: int, rng: random.Random) -> ToepenState:
    """Redeal what ``seat`` cannot see; after ``TRIES`` inconsistent draws, the state itself."""
    if not state.hands:
        return state
    others = [s for s in range(state.num_seats) if s != seat and not state.open_hands >> s & 1]
    secret = [i for i, e in enumerate(state.exchanges) if e.seat != seat and e.challenger is None]
    pool = [c for s in others for c in iter_cards(state.hands[s])]
    pool += [c for i in secret for c in iter_cards(state.exchanges[i].discard)]
    pool += state.stock
    for _ in range(TRIES):
        rng.shuffle(pool)
        cards = iter(pool)
        hands = list(state.hands)
        for s in others:
            hands[s] = mask_of(next(cards) for _ in range(state.hands[s].bit_count()))
        exchanges = list(state.exchanges)
        for i in secret:
            exchanges[i] = replace(exchanges[i], discard=mask_of(next(cards) for _ in range(4)))
        stock = tuple(cards)
        world = replace(state, hands=tuple(hands), exchanges=tuple(exchanges), stock=stock)
        if consistent(world, seat):
            return world
    return state


def sample_action_texts(state: ToepenState, seat: int, rng: random.Random) -> list[str]:
    """A few texts, legal or not: every kind, any card, own cards, and malformed ones."""
    texts = [kind for kind in KINDS[1:] if rng.random() < 0.5]
    texts.append(f"play {format_card(rng.randrange(NUM_CARDS))}")
    own = list(iter_cards(state.hands[seat])) if state.hands else []
    if own:
        texts.append(f"play {format_card(rng.choice(own))}")
    texts.append(rng.choice(["play", "play 6H", "play 10X", "knock twice", "", "pass"]))
    return texts
