"""Rule changes of toepen-default-2: R8.3 forced signals at the seat's own turn (a spy cannot tell
them from chosen ones), R7.1 the game ends the moment a player reaches 0 lives (V-FINISH-HAND
plays the hand out), R6.6 the taker of trick 4 deals even if he folded, R1.1 two players."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.engine import SPECTATOR, ChanceOutcome
from cardroom.engine.game import JsonDict
from cardroom.games.toepen import GAME, ToepenConfig, ToepenState
from cardroom.games.toepen.state import Phase

from .scenario import SUITED, obs, run, shuffle_for

#: Three seats' hands; the fourth (the spied-on seat) gets three 10s (forced whistle) or three
#: Js (chosen whistle). Nobody else holds a 10 or a J that would change that.
OTHERS = ["7H 8H 9H AH", "7S 8S 9S AS", "7D 8D 9D AD", "7C 8C 9C AC"]
FORCED, CHOSEN = "10S 10H 10D KC", "JS JH JD QC"


def deal(signaller: int, hand: str) -> tuple[ToepenState, list[Any]]:
    hands = {s: OTHERS[s] for s in range(4)} | {signaller: hand}
    state = GAME.new(ToepenConfig())
    state = GAME.apply_chance(state, ChanceOutcome("pick", (3,))).state
    step = GAME.apply_chance(state, shuffle_for(hands, "", 3, 4))
    return step.state, list(step.events)


def seen(events: list[Any], audience: Any) -> list[JsonDict]:
    projected = (GAME.project(e, audience) for e in events)
    return [e.to_json() for e in projected if e is not None]


def moments(signaller: int, hand: str) -> list[tuple[ToepenState, list[Any]]]:
    """Every state from the deal to the first card by somebody else, with the step's events:
    the signaller whistles at its turn, everybody else declines."""
    state, events = deal(signaller, hand)
    out = [(state, events)]
    while state.phase is not Phase.PLAY or (not state.tricks and not state.trick):
        (seat,) = obs(state, SPECTATOR)["awaited"]
        if seat == signaller and state.phase is Phase.PLAY:
            break
        action = "whistle" if seat == signaller and state.phase is Phase.ANNOUNCE else None
        chosen = GAME.parse_action(action) if action else GAME.default_action(state, seat)
        step = GAME.apply(state, seat, chosen)
        state = step.state
        out.append((state, list(step.events)))
    return out


@pytest.mark.parametrize("signaller", range(4))
def test_r8_3_spy_cannot_tell_a_forced_whistle_from_a_chosen_one(signaller: int) -> None:
    forced, chosen = moments(signaller, FORCED), moments(signaller, CHOSEN)
    assert len(forced) == len(chosen) > 4
    for spy in [s for s in range(4) if s != signaller] + [SPECTATOR]:
        for (a, a_events), (b, b_events) in zip(forced, chosen, strict=True):
            assert obs(a, spy) == obs(b, spy)
            assert seen(a_events, spy) == seen(b_events, spy)
    whistles = [
        e for _, events in forced for e in seen(events, SPECTATOR) if e["type"] == "whistle"
    ]
    assert whistles == [{"type": "whistle", "seat": signaller}]


def test_r8_3_every_seat_passes_through_its_announcement_turn() -> None:
    state, _ = deal(1, FORCED)
    turns = []
    while state.phase is Phase.ANNOUNCE:
        (seat,) = obs(state, SPECTATOR)["awaited"]
        turns.append((seat, obs(state, seat)["legal"]))
        state = GAME.apply(state, seat, GAME.default_action(state, seat)).state
    assert turns == [(0, ["nosignal"]), (1, ["whistle"]), (2, ["nosignal"]), (3, ["nosignal"])]


def dealt_suited(**options: Any) -> ToepenState:
    state = GAME.new(ToepenConfig(**options))
    state = GAME.apply_chance(state, ChanceOutcome("pick", (3,))).state
    state = GAME.apply_chance(state, shuffle_for(SUITED, "", 3, 4)).state
    state, _ = run(state, "0 nosignal", "1 nosignal", "2 nosignal", "3 nosignal")
    return run(state, "0 nolaundry", "1 nolaundry", "2 nolaundry", "3 nolaundry")[0]


def with_lives(state: ToepenState, lives: tuple[int, ...]) -> ToepenState:
    from dataclasses import replace

    return replace(state, lives=lives, start_lives=lives)


def test_r7_1_a_fold_to_zero_ends_the_game_at_once() -> None:
    state = with_lives(dealt_suited(), (10, 10, 1, 10))
    state, events = run(state, "0 knock", "1 stay", "2 fold")
    public = obs(state, SPECTATOR)
    assert public["phase"] == "game_over" and public["lives"] == [10, 10, 0, 10]
    assert public["outcome"]["reason"] == "seat 2 reached 0 lives"
    assert [e["type"] for e in events][-2:] == ["hand_end", "game_over"]


def test_r7_1_v_finish_hand_plays_the_hand_out() -> None:
    state = with_lives(dealt_suited(finish_hand=True), (10, 10, 1, 10))
    state, _ = run(state, "0 knock", "1 stay", "2 fold", "3 stay")
    assert obs(state, SPECTATOR)["phase"] == "play" and state.stake == 2
    state, _ = run(state, "0 play 10H", "1 play 9H", "3 play 7H")
    state, _ = run(state, "0 play 7S", "1 play 10S", "3 play 8S")
    state, _ = run(state, "1 play 7D", "3 play 9D", "0 play 8D")
    state, _ = run(state, "3 play 10C", "0 play 9C", "1 play 8C")
    public = obs(state, SPECTATOR)
    assert public["phase"] == "game_over" and public["lives"] == [8, 8, 0, 10]


#: SUITED with S1 folding after his 10S took trick 4 (S3 led 8S and knocked).
FOLDED_TAKER = [
    "0 play 10H", "1 play 9H", "2 play 8H", "3 play 7H",
    "0 play 8D", "1 play 7D", "2 play 10D", "3 play 9D",
    "2 play 7C", "3 play 10C", "0 play 9C", "1 play 8C",
    "3 play 8S", "0 play 7S", "1 play 10S", "3 knock", "0 stay", "1 fold", "2 stay",
    "2 play 9S",
]  # fmt: skip


@pytest.mark.parametrize(("option", "dealer"), [(True, 1), (False, 0)])
def test_r6_6_the_taker_of_trick_4_deals_even_if_folded(option: bool, dealer: int) -> None:
    state, _ = run(dealt_suited(folded_taker_deals=option), *FOLDED_TAKER)
    public = obs(state, SPECTATOR)
    assert public["lives"] == [8, 9, 8, 8]  # R6.4: folded winner, nobody escapes
    assert public["dealer"] == dealer


def test_r1_1_two_players_option() -> None:
    config = ToepenConfig(seats=2)
    state = GAME.new(config)
    state = GAME.apply_chance(state, ChanceOutcome("pick", (1,))).state
    hands = {0: "10H 7S 8D 9C", 1: "9H 10S 7D 8C"}
    state = GAME.apply_chance(state, shuffle_for(hands, "", 1, 2)).state
    assert len(state.stock) == 24
    state, _ = run(state, "0 nosignal", "1 nosignal", "0 nolaundry", "1 nolaundry", "0 knock")
    state, _ = run(state, "1 fold")
    assert obs(state, SPECTATOR)["lives"] == [10, 9] and state.dealer == 0


def test_every_rule_the_engine_cites_is_in_the_rules_reference() -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs/rules/toepen.md").read_text()
    engine = " ".join(p.read_text() for p in (root / "src/cardroom/games/toepen").glob("*.py"))
    cited = set(re.findall(r"\bR\d\.\d+|\bV-[A-Z0-9]+(?:-[A-Z0-9]+)*", engine))
    assert cited and not {rule for rule in cited if rule not in doc}
