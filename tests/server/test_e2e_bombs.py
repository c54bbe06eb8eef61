"""Bombing out of turn against bots, through the page, at the default bot delay: on a real
server (in this process, so the deal can be seeded) a human who holds a bomb presses Bomb while
a bot trick runs, in many seeded deals; every press ends in that seat's bomb. And the timing
check: the bots' pauses are the same whether or not the human holds a bomb (a pause must never
tell anyone who holds one)."""

from __future__ import annotations

import math
import re
import statistics
import time
from collections.abc import Iterator
from datetime import datetime
from functools import cache
from itertools import islice
from typing import Any

import pytest

from cardroom.bots.tichu.giveaway import bomb_cards
from cardroom.engine.chance import SeededResolver
from cardroom.server.table import actor as actor_module
from tests.server.chromium import CHROMIUM, WIDE, shot
from tests.server.pages import watch

from .deals import dealt_hand
from .test_e2e_browser import LiveServer, running_server

pytestmark = [
    pytest.mark.serial,  # compares the bots' pauses in seconds: runs alone
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

BOMB_DEALS = 8


@cache
def seeds(bomb: bool, count: int) -> list[int]:
    """The first ``count`` seeds from 0 up whose deal gives seat 0 a bomb (or none)."""
    found = (s for s in range(3000) if bool(bomb_cards(dealt_hand(s))) == bomb)
    return list(islice(found, count))


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real server at the default bot delay and clock, in this process. Every page here comes
    from 127.0.0.1 and leaves its seat held when it closes, so no bound on seats per address."""
    from cardroom.server.settings import Settings

    db = tmp_path_factory.mktemp("bombs") / "cardroom.db"
    with running_server(Settings(db=str(db), max_seats_per_address=0)) as server:
        yield server


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``seeded(seed)``: the next table's deals come from that seed."""
    return lambda seed: monkeypatch.setattr(
        actor_module, "SecureResolver", lambda: SeededResolver(seed)
    )


def obs(page: Any) -> Any:
    return page.evaluate("() => window.cardroom.obs")


def start(page: Any, live: LiveServer) -> None:
    """One click from the lobby: you at seat 0 with three heuristic bots."""
    page.goto(f"{live.url}/")
    page.get_by_test_id("quick-level").select_option("heuristic")
    page.get_by_test_id("quick-tichu").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_function("() => window.cardroom.obs && window.cardroom.obs.phase === 'grand'")


def no_bombs(o: Any) -> list[str]:
    """The legal actions that are not bombs (a bomb is thrown only through the button)."""
    info = o.get("legal_info") or []
    return [a for i, a in enumerate(o["legal"])
            if not (i < len(info) and info[i] and info[i].get("kind") == "bomb")]  # fmt: skip


def act(page: Any, text: str) -> None:
    page.evaluate("(a) => window.cardroom.act(a)", text)


def through_the_exchange(page: Any) -> set[str]:
    """No Grand Tichu, then three cards that are no bomb card; returns the bomb cards."""
    act(page, "nogrand")
    page.wait_for_function("() => window.cardroom.obs.phase === 'exchange'")
    keep = bomb_cards(obs(page)["hand"])
    for target in (1, 2, 3):
        options = [a for a in obs(page)["legal"] if a.endswith(f" to {target}")]
        safe = [a for a in options if a.split()[1] not in keep]
        act(page, (safe or options)[0])
        page.wait_for_function(
            f"() => !(window.cardroom.obs.legal || []).some(a => a.endsWith(' to {target}'))"
        )
    page.wait_for_function("() => window.cardroom.obs.phase !== 'exchange'", timeout=30_000)
    return keep


def my_bomb_played(page: Any) -> bool:
    return bool(
        page.evaluate(
            """() => window.cardroom.history.some(e => e.type === 'played' && e.seat === 0
                       && String(e.combo).startsWith('bomb'))"""
        )
    )


def test_a_human_bombs_out_of_turn_against_bots_at_the_default_delay(
    browser: Any, live: LiveServer, seeded: Any
) -> None:
    problems: list[str] = []
    pressed = 0
    for seed in seeds(bomb=True, count=BOMB_DEALS):
        seeded(seed)
        page = browser.new_context(viewport=WIDE).new_page()
        watch(page, problems)
        start(page, live)
        keep = through_the_exchange(page)
        deadline = time.monotonic() + 60
        while not my_bomb_played(page):
            assert time.monotonic() < deadline, f"seed {seed}: no bomb in a minute"
            o = obs(page)
            bomb = page.get_by_test_id("bomb-button")
            if o["turn"] != 0 and o["trick"] and bomb.count():
                bomb.click()  # out of turn, while the bots play on at their own pace
                pressed += 1
                if page.get_by_test_id("chooser").count():
                    page.get_by_test_id("chooser-option").first.click()
                page.wait_for_function(
                    """() => window.cardroom.history.some(e => e.type === 'played' && e.seat === 0
                               && String(e.combo).startsWith('bomb'))""",
                    timeout=30_000,
                )  # the press always ends in this seat's bomb
                break
            if o["phase"] == "play" and o["turn"] == 0 and o["legal"]:
                legal = no_bombs(o)
                plays = [a for a in legal if a.startswith("play ") and not set(a.split()) & keep]
                act(page, "pass" if "pass" in legal else (plays[0] if plays else legal[0]))
            elif o["legal"] and o.get("awaited") and 0 in o["awaited"] and o["phase"] != "play":
                act(page, o["legal"][0])  # a wish, a Dragon gift
            page.wait_for_timeout(50)
        if seed == seeds(bomb=True, count=1)[0]:
            shot(page, "e2e-bomb-thrown-desktop.png")
        page.context.close()
    assert pressed == BOMB_DEALS
    assert not problems, problems


def gaps(records: list[Any]) -> list[float]:
    """Seconds from each record to the next one when the next is a bot seat's play or pass."""
    times = [datetime.fromisoformat(r.at) for r in records]
    out = []
    for before, (record, at) in zip(
        times, list(zip(records, times, strict=True))[1:], strict=False
    ):
        if (
            record.kind == "action"
            and record.seat in (1, 2, 3)
            and re.match(r"(play|pass)", record.text)
        ):
            out.append((at - before).total_seconds())
    return out


def test_no_pause_depends_on_who_holds_a_bomb(browser: Any, live: LiveServer, seeded: Any) -> None:
    """Bot replies with and without a bomb in the human's hand: same distribution within noise
    (means' 99 % confidence intervals overlap)."""
    samples: dict[bool, list[float]] = {True: [], False: []}
    problems: list[str] = []
    # the deals alternate (with a bomb, without, …): a change in the machine's load while they
    # run slows both samples alike
    with_bombs, without_bombs = seeds(bomb=True, count=3), seeds(bomb=False, count=3)
    order = [
        (holds, deals[n])
        for n in range(3)
        for holds, deals in ((True, with_bombs), (False, without_bombs))
    ]
    for holds, seed in order:
        seeded(seed)
        page = browser.new_context(viewport=WIDE).new_page()
        watch(page, problems)
        start(page, live)
        through_the_exchange(page)
        table = page.url.rsplit("/", 1)[1]
        deadline = time.monotonic() + 60
        while obs(page)["phase"] == "play" and time.monotonic() < deadline:
            o = obs(page)
            if o["turn"] == 0 and o["legal"]:
                legal = no_bombs(o)
                act(page, "pass" if "pass" in legal else legal[0])
            page.wait_for_timeout(40)
            if len(page.evaluate("window.cardroom.history")) > 45:
                break
        page.context.close()
        records = list(live.app.state.registry.actors[table].runner.records)
        samples[holds] += gaps(records)
    with_bomb, without = samples[True], samples[False]
    assert len(with_bomb) >= 20 and len(without) >= 20

    def ci(xs: list[float]) -> tuple[float, float]:
        half = 2.58 * statistics.stdev(xs) / math.sqrt(len(xs))
        return statistics.mean(xs) - half, statistics.mean(xs) + half

    lo1, hi1 = ci(with_bomb)
    lo2, hi2 = ci(without)
    print(f"bot reply after the previous move: with a bomb {statistics.mean(with_bomb):.3f} s "
          f"[{lo1:.3f}, {hi1:.3f}] n={len(with_bomb)}; without {statistics.mean(without):.3f} s "
          f"[{lo2:.3f}, {hi2:.3f}] n={len(without)}")  # fmt: skip
    assert lo1 <= hi2 and lo2 <= hi1, "the pauses differ: a pause could tell who holds a bomb"
    assert not problems, problems
