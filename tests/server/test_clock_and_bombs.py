"""The table's clock and the Bomb press, in the actor (no sockets): public tables run a clock,
private ones none; a timed-out Tichu exchange is the heuristic's, never a giveaway; an away
seat's player takes it back; a Bomb press holds the table until that seat's bomb, tells the
others only who is bombing, and cannot end without a bomb."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cardroom.engine import get_game
from cardroom.engine.chance import SeededResolver
from cardroom.server import Settings
from cardroom.server.lobby.access import Access, Credentials
from cardroom.server.lobby.registry import TableRegistry
from cardroom.server.table import actor as actor_module
from cardroom.server.table.actor import TableActor
from cardroom.server.table.commands import Act, Back, ClaimBomb, Ready, Say, SetBot, TakeSeat
from cardroom.server.table.outcomes import Accepted, Refused
from cardroom.storage import MemoryStore

from .conftest import TIMEOUT
from .deals import dealt_hand
from .test_actor import Inbox

Json = dict[str, Any]
TICHU = get_game("tichu")
SETTINGS = Settings(db="memory", bot_delay=0.0, round_pause=0.0, clock_move=30, clock_bank=60)
PUBLIC, _ = Access.create(private=False, hot_seat=False)
PRIVATE, OWNER = Access.create(private=True, hot_seat=False)


def legal(actor: TableActor, seat: int) -> list[str]:
    return list(actor.observation(seat)["legal"] or [])


async def four_humans(
    settings: Settings = SETTINGS, access: Access = PUBLIC, seed: int | None = None
) -> tuple[TableActor, list[Inbox]]:
    if seed is not None:
        actor_module.SecureResolver = lambda: SeededResolver(seed)  # type: ignore[assignment,misc]
    registry = TableRegistry(MemoryStore(), settings)
    actor = await registry.create("tichu", {}, "t", access)
    inboxes = []
    for seat in range(4):
        await actor.call(TakeSeat(seat, f"p{seat}", Credentials(owner=OWNER)))
    for seat in range(4):
        inbox = Inbox()
        token = actor.seats[seat].token_hash
        assert token is not None
        actor.subscribers[inbox] = seat  # bound as the seat, as a session would be
        inboxes.append(inbox)
    return actor, inboxes


@pytest.fixture(autouse=True)
def _restore_resolver() -> Any:
    saved = actor_module.SecureResolver
    yield
    actor_module.SecureResolver = saved  # type: ignore[misc]


async def test_a_public_table_runs_a_clock_for_every_seat_that_owes_a_move() -> None:
    actor, _ = await four_humans()
    clock = actor.welcome(0).clock
    assert clock is not None and set(clock.deadlines) == {"0", "1", "2", "3"}  # Grand Tichu
    assert all(85 < left <= 90 for left in clock.deadlines.values())  # 30 s + a 60 s bank
    private, _ = await four_humans(access=PRIVATE)
    assert private.welcome(0).clock is None and private._clock_timers == {}
    await actor.stop()
    await private.stop()


async def test_timed_out_seats_move_as_the_heuristic_and_an_away_player_comes_back() -> None:
    settings = Settings(db="memory", bot_delay=0.0, round_pause=0.0, clock_move=0.01,
                        clock_bank=0.0, clock_strikes=2)  # fmt: skip
    actor, inboxes = await four_humans(settings, seed=3)
    async with asyncio.timeout(TIMEOUT):  # Grand Tichu and the exchange time out for everyone
        while actor.observation(0)["phase"] in {"grand", "exchange"}:
            await asyncio.sleep(0.01)
    records = [r for r in actor.runner.records if r.kind == "timeout"]
    assert len(records) == 4 + 12 and all(r.auto for r in records)
    assert actor.clock.away == {0, 1, 2, 3}  # two timeouts each: bots play the seats now
    assert any(m["t"] == "clock" and m["away"] for m in inboxes[1].messages)
    await actor.call(Back(2))
    assert 2 not in actor.clock.away and 2 not in actor.bots.bots
    await actor.stop()


BOMB_SEED = 16008
"""A deal where seat 0 holds two bombs after the Grand Tichu window: the first of the seeds
from 0 up that does (``two_bombs``; the search costs seconds, so the tests take the seed)."""


def two_bombs(seed: int, seat: int = 0) -> bool:
    """Whether ``seat`` holds at least two four-of-a-kind bombs once Grand Tichu is declined."""
    from cardroom.bots.tichu.giveaway import bomb_cards

    cards = bomb_cards(dealt_hand(seed, seat))
    fours = {c[:-1] for c in cards if sum(h[:-1] == c[:-1] for h in cards) == 4}
    return len(fours) >= 2


def test_the_bomb_deal_gives_seat_0_two_bombs() -> None:
    assert two_bombs(BOMB_SEED)


async def to_a_trick_seat_0_may_bomb(actor: TableActor) -> None:
    """Grand Tichu, the exchange (seat 0 keeps its bombs), then plays until a trick lies that
    seat 0 may bomb out of turn."""
    for seat in range(4):
        assert isinstance(await actor.call(Act(seat, "nogrand")), Accepted)
    from cardroom.bots.tichu.giveaway import bomb_cards

    keep = bomb_cards(actor.observation(0)["hand"])
    for seat in range(4):
        for target in (1, 2, 3):
            to = (seat + target) % 4
            options = [a for a in legal(actor, seat) if a.endswith(f" to {to}")]
            safe = [a for a in options if a.split()[1] not in keep] if seat == 0 else options
            assert isinstance(await actor.call(Act(seat, (safe or options)[0])), Accepted)
    for _ in range(60):
        obs = actor.observation(0)
        if obs["turn"] != 0 and len(actor._bombs(0)) >= 2:
            return
        turn = obs["turn"]
        moves = [a for a in legal(actor, turn) if a not in actor._bombs(turn)]
        plays = [a for a in moves if a.startswith("play ") and "MJ" not in a] or moves
        await actor.call(Act(turn, "pass" if "pass" in moves else plays[0]))
    raise AssertionError("no trick to bomb")


async def test_a_bomb_press_holds_the_table_until_that_seats_bomb() -> None:
    settings = Settings(db="memory", bot_delay=0.0, round_pause=0.0, clock_move=0.0)
    actor, inboxes = await four_humans(settings, seed=BOMB_SEED)
    await to_a_trick_seat_0_may_bomb(actor)
    bombs = actor._bombs(0)  # out of turn: plays that are bombs
    assert len(bombs) >= 2 and actor.observation(0)["turn"] != 0
    before = actor.version
    seen = [len(i.messages) for i in inboxes]
    await actor.call(ClaimBomb(0))
    for inbox, n in zip(inboxes, seen, strict=True):  # only who is bombing, never which bomb
        assert inbox.messages[n:] == [{"t": "hold", "seat": 0}]
    assert actor.welcome(2).hold == 0  # a page that reconnects now hears of the hold too
    turn = actor.observation(0)["turn"]
    refused = await actor.call(Act(turn, legal(actor, turn)[0]))
    assert isinstance(refused, Refused) and "bombing" in refused.reason
    assert refused.said == {"key": "refusal.table.bombing", "params": {"who": {"seat": 0}}}
    others = [a for a in legal(actor, 0) if a not in bombs]  # a call, say: not now
    for action in others[:1]:
        assert isinstance(await actor.call(Act(0, action)), Refused)
    assert actor.version == before  # the table held still
    assert isinstance(await actor.call(Act(0, bombs[-1])), Accepted)
    assert actor.hold is None and actor.runner.records[-1].text == bombs[-1]
    assert {"t": "hold", "seat": None} in inboxes[1].messages
    await actor.stop()


async def test_a_press_without_a_pick_still_ends_in_that_seats_bomb() -> None:
    settings = Settings(db="memory", bot_delay=0.0, round_pause=0.0, clock_move=0.0,
                        bomb_pick=0.05)  # fmt: skip
    actor, _ = await four_humans(settings, seed=BOMB_SEED)
    await to_a_trick_seat_0_may_bomb(actor)
    bombs = actor._bombs(0)
    await actor.call(ClaimBomb(0))
    async with asyncio.timeout(TIMEOUT):
        while actor.hold is not None:
            await asyncio.sleep(0.01)
    last = actor.runner.records[-1]
    assert last.seat == 0 and last.text == bombs[0]
    await actor.stop()


async def test_a_seats_old_holder_neither_bombs_nor_speaks_for_its_new_one() -> None:
    """Seat 0 may bomb out of turn when it changes hands (a bot, then Bob) while its old
    holder's Bomb press, chat line, ready and back still wait in the table's inbox, read off
    a session that was still bound: they do nothing, so nobody learns (from a hold, a bomb
    played, a line signed "Bob") what Bob holds, nor acts for him; Bob's own press holds."""
    settings = Settings(db="memory", bot_delay=0.0, round_pause=0.0, clock_move=0.0)
    actor, inboxes = await four_humans(settings, PRIVATE, seed=BOMB_SEED)
    await to_a_trick_seat_0_may_bomb(actor)
    old = actor.seats[0].token_hash
    owner = Credentials(owner=OWNER)
    await actor.call(SetBot(0, "random", owner))  # a random bot never bombs out of turn
    await actor.call(TakeSeat(0, "Bob", Credentials(owner=OWNER, guest="bob")))
    before, seen = actor.version, [len(i.messages) for i in inboxes]
    for late in (ClaimBomb(0, old), Ready(0, old), Back(0, old)):
        await actor.call(late)
    assert actor.hold is None and actor.version == before
    said = await actor.call(Say(0, None, "my bombs", old))
    assert isinstance(said, Refused) and "no longer yours" in said.reason
    assert said.said == {"key": "refusal.table.not_yours", "params": {"who": {"seat": 0}}}
    told = [m["t"] for i, n in zip(inboxes, seen, strict=True) for m in i.messages[n:]]
    assert not {"hold", "chat", "ready", "ev"} & set(told), told
    await actor.call(ClaimBomb(0, actor.seats[0].token_hash))
    assert actor.hold is not None and actor.hold.seat == 0
    await actor.stop()


async def test_a_seat_that_moves_and_owes_again_starts_a_new_move_time() -> None:
    """The last seat to decide Grand Tichu owes the exchange at once: a new move, so its
    clock starts again rather than running on from the Grand decision."""
    actor, _ = await four_humans()
    for seat in (1, 2, 3):
        await actor.call(Act(seat, "nogrand", token_hash=actor.seats[seat].token_hash))
    assert set(TICHU.awaited(actor.runner.state)) == {0}
    started = actor.clock.since[0]
    loop = asyncio.get_running_loop()
    while loop.time() <= started:  # the loop's clock moves on before the decision
        await asyncio.sleep(0)
    decided = await actor.call(Act(0, "nogrand", token_hash=actor.seats[0].token_hash))
    assert decided == Accepted(None)
    assert actor.observation(0)["phase"] == "exchange" and 0 in TICHU.awaited(actor.runner.state)
    assert actor.clock.since[0] > started
    assert actor.clock.since[0] == actor._clock_timers[0][0]  # its timer is armed for the new move
    await actor.stop()
