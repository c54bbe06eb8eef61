"""Which tables may be rated: the game's standard rules (only the match's length may be
chosen, so that a short match still counts) and no hot seat (one person, one seat). That every
human is signed in is checked as seats are taken (``server/table/actor.py``)."""

from __future__ import annotations

from typing import Any

from cardroom.engine import Game
from cardroom.server.table.outcomes import LobbyCode, LobbyError, Problem

LENGTH_OPTIONS: dict[str, frozenset[str]] = {
    "tichu": frozenset({"target_score"}),
    "toepen": frozenset({"lives"}),
}


def why_not_rated(game: Game[Any, Any, Any], config: Any, hot_seat: bool) -> LobbyError | None:
    """``None`` if a table of ``game`` with ``config`` may be rated, else the refusal (400)."""
    if game.name not in LENGTH_OPTIONS:
        return LobbyError(f"{game.name} has no rating", Problem.BAD_REQUEST)
    if hot_seat:
        msg = "a hot-seat table cannot be rated"
        return LobbyError(msg, Problem.BAD_REQUEST, LobbyCode.RATED_HOT_SEAT)
    chosen, standard = game.config_to_json(config), game.config_to_json(game.default_config())
    changed = sorted(k for k in chosen if chosen[k] != standard.get(k)
                     and k not in LENGTH_OPTIONS[game.name])  # fmt: skip
    if changed:
        msg = f"a rated table plays the standard rules; changed: {', '.join(changed)}"
        return LobbyError(msg, Problem.BAD_REQUEST, LobbyCode.RATED_STANDARD)
    return None
