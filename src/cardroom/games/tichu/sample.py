"""Hidden information: worlds a seat cannot tell apart, and random action texts for probes.

``resample_hidden`` deals every card the seat cannot know anew among the places it could be
(other hands, undealt cards, others' pending exchange cards), keeping every size. The cards the
seat gave stay with their receivers while there. Others' pending Grand Tichu decisions are
kept, and so are the stored rows of others' exchanges (the rules never read them after the
reveal; only their row for this seat is visible to it).
"""

from __future__ import annotations

import random
import re

from .actions import ActionKind, rank_text
from .cards import MJ, PHX, format_card, iter_cards
from .rules import legal_actions
from .state import SEATS, Phase, TichuState


def _known_to(state: TichuState, seat: int, holder: int) -> int:
    """Cards in ``holder``'s hand that ``seat`` knows are there: the ones it gave him."""
    if not state.revealed or holder == seat:
        return 0
    c = state.given[seat][(holder - seat) % SEATS - 1]
    return 0 if c is None else state.hands[holder] & 1 << c


def resample_hidden(state: TichuState, seat: int, rng: random.Random) -> TichuState:
    hands = list(state.hands)
    later = list(state.later)
    given = list(state.given)
    pool: list[int] = []
    for s in range(SEATS):
        if s != seat:
            hidden = hands[s] & ~_known_to(state, seat, s)
            pool.extend(iter_cards(hidden))
            hands[s] &= ~hidden
        pool.extend(iter_cards(later[s]))
    exchange_pending = state.phase is Phase.EXCHANGE
    for s in range(SEATS):
        if exchange_pending and s != seat:
            pool.extend(c for c in given[s] if c is not None)
    rng.shuffle(pool)

    def draw(n: int) -> int:
        mask = 0
        for c in pool[-n:] if n else ():
            mask |= 1 << c
        del pool[len(pool) - n :]
        return mask

    for s in range(SEATS):
        if s != seat:
            n = state.hands[s].bit_count() - hands[s].bit_count()
            hands[s] |= draw(n)
        later[s] = draw(state.later[s].bit_count())
    for s in range(SEATS):
        if exchange_pending and s != seat:
            given[s] = tuple(None if c is None else pool.pop() for c in given[s])
    assert not pool
    return state.replace(hands=tuple(hands), later=tuple(later), given=tuple(given))


def sample_action_texts(state: TichuState, seat: int, rng: random.Random) -> list[str]:
    """Plausible texts, legal or not: calls, passes, exchanges to every seat, wishes, gifts to
    every seat, and random subsets of the hand as plays, with and without Phoenix declarations
    (and the retired notations: three-card exchanges, ``wish=`` in a play)."""
    hand = list(iter_cards(state.hands[seat]))
    texts = [
        "grand",
        "nogrand",
        "tichu",
        "pass",
        "nowish",
        *(f"give-dragon {s}" for s in range(SEATS)),
    ]
    texts.append(f"wish {rank_text(rng.randint(1, 14))}")
    if hand:
        card = format_card(rng.choice(hand))
        texts.extend(f"exchange {card} to {s}" for s in range(SEATS))
    if len(hand) >= 3:
        texts.append("exchange " + " ".join(format_card(c) for c in rng.sample(hand, 3)))
    outsider = rng.choice([c for c in range(56) if c not in hand])
    texts.append(f"play {format_card(outsider)}")
    for _ in range(12):
        if not hand:
            break
        n = min(len(hand), rng.choice([1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 8]))
        cards = rng.sample(hand, n)
        parts = []
        for c in sorted(cards):
            text = format_card(c)
            if c == PHX and rng.random() < 0.6:
                text += f"(={rank_text(rng.randint(1, 14))})"
            parts.append(text)
        if MJ in cards and rng.random() < 0.7:
            parts.append(f"wish={rank_text(rng.randint(1, 14))}")
        elif rng.random() < 0.05:
            parts.append(f"wish={rank_text(rng.randint(2, 14))}")
        texts.append("play " + " ".join(parts))
    plays = [a for a in legal_actions(state, seat) if a.kind is ActionKind.PLAY]
    for action in rng.sample(plays, min(3, len(plays))):
        texts.append(re.sub(r"\(=[^)]*\)", "", str(action)))  # undeclared Phoenix (R6.3.4)
    return texts
