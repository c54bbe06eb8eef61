"""``may_interrupt``: the looks out of turn that drivers skip are exactly looks answered ``None``.

Why: the server's bot driver and the arena no longer build a view for an off-turn seat whose
bot says, from the seat's legal actions, that it would answer nothing. Play seeded matches and,
at every move, check each active seat not awaited: the legal actions a driver reads are its
view's, and a skipped look would indeed have been answered ``None``.
"""

from __future__ import annotations

import random

import pytest

from cardroom.bots import decide, make_bot, may_interrupt
from cardroom.bots.arena.match import _Match
from cardroom.engine import get_game
from cardroom.engine.game import legal_texts


# A Toepen seat active out of turn may always knock: nothing to skip there.
@pytest.mark.parametrize(
    ("game_name", "seed", "skips"), [("tichu", "skip/1", True), ("toepen", "skip/2", False)]
)
def test_skipped_off_turn_looks_answer_nothing(game_name: str, seed: str, skips: bool) -> None:
    game = get_game(game_name)
    config = game.default_config()
    bots = [make_bot(game_name, "heuristic") for _ in range(game.num_seats(config))]
    match = _Match(game, config, bots, seed)
    rng = random.Random(seed)
    skipped = asked = 0
    for _ in range(600):
        state = match.runner.state
        if game.is_terminal(state):
            break
        for seat in sorted(game.active_seats(state) - game.awaited(state)):
            view, legal = match.view(seat), legal_texts(game, state, seat)
            assert tuple(legal) == view.legal
            if may_interrupt(bots[seat], legal):
                asked += 1
            else:
                skipped += 1
                assert decide(bots[seat], view, rng) is None, (seat, legal)
        seat, action = match.next_move()
        transition = match.runner.propose(seat, action)
        match.runner.commit(transition)
        match.histories.record(transition.events)
    assert (skipped > 0) == skips and asked > 0


def test_bots_that_never_interrupt_are_never_asked() -> None:
    assert not may_interrupt(make_bot("tichu", "random"), ["play 2G"])
    assert may_interrupt(make_bot("tichu", "heuristic"), ["tichu", "play 7G 7K 7B 7R"])
    assert not may_interrupt(make_bot("tichu", "heuristic"), ["tichu"])
    assert may_interrupt(make_bot("tichu", "search:n=10"), ["tichu"])  # not Selective: asked
