"""Tichu combinations: the conformance cases of tichu-cases.md §C, §D, §E and §H (combo level).

Each table row names its case (``case_41``). Plays are written as in the cases; a Phoenix in a
multi-card play may carry its rank as ``PHX(=5)``. A "trick" is the plays so far, separated by
``/``; its top is the last one, each resolved against the one before (so ``8G / PHX`` is the
Phoenix worth 8½).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.engine.errors import IllegalActionError
from cardroom.games.tichu.cards import PHX, RANK_VALUES, parse_cards
from cardroom.games.tichu.combos import (
    Combo,
    Kind,
    beats,
    combo_for,
    enumerate_bombs,
    enumerate_plays,
    has_bomb,
    readings,
)

_DECLARED = re.compile(r"PHX\(=(\w+)\)", re.IGNORECASE)


def parse_play(text: str) -> tuple[int, int | None]:
    """``"KG KK 5B 5R PHX(=5)"`` → (mask, 5); a bare ``PHX`` declares nothing."""
    match = _DECLARED.search(text)
    declared = None
    if match:
        word = match.group(1).upper()
        declared = RANK_VALUES[word] if word in RANK_VALUES else int(word)
    return parse_cards(_DECLARED.sub("PHX", text)), declared


def play(text: str, top: Combo | None = None) -> Combo:
    cards, declared = parse_play(text)
    return combo_for(cards, declared, top)


def trick_top(trick: str) -> Combo | None:
    """The top after the plays of ``trick`` (``""`` = empty table)."""
    top = None
    for text in filter(None, (t.strip() for t in trick.split("/"))):
        top = play(text, top)
    return top


def shape(c: Combo) -> tuple[Kind, int, int, int | None]:
    return c.kind, c.strength, c.length, c.phoenix_as


S, P, T, FH, ST, SR, B = (
    Kind.SINGLE,
    Kind.PAIR,
    Kind.TRIPLE,
    Kind.FULL_HOUSE,
    Kind.STRAIGHT,
    Kind.STAIRS,
    Kind.BOMB,
)

# (case id, cards, every reading as (kind, strength in half-steps, length, phoenix_as))
RECOGNITION = [
    ("case_23_single", "7B", [(S, 14, 1, None)]),
    ("case_23_mahjong", "MJ", [(S, 2, 1, None)]),
    ("case_23_dragon", "DRG", [(S, 30, 1, None)]),
    ("case_23_led_phoenix", "PHX", [(S, 3, 1, None)]),
    ("case_23_dog", "DOG", [(S, 0, 1, None)]),
    ("case_24_pair", "9G 9R", [(P, 18, 2, None)]),
    ("case_24_phoenix_pair", "PHX 9G", [(P, 18, 2, 9)]),
    ("case_25_phx_mj", "PHX MJ", []),
    ("case_25_phx_drg", "PHX DRG", []),
    ("case_25_phx_dog", "PHX DOG", []),
    ("case_26_triple", "4G 4K PHX", [(T, 8, 3, 4)]),
    ("case_27_three_plus_phoenix", "8G 8K 8B PHX", []),
    ("case_28_full_house", "3G 3K 3B 2G 2R", [(FH, 6, 5, None)]),
    ("case_28_full_house_low", "2G 2K 2B AG AR", [(FH, 4, 5, None)]),
    ("case_29_phoenix_pair", "KG KK KB 5G PHX", [(FH, 26, 5, 5)]),
    ("case_30_ambiguous", "KG KK 5B 5R PHX", [(FH, 10, 5, 5), (FH, 26, 5, 13)]),
    ("case_31_four_plus_phoenix", "7G 7K 7B 7R PHX", []),
    ("case_31_four_aces_plus_phoenix", "AG AK AB AR PHX", []),
    ("case_32_stairs", "5G 5K 6B 6R", [(SR, 12, 4, None)]),
    ("case_32_lowest_stairs", "2G 2K 3B 3R", [(SR, 6, 4, None)]),
    ("case_33_gap", "5G 5K 7B 7R", []),
    ("case_33_gap_long", "4G 4K 5B 5R 7G 7K", []),
    ("case_34_phoenix_stairs", "5G 5K 6B PHX", [(SR, 12, 4, 6)]),
    ("case_34_phoenix_stairs_long", "5G PHX 6B 6R 7G 7K", [(SR, 14, 6, 5)]),
    ("case_35_chained_triples", "5G 5K 5B 6G 6K 6B", []),
    ("case_36_mahjong_stairs", "MJ PHX 2G 2K", []),
    ("case_36_mahjong_triple", "MJ 2G 2K", []),
    ("case_37_straight", "3G 4K 5B 6R 7G", [(ST, 14, 5, None)]),
    ("case_38_mahjong_straight", "MJ 2K 3B 4R 5G", [(ST, 10, 5, None)]),
    ("case_39_no_wrap_ace", "AG 2K 3B 4R 5G", []),
    ("case_39_no_wrap_king", "KG AK 2B 3R 4G", []),
    ("case_40_too_short", "3G 4K 5B 6R", []),
    ("case_41_gap", "3G 4K PHX 6R 7G", [(ST, 14, 5, 5)]),
    ("case_42_two_gaps", "3G PHX 5B 7R 9G", []),
    ("case_43_either_end", "3G 4K 5B 6R PHX", [(ST, 12, 5, 2), (ST, 14, 5, 7)]),
    ("case_44_never_one", "PHX 2K 3B 4R 5G", [(ST, 12, 5, 6)]),
    ("case_45_never_above_ace", "JG QK KB AR PHX", [(ST, 28, 5, 10)]),
    ("case_46_thirteen_naturals", "2G 3K 4B 5R 6G 7K 8B 9R 10G JK QB KR AG PHX", []),
    (
        "case_47_full_length",
        "MJ 2G 3K 4B 5R 6G 7K 8B 9R 10G JK QB KR PHX",
        [(ST, 28, 14, 14)],
    ),
    ("case_48_mahjong_phoenix", "MJ PHX 3K 4B 5R", [(ST, 10, 5, 2)]),
    ("case_49_dragon_pair", "DRG AG", []),
    ("case_49_dragon_straight", "DRG 10G JK QB KR", []),
    ("case_49_dog_straight", "DOG 2G 3K 4B 5R", []),
    ("case_50_straight_flush", "3G 4G 5G 6G 7G", [(B, 14, 5, None)]),
    ("case_51_suit_plus_phoenix", "3G 4G 5G 6G PHX", [(ST, 12, 5, 2), (ST, 14, 5, 7)]),
    ("case_52_mahjong_suit", "MJ 2G 3G 4G 5G", [(ST, 10, 5, None)]),
    ("case_53_flush_plus_offsuit", "3G 4G 5G 6G 7G 8K", [(ST, 16, 6, None)]),
    ("case_54_longest_flush", "2G 3G 4G 5G 6G 7G 8G 9G 10G JG QG KG AG", [(B, 28, 13, None)]),
    ("case_88_dog_pair", "DOG 5G", []),
    ("case_91_four_of_a_kind", "9G 9K 9B 9R", [(B, 18, 4, None)]),
    ("case_106_phoenix_no_bomb", "7G 7K 7B PHX", []),
]


@pytest.mark.parametrize(
    ("cards", "expected"), [r[1:] for r in RECOGNITION], ids=[r[0] for r in RECOGNITION]
)
def test_readings(cards: str, expected: list[tuple[Kind, int, int, int | None]]) -> None:
    mask = parse_cards(cards)
    found = readings(mask)
    assert [shape(c) for c in found] == expected
    assert all(c.cards == mask for c in found)


# (case id, play, trick, expected shape of the combination played)
CHOSEN = [
    ("case_30_default_highest", "KG KK 5B 5R PHX", "", (FH, 26, 5, 13)),
    ("case_30_declared_low", "KG KK 5B 5R PHX(=5)", "", (FH, 10, 5, 5)),
    ("case_43_default_highest", "3G 4K 5B 6R PHX", "", (ST, 14, 5, 7)),
    ("case_43_declared_two", "3G 4K 5B 6R PHX(=2)", "", (ST, 12, 5, 2)),
    ("case_51_default", "3G 4G 5G 6G PHX", "", (ST, 14, 5, 7)),
    ("case_61_forced_by_top", "KG KK 5B 5R PHX", "QG QK QB 2G 2K", (FH, 26, 5, 13)),
    ("case_62_forced_by_top", "3G 4K 5B 6R PHX", "2K 3B 4R 5G 6K", (ST, 14, 5, 7)),
    ("case_68_led_phoenix", "PHX", "", (S, 3, 1, None)),
    ("case_69_phoenix_on_mahjong", "PHX", "MJ", (S, 3, 1, None)),
    ("case_70_phoenix_on_eight", "PHX", "8G", (S, 17, 1, None)),
    ("case_71_phoenix_on_ace", "PHX", "AG", (S, 29, 1, None)),
    ("case_73_phoenix_on_ten", "PHX", "10G", (S, 21, 1, None)),
    ("case_73_phoenix_on_pair_is_led_value", "PHX", "10G 10K", (S, 3, 1, None)),
]


@pytest.mark.parametrize(
    ("cards", "trick", "expected"), [r[1:] for r in CHOSEN], ids=[r[0] for r in CHOSEN]
)
def test_combo_for_chooses_reading(
    cards: str, trick: str, expected: tuple[Kind, int, int, int | None]
) -> None:
    assert shape(play(cards, trick_top(trick))) == expected


def test_combo_for_prefers_the_reading_that_beats() -> None:
    """R6.3.4: with top full house 10, only KKK55 beats; with top 4, the higher (K) wins."""
    cards = parse_cards("KG KK 5B 5R PHX")
    assert combo_for(cards, None, play("10G 10K 10B 2G 2K")).phoenix_as == 13
    assert combo_for(cards, None, play("4G 4K 4B 2G 2K")).phoenix_as == 13
    # Above K, nothing beats: the highest reading comes back and beats() says no.
    top = play("AG AK AB 2G 2K")
    chosen = combo_for(cards, None, top)
    assert chosen.phoenix_as == 13 and not beats(chosen, top)


# (case id, rules the error names, cards, declared Phoenix rank, trick)
REJECTED = [
    ("case_25_phoenix_mahjong", "R6.1.5 R6.1.2", "PHX MJ", None, ""),
    ("case_25_phoenix_dog", "R6.1.5 R6.1.3", "PHX DOG", None, ""),
    ("case_27", "R6.1.5 R6.3.2", "8G 8K 8B PHX", None, ""),
    ("case_31", "R6.1.5 R6.3.3", "7G 7K 7B 7R PHX", None, ""),
    ("case_33_gap", "R6.1.5", "5G 5K 7B 7R", None, ""),
    ("case_36_mahjong_stairs", "R6.1.5 R6.1.2", "MJ PHX 2G 2K", None, ""),
    ("case_44_phoenix_as_one", "R6.3.1", "PHX 2K 3B 4R 5G", 1, ""),
    ("case_45_phoenix_above_ace", "R6.3.1", "JG QK KB AR PHX", 15, ""),
    ("case_43_phoenix_not_at_that_rank", "R6.3.1", "3G 4K 5B 6R PHX", 9, ""),
    ("case_72_phoenix_on_dragon", "R6.4.3", "PHX", None, "DRG"),
    ("case_106_phoenix_bomb", "R6.1.5 R6.3.2", "7G 7K 7B PHX", None, "AG"),
    ("case_49_dragon_pair", "R6.1.5 R6.1.3", "DRG AG", None, ""),
    ("case_88_dog_straight", "R6.1.5 R6.1.3", "DOG 2G 3K 4B 5R", None, ""),
    ("declared_without_phoenix", "R6.3.1", "9G 9K", 9, ""),
    ("declared_on_phoenix_single", "R6.4.1", "PHX", 8, "7G"),
    ("empty", "R6.1.5", "", None, ""),
]


@pytest.mark.parametrize(
    ("rules", "cards", "declared", "trick"),
    [r[1:] for r in REJECTED],
    ids=[r[0] for r in REJECTED],
)
def test_combo_for_rejects(rules: str, cards: str, declared: int | None, trick: str) -> None:
    top = trick_top(trick)
    with pytest.raises(IllegalActionError) as error:
        combo_for(parse_cards(cards), declared, top)
    assert all(rule in str(error.value) for rule in rules.split()), str(error.value)
    assert str(error.value).startswith(rules.split()[0])


# (case id, trick so far, action, LEGAL?)
BEATING = [
    ("case_55_straight_length", "3G 4K 5B 6R 7G", "4G 5K 6G 7B 8G 9K", False),
    ("case_56_stairs_longer", "5G 5K 6B 6R", "7G 7K 8B 8R 9G 9K", False),
    ("case_56_stairs_same_length", "5G 5K 6B 6R", "7G 7K 8B 8R", True),
    ("case_57_pair_on_single", "7G", "8K 8B", False),
    ("case_57_triple_on_pair", "7G 7K", "8G 8K 8B", False),
    ("case_58_equal_pair", "8G 8K", "8B 8R", False),
    ("case_58_equal_straight", "2K 3B 4R 5G 6K", "2G 3K 4B 5R 6G", False),
    ("case_59_higher_straight", "3G 4K 5B 6R 7G", "4G 5K 6B 7R 8G", True),
    ("case_60_higher_triple", "4G 4K 4B AG AR", "5G 5K 5B 2G 2R", True),
    ("case_60_lower_triple", "4G 4K 4B AG AR", "3G 3K 3B KG KR", False),
    ("case_61_default_reading", "QG QK QB 2G 2K", "KG KK 5B 5R PHX", True),
    ("case_61_declared_low", "QG QK QB 2G 2K", "KG KK 5B 5R PHX(=5)", False),
    ("case_62_default_reading", "2K 3B 4R 5G 6K", "3G 4K 5B 6R PHX", True),
    ("case_62_declared_low", "2K 3B 4R 5G 6K", "3G 4K 5B 6R PHX(=2)", False),
    ("case_63_mahjong_on_two", "2G", "MJ", False),
    ("case_63_mahjong_on_led_phoenix", "PHX", "MJ", False),
    ("case_64_dog_on_single", "2G", "DOG", False),
    ("case_64_dog_on_mahjong", "MJ", "DOG", False),
    ("case_64_dog_on_led_phoenix", "PHX", "DOG", False),
    ("case_64_dog_on_pair", "3G 3K", "DOG", False),
    ("case_65_dragon_on_pair", "AG AK", "DRG", False),
    ("case_66_dragon_on_ace", "AK", "DRG", True),
    ("case_66_dragon_on_phoenix_ace", "AG / PHX", "DRG", True),
    ("case_67_same_suit", "9G", "10G", True),
    ("case_67_other_suit", "9G", "10K", True),
    ("case_68_two_on_led_phoenix", "PHX", "2K", True),
    ("case_68_mahjong_on_led_phoenix", "PHX", "MJ", False),
    ("case_69_phoenix_on_mahjong", "MJ", "PHX", True),
    ("case_69_two_on_phoenix_on_mahjong", "MJ / PHX", "2G", True),
    ("case_70_phoenix_on_eight", "8G", "PHX", True),
    ("case_70_eight_on_phoenix", "8G / PHX", "8K", False),
    ("case_70_nine_on_phoenix", "8G / PHX", "9B", True),
    ("case_71_phoenix_on_ace", "AG", "PHX", True),
    ("case_71_ace_on_phoenix", "AG / PHX", "AK", False),
    ("case_71_dragon_on_phoenix", "AG / PHX", "DRG", True),
    ("case_72_phoenix_on_dragon", "DRG", "PHX", False),
    ("case_73_jack_on_phoenix", "10G / PHX", "JK", True),
    ("case_73_ten_on_phoenix", "10G / PHX", "10B", False),
    ("case_90_bomb_on_dragon", "DRG", "2G 2K 2B 2R", True),
    ("case_90_bomb_on_straight", "9G 10K JB QR KG", "2G 2K 2B 2R", True),
    ("case_90_bomb_on_full_house", "AG AK AB KG KR", "2G 2K 2B 2R", True),
    ("case_90_bomb_on_phoenix", "AG / PHX", "2G 2K 2B 2R", True),
    ("case_91_lower_four", "9G 9K 9B 9R", "8G 8K 8B 8R", False),
    ("case_91_higher_four", "9G 9K 9B 9R", "10G 10K 10B 10R", True),
    ("case_92_flush_on_four", "AG AK AB AR", "2G 3G 4G 5G 6G", True),
    ("case_92_four_on_flush", "2G 3G 4G 5G 6G", "AG AK AB AR", False),
    ("case_93_longer_flush", "9B 10B JB QB KB", "2R 3R 4R 5R 6R 7R", True),
    ("case_93_shorter_flush", "2R 3R 4R 5R 6R 7R", "9B 10B JB QB KB", False),
    ("case_94_higher_flush", "3G 4G 5G 6G 7G", "4K 5K 6K 7K 8K", True),
    ("case_94_equal_flush", "3G 4G 5G 6G 7G", "3K 4K 5K 6K 7K", False),
    ("case_101_single_on_bomb", "4G 4K 4B 4R", "AG", False),
    ("case_101_dragon_on_bomb", "4G 4K 4B 4R", "DRG", False),
    ("case_101_higher_bomb", "4G 4K 4B 4R", "5G 5K 5B 5R", True),
    ("case_102_breaking_a_bomb", "7G 7K", "8G 8K", True),
    ("case_106_phoenix_bomb", "AG", "7G 7K 7B PHX", False),
    ("r7_5_no_bomb_on_dog", "DOG", "5G 5K 5B 5R", False),
    ("r7_5_nothing_on_dog", "DOG", "5G", False),
    ("r7_5_bomb_lead", "", "5G 5K 5B 5R", True),
    ("r8_2_dog_lead", "", "DOG", True),
]


def is_legal(trick: str, action: str) -> bool:
    """LEGAL if the play resolves to a combination that beats the top."""
    top = trick_top(trick)
    try:
        return beats(play(action, top), top)
    except IllegalActionError:
        return False


def offered(trick: str, action: str) -> bool:
    """Whether ``enumerate_plays`` lists the action for a hand holding exactly its cards."""
    cards, declared = parse_play(action)
    plays = enumerate_plays(cards, trick_top(trick))
    return any(c.cards == cards and declared in (None, c.phoenix_as) for c in plays)


@pytest.mark.parametrize(
    ("trick", "action", "legal"), [r[1:] for r in BEATING], ids=[r[0] for r in BEATING]
)
def test_beating(trick: str, action: str, legal: bool) -> None:
    assert is_legal(trick, action) is legal
    assert offered(trick, action) is legal


def test_case_50_straight_flush_is_never_a_straight() -> None:
    """case_50: on a 5-straight the flush is offered only as a bomb."""
    hand = parse_cards("3G 4G 5G 6G 7G")
    plays = enumerate_plays(hand, play("2K 3B 4R 5G 6K"))
    assert [(c.kind, c.cards) for c in plays] == [(Kind.BOMB, hand)]
    assert not any(c.kind is Kind.STRAIGHT for c in enumerate_plays(hand, None))


def test_case_101_only_bombs_after_a_bomb() -> None:
    hand = parse_cards("AG AK AB 5G 5K 5B 5R DRG PHX")
    plays = enumerate_plays(hand, play("4G 4K 4B 4R"))
    assert [c.describe() for c in plays] == ["bomb 5555"]


def test_case_102_breaking_a_bomb_offers_pairs_and_the_bomb() -> None:
    plays = enumerate_plays(parse_cards("8G 8K 8B 8R"), play("7G 7K"))
    assert sorted(c.describe() for c in plays) == ["bomb 8888"] + ["pair 8"] * 6


# (combination text, describe)
DESCRIPTIONS = [
    ("7B", "", "single 7"),
    ("MJ", "", "single MJ"),
    ("DOG", "", "single DOG"),
    ("DRG", "", "single DRG"),
    ("PHX", "", "single PHX 1½"),
    ("PHX", "8G", "single PHX 8½"),
    ("PHX", "10G", "single PHX 10½"),
    ("PHX", "AG", "single PHX A½"),
    ("7G 7K", "", "pair 7"),
    ("4G 4K PHX", "", "triple 4"),
    ("KG KK KB 5G PHX", "", "full house K"),
    ("5G 6K 7B 8R 9G", "", "straight 5-9"),
    ("MJ 2K 3B 4R 5G", "", "straight 1-5"),
    ("JG QK KB AR PHX", "", "straight 10-A"),
    ("5G 5K 6B 6R 7G 7K", "", "stairs 5-7"),
    ("8G 8K 8B 8R", "", "bomb 8888"),
    ("10G 10K 10B 10R", "", "bomb 10101010"),
    ("3G 4G 5G 6G 7G", "", "bomb straight flush 3-7"),
    ("2G 3G 4G 5G 6G 7G 8G 9G 10G JG QG KG AG", "", "bomb straight flush 2-A"),
]


@pytest.mark.parametrize(("cards", "trick", "text"), DESCRIPTIONS)
def test_describe(cards: str, trick: str, text: str) -> None:
    assert play(cards, trick_top(trick)).describe() == text


# --- invariants --------------------------------------------------------------------------

_ALL_CARDS = list(range(56))
hands = st.sets(st.sampled_from(_ALL_CARDS), min_size=0, max_size=14).map(
    lambda cs: sum(1 << c for c in cs)
)
_CROWDED = [c for c in _ALL_CARDS if not 2 <= c < 14 and not 34 <= c < 54]  # specials, 5..9
crowded_sets = st.sets(st.sampled_from(_CROWDED), min_size=1, max_size=10).map(
    lambda cs: sum(1 << c for c in cs)
)
"""Small sets from five ranks and the specials: often a combination, often several readings."""


@settings(max_examples=200, deadline=None)
@given(hands)
def test_has_bomb_matches_enumerate_bombs(hand: int) -> None:
    bombs = enumerate_bombs(hand, None)
    assert has_bomb(hand) is bool(bombs)
    assert all(b.is_bomb() and b.cards & ~hand == 0 and b.phoenix_as is None for b in bombs)
    assert not hand & (1 << PHX) or all(not b.cards & (1 << PHX) for b in bombs)


@settings(max_examples=100, deadline=None)
@given(hands, hands)
def test_bomb_order_is_strict(a_hand: int, b_hand: int) -> None:
    """R7.3: between bombs, beating is a strict order: never both ways, and total unless equal."""
    for a in enumerate_bombs(a_hand, None):
        for b in enumerate_bombs(b_hand, None):
            assert not (beats(a, b) and beats(b, a))
            equal = (a.length, a.strength) == (b.length, b.strength)
            assert beats(a, b) or beats(b, a) or equal


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, crowded_sets))
def test_readings_are_consistent(hand: int) -> None:
    """Every reading keeps the set, distinct Phoenix ranks, weakest first; bombs hold no Phoenix."""
    found = readings(hand)
    assert all(c.cards == hand and c.length == hand.bit_count() for c in found)
    assert len({c.phoenix_as for c in found}) == len(found)
    assert [c.strength for c in found] == sorted(c.strength for c in found)
    multi_phoenix = hand.bit_count() > 1 and hand >> PHX & 1
    assert all((c.phoenix_as is not None) == bool(multi_phoenix) for c in found)
    assert not any(c.is_bomb() and hand >> PHX & 1 for c in found)


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, crowded_sets))
def test_combo_for_leading_takes_the_highest_reading(hand: int) -> None:
    """R6.3.4: undeclared, a lead takes the highest reading; an invalid set is rejected."""
    found = readings(hand)
    if not found:
        with pytest.raises(IllegalActionError, match=r"R6\.1\.5"):
            combo_for(hand, None, None)
        return
    assert combo_for(hand, None, None) == found[-1]
    for reading in found:
        if reading.phoenix_as is not None:
            assert combo_for(hand, reading.phoenix_as, None) == reading
