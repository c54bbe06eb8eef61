"""End-to-end: a real server, a real headless Chromium, whole rounds played through the page.

The player's strategy reads only what the page shows (``window.cardroom.obs``, the same
observation the page renders) and acts by clicking: cards then Play, or an action button.
Needs Debian's ``/usr/bin/chromium``; never downloads a browser.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.server.chromium import CHROMIUM, DESKTOP, PHONE, WIDE, shot
from tests.server.live import live_server
from tests.server.pages import watch

CARD_TOKEN = re.compile(r"\b(?:10|[2-9JQKA])[GKBR]\b|\b(?:MJ|DOG|PHX|DRG)\b")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

Json = dict[str, Any]


# ---- the server and the browser ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LiveServer:
    url: str
    db: Path
    app: Any


@contextlib.contextmanager
def running_server(settings: Any) -> Iterator[LiveServer]:
    """A real uvicorn server for ``settings`` on a free port, in a thread of this process (so a
    test may reach the app, or patch how it deals)."""
    with live_server(settings) as (url, app):
        yield LiveServer(url, Path(settings.db), app)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real server with a temporary SQLite file, bots without delay. Every browser of the
    module comes from 127.0.0.1, so the per-address shares of the room (seats, open tables)
    are lifted, as ``cardroom load`` lifts them: players would come from many addresses."""
    from cardroom.server.settings import Settings

    db = tmp_path_factory.mktemp("e2e") / "cardroom.db"
    settings = Settings(db=str(db), bot_delay=0.0, round_pause=0.0, max_seats_per_address=0,
                        max_open_per_address=0, create_burst=1000)  # fmt: skip
    with running_server(settings) as server:
        yield server


@pytest.fixture(scope="module")
def server(live: LiveServer) -> str:
    """The live server's base URL."""
    return live.url


# ---- helpers: the page as a player uses it ----------------------------------------------


def obs(page: Any) -> Json:
    """The observation the page currently renders (and its version)."""
    result: Json = page.evaluate(
        "() => ({obs: window.cardroom.obs, v: window.cardroom.v, seat: window.cardroom.mySeat})"
    )
    return result


def create_table(
    page: Any, base: str, game: str, options: dict[str, Any], *, private: bool = False
) -> str:
    page.goto(base + "/")
    page.get_by_test_id("game-select").select_option(game)
    if options:
        page.get_by_test_id("house-rules-toggle").click()  # single options are folded away
    if private:
        page.get_by_test_id("flag-private").check()
    for key, value in options.items():
        page.get_by_test_id(f"option-{key}").fill(str(value))
    page.get_by_test_id("table-name").fill(f"e2e {game}")
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    return str(page.url.rsplit("/", 1)[1])


def sit_with_bots(page: Any, seats: int, level: str = "random") -> None:
    name = page.get_by_test_id("player-name")
    if name.is_editable():  # a signed-in player sits under its account's name
        name.fill("Alice")
    page.get_by_test_id("bot-level").select_option(level)
    page.get_by_test_id("sit-0").click()
    page.wait_for_function("() => window.cardroom.mySeat === 0 && window.cardroom.obs")
    for seat in range(1, seats):
        page.get_by_test_id(f"add-bot-{seat}").click()
        page.wait_for_selector(f"[data-testid=seat-{seat}] .badge:text('bot')")


def wait_change(page: Any, version: int | None) -> None:
    """Wait until the page's own action is answered and it shows a newer version (or a
    refusal)."""
    page.wait_for_function(
        "v => !window.cardroom.inflight && (window.cardroom.v !== v || window.cardroom.message)",
        arg=version,
        timeout=30_000,
    )
    message = page.evaluate("() => window.cardroom.message")
    assert not message or message["kind"] != "error", message


def click_action(page: Any, action: str) -> None:
    page.locator(f"[data-action='{action}']").first.click()


PLAY_READY = """v => {
    const play = document.querySelector("[data-testid=play]");
    return (play && !play.disabled) || window.cardroom.v !== v;
}"""
"""Play is enabled for the selection (the page renders after a click, not during it), or the
table moved on since the move was chosen."""


def play_cards(page: Any, action: str, cards: list[str]) -> None:
    """Select exactly ``cards`` in the hand and press Play; answer a chooser with ``action``.
    If the table moved on meanwhile and the play is no longer offered, press nothing: the
    caller reads the table again."""
    version = page.evaluate("() => window.cardroom.v")
    for card in page.locator("[data-testid=hand] [aria-pressed=true]").all():
        if (card.get_attribute("data-testid") or "").removeprefix("card-") not in cards:
            card.click()  # left selected by a move the table overtook
    for card in cards:
        if page.get_by_test_id(f"card-{card}").get_attribute("aria-pressed") != "true":
            page.get_by_test_id(f"card-{card}").click()
    page.wait_for_function(PLAY_READY, arg=version, timeout=30_000)
    play = page.get_by_test_id("play")
    if not play.is_enabled():
        moved_on = page.evaluate("() => window.cardroom.v") != version
        assert moved_on, f"Play disabled for legal {action!r}"
        return
    play.click()
    chooser = page.get_by_test_id("chooser")
    if chooser.count():
        page.locator(f"[data-testid=chooser-option][data-action='{action}']").click()


SLOTS = ("left", "partner", "right")


def tichu_move(page: Any, o: Json, seat: int) -> bool:
    """One move of the simple strategy; False when there is nothing to do."""
    legal: list[str] = o["legal"] or []
    if o["phase"] == "grand" and "nogrand" in legal:
        click_action(page, "nogrand")
    elif o["phase"] == "exchange" and page.get_by_test_id("exchange").count():
        given = (o.get("exchange") or {}).get("given") or {}
        open_slots = [s for i, s in enumerate(SLOTS) if str((seat + i + 1) % 4) not in given]
        card = next(c for c in o["hand"] if c not in given.values())  # given: out of the hand
        page.get_by_test_id(f"card-{card}").click()
        page.get_by_test_id(f"exchange-{open_slots[0]}").click()
        # a bot's move may change the version first: wait for this card to leave the hand
        page.wait_for_function(
            "c => !window.cardroom.obs.hand.includes(c) || window.cardroom.message", arg=card
        )
    elif o["phase"] == "wish" and "nowish" in legal:
        page.get_by_test_id("wish-none").click()
    elif o["phase"] == "dragon" and any(a.startswith("give-dragon") for a in legal):
        click_action(page, next(a for a in legal if a.startswith("give-dragon")))
    elif o["phase"] == "play" and o["turn"] == seat and legal:
        plays = [a for a in legal if a.startswith("play ")]
        if plays:
            play_cards(page, plays[0], cards_of(plays[0]))
        else:
            click_action(page, "pass")
    else:
        return False
    return True


def cards_of(action: str) -> list[str]:
    """The cards of a play action's text (notation only: ``PHX(=9)`` -> ``PHX``)."""
    return [re.sub(r"\(=.*\)$", "", t) for t in action.split()[1:]]


def spectator_snapshot(page: Any) -> Json:
    """What a spectator's page holds: its version, every card element, and the table text."""
    snap: Json = page.evaluate(
        """() => ({
            v: window.cardroom.v,
            cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),
            text: document.querySelector('main').innerText,
            hand: document.querySelectorAll('[data-testid=hand]').length,
        })"""
    )
    return snap


def hands_at(db: Path, table: str, version: int) -> list[set[str]]:
    """Every seat's hand after record ``version``: the table's stored log, replayed."""
    from cardroom.engine import get_game, replay
    from cardroom.storage import make_store

    async def load() -> Any:
        store = make_store(str(db))
        await store.open()
        try:
            return await store.load(table)
        finally:
            await store.close()

    with ThreadPoolExecutor(1) as pool:  # its own event loop, away from Playwright's
        stored = pool.submit(asyncio.run, load()).result()
    game = get_game(stored.meta.game)
    config = game.config_from_json(stored.meta.config)
    state = replay(game, config, [r for r in stored.records if r.seq <= version])
    return [set(game.observe(state, seat).to_json()["hand"]) for seat in range(4)]


# ---- the tests ----------------------------------------------------------------------------


def test_tichu_round_through_the_page_and_a_spectator_sees_no_hidden_card(
    live: LiveServer, browser: Any
) -> None:
    server = live.url
    problems: list[str] = []
    player = browser.new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    watch(player, problems)
    table = create_table(player, server, "tichu", {"target_score": 2000})
    sit_with_bots(player, 4)
    watcher = browser.new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    watch(watcher, problems)
    watcher.goto(f"{server}/")  # the lobby lists the table; its link opens the table view
    watcher.get_by_test_id(f"table-row-{table}").wait_for()
    shot(watcher, "e2e-lobby-phone.png", full_page=True)
    watcher.get_by_test_id(f"open-{table}").click()
    watcher.wait_for_url(f"{server}/t/{table}")
    watcher.wait_for_function("() => window.cardroom.obs")

    snapshots: list[Json] = []
    shots = {"grand": False, "exchange": False, "play": False}
    deadline = time.monotonic() + 120
    while True:
        state = obs(player)
        o = state["obs"]
        if o["score_sheet"]:
            break
        assert time.monotonic() < deadline, f"the round did not end; last phase {o['phase']}"
        if o["phase"] in shots and not shots[o["phase"]] and o["legal"]:
            shots[o["phase"]] = True
            shot(player, f"e2e-tichu-{o['phase']}-desktop.png")
            shot(watcher, f"e2e-tichu-{o['phase']}-spectator-phone.png")
            player.set_viewport_size(PHONE)
            shot(player, f"e2e-tichu-{o['phase']}-phone.png", full_page=True)
            player.set_viewport_size(DESKTOP)
        if tichu_move(player, o, 0):
            wait_change(player, state["v"])
            if len(snapshots) < 12:
                snapshots.append(spectator_snapshot(watcher))
        else:
            player.wait_for_function("v => window.cardroom.v !== v", arg=state["v"])

    player.get_by_test_id("tab-score").click()
    rows = player.get_by_test_id("score-row")
    assert rows.count() == len(o["score_sheet"]) == 1
    points = o["last_round"]["points"]
    assert rows.first.inner_text().split() == ["1", str(points[0]), str(points[1])]
    assert f": {points[0]} · " in player.get_by_test_id("round-summary").inner_text()
    shot(player, "e2e-tichu-round-scored-desktop.png", full_page=True)
    player.set_viewport_size(PHONE)
    shot(player, "e2e-tichu-round-scored-phone.png", full_page=True)

    assert snapshots, "the spectator was never checked"
    for snap in snapshots:
        assert snap["hand"] == 0
        hidden = set().union(*hands_at(live.db, table, snap["v"]))
        assert not hidden & set(snap["cards"]), f"hidden cards in the spectator page at {snap['v']}"
        leaked = hidden & set(CARD_TOKEN.findall(snap["text"]))
        assert not leaked, f"hidden cards named in the spectator's text: {leaked}"
    assert not problems, problems


PREFERRED = ("nolaundry", "accept", "nosignal", "stay")
"""Toepen answers of the simple strategy when no card is to be played."""


def toepen_move(page: Any, o: Json, seat: int) -> bool:
    legal: list[str] = o["legal"] or []
    if (
        seat not in o["awaited"] or not legal or legal == ["nosignal"]
    ):  # the page answers that itself
        return False
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        play_cards(page, plays[0], plays[0].split()[1:])
    else:
        others = [a for a in legal if a != "knock"] or legal
        click_action(page, next((a for a in PREFERRED if a in others), others[0]))
    return True


def test_toepen_hand_through_the_page(server: str, browser: Any) -> None:
    problems: list[str] = []
    player = browser.new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    watch(player, problems)
    table = create_table(player, server, "toepen", {})
    sit_with_bots(player, 4)
    watcher = browser.new_context(viewport=PHONE).new_page()
    invite = player.get_by_test_id("join-link").get_attribute("href")  # the owner's has the invite
    assert invite and f"/t/{table}#invite=" in invite
    watcher.goto(invite)  # the join link: a friend may take over a bot's seat later
    deadline = time.monotonic() + 60
    taken = False
    while True:
        state = obs(player)
        o = state["obs"]
        if o["last_hand"] is not None or o["terminal"]:
            break
        assert time.monotonic() < deadline, f"the hand did not end; last phase {o['phase']}"
        if o["phase"] == "play" and not taken and o["legal"]:
            taken = True
            shot(player, "e2e-toepen-play-phone.png", full_page=True)
        if toepen_move(player, o, 0):
            wait_change(player, state["v"])
        else:
            player.wait_for_function("v => window.cardroom.v !== v", arg=state["v"])

    player.get_by_test_id("tab-score").click()  # on a phone the score opens over the table
    summary = player.get_by_test_id("round-summary")
    summary.wait_for()
    assert f"Hand {o['last_hand']['hand_no']}" in summary.inner_text()
    # the bots play on meanwhile (a fold may already cost a life in the next hand): compare the
    # score row with the lives the page holds now
    player.wait_for_function(
        """() => {
          const row = document.querySelector('[data-testid=score-row]');
          const lives = window.cardroom.obs.lives;
          return row && [...row.querySelectorAll('td')].slice(1).map(td => td.textContent)
            .join(' ') === lives.join(' ');
        }"""
    )
    shot(player, "e2e-toepen-hand-end-phone.png", full_page=True)
    player.reload()  # the seat token in localStorage binds the same seat again
    player.wait_for_function(
        "() => window.cardroom && window.cardroom.mySeat === 0 && window.cardroom.obs"
    )
    assert player.get_by_test_id("hand").count() == 1
    watcher.wait_for_function("() => window.cardroom.obs && window.cardroom.obs.last_hand")
    assert watcher.get_by_test_id("hand").count() == 0
    watcher.get_by_test_id("tab-score").click()
    assert watcher.get_by_test_id("round-summary").is_visible()
    watcher.get_by_test_id("tab-score").click()  # closes the panel again
    watcher.get_by_test_id("player-name").fill("Bea")  # the spectator takes over a bot's seat
    watcher.get_by_test_id("take-1").click()
    watcher.wait_for_function("() => window.cardroom.mySeat === 1 && window.cardroom.obs.hand")
    assert watcher.get_by_test_id("hand").count() == 1
    assert "Bea (you)" in watcher.get_by_test_id("seat-1").inner_text()
    assert not problems, problems


@pytest.mark.parametrize("game", ["tichu", "toepen"])
def test_one_click_seats_you_with_three_bots_of_the_chosen_level(
    live: LiveServer, browser: Any, game: str
) -> None:
    problems: list[str] = []
    for size, viewport in (("desktop", WIDE), ("phone", PHONE)):
        page = browser.new_context(viewport=viewport, reduced_motion="reduce").new_page()
        watch(page, problems)
        page.goto(f"{live.url}/")
        page.get_by_test_id("quick-level").select_option("random")
        shot(page, f"e2e-lobby-quick-{size}.png")
        page.get_by_test_id(f"quick-{game}").click()  # the one click
        page.wait_for_url(re.compile(r"/t/[^/]+$"))
        page.wait_for_function("() => window.cardroom.obs && window.cardroom.obs.hand")
        seats = page.evaluate("window.cardroom.seats")
        assert page.evaluate("window.cardroom.mySeat") == 0
        assert [(s["kind"], s.get("level")) for s in seats[1:]] == [("bot", "random")] * 3
        page.context.close()
    assert not problems, problems


def test_a_preset_fills_the_house_rules_it_names(live: LiveServer, browser: Any) -> None:
    problems: list[str] = []
    page = browser.new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    watch(page, problems)
    page.goto(f"{live.url}/")
    page.get_by_test_id("game-select").select_option("tichu")
    assert not page.get_by_test_id("option-allow_grand").is_visible()  # folded away
    page.get_by_test_id("preset").select_option("tournament")
    page.get_by_test_id("house-rules-toggle").click()
    assert not page.get_by_test_id("option-allow_grand").is_checked()
    assert page.get_by_test_id("option-double_victory_points").input_value() == "100"
    shot(page, "e2e-lobby-preset-phone.png", full_page=True)
    page.get_by_test_id("preset").select_option("faq")
    assert page.get_by_test_id("option-allow_grand").is_checked()
    page.get_by_test_id("preset").select_option("tournament")
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_function("() => window.cardroom.meta")
    options = page.evaluate("window.cardroom.meta.options")
    assert options["allow_grand"] is False and options["double_victory_points"] == 100
    page.context.close()
    assert not problems, problems


def test_a_public_table_shows_the_clock_of_the_seat_that_owes_a_move(
    live: LiveServer, browser: Any
) -> None:
    problems: list[str] = []
    for size, viewport in (("desktop", WIDE), ("phone", PHONE)):
        page = browser.new_context(viewport=viewport, reduced_motion="reduce").new_page()
        watch(page, problems)
        create_table(page, live.url, "tichu", {})
        sit_with_bots(page, 4)
        page.wait_for_function("() => window.cardroom.obs.phase === 'grand'")
        clock = page.get_by_test_id("clock-0")  # 30 s a move + a 60 s bank, counting down
        clock.wait_for()
        # more than a move's 30 s: the bank is on the clock (a loaded machine may take seconds)
        assert 30 < int(clock.inner_text().rstrip("s")) <= 90
        assert page.evaluate("window.cardroom.clock.fromServer") is True
        shot(page, f"e2e-clock-grand-{size}.png")
        page.get_by_test_id("action-nogrand").click()
        page.wait_for_function("() => window.cardroom.obs.phase === 'exchange'")
        clock.wait_for()  # the exchange runs the clock too
        page.context.close()
    assert not problems, problems


def test_a_private_table_without_its_invite_says_so_and_its_socket_stops(
    live: LiveServer, browser: Any
) -> None:
    """A private table opened without its invite (the server says no such table, as for a
    stale link) showed an empty felt under "Cannot load table X: no table X": the page says
    in words why it cannot open and links back to the lobby, and its socket stops instead of
    reconnecting for ever; the socket's own refusal, before or after the lobby's 404, changes
    nothing."""
    page = browser.new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    body = {"game": "tichu", "options": {}, "name": "secret", "private": True}
    table = page.request.post(f"{live.url}/api/tables", data=body).json()["id"]
    page.goto(f"{live.url}/t/{table}")
    missing = page.get_by_test_id("table-missing")
    missing.wait_for()
    page.wait_for_function("() => window.cardroom.socket.closed === true")
    assert missing.inner_text().startswith("This table is private or no longer exists")
    assert table not in missing.inner_text()
    assert page.get_by_test_id("board").count() == 0 and page.get_by_test_id("message").count() == 0
    page.get_by_test_id("table-missing-lobby").click()
    page.get_by_test_id("lobby").wait_for()
    page.context.close()
