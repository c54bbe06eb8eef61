"""Trick flow: tichu-cases.md sections E (68-70, 74), F, G, H (flow cases) and J."""

from __future__ import annotations

import pytest

from cardroom.engine import IllegalActionError, NotActiveError
from cardroom.games.tichu import GAME, TichuConfig, TichuState
from cardroom.games.tichu.cards import DOG, DRG, mask_points, parse_cards
from cardroom.games.tichu.rules import active_seats
from cardroom.games.tichu.state import Phase

from .helpers import act, acts, legal, plays, position

PAD = {0: 4, 1: 4, 2: 4, 3: 4}


def illegal(state: TichuState, seat: int, text: str, rule: str = "") -> None:
    """``text`` is rejected for ``seat`` (naming ``rule``) and is not listed as legal."""
    with pytest.raises(IllegalActionError, match=rule):
        act(state, seat, text)
    assert text not in legal(state, seat)


def allowed(state: TichuState, seat: int, text: str) -> TichuState:
    assert text in legal(state, seat)
    return act(state, seat, text)


# -- E. Phoenix as a single ------------------------------------------------------------------


def test_case_68_led_phoenix() -> None:
    state = act(position({0: "PHX", 1: "2K MJ"}, turn=0, pad=PAD), 0, "play PHX")
    assert state.top is not None and state.top.describe() == "single PHX 1½"
    allowed(state, 1, "play 2K")
    illegal(state, 1, "play MJ", "R8.1.3")


def test_case_69_phoenix_on_the_mah_jong() -> None:
    state = position({0: "MJ", 1: "PHX", 2: "2G"}, turn=0, pad=PAD)
    state = acts(state, (0, "play MJ"), (0, "nowish"))
    state = allowed(state, 1, "play PHX")
    assert state.top.describe() == "single PHX 1½"
    allowed(state, 2, "play 2G")


def test_case_70_phoenix_on_an_eight() -> None:
    state = position({1: "PHX", 2: "8K 9B"}, trick=[(0, "8G")], turn=1, pad=PAD)
    state = act(state, 1, "play PHX")
    assert state.top is not None and state.top.describe() == "single PHX 8½"
    illegal(state, 2, "play 8K", "R6.2.1")
    allowed(state, 2, "play 9B")


def test_case_74_phoenix_points_in_a_trick() -> None:
    state = position({0: "5G", 1: "PHX", 2: "KB"}, turn=0, pad=PAD)
    state = acts(
        state,
        (0, "play 5G"),
        (1, "play PHX"),
        (2, "play KB"),
        (3, "pass"),
        (0, "pass"),
        (1, "pass"),
    )
    assert state.trick_over and state.turn == 2
    state = act(state, 2, sorted(plays(state, 2))[0])
    assert mask_points(state.piles[2]) == -10


# -- F. Dragon -------------------------------------------------------------------------------


def dragon_won(out: tuple[int, ...] = ()) -> TichuState:
    hands = {0: "DRG"}
    pad = {s: 4 for s in range(4) if s not in out}
    state = position(hands, turn=0, out=out, pad=pad)
    state = act(state, 0, "play DRG")
    for seat in (1, 2, 3):
        if seat not in out:
            state = act(state, seat, "pass")
    return state


def test_case_75_dragon_wins() -> None:
    state = dragon_won()
    assert GAME.observe(state, 0).to_json()["phase"] == "dragon"
    assert legal(state, 0) == {"give-dragon 1", "give-dragon 3"}
    state = act(state, 0, "give-dragon 3")
    assert state.piles[3] >> DRG & 1
    assert state.turn == 0 and not state.trick


def test_case_76_no_gift_to_partner() -> None:
    illegal(dragon_won(), 0, "give-dragon 2", "R8.3.2")


def test_case_77_gift_to_an_opponent_who_is_out() -> None:
    state = dragon_won(out=(1,))
    state = allowed(state, 0, "give-dragon 1")
    assert state.piles[1] >> DRG & 1


def test_case_78_dragon_as_last_card() -> None:
    state = position({0: "DRG"}, turn=0, pad={1: 4, 2: 4, 3: 4})
    state = acts(state, (0, "play DRG"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.out == (0,)
    assert legal(state, 0) == {"give-dragon 1", "give-dragon 3"}
    state = act(state, 0, "give-dragon 1")
    assert state.turn == 1


def test_case_79_bombed_dragon() -> None:
    state = position({0: "DRG", 1: "2G 2K 2B 2R"}, turn=0, pad=PAD)
    state = acts(
        state, (0, "play DRG"), (1, "play 2G 2K 2B 2R"), (2, "pass"), (3, "pass"), (0, "pass")
    )
    assert state.trick_over and state.turn == 1
    assert not any(t.startswith("give-dragon") for t in legal(state, 1))
    state = act(state, 1, sorted(plays(state, 1))[0])
    assert state.piles[1] >> DRG & 1


def test_case_80_bombing_ones_own_dragon() -> None:
    state = position({0: "DRG 3G 3K 3B 3R"}, turn=0, pad=PAD)
    state = acts(state, (0, "play DRG"), (1, "pass"), (2, "pass"), (3, "pass"))
    state = allowed(state, 0, "play 3G 3K 3B 3R")
    state = acts(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.trick_over and state.turn == 0
    assert not any(t.startswith("give-dragon") for t in legal(state, 0))
    state = act(state, 0, sorted(plays(state, 0))[0])
    assert state.piles[0] >> DRG & 1


@pytest.mark.parametrize("exempt", [False, True], ids=["case_81_standard", "case_81_option"])
def test_case_81_dragon_in_the_rounds_last_trick(exempt: bool) -> None:
    config = TichuConfig(dragon_last_trick_exempt=exempt)
    state = position({2: "DRG", 3: "AG 5K"}, trick=[(3, "AG")], turn=2, out=(0, 1), config=config)
    state = act(state, 2, "play DRG")
    assert state.out == (0, 1, 2)
    if exempt:
        assert state.phase is Phase.DEAL
        assert state.piles[2] >> DRG & 1
        return
    assert legal(state, 2) == {"give-dragon 1", "give-dragon 3"}
    assert legal(state, 3) == set()  # no bomb, no call: the round is over (R9.3)
    state = act(state, 2, "give-dragon 1")
    assert state.phase is Phase.DEAL and state.piles[1] >> DRG & 1


# -- G. Dog ----------------------------------------------------------------------------------


def test_case_82_dog_passes_the_lead() -> None:
    state = act(position({0: "DOG"}, turn=0, pad=PAD), 0, "play DOG")
    assert state.turn == 2 and not state.trick
    assert GAME.observe(state, 2).to_json()["lead"] is True
    assert legal(state, 1) == set() and legal(state, 3) == set()
    assert mask_points(1 << DOG) == 0


def test_case_83_dog_cannot_be_bombed() -> None:
    state = position({0: "DOG", 1: "5G 5K 5B 5R", 2: "6G 6K 6B 6R"}, turn=0, pad=PAD)
    state = act(state, 0, "play DOG")
    assert 1 not in active_seats(state)
    with pytest.raises(NotActiveError):
        act(state, 1, "play 5G 5K 5B 5R")
    allowed(state, 2, "play 6G 6K 6B 6R")


@pytest.mark.parametrize(
    ("out", "expected", "option"),
    [((2,), 3, False), ((2, 3), 0, False), ((2,), 1, True)],
    ids=["case_84", "case_85", "case_84_option"],
)
def test_case_84_85_dog_with_partner_out(out: tuple[int, ...], expected: int, option: bool) -> None:
    config = TichuConfig(dog_to_seat_after_dog_player=option)
    pad = {s: 4 for s in range(4) if s not in out}
    state = position({0: "DOG"}, turn=0, out=out, pad=pad, config=config)
    assert act(state, 0, "play DOG").turn == expected


def test_case_86_dog_as_last_card() -> None:
    state = act(position({0: "DOG"}, turn=0, pad={1: 4, 2: 4, 3: 4}), 0, "play DOG")
    assert state.out == (0,) and state.turn == 2


def test_case_87_dog_completes_a_double_victory() -> None:
    state = position({0: "DOG"}, turn=0, out=(2,), pad={1: 4, 3: 4})
    state = act(state, 0, "play DOG")
    assert state.phase is Phase.DEAL
    assert state.scores == (200, 0)


def test_case_88_dog_inside_a_combination() -> None:
    state = position({0: "DOG 5G 2G 3K 4B 5R"}, turn=0)
    illegal(state, 0, "play DOG 5G", "R6.1")
    illegal(state, 0, "play DOG 2G 3K 4B 5R", "R6.1")


def test_case_89_dog_vs_a_pending_wish() -> None:
    state = position({0: "8G DOG"}, turn=0, wish="8", pad=PAD)
    illegal(state, 0, "play DOG", "R8.1.9")
    allowed(state, 0, "play 8G")
    free = position({0: "DOG"}, turn=0, wish="8", pad=PAD)
    allowed(free, 0, "play DOG")


# -- H. Bombs: flow --------------------------------------------------------------------------


def test_case_95_out_of_turn_bomb_and_turn_order() -> None:
    state = position({0: "5G", 3: "6G 6K 6B 6R"}, turn=0, pad=PAD)
    state = acts(state, (0, "play 5G"), (1, "pass"))
    state = allowed(state, 3, "play 6G 6K 6B 6R")
    assert state.turn == 0
    state = acts(state, (0, "pass"), (1, "pass"))
    assert not state.trick_over
    state = act(state, 2, "pass")
    assert state.trick_over and state.turn == 3


def test_case_96_bombing_ones_own_lead() -> None:
    state = act(position({0: "3G 4G 4K 4B 4R"}, turn=0, pad=PAD), 0, "play 3G")
    state = allowed(state, 0, "play 4G 4K 4B 4R")
    assert state.turn == 1


def test_case_97_bombing_the_partner() -> None:
    state = position({2: "9G 9K 9B 9R"}, trick=[(0, "KG")], turn=1, pad=PAD)
    allowed(state, 2, "play 9G 9K 9B 9R")


def test_case_98_no_bomb_on_an_empty_table() -> None:
    state = position({1: "AG AK AB AR", 3: "9G 9K 9B 9R"}, turn=1, pad=PAD)
    assert 3 not in active_seats(state)
    with pytest.raises(NotActiveError, match=r"R7.5"):
        act(state, 3, "play 9G 9K 9B 9R")
    allowed(state, 1, "play AG AK AB AR")


def test_case_99_bomb_after_the_final_pass() -> None:
    state = position({0: "KG", 2: "7G 7K 7B 7R"}, turn=0, pad=PAD)
    state = acts(state, (0, "play KG"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.trick_over and 2 in active_seats(state)
    state = allowed(state, 2, "play 7G 7K 7B 7R")
    assert not state.trick_over and state.turn == 3
    assert len(state.trick) == 2


def test_case_100_bomb_after_passing_earlier() -> None:
    state = position({0: "9G", 1: "3G 3K 3B 3R", 2: "10G"}, turn=0, pad=PAD)
    state = acts(state, (0, "play 9G"), (1, "pass"), (2, "play 10G"))
    allowed(state, 1, "play 3G 3K 3B 3R")


def test_case_103_going_out_with_a_bomb() -> None:
    state = position({3: "9G 9K 9B 9R"}, trick=[(1, "AG")], turn=2, pad={0: 4, 1: 4, 2: 4})
    state = allowed(state, 3, "play 9G 9K 9B 9R")
    assert state.out == (3,)


def test_case_104_bombed_last_play_does_not_revive() -> None:
    state = position({1: "AG", 2: "2G 2K 2B 2R"}, turn=1, pad={0: 4, 2: 4, 3: 4})
    state = acts(state, (1, "play AG"), (2, "play 2G 2K 2B 2R"))
    assert state.out == (1,)
    assert state.top is not None and state.top.is_bomb() and state.top_seat == 2


def test_case_105_no_bomb_on_the_round_ending_play() -> None:
    state = position({2: "KR", 3: "10G 5G 5K 5B 5R"}, trick=[(3, "10G")], turn=2, out=(0, 1))
    state = act(state, 2, "play KR")
    assert state.phase is Phase.DEAL
    assert state.piles[2] == parse_cards("10G KR")
    assert legal(state, 3) == set()


def test_case_107_bomb_window_order() -> None:
    state = position({0: "8G", 1: "9G 9K 9B 9R", 3: "2R 3R 4R 5R 6R"}, turn=0, pad=PAD)
    state = act(state, 0, "play 8G")
    assert {1, 3} <= active_seats(state)
    state = act(state, 1, "play 9G 9K 9B 9R")
    allowed(state, 3, "play 2R 3R 4R 5R 6R")


# -- J. Trick flow and going out -------------------------------------------------------------


def test_case_141_leader_cannot_pass() -> None:
    illegal(position({}, turn=0, pad=PAD), 0, "pass", "R5.2")


def test_case_142_re_entry_after_passing() -> None:
    state = position({0: "6G", 1: "10B", 2: "8K"}, turn=0, pad=PAD)
    state = acts(state, (0, "play 6G"), (1, "pass"), (2, "play 8K"), (3, "pass"), (0, "pass"))
    state = allowed(state, 1, "play 10B")
    assert not state.trick_over


def test_case_142_option_pass_is_final() -> None:
    config = TichuConfig(pass_is_final=True)
    state = position({0: "6G", 1: "10B", 2: "8K"}, turn=0, pad=PAD, config=config)
    state = acts(state, (0, "play 6G"), (1, "pass"), (2, "play 8K"), (3, "pass"), (0, "pass"))
    assert state.trick_over and state.turn == 2


def test_case_143_three_passes_end_the_trick() -> None:
    state = position({0: "6G"}, turn=0, pad=PAD)
    state = acts(state, (0, "play 6G"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.trick_over and state.turn == 0
    state = act(state, 0, sorted(plays(state, 0))[0])
    assert state.piles[0] == parse_cards("6G")


def test_case_144_no_ordinary_play_on_ones_own_won_trick() -> None:
    state = position({0: "6G 8K 3G 3K 3B 3R"}, turn=0, pad=PAD)
    state = acts(state, (0, "play 6G"), (1, "pass"), (2, "pass"), (3, "pass"))
    state = act(state, 0, "play 8K")  # a lead: the old trick is gathered first
    assert len(state.trick) == 1 and state.piles[0] == parse_cards("6G")
    bombed = position({0: "6G 8K 3G 3K 3B 3R"}, turn=0, pad=PAD)
    bombed = acts(bombed, (0, "play 6G"), (1, "pass"), (2, "pass"), (3, "pass"))
    bombed = act(bombed, 0, "play 3G 3K 3B 3R")
    assert bombed.piles[0] == parse_cards("6G")  # likewise a bomb is his lead


def test_case_144_option_overtrump_self() -> None:
    config = TichuConfig(overtrump_self=True)
    state = position({0: "6G 8K 3G"}, turn=0, pad=PAD, config=config)
    state = acts(state, (0, "play 6G"), (1, "pass"), (2, "pass"), (3, "pass"))
    over = act(state, 0, "play 8K")  # beats his own 6: the trick goes on
    assert len(over.trick) == 2 and over.piles[0] == 0 and over.turn == 1
    lead = act(state, 0, "play 3G")  # does not beat it: a new lead
    assert len(lead.trick) == 1 and lead.piles[0] == parse_cards("6G")


def test_case_145_winner_out_next_active_seat_leads() -> None:
    state = position({1: "KG"}, trick=[(0, "5G")], turn=1, pad=PAD | {1: 0})
    state = acts(state, (1, "play KG"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.trick_over and state.turn == 2
    state = act(state, 2, sorted(plays(state, 2))[0])
    assert state.piles[1] == parse_cards("5G KG")


def test_case_146_winner_out_next_seat_out_too() -> None:
    state = position({1: "KG"}, trick=[(0, "5G")], turn=1, out=(2,), pad={0: 4, 3: 4})
    state = acts(state, (1, "play KG"), (3, "pass"), (0, "pass"))
    assert state.trick_over and state.turn == 3


def test_case_147_pass_count_with_an_out_player() -> None:
    state = position({1: "4G"}, turn=1, out=(0,), pad={1: 4, 2: 4, 3: 4})
    state = acts(state, (1, "play 4G"), (2, "pass"), (3, "pass"))
    assert state.trick_over and state.turn == 1


def test_case_148_pass_count_when_the_top_player_just_went_out() -> None:
    state = position({1: "QG"}, trick=[(0, "5G")], turn=1, pad=PAD | {1: 0})
    state = acts(state, (1, "play QG"), (2, "pass"), (3, "pass"))
    assert not state.trick_over and state.turn == 0
    state = act(state, 0, "pass")
    assert state.trick_over and state.turn == 2


def test_case_149_out_seats_are_skipped() -> None:
    state = position({1: "5G"}, turn=1, out=(2,), pad={0: 4, 1: 4, 3: 4})
    assert act(state, 1, "play 5G").turn == 3


def test_not_your_turn_and_not_a_bomb() -> None:
    state = position({2: "9G"}, trick=[(0, "5G")], turn=1, pad=PAD)
    with pytest.raises(NotActiveError, match=r"R7.4|R5.3"):
        act(state, 2, "play 9G")
    with pytest.raises(NotActiveError):
        act(state, 2, "pass")
    with pytest.raises(IllegalActionError, match="do not hold"):
        act(state, 1, "play AR")


def test_r5_6_winner_out_the_next_seat_may_bomb_onto_the_lying_trick() -> None:
    """R5.6: the bomb joins the lying trick (its winner takes the bomb's trick later)."""
    state = position({1: "KG", 2: "7G 7K 7B 7R 3G"}, trick=[(0, "5G")], turn=1, pad=PAD | {1: 0})
    state = acts(state, (1, "play KG"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.trick_over and state.turn == 2
    assert {"bomb 7G 7K 7B 7R", "play 7G 7K 7B 7R"} <= legal(state, 2)
    bombed = act(state, 2, "bomb 7G 7K 7B 7R")
    assert len(bombed.trick) == 3 and bombed.piles[1] == 0 and not bombed.trick_over
    bombed = acts(bombed, (3, "pass"), (0, "pass"))
    assert bombed.trick_over and bombed.turn == 2
    bombed = act(bombed, 2, "play 3G")
    assert bombed.piles[2] == parse_cards("5G KG 7G 7K 7B 7R")


def test_r5_6_winner_out_the_next_seat_may_lead_instead() -> None:
    """R5.6: leading (even with the bomb) gathers the lying trick for its winner first."""
    state = position({1: "KG", 2: "7G 7K 7B 7R 3G"}, trick=[(0, "5G")], turn=1, pad=PAD | {1: 0})
    state = acts(state, (1, "play KG"), (2, "pass"), (3, "pass"), (0, "pass"))
    led = act(state, 2, "play 7G 7K 7B 7R")
    assert led.piles[1] == parse_cards("5G KG") and len(led.trick) == 1


def test_r5_6_bomb_notation_only_for_the_seat_to_lead_after_an_out_winner() -> None:
    state = position({0: "6G", 2: "7G 7K 7B 7R"}, turn=0, pad=PAD)
    state = acts(state, (0, "play 6G"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.turn == 0 and not any(t.startswith("bomb") for t in legal(state, 2))
    with pytest.raises(IllegalActionError, match=r"R5\.6"):
        act(state, 2, "bomb 7G 7K 7B 7R")
    assert len(act(state, 2, "play 7G 7K 7B 7R").trick) == 2  # the ordinary out-of-turn bomb
