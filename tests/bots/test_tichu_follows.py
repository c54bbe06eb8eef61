"""Worlds weighed by the plays and the opponents' gifts (``belief``'s ``follows``, the search's
``follows`` word): a seat that beat a play dearer than it had to, led above a lower loose unit or
gave us a card above a lower loose one did what the pool's bots rarely do."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.belief import (
    FOLLOW_CHEAP,
    GIFT_LOW,
    GiftFact,
    PlayFact,
    WorldSampler,
    round_facts,
)
from cardroom.bots.tichu.search import TichuSearchBot
from cardroom.games.tichu.cards import parse_cards

from .test_tichu_belief import GAME, SAME_KEYS, position
from .test_tichu_reads import single


def test_plays_and_the_opponents_gifts_are_read() -> None:
    view, _ = position(1, False, stop=0)
    me = view.seat
    rows: list[list[str | None] | None] = [None] * 4
    rows[me] = ["2B", "3B", "4B"]
    for giver, card in ((me + 1, "7G"), (me + 2, "KG"), (me + 3, "AG")):
        row: list[str | None] = [None, None, None]
        row[(me - giver) % 4 - 1] = card
        rows[giver % 4] = row
    other = (me + 1) % 4
    history = [
        {"type": "exchange_revealed", "given": rows},
        single(other, "6B", 12),
        single((other + 1) % 4, "KB", 26),
        single((other + 2) % 4, "AB", 28),
    ]
    facts = round_facts(SeatView(view.game, me, view.obs, history))
    assert facts.gift_facts == [GiftFact(other, 7, parse_cards("6B"))]  # not the partner's
    assert [(f.seat, f.top is None, f.later) for f in facts.play_facts] == [
        (other, True, parse_cards("6B")),
        ((other + 1) % 4, False, parse_cards("KB")),
        ((other + 2) % 4, False, parse_cards("AB")),
    ]
    king = facts.play_facts[1]
    assert king.likelihood(parse_cards("8G")) == FOLLOW_CHEAP  # an 8 beat the 6 too
    assert king.likelihood(parse_cards("8G 8R")) == 1.0  # but it was a pair
    assert facts.gift_facts[0].likelihood(parse_cards("3R 9G")) == GIFT_LOW


def followed_positions() -> Iterator[tuple[SeatView, list[PlayFact]]]:
    """Heuristic rounds' positions where another seat beat a single."""
    for seed in range(400):
        view, _ = position(seed, False)
        facts = round_facts(view).play_facts
        facts = [f for f in facts if f.seat != view.seat and f.top is not None]
        if facts:
            yield view, facts


def dear_share(view: SeatView, facts: list[PlayFact], follows: bool) -> float:
    """The mean share of the observed follows that had a cheaper one in sampled worlds."""
    sampler, rng = WorldSampler(view, True, follows=follows), random.Random(5)
    dear = 0
    for _ in range(100):
        world = sampler.sample(rng)
        obs = GAME.observe(world, view.seat).to_json()
        assert all(obs[key] == view.obs[key] for key in SAME_KEYS)
        dear += sum(f.likelihood(world.hands[f.seat]) < 1 for f in facts)
    return dear / 100 / len(facts)


def test_worlds_where_a_follow_was_dear_are_sampled_less_with_follows() -> None:
    """Where uniform worlds often give a seat a cheaper follow than it played, ``follows``
    samples fewer of them (and every world still matches the view)."""
    plain = read = 0.0
    positions = 0
    for view, facts in followed_positions():
        before = dear_share(view, facts, False)
        if before < 0.2:
            continue
        plain, read = plain + before, read + dear_share(view, facts, True)
        positions += 1
        if positions == 5:
            break
    assert read < 0.85 * plain, (plain, read)  # some follows are dear in every world: our gifts


def test_the_weighing_reads_only_the_seats_observation() -> None:
    """Two deals that differ only in cards the seat has not seen give it the same worlds and
    the same decision with ``follows``."""
    view, truth = position(7, False, stop=12)
    me = view.seat
    others = [s for s in range(4) if s != me and truth.hands[s]]  # type: ignore[attr-defined]
    a, b = others[0], others[1]
    hands = list(truth.hands)  # type: ignore[attr-defined]
    given = set(round_facts(view).given.values())
    x, y = (next(c for c in range(56) if hands[s] >> c & 1 and c not in given) for s in (a, b))
    hands[a] ^= 1 << x | 1 << y
    hands[b] ^= 1 << x | 1 << y
    swapped = truth.replace(hands=tuple(hands))  # type: ignore[attr-defined]
    other = SeatView(view.game, me, GAME.observe(swapped, me).to_json(), view.history)
    assert other.obs == view.obs
    assert round_facts(view).play_facts  # the weighing has plays to read here
    first, second = (
        WorldSampler(v, True, follows=True).sample(random.Random(2)) for v in (view, other)
    )
    assert first == second
    assert view.obs["turn"] == me and len(view.legal) > 2  # a searched decision
    bots = [TichuSearchBot.from_arg("n=8,follows") for _ in range(2)]
    assert bots[0].act(view, random.Random(4)) == bots[1].act(other, random.Random(4))
