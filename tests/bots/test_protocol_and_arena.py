"""Bot protocol, registry and arena on the engine's toy game (no real game needed)."""

from __future__ import annotations

import random

import pytest

from cardroom.bots import (
    RandomBot,
    SeatHistories,
    SeatView,
    bot_levels,
    decide,
    make_bot,
    owes_move,
)
from cardroom.bots.arena.match import MatchAbortedError, play_match, play_matches
from cardroom.engine import ChanceOutcome, GameRecord, IllegalActionError, replay
from tests.engine.toy import TOY, ToyConfig


class BadBot:
    name = "bad"

    def act(self, view: SeatView, rng: random.Random) -> str:
        return "play 99"


class Bomber:
    """Interrupts out of turn with its last legal action."""

    name = "bomber"

    def act(self, view: SeatView, rng: random.Random) -> str:
        return view.legal[0]

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        return view.legal[-1]


def test_seat_view_is_frozen_and_lists_legal_actions() -> None:
    view = SeatView("toy", 1, {"legal": ["play 2"]}, [{"type": "dealt"}])
    assert view.legal == ("play 2",)
    with pytest.raises(AttributeError):
        view.seat = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("obs", "seat", "owes"),
    [
        ({"legal": ["pass"], "awaited": [1]}, 1, True),
        ({"legal": ["bomb"], "awaited": [2]}, 1, False),
        ({"legal": [], "awaited": [1]}, 1, False),
        ({"legal": ["grand"], "awaited": [1, 3]}, 1, True),
        ({"legal": ["tichu"], "awaited": []}, 1, False),
        ({"legal": ["pass"], "turn": 2, "awaited": [1]}, 1, True),  # awaited, not turn, says it
        ({"legal": ["pass"], "turn": 1, "awaited": []}, 1, False),
    ],
)
def test_owes_move_reads_awaited_only(obs: dict[str, object], seat: int, owes: bool) -> None:
    assert owes_move(SeatView("g", seat, obs)) is owes


def test_an_observation_without_awaited_is_refused_not_guessed() -> None:
    with pytest.raises(ValueError, match="awaited"):
        owes_move(SeatView("g", 0, {"legal": ["play 1"], "turn": 0}))


def test_decide_asks_interrupters_only_out_of_turn_and_rejects_illegal_answers() -> None:
    rng = random.Random(0)
    out_of_turn = SeatView("g", 1, {"legal": ["a", "b"], "awaited": [0]})
    assert decide(RandomBot(), out_of_turn, rng) is None
    assert decide(Bomber(), out_of_turn, rng) == "b"
    with pytest.raises(IllegalActionError, match="'bad' at seat 0 chose 'play 99'"):
        decide(BadBot(), SeatView("g", 0, {"legal": ["play 1"], "awaited": [0]}), rng)


def test_registry_levels_and_unknown_level() -> None:
    assert "random" in bot_levels("toy")
    assert "heuristic" not in bot_levels("toy")
    assert make_bot("toy", "random").name == "random"
    with pytest.raises(ValueError, match="choose from: random"):
        make_bot("toy", "heuristic")


def test_arena_match_is_reproducible_and_replays() -> None:
    bots = [RandomBot(), RandomBot()]
    first = play_match(TOY, ToyConfig(), bots, "7/0")
    again = play_match(TOY, ToyConfig(), [RandomBot(), RandomBot()], "7/0")
    assert first.record.to_jsonl() == again.record.to_jsonl()
    assert first.actions == 6 and first.bots == ("random", "random")
    state = replay(TOY, ToyConfig(), GameRecord.from_jsonl(first.record.to_jsonl()).records)
    assert TOY.outcome(state) == first.outcome


def test_arena_series_uses_distinct_seeds() -> None:
    results = list(play_matches(TOY, ToyConfig(), [RandomBot, RandomBot], 8, seed=3))
    assert [r.seed for r in results] == [f"3/{i}" for i in range(8)]
    assert len({r.record.to_jsonl() for r in results}) > 1


def test_bots_see_only_their_projected_history() -> None:
    seen: list[SeatView] = []

    class Spy(RandomBot):
        def act(self, view: SeatView, rng: random.Random) -> str:
            seen.append(view)
            return super().act(view, rng)

    play_match(TOY, ToyConfig(), [Spy(), Spy()], "1/0")
    assert len(seen) == 6
    for view in seen:
        dealt = view.history[0]
        assert dealt["type"] == "dealt"
        other = dealt["hands"][1 - view.seat]
        assert other == [], "a bot saw the other seat's hand"
        assert "hand" in view.obs and view.obs["legal"]


def test_seat_histories_keep_what_each_seat_was_shown() -> None:
    histories = SeatHistories(TOY, 2)
    state = TOY.new(ToyConfig())
    step = TOY.apply_chance(state, ChanceOutcome("shuffle", (5, 0, 3, 1, 4, 2)))
    histories.record(step.events)
    step = TOY.apply(step.state, 0, 0)
    histories.record(step.events)
    assert histories[0] == [
        {"type": "dealt", "hands": [[0, 3, 5], []]},
        {"type": "played", "seat": 0, "card": 0},
    ]
    assert histories[1][0] == {"type": "dealt", "hands": [[], [1, 2, 4]]}
    view = histories.view(step.state, 1)
    assert (view.game, view.seat, view.obs["hand"]) == ("toy", 1, [1, 2, 4])
    assert view.history is histories[1] and len(view.history) == 2


def test_illegal_bot_answer_aborts_the_match() -> None:
    with pytest.raises(IllegalActionError, match="not one of its legal actions"):
        play_match(TOY, ToyConfig(), [BadBot(), RandomBot()], "1/0")


def test_action_budget_guards_against_endless_matches() -> None:
    with pytest.raises(MatchAbortedError, match="no end after 3 actions"):
        play_match(TOY, ToyConfig(), [RandomBot(), RandomBot()], "1/0", max_actions=3)


def test_wrong_number_of_bots_is_rejected() -> None:
    with pytest.raises(ValueError, match="needs 2 bots"):
        play_match(TOY, ToyConfig(), [RandomBot()], "1/0")


def test_each_game_with_a_heuristic_lists_it() -> None:
    for game in ("tichu", "toepen"):
        assert {"heuristic", "random"} <= set(bot_levels(game))
        bot = make_bot(game, "heuristic")
        assert bot.name and callable(bot.act)
