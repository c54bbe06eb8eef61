"""The search's two rollout policies played against each other: mean points per round.

Why: a rollout policy is the search's model of how the rest of a round goes; a policy that
plays better is a better model. This is the quick check before an arena: on random deals
(no exchange, no calls), team A plays ``guarded_rollout_policy`` and team B
``rollout_policy``, then the same deal again with the teams swapped and the same random
numbers; the figure is A's mean edge per round with a 95 % CI over the deals.

    python bench/rollout_policies.py --deals 4000 --seed 13
"""

from __future__ import annotations

import argparse
import random
import statistics

from cardroom.bots.tichu.search import guarded_rollout_policy, rollout_policy
from cardroom.games.tichu.cards import MJ
from cardroom.games.tichu.fastsim import Move, Policy, Sim


def teams(even: Policy, odd: Policy) -> Policy:
    """Seats 0 and 2 play ``even``, seats 1 and 3 ``odd``."""

    def policy(sim: Sim, moves: list[Move], rng: random.Random) -> Move:
        seat = sim.seat
        assert seat is not None
        return (even if seat % 2 == 0 else odd)(sim, moves, rng)

    return policy


def edge(a: Policy, b: Policy, deals: int, seed: int) -> list[float]:
    """A's points minus B's per deal, each deal played twice with the teams swapped."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        cards = list(range(56))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[14 * s : 14 * s + 14]) for s in range(4)]
        leader = next(s for s in range(4) if hands[s] >> MJ & 1)
        draw = rng.random()
        first = Sim(list(hands), leader).rollout(teams(a, b), random.Random(draw))
        second = Sim(list(hands), leader).rollout(teams(b, a), random.Random(draw))
        out.append(((first[0] - first[1]) + (second[1] - second[0])) / 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    diffs = edge(guarded_rollout_policy, rollout_policy, args.deals, args.seed)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(
        f"guarded − plain rollout policy: {mean:+.1f} pts/round "
        f"[{mean - half:+.1f}, {mean + half:+.1f}] over {len(diffs)} deals (seed {args.seed})"
    )


if __name__ == "__main__":
    main()
