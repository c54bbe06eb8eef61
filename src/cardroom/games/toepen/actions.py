"""Toepen actions and their canonical text.

=============  ===========================================================================
``play 10H``   play a card to the current trick (R4)
``knock``      raise the stake by one (R5.2, R5.3)
``stay``       answer a knock by staying in (R5.4, R5.5)
``fold``       answer a knock by folding for the current stake (R5.6)
``laundry``    lay the hand down as "dirty laundry" and take 4 stock cards (R3.1)
``nolaundry``  keep the hand when asked to exchange (R3.5)
``challenge``  challenge the current exchange (R3.3)
``accept``     let the current exchange pass unchallenged (R3.3)
``whistle``    optional signal for exactly three Js (R8.3; three 10s whistle automatically)
``stand``      optional signal for four Js (R8.3; four 10s stand automatically)
``nosignal``   decline the optional signal (R8.3)
=============  ===========================================================================

Parsing ignores case and surrounding spaces; formatting gives the canonical text above.

>>> Action.parse(" Play 10h ")
Action.parse('play 10H')
>>> str(Action.parse("knock"))
'knock'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardroom.engine.errors import InvalidNotationError
from cardroom.games.toepen.cards import format_card, parse_card

KINDS: Final = (
    "play",
    "knock",
    "stay",
    "fold",
    "laundry",
    "nolaundry",
    "challenge",
    "accept",
    "whistle",
    "stand",
    "nosignal",
)
"""Every action kind; also the canonical sort order of legal actions (then by card)."""
ORDER: Final = {kind: i for i, kind in enumerate(KINDS)}


@dataclass(frozen=True, slots=True)
class Action:
    """An action: ``kind`` from ``KINDS``; ``card`` (0..31) only for ``play``, else -1."""

    kind: str
    card: int = -1

    def __str__(self) -> str:
        return f"play {format_card(self.card)}" if self.kind == "play" else self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse canonical action text; anything else raises ``InvalidNotationError``."""
        parts = text.lower().split()
        if len(parts) == 2 and parts[0] == "play":
            return PLAYS[parse_card(parts[1])]
        if len(parts) == 1 and parts[0] in SIMPLE:
            return SIMPLE[parts[0]]
        raise InvalidNotationError(
            f"not a Toepen action: {text!r} (use 'play <card>' or one of {', '.join(KINDS[1:])})"
        )

    def sort_key(self) -> tuple[int, int]:
        return ORDER[self.kind], self.card


PLAYS: Final = tuple(Action("play", c) for c in range(32))
SIMPLE: Final = {kind: Action(kind) for kind in KINDS[1:]}
KNOCK: Final = SIMPLE["knock"]
STAY: Final = SIMPLE["stay"]
FOLD: Final = SIMPLE["fold"]
LAUNDRY: Final = SIMPLE["laundry"]
NOLAUNDRY: Final = SIMPLE["nolaundry"]
CHALLENGE: Final = SIMPLE["challenge"]
ACCEPT: Final = SIMPLE["accept"]
WHISTLE: Final = SIMPLE["whistle"]
STAND: Final = SIMPLE["stand"]
NOSIGNAL: Final = SIMPLE["nosignal"]
