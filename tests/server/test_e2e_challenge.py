"""End-to-end: today's (one-board) challenge played in Debian's Chromium, then its results
table and the replay, as a player sees them; an owner's event with bots to its final table; an
account's try named in the results and on its profile (sealed for a browser that has not
played), the profile's events paged. Needs ``/usr/bin/chromium``."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from cardroom.server.duplicate.record import PAGE
from cardroom.server.settings import Settings
from tests.server.chromium import CHROMIUM, DESKTOP, PHONE, WIDE, shot
from tests.server.live import live_server
from tests.server.pages import watch
from tests.server.test_e2e_browser import obs, tichu_move, wait_change
from tests.server.test_e2e_languages import MARKS, VISIBLE_TEXT, outside_brackets
from tests.server.test_e2e_players import sign

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("challenge") / "cardroom.db"
    settings = Settings(
        db=str(db), bot_delay=0.0, round_pause=0.0, challenge_boards=1, create_burst=40
    )  # 21 events for the profile's pager
    with live_server(settings) as (
        url,
        _,
    ):
        yield url


def photograph(page: Any, name: str, ready: str, japanese: str) -> None:
    """``name``-desktop (1366x768), -phone and -ja-phone PNGs of the page, in Japanese once its
    ``ready`` element is back and the page shows the ``japanese`` text; then back to English."""
    page.set_viewport_size(WIDE)
    shot(page, f"{name}-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    shot(page, f"{name}-phone.png", full_page=True)
    page.evaluate("() => localStorage.setItem('cardroom.lang', 'ja')")
    page.reload()
    page.get_by_test_id(ready).wait_for()
    assert japanese in page.locator("main, .page").first.inner_text()
    shot(page, f"{name}-ja-phone.png", full_page=True)
    page.evaluate("() => localStorage.setItem('cardroom.lang', 'en')")
    page.set_viewport_size(DESKTOP)
    page.reload()
    page.get_by_test_id(ready).wait_for()


def play_the_board(page: Any) -> Any:
    """Play the page's seat 0 with the simple strategy until the (one-board) try ends."""
    deadline = time.monotonic() + 120
    while True:
        state = obs(page)
        o = state["obs"]
        if o["terminal"]:
            return o
        assert time.monotonic() < deadline, f"the board did not end; last phase {o['phase']}"
        if tichu_move(page, o, 0):
            wait_change(page, state["v"])
        else:
            page.wait_for_function("v => window.cardroom.v !== v", arg=state["v"])


def test_play_todays_challenge_then_see_results_and_replay(live: str, browser: Any) -> None:
    problems: list[str] = []
    page = browser.new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    watch(page, problems)
    page.goto(live + "/")
    page.get_by_test_id("nav-challenge").click()
    page.wait_for_url(f"{live}/challenge")
    page.get_by_test_id("challenge-hidden").wait_for()  # nothing shown before playing
    shot(page, "challenge-start-desktop.png", full_page=True)
    page.get_by_test_id("challenge-name").fill("Alice")
    page.get_by_test_id("challenge-play").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    table = page.url.rsplit("/", 1)[1]
    page.wait_for_function("() => window.cardroom.mySeat === 0 && window.cardroom.obs")
    assert page.locator(".page.challenge").count() == 0  # the page before is gone, not below
    # the boards are the match: the round counts them, and the 10,000 no board reaches is not shown
    page.get_by_test_id("scoreboard").wait_for()
    assert page.get_by_test_id("score-round").inner_text() == "Round 1 of 1"
    assert page.get_by_test_id("score-target").count() == 0

    points = play_the_board(page)["last_round"]["points"]

    page.goto(f"{live}/challenge")
    over = page.get_by_test_id("over-bots")
    over.wait_for()
    assert "IMPs over the bots on 1 boards" in over.inner_text()
    rows = page.get_by_test_id("standing-row")
    assert rows.count() == 2  # Alice and the bots' baseline
    board = page.get_by_test_id("challenge-board")
    assert board.count() == 1
    score = points[0] - points[1]
    assert (f"+{score}" if score > 0 else f"−{-score}" if score else "0") in board.inner_text()
    assert page.get_by_test_id("challenge-play").count() == 0  # one try a day
    photograph(page, "challenge-results", "over-bots", "デイリーチャレンジ")

    page.get_by_test_id("challenge-replay").click()
    page.wait_for_url(f"{live}/replay/{table}")
    page.get_by_test_id("replay-step").wait_for()
    shot(page, "challenge-replay-desktop.png", full_page=True)
    assert not problems, problems


def test_an_owner_runs_a_four_team_event_with_bots_to_its_final_table(
    live: str, browser: Any
) -> None:
    problems: list[str] = []
    page = browser.new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    watch(page, problems)
    page.goto(live + "/")
    page.get_by_test_id("nav-event").click()
    page.get_by_test_id("event-name").fill("Friday duplicate")
    page.get_by_test_id("event-teams").fill("4")
    page.get_by_test_id("event-boards").fill("3")
    page.get_by_test_id("event-level").select_option("random")
    shot(page, "event-create-desktop.png", full_page=True)
    page.get_by_test_id("event-create").click()
    page.wait_for_url(re.compile(r"/event/[^/]+$"))
    page.get_by_test_id("event-start").click()
    page.wait_for_selector("[data-testid=event-status][data-status=finished]", timeout=90_000)
    rows = page.get_by_test_id("event-row")
    assert rows.count() == 4
    texts = [rows.nth(i).inner_text() for i in range(4)]
    assert all("bots (Random)" in text for text in texts)  # the level by its name
    shot(page, "event-final-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    shot(page, "event-final-phone.png", full_page=True)
    assert not problems, problems


def test_an_accounts_challenge_is_named_and_on_its_profile_sealed_for_others(
    live: str, browser: Any
) -> None:
    """Dora signs up and plays today's challenge: the results table names her (a link to her
    profile), and her profile's Duplicate section shows the day with her IMPs over the bots.
    A browser that has not played today's board sees the day on her profile without a score."""
    problems: list[str] = []
    page = browser.new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    watch(page, problems)
    page.goto(live + "/")
    sign(page, "dora", "sign-up-submit")
    page.get_by_test_id("nav-challenge").click()
    page.wait_for_url(f"{live}/challenge")
    named = page.get_by_test_id("challenge-name")  # she plays under her account's name
    expect(named).to_have_value("dora")
    assert named.evaluate("e => e.readOnly") is True
    page.get_by_test_id("challenge-play").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_function("() => window.cardroom.mySeat === 0 && window.cardroom.obs")
    play_the_board(page)

    page.goto(f"{live}/challenge")
    over = page.get_by_test_id("over-bots").inner_text()
    imps = re.search(r"([+−]?\d+) IMPs", over)  # a real minus sign
    assert imps is not None, over
    named = page.get_by_test_id("standing-player")
    assert named.count() == 1 and named.inner_text() == "dora"  # Alice played as a guest
    named.click()
    page.wait_for_url(f"{live}/p/dora")
    line = page.get_by_test_id("duplicate-over-bots")
    line.wait_for()
    assert line.inner_text() == imps.group(1)  # the same figure as the results page
    assert page.get_by_test_id("duplicate-replay").count() == 1
    photograph(page, "profile-duplicate", "duplicate-over-bots", "デュプリケート")

    # Someone who has not played today's board: the day is listed, its score is not.
    other = browser.new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    watch(other, problems)
    other.goto(f"{live}/p/dora")
    other.get_by_test_id("duplicate-sealed").wait_for()
    assert other.get_by_test_id("duplicate-over-bots").count() == 0
    assert other.get_by_test_id("duplicate-replay").count() == 0
    shot(other, "profile-duplicate-sealed-phone.png", full_page=True)

    # More events than a page: the first 20, newest first, then the rest behind "Show more".
    page.evaluate(
        """async (count) => {
            const api = await import("/static/api.js");
            for (let i = 1; i <= count; i++) {
                const event = await api.createEvent({ name: `night ${i}`, teams: 2, boards: 1 });
                await api.joinEvent(event.id, "T1", "");
            }
        }""",
        PAGE + 1,
    )
    page.reload()
    events = page.get_by_test_id("duplicate-events").locator("tbody tr")
    page.get_by_test_id("more-events").wait_for()
    names = page.get_by_test_id("duplicate-events").locator("tbody tr td:first-child a")
    assert events.count() == PAGE and names.first.inner_text() == f"night {PAGE + 1}"
    page.get_by_test_id("more-events").click()
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=duplicate-events] tbody tr').length === n",
        arg=PAGE + 1,
    )
    assert names.last.inner_text() == "night 1"
    assert page.get_by_test_id("duplicate-challenges").locator("tbody tr").count() == 1
    assert page.get_by_test_id("more-events").count() == 0

    # Every text of the section comes from the catalogue (the pseudo-locale brackets it), but
    # the data: dates, figures, event and player names.
    page.evaluate("() => localStorage.setItem('cardroom.lang', 'xx-pseudo')")
    page.reload()
    page.get_by_test_id("more-events").wait_for()
    texts = page.evaluate(VISIBLE_TEXT, page.get_by_test_id("profile-duplicate").element_handle())
    data = re.compile(rf"^(?:{MARKS}|dora|night)*$")
    assert [s for s in texts if not data.match(outside_brackets(s))] == []
    assert any("⟦" in s for s in texts)
    page.evaluate("() => localStorage.setItem('cardroom.lang', 'en')")
    real = [p for p in problems if "ERR_ABORTED" not in p]  # fetches cut by our navigations
    assert not real, real
