"""Fit the bidding model of ``cardroom.bots.tichu_bidding`` on simulated rounds.

Heuristic self-play with calls switched off; for every seat and round the features of its
first 8 cards and of its 14 cards after the exchange, labelled by whether it went out first.
Prints the logistic coefficients (IRLS) and the call rate / success at a few thresholds.

    .venv/bin/python scripts/fit_bidding.py --rounds 3000 --seed fit1
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from cardroom.bots.arena import _Match
from cardroom.bots.tichu_bidding import FEATURES, logistic
from cardroom.bots.tichu_heuristic import TichuHeuristicBot, hand_features
from cardroom.engine import get_game
from cardroom.games.tichu.state import Phase


def collect(rounds: int, seed: str) -> tuple[list[Any], list[Any]]:
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    grand_rows: list[Any] = []
    tichu_rows: list[Any] = []
    for i in range(rounds):
        bots = [TichuHeuristicBot(tichu_threshold=2.0, grand_threshold=2.0) for _ in range(4)]
        match = _Match(game, config, bots, f"{seed}/{i}")
        eight = fourteen = None
        while not game.is_terminal(match.runner.state):
            state = match.runner.state
            if eight is None and state.phase is Phase.GRAND:
                eight = state.hands
            if fourteen is None and state.phase is Phase.PLAY:
                fourteen = state.hands
            seat, action = match.next_move()
            transition = match.runner.propose(seat, action)
            match.runner.commit(transition)
            match.histories.record(transition.events)
        first = match.runner.state.last_round.out[0]
        assert eight is not None and fourteen is not None
        for s in range(4):
            grand_rows.append((hand_features(eight[s]), s == first))
            tichu_rows.append((hand_features(fourteen[s]), s == first))
    return grand_rows, tichu_rows


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
    k = len(FEATURES)
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
    for t in (0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8):
        chosen = [y for p, y in ps if p >= t]
        made = sum(chosen) / len(chosen) if chosen else math.nan
        print(f"  p >= {t:.2f}: call {len(chosen) / len(rows):6.1%} made {made:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", default="fit1")
    args = parser.parse_args()
    grand_rows, tichu_rows = collect(args.rounds, args.seed)
    report("grand (8 cards)", grand_rows, fit(grand_rows))
    report("tichu (14 cards)", tichu_rows, fit(tichu_rows))


if __name__ == "__main__":
    main()
