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


def exchanging() -> Any:
    return acts(dealt(), *((s, "nogrand") for s in range(4)))


def table(hands: dict[int, str], **kw: Any) -> Callable[[], Any]:
    return lambda: position(hands, pad=PAD | kw.pop("pad", {}), **kw)


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
    english = render("en", said)
    for lang in LANGUAGES:
        assert said["key"] in catalogue(lang), (lang, key)
        text_read = render(lang, said)
        assert "{" not in text_read, (lang, text_read)
        if lang != "en":
            assert text_read != english, (lang, text_read)
