"""Toepen transitions: pure functions from a state (and an action) to a state and events.

``apply_action`` dispatches by action kind; each phase's rule is a small function that returns
``(state, events)``; ``apply_action`` and ``apply_chance`` hand the result on as a ``Step``.
Rule numbers refer to ``docs/rules/toepen.md``.
"""

from __future__ import annotations

from dataclasses import replace

from cardroom.engine import message as said
from cardroom.engine.chance import ChanceOutcome, ChanceRequest
from cardroom.engine.errors import IllegalActionError, NotActiveError
from cardroom.engine.game import JsonAble
from cardroom.engine.types import Step
from cardroom.games.toepen.actions import (
    ACCEPT,
    CHALLENGE,
    FOLD,
    KNOCK,
    LAUNDRY,
    NOLAUNDRY,
    NOSIGNAL,
    PLAYS,
    STAND,
    STAY,
    WHISTLE,
    Action,
)
from cardroom.games.toepen.cards import (
    HAND_SIZE,
    JACK,
    JACKS,
    NUM_CARDS,
    SUITS,
    TENS,
    follow_mask,
    format_card,
    four_of_a_kind,
    is_bluff,
    iter_cards,
    mask_of,
    signal_for,
    strength_of,
    suit_of,
    trick_winner,
)
from cardroom.games.toepen.config import ToepenConfig
from cardroom.games.toepen.events import (
    Challenged,
    DealerChosen,
    Dealt,
    Decision,
    Folded,
    FourOfAKind,
    GameEnded,
    HandEnded,
    Knocked,
    Laundry,
    Played,
    Poverty,
    Signal,
    StakeRaised,
    TrickWon,
)
from cardroom.games.toepen.state import Exchange, HandSummary, Phase, ToepenState, Trick

Events = list[JsonAble]
Result = tuple[ToepenState, Events]
"""The rules' working result while events pile up; the entry points return a ``ToepenStep``."""
ToepenStep = Step[ToepenState, JsonAble]
TRICKS = 4
ANSWERING = (Phase.ANNOUNCE, Phase.CHALLENGE, Phase.RESPOND)


# -- seats ---------------------------------------------------------------------------------


def bit(seat: int) -> int:
    return 1 << seat


def clockwise(after: int, mask: int, n: int) -> tuple[int, ...]:
    """The seats of ``mask`` in play order starting left of ``after`` (``after`` last).

    >>> clockwise(3, 0b1111, 4), clockwise(1, 0b1101, 4)
    ((0, 1, 2, 3), (2, 3, 0))
    """
    return tuple(s for s in ((after + i) % n for i in range(1, n + 1)) if mask >> s & 1)


def left_of(seat: int, mask: int, n: int) -> int | None:
    """The first seat of ``mask`` clockwise after ``seat`` (None if none, ``seat`` if only him)."""
    for i in range(1, n + 1):
        s = (seat + i) % n
        if mask >> s & 1:
            return s
    return None


def some(seat: int | None) -> int:
    """A seat the rules guarantee at this point (the dealer of a dealt hand, the seat to play in
    ``play``, the next seat of a non-empty mask); ``None`` there would be a rules bug."""
    if seat is None:
        raise AssertionError("a seat the rules guarantee is missing")
    return seat


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _lose(lives: tuple[int, ...], seat: int, amount: int) -> tuple[tuple[int, ...], int]:
    """R1.5: lives never go below 0; returns the new lives and what was actually lost."""
    lost = min(amount, lives[seat])
    return _put(lives, seat, lives[seat] - lost), lost


def alive_mask(state: ToepenState) -> int:
    """Seats that are still in the game: all of them, or those with lives under V-ELIM (R7.2)."""
    if not state.config.elimination:
        return (1 << state.num_seats) - 1
    return mask_of(s for s, life in enumerate(state.lives) if life > 0)


# -- chance and the deal -------------------------------------------------------------------


def new_state(config: ToepenConfig) -> ToepenState:
    return ToepenState(config, lives=(config.lives,) * config.seats)


def pending_chance(state: ToepenState) -> ChanceRequest | None:
    """R2.1: a ``pick`` of the first dealer, then one ``shuffle`` of the 32 cards per hand."""
    if state.phase is not Phase.DEAL:
        return None
    if state.dealer is None:
        return ChanceRequest("pick", state.num_seats)
    return ChanceRequest("shuffle", NUM_CARDS)


def apply_chance(state: ToepenState, outcome: ChanceOutcome) -> ToepenStep:
    """Apply a chance outcome: the first dealer (``pick``) or the shuffle of a new hand."""
    new, events = _chance(state, outcome)
    return Step(new, tuple(events))


def _chance(state: ToepenState, outcome: ChanceOutcome) -> Result:
    request = pending_chance(state)
    if request is None:
        raise IllegalActionError("no chance event is pending")
    outcome.check(request)
    if request.kind == "pick":
        seat = outcome.values[0]
        return state.replace(dealer=seat), [DealerChosen(seat)]
    return deal(state, outcome.values)


def deal(state: ToepenState, order: tuple[int, ...]) -> Result:
    """R2.1, R2.2: cards one at a time clockwise from the dealer's left; the rest is the stock.
    R8.2, R8.3: every seat then has its announcement turn in the same order (a forced 10s
    signal is made at that turn, never here), and the exchange offers (R3.5) follow."""
    n, config = state.num_seats, state.config
    seated = alive_mask(state)
    seats = clockwise(some(state.dealer), seated, n)
    k = len(seats)
    hands = [0] * n
    for i in range(HAND_SIZE * k):
        hands[seats[i % k]] |= 1 << order[i]
    stock = order[HAND_SIZE * k :]
    pending = ("",) if config.announce else ()
    signals = [pending if seated >> s & 1 else () for s in range(n)]
    events: Events = [Dealt(state.hand_no + 1, some(state.dealer), tuple(hands), len(stock))]
    new = state.replace(
        phase=Phase.ANNOUNCE,
        hand_no=state.hand_no + 1,
        seated=seated,
        in_hand=seated,
        start_lives=state.lives,
        hands=tuple(hands),
        stock=stock,
        exchanges=(),
        open_hands=0,
        signals=tuple(signals),
        played=(0,) * n,
        voids=(0,) * n,
        queue=seats,
        laundry_queue=seats,
        stake=1,
        knocker=None,
        last_knocker=None,
        knocked=0,
        answers=(),
        trick_no=0,
        leader=None,
        turn=None,
        trick=(),
        tricks=(),
    )
    fours = [(four_of_a_kind(hands[s]), s) for s in seats] if config.four_of_a_kind else []
    strength, winner = max(fours, default=(-1, -1))
    if strength >= 0:
        return _four_of_a_kind(new, winner, events[:1])
    if not config.announce:
        return _next_laundry(new, events)
    return new, events


FOUR_PENALTY = 3


def _four_of_a_kind(state: ToepenState, winner: int, events: Events) -> Result:
    """V-FOUR: the (highest) four of a kind shows and wins; every other player pays 3."""
    lives = state.lives
    for seat in clockwise(winner, state.seated, state.num_seats):
        if seat != winner:
            lives, _ = _lose(lives, seat, FOUR_PENALTY)
    events.append(FourOfAKind(winner, state.hands[winner]))
    return _end_hand(state.replace(lives=lives), winner, "four of a kind", events)


# -- who may act ---------------------------------------------------------------------------


def owing(state: ToepenState) -> int | None:
    """The one seat the game waits for (None when none): the next to answer, or to play a card."""
    if state.phase in ANSWERING:
        return state.queue[0]
    if state.phase is Phase.LAUNDRY:
        return state.laundry_queue[0]
    if state.phase is Phase.PLAY:
        return state.turn
    return None


def awaited(state: ToepenState) -> frozenset[int]:
    """``owing`` as the engine's set of awaited seats."""
    seat = owing(state)
    return frozenset() if seat is None else frozenset((seat,))


def knock_refusal(state: ToepenState, seat: int) -> str:
    """Why ``seat`` may not knock now ("" if it may): R5.2, R5.3 and the knock options."""
    config = state.config
    if state.phase is Phase.RESPOND:
        return "R5.2: a knock is being answered; one knock at a time"
    if state.phase is Phase.DEAL:
        return "R5.2: no hand is being played (the last card of trick 4 ends the hand)"
    if state.phase is not Phase.PLAY:
        return "R5.2: knocking opens when the exchange phase has closed"
    if not state.in_hand >> seat & 1:
        return "R5.6: a player who folded or sits out cannot knock"
    if config.turn_knock and seat != state.turn:
        return "V-TURNKNOCK: knock only when it is your turn to play"
    if seat == state.last_knocker and not config.double_knock:
        return "R5.3b: the last knocker may knock again only after somebody else knocked"
    if config.one_knock and state.knocked >> seat & 1:
        return "V-ONEKNOCK: one knock per player per hand"
    raised = state.stake + 1
    if raised > state.lives[seat]:
        return f"R5.3c: a knock to {raised} would exceed your {state.lives[seat]} lives"
    if config.max_stake and raised > config.max_stake:
        return f"V-CAP-FIXED: the stake may not exceed {config.max_stake}"
    if config.table_cap and any(
        raised > state.lives[s] for s in range(state.num_seats) if state.in_hand >> s & 1
    ):
        return f"V-CAP-TABLE: a stake of {raised} could take a player still in below 0 lives"
    if state.in_hand == bit(seat):
        return "R5.3d: nobody else is still in the hand"
    return ""


_KNOCK_KEYS = {
    "R5.6": "knock_folded",
    "V-TURNKNOCK": "knock_turn",
    "R5.3b": "knock_again",
    "V-ONEKNOCK": "knock_once",
    "R5.3c": "knock_lives",
    "V-CAP-FIXED": "knock_cap",
    "V-CAP-TABLE": "knock_table_cap",
    "R5.3d": "knock_alone",
}
"""The rule a knock refusal cites (``knock_refusal``) → its ``refusal.toepen.*`` key."""


def _knock_said(state: ToepenState, seat: int, reason: str) -> said.Json | None:
    """``knock_refusal``'s ``reason`` as a message for people, by the rule it cites (R5.2 by the
    phase); read only when a knock is refused, so the legal listing keeps its plain text."""
    rule = reason.partition(":")[0]
    raised = state.stake + 1
    if rule == "R5.2":
        phases = {Phase.RESPOND: "knock_answering", Phase.DEAL: "knock_no_hand"}
        return said.message(f"refusal.toepen.{phases.get(state.phase, 'knock_early')}")
    key = _KNOCK_KEYS.get(rule)
    if key is None:
        return None
    params = {
        "R5.3c": {"stake": raised, "lives": state.lives[seat]},
        "V-CAP-FIXED": {"stake": state.config.max_stake},
        "V-CAP-TABLE": {"stake": raised},
    }.get(rule, {})
    return said.message(f"refusal.toepen.{key}", **params)


def active_seats(state: ToepenState) -> frozenset[int]:
    seat = owing(state)
    if seat is None:
        return frozenset()
    if state.phase is not Phase.PLAY:
        return frozenset((seat,))
    knockers = [s for s in range(state.num_seats) if not knock_refusal(state, s)]
    return frozenset((seat, *knockers))


_SIGNALS = {"whistle": (WHISTLE,), "stand": (STAND,), "": ()}


def forced_signal(state: ToepenState, seat: int) -> str:
    """R8.3, R8.4: the signal three or four 10s oblige ``seat`` to make at its turn ("" if none)."""
    return signal_for(state.hands[seat], TENS)


def signal_options(state: ToepenState, seat: int) -> tuple[Action, ...]:
    """R8.3-R8.5 at ``seat``'s announcement turn: the forced 10s signal as the only answer, else
    the optional signal for exactly three Js (whistle) or four Js (stand) next to ``nosignal``."""
    forced = forced_signal(state, seat)
    if forced:
        return _SIGNALS[forced]
    if state.config.free_signals:
        return WHISTLE, STAND, NOSIGNAL
    return (*_SIGNALS[signal_for(state.hands[seat], JACKS)], NOSIGNAL)


def playable(state: ToepenState, seat: int) -> int:
    """R4.1, R4.2: the mask of cards ``seat`` may play to the current trick."""
    led = suit_of(state.trick[0][1]) if state.trick else None
    return follow_mask(state.hands[seat], led)


def legal_actions(state: ToepenState, seat: int) -> tuple[Action, ...]:
    """Canonical order: plays by card, then the other kinds in ``actions.KINDS`` order."""
    phase = state.phase
    if phase is Phase.PLAY:
        plays = [PLAYS[c] for c in iter_cards(playable(state, seat))] if seat == state.turn else []
        return (*plays, KNOCK) if not knock_refusal(state, seat) else tuple(plays)
    if seat != owing(state):
        return ()
    if phase is Phase.RESPOND:
        return STAY, FOLD
    if phase is Phase.LAUNDRY:
        return LAUNDRY, NOLAUNDRY
    if phase is Phase.CHALLENGE:
        return CHALLENGE, ACCEPT
    if phase is Phase.ANNOUNCE:
        return signal_options(state, seat)
    return ()


# -- applying actions ----------------------------------------------------------------------


def apply_action(state: ToepenState, seat: int, action: Action) -> ToepenStep:
    """Check ``action`` for ``seat`` and apply it; errors name the rule that forbids it."""
    new, events = _apply(state, seat, action)
    return Step(new, tuple(events))


def _apply(state: ToepenState, seat: int, action: Action) -> Result:
    if state.phase is Phase.GAME_OVER:
        raise NotActiveError.saying("R7.1: the game is over", "refusal.game_over")
    if not 0 <= seat < state.num_seats:
        raise NotActiveError(f"there is no seat {seat}")
    kind = action.kind
    if kind == "play":
        return _play(state, seat, action.card)
    if kind == "knock":
        reason = knock_refusal(state, seat)
        if reason:
            error = NotActiveError if state.phase is not Phase.PLAY else IllegalActionError
            raise error(reason, _knock_said(state, seat, reason))
        return _knock(state, seat)
    phase = _PHASE_OF[kind]
    if state.phase != phase or owing(state) != seat:
        raise _not_now(state, seat, kind)
    if kind in ("stay", "fold"):
        return _answer_knock(state, seat, kind)
    if kind == "laundry":
        return _laundry(state, seat)
    if kind == "nolaundry":
        new = state.replace(laundry_queue=state.laundry_queue[1:])
        return _next_laundry(new, [Decision("nolaundry", seat)])
    if kind in ("challenge", "accept"):
        return _answer_laundry(state, seat, kind)
    return _signal(state, seat, kind)


_PHASE_OF = {
    "stay": Phase.RESPOND,
    "fold": Phase.RESPOND,
    "laundry": Phase.LAUNDRY,
    "nolaundry": Phase.LAUNDRY,
    "challenge": Phase.CHALLENGE,
    "accept": Phase.CHALLENGE,
    "whistle": Phase.ANNOUNCE,
    "stand": Phase.ANNOUNCE,
    "nosignal": Phase.ANNOUNCE,
}
_WHEN = {
    Phase.RESPOND: ("R5.4: stay or fold only when a knock asks you", "respond"),
    Phase.LAUNDRY: (
        "R3.5: exchanges are offered once to each player, clockwise from the dealer's left",
        "laundry_turn",
    ),
    Phase.CHALLENGE: ("R3.3: challenge or accept only when an exchange asks you", "challenge_turn"),
    Phase.ANNOUNCE: (
        "R8.3: signals are offered clockwise from the dealer's left after each deal",
        "signal_turn",
    ),
}
"""The rule that refuses an answer asked in another phase, and its ``refusal.toepen.*`` key."""


def _not_now(state: ToepenState, seat: int, kind: str) -> NotActiveError:
    """The rule behind refusing ``kind`` from ``seat`` now, as a message for people too."""
    if kind == "laundry":
        if any(e.seat == seat for e in state.exchanges) and not state.config.exchange_repeat:
            return NotActiveError.saying(
                "R3.5: at most one exchange per player per hand", "refusal.toepen.laundry_once"
            )
        if state.hands and len(state.stock) < HAND_SIZE:
            return NotActiveError.saying(
                f"R3.2: the stock has {len(state.stock)} cards; an exchange needs 4",
                "refusal.toepen.laundry_stock",
                stock=len(state.stock),
            )
        if state.phase in (Phase.PLAY, Phase.RESPOND):
            return NotActiveError.saying(
                "R3.5: no exchange after the exchange phase has closed",
                "refusal.toepen.laundry_closed",
            )
    reason, key = _WHEN[_PHASE_OF[kind]]
    return NotActiveError.saying(reason, f"refusal.toepen.{key}")


def _signal(state: ToepenState, seat: int, kind: str) -> Result:
    events: Events = []
    if all(a.kind != kind for a in signal_options(state, seat)):
        forced = forced_signal(state, seat)
        if forced:
            raise IllegalActionError.saying(
                f"R8.3: your 10s oblige you to {forced} now", f"refusal.toepen.must_{forced}"
            )
        need = "three Js" if kind == "whistle" else "four Js"
        raise IllegalActionError.saying(
            f"R8.5: a {kind} needs {need} (or three or four 10s)",
            f"refusal.toepen.{kind}_needs",
        )
    if kind != "nosignal":
        signals = _put_signals(state.signals, seat, (*state.signals[seat][:-1], kind))
        state = state.replace(signals=signals)
        events.append(Signal(seat, kind))
    state = state.replace(queue=state.queue[1:])
    if state.queue:
        return state, events
    return _next_laundry(state, events)


def _next_laundry(state: ToepenState, events: Events) -> Result:
    """R3.2, R3.5: offer the next exchange, or close the exchange phase and start play."""
    if state.laundry_queue and len(state.stock) >= HAND_SIZE:
        return state.replace(phase=Phase.LAUNDRY, queue=()), events
    n = state.num_seats
    dealer = some(state.dealer)
    poor = [s for s in clockwise(dealer, state.in_hand, n) if state.start_lives[s] == 1]
    if not state.config.poverty or not poor:
        poor = [some(left_of(dealer, state.in_hand, n))]
    leader = poor[0]
    new = state.replace(
        phase=Phase.PLAY, queue=(), laundry_queue=(), trick_no=1, leader=leader, turn=leader
    )
    if not state.config.poverty or state.start_lives[leader] != 1:
        return new, events
    return _poverty(new, poor, events)


def _poverty(state: ToepenState, poor: list[int], events: Events) -> Result:
    """V-POOR (R7.4): the poor player leads at stake 2; the others (not the poor) answer as to
    a knock by him before the first card: stay to play for 2, fold for 1."""
    leader = poor[0]
    others = tuple(s for s in clockwise(leader, state.in_hand, state.num_seats) if s not in poor)
    events.append(Poverty(leader, state.stake + 1))
    if not others:
        return state.replace(stake=state.stake + 1, last_knocker=leader), events
    return state.replace(phase=Phase.RESPOND, knocker=leader, queue=others, answers=()), events


def _laundry(state: ToepenState, seat: int) -> Result:
    """R3.1: the hand goes face down, the top 4 stock cards come in; R3.3 challenge round."""
    old = state.hands[seat]
    drawn = mask_of(state.stock[:HAND_SIZE])
    rest = state.laundry_queue[1:]
    others = tuple(s for s in clockwise(seat, state.seated, state.num_seats) if s != seat)
    new = state.replace(
        phase=Phase.CHALLENGE,
        hands=_put(state.hands, seat, drawn),
        stock=state.stock[HAND_SIZE:],
        exchanges=(*state.exchanges, Exchange(seat, old)),
        laundry_queue=(seat, *rest) if state.config.exchange_repeat else rest,
        queue=others,
    )
    return new, [Laundry(seat, old, drawn)]


def _answer_laundry(state: ToepenState, seat: int, kind: str) -> Result:
    """R3.3: the first challenger turns the discard up; whoever was wrong pays."""
    if kind == "accept":
        state = state.replace(queue=state.queue[1:])
        accepted: Events = [Decision("accept", seat)]
        return (state, accepted) if state.queue else _close_exchange(state, accepted)
    config = state.config
    exchange = state.exchanges[-1]
    loser = exchange.seat if is_bluff(exchange.discard, config.dutch_laundry) else seat
    lives, lost = _lose(state.lives, loser, config.exchange_penalty)
    done = replace(exchange, challenger=seat, loser=loser)
    state = state.replace(lives=lives, exchanges=(*state.exchanges[:-1], done), queue=())
    events: Events = [Challenged(seat, exchange.seat, exchange.discard, loser, lost)]
    if sudden_end(state):
        return _end_hand(state, None, "a player reached 0 lives", events)
    if loser == exchange.seat and config.laundry_open:
        return _open_hand(state, events)
    return _close_exchange(state, events)


def _open_hand(state: ToepenState, events: Events) -> Result:
    """V-WAS-OPEN: the caught bluffer takes his old hand back face up; the drawn cards are
    laid aside in its place (shown, out of play)."""
    exchange = state.exchanges[-1]
    seat, drawn = exchange.seat, state.hands[exchange.seat]
    swapped = replace(exchange, discard=drawn)
    new = state.replace(
        hands=_put(state.hands, seat, exchange.discard),
        exchanges=(*state.exchanges[:-1], swapped),
        open_hands=state.open_hands | bit(seat),
    )
    return _next_laundry(new, events)


def _close_exchange(state: ToepenState, events: Events) -> Result:
    """R8.2, R8.3: the exchanger gets an announcement turn for the replacement hand."""
    seat = state.exchanges[-1].seat
    if not state.config.announce or state.open_hands >> seat & 1:
        return _next_laundry(state.replace(queue=()), events)
    signals = _put_signals(state.signals, seat, (*state.signals[seat], ""))
    return state.replace(phase=Phase.ANNOUNCE, queue=(seat,), signals=signals), events


def _put_signals(
    signals: tuple[tuple[str, ...], ...], seat: int, value: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return (*signals[:seat], value, *signals[seat + 1 :])


def _knock(state: ToepenState, seat: int) -> Result:
    """R5.4: the others still in answer in order from the knocker's left."""
    n = state.num_seats
    responders = tuple(s for s in clockwise(seat, state.in_hand, n) if s != seat)
    new = state.replace(
        phase=Phase.RESPOND,
        knocker=seat,
        queue=responders,
        answers=(),
        knocked=state.knocked | bit(seat),
    )
    return new, [Knocked(seat, state.stake + 1)]


def _answer_knock(state: ToepenState, seat: int, kind: str) -> Result:
    """R5.5 stay; R5.6 fold for the stake before this knock, paid at once."""
    events: Events
    if kind == "fold":
        lives, lost = _lose(state.lives, seat, state.stake)
        state = state.replace(lives=lives, in_hand=state.in_hand & ~bit(seat))
        events = [Folded(seat, lost)]
        if sudden_end(state):
            return _end_hand(state, None, "a player reached 0 lives", events)
    else:
        events = [Decision("stay", seat)]
    state = state.replace(queue=state.queue[1:], answers=(*state.answers, (seat, kind)))
    if state.queue:
        return state, events
    return _close_knock(state, events)


def _close_knock(state: ToepenState, events: Events) -> Result:
    """R5.7: the stake rises if anybody stayed, else the knocker wins; R5.8 play resumes."""
    knocker = state.knocker
    if all(kind == "fold" for _, kind in state.answers):
        return _end_hand(state, knocker, "all folded", events)
    stake = state.stake + 1
    state = state.replace(phase=Phase.PLAY, stake=stake, last_knocker=knocker, knocker=None)
    events.append(StakeRaised(stake))
    turn = some(state.turn)
    if state.in_hand >> turn & 1:
        return state, events
    return _advance(state, turn, events)


def _play(state: ToepenState, seat: int, c: int) -> Result:
    if state.phase is not Phase.PLAY:
        raise NotActiveError.saying(
            "R4: cards are played only once the exchange phase has closed",
            "refusal.toepen.before_play",
        )
    if seat != state.turn:
        turn = state.turn
        whose = None if turn is None else said.message("refusal.toepen.turn", who=said.seat(turn))
        raise NotActiveError(f"R4.2: it is seat {turn}'s turn to play", whose)
    hand = state.hands[seat]
    if not hand >> c & 1:
        raise IllegalActionError.saying(
            f"R4.2: {format_card(c)} is not in your hand",
            "refusal.toepen.not_held",
            card=said.cards("toepen", [format_card(c)]),
        )
    if not playable(state, seat) >> c & 1:
        led = state.trick[0][1]
        raise IllegalActionError.saying(
            f"R4.2: you must follow suit ({SUITS[suit_of(led)]})",
            "refusal.toepen.follow_suit",
            card=said.cards("toepen", [format_card(led)]),
        )
    voids = state.voids
    if state.trick and suit_of(state.trick[0][1]) != suit_of(c):
        voids = _put(voids, seat, voids[seat] | 1 << suit_of(state.trick[0][1]))
    new = state.replace(
        hands=_put(state.hands, seat, hand & ~(1 << c)),
        played=_put(state.played, seat, state.played[seat] | 1 << c),
        voids=voids,
        trick=(*state.trick, (seat, c)),
    )
    return _advance(new, seat, [Played(seat, c)])


def _advance(state: ToepenState, after: int, events: Events) -> Result:
    """R4.2, R4.4, R5.8: the next seat still in that has not played to this trick, clockwise;
    when there is none the trick is complete."""
    done = mask_of(s for s, _ in state.trick)
    nxt = left_of(after, state.in_hand & ~done, state.num_seats)
    if nxt is None:
        return _finish_trick(state, events)
    if not state.trick:
        return state.replace(turn=nxt, leader=nxt), events
    return state.replace(turn=nxt), events


def _finish_trick(state: ToepenState, events: Events) -> Result:
    """R4.3 with R6.4: a folded player's card counts ([Standard]) unless V-FOLDVOID."""
    plays = state.trick
    counted = plays
    if state.config.fold_void:
        counted = tuple(p for p in plays if state.in_hand >> p[0] & 1)
    winner = trick_winner(counted, suit_of(plays[0][1]))
    tricks = (*state.tricks, Trick(plays, winner))
    if state.trick_no == TRICKS:
        events.append(TrickWon(TRICKS, winner, None))
        return _score(state.replace(tricks=tricks, trick=(), turn=None), winner, events)
    in_hand, n = state.in_hand, state.num_seats
    leader = winner if in_hand >> winner & 1 else some(left_of(winner, in_hand, n))
    events.append(TrickWon(state.trick_no, winner, leader))
    new = state.replace(
        tricks=tricks, trick=(), trick_no=state.trick_no + 1, leader=leader, turn=leader
    )
    return new, events


def _score(state: ToepenState, winner: int, events: Events) -> Result:
    """R6.1: everybody still in except the winner of trick 4 pays the stake; R6.4: a folded
    winner means nobody escapes; V-JACK-DOUBLE / V-JACK-BONUS for a J winning trick 4."""
    config = state.config
    winning_card = next(c for s, c in state.tricks[-1].plays if s == winner)
    by_jack = strength_of(winning_card) == JACK
    lives = state.lives
    escaped: int | None = winner
    if state.in_hand >> winner & 1:
        amount = state.stake * (2 if config.jack_double and by_jack else 1)
        reason = "won trick 4"
        if config.jack_bonus and by_jack:
            lives = _put(lives, winner, min(config.lives, lives[winner] + 1))
    else:
        amount, reason, escaped = state.stake, "trick 4 won by a folded player", None
    for seat in range(state.num_seats):
        if state.in_hand >> seat & 1 and seat != escaped:
            lives, _ = _lose(lives, seat, amount)
    taker = state.tricks[-1].winner if config.folded_taker_deals else escaped
    return _end_hand(state.replace(lives=lives), escaped, reason, events, taker)


def _end_hand(
    state: ToepenState, winner: int | None, reason: str, events: Events, deals: int | None = None
) -> Result:
    """R6.5, R7.1, R7.2: check the end of the game, else R2.3 choose the next dealer: ``deals``
    (R6.6: the taker of trick 4, folded or not), by default the ``winner``."""
    losses = tuple(a - b for a, b in zip(state.start_lives, state.lives, strict=True))
    events.append(HandEnded(state.hand_no, winner, reason, losses, state.lives))
    summary = HandSummary(state.hand_no, winner, reason, losses)
    state = state.replace(phase=Phase.DEAL, queue=(), knocker=None, turn=None, last_hand=summary)
    if game_over(state):
        state = state.replace(phase=Phase.GAME_OVER)
        winners, losers = ranking(state)
        events.append(GameEnded(winners, losers, state.lives))
        return state, events
    return state.replace(dealer=next_dealer(state, winner if deals is None else deals)), events


def sudden_end(state: ToepenState) -> bool:
    """R7.1 [Standard]: a fold or a lost challenge that brings a player to 0 lives ends the game
    at that moment (not under V-FINISH-HAND, R6.5, nor V-ELIM, R7.2)."""
    config = state.config
    return not config.finish_hand and not config.elimination and min(state.lives) == 0


def game_over(state: ToepenState) -> bool:
    """R7.1: somebody is at 0 lives; under V-ELIM (R7.2): at most one player has lives."""
    if state.config.elimination:
        return sum(life > 0 for life in state.lives) <= 1
    return min(state.lives) == 0


def ranking(state: ToepenState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners (the most lives left, if any) and losers (0 lives) of a finished game."""
    best = max(state.lives)
    seats = range(state.num_seats)
    winners = tuple(s for s in seats if best > 0 and state.lives[s] == best)
    return winners, tuple(s for s in seats if state.lives[s] == 0)


def next_dealer(state: ToepenState, winner: int | None) -> int:
    """R2.3: the winner deals (if none: left of the dealer); V-DEAL-LEFT; V-HIGHDEAL."""
    n, alive = state.num_seats, alive_mask(state)
    rule = state.config.dealer_rule
    dealer = some(state.dealer)
    if rule == "high":
        order = clockwise(dealer, alive, n)
        fewest = min(state.lives[s] for s in order)
        return next(s for s in order if state.lives[s] == fewest)
    if rule == "winner" and winner is not None:
        return winner if alive >> winner & 1 else some(left_of(winner, alive, n))
    return some(left_of(dealer, alive, n))
