"""Scripted human players over real websockets: act from ``obs["legal"]`` when owed a move."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardroom.bots import SeatView, owes_move

from .conftest import Client

Json = dict[str, Any]


async def play_until(
    client: Client, seat: int, game: str, done: Callable[[Json], bool], rng: random.Random
) -> None:
    """Read messages and answer with random legal actions until ``done(obs)``."""
    pending: int | None = None
    while True:
        obs = client.obs
        if obs is not None and done(obs):
            return
        if obs is not None and pending is None and owes_move(SeatView(game, seat, obs)):
            pending = await client.act(rng.choice(obs["legal"]))
        message = await client.recv()
        if message["t"] in ("ack", "reject") and message.get("id") == pending:
            pending = None
