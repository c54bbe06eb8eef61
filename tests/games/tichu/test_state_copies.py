"""The rules' hot state copies (``state.moved``, ``state.played``) equal ``dataclasses.replace``,
in pure Python (drafts) and by the compiled fallback alike."""

from __future__ import annotations

from dataclasses import replace

from cardroom.engine import drafts
from cardroom.games.tichu import state as st
from cardroom.games.tichu.combos import combo_for
from cardroom.games.tichu.config import TichuConfig
from cardroom.games.tichu.state import TichuState, TrickPlay

BASE = replace(
    TichuState(TichuConfig(pass_is_final=True)),
    phase=st.PLAY_PHASE,
    hands=(3, 12, 48, 192),
    calls=("tichu", "", "", ""),
    trick=(TrickPlay(1, combo_for(1 << 5, None, None)),),
    turn=2,
    passed=1,
    wish=7,
)


def test_moved_equals_replace() -> None:
    assert st.moved(BASE, 3, 5, True) == replace(BASE, turn=3, passed=5, trick_over=True)
    assert BASE.turn == 2 and BASE.passed == 1  # a copy, never a change


def test_played_equals_replace() -> None:
    changes = dict(
        hands=(3, 12, 0, 192),
        trick=(),
        turn=None,
        passed=0,
        trick_over=False,
        final=True,
        wish=None,
        wisher=2,
        out=(2,),
        piles=(0, 0, 48, 0),
    )
    expected = replace(BASE, **changes)  # type: ignore[arg-type]
    assert st.played(BASE, *changes.values()) == expected
    assert type(st.played(BASE, *changes.values())) is TichuState


def test_copier_refuses_unknown_fields() -> None:
    try:
        drafts.copier(TichuState, ("turn", "nope"))
    except ValueError as exc:
        assert "nope" in str(exc)
    else:
        raise AssertionError("copier accepted a field TichuState lacks")


def test_replace_equals_dataclasses_replace() -> None:
    for _ in range(2):  # the second time from the memoised copiers
        assert BASE.replace(turn=0, wish=None) == replace(BASE, turn=0, wish=None)
        assert BASE.replace(wish=None, turn=0) == replace(BASE, turn=0, wish=None)
        assert BASE.replace() == BASE and BASE.replace() is not BASE
