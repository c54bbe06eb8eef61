"""The ``Game`` protocol: what every registered game provides (OpenSpiel's game API).

A game is a pure function of its action history. States are frozen values; ``apply`` returns a
new ``Step``. Observations and events are per-audience projections that serialize to JSON, so the
server, bots and clients handle every game the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from cardroom.engine.chance import ChanceOutcome, ChanceRequest
from cardroom.engine.gametype import GameType
from cardroom.engine.types import Audience, Seat, Step

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
A_co = TypeVar("A_co", covariant=True)
JsonDict = dict[str, Any]


class Actions(Protocol[A_co]):
    """What ``legal_actions`` returns: a tuple, or a read-only sequence whose items are made as
    they are read (a random player reads one of tens). Not a ``Sequence`` subclass: compiled,
    an ABC's subclass loses its native ``len``."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> A_co: ...

    def __iter__(self) -> Iterator[A_co]: ...

    def __contains__(self, item: object, /) -> bool: ...


class JsonAble(Protocol):
    """Observations and events: plain values that render to JSON for the wire and the log."""

    def to_json(self) -> JsonDict: ...


@dataclass(frozen=True, slots=True)
class Observation:
    """What one audience sees, for every game: ``data`` is already plain JSON (read-only), so
    the wire, bots and clients never convert it again."""

    data: JsonDict

    def to_json(self) -> JsonDict:
        return self.data


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``scores`` has one entry per seat (a team game repeats the team score for each member);
    ``winners`` is empty for a draw.
    """

    scores: tuple[int, ...]
    winners: frozenset[Seat]
    reason: str

    def to_json(self) -> JsonDict:
        return {"scores": list(self.scores), "winners": sorted(self.winners), "reason": self.reason}


class Game(Protocol[S, A, C]):
    """One instance per game, registered by name."""

    name: str
    rules_version: str
    min_seats: int
    max_seats: int
    game_type: GameType
    """What kind of game this is (checked by the conformance suite)."""
    round_end: tuple[type, ...]
    """Event types that close a round (or hand) with a summary worth reading: a table may pause
    before the next deal there. Empty for a game without such a moment."""

    # -- configuration -------------------------------------------------------------------
    def default_config(self, seats: int | None = None) -> C:
        """The [Standard] rule set for ``seats`` players (the game's normal count if None)."""
        ...

    def config_to_json(self, config: C) -> JsonDict: ...

    def config_from_json(self, data: Mapping[str, Any]) -> C:
        """Build a config from JSON; unknown keys or bad values raise ``ValueError``."""
        ...

    def num_seats(self, config: C) -> int: ...

    # -- state transitions ----------------------------------------------------------------
    def new(self, config: C) -> S:
        """The initial state; it may begin at a chance point."""
        ...

    def pending_chance(self, state: S) -> ChanceRequest | None: ...

    def apply_chance(self, state: S, outcome: ChanceOutcome) -> Step[S, JsonAble]: ...

    def active_seats(self, state: S) -> frozenset[Seat]:
        """Every seat that may act now (several: simultaneous phases, bombs, calls)."""
        ...

    def awaited(self, state: S) -> frozenset[Seat]:
        """The active seats that owe a move now: the game waits for them (turn, simultaneous
        decisions). The other active seats may only act out of turn (bombs, calls, knocks);
        timers, bots and clients wait on these seats only. Public knowledge."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Actions[A]:
        """Canonically sorted; empty if the seat may not act (a tuple, or a read-only sequence
        whose items are made as they are read)."""
        ...

    def apply(self, state: S, seat: Seat, action: A) -> Step[S, JsonAble]:
        """Check and apply; raises ``NotActiveError``/``IllegalActionError`` naming the rule."""
        ...

    def is_terminal(self, state: S) -> bool: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def default_action(self, state: S, seat: Seat) -> A:
        """What a timeout plays for ``seat``: a deterministic legal action."""
        ...

    # -- notation --------------------------------------------------------------------------
    def parse_action(self, text: str) -> A:
        """Parse canonical action text; raises ``InvalidNotationError``."""
        ...

    def format_action(self, action: A) -> str: ...

    # -- information -----------------------------------------------------------------------
    def observe(self, state: S, audience: Audience) -> JsonAble:
        """Everything ``audience`` may know, including its legal actions when active."""
        ...

    def project(self, event: JsonAble, audience: Audience) -> JsonAble | None:
        """The event as ``audience`` may see it, or None to drop it."""
        ...

    def resample_hidden(self, state: S, seat: Seat, rng: random.Random) -> S:
        """A state that ``seat`` cannot tell apart from ``state``: hidden cards reshuffled."""
        ...

    def sample_action_texts(self, state: S, seat: Seat, rng: random.Random) -> list[str]:
        """Plausible action texts, legal or not, for conformance tests of the legality check."""
        ...


def legal_texts(game: Game[S, A, C], state: S, seat: Seat) -> list[str]:
    """``seat``'s legal actions in canonical text, in the game's order: the ``legal`` list of
    its observation, without building the observation."""
    return [game.format_action(a) for a in game.legal_actions(state, seat)]
