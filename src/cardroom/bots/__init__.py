"""Bots: programs that play from a seat's observation only (contracts §5).

``make_bot(game, level)`` builds one; ``arena`` plays seeded matches offline.
"""

from cardroom.bots.protocol import (
    Bot,
    Interrupter,
    SeatView,
    Selective,
    bomb_actions,
    decide,
    may_interrupt,
    owes_move,
)
from cardroom.bots.random_bot import RandomBot
from cardroom.bots.registry import bot_levels, make_bot
from cardroom.bots.seats import SeatHistories

__all__ = [
    "Bot",
    "Interrupter",
    "RandomBot",
    "SeatHistories",
    "SeatView",
    "Selective",
    "bomb_actions",
    "bot_levels",
    "decide",
    "make_bot",
    "may_interrupt",
    "owes_move",
]
