"""Which tables may be rated: the game's standard rules (only the match's length may be
chosen, so that a short match still counts) and no hot seat (one person, one seat). That every
human is signed in is checked as seats are taken (``server/table/actor.py``)."""

from __future__ import annotations

from typing import Any

from cardroom.engine import Game

LENGTH_OPTIONS: dict[str, frozenset[str]] = {
    "tichu": frozenset({"target_score"}),
    "toepen": frozenset({"lives"}),
}


def why_not_rated(game: Game[Any, Any, Any], config: Any, hot_seat: bool) -> str | None:
    """``None`` if a table of ``game`` with ``config`` may be rated, else the reason."""
    if game.name not in LENGTH_OPTIONS:
        return f"{game.name} has no rating"
    if hot_seat:
        return "a hot-seat table cannot be rated"
    chosen, standard = game.config_to_json(config), game.config_to_json(game.default_config())
    changed = sorted(k for k in chosen if chosen[k] != standard.get(k)
                     and k not in LENGTH_OPTIONS[game.name])  # fmt: skip
    if changed:
        return f"a rated table plays the standard rules; changed: {', '.join(changed)}"
    return None
