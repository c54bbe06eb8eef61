"""The search bot: legal answers always, at once when the move is forced."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots import SeatView, make_bot
from cardroom.bots.arena.match import _Match, play_match
from cardroom.bots.random_bot import RandomBot
from cardroom.bots.tichu.firstplay import seen_tichu_probability
from cardroom.bots.tichu.heuristic import (
    TichuHeuristicBot,
    plan_exchange,
    round_plays,
    tichu_probability,
)
from cardroom.bots.tichu.search import (
    SEEN_P,
    TichuSearchBot,
    calls_before_exchange,
    calls_seen,
    guarded_rollout_policy,
    rollout_policy,
    support_first,
    supporting_rollout_policy,
)
from cardroom.engine import get_game
from cardroom.games.tichu.cards import format_cards, parse_cards
from cardroom.games.tichu.combos import combo_for
from cardroom.games.tichu.fastsim import Policy, Sim, to_action
from cardroom.games.tichu.state import TICHU_CALL, Phase, TichuState

from .tichu_positions import tichu_state, tichu_view, view_of

GAME = get_game("tichu")


def test_level_argument_sets_the_budget() -> None:
    bot = make_bot("tichu", "search:0.3")
    assert isinstance(bot, TichuSearchBot) and bot.budget == 0.3
    with pytest.raises(ValueError, match="seconds"):
        make_bot("tichu", "search:fast")


def test_level_argument_sets_a_fixed_number_of_worlds() -> None:
    bot = make_bot("tichu", "search:n=40")
    assert isinstance(bot, TichuSearchBot) and bot.worlds == 40 and bot.name == "search:n=40"
    assert make_bot("tichu", "search").name == "search"
    with pytest.raises(ValueError, match="worlds"):
        make_bot("tichu", "search:n=many")
    with pytest.raises(ValueError, match="worlds"):
        make_bot("tichu", "search:n=0")


def test_a_level_text_searches_with_every_measured_option_unless_plain() -> None:
    """``infer``, ``support`` and ``seen`` each measured stronger (docs/bots.md); ``plain``
    names the search without them, ``nosupport`` and ``handcalls`` drop one."""
    default, plain = make_bot("tichu", "search:n=4"), make_bot("tichu", "search:n=4,plain")
    assert isinstance(default, TichuSearchBot) and isinstance(plain, TichuSearchBot)
    assert default.infer and default.policy is supporting_rollout_policy
    assert default.seen_threshold == SEEN_P
    assert not plain.infer and plain.policy is rollout_policy and plain.seen_threshold is None
    spelled = make_bot("tichu", "search:n=4,infer,guarded,support,seen=0.43")
    assert isinstance(spelled, TichuSearchBot)
    assert (spelled.infer, spelled.policy, spelled.seen_threshold) == (
        default.infer, default.policy, default.seen_threshold,
    )  # fmt: skip
    back = make_bot("tichu", "search:n=4,support,plain,seen=0.5")  # plain is the base
    assert isinstance(back, TichuSearchBot) and not back.infer
    assert back.policy is supporting_rollout_policy and back.seen_threshold == 0.5
    older = make_bot("tichu", "search:n=4,nosupport,handcalls")
    assert isinstance(older, TichuSearchBot) and older.infer
    assert older.policy is guarded_rollout_policy and older.seen_threshold is None
    expert = make_bot("tichu", "expert")
    assert isinstance(expert, TichuSearchBot) and expert.name == "search:n=30"
    assert expert.infer and expert.policy is supporting_rollout_policy
    assert expert.seen_threshold == SEEN_P == 0.43


def test_a_fixed_count_scores_that_many_worlds() -> None:
    """The count, not the clock, ends the search: a slow machine plays the same moves."""
    view = acting_position(7, random_bots=False)
    bot = TichuSearchBot(worlds=5)
    seen: list[int] = []
    original = bot.scores

    def counting(*args: object) -> list[float]:
        seen.append(1)
        return original(*args)  # type: ignore[arg-type]

    bot.scores = counting  # type: ignore[method-assign]
    texts = list(view.legal[:3])
    bot.search(view, texts, random.Random(1), deadline=0.0)
    assert len(seen) == 5


@pytest.mark.parametrize(
    ("calls", "count"),
    [(("tichu", "", "", ""), 200), (("", "", "grand", ""), 200), (("", "tichu", "", ""), 30)],
)
def test_stake_searches_more_worlds_while_our_teams_call_is_open(
    calls: tuple[str, ...], count: int
) -> None:
    """``stake=N``: N worlds while our call or our partner's is open, else the level's count."""
    view = tichu_view("3G 5K 8B 9R QG AG", top="4G", top_seat=1, calls=calls)
    bot = make_bot("tichu", "search:n=30,stake=200")
    assert isinstance(bot, TichuSearchBot) and bot.stake == 200
    assert bot.world_count(view) == count
    assert make_bot("tichu", "search:n=30").world_count(view) == 30  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="stake"):
        make_bot("tichu", "search:n=30,stake=lots")


def test_a_forced_move_is_answered_at_once() -> None:
    view = tichu_view("3G 5K 8B 9R QG AG", top="4G", top_seat=3, sizes=(6, 9, 9, 9), wish=9)
    assert view.legal == ("play 9R",)
    start = time.perf_counter()
    assert TichuSearchBot(5.0).act(view, random.Random(0)) == "play 9R"
    assert time.perf_counter() - start < 0.5


@pytest.mark.slow
def test_search_never_answers_illegally() -> None:
    """Whole rounds against the heuristic: ``play_match`` raises on any illegal answer."""
    config = GAME.config_from_json({"max_rounds": 1})
    for seed in ("s1", "s2"):
        bots = [make_bot("tichu", level) for level in ("search:0.01", "heuristic") * 2]
        result = play_match(GAME, config, bots, seed)
        assert result.rounds == 1


def acting_position(seed: int, random_bots: bool) -> SeatView:
    """A random play-phase position of a seeded round, seen by the seat that acts next."""
    match = position(seed, random_bots)
    state = match.runner.state
    acting = state.wisher if state.wisher is not None else state.turn
    return match.view(acting)


def position(seed: int, random_bots: bool) -> _Match:
    """A seeded round stopped at a random play-phase position."""
    rng = random.Random(seed)
    config = GAME.config_from_json({"max_rounds": 1})
    bots = [RandomBot() if random_bots else TichuHeuristicBot() for _ in range(4)]
    match = _Match(GAME, config, bots, f"search/{seed}")
    stop, seen = rng.randint(0, 60), 0
    while True:
        state = match.runner.state
        playing = state.phase.value == "play"
        if playing and seen >= stop:
            break
        seen += playing
        seat, action = match.next_move()
        transition = match.runner.propose(seat, action)
        if playing and transition.state.phase.value != "play":
            break  # the round would end: decide before it
        match.runner.commit(transition)
        match.histories.record(transition.events)
    return match


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_search_answers_legally_in_random_positions(seed: int, random_bots: bool) -> None:
    """Every answer of the fastsim search is in the legal list, whatever the position."""
    view = acting_position(seed, random_bots)
    assert TichuSearchBot(0.02).act(view, random.Random(seed)) in view.legal


@pytest.mark.parametrize(
    "policy", [rollout_policy, guarded_rollout_policy, supporting_rollout_policy]
)
def test_the_rollout_policy_finishes_rounds_with_legal_moves(policy: Policy) -> None:
    for seed in range(30):
        sim = Sim.deal(random.Random(seed))
        while not sim.done:
            moves = sim.moves()
            move = policy(sim, moves, random.Random(seed))
            assert move in moves
            sim.apply(move)
        assert sum(sim.score()) % 5 == 0


GUARDED_LEADS = [
    # seat 0 leads: its hand, the others' (1, 2 = partner, 3), the plain and the guarded lead
    ("DOG 3G 9K 9B", ("5G 6G", "7G 8G", "JG QG"), "play 3G", "play DOG"),
    ("3G 9K 9B KR", ("2G", "7G 8G", "JG QG"), "play 3G", "play 9K 9B"),
    ("3G 7K KR", ("2G", "7G 8G", "JG QG"), "play 3G", "play KR"),
    ("3G 9K 9B KR", ("2G 4G", "7G 8G", "JG QG"), "play 3G", "play 3G"),
]


@pytest.mark.parametrize(("hand", "others", "plain", "guarded"), GUARDED_LEADS)
def test_guarded_rollouts_lead_the_dog_and_guard_a_last_single(
    hand: str, others: tuple[str, str, str], plain: str, guarded: str
) -> None:
    """The guarded policy leads the Dog at once and, while an opponent holds one card, keeps
    low singles back (a pair, else its highest single); the plain policy leads its cheapest."""
    sim = Sim([parse_cards(hand), *(parse_cards(o) for o in others)], 0)
    moves = sim.moves()
    rng = random.Random(1)
    chosen = [str(to_action(p(sim, moves, rng))) for p in (rollout_policy, guarded_rollout_policy)]
    assert chosen == [plain, guarded], format_cards(sim.hands[0])


SUPPORT = [
    # seat 0 owes a move: the trick's top and its holder (None: seat 0 leads), seat 0's hand,
    # who called, who is out; the guarded and the supporting answer
    (("9R", 2), "KG", (2,), (), "play KG", "pass"),
    (("9R", 1), "KG", (2,), (), "play KG", "pass"),
    (("9R", 1), "KG 3B", (2,), (), "play KG", "play KG"),
    ((None, None), "KG", (2,), (), "play KG", "play KG"),
    ((None, None), "KG KB", (2,), (), "play KG KB", "play KG"),
    (("9R", 2), "KG", (2,), (3,), "play KG", "play KG"),
    (("9R", 2), "KG", (0, 2), (), "play KG", "play KG"),
    (("9R", 1), "KG", (1,), (), "play KG", "play KG"),
]


@pytest.mark.parametrize(("top", "hand", "callers", "out", "guarded", "supporting"), SUPPORT)
def test_supporting_rollouts_do_not_go_out_before_a_calling_partner(
    top: tuple[str | None, int | None],
    hand: str,
    callers: tuple[int, ...],
    out: tuple[int, ...],
    guarded: str,
    supporting: str,
) -> None:
    """While its partner (seat 2) has called and nobody is out, a seat does not go out: it
    passes, or keeps a card back; it goes out when it must, called itself, someone is out, or
    only an opponent called."""
    hands = [parse_cards(hand), parse_cards("5G 6G 7G"), parse_cards("2G 3G"), parse_cards("4K 8K")]
    for seat in out:
        hands[seat] = 0
    sim = Sim(hands, 0)
    sim.out = list(out)
    for seat in callers:
        sim.calls[seat] = TICHU_CALL
    cards, holder = top
    if cards is not None and holder is not None:
        sim.top, sim.top_seat = combo_for(parse_cards(cards), None, None), holder
        sim.trick = sim.top.cards
    moves = sim.moves()
    rng = random.Random(1)
    chosen = [
        str(to_action(p(sim, moves, rng)))
        for p in (guarded_rollout_policy, supporting_rollout_policy)
    ]
    assert chosen == [guarded, supporting]


SUPPORT_FIRST = [
    # seat 0's hand, the calls, the candidates (the heuristic's first) and their order after
    ("KG", ("", "", "tichu", ""), ["play KG", "pass"], ["pass", "play KG"]),
    ("KG", ("", "", "grand", ""), ["play KG", "pass"], ["pass", "play KG"]),
    ("KG 3B", ("", "", "tichu", ""), ["play KG", "pass"], ["play KG", "pass"]),
    ("KG", ("tichu", "", "tichu", ""), ["play KG", "pass"], ["play KG", "pass"]),
    ("KG", ("", "tichu", "", ""), ["play KG", "pass"], ["play KG", "pass"]),
    ("KG", ("", "", "", ""), ["play KG", "pass"], ["play KG", "pass"]),
]


@pytest.mark.parametrize(("hand", "calls", "texts", "ordered"), SUPPORT_FIRST)
def test_going_out_before_a_calling_partner_must_win_by_a_margin(
    hand: str, calls: tuple[str, ...], texts: list[str], ordered: list[str]
) -> None:
    """With its partner's call open (itself not called), the heuristic's choice that takes the
    seat out goes last: the search keeps the next candidate unless going out is clearly
    better."""
    view = tichu_view(hand, top="9R", top_seat=1, sizes=(len(hand.split()), 9, 9, 9), calls=calls)
    assert support_first(view, texts) == ordered


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_interrupts_are_legal_in_random_positions(seed: int) -> None:
    """Out of turn (calls and bombs), every seat answers a legal action or declines."""
    match = position(seed, random_bots=False)
    rng = random.Random(seed)
    bot = TichuSearchBot(worlds=4)
    for seat in range(4):
        view = match.view(seat)
        answer = bot.interrupt(view, rng)
        assert answer is None or answer in view.legal


STRONG_FOURTEEN = "DRG PHX AG AK AB KR KG QB QR JG 10K 9B 8R 2G"
WEAK_FOURTEEN = "2G 3K 4B 5R 6G 7K 8B 9R 10G JK 2K 3B 4R 6K"


def _exchange_state(hand: str, **kw: object) -> TichuState:
    return tichu_state(hand, phase=Phase.EXCHANGE, **kw)  # type: ignore[arg-type]


def test_pre_calls_tichu_before_the_exchange_on_a_strong_hand_only() -> None:
    bot = make_bot("tichu", "search:n=2,pre=0.55")
    assert isinstance(bot, TichuSearchBot) and bot.pre_call == 0.55
    strong = _exchange_state(STRONG_FOURTEEN)
    assert tichu_probability(strong.hands[0]) >= 0.55
    assert bot.act(view_of(strong), random.Random(1)) == "tichu"
    weak = _exchange_state(WEAK_FOURTEEN)
    assert bot.act(view_of(weak), random.Random(1)).startswith("exchange ")
    plain = make_bot("tichu", "search:n=2")
    assert plain.act(view_of(strong), random.Random(1)).startswith("exchange ")


def test_pre_waits_for_the_exchange_when_the_partner_has_given_or_called() -> None:
    """The call before the exchange is for the partner's gift: pointless once he gave."""
    strong = _exchange_state(STRONG_FOURTEEN)
    partner_gave = strong
    for card, to in zip(format_cards(strong.hands[2]).split()[:3], (3, 0, 1), strict=True):
        action = GAME.parse_action(f"exchange {card} to {to}")
        partner_gave = GAME.apply(partner_gave, 2, action).state
    partner_called = _exchange_state(STRONG_FOURTEEN, calls=("", "", "tichu", ""))
    gave_one = GAME.apply(strong, 0, GAME.parse_action("exchange 2G to 1")).state
    for state in (partner_gave, partner_called, gave_one):
        assert not calls_before_exchange(view_of(state), 0.55)
    assert calls_before_exchange(view_of(strong), 0.55)


def test_a_partner_who_called_before_the_exchange_gets_our_best_card() -> None:
    hand = parse_cards("DRG AG KB QR JG 9K 8B 7R 6G 5K 4B 3R 2G 2K")
    assert plan_exchange(hand, False, False)[1] != parse_cards("DRG").bit_length() - 1
    assert plan_exchange(hand, True, False)[1] == parse_cards("DRG").bit_length() - 1
    state = _exchange_state(format_cards(hand), calls=("", "", "tichu", ""))
    heuristic = TichuHeuristicBot()
    gifts = []
    while not state.exchanged(0):
        action = heuristic.act(view_of(state), random.Random(1))
        gifts.append(action)
        state = GAME.apply(state, 0, GAME.parse_action(action)).state
    assert "exchange DRG to 2" in gifts


def test_seen_calls_tichu_at_its_own_first_play_on_what_it_has_seen() -> None:
    """``seen=P``: the call waits for the seat's play and weighs the calls and plays seen."""
    bot = make_bot("tichu", "search:n=2,seen=0.5")
    assert isinstance(bot, TichuSearchBot) and bot.seen_threshold == 0.5
    strong = tichu_view(STRONG_FOURTEEN)
    assert "tichu" in strong.legal and calls_seen(strong, 0.5)
    assert bot.act(strong, random.Random(1)) == "tichu"
    weak = tichu_view(WEAK_FOURTEEN)
    assert not calls_seen(weak, 0.5)
    partner_called = tichu_view(STRONG_FOURTEEN, calls=("", "", "tichu", ""))
    assert not calls_seen(partner_called, 0.0001)


def test_the_seen_chance_falls_with_an_opponent_call_and_cards_shed_before_us() -> None:
    hand = "DRG AG KB QR JG 9K 8B 7R 6G 5K 4B 3R 2G 2K"
    base = tichu_view(hand)
    called = tichu_view(hand, calls=("", "grand", "", ""))
    assert seen_tichu_probability(called) < seen_tichu_probability(base)
    straight = {"type": "played", "seat": 3, "cards": ["MJ", "2B", "3G", "4K", "5B", "6R", "7G"]}
    shed = SeatView("tichu", 0, base.obs, ({"type": "round_scored"}, straight))
    earlier = SeatView("tichu", 0, base.obs, (straight, {"type": "round_scored"}))
    assert seen_tichu_probability(shed) < seen_tichu_probability(earlier)
    assert round_plays(earlier.history) == [] and round_plays(shed.history) == [straight]
