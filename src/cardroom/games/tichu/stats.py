"""A finished match's counters per seat, for the players' profiles: rounds played, Tichu and
Grand Tichu called and made (per player-round), one-two finishes and bombs played."""

from __future__ import annotations

from collections.abc import Iterable

from cardroom.games.tichu.events import Played, RoundScored
from cardroom.games.tichu.state import GRAND_CALL, TICHU_CALL

COUNTERS = ("rounds", "tichu_called", "tichu_made", "grand_called", "grand_made",
            "double_victories", "bombs")  # fmt: skip


def team_of(seat: int) -> int:
    """Seats 0 and 2 play against 1 and 3."""
    return seat % 2


def seat_counters(events: Iterable[object], seats: int) -> list[dict[str, int]]:
    counts = [dict.fromkeys(COUNTERS, 0) for _ in range(seats)]
    for event in events:
        if isinstance(event, Played) and event.combo.is_bomb():
            counts[event.seat]["bombs"] += 1
        elif isinstance(event, RoundScored):
            result = event.result
            first = result.out[0] if result.out else None
            for seat in range(seats):
                mine = counts[seat]
                mine["rounds"] += 1
                call = result.calls[seat] if seat < len(result.calls) else ""
                for kind, name in ((TICHU_CALL, "tichu"), (GRAND_CALL, "grand")):
                    if call == kind:
                        mine[f"{name}_called"] += 1
                        mine[f"{name}_made"] += int(first == seat)
                if result.double_victory and first is not None and team_of(first) == team_of(seat):
                    mine["double_victories"] += 1
    return counts
