"""Build Tichu positions from card notation (tests only) and act on them by text.

``position`` makes a PLAY-phase state directly: hands, the trick on the table, whose turn it is,
the wish, who is out, piles and calls, all written as in ``tichu-cases.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from cardroom.engine import ChanceOutcome
from cardroom.games.tichu import GAME, TichuAction, TichuConfig, TichuState
from cardroom.games.tichu.cards import (
    DRG,
    NORMAL_MASK,
    RANK_VALUES,
    card_points,
    format_cards,
    iter_cards,
    parse_cards,
    rank_of,
)
from cardroom.games.tichu.combos import combo_for, has_bomb
from cardroom.games.tichu.state import Phase, TrickPlay

STANDARD = TichuConfig()


def filler(n: int, exclude: str, used: int = 0, start: int = 0) -> int:
    """``n`` filler cards: no special card, no rank named in ``exclude``, low ranks first, at
    most one card per rank per pass with rotating suits (so no bomb); none of ``used``."""
    banned = {rank_of(c) for c in iter_cards(parse_cards(exclude))} if exclude else set()
    mask = 0
    suit = start
    for _ in range(3):
        for rank in range(2, 15):
            if n == 0 or rank in banned:
                continue
            for k in range(4):
                c = 2 + (rank - 2) * 4 + (suit + k) % 4
                if not (used | mask) >> c & 1:
                    mask |= 1 << c
                    n -= 1
                    suit += 1
                    break
    assert n == 0 and not has_bomb(mask), "no bomb-free filler"
    return mask


def position(
    hands: Mapping[int, str],
    *,
    turn: int,
    trick: Sequence[tuple[int, str]] = (),
    wish: str | None = None,
    out: Sequence[int] = (),
    piles: Mapping[int, str] | None = None,
    calls: Mapping[int, str] | None = None,
    passed: Sequence[int] = (),
    trick_over: bool = False,
    pad: Mapping[int, int] | None = None,
    config: TichuConfig = STANDARD,
    scores: tuple[int, int] = (0, 0),
) -> TichuState:
    """A PLAY-phase state. ``pad`` adds filler cards to seats (avoiding every rank the case
    names, as the cases' "+ filler" does); ``trick`` plays are read in order, each on the last."""
    masks = [parse_cards(hands.get(s, "")) for s in range(4)]
    named = " ".join([*hands.values(), *(t for _, t in trick)])
    used = 0
    for m in masks:
        used |= m
    plays: list[TrickPlay] = []
    for seat, text in trick:
        action = TichuAction.parse("play " + text)
        combo = combo_for(action.cards, action.phoenix_as, plays[-1].combo if plays else None)
        plays.append(TrickPlay(seat, combo))
        used |= action.cards
    pile_masks = [parse_cards((piles or {}).get(s, "")) for s in range(4)]
    for m in pile_masks:
        used |= m
    for seat, n in (pad or {}).items():
        extra = filler(n, named, used, start=seat)
        masks[seat] |= extra
        used |= extra
    call_list = tuple((calls or {}).get(s, "") for s in range(4))
    passed_mask = 0
    for s in passed:
        passed_mask |= 1 << s
    return TichuState(
        config=config,
        phase=Phase.PLAY,
        scores=scores,
        hands=tuple(masks),
        calls=call_list,
        trick=tuple(plays),
        turn=turn,
        passed=passed_mask,
        trick_over=trick_over,
        wish=None if wish is None else RANK_VALUES[wish],
        out=tuple(out),
        piles=tuple(pile_masks),
    )


def act(state: TichuState, seat: int, text: str) -> TichuState:
    """Apply ``text`` for ``seat``; raises the engine's errors."""
    return GAME.apply(state, seat, GAME.parse_action(text)).state


def acts(state: TichuState, *moves: tuple[int, str]) -> TichuState:
    for seat, text in moves:
        state = act(state, seat, text)
    return state


def legal(state: TichuState, seat: int) -> set[str]:
    return {str(a) for a in GAME.legal_actions(state, seat)}


def plays(state: TichuState, seat: int) -> set[str]:
    """Legal plays and passes (no calls, no gifts)."""
    return {t for t in legal(state, seat) if t.startswith(("play", "pass"))}


def shuffle_for(hands14: Mapping[int, str]) -> ChanceOutcome:
    """The deal outcome giving seats exactly these 14 cards each (first 8 before the Grand
    Tichu window, in canonical order); unnamed seats share the remaining cards."""
    masks = {s: parse_cards(t) for s, t in hands14.items()}
    used = 0
    for m in masks.values():
        used |= m
    rest = [c for c in iter_cards((NORMAL_MASK | parse_cards("MJ DOG PHX DRG")) & ~used)]
    cards = {s: list(iter_cards(masks[s])) if s in masks else [] for s in range(4)}
    for s in range(4):
        while len(cards[s]) < 14:
            cards[s].append(rest.pop(0))
    order = [c for s in range(4) for c in cards[s][:8]] + [
        c for s in range(4) for c in cards[s][8:]
    ]
    return ChanceOutcome("shuffle", tuple(order))


def dealt(hands14: Mapping[int, str] | None = None, config: TichuConfig = STANDARD) -> TichuState:
    """A new match right after the first deal (GRAND phase, or EXCHANGE without Grand)."""
    return GAME.apply_chance(GAME.new(config), shuffle_for(hands14 or {})).state


def to_play(
    hands14: Mapping[int, str] | None = None,
    exchanges: Mapping[int, str] | None = None,
    config: TichuConfig = STANDARD,
) -> TichuState:
    """Deal, nobody calls Grand Tichu, exchange (default: each seat's three lowest cards)."""
    state = dealt(hands14, config)
    if state.phase is Phase.GRAND:
        state = acts(state, *((s, "nogrand") for s in range(4)))
    for s in range(4):
        text = (exchanges or {}).get(s)
        state = give(state, s, text) if text else default_exchange(state, s)
    assert state.phase is Phase.PLAY
    return state


def give(state: TichuState, seat: int, cards: str) -> TichuState:
    """The three exchange choices ``exchange C to N``: cards for seat+1, +2, +3 in order."""
    for k, card in enumerate(cards.split(), start=1):
        state = act(state, seat, f"exchange {card} to {(seat + k) % 4}")
    return state


def default_exchange(state: TichuState, seat: int) -> TichuState:
    """The seat's three default (timeout) exchange choices."""
    while not state.exchanged(seat):
        state = act(state, seat, str(GAME.default_action(state, seat)))
    return state


class Points:
    """Hands out distinct point cards worth a given total (Dragon, 10s, Ks, 5s; the Phoenix
    only as an ``extra``), greedily from the highest."""

    def __init__(self, taken: str = "") -> None:
        deck = (NORMAL_MASK | 1 << DRG) & ~parse_cards(taken)
        self.free = [c for c in iter_cards(deck) if card_points(c)]
        self.free.sort(key=card_points, reverse=True)

    def take(self, n: int, extra: str = "") -> str:
        """Cards worth ``n`` points (plus the ``extra`` cards, counted in ``n``)."""
        mask = parse_cards(extra)
        n -= sum(card_points(c) for c in iter_cards(mask))
        for c in list(self.free):
            if 0 < card_points(c) <= n:
                self.free.remove(c)
                mask |= 1 << c
                n -= card_points(c)
        assert n == 0, "cannot make these points"
        return format_cards(mask)


def with_state(state: TichuState, **changes: object) -> TichuState:
    return replace(state, **changes)  # type: ignore[arg-type]
