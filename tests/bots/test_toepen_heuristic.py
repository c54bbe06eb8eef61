"""The Toepen heuristic bot: single decisions from hand-made observations, and a seeded arena
against a uniform-random chooser over ``obs["legal"]`` that it must clearly beat."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardroom.bots.protocol import SeatView, decide
from cardroom.bots.toepen.heuristic import ToepenHeuristicBot
from cardroom.engine import Runner, SeededResolver
from cardroom.games.toepen import GAME, ToepenConfig

BOT = ToepenHeuristicBot()


def view(**obs: Any) -> SeatView:
    base: dict[str, Any] = {
        "num_seats": 4,
        "lives": [10, 10, 10, 10],
        "in_hand": [True] * 4,
        "hand_sizes": [4, 4, 4, 4],
        "trick": [],
        "tricks": [],
        "exchanges": [],
        "trick_no": 1,
        "stake": 1,
        "turn": 0,
        "awaited": [0],
    }
    history = obs.pop("history", [])
    return SeatView("toepen", 0, base | obs, history)


def act(**obs: Any) -> str:
    return BOT.act(view(**obs), random.Random(0))


@pytest.mark.parametrize(
    ("hand", "stake", "expected"),
    [
        (["JH", "QS", "KD", "AC"], 1, "fold"),  # nothing that can win a trick
        (["10H", "10S", "9D", "9C"], 1, "stay"),  # unbeatable cards
        (["JH", "QS", "KD", "AC"], 10, "stay"),  # 10 lives at stake 10: staying costs no more
    ],
)
def test_answers_a_knock_by_hand_strength(hand: list[str], stake: int, expected: str) -> None:
    assert act(phase="respond", legal=["stay", "fold"], hand=hand, stake=stake) == expected


def test_knocks_before_showing_a_sure_winner_in_trick_4() -> None:
    tricks = [{"plays": [{"seat": 0, "card": c}], "winner": 0} for c in ("10S", "10D", "10C")]
    obs = dict(phase="play", legal=["play 10H", "knock"], hand=["10H"], trick_no=4)
    assert act(**obs, tricks=tricks, hand_sizes=[1, 1, 1, 1]) == "knock"
    weak = dict(obs, legal=["play JH", "knock"], hand=["JH"])
    trick = [{"seat": 3, "card": "9H"}]
    assert act(**weak, tricks=tricks, trick=trick, hand_sizes=[1, 1, 1, 0]) == "play JH"


def test_keeps_its_best_card_for_the_last_trick() -> None:
    legal = ["play 10H", "play JH", "play 8C", "knock"]
    obs = dict(
        phase="play", hand=["10H", "JH", "8C", "QD"], legal=legal, trick=[{"seat": 3, "card": "7H"}]
    )
    for seed in range(10):
        choice = BOT.act(view(**obs), random.Random(seed))
        assert choice in ("play JH", "knock")


@pytest.mark.parametrize(
    ("hand", "expected"),
    [(["AS", "KH", "QD", "JC"], "laundry"), (["10S", "9H", "8D", "7C"], "nolaundry")],
)
def test_exchanges_all_face_hands_and_keeps_strong_ones(hand: list[str], expected: str) -> None:
    assert act(phase="laundry", legal=["laundry", "nolaundry"], hand=hand) == expected


def test_challenges_only_an_exchanger_caught_bluffing_before() -> None:
    """Challenging every first-time exchanger lost most challenges (the old behaviour)."""
    obs = dict(phase="challenge", legal=["challenge", "accept"], hand=["7H"], exchanger=2)
    assert act(**obs) == "accept"
    honest = [{"type": "challenge", "exchanger": 2, "loser": 1}] * 3
    assert act(**obs, history=honest) == "accept"
    caught = [{"type": "challenge", "exchanger": 2, "loser": 2}] * 3
    assert act(**obs, history=caught) == "challenge"


def test_interrupts_only_with_a_knock_on_a_strong_hand() -> None:
    elsewhere: dict[str, Any] = {"phase": "play", "legal": ["knock"], "turn": 2, "awaited": [2]}
    strong = view(**elsewhere, hand=["10H", "10S", "10D", "10C"])
    weak = view(**elsewhere, hand=["JH", "QS", "KD", "AC"])
    rng = random.Random(0)
    assert decide(BOT, strong, rng) == "knock"
    assert decide(BOT, weak, rng) is None


# -- arena ---------------------------------------------------------------------------------


@dataclass
class Tally:
    """Arena totals: hands, lives lost and games won or lost, by the bot and by random seats."""

    hands: int = 0
    games: int = 0
    lost: dict[str, int] = field(default_factory=lambda: {"bot": 0, "random": 0})
    won_games: dict[str, int] = field(default_factory=lambda: {"bot": 0, "random": 0})
    lost_games: dict[str, int] = field(default_factory=lambda: {"bot": 0, "random": 0})

    def per_hand(self, who: str, seats: int) -> float:
        return self.lost[who] / self.hands / (1 if who == "bot" else seats - 1)

    def rate(self, table: dict[str, int], who: str, seats: int) -> float:
        return table[who] / self.games / (1 if who == "bot" else seats - 1)


def arena(games: int, seed: int, seats: int = 4) -> Tally:
    """``games`` seeded games with the heuristic bot at seat ``g % seats`` and uniform-random
    choices over ``obs["legal"]`` for the awaited seat elsewhere (random never interrupts)."""
    tally = Tally(games=games)
    for g in range(games):
        hero = g % seats
        runner = Runner(GAME, ToepenConfig(seats=seats), SeededResolver(f"{seed}/{g}"))
        rng = random.Random(f"{seed}/{g}")
        history: list[dict[str, Any]] = []
        while not GAME.is_terminal(runner.state):
            state = runner.state
            me = SeatView("toepen", hero, GAME.observe(state, hero).to_json(), history)
            action = decide(BOT, me, rng) if hero in GAME.active_seats(state) else None
            seat = hero
            if action is None:
                (seat,) = me.obs["awaited"]
                legal = GAME.observe(state, seat).to_json()["legal"]
                action = BOT.act(me, rng) if seat == hero else rng.choice(legal)
            for event in runner.act(seat, action):
                seen = GAME.project(event, hero)
                if seen is not None:
                    history.append(seen.to_json())
                data = event.to_json()
                if data["type"] == "hand_end":
                    tally.hands += 1
                    tally.lost["bot"] += data["losses"][hero]
                    tally.lost["random"] += sum(data["losses"]) - data["losses"][hero]
        outcome = GAME.outcome(runner.state)
        assert outcome is not None
        for table, seats_ in (
            (tally.won_games, outcome.winners),
            (tally.lost_games, {s for s, life in enumerate(outcome.scores) if life == 0}),
        ):
            table["bot"] += hero in seats_
            table["random"] += len(seats_ - {hero})
    return tally


def test_arena_heuristic_beats_random() -> None:
    tally = arena(games=80, seed=2026)
    bot, rnd = tally.per_hand("bot", 4), tally.per_hand("random", 4)
    won = tally.rate(tally.won_games, "bot", 4), tally.rate(tally.won_games, "random", 4)
    lost = tally.rate(tally.lost_games, "bot", 4), tally.rate(tally.lost_games, "random", 4)
    print(
        f"\n{tally.games} games, {tally.hands} hands: lives lost per hand heuristic {bot:.2f}, "
        f"random {rnd:.2f}; games won {won[0]:.0%} vs {won[1]:.0%}; "
        f"games lost (0 lives) {lost[0]:.0%} vs {lost[1]:.0%}"
    )
    assert tally.hands >= 250
    assert bot < 0.75 * rnd
    assert won[0] > 2 * won[1]
    assert lost[0] < 0.5 * lost[1]
