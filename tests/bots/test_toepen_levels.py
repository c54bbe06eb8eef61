"""Toepen levels: ``tight`` (the baseline), ``search`` (sampled worlds, exact play)
and the fixed ``heuristic``; single decisions from hand-made views, the sampler's constraints,
the exact solver, and a short seat-rotated arena through ``toepen_arena.run_cli``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.bots import bot_levels, make_bot
from cardroom.bots.arena.toepen import run_cli
from cardroom.bots.protocol import Interrupter, SeatView
from cardroom.bots.toepen.search import danger, read, sample
from cardroom.bots.toepen.solve import Solver
from cardroom.games.toepen.cards import TENS, parse_cards, suit_mask


def view(seat: int = 0, history: list[dict[str, Any]] | None = None, **obs: Any) -> SeatView:
    base: dict[str, Any] = {
        "num_seats": 4,
        "lives": [10, 10, 10, 10],
        "in_hand": [True] * 4,
        "hand_sizes": [4, 4, 4, 4],
        "trick": [],
        "tricks": [],
        "exchanges": [],
        "signals": [[""]] * 4,
        "trick_no": 1,
        "stake": 1,
        "turn": seat,
        "awaited": [seat],
        "phase": "play",
    }
    return SeatView("toepen", seat, base | obs, history or [])


def act(level: str, v: SeatView) -> str:
    return make_bot("toepen", level).act(v, random.Random(0))


def test_levels_are_registered() -> None:
    assert {"tight", "heuristic", "heuristic-v1", "search"} <= set(bot_levels("toepen"))


@pytest.mark.parametrize(
    ("hand", "answer"),
    [(["JH", "QS", "KD", "AC"], "fold"), (["JH", "9S", "KD", "AC"], "stay")],
)
def test_tight_folds_without_a_9_a_10_or_a_top_card(hand: list[str], answer: str) -> None:
    assert act("tight", view(phase="respond", legal=["stay", "fold"], hand=hand)) == answer


def test_tight_never_bluffs_or_challenges() -> None:
    weak = ["7H", "QS", "KD", "AC"]
    assert act("tight", view(phase="laundry", legal=["laundry", "nolaundry"], hand=weak)) == (
        "nolaundry"
    )
    faces = ["JH", "QS", "KD", "AC"]
    assert act("tight", view(phase="laundry", legal=["laundry", "nolaundry"], hand=faces)) == (
        "laundry"
    )
    assert act("tight", view(phase="challenge", legal=["challenge", "accept"], hand=weak)) == (
        "accept"
    )


def trick4(hand: str, leader: int, **obs: Any) -> SeatView:
    played = ["10S", "10D", "10C", "9S", "9D", "9C", "8S", "8D", "8C", "7S", "7D", "7C"]
    tricks = [
        {"plays": [{"seat": (s + t) % 4, "card": played[t * 4 + s]} for s in range(4)]}
        for t in range(3)
    ]
    return view(trick_no=4, tricks=tricks, hand=[hand], hand_sizes=[1] * 4, turn=leader, **obs)


def test_tight_knocks_only_with_a_sure_last_trick() -> None:
    assert act("tight", trick4("10H", 0, legal=["play 10H", "knock"])) == "knock"
    assert act("tight", trick4("8H", 0, legal=["play 8H", "knock"])) == "play 8H"


@pytest.mark.parametrize("level", ["heuristic", "search"])
def test_no_out_of_turn_knock_with_a_top_card_when_another_leads_trick_4(level: str) -> None:
    """The reported fault: holding only 10S it knocked while S3 was about to lead JD."""
    bot = make_bot("toepen", level)
    assert isinstance(bot, Interrupter)
    v = trick4("10H", 3, legal=["knock"], awaited=[3])
    assert bot.interrupt(v, random.Random(0)) is None


def test_heuristic_does_not_challenge_a_first_time_exchanger() -> None:
    v = view(phase="challenge", legal=["challenge", "accept"], hand=["7H"], exchanger=2)
    assert act("heuristic", v) == "accept"


def test_search_folds_against_a_sure_knock_and_knocks_its_own_sure_trick() -> None:
    knock = [{"type": "deal"}, {"type": "knock", "seat": 3, "stake": 2}]
    answer = trick4("8H", 3, phase="respond", legal=["stay", "fold"], history=knock)
    assert act("search", answer) == "fold"
    assert act("search", trick4("10H", 0, legal=["play 10H", "knock"])) == "knock"


def test_search_reads_when_each_knock_came_and_who_answers_after_it() -> None:
    history = [
        {"type": "deal"},
        {"type": "knock", "seat": 1, "stake": 2},
        *[{"type": "trick", "trick_no": k} for k in (1, 2, 3)],
        {"type": "knock", "seat": 2, "stake": 3},
    ]
    responses = {"knocker": 2, "answers": [{"seat": 3, "answer": "stay"}], "waiting": [0, 1]}
    r = read(view(phase="respond", responses=responses, trick_no=4, history=history))
    assert r.knockers == {1: 1, 2: 4}  # a trick-4 knock is trusted more (LATE_TRUST)
    assert r.later == [1]


def test_sampled_worlds_respect_voids_signals_and_what_was_seen() -> None:
    tricks = [{"plays": [{"seat": 0, "card": "8H"}, {"seat": 1, "card": "7S"}]}]
    v = view(
        hand=["JH", "QH", "KS"],
        hand_sizes=[3, 3, 4, 4],
        tricks=tricks,
        trick_no=2,
        signals=[[""], [""], ["whistle"], [""]],
    )
    r, rng = read(v), random.Random(3)
    for _ in range(200):
        hands, _ = sample(r, rng)
        assert not hands[1] & suit_mask(0)  # S1 did not follow hearts
        assert (hands[3] & TENS).bit_count() < 3  # no forced whistle from S3
        seen = parse_cards("JH QH KS 8H 7S")
        assert not any(h & seen for h in hands[1:]) and hands[0] == parse_cards("JH QH KS")
        assert [h.bit_count() for h in hands[1:]] == [3, 4, 4]


def test_solver_plays_for_trick_4_only() -> None:
    """S1 leads 9H to draw S0's 10H in trick 3 and takes trick 4 with 8S; had S0 to lead, his
    7S would lose trick 3 and his 10H would take trick 4."""
    hands = [parse_cards("10H 7S"), parse_cards("9H 8S"), parse_cards("JS QS")]
    assert Solver(hands, 0b111, 3).winner((), 3, 1) == 1
    assert Solver(hands, 0b111, 3).winner((), 3, 0) == 0


def test_danger_weighs_every_players_lives() -> None:
    assert danger([10, 10, 10, 10], 0) == pytest.approx(0.25)
    assert danger([3, 10, 10], 0) > danger([10, 10, 3], 0)
    assert danger([2, 0, 9], 0) == 0.0


def test_arena_cli_rotates_seats_and_reports_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--levels", "tight,heuristic", "--seats", "3", "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert "6 games (2 deals x 3 rotations)" in out
    assert "tight" in out and "heuristic" in out and "95 % CI" in out and "p99" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--levels", "nope,tight"], "unknown bot level 'nope'"),
        (["--option", "bogus=1"], "unknown Toepen option 'bogus'"),
        (["--levels", "a,b,c", "--seats", "4"], "--levels needs 2 levels"),
        (["--seats", "12"], "seats must be"),
    ],
)
def test_arena_cli_rejects_bad_input_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli([*argv, "--games", "3"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_search_plays_legal_games_among_every_level() -> None:
    """Two short games (3 lives) at 5 seats; the arena raises on any illegal answer."""
    from functools import partial

    from cardroom.bots.arena.match import play_matches
    from cardroom.games.toepen import GAME, ToepenConfig

    levels = ["search", "tight", "heuristic", "heuristic-v1", "random"]
    factories = [partial(make_bot, "toepen", level) for level in levels]
    config = ToepenConfig(seats=5, lives=3)
    results = list(play_matches(GAME, config, factories, 2, "levels"))
    assert len(results) == 2 and all(len(r.outcome.scores) == 5 for r in results)
