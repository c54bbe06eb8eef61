"""Multi-move perft counts on fixed Tichu positions (``engine.testing.perft``).

Depth 1 is checked by hand; deeper counts pin move generation (out-of-turn bombs, the wish
decision, R5.6's bomb-or-lead): a change means the rules changed and must be explained.
"""

from __future__ import annotations

import pytest

from cardroom.engine.testing import perft
from cardroom.games.tichu import GAME, TichuState
from cardroom.games.tichu.position import from_text

from .helpers import acts, position


def mah_jong_lead() -> TichuState:
    """Seat 0 leads MJ 2 3 4 5 with a pair of 9s behind; seat 2 holds a bomb."""
    return from_text(
        "hands MJ 2K 3B 4R 5G 9G 9K / 6G 8K / 7G 7K 7B 7R / 10G JK | turn 0 | piles * / - / - / -"
    )


def winner_out() -> TichuState:
    """R5.6: seat 1 went out on the lying trick; seat 2, to lead, holds a bomb."""
    return from_text(
        "hands 5K 8R / - / 3G 7G 7K 7B 7R / 4G 6B | trick 0 5G, 1 KG, won | passed 0 2 3 "
        "| turn 2 | out 1 | piles * / - / - / -"
    )


def test_positions_are_what_play_makes() -> None:
    """The texts state what the moves that lead to them make (piles aside)."""
    played = acts(
        position({1: "KG", 2: "7G 7K 7B 7R 3G", 3: "4G 6B", 0: "5K 8R"}, trick=[(0, "5G")], turn=1),
        (1, "play KG"),
        (2, "pass"),
        (3, "pass"),
        (0, "pass"),
    )
    made = winner_out()
    assert played == made.replace(piles=played.piles, grand=played.grand)


def test_depth_one_by_hand() -> None:
    # 7 singles, the pair of 9s and the straight MJ-5; no bomb can be thrown on an empty table.
    state = mah_jong_lead()
    assert perft(GAME, state, 1) == 9
    legal = [str(a) for s in sorted(GAME.active_seats(state)) for a in GAME.legal_actions(state, s)]
    assert perft(GAME, state, 1) == len(legal)
    assert "play MJ 2K 3B 4R 5G" in legal and "play 9G 9K" in legal
    # R5.6: seat 2 leads one of 16 plays (3G, four 7s, six pairs, four triples, the bomb) or
    # bombs onto the lying trick.
    assert perft(GAME, winner_out(), 1) == 17
    assert sum(str(a).startswith("bomb") for a in GAME.legal_actions(winner_out(), 2)) == 1


@pytest.mark.parametrize(
    ("make", "counts"),
    [(mah_jong_lead, (9, 50, 149, 404)), (winner_out, (17, 20, 32, 119))],
    ids=["mah_jong_lead", "winner_out"],
)
def test_perft_counts(make: object, counts: tuple[int, ...]) -> None:
    state = make()  # type: ignore[operator]
    assert tuple(perft(GAME, state, d) for d in range(1, len(counts) + 1)) == counts
