"""The move played for a timed-out seat: the heuristic's choice from the seat's own view, and in
the Tichu exchange never a giveaway (Mah Jong, Dragon, Phoenix, Ace or bomb card to an
opponent), over 50 seeded deals and every seat; and for a hand that has little else to give."""

from __future__ import annotations

import random

import pytest

from cardroom.bots.protocol import SeatView
from cardroom.bots.tichu.giveaway import bomb_cards, giveaway
from cardroom.bots.timeout import timeout_action
from cardroom.engine import get_game
from cardroom.engine.chance import SeededResolver
from cardroom.engine.runner import Runner

TICHU = get_game("tichu")


def view(runner: Runner, seat: int) -> SeatView:  # type: ignore[type-arg]
    return SeatView("tichu", seat, TICHU.observe(runner.state, seat).to_json())


def to_exchange(seed: int) -> Runner:  # type: ignore[type-arg]
    runner: Runner = Runner(TICHU, TICHU.config_from_json({}), SeededResolver(seed))  # type: ignore[type-arg]
    for seat in range(4):
        runner.act(seat, "nogrand")
    assert view(runner, 0).obs["phase"] == "exchange"
    return runner


@pytest.mark.parametrize("seed", range(50))
def test_a_timed_out_exchange_gives_an_opponent_nothing_it_cannot_spare(seed: int) -> None:
    runner = to_exchange(seed)
    rng = random.Random(seed)
    for seat in range(4):
        before = view(runner, seat)
        keep = {"MJ", "DRG", "PHX"} | bomb_cards(before.obs["hand"])
        keep |= {c for c in before.obs["hand"] if c.startswith("A")}
        for _ in range(3):
            action = timeout_action(view(runner, seat), rng)
            assert action is not None and action.startswith("exchange ")
            _, card, _, target = action.split()
            if (int(target) - seat) % 2:
                assert card not in keep, f"seed {seed}: seat {seat} gave {card} to {target}"
            runner.act(seat, action)


def test_a_hand_full_of_bombs_still_keeps_them_from_the_opponents() -> None:
    hand = ["2G", "2K", "2B", "2R", "3G", "3K", "3B", "3R", "AG", "MJ", "DRG", "PHX", "9G", "DOG"]
    legal = [f"exchange {c} to {s}" for c in hand for s in (1, 2, 3)]
    obs = {"phase": "exchange", "hand": hand, "legal": legal, "awaited": [0], "exchange": {},
           "calls": ["", "", "", ""], "decided": [False] * 4, "hand_sizes": [14] * 4}  # fmt: skip
    seat_view = SeatView("tichu", 0, obs)
    assert bomb_cards(hand) == {"2G", "2K", "2B", "2R", "3G", "3K", "3B", "3R"}
    for action in legal:
        card, target = action.split()[1], int(action.split()[3])
        unsafe = target != 2 and card not in {"9G", "DOG"}
        assert giveaway(seat_view, action) == unsafe, action
    action = timeout_action(seat_view, random.Random(1))
    assert action is not None and not giveaway(seat_view, action)


def test_outside_the_exchange_it_is_the_heuristic_move() -> None:
    runner = to_exchange(7)
    rng = random.Random(7)
    for seat in range(4):
        for _ in range(3):
            runner.act(seat, timeout_action(view(runner, seat), rng) or "")
    state = runner.state
    seat = next(iter(TICHU.awaited(state)))
    action = timeout_action(view(runner, seat), rng)
    assert action in legal_texts(runner, seat)


def legal_texts(runner: Runner, seat: int) -> list[str]:  # type: ignore[type-arg]
    return [TICHU.format_action(a) for a in TICHU.legal_actions(runner.state, seat)]
