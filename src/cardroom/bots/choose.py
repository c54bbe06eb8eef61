"""``choose_action``: a bot's answer as a table plays it, never a stall.

A bot that errs or answers outside ``legal`` is logged and replaced by a random legal choice:
the server (in its event loop or in a pool worker) and the arena call this, not ``decide``.
"""

from __future__ import annotations

import logging
import random

from cardroom.bots.protocol import Bot, SeatView, decide
from cardroom.engine.errors import EngineError

log = logging.getLogger("cardroom.bots.choose")


def choose_action(bot: Bot, view: SeatView, rng: random.Random) -> str | None:
    """The bot's answer; a bot that errs or answers outside ``legal`` is replaced by a random
    legal choice, so a buggy bot can never stall a table."""
    try:
        return decide(bot, view, rng)
    except (EngineError, ValueError, LookupError, TypeError) as exc:
        log.warning("bot %s at seat %d failed (%s); playing a random legal action", bot.name,
                    view.seat, exc)  # fmt: skip
        return rng.choice(view.legal) if view.legal else None
