"""The review of recorded Tichu decisions (``bots/tichu/review.py``, ``record_review.py``).

Records come from real seeded matches of real bots (random at one team, so that the review has
mistakes to find); the reviews run with few worlds to stay quick.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import random
from functools import cache
from pathlib import Path

import pytest

from cardroom import i18n
from cardroom.bots import make_bot
from cardroom.bots.arena.match import play_match
from cardroom.bots.moments import moments
from cardroom.bots.record_review import (
    Decision,
    Pending,
    RecordReview,
    pending,
    review_pending,
    review_record,
)
from cardroom.bots.tichu.review import (
    MIN_GAIN,
    NO_TICHU,
    Paired,
    Z,
    better,
    format_gift,
    gift_of,
    review_call,
    review_exchange,
    review_play,
)
from cardroom.bots.verdicts import FLAGGED, Review, ReviewSettings, Thresholds
from cardroom.cli import analyse, main
from cardroom.engine import EngineError, GameRecord, get_game, replay
from cardroom.engine.record import LogRecord
from cardroom.games.tichu.cards import MJ, iter_cards, rank_mask

QUICK = ReviewSettings(worlds=12, call_worlds=12)
GAME = get_game("tichu")


@cache
def record(seed: str = "r1") -> GameRecord:
    """One round: random and heuristic at seats 0 and 2, heuristic-v1 at 1 and 3."""
    config = GAME.config_from_json({"max_rounds": 1})
    bots = [
        make_bot("tichu", lvl) for lvl in ("random", "heuristic-v1", "heuristic", "heuristic-v1")
    ]
    return play_match(GAME, config, bots, seed).record


@cache
def reviewed(seed: str = "r1") -> list[tuple[Pending, object]]:
    return [(p, review_pending(p, QUICK, "7")) for p in pending(record(seed))]


def test_every_decision_kind_is_found_once_in_log_order() -> None:
    found = list(pending(record()))
    kinds = {p.kind for p in found}
    assert {"grand", "exchange", "play"} <= kinds
    assert kinds & {"tichu", "no-tichu"}
    exchanges = [p for p in found if p.kind == "exchange"]
    assert sorted(p.seat for p in exchanges) == [0, 1, 2, 3]
    for p in exchanges:
        assert len(p.exchange) == 3 and p.moment.text == p.exchange[0]
    plays = [p for p in found if p.kind == "play"]
    actions = [
        r
        for r in record().records
        if r.kind == "action"
        and r.text.split()[0] in ("play", "pass", "bomb", "wish", "nowish", "give-dragon")
    ]
    assert [(p.step, p.moment.text) for p in plays] == [(r.seq, r.text) for r in actions]
    assert [p.step for p in found] == sorted(p.step for p in found)


def test_a_forced_move_has_zero_loss() -> None:
    forced = [(p, d) for p, d in reviewed() if len(p.moment.view.legal) == 1 and p.kind == "play"]
    assert forced
    for p, d in forced:
        assert d.review.loss == 0 and d.review.label == "forced"  # type: ignore[attr-defined]
        assert d.review.best == p.moment.text  # type: ignore[attr-defined]


def test_labels_follow_the_thresholds() -> None:
    t = Thresholds(10, 25, 50)
    table = [
        (0.0, "best"),
        (9.9, "good"),
        (10.0, "inaccuracy"),
        (24.9, "inaccuracy"),
        (25.0, "mistake"),
        (49.9, "mistake"),
        (50.0, "blunder"),
        (400.0, "blunder"),
    ]
    for loss, label in table:
        assert t.label(loss) == label
    assert t.label(80.0, forced=True) == "forced"
    for _, d in reviewed():
        r = d.review  # type: ignore[attr-defined]
        assert r.label == ("forced" if r.forced else QUICK.thresholds.label(r.loss))
        assert r.loss >= 0 and (r.loss == 0) == (r.best == r.action)


def test_the_accuracy_agrees_with_the_points_lost() -> None:
    """Three good decisions of about 14 points each (none flagged) lost 41.8 points: the round's
    accuracy is no longer 100 %, and 100 % is left for a round that lost nothing."""
    losses = [0.0, 13.9, 0.0, 14.0, 13.9, 0.0]
    reviews = [Review("play", "pass", "pass" if not x else "play 9G", x, Thresholds().label(x))
               for x in losses]  # fmt: skip
    record = RecordReview(
        tuple(Decision(1, 0, step, r) for step, r in enumerate(reviews)), QUICK, seed="1"
    )
    (row,) = record.summary()["seats"]
    assert row["loss"] == 41.8 and not any(row["labels"].values())
    assert row["accuracy"] == 91.2  # 1 - loss/80 per decision: (3 + 3 * 0.826) / 6
    clean = RecordReview((Decision(1, 0, 0, reviews[0]),), QUICK, seed="1")
    assert clean.summary()["seats"][0]["accuracy"] == 100.0


@pytest.mark.parametrize(
    ("gain", "se", "shown"),
    [
        (4.9, 0.0, False),  # below the bar, however sure
        (MIN_GAIN, 0.0, True),  # at the bar, no noise
        (15.0, 4.9, True),  # lower bound 5.2
        (15.0, 5.1, False),  # lower bound 4.8: large but not shown
        (60.0, 20.0, True),  # an exchange's noise, a clear gain
        (40.0, 20.0, False),  # an exchange's noise, not shown
        (-30.0, 1.0, False),  # worse than the action taken
    ],
)
def test_another_action_is_better_only_when_its_gain_is_shown(
    gain: float, se: float, shown: bool
) -> None:
    assert better(gain, se) is shown
    assert (gain - Z * se >= MIN_GAIN) is shown


@pytest.mark.parametrize(
    ("others", "best", "loss"),
    [
        # each candidate's paired differences to the action taken, world by world
        ({"b": [10.0, 10.0, 10.0, 10.0]}, "b", 10.0),  # shown: no noise
        ({"b": [4.0, 4.0, 4.0, 4.0]}, "a", 0.0),  # below the bar
        ({"b": [40.0, -20.0, 40.0, -20.0]}, "a", 0.0),  # gain 10, SE 17.3: not shown
        ({"b": [10.0] * 4, "c": [30.0, 31.0, 29.0, 30.0]}, "c", 30.0),  # c shown to beat b
        ({"b": [12.0] * 4, "c": [90.0, -50.0, 90.0, -50.0]}, "b", 12.0),  # c larger, unshown
        ({"b": [30.0] * 4, "c": [33.0, 34.0, 32.0, 33.0]}, "b", 30.0),  # c not 5 above b
        ({"b": [-9.0] * 4, "c": [30.0] * 4, "d": [41.0] * 4}, "d", 41.0),  # c, then d over c
    ],
)
def test_the_best_action_is_the_first_shown_better_one_unless_beaten(
    others: dict[str, list[float]], best: str, loss: float
) -> None:
    texts = ["a", *others]
    paired = Paired(texts, "a")
    for k in range(4):
        paired.add([0.0, *(d[k] for d in others.values())])
    review = paired.review("play", Thresholds(), str)
    assert (review.best, review.loss) == (best, loss)
    assert review.label == Thresholds().label(loss)


def test_random_play_is_found_to_lose_points() -> None:
    losses = [d.review.loss for p, d in reviewed() if p.seat == 0]  # type: ignore[attr-defined]
    assert sum(losses) > 0
    labels = {d.review.label for p, d in reviewed() if p.seat == 0}  # type: ignore[attr-defined]
    assert labels & FLAGGED


def test_the_best_action_has_zero_loss() -> None:
    """Reviewing the action the review called best, from the same view with the same seed,
    finds no better one."""
    checked = set()
    for p, d in reviewed():
        r = d.review  # type: ignore[attr-defined]
        if r.loss == 0 or r.kind in checked:
            continue
        view = p.moment.view
        rng = random.Random(f"7:{p.round}:{p.seat}:{p.step}:{p.kind}")
        if p.kind == "exchange":
            by_text = {format_gift(g, p.seat): g for g in _gifts(p)}
            again = review_exchange(view, by_text[r.best], QUICK, rng)
        elif p.kind in ("grand", "tichu", "no-tichu"):
            again = review_call(view, r.best in ("grand", "tichu"), p.kind == "grand", QUICK, rng)
        else:
            again = review_play(view, r.best, QUICK, rng)
        assert again.best == r.best and again.loss == 0 and again.label == "best"
        checked.add(r.kind)
    assert checked  # random play gave at least one decision with a better action


def _gifts(p: Pending) -> list[tuple[int, int, int]]:
    """The exchange candidates of a review (the gift taken and the plan's variants)."""
    from cardroom.bots.tichu.exchange import variants
    from cardroom.bots.tichu.heuristic import cards_mask

    hand = cards_mask(p.moment.view.obs["hand"])
    gift = gift_of(p.exchange, p.seat)
    out = [gift, *variants(hand, gift)]
    for strong in (False, True):
        from cardroom.bots.tichu.heuristic import plan_exchange

        out += variants(hand, plan_exchange(hand, False, strong))
    return out


def test_a_call_review_gives_the_chance_and_value_of_calling() -> None:
    calls = [d.review for p, d in reviewed() if p.kind in ("grand", "tichu", "no-tichu")]  # type: ignore[attr-defined]
    assert calls
    for r in calls:
        assert r.chance is not None and 0 < r.chance < 1
        yes = "grand" if r.kind == "grand" else "tichu"
        stake = 200 if r.kind == "grand" else 100
        assert r.values[yes] == pytest.approx(stake * (2 * r.chance - 1), abs=0.2)
        no = "nogrand" if yes == "grand" else NO_TICHU
        if abs(r.values[yes]) >= MIN_GAIN:
            assert r.best == (yes if r.values[yes] > 0 else no)
        else:
            assert r.best == r.action and r.loss == 0


def _swap(text: str, a: int, b: int) -> str:
    verb, *cards = text.split()
    swapped = [str(b) if c == str(a) else str(a) if c == str(b) else c for c in cards]
    return " ".join([verb, *swapped])


@pytest.mark.parametrize("cut", [20, 31, 41])
def test_swapping_unseen_cards_leaves_the_review_unchanged(cut: int) -> None:
    """Two cards seat 0 has never seen, one in seat 1's hand and one in seat 3's, change
    places in the deal; the log up to step ``cut`` stays legal, seat 0's view stays the same,
    and so does the review of each of its decisions (same seed) — while the real hands differ."""
    rec = record()
    config = GAME.config_from_json(rec.config)
    head = [r for r in rec.records if r.seq <= cut]
    state = replay(GAME, config, head)
    seen_by_0 = _seen_by(head, 0)
    wish = state.wish
    banned = (1 << MJ) | (rank_mask(wish) if wish else 0)
    dealt = replay(GAME, config, head[:1])  # the deal alone: who got which card
    kept = [
        state.hands[s] & (dealt.hands[s] | dealt.later[s]) & ~seen_by_0 & ~banned for s in (1, 3)
    ]
    pairs = [(a, b) for a in iter_cards(kept[0]) for b in iter_cards(kept[1])]
    for a, b in random.Random(cut).sample(pairs, len(pairs)):
        deal = head[0]
        swapped = [dataclasses.replace(deal, text=_swap(deal.text, a, b)), *head[1:]]
        try:
            other = replay(GAME, config, swapped)
        except EngineError:  # the swap broke a logged move (a pass under the wish)
            continue
        break
    else:
        pytest.fail("no consistent swap of unseen cards")
    assert other.hands[1] >> b & 1 and other.hands[3] >> a & 1  # the hidden hands differ
    mine = list(moments(_rec(rec, head)))
    theirs = list(moments(_rec(rec, swapped)))
    assert [m.view for m in mine if m.seat == 0] == [m.view for m in theirs if m.seat == 0]
    assert [m.view for m in mine if m.seat == 1] != [m.view for m in theirs if m.seat == 1]
    tiny = ReviewSettings(worlds=6, call_worlds=6)
    one = review_record(_rec(rec, head), tiny, "5", seats=[0]).to_json()
    two = review_record(_rec(rec, swapped), tiny, "5", seats=[0]).to_json()
    assert one["decisions"] and one == two


def _rec(rec: GameRecord, records: list[LogRecord]) -> GameRecord:
    return GameRecord(rec.game, rec.rules_version, rec.config, tuple(records))


def _seen_by(records: list[LogRecord], seat: int) -> int:
    """Every card ``seat`` was shown: its own deal, and whatever any seat played or gave it."""
    seen = 0
    state = GAME.new(GAME.config_from_json(record().config))
    for r in records:
        state, events = GAME_apply(state, r)
        for ev in events:
            shown = GAME.project(ev, seat)
            if shown is not None:
                for c in _cards_in(shown.to_json()):
                    seen |= 1 << c
    return seen


def GAME_apply(state: object, r: LogRecord) -> tuple[object, tuple[object, ...]]:
    from cardroom.engine.runner import apply_record

    return apply_record(GAME, state, r)


def _cards_in(data: object) -> list[int]:
    """Every card named anywhere in an event's JSON."""
    from cardroom.games.tichu.cards import parse_card

    out: list[int] = []
    if isinstance(data, dict):
        for v in data.values():
            out += _cards_in(v)
    elif isinstance(data, list):
        for v in data:
            out += _cards_in(v)
    elif isinstance(data, str):
        with contextlib.suppress(EngineError):  # not a card
            out.append(parse_card(data))
    return out


def test_a_review_is_reproducible_for_a_seed() -> None:
    rec = record()
    one = review_record(rec, QUICK, "3", rounds=[1], seats=[2]).to_json()
    two = review_record(rec, QUICK, "3", rounds=[1], seats=[2]).to_json()
    assert one == two and one["decisions"]
    assert {d["seat"] for d in one["decisions"]} == {2}


def test_cardroom_analyse_writes_the_review_as_json(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    record().save(path)
    out = tmp_path / "review.json"
    argv = ["analyse", str(path), "--seat", "1", "--json", str(out), "--worlds", "6"]
    assert main([*argv, "--call-worlds", "6", "--quiet"]) == 0
    data = json.loads(out.read_text())
    assert set(data) == {"decisions", "summary"}
    keys = {"round", "seat", "step", "action", "best", "loss", "label"}
    assert data["decisions"] and all(set(d) == keys for d in data["decisions"])
    assert {d["seat"] for d in data["decisions"]} == {0}  # --seat counts from 1, the JSON from 0
    (row,) = data["summary"]["seats"]
    assert row["loss"] == pytest.approx(sum(d["loss"] for d in data["decisions"]), abs=0.2)


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_cardroom_analyse_prints_its_tables_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Headers, labels and numbers as ``--lang`` writes them (the actions stay notation)."""
    monkeypatch.setenv("COLUMNS", "250")  # one line per row, however long the words
    path = tmp_path / "game.jsonl"
    record().save(path)
    out = tmp_path / "review.json"
    argv = ["analyse", str(path), "--seat", "1", "--json", str(out), "--lang", lang]
    assert main([*argv, "--worlds", "6", "--call-worlds", "6"]) == 0
    text = capsys.readouterr().out
    data = json.loads(out.read_text())
    summary = data["summary"]
    (row,) = summary["seats"]

    def say(key: str, **params: object) -> str:
        return i18n.translate(lang, key, **params)

    for key in (*analyse.ROUND_COLUMNS, *analyse.SUMMARY_COLUMNS):
        assert f" {say(key)} " in text, key
    assert say("review.round", round=1) in text
    assert say("analyse.summary", unit="points", scale=summary["thresholds"]["blunder"]) in text
    assert f" {i18n.format_number(row['loss'], lang, decimals=1)} │" in text
    assert f" {i18n.format_percent(math.floor(row['accuracy']), lang, 0)} " in text
    found = row["labels"]  # worst first, as the pages list them
    counts = [say(f"review.count.{k}", n=found[k]) for k in analyse.STYLES if found.get(k)]
    assert counts and f" {say('common.list_sep').join(counts)} " in text
    for label in {d["label"] for d in data["decisions"]}:
        assert f" {say(f'review.label.{label}')} " in text, label
    for english in ("step", "bot would have", "summary", "accuracy", "blunder"):
        assert english not in text, english


def test_cardroom_analyse_counts_the_seats_its_actions_name_from_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables' seat column counts from 1; an exchange's "to 0" beside it named another seat
    than the one a person reads as seat 1."""
    monkeypatch.setenv("COLUMNS", "250")
    path = tmp_path / "game.jsonl"
    record().save(path)
    out = tmp_path / "review.json"
    argv = ["analyse", str(path), "--seat", "2", "--json", str(out), "--worlds", "6"]
    assert main([*argv, "--call-worlds", "6"]) == 0
    text = capsys.readouterr().out
    (gift,) = [
        d for d in json.loads(out.read_text())["decisions"] if d["action"].startswith("give ")
    ]  # the exchange (give-dragon too counts its seat from 1: the tui's tests)
    gifts = [part.split(" to ") for part in gift["action"].removeprefix("give ").split(", ")]
    assert [int(to) for _, to in gifts] == [2, 3, 0]  # seat 1's left, partner, right, from 0
    shown = "give " + ", ".join(f"{card} to {int(to) + 1}" for card, to in gifts)
    assert f" {shown} " in text and f" {gift['action']} " not in text


def test_cardroom_analyse_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert main(["analyse", str(bad)]) == 2
    assert "cardroom analyse:" in capsys.readouterr().err
    assert main(["analyse", str(tmp_path / "missing.jsonl")]) == 2
    good = tmp_path / "g.jsonl"
    record().save(good)
    assert main(["analyse", str(good), "--worlds", "1"]) == 2
    capsys.readouterr()
    for seat in ("0", "5"):
        assert main(["analyse", str(good), "--seat", seat]) == 2
        assert "--seat must be 1..4 (seats count from 1)" in capsys.readouterr().err


def test_a_hint_is_a_legal_action_of_the_seat_with_a_reason() -> None:
    from cardroom.bots.protocol import owes_move
    from cardroom.bots.tichu.review import hint

    tiny = ReviewSettings(worlds=8, call_worlds=8)
    reasons = set()
    for m in list(moments(record()))[:60:3]:
        if not owes_move(m.view):
            continue
        h = hint(m.view, tiny, random.Random(m.seq))
        assert h.action in m.view.legal
        assert h.reason.startswith("hint.reason.")
        if len(m.view.legal) == 1:
            assert h.reason == "hint.reason.forced"
        reasons.add(h.reason)
    assert {"hint.reason.call", "hint.reason.exchange"} <= reasons
    assert reasons & {"hint.reason.play", "hint.reason.only"}


def test_the_json_example_of_docs_review_agrees_with_the_thresholds() -> None:
    """docs/review.md's example review: each decision's label is the one its loss earns, and the
    summary's labels, mean loss and accuracy are what its figures give."""
    from cardroom.bots.verdicts import Thresholds

    doc = (Path(__file__).parents[2] / "docs" / "review.md").read_text(encoding="utf-8")
    example = json.loads(doc.split("## JSON", 1)[1].split("```json", 1)[1].split("```", 1)[0])
    t = Thresholds(**example["summary"]["thresholds"])
    assert t == Thresholds()  # the code's thresholds
    for d in example["decisions"]:
        assert d["label"] == t.label(d["loss"]), d
    (row,) = example["summary"]["seats"]
    flagged = sum(row["labels"].values())
    assert flagged <= row["unforced"] and row["loss"] >= sum(
        n * getattr(t, k) for k, n in row["labels"].items()
    )  # each flagged decision lost at least its threshold
    assert row["mean_loss"] == round(row["loss"] / row["unforced"], 2)
    assert row["accuracy"] == t.accuracy([row["loss"] / row["unforced"]] * row["unforced"])
