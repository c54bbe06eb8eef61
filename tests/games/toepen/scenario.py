"""Set up Toepen situations through the public game API: a chosen deal, then a script.

A deal is built as the chance outcomes that produce it (``pick`` of the dealer, a ``shuffle``
placing each seat's cards where dealing one at a time from the dealer's left puts them), so every
case runs through the same code as a real game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardroom.engine import ChanceOutcome
from cardroom.engine.game import JsonDict
from cardroom.games.toepen import GAME, ToepenConfig, ToepenState
from cardroom.games.toepen.cards import HAND_SIZE, iter_cards, parse_card, parse_cards
from cardroom.games.toepen.state import Phase

Events = list[JsonDict]

SUITED = {0: "10H 7S 8D 9C", 1: "9H 10S 7D 8C", 2: "8H 9S 10D 7C", 3: "7H 8S 9D 10C"}
"""One card of each suit per seat; each suit is won by the seat with its 10 (H S0, S S1,
D S2, C S3), and everybody can always follow suit."""
SWEEP = {0: "10H 10S 9D 7C", 1: "JH JS JD 8C", 2: "QH QS QD 10C", 3: "KH KS KD 9C"}
"""S0 wins tricks 1-3 leading 10H, 10S, 9D; trick 4 led 7C goes to S2 (10C)."""
SWEEP_PLAYS = [
    "0 play 10H", "1 play JH", "2 play QH", "3 play KH",
    "0 play 10S", "1 play JS", "2 play QS", "3 play KS",
    "0 play 9D", "1 play JD", "2 play QD", "3 play KD",
    "0 play 7C", "1 play 8C", "2 play 10C", "3 play 9C",
]  # fmt: skip


def shuffle_for(hands: dict[int, str], stock: str, dealer: int, n: int) -> ChanceOutcome:
    """The shuffle that deals ``hands`` (and ``stock`` on top of the rest) with ``dealer``."""
    order = [(dealer + i) % n for i in range(1, n + 1)]
    cards = {seat: list(iter_cards(parse_cards(text))) for seat, text in hands.items()}
    given = [c for hand in cards.values() for c in hand] + list(iter_cards(parse_cards(stock)))
    assert len(set(given)) == len(given), "a card is dealt twice"
    used = set(given)
    spare = iter(c for c in range(32) if c not in used)
    for seat in order:
        cards.setdefault(seat, [])
        cards[seat] += [next(spare) for _ in range(HAND_SIZE - len(cards[seat]))]
    dealt = [cards[order[i % n]][i // n] for i in range(HAND_SIZE * n)]
    top = [parse_card(t) for t in stock.split()]
    return ChanceOutcome("shuffle", (*dealt, *top, *spare))


def dealt(
    hands: dict[int, str],
    *,
    stock: str = "",
    dealer: int = 3,
    lives: dict[int, int] | None = None,
    **options: Any,
) -> tuple[ToepenState, Events]:
    """A new game with ``options`` whose first hand deals ``hands``; ``lives`` overrides."""
    config = ToepenConfig(**options)
    state = GAME.new(config)
    state = GAME.apply_chance(state, ChanceOutcome("pick", (dealer,))).state
    if lives:
        state = replace(
            state, lives=tuple(lives.get(s, life) for s, life in enumerate(state.lives))
        )
    step = GAME.apply_chance(state, shuffle_for(hands, stock, dealer, config.seats))
    return step.state, [e.to_json() for e in step.events]


def run(state: ToepenState, *script: str) -> tuple[ToepenState, Events]:
    """Apply ``"<seat> <action text>"`` lines; returns the state and all events as JSON."""
    events: Events = []
    for line in script:
        seat, text = line.split(" ", 1)
        step = GAME.apply(state, int(seat), GAME.parse_action(text))
        state = step.state
        events += [e.to_json() for e in step.events]
    return state, events


def skip_exchange(state: ToepenState) -> ToepenState:
    """Everybody declines signals, exchanges and challenges until play starts."""
    while state.phase in (Phase.ANNOUNCE, Phase.LAUNDRY, Phase.CHALLENGE):
        (seat,) = GAME.observe(state, 0).to_json()["awaited"]
        state = GAME.apply(state, seat, GAME.default_action(state, seat)).state
    return state


def in_play(hands: dict[int, str], **kw: Any) -> ToepenState:
    return skip_exchange(dealt(hands, **kw)[0])


def obs(state: ToepenState, audience: Any) -> JsonDict:
    return GAME.observe(state, audience).to_json()


def legal(state: ToepenState, seat: int) -> list[str]:
    return list(obs(state, seat)["legal"])
