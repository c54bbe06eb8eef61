"""End-to-end on Debian's Chromium: a guest plays a Tichu match and signs up (keeping it), plays
a rated Tichu match against three bots to a short target, and sees its rating and the match on
its profile and on the leaderboard; a second browser signs in and takes the seat back mid-match
(the first is told). Screenshots of the profile and the leaderboard go to /tmp."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.server.chromium import CHROMIUM, DESKTOP, PHONE, WIDE, shot
from tests.server.pages import watch
from tests.server.test_e2e_browser import (
    LiveServer,
    create_table,
    live,  # noqa: F401  (the module's server fixture)
    obs,
    sit_with_bots,
    tichu_move,
    wait_change,
)

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

SHORT = {"target_score": 50}
PASSWORD = "a long enough password"
SEATED = "() => window.cardroom && window.cardroom.mySeat === 0 && window.cardroom.obs"


def play_to_the_end(page: Any, seat: int) -> None:
    """Play the page's seat with the simple strategy until the match is over."""
    deadline = time.monotonic() + 300
    while True:
        state = obs(page)
        o = state["obs"]
        if o.get("terminal"):
            return
        assert time.monotonic() < deadline, f"the match did not end; last phase {o['phase']}"
        if tichu_move(page, o, seat):
            wait_change(page, state["v"])
        else:
            page.wait_for_function("v => window.cardroom.v !== v", arg=state["v"])


def _create_checked(page: Any) -> str:
    """``create_table`` without reloading the lobby (the rated box is already checked)."""
    page.get_by_test_id("game-select").select_option("tichu")
    page.get_by_test_id("house-rules-toggle").click()  # single options are folded away
    page.get_by_test_id("flag-rated").check()
    for key, value in SHORT.items():
        page.get_by_test_id(f"option-{key}").fill(str(value))
    page.get_by_test_id("table-name").fill("rated e2e")
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    return str(page.url.rsplit("/", 1)[1])


def sign(page: Any, name: str, button: str) -> None:
    page.get_by_test_id("sign-in").click()
    page.get_by_test_id("account-field-name").fill(name)
    page.get_by_test_id("account-field-password").fill(PASSWORD)
    page.get_by_test_id(button).click()
    page.get_by_test_id("account-name").wait_for()
    assert page.get_by_test_id("account-name").inner_text() == name


def test_accounts_ratings_profile_and_leaderboard_in_the_browser(
    live: LiveServer,  # noqa: F811
    browser: Any,
) -> None:
    problems: list[str] = []
    first = browser.new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    watch(first, problems)
    first.goto(live.url + "/")

    # a guest plays a match, then signs up: the match is on its new profile
    guest_table = create_table(first, live.url, "tichu", SHORT)
    sit_with_bots(first, 4, "heuristic")
    play_to_the_end(first, 0)
    first.goto(live.url + "/")
    sign(first, "alice", "sign-up-submit")
    first.goto(f"{live.url}/p/alice")
    first.get_by_test_id(f"recent-{guest_table}").wait_for()

    # a rated match against three bots; a second browser signs in and takes the seat back
    first.goto(live.url + "/")
    rated = _create_checked(first)
    sit_with_bots(first, 4, "heuristic")  # the name typed is ignored: alice sits as alice
    assert first.get_by_test_id("seat-0").inner_text().count("alice") == 1

    second = browser.new_context(viewport=WIDE, reduced_motion="reduce").new_page()
    watch(second, problems)
    second.goto(live.url + "/")
    sign(second, "alice", "sign-in-submit")
    second.goto(f"{live.url}/t/{rated}")
    second.wait_for_function("() => window.cardroom && window.cardroom.obs")
    second.evaluate(
        """async (id) => {
            const api = await import("/static/api.js");
            const seat = await api.takeSeat(id, 0, "");
            api.saveSeat(id, 0, seat.token, "alice");
        }""",
        rated,
    )
    first.wait_for_function("() => window.cardroom.mySeat !== 0")  # the first device is told
    second.reload()
    second.wait_for_function(SEATED)
    second.get_by_test_id("your-move").wait_for()  # a rated table: no hint, even when asked
    assert second.get_by_test_id("hint-button").count() == 0
    token = second.evaluate("id => JSON.parse(localStorage.getItem(`cardroom.seat.${id}`)).token",
                            rated)  # fmt: skip
    refused = second.request.post(f"{live.url}/api/tables/{rated}/hint", data={"token": token},
                                  headers={"Origin": live.url})  # fmt: skip
    assert refused.status == 403 and "hints are off" in refused.json()["error"]
    play_to_the_end(second, 0)

    # the rating and the match on the profile and on the leaderboard
    second.goto(f"{live.url}/p/alice")
    second.get_by_test_id(f"recent-{rated}").wait_for()
    second.get_by_test_id("rating-tichu").wait_for()
    shown = second.get_by_test_id("rating-tichu").inner_text()
    assert re.fullmatch(r"1,\d{3}", shown), shown  # grouped as English writes it
    second.set_viewport_size(WIDE)
    shot(second, "e2e-profile-desktop.png", full_page=True)
    second.set_viewport_size(PHONE)
    shot(second, "e2e-profile-phone.png", full_page=True)
    second.goto(f"{live.url}/leaderboard?game=tichu&kind=human")
    row = second.get_by_test_id("board-row-alice")
    row.wait_for()
    assert str(shown) in row.inner_text()
    shot(second, "e2e-leaderboard-phone.png", full_page=True)
    second.get_by_test_id("board-kind-bot").click()
    second.get_by_test_id("board-row-bot:heuristic").wait_for()
    second.set_viewport_size(WIDE)
    shot(second, "e2e-leaderboard-desktop.png", full_page=True)
    real = [p for p in problems if "ERR_ABORTED" not in p]  # fetches cut by our navigations
    assert not real, real


def test_a_signed_in_player_sits_under_its_name_without_typing_one(
    live: LiveServer,  # noqa: F811
    browser: Any,
) -> None:
    """The server seats a signed-in player under its account's name: the page does not ask
    for a name first, and its name field shows the account's."""
    problems: list[str] = []
    page = browser.new_context(viewport=WIDE, reduced_motion="reduce").new_page()
    watch(page, problems)
    page.goto(live.url + "/")
    sign(page, "sitter", "sign-up-submit")
    create_table(page, live.url, "tichu", {})
    page.get_by_test_id("sit-0").click()
    page.wait_for_function(SEATED)
    assert "sitter" in page.get_by_test_id("seat-0").inner_text()
    assert page.get_by_test_id("player-name").input_value() == "sitter"
    page.context.close()
    assert not problems, problems
