"""Randomness as explicit, logged chance outcomes (OpenSpiel chance nodes).

The engine never calls an RNG. A game asks for a ``ChanceRequest``; whoever drives the game
resolves it (seeded for tests and arenas, ``secrets`` on the server) and logs the outcome, so a
replay needs no seed and the seed never leaks.

>>> req = ChanceRequest("shuffle", 5)
>>> out = SeededResolver(1).resolve(req)
>>> sorted(out.values)
[0, 1, 2, 3, 4]
>>> ChanceOutcome.parse(str(out)) == out
True
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from operator import itemgetter
from typing import Final, Protocol

from cardroom.engine.errors import InvalidNotationError


@dataclass(frozen=True, slots=True)
class ChanceRequest:
    """A request for a random outcome: ``shuffle`` of ``n`` items, or ``pick`` of one of ``n``."""

    kind: str
    n: int


@dataclass(frozen=True, slots=True)
class ChanceOutcome:
    """A resolved chance event; its text form is what the log stores (``shuffle 3 0 2 1``)."""

    kind: str
    values: tuple[int, ...]

    def __str__(self) -> str:
        values = self.values
        if len(values) > 1 and min(values) >= 0 and max(values) < len(_NUMBERS):
            # a deal logs 56 numbers: their texts fetched at C speed (``str`` is one call each)
            return self.kind + " " + " ".join(itemgetter(*values)(_NUMBERS))
        return " ".join([self.kind, *map(str, values)])

    def __repr__(self) -> str:
        return f"ChanceOutcome.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> ChanceOutcome:
        """Parse the log text of an outcome."""
        kind, *rest = text.split() or [""]
        if kind not in ("shuffle", "pick"):
            raise InvalidNotationError(f"unknown chance outcome {text!r}")
        try:
            values = tuple(int(v) for v in rest)
        except ValueError:
            raise InvalidNotationError(f"chance values must be integers: {text!r}") from None
        return cls(kind, values)

    def check(self, request: ChanceRequest) -> None:
        """Raise ``InvalidNotationError`` unless this outcome answers ``request``."""
        if self.kind != request.kind:
            raise InvalidNotationError(f"expected a {request.kind} outcome, got {self.kind}")
        if request.kind == "shuffle":
            if sorted(self.values) != list(range(request.n)):
                raise InvalidNotationError(f"a shuffle must permute 0..{request.n - 1}")
        elif len(self.values) != 1 or not 0 <= self.values[0] < request.n:
            raise InvalidNotationError(f"a pick must be one value in 0..{request.n - 1}")


_NUMBERS: Final = tuple(map(str, range(256)))
"""The texts of small outcome values."""


class ChanceResolver(Protocol):
    """Anything that turns a chance request into an outcome."""

    def resolve(self, request: ChanceRequest) -> ChanceOutcome: ...


class _RandomResolver:
    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def resolve(self, request: ChanceRequest) -> ChanceOutcome:
        if request.kind == "shuffle":
            values = list(range(request.n))
            self._rng.shuffle(values)
            return ChanceOutcome("shuffle", tuple(values))
        return ChanceOutcome("pick", (self._rng.randrange(request.n),))


class SeededResolver(_RandomResolver):
    """Deterministic outcomes from a seed: tests, arenas and simulations."""

    def __init__(self, seed: int | str) -> None:
        super().__init__(random.Random(seed))


class SecureResolver(_RandomResolver):
    """Unpredictable outcomes for live tables."""

    def __init__(self) -> None:
        super().__init__(secrets.SystemRandom())
