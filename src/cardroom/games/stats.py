"""What each game counts for a player's profile: per game, a module with ``COUNTERS`` (the
counter names), ``team_of(seat)`` and ``seat_counters(events, seats)`` (a finished match's
counters per seat, from its events). Games without one are recorded without counters, each seat
its own team."""

from __future__ import annotations

from types import ModuleType

from cardroom.games.tichu import stats as tichu
from cardroom.games.toepen import stats as toepen

STATS: dict[str, ModuleType] = {"tichu": tichu, "toepen": toepen}
