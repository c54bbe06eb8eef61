"""End-to-end: a real server and Debian's headless Chromium — a finished Tichu round's review in
the replay viewer (progress, marks, mistake to mistake) and hints at the table.

Needs ``/usr/bin/chromium``; never downloads a browser.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.chromium import CHROMIUM, DESKTOP, PHONE, shot

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

Json = dict[str, Any]
FLAGGED = ("inaccuracy", "mistake", "blunder")
COLOURS = {
    "inaccuracy": "rgb(240, 180, 41)",
    "mistake": "rgb(245, 124, 0)",
    "blunder": "rgb(229, 72, 77)",
}
"""Each label's colour (style.css), beside its word."""
NOTATION = re.compile(r"\bplay\b|\b(?:[2-9]|10|[JQKA])[GKBR]\b|\b(?:MJ|DOG|PHX|DRG)\b")
"""A card code or a play as the notation writes it ("play 7G"), which no note may show raw."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server (reviews with few worlds, to stay quick) on a free port."""
    uvicorn = pytest.importorskip("uvicorn")
    from cardroom.server.app import create_app
    from cardroom.server.settings import Settings

    from .conftest import free_socket

    db = tmp_path_factory.mktemp("review") / "cardroom.db"
    settings = Settings(
        db=str(db),
        bot_delay=0.0,
        round_pause=0.0,
        bot_workers=1,
        review_worlds=30,
        review_call_worlds=30,
        hint_worlds=8,
    )
    sock = free_socket()
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)
    sock.close()


def new_table(http: httpx.Client, options: Json | None = None, **flags: Any) -> tuple[str, str]:
    body = {"game": "tichu", "options": options or {"max_rounds": 1}, **flags}
    made = http.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["owner"]


def finished_round(http: httpx.Client) -> str:
    """A one-round Tichu table played to its end by bots (random at seat 0)."""
    table, owner = new_table(http)
    for seat, level in enumerate(["random", "heuristic", "heuristic", "heuristic"]):
        answer = http.post(
            f"/api/tables/{table}/seats/{seat}/bot",
            json={"level": level},
            headers={"X-Cardroom-Owner": owner},
        )
        assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 120
    while http.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the round"
        time.sleep(0.05)
    return table


def review_json(http: httpx.Client, table: str, seat: int) -> Json:
    deadline = time.monotonic() + 120
    while (answer := http.get(f"/api/tables/{table}/review?seat={seat}")).status_code == 202:
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)
    assert answer.status_code == 200, answer.text
    data: Json = answer.json()["review"]
    return data


def round_with_a_mistake(http: httpx.Client, tries: int = 5) -> str:
    """A finished round in which the review finds a mistake of seat 0's random play (about one
    round in seventy has none: then another round is played, so the test never depends on the
    deal)."""
    for _ in range(tries):
        table = finished_round(http)
        if any(d["label"] in FLAGGED for d in review_json(http, table, 0)["decisions"]):
            return table
    raise AssertionError(f"random play made no mistake the review could find in {tries} rounds")


def test_a_finished_rounds_review_steps_from_mistake_to_mistake(browser: Any, base: str) -> None:
    with httpx.Client(base_url=base, timeout=30) as http:
        table = round_with_a_mistake(http)
    page = browser.new_page(base_url=base, viewport=DESKTOP)
    seen: list[bool] = []

    def review(route: Any) -> None:
        """Until the test has seen the progress, the answer says the review is under way (as a
        busy server would); then the server's own."""
        if not seen:
            body = json.dumps({"state": "running", "done": 3, "total": 9})
            route.fulfill(status=202, body=body, content_type="application/json")
        else:
            route.continue_()

    page.route("**/api/tables/*/review*", review)
    page.goto(f"/replay/{table}?review=0")
    page.get_by_test_id("review-progress").filter(has_text="3 of 9").wait_for()
    seen.append(True)
    summary = page.get_by_test_id("review-summary")
    summary.wait_for(timeout=120_000)
    assert "Accuracy" in summary.inner_text()
    data = page.evaluate(f"() => fetch('/api/tables/{table}/review?seat=0').then(r => r.json())")
    decisions = data["review"]["decisions"]
    flagged = sorted({d["step"] for d in decisions if d["label"] in FLAGGED})
    assert flagged
    steps = page.evaluate("() => window.cardroom.data.steps.map(s => s.v)")
    seen = []
    nxt = page.get_by_test_id("review-next-mistake")
    while nxt.is_enabled():
        nxt.click()
        i = int(page.get_by_test_id("replay-step").inner_text().split("/")[0]) - 1
        seen.append(steps[i])
        notes = page.get_by_test_id("review-note")
        labels = [notes.nth(k).get_attribute("data-label") for k in range(notes.count())]
        assert set(labels) & set(FLAGGED), labels
        note = notes.nth(next(k for k, label in enumerate(labels) if label in FLAGGED))
        assert "the bot would have played" in note.inner_text()
        for k in range(notes.count()):  # plays read as the table prints cards
            assert not NOTATION.search(notes.nth(k).inner_text()), notes.nth(k).inner_text()
        colour = note.evaluate("e => getComputedStyle(e).borderLeftColor")
        assert colour == COLOURS[note.get_attribute("data-label")]
    assert seen == flagged
    shot(page, "review-desktop.png")
    prev = page.get_by_test_id("review-prev-mistake")
    if len(flagged) > 1:
        prev.click()
        i = int(page.get_by_test_id("replay-step").inner_text().split("/")[0]) - 1
        assert steps[i] == flagged[-2]
    page.set_viewport_size(PHONE)
    shot(page, "review-phone.png", full_page=True)
    page.evaluate("() => localStorage.setItem('cardroom.lang', 'ja')")
    page.reload()
    page.get_by_test_id("review-summary").wait_for()
    assert "正確さ" in page.get_by_test_id("review-summary").inner_text()
    page.get_by_test_id("review-next-mistake").click()
    notes = page.get_by_test_id("review-note")
    notes.first.wait_for()
    said = [notes.nth(k).inner_text() for k in range(notes.count())]
    assert said and not any(NOTATION.search(text) for text in said), said
    shot(page, "review-phone-ja.png", full_page=True)
    page.close()


def seated_page(
    browser: Any, base: str, http: httpx.Client, options: Json | None = None, **flags: Any
) -> tuple[Any, str]:
    """The page of a new table where the browser holds seat 0, three bots at the others."""
    table, owner = new_table(http, options, **flags)
    seat = http.post(f"/api/tables/{table}/seats/0", json={"name": "Ann"})
    assert seat.status_code == 200, seat.text
    token = seat.json()["token"]
    page = browser.new_page(base_url=base, viewport=DESKTOP)
    page.goto("/")
    saved = json.dumps({"seat": 0, "token": token, "name": "Ann"})
    page.evaluate(f"() => localStorage.setItem('cardroom.seat.{table}', {json.dumps(saved)})")
    for s in (1, 2, 3):
        answer = http.post(
            f"/api/tables/{table}/seats/{s}/bot",
            json={"level": "heuristic"},
            headers={"X-Cardroom-Owner": owner},
        )
        assert answer.status_code == 200, answer.text
    page.goto(f"/t/{table}")
    page.get_by_test_id("your-move").wait_for()
    return page, token


def test_a_hint_at_a_casual_table(browser: Any, base: str) -> None:
    with httpx.Client(base_url=base, timeout=30) as http:
        page, _ = seated_page(browser, base, http)
    page.get_by_test_id("hint-button").click()
    answer = page.get_by_test_id("hint-answer")
    answer.wait_for(timeout=60_000)
    legal = page.evaluate("() => window.cardroom.obs.legal")
    assert answer.get_attribute("data-action") in legal
    assert "The bot would play:" in answer.inner_text()
    shot(page, "hint-desktop.png")
    page.close()


def test_a_table_without_hints_shows_no_button_and_refuses_a_hint(browser: Any, base: str) -> None:
    with httpx.Client(base_url=base, timeout=30) as http:
        page, token = seated_page(browser, base, http, hints=False)
    assert page.get_by_test_id("hint-button").count() == 0
    table = page.url.rsplit("/", 1)[1]
    status = page.evaluate(
        """([table, token]) => fetch(`/api/tables/${table}/hint`, {method: "POST",
             headers: {"Content-Type": "application/json"}, body: JSON.stringify({token})})
           .then(r => r.status)""",
        [table, token],
    )
    assert status == 403
    page.close()


def test_the_review_tab_reviews_your_rounds_that_are_over(browser: Any, base: str) -> None:
    """At a running table, the seat's holder plays round 1 (passing when it may), then its
    Review tab reviews that round — and only its own seat, from its own view."""
    with httpx.Client(base_url=base, timeout=30) as http:
        page, _ = seated_page(browser, base, http, options={"target_score": 10000})
    while True:
        page.wait_for_function(
            """() => { const o = window.cardroom.obs; return o && (o.round > 1 ||
                 ((o.legal || []).length > 0 && (o.awaited || []).includes(0))); }""",
            timeout=60_000,
        )
        seen = page.evaluate("() => ({obs: window.cardroom.obs, v: window.cardroom.v})")
        if seen["obs"]["round"] > 1:
            break
        legal = seen["obs"]["legal"]
        calls = ("tichu", "grand")
        choice = "pass" if "pass" in legal else next(a for a in legal if a not in calls)
        page.evaluate("a => window.cardroom.act(a)", choice)
        page.wait_for_function("v => window.cardroom.v !== v", arg=seen["v"], timeout=30_000)
    page.get_by_test_id("tab-review").click()
    page.get_by_test_id("table-review-start").click()
    page.get_by_test_id("review-summary").wait_for(timeout=120_000)
    rounds = page.get_by_test_id("table-review-round")
    assert rounds.count() == 1 and "Round 1" in rounds.inner_text()
    notes = page.get_by_test_id("review-note")
    for k in range(notes.count()):
        assert "Ann" in notes.nth(k).inner_text()  # the seat's own decisions only
        assert "the bot would have played" in notes.nth(k).inner_text()
    shot(page, "review-tab-desktop.png")
    page.set_viewport_size(PHONE)
    shot(page, "review-tab-phone.png")
    page.close()
