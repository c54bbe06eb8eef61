"""The Mah Jong wish: tichu-cases.md section I (108-140)."""

from __future__ import annotations

import pytest

from cardroom.engine import IllegalActionError, InvalidNotationError, NotActiveError
from cardroom.games.tichu import TichuConfig, TichuState
from cardroom.games.tichu.state import Phase

from .helpers import GAME, act, acts, legal, plays, position

PAD = {0: 4, 1: 4, 2: 4, 3: 4}


def check(state: TichuState, seat: int, yes: list[str], no: list[str], rule: str) -> None:
    for text in yes:
        assert text in legal(state, seat), text
        act(state, seat, text)
    for text in no:
        assert text not in legal(state, seat), text
        with pytest.raises(IllegalActionError, match=rule):
            act(state, seat, text)


def mj_led(wish: str, hands: dict[int, str], pad: dict[int, int] | None = None) -> TichuState:
    state = position({0: "MJ", **hands}, turn=0, pad=PAD if pad is None else pad)
    return act(act(state, 0, "play MJ"), 0, f"wish {wish}")


@pytest.mark.parametrize(
    ("wish", "ok"),
    [("2", True), ("A", True), ("1", False), ("DRG", False), ("PHX", False), ("DOG", False)],
    ids=["case_108_2", "case_108_A", "case_108_1", "case_108_DRG", "case_108_PHX", "case_108_DOG"],
)
def test_case_108_wishable_ranks(wish: str, ok: bool) -> None:
    state = act(position({0: "MJ"}, turn=0, pad=PAD), 0, "play MJ")
    text = f"wish {wish}"
    if ok:
        assert act(state, 0, text).wish == {"2": 2, "A": 14}[wish]
    else:
        check(state, 0, [], [text], "R8.1.1")


def test_case_109_no_wish() -> None:
    state = position({0: "MJ"}, turn=0, pad=PAD)
    assert act(act(state, 0, "play MJ"), 0, "nowish").wish is None
    mandatory = position({0: "MJ"}, turn=0, pad=PAD, config=TichuConfig(wish_mandatory=True))
    mandatory = act(mandatory, 0, "play MJ")
    check(mandatory, 0, ["wish 5"], ["nowish"], "R8.1.1")


def test_case_110_basic_obligation() -> None:
    state = mj_led("8", {1: "8G 9K"})
    check(state, 1, ["play 8G"], ["pass", "play 9K"], "R8.1.6")
    assert act(state, 1, "play 8G").wish is None


def test_case_111_112_not_holding_the_rank_and_phoenix_does_not_fulfil() -> None:
    state = mj_led("8", {1: "PHX", 2: "8B"})
    check(state, 1, ["pass", "play PHX"], [], "")
    state = act(state, 1, "play PHX")
    assert state.wish == 8
    check(state, 2, ["play 8B"], ["pass"], "R8.1.6")


def test_case_113_pair_with_the_phoenix() -> None:
    state = position({1: "8G PHX 9G 9K"}, trick=[(0, "5G 5K")], turn=1, wish="8", pad=PAD)
    assert plays(state, 1) == {"play 8G PHX(=8)"}
    check(state, 1, ["play 8G PHX(=8)"], ["play 9G 9K", "play 9G PHX(=9)", "pass"], "R8.1.6")
    assert act(state, 1, "play 8G PHX").wish is None  # undeclared: resolved (R6.3.4)


def test_case_114_single_natural_card_cannot_form_the_type() -> None:
    state = position({1: "8G 9G 9K"}, trick=[(0, "5G 5K")], turn=1, wish="8", pad=PAD)
    check(state, 1, ["pass", "play 9G 9K"], [], "")


def test_case_115_cannot_beat() -> None:
    state = position({1: "8G 8K"}, trick=[(0, "AG AK")], turn=1, wish="8", pad=PAD)
    assert plays(state, 1) == {"pass"}


def test_case_116_four_of_a_kind_is_the_only_way() -> None:
    state = position({1: "8G 8K 8B 8R"}, trick=[(0, "AK")], turn=1, wish="8", pad=PAD)
    assert plays(state, 1) == {"play 8G 8K 8B 8R"}
    check(state, 1, [], ["pass"], "R8.1.6")
    assert act(state, 1, "play 8G 8K 8B 8R").wish is None


def test_case_117_straight_flush_is_the_only_way() -> None:
    state = position(
        {1: "8R 4B 5B 6B 7B 8B"}, trick=[(0, "DRG")], turn=1, wish="8", pad=PAD | {1: 0}
    )
    assert plays(state, 1) == {"play 4B 5B 6B 7B 8B"}


def test_case_118_straight_completed_by_the_phoenix() -> None:
    top = [(0, "2K 3B 4R 5G 6K")]
    state = position({1: "5R 6B 7R 8K PHX"}, trick=top, turn=1, wish="7", pad=PAD | {1: 0})
    assert plays(state, 1) == {"play 5R 6B 7R 8K PHX(=4)", "play 5R 6B 7R 8K PHX(=9)"}
    check(state, 1, [], ["pass"], "R8.1.6")
    assert act(state, 1, "play 5R 6B 7R 8K PHX").top.describe() == "straight 5-9"  # type: ignore[union-attr]


def test_case_119_same_without_a_natural_seven() -> None:
    top = [(0, "2K 3B 4R 5G 6K")]
    state = position({1: "5R 6B 8K 9R PHX"}, trick=top, turn=1, wish="7", pad=PAD | {1: 0})
    assert "pass" in plays(state, 1)
    assert act(state, 1, "play 5R 6B 8K 9R PHX(=7)").wish == 7


def test_case_120_must_break_a_straight() -> None:
    state = position(
        {1: "3G 4K 5B 6R 7G 8K 9B"}, trick=[(0, "5K")], turn=1, wish="7", pad=PAD | {1: 0}
    )
    assert plays(state, 1) == {"play 7G"}
    check(state, 1, [], ["play 6R", "pass"], "R8.1.6")


def test_case_121_full_house_obligation() -> None:
    trick = [(0, "4G 4K 4B 2G 2K")]
    state = position({1: "5G 5B 5R 9G 9K"}, trick=trick, turn=1, wish="9", pad=PAD | {1: 0})
    assert plays(state, 1) == {"play 5G 5B 5R 9G 9K"}


def test_case_122_stairs_obligation_via_phoenix() -> None:
    trick = [(0, "3G 3K 4B 4R")]
    state = position({1: "6G 7K 7B PHX"}, trick=trick, turn=1, wish="6", pad=PAD | {1: 0})
    assert plays(state, 1) == {"play 6G 7K 7B PHX(=6)"}


@pytest.mark.parametrize(
    ("top", "expected"),
    [("8G 8K 8B 8R", {"pass"}), ("5G 5K 5B 5R", {"play 7G 7K 7B 7R"})],
    ids=["case_123_free", "case_123_bound"],
)
def test_case_123_top_is_a_bomb(top: str, expected: set[str]) -> None:
    state = position({1: "7G 7K 7B 7R"}, trick=[(0, top)], turn=1, wish="7", pad=PAD)
    assert plays(state, 1) == expected


def test_case_124_leading_while_holding_the_rank() -> None:
    state = position({0: "7G 3K 4B 5R 6G 2G 2K 2B 2R DOG"}, turn=0, wish="7")
    check(state, 0, ["play 3K 4B 5R 6G 7G", "play 7G"], ["play 3K", "play 2G 2K 2B 2R"], "R8.1.8")
    check(state, 0, [], ["play DOG"], "R8.1.9")


def test_case_125_leading_with_a_phoenix_in_place_of_the_natural_card() -> None:
    state = position({0: "3G 4K 5B 6R 7G PHX"}, turn=0, wish="7")
    check(
        state,
        0,
        ["play 3G 4K 5B 6R 7G", "play 3G 4K 5B 6R 7G PHX(=8)"],
        ["play 3G 4K 5B 6R PHX(=7)"],
        "R8.1.8",
    )


S1_126 = "3G 4G 5K 6K 7B 8B 9R 10R JG QK KG KK KB KR"


def test_case_126_127_bomb_escape_then_fulfil_on_the_lead() -> None:
    state = mj_led("8", {1: S1_126}, pad={0: 2, 2: 2, 3: 2})
    state = act(state, 1, "play KG KK KB KR")
    assert state.wish == 8 and state.turn == 2
    state = acts(state, (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.trick_over and state.turn == 1
    check(state, 1, ["play 3G 4G 5K 6K 7B 8B 9R 10R JG QK", "play 8B"], ["play 3G"], "R8.1.8")


def test_case_128_another_player_may_be_forced_to_over_bomb() -> None:
    state = mj_led("8", {1: S1_126, 3: "4R 5R 6R 7R 8R"}, pad={0: 2, 2: 2})
    state = acts(state, (1, "play KG KK KB KR"), (2, "pass"))
    assert plays(state, 3) == {"play 4R 5R 6R 7R 8R"}
    check(state, 3, [], ["pass"], "R8.1.6")
    assert act(state, 3, "play 4R 5R 6R 7R 8R").wish is None


def test_case_129_any_bomb_instead_of_the_wished_card() -> None:
    state = mj_led("7", {1: "2G 2K 2B 2R 4G 5K 6B 7R 8G 9K"})
    assert plays(state, 1) == {"play 7R", "play 2G 2K 2B 2R"}
    check(state, 1, [], ["play 9K", "pass"], "R8.1.6")
    state = acts(state, (1, "play 2G 2K 2B 2R"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert "play 4G 5K 6B 7R 8G 9K" in plays(state, 1)


def test_case_130_wish_cleared_by_someone_elses_out_of_turn_bomb() -> None:
    state = position({2: "8G 8K 8B 8R"}, trick=[(0, "3G")], turn=1, wish="8", pad=PAD)
    assert act(state, 2, "play 8G 8K 8B 8R").wish is None


def test_case_131_wished_rank_held_only_as_a_four_of_a_kind() -> None:
    state = position({1: "8G 8K 8B 8R"}, trick=[(0, "5G 5K")], turn=1, wish="8", pad=PAD)
    pairs = {
        f"play {a} {b}"
        for a, b in [
            ("8G", "8K"),
            ("8G", "8B"),
            ("8G", "8R"),
            ("8K", "8B"),
            ("8K", "8R"),
            ("8B", "8R"),
        ]
    }
    assert plays(state, 1) == pairs | {"play 8G 8K 8B 8R"}


def test_case_132_wish_survives_the_trick() -> None:
    state = mj_led("9", {1: "2G", 2: "AK 3B", 3: "9R"})
    state = acts(state, (1, "play 2G"), (2, "play AK"), (3, "pass"), (0, "pass"), (1, "pass"))
    assert state.trick_over and state.turn == 2 and state.wish == 9
    state = act(state, 2, "play 3B")
    check(state, 3, ["play 9R"], ["pass"], "R8.1.6")


def test_case_133_the_wisher_is_bound_too() -> None:
    state = position({0: "9G"}, trick=[(3, "4K")], turn=0, wish="9", pad=PAD)
    assert plays(state, 0) == {"play 9G"}


def test_case_134_natural_card_inside_a_phoenix_pair_fulfils() -> None:
    state = position({1: "7G PHX"}, trick=[(0, "5G 5K")], turn=1, wish="7", pad=PAD)
    assert act(state, 1, "play 7G PHX").wish is None


def test_case_135_wish_for_an_exhausted_rank() -> None:
    state = position({0: "MJ"}, turn=0, pad=PAD, piles={1: "5G 5K 5B 5R"})
    state = acts(state, (0, "play MJ"), (0, "wish 5"))
    assert state.wish == 5
    assert "pass" in plays(state, 1)


def test_case_136_wish_made_with_a_mah_jong_straight() -> None:
    state = position({0: "MJ 2K 3B 4R 5G", 1: "2G 3K 4B 5R 6G"}, turn=0, pad=PAD | {1: 0})
    state = acts(state, (0, "play MJ 2K 3B 4R 5G"), (0, "wish 6"))
    assert plays(state, 1) == {"play 2G 3K 4B 5R 6G"}


def test_case_137_wish_ends_with_the_round() -> None:
    state = position({2: "KR", 3: "9G"}, trick=[(3, "10G")], turn=2, out=(0, 1), wish="9")
    state = act(state, 2, "play KR")
    assert state.phase is Phase.DEAL and state.wish is None


def test_case_138_dragon_on_top_phoenix_in_hand() -> None:
    state = position({1: "8G PHX"}, trick=[(0, "DRG")], turn=1, wish="8", pad=PAD)
    assert plays(state, 1) == {"pass"}


def test_case_139_phoenix_single_not_allowed_when_bound() -> None:
    state = position({1: "9G PHX"}, trick=[(0, "5K")], turn=1, wish="9", pad=PAD)
    check(state, 1, ["play 9G"], ["play PHX"], "R8.1.6")


def test_case_140_out_players_are_irrelevant() -> None:
    state = position({0: "3G"}, turn=0, wish="9", out=(1,), pad={0: 4, 2: 4, 3: 4})
    assert act(state, 0, "play 3G").turn == 2


def test_the_wish_is_a_decision_of_its_own_before_anyone_acts() -> None:
    """R8.1.1: after the Mah Jong only its player acts (wish or no wish); no bomb, no call,
    and the next seat waits; the old ``wish=`` notation is refused."""
    state = position({0: "MJ 3G", 2: "7G 7K 7B 7R"}, turn=0, pad=PAD | {2: 0})
    with pytest.raises(InvalidNotationError, match="wish"):
        act(state, 0, "play MJ wish=8")
    state = act(state, 0, "play MJ")
    assert state.phase is Phase.PLAY and state.wisher == 0
    public = GAME.observe(state, 1).to_json()
    assert public["phase"] == "wish" and public["turn"] == 0 and not public["lead"]
    assert legal(state, 0) == {
        "nowish",
        *(f"wish {r}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]),
    }
    assert legal(state, 1) == legal(state, 2) == set()
    assert GAME.active_seats(state) == {0}
    with pytest.raises(NotActiveError, match=r"R8\.1\.1"):
        act(state, 2, "play 7G 7K 7B 7R")
    with pytest.raises(IllegalActionError, match=r"R8\.1\.1"):
        act(state, 0, "play 3G")
    after = act(state, 0, "wish 8")
    assert after.wish == 8 and after.wisher is None and after.turn == 1
    assert "play 7G 7K 7B 7R" in legal(after, 2)


def test_no_wish_decision_when_the_mah_jong_ends_the_round() -> None:
    state = position({0: "MJ", 1: "5G"}, turn=0, out=(2, 3), pad={1: 0})
    after = act(state, 0, "play MJ")
    assert after.wisher is None and after.phase is not Phase.PLAY
