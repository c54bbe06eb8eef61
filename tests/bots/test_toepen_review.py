"""The review of recorded Toepen decisions (``bots/toepen/review.py``): cards, stay and fold,
valued by the Toepen search bot in worlds sampled from the seat's view."""

from __future__ import annotations

import random
from functools import cache

from cardroom.bots import make_bot
from cardroom.bots.arena.match import play_match
from cardroom.bots.record_review import Decision, Pending, pending, review_pending, review_record
from cardroom.bots.toepen.review import MIN_GAIN, THRESHOLDS, review_toepen
from cardroom.bots.verdicts import ReviewSettings
from cardroom.engine import GameRecord, get_game

SETTINGS = ReviewSettings(worlds=16)


@cache
def record() -> GameRecord:
    game = get_game("toepen")
    config = game.config_from_json({"seats": 3, "lives": 4})
    bots = [make_bot("toepen", level) for level in ("random", "search", "tight")]
    return play_match(game, config, bots, "toepen-review").record


@cache
def reviewed() -> list[tuple[Pending, Decision]]:
    return [(p, review_pending(p, SETTINGS, "3")) for p in pending(record())]


def test_cards_stays_and_folds_are_reviewed_and_labelled_by_the_thresholds() -> None:
    found = reviewed()
    assert {p.moment.text.split()[0] for p, _ in found} >= {"play"}
    for p, d in found:
        r = d.review
        assert r.action == p.moment.text
        assert r.label == ("forced" if r.forced else THRESHOLDS.label(r.loss))
        assert (r.loss == 0) == (r.best == r.action)
        assert r.loss == 0 or r.loss >= MIN_GAIN
        if len([a for a in p.moment.view.legal if a.startswith("play ")]) == 1 and r.kind == "card":
            assert r.forced and r.loss == 0


def test_the_best_action_has_zero_loss() -> None:
    checked = 0
    for p, d in reviewed():
        if d.review.loss == 0:
            continue
        rng = random.Random(f"3:{p.round}:{p.seat}:{p.step}:{p.kind}")
        again = review_toepen(p.moment.view, d.review.best, SETTINGS, rng)
        assert again.loss == 0 and again.best == d.review.best
        checked += 1
    assert checked  # random play at seat 0 lost something somewhere


def test_a_toepen_review_has_the_json_shape_of_a_tichu_one() -> None:
    data = review_record(record(), SETTINGS, "3", rounds=[1]).to_json()
    keys = {"round", "seat", "step", "action", "best", "loss", "label"}
    assert data["decisions"] and all(set(d) == keys for d in data["decisions"])
    assert data["summary"]["thresholds"] == {"inaccuracy": 2.0, "mistake": 5.0, "blunder": 10.0}
