"""How often a seat's real hand has a property its plays or gifts speak against, against a world
sampled from another seat's view (``WorldSampler`` with ``infer``): the likelihood factors of
``belief``'s ``follows`` facts.

Why: a fact is worth reading only where the real hands differ from the sampler's worlds; the
ratio of the two rates is the factor a world with the property gets (near 1: the fact says
nothing). Rounds of pool members (all four seats one member, in turn); the observer is an
opponent of the seat that played, or the receiver of a gift.

    python bench/tichu_reads_calibrate.py --rounds 300 --seed follows-cal --worlds 8

``--placed`` instead: at a random play of each round, the share of the other seats' true cards
that the worlds of a random seat's view place right, with the sampler's words (``infer``,
``reads``, ``reads,follows``): how much nearer the truth the facts bring the worlds.

    python bench/tichu_reads_calibrate.py --placed --rounds 60 --seed follows-placed --worlds 30
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from cardroom.bots import make_bot
from cardroom.bots.arena.match import _Match
from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.belief import (
    WorldSampler,
    cheaper_follow,
    gift_below,
    loose_below,
    partner_gift_above,
    round_facts,
)
from cardroom.engine import get_game
from cardroom.games.tichu.cards import parse_card, rank_mask, rank_of
from cardroom.games.tichu.combos import Combo

MEMBERS = ("heuristic", "heuristic-v1", "bomber", "fighter", "gambler")
"""The pool's members that play fast (the bidding figures' pool less its search)."""

Test = Callable[[int], bool]
"""A property of a seat's hand then (its hand now and what it played since)."""


def observed(
    view: SeatView, seat: int, rng: random.Random, worlds: int, test: Test, later: int
) -> float:
    """The share of ``worlds`` sampled worlds of ``view`` where ``seat``'s hand then has it."""
    sampler = WorldSampler(view, True)
    return sum(test(sampler.sample(rng).hands[seat] | later) for _ in range(worlds)) / worlds


class Tally:
    """Per fact: how many real hands and how many sampled worlds had the property."""

    def __init__(self) -> None:
        self.rows: dict[str, list[float]] = {}

    def add(self, name: str, real: bool, sampled: float) -> None:
        row = self.rows.setdefault(name, [0, 0.0, 0.0])
        row[0] += 1
        row[1] += real
        row[2] += sampled

    def lines(self) -> list[str]:
        out = [f"{'fact':34} {'n':>5} {'real':>7} {'sampled':>8} {'ratio':>6} {'odds':>6}"]
        for name, (n, real, sampled) in sorted(self.rows.items()):
            p, q = real / n, sampled / n
            ratio = p / q if q else float("nan")
            odds = p / max(1 - p, 1e-9) / (q / max(1 - q, 1e-9)) if q else float("nan")
            out.append(f"{name:34} {n:5d} {p:7.1%} {q:8.1%} {ratio:6.2f} {odds:6.2f}")
        return out


def play_round(seed: str, member: str, worlds: int, tally: Tally) -> None:
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    match = _Match(game, config, [make_bot("tichu", member) for _ in range(4)], seed)
    rng = random.Random(seed)
    gifts = False
    while True:
        state = match.runner.state
        if state.phase.value == "play" and not gifts:
            gifts = True
            for receiver in range(4):
                gift_facts(match.view(receiver), state.hands, rng, worlds, tally)
        seat, action = match.next_move()
        transition = match.runner.propose(seat, action)
        match.runner.commit(transition)
        match.histories.record(transition.events)
        kinds = [event.to_json().get("type") for event in transition.events]
        if "round_scored" in kinds:
            return
        if "played" in kinds and state.phase.value == "play":
            hand = state.hands[seat]
            play_facts(match.view((seat + 1) % 4), seat, hand, rng, worlds, tally)


def play_facts(
    view: SeatView, seat: int, hand: int, rng: random.Random, worlds: int, tally: Tally
) -> None:
    """The facts of ``seat``'s play, the last of ``view``'s round: a follow or a lead."""
    trick = round_facts(view).trick
    if not trick or trick[-1].seat != seat or trick[-1].combo.is_bomb():
        return
    play = trick[-1].combo
    if len(trick) >= 2:
        top = trick[-2].combo
        for name, strict in (("follow any", False), ("follow loose", True)):
            test = cheap_test(top, play, strict)
            label = f"{name} {play.kind.name.lower()}"
            tally.add(label, test(hand), observed(view, seat, rng, worlds, test, play.cards))
        return
    if play.length > 3 or play.kind.name == "FULL_HOUSE" or not 2 <= play.strength // 2 <= 14:
        return
    rank = play.strength // 2
    for exact in (True, False):
        test = lead_test(rank, play.length, exact)
        label = f"lead {play.kind.name.lower()} {'exact' if exact else 'any'} below"
        tally.add(label, test(hand), observed(view, seat, rng, worlds, test, play.cards))


def cheap_test(top: Combo, play: Combo, loose: bool) -> Test:
    return lambda hand: cheaper_follow(hand, top, play, loose)


def lead_test(rank: int, count: int, exact: bool) -> Test:
    return lambda hand: loose_below(hand, rank, count, exact)


def gift_facts(
    view: SeatView, hands: tuple[int, ...], rng: random.Random, worlds: int, tally: Tally
) -> None:
    """What each other seat gave ``view``'s seat: an opponent's low card, the partner's high."""
    received: dict[str, Any] = (view.obs.get("exchange") or {}).get("received") or {}
    me = view.seat
    for giver_text, card_text in received.items():
        giver, card = int(giver_text), parse_card(card_text)
        rank = rank_of(card)
        if not 2 <= rank <= 13:
            continue
        for name, test in gift_tests(rank, giver % 2 == me % 2).items():
            tally.add(name, test(hands[giver]), observed(view, giver, rng, worlds, test, 0))


def placed(seed: str, member: str, worlds: int, out: dict[str, list[int]]) -> None:
    """At a random play of a round of ``member``s, how many of the other seats' cards (of
    ranks 2 to 10) the worlds of a random seat's view place right, by sampler."""
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    match = _Match(game, config, [make_bot("tichu", member) for _ in range(4)], seed)
    rng = random.Random(seed)
    stop, plays = rng.randint(8, 40), 0
    while True:
        seat, action = match.next_move()
        transition = match.runner.propose(seat, action)
        if transition.state.phase.value != "play" and match.runner.state.phase.value == "play":
            break  # the round would end: look at the position before it
        match.runner.commit(transition)
        match.histories.record(transition.events)
        plays += match.runner.state.phase.value == "play"
        if plays >= stop:
            break
    if match.runner.state.phase.value != "play":
        return
    view, truth = match.view(rng.randrange(4)), match.runner.state.hands
    others = [s for s in range(4) if s != view.seat]
    for name, words in SAMPLERS.items():
        sampler, draw = WorldSampler(view, True, *words), random.Random(f"{seed}/placed")
        row = out.setdefault(name, [0, 0, 0, 0])
        for _ in range(worlds):
            hands = sampler.sample(draw).hands
            for s in others:
                row[0] += (hands[s] & truth[s]).bit_count()
                row[1] += truth[s].bit_count()
                row[2] += (hands[s] & truth[s] & MIDDLE).bit_count()
                row[3] += (truth[s] & MIDDLE).bit_count()


SAMPLERS = {"infer": (False, False), "reads": (True, False), "reads,follows": (True, True)}
"""The words of the samplers ``--placed`` compares (``reads``, ``follows``)."""
MIDDLE = sum(rank_mask(r) for r in range(2, 11))


def gift_tests(rank: int, partner: bool) -> dict[str, Test]:
    """The properties a gift of ``rank`` speaks against: the partner's, a higher card below an
    Ace; an opponent's, a lower card (held once, or at all)."""
    if partner:
        return {"partner gave, holds above": lambda h: partner_gift_above(h, rank)}
    return {
        "opponent gave, loose below": lambda h: gift_below(h, rank, True),
        "opponent gave, any below": lambda h: gift_below(h, rank, False),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", default="follows-cal")
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--members", default=",".join(MEMBERS))
    parser.add_argument("--placed", action="store_true", help="cards the worlds place right")
    args = parser.parse_args()
    members = args.members.split(",")
    if args.placed:
        out: dict[str, list[int]] = {}
        for i in range(args.rounds):
            placed(f"{args.seed}/{i}", members[i % len(members)], args.worlds, out)
        for name, (right, cards, middle, of) in out.items():
            print(f"{name:14} placed right {right / cards:.2%}, ranks 2-10 {middle / of:.2%}")
        return
    tally = Tally()
    for i in range(args.rounds):
        member = members[i % len(members)]
        play_round(f"{args.seed}/{i}", member, args.worlds, tally)
    print("\n".join(tally.lines()))


if __name__ == "__main__":
    main()
