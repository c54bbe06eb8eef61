"""Belief sampling: full Tichu states a seat cannot tell apart from what it has seen.

``sample_world(view, rng)`` deals the cards the seat has not seen among the other hands so that
every fact of its view holds: its own hand, the cards played this round and the piles they went
to, each hand's size, the cards it gave in the exchange (still with their receivers until
played), the calls, the trick on the table, and the wish: a seat that passed, or played
something else than a bomb, while the wish was open and it could have fulfilled it (R8.1.6:
Phoenix-completed plays and bombs count) holds no such play, judged on the hand it had then.

Sampling is uniform over the consistent deals: plain shuffles, rejected while a wish fact is
broken; after ``TRIES`` rejections the constrained seats are made void in the wished rank (a
stronger but still consistent assumption). With ``infer``, the calls are read as evidence too:
a deal is kept with the chance that a player holding each caller's hand would have called
(``call_likelihood``), and that each seat that played its first card without calling (its
partner not having called) would not have, so callers get the strong hands they showed and
the silent seats lose some of theirs (the best of ``TRIES`` deals when none is kept).

With ``reads``, the passes are read too (``PassFact``): a seat that passed on an opponent's
play it could have beaten cheaply did what a player rarely does, so each deal is weighed by how
natural every observed pass was on the hand it gives that seat (``PassFact.likelihood``): a
deal is kept with the chance that the passes and the calls were so (the best of ``TRIES`` when
none is kept).

With ``follows``, the plays and the opponents' gifts are read the same way (``PlayFact``,
``GiftFact``): a seat that beat a play with a dearer play than a cheaper loose one of its kind,
led a single above a lower rank it held once, or gave us a card above a lower rank it held once
did what the pool's bots and the rollouts rarely do.

This is a world *model*: it builds engine states for the search bot's own simulations and never
reads the real state (see ``tests/bots/test_import_discipline.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.heuristic import tichu_probability
from cardroom.games.tichu.actions import _RANK_TOKENS
from cardroom.games.tichu.cards import DRG, PHX, iter_cards, parse_card, rank_mask, rank_of
from cardroom.games.tichu.combos import (
    Combo,
    Kind,
    combo_from_fields,
    enumerate_bombs,
    enumerate_plays,
)
from cardroom.games.tichu.config import TichuConfig
from cardroom.games.tichu.state import SEATS, Phase, TichuState, TrickPlay, next_holding

ALL_CARDS: Final = (1 << 56) - 1
TRIES: Final = 64
CALL_MIDPOINT: Final = 0.5
"""The bidding model's chance at which a caller is as likely as not to have called."""
CALL_SPREAD: Final = 0.06
"""How soft that step is: people call on weaker and stronger hands than a model's threshold."""
PASS_CHEAP: Final = 0.25
"""The chance that a seat passes on an opponent's play it could beat without a bomb, the Dragon
or the Phoenix (the pool's bots and the rollouts nearly always beat an opponent then)."""
PASS_COSTLY: Final = 0.6
"""The same when only the Dragon or the Phoenix beats it: people keep those for later."""
PASS_BOMB: Final = 0.4
"""The chance of passing with a bomb on an opponent who may go out soon (``BOMB_DANGER``)."""
BOMB_DANGER: Final = (2, 7)
"""An opponent on top with at most this many cards (a caller: the second) may go out soon: the
heuristic's and most players' moment to bomb (``heuristic.must_bomb``)."""
FOLLOW_CHEAP: Final = 0.4
"""The odds factor of a hand that held a cheaper play of the kind a seat beat a play with, one
that beat it too and broke no larger unit of equal cards (the pool's bots and the rollouts
play the cheapest): in pool rounds 17.8 % of the real hands against 34.5 % of sampled worlds
after a single, 7.6 against 19.4 % after a pair (``bench/tichu_reads_calibrate.py``)."""
LEAD_LOW: Final = 0.35
"""The same for a seat that led a single while it held a lower rank once (the pool's bots lead
their lowest unit): 16.9 % against 37.0 %."""
GIFT_LOW: Final = 0.65
"""The same for an opponent that gave us a card while it held a lower rank once (the pool's
bots give an opponent their lowest useless card): 41.7 % against 52.6 %."""
SIM_CONFIG: Final = TichuConfig(max_rounds=1)
"""Simulations score one round (the bot is not told the table's options: standard rules)."""
_DRG_BIT: Final = 1 << DRG
_PHX_BIT: Final = 1 << PHX
_ABOVE: Final = tuple(
    sum((rank_mask(r) for r in range(max(low + 1, 2), 15)), 0) for low in range(16)
)
"""The plain cards ranked above each rank (a Mah Jong single is rank 1)."""


def _mask(cards: Sequence[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c)
    return m


def _rank(text: str | None) -> int | None:
    return None if text is None else _RANK_TOKENS[str(text).upper()]


def _combo(cards: int, event: Mapping[str, Any]) -> Combo:
    """The combination a logged play made, from the event's structured fields."""
    return combo_from_fields(cards, event)


@dataclass(frozen=True, slots=True)
class WishFact:
    """``seat`` did not fulfil the wish for ``rank`` against ``top`` (None: on a lead); it has
    played ``later`` since, so its hand then was its hand now plus ``later``."""

    seat: int
    rank: int
    top: Combo | None
    later: int = 0

    def holds(self, hand_now: int) -> bool:
        hand = hand_now | self.later
        wished = rank_mask(self.rank)
        if not hand & wished:
            return True
        return not any(c.cards & wished for c in enumerate_plays(hand, self.top))


@dataclass(frozen=True, slots=True)
class PassFact:
    """``seat`` passed on ``top``, an opponent's play (not a bomb); it has played ``later``
    since, so its hand then was its hand now plus ``later``. ``danger``: the opponent on top
    could go out soon (``BOMB_DANGER``), when players bomb."""

    seat: int
    top: Combo
    later: int = 0
    danger: bool = False

    def likelihood(self, hand_now: int) -> float:
        """How natural the pass was on ``hand_now``: 1 if nothing but a bomb beat the top,
        ``PASS_COSTLY`` if only the Dragon or the Phoenix did, else ``PASS_CHEAP``; in danger,
        times ``PASS_BOMB`` if a bomb did.

        >>> from cardroom.games.tichu.cards import parse_cards
        >>> from cardroom.games.tichu.combos import combo_for
        >>> nine = combo_for(parse_cards("9B"), None, None)
        >>> [PassFact(1, nine).likelihood(parse_cards(h)) for h in ("2B 8G", "2B PHX", "2B KG")]
        [1.0, 0.6, 0.25]
        >>> fours = parse_cards("2B 2G 2K 2R")
        >>> PassFact(1, nine).likelihood(fours), PassFact(1, nine, danger=True).likelihood(fours)
        (1.0, 0.4)
        """
        hand = hand_now | self.later
        top = self.top
        bombed = PASS_BOMB if self.danger and enumerate_bombs(hand, top) else 1.0
        if top.kind is Kind.SINGLE:
            above = hand & _ABOVE[min(top.strength // 2, 15)]
            if top.cards == _DRG_BIT or not (above or hand & (_DRG_BIT | _PHX_BIT)):
                return bombed
            return bombed * (PASS_CHEAP if above else PASS_COSTLY)
        plays = [c for c in enumerate_plays(hand, top) if not c.is_bomb()]
        if not plays:
            return bombed
        special = _DRG_BIT | _PHX_BIT
        return bombed * (PASS_COSTLY if all(c.cards & special for c in plays) else PASS_CHEAP)


_SPECIAL: Final = _DRG_BIT | _PHX_BIT


_RANKS: Final = tuple(rank_mask(r) if 2 <= r <= 14 else 0 for r in range(16))
_SETS: Final = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)


def _count(hand: int, rank: int) -> int:
    return (hand & _RANKS[rank]).bit_count()


def _loose(hand: int, play: Combo) -> bool:
    """Whether ``play`` takes every card ``hand`` holds of each of its ranks: it breaks no
    larger unit of equal cards."""
    return all(
        _count(hand, r) == _count(play.cards, r) for r in range(2, 15) if play.cards & rank_mask(r)
    )


def cheaper_follow(hand: int, top: Combo, play: Combo, loose: bool = True) -> bool:
    """Whether ``hand`` held a play of ``play``'s kind and length, cheaper than it, that beat
    ``top`` too, without a bomb, the Dragon or the Phoenix (``loose``: breaking no larger unit
    of equal cards, as the pool's bots and the rollouts would have played it).

    >>> from cardroom.games.tichu.cards import parse_cards
    >>> from cardroom.games.tichu.combos import combo_for
    >>> six, king = (combo_for(parse_cards(c), None, None) for c in ("6B", "KB"))
    >>> [cheaper_follow(parse_cards(h), six, king) for h in ("8G KB", "8G 8R KB", "5G KB")]
    [True, False, False]
    """
    if play.kind in _SETS:  # the common case, by ranks: a rank between the two
        n, ranks = play.length, range(top.strength // 2 + 1, min((play.strength + 1) // 2, 15))
        return any(_count(hand, r) == n if loose else _count(hand, r) >= n for r in ranks)
    for c in enumerate_plays(hand, top):
        if c.kind is not play.kind or c.length != play.length or c.strength >= play.strength:
            continue
        if not c.cards & _SPECIAL and not c.is_bomb() and (not loose or _loose(hand, c)):
            return True
    return False


def loose_below(hand: int, rank: int, count: int, exact: bool = True) -> bool:
    """Whether ``hand`` holds a rank from 2 to below ``rank``: exactly ``count`` of it
    (``exact``), else at least ``count``.

    >>> from cardroom.games.tichu.cards import parse_cards
    >>> hand = parse_cards("3G 3B 9R")
    >>> loose_below(hand, 9, 1), loose_below(hand, 9, 1, False), loose_below(hand, 9, 2)
    (False, True, True)
    """
    held = (_count(hand, r) for r in range(2, rank))
    return any(n == count if exact else n >= count for n in held)


def gift_below(hand: int, rank: int, loose: bool = True) -> bool:
    """Whether ``hand`` holds a card ranked from 2 to below ``rank`` (``loose``: of a rank it
    holds once)."""
    return loose_below(hand, rank, 1, loose)


def partner_gift_above(hand: int, rank: int) -> bool:
    """Whether ``hand`` holds a card ranked above ``rank`` and below an Ace."""
    return bool(hand & sum(rank_mask(r) for r in range(rank + 1, 14)))


@dataclass(frozen=True, slots=True)
class PlayFact:
    """``seat`` played ``play`` on ``top`` (None: it led); ``later``: what it has played since,
    ``play`` included, so its hand then was its hand now plus ``later``."""

    seat: int
    play: Combo
    top: Combo | None
    later: int = 0

    def likelihood(self, hand_now: int) -> float:
        """How natural the play was on ``hand_now``: ``FOLLOW_CHEAP`` if a cheaper play of its
        kind beat the top too (``cheaper_follow``), ``LEAD_LOW`` if a led single's lower rank
        was held once (``loose_below``), else 1.

        >>> from cardroom.games.tichu.cards import parse_cards
        >>> from cardroom.games.tichu.combos import combo_for
        >>> six, king = (combo_for(parse_cards(c), None, None) for c in ("6B", "KB"))
        >>> follow = PlayFact(1, king, six, later=king.cards)
        >>> [follow.likelihood(parse_cards(h)) for h in ("8G", "8G 8R", "5G")]
        [0.4, 1.0, 1.0]
        >>> lead = PlayFact(1, king, None, later=king.cards)
        >>> [lead.likelihood(parse_cards(h)) for h in ("8G", "8G 8R", "AG")]
        [0.35, 1.0, 1.0]
        """
        hand = hand_now | self.later
        if self.top is not None:
            return FOLLOW_CHEAP if cheaper_follow(hand, self.top, self.play) else 1.0
        low = loose_below(hand, self.play.strength // 2, self.play.length)
        return LEAD_LOW if low else 1.0


@dataclass(frozen=True, slots=True)
class GiftFact:
    """``seat``, an opponent, gave us a card of ``rank`` in the exchange; ``later``: what it
    has played since, so its hand after the exchange was its hand now plus ``later``."""

    seat: int
    rank: int
    later: int = 0

    def likelihood(self, hand_now: int) -> float:
        """``GIFT_LOW`` if the hand held a lower rank once (``gift_below``), else 1.

        >>> from cardroom.games.tichu.cards import parse_cards
        >>> [GiftFact(1, 7).likelihood(parse_cards(h)) for h in ("3G 9B", "3G 3B 9B", "8G")]
        [0.65, 1.0, 1.0]
        """
        return GIFT_LOW if gift_below(hand_now | self.later, self.rank) else 1.0


@dataclass(slots=True)
class RoundFacts:
    """What the seat's history says about the current round."""

    played: int = 0
    played_by: list[int] = field(default_factory=lambda: [0] * SEATS)
    piles: list[int] = field(default_factory=lambda: [0] * SEATS)
    trick: list[TrickPlay] = field(default_factory=list)
    passed: int = 0
    wish_facts: list[WishFact] = field(default_factory=list)
    pass_facts: list[PassFact] = field(default_factory=list)
    play_facts: list[PlayFact] = field(default_factory=list)
    """The plays read with ``follows`` (``_readable``)."""
    gift_facts: list[GiftFact] = field(default_factory=list)
    """The opponents' gifts to this seat of a 2 to a King, read with ``follows``."""
    given: dict[int, int] = field(default_factory=dict)
    """Cards this seat gave, by receiver."""


def round_facts(view: SeatView) -> RoundFacts:
    """Fold the seat's history of the current round (since the last ``round_scored``)."""
    facts = RoundFacts()
    wish: int | None = None
    calls = list(view.obs.get("calls") or ("",) * SEATS)
    for event in view.history:
        kind = event.get("type")
        if kind == "round_scored":
            facts, wish = RoundFacts(), None
        elif kind == "played":
            seat, cards = int(event["seat"]), _mask(event["cards"])
            top = facts.trick[-1].combo if facts.trick else None
            combo = _combo(cards, event)
            if wish is not None and not cards & rank_mask(wish) and not combo.is_bomb():
                facts.wish_facts.append(WishFact(seat, wish, top))
            facts.wish_facts = [_later(f, seat, cards) for f in facts.wish_facts]
            facts.pass_facts = [_later(f, seat, cards) for f in facts.pass_facts]
            facts.play_facts = [_later(f, seat, cards) for f in facts.play_facts]
            facts.gift_facts = [_later(f, seat, cards) for f in facts.gift_facts]
            if _readable(combo, top):
                facts.play_facts.append(PlayFact(seat, combo, top, cards))
            facts.played |= cards
            facts.played_by[seat] |= cards
            if cards == 1 << 0:  # the Dog goes to its player's pile at once
                facts.piles[seat] |= cards
            else:
                facts.trick.append(TrickPlay(seat, combo))
            facts.passed = 0
        elif kind == "passed":
            seat = int(event["seat"])
            facts.passed |= 1 << seat
            last = facts.trick[-1] if facts.trick else None
            top = last.combo if last else None
            if wish is not None:
                facts.wish_facts.append(WishFact(seat, wish, top))
            if last is not None and last.seat % 2 != seat % 2 and not last.combo.is_bomb():
                left = 14 - facts.played_by[last.seat].bit_count()
                danger = left <= BOMB_DANGER[bool(calls[last.seat])]
                facts.pass_facts.append(PassFact(seat, last.combo, danger=danger))
        elif kind == "wish_made":
            wish = _rank(event["rank"])
        elif kind == "wish_fulfilled":
            wish = None
        elif kind in ("trick_taken", "dragon_given"):
            to = int(event["seat"] if kind == "trick_taken" else event["to"])
            facts.piles[to] |= _mask(event["cards"])
            facts.trick, facts.passed = [], 0
        elif kind == "exchange_revealed":
            rows = event.get("given") or [None] * SEATS
            for k, card in enumerate(rows[view.seat] or (), start=1):
                if card is not None:
                    facts.given[(view.seat + k) % SEATS] = parse_card(card)
            for giver in (view.seat + 1, view.seat + 3):
                row = rows[giver % SEATS] or ()
                card = row[(view.seat - giver) % SEATS - 1] if len(row) == SEATS - 1 else None
                if card is not None and 2 <= rank_of(parse_card(card)) <= 13:
                    facts.gift_facts.append(GiftFact(giver % SEATS, rank_of(parse_card(card))))
    return facts


def _readable(play: Combo, top: Combo | None) -> bool:
    """Whether a play says something of the hand (``PlayFact``): no bomb, Dog, Dragon or
    Phoenix single; no straight (a dearer straight is as common in the real hands as in the
    sampled worlds); a lead only of a single (a pair's lead said little: 5.0 % against 7.7 %)."""
    if play.is_bomb() or play.kind is Kind.STRAIGHT:
        return False
    if play.kind is Kind.SINGLE and play.cards & (_SPECIAL | 1):
        return False
    return top is not None or play.kind is Kind.SINGLE


_Fact = TypeVar("_Fact", WishFact, PassFact, PlayFact, GiftFact)


def _later(fact: _Fact, seat: int, cards: int) -> _Fact:
    """``fact`` with ``cards`` added to what its seat played since, if ``seat`` is its seat."""
    return fact if fact.seat != seat else replace(fact, later=fact.later | cards)


def given_cards(view: SeatView, facts: RoundFacts) -> dict[int, int]:
    """Cards this seat gave, by receiver: from the observation, else from the history."""
    exchange = view.obs.get("exchange") or {}
    given = exchange.get("given") if isinstance(exchange, Mapping) else None
    out = dict(facts.given)
    if isinstance(given, Mapping):
        for receiver, card in given.items():
            if isinstance(card, str):
                out[int(receiver)] = parse_card(card)
    return out


def _deal(
    pool: list[int], need: Sequence[int], fixed: Sequence[int], rng: random.Random
) -> list[int]:
    rng.shuffle(pool)
    hands = list(fixed)
    at = 0
    for s in range(SEATS):
        for c in pool[at : at + need[s]]:
            hands[s] |= 1 << c
        at += need[s]
    return hands


def _deal_void(
    pool: list[int],
    need: Sequence[int],
    fixed: Sequence[int],
    voids: Sequence[int],
    rng: random.Random,
) -> list[int]:
    """Deal with seats barred from ``voids[s]`` (a card mask): most constrained cards first,
    each to a permitted seat with probability ∝ its free places."""
    hands, room = list(fixed), list(need)
    order = sorted(
        pool, key=lambda c: (sum(1 for s in range(SEATS) if voids[s] >> c & 1), rng.random())
    )
    order.reverse()
    for c in order:
        seats = [s for s in range(SEATS) if room[s] > 0 and not voids[s] >> c & 1]
        if not seats:
            seats = [s for s in range(SEATS) if room[s] > 0]
        s = rng.choices(seats, weights=[room[t] for t in seats])[0]
        hands[s] |= 1 << c
        room[s] -= 1
    return hands


def call_likelihood(hand: int) -> float:
    """The chance that a seat holding ``hand`` (its cards after the exchange: the hand it has
    now and what it played since) calls: a soft step in the bidding model's chance that the
    hand goes out first.

    >>> from cardroom.games.tichu.cards import parse_cards
    >>> strong = parse_cards("DRG PHX AB AG AR KB KG QB QG JB 10B 9B 8B 7B")
    >>> weak = parse_cards("DOG 2B 2G 3B 4G 5R 6K 7B 8G 9R 10K JB QG KR")
    >>> call_likelihood(strong) > 0.9 > 0.01 > call_likelihood(weak)
    True
    """
    z = (tichu_probability(hand) - CALL_MIDPOINT) / CALL_SPREAD
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def sample_hands(
    view: SeatView,
    facts: RoundFacts,
    rng: random.Random,
    infer: bool = False,
    known: Sequence[int] = (0,) * SEATS,
    reads: bool = False,
    follows: bool = False,
) -> list[int]:
    """Every seat's hand, consistent with the view (own hand exact); with ``infer``, weighed by
    the calls made and passed up (``call_likelihood``), with ``reads`` by the passes too
    (``PassFact``), with ``follows`` by the plays and the opponents' gifts (``PlayFact``,
    ``GiftFact``). ``known``: cards each seat is taken
    to hold besides (the bench's partial oracle fixes some of the true deal's places so)."""
    obs = view.obs
    me = view.seat
    hand = _mask(obs.get("hand") or ())
    sizes = [int(n) for n in obs["hand_sizes"]]
    fixed = [0] * SEATS
    fixed[me] = hand
    for receiver, card in given_cards(view, facts).items():
        if receiver != me and not facts.played >> card & 1:
            fixed[receiver] |= 1 << card
    for s, cards in enumerate(known):
        if s != me:
            fixed[s] |= cards
    seen = hand | facts.played | sum(fixed)
    pool = list(iter_cards(ALL_CARDS & ~seen & ~_trick_and_piles(facts)))
    need = [sizes[s] - fixed[s].bit_count() if s != me else 0 for s in range(SEATS)]
    if sum(need) != len(pool) or min(need) < 0:
        raise ValueError(f"view inconsistent: {len(pool)} unseen cards for {need} places")
    facts_of = [[f for f in facts.wish_facts if f.seat == s] for s in range(SEATS)]
    callers = _callers(view) if infer or reads or follows else []
    silent = _silent(view, facts) if infer or reads or follows else []
    passes: list[PassFact | PlayFact | GiftFact] = []
    if reads:
        passes += facts.pass_facts
    if follows:
        passes += facts.play_facts
        passes += facts.gift_facts
    passes = [f for f in passes if f.seat != me]
    best, best_weight = None, -1.0
    for _ in range(TRIES):
        hands = _deal(pool, need, fixed, rng)
        if not all(f.holds(hands[s]) for s in range(SEATS) for f in facts_of[s]):
            continue
        if not callers and not silent and not passes:
            return hands
        weight, kept = 1.0, True
        if passes:  # the cheap factor first: the calls' only for a deal it keeps or may be best
            weight = math.prod(f.likelihood(hands[f.seat]) for f in passes)
            kept = rng.random() < weight
            if not kept and weight <= best_weight:
                continue
        calls = math.prod(call_likelihood(hands[s] | facts.played_by[s]) for s in callers)
        for s in silent:
            calls *= 1.0 - call_likelihood(hands[s] | facts.played_by[s])
        if kept and rng.random() < calls:
            return hands
        if weight * calls > best_weight:
            best, best_weight = hands, weight * calls
    if best is not None:
        return best
    voids = [0] * SEATS
    for f in facts.wish_facts:
        voids[f.seat] |= rank_mask(f.rank)
    return _deal_void(pool, need, fixed, voids, rng)


def _callers(view: SeatView) -> list[int]:
    """The other seats that called Tichu or Grand Tichu this round."""
    calls = view.obs.get("calls") or ()
    return [s for s, call in enumerate(calls) if call and s != view.seat]


def _silent(view: SeatView, facts: RoundFacts) -> list[int]:
    """The other seats that played a card without calling Tichu, while their partner had not
    called either: they passed up a call on the hand they had then."""
    calls = list(view.obs.get("calls") or ("",) * SEATS)
    return [
        s
        for s in range(SEATS)
        if s != view.seat and not calls[s] and not calls[(s + 2) % SEATS] and facts.played_by[s]
    ]


def _trick_and_piles(facts: RoundFacts) -> int:
    m = sum(facts.piles)
    for p in facts.trick:
        m |= p.combo.cards
    return m


def exchange_rows(view: SeatView, facts: RoundFacts) -> tuple[tuple[int, ...], ...]:
    """The exchange rows as far as the seat knows them (its own row, and the card each other
    seat gave it; the rules never read the rest after the swap, so any card stands there)."""
    me = view.seat
    exchange = view.obs.get("exchange") or {}
    received = exchange.get("received") if isinstance(exchange, Mapping) else None
    given = given_cards(view, facts)
    rows = []
    for giver in range(SEATS):
        if giver == me:
            rows.append(tuple(given.get((me + k) % SEATS, 0) for k in (1, 2, 3)))
            continue
        card = received.get(str(giver)) if isinstance(received, Mapping) else None
        rows.append((parse_card(card) if isinstance(card, str) else 0,) * 3)
    return tuple(rows)


def sample_world(view: SeatView, rng: random.Random) -> TichuState:
    """A full play-phase state consistent with ``view`` (see the module docstring)."""
    return WorldSampler(view).sample(rng)


class WorldSampler:
    """``sample_world`` for many worlds of one view: the history is read once."""

    def __init__(
        self, view: SeatView, infer: bool = False, reads: bool = False, follows: bool = False
    ) -> None:
        if view.obs.get("phase") not in ("play", "dragon", "wish"):
            raise ValueError(f"worlds are sampled in the play phase, not {view.obs.get('phase')!r}")
        self.view = view
        self.infer = infer
        self.reads = reads
        self.follows = follows
        self.facts = round_facts(view)
        self.template = _template(view, self.facts)

    def sample(self, rng: random.Random) -> TichuState:
        hands = sample_hands(
            self.view, self.facts, rng, self.infer, reads=self.reads, follows=self.follows
        )
        return self.template.replace(hands=tuple(hands))


def _turn(obs: Mapping[str, object]) -> int | None:
    """The engine's turn: in the wish phase the observation names the wisher, while the play
    goes on with the next seat holding cards after him."""
    turn = obs.get("turn")
    if obs.get("phase") != "wish" or not isinstance(turn, int):
        return turn if isinstance(turn, int) else None
    holding = tuple(int(n) for n in obs["hand_sizes"])  # type: ignore[attr-defined]
    after = next_holding(holding, turn, 1 << turn)
    return turn if after is None else after


def _template(view: SeatView, facts: RoundFacts) -> TichuState:
    """The world without the other hands (they are dealt per sample)."""
    obs = view.obs
    hands = [0] * SEATS
    out = tuple(int(s) for s in obs.get("out") or ())
    trick = tuple(facts.trick)
    dragon = obs.get("phase") == "dragon"
    trick_over = bool(trick) and (bool(obs.get("lead")) or dragon)
    final = dragon and len(out) >= SEATS - 1
    top = trick[-1].combo if trick else None
    if dragon and (top is None or top.cards != 1 << DRG):
        raise ValueError("the dragon phase needs the Dragon on top")
    return TichuState(
        config=SIM_CONFIG,
        phase=Phase.PLAY,
        round=int(obs.get("round", 1)),
        hands=tuple(hands),
        calls=tuple(str(c) for c in obs.get("calls") or ("",) * SEATS),
        grand=(False,) * SEATS,
        given=exchange_rows(view, facts),
        trick=trick,
        turn=_turn(obs),
        passed=facts.passed,
        trick_over=trick_over,
        final=final,
        wish=_rank(obs.get("wish")),
        out=out,
        piles=tuple(facts.piles),
        wisher=obs.get("turn") if obs.get("phase") == "wish" else None,
    )
