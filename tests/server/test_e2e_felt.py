"""The table a regular expects, on a scripted websocket (``pages.py``): the match score on the
felt in every phase at both sizes, overlays above every card (the button under the pointer is
the button), Escape and a close button on each, confirmed calls and leaving, the Bomb button
in and out of turn, focus back on the hand, the polite live region, seats described in words,
the shortcuts panel, the longest plays clear of the seats with every card's corner index in
view. Screenshots of each moment go to /tmp (desktop 1366x768, phone 390x844)."""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.chromium import CHROMIUM, PHONE, SIZES, WIDE, each_size, shot

from . import pages
from .pages import push, select, tichu_obs

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

open_table = pages.open_table  # the fixture

LAST = {"points": [-80, 100], "card_points": [20, 80], "out": [1, 3, 0],
        "double_victory": False, "calls": ["tichu", "", "", ""]}  # fmt: skip
STAIRS = [{"seat": 1, "cards": ["5G", "5K", "6G", "6K", "7G", "7K"], "combo": "stairs 5-7"}]
PHASES = {
    "grand": tichu_obs(phase="grand", legal=["grand", "nogrand"], turn=None, awaited=[0, 1, 2, 3],
                       decided=[False] * 4, hand=["5B", "9G", "MJ", "AR", "KG", "3B", "2K", "QR"]),
    "exchange": tichu_obs(phase="exchange", turn=None, decided=[False] * 4, awaited=[0, 1, 2, 3],
                          legal=["tichu"] + [f"exchange 5B to {s}" for s in (1, 2, 3)]),
    "play": tichu_obs(trick=STAIRS, top=STAIRS[0], lead=False, turn=0, scores=[340, 560],
                      round=4, legal=["pass"]),
    "over": tichu_obs(phase="game_over", terminal=True, legal=[], turn=None, awaited=[],
                      scores=[400, 1020],
                      outcome={"scores": [400, 1020, 400, 1020], "winners": [1, 3]},
                      score_sheet=[[400, 1020]]),
}  # fmt: skip


def closes_by_escape_and_button(page: Any, dialog: str, opener: str, closer: str) -> None:
    """The open ``dialog`` closes with Escape; opened again by ``opener``, with ``closer``."""
    page.keyboard.press("Escape")
    page.get_by_test_id(dialog).wait_for(state="detached")
    page.get_by_test_id(opener).click()
    page.get_by_test_id(closer).click()
    page.get_by_test_id(dialog).wait_for(state="detached")


def hit(page: Any, testid: str) -> bool:
    """Whether the point at the centre of ``testid`` belongs to it (nothing drawn above)."""
    return bool(
        page.get_by_test_id(testid).evaluate(
            """el => { const r = el.getBoundingClientRect();
                       const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                       return el === top || el.contains(top); }"""
        )
    )


@pytest.mark.parametrize("phase", PHASES)
def test_the_match_score_is_on_the_felt_in_every_phase(open_table: Any, phase: str) -> None:
    page, _ = open_table(PHASES[phase])
    board = page.get_by_test_id("scoreboard")
    obs = PHASES[phase]
    assert page.get_by_test_id("score-round").inner_text() == f"Round {obs['round']}"
    assert (
        page.get_by_test_id("score-target").inner_text() == "to 1,000"
    )  # grouped as English writes it
    sides = [page.get_by_test_id(f"score-side-{i}").inner_text().split() for i in (0, 1)]
    grouped = [f"{n:,}" for n in obs["scores"]]  # as English writes them: 1,020
    assert sides == [["Us", grouped[0]], ["Them", grouped[1]]]
    for size, view in each_size(page):
        b = board.bounding_box()
        assert b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= view["width"], size
        assert b["y"] + b["height"] <= view["height"], size
        if phase != "over":  # the game-over box may lie over it; otherwise nothing does
            assert hit(page, "scoreboard"), size
        shot(page, f"felt-{phase}-{size}.png")


def test_a_spectator_sees_team_names_and_toepen_shows_lives(open_table: Any) -> None:
    page, _ = open_table(tichu_obs(scores=[120, 80]), seat=None)
    assert page.get_by_test_id("score-side-0").inner_text().split() == ["Team", "A", "120"]
    obs = {**tichu_obs(), "game": "toepen", "lives": [10, 9, 10, 8], "hand_no": 2, "hand": [],
           "legal": [], "trick": [], "tricks": [], "in_game": [True] * 4}  # fmt: skip
    page2, _ = open_table(obs)
    assert page2.get_by_test_id("score-round").inner_text() == "Hand 2"
    assert page2.get_by_test_id("score-side-1").inner_text().split()[-1] == "9"


@pytest.mark.parametrize("size", SIZES)
def test_the_round_summary_lies_above_the_trick_and_closes_by_button_or_escape(
    open_table: Any, size: str
) -> None:
    page, server = open_table(PHASES["play"], viewport=SIZES[size])
    scored = {"type": "round_scored", "round": 4, **LAST, "scores": [260, 660]}
    after = {**PHASES["play"], "last_round": LAST, "score_sheet": [[-80, 100]]}
    push(server, {"t": "ev", "v": 6, "events": [scored], "obs": after})
    push(server, {"t": "pause", "seconds": 30})
    page.get_by_test_id("round-end").wait_for()
    for button in ("round-end-close", "round-end-x", "ready"):
        assert hit(page, button), f"{button} is covered"
    if size == "desktop":  # between the side seats, clear of their names
        dialog = page.get_by_test_id("round-end").bounding_box()
        left, right = (page.get_by_test_id(f"seat-{s}").bounding_box() for s in (1, 3))
        assert left["x"] + left["width"] <= dialog["x"]
        assert dialog["x"] + dialog["width"] <= right["x"]
    assert page.get_by_test_id("round-end").evaluate(
        "e => getComputedStyle(e).backgroundColor"
    ) == (
        "rgb(6, 42, 28)"  # opaque
    )
    shot(page, f"felt-round-end-{size}.png")
    page.keyboard.press("Escape")
    page.get_by_test_id("round-end").wait_for(state="detached")
    push(server, {"t": "ev", "v": 7, "events": [scored], "obs": after})
    page.get_by_test_id("round-end-x").click()
    page.get_by_test_id("round-end").wait_for(state="detached")


def test_the_last_trick_popup_closes_by_button_and_escape(open_table: Any) -> None:
    history = [
        {"type": "played", "seat": 1, "cards": ["9G"], "combo": "single 9", "phoenix_as": None},
        {"type": "trick_taken", "seat": 1, "points": 0, "given_by": None},
    ]
    page, _ = open_table(tichu_obs(trick=STAIRS, top=STAIRS[0]), welcome={"history": history})
    page.get_by_test_id("last-trick-button").click()
    assert hit(page, "last-trick-x")
    shot(page, "felt-last-trick-phone.png")
    closes_by_escape_and_button(page, "last-trick", "last-trick-button", "last-trick-x")


def test_game_over_lies_above_the_cards_and_closes(open_table: Any) -> None:
    obs = {**PHASES["over"], "trick": STAIRS, "top": STAIRS[0]}
    page, _ = open_table(obs, viewport=WIDE)
    assert hit(page, "rematch") and hit(page, "outcome-x")
    page.keyboard.press("Escape")
    page.get_by_test_id("outcome").wait_for(state="detached")


def test_the_phone_sheet_is_opaque_above_ready_and_closes(open_table: Any) -> None:
    page, _server = open_table(tichu_obs())
    page.get_by_test_id("tab-score").click()
    side = page.get_by_test_id("side")
    assert side.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(6, 42, 28)"
    assert hit(page, "side-close")
    shot(page, "felt-sheet-phone.png")
    page.keyboard.press("Escape")
    page.get_by_test_id("side-close").wait_for(state="detached")
    page.get_by_test_id("tab-log").click()
    page.get_by_test_id("side-close").click()
    page.get_by_test_id("side-close").wait_for(state="detached")


@pytest.mark.parametrize(("call", "points"), [("tichu", 100), ("grand", 200)])
def test_calls_cost_what_they_say_and_ask_first(open_table: Any, call: str, points: int) -> None:
    phase = "play" if call == "tichu" else "grand"
    page, server = open_table(tichu_obs(phase=phase, legal=[call, "pass"]), viewport=WIDE)
    button = page.get_by_test_id(f"action-{call}")
    assert button.inner_text().endswith(f"±{points}")
    button.click()
    assert f"{points} points" in page.get_by_test_id("confirm").inner_text()
    shot(page, f"felt-confirm-{call}-desktop.png")
    page.get_by_test_id("confirm-no").click()
    button.click()
    page.get_by_test_id("confirm-yes").click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == [call]


def test_leaving_mid_round_asks_and_cancel_keeps_the_seat(open_table: Any) -> None:
    page, _server = open_table(tichu_obs())
    page.get_by_test_id("leave").click()
    assert "bot takes your seat" in page.get_by_test_id("confirm").inner_text()
    page.get_by_test_id("confirm-no").click()
    assert page.get_by_test_id("spectator").count() == 0


def test_the_bomb_button_claims_a_lone_bomb_out_of_turn_at_once(open_table: Any) -> None:
    obs = tichu_obs(turn=2, awaited=[2], lead=False, trick=STAIRS, top=STAIRS[0],
                    hand=["7G", "7K", "7B", "7R", "2G"], legal=["bomb 7G 7K 7B 7R"])  # fmt: skip
    page, server = open_table(obs, viewport=WIDE)
    shot(page, "felt-bomb-desktop.png")
    page.get_by_test_id("bomb-button").click()  # the press is the claim: the server plays it
    assert server.wait_sent(page, lambda m: m["t"] == "bomb") == {"t": "bomb"}
    assert server.acts() == [] and page.get_by_test_id("chooser").count() == 0


def test_with_two_bombs_the_button_asks_which(open_table: Any) -> None:
    legal = ["bomb 7G 7K 7B 7R", "bomb 2G 3G 4G 5G 6G"]
    obs = tichu_obs(turn=2, awaited=[2], lead=False, trick=STAIRS, top=STAIRS[0], legal=legal,
                    hand=["7G", "7K", "7B", "7R", "2G", "3G", "4G", "5G", "6G"])  # fmt: skip
    page, server = open_table(obs)
    page.keyboard.press("Shift+B")
    assert server.wait_sent(page, lambda m: m["t"] == "bomb") == {"t": "bomb"}  # which: unsaid
    options = page.get_by_test_id("chooser-option")
    assert options.count() == 2
    assert page.get_by_test_id("chooser").get_by_text("Cancel").count() == 0  # committed
    page.keyboard.press("Escape")
    assert options.count() == 2
    options.nth(1).click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["bomb 2G 3G 4G 5G 6G"]


def test_no_bomb_button_without_a_bomb(open_table: Any) -> None:
    page, _ = open_table(tichu_obs(legal=["pass", "play 9G 9K"]))
    assert page.get_by_test_id("bomb-button").count() == 0


def test_focus_returns_to_the_hand_after_an_action(open_table: Any) -> None:
    obs = PHASES["grand"]
    page, server = open_table(obs)
    page.get_by_test_id("action-nogrand").focus()
    page.keyboard.press("Enter")
    server.wait_sent(page, lambda m: m["t"] == "act")
    after = {**obs, "legal": [], "decided": [True, False, False, False], "awaited": [1, 2, 3]}
    push(server, {"t": "ev", "v": 6, "events": [], "obs": after})
    page.wait_for_function("() => window.cardroom.v === 6")
    page.wait_for_function("() => document.activeElement.closest('[data-testid=hand]') !== null")
    page2, server2 = open_table(tichu_obs(legal=["pass", "play MJ"]))
    select(page2, "MJ")
    page2.get_by_test_id("play").click()
    server2.wait_sent(page2, lambda m: m["t"] == "act")
    played = tichu_obs(hand=["5B", "5R", "9G", "9K", "PHX"], legal=[], turn=1, awaited=[1])
    push(server2, {"t": "ev", "v": 6, "events": [], "obs": played})
    page2.wait_for_function("() => document.activeElement.closest('[data-testid=hand]') !== null")


def test_your_move_and_calls_are_announced_politely(open_table: Any) -> None:
    page, server = open_table(tichu_obs(turn=1, awaited=[1], legal=[]))
    region = page.get_by_test_id("announce")
    assert region.get_attribute("aria-live") == "polite"
    assert page.get_by_test_id("log").get_attribute("aria-live") is None  # not every pass
    call = {"type": "tichu_called", "seat": 2}
    push(
        server,
        {"t": "ev", "v": 6, "events": [call], "obs": tichu_obs(turn=1, awaited=[1], legal=[])},
    )
    page.wait_for_function("() => window.cardroom.v === 6")
    assert region.text_content() == "Cy called Tichu!"
    push(server, {"t": "ev", "v": 7, "events": [], "obs": tichu_obs(turn=0, legal=["pass"])})
    page.wait_for_function(
        "() => document.querySelector('[data-testid=announce]').textContent === 'Your move.'"
    )


def test_seats_say_cards_calls_and_out_order(open_table: Any) -> None:
    obs = tichu_obs(calls=["", "", "grand", ""], out=[3], hand_sizes=[6, 9, 4, 0], turn=1,
                    awaited=[1])  # fmt: skip
    page, _ = open_table(obs)
    label = page.get_by_test_id("seat-2").get_attribute("aria-label") or ""
    assert "partner" in label and "4 cards in hand" in label and "Grand Tichu" in label
    assert "out 1." in (page.get_by_test_id("seat-3").get_attribute("aria-label") or "")
    assert "to move" in (page.get_by_test_id("seat-1").get_attribute("aria-label") or "")
    assert page.locator("h1, h2").count() >= 3


def test_the_shortcuts_are_listed_in_a_help_panel(open_table: Any) -> None:
    page, _ = open_table(tichu_obs(), viewport=WIDE)
    page.keyboard.press("?")
    text = page.get_by_test_id("help").inner_text()
    assert "Enter" in text and "Escape" in text and "Shift+B" in text
    shot(page, "felt-help-desktop.png")
    closes_by_escape_and_button(page, "help", "help-button", "help-close")


def counting_down(text: str, start: float, since: float) -> bool:
    """A clock shows ``start`` seconds counting down from ``since`` (``time.monotonic()``
    before the page got them), however long a loaded machine took to render and read it."""
    shown = int(text.removesuffix("s"))
    return start - math.ceil(time.monotonic() - since) <= shown <= start


def test_every_seat_that_owes_a_move_shows_its_clock(open_table: Any) -> None:
    obs = PHASES["exchange"]
    since = time.monotonic()
    page, _server = open_table({**obs, "awaited": [0, 1, 3]}, welcome={"turn_timeout": 20})
    for seat in (0, 1, 3):
        assert counting_down(page.get_by_test_id(f"clock-{seat}").inner_text(), 20, since)
    assert page.get_by_test_id("clock-2").count() == 0
    shot(page, "felt-clock-exchange-phone.png")


def test_a_held_table_says_who_is_bombing_and_an_away_player_can_come_back(open_table: Any) -> None:
    page, server = open_table(tichu_obs(turn=1, awaited=[1], legal=[]), viewport=WIDE)
    push(server, {"t": "hold", "seat": 3})
    assert page.get_by_test_id("hold").inner_text() == "Di is bombing…"
    since = time.monotonic()
    push(server, {"t": "clock", "move": 20, "deadlines": {"1": 12}, "bank": [60] * 4, "away": [0]})
    page.get_by_test_id("back").wait_for()
    assert counting_down(page.get_by_test_id("clock-1").inner_text(), 12, since)
    assert "away" in (page.get_by_test_id("seat-0").get_attribute("aria-label") or "")
    shot(page, "felt-hold-away-desktop.png")
    page.get_by_test_id("back").click()
    assert server.wait_sent(page, lambda m: m["t"] == "back") == {"t": "back"}
    page2, _ = open_table(tichu_obs(turn=1, awaited=[1], legal=[]), welcome={"hold": 2})
    assert page2.get_by_test_id("hold").inner_text() == "Cy is bombing…"  # said on reconnect


def test_an_ack_and_a_clock_folded_into_an_envelope_are_read_as_their_frames(
    open_table: Any,
) -> None:
    page, server = open_table(tichu_obs(legal=["pass", "play MJ"]), welcome={"turn_timeout": 20})
    after = tichu_obs(turn=1, awaited=[1], legal=[])
    clock = {"move": 20, "deadlines": {"1": 12}, "bank": [60] * 4, "away": []}
    server.on_act = lambda ws, msg: ws.send(
        pages.json.dumps(
            {"t": "ev", "v": 6, "events": [], "obs": after, "ack": msg["id"], "clock": clock}
        )
    )
    since = time.monotonic()
    page.get_by_test_id("action-pass").click()
    page.wait_for_function(
        "() => window.cardroom.v === 6 && window.cardroom.socket.pending.size === 0"
    )
    assert counting_down(page.get_by_test_id("clock-1").inner_text(), 12, since)
    assert page.get_by_test_id("clock-0").count() == 0


@pytest.mark.parametrize(("private", "invited", "shown"), [
    (False, False, True), (True, False, False), (True, True, True),
])  # fmt: skip
def test_sit_here_is_offered_to_strangers_only_at_public_tables(
    browser: Any, private: bool, invited: bool, shown: bool
) -> None:
    problems: list[str] = []
    context = browser.new_context(viewport=PHONE, base_url="http://cardroom.test")
    if invited:
        context.add_init_script("localStorage.setItem('cardroom.invite.T1', 'inv')")
    page = context.new_page()
    pages.watch(page, problems)
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route("**/t/T1", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    seats = [{**pages.SEATS[0], "kind": "human"}] + [
        {"seat": s, "name": None, "kind": "empty", "online": False} for s in (1, 2, 3)
    ]
    summary = {"id": "T1", "game": "tichu", "num_seats": 4, "seats": seats, "name": "t",
               "options": {}, "status": "open", "private": private}  # fmt: skip
    page.route("**/api/tables/T1", lambda r: r.fulfill(json=summary))
    page.route("**/api/games", lambda r: r.fulfill(json=pages.GAMES))
    obs = tichu_obs(phase="deal", hand=None, legal=[], hand_sizes=[0] * 4, turn=None, awaited=[])
    welcome = {"t": "welcome", "v": 0, "seat": None, "obs": obs, "seats": seats}
    pages.FakeServer(page, lambda hello: welcome)
    page.goto("/t/T1")
    page.wait_for_function("() => window.cardroom && window.cardroom.meta && window.cardroom.obs")
    assert page.get_by_test_id("sit-1").count() == int(shown)
    empty = page.get_by_test_id("seat-1")  # people count seats from 1, the wire from 0
    assert empty.locator(".who").inner_text() == "Seat 2 (empty)"
    assert "seat 2, empty" in (empty.get_attribute("aria-label") or "")
    assert page.get_by_test_id("phase").inner_text() == "Waiting for players: 1 of 4 seats taken"
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("size", SIZES)
def test_the_new_moments_fit_both_sizes_with_their_buttons_uncovered(
    open_table: Any, size: str
) -> None:
    legal = ["bomb 7G 7K 7B 7R", "bomb 2G 3G 4G 5G 6G"]
    obs = tichu_obs(turn=2, awaited=[2], lead=False, trick=STAIRS, top=STAIRS[0],
                    legal=[*legal, "tichu"],
                    hand=["7G", "7K", "7B", "7R", "2G", "3G", "4G", "5G", "6G", "AR", "DRG"],
                    calls=["", "", "grand", ""], hand_sizes=[11, 8, 12, 3], out=[])  # fmt: skip
    page, server = open_table(obs, viewport=SIZES[size])
    page.get_by_test_id("action-tichu").click()
    assert hit(page, "confirm-yes") and hit(page, "confirm-no")
    shot(page, f"felt-confirm-{size}.png")
    page.get_by_test_id("confirm-no").click()
    page.get_by_test_id("bomb-button").click()
    assert hit(page, "chooser")
    push(server, {"t": "hold", "seat": 0})
    page.get_by_test_id("hold").wait_for()
    shot(page, f"felt-bomb-chooser-{size}.png")
    page.get_by_test_id("chooser-option").first.click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    page.keyboard.press("?")
    assert hit(page, "help-close")
    shot(page, f"felt-help-{size}.png")


def test_a_trick_everyone_passed_on_is_shown_as_won_while_its_winner_leads(
    open_table: Any,
) -> None:
    obs = tichu_obs(trick=STAIRS, top=STAIRS[0], lead=True, turn=1, awaited=[1], legal=[])
    page, _ = open_table(obs, viewport=WIDE)
    assert page.get_by_test_id("trick-won").inner_text() == "trick won by Bob"
    assert "done" in (page.get_by_test_id("play-1").get_attribute("class") or "")
    shot(page, "felt-trick-won-desktop.png")
    page2, _ = open_table(tichu_obs(trick=STAIRS, top=STAIRS[0], lead=False, turn=2, awaited=[2]))
    assert page2.get_by_test_id("trick-won").count() == 0


def test_toepen_game_over_lies_above_the_cards_and_closes(open_table: Any) -> None:
    obs = {"game": "toepen", "audience": 0, "phase": "game_over", "num_seats": 4, "active": [],
           "awaited": [], "legal": [], "hand": [], "hand_sizes": [0] * 4, "terminal": True,
           "outcome": {"scores": [0, 0, 4, 0], "winners": [2], "reason": "last one standing"},
           "turn": None, "lives": [0, 0, 4, 0], "stake": 1, "tricks": [], "trick_no": 4,
           "hand_no": 9, "last_hand": None, "dealer": 3, "in_game": [False, False, True, False],
           "in_hand": [False] * 4, "knocker": None,
           "trick": [{"seat": s, "card": c} for s, c in enumerate(["7H", "8H"])]}  # fmt: skip
    page, _ = open_table(obs)
    assert hit(page, "outcome-x") and hit(page, "rematch")
    assert page.get_by_test_id("score-round").inner_text() == "Hand 9"
    shot(page, "felt-toepen-over-phone.png")
    page.keyboard.press("Escape")
    page.get_by_test_id("outcome").wait_for(state="detached")


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def stairs(low: str, suits: str) -> list[str]:
    """Seven pairs from ``low`` up: fourteen cards, Tichu's longest play."""
    start = RANKS.index(low)
    return [f"{r}{s}" for r in RANKS[start : start + 7] for s in suits]


LONG_PLAYS = {  # each seat's latest play, in the order played: across, right, you, left (top)
    "full-houses": [
        (2, ["3G", "3K", "3B", "9G", "9K"], "full house 3"),
        (3, ["6G", "6K", "6R", "2G", "2K"], "full house 6"),
        (0, ["10G", "10K", "10B", "4G", "4K"], "full house 10"),
        (1, ["KG", "KK", "KB", "5R", "5B"], "full house K"),
    ],
    "stairs-of-14": [
        (2, stairs("2", "GK"), "stairs 2-8"),
        (3, stairs("3", "BR"), "stairs 3-9"),
        (0, stairs("4", "GB"), "stairs 4-10"),
        (1, stairs("5", "KR"), "stairs 5-J"),
    ],
}
LONG_NAMES = ["Ann", "Jürgen-Σπύρος-長い名前さん", "Cleo Long Name", "Ωmega-Ξενοφών-右の人さん"]


@pytest.mark.parametrize("plays", LONG_PLAYS)
def test_every_card_of_the_trick_shows_clear_of_the_seats(open_table: Any, plays: str) -> None:
    """Full houses and 14-card stairs from all four seats, side seats with long names, their
    level selects, a call and pass markers (in Japanese): every card of the trick lies in the
    window, clear of every seat box and pass marker and of the other seats' cards."""
    trick = [{"seat": s, "cards": cards, "combo": combo} for s, cards, combo in LONG_PLAYS[plays]]
    obs = tichu_obs(trick=trick, top=trick[-1], lead=False, passes=2, calls=["", "", "", "tichu"])
    seats = [{**seat, "name": name} for seat, name in zip(pages.SEATS, LONG_NAMES, strict=True)]
    page, _ = open_table(obs, seats=seats, locale="ja-JP",
                         storage={"cardroom.owner.T1": "secret"})  # fmt: skip
    expect(page.get_by_test_id("passed-3")).to_be_visible()
    for size, view in each_size(page):
        shot(page, f"felt-long-plays-{plays}-{size}.png")
        boxes = [page.locator(".seat").nth(i).bounding_box() for i in range(4)]
        boxes += [m.bounding_box() for m in page.locator(".pass-marker").all()]
        cards = {}
        for seat, shown, _combo in LONG_PLAYS[plays]:
            play = page.get_by_test_id(f"play-{seat}")
            cards[seat] = [c.bounding_box() for c in play.locator(".card").all()]
            assert len(cards[seat]) == len(shown)
            for b in [*cards[seat], play.locator(".combo").bounding_box()]:
                assert b["x"] >= 0 and b["x"] + b["width"] <= view["width"], (size, seat, b)
                assert b["y"] >= 0 and b["y"] + b["height"] <= view["height"], (size, seat, b)
                assert not [o for o in boxes if meet(b, o)], f"{size}: seat {seat}'s play under {b}"
        for seat, mine in cards.items():
            others = [b for s, bs in cards.items() if s != seat for b in bs]
            covered = [b for b in mine for o in others if meet(b, o)]
            assert not covered, f"{size}: seat {seat}'s cards covered"


def meet(a: Any, b: Any) -> bool:
    """Whether two bounding boxes overlap (touching edges do not)."""
    return (
        a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]
    )  # fmt: skip


PHOENIX_STRAIGHT = ["MJ", "2G", "3K", "4B", "5R", "6G", "PHX", "8K", "9B", "10R", "JG", "QK", "KB",
                    "AR"]  # fmt: skip
INDEXED_PLAYS = [  # each seat's fourteen cards: the widest corner indexes, 10s and the Phoenix
    (2, stairs("4", "GK"), "stairs 4-10"),
    (3, PHOENIX_STRAIGHT, "straight 1-A"),
    (0, stairs("8", "BR"), "stairs 8-A"),
    (1, stairs("5", "BR"), "stairs 5-J"),
]


def test_every_card_of_a_long_play_shows_its_whole_corner_index(open_table: Any) -> None:
    """The more cards a play has, the more they overlap: still, no card covers any part of the
    corner index (its rank: a 10's two digits, the Phoenix's three letters) of the card under
    it, at a side seat on a desktop too, where the play's room is narrowest."""
    trick = [{"seat": s, "cards": cards, "combo": combo} for s, cards, combo in INDEXED_PLAYS]
    obs = tichu_obs(trick=trick, top=trick[-1], lead=False)
    page, _ = open_table(obs)
    for size, _view in each_size(page):
        shot(page, f"felt-corner-indexes-{size}.png")
        for seat, cards, _combo in INDEXED_PLAYS:
            shown = page.get_by_test_id(f"play-{seat}").evaluate(
                """play => [...play.querySelectorAll('.card')].map(card => ({
                       card: card.dataset.card, left: card.getBoundingClientRect().left,
                       index: card.querySelector('svg text').getBoundingClientRect().right }))"""
            )
            assert [c["card"] for c in shown] == cards
            hidden = [
                (under["card"], round(under["index"] - over["left"], 1))
                for under, over in itertools.pairwise(shown)
                if under["index"] > over["left"] + 0.5
            ]
            assert not hidden, (
                f"{size}, seat {seat}: indexes covered by the next card (px): {hidden}"
            )
