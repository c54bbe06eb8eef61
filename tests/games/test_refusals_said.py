"""Refusals a person meets in normal play carry their own message, said in every language.

Each case walks a position and an action through the engine and names the catalogue key the
refusal must carry (``EngineError.said``); the English ``msg`` keeps its text for the logs, and
every language has its own text for the key (not the English one), so a German, Greek, Dutch,
Japanese, Korean or Chinese reader is not left with "Not allowed by rule R…".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from cardroom.engine import EngineError
from cardroom.games.tichu import TichuConfig
from cardroom.games.tichu.rules import why_illegal
from cardroom.games.tichu.state import Phase as TichuPhase
from cardroom.games.toepen import GAME as TOEPEN
from cardroom.games.toepen.state import Phase as ToepenPhase
from cardroom.i18n import LANGUAGES, catalogue, render

from .tichu.helpers import GAME as TICHU
from .tichu.helpers import acts, dealt, default_exchange, position
from .toepen import scenario
from .toepen.scenario import SUITED, in_play, run

PAD = {0: 4, 1: 4, 2: 4, 3: 4}
OUT = {1: 3, 2: 3, 3: 14}
NO_CALLS = TichuConfig(no_calls_after_out=True)
KNOCKED = ("0 knock", "1 fold", "2 stay", "3 stay")
NO_SIGNALS = ("0 nosignal", "1 nosignal", "2 nosignal", "3 nosignal")
WASHED = (*NO_SIGNALS, "0 laundry", "1 accept", "2 accept", "3 accept", "0 nosignal")
TENS = {0: "10H 10S 10D 9C", 1: "9H 8S 7D 8C", 2: "8H 9S 9D 7C", 3: "7H 7S 8D 10C"}


def exchanging() -> Any:
    return acts(dealt(), *((s, "nogrand") for s in range(4)))


def table(hands: dict[int, str], **kw: Any) -> Callable[[], Any]:
    return lambda: position(hands, pad=PAD | kw.pop("pad", {}), **kw)


def mahjong_played(config: TichuConfig) -> Any:
    return acts(table({0: "MJ"}, turn=0, config=config)(), (0, "play MJ"))


CASES: list[tuple[Any, Callable[[], Any], int, str, str]] = [
    (TICHU, lambda: TICHU.new(TichuConfig()), 0, "nogrand", "tichu.dealing"),
    (TICHU, exchanging, 0, "pass", "tichu.before_play"),
    (TICHU, dealt, 0, "tichu", "tichu.call_grand_first"),
    (TICHU, lambda: acts(dealt(), (0, "nogrand")), 0, "grand", "tichu.grand_decided"),
    (TICHU, exchanging, 1, "grand", "tichu.grand_late"),
    (TICHU, lambda: acts(exchanging(), (0, "tichu")), 0, "tichu", "tichu.called"),
    (TICHU, lambda: default_exchange(exchanging(), 1), 1, "tichu", "tichu.call_exchanging"),
    (
        TICHU,
        lambda: default_exchange(exchanging(), 1),
        1,
        "exchange DRG to 2",
        "tichu.exchange_done",
    ),
    (TICHU, exchanging, 0, "exchange AR to 1", "tichu.not_held"),
    (
        TICHU,
        lambda: position({1: "3K"}, turn=1, out=[0], pad=OUT, config=NO_CALLS),
        3,
        "tichu",
        "tichu.call_out",
    ),
    (TICHU, table({2: "3G"}, turn=0), 2, "pass", "tichu.turn"),
    (TICHU, table({2: "3G"}, turn=0), 2, "play 3G", "tichu.turn"),
    (TICHU, table({0: "3G"}, turn=0), 0, "pass", "tichu.lead_pass"),
    (TICHU, table({0: "3G"}, turn=0), 0, "play DRG", "tichu.not_held"),
    (
        TICHU,
        lambda: acts(table({0: "MJ"}, turn=0)(), (0, "play MJ")),
        0,
        "pass",
        "tichu.wish_first",
    ),
    (
        TICHU,
        lambda: acts(table({2: "DOG"}, turn=2)(), (2, "play DOG")),
        2,
        "tichu",
        "tichu.call_late",
    ),
    (TICHU, table({}, trick=[(0, "DRG")], trick_over=True, turn=0), 0, "pass", "tichu.give_dragon"),
    (
        TICHU,
        table({1: "8G 9K"}, trick=[(0, "5G")], turn=1, wish="8"),
        1,
        "pass",
        "tichu.wish_binds",
    ),
    (
        TICHU,
        table({1: "8G 9K"}, trick=[(0, "5G")], turn=1, wish="8"),
        1,
        "play 9K",
        "tichu.wish_binds",
    ),
    (TICHU, table({0: "8G 3K"}, turn=0, wish="8"), 0, "play 3K", "tichu.wish_lead"),
    (TICHU, table({0: "8G DOG"}, turn=0, wish="8"), 0, "play DOG", "tichu.wish_dog"),
    (TICHU, table({1: "3K"}, trick=[(0, "9G")], turn=1), 1, "play 3K", "tichu.does_not_beat"),
    (TICHU, table({2: "3K"}, trick=[(0, "2G")], turn=1), 2, "play 3K", "tichu.bomb_only"),
    (TICHU, table({1: "DOG"}, trick=[(0, "3G")], turn=1), 1, "play DOG", "tichu.dog_lead"),
    (TICHU, table({1: "3G 5K"}, turn=1), 1, "play 3G 5K", "tichu.not_combination"),
    (
        TICHU,
        table({1: "PHX"}, trick=[(0, "DRG")], turn=1),
        1,
        "play PHX",
        "tichu.phoenix_on_dragon",
    ),
    (
        TICHU,
        table({1: "AK"}, trick=[(0, "9G 9K 9B 9R")], turn=1),
        1,
        "play AK",
        "tichu.bomb_on_bomb",
    ),
    (
        TICHU,
        lambda: replace(table({}, turn=0)(), phase=TichuPhase.GAME_OVER),
        0,
        "pass",
        "game_over",
    ),
    (TICHU, lambda: dealt(config=TichuConfig(allow_grand=False)), 0, "grand", "tichu.no_grand"),
    (
        TICHU,
        lambda: dealt(config=TichuConfig(sequential_grand=True)),
        1,
        "nogrand",
        "tichu.grand_order",
    ),
    (TICHU, dealt, 0, "exchange 2G to 1", "tichu.exchange_phase"),
    (TICHU, table({0: "3G"}, turn=0), 0, "wish 5", "tichu.wish_mahjong"),
    (
        TICHU,
        lambda: mahjong_played(TichuConfig(wish_mandatory=True)),
        0,
        "nowish",
        "tichu.wish_mandatory",
    ),
    (TICHU, lambda: mahjong_played(TichuConfig()), 0, "wish 1", "tichu.wish_rank"),
    (TICHU, table({0: "3G"}, turn=0), 0, "give-dragon 1", "tichu.no_dragon"),
    (TICHU, table({0: "3G 3K 3B 3R"}, turn=0), 0, "bomb 3G 3K 3B 3R", "tichu.bomb_onto"),
    (
        TICHU,
        table({0: "3G 3K 3B"}, trick=[(1, "AG")], trick_over=True, out=[1], turn=0, pad={1: 0}),
        0,
        "bomb 3G 3K 3B",
        "tichu.bomb_not_beating",
    ),
    (
        TICHU,
        table({0: "PHX"}, trick=[(1, "5G")], turn=0),
        0,
        "play PHX(=5)",
        "tichu.phoenix_single",
    ),
    (TICHU, table({0: "PHX 5G"}, turn=0), 0, "play 5G PHX(=1)", "tichu.phoenix_rank"),
    (TICHU, table({0: "PHX 5G"}, turn=0), 0, "play 5G PHX(=7)", "tichu.phoenix_as"),
    (TOEPEN, lambda: in_play(SUITED), 1, "play 9H", "toepen.turn"),
    (TOEPEN, lambda: in_play(SUITED), 0, "play 7H", "toepen.not_held"),
    (TOEPEN, lambda: run(in_play(SUITED), "0 play 10H")[0], 1, "play 10S", "toepen.follow_suit"),
    (TOEPEN, lambda: in_play(SUITED), 1, "stay", "toepen.respond"),
    (TOEPEN, lambda: run(in_play(SUITED), "0 knock")[0], 1, "knock", "toepen.knock_answering"),
    (TOEPEN, lambda: scenario.dealt(SUITED)[0], 0, "knock", "toepen.knock_early"),
    (TOEPEN, lambda: run(in_play(SUITED), *KNOCKED)[0], 0, "knock", "toepen.knock_again"),
    (TOEPEN, lambda: run(in_play(SUITED), *KNOCKED)[0], 1, "knock", "toepen.knock_folded"),
    (TOEPEN, lambda: in_play(SUITED, lives={0: 1}), 0, "knock", "toepen.knock_lives"),
    (TOEPEN, lambda: scenario.dealt(SUITED)[0], 0, "play 10H", "toepen.before_play"),
    (
        TOEPEN,
        lambda: run(scenario.dealt(SUITED)[0], *WASHED)[0],
        0,
        "laundry",
        "toepen.laundry_once",
    ),
    (TOEPEN, lambda: in_play({}, seats=8), 0, "laundry", "toepen.laundry_stock"),
    (TOEPEN, lambda: in_play(SUITED), 0, "laundry", "toepen.laundry_closed"),
    (TOEPEN, lambda: scenario.dealt(SUITED)[0], 2, "laundry", "toepen.laundry_turn"),
    (TOEPEN, lambda: scenario.dealt(SUITED)[0], 2, "challenge", "toepen.challenge_turn"),
    (TOEPEN, lambda: scenario.dealt(SUITED)[0], 2, "whistle", "toepen.signal_turn"),
    (TOEPEN, lambda: scenario.dealt(TENS)[0], 0, "nosignal", "toepen.must_whistle"),
    (
        TOEPEN,
        lambda: scenario.dealt({0: "10H 10S 10D 10C"})[0],
        0,
        "nosignal",
        "toepen.must_stand",
    ),
    (TOEPEN, lambda: scenario.dealt(SUITED)[0], 0, "whistle", "toepen.whistle_needs"),
    (TOEPEN, lambda: scenario.dealt(SUITED)[0], 0, "stand", "toepen.stand_needs"),
    (
        TOEPEN,
        lambda: replace(in_play(SUITED), phase=ToepenPhase.GAME_OVER),
        0,
        "play 10H",
        "game_over",
    ),
]


@pytest.mark.parametrize(
    ("game", "make", "seat", "text", "key"),
    CASES,
    ids=[f"{case[0].name}-{case[3]}-{case[4]}" for case in CASES],
)
def test_a_refusal_in_play_carries_its_message(
    game: Any, make: Callable[[], Any], seat: int, text: str, key: str
) -> None:
    state = make()
    with pytest.raises(EngineError) as refused:
        game.apply(state, seat, game.parse_action(text))
    said = refused.value.said
    assert said is not None and said["key"] == f"refusal.{key}", str(refused.value)
    _said_everywhere(said)


def _said_everywhere(said: Any) -> None:
    """``said``'s key has its own text in every language, every parameter filled."""
    english = render("en", said)
    for lang in LANGUAGES:
        assert said["key"] in catalogue(lang), (lang, said["key"])
        text_read = render(lang, said)
        assert "{" not in text_read, (lang, text_read)
        if lang != "en":
            assert text_read != english, (lang, text_read)


@pytest.mark.parametrize(
    ("make", "text", "key"),
    [
        (table({0: "3G 4K"}, turn=0), "play 3G", "refusal.tichu.not_lead"),
        (table({0: "9K"}, trick=[(3, "5G")], turn=0), "play 9K", "refusal.tichu.not_now"),
    ],
)
def test_the_last_resort_of_why_illegal_carries_its_message(
    make: Callable[[], Any], text: str, key: str
) -> None:
    """``why_illegal``'s fallbacks (a play the listing lacks for no reason it names) show the
    cards in every language; reached here by asking it about a play the rules allow."""
    action = TICHU.parse_action(text)
    refused = why_illegal(make(), 0, action)
    assert refused.said is not None and refused.said["key"] == key, str(refused)
    assert refused.said["params"]["cards"]["cards"] == text.split()[1:]
    _said_everywhere(refused.said)
