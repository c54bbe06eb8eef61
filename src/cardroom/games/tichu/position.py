r"""Tichu positions as one line of text (python-chess's FEN for the play phase).

``to_text(state)`` writes everything the rules and the scoring need; ``from_text(text)`` reads
it back and ``validate`` refuses positions that cannot occur, naming the reason
(``InvalidPositionError``, a ``ValueError``). Fields are ``key value`` separated by ``|``, in
this order (``-`` means none; ``from_text`` accepts any order and fills missing fields with
their defaults, so hand-written positions can be short)::

    hands    seat 0's cards / seat 1's / seat 2's / seat 3's       (card notation of cards.py)
    trick    S CARDS, S CARDS, ...  [, won | , final]              (each play: seat and cards
             as in actions, PHX(=r) in multi-card plays; a Phoenix single is worth half a rank
             above the play it lies on, 1½ led; ``won``: all others passed and the trick waits
             for the lead, a Dragon gift or a bomb (R5.6); ``final``: the round's last trick,
             waiting for its Dragon gift, R8.3.5)
    passed   seats that passed since the last play
    turn     the seat to act (to lead, follow, or give the Dragon)
    wish     the open wish's rank, or ``by S``: seat S just played the Mah Jong and names it
    calls    per seat: ``tichu``, ``grand`` or ``-``
    out      seats out, in the order they went out
    piles    the tricks each seat has taken (cards, for R10.2's tailender transfer) / ... x4;
             one ``*`` stands for every card not written elsewhere (for hand-made positions)
    exchange each seat's cards given to seat+1, +2, +3 / ... x4, or ``-`` (not recorded)
    match    each scored round's points ``team0:team1``; the round number and totals follow
    options  the table's non-default options (``name`` for true, ``name=value`` otherwise)

>>> text = ("hands MJ 2K 3B 4R 5G 9G 9K / 6G 8K / 7G 7K 7B 7R / 10G JK | trick 3 5K, 0 8G | "
...         "passed 1 | turn 2 | calls tichu - - - | piles - / * / - / - | match 100:0")
>>> state = from_text(text)
>>> state.turn, state.round, state.scores, state.top.describe()
(2, 2, (100, 0), 'single 8')
>>> print(to_text(state).replace(" | ", "\n"))  # doctest: +ELLIPSIS
hands MJ 2K 3B 4R 5G 9G 9K / 6G 8K / 7G 7K 7B 7R / 10G JK
trick 3 5K, 0 8G
passed 1
turn 2
wish -
calls tichu - - -
out -
piles - / DOG 2G 2B 2R 3G ... AR PHX DRG / - / -
exchange -
match 100:0
options -
>>> try:
...     from_text("hands AG / - / 2G / 3G | trick 1 DRG, won | passed 2 3 0 | turn 2 | "
...               "out 1 | piles * / - / - / -")
... except InvalidPositionError as exc:
...     print(exc)
the Dragon's trick waits for seat 1's gift, not for seat 2 (R8.3.2)

What is not written, and how ``from_text`` restores it (``normalise`` does the same to a
state, so ``from_text(to_text(s)) == normalise(s)`` for every valid play-phase state, and
``== s`` for states of play whenever ``last_round`` is None): the phase (always PLAY),
``round`` and ``scores`` (from ``match``), the Grand Tichu decisions (from ``calls`` when
``allow_grand``), ``later`` (empty after the deal), and ``last_round``: the previous round's
result is history, not position (no rule or score reads it), so it is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from cardroom.engine.errors import EngineError, IllegalActionError, InvalidNotationError

from .actions import TichuAction, action_text, play, rank_text
from .cards import DECK, DOG, MJ, RANK_VALUES, format_card, format_cards, mask_of, parse_card
from .cards import parse_cards as _parse_cards
from .combos import Combo, beats, combo_for
from .config import TichuConfig
from .scoring import is_double_victory, match_result
from .state import (
    GRAND_CALL,
    NO_CALL,
    SEATS,
    TICHU_CALL,
    Phase,
    TichuState,
    TrickPlay,
    is_dragon,
    next_holding,
)


class InvalidPositionError(EngineError):
    """A well-formed position that cannot occur in a game (the message says why)."""


FIELDS: Final = (
    "hands",
    "trick",
    "passed",
    "turn",
    "wish",
    "calls",
    "out",
    "piles",
    "exchange",
    "match",
    "options",
)
NONE: Final = "-"
_CALL_WORDS: Final = {NO_CALL: NONE, TICHU_CALL: TICHU_CALL, GRAND_CALL: GRAND_CALL}
_TRICK_ENDS: Final = ("won", "final")
_DEFAULTS: Final = TichuConfig().to_json()


# -- writing ------------------------------------------------------------------------------------


def to_text(state: TichuState) -> str:
    """The one-line text of a play-phase ``state`` (see the module docstring)."""
    if state.phase is not Phase.PLAY:
        raise InvalidPositionError(f"positions are play-phase states, not {state.phase.value}")
    parts = {
        "hands": _seats_text(state.hands, format_cards),
        "trick": _trick_text(state),
        "passed": _seat_list(s for s in range(SEATS) if state.passed >> s & 1),
        "turn": NONE if state.turn is None else str(state.turn),
        "wish": _wish_text(state),
        "calls": " ".join(_CALL_WORDS.get(c, c) for c in state.calls),
        "out": _seat_list(state.out),
        "piles": _seats_text(state.piles, format_cards),
        "exchange": _exchange_text(state.given),
        "match": " ".join(f"{a}:{b}" for a, b in state.score_sheet) or NONE,
        "options": _options_text(state.config),
    }
    return " | ".join(f"{key} {parts[key]}" for key in FIELDS)


def _seats_text(masks: tuple[int, ...], fmt: Callable[[int], str]) -> str:
    return " / ".join(fmt(m) or NONE for m in masks)


def _seat_list(seats: Iterable[int]) -> str:
    return " ".join(map(str, seats)) or NONE


def _trick_text(state: TichuState) -> str:
    items = [f"{p.seat} {_combo_text(p.combo)}" for p in state.trick]
    if state.final:
        items.append("final")
    elif state.trick_over:
        items.append("won")
    return ", ".join(items) or NONE


def _combo_text(combo: Combo) -> str:
    phoenix = combo.phoenix_as if combo.length > 1 else None
    return action_text(play(combo.cards, phoenix)).removeprefix("play ")


def _wish_text(state: TichuState) -> str:
    if state.wisher is not None:
        return f"by {state.wisher}"
    return NONE if state.wish is None else rank_text(state.wish)


def _exchange_text(given: tuple[tuple[int | None, ...], ...]) -> str:
    if all(c is None for row in given for c in row):
        return NONE
    return " / ".join(" ".join(NONE if c is None else format_card(c) for c in row) for row in given)


def _options_text(config: TichuConfig) -> str:
    words = []
    for name, value in config.to_json().items():
        if value == _DEFAULTS[name]:
            continue
        if value is True:
            words.append(name)
        else:
            words.append(f"{name}={str(value).lower()}")
    return " ".join(words) or NONE


# -- reading ------------------------------------------------------------------------------------


def from_text(text: str) -> TichuState:
    """The validated play-phase state of ``text``; ``InvalidNotationError`` for text that does
    not parse, ``InvalidPositionError`` for a position that cannot occur."""
    fields: dict[str, str] = {}
    for part in text.split("|"):
        key, _, value = part.strip().partition(" ")
        if key not in FIELDS:
            raise InvalidNotationError(
                f"unknown position field {key!r}; fields: {', '.join(FIELDS)}"
            )
        if key in fields:
            raise InvalidNotationError(f"position field {key!r} given twice")
        fields[key] = value.strip()
    if "hands" not in fields:
        raise InvalidNotationError("a position needs at least 'hands'")
    config = _parse_options(fields.get("options", NONE))
    sheet = _parse_sheet(fields.get("match", NONE))
    calls = _parse_calls(fields.get("calls", NONE))
    trick, over, final = _parse_trick(fields.get("trick", NONE))
    wish, wisher = _parse_wish(fields.get("wish", NONE))
    state = TichuState(
        config=config,
        phase=Phase.PLAY,
        round=len(sheet) + 1,
        scores=(sum(a for a, _ in sheet), sum(b for _, b in sheet)),
        score_sheet=sheet,
        hands=_parse_seats(fields["hands"], "hands"),
        calls=calls,
        grand=_grand_of(config, calls),
        given=_parse_exchange(fields.get("exchange", NONE)),
        trick=trick,
        turn=_parse_turn(fields.get("turn", NONE)),
        passed=mask_of(_parse_seat_list(fields.get("passed", NONE), "passed")),
        trick_over=over,
        final=final,
        wish=wish,
        wisher=wisher,
        out=tuple(_parse_seat_list(fields.get("out", NONE), "out")),
        piles=(0,) * SEATS,
    )
    state = state.replace(piles=_parse_piles(fields.get("piles", NONE), state))
    validate(state)
    return state


def normalise(state: TichuState) -> TichuState:
    """``state`` without what a position does not state (``last_round``; see the docstring)."""
    return state.replace(last_round=None, grand=_grand_of(state.config, state.calls))


def _grand_of(config: TichuConfig, calls: tuple[str, ...]) -> tuple[bool | None, ...]:
    if not config.allow_grand:
        return (None,) * SEATS
    return tuple(c == GRAND_CALL for c in calls)


def _cards(text: str, what: str) -> int:
    text = text.strip()
    try:
        return 0 if text == NONE else _parse_cards(text)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"{what}: {exc}") from None


def _split4(text: str, what: str) -> list[str]:
    parts = [p.strip() for p in text.split("/")]
    if text.strip() == NONE:
        return [NONE] * SEATS
    if len(parts) != SEATS:
        raise InvalidNotationError(
            f"{what}: four seats separated by '/' ('-' for none), got {len(parts)}: {text!r}"
        )
    return parts


def _parse_seats(text: str, what: str) -> tuple[int, ...]:
    masks = [_cards(p, what) for p in _split4(text, what)]
    return tuple(masks)


def _parse_piles(text: str, state: TichuState) -> tuple[int, ...]:
    """The four piles; one ``*`` takes every card not in the hands, the trick or another pile."""
    parts = _split4(text, "piles")
    if parts.count("*") > 1:
        raise InvalidNotationError("piles: at most one '*' (the rest of the cards)")
    piles = [0 if p == "*" else _cards(p, "piles") for p in parts]
    if "*" in parts:
        used = state.trick_cards
        for mask in (*state.hands, *piles):
            used |= mask
        piles[parts.index("*")] = DECK & ~used
    return tuple(piles)


def _seat(token: str, what: str) -> int:
    if not token.isdigit() or not 0 <= int(token) < SEATS:
        raise InvalidNotationError(f"{what}: {token!r} is not a seat 0-3")
    return int(token)


def _parse_seat_list(text: str, what: str) -> list[int]:
    if text == NONE:
        return []
    return [_seat(t, what) for t in text.split()]


def _parse_turn(text: str) -> int | None:
    return None if text == NONE else _seat(text, "turn")


def _parse_trick(text: str) -> tuple[tuple[TrickPlay, ...], bool, bool]:
    if text == NONE:
        return (), False, False
    items = [i.strip() for i in text.split(",")]
    end = items[-1].lower()
    if end in _TRICK_ENDS:
        items.pop()
    plays: list[TrickPlay] = []
    for item in items:
        seat_text, _, cards = item.partition(" ")
        seat = _seat(seat_text, "trick")
        action = TichuAction.parse("play " + cards)
        top = plays[-1].combo if plays else None
        try:
            combo = combo_for(action.cards, action.phoenix_as, top)
        except IllegalActionError as exc:
            raise InvalidPositionError(f"trick: seat {seat}'s {cards.strip()}: {exc}") from None
        plays.append(TrickPlay(seat, combo))
    return tuple(plays), end in _TRICK_ENDS, end == "final"


def _parse_wish(text: str) -> tuple[int | None, int | None]:
    if text == NONE:
        return None, None
    words = text.split()
    if len(words) == 2 and words[0].lower() == "by":
        return None, _seat(words[1], "wish by")
    if len(words) == 1 and words[0].upper() in RANK_VALUES:
        return RANK_VALUES[words[0].upper()], None
    raise InvalidNotationError(f"wish: a rank 2-10/J/Q/K/A, 'by S' or '-', not {text!r}")


def _parse_calls(text: str) -> tuple[str, ...]:
    if text == NONE:
        return (NO_CALL,) * SEATS
    words = text.lower().split()
    calls = {NONE: NO_CALL, TICHU_CALL: TICHU_CALL, GRAND_CALL: GRAND_CALL}
    if len(words) != SEATS or any(w not in calls for w in words):
        raise InvalidNotationError(f"calls: four of 'tichu', 'grand', '-', not {text!r}")
    return tuple(calls[w] for w in words)


def _parse_exchange(text: str) -> tuple[tuple[int | None, ...], ...]:
    rows: list[tuple[int | None, ...]] = []
    for part in _split4(text, "exchange"):
        if part == NONE:
            rows.append((None,) * 3)
            continue
        words = part.split()
        if len(words) != 3:
            raise InvalidNotationError(f"exchange: three cards per seat, not {part!r}")
        rows.append(tuple(None if w == NONE else parse_card(w) for w in words))
    return tuple(rows)


_ROUND: Final = re.compile(r"(-?\d+):(-?\d+)")


def _parse_sheet(text: str) -> tuple[tuple[int, int], ...]:
    if text == NONE:
        return ()
    sheet = []
    for word in text.split():
        m = _ROUND.fullmatch(word)
        if m is None:
            raise InvalidNotationError(f"match: round points 'team0:team1', not {word!r}")
        sheet.append((int(m.group(1)), int(m.group(2))))
    return tuple(sheet)


def _parse_options(text: str) -> TichuConfig:
    if text == NONE:
        return TichuConfig()
    data: dict[str, object] = {}
    for word in text.split():
        name, eq, value = word.partition("=")
        if not eq:
            data[name] = True
        elif value.lower() in ("true", "false"):
            data[name] = value.lower() == "true"
        elif re.fullmatch(r"-?\d+", value):
            data[name] = int(value)
        else:
            raise InvalidNotationError(f"options: {word!r} is not name=true/false/number")
    try:
        return TichuConfig.from_json(data)
    except EngineError:
        raise
    except ValueError as exc:
        raise InvalidPositionError(f"options: {exc}") from None


# -- validation ---------------------------------------------------------------------------------


def validate(state: TichuState) -> None:
    """Raise ``InvalidPositionError`` naming the first reason ``state`` cannot occur in play."""
    for check in _CHECKS:
        reason = check(state)
        if reason:
            raise InvalidPositionError(reason)


def _check_phase(state: TichuState) -> str | None:
    if state.phase is not Phase.PLAY:
        return f"positions are play-phase states, not {state.phase.value}"
    if any(state.later):
        return "cards still to be dealt: positions start after the deal"
    return None


def _check_cards(state: TichuState) -> str | None:
    seen = 0
    places = [*state.hands, *(p.combo.cards for p in state.trick), *state.piles]
    for mask in places:
        twice = seen & mask
        if twice:
            return f"{format_cards(twice)} is in two places (each card exactly once, R1.1)"
        seen |= mask
    if seen != DECK:
        missing = DECK & ~seen
        return f"{seen.bit_count()} cards in play, not 56: missing {format_cards(missing)}"
    if max(h.bit_count() for h in state.hands) > 14:
        return "a hand holds more than 14 cards (R2.1)"
    if any(p.combo.cards == 1 << DOG for p in state.trick):
        return "the Dog never stays in a trick (R8.2.2): it goes to its player's pile"
    return None


def _check_trick(state: TichuState) -> str | None:
    for before, after in zip(state.trick, state.trick[1:], strict=False):
        if not beats(after.combo, before.combo):
            return (
                f"trick: seat {after.seat}'s {after.combo.describe()} does not beat "
                f"{before.combo.describe()} (R6.2)"
            )
    if state.trick_over and not state.trick:
        return "an empty trick cannot be won"
    if state.final and not (is_dragon(state.top) and len(state.out) == SEATS - 1):
        return "'final' is the round's last trick won by a Dragon, with three players out (R8.3.5)"
    if state.final and state.config.dragon_last_trick_exempt:
        return "with dragon_last_trick_exempt the last Dragon trick is kept, not given (R8.3.5)"
    return None


def _check_out(state: TichuState) -> str | None:
    empty = [s for s in range(SEATS) if not state.hands[s]]
    if len(set(state.out)) != len(state.out):
        return f"out {list(state.out)}: a seat goes out once"
    if sorted(state.out) != empty:
        return f"out {list(state.out)} must list exactly the seats without cards {empty}"
    if is_double_victory(state.out):
        return "partners went out first and second: the round is over (R9.3)"
    if len(state.out) >= SEATS - 1 and not state.final:
        return "three players are out: the round is over (R9.3)"
    return None


def _check_turn(state: TichuState) -> str | None:
    turn, top = state.turn, state.top_seat
    if turn is None:
        return "no seat has the turn"
    if state.dragon_pending:
        if turn != top:
            return f"the Dragon's trick waits for seat {top}'s gift, not for seat {turn} (R8.3.2)"
        return None
    if not state.hands[turn]:
        return f"seat {turn} has the turn but is out (R5.8)"
    if top is None:
        return None
    if state.trick_over:
        lead = top if state.hands[top] else next_holding(state.hands, top)
        if turn != lead:
            return f"the won trick's lead is seat {lead}'s, not seat {turn}'s (R5.5, R5.8)"
    elif turn == top:
        return f"seat {turn} cannot answer its own play (R5.3)"
    elif state.passed >> turn & 1 and state.config.pass_is_final:
        return f"seat {turn} passed and may not play again in this trick (R5.4)"
    return None


def _check_passes(state: TichuState) -> str | None:
    if not state.trick:
        return "passes without a trick on the table" if state.passed else None
    top = state.top_seat
    assert top is not None
    passed = [s for s in range(SEATS) if state.passed >> s & 1]
    if top in passed and not state.config.pass_is_final:
        return f"seat {top} made the last play, it cannot have passed since"
    others = [s for s in range(SEATS) if state.hands[s] and s != top]
    everyone = all(state.passed >> s & 1 for s in others)
    if everyone and not state.trick_over:
        return "every other seat passed: the trick is won (write it ', won')"
    if state.trick_over and not everyone and not state.final:
        return "the trick is marked won but not every other seat holding cards passed (R5.5)"
    if state.trick_over or state.turn is None:
        return None
    if state.config.pass_is_final:  # R5.4: the turn skips the seats that passed
        expected = next_holding(state.hands, top, state.passed | 1 << top)
        if state.turn != expected:
            return f"after seat {top}'s play and these passes, seat {expected} is to act (R5.4)"
        return None
    between = _seats_between(state.hands, top, state.turn)
    if passed != between:
        return (
            f"after seat {top}'s play, seat {state.turn} is to act only once the seats "
            f"between passed: passed should be {_seat_list(between)} (R5.3)"
        )
    return None


def _seats_between(hands: tuple[int, ...], first: int, last: int) -> list[int]:
    """Seats holding cards strictly after ``first`` and before ``last``, in seat order."""
    seats = [(first + k) % SEATS for k in range(1, SEATS)]
    return sorted(s for s in seats[: seats.index(last)] if hands[s]) if last in seats else []


def _check_wish(state: TichuState) -> str | None:
    if state.wish is not None and not 2 <= state.wish <= 14:
        return f"the wish must name a rank 2..A, not {state.wish} (R8.1.1)"
    if state.wisher is None:
        return None
    if state.wish is not None:
        return "a wish is open and another is being named: the Mah Jong is played once"
    top = state.trick[-1] if state.trick else None
    if top is None or top.seat != state.wisher or not top.combo.cards >> MJ & 1:
        return f"seat {state.wisher} names a wish but did not just play the Mah Jong (R8.1.1)"
    return None


def _check_calls(state: TichuState) -> str | None:
    if GRAND_CALL in state.calls and not state.config.allow_grand:
        return "a Grand Tichu call at a table without Grand Tichu (R10.4)"
    rows = [c for row in state.given for c in row if c is not None]
    if len(set(rows)) != len(rows):
        return "exchange: a card given twice (R4.1)"
    return None


def _check_match(state: TichuState) -> str | None:
    rounds = len(state.score_sheet)
    if state.round != rounds + 1:
        return f"round {state.round} after {rounds} scored rounds"
    totals = tuple(sum(r[t] for r in state.score_sheet) for t in (0, 1))
    if totals != state.scores:
        return f"scores {state.scores} are not the sum of the rounds {totals}"
    if match_result(state.config, state.scores, rounds) is not None:
        return f"the match is over at {state.scores[0]}:{state.scores[1]} (R11)"
    return None


_CHECKS: Final = (
    _check_phase,
    _check_cards,
    _check_trick,
    _check_out,
    _check_wish,
    _check_turn,
    _check_passes,
    _check_calls,
    _check_match,
)
