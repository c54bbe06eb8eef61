"""``generate_plays`` as an exact list: the same plays in the same order as an independent brute
force, for random hands and tops.

``fastsim`` draws the k-th play of a listing from a seeded stream and observations list legal
actions in listing order, so a faster generator must return exactly the list it returned before,
not merely the same set. The listing is sorted by (kind, length, strength, cards), and that key
is unique per play (a set of cards has at most one reading per kind, length and strength: the
Phoenix's rank follows from the others), so the brute force of every subset's readings, sorted
by it, is that list element for element.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.games.tichu.cards import DECK, DOG, DRG, PHX, format_cards
from cardroom.games.tichu.combos import (
    Combo,
    Kind,
    combo_for,
    enumerate_plays,
    generate_plays,
    readings,
)
from tests.games.tichu.test_combos import trick_top
from tests.games.tichu.test_enumerate import brute_force_plays, dense_hand, random_trick


def canonical(plays: set[Combo]) -> list[Combo]:
    key = [(c.kind, c.length, c.strength, c.cards) for c in plays]
    assert len(set(key)) == len(key), "the canonical key must be unique per play"
    return sorted(plays, key=lambda c: (c.kind, c.length, c.strength, c.cards))


def check(hand: int, top: Combo | None) -> None:
    plays = generate_plays(hand, top)
    context = f"hand {format_cards(hand)} | top {top}"
    assert list(plays) == canonical(brute_force_plays(hand, top)), context
    assert [tuple(c) for c in plays] == [tuple(c) for c in enumerate_plays(hand, top)], context


def some_top(rng: random.Random, rest: int) -> Combo | None:
    """A top from cards outside the hand: a random trick, a bomb or the Dog now and then."""
    roll = rng.random()
    if roll < 0.05 and rest & 1 << DOG:
        return combo_for(1 << DOG, None, None)
    if roll < 0.1 and rest & 1 << DRG:
        return combo_for(1 << DRG, None, None)
    if roll < 0.2:
        sample = sum(1 << c for c in rng.sample(range(2, 54), 20)) & rest
        bombs = [c for c in brute_force_plays(sample, None) if c.kind == Kind.BOMB]
        if bombs:
            return rng.choice(sorted(bombs, key=lambda c: (c.length, c.strength, c.cards)))
    return trick_top(random_trick(rng, rest))


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=14), st.randoms(use_true_random=False))
def test_random_hands_list_exactly(size: int, rng: random.Random) -> None:
    """Hands drawn from the whole deck (most plays are singles, straights and full houses)."""
    hand = sum(1 << c for c in rng.sample(range(56), size))
    check(hand, None)
    check(hand, some_top(rng, DECK & ~hand))


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=4, max_value=14), st.randoms(use_true_random=False))
def test_dense_hands_list_exactly(size: int, rng: random.Random) -> None:
    """Hands crowded into six ranks plus the specials: many stairs, full houses and Phoenix
    readings, with and without a top."""
    hand = dense_hand(rng, size)
    check(hand, None)
    check(hand, some_top(rng, DECK & ~hand))


def test_every_reading_key_is_unique() -> None:
    """The premise of the order: no set of cards reads twice with one (kind, length, strength)."""
    rng = random.Random(7)
    for _ in range(300):
        cards = sum(1 << c for c in rng.sample(range(2, 54), rng.randint(4, 9))) | 1 << PHX
        found = [(c.kind, c.length, c.strength) for c in readings(cards)]
        assert len(set(found)) == len(found), format_cards(cards)
