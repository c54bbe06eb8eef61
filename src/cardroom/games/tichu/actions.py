"""Tichu actions and their text notation (contracts.md §3).

Canonical form: the verb in lower case, cards in canonical card order (``cards.py``: DOG MJ
2G … AR PHX DRG), a Phoenix in a multi-card play written ``PHX(=r)`` in its place (so it comes
after the natural cards). Parsing ignores case and the spacing around ``(``, ``=`` and ``)``;
``format(parse(text))`` is always the canonical form.

The exchange is three separate choices, ``exchange C to N`` (give card C to seat N), and the
Mah Jong's wish is a decision of its own right after the play (``wish R`` or ``nowish``), so
that no listing multiplies choices (a seat lists at most 14 × 3 exchanges, a lead tens of plays).

>>> TichuAction.parse("PLAY phx ( = 9 ) 9g")
TichuAction.parse('play 9G PHX(=9)')
>>> str(TichuAction.parse("play 5g 4r 3b 2k mj"))
'play MJ 2K 3B 4R 5G'
>>> str(TichuAction.parse("exchange ak  TO 2"))
'exchange AK to 2'
>>> str(TichuAction.parse("wish j"))
'wish J'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from cardroom.engine.drafts import draft_class, drafts_work
from cardroom.engine.errors import InvalidNotationError

from .cards import PHX, RANK_NAMES, RANK_VALUES, format_card, format_cards, parse_card


class ActionKind(enum.Enum):
    """The verbs, in the order ``legal_actions`` lists them."""

    GRAND = "grand"
    NOGRAND = "nogrand"
    TICHU = "tichu"
    EXCHANGE = "exchange"
    PASS = "pass"
    PLAY = "play"
    BOMB = "bomb"
    """A bomb onto the lying trick by the seat to lead after its winner went out (R5.6)."""
    WISH = "wish"
    NOWISH = "nowish"
    GIVE_DRAGON = "give-dragon"

    __hash__ = object.__hash__  # members are singletons; Enum's name hash is slow in hot loops


PASS_VERB: Final = ActionKind.PASS
PLAY_VERB: Final = ActionKind.PLAY
BOMB_VERB: Final = ActionKind.BOMB
GRAND_VERB: Final = ActionKind.GRAND
NOGRAND_VERB: Final = ActionKind.NOGRAND
TICHU_VERB: Final = ActionKind.TICHU
EXCHANGE_VERB: Final = ActionKind.EXCHANGE
WISH_VERB: Final = ActionKind.WISH
NOWISH_VERB: Final = ActionKind.NOWISH
GIVE_DRAGON_VERB: Final = ActionKind.GIVE_DRAGON
"""The verbs as module constants, for hot paths (``state.PLAY_PHASE`` says why)."""


_VERBS: Final = {kind.value: kind for kind in ActionKind}

# Rank tokens for ``wish`` and ``PHX(=…)``. Besides 2..A the parser also reads the values the
# rules forbid (1/MJ, DOG, DRG, PHX), so that using them is an *illegal* action naming the rule
# (cases 44, 108) rather than a syntax error.
_RANK_TOKENS: Final = {**RANK_VALUES, "1": 1, "MJ": 1, "DOG": 0, "DRG": 15, "PHX": 16}
_RANK_TEXT: Final = {
    **{r: RANK_NAMES.get(r, str(r)) for r in range(2, 15)},
    1: "1",
    0: "DOG",
    15: "DRG",
    16: "PHX",
}
_PHOENIX: Final = re.compile(r"PHX\(=?([^)]*)\)")


def rank_text(rank: int) -> str:
    """``8``, ``J``: how a rank is written in actions and observations."""
    return _RANK_TEXT[rank]


def _parse_rank(token: str, what: str) -> int:
    try:
        return _RANK_TOKENS[token.upper()]
    except KeyError:
        raise InvalidNotationError(f"{what}: {token!r} is not a rank (2-10, J, Q, K, A)") from None


@dataclass(frozen=True, slots=True)
class TichuAction:
    """One action. Fields not used by ``kind`` keep their defaults.

    ``cards`` is the mask of a play, or the one card of an exchange; ``phoenix_as`` the
    declared Phoenix rank; ``wish`` the wished rank; ``to`` the seat receiving the exchanged
    card or the Dragon trick.
    """

    kind: ActionKind
    cards: int = 0
    phoenix_as: int | None = None
    wish: int | None = None
    to: int | None = None

    @classmethod
    def parse(cls, text: str) -> TichuAction:
        """Parse action text; raises ``InvalidNotationError`` naming what is wrong."""
        norm = re.sub(r"\s*=\s*", "=", text.strip())
        norm = re.sub(r"\s*\)", ")", re.sub(r"\s*\(\s*", "(", norm))
        verb, *args = norm.split() or [""]
        kind = _VERBS.get(verb.lower())
        if kind is None:
            verbs = ", ".join(_VERBS)
            raise InvalidNotationError(f"unknown Tichu action {text!r}; actions: {verbs}")
        if kind in _BARE:
            if args:
                raise InvalidNotationError(f"{verb.lower()!r} takes no arguments: {text!r}")
            return cls(kind)
        if kind is ActionKind.EXCHANGE:
            if len(args) != 3 or args[1].lower() != "to" or not args[2].isdigit():
                raise InvalidNotationError(
                    f"expected 'exchange C to N' (give card C to seat N; one card at a time, "
                    f"R4.1): {text!r}"
                )
            return cls(kind, 1 << parse_card(args[0]), to=int(args[2]))
        if kind is ActionKind.WISH:
            if len(args) != 1:
                raise InvalidNotationError(
                    f"expected 'wish R' (R a rank 2-10, J, Q, K, A): {text!r}"
                )
            return cls(kind, wish=_parse_rank(args[0], "wish"))
        if kind is ActionKind.GIVE_DRAGON:
            if len(args) != 1 or not args[0].isdigit():
                raise InvalidNotationError(f"expected 'give-dragon N' (N a seat): {text!r}")
            return cls(kind, to=int(args[0]))
        action = cls._parse_play(args, text)
        return action if kind is PLAY_VERB else cls(kind, action.cards, action.phoenix_as)

    @classmethod
    def _parse_play(cls, args: list[str], text: str) -> TichuAction:
        mask = 0
        phoenix_as: int | None = None
        for arg in args:
            up = arg.upper()
            if up.startswith("WISH="):
                raise InvalidNotationError(
                    f"the wish is its own decision (R8.1.1): play the Mah Jong without "
                    f"'wish=', then answer 'wish R' or 'nowish': {text!r}"
                )
            if (m := _PHOENIX.fullmatch(up)) is not None:
                phoenix_as = _parse_rank(m.group(1), "Phoenix declaration")
                card = PHX
            else:
                card = parse_card(arg)
            if mask >> card & 1:
                raise InvalidNotationError(f"card {format_card(card)} is listed twice in {text!r}")
            mask |= 1 << card
        if not mask:
            raise InvalidNotationError(f"a play or bomb needs at least one card: {text!r}")
        return cls(PLAY_VERB, mask, phoenix_as=phoenix_as)

    def __str__(self) -> str:
        kind = self.kind
        if kind is ActionKind.EXCHANGE:
            return f"exchange {format_card(self.cards.bit_length() - 1)} to {self.to}"
        if kind is ActionKind.WISH:
            return f"wish {rank_text(self.wish) if self.wish is not None else '?'}"
        if kind is ActionKind.GIVE_DRAGON:
            return f"{kind.value} {self.to}"
        if kind is not PLAY_VERB and kind is not BOMB_VERB:
            return str(kind.value)
        text = format_cards(self.cards)  # by byte tables: observations format many plays
        if self.phoenix_as is not None and self.cards >> PHX & 1:
            text = text.replace("PHX", f"PHX(={rank_text(self.phoenix_as)})")
        return f"{kind.value} {text}"

    def __repr__(self) -> str:
        return f"TichuAction.parse({str(self)!r})"


GRAND: Final = TichuAction(ActionKind.GRAND)
NOGRAND: Final = TichuAction(ActionKind.NOGRAND)
TICHU: Final = TichuAction(ActionKind.TICHU)
PASS: Final = TichuAction(PASS_VERB)
NOWISH: Final = TichuAction(ActionKind.NOWISH)
_BARE: Final = frozenset(
    {ActionKind.GRAND, ActionKind.NOGRAND, ActionKind.TICHU, PASS_VERB, ActionKind.NOWISH}
)


_ActionDraft: Final = draft_class(TichuAction) if drafts_work(TichuAction) else None
_new_instance: Final = TichuAction.__new__
"""The class's ``__new__``, looked up once (compiled code calls it by its name otherwise)."""


def _new_action(kind: ActionKind, cards: int, phoenix_as: int | None) -> TichuAction:
    """``TichuAction(kind, cards, phoenix_as)``, built as a draft in pure Python (see
    ``engine.drafts``): a first lead lists hundreds of plays never seen before."""
    if _ActionDraft is None:  # compiled: native stores (the dataclass's ``__init__`` is slow)
        action = _new_instance(TichuAction)
        action.kind = kind  # type: ignore[misc]
        action.cards = cards  # type: ignore[misc]
        action.phoenix_as = phoenix_as  # type: ignore[misc]
        action.wish = None  # type: ignore[misc]
        action.to = None  # type: ignore[misc]
        return action
    new: Any = _ActionDraft()
    new.kind, new.cards, new.phoenix_as, new.wish, new.to = kind, cards, phoenix_as, None, None
    new.__class__ = TichuAction
    return new  # type: ignore[no-any-return]


def play(cards: int, phoenix_as: int | None = None) -> TichuAction:
    """A play action (shared values: legal-play listings build thousands per round). Compiled:
    kept by an int key (the cards, the Phoenix's rank above them), looked up natively; pure
    Python swaps in ``_new_play`` memoised by ``lru_cache`` (C speed there), below."""
    key = cards if phoenix_as is None else cards | phoenix_as << _PHOENIX_SHIFT
    found = _PLAYS.get(key)
    if found is None:
        if len(_PLAYS) >= _PLAYS_SIZE:
            _PLAYS.clear()
        found = _PLAYS[key] = _new_action(PLAY_VERB, cards, phoenix_as)
    return found


def _new_play(cards: int, phoenix_as: int | None = None) -> TichuAction:
    """``_new_action(PLAY_VERB, cards, phoenix_as)`` in one frame (pure Python only: a first
    lead's listing makes dozens of plays never seen before)."""
    new: Any = _ActionDraft()  # type: ignore[misc]
    new.kind = PLAY_VERB  # one store each: no tuple of the values built and unpacked
    new.cards = cards
    new.phoenix_as = phoenix_as
    new.wish = new.to = None
    new.__class__ = TichuAction
    return new  # type: ignore[no-any-return]


_PLAYS: Final[dict[int, TichuAction]] = {}
_PLAYS_SIZE: Final = 1 << 16
_PHOENIX_SHIFT: Final = 56
"""Above the 56 cards' bits: the Phoenix's declared rank in ``play``'s keys."""
if _ActionDraft is not None:  # pure Python
    globals()["play"] = lru_cache(maxsize=_PLAYS_SIZE)(_new_play)


@lru_cache(maxsize=1 << 10)
def bomb(cards: int) -> TichuAction:
    """A bomb thrown onto the lying trick instead of leading (R5.6)."""
    return _new_action(BOMB_VERB, cards, None)


@lru_cache(maxsize=16)
def wish(rank: int) -> TichuAction:
    return TichuAction(ActionKind.WISH, wish=rank)


def action_text(action: TichuAction) -> str:
    """``str(action)``, memoised: observations list the same legal plays for every seat and
    state until the hand changes, and the runner logs a text per move. First by identity (the
    listings share their action values; hashing a dataclass runs Python code), then by value."""
    entry = _TEXTS.get(id(action))
    if entry is not None and entry[0] is action:
        return entry[1]
    text = _text(action)
    if len(_TEXTS) >= _TEXTS_SIZE:
        _TEXTS.clear()
    _TEXTS[id(action)] = (action, text)  # holding the action: its id is not reused meanwhile
    return text


_TEXTS: Final[dict[int, tuple[TichuAction, str]]] = {}
_TEXTS_SIZE: Final = 1 << 14


@lru_cache(maxsize=1 << 16)
def _text(action: TichuAction) -> str:
    return str(action)


@lru_cache(maxsize=56 * 4)
def exchange(card: int, to: int) -> TichuAction:
    """Give ``card`` to seat ``to`` (one of a seat's three exchange choices, R4.1)."""
    return TichuAction(ActionKind.EXCHANGE, 1 << card, to=to)


def give_dragon(to: int) -> TichuAction:
    return TichuAction(ActionKind.GIVE_DRAGON, to=to)
