"""Review of a recorded game: every decision of every seat, and a summary per round and seat
(``cardroom analyse``, the server's replay viewer). Tichu (``tichu/review.py``) and Toepen
(``toepen/review.py``: cards, stay and fold; a Toepen "round" is a hand).

The Tichu decisions are read off the log (``bots.moments``: each action with the view its seat acted
on): the Grand Tichu answer, a Tichu called or not (not called: reviewed at the seat's first
play, its last chance), the exchange (its three cards as one decision, at the first of them),
every play, pass and bomb, the wish and the Dragon gift. Each is reviewed by ``review`` from
that view alone, with an RNG seeded by ``(seed, round, seat, step)`` so that a review is
reproducible and independent of which other decisions are reviewed.

Accuracy (per round and seat): ``Thresholds.accuracy`` of the seat's unforced decisions'
losses, in percent, 100 only when none of them lost anything.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from cardroom.bots.moments import Moment, moments
from cardroom.bots.tichu.review import (
    gift_of,
    review_call,
    review_exchange,
    review_play,
)
from cardroom.bots.toepen import review as toepen_review
from cardroom.bots.verdicts import FLAGGED, Review, ReviewSettings, Thresholds
from cardroom.engine import GameRecord

Progress = Callable[[int, int], None]
"""Called with (decisions reviewed, decisions in all) as a review goes."""
REVIEWED_GAMES = ("tichu", "toepen")
PLAY_VERBS = ("play", "pass", "bomb", "wish", "nowish", "give-dragon")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat: where it was taken and its review."""

    round: int
    seat: int
    step: int
    review: Review

    def to_json(self) -> dict[str, Any]:
        r = self.review
        return {
            "round": self.round,
            "seat": self.seat,
            "step": self.step,
            "action": r.action,
            "best": r.best,
            "loss": r.loss,
            "label": r.label,
        }

    def detail(self) -> dict[str, Any]:
        """The estimates behind the review (values of the candidates, chance of a call)."""
        r = self.review
        out: dict[str, Any] = {
            "round": self.round,
            "seat": self.seat,
            "step": self.step,
            "kind": r.kind,
            "values": r.values,
            "worlds": r.worlds,
        }
        if r.chance is not None:
            out["chance_out_first"] = r.chance
        return out


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision found in the log, not reviewed yet."""

    round: int
    seat: int
    step: int
    kind: str
    moment: Moment
    exchange: tuple[str, ...] = ()


def pending(record: GameRecord) -> Iterator[Pending]:
    """The decisions of ``record`` in log order (a Tichu exchange at its first card)."""
    if record.game == "toepen":
        for m in moments(record):
            if toepen_review.reviewed(m.text):
                yield Pending(int(m.view.obs.get("hand_no", 1)), m.seat, m.seq, "toepen", m)
        return
    exchanges: dict[tuple[int, int], list[str]] = {}
    first_exchange: dict[tuple[int, int], Moment] = {}
    played: set[tuple[int, int]] = set()
    called: set[tuple[int, int]] = set()
    for m in moments(record):
        rnd = int(m.view.obs.get("round", 1))
        key = (rnd, m.seat)
        verb = m.text.split()[0]
        if verb in ("grand", "nogrand"):
            yield Pending(rnd, m.seat, m.seq, "grand", m)
        elif verb == "tichu":
            called.add(key)
            yield Pending(rnd, m.seat, m.seq, "tichu", m)
        elif verb == "exchange":
            exchanges.setdefault(key, []).append(m.text)
            first = first_exchange.setdefault(key, m)
            if len(exchanges[key]) == 3:
                yield Pending(rnd, m.seat, first.seq, "exchange", first, tuple(exchanges[key]))
        elif verb in PLAY_VERBS:
            if verb in ("play", "bomb") and key not in played:
                played.add(key)
                if key not in called and "tichu" in m.view.legal:
                    yield Pending(rnd, m.seat, m.seq, "no-tichu", m)
            yield Pending(rnd, m.seat, m.seq, "play", m)


def review_pending(p: Pending, settings: ReviewSettings, seed: str) -> Decision:
    rng = random.Random(f"{seed}:{p.round}:{p.seat}:{p.step}:{p.kind}")
    view = p.moment.view
    if p.kind == "grand":
        review = review_call(view, p.moment.text == "grand", True, settings, rng)
    elif p.kind in ("tichu", "no-tichu"):
        review = review_call(view, p.kind == "tichu", False, settings, rng)
    elif p.kind == "toepen":
        review = toepen_review.review_toepen(view, p.moment.text, settings, rng)
    elif p.kind == "exchange":
        review = review_exchange(view, gift_of(p.exchange, p.seat), settings, rng)
    else:
        review = review_play(view, p.moment.text, settings, rng)
    return Decision(p.round, p.seat, p.step, review)


@dataclass(frozen=True, slots=True)
class RecordReview:
    """The decisions reviewed and what they were reviewed with."""

    decisions: tuple[Decision, ...]
    settings: ReviewSettings
    seed: str
    rounds: tuple[int, ...] = field(default=())
    game: str = "tichu"

    @property
    def thresholds(self) -> Thresholds:
        return toepen_review.THRESHOLDS if self.game == "toepen" else self.settings.thresholds

    def summary(self) -> dict[str, Any]:
        """Per round and seat: decisions, unforced ones, total and mean expected loss, the
        labels' counts and the accuracy; and the settings used."""
        groups: dict[tuple[int, int], list[Review]] = {}
        for d in self.decisions:
            groups.setdefault((d.round, d.seat), []).append(d.review)
        seats = []
        for (rnd, seat), reviews in sorted(groups.items()):
            unforced = [r for r in reviews if not r.forced]
            loss = sum(r.loss for r in reviews)
            labels = {k: sum(r.label == k for r in reviews) for k in sorted(FLAGGED)}
            seats.append(
                {
                    "round": rnd,
                    "seat": seat,
                    "decisions": len(reviews),
                    "unforced": len(unforced),
                    "loss": round(loss, 1),
                    "mean_loss": round(loss / len(unforced), 2) if unforced else 0.0,
                    "accuracy": self.thresholds.accuracy([r.loss for r in unforced]),
                    "labels": labels,
                }
            )
        t = self.thresholds
        return {
            "seats": seats,
            "unit": "safety" if self.game == "toepen" else "points",
            "thresholds": {"inaccuracy": t.inaccuracy, "mistake": t.mistake, "blunder": t.blunder},
            "settings": {
                "worlds": self.settings.worlds,
                "call_worlds": self.settings.call_worlds,
                "extend": self.settings.extend,
                "budget": self.settings.budget,
                "seed": self.seed,
            },
            "details": [d.detail() for d in self.decisions],
        }

    def to_json(self) -> dict[str, Any]:
        return {"decisions": [d.to_json() for d in self.decisions], "summary": self.summary()}


def review_record(
    record: GameRecord,
    settings: ReviewSettings | None = None,
    seed: str = "1",
    rounds: Collection[int] | None = None,
    seats: Collection[int] | None = None,
    progress: Progress | None = None,
) -> RecordReview:
    """Review every decision of ``record`` (only ``rounds``/``seats`` when given)."""
    if record.game not in REVIEWED_GAMES:
        raise ValueError(f"reviews exist for Tichu and Toepen records, not {record.game!r}")
    settings = settings or ReviewSettings()
    todo = [
        p
        for p in pending(record)
        if (rounds is None or p.round in rounds) and (seats is None or p.seat in seats)
    ]
    done: list[Decision] = []
    for p in todo:
        done.append(review_pending(p, settings, seed))
        if progress is not None:
            progress(len(done), len(todo))
    found = tuple(sorted({p.round for p in todo}))
    return RecordReview(tuple(done), settings, seed, found, record.game)
