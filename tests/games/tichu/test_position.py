"""Positions as text (``position.py``): round-trips on random play and one test per refusal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.engine.errors import EngineError, InvalidNotationError
from cardroom.games.tichu import GAME, TichuConfig
from cardroom.games.tichu.position import (
    InvalidPositionError,
    from_text,
    normalise,
    to_text,
    validate,
)
from cardroom.games.tichu.state import Phase

from .test_properties import NO_GRAND, OPTIONS, random_rounds

CONFIGS = {"standard": TichuConfig(), "options": OPTIONS, "no_grand": NO_GRAND}


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), name=st.sampled_from(sorted(CONFIGS)))
def test_round_trip_on_random_play(seed: int, name: str) -> None:
    for state in random_rounds(CONFIGS[name], seed, 3):
        if state.phase is not Phase.PLAY:
            continue
        text = to_text(state)
        again = from_text(text)
        assert again == normalise(state), text
        if state.last_round is None:
            assert again == state
        assert to_text(again) == text
        for seat in range(4):
            assert GAME.legal_actions(again, seat) == GAME.legal_actions(state, seat)
            seen, expected = (GAME.observe(s, seat).to_json() for s in (again, state))
            assert seen == {**expected, "last_round": None}
        assert GAME.active_seats(again) == GAME.active_seats(state)


def test_non_play_phase_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="play-phase"):
        to_text(GAME.new(TichuConfig()))


REST = "piles * / - / - / -"
OK = f"hands MJ 2K / 3G 4G / 5G 6G / 7G 8G | turn 0 | {REST}"
BASE = from_text(OK)

REFUSALS = [
    (
        "missing cards",
        "hands MJ 2K / 3G / 5G / 7G | turn 0",
        "5 cards in play, not 56: missing DOG",
    ),
    ("card twice", "hands MJ 2K / 2K 4G / 5G / 7G | turn 0 | " + REST, "2K is in two places"),
    (
        "hand > 14",
        "hands MJ / 2G 2K 2B 2R 3G 3K 3B 3R 4G 4K 4B 4R 5G 5K 5B / 6G / 7G | turn 0 | "
        "piles - / - / - / *",
        "more than 14",
    ),
    (
        "turn out",
        f"hands MJ / - / 5G / 7G | turn 1 | out 1 | {REST}",
        "seat 1 has the turn but is out",
    ),
    (
        "turn own play",
        f"hands MJ / 3G / 5G / 7G | trick 0 AG | turn 0 | {REST}",
        "cannot answer its own play",
    ),
    (
        "dragon gift wrong seat",
        f"hands AG / - / 2G / 3G | trick 1 DRG, won | passed 2 3 0 | turn 2 | out 1 | {REST}",
        "waits for seat 1's gift",
    ),
    (
        "won trick wrong leader",
        f"hands AG / 2G / 3G / 4G | trick 1 KG, won | passed 2 3 0 | turn 2 | {REST}",
        "lead is seat 1's",
    ),
    (
        "wisher did not play MJ",
        f"hands 2K / 3G / 5G / 7G | trick 0 AG | turn 1 | wish by 0 | {REST}",
        "did not just play the Mah Jong",
    ),
    ("out not empty", f"hands MJ / 3G / 5G / 7G | turn 0 | out 2 | {REST}", "must list exactly"),
    ("out missing", f"hands MJ / - / 5G / 7G | turn 0 | {REST}", "must list exactly"),
    ("double victory", f"hands - / 3G / - / 7G | turn 1 | out 0 2 | {REST}", "partners went out"),
    (
        "passes without trick",
        f"hands MJ / 3G / 5G / 7G | turn 0 | passed 2 | {REST}",
        "passes without a trick",
    ),
    (
        "top seat passed",
        f"hands MJ / 3G / 5G / 7G | trick 0 AG | passed 0 | turn 1 | {REST}",
        "cannot have passed",
    ),
    (
        "everyone passed, not won",
        f"hands MJ / 3G / 5G / 7G | trick 0 AG | passed 1 2 3 | turn 1 | {REST}",
        "the trick is won",
    ),
    (
        "won without passes",
        f"hands MJ / 3G / 5G / 7G | trick 0 AG, won | turn 0 | {REST}",
        "not every other seat",
    ),
    ("won empty", f"hands MJ / 3G / 5G / 7G | trick won | turn 0 | {REST}", "empty trick"),
    (
        "final, exempt Dragon",
        f"hands - / - / 5G / - | trick 3 DRG, final | turn 3 | out 0 1 3 | {REST} "
        "| options dragon_last_trick_exempt",
        "the last Dragon trick is kept",
    ),
    ("out twice", f"hands MJ / - / 5G / 7G | turn 0 | out 1 1 | {REST}", "a seat goes out once"),
    (
        "three out, round not over",
        f"hands - / - / 5G / - | trick 3 AG, won | passed 2 | turn 2 | out 0 1 3 | {REST}",
        "three players are out",
    ),
    ("no turn", f"hands MJ / 3G / 5G / 7G | {REST}", "no seat has the turn"),
    (
        "exchange card twice",
        f"hands MJ / 3G / 5G / 7G | turn 0 | {REST} | exchange 2G 3K 4B / 2G 6K 7B / - / -",
        "a card given twice",
    ),
    (
        "play does not beat",
        f"hands MJ / 3G / 5G / 7G | trick 0 AG, 1 KG | turn 2 | {REST}",
        "does not beat",
    ),
    ("dog in trick", f"hands MJ / 3G / 5G / 7G | trick 0 DOG | turn 2 | {REST}", "Dog never"),
    (
        "final without three out",
        f"hands MJ / - / 5G / 7G | trick 1 DRG, final | turn 1 | out 1 | {REST}",
        "'final'",
    ),
    (
        "grand without grand",
        f"hands MJ / 3G / 5G / 7G | turn 0 | calls grand - - - | {REST} "
        "| options allow_grand=false",
        "Grand Tichu call",
    ),
    ("match over", f"{OK} | match 1000:0", "the match is over"),
    (
        "phoenix single declared",
        f"hands MJ / 3G / 5G / 7G | trick 0 PHX(=5) | turn 1 | {REST}",
        "R6.4.1",
    ),
]


@pytest.mark.parametrize(
    ("text", "reason"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_validator_refuses(text: str, reason: str) -> None:
    validate(BASE)
    with pytest.raises(InvalidPositionError, match=reason):
        from_text(text)


STATE_REFUSALS = [
    ("phase", {"phase": Phase.EXCHANGE}, "play-phase states"),
    ("undealt cards", {"later": (1 << 20, 0, 0, 0)}, "cards still to be dealt"),
    ("wish rank", {"wish": 1}, "rank 2..A"),
    ("round number", {"round": 3}, "round 3 after 0 scored rounds"),
    ("scores", {"scores": (50, 0)}, "not the sum of the rounds"),
]


@pytest.mark.parametrize(
    ("changes", "reason"), [r[1:] for r in STATE_REFUSALS], ids=[r[0] for r in STATE_REFUSALS]
)
def test_validator_refuses_states_text_cannot_write(
    changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(InvalidPositionError, match=reason):
        validate(BASE.replace(**changes))  # type: ignore[arg-type]


def test_hand_written_position_plays() -> None:
    state = from_text(OK)
    assert [str(a) for a in GAME.legal_actions(state, 0)] == ["play MJ", "play 2K"]
    with pytest.raises(InvalidPositionError, match="the Mah Jong is played once"):
        wishing = from_text(
            f"hands 2K / 3G 4G / 5G 6G / 7G 8G | trick 0 MJ | turn 1 | wish by 0 | {REST}"
        )
        validate(wishing.replace(wish=7))


def test_final_dragon_trick_and_wish_decision_round_trip() -> None:
    """States random play rarely reaches: the round's last trick waiting for its Dragon gift
    (R8.3.5) and a pending wish decision (R8.1.1)."""
    final = from_text(f"hands - / - / 5G / - | trick 3 DRG, final | turn 3 | out 0 1 3 | {REST}")
    assert final.final and final.dragon_pending
    assert [str(a) for a in GAME.legal_actions(final, 3)] == ["give-dragon 0", "give-dragon 2"]
    assert from_text(to_text(final)) == final
    wishing = from_text(f"hands 2K / 3G / 5G / 7G | trick 0 MJ | turn 1 | wish by 0 | {REST}")
    assert GAME.awaited(wishing) == {0}
    assert from_text(to_text(wishing)) == wishing


def test_syntax_errors_name_the_field() -> None:
    with pytest.raises(InvalidNotationError, match="unknown position field 'hand'"):
        from_text("hand MJ")
    with pytest.raises(InvalidNotationError, match="calls: four of"):
        from_text(f"{OK} | calls tichu")
    with pytest.raises(InvalidNotationError, match="piles: not a Tichu card"):
        from_text("hands MJ / - / - / - | piles 1X / - / - / -")
    with pytest.raises(InvalidNotationError, match="wish: a rank"):
        from_text(f"{OK} | wish 1")


def test_turn_must_follow_the_passes() -> None:
    """R5.3: after a play the turn moves past each seat that passes (seat 2 cannot be to act
    while seat 1, holding cards, has not passed)."""
    text = f"hands MJ / 3G / 5G / 7G | trick 0 AG | turn 2 | {REST}"
    with pytest.raises(InvalidPositionError, match="passed should be 1"):
        from_text(text)
    assert from_text(text.replace("turn 2", "passed 1 | turn 2")).turn == 2


def test_pass_is_final_turn_skips_the_passers() -> None:
    """R5.4 [Option pass_is_final]: seat 1 passed earlier in the trick, so after seat 0's play
    the turn goes to seat 2, neither back to seat 1 nor on to seat 3."""
    text = f"hands 2K / 3G / 5G / 7G | trick 3 JG, 0 AG | passed 1 | turn 3 | {REST}"
    text += " | options pass_is_final"
    with pytest.raises(InvalidPositionError, match="seat 2 is to act"):
        from_text(text)
    with pytest.raises(InvalidPositionError, match="seat 1 passed and may not play again"):
        from_text(text.replace("turn 3", "turn 1"))
    assert from_text(text.replace("turn 3", "turn 2")).turn == 2


SAMPLE = (
    "hands 5K 8R / - / 3G 7G 7K 7B 7R / 4G 6B | trick 0 5G, 1 KG, won | passed 0 2 3 | turn 2 | "
    "wish 7 | calls tichu - - grand | out 1 | piles * / - / - / - | exchange 2G 3K 4B / 5G 6K 7B "
    "/ 8G 9K 10B / JG QK KB | match 100:0 -20:120 | options pass_is_final target_score=500"
)
TOKENS = sorted(set(SAMPLE.split()) | {"|", "/", ",", "by", "-1", "4", "PHX(=3)", "won", "final"})


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    edits=st.lists(
        st.tuples(st.integers(0, 200), st.sampled_from(TOKENS), st.booleans()), max_size=4
    )
)
def test_mutated_text_is_read_or_refused_cleanly(edits: list[tuple[int, str, bool]]) -> None:
    """Bad input gives a clear ``EngineError`` (never another exception); what is read back
    writes back to itself."""
    words = SAMPLE.split()
    for at, token, insert in edits:
        at %= len(words)
        if insert:
            words.insert(at, token)
        else:
            words[at] = token
    try:
        state = from_text(" ".join(words))
    except EngineError:
        return
    assert from_text(to_text(state)) == state


@settings(max_examples=200, deadline=None, derandomize=True)
@given(text=st.text(alphabet="hands trick|/,-0123456789JQKAGBRMPXDO()=*", max_size=60))
def test_arbitrary_text_is_refused_cleanly(text: str) -> None:
    with pytest.raises(EngineError):
        from_text(text)
