"""The expert's call thresholds against the pool: call rate and made rate per threshold.

Why: an arena run measures one threshold, and at ~80 calls per seed its made rate moves by ±5
points. Here the ``expert`` search is made to call in every round (seat ``i % 4``), beside an
``expert`` partner, against pool members (both opponents the same member, in turn), and each
call keeps the chance the expert's model gave it: ``firstplay.seen_tichu_probability`` at the
seat's first play for Tichu, ``grand_probability`` on the first 8 cards for Grand Tichu. One
run then reads every threshold at once: the share of rounds whose chance reaches it (the call
rate) and how many of those the caller went out first (made, with a Wilson 95 % interval).
Rounds whose chance is below ``--floor`` stop at the call (they count as rounds, not calls).

    python bench/tichu_forced_calls.py --call tichu --rounds 2000 --floor 0.2 --seed fc1 \\
        --rows tichu-rows.jsonl
    python bench/tichu_forced_calls.py --call grand --rounds 8000 --floor 0.45 --seed fc2 \\
        --rows grand-rows.jsonl
    python bench/tichu_forced_calls.py --call tichu --load tichu-rows.jsonl  # the table only

Each row also keeps the caller's cards and ``firstplay.seen_features`` at the call (also below
the floor, where the round is not played on) and the order the seats went out (0 the caller, 2
its partner), so a refit of the first-play model can learn from
the expert's own rounds and be scored on another seed's rows without replaying them.

``--rollouts N`` (Tichu) also estimates, at each kept call, the chance of going out first by N
rollouts of worlds sampled from the caller's view (``infer``), the call set, by the supporting
and by the guarded policy; the rows keep them and the table ends with how well each estimate
and the model rank the kept calls (the area under the ROC curve, made against failed).

``--arm WORDS`` plays each kept call's round again from the same seed with ``WORDS`` added to
the caller's and its partner's levels (``stake=200``): a fork at the call, since every decision
before it is the same. The table ends with both arms' made rates and points on the same calls
and the calls made in one arm only (McNemar).

    python bench/tichu_forced_calls.py --call tichu --rounds 2400 --floor 0.43 --seed bd1 \\
        --arm stake=200 --rows stake-rows.jsonl

The word ``oracle`` in ``--arm`` is no level word: it gives the caller and its partner in the
fork *the true deal* from the call on (``Oracle``): every world their search weighs is the real
hands (``TrueDeal``), while before the call, and for the opponents always, nothing changes. It
bounds what better inference of the hidden hands could give the play of a called hand. The
rollout policy is deterministic, so 30 worlds that are one deal play out 30 times alike: the
word ``noise=E`` makes the rollouts in the true deal play a random move with chance E at each
choice, so that the search averages over play it cannot foresee, as it does over worlds. It lives
here, in the bench, and nowhere else: a bot must never see the state (``tests/bots/
test_import_discipline.py``), and this one reads it from the running match (``play_round``).
The words ``bombs`` and ``high`` are a partial oracle (``PartlyTrue``): the search's own
worlds, but every other seat holds its true bombs and no other (``high``: its true Dragon,
Phoenix and Aces too), to tell which hidden facts are worth inferring. A level word that
changes the worlds (``reads``) acts in the fork from the call on, so both arms play alike up to
it.
``--calls ROWS`` replays only the rounds whose rows in ROWS kept a call (an earlier run of the
same seed and floor) and takes the ``expert`` arm from those rows, checking that the call and
its chance come out the same, so only the fork is played; an arm of those rows (``reads``) is
kept as ``ref_made``, ``ref_points``… and the table pairs the new arm with it too:

    python bench/tichu_forced_calls.py --call tichu --rounds 2400 --floor 0.43 --seed bd2 \\
        --arm oracle,noise=0.05 --calls bd2-rows.jsonl --rows oracle-rows.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardroom.bots import make_bot
from cardroom.bots.arena.match import MatchResult, _Match
from cardroom.bots.protocol import Bot, SeatView
from cardroom.bots.registry import resolve
from cardroom.bots.tichu.belief import TRIES, WorldSampler, sample_hands
from cardroom.bots.tichu.calls import tichu_hits
from cardroom.bots.tichu.firstplay import seen_features, seen_tichu_probability
from cardroom.bots.tichu.heuristic import cards_mask, grand_probability
from cardroom.bots.tichu.search import (
    TichuSearchBot,
    guarded_rollout_policy,
    supporting_rollout_policy,
)
from cardroom.engine import get_game
from cardroom.games.tichu.cards import parse_cards
from cardroom.games.tichu.combos import enumerate_plays
from cardroom.games.tichu.fastsim import Move, Policy, Sim
from cardroom.games.tichu.state import SEATS, TichuState

POOL = ("heuristic-v1", "heuristic", "bomber", "fighter", "gambler", "search:n=30,plain")
"""The pool members of the bidding figures in docs/bots.md."""
ALWAYS = 1e-9
"""A threshold every chance reaches: the forced caller calls whenever the rules let it."""
MAX_ACTIONS = 200_000
"""``play_match``'s bound on a match's actions."""


class Stop(Exception):
    """The forced call's chance is below the floor: the round is not played on."""


@dataclass
class Call:
    """The forced call (``tichu`` or ``grand``) and the chance the model gave it (None until
    it is made)."""

    kind: str
    chance: float | None = None
    rollouts: int = 0
    estimates: dict[str, float] | None = None
    """With ``rollouts``: the chance by rollouts of each policy at the call."""
    seen: list[float] | None = None
    """``firstplay.seen_features`` at the Tichu call: rows a refit can learn from."""
    hand: list[str] | None = None
    """The caller's cards at the call."""


class ForcedCaller(TichuSearchBot):
    """The expert search, calling Tichu (or Grand Tichu) whenever it may, keeping the chance."""

    call: Call
    floor: float

    def act(self, view: SeatView, rng: random.Random) -> str:
        choice = super().act(view, rng)
        self._keep(view, choice)
        return choice

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None:
        choice = super().interrupt(view, rng)
        self._keep(view, choice)
        return choice

    def _keep(self, view: SeatView, choice: str | None) -> None:
        """Keep the forced call's chance. A Grand Tichu called while Tichu is forced is not
        kept: that seat makes no Tichu call this round (as in an arena's call rate)."""
        if choice == self.call.kind and self.call.chance is None:
            cards = list(view.obs.get("hand") or ())
            hand = cards_mask(cards)
            chance = grand_probability(hand) if choice == "grand" else seen_tichu_probability(view)
            self.call.hand = cards
            if choice == "tichu":
                self.call.seen = list(seen_features(view))
            if chance < self.floor:
                raise Stop
            self.call.chance = chance
            if self.call.rollouts and choice == "tichu":
                self.call.estimates = {
                    name: rollout_chance(view, policy, self.call.rollouts)
                    for name, policy in ESTIMATES.items()
                }


READS = {"reads", "follows"}
"""Level words that change the search's worlds: in a fork they act from the call on (``Oracle``),
so that both arms play alike up to it."""
ORACLE = "oracle"
"""The ``--arm`` word of the fork whose caller's team sees the true deal from the call on."""


class TrueDeal(WorldSampler):
    """Bench only: every world of ``view`` is the true deal ``state`` (the hands of the running
    match), the rest of the world built from the view as the search's sampler builds it
    (``tests/bots/test_tichu_oracle.py``)."""

    def __init__(self, view: SeatView, state: TichuState) -> None:
        super().__init__(view)
        sizes = [int(n) for n in view.obs["hand_sizes"]]
        if state.hands[view.seat] != cards_mask(view.obs.get("hand") or ()) or sizes != [
            hand.bit_count() for hand in state.hands
        ]:
            raise ValueError("the state is not the deal of this view")
        self.world = self.template.replace(hands=tuple(state.hands))

    def sample(self, rng: random.Random) -> TichuState:
        return self.world


PARTIAL = {"bombs": False, "high": True}
"""The ``--arm`` words of a partial oracle (``PartlyTrue``), and whether the Dragon, Phoenix and
Aces are placed as dealt too."""
HIGH = parse_cards("DRG PHX AB AG AK AR")


def bomb_cards(hand: int) -> int:
    """The cards of ``hand``'s bombs.

    >>> from cardroom.games.tichu.cards import format_cards
    >>> format_cards(bomb_cards(parse_cards("5B 5G 5K 5R 9B 2B 3B 4B 6B")))
    '2B 3B 4B 5G 5K 5B 5R 6B'
    """
    return sum_cards(c.cards for c in enumerate_plays(hand, None) if c.is_bomb())


def sum_cards(masks: Iterable[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


class PartlyTrue(WorldSampler):
    """Bench only: the search's sampled worlds, but every other seat holds the cards of the
    bombs it holds in the true deal ``state`` and no other bomb (with ``high``: its Dragon,
    Phoenix and Aces too): what knowing those places alone is worth
    (``tests/bots/test_tichu_oracle.py``). A world with a bomb the deal lacks is dealt again
    (``TRIES`` times at most)."""

    def __init__(self, view: SeatView, state: TichuState, high: bool, infer: bool) -> None:
        super().__init__(view, infer)
        me = view.seat
        self.bombs = [0 if s == me else bomb_cards(h) for s, h in enumerate(state.hands)]
        extra = [0 if s == me or not high else h & HIGH for s, h in enumerate(state.hands)]
        self.known = [b | e for b, e in zip(self.bombs, extra, strict=True)]

    def sample(self, rng: random.Random) -> TichuState:
        for _ in range(TRIES):
            hands = sample_hands(self.view, self.facts, rng, self.infer, self.known)
            found = [0 if s == self.view.seat else bomb_cards(h) for s, h in enumerate(hands)]
            if found == self.bombs:
                break
        return self.template.replace(hands=tuple(hands))


class Oracle(TichuSearchBot):
    """Bench only: the search, weighing its decisions in the true deal (``TrueDeal``) once
    ``caller`` has called (before that, as the search). ``peek`` is the running match's state,
    set by ``play_round``; a bot never has it. With ``noise`` (the ``--arm`` word ``noise=E``),
    the rollouts after the call play a random move with chance E at every choice, so that the
    true deal's worlds differ (the rollout policy is deterministic: else all of them play out
    alike); ``noise=E`` without ``oracle`` is its control: the same noise in sampled worlds."""

    peek: Callable[[], TichuState] | None = None
    caller: int = 0
    noise: float = 0.0
    sees: bool = False
    partial: str | None = None
    """A ``PARTIAL`` word: the search's worlds with some true places (``PartlyTrue``)."""

    def world_sampler(self, view: SeatView) -> WorldSampler:
        calls = view.obs.get("calls") or ("",) * SEATS
        after = bool(calls[self.caller])
        if self.noise:
            self.policy = self.policy_after if after else self.policy_before
        if after and self.sees and self.peek is not None:
            return TrueDeal(view, self.peek())
        if after and self.partial and self.peek is not None:
            return PartlyTrue(view, self.peek(), PARTIAL[self.partial], self.infer)
        if not after:
            return WorldSampler(view, self.infer)  # ``expert``'s worlds: the arms fork at the call
        return super().world_sampler(view)

    def see(self, caller: int, noise: float, sees: bool = True, partial: str | None = None) -> None:
        """From ``caller``'s call on: ``noise`` in the rollouts, the true deal if ``sees``, some
        of its places if ``partial`` (a ``PARTIAL`` word)."""
        self.caller, self.noise, self.sees, self.partial = caller, noise, sees, partial
        self.policy_before = self.policy
        self.policy_after = noisy(self.policy, noise) if noise else self.policy


def noisy(policy: Policy, share: float) -> Policy:
    """``policy`` playing a random move instead with chance ``share`` where it has a choice.

    >>> from cardroom.games.tichu.fastsim import random_policy
    >>> noisy(random_policy, 0.1) is not random_policy
    True
    """

    def choose(sim: Sim, moves: list[Move], rng: random.Random) -> Move:
        if len(moves) > 1 and rng.random() < share:
            return moves[rng.randrange(len(moves))]
        return policy(sim, moves, rng)

    return choose


class OracleCaller(ForcedCaller, Oracle):
    """The forced caller (``ForcedCaller``) seeing the true deal from its call on."""


def arm_bots(call: str, floor: float, arm: str, caller: int) -> tuple[ForcedCaller, Bot]:
    """The fork's caller and partner: ``expert`` with ``arm``'s level words added, and with the
    true deal from the call on if ``arm`` has the word ``oracle`` (``noise=E``, with or without
    it: see ``Oracle``)."""
    words = [w for w in (w.strip() for w in arm.split(",")) if w]
    noise = [float(w.partition("=")[2]) for w in words if w.startswith("noise=")]
    partial = next((w for w in words if w in PARTIAL), None)
    level = ",".join(
        w for w in words if w != ORACLE and w not in PARTIAL and not w.startswith("noise=")
    )
    partner = f"{resolve('tichu', 'expert')},{level}".rstrip(",")
    if ORACLE not in words and not noise and partial is None and not READS & set(words):
        return forced_caller(call, floor, arm=level), make_bot("tichu", partner)
    forced = forced_caller(call, floor, arm=level, cls=OracleCaller)
    seer = Oracle.from_arg(partner.partition(":")[2])
    for bot in (forced, seer):
        assert isinstance(bot, Oracle)
        bot.see(caller, noise[0] if noise else 0.0, ORACLE in words, partial)
    return forced, seer


ESTIMATES: dict[str, Policy] = {"sup": supporting_rollout_policy, "guard": guarded_rollout_policy}


def rollout_chance(view: SeatView, policy: Policy, worlds: int) -> float:
    """How often the seat of ``view``, having called Tichu, goes out first in ``worlds``
    rollouts (``calls.tichu_hits``, worlds weighed by the calls; its own generator: the round's
    bots draw as without the estimate)."""
    rng = random.Random(f"estimate/{view.obs.get('round')}/{view.seat}/{view.obs.get('hand')}")
    hits, _ = tichu_hits(view, rng, policy, lambda k: k < worlds, infer=True)
    return hits / worlds


def forced_caller(
    call: str,
    floor: float,
    rollouts: int = 0,
    arm: str = "",
    cls: type[ForcedCaller] = ForcedCaller,
) -> ForcedCaller:
    """``expert`` (``search:n=30,seen=…,support``) whose threshold for ``call`` every chance
    reaches; ``arm``: words added to its level text (``stake=200``); ``cls``: the class
    (``OracleCaller``: the bench's oracle)."""
    text = f"seen={ALWAYS}" if call == "tichu" else f"seen=0.43,grand={ALWAYS}"
    text = ",".join(w for w in (f"n=30,{text},support", arm) if w)
    bot = cls.from_arg(text)
    assert isinstance(bot, ForcedCaller)
    bot.call, bot.floor = Call(call, rollouts=rollouts), floor
    return bot


def play(
    call: str,
    index: int,
    seed: str,
    floor: float,
    rollouts: int = 0,
    arm: str = "",
    kept: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Round ``index``: its caller's chance (None: no call, or below the floor) and outcome.
    With ``arm``, a kept call's round is played again from the same seed with ``arm``'s words
    added to the caller's and its partner's levels (``arm_made``, ``arm_out``,
    ``arm_points``; ``arm_bots``): every decision before the call is the same, so the two
    continuations are a fork of the round at the call. ``kept``: this round's row of an earlier
    run (``--calls``), whose ``expert`` arm is taken instead of playing it again; only the fork
    is played, and it must reach the same call with the same hand and chance."""
    caller, member = index % 4, POOL[(index // 4) % len(POOL)]
    text = f"{seed}/{call}/{index}"
    before: list[str] | None = None
    if kept is None:
        forced = forced_caller(call, floor, rollouts)
        row: dict[str, Any] = {"i": index, "member": member, "chance": None, "made": False}
        result = play_round(forced, make_bot("tichu", "expert"), member, text, caller)
        row["hand"], row["seen"] = forced.call.hand, forced.call.seen
        if result is not None:
            row["chance"] = forced.call.chance
            row.update(outcome(result, caller))
            row.update(forced.call.estimates or {})
            if forced.call.chance is not None:  # else its partner called first: no fork
                before = until_call(result, f"action {caller} {call}")
    else:
        assert kept["i"] == index and kept["member"] == member, "the rows are of other rounds"
        row = {key: value for key, value in kept.items() if not key.startswith("arm")}
        row.update({f"ref_{key[4:]}": value for key, value in kept.items() if key[:4] == "arm_"})
        if "arm" in kept:
            row["ref"] = kept["arm"]  # the earlier run's arm, paired with this one too
    if row["chance"] is None or not arm:
        return row
    other, partner = arm_bots(call, floor, arm, caller)
    fork = play_round(other, partner, member, text, caller)
    assert fork is not None and other.call.chance == row["chance"], "another call in the fork"
    assert other.call.hand == row["hand"], "another hand at the call in the fork"
    if before is not None:
        after = until_call(fork, f"action {caller} {call}")
        assert after == before, "the arms differ before the call"
    row.update({f"arm_{key}": value for key, value in outcome(fork, caller).items()})
    row["arm"] = arm
    return row


def play_round(
    forced: ForcedCaller, partner: Bot, member: str, seed: str, caller: int
) -> MatchResult | None:
    """One round of ``forced`` beside ``partner`` against two ``member``s (None: stopped at
    a call below the floor). An ``Oracle`` among them reads the match's state (the bench
    only)."""
    game = get_game("tichu")
    config = game.config_from_json({"max_rounds": 1})
    bots: list[Any] = [None] * 4
    bots[caller], bots[(caller + 2) % 4] = forced, partner
    bots[(caller + 1) % 4] = bots[(caller + 3) % 4] = make_bot("tichu", member)
    match = _Match(game, config, bots, seed)
    for bot in (forced, partner):
        if isinstance(bot, Oracle):
            bot.peek = lambda: match.runner.state
    try:
        return match.play(MAX_ACTIONS)
    except Stop:
        return None


def outcome(result: MatchResult, caller: int) -> dict[str, Any]:
    """Whether the caller went out first, the order the seats went out (0 the caller, 2 its
    partner) and the caller's team's round points less the opponents'."""
    last = result.final["last_round"]
    points = last["points"][caller % 2] - last["points"][1 - caller % 2]
    out = [(seat - caller) % 4 for seat in last["out"]]
    return {"made": out[0] == 0, "out": out, "points": points}


def until_call(result: MatchResult, call: str) -> list[str]:
    """The round's log up to the ``call`` (``action SEAT tichu``): what both arms share."""
    texts = [f"{r.kind} {r.seat} {r.text}" for r in result.record.records]
    return texts[: texts.index(call) + 1]


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of k successes in n.

    >>> [round(x, 3) for x in wilson(75, 100)]
    [0.657, 0.825]
    """
    z = 1.96
    p, d = k / n, 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def table(rows: list[dict[str, Any]], thresholds: list[float]) -> list[str]:
    """One line per threshold: the call rate over all rounds and the made rate of those calls."""
    lines = [f"{len(rows)} rounds, {sum(r['chance'] is not None for r in rows)} calls kept"]
    for t in thresholds:
        calls = [r["made"] for r in rows if r["chance"] is not None and r["chance"] >= t]
        if not calls:
            continue
        low, high = wilson(sum(calls), len(calls))
        lines.append(
            f"  p >= {t:.2f}: called {len(calls) / len(rows):6.1%}, made {sum(calls)} of "
            f"{len(calls)} = {sum(calls) / len(calls):.1%} [{low:.0%}, {high:.0%}]"
        )
    failed = [r for r in rows if r["chance"] is not None and r["chance"] >= thresholds[-1]]
    failed = [r for r in failed if not r["made"] and "out" in r]
    if failed:
        partner = sum(r["out"][0] == 2 for r in failed)
        lines.append(
            f"  of the {len(failed)} failed at p >= {thresholds[-1]:.2f}, the partner went out"
            f" first in {partner} ({sum(r['out'][:2] == [2, 0] for r in failed)} with the"
            " caller second)"
        )
    forked = [r for r in rows if r["chance"] is not None and "arm_made" in r]
    lines += paired(forked)
    lines += paired([r for r in forked if "ref_made" in r], base="ref")
    estimated = [r for r in rows if r["chance"] is not None and "sup" in r]
    if estimated:
        ranks = ", ".join(f"{key} {auc(estimated, key):.3f}" for key in ("chance", *ESTIMATES))
        lines.append(f"  ranking of the {len(estimated)} estimated calls (ROC area): {ranks}")
    return lines


def paired(rows: list[dict[str, Any]], base: str = "") -> list[str]:
    """Both arms' made rates on the same calls, the calls made in one arm only (McNemar) and
    the arm's points a round less today's, with 95 % intervals. ``base="ref"``: against the
    earlier run's arm (``--calls``) instead of ``expert``."""
    n = len(rows)
    if not n:
        return []
    prefix = f"{base}_" if base else ""
    other = str(rows[0].get(base, base)) if base else "expert"
    lines = [f"  paired at the {n} kept calls (p >= {min(r['chance'] for r in rows):.2f}):"]
    for name, key in ((other, f"{prefix}made"), (rows[0].get("arm", "arm"), "arm_made")):
        k = sum(r[key] for r in rows)
        low, high = wilson(k, n)
        mean, half = mean_interval([r[key.replace("made", "points")] for r in rows])
        lines.append(
            f"    {name}: made {k} of {n} = {k / n:.1%} [{low:.1%}, {high:.1%}],"
            f" {mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}] points a round"
        )
    made = f"{prefix}made"
    gained = sum(r["arm_made"] and not r[made] for r in rows)
    lost = sum(r[made] and not r["arm_made"] for r in rows)
    diff = (gained - lost) / n
    half = 1.96 * math.sqrt(max(gained + lost - (gained - lost) ** 2 / n, 0.0)) / n
    mean, spread = mean_interval([r["arm_points"] - r[f"{prefix}points"] for r in rows])
    lines.append(
        f"    arm − {other}: made in the arm only {gained}, in {other} only {lost}: {diff:+.1%}"
        f" [{diff - half:+.1%}, {diff + half:+.1%}] (McNemar p {mcnemar(gained, lost):.3f});"
        f" points {mean:+.1f} [{mean - spread:+.1f}, {mean + spread:+.1f}] a round"
    )
    return lines


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95 % interval.

    >>> mean_interval([1.0, 3.0])
    (2.0, 1.96)
    """
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(var / n)


def mcnemar(b: int, c: int) -> float:
    """The exact two-sided McNemar p-value of b against c discordant pairs.

    >>> round(mcnemar(10, 2), 4)
    0.0386
    """
    n = b + c
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1)) / 2**n
    return min(1.0, 2 * tail)


def auc(rows: list[dict[str, Any]], key: str) -> float:
    """The chance that a made call's ``key`` exceeds a failed one's (ties count half).

    >>> auc([{"p": 0.9, "made": True}, {"p": 0.2, "made": False}, {"p": 0.5, "made": True}], "p")
    1.0
    """
    made = [r[key] for r in rows if r["made"]]
    failed = [r[key] for r in rows if not r["made"]]
    wins: float = sum((m > f) + 0.5 * (m == f) for m in made for f in failed)
    return wins / max(len(made) * len(failed), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--call", choices=("tichu", "grand"), default="tichu")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--seed", default="fc1")
    parser.add_argument("--floor", type=float, default=0.0)
    parser.add_argument("--rows", help="append each round's row here (JSON lines)")
    parser.add_argument("--load", nargs="*", default=[], help="read rows instead of playing")
    parser.add_argument("--rollouts", type=int, default=0, help="rollout estimates per call")
    parser.add_argument(
        "--arm",
        default="",
        help=f"play each kept call on again with these level words too ({ORACLE}: the true deal)",
    )
    parser.add_argument(
        "--calls", help="rows of an earlier run of this seed: play only the forks of its calls"
    )
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for path in args.load:
        with open(path) as saved:
            rows += [json.loads(line) for line in saved]
    earlier: dict[int, dict[str, Any]] = {}
    if args.calls:
        with open(args.calls) as saved:
            earlier = {row["i"]: row for row in map(json.loads, saved)}
    for index in range(args.start, args.start + (0 if args.load else args.rounds)):
        if args.calls and index not in earlier:
            break
        kept = earlier.get(index)
        row = play(args.call, index, args.seed, args.floor, args.rollouts, args.arm, kept)
        rows.append(row)
        if args.rows:
            with open(args.rows, "a") as out:
                out.write(json.dumps(row) + "\n")
    low = 0.36 if args.call == "tichu" else 0.48
    print("\n".join(table(rows, [low + 0.01 * k for k in range(15)])))


if __name__ == "__main__":
    main()
