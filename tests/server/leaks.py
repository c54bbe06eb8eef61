"""Checks that no message to an audience carries another seat's hidden cards.

Ground truth is the authoritative state at the message's version, rebuilt from the stored log:
for seat ``s`` the hidden cards are the other seats' hands (as the game itself reports them to
their owners), minus cards ``s`` legitimately knows: cards every seat is shown (a hand laid
open) and the cards it passed in this round's exchange; for a spectator, every hand except the
cards every seat is shown.
"""

from __future__ import annotations

import functools
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


class LogTruth:
    """What the stored log says each version's hands were, memoised per version: one message
    check per version and audience instead of rebuilding every observation per message (a
    spy test reads thousands of messages over the same few thousand versions)."""

    def __init__(self, game: Game[Any, Any, Any], config: Any, records: Sequence[LogRecord]):
        self.game, self.records = game, records
        self.seats = game.num_seats(config)
        state = game.new(config)
        self.states = {0: state}
        for record in records:
            state, _ = apply_record(game, state, record)
            self.states[record.seq] = state
        # memoised per instance: many messages (and every welcome's history) share a version
        self.hands = functools.cache(self._hands)
        self.shown_to_all = functools.cache(self._shown_to_all)
        self.passed = functools.cache(self._passed)
        self.hidden = functools.cache(self._hidden)

    def _hands(self, version: int) -> tuple[frozenset[str], ...]:
        state = self.states[version]
        return tuple(
            frozenset(self.game.observe(state, t).to_json().get("hand") or ())
            for t in range(self.seats)
        )

    def _shown_to_all(self, version: int) -> frozenset[str]:
        """Words in every seat's observation: public knowledge (open hands, played cards)."""
        state = self.states[version]
        return frozenset.intersection(
            *(frozenset(tokens(self.game.observe(state, t).to_json())) for t in range(self.seats))
        )

    def _passed(self, seat: int, version: int) -> frozenset[str]:
        """Cards ``seat`` gave away in an exchange since the last deal (it knows where they
        are)."""
        known: set[str] = set()
        for record in self.records:
            if record.seq > version:
                break
            if record.kind == "chance":
                known = set()
            elif record.seat == seat and record.text.startswith("exchange"):  # or timed out
                known.add(record.text.split()[1])  # "exchange C to N"
        return frozenset(known)

    def _hidden(self, seat: int | None, version: int) -> frozenset[str]:
        """The cards ``seat`` (None: a spectator) must not be shown at ``version``."""
        hands = self.hands(version)
        hidden = frozenset().union(*(h for t, h in enumerate(hands) if t != seat))
        hidden -= self.shown_to_all(version)
        return hidden if seat is None else hidden - self.passed(seat, version)


def check_messages(truth: LogTruth, seat: int | None, messages: Iterable[Json]) -> tuple[int, int]:
    """Assert no leak in ``messages`` (received in order by ``seat``, None = spectator).

    Returns (messages checked while some card was hidden, messages that showed own cards), so a
    caller can assert the check had something to catch.
    """

    def check(version: int, payload: Json, message: Json) -> None:
        leaked = tokens(payload) & truth.hidden(seat, version)
        assert not leaked, (
            f"seat {seat} was sent hidden cards {sorted(leaked)} at v{version}: {message}"
        )

    version, guarded, own_seen = 0, 0, 0
    for message in messages:
        version = message.get("v", version)
        # a welcome's public history: each event is checked at the version that produced it
        # (a card played in an earlier round may lie in a hand again now)
        history = message.get("history") if message.get("t") == "welcome" else None
        rest = {k: v for k, v in message.items() if k != "history"} if history else message
        check(version, rest, message)
        for event in history or ():
            check(int(event["v"]), event, message)
        guarded += bool(truth.hidden(seat, version))
        own_seen += seat is not None and bool(tokens(rest) & truth.hands(version)[seat])
    return guarded, own_seen
