"""Per-seat projected event histories: what a player at each seat has been shown so far.

Every driver that shows a game to bots (the arena, the terminal client, the server's tables)
keeps one list per seat and appends each event as ``game.project(event, seat)`` sees it; this is
that bookkeeping, in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardroom.bots.protocol import Json, SeatView
from cardroom.engine.game import Game, JsonAble


class SeatHistories:
    """One projected event history per seat, and the ``SeatView`` a seat gets from them."""

    __slots__ = ("game", "seats")

    def __init__(self, game: Game[Any, Any, Any], num_seats: int) -> None:
        self.game = game
        self.seats: list[list[Json]] = [[] for _ in range(num_seats)]

    def __getitem__(self, seat: int) -> list[Json]:
        return self.seats[seat]

    def record(
        self, events: Iterable[JsonAble], as_json: Callable[[Any], Json] | None = None
    ) -> None:
        """Append every event, as each seat sees it (events hidden from a seat are skipped).
        Seats shown the same object (a public event) share its JSON, encoded once: histories
        are read-only to bots. ``as_json`` gives a projected event's JSON instead of
        ``to_json`` (a server's, shared with what it sends)."""
        for event in events:
            shown: Any = None
            shown_json: Json = {}
            for seat, history in enumerate(self.seats):
                seen = self.game.project(event, seat)
                if seen is not None:
                    if seen is not shown:
                        shown = seen
                        shown_json = seen.to_json() if as_json is None else as_json(seen)
                    history.append(shown_json)

    def view(self, state: Any, seat: int) -> SeatView:
        """``seat``'s observation of ``state`` with its history so far (not a copy: it grows)."""
        obs = self.game.observe(state, seat).to_json()
        return SeatView(self.game.name, seat, obs, self.seats[seat])
