"""``Version``: one stored record's result, as each audience is shown it (memoized).

The actor keeps the last versions in a ring buffer, so a page that reconnects with ``since`` is
sent the envelopes it missed instead of a whole snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardroom.engine import Audience, Game
from cardroom.engine.types import audience_name
from cardroom.i18n.narration import with_say
from cardroom.server.table.frames import Ev

Json = dict[str, Any]


def _memo(memo: dict[int, tuple[Any, Json]], event: Any, make: Callable[[], Json]) -> Json:
    """``make()``'s JSON for ``event``, memoized by the object: the memo holds the event, so
    its id stays its own while the entry lives."""
    found = memo.get(id(event))
    if found is None or found[0] is not event:
        found = memo[id(event)] = (event, make())
    return found[1]


@dataclass(frozen=True, slots=True)
class Version:
    """One stored record's result: the state after it and its events. Each audience's envelope
    is projected from it on first use and memoized, so nobody pays for audiences nobody watches
    (catch-up and late bots project on demand)."""

    v: int
    state: Any
    events: tuple[Any, ...]
    envelopes: dict[str, Ev] = field(default_factory=dict)
    observations: dict[str, Json] = field(default_factory=dict)
    shown: dict[int, tuple[Any, Json]] = field(default_factory=dict)
    """id of a projected event -> (it, its JSON with ``say``): most events are public, so
    every audience (and the public history) is shown the same object, encoded once."""
    encoded: dict[int, tuple[Any, Json]] = field(default_factory=dict)
    """id of a projected event -> (it, its JSON): shared by the seats' histories and ``said``."""

    def json(self, event: Any) -> Json:
        """``event``'s ``to_json``, memoized by the object (read-only, like ``said``'s)."""
        return _memo(self.encoded, event, event.to_json)

    def said(self, game: Game[Any, Any, Any], event: Any) -> Json:
        """``event`` (as some audience sees it) as JSON with its message, memoized by the
        object: the dict is shared by every envelope that shows it (read-only)."""
        return _memo(self.shown, event, lambda: with_say(game.name, self.json(event)))

    def observation(self, game: Game[Any, Any, Any], audience: Audience) -> Json:
        """The audience's observation alone: what a bot seat reads (nobody is sent its
        envelope, so its projected events are never built)."""
        key = audience_name(audience)
        if key in self.envelopes:
            return self.envelopes[key].obs
        if key not in self.observations:
            self.observations[key] = game.observe(self.state, audience).to_json()
        return self.observations[key]

    def known(self, audience: Audience) -> Json | None:
        """The audience's observation if it was built already (else None: nothing is built)."""
        key = audience_name(audience)
        envelope = self.envelopes.get(key)
        return envelope.obs if envelope is not None else self.observations.get(key)

    def envelope(self, game: Game[Any, Any, Any], audience: Audience) -> Ev:
        key = audience_name(audience)
        if key not in self.envelopes:
            events = [self.said(game, p) for e in self.events
                      if (p := game.project(e, audience)) is not None]  # fmt: skip
            obs = self.observation(game, audience)
            self.envelopes[key] = Ev(self.v, events, obs)
        return self.envelopes[key]
