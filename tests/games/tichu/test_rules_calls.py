"""Deal, Grand Tichu, Tichu calls and the exchange: tichu-cases.md sections A and B."""

from __future__ import annotations

import pytest

from cardroom.engine import IllegalActionError, InvalidNotationError, NotActiveError
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

from .helpers import act, acts, dealt, default_exchange, give, legal, position, to_play

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
    submitted = default_exchange(state, 1)
    assert legal(submitted, 1) == set()
    with pytest.raises(IllegalActionError, match=r"R3.7"):
        act(submitted, 1, "tichu")
    revealed = submitted
    for s in (0, 2, 3):
        revealed = default_exchange(revealed, s)
    assert revealed.phase is Phase.PLAY
    assert act(revealed, 1, "tichu").calls[1] == "tichu"


# -- B. Exchange and first lead ---------------------------------------------------------------


def exchange_phase(hand0: str = "2G AK 3B DRG MJ 4G 5G 6G 7G 8G 9K 10K JK QK") -> TichuState:
    return acts(dealt({0: hand0}), *((s, "nogrand") for s in range(4)))


@pytest.mark.parametrize(
    ("texts", "ok"),
    [
        (["exchange 2G to 1", "exchange AK to 2", "exchange 3B to 3"], True),
        (["exchange AK to 1", "exchange 3B to 1"], False),  # two cards to one player
        (["exchange 2G to 1", "exchange 2G to 2"], False),  # the same card twice
        (["exchange 2G to 0"], False),  # to oneself
        (["exchange 3R to 1"], False),  # not held
    ],
    ids=[
        "case_17_legal",
        "case_17_two_to_one",
        "case_17_twice",
        "case_17_self",
        "case_17_not_held",
    ],
)
def test_case_17_exchange_shape(texts: list[str], ok: bool) -> None:
    state = exchange_phase()
    *before, last = texts
    for text in before:
        assert text in legal(state, 0)
        state = act(state, 0, text)
    if ok:
        assert last in legal(state, 0)
        after = act(state, 0, last)
        assert after.given[0] == tuple(GAME.parse_action(t).cards.bit_length() - 1 for t in texts)
    else:
        with pytest.raises(IllegalActionError, match=r"R4.1"):
            act(state, 0, last)
        assert last not in legal(state, 0)


def test_case_17_exchange_lists_one_card_per_open_seat() -> None:
    """R4.1 as three sub-decisions: 14 × 3 choices, then 13 × 2, then 12; old text refused."""
    state = exchange_phase()
    exchanges = [t for t in legal(state, 0) if t.startswith("exchange")]
    assert len(exchanges) == 42
    state = act(state, 0, "exchange AK to 2")
    exchanges = [t for t in legal(state, 0) if t.startswith("exchange")]
    assert len(exchanges) == 26 and not any(t.endswith(" to 2") or " AK " in t for t in exchanges)
    mine = GAME.observe(state, 0).to_json()
    assert mine["exchange"] == {"given": {"2": "AK"}, "received": {}}
    assert mine["decided"] == [False] * 4
    assert GAME.observe(state, 1).to_json()["exchange"] is None
    with pytest.raises(InvalidNotationError, match="exchange C to N"):
        act(state, 0, "exchange 2G 3B 4G")


def test_case_18_simultaneous_reveal() -> None:
    state = exchange_phase()
    state = default_exchange(state, 2)
    assert state.hands[2].bit_count() == 11
    assert state.given[0] == (None, None, None)
    before = [state.hands[s] for s in range(4)]
    for s in (0, 1, 3):
        state = default_exchange(state, s)
    assert [h.bit_count() for h in state.hands] == [14] * 4
    for giver in range(4):
        row = state.given[giver]
        for k, c in enumerate(row, start=1):
            assert c is not None and state.hands[(giver + k) % 4] >> c & 1
    assert state.hands[2] & before[2] == before[2]


def test_case_19_special_cards_may_be_passed() -> None:
    state = give(exchange_phase(), 0, "DRG 2G 3B")
    for s in (1, 2, 3):
        state = default_exchange(state, s)
    assert state.hands[1] >> DRG & 1


def test_case_20_mah_jong_changes_hands() -> None:
    state = give(exchange_phase(), 0, "2G AK MJ")
    for s in (1, 2, 3):
        state = default_exchange(state, s)
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
