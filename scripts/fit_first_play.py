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

``--forced ROWS...`` refits instead on the rows of ``bench/tichu_forced_calls.py`` (the expert
made to call, against the pool) and compares, by 5-fold cross-validation over the rounds, the
made rate of the most likely calls at a given call rate: the model as shipped, the seen
features refitted, and the full hand features with what was seen. Only rounds the shipped model
kept above the bench's floor are called (the others have no outcome); ``--test ROWS...``
scores, on another seed's rows, the shipped model and each refit fitted on all of the first.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from typing import Any

from fit_bidding import fit

from cardroom.bots.arena.match import play_match
from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.bidding import SEEN_FEATURES, logistic
from cardroom.bots.tichu.firstplay import seen_features
from cardroom.bots.tichu.heuristic import TichuHeuristicBot, cards_mask, hand_features
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


REFITS: dict[str, Callable[[dict[str, Any]], list[float]]] = {
    "seen refitted": lambda row: list(row["seen"]),
    "hand + seen": lambda row: [*hand_features(cards_mask(row["hand"])), *row["seen"][2:]],
}
"""The feature sets refitted on forced-call rows: ``SEEN_FEATURES`` as they are, and the hand
model's own features (``bidding.FEATURES``) in place of its logit."""
CALL_RATES = (0.10, 0.12, 0.14, 0.16)


def made_at_rates(rows: list[dict[str, Any]], chances: list[float | None]) -> str:
    """The made rate of the rounds with the highest chances, taking each share of all rounds."""
    ranked = sorted(
        ((p, r["made"]) for p, r in zip(chances, rows, strict=True) if p is not None),
        key=lambda t: -t[0],
    )
    parts = []
    for rate in CALL_RATES:
        top = [made for _, made in ranked[: int(rate * len(rows))]]
        parts.append(f"{rate:.0%} called: {sum(top)}/{len(top)} = {sum(top) / len(top):.1%}")
    return " | ".join(parts)


def forced(paths: list[str], test: list[str], ridge: float) -> None:
    """Refit on the expert's forced calls and compare (module docstring)."""
    rows, tests = read_rows(paths), read_rows(test)
    played = [r for r in rows if r["chance"] is not None]
    print(f"{len(rows)} rounds, {len(played)} calls played on")
    print(f"  shipped model: {made_at_rates(rows, [r['chance'] for r in rows])}")
    for name, features in REFITS.items():
        for cv_ridge in (1.0, 10.0, 30.0):
            chances: list[float | None] = [None] * len(rows)
            for fold in range(5):
                train = [(features(r), r["made"]) for r in played if r["i"] % 5 != fold]
                w = fit(train, cv_ridge)
                for k, r in enumerate(rows):
                    if r["i"] % 5 == fold and r["chance"] is not None:
                        chances[k] = logistic(w, features(r))
            print(f"  {name}, ridge {cv_ridge:g}: {made_at_rates(rows, chances)}")
    if tests:
        print(f"held out: {len(tests)} rounds")
        print(f"  shipped model: {made_at_rates(tests, [r['chance'] for r in tests])}")
        for name, features in REFITS.items():
            w = fit([(features(r), r["made"]) for r in played], ridge)
            chances = [None if r["chance"] is None else logistic(w, features(r)) for r in tests]
            print(f"  {name}, ridge {ridge:g}: {made_at_rates(tests, chances)}")


def read_rows(paths: list[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path) as f:
            rows += [json.loads(line) for line in f]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=8000)
    parser.add_argument("--seed", default="fp1")
    parser.add_argument("--save", help="also write the rows here (JSON) to refit without replaying")
    parser.add_argument("--load", help="fit rows written by --save instead of playing rounds")
    parser.add_argument("--forced", nargs="+", help="refit on bench/tichu_forced_calls.py rows")
    parser.add_argument("--test", nargs="*", default=[], help="with --forced: held-out rows")
    parser.add_argument("--ridge", type=float, default=10.0, help="the held-out refits' ridge")
    args = parser.parse_args()
    if args.forced:
        forced(args.forced, args.test, args.ridge)
        return
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
