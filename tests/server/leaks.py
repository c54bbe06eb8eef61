"""Checks that no message to an audience carries another seat's hidden cards.

Ground truth is the authoritative state at the message's version, rebuilt from the stored log:
for seat ``s`` the hidden cards are the other seats' hands (as the game itself reports them to
their owners), minus cards ``s`` legitimately knows: cards every seat is shown (a hand laid
open) and the cards it passed in this round's exchange; for a spectator, every hand except the
cards every seat is shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cardroom.engine import Game, LogRecord
from cardroom.engine.runner import apply_record

Json = dict[str, Any]
TOKEN = re.compile(r"[^\s(),=:\[\]{}\"']+")


def tokens(value: Any) -> set[str]:
    """Every word inside every string of a JSON value (cards appear as words)."""
    if isinstance(value, str):
        return set(TOKEN.findall(value))
    if isinstance(value, dict):
        return set().union(*(tokens(k) | tokens(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(tokens(v) for v in value)) if value else set()
    return set()


def states_by_version(
    game: Game[Any, Any, Any], config: Any, records: Sequence[LogRecord]
) -> dict[int, Any]:
    state = game.new(config)
    states = {0: state}
    for record in records:
        state, _ = apply_record(game, state, record)
        states[record.seq] = state
    return states


def passed_cards(records: Sequence[LogRecord], seat: int, version: int) -> set[str]:
    """Cards ``seat`` gave away in an exchange since the last deal (it knows where they are)."""
    known: set[str] = set()
    for record in records:
        if record.seq > version:
            break
        if record.kind == "chance":
            known = set()
        elif record.seat == seat and record.text.startswith("exchange"):  # played or timed out
            known.add(record.text.split()[1])  # "exchange C to N"
    return known


def hand(game: Game[Any, Any, Any], state: Any, seat: int) -> set[str]:
    return set(game.observe(state, seat).to_json().get("hand") or ())


def shown_to_all(game: Game[Any, Any, Any], state: Any, n: int) -> set[str]:
    """Words in every seat's observation: public knowledge (open hands, played cards)."""
    return set.intersection(*(tokens(game.observe(state, t).to_json()) for t in range(n)))


def check_messages(
    game: Game[Any, Any, Any],
    config: Any,
    records: Sequence[LogRecord],
    seat: int | None,
    messages: Iterable[Json],
) -> tuple[int, int]:
    """Assert no leak in ``messages`` (received in order by ``seat``, None = spectator).

    Returns (messages checked while some card was hidden, messages that showed own cards), so a
    caller can assert the check had something to catch.
    """
    states = states_by_version(game, config, records)
    n = game.num_seats(config)
    version, guarded, own_seen = 0, 0, 0
    for message in messages:
        version = message.get("v", version)
        state = states[version]
        others = [t for t in range(n) if t != seat]
        hidden = set().union(*(hand(game, state, t) for t in others))
        hidden -= shown_to_all(game, state, n)
        if seat is not None:
            hidden -= passed_cards(records, seat, version)
        words = tokens(message)
        leaked = words & hidden
        assert not leaked, (
            f"seat {seat} was sent hidden cards {sorted(leaked)} at v{version}: {message}"
        )
        guarded += bool(hidden)
        own_seen += seat is not None and bool(words & hand(game, state, seat))
    return guarded, own_seen
