"""The lobby's turn clock and minimum wait, chosen in Chromium and applied by the server; and the
table's top bar on a phone, one line for its owner and for a guest in every language.
Screenshots go to /tmp (e2e-table-bar-*.png)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.server.settings import Settings
from tests.server.chromium import CHROMIUM, DESKTOP, PHONE, shot
from tests.server.live import live_server
from tests.server.pages import watch

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]
OFF = '[data-testid=lobby-clock] option[value="0+0"]'


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server for the module; every browser is 127.0.0.1, so per-address shares are lifted."""
    db = tmp_path_factory.mktemp("choices") / "cardroom.db"
    settings = Settings(db=str(db), bot_delay=0.0, max_seats_per_address=0,
                        max_open_per_address=0, create_burst=1000)  # fmt: skip
    with live_server(settings) as (base, _):
        yield base


def create(page: Any, clock: str, pace: str = "null") -> str:
    """Create a Tichu table with the open lobby's form; its id once the table page shows it."""
    page.get_by_test_id("lobby-clock").select_option(clock)
    page.get_by_test_id("lobby-pace").select_option(pace)
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_function("() => window.cardroom && window.cardroom.meta")
    return str(page.url.rsplit("/", 1)[1])


def test_a_private_table_gets_the_clock_and_wait_chosen_in_the_lobby(
    url: str, browser: Any
) -> None:
    problems: list[str] = []
    page = browser.new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    watch(page, problems)
    page.goto(f"{url}/")
    page.get_by_test_id("flag-private").check()
    assert page.get_by_test_id("lobby-clock").input_value() == "0+0"  # a private table's default
    create(page, clock="60+120", pace="2")
    meta = page.evaluate("window.cardroom.meta")  # the table's summary from /api
    assert meta["private"] and meta["clock"] == {"move": 60, "bank": 120} and meta["pace"] == 2
    assert page.get_by_test_id("table-clock").inner_text() == "60 s + 120 s"
    assert page.get_by_test_id("table-pace").inner_text() == "2 s"
    page.context.close()
    assert not problems, problems


def test_a_public_table_offers_no_off_and_the_server_refuses_it(url: str, browser: Any) -> None:
    problems: list[str] = []
    page = browser.new_context(viewport=PHONE, reduced_motion="reduce").new_page()
    watch(page, problems)
    page.goto(f"{url}/")
    clock = page.get_by_test_id("lobby-clock")
    assert clock.input_value() == "30+60" and page.locator(OFF).is_disabled()
    page.get_by_test_id("flag-hot-seat").check()
    assert page.locator(OFF).is_enabled()
    clock.select_option("0+0")
    page.get_by_test_id("flag-hot-seat").uncheck()  # public again: a clock comes back
    assert clock.input_value() == "30+60" and page.locator(OFF).is_disabled()
    body = {"game": "tichu", "options": {}, "name": "t", "clock": {"move": 0}}
    refused = page.request.post(f"{url}/api/tables", data=body)  # past the form: the server
    assert refused.status == 400 and "a public table keeps a clock" in refused.json()["error"]
    table = create(page, clock="15+30")
    assert page.get_by_test_id("table-clock").inner_text() == "15 s + 30 s"
    assert page.get_by_test_id("table-pace").count() == 0  # the server's own pace: not shown
    page.goto(f"{url}/")
    assert page.get_by_test_id(f"table-clock-{table}").inner_text() == "15 s + 30 s"
    page.context.close()
    assert not problems, problems


def one_line(page: Any) -> tuple[float, float]:
    """The top bar's height and its tallest control's: one line is at most that control plus
    the bar's padding, two lines at least twice a control."""
    heights: list[float] = page.get_by_test_id("table-bar").evaluate(
        """bar => [bar.getBoundingClientRect().height,
                   ...[...bar.children].map(c => c.getBoundingClientRect().height)]"""
    )
    return heights[0], max(heights[1:])


@pytest.mark.parametrize("locale", ["en-US", "el-GR", "ja-JP"])
def test_the_table_bar_is_one_line_on_a_phone_for_owner_and_guest(
    url: str, browser: Any, locale: str
) -> None:
    problems: list[str] = []
    owner = browser.new_context(viewport=PHONE, locale=locale, reduced_motion="reduce").new_page()
    watch(owner, problems)
    owner.goto(f"{url}/")
    create(owner, clock="30+60")
    owner.get_by_test_id("copy-invite").wait_for()  # the owner's bar has the invite and bot level
    guest = browser.new_context(viewport=PHONE, locale=locale, reduced_motion="reduce").new_page()
    watch(guest, problems)
    guest.goto(owner.url)
    guest.wait_for_function("() => window.cardroom && window.cardroom.meta")
    assert guest.get_by_test_id("copy-invite").count() == 0
    for who, page in (("owner", owner), ("guest", guest)):
        bar, control = one_line(page)
        shot(page, f"e2e-table-bar-{who}-{locale}.png")
        assert bar < 1.5 * control, f"{who}'s bar is {bar}px high, a control {control}px"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.context.close()
    assert not problems, problems


def test_the_lobby_shows_the_servers_own_clock_and_a_table_gets_it(
    tmp_path: Path, browser: Any
) -> None:
    """A server started with another public clock (45 s + 90 s, not among the usual choices):
    the lobby adds it and shows it as the default, and a table made without choosing gets it."""
    settings = Settings(db=str(tmp_path / "c.db"), bot_delay=0.0, clock_move=45, clock_bank=90,
                        max_seats_per_address=0, max_open_per_address=0)  # fmt: skip
    with live_server(settings) as (base, _):
        problems: list[str] = []
        page = browser.new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
        watch(page, problems)
        page.goto(f"{base}/")
        clock = page.get_by_test_id("lobby-clock")
        page.wait_for_function(  # the lobby is drawn, then /api/games answers
            "() => document.querySelector('#lobby-clock')?.value === '45+90'"
        )
        values = clock.evaluate("s => [...s.options].map(o => o.value)")
        assert values == ["0+0", "15+30", "30+60", "45+90", "60+120", "120+300"]
        page.get_by_test_id("flag-private").check()
        assert clock.input_value() == "0+0"
        page.get_by_test_id("flag-private").uncheck()
        assert clock.input_value() == "45+90"
        page.get_by_test_id("create-table").click()
        page.wait_for_url(re.compile(r"/t/[^/]+$"))
        page.wait_for_function("() => window.cardroom && window.cardroom.meta")
        assert page.evaluate("window.cardroom.meta.clock") == {"move": 45, "bank": 90}
        assert page.get_by_test_id("table-clock").inner_text() == "45 s + 90 s"
        page.context.close()
        assert not problems, problems
