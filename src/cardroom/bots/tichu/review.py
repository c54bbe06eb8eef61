"""Review of one Tichu decision by the search bot, from the deciding seat's own view.

A review never looks at the real hidden hands: every estimate is made in worlds sampled from
what the seat had seen at that moment (``belief.WorldSampler`` in the play phase, random deals
of the unseen cards before it), so it judges the decision, not the luck of the deal. Every
candidate action meets the *same* worlds and rollout seeds (paired evaluation, common random
numbers), so the difference between two actions is measured with far less noise than either
value.

- **Plays** (play, pass, bombs in and out of turn, the wish, the Dragon gift): the candidates of
  the search bot (``search.candidates``; for a bomb out of turn: the bomb, the cheapest bomb and
  letting the play go on) plus the action taken, each scored by a rollout to the end of the round
  (our team's points minus theirs, calls included).
- **The exchange**: the three cards given as one decision, against the heuristic's plan and its
  variants (``exchange.variants``), over random deals of the 42 unseen cards.
- **Calls**: the chance ``p`` of going out first (``calls.chance``: the heuristic model blended
  with rollouts), a call being worth ``100 (2p − 1)`` points (Grand Tichu ``200 (2p − 1)``) and
  not calling 0. A Tichu not called is reviewed at the seat's last chance (its first play).

The best action is the action taken unless another candidate is shown to beat it by at least
``MIN_GAIN`` points (the paired gain less ``Z`` standard errors reaches ``MIN_GAIN``; for a call, a
value of calling at least ``MIN_GAIN`` away from 0): within the noise of the estimate the player
gets the benefit of the doubt, so the loss of the best action is 0 and two reviews with different
seeds agree. Of several candidates shown better, the first in the candidates' order is named
unless another is shown to beat it too (``Paired.choice``). The loss is the named candidate's
mean paired gain over the action taken, in expected points of the round, labelled by
``Thresholds``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.belief import WorldSampler
from cardroom.bots.tichu.bidding import TICHU_P
from cardroom.bots.tichu.calls import (
    GRAND_FIT,
    TICHU_FIT,
    chance,
    grand_hits,
    tichu_hits,
)
from cardroom.bots.tichu.exchange import deal_others, gift_score, variants
from cardroom.bots.tichu.heuristic import (
    Table,
    TichuHeuristicBot,
    bomb_key,
    cards_mask,
    grand_probability,
    options,
    plan_exchange,
    tichu_probability,
)
from cardroom.bots.tichu.search import (
    NO_BOMB,
    TichuSearchBot,
    candidates,
    rollout_policy,
    without_tichu,
)
from cardroom.bots.verdicts import Review, ReviewSettings, Thresholds, forced
from cardroom.games.tichu.actions import TichuAction
from cardroom.games.tichu.cards import DECK, format_card, iter_cards, parse_card
from cardroom.games.tichu.state import NO_CALL, SEATS

Z: Final = 2.0
"""Standard errors by which another action must beat the one taken to count as better."""
MIN_GAIN: Final = 5.0
"""Expected points by which another action must beat the one taken to count as better (as the
search bot's ``MARGIN``): smaller differences are within what the rollouts can tell apart, and
would make two reviews with different seeds name different best actions."""
SETTLE: Final = 2.0
"""Standard errors by which every comparison that decides the best action must be clear of
its bar before a review stops adding worlds (``ReviewSettings.extend``)."""
NO_TICHU: Final = "no tichu"
"""The action text of a Tichu not called (reviewed at the seat's first play)."""
NO_BOMB_TEXT: Final = "no bomb"
"""The action text of letting the play go on while holding a bomb (shown, never in a log)."""
TICHU_STAKE: Final = 100
GRAND_STAKE: Final = 200


def better(gain: float, se: float) -> bool:
    """Whether a paired mean gain over the action taken (standard error ``se``) shows another
    action better: its lower bound, ``Z`` standard errors below the mean, reaches ``MIN_GAIN``.
    A gain that is large but not shown (an exchange's whole-round rollouts leave standard
    errors of 15–20 points) leaves the action taken standing: a reviewer does not call a
    mistake it cannot show, and two reviews with different seeds then agree."""
    return gain - Z * se >= MIN_GAIN


class Paired:
    """Running paired differences between every two candidates' scores (the same worlds, the
    same rollout seeds), so that both the gain over the action taken and the margin between
    the two best candidates are judged by the variance of their difference."""

    def __init__(self, texts: Sequence[str], taken: str) -> None:
        self.texts = list(texts)
        self.base = self.texts.index(taken)
        n = len(texts)
        self.sums = [0.0] * n
        self.diffs = [[0.0] * n for _ in range(n)]
        self.squares = [[0.0] * n for _ in range(n)]
        self.worlds = 0

    def add(self, scores: Sequence[float]) -> None:
        for i, score in enumerate(scores):
            self.sums[i] += score
            diffs, squares = self.diffs[i], self.squares[i]
            for j, other in enumerate(scores):
                d = score - other
                diffs[j] += d
                squares[j] += d * d
        self.worlds += 1

    def gain(self, i: int, j: int) -> tuple[float, float]:
        """The mean paired gain of candidate ``i`` over ``j`` and its standard error."""
        n = max(self.worlds, 1)
        mean = self.diffs[i][j] / n
        var = max(self.squares[i][j] / n - mean * mean, 0.0)
        return mean, (var / max(n - 1, 1)) ** 0.5

    def choice(self) -> tuple[int, float]:
        """The best candidate and its gain over the action taken. The action taken stands
        unless a candidate is *shown* to beat it (``better``); then the first such candidate
        in the candidates' order (the plan first) stands, unless another is shown to beat it
        too, and so on. Two candidates that both beat the action taken by about as much are
        thus not told apart by the noise of the worlds (which would make two reviews with
        different seeds name different best actions): the earlier one is named."""
        best = self.base
        while True:
            shown = [
                i
                for i in range(len(self.texts))
                if i != best and better(*self.gain(i, best)) and better(*self.gain(i, self.base))
            ]
            if not shown:
                break
            best = shown[0]
        return best, (self.gain(best, self.base)[0] if best != self.base else 0.0)

    def settled(self) -> bool:
        """Whether more worlds would hardly change ``choice``: every candidate's gain over the
        action taken, and over the best candidate, is ``SETTLE`` standard errors clear of
        ``MIN_GAIN`` (the bar that stays as the standard errors shrink)."""
        if self.worlds < 2:
            return False
        best, _ = self.choice()
        for i in range(len(self.texts)):
            for j in dict.fromkeys((self.base, best)):
                if i != j:
                    mean, se = self.gain(i, j)
                    if abs(mean - MIN_GAIN) < SETTLE * se:
                        return False
        return True

    def review(self, kind: str, thresholds: Thresholds, shown: Callable[[str], str]) -> Review:
        """The best candidate (``choice``) and the loss of the action taken: its gain."""
        n = max(self.worlds, 1)
        best, gain = self.choice()
        loss = round(gain, 1)
        values = {shown(t): round(s / n, 1) for t, s in zip(self.texts, self.sums, strict=True)}
        return Review(
            kind,
            shown(self.texts[self.base]),
            shown(self.texts[best]),
            loss,
            thresholds.label(loss),
            values,
            self.worlds,
        )


def play_kind(view: SeatView, action: str) -> str:
    phase = view.obs.get("phase")
    if phase in ("wish", "dragon"):
        return str(phase)
    return "play" if view.obs.get("turn") == view.seat else "bomb"


def review_play(
    view: SeatView, action: str, settings: ReviewSettings, rng: random.Random
) -> Review:
    """A play, pass, bomb, wish or Dragon gift (``action`` is one of ``view.legal``; for a
    bomb chance not taken out of turn, ``NO_BOMB_TEXT``)."""
    kind = play_kind(view, action)
    view = without_tichu(view)
    legal = view.legal
    if kind == "bomb":
        taken = NO_BOMB if action == NO_BOMB_TEXT else action
        table = Table.of(view)
        info = view.obs.get("legal_info") or ()
        bombs = [o for o in options(legal, table.top, info) if o.combo and o.combo.is_bomb()]
        if not bombs:
            return forced(kind, action)
        cheapest = min(bombs, key=lambda o: bomb_key(o, table.hand)).text
        texts = list(dict.fromkeys([taken, NO_BOMB, cheapest]))
    else:
        if len(legal) <= 1:
            return forced(kind, action)
        heuristic = TichuHeuristicBot().act(view, random.Random(rng.random()))
        texts = list(dict.fromkeys([action, *candidates(view, heuristic)]))
        taken = action
    if len(texts) == 1:
        return forced(kind, action)
    paired = compare(view, texts, taken, settings, rng)
    return paired.review(kind, settings.thresholds, lambda t: NO_BOMB_TEXT if t == NO_BOMB else t)


def compare(
    view: SeatView, texts: Sequence[str], base: str, settings: ReviewSettings, rng: random.Random
) -> Paired:
    """Every action of ``texts`` (``NO_BOMB``: none) scored in the same sampled worlds with
    the same rollout seeds, paired against ``base``."""
    bot = TichuSearchBot(worlds=settings.worlds)
    actions = [None if t == NO_BOMB else TichuAction.parse(t) for t in texts]
    paired = Paired(texts, base)
    sampler = WorldSampler(view)
    more = settings.more(settings.worlds, paired.settled)
    while more(paired.worlds):
        world = sampler.sample(rng)
        paired.add(bot.scores(world, view.seat, actions, rng.random()))
    return paired


Gift = tuple[int, int, int]


def format_gift(gift: Gift, seat: int) -> str:
    """``give 5K to 1, 8K to 2, 9G to 3``: the left opponent's, the partner's, the right's."""
    parts = [f"{format_card(c)} to {(seat + k) % SEATS}" for k, c in enumerate(gift, start=1)]
    return "give " + ", ".join(parts)


def gift_of(texts: Sequence[str], seat: int) -> Gift:
    """The gift of a seat's three ``exchange C to N`` actions."""
    by_target: dict[int, int] = {}
    for text in texts:
        _, card, _, target = text.split()
        by_target[int(target)] = parse_card(card)
    left, partner, right = ((seat + k) % SEATS for k in (1, 2, 3))
    return by_target[left], by_target[partner], by_target[right]


def exchange_plan(view: SeatView) -> tuple[int, list[str], Gift]:
    """The seat's whole hand before the exchange (cards already given included), the calls,
    and the heuristic's gift for it."""
    me = view.seat
    own = (view.obs.get("exchange") or {}).get("given") or {}
    hand = cards_mask(view.obs.get("hand") or ()) | cards_mask(own.values())
    calls = [str(c) or NO_CALL for c in view.obs.get("calls") or [NO_CALL] * SEATS]
    strong = bool(calls[me]) or tichu_probability(hand) >= TICHU_P
    return hand, calls, plan_exchange(hand, bool(calls[(me + 2) % SEATS]), strong)


def review_exchange(
    view: SeatView, gift: Gift, settings: ReviewSettings, rng: random.Random
) -> Review:
    """The three cards given (``view``: before the first of them), against the heuristic's
    plan and its variants, over random deals of the unseen cards."""
    me = view.seat
    hand, calls, plan = exchange_plan(view)
    gifts = list(dict.fromkeys([gift, *variants(hand, plan)]))
    texts = [format_gift(g, me) for g in gifts]
    paired = Paired(texts, texts[0])
    unseen = list(iter_cards(DECK & ~hand))
    more = settings.more(settings.worlds, paired.settled)
    while more(paired.worlds):
        hands = deal_others(hand, me, unseen, rng)
        seed = rng.random()
        paired.add([gift_score(hands, me, g, calls, rollout_policy, seed) for g in gifts])
    return paired.review("exchange", settings.thresholds, str)


def review_call(
    view: SeatView, called: bool, grand: bool, settings: ReviewSettings, rng: random.Random
) -> Review:
    """A Tichu (``grand``: Grand Tichu) called or not: the chance of going out first, by the
    model blended with rollouts in sampled worlds (the model alone for a Tichu called before
    the play phase, whose worlds are not sampled), and the value of calling."""
    hand = cards_mask(view.obs.get("hand") or ())
    more = settings.more(settings.call_worlds)
    if grand:
        model = grand_probability(hand)
        hits, worlds = grand_hits(view, rng, rollout_policy, more)
        p = chance(GRAND_FIT, model, hits, worlds)
        stake, yes, no = GRAND_STAKE, "grand", "nogrand"
    else:
        model = tichu_probability(hand)
        hits = worlds = 0
        if view.obs.get("phase") == "play" and hand.bit_count() == 14:
            hits, worlds = tichu_hits(view, rng, rollout_policy, more)
        p = chance(TICHU_FIT, model, hits, worlds)
        stake, yes, no = TICHU_STAKE, "tichu", NO_TICHU
    value = stake * (2 * p - 1)
    action = yes if called else no
    best = action if abs(value) < MIN_GAIN else yes if value > 0 else no
    loss = round(abs(value), 1) if action != best else 0.0
    kind = "grand" if grand else "tichu"
    values = {yes: round(value, 1), no: 0.0}
    return Review(
        kind,
        action,
        best,
        loss,
        settings.thresholds.label(loss),
        values,
        worlds,
        round(p, 3),
    )


@dataclass(frozen=True, slots=True)
class Hint:
    """The search bot's choice for a seat's decision now, and why in one line: a message key
    of the catalogues (``hint.reason.*``) with its parameters."""

    action: str
    reason: str
    params: dict[str, str | float] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"action": self.action, "reason": self.reason, "params": self.params}


def hint(view: SeatView, settings: ReviewSettings, rng: random.Random) -> Hint:
    """What the search bot would do from ``view`` (a seat that owes a move)."""
    legal = view.legal
    if not legal:
        raise ValueError("the seat has no decision to make")
    if len(legal) == 1:
        return Hint(legal[0], "hint.reason.forced")
    phase = view.obs.get("phase")
    if "grand" in legal:
        r = review_call(view, False, True, settings, rng)
        best = "grand" if r.values["grand"] > 0 else "nogrand"
        return Hint(best, "hint.reason.call", {"chance": round(100 * (r.chance or 0))})
    if any(t.startswith("exchange ") for t in legal):
        return _exchange_hint(view, settings, rng)
    if phase in ("play", "dragon", "wish") and view.obs.get("turn") == view.seat:
        plain = without_tichu(view)
        if len(plain.legal) == 1:
            return Hint(plain.legal[0], "hint.reason.forced")
        choice = TichuHeuristicBot().act(plain, random.Random(rng.random()))
        texts = list(dict.fromkeys([choice, *candidates(plain, choice)]))
        if len(texts) == 1:
            return Hint(choice, "hint.reason.only")
        paired = compare(plain, texts, choice, settings, rng)
        best = paired.review("play", settings.thresholds, str).best
        means = {t: s / max(paired.worlds, 1) for t, s in zip(texts, paired.sums, strict=True)}
        other = max((t for t in texts if t != best), key=lambda t: means[t])
        gain = round(means[best] - means[other], 1)
        return Hint(
            best,
            "hint.reason.play",
            {"other": other, "gain": max(gain, 0.0), "worlds": paired.worlds},
        )
    choice = TichuHeuristicBot().act(view, random.Random(rng.random()))
    return Hint(choice, "hint.reason.heuristic")


def _fits(fixed: Sequence[int | None], gift: Gift) -> bool:
    """Whether ``gift`` agrees with the cards already given (``None``: not given yet)."""
    return all(f in (None, c) for f, c in zip(fixed, gift, strict=True))


def _exchange_hint(view: SeatView, settings: ReviewSettings, rng: random.Random) -> Hint:
    """The next card of the best gift (reviewed against the heuristic's plan)."""
    me = view.seat
    own = (view.obs.get("exchange") or {}).get("given") or {}
    hand, _, plan = exchange_plan(view)
    given = {int(k): parse_card(v) for k, v in own.items()}
    fixed = [given.get((me + k) % SEATS) for k in (1, 2, 3)]
    gifts = [g for g in variants(hand, plan) if _fits(fixed, g)]
    if not gifts:
        return Hint(TichuHeuristicBot().act(view, rng), "hint.reason.heuristic")
    review = review_exchange(view, gifts[0], settings, rng) if len(gifts) > 1 else None
    texts = {format_gift(g, me): g for g in gifts}
    gift = texts.get(review.best, gifts[0]) if review else gifts[0]
    for k, card in enumerate(gift, start=1):
        target = (me + k) % SEATS
        if str(target) not in own:
            text = f"exchange {format_card(card)} to {target}"
            if text in view.legal:
                return Hint(text, "hint.reason.exchange", {"gift": format_gift(gift, me)})
    return Hint(TichuHeuristicBot().act(view, rng), "hint.reason.heuristic")
