"""How often light bots wake up and what each decision costs, per stored record.

Why: in Tichu's play phase every seat that may still call or holds a bomb is *active*, so the
bot driver arms a timer and builds a view for it at almost every version, though a heuristic
bot out of turn answers nothing unless it may bomb. This runs seeded Tichu tables (one paced
"human" played by a heuristic through ``TableActor.submit``, three ``heuristic`` bots) through
the real ``TableActor`` and ``BotDriver`` on a memory store, in one process, and prints bot
decisions and views per stored record and the time per decision by kind.

    .venv/bin/python bench/bot_wakeups.py --tables 100 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import pickle
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from cardroom.bots import SeatView, owes_move
from cardroom.bots.choose import choose_action
from cardroom.engine import SeededResolver
from cardroom.server import Settings
from cardroom.server.lobby.access import Access, Credentials
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.table import actor as table
from cardroom.server.table import bot_driver
from cardroom.server.table.commands import Act, Attach, SetBot, TakeSeat
from cardroom.server.table.frames import Frame
from cardroom.server.table.outcomes import Accepted, Outcome
from cardroom.storage import MemoryStore

Json = dict[str, Any]
TIMES: defaultdict[str, list[float]] = defaultdict(list)
"""Per decision kind: CPU seconds (this thread) to build the view plus decide."""
VIEWS = [0]
LATENCIES: list[float] = []
"""The human's due time to its action's commit: how long bots and others kept it waiting."""
VIEW_TIME = [0.0]
RECORDED: list[SeatView] | None = None
"""With ``--record FILE``: every view a bot decided on, pickled at the end (``bot_replay``)."""
SCHEDULE = [0.0]


def kind_of(view: SeatView, action: str | None) -> str:
    """Which sort of decision this was, for the per-kind figures."""
    obs = view.obs
    if not owes_move(view):
        return "off-turn"
    if obs.get("phase") == "grand":
        return "grand"
    if any(t.startswith("exchange ") for t in view.legal):
        return "exchange"
    if action == "tichu":
        return "call"
    return "lead" if obs.get("lead") or "pass" not in view.legal else "follow"


def instrument() -> None:
    """Wrap the driver's light decision and its scheduling with timers."""
    decide = choose_action
    schedule = bot_driver.BotDriver.schedule

    def timed_decide(self: bot_driver.BotDriver, bot: Any, seat: int, view_of: Any,
                     submit: Callable[[int, str, int], None],
                     forced_of: Any = None) -> None:  # fmt: skip
        start = time.thread_time()
        forced = None if forced_of is None else forced_of(seat)
        if forced is not None:  # as the driver does: no view, no decision
            TIMES["forced"].append(time.thread_time() - start)
            submit(seat, forced[1], forced[0])
            return
        seen, obs, history = view_of(seat)
        VIEWS[0] += 1
        view = SeatView(self.game, seat, obs, tuple(history))
        VIEW_TIME[0] += time.thread_time() - start
        action = decide(bot, view, self.rng)
        if RECORDED is not None:
            RECORDED.append(view)
        TIMES[kind_of(view, action)].append(time.thread_time() - start)
        submit(seat, action or "", seen)

    def timed_schedule(self: bot_driver.BotDriver, *args: Any, **kw: Any) -> list[int]:
        start = time.thread_time()
        armed = schedule(self, *args, **kw)
        SCHEDULE[0] += time.thread_time() - start
        return armed

    bot_driver.BotDriver._decide = timed_decide  # type: ignore[method-assign]
    bot_driver.BotDriver.schedule = timed_schedule  # type: ignore[method-assign]


class Human:
    """Seat 0 as ``cardroom load --pace`` plays it: a random legal action as soon as the seat
    owes a move and ``pace`` seconds have passed since its last one."""

    def __init__(self, actor: table.TableActor, pace: float, rng: random.Random) -> None:
        self.actor, self.pace, self.rng = actor, pace, rng
        self.last = 0.0
        self.armed = False
        self.due = 0.0

    def send(self, message: Frame) -> None:
        self.look(getattr(message, "obs", None))

    def look(self, obs: Json | None) -> None:
        """Arm a move when the seat owes one."""
        if self.armed or obs is None or not owes_move(SeatView("tichu", 0, obs)):
            return
        self.armed = True
        wait = max(0.0, self.last + self.pace - time.monotonic())
        self.due = time.perf_counter() + wait
        asyncio.get_running_loop().call_later(wait, self.act)

    def seated(self, audience: object) -> None:
        return None

    def act(self) -> None:
        self.armed, self.last = False, time.monotonic()
        view = SeatView("tichu", 0, self.actor.observation(0))
        if self.actor.status == "running" and owes_move(view):
            self.actor.post(Act(0, self.rng.choice(view.legal), reply=self.answered))

    def answered(self, outcome: Outcome[None]) -> None:
        if isinstance(outcome, Accepted):
            LATENCIES.append(time.perf_counter() - self.due)
        self.look(self.actor.observation(0))


async def run(args: argparse.Namespace) -> None:
    seeds = itertools.count()
    table.SecureResolver = lambda: SeededResolver(f"{args.seed}/{next(seeds)}")  # type: ignore
    settings = Settings(db="memory", bot_delay=args.delay, round_pause=0.0)
    registry = TableRegistry(MemoryStore(), settings)
    access, owner = Access.create(private=False, hot_seat=False)
    actors = []
    for t in range(args.tables):
        actor = await registry.create("tichu", {}, f"t{t}", access)
        actor.bots.rng = random.Random(f"{args.seed}/bots{t}")
        token = await actor.call(TakeSeat(0, "human"))
        player = Human(actor, args.pace, random.Random(f"{args.seed}/h{t}"))
        await actor.call(Attach(player, token, None))
        for seat in (1, 2, 3):
            who = Credentials(owner=owner)
            await actor.call(SetBot(seat, "heuristic", who))
        actors.append(actor)
    await asyncio.sleep(args.warmup)
    TIMES.clear()
    VIEWS[0], SCHEDULE[0], VIEW_TIME[0] = 0, 0.0, 0.0
    LATENCIES.clear()
    v0, cpu0 = sum(a.version for a in actors), time.process_time()
    await asyncio.sleep(args.seconds - 5)
    before = [a.version for a in actors]
    await asyncio.sleep(5)
    stalled = [a for a, v in zip(actors, before, strict=True) if a.version == v]
    if stalled:
        a = stalled[0]
        print(
            f"{len(stalled)} tables made no progress in 5 s, e.g. {a.status} v{a.version}:",
            {k: a.observation(0).get(k) for k in ("phase", "turn", "awaited", "legal")},
        )
    records, cpu = sum(a.version for a in actors) - v0, time.process_time() - cpu0
    for actor in actors:
        await actor.stop()
    report(records, cpu)


def report(records: int, cpu: float) -> None:
    decisions = sum(len(t) for t in TIMES.values())
    total = sum(sum(t) for t in TIMES.values())
    per = max(records, 1)
    print(f"records {records}  process CPU {cpu * 1e6 / per:.0f} us/record")
    lat = sorted(LATENCIES) or [0.0]
    print(
        f"human due->committed: n {len(LATENCIES)}, p50 {lat[len(lat) // 2] * 1e3:.2f} ms, "
        f"p99 {lat[int(0.99 * (len(lat) - 1))] * 1e3:.2f} ms, max {lat[-1] * 1e3:.2f} ms"
    )
    print(f"bot decisions {decisions} = {decisions / per:.2f}/record, views {VIEWS[0] / per:.2f}"
          f"/record; bot CPU {(total + SCHEDULE[0]) * 1e6 / per:.0f} us/record "
          f"(views {VIEW_TIME[0] * 1e6 / per:.0f}, decide+views {total * 1e6 / per:.0f}, "
          f"schedule {SCHEDULE[0] * 1e6 / per:.0f})")  # fmt: skip
    print(f"  {'kind':9} {'n':>7} {'/record':>8} {'mean us':>8} {'p99 us':>8} {'us/record':>9}")
    for kind, times in sorted(TIMES.items(), key=lambda kv: -sum(kv[1])):
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        mean = statistics.fmean(times)
        print(f"  {kind:9} {len(times):7} {len(times) / per:8.2f} {mean * 1e6:8.0f}"
              f" {p99 * 1e6:8.0f} {sum(times) * 1e6 / per:9.0f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--delay", type=float, default=0.5, help="bot delay (s)")
    parser.add_argument("--pace", type=float, default=1.0, help="the human's pace (s)")
    parser.add_argument("--seed", default="4242")
    parser.add_argument("--record", help="pickle every decided view to this file")
    args = parser.parse_args()
    global RECORDED
    if args.record:
        RECORDED = []
    instrument()
    asyncio.run(run(args))
    if RECORDED is not None:
        with open(args.record, "wb") as f:
            pickle.dump([(v.game, v.seat, v.obs, v.history) for v in RECORDED], f)


if __name__ == "__main__":
    main()
