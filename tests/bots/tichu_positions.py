"""Hand-built Tichu positions for bot tests: a real engine state, seen through its observation.

Tests may build states; bots may not (they only ever get the ``SeatView`` made here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardroom.bots import SeatView
from cardroom.engine import get_game
from cardroom.games.tichu.cards import parse_cards
from cardroom.games.tichu.combos import combo_for
from cardroom.games.tichu.state import Phase, TichuState, TrickPlay

GAME = get_game("tichu")


def tichu_state(
    hand: str,
    *,
    seat: int = 0,
    top: str | None = None,
    top_seat: int = 3,
    sizes: Sequence[int] = (14, 14, 14, 14),
    phase: Phase = Phase.PLAY,
    calls: Sequence[str] = ("", "", "", ""),
    wish: int | None = None,
    trick_over: bool = False,
) -> TichuState:
    """``seat`` holds ``hand``; the other seats get ``sizes`` cards each from the rest."""
    mine = parse_cards(hand)
    on_table = parse_cards(top) if top else 0
    rest = [c for c in range(56) if not (mine | on_table) >> c & 1]
    hands = [0, 0, 0, 0]
    hands[seat] = mine
    for other in range(4):
        if other != seat:
            for c in rest[: sizes[other]]:
                hands[other] |= 1 << c
            rest = rest[sizes[other] :]
    trick = (TrickPlay(top_seat, combo_for(on_table, None, None)),) if on_table else ()
    base: TichuState = GAME.new(GAME.default_config())
    given = ((None, None, None) if phase is Phase.EXCHANGE else (2, 3, 4),) * 4  # (formatted)
    return replace(
        base,
        phase=phase,
        hands=tuple(hands),
        calls=tuple(calls),
        trick=trick,
        turn=None if phase in (Phase.GRAND, Phase.EXCHANGE) else seat,
        wish=wish,
        given=given,
        trick_over=trick_over,
    )


def view_of(state: TichuState, seat: int = 0) -> SeatView:
    return SeatView("tichu", seat, GAME.observe(state, seat).to_json(), ())


def tichu_view(hand: str, **kw: object) -> SeatView:
    seat = kw.get("seat", 0)
    assert isinstance(seat, int)
    return view_of(tichu_state(hand, **kw), seat)  # type: ignore[arg-type]
