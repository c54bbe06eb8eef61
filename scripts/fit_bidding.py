"""Fit the bidding model of ``cardroom.bots.tichu.bidding`` on simulated rounds.

Heuristic self-play in which one seat per round is made to call (Grand Tichu on its first 8
cards, or Tichu on its 14 cards after the exchange) and nobody else calls; the label is whether
the caller went out first, so the fit includes the caller's race and its partner's support.
Prints the logistic coefficients (IRLS) and the call rate / success at a few thresholds.

    .venv/bin/python scripts/fit_bidding.py --rounds 4000 --seed fit3 --save rows.json
    .venv/bin/python scripts/fit_bidding.py --load rows.json   # refit without replaying
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from cardroom.bots.arena.match import _Match
from cardroom.bots.tichu.bidding import FEATURES, GRAND_FEATURES, logistic
from cardroom.bots.tichu.heuristic import TichuHeuristicBot, grand_features, hand_features
from cardroom.engine import get_game
from cardroom.games.tichu.state import Phase


def collect(rounds: int, seed: str, call: str) -> list[Any]:
    """One row per round: the features of the hand of the seat that is made to call ``call``
    (seat ``i % 4`` in round ``i``; every other seat never calls), labelled by whether that seat
    went out first. The caller races and its partner supports it, as in real play."""
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    features = grand_features if call == "grand" else hand_features
    rows: list[Any] = []
    for i in range(rounds):
        caller = i % 4
        bots = [TichuHeuristicBot(tichu_threshold=2.0, grand_threshold=2.0) for _ in range(4)]
        if call == "grand":
            bots[caller] = TichuHeuristicBot(tichu_threshold=2.0, grand_threshold=-1.0)
        else:
            bots[caller] = TichuHeuristicBot(tichu_threshold=-1.0, grand_threshold=2.0)
        match = _Match(game, config, bots, f"{seed}/{call}/{i}")
        hand = None
        while not game.is_terminal(match.runner.state):
            state = match.runner.state
            if hand is None and call == "grand" and state.phase is Phase.GRAND:
                hand = state.hands[caller]
            if hand is None and call == "tichu" and state.phase is Phase.PLAY:
                hand = state.hands[caller]
            seat, action = match.next_move()
            transition = match.runner.propose(seat, action)
            match.runner.commit(transition)
            match.histories.record(transition.events)
        assert hand is not None
        rows.append((features(hand), match.runner.state.last_round.out[0] == caller))
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: list[Any], ridge: float = 1.0) -> list[float]:
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(12):
        grad = [-ridge * x for x in w]
        hess = [[ridge * (i == j) for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = logistic(w, x)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
    return w


def report(name: str, rows: list[Any], w: list[float]) -> None:
    print(f"{name}: {len(rows)} hands, base rate {sum(y for _, y in rows) / len(rows):.3f}")
    print("  coef = (" + ", ".join(f"{x:.3f}" for x in w) + ")")
    ps = sorted(((logistic(w, x), y) for x, y in rows), reverse=True)
    for t in [0.3 + 0.025 * k for k in range(21)]:
        chosen = [y for p, y in ps if p >= t]
        made = sum(chosen) / len(chosen) if chosen else math.nan
        print(f"  p >= {t:.3f}: call {len(chosen) / len(rows):6.1%} made {made:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=4000, help="rounds per call kind")
    parser.add_argument("--seed", default="fit3")
    parser.add_argument("--calls", default="grand,tichu", help="which models to fit")
    parser.add_argument("--save", help="also write the rows here (JSON) to refit without replaying")
    parser.add_argument("--load", help="fit rows written by --save instead of playing rounds")
    args = parser.parse_args()
    if args.load:
        with open(args.load) as f:
            grand_rows, tichu_rows = json.load(f)
    else:
        grand_rows = collect(args.rounds, args.seed, "grand") if "grand" in args.calls else []
        tichu_rows = collect(args.rounds, args.seed, "tichu") if "tichu" in args.calls else []
    if args.save:
        with open(args.save, "w") as f:
            json.dump([grand_rows, tichu_rows], f)
    if grand_rows:
        assert len(grand_rows[0][0]) == len(GRAND_FEATURES)
        report("grand (8 cards, Grand called)", grand_rows, fit(grand_rows))
    if tichu_rows:
        assert len(tichu_rows[0][0]) == len(FEATURES)
        report("tichu (14 cards after the exchange, Tichu called)", tichu_rows, fit(tichu_rows))


if __name__ == "__main__":
    main()
