"""Why Tichu calls fail: each call, when it came and who went out first instead.

Why: the arena counts calls and makes; to know whether a bot calls the wrong hands or plays
its called hands badly, one needs the failures themselves. Level A plays seats 0 and 2 of a
deal, level B seats 1 and 3, then the teams swap (the arena's deals, ``board_seed``); every
Tichu call is counted by level, by whether it came before the exchange was revealed, and by
who went out first: the caller (made), its partner, or an opponent.

    python bench/tichu_call_outcomes.py --a "search:n=30,infer,guarded,pre=0.5" --b casual \\
        --deals 100 --seed 8104
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
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
            row = {who: total[level, time, who] for who in ("made", "partner", "opponent")}
            calls = sum(row.values())
            if calls:
                made = 100 * row["made"] / calls
                print(f"  {level} {time} the exchange: {calls} calls, {made:.0f} % made, {row}")


if __name__ == "__main__":
    main()
