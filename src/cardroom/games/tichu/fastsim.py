"""A fast Tichu round simulator for search bots: one mutable round, moves applied unchecked.

``rules.apply`` stays the reference: it validates every action and builds a new frozen state
per step. A bot that searches plays thousands of rounds per decision from sampled worlds, and
only ever applies moves it took from the legal list; ``Sim`` does exactly that, mutating one
compact round (hands as card masks, the trick as a mask plus its top) in place. The
differential test (``tests/games/tichu/test_fastsim.py``) plays the engine and ``Sim`` side by
side on the same deals and choices and compares every legal list and every score.

A move is a ``Combo`` (a play), an ``Onto`` (a bomb onto the lying trick, R5.6) or an ``int``:
``PASS``, ``NOWISH``, a wished rank 2..14, or
``GIVE + seat`` (the Dragon's trick). ``to_action`` turns a move into the engine's action.
Scope: the play phase of one round under the [Standard] rules plus the [Option]s that only
change who leads or scores (``wish_mandatory``, ``no_calls_after_out``,
``dog_to_seat_after_dog_player``, ``dragon_last_trick_exempt``, ``double_victory_points``);
``pass_is_final`` and ``overtrump_self`` are refused.

>>> import random
>>> sim = Sim.deal(random.Random(7))
>>> points = sim.rollout(random_policy, random.Random(7))
>>> sim.done, sum(points) % 5
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, NamedTuple

from .actions import NOWISH as NOWISH_ACTION
from .actions import PASS as PASS_ACTION
from .actions import TichuAction, bomb, give_dragon, play, wish
from .cards import DOG, DRG, MJ, PHX, card, rank_mask, rank_of
from .combos import (
    Combo,
    Kind,
    enumerate_bombs,
    enumerate_plays,
    generate_plays,
    has_bomb,
    set_table,
)
from .config import TichuConfig
from .scoring import CALL_VALUES
from .state import NO_CALL, SEATS, TICHU_CALL, Phase, TichuState


class Onto(NamedTuple):
    """R5.6: a bomb thrown onto the lying trick by the seat to lead after its winner went out
    (a ``Combo`` move there would lead, gathering the trick for its winner first)."""

    combo: Combo


Move = Combo | Onto | int
"""A play (``Combo``), a bomb onto the lying trick (``Onto``) or one of the int moves below."""
PASS: Final = -1
NOWISH: Final = -2
GIVE: Final = 16
"""``GIVE + seat``: give the Dragon's trick to ``seat`` (R8.3.2). Ranks 2..14 are wishes."""
WISHES: Final = tuple(range(2, 15))

_DOG: Final = 1 << DOG
_MJ: Final = 1 << MJ
_DRG: Final = 1 << DRG
_PHX: Final = 1 << PHX
_BIT: Final = tuple(1 << c for c in range(56))
_WISH_MASKS: Final = tuple(rank_mask(r) if r >= 2 else 0 for r in range(15))
_SINGLES_ABOVE: Final = tuple(
    sum(rank_mask(r) for r in range(max(2, s // 2 + 1), 15)) | (_DRG if s < 30 else 0)
    for s in range(31)
)
"""By a single's strength: the natural cards and the Dragon that beat it (the Phoenix aside)."""
_SINGLE: Final = Kind.SINGLE
_TRIPLE: Final = Kind.TRIPLE
_SHIFTS: Final = tuple(card(r, 0) if r >= 2 else 60 for r in range(15))
"""By rank: the shift that brings its four cards to the low bits."""
_SINGLE_OF_BIT: Final = tuple(
    Combo(Kind.SINGLE, 1 << c, 2 * rank_of(c) if c != DRG else 30, 1) for c in range(56)
)
"""The single of each card (used for the natural cards and the Dragon)."""
_UNSUPPORTED: Final = ("pass_is_final", "overtrump_self")
_NEXT: Final = tuple(tuple((s + k) % SEATS for k in range(1, SEATS + 1)) for s in range(SEATS))
"""``_NEXT[s]``: the seats after ``s`` in play order, ``s`` itself last."""


_NEXT_IN: Final = tuple(
    tuple(next((t for t in _NEXT[s] if m >> t & 1), None) for s in range(SEATS))
    for m in range(1 << SEATS)
)
"""``_NEXT_IN[seats][after]``: the first seat of the bit set ``seats`` after ``after`` in play
order (``after`` itself last), or None: ``state.next_holding`` on a set of seats holding cards."""


_FIELDS: Final = (  # the attributes of a Sim (its __slots__)
    "bombless",
    "calls",
    "config",
    "done",
    "final",
    "hands",
    "holding",
    "leads",
    "out",
    "passed",
    "piles",
    "points",
    "top",
    "top_seat",
    "trick",
    "trick_over",
    "turn",
    "wish",
    "wisher",
)


class Sim:
    """One Tichu round in the play phase, mutable. ``seat`` is who owes the next move."""

    __slots__ = _FIELDS

    def __init__(self, hands: list[int], turn: int, config: TichuConfig | None = None) -> None:
        self.config = config or _STANDARD
        self.hands = hands
        self.holding = sum(1 << s for s in range(SEATS) if hands[s])
        """The bit set of the seats holding cards."""
        self.piles = [0, 0, 0, 0]
        self.out: list[int] = []
        self.calls = [NO_CALL] * SEATS
        self.trick = 0
        """The cards lying in the current trick."""
        self.top: Combo | None = None
        self.top_seat = -1
        self.turn: int | None = turn
        self.passed = 0
        self.trick_over = False
        self.final = False
        self.wish: int | None = None
        self.wisher: int | None = None
        self.done = False
        self.points: tuple[int, int] = (0, 0)
        self.leads: list[tuple[int, list[Combo]] | None] = [None] * SEATS
        """Per seat: a hand it held this round and that hand's every lead (see ``_leads``)."""
        self.bombless = [0, 0, 0, 0]
        """Per seat: a hand it held that has no bomb (nor then has any part of it)."""

    # -- making a round ----------------------------------------------------------------------
    @classmethod
    def deal(
        cls, rng: random.Random, config: TichuConfig | None = None, exchange: bool = True
    ) -> Sim:
        """A fresh round: 14 random cards each, then (``exchange``) each seat gives one random
        card to each other seat; the Mah Jong's holder leads (R4.3, R5.1)."""
        deck = list(range(56))
        rng.shuffle(deck)
        bit = _BIT
        parts = [deck[0:14], deck[14:28], deck[28:42], deck[42:]]
        hands = [sum([bit[c] for c in part]) for part in parts]
        if exchange:
            gifts = [0, 0, 0, 0]
            for s in range(SEATS):
                a, b, c = rng.sample(parts[s], 3)
                hands[s] &= ~(bit[a] | bit[b] | bit[c])
                gifts[(s + 1) % SEATS] |= bit[a]
                gifts[(s + 2) % SEATS] |= bit[b]
                gifts[(s + 3) % SEATS] |= bit[c]
            hands = [hands[s] | gifts[s] for s in range(SEATS)]
        leader = 0
        while not hands[leader] & _MJ:
            leader += 1
        return cls(hands, leader, config)

    @classmethod
    def from_state(cls, state: TichuState) -> Sim:
        """The simulator at a play-phase ``state`` of the engine (e.g. a sampled world)."""
        if state.phase is not Phase.PLAY:
            raise ValueError(f"Sim starts in the play phase, not {state.phase.value}")
        for name in _UNSUPPORTED:
            if getattr(state.config, name):
                raise ValueError(f"Sim does not implement the [Option] {name}")
        assert state.turn is not None
        sim = cls(list(state.hands), state.turn, state.config)
        sim.piles = list(state.piles)
        sim.out = list(state.out)
        sim.calls = list(state.calls)
        sim.trick = state.trick_cards
        sim.top = state.top
        sim.top_seat = -1 if state.top_seat is None else state.top_seat
        sim.passed = state.passed
        sim.trick_over = state.trick_over
        sim.final = state.final
        sim.wish = state.wish
        sim.wisher = state.wisher
        return sim

    def copy(self) -> Sim:
        """An independent copy (for trying moves from one position)."""
        new = Sim(self.hands[:], 0, self.config)  # not __new__: a compiled Sim needs __init__
        for name in _FIELDS:
            setattr(new, name, getattr(self, name))
        new.hands, new.piles, new.out, new.calls, new.leads = (
            self.hands[:],
            self.piles[:],
            self.out[:],
            self.calls[:],
            self.leads[:],
        )
        new.bombless = self.bombless[:]
        return new

    # -- who acts, and what they may do ----------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat that owes the next move (None once the round is over)."""
        if self.done:
            return None
        return self.wisher if self.wisher is not None else self.turn

    def dragon_pending(self) -> bool:
        return self.trick_over and self.top is not None and self.top.cards == _DRG

    def leading(self) -> bool:
        return not self.trick or (self.trick_over and not self.dragon_pending())

    def moves(self) -> list[Move]:
        """The moves of ``seat``, in the engine's canonical order (calls excepted)."""
        if self.done:
            return []
        if self.wisher is not None:
            return list(_WISH_MOVES if self.config.wish_mandatory else _NOWISH_MOVES)
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        if self.trick_over and self.top is not None and self.top.cards == _DRG:
            gifts: list[Move] = [GIVE + (seat + 1) % SEATS, GIVE + (seat + 3) % SEATS]
            if self.final or not hand:
                return gifts
            return [*enumerate_bombs(hand, self.top), *gifts]
        if self.final:
            return []
        lead = not self.trick or self.trick_over
        onto: list[Move] = []
        if lead and self.trick and self.top_seat != seat and has_bomb(hand):
            onto = [Onto(c) for c in enumerate_bombs(hand, self.top)]  # R5.6
        # a follow's (hand, top) seldom repeats, so caching it would only cost
        plays = self._leads(seat, hand) if lead else generate_plays(hand, self.top)
        wished = 0 if self.wish is None else _WISH_MASKS[self.wish]
        if wished and hand & wished:
            bound: list[Move] = [c for c in plays if c.cards & wished]
            if bound:
                if lead:
                    return bound + onto
                return [c for c in plays if c.cards & wished or c.kind == Kind.BOMB]
        if lead:
            return [*plays, *onto]
        return [PASS, *plays]

    def _leads(self, seat: int, hand: int, cached: bool = True) -> list[Combo]:
        """Every lead of ``hand``. Hands only shrink in a round, and the leads of a smaller hand
        are those of a larger one that use none of the cards gone (in the same order): filtering
        the seat's last listing is several times cheaper than listing again. The first
        listing of a round comes from ``enumerate_plays``'s per-hand cache (a searching bot's
        own hand repeats in every world), or uncached (``cached`` False: random rounds from
        fresh deals, whose hands never repeat, would only fill the cache and the collector's
        work). The lists are never changed once made (copies of the round share them)."""
        known = self.leads[seat]
        if known is not None and known[0] & hand == hand:
            held, plays = known
            if held != hand:
                gone = held & ~hand
                plays = [c for c in plays if not c[1] & gone]  # c[1]: its cards, read faster
                self.leads[seat] = (hand, plays)
            return plays
        plays = list(enumerate_plays(hand, None) if cached else generate_plays(hand, None))
        self.leads[seat] = (hand, plays)
        return plays

    def _may_bomb(self, seat: int, hand: int) -> bool:
        """``has_bomb(hand)``, remembered: a part of a hand without a bomb has none."""
        if not hand & ~self.bombless[seat]:
            return False
        if has_bomb(hand):
            return True
        self.bombless[seat] = hand
        return False

    def bombs(self, seat: int) -> tuple[Combo, ...]:
        """Bombs ``seat`` may throw out of its turn now (R7.4); () if none or not allowed."""
        if self.done or self.final or not self.trick or self.wisher is not None:
            return ()
        hand = self.hands[seat]
        if not hand or (seat == self.turn and not self.dragon_pending()):
            return ()
        return enumerate_bombs(hand, self.top) if has_bomb(hand) else ()

    def can_call(self, seat: int) -> bool:
        """R3.2: a Tichu call before the seat's first card (R3.6 option: nobody out yet)."""
        if self.calls[seat] != NO_CALL or self.done or self.final or self.wisher is not None:
            return False
        if self.config.no_calls_after_out and self.out:
            return False
        return self.hands[seat].bit_count() == 14

    def call(self, seat: int) -> None:
        self.calls[seat] = TICHU_CALL

    # -- applying moves (unchecked: the move must come from ``moves`` or ``bombs``) ---------
    def apply(self, move: Move, seat: int | None = None) -> None:
        """Play ``move`` for ``seat`` (default: the seat owing the move)."""
        if seat is None:
            seat = self.wisher if self.wisher is not None else self.turn
            assert seat is not None
        if type(move) is int:
            if move == PASS:
                self._pass(seat)
            elif move >= GIVE:
                self._give(seat, move - GIVE)
            else:
                self.wisher = None
                if move != NOWISH:
                    self.wish = move
        elif isinstance(move, Combo):
            self._play(seat, move)
        elif isinstance(move, Onto):
            self._play(seat, move.combo, onto=True)

    def _pass(self, seat: int) -> None:
        passed = self.passed = self.passed | 1 << seat
        if self.holding & ~passed & ~(1 << self.top_seat):  # someone may still beat the top
            self.turn = _NEXT_IN[self.holding][seat]
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        """R5.5–R5.8: the trick waits for the lead (winner, or next holder) or the gift."""
        self.trick_over = True
        winner = self.top_seat
        if self.hands[winner] or self.dragon_pending():
            self.turn = winner
        else:
            self.turn = _NEXT_IN[self.holding][winner]

    def _gather(self, to: int) -> None:
        self.piles[to] |= self.trick
        self.trick = 0
        self.top = None
        self.top_seat = -1
        self.trick_over = False
        self.passed = 0

    def _give(self, seat: int, to: int) -> None:
        self._gather(to)
        if self.final:
            self._finish()
        else:
            self.turn = seat if self.hands[seat] else _NEXT_IN[self.holding][seat]

    def _play(self, seat: int, combo: Combo, onto: bool = False) -> None:
        cards = combo.cards
        lead = self.trick_over and not onto and seat == self.turn and self.trick
        if lead and not self.dragon_pending():
            self._gather(self.top_seat)  # a lead gathers the lying trick for its winner
        hands = self.hands
        hand = hands[seat] = hands[seat] & ~cards
        wish = self.wish
        if wish is not None and cards & _WISH_MASKS[wish]:
            self.wish = None  # R8.1.4
        self.trick_over = False
        self.passed = 0
        others = self.holding & ~(1 << seat)
        if not hand:
            self.holding = others
        if cards == _DOG:  # R8.2.2
            self.piles[seat] |= cards
            self.turn = self._dog_lead(seat)
        else:
            self.trick |= cards
            self.top = combo
            self.top_seat = seat
            self.turn = _NEXT_IN[others][seat]
        if not hand:  # the seat is out: the round may be over
            out = self.out
            out.append(seat)
            if len(out) >= 2 and out[1] == (out[0] + 2) % SEATS:  # R9.3(a) double victory
                self._finish()
                return
            if len(out) == SEATS - 1:
                if self.trick:
                    self.trick_over, self.final, self.turn = True, True, seat
                    if self.dragon_pending() and not self.config.dragon_last_trick_exempt:
                        return
                    self._gather(seat)
                self._finish()
                return
        if self.trick and self.turn is None:
            self._end_trick()
        if cards & _MJ:
            self.wisher = seat  # R8.1.1: the wish comes next

    def _dog_lead(self, seat: int) -> int | None:
        mate = (seat + 2) % SEATS
        if self.hands[mate]:
            return mate
        after = seat if self.config.dog_to_seat_after_dog_player else mate
        return _NEXT_IN[self.holding][after]

    def _finish(self) -> None:
        self.points = _round_points(
            self.hands, self.piles, self.out, self.calls, self.config.double_victory_points
        )
        self.done = True
        self.turn = None
        self.final = False

    # -- results -------------------------------------------------------------------------------
    def score(self) -> tuple[int, int]:
        """The round's team points (R10, calls included); (0, 0) until it is over."""
        return self.points

    def rollout(self, policy: Policy, rng: random.Random) -> tuple[int, int]:
        """Play to the end of the round with ``policy`` choosing for every seat.

        ``random_policy`` takes ``_random_run``, which makes the same choices from the same
        random numbers without listing the moves where it can."""
        if policy is random_policy:
            self._random_run(rng, -1)
            return self.points
        while not self.done:
            self.apply(policy(self, self.moves(), rng))
        return self.points

    def random_step(self, rng: random.Random) -> None:
        """``self.apply(random_policy(self, self.moves(), rng))``: the same move from the same
        one ``rng.random()`` draw (``_random_run``'s one step)."""
        self._random_run(rng, 1)

    def _random_run(self, rng: random.Random, steps: int) -> None:
        """``steps`` moves of ``random_policy`` (-1: to the end of the round), each from one
        ``rng.random()`` draw, in one loop over the round kept in locals (attribute access
        and method calls per move were most of a rollout's cost). The moves are not listed
        where that is cheap: a lead is an index into the seat's lead table; a follow of a
        single, a pair or a triple (no bomb in hand) is counted and found from the cards above
        the top, whose bit order (and the set tables' rank order) is the canonical order of
        the moves; a wish, and the Dragon's gift from a seat without a bomb, are picked from
        their fixed lists. Anything else lists ``moves()`` and applies the pick."""
        draw = rng.random
        hands, piles, out, bombless = self.hands, self.piles, self.out, self.bombless
        next_in, wish_masks = _NEXT_IN, _WISH_MASKS
        holding, trick, top_seat, passed = self.holding, self.trick, self.top_seat, self.passed
        top: Combo | None = self.top
        turn: int | None = self.turn
        wish: int | None = self.wish
        wisher: int | None = self.wisher
        trick_over, final, done = self.trick_over, self.final, self.done
        while steps and not done:
            steps -= 1
            if wisher is not None:  # R8.1.1: the Mah Jong's wish
                wishes = _WISH_INTS if self.config.wish_mandatory else _NOWISH_INTS
                chosen = wishes[int(draw() * len(wishes))]
                wisher = None
                if chosen != NOWISH:
                    wish = chosen
                continue
            seat = turn
            combo: Combo | None = None
            listed = seat is None
            if seat is not None:
                hand = hands[seat]
                if top is not None and trick and not trick_over:  # a follow
                    kind = top.kind
                    if top.cards == _DOG or (
                        hand & ~bombless[seat] and not _bombless(bombless, seat, hand)
                    ):
                        listed = True
                    elif kind == _SINGLE:  # the seat's singles above the top, in bit order
                        strength = top.strength
                        above = hand & _SINGLES_ABOVE[strength]
                        bound = 0 if wish is None else above & wish_masks[wish]
                        if bound:  # R8.1.3: the wished card, when it can be played
                            k = int(draw() * bound.bit_count())
                            above = bound
                        else:  # the pass, the Phoenix, then the cards (x < 1: k = 0)
                            phx = 1 if hand & _PHX and top.cards != _DRG else 0
                            x = draw() * (1 + phx + above.bit_count())
                            if x < 1:
                                above = 0
                            elif phx and x < 2:
                                above = 0
                                combo = Combo(_SINGLE, _PHX, strength + 1, 1)
                            else:
                                k = int(x) - 1 - phx
                        if above:
                            while k:
                                above &= above - 1
                                k -= 1
                            combo = _SINGLE_OF_BIT[(above & -above).bit_length() - 1]
                    elif kind > _TRIPLE:  # most often the pass is the only move: not listed
                        if _may_beat(hand, top):
                            listed = True
                        else:
                            draw()
                    else:
                        wished = 0 if wish is None else hand & wish_masks[wish]
                        combo = _pick_set(hand, top, wish, wished, draw)
                    if combo is None and not listed:  # the pass
                        passed |= 1 << seat
                        if holding & ~passed & ~(1 << top_seat):  # another may still beat it
                            turn = next_in[holding][seat]
                        else:  # R5.5-R5.8: the trick waits for the lead (winner or next) or gift
                            trick_over = True
                            if hands[top_seat] or top.cards == _DRG:
                                turn = top_seat
                            else:
                                turn = next_in[holding][top_seat]
                        continue
                elif trick and top is not None and top.cards == _DRG:  # R8.3.2: the gift
                    if final or not hand or not has_bomb(hand):
                        to = (seat + 1) % SEATS if draw() < 0.5 else (seat + 3) % SEATS
                        piles[to] |= trick
                        trick, top, top_seat, trick_over, passed = 0, None, -1, False, 0
                        if final:
                            done = True
                        else:
                            turn = seat if hand else next_in[holding][seat]
                        continue
                    listed = True
                elif final or (wish is not None and hand & wish_masks[wish]):
                    listed = True
                elif (
                    top is None
                    or not trick
                    or top_seat == seat
                    or not _may_bomb_onto(bombless, seat, hand)
                ):  # a lead, and no bomb to throw onto the lying trick (R5.6)
                    plays = self._leads(seat, hand, cached=False)
                    combo = plays[int(draw() * len(plays))]
                    if trick:  # the lead gathers the lying trick for its winner
                        piles[top_seat] |= trick
                        trick, top, top_seat = 0, None, -1
                else:
                    listed = True
            if listed:  # list the moves and apply the pick, through the round's attributes
                self.holding, self.trick, self.top, self.top_seat = holding, trick, top, top_seat
                self.turn, self.passed, self.trick_over, self.final = (
                    turn,
                    passed,
                    trick_over,
                    final,
                )
                self.wish, self.wisher = wish, wisher
                moves = self.moves()
                self.apply(moves[int(draw() * len(moves))])
                holding, trick, top, top_seat = self.holding, self.trick, self.top, self.top_seat
                turn, passed, trick_over, final = (
                    self.turn,
                    self.passed,
                    self.trick_over,
                    self.final,
                )
                wish, wisher, done = self.wish, self.wisher, self.done
                continue
            assert seat is not None and combo is not None
            # the play (``_play`` inlined; a lead has gathered the lying trick above)
            cards = combo.cards
            hand = hands[seat] = hands[seat] & ~cards
            if wish is not None and cards & wish_masks[wish]:
                wish = None  # R8.1.4
            trick_over = False
            passed = 0
            others = holding & ~(1 << seat)
            if not hand:
                holding = others
            if cards == _DOG:  # R8.2.2
                piles[seat] |= cards
                mate = (seat + 2) % SEATS
                if hands[mate]:
                    turn = mate
                else:
                    after = seat if self.config.dog_to_seat_after_dog_player else mate
                    turn = next_in[holding][after]
            else:
                trick |= cards
                top = combo
                top_seat = seat
                turn = next_in[others][seat]
            if not hand:  # the seat is out: the round may be over
                out.append(seat)
                if len(out) >= 2 and out[1] == (out[0] + 2) % SEATS:  # R9.3(a) double victory
                    done = True
                    continue
                if len(out) == SEATS - 1:
                    if trick:
                        trick_over, final, turn = True, True, seat
                        if cards == _DRG and not self.config.dragon_last_trick_exempt:
                            continue  # the Dragon's gift comes first
                        piles[seat] |= trick
                        trick, top, top_seat, trick_over = 0, None, -1, False
                    done = True
                    continue
            if trick and turn is None:
                trick_over = True  # nobody left to beat it: the trick waits for its lead
                assert top is not None
                if hands[top_seat] or top.cards == _DRG:
                    turn = top_seat
                else:
                    turn = next_in[holding][top_seat]
            if cards & _MJ:
                wisher = seat  # R8.1.1: the wish comes next
        self.holding, self.trick, self.top, self.top_seat = holding, trick, top, top_seat
        self.turn, self.passed, self.trick_over, self.final = turn, passed, trick_over, final
        self.wish, self.wisher = wish, wisher
        if done and not self.done:
            self._finish()


def _round_points(
    hands: list[int], piles: list[int], out: list[int], calls: list[str], double: int
) -> tuple[int, int]:
    """The team points of the finished round (R10; ``scoring.score_round``, whose result
    the differential test compares): the ``double`` victory (R9.3(a)), else the card points,
    the tailender's hand to the opponents and his pile to the first out; then the calls."""
    points = [0, 0]
    if len(out) >= 2 and out[1] == (out[0] + 2) % SEATS:
        points[out[0] % 2] = double
    else:
        piles = piles[:]
        for tail in range(SEATS):
            if tail not in out:
                piles[out[0]] |= piles[tail]
                piles[tail] = 0
                points[1 - tail % 2] += _card_points(hands[tail])
                break
        for seat in range(SEATS):
            points[seat % 2] += _card_points(piles[seat])
    first = out[0] if out else -1
    for seat in range(SEATS):
        value = CALL_VALUES[calls[seat]]
        points[seat % 2] += value if seat == first else -value
    return points[0], points[1]


def _card_points(cards: int) -> int:
    """R1.3: 5s are 5, 10s and Ks 10, the Dragon +25, the Phoenix -25."""
    points = 5 * (cards & _FIVES).bit_count() + 10 * (cards & _TENS).bit_count()
    return points + (25 if cards & _DRG else 0) - (25 if cards & _PHX else 0)


_FIVES: Final = rank_mask(5)
_TENS: Final = rank_mask(10) | rank_mask(13)


def _bombless(bombless: list[int], seat: int, hand: int) -> bool:
    """Whether ``hand`` has no bomb, remembered per seat: a part of a hand without a bomb
    has none (``Sim.bombless``)."""
    if has_bomb(hand):
        return False
    bombless[seat] = hand
    return True


def _may_bomb_onto(bombless: list[int], seat: int, hand: int) -> bool:
    """Whether ``hand`` may hold a bomb (``Sim._may_bomb``)."""
    return bool(hand & ~bombless[seat]) and not _bombless(bombless, seat, hand)


def _may_beat(hand: int, top: Combo) -> bool:
    """Whether ``hand``, holding no bomb, has a play onto ``top``, a full house, a straight,
    stairs or a bomb: when not, the pass is its only move (the wish binds no play then)."""
    kind = top.kind
    if kind == Kind.BOMB:
        return False
    first = top.strength // 2 + 1  # the lowest top rank that beats it
    phx = 1 if hand & _PHX else 0
    shifts = _SHIFTS
    present = 2 if hand & _MJ else 0  # bit r: rank r held (the Mah Jong as rank 1)
    paired = 0  # bit r: rank r held twice or more
    tripled = 0
    for rank in range(2, 15):
        n = _COUNT[hand >> shifts[rank] & 15]
        if n:
            present |= 1 << rank
            if n >= 2:
                paired |= 1 << rank
                if n >= 3:
                    tripled |= 1 << rank
    if kind == Kind.FULL_HOUSE:  # a triple (or a pair and the Phoenix) and another pair
        for t in range(first, 15):
            others = present & ~(1 << t) & ~2
            if tripled >> t & 1 and (paired & others or (phx and others)):
                return True
            if phx and paired >> t & 1 and paired & others:
                return True
        return False
    length = top.length
    if kind == Kind.STRAIGHT:  # a window of ranks with at most the Phoenix's gap
        window = (1 << length) - 1
        lowest = 1 if present & 2 else 2  # the Mah Jong as the 1 (never the Phoenix)
        for lo in range(max(lowest, first - length + 1), 16 - length):
            if (present >> lo & window).bit_count() >= length - phx:
                return True
        return False
    pairs = length // 2  # stairs: held ranks, all paired but for one with the Phoenix
    window = (1 << pairs) - 1
    for lo in range(max(2, first - pairs + 1), 16 - pairs):
        held = present >> lo & window == window
        if held and (paired >> lo & window).bit_count() >= pairs - phx:
            return True
    return False


_COUNT: Final = tuple(s.bit_count() for s in range(16))


def _pick_set(
    hand: int, top: Combo, wish: int | None, wished: int, draw: Callable[[], float]
) -> Combo | None:
    """The random follow onto a pair or a triple (None: the pass) of a seat holding no bomb,
    from one ``draw``; a ``wished`` card it holds binds it to the plays with one when it has
    any (R8.1.3)."""
    strength = top.strength
    table = set_table(top.kind, hand & _PHX != 0)
    first = strength // 2 + 1
    shifts = _SHIFTS
    if wished:
        assert wish is not None
        row = table[wish][hand >> shifts[wish] & 15]
        if wish >= first and row:
            return row[int(draw() * len(row))]
    n = 1
    for rank in range(first, 15):
        n += len(table[rank][hand >> shifts[rank] & 15])
    k = int(draw() * n)
    if k == 0:
        return None
    k -= 1
    for rank in range(first, 15):
        row = table[rank][hand >> shifts[rank] & 15]
        if k < len(row):
            return row[k]
        k -= len(row)
    raise AssertionError("the draw is below the count")


Policy = Callable[[Sim, list[Move], random.Random], Move]
"""Chooses one of ``moves`` (never empty) for ``sim.seat``."""

_STANDARD: Final = TichuConfig()
_NOWISH_MOVES: Final[tuple[Move, ...]] = (NOWISH, *WISHES)
_WISH_MOVES: Final[tuple[Move, ...]] = WISHES
_NOWISH_INTS: Final[tuple[int, ...]] = (NOWISH, *WISHES)
_WISH_INTS: Final[tuple[int, ...]] = WISHES


def random_policy(sim: Sim, moves: list[Move], rng: random.Random) -> Move:
    """Uniform over the legal moves."""
    return moves[int(rng.random() * len(moves))]


def greedy_lowest(sim: Sim, moves: list[Move], rng: random.Random) -> Move:
    """The lowest play that is not a bomb (the first in canonical order), else pass; no wish;
    the Dragon to the opponent holding fewer cards."""
    first = moves[0]
    if type(first) is not int:
        return first
    if first == PASS:
        for m in moves[1:]:
            if isinstance(m, Combo) and m.kind != Kind.BOMB:
                return m
        return PASS
    if first >= GIVE:
        a, b = moves[-2], moves[-1]
        assert isinstance(a, int) and isinstance(b, int)
        return a if sim.hands[a - GIVE].bit_count() <= sim.hands[b - GIVE].bit_count() else b
    return first


def to_action(move: Move) -> TichuAction:
    """The engine's action for ``move`` (``str()`` of it is the canonical text)."""
    if isinstance(move, Combo):
        return play(move.cards, move.phoenix_as if move.length > 1 else None)
    if isinstance(move, Onto):
        return bomb(move.combo.cards)
    if move == PASS:
        return PASS_ACTION
    if move == NOWISH:
        return NOWISH_ACTION
    if move >= GIVE:
        return give_dragon(move - GIVE)
    return wish(move)


__all__ = [
    "GIVE",
    "NOWISH",
    "PASS",
    "Move",
    "Onto",
    "Policy",
    "Sim",
    "greedy_lowest",
    "random_policy",
    "to_action",
]
