"""Round scoring and match end: tichu-cases.md sections K (150-172) and L (173-180)."""

from __future__ import annotations

import pytest

from cardroom.games.tichu import GAME, TichuConfig, TichuState
from cardroom.games.tichu.cards import parse_cards
from cardroom.games.tichu.scoring import match_winner, score_round
from cardroom.games.tichu.state import Phase

from .helpers import Points, act, position

CALLS = {"T": "tichu", "GT": "grand", "": ""}


def piles_for(
    points: dict[int, int], taken: str = "", extra: dict[int, str] | None = None
) -> tuple[int, ...]:
    pool = Points(taken)
    return tuple(
        parse_cards(pool.take(points.get(s, 0), (extra or {}).get(s, ""))) for s in range(4)
    )


def calls_of(spec: dict[int, str]) -> tuple[str, ...]:
    return tuple(CALLS[spec.get(s, "")] for s in range(4))


# -- K. Round end and scoring ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gift_to", "exempt", "expected"),
    [(3, False, (80, 20)), (1, False, (55, 45)), (None, True, (80, 20))],
    ids=["case_150_to_tailender", "case_150_to_S1", "case_150_option_exempt"],
)
def test_case_150_dragon_in_the_last_trick(
    gift_to: int | None, exempt: bool, expected: tuple[int, int]
) -> None:
    piles = Points("AG DRG 5K").take
    state = position(
        {2: "DRG", 3: "5K 2G"},
        trick=[(3, "AG")],
        turn=2,
        out=(0, 1),
        piles={0: piles(30), 1: piles(20), 2: piles(5), 3: piles(15)},
        config=TichuConfig(dragon_last_trick_exempt=exempt),
    )
    state = act(state, 2, "play DRG")
    if gift_to is not None:
        state = act(state, 2, f"give-dragon {gift_to}")
    assert state.phase is Phase.DEAL
    assert state.scores == expected


@pytest.mark.parametrize(
    ("out", "calls", "expected"),
    [
        ((0, 2), {}, (200, 0)),
        ((0, 2), {0: "T", 3: "GT"}, (300, -200)),
        ((0, 2), {2: "T"}, (100, 0)),
        ((0, 2), {0: "GT", 2: "GT"}, (200, 0)),
        ((0, 2), {1: "T"}, (200, -100)),
    ],
    ids=["case_151", "case_152", "case_153", "case_154", "case_155"],
)
def test_double_victory(
    out: tuple[int, ...], calls: dict[int, str], expected: tuple[int, int]
) -> None:
    piles = piles_for({1: 50, 3: 40})  # B's piles hold 90: irrelevant (R10.1)
    hands = (0, parse_cards("3G"), 0, parse_cards("4G"))
    result = score_round(hands, piles, out, calls_of(calls), 200)
    assert result.double_victory
    assert result.points == expected


def test_case_156_no_double_victory_with_first_and_third() -> None:
    piles = piles_for({0: 40, 1: 30, 2: 20, 3: 10})
    result = score_round((0, 0, 0, parse_cards("2G")), piles, (0, 1, 2), calls_of({}), 200)
    assert not result.double_victory
    assert result.points == (70, 30)


@pytest.mark.parametrize(
    ("out", "piles", "hand", "expected"),
    [
        ((0, 1, 2), {0: 35, 1: 20, 2: 10, 3: 15}, ("", 20), (80, 20)),
        ((1, 0, 2), {0: 35, 1: 20, 2: 10, 3: 15}, ("", 20), (65, 35)),
        ((0, 1, 2), {0: 60, 1: 30, 2: 20, 3: 5}, ("PHX KG", -15), (70, 30)),
        ((0, 1, 2), {0: 40, 1: 10, 2: 15, 3: 5}, ("DRG 5G", 30), (90, 10)),
    ],
    ids=["case_157", "case_158", "case_159", "case_160"],
)
def test_normal_end(
    out: tuple[int, ...], piles: dict[int, int], hand: tuple[str, int], expected: tuple[int, int]
) -> None:
    cards, points = hand
    pool = Points(cards)
    tail = parse_cards(pool.take(points, cards) if cards else pool.take(points))
    pile_masks = tuple(parse_cards(pool.take(piles[s])) for s in range(4))
    result = score_round((0, 0, 0, tail), pile_masks, out, calls_of({}), 200)
    assert result.points == expected
    assert sum(result.card_points) == sum(piles.values()) + points


def test_case_161_negative_team_score() -> None:
    pool = Points("PHX")
    piles = (parse_cards(pool.take(70)), parse_cards("PHX"), parse_cards(pool.take(55)), 0)
    result = score_round((0, 0, 0, parse_cards("2G")), piles, (0, 1, 2), calls_of({}), 200)
    assert result.points == (125, -25)


@pytest.mark.parametrize(
    ("gift_to", "expected"), [(3, (80, 20)), (1, (40, 60))], ids=["case_162_S3", "case_162_S1"]
)
def test_case_162_dragon_gifted_earlier_to_the_eventual_tailender(
    gift_to: int, expected: tuple[int, int]
) -> None:
    pool = Points("DRG KB 5R 5G")
    base = {0: pool.take(30), 1: pool.take(20), 2: pool.take(5)}
    state = position(
        {2: "DRG 3G", 3: "5G 4K"},
        trick=[(3, "5R"), (1, "KB")],
        turn=2,
        out=(0,),
        pad={1: 3},
        piles=base,
    )
    state = act(state, 2, "play DRG")
    for seat in (3, 1):
        state = act(state, seat, "pass")
    state = act(state, 2, f"give-dragon {gift_to}")
    gift = state.piles[gift_to]
    assert gift & parse_cards("DRG KB 5R") == parse_cards("DRG KB 5R")
    result = score_round((0, 0, 0, parse_cards("5G 4K")), state.piles, (0, 1, 2), calls_of({}), 200)
    assert result.points == expected


def test_case_163_last_trick_goes_to_the_third_player_out() -> None:
    state = position({2: "KR", 3: "4G"}, trick=[(3, "10G")], turn=2, out=(0, 1))
    state = act(state, 2, "play KR")
    assert state.phase is Phase.DEAL
    assert state.piles[2] == parse_cards("10G KR")
    assert state.scores == (20, 0)


@pytest.mark.parametrize(
    ("calls", "out", "cards", "expected"),
    [
        ({0: "T"}, (0, 1, 2), (55, 45), (155, 45)),
        ({0: "T"}, (2, 1, 0), (70, 30), (-30, 30)),
        ({0: "T", 1: "T"}, (0, 1, 2), (45, 55), (145, -45)),
        ({0: "GT", 2: "T"}, (0, 1, 2), (60, 40), (160, 40)),
        ({3: "GT"}, (3, 0, 1), (30, 70), (30, 270)),
        ({3: "GT"}, (1, 0, 2), (40, 60), (40, -140)),
        ({3: "T"}, (0, 1, 2), (50, 50), (50, -50)),
    ],
    ids=["case_164", "case_165", "case_166", "case_167", "case_168", "case_169", "case_170"],
)
def test_calls(
    calls: dict[int, str],
    out: tuple[int, ...],
    cards: tuple[int, int],
    expected: tuple[int, int],
) -> None:
    tail = next(s for s in range(4) if s not in out)
    pool = Points()
    piles = [0, 0, 0, 0]
    for team in (0, 1):
        holder = next(s for s in (team, team + 2) if s != tail)
        piles[holder] = parse_cards(pool.take(cards[team]))
    result = score_round(
        tuple(parse_cards("2G") if s == tail else 0 for s in range(4)),
        tuple(piles),
        out,
        calls_of(calls),
        200,
    )
    assert result.card_points == cards
    assert result.points == expected


def test_case_170_call_after_someone_went_out_scores_minus_100() -> None:
    state = position({1: "3K"}, turn=1, out=[0], pad={1: 3, 2: 3, 3: 14})
    assert act(state, 3, "tichu").calls[3] == "tichu"


def test_case_172_double_victory_ends_the_trick_in_progress() -> None:
    state = position({2: "AG"}, trick=[(1, "10B"), (3, "KG")], turn=2, out=(0,), pad={1: 3, 3: 3})
    state = act(state, 2, "play AG")
    assert state.phase is Phase.DEAL
    assert state.scores == (200, 0)
    assert all(GAME.legal_actions(state, s) == () for s in range(4))


def test_tournament_double_victory_points() -> None:
    config = TichuConfig(double_victory_points=100)
    state = position({2: "AG"}, turn=2, out=(0,), pad={1: 3, 3: 3}, config=config)
    assert act(state, 2, "play AG").scores == (100, 0)


# -- L. Match end --------------------------------------------------------------------------------


def round_end(
    scores: tuple[int, int],
    a: int,
    b: int,
    calls: dict[int, str] | None = None,
    out: tuple[int, int] = (0, 1),
    config: TichuConfig | None = None,
) -> TichuState:
    """Finish a round worth ``a``:``b`` card points from ``scores`` (S2 goes out third)."""
    pool = Points()
    first, second = out
    state = position(
        {2: "3G", 3: "4G"},
        trick=[(3, "2G")],
        turn=2,
        out=out,
        piles={s: pool.take(b if s % 2 else a) for s in (first, second)},
        calls={s: CALLS[c] for s, c in (calls or {}).items()},
        scores=scores,
        config=config or TichuConfig(),
    )
    return act(state, 2, "play 3G")


@pytest.mark.parametrize(
    ("before", "a", "b", "after", "winners"),
    [
        ((940, 870), 80, 20, (1020, 890), {0, 2}),
        ((990, 985), 25, 75, (1015, 1060), {1, 3}),
        ((900, 500), 100, 0, (1000, 500), {0, 2}),
        ((950, 950), 50, 50, (1000, 1000), None),
        ((1000, 1000), 40, 60, (1040, 1060), {1, 3}),
        ((1000, 1000), 50, 50, (1050, 1050), None),
    ],
    ids=["case_173", "case_174", "case_175", "case_176", "case_176_next", "case_177"],
)
def test_match_end(
    before: tuple[int, int],
    a: int,
    b: int,
    after: tuple[int, int],
    winners: set[int] | None,
) -> None:
    state = round_end(before, a, b)
    assert state.scores == after
    outcome = GAME.outcome(state)
    if winners is None:
        assert state.phase is Phase.DEAL and outcome is None
        assert GAME.pending_chance(state) is not None
    else:
        assert state.phase is Phase.GAME_OVER and outcome is not None
        assert outcome.winners == frozenset(winners)
        assert outcome.scores == (after[0], after[1], after[0], after[1])


def test_case_176_option_tie_is_a_draw() -> None:
    state = round_end((950, 950), 50, 50, config=TichuConfig(tie_is_draw=True))
    outcome = GAME.outcome(state)
    assert state.phase is Phase.GAME_OVER and outcome is not None
    assert outcome.winners == frozenset()


@pytest.mark.parametrize(
    ("out", "after", "over"),
    [((0, 1), (1090, 860), True), ((1, 0), (890, 860), False)],
    ids=["case_178_made", "case_178_failed"],
)
def test_case_178_call_decides(out: tuple[int, int], after: tuple[int, int], over: bool) -> None:
    state = round_end((950, 800), 40, 60, calls={0: "T"}, out=out)
    assert state.scores == after
    assert (state.phase is Phase.GAME_OVER) == over


def test_case_179_negative_totals_allowed() -> None:
    state = round_end((-100, 200), 0, 100, calls={0: "T"}, out=(1, 0))
    assert state.scores == (-200, 300)
    assert state.phase is Phase.DEAL


def test_case_180_only_checked_at_round_end() -> None:
    state = position(
        {0: "KG"}, trick=[(3, "10G")], turn=0, pad={0: 3, 1: 3, 2: 3, 3: 3}, scores=(980, 0)
    )
    state = act(state, 0, "play KG")
    for seat in (1, 2, 3):
        state = act(state, seat, "pass")
    state = act(state, 0, str(GAME.legal_actions(state, 0)[-1]))
    assert state.scores == (980, 0) and state.piles[0] == parse_cards("10G KG")
    assert state.phase is Phase.PLAY and GAME.outcome(state) is None


@pytest.mark.parametrize(
    ("a", "b", "winners"), [(60, 40, {0, 2}), (50, 50, set())], ids=["higher", "draw"]
)
def test_option_max_rounds(a: int, b: int, winners: set[int]) -> None:
    config = TichuConfig(max_rounds=1)
    state = round_end((0, 0), a, b, config=config)
    outcome = GAME.outcome(state)
    assert state.phase is Phase.GAME_OVER and outcome is not None
    assert outcome.winners == frozenset(winners)


def test_match_winner_table() -> None:
    assert match_winner((999, 998), 1000, False) is None
    assert match_winner((1000, 1000), 1000, False) is None
    assert match_winner((1000, 1000), 1000, True) == frozenset()
    assert match_winner((1001, 1000), 1000, False) == frozenset({0})
