"""Worlds weighed by the passes (``belief``'s ``reads``, the search's ``reads`` word): a pass on an
opponent's play that the seat could have beaten cheaply makes a world unlikely; only the seat's
own observation is read."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.belief import PASS_CHEAP, PassFact, WorldSampler, round_facts
from cardroom.bots.tichu.search import TichuSearchBot
from cardroom.games.tichu.cards import iter_cards, parse_cards

from .test_tichu_belief import GAME, SAME_KEYS, position


def single(seat: int, card: str, strength: int) -> dict[str, object]:
    """The ``played`` event of a single."""
    fields = {"kind": "single", "length": 1, "strength": strength}
    return {"type": "played", "seat": seat, "cards": [card], **fields}


def test_a_pass_on_an_opponents_play_is_read_and_on_the_partners_is_not() -> None:
    view, _ = position(1, False, stop=0)
    history = [
        single(0, "9B", 18),
        {"type": "passed", "seat": 1},
        {"type": "passed", "seat": 2},  # its partner's nine: nothing to read
        single(3, "KB", 26),
        {"type": "passed", "seat": 0},
        {"type": "trick_taken", "seat": 3, "cards": ["9B", "KB"]},
        single(1, "5G", 10),
    ]
    facts = round_facts(SeatView(view.game, view.seat, view.obs, history)).pass_facts
    assert [(f.seat, f.top.strength, f.later) for f in facts] == [
        (1, 18, parse_cards("5G")),
        (0, 26, 0),
    ]
    nine = facts[0]
    assert nine.likelihood(parse_cards("2B 3G")) == 1.0
    assert nine.likelihood(parse_cards("2B 3G QR")) == PASS_CHEAP
    assert nine.likelihood(parse_cards("2B 3G")) == nine.likelihood(parse_cards("2B 3G 5R"))


def passing_positions() -> Iterator[tuple[SeatView, list[PassFact]]]:
    """Heuristic rounds' positions where another seat passed on an opponent's play."""
    for seed in range(400):
        view, _ = position(seed, False)
        facts = [f for f in round_facts(view).pass_facts if f.seat != view.seat]
        if facts:
            yield view, facts


def absurd_share(view: SeatView, facts: list[PassFact], reads: bool) -> float:
    """The mean share of the observed passes that had a cheap play to beat in sampled worlds."""
    sampler, rng = WorldSampler(view, True, reads), random.Random(5)
    absurd = 0
    for _ in range(100):
        world = sampler.sample(rng)
        obs = GAME.observe(world, view.seat).to_json()
        assert all(obs[key] == view.obs[key] for key in SAME_KEYS)
        absurd += sum(f.likelihood(world.hands[f.seat]) == PASS_CHEAP for f in facts)
    return absurd / 100 / len(facts)


def test_worlds_where_a_pass_was_absurd_are_sampled_less_with_reads() -> None:
    """Where uniform worlds often give a passing seat a cheap play it did not make, ``reads``
    samples far fewer of them (and every world still matches the view)."""
    shares = []
    for view, facts in passing_positions():
        plain = absurd_share(view, facts, False)
        if plain >= 0.05:
            shares.append((plain, absurd_share(view, facts, True)))
        if len(shares) == 3:
            break
    plain, read = (sum(pair) for pair in zip(*shares, strict=True))
    assert read < 0.7 * plain, shares


def test_the_weighing_reads_only_the_seats_observation() -> None:
    """Two deals that differ only in cards the seat has not seen give it the same view, the
    same worlds and the same decision."""
    view, truth = position(7, False, stop=12)
    me = view.seat
    others = [s for s in range(4) if s != me and truth.hands[s]]  # type: ignore[attr-defined]
    a, b = others[0], others[1]
    hands = list(truth.hands)  # type: ignore[attr-defined]
    given = set(round_facts(view).given.values())  # cards the seat knows the place of
    x, y = (next(c for c in iter_cards(hands[s]) if c not in given) for s in (a, b))
    hands[a] ^= 1 << x | 1 << y
    hands[b] ^= 1 << x | 1 << y
    swapped = truth.replace(hands=tuple(hands))  # type: ignore[attr-defined]
    other = SeatView(view.game, me, GAME.observe(swapped, me).to_json(), view.history)
    assert other.obs == view.obs
    for seen in (view, other):
        assert round_facts(seen).pass_facts  # the weighing has passes to read here
    first, second = (WorldSampler(v, True, True).sample(random.Random(2)) for v in (view, other))
    assert first == second
    assert view.obs["turn"] == me and len(view.legal) > 2  # a searched decision
    bots = [TichuSearchBot.from_arg("n=8,reads") for _ in range(2)]
    assert bots[0].act(view, random.Random(4)) == bots[1].act(other, random.Random(4))
