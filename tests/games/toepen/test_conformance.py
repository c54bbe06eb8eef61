"""toepen.md §6: every conformance case, table-driven, named by its case number.

Each case deals chosen hands (4 players, dealer S3 so S0 leads, 10 lives, stake 1 unless the
case says otherwise), runs a script of ``"<seat> <action>"`` lines through ``GAME.apply`` and
checks the public observation, the events and, where a case is a refusal, the error and the
rule it names. Cases for variants run with the named option on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from cardroom.engine import SPECTATOR, IllegalActionError, NotActiveError
from cardroom.games.toepen.cards import JACK, RANKS, SUITS, format_card, parse_card, strength_of
from cardroom.games.toepen.state import Phase

from .scenario import SUITED, SWEEP, SWEEP_PLAYS, dealt, legal, obs, run, skip_exchange

#: SUITED played so that S1 wins trick 4: S0 (10H), S2 (10D), S3 (10C), then S1 (10S).
S1_WINS = [
    ["0 play 10H", "1 play 9H", "2 play 8H", "3 play 7H"],
    ["0 play 8D", "1 play 7D", "2 play 10D", "3 play 9D"],
    ["2 play 7C", "3 play 10C", "0 play 9C", "1 play 8C"],
    ["3 play 8S", "0 play 7S", "1 play 10S", "2 play 9S"],
]
#: S0 wins every trick and leads 10H to trick 4.
S0_ALL = {0: "10H 10S 9D 9C", 1: "JH JS JD 8C", 2: "QH QS QD 7C", 3: "KH KS KD AC"}
S0_ALL_3 = [
    "0 play 10S", "1 play JS", "2 play QS", "3 play KS",
    "0 play 9D", "1 play JD", "2 play QD", "3 play KD",
    "0 play 9C", "1 play 8C", "2 play 7C", "3 play AC",
]  # fmt: skip
S0_ALL_4 = ["0 play 10H", "1 play JH", "2 play QH", "3 play KH"]
#: T42: S0 wins trick 1, leads 9S to trick 2; S1 and S3 are void in spades.
T42_HANDS = {0: "10H 9S 9D 9C", 1: "QH KH 7D 8D", 2: "JH 8S 10D 10C", 3: "AH 7C KD KC"}
T42_T1 = ["0 play 10H", "1 play QH", "2 play JH", "3 play AH"]
T42_T2 = ["0 play 9S", "1 knock", "2 stay", "3 stay", "0 fold", "1 play KH", "2 play 8S"]
T42_T2 += ["3 play 7C"]
#: T43: S0 wins tricks 1-3 with 10s and leads 9S to trick 4.
T43_HANDS = {0: "10H 10D 10C 9S", 1: "JH JD JC QD", 2: "QH KD QC 7S", 3: "AH KH AD KC"}
T43_PLAYS = [
    "0 play 10H", "1 play JH", "2 play QH", "3 play AH",
    "0 play 10D", "1 play JD", "2 play KD", "3 play AD",
    "0 play 10C", "1 play JC", "2 play QC", "3 play KC",
    "0 play 9S", "1 knock", "2 stay", "3 stay", "0 fold",
    "1 play QD", "2 play 7S", "3 play KH",
]  # fmt: skip
#: T57: S2 wins tricks 1-3 with 10s and leads JD to trick 4; nobody else holds a diamond.
JACK_HANDS = {0: "7S 8C 8H AS", 1: "8S 9C 9H KS", 2: "10S 10C 10H JD", 3: "9S 7C 7H QS"}
JACK_PLAYS = [
    "0 play 7S", "1 play 8S", "2 play 10S", "3 play 9S",
    "2 play 10C", "3 play 7C", "0 play 8C", "1 play 9C",
    "2 play 10H", "3 play 7H", "0 play 8H", "1 play 9H",
    "2 play JD", "3 play QS", "0 play AS", "1 play KS",
]  # fmt: skip
ALL_STAY = {0: ["1 stay", "2 stay", "3 stay"], 1: ["2 stay", "3 stay", "0 stay"]}
ALL_STAY[3] = ["0 stay", "1 stay", "2 stay"]


def flat(*parts: list[str]) -> list[str]:
    return [line for part in parts for line in part]


@dataclass
class Case:
    """One §6 case: a deal, a script, and the public facts that must hold afterwards."""

    id: str
    hands: dict[int, str]
    script: list[str]
    expect: dict[str, Any] = field(default_factory=dict)
    refused: tuple[type[Exception], str] | None = None
    """The script's last line must raise this error naming this rule."""
    lives: dict[int, int] | None = None
    stock: str = ""
    dealer: int = 3
    exchange: bool = False
    """Start in the exchange phase (announcements first) instead of at the first lead."""
    options: dict[str, Any] = field(default_factory=dict)
    legal: dict[int, list[str]] = field(default_factory=dict)
    views: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Per seat, observation keys that must have these values."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """Events (as JSON) that must be among those the script caused."""
    absent: list[str] = field(default_factory=list)
    """Event types that must not occur."""


def play(case: Case) -> None:
    state, events = dealt(
        case.hands, stock=case.stock, dealer=case.dealer, lives=case.lives, **case.options
    )
    if not case.exchange:
        state = skip_exchange(state)
    script = case.script[:-1] if case.refused else case.script
    state, more = run(state, *script)
    events += more
    if case.refused:
        error, rule = case.refused
        with pytest.raises(error, match=rule):
            run(state, case.script[-1])
    public = obs(state, SPECTATOR)
    for key, value in case.expect.items():
        assert public[key] == value, key
    for seat, view in case.views.items():
        mine = obs(state, seat)
        for key, value in view.items():
            assert mine[key] == value, f"seat {seat}: {key}"
    for seat, actions in case.legal.items():
        assert legal(state, seat) == actions, f"seat {seat}"
    for event in case.events:
        assert event in events
    assert not {e["type"] for e in events} & set(case.absent)


def cases(*table: Case) -> Any:
    return pytest.mark.parametrize("case", table, ids=[c.id for c in table])


# -- §6.1 deck and tricks ------------------------------------------------------------------


def test_t01_deck_has_32_cards_7_to_ace() -> None:
    names = {format_card(c) for c in range(32)}
    assert names == {rank + suit for rank in RANKS for suit in SUITS}
    assert set(RANKS) == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    for bad in ("6H", "2S", "JOKER", "11D"):
        with pytest.raises(ValueError, match="not a Toepen card"):
            parse_card(bad)


def test_t02_strength_order_j_q_k_a_7_8_9_10() -> None:
    hearts = sorted(parse_card(r + "H") for r in ("10", "9", "8", "7", "A", "K", "Q", "J"))
    assert [format_card(c) for c in hearts] == ["JH", "QH", "KH", "AH", "7H", "8H", "9H", "10H"]
    assert strength_of(hearts[0]) == JACK


TRICKS = cases(
    Case(
        "T03",
        {0: "7H 7S 7D 7C", 1: "AH 8S 8D 8C", 2: "KH 9S 9D 9C", 3: "JH 10S 10D QC"},
        ["0 play 7H", "1 play AH", "2 play KH", "3 play JH"],
        events=[{"type": "trick", "trick_no": 1, "winner": 0, "leader": 0}],
    ),
    Case(
        "T04",
        {0: "JD 7S 7H 8C", 1: "10S 8S 8H 9C", 2: "QD 9S 9H 10C", 3: "7C 10H JH QH"},
        ["0 play JD", "1 play 10S", "2 play QD", "3 play 7C"],
        events=[{"type": "trick", "trick_no": 1, "winner": 2, "leader": 2}],
    ),
    Case(
        "T05",
        {0: "8C 7S 7H 7D", 1: "9C 8S 8H 8D", 2: "10S 9S 9H 9D", 3: "7C 10H 10D JH"},
        ["0 play 8C", "1 play 9C", "2 play 10S", "3 play 7C"],
        events=[{"type": "trick", "trick_no": 1, "winner": 1, "leader": 1}],
    ),
    Case(
        "T06",
        {0: "9H 7S 7C 8S", 1: "8H 10S KC 7D", 2: "QH 9S 9D 9C", 3: "JH 10D 10C JS"},
        ["0 play 9H", "1 play 10S"],
        refused=(IllegalActionError, r"R4\.2: you must follow suit"),
        legal={1: ["play 8H", "knock"]},
    ),
    Case(
        "T07",
        {0: "9H 7S 7C 8S", 1: "10S KC 7D 9D", 2: "QH 9S 8D 9C", 3: "JH 10D 10C JS"},
        ["0 play 9H"],
        legal={1: ["play 10S", "play 7D", "play 9D", "play KC", "knock"]},
    ),
    Case(
        "T08",
        SUITED,
        ["0 play 8D", "1 play 7D", "2 play 10D", "3 play 9D"],
        expect={"turn": 2, "leader": 2, "trick_no": 2},
        legal={2: ["play 8H", "play 9S", "play 7C", "knock"]},
    ),
    Case(
        "T09",
        SWEEP,
        SWEEP_PLAYS,
        expect={"lives": [9, 9, 10, 9]},
        events=[{"type": "trick", "trick_no": 3, "winner": 0, "leader": 0}],
    ),
)


@TRICKS
def test_tricks(case: Case) -> None:
    play(case)


# -- §6.2 deal and dealer ------------------------------------------------------------------


@pytest.mark.parametrize(("n", "stock"), [(4, 16), (3, 20), (7, 4), (8, 0)])
def test_t10_deal_four_each_and_the_stock(n: int, stock: int) -> None:
    state, events = dealt({}, seats=n, dealer=n - 1)
    assert obs(state, SPECTATOR)["hand_sizes"] == [4] * n
    assert obs(state, SPECTATOR)["stock"] == stock == events[0]["stock"]


def test_t11_left_of_the_dealer_leads() -> None:
    state = skip_exchange(dealt(SUITED)[0])
    assert obs(state, SPECTATOR)["turn"] == 0


def next_leader(state: Any) -> int:
    from cardroom.engine import ChanceOutcome

    from .scenario import GAME

    state = GAME.apply_chance(state, ChanceOutcome("shuffle", tuple(range(32)))).state
    return int(obs(skip_exchange(state), SPECTATOR)["turn"])


@pytest.mark.parametrize(
    ("case", "script", "dealer", "leader"),
    [
        ("T12", SWEEP_PLAYS, 2, 3),
        ("T13", ["1 knock", "2 fold", "3 fold", "0 fold"], 1, 2),
    ],
)
def test_t12_t13_winner_deals_next(case: str, script: list[str], dealer: int, leader: int) -> None:
    state, _ = run(skip_exchange(dealt(SWEEP)[0]), *script)
    assert obs(state, SPECTATOR)["dealer"] == dealer
    assert next_leader(state) == leader


# -- §6.3 exchange -------------------------------------------------------------------------

NOSIG = ["0 nosignal", "1 nosignal", "2 nosignal", "3 nosignal"]
FACES = {0: "AS KH QD JC"}
HIDDEN = [{"seat": 0, "challenger": None, "loser": None, "discard": None}]

EXCHANGE = cases(
    Case(
        "T14",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 accept", "3 accept"],
        expect={"stock": 12, "lives": [10] * 4, "exchanges": HIDDEN},
        views={0: {"hand": ["7H", "8H", "9H", "10S"]}, 1: {"exchanges": HIDDEN}},
        stock="7H 8H 9H 10S",
        exchange=True,
        absent=["challenge"],
    ),
    Case(
        "T15",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 challenge"],
        expect={"lives": [10, 10, 9, 10]},
        views={0: {"hand": ["7H", "8H", "9H", "10S"]}},
        events=[
            {"type": "challenge", "seat": 2, "exchanger": 0, "loser": 2, "lost": 1}
            | {"discard": ["KH", "AS", "QD", "JC"]}
        ],
        stock="7H 8H 9H 10S",
        exchange=True,
    ),
    Case(
        "T16",
        {0: "AS KH QD 7C"},
        [*NOSIG, "0 laundry", "1 challenge"],
        expect={"lives": [9, 10, 10, 10]},
        views={0: {"hand": ["7H", "8H", "9H", "10S"]}},
        stock="7H 8H 9H 10S",
        exchange=True,
    ),
    Case(
        "T17",
        {0: "10S 9H 8D 7C"},
        [*NOSIG, "0 laundry", "1 accept", "2 accept", "3 accept"],
        expect={"lives": [10] * 4, "exchanges": HIDDEN},
        views={0: {"hand": ["JH", "7H", "8H", "JS"]}, 3: {"exchanges": HIDDEN}},
        stock="7H 8H JH JS",
        exchange=True,
        absent=["challenge"],
    ),
    Case(
        "T18",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 challenge"],
        expect={"lives": [10, 10, 9, 10], "phase": "announce", "awaited": [0]},
        events=[{"type": "accept", "seat": 1}],
        exchange=True,
    ),
    Case(
        "T19",
        {0: "10H AH KH QH"},
        [*NOSIG, "0 laundry", "1 challenge"],
        expect={"lives": [9, 10, 10, 10]},
        exchange=True,
    ),
    Case(
        "T20",
        {1: "JS QS KS AS"},
        flat(
            [*(f"{s} nosignal" for s in range(7)), "0 laundry"],
            [f"{s} accept" for s in range(1, 7)],
            ["0 nosignal", "1 laundry"],
        ),
        refused=(NotActiveError, r"R3\.2: the stock has 0 cards"),
        expect={"stock": 0, "phase": "play"},
        exchange=True,
        options={"seats": 7},
        dealer=6,
        stock="7H 8H 9H 10S",
    ),
    Case(
        "T21",
        {},
        [*(f"{s} nosignal" for s in (4, 5, 6, 7, 0, 1, 2)), "3 nosignal", "0 laundry"],
        refused=(NotActiveError, r"R3\.2: the stock has 0 cards"),
        expect={"phase": "play"},
        exchange=True,
        options={"seats": 8},
    ),
    Case(
        "T22",
        SUITED,
        ["0 play 10H", "2 laundry"],
        refused=(NotActiveError, r"R3\.5: no exchange after the exchange phase"),
    ),
    Case(
        "T23",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 accept", "3 accept", "0 nosignal", "0 laundry"],
        refused=(IllegalActionError, r"R3\.5: at most one exchange"),
        expect={"laundry_turn": 1},
        stock="JH QC KD AC",
        exchange=True,
    ),
    Case(
        "T23-V-EX-REPEAT",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 accept", "3 accept", "0 nosignal"],
        expect={"laundry_turn": 0, "stock": 12},
        legal={0: ["laundry", "nolaundry"]},
        stock="JH QC KD AC",
        exchange=True,
        options={"exchange_repeat": True},
    ),
    Case(
        "T24",
        {**SUITED, 0: "AS KH QD JC"},
        [*NOSIG, "0 laundry", "1 challenge"],
        expect={
            "lives": [10, 0, 10, 10],
            "phase": "game_over",
            "outcome": {
                "scores": [10, 0, 10, 10],
                "winners": [0, 2, 3],
                "reason": "seat 1 reached 0 lives",
            },
        },
        events=[
            {"type": "game_over", "winners": [0, 2, 3], "losers": [1], "lives": [10, 0, 10, 10]}
        ],
        stock="10H 7S 8D 9C",
        lives={1: 1},
        exchange=True,
    ),
    Case(
        "T24-V-FINISH-HAND-no-knock",
        {**SUITED, 0: "AS KH QD JC"},
        flat(
            [*NOSIG, "0 laundry", "1 challenge", "0 nosignal", "1 nolaundry", "2 nolaundry"],
            ["3 nolaundry", "0 play 10H", "1 knock"],
        ),
        refused=(IllegalActionError, r"R5\.3c"),
        expect={"lives": [10, 0, 10, 10], "in_hand": [True] * 4},
        stock="10H 7S 8D 9C",
        lives={1: 1},
        exchange=True,
        options={"finish_hand": True},
    ),
    Case(
        "T24-V-FINISH-HAND",
        {**SUITED, 0: "AS KH QD JC"},
        flat(
            [*NOSIG, "0 laundry", "1 challenge", "0 nosignal", "1 nolaundry", "2 nolaundry"],
            ["3 nolaundry", "0 play 10H", "1 play 9H", "2 play 8H", "3 play 7H"],
            ["0 knock", "1 stay", "2 stay", "3 stay", "0 play 7S", "1 play 10S", "2 play 9S"],
            ["3 play 8S", "1 play 7D", "2 play 10D", "3 play 9D", "0 play 8D", "2 play 7C"],
            ["3 play 10C", "0 play 9C", "1 play 8C"],
        ),
        expect={
            "lives": [8, 0, 8, 10],
            "phase": "game_over",
            "outcome": {
                "scores": [8, 0, 8, 10],
                "winners": [3],
                "reason": "seat 1 reached 0 lives",
            },
        },
        stock="10H 7S 8D 9C",
        lives={1: 1},
        exchange=True,
        options={"finish_hand": True},
    ),
    Case(
        "T25",
        {},
        [*NOSIG, "2 knock"],
        refused=(NotActiveError, r"R5\.2: knocking opens when the exchange phase has closed"),
        exchange=True,
    ),
)


@EXCHANGE
def test_exchange(case: Case) -> None:
    play(case)


# -- §6.4 knocking, staying, folding -------------------------------------------------------

N1 = ["0 play 10H", "1 play 9H", "2 play 8H", "3 play 7H"]
N2 = ["0 play 7S", "1 play 10S", "2 play 9S", "3 play 8S"]
N3 = ["1 play 7D", "2 play 10D", "3 play 9D", "0 play 8D"]
N4 = ["2 play 7C", "3 play 10C", "0 play 9C", "1 play 8C"]
"""SUITED in its natural order: tricks to S0, S1, S2, S3."""

KNOCKING = cases(
    Case(
        "T26",
        SUITED,
        flat(N1, ["1 knock"], ALL_STAY[1], N2, N3, N4),
        expect={"lives": [8, 8, 8, 10], "stake": 2},
    ),
    Case(
        "T28",
        SUITED,
        ["1 knock", "2 fold", "3 stay", "0 stay", "0 play 10H", "1 play 9H", "3 play 7H"],
        expect={
            "lives": [10, 10, 9, 10],
            "stake": 2,
            "in_hand": [True, True, False, True],
            "hand_sizes": [3, 3, 4, 3],
        },
        events=[
            {"type": "fold", "seat": 2, "lost": 1},
            {"type": "stake", "stake": 2},
            {"type": "trick", "trick_no": 1, "winner": 0, "leader": 0},
        ],
    ),
    Case(
        "T29",
        SUITED,
        flat(
            flat(["1 knock"], ALL_STAY[1], *S1_WINS[:3]),
            ["3 play 8S", "3 knock", "0 fold", "1 stay", "2 stay", "1 play 10S", "2 play 9S"],
        ),
        expect={"lives": [8, 10, 7, 7], "stake": 3},
        events=[{"type": "fold", "seat": 0, "lost": 2}],
    ),
    Case(
        "T30",
        SUITED,
        flat(["1 knock"], ALL_STAY[1], ["1 knock"]),
        refused=(IllegalActionError, r"R5\.3b"),
    ),
    Case(
        "T30-after-another-knock",
        SUITED,
        flat(["1 knock"], ALL_STAY[1], ["3 knock"], ALL_STAY[3], ["1 knock"]),
        expect={"phase": "respond", "knocker": 1, "stake": 3},
    ),
    Case("T31", SUITED, ["1 knock"], refused=(IllegalActionError, r"R5\.3c"), lives={1: 1}),
    Case(
        "T32",
        SUITED,
        flat(["1 knock"], ALL_STAY[1], ["3 knock"], ALL_STAY[3], ["1 knock"]),
        refused=(IllegalActionError, r"R5\.3c: a knock to 4 would exceed your 2 lives"),
        expect={"stake": 3},
        lives={1: 2},
    ),
    Case(
        "T33",
        SUITED,
        flat(["0 knock"], ALL_STAY[0], N1, N2, N3, N4),
        expect={"lives": [8, 8, 0, 10], "phase": "game_over"},
        lives={2: 1},
    ),
    Case(
        "T34",
        SUITED,
        ["0 play 10H", "1 play 9H", "0 knock", "1 stay", "2 stay", "3 stay"],
        expect={"turn": 2, "awaited": [2], "stake": 2},
    ),
    Case(
        "T34-folded",
        SUITED,
        ["0 play 10H", "1 play 9H", "0 knock", "1 stay", "2 fold", "3 stay"],
        expect={"turn": 3, "awaited": [3], "stake": 2},
    ),
    Case(
        "T34-V-TURNKNOCK",
        SUITED,
        ["0 play 10H", "1 play 9H", "0 knock"],
        refused=(IllegalActionError, "V-TURNKNOCK"),
        options={"turn_knock": True},
    ),
    Case(
        "T35",
        SUITED,
        [*N1, "0 knock", "1 fold", "2 fold", "3 fold"],
        expect={"lives": [10, 9, 9, 9], "dealer": 0, "phase": "deal"},
        events=[
            {"type": "hand_end", "hand_no": 1, "winner": 0, "reason": "all folded"}
            | {"losses": [0, 1, 1, 1], "lives": [10, 9, 9, 9]}
        ],
    ),
    Case(
        "T36",
        SUITED,
        ["0 knock", "1 fold", "2 stay", "3 fold", "2 knock", "0 fold"],
        expect={"lives": [8, 9, 10, 9], "dealer": 2},
    ),
    Case(
        "T37",
        SUITED,
        flat(
            ["1 knock", "2 fold", "3 stay", "0 stay", "0 play 10H", "1 play 9H", "3 play 7H"],
            ["0 knock"],
        ),
        expect={"responses": {"knocker": 0, "answers": [], "waiting": [1, 3]}},
        legal={2: []},
    ),
    Case(
        "T38",
        SUITED,
        flat(
            ["0 play 7S", "1 play 10S", "2 play 9S", "3 play 8S", "1 play 9H"],
            ["2 play 8H", "3 play 7H", "0 play 10H", "1 knock", "2 stay", "3 stay", "0 fold"],
        ),
        expect={"turn": 1, "leader": 1, "trick_no": 3, "trick": []},
    ),
    Case(
        "T39",
        SUITED,
        flat(
            [*N1, "0 play 8D", "1 play 7D", "2 play 10D", "3 play 9D", "2 play 7C", "3 play 10C"],
            ["1 knock", "2 stay", "3 stay", "0 fold", "1 play 8C"],
        ),
        expect={"lives": [9, 10, 10, 10], "leader": 3},
        events=[{"type": "trick", "trick_no": 3, "winner": 3, "leader": 3}],
    ),
    Case(
        "T40",
        S0_ALL,
        [*S0_ALL_3, "0 play 10H", "0 knock", "1 fold", "2 fold", "3 fold"],
        expect={"lives": [10, 9, 9, 9], "dealer": 0},
    ),
    Case("T41", SWEEP, [*SWEEP_PLAYS, "1 knock"], refused=(NotActiveError, r"R5\.2")),
)


@KNOCKING
def test_knocking(case: Case) -> None:
    play(case)


def test_t27_responses_go_clockwise_from_the_knocker_and_are_public() -> None:
    state = skip_exchange(dealt(SUITED)[0])
    state, _ = run(state, "1 knock")
    order = []
    for answer in ("stay", "fold", "stay"):
        public = obs(state, SPECTATOR)
        order.append(public["awaited"][0])
        assert legal(state, 1) == [], "the knocker is not asked"
        state, _ = run(state, f"{public['awaited'][0]} {answer}")
    assert order == [2, 3, 0]
    state, _ = run(skip_exchange(dealt(SUITED)[0]), "1 knock", "2 stay", "3 fold")
    seen = obs(state, 0)["responses"]
    assert seen["answers"] == [{"seat": 2, "answer": "stay"}, {"seat": 3, "answer": "fold"}]


# -- §6.5 folded cards and scoring ---------------------------------------------------------

SCORING = cases(
    Case(
        "T42",
        T42_HANDS,
        T42_T1 + T42_T2,
        expect={"turn": 1, "leader": 1},
        events=[{"type": "trick", "trick_no": 2, "winner": 0, "leader": 1}],
    ),
    Case(
        "T42-V-FOLDVOID",
        T42_HANDS,
        T42_T1 + T42_T2,
        expect={"turn": 2, "leader": 2},
        events=[{"type": "trick", "trick_no": 2, "winner": 2, "leader": 2}],
        options={"fold_void": True},
    ),
    Case(
        "T43",
        T43_HANDS,
        T43_PLAYS,
        expect={"lives": [9, 8, 8, 8], "dealer": 0},
        events=[
            {"type": "hand_end", "hand_no": 1, "winner": None}
            | {"reason": "trick 4 won by a folded player"}
            | {"losses": [1, 2, 2, 2], "lives": [9, 8, 8, 8]}
        ],
    ),
    Case(
        "T43-V-FOLDVOID",
        T43_HANDS,
        T43_PLAYS,
        expect={"lives": [9, 8, 10, 8], "dealer": 2},
        options={"fold_void": True},
    ),
    Case(
        "T44",
        SUITED,
        flat(
            flat(["0 knock"], ALL_STAY[0], *S1_WINS[:3]),
            ["3 knock", "0 stay", "1 stay", "2 fold", "3 play 8S", "0 play 7S", "1 play 10S"],
        ),
        expect={"lives": [7, 10, 8, 7]},
    ),
    Case(
        "T45",
        SWEEP,
        SWEEP_PLAYS,
        expect={
            "lives": [9, 9, 10, 0],
            "phase": "game_over",
            "outcome": {
                "scores": [9, 9, 10, 0],
                "winners": [2],
                "reason": "seat 3 reached 0 lives",
            },
        },
        lives={3: 1},
    ),
    Case(
        "T45-V-ELIM",
        SWEEP,
        SWEEP_PLAYS,
        expect={"lives": [9, 9, 10, 0], "phase": "deal", "in_game": [True, True, True, False]},
        lives={3: 1},
        options={"elimination": True},
    ),
    Case(
        "T46",
        S0_ALL,
        flat(["0 knock"], ALL_STAY[0], S0_ALL_3, S0_ALL_4),
        expect={
            "lives": [10, 0, 0, 8],
            "outcome": {
                "scores": [10, 0, 0, 8],
                "winners": [0],
                "reason": "seat 1, seat 2 reached 0 lives",
            },
        },
        lives={1: 2, 2: 2},
    ),
    Case(
        "T47",
        S0_ALL,
        flat(
            flat(["0 knock"], ALL_STAY[0], ["1 knock"], ALL_STAY[1], ["0 knock"], ALL_STAY[0]),
            S0_ALL_3,
            S0_ALL_4,
        ),
        expect={"lives": [10, 6, 0, 6]},
        lives={2: 2},
    ),
)


@SCORING
def test_scoring(case: Case) -> None:
    play(case)


# -- §6.6 whistle / stand announcements ----------------------------------------------------

SIGNALS = cases(
    Case(
        "T48-R8.3-not-before-its-turn",
        {1: "10S 10H 10D KC"},
        ["0 nosignal"],
        absent=["whistle"],
        legal={1: ["whistle"]},
        expect={"signals": [[""], [""], [""], [""]], "awaited": [1]},
        exchange=True,
    ),
    Case(
        "T48-R8.3-at-its-turn",
        {1: "10S 10H 10D KC"},
        ["0 nosignal", "1 whistle"],
        events=[{"type": "whistle", "seat": 1}],
        expect={"signals": [[""], ["whistle"], [""], [""]], "awaited": [2]},
        exchange=True,
    ),
    Case(
        "T48-R8.3-no-opt-out",
        {1: "10S 10H 10D KC"},
        ["0 nosignal", "1 nosignal"],
        refused=(IllegalActionError, r"R8\.3"),
        exchange=True,
    ),
    Case(
        "T49",
        {1: "10S 10H 10D 10C"},
        ["0 nosignal", "1 stand"],
        events=[{"type": "stand", "seat": 1}],
        absent=["whistle"],
        exchange=True,
    ),
    Case(
        "T49-R8.4-stand-only",
        {1: "10S 10H 10D 10C"},
        ["0 nosignal"],
        legal={1: ["stand"]},
        exchange=True,
    ),
    Case(
        "T50",
        {2: "JS JH JD 9C"},
        ["0 nosignal", "1 nosignal"],
        legal={2: ["whistle", "nosignal"]},
        exchange=True,
    ),
    Case(
        "T50-declined",
        {2: "JS JH JD 9C"},
        ["0 nosignal", "1 nosignal", "2 nosignal"],
        absent=["whistle", "stand"],
        expect={"signals": [[""]] * 4},
        exchange=True,
    ),
    Case(
        "T51",
        {2: "JS JH JD JC"},
        ["0 nosignal", "1 nosignal", "2 stand", "3 nosignal", "0 nolaundry", "1 nolaundry"],
        events=[{"type": "stand", "seat": 2}],
        legal={2: ["laundry", "nolaundry"]},
        exchange=True,
    ),
    Case(
        "T52",
        {0: "10S 10H JD JC"},
        ["0 whistle"],
        refused=(IllegalActionError, r"R8\.5"),
        exchange=True,
    ),
    Case(
        "T54",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 accept"],
        absent=["whistle"],
        stock="10C 10D 10H 8S",
        exchange=True,
    ),
    Case(
        "T54-R8.3-its-own-turn",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 accept", "3 accept"],
        absent=["whistle"],
        legal={0: ["whistle"]},
        stock="10C 10D 10H 8S",
        exchange=True,
    ),
    Case(
        "T54-after-the-challenge-round",
        FACES,
        [*NOSIG, "0 laundry", "1 accept", "2 accept", "3 accept", "0 whistle"],
        events=[{"type": "whistle", "seat": 0}],
        expect={"signals": [["", "whistle"], [""], [""], [""]]},
        legal={1: ["laundry", "nolaundry"]},
        stock="10C 10D 10H 8S",
        exchange=True,
    ),
)


@SIGNALS
def test_signals(case: Case) -> None:
    play(case)


def test_t53_others_see_the_whistle_not_the_rank() -> None:
    from .scenario import GAME

    state, _ = dealt({1: "JS JH JD 9C"})
    step = GAME.apply(state, 0, GAME.parse_action("nosignal"))
    step = GAME.apply(step.state, 1, GAME.parse_action("whistle"))
    for audience in (0, 2, 3, SPECTATOR):
        seen = [GAME.project(e, audience) for e in step.events]
        assert [e.to_json() for e in seen if e is not None] == [{"type": "whistle", "seat": 1}]
        assert obs(step.state, audience)["signals"][1] == ["whistle"]
    hidden = obs(step.state, 0)
    assert "JS" not in str({k: v for k, v in hidden.items() if k != "hand"})


# -- §6.7 variants (those implemented) -----------------------------------------------------

VARIANTS = cases(
    Case(
        "T57-V-JACK-BONUS",
        JACK_HANDS,
        JACK_PLAYS,
        expect={"lives": [9, 9, 9, 9]},
        lives={2: 8},
        options={"jack_bonus": True},
    ),
    Case(
        "T57-V-JACK-BONUS-capped",
        JACK_HANDS,
        JACK_PLAYS,
        expect={"lives": [9, 9, 10, 9]},
        options={"jack_bonus": True},
    ),
    Case(
        "T57-V-JACK-DOUBLE",
        JACK_HANDS,
        JACK_PLAYS,
        expect={"lives": [8, 8, 10, 8]},
        options={"jack_double": True},
    ),
    Case("T57-default", JACK_HANDS, JACK_PLAYS, expect={"lives": [9, 9, 10, 9]}),
    Case(
        "T58-V-CAP-TABLE",
        SUITED,
        flat(
            flat(*(["0 knock", *ALL_STAY[0], "1 knock", *ALL_STAY[1]] for _ in range(2))),
            ["0 knock", *ALL_STAY[0], "3 knock"],
        ),
        refused=(IllegalActionError, "V-CAP-TABLE"),
        expect={"stake": 6},
        legal={0: ["play 10H", "play 7S", "play 8D", "play 9C"], 1: [], 3: []},
        lives={2: 6},
        options={"table_cap": True},
    ),
    Case(
        "T59-V-CAP-FIXED",
        SUITED,
        flat(
            flat(["0 knock"], ALL_STAY[0], ["1 knock"], ALL_STAY[1], ["0 knock"], ALL_STAY[0]),
            ["1 knock"],
        ),
        refused=(IllegalActionError, "V-CAP-FIXED"),
        expect={"stake": 4},
        options={"max_stake": 4},
    ),
    Case(
        "T62-V-DEAL-LEFT", SWEEP, SWEEP_PLAYS, expect={"dealer": 0}, options={"dealer_rule": "left"}
    ),
    Case(
        "T55-V-POOR",
        SUITED,
        [*NOSIG, "0 nolaundry", "1 nolaundry", "2 nolaundry", "3 nolaundry"],
        expect={
            "phase": "respond",
            "stake": 1,
            "responses": {"knocker": 2, "answers": [], "waiting": [3, 0, 1]},
        },
        events=[{"type": "poor", "seat": 2, "stake": 2}],
        legal={2: [], 3: ["stay", "fold"]},
        lives={2: 1},
        options={"poverty": True},
        exchange=True,
    ),
    Case(
        "T55-V-POOR-answered",
        SUITED,
        ["3 stay", "0 fold", "1 stay"],
        expect={"phase": "play", "stake": 2, "lives": [9, 10, 1, 10], "turn": 2},
        legal={2: ["play 8H", "play 9S", "play 10D", "play 7C"]},
        lives={2: 1},
        options={"poverty": True},
    ),
    Case(
        "T56-V-FOUR",
        {1: "8S 8H 8D 8C"},
        [],
        expect={"lives": [7, 10, 7, 7], "dealer": 1, "phase": "deal"},
        events=[{"type": "four_of_a_kind", "seat": 1, "cards": ["8H", "8S", "8D", "8C"]}],
        options={"four_of_a_kind": True},
        exchange=True,
    ),
    Case(
        "T56-V-FOUR-higher-rank",
        {1: "8S 8H 8D 8C", 3: "JS JH JD JC", 2: "10S 10H 10D 10C"},
        [],
        expect={"lives": [7, 7, 10, 7], "dealer": 2},
        options={"four_of_a_kind": True},
        exchange=True,
    ),
    *(
        Case(
            f"T61-V-WAS-{claim.replace(' ', '')}",
            {0: claim},
            [*NOSIG, "0 laundry", "1 challenge"],
            expect={"lives": [10, 9, 10, 10] if genuine else [9, 10, 10, 10]},
            options={"dutch_laundry": True},
            exchange=True,
        )
        for claim, genuine in [
            ("JS QH KD AC", True),
            ("JS QH KD 7C", True),
            ("JS QH 7D 7C", False),
            ("JS QH KD 8C", False),
        ]
    ),
    Case(
        "T61-V-WAS-OPEN",
        {0: "JS QH KD 8C"},
        [*NOSIG, "0 laundry", "1 challenge"],
        expect={
            "lives": [9, 10, 10, 10],
            "open_hands": [["QH", "JS", "KD", "8C"], None, None, None],
            "laundry_turn": 1,
        },
        views={0: {"hand": ["QH", "JS", "KD", "8C"]}},
        stock="7H 8H 9H 10S",
        options={"dutch_laundry": True, "laundry_open": True},
        exchange=True,
    ),
    Case(
        "T16-V-WAS-OPEN",
        {0: "AS KH QD 7C"},
        [*NOSIG, "0 laundry", "1 challenge"],
        expect={"lives": [9, 10, 10, 10], "open_hands": [["KH", "AS", "QD", "7C"]] + [None] * 3},
        views={0: {"hand": ["KH", "AS", "QD", "7C"]}},
        stock="7H 8H 9H 10S",
        options={"laundry_open": True},
        exchange=True,
    ),
)


@VARIANTS
def test_variants(case: Case) -> None:
    play(case)


def test_t63_eliminated_players_sit_out_until_one_is_left() -> None:
    from cardroom.engine import SeededResolver

    from .scenario import GAME

    state, _ = run(skip_exchange(dealt(SWEEP, lives={3: 1}, elimination=True)[0]), *SWEEP_PLAYS)
    resolver, rng = SeededResolver(5), __import__("random").Random(5)
    while not GAME.is_terminal(state):
        if (request := GAME.pending_chance(state)) is not None:
            state = GAME.apply_chance(state, resolver.resolve(request)).state
            assert obs(state, SPECTATOR)["hand_sizes"][3] == 0
            continue
        active = sorted(GAME.active_seats(state))
        assert 3 not in active
        if state.phase is Phase.RESPOND:
            assert 3 not in obs(state, SPECTATOR)["responses"]["waiting"]
        seat = rng.choice(active)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
    assert sum(life > 0 for life in state.lives) <= 1
