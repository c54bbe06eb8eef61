"""Oracle tests for ``enumerate_plays``: a slow, obviously-correct brute force as the reference.

The brute force tries every subset of the hand through ``readings`` and keeps what ``beats``
the top (python-chess perft idea). ``data/plays.txt`` freezes its counts for fixed hands and
tricks; regenerate it with ``python -m tests.games.tichu.test_enumerate`` (and review the diff).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.games.tichu.cards import (
    DECK,
    DOG,
    DRG,
    PHX,
    card,
    format_cards,
    iter_cards,
    parse_cards,
)
from cardroom.games.tichu.combos import (
    Combo,
    Kind,
    beats,
    combo_for,
    enumerate_bombs,
    enumerate_plays,
    has_bomb,
    readings,
)
from tests.games.tichu.test_combos import trick_top

DATA = Path(__file__).parent / "data" / "plays.txt"
_PHX_BIT = 1 << PHX


def brute_force_plays(hand: int, top: Combo | None) -> set[Combo]:
    """Every reading of every subset of ``hand`` that beats ``top``.

    The Phoenix single's value depends on the top (R6.4): 1½ when led, else top + ½; it has no
    value on the Dragon (R6.4.3), where it cannot be played.
    """
    found: set[Combo] = set()
    sub = hand
    while sub:
        for reading in readings(sub):
            if sub == _PHX_BIT and top is not None and top.kind is Kind.SINGLE:
                if top.cards == 1 << DRG:
                    continue
                reading = reading._replace(strength=top.strength + 1)
            if beats(reading, top):
                found.add(reading)
        sub = (sub - 1) & hand
    return found


def combo_text(c: Combo) -> str:
    """A play in the notation of the cases, with the Phoenix's declared rank."""
    text = format_cards(c.cards)
    if c.phoenix_as is not None:
        text = text.replace("PHX", f"PHX(={c.phoenix_as})")
    return text


def random_trick(rng: random.Random, rest: int) -> str:
    """A plausible trick from cards outside the hand: empty, one lead, or a lead + Phoenix."""
    if rng.random() < 0.15:
        return ""
    pool = list(iter_cards(rest))
    sample = sum(1 << c for c in rng.sample(pool, min(12, len(pool))))
    leads = sorted(brute_force_plays(sample, None), key=lambda c: (c.kind, c.length, c.cards))
    if not leads:
        return ""
    kind = rng.choice(sorted({c.kind for c in leads}))  # every kind equally likely as the top
    lead = rng.choice([c for c in leads if c.kind is kind])
    on_single = lead.kind is Kind.SINGLE and lead.cards not in (1 << DOG, 1 << DRG, _PHX_BIT)
    if on_single and rest & _PHX_BIT and rng.random() < 0.4:
        return f"{combo_text(lead)} / PHX"
    return combo_text(lead)


def dense_hand(rng: random.Random, size: int) -> int:
    """A hand crowded into a few ranks plus the specials, so it holds many combinations."""
    lo = rng.randint(2, 9)
    deck = [card(r, s) for r in range(lo, lo + 6) for s in range(4)] + [0, 1, PHX, DRG]
    return sum(1 << c for c in rng.sample(deck, size))


def check_against_oracle(hand: int, trick: str) -> None:
    top = trick_top(trick)
    plays = enumerate_plays(hand, top)
    context = f"hand {format_cards(hand)} | trick {trick}"
    assert set(plays) == brute_force_plays(hand, top), context
    assert len({(c.cards, c.phoenix_as) for c in plays}) == len(plays), context
    assert list(plays) == sorted(plays, key=lambda c: (c.kind, c.length, c.strength, c.cards))
    for c in plays:
        assert beats(c, top), (context, str(c))
        assert any(
            (r.kind, r.cards, r.phoenix_as) == (c.kind, c.cards, c.phoenix_as)
            for r in readings(c.cards)
        ), (context, str(c))
        assert combo_for(c.cards, c.phoenix_as, top) == c, (context, str(c))
    assert enumerate_bombs(hand, top) == tuple(c for c in plays if c.is_bomb()), context
    assert has_bomb(hand) is bool(enumerate_bombs(hand, None)), context


@pytest.mark.parametrize("seed", range(40))
def test_random_full_hands_match_brute_force(seed: int) -> None:
    """14-card hands from a shuffled deck, against a random trick from the other cards."""
    rng = random.Random(seed)
    hand = sum(1 << c for c in rng.sample(range(56), 14))
    check_against_oracle(hand, random_trick(rng, DECK & ~hand))


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=12), st.randoms(use_true_random=False))
def test_dense_hands_match_brute_force(size: int, rng: random.Random) -> None:
    """Small hands packed with pairs, stairs, straights, the Phoenix and the Mah Jong."""
    hand = dense_hand(rng, size)
    check_against_oracle(hand, random_trick(rng, DECK & ~hand))


def read_oracle_file() -> list[tuple[str, str, int]]:
    """Rows of the oracle file; none if it is missing (then the size test fails)."""
    rows: list[tuple[str, str, int]] = []
    if not DATA.exists():
        return rows
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            hand, trick, count = (part.strip() for part in line.split("|"))
            rows.append((hand, trick, int(count)))
    return rows


def test_oracle_file_is_substantial() -> None:
    rows = read_oracle_file()
    assert len(rows) >= 40
    assert {trick == "" for _, trick, _ in rows} == {True, False}


@pytest.mark.parametrize(("hand", "trick", "count"), read_oracle_file())
def test_oracle_counts(hand: str, trick: str, count: int) -> None:
    assert len(enumerate_plays(parse_cards(hand), trick_top(trick))) == count


_HEADER = """\
# Oracle counts for enumerate_plays(hand, top), produced by the brute-force enumerator in
# tests/games/tichu/test_enumerate.py (python -m tests.games.tichu.test_enumerate).
# hand | trick (plays in order, separated by '/'; empty = leading) | number of distinct plays
"""


def regenerate(path: Path = DATA) -> None:
    """Write the oracle file: seeded full and dense 14-card hands with random tricks."""
    lines = [_HEADER]
    rng = random.Random(20261202)
    for i in range(48):
        if i % 2:
            hand = dense_hand(rng, rng.randint(8, 14))
        else:
            hand = sum(1 << c for c in rng.sample(range(56), 14))
        trick = "" if i < 6 else random_trick(rng, DECK & ~hand)
        count = len(brute_force_plays(parse_cards(format_cards(hand)), trick_top(trick)))
        lines.append(f"{format_cards(hand)} | {trick} | {count}\n")
    path.write_text("".join(lines), encoding="utf-8")


if __name__ == "__main__":
    regenerate()


def test_five_in_a_row_never_rejects_a_straight() -> None:
    """The straights' quick reject (``combos._five_in_a_row``) against every set of held ranks
    (bit 1 the Mah Jong, 2..14): five in a row, or four of five with the Phoenix, is never
    rejected (it may pass a set that then yields nothing)."""
    from cardroom.games.tichu.combos import _five_in_a_row

    for present in range(0, 1 << 15, 2):
        for wild in (0, 1):
            window = any((present >> lo & 31).bit_count() >= 5 - wild for lo in range(1, 11))
            if window:
                assert _five_in_a_row(present, wild), (bin(present), wild)
