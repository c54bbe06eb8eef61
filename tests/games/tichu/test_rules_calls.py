"""Deal, Grand Tichu, Tichu calls and the exchange: tichu-cases.md sections A and B."""

from __future__ import annotations

import pytest

from cardroom.engine import IllegalActionError, NotActiveError
from cardroom.games.tichu import GAME, TichuConfig, TichuState
from cardroom.games.tichu.cards import (
    DECK,
    DRG,
    MJ,
    format_card,
    iter_cards,
    mask_points,
    parse_cards,
)
from cardroom.games.tichu.events import GrandDecided
from cardroom.games.tichu.state import Phase

from .helpers import act, acts, dealt, legal, position, to_play

HAND3 = "MJ DOG 2G 3G 4G 5G 6G 6K 9B 9R JB QB KB AB"


def test_case_1_deck() -> None:
    state = dealt()
    cards = sorted(state.all_cards())
    assert cards == list(range(56))
    assert mask_points(DECK) == 100
    assert [mask_points(parse_cards(t)) for t in ("5G 5K 5B 5R", "10G 10K 10B 10R")] == [20, 40]
    assert mask_points(parse_cards("KG KK KB KR")) == 40
    assert mask_points(parse_cards("DRG")) == 25 and mask_points(parse_cards("PHX")) == -25


def test_case_2_two_phase_deal() -> None:
    state = dealt()
    assert state.phase is Phase.GRAND
    assert [h.bit_count() for h in state.hands] == [8] * 4
    assert all(legal(state, s) == {"grand", "nogrand"} for s in range(4))
    state = acts(state, *((s, "nogrand") for s in range(4)))
    assert [h.bit_count() for h in state.hands] == [14] * 4
    assert sorted(c for h in state.hands for c in iter_cards(h)) == list(range(56))
    assert all("grand" not in legal(state, s) for s in range(4))


def test_case_3_grand_on_eight_cards() -> None:
    state = act(dealt(), 1, "grand")
    assert state.calls[1] == ""  # private until all four decided (R2.3)
    state = acts(state, (0, "nogrand"), (2, "nogrand"), (3, "nogrand"))
    assert state.calls == ("", "grand", "", "")


def test_case_3_option_sequential_grand() -> None:
    state = dealt(config=TichuConfig(sequential_grand=True))
    assert GAME.active_seats(state) == {0}
    with pytest.raises(NotActiveError, match=r"R2\.3"):
        act(state, 1, "grand")
    state = act(state, 0, "grand")
    assert GAME.active_seats(state) == {1}
    assert GAME.observe(state, 3).to_json()["calls"][0] == "grand"
    assert GAME.project(GrandDecided(0, True, public=True), 3) == GrandDecided(0, True, True)
    state = acts(state, (1, "nogrand"), (2, "nogrand"), (3, "grand"))
    assert state.calls == ("grand", "", "", "grand") and state.phase is Phase.EXCHANGE


def test_case_4_grand_too_late() -> None:
    state = acts(dealt(), *((s, "nogrand") for s in range(4)))
    with pytest.raises(IllegalActionError, match=r"R2.2"):
        act(state, 1, "grand")


def test_case_5_both_partners_grand() -> None:
    state = acts(dealt(), (0, "grand"), (2, "grand"), (1, "nogrand"), (3, "nogrand"))
    assert state.calls == ("grand", "", "grand", "")


def test_case_6_grand_then_tichu_is_illegal() -> None:
    state = acts(dealt(), (0, "grand"), (1, "nogrand"), (2, "nogrand"), (3, "nogrand"))
    assert "tichu" not in legal(state, 0)
    with pytest.raises(IllegalActionError, match=r"R2.5"):
        act(state, 0, "tichu")


def test_case_7_partner_of_grand_caller_may_call_tichu() -> None:
    state = acts(dealt(), (0, "grand"), (1, "nogrand"), (2, "nogrand"), (3, "nogrand"))
    assert act(state, 2, "tichu").calls == ("grand", "", "tichu", "")


def test_case_8_tichu_before_the_exchange() -> None:
    state = acts(dealt(), *((s, "nogrand") for s in range(4)))
    assert state.phase is Phase.EXCHANGE
    assert act(state, 3, "tichu").calls[3] == "tichu"


def test_case_9_tichu_after_the_exchange_before_the_first_lead() -> None:
    state = to_play()
    for seat in range(4):
        assert "tichu" in legal(state, seat)
        assert act(state, seat, "tichu").calls[seat] == "tichu"


def test_case_10_tichu_after_passing() -> None:
    state = position({0: "3G 4G", 2: "2K"}, turn=0, pad={0: 4, 1: 14, 2: 4, 3: 4})
    state = acts(state, (0, "play 3G"), (1, "pass"), (2, "pass"), (3, "pass"))
    state = acts(state, (0, "play 4G"), (1, "pass"), (2, "pass"), (3, "pass"))
    state = act(state, 0, "play " + _lowest(state, 0))
    assert state.hands[1].bit_count() == 14
    assert act(state, 1, "tichu").calls[1] == "tichu"


def _lowest(state: TichuState, seat: int) -> str:
    return format_card(next(iter_cards(state.hands[seat])))


def test_case_11_no_tichu_after_playing() -> None:
    state = to_play({1: "MJ 3G 4G 5G 6G 7K 8K 9K 10B JB QB KB AR AK"}, {1: "5G 6G 7K"})
    assert state.turn == 1
    state = act(state, 1, "play 3G")
    assert "tichu" not in legal(state, 1)
    with pytest.raises(IllegalActionError, match=r"R3.2"):
        act(state, 1, "tichu")


def test_case_12_dog_counts_as_a_card() -> None:
    state = position({2: "DOG"}, turn=2, pad={0: 5, 1: 5, 2: 13, 3: 5})
    state = act(state, 2, "play DOG")
    with pytest.raises(IllegalActionError, match=r"R3.2"):
        act(state, 2, "tichu")


def test_case_13_out_of_turn_bomb_counts_as_a_card() -> None:
    state = position(
        {0: "3G", 3: "4G 4K 4B 4R"}, trick=[(1, "2G")], turn=2, pad={0: 3, 1: 3, 2: 3, 3: 10}
    )
    assert "tichu" in legal(state, 3)
    state = act(state, 3, "play 4G 4K 4B 4R")
    with pytest.raises(IllegalActionError, match=r"R3.2"):
        act(state, 3, "tichu")


def test_case_14_everybody_calls() -> None:
    state = acts(dealt(), (2, "grand"), (0, "nogrand"), (1, "nogrand"), (3, "nogrand"))
    state = acts(state, (0, "tichu"), (1, "tichu"), (3, "tichu"))
    assert state.calls == ("tichu", "tichu", "grand", "tichu")


@pytest.mark.parametrize("no_calls_after_out", [False, True], ids=["standard", "option"])
def test_case_15_tichu_after_someone_is_out(no_calls_after_out: bool) -> None:
    config = TichuConfig(no_calls_after_out=no_calls_after_out)
    state = position({1: "3K"}, turn=1, out=[0], pad={1: 3, 2: 3, 3: 14}, config=config)
    if no_calls_after_out:
        with pytest.raises(IllegalActionError, match=r"R3.6"):
            act(state, 3, "tichu")
    else:
        assert act(state, 3, "tichu").calls[3] == "tichu"  # scored -100 in case 170


def test_case_16_no_tichu_between_submission_and_reveal() -> None:
    state = acts(dealt(), *((s, "nogrand") for s in range(4)))
    assert "tichu" in legal(state, 1)
    submitted = act(state, 1, str(GAME.default_action(state, 1)))
    assert legal(submitted, 1) == set()
    with pytest.raises(IllegalActionError, match=r"R3.7"):
        act(submitted, 1, "tichu")
    revealed = acts(submitted, *((s, str(GAME.default_action(submitted, s))) for s in (0, 2, 3)))
    assert revealed.phase is Phase.PLAY
    assert act(revealed, 1, "tichu").calls[1] == "tichu"


# -- B. Exchange and first lead ---------------------------------------------------------------


def exchange_phase(hand0: str = "2G AK 3B DRG MJ 4G 5G 6G 7G 8G 9K 10K JK QK") -> TichuState:
    return acts(dealt({0: hand0}), *((s, "nogrand") for s in range(4)))


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("exchange 2G AK 3B", True),
        ("exchange AK AK 3B", False),  # two cards to one player / the same card twice
        ("exchange 2G 2G 3B", False),
        ("exchange 2G AK", False),
        ("exchange 2G", False),
        ("exchange 2G AK 3B 4G", False),
        ("exchange 2G AK 3R", False),  # not held
    ],
    ids=[
        "case_17_legal",
        "case_17_dup1",
        "case_17_dup2",
        "case_17_two",
        "case_17_one",
        "case_17_four",
        "case_17_not_held",
    ],
)
def test_case_17_exchange_shape(text: str, ok: bool) -> None:
    state = exchange_phase()
    if ok:
        after = act(state, 0, text)
        assert after.given[0] == tuple(GAME.parse_action(text).exchange)
        assert text in legal(state, 0)
    else:
        with pytest.raises(IllegalActionError, match=r"R4.1"):
            act(state, 0, text)
        assert text not in legal(state, 0)


def test_case_18_simultaneous_reveal() -> None:
    state = exchange_phase()
    state = act(state, 2, str(GAME.default_action(state, 2)))
    assert state.hands[2].bit_count() == 11
    assert state.given[0] is None
    before = [state.hands[s] for s in range(4)]
    state = acts(state, *((s, str(GAME.default_action(state, s))) for s in (0, 1, 3)))
    assert [h.bit_count() for h in state.hands] == [14] * 4
    for giver in range(4):
        row = state.given[giver]
        assert row is not None
        for k, c in enumerate(row, start=1):
            assert state.hands[(giver + k) % 4] >> c & 1
    assert state.hands[2] & before[2] == before[2]


def test_case_19_special_cards_may_be_passed() -> None:
    state = act(exchange_phase(), 0, "exchange DRG 2G 3B")
    state = acts(state, *((s, str(GAME.default_action(state, s))) for s in (1, 2, 3)))
    assert state.hands[1] >> DRG & 1


def test_case_20_mah_jong_changes_hands() -> None:
    state = act(exchange_phase(), 0, "exchange 2G AK MJ")
    state = acts(state, *((s, str(GAME.default_action(state, s))) for s in (1, 2, 3)))
    assert state.hands[3] >> MJ & 1
    assert state.turn == 3


def test_case_21_mah_jong_holder_need_not_play_it() -> None:
    state = to_play({3: HAND3}, {3: "9B 9R JB"})
    assert state.turn == 3
    state = act(state, 3, "play 6G 6K")
    assert state.hands[3] >> MJ & 1
    assert state.wish is None


def test_case_22_first_lead_with_the_dog() -> None:
    state = to_play({3: HAND3}, {3: "9B 9R JB"})
    state = act(state, 3, "play DOG")
    assert state.turn == 1 and not state.trick
    assert "tichu" not in legal(state, 3)
    with pytest.raises(NotActiveError):
        act(state, 3, "play MJ")
