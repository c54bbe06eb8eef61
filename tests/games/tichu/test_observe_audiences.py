"""Observations of different audiences of one state differ only where they may (hypothesis).

The public part of an observation is built once per state and shared by every audience; these
checks make sure no audience's own part (hand, legal actions, exchange, its pending Grand
Tichu call, its bomb) reaches another audience, whatever order the audiences are observed in.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.engine.types import OMNISCIENT, SPECTATOR, Audience
from cardroom.games.tichu import GAME
from cardroom.games.tichu.cards import card_names, parse_card

from .test_properties import ENDLESS, OPTIONS, random_rounds

OWN_KEYS = frozenset({"audience", "legal", "legal_info", "hand", "exchange", "active", "calls"})
"""Keys whose value depends on the audience; every other key is the same for everybody."""
AUDIENCES: tuple[Audience, ...] = (0, 1, 2, 3, SPECTATOR, OMNISCIENT)


def check_seat(obs: dict[str, Any], public: dict[str, Any], state: Any, seat: int) -> None:
    """``seat``'s observation against the spectator's: only its own part differs."""
    assert {k for k in obs if obs[k] != public[k]} <= OWN_KEYS
    assert set(obs) == set(public)
    hand = state.hands[seat]
    assert obs["hand"] == card_names(hand)
    for text in obs["legal"]:  # a legal action names no card the seat does not hold
        verb, *words = text.replace("PHX(", "PHX (").split()
        if verb in ("play", "bomb", "exchange"):
            cards = words[:1] if verb == "exchange" else [w for w in words if "(" not in w]
            assert all(hand >> parse_card(c) & 1 for c in cards), (seat, text)
    assert set(obs["active"]) - set(public["active"]) <= {seat}
    differ = [s for s in range(4) if obs["calls"][s] != public["calls"][s]]
    assert differ in ([], [seat])
    exchange = obs["exchange"]
    if exchange is not None:  # own choices, and only the cards given to this seat
        own = state.given[seat]
        assert sorted(exchange["given"].values()) == sorted(
            n for c in own if c is not None for n in card_names(1 << c)
        )
        for giver, name in exchange["received"].items():
            row = state.given[int(giver)]
            assert card_names(1 << row[(seat - int(giver)) % 4 - 1]) == [name]


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), every_option=st.booleans())
def test_audiences_differ_only_in_their_own_part(seed: int, every_option: bool) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(random_rounds(OPTIONS if every_option else ENDLESS, seed, 3)):
        if i % 3:
            continue
        order = list(AUDIENCES)
        rng.shuffle(order)
        seen = {a: GAME.observe(state, a).to_json() for a in order}
        for a in AUDIENCES:  # alone, on a state object nobody observed: the same
            assert GAME.observe(state.replace(), a).to_json() == seen[a]
        public = seen[SPECTATOR]
        assert public["hand"] is None and public["legal"] == [] and public["exchange"] is None
        assert "hands" not in public
        for seat in range(4):
            check_seat(seen[seat], public, state, seat)
            assert "hands" not in seen[seat]
        everything = seen[OMNISCIENT]
        assert everything["hands"] == [card_names(h) for h in state.hands]
        assert everything["active"] == sorted(GAME.active_seats(state))
