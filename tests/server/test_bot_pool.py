"""The heavy-bot process pool: answers come from a real worker process, legal for the view."""

from __future__ import annotations

import os

from cardroom.bots import SeatView
from cardroom.engine import get_game
from cardroom.engine.chance import SeededResolver
from cardroom.engine.runner import Runner
from cardroom.server.table.bot_pool import BotPool


async def test_a_pool_worker_answers_with_a_legal_action() -> None:
    game = get_game("toepen")
    runner = Runner(game, game.default_config(), SeededResolver("pool"))
    seat = min(game.active_seats(runner.state))
    view = SeatView("toepen", seat, game.observe(runner.state, seat).to_json())
    pool = BotPool(workers=1)
    try:
        answer = await pool.decide("toepen", "heuristic", view, 7)
        assert answer in view.legal
        pids = {p.pid for p in pool.executor()._processes.values()}  # a separate process
        assert pids and os.getpid() not in pids
    finally:
        pool.shutdown()
