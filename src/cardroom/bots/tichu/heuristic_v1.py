"""``heuristic-v1``: the Tichu heuristic of 2026-12-03, frozen as the yardstick.

Do not improve this module: every new level is measured against it. Only plumbing that the
action model forces (the exchange choices, the wish decision, ``legal_info``) may change.

A rule-of-thumb Tichu bot that plays from the observation JSON only (contracts §3, §5).

It thinks in *units*: the fewest plays its hand splits into (bombs kept apart, then straights,
stairs, full houses, pairs, triples, singles; ``plan``). Each unit costs about one trick to get
rid of, so it leads its lowest unit, follows only with plays that do not wreck the plan, saves
the Dragon, Phoenix, Aces and bombs for tricks that matter, and calls Tichu when its control
cards outnumber the units it cannot get rid of cheaply. Every answer is one of ``obs["legal"]``.

>>> from cardroom.games.tichu.cards import parse_cards
>>> [str(u) for u in plan(parse_cards("MJ 2G 3K 4B 5R 9G 9K QB QR QG DRG 7G 7K 7B 7R")).units]
['straight 1-5', 'full house Q+9', 'DRG']
>>> plan(parse_cards("MJ 2G 3K 4B 5R 9G 9K QB QR QG DRG 7G 7K 7B 7R")).bombs[0].describe()
'bomb 7777'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.heuristic import trick_combo
from cardroom.games.tichu.actions import ActionKind, TichuAction, rank_text
from cardroom.games.tichu.cards import (
    DOG,
    DRG,
    MJ,
    PHX,
    RANK_NAMES,
    card_points,
    format_card,
    iter_cards,
    mask_of,
    parse_card,
    rank_of,
)
from cardroom.games.tichu.combos import Combo, Kind, combo_for, enumerate_bombs

SEATS: Final = 4
_DOG: Final = 1 << DOG
_MJ: Final = 1 << MJ
_PHX: Final = 1 << PHX
_DRG: Final = 1 << DRG
PHX_RANK: Final = 16
"""Rank used for the Phoenix in a rank signature (Dog 0, Mah Jong 1, Dragon 15)."""

# Tuning, calibrated with ``cardroom simulate`` (heuristic vs heuristic and vs random).
TICHU_THRESHOLD: Final = 1.5
GRAND_THRESHOLD: Final = 5.5
CONTROL_COST: Final = {15: 2.0, PHX_RANK: 1.5, 14: 0.8}
"""What spending a Dragon, Phoenix or Ace on an unimportant trick costs, in units."""
BOMB_CARD_COST: Final = 3.0
FOLLOW_SLACK: Final = 0.5
"""Follow when the play costs at most this many units (0: it sheds cards without adding a
unit, e.g. a pair out of a full house). Self-play: 0.5 beat 0 (20/30 matches), -0.5 lost to 0
(5/30); 1.0 was even with 0.5."""
URGENT_SLACK: Final = 1.0
"""Extra units a follow may cost when the trick matters (points, an opponent near the end)."""


# --- hand planning -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unit:
    """One planned play, by ranks only (suits matter only for bombs, which are kept apart).

    ``ranks`` is the sorted multiset of ranks (Dog 0, Mah Jong 1, Dragon 15, Phoenix 16).
    """

    kind: str
    ranks: tuple[int, ...]

    @property
    def top(self) -> int:
        return self.ranks[-1] if self.kind != "full house" else self.ranks[2]

    @property
    def is_control(self) -> bool:
        return self.kind == "single" and self.ranks[0] in (14, 15, PHX_RANK)

    def __str__(self) -> str:
        names = {0: "DOG", 1: "1", 15: "DRG", PHX_RANK: "PHX"}

        def name(r: int) -> str:
            return names.get(r) or RANK_NAMES.get(r, str(r))

        if self.kind == "single":
            return name(self.ranks[0])
        if self.kind in ("straight", "stairs"):
            return f"{self.kind} {name(self.ranks[0])}-{name(self.ranks[-1])}"
        if self.kind == "full house":
            pair = next(r for r in self.ranks if r != self.top)
            return f"full house {name(self.top)}+{name(pair)}"
        return f"{self.kind} {name(self.ranks[0])}"


@dataclass(frozen=True, slots=True)
class Plan:
    """A split of a hand into bombs and the units left to shed."""

    bombs: tuple[Combo, ...]
    units: tuple[Unit, ...]

    @property
    def bomb_cards(self) -> int:
        return mask_of(c for b in self.bombs for c in iter_cards(b.cards))

    def cost(self) -> float:
        """Roughly the tricks this hand still has to win or shed: the Dog is half a unit."""
        return sum(0.5 if u.ranks == (0,) else 1.0 for u in self.units)


def _rank_counts(mask: int) -> tuple[int, ...]:
    """Cards per rank 0..16 (Dog 0, Mah Jong 1, 2..A, Dragon 15, Phoenix 16)."""
    counts = [0] * 17
    for c in iter_cards(mask):
        counts[signature_rank(c)] += 1
    return tuple(counts)


def signature_rank(c: int) -> int:
    """The rank of a card for signatures: the Phoenix gets its own rank 16."""
    return PHX_RANK if c == PHX else rank_of(c)


def signature(mask: int) -> tuple[int, ...]:
    """The sorted ranks of a set of cards: how a unit is matched to a legal play."""
    return tuple(sorted(signature_rank(c) for c in iter_cards(mask)))


def _groups(counts: Sequence[int]) -> list[Unit]:
    """Units of the normal ranks 2..A: stairs from runs of pairs, full houses from a triple and
    a loose pair, then the remaining triples, pairs and singles."""
    units: list[Unit] = []
    pairs = [r for r in range(2, 15) if counts[r] == 2]
    triples = [r for r in range(2, 15) if counts[r] == 3]
    run: list[int] = []
    loose_pairs: list[int] = []
    for r in [*pairs, 99]:  # 99 closes the last run
        if run and r == run[-1] + 1:
            run.append(r)
            continue
        if len(run) >= 2:
            units.append(Unit("stairs", tuple(sorted(run * 2))))
        else:
            loose_pairs += run
        run = [r]
    for t in triples:
        if loose_pairs:
            p = loose_pairs.pop(0)
            units.append(Unit("full house", tuple(sorted([t] * 3 + [p] * 2))))
        else:
            units.append(Unit("triple", (t, t, t)))
    units += [Unit("pair", (p, p)) for p in loose_pairs]
    units += [Unit("single", (r,)) for r in range(2, 15) if counts[r] == 1]
    return units


def _singles_and_specials(counts: Sequence[int]) -> list[Unit]:
    return [Unit("single", (r,)) for r in (0, 1, 15, PHX_RANK) if counts[r]]


@lru_cache(maxsize=65536)
def _plan_counts(counts: tuple[int, ...]) -> tuple[Unit, ...]:
    """Best split of rank counts: greedily take the straight that saves the most units."""
    work = list(counts)
    straights: list[Unit] = []
    while True:
        base = len(_units_of(work))
        best: tuple[float, int, int] | None = None
        for lo in range(1, 11):
            hi = lo
            while hi <= 14 and work[hi] >= 1:
                if hi - lo >= 4:
                    for r in range(lo, hi + 1):
                        work[r] -= 1
                    gain = base - len(_units_of(work)) - 1
                    for r in range(lo, hi + 1):
                        work[r] += 1
                    key = (gain + 0.01 * (hi - lo), lo, hi)
                    if gain >= 0 and (best is None or key[0] > best[0]):
                        best = key
                hi += 1
        if best is None:
            break
        _, lo, hi = best
        for r in range(lo, hi + 1):
            work[r] -= 1
        straights.append(Unit("straight", tuple(range(lo, hi + 1))))
    return (*straights, *_units_of(work))


def _units_of(counts: Sequence[int]) -> list[Unit]:
    normal = [0, 0, *counts[2:15]]
    units = _groups(normal)
    return [*units, *_singles_and_specials(counts)]


def plan(hand: int) -> Plan:
    """Split ``hand``: disjoint bombs first (longest first), then units of what is left."""
    bombs: list[Combo] = []
    rest = hand
    for bomb in sorted(enumerate_bombs(hand, None), key=lambda b: (-b.length, -b.strength)):
        if bomb.cards & ~rest == 0:
            bombs.append(bomb)
            rest &= ~bomb.cards
    return Plan(tuple(bombs), _plan_counts(_rank_counts(rest)))


def hand_cost(hand: int) -> float:
    """Units left to shed (a bomb is free: it wins its own trick)."""
    return plan(hand).cost()


def control_score(hand: int) -> float:
    """Trick-winning power: Dragon, Phoenix, Aces, bombs and Kings."""
    p = plan(hand)
    counts = _rank_counts(hand)
    return (
        1.5 * counts[15]
        + 1.25 * counts[PHX_RANK]
        + 0.9 * counts[14]
        + 0.3 * counts[13]
        + 1.5 * len(p.bombs)
    )


def tichu_score(hand: int) -> float:
    """Control minus half the units to shed: positive enough = likely first out.

    Calibrated on heuristic self-play (``cardroom simulate``): hands with control >= 3.5 and at
    most 5 units went out first about 60% of the time, weaker ones 15-35%.
    """
    return control_score(hand) - 0.5 * plan(hand).cost()


def should_call_grand(hand: int, threshold: float = GRAND_THRESHOLD) -> bool:
    """Grand Tichu on eight cards: only with the very strongest openings."""
    return control_score(hand) >= threshold


def should_call_tichu(hand: int, threshold: float = TICHU_THRESHOLD) -> bool:
    return tichu_score(hand) >= threshold


# --- reading the observation --------------------------------------------------------------


def hand_mask(obs: Mapping[str, Any]) -> int:
    return mask_of(parse_card(c) for c in obs.get("hand") or ())


def cards_mask(cards: Iterable[str]) -> int:
    return mask_of(parse_card(c) for c in cards)


def table_top(obs: Mapping[str, Any]) -> Combo | None:
    """The combination on top of the current trick (its last entry, as the engine read it)."""
    trick = obs.get("trick") or ()
    return trick_combo(trick[-1]) if trick else None


def trick_points(obs: Mapping[str, Any]) -> int:
    return sum(card_points(parse_card(c)) for e in obs.get("trick") or () for c in e["cards"])


@dataclass(frozen=True, slots=True)
class Option:
    """A legal action with what the bot needs to weigh it."""

    text: str
    action: TichuAction
    combo: Combo | None


def options(
    legal: Sequence[str], top: Combo | None, info: Sequence[Mapping[str, Any] | None] = ()
) -> list[Option]:
    """The legal plays with their combinations, read from the observation's ``legal_info``
    when it has them (recomputed from the text otherwise)."""
    out = []
    described = len(info) == len(legal)
    for i, text in enumerate(legal):
        action = TichuAction.parse(text)
        combo = None
        if action.kind is ActionKind.PLAY:
            about = info[i] if described else None
            if about is not None:
                kind = Kind[str(about["kind"]).upper()]
                combo = Combo(
                    kind, action.cards, about["strength"], about["length"], about["phoenix"]
                )
            else:
                combo = combo_for(action.cards, action.phoenix_as, top)
        out.append(Option(text, action, combo))
    return out


# --- the bot -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """The facts of one decision, derived once from the view."""

    seat: int
    obs: Mapping[str, Any]
    hand: int
    top: Combo | None

    @property
    def partner(self) -> int:
        return (self.seat + 2) % SEATS

    @property
    def opponents(self) -> tuple[int, int]:
        return (self.seat + 1) % SEATS, (self.seat + 3) % SEATS

    @classmethod
    def of(cls, view: SeatView) -> Table:
        """A leader plays onto nothing, even while the finished trick still lies there."""
        top = None if view.obs.get("lead") else table_top(view.obs)
        return cls(view.seat, view.obs, hand_mask(view.obs), top)

    def size(self, seat: int) -> int:
        return int(self.obs["hand_sizes"][seat])

    def playing(self, seat: int) -> bool:
        return self.size(seat) > 0

    def called(self, seat: int) -> bool:
        return bool(self.obs.get("calls", [""] * SEATS)[seat])

    @property
    def top_seat(self) -> int | None:
        top = self.obs.get("top")
        return None if top is None else int(top["seat"])

    def opponent_threat(self) -> bool:
        """An opponent is close to going out, one who called Tichu is still in, or the round is
        down to a race between us and one opponent."""
        if sum(1 for s in range(SEATS) if self.playing(s)) <= 2:
            return True
        return any(
            self.playing(o) and (self.size(o) <= 3 or self.called(o)) for o in self.opponents
        )


class TichuHeuristicV1Bot:
    """Plays low first, saves control cards and bombs, calls on strong hands."""

    name = "heuristic-v1"

    def __init__(
        self,
        tichu_threshold: float = TICHU_THRESHOLD,
        grand_threshold: float = GRAND_THRESHOLD,
        follow_slack: float = FOLLOW_SLACK,
    ) -> None:
        self.tichu_threshold = tichu_threshold
        self.grand_threshold = grand_threshold
        self.follow_slack = follow_slack

    def calls_tichu(self, table: Table) -> bool:
        """Call on a strong hand, unless the partner already called (one call per team)."""
        strong = should_call_tichu(table.hand, self.tichu_threshold)
        return strong and not table.called(table.partner)

    def act(self, view: SeatView, rng: random.Random) -> str:
        legal = view.legal
        table = Table.of(view)
        if "tichu" in legal and self.calls_tichu(table):
            return "tichu"
        if "grand" in legal:
            return "grand" if should_call_grand(table.hand, self.grand_threshold) else "nogrand"
        if any(t.startswith("exchange ") for t in legal):
            return choose_exchange(view, legal, self.tichu_threshold)
        if "wish 2" in legal:
            return choose_wish_action(table.hand, legal, view.history)
        if any(t.startswith("give-dragon ") for t in legal):
            return choose_dragon_gift(table, legal)
        info = view.obs.get("legal_info") or ()
        plays = [o for o in options(legal, table.top, info) if o.combo is not None]
        if not plays:
            return "pass" if "pass" in legal else legal[0]
        if view.obs.get("lead") or "pass" not in legal:
            return choose_lead(table, plays, view.history)
        return choose_follow(table, plays, self.follow_slack) or "pass"

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        """Out of turn: call Tichu on a strong hand, or bomb a trick that must not be lost."""
        legal = view.legal
        table = Table.of(view)
        if "tichu" in legal and self.calls_tichu(table):
            return "tichu"
        info = view.obs.get("legal_info") or ()
        bombs = [o for o in options(legal, table.top, info) if o.combo and o.combo.is_bomb()]
        if bombs and table.top_seat in table.opponents and must_bomb(table):
            return min(bombs, key=lambda o: bomb_key(o, table.hand)).text
        return None


def bomb_key(option: Option, hand: int) -> tuple[float, int, int]:
    """Cheapest bomb first: the one whose loss hurts the rest of the hand least."""
    assert option.combo is not None
    return hand_cost(hand & ~option.combo.cards), option.combo.length, option.combo.strength


def must_bomb(table: Table) -> bool:
    """A bomb is worth spending: the player on top may go out, or the trick is big."""
    top_seat = table.top_seat
    if top_seat is None:
        return False
    about_out = table.size(top_seat) <= 2
    caller_on_top = table.called(top_seat) and table.size(top_seat) <= 7
    big = trick_points(table.obs) >= 25
    return about_out or caller_on_top or big


def _unit_plays(table: Table, plays: Sequence[Option], unit: Unit) -> list[Option]:
    """Legal plays made of exactly this unit's ranks and no bomb card."""
    bomb_cards = plan(table.hand).bomb_cards
    sig = unit.ranks
    return [
        o
        for o in plays
        if o.combo is not None
        and not o.combo.is_bomb()
        and not o.combo.cards & bomb_cards
        and signature(o.combo.cards) == sig
    ]


def choose_lead(table: Table, plays: Sequence[Option], history: Sequence[Mapping[str, Any]]) -> str:
    """Lead the lowest unit; the Dog to a strong partner; multi-card units if an opponent is on
    one card. Falls back to the cheapest legal play when a wish forbids the planned one."""
    hand_plan = plan(table.hand)
    for option in plays:  # go out in one play if possible
        assert option.combo is not None
        if option.combo.cards == table.hand:
            return option.text
    units = list(hand_plan.units)
    partner_in = table.playing(table.partner)
    dog_first = partner_in and (
        table.called(table.partner) or table.size(table.partner) < table.size(table.seat)
    )
    one_card_opponent = any(table.playing(o) and table.size(o) == 1 for o in table.opponents)

    def key(unit: Unit) -> tuple[int, int, int, int]:
        is_dog = unit.ranks == (0,)
        dog_rank = 0 if dog_first else (2 if len(units) > 2 else 0)
        single_vs_one = 1 if (one_card_opponent and unit.kind == "single") else 0
        rank = -unit.top if single_vs_one else unit.top
        return (dog_rank if is_dog else 1, single_vs_one, int(unit.is_control), rank)

    for unit in sorted(units, key=key):
        candidates = _unit_plays(table, plays, unit)
        if candidates:
            return candidates[0].text
    return cheapest(table, plays)


def cheapest(table: Table, plays: Sequence[Option]) -> str:
    """The legal play that leaves the best hand, low cards first, bombs last."""

    def key(option: Option) -> tuple[bool, float, int]:
        assert option.combo is not None
        after = hand_cost(table.hand & ~option.combo.cards)
        return (
            option.combo.is_bomb(),
            after + waste(option.combo, table.hand),
            option.combo.strength,
        )

    return min(plays, key=key).text


def waste(combo: Combo, hand: int) -> float:
    """The cost of spending control cards or bomb cards in ``combo``."""
    cost = sum(CONTROL_COST.get(signature_rank(c), 0.0) for c in iter_cards(combo.cards))
    if not combo.is_bomb() and combo.cards & plan(hand).bomb_cards:
        cost += BOMB_CARD_COST
    return cost


def choose_wish_action(
    hand: int, legal: Sequence[str], history: Sequence[Mapping[str, Any]]
) -> str:
    """The wish decision right after our Mah Jong (R8.1.1): ``choose_wish`` or none."""
    rank = choose_wish(hand, history)
    text = "nowish" if rank is None else f"wish {rank_text(rank)}"
    return text if text in legal else legal[0]


def played_this_round(history: Sequence[Mapping[str, Any]]) -> int:
    """Cards played since the current round's deal, from the seat's event history."""
    seen = 0
    for event in history:
        kind = event.get("type")
        if kind == "round_scored":
            seen = 0
        elif kind == "played":
            seen |= cards_mask(event["cards"])
    return seen


def choose_wish(hand: int, history: Sequence[Mapping[str, Any]]) -> int | None:
    """Wish for the highest rank we hold none of that still has unseen cards (so an opponent
    probably must break something); None if every rank is in our hand or gone."""
    seen = played_this_round(history) | hand
    counts = _rank_counts(hand)
    unseen = _rank_counts(~seen & ((1 << 56) - 1))
    for rank in range(14, 1, -1):
        if counts[rank] == 0 and unseen[rank] >= 2:
            return rank
    return None


def choose_follow(table: Table, plays: Sequence[Option], slack: float = FOLLOW_SLACK) -> str | None:
    """A play on someone else's trick, or None to pass."""
    going_out = [o for o in plays if o.combo is not None and o.combo.cards == table.hand]
    if going_out:
        return going_out[0].text
    top_seat = table.top_seat
    if top_seat == table.partner or top_seat == table.seat:
        return None  # never beat a partner's (or our own) winning play
    normal = [o for o in plays if o.combo is not None and not o.combo.is_bomb()]
    bombs = [o for o in plays if o.combo is not None and o.combo.is_bomb()]
    before = hand_cost(table.hand)
    urgent = table.opponent_threat() or trick_points(table.obs) >= 15 or before <= 2
    best: tuple[float, int, Option] | None = None
    for option in normal:
        assert option.combo is not None
        damage = hand_cost(table.hand & ~option.combo.cards) - before
        spend = waste(option.combo, table.hand)
        if urgent:
            spend *= 0.3
        key = (damage + spend, option.combo.strength, option)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is not None and best[0] <= slack + (URGENT_SLACK if urgent else 0.0):
        return best[2].text
    if bombs and must_bomb(table):
        return min(bombs, key=lambda o: bomb_key(o, table.hand)).text
    return None


def choose_exchange(view: SeatView, legal: Sequence[str], threshold: float) -> str:
    """One of the three exchange choices (R4.1), planned on the hand before any choice so the
    three answers agree: ``plan_exchange``, for the first seat not served yet."""
    table = Table.of(view)
    own = (view.obs.get("exchange") or {}).get("given") or {}
    hand = table.hand | cards_mask(own.values())
    left, partner, right = plan_exchange(hand, table.called(table.partner), threshold)
    for k, card in enumerate((left, partner, right), start=1):
        target = (table.seat + k) % SEATS
        if str(target) not in own:
            text = f"exchange {format_card(card)} to {target}"
            return text if text in legal else next(t for t in legal if t.startswith("exchange"))
    return legal[0]


def plan_exchange(hand: int, partner_called: bool, threshold: float) -> tuple[int, int, int]:
    """Cards for the left opponent, the partner and the right opponent: a good card to the
    partner, two useless low cards to the opponents; never the Dragon, Phoenix or a bomb card
    to an opponent."""
    strong = should_call_tichu(hand, threshold)
    hand_plan = plan(hand)
    keep = hand_plan.bomb_cards | _DRG | _PHX

    def usefulness(c: int) -> tuple[float, int]:
        """Low = give away: cards whose loss breaks least, low ranks first, the Dog first."""
        after = hand_cost(hand & ~(1 << c))
        return (after - hand_plan.cost()) * 2 + signature_rank(c) / 4 + (c != DOG), c

    giveable = [c for c in iter_cards(hand) if not keep >> c & 1]
    if len(giveable) < 3:
        giveable = [c for c in iter_cards(hand) if c not in (DRG, PHX)] or list(iter_cards(hand))
    left, right = sorted(giveable, key=usefulness)[:2]
    rest = [c for c in iter_cards(hand) if c not in (left, right)]
    pool = [c for c in rest if not hand_plan.bomb_cards >> c & 1] or rest
    if partner_called and not strong:
        partner = max(pool, key=lambda c: (signature_rank(c) if c != PHX else 14.5, c))
    elif strong:
        partner = min([c for c in pool if c not in (DRG, PHX)] or pool, key=usefulness)
    else:
        partner = max([c for c in pool if c not in (DRG, PHX, DOG)] or pool, key=rank_of)
    return left, partner, right


def choose_dragon_gift(table: Table, legal: Sequence[str]) -> str:
    """Give the Dragon trick to the opponent with more cards (less likely to go out first)."""
    targets = [int(t.split()[1]) for t in legal if t.startswith("give-dragon ")]
    return f"give-dragon {max(targets, key=lambda s: (table.size(s), -s))}"
