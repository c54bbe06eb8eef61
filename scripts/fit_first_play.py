"""Fit ``bidding.SEEN_COEF``: the Tichu chance at the seat's first play (``firstplay``).

Heuristic self-play in which one seat per round (``i % 4``) calls Tichu at its first chance in
the play phase, as late as the rules allow (its first play, or a bomb out of turn before it);
the other seats call by their own thresholds. Each row holds ``firstplay.seen_features`` at the
moment of the call (the logit of the hand model and what the caller has seen by then); the
label is whether the caller went out first. Prints, fitted on one half and scored on the other,
the call rate and made rate of the hand model alone and of the model with what was seen, then
the coefficients fitted on all rows.

    .venv/bin/python scripts/fit_first_play.py --rounds 8000 --seed fp1 --save rows.json
    .venv/bin/python scripts/fit_first_play.py --load rows.json   # refit without replaying
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from fit_bidding import fit

from cardroom.bots.arena.match import play_match
from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.bidding import SEEN_FEATURES, logistic
from cardroom.bots.tichu.firstplay import seen_features
from cardroom.bots.tichu.heuristic import TichuHeuristicBot
from cardroom.engine import get_game

Row = tuple[list[float], bool]


class Recorder(TichuHeuristicBot):
    """Calls Tichu at its first chance and keeps what it saw then."""

    def __init__(self) -> None:
        super().__init__(tichu_threshold=-1.0, grand_threshold=2.0)
        self.row: list[float] | None = None

    def act(self, view: SeatView, rng: random.Random) -> str:
        choice = super().act(view, rng)
        if choice == "tichu" and self.row is None:
            self.row = list(seen_features(view))
        return choice

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        choice = super().interrupt(view, rng)
        if choice == "tichu" and self.row is None:
            self.row = list(seen_features(view))
        return choice


def collect(rounds: int, seed: str) -> list[Row]:
    """One row per round in which the chosen seat could call (its partner had not)."""
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    rows: list[Row] = []
    for i in range(rounds):
        caller = i % 4
        bots: list[Any] = [TichuHeuristicBot() for _ in range(4)]
        recorder = Recorder()
        bots[caller] = recorder
        final = play_match(game, config, bots, f"{seed}/{i}").final
        if recorder.row is not None:
            rows.append((recorder.row, final["last_round"]["out"][0] == caller))
    return rows


def rates(scored: list[tuple[float, bool]], thresholds: list[float]) -> None:
    for t in thresholds:
        chosen = [y for p, y in scored if p >= t]
        made = sum(chosen) / len(chosen) if chosen else float("nan")
        print(f"  p >= {t:.3f}: call {len(chosen) / len(scored):6.1%} made {made:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=8000)
    parser.add_argument("--seed", default="fp1")
    parser.add_argument("--save", help="also write the rows here (JSON) to refit without replaying")
    parser.add_argument("--load", help="fit rows written by --save instead of playing rounds")
    args = parser.parse_args()
    if args.load:
        with open(args.load) as f:
            rows: list[Row] = [(r, bool(y)) for r, y in json.load(f)]
    else:
        rows = collect(args.rounds, args.seed)
    if args.save:
        with open(args.save, "w") as f:
            json.dump(rows, f)
    assert len(rows[0][0]) == len(SEEN_FEATURES)
    half = len(rows) // 2
    print(f"{len(rows)} calls, made {sum(y for _, y in rows) / len(rows):.3f}")
    thresholds = [0.4 + 0.02 * k for k in range(11)]
    for name, cols in (("hand model", 2), ("hand model + seen", len(SEEN_FEATURES))):
        w = fit([(r[:cols], y) for r, y in rows[:half]])
        print(f"{name}, fitted on the first half, scored on the second:")
        rates([(logistic(w, r[:cols]), y) for r, y in rows[half:]], thresholds)
    w = fit(rows)
    print("SEEN_COEF on all rows = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    rates([(logistic(w, r), y) for r, y in rows], thresholds)


if __name__ == "__main__":
    main()
