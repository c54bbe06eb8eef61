"""Why Tichu calls fail: each call, when it came and who went out first instead.

Why: the arena counts calls and makes; to know whether a bot calls the wrong hands or plays
its called hands badly, one needs the failures themselves. Level A plays seats 0 and 2 of a
deal, level B seats 1 and 3, then the teams swap (the arena's deals, ``board_seed``); every
Tichu call is counted by level, by whether it came before the exchange was revealed, and by
who went out first: the caller (made), its partner, or an opponent.

    python bench/tichu_call_outcomes.py --a "search:n=30,pre=0.5,nosupport,handcalls" --b casual \\
        --deals 100 --seed 8104

With ``--pool``, levels A and B each hold seats 0 and 2 (or 1 and 3) of the same one-round
deals against the pool members in turn (deal ``SEED/i``, member ``i % 6``; bots seeded alike),
so their calls are mostly the same and what differs is how they are played; it adds A's team
points minus B's per deal, with a 95 % CI:

    python bench/tichu_call_outcomes.py --pool --a "search:n=30,seen=0.46,support" \\
        --b "search:n=30,seen=0.46,nosupport" --deals 400 --seed fail
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from typing import Any

from tichu_forced_calls import POOL  # the pool members of the bidding figures (a sibling script)

from cardroom.bots import make_bot
from cardroom.bots.arena.duplicate import tichu_config
from cardroom.bots.arena.match import play_match
from cardroom.duplicate.boards import board_seed
from cardroom.engine import get_game

Key = tuple[str, str, str]


def call_outcomes(log: list[dict[str, Any]], levels: list[str]) -> Counter[Key]:
    """(level, "before"/"after" the exchange, "made"/"partner"/"opponent") per Tichu call."""
    found: Counter[Key] = Counter()
    when: dict[int, str] = {}
    revealed = False
    for event in log:
        kind = event.get("type")
        if kind == "exchange_revealed":
            revealed = True
        elif kind == "tichu_called":
            when[event["seat"]] = "after" if revealed else "before"
        elif kind == "round_scored":
            first = event["out"][0] if event["out"] else None
            for seat, call in enumerate(event["calls"]):
                if call != "tichu":
                    continue
                by_partner = first == (seat + 2) % 4
                who = "made" if first == seat else "partner" if by_partner else "opponent"
                found[levels[seat], when.get(seat, "after"), who] += 1
    return found


WHO = ("made", "partner", "opponent")


def against_pool(level: str, deal: int, seed: str) -> tuple[Counter[Key], float]:
    """``level`` against member ``deal % 6`` in one round of deal ``seed/deal``: its calls'
    outcomes and its team's points minus the other team's."""
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    levels = [level if (seat + deal) % 2 == 0 else POOL[deal % len(POOL)] for seat in range(4)]
    events: list[Any] = []
    bots = [make_bot("tichu", name) for name in levels]
    final = play_match(game, config, bots, f"{seed}/{deal}", on_events=events.extend).final
    points = final["last_round"]["points"]
    team = deal % 2
    return call_outcomes([e.to_json() for e in events], levels), points[team] - points[1 - team]


def pool_main(a: str, b: str, deals: int, seed: str) -> None:
    """A and B on the same deals against the pool: calls by outcome, and A − B in points."""
    total: Counter[Key] = Counter()
    diffs = []
    for deal in range(deals):
        found_a, points_a = against_pool(a, deal, seed)
        found_b, points_b = against_pool(b, deal, seed)
        total += found_a + found_b
        diffs.append(points_a - points_b)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(f"{deals} deals against the pool, seed {seed}: Tichu calls by level and first out")
    for level in (a, b):
        row = {who: sum(total[level, t, who] for t in ("before", "after")) for who in WHO}
        print(f"  {level}: {sum(row.values())} calls, {row}")
    print(f"  A − B: {mean:+.1f} points per deal [{mean - half:+.1f}, {mean + half:+.1f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--pool", action="store_true", help="A and B each against the pool")
    args = parser.parse_args()
    if args.pool:
        pool_main(args.a, args.b, args.deals, args.seed)
        return
    game = get_game("tichu")
    config = game.config_from_json(tichu_config(False, None))
    total: Counter[Key] = Counter()
    for deal in range(args.deals):
        for levels in ([args.a, args.b] * 2, [args.b, args.a] * 2):
            events: list[Any] = []
            bots = [make_bot("tichu", level) for level in levels]
            play_match(game, config, bots, board_seed(args.seed, deal), on_events=events.extend)
            total += call_outcomes([e.to_json() for e in events], levels)
    print(f"{args.deals} deals, seed {args.seed}: Tichu calls by level, time and first out")
    for level in dict.fromkeys((args.a, args.b)):
        for time in ("before", "after"):
            row = {who: total[level, time, who] for who in WHO}
            calls = sum(row.values())
            if calls:
                made = 100 * row["made"] / calls
                print(f"  {level} {time} the exchange: {calls} calls, {made:.0f} % made, {row}")


if __name__ == "__main__":
    main()
