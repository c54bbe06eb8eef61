"""How well simulated chances of going out first predict it: call rates and made rates per
threshold, for the Tichu and Grand Tichu decisions of ``search`` (``tichu_calls``).

Why: the call thresholds must give the issue's bidding (Tichu 8–16 % of player-rounds with
≥ 70 % made, Grand 4–10 % with ≥ 60 % made). Rounds are heuristic self-play without calls; at
the Grand decision (8 cards) and at the start of play (14 cards) every seat's chance is
estimated (model, simulation, blend) and compared with who went out first.

    python bench/tichu_calls_calibrate.py --rounds 300 --worlds 200
"""

from __future__ import annotations

import argparse
import json
import random

from cardroom.bots import make_bot
from cardroom.bots.arena.match import _Match
from cardroom.bots.tichu.calls import blend, grand_hits, tichu_hits
from cardroom.bots.tichu.heuristic import cards_mask, grand_probability, tichu_probability
from cardroom.bots.tichu.search import rollout_policy
from cardroom.engine import get_game

Row = tuple[float, float, float, bool]
"""Model chance, simulated chance, blend, went out first."""


def play_round(seed: str, worlds: int, rows: dict[str, list[Row]]) -> None:
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    bots = [make_bot("tichu", "heuristic:tichu=1.01,grand=1.01") for _ in range(4)]
    match = _Match(game, config, bots, seed)
    rng = random.Random(seed)
    pending: dict[str, list[tuple[float, float, float]]] = {"grand": [], "tichu": []}
    while True:
        state = match.runner.state
        phase = state.phase.value
        kind = {"grand": "grand", "play": "tichu"}.get(phase)
        if kind and not pending[kind]:
            for seat in range(4):
                view = match.view(seat)
                hand = cards_mask(view.obs.get("hand") or ())
                model = (grand_probability if kind == "grand" else tichu_probability)(hand)
                count = grand_hits if kind == "grand" else tichu_hits
                hits, n = count(view, rng, rollout_policy, lambda k: k < worlds)
                pending[kind].append((model, hits / n, blend(hits, n, model)))
        seat, action = match.next_move()
        transition = match.runner.propose(seat, action)
        match.runner.commit(transition)
        match.histories.record(transition.events)
        for event in transition.events:
            data = event.to_json()
            if data.get("type") == "round_scored":
                first = data["out"][0] if data["out"] else None
                for kind, found in pending.items():
                    rows[kind] += [(*p, first == s) for s, p in enumerate(found)]
                return


def report(name: str, rows: list[Row], thresholds: list[float]) -> None:
    print(f"{name}: {len(rows)} player-rounds, {sum(r[3] for r in rows)} out first")
    for col, label in ((0, "model"), (1, "sim"), (2, "blend")):
        for t in thresholds:
            called = [r for r in rows if r[col] >= t]
            made = sum(r[3] for r in called)
            rate = 100 * len(called) / len(rows)
            made_pct = 100 * made / len(called) if called else float("nan")
            print(f"  {label:5} p≥{t:.2f}: called {rate:5.1f} %  made {made_pct:5.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--seed", default="calls")
    parser.add_argument("--json", help="write the rows here")
    args = parser.parse_args()
    rows: dict[str, list[Row]] = {"grand": [], "tichu": []}
    for r in range(args.rounds):
        play_round(f"{args.seed}/{r}", args.worlds, rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f)
    report("Tichu", rows["tichu"], [0.45, 0.5, 0.55, 0.6, 0.65, 0.7])
    report("Grand", rows["grand"], [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6])


if __name__ == "__main__":
    main()
