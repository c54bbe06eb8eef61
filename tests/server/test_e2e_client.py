"""The browser client against a scripted websocket: each client rule from the issue, with
observations chosen to hit it (Phoenix and Mah Jong choosers, Play enabling, exchange text,
refusal messages, the Dragon gift, reconnect with ``since``, spectators without a hand).

The page comes from the real static files; only ``/ws`` and the table's lobby routes are mocked
(see ``pages.py``), so no game has to be dealt into a rare position.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import pytest

from cardroom.i18n.narration import with_say
from tests.server.chromium import CHROMIUM

from . import pages
from .pages import TABLE, Json, push, select, tichu_obs

open_table = pages.open_table  # the fixture

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]


# ---- tests ----------------------------------------------------------------------------------


def test_phoenix_rank_is_asked_when_two_readings_share_the_cards(open_table: Any) -> None:
    full_house = ["play 5B 5R 9G 9K PHX(=5)", "play 5B 5R 9G 9K PHX(=9)"]
    page, server = open_table(tichu_obs(legal=["play 9G 9K", *full_house]))
    select(page, "5B", "5R", "9G", "9K", "PHX")
    page.get_by_test_id("play").click()
    options = page.get_by_test_id("chooser-option")
    assert options.all_inner_texts() == ["Phoenix as 5", "Phoenix as 9"]
    options.nth(1).click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["play 5B 5R 9G 9K PHX(=9)"]


def test_mah_jong_wish_is_a_rank_chooser(open_table: Any) -> None:
    legal = ["nowish", "wish 2", "wish 8", "wish A"]
    page, server = open_table(tichu_obs(phase="wish", legal=legal, hand=["5G"]))
    assert page.get_by_test_id("wish-chooser").count() == 1
    assert page.get_by_test_id("wish-none").inner_text() == "No wish"
    assert page.locator("[data-testid=actions] button[data-action^=wish]").count() == 0
    page.get_by_test_id("wish-8").click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["wish 8"]


@pytest.mark.parametrize(
    ("cards", "enabled"),
    [((), False), (("9G",), False), (("9G", "9K"), True), (("9K", "9G", "5B"), False)],
)
def test_play_is_enabled_only_for_a_listed_card_set(
    open_table: Any, cards: tuple[str, ...], enabled: bool
) -> None:
    page, _ = open_table(tichu_obs(legal=["pass", "play 9G 9K"]))
    select(page, *cards)
    assert page.get_by_test_id("play").is_enabled() is enabled


def test_a_single_match_plays_at_once_and_a_refusal_is_shown(open_table: Any) -> None:
    page, server = open_table(tichu_obs(legal=["pass", "play 9G 9K"]))
    server.on_act = lambda ws, msg: ws.send(
        json.dumps({"t": "reject", "id": msg["id"], "code": "illegal", "msg": "a bomb came"})
    )
    select(page, "9K", "9G")
    page.get_by_test_id("play").click()
    message = page.get_by_test_id("message")
    message.wait_for()
    assert "Refused: a bomb came" in message.inner_text()
    assert server.acts() == ["play 9G 9K"]


def test_out_of_turn_bomb_uses_the_same_flow(open_table: Any) -> None:
    obs = tichu_obs(turn=2, lead=False, hand=["7G", "7K", "7B", "7R", "2G"])
    page, server = open_table({**obs, "legal": ["play 7G 7K 7B 7R"]})
    assert page.get_by_test_id("action-pass").count() == 0
    select(page, "7R", "7B", "7K", "7G")
    page.get_by_test_id("play").click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["play 7G 7K 7B 7R"]


def test_exchange_is_a_card_then_a_player(open_table: Any) -> None:
    hand = ["2G", "5B", "9K", "DRG"]
    legal = ["tichu"] + [f"exchange {c} to {s}" for c in hand for s in (1, 2, 3)]
    obs = tichu_obs(phase="exchange", hand=hand, legal=legal, decided=[False] * 4, turn=None)
    page, server = open_table(obs)
    left = page.get_by_test_id("exchange-left")
    assert not left.is_enabled()
    select(page, "9K")
    assert left.is_enabled()
    left.click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["exchange 9K to 1"]
    assert page.get_by_test_id("action-tichu").inner_text() == "Tichu! ±100"  # what it costs


def test_exchange_shows_the_choices_made(open_table: Any) -> None:
    hand = ["2G", "5B", "DRG"]
    legal = [f"exchange {c} to {s}" for c in hand for s in (1, 3)]
    exchange = {"given": {"2": "9K"}, "received": {}}
    obs = tichu_obs(phase="exchange", hand=hand, legal=legal, decided=[False] * 4, turn=None)
    page, server = open_table({**obs, "exchange": exchange})
    assert "9" in page.get_by_test_id("exchange-partner").inner_text()
    select(page, "DRG")
    assert not page.get_by_test_id("exchange-partner").is_enabled()
    page.get_by_test_id("exchange-right").click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["exchange DRG to 3"]


def test_dragon_gift_and_grand_buttons_are_labelled(open_table: Any) -> None:
    page, server = open_table(tichu_obs(phase="dragon", legal=["give-dragon 1", "give-dragon 3"]))
    buttons = page.locator("[data-testid^=action-give-dragon]")
    assert buttons.all_inner_texts() == ["Give Dragon to Bob", "Give Dragon to Di"]
    buttons.nth(1).click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["give-dragon 3"]
    page2, _ = open_table(tichu_obs(phase="grand", legal=["grand", "nogrand"], turn=None))
    texts = page2.get_by_test_id("actions").locator("button").all_inner_texts()
    assert texts == ["Grand Tichu! ±200", "No Grand"]


def test_reconnect_says_hello_with_the_token_and_the_last_version(open_table: Any) -> None:
    """Each socket also names the table in its URL (a cluster's nginx routes on it)."""
    page, server = open_table(tichu_obs(), v=7)
    hello = server.wait_sent(page, lambda m: m["t"] == "hello")
    assert (hello["table"], hello["token"], hello["since"]) == (TABLE, "tok", None)
    server.sockets[0].close()
    again = server.wait_sent(page, lambda m: m["t"] == "hello" and m is not hello)
    assert (again["token"], again["since"]) == ("tok", 7)
    assert [urlsplit(ws.url).query for ws in server.sockets] == [f"table={TABLE}"] * 2


def test_reconnect_asks_for_the_chat_said_since_the_newest_line_seen(open_table: Any) -> None:
    """Back from a drop, the hello names the newest chat line seen (``chat_after``), so the
    server sends the lines said meanwhile: from the welcome's chat, then from a line said
    live; a first hello asks for none (its welcome brings the chat)."""
    early, late = "2026-12-07T10:00:00.000+00:00", "2026-12-07T10:00:05.000+00:00"
    chat = [{"t": "chat", "seat": 1, "name": "Bob", "text": "hi", "at": early}]
    page, server = open_table(tichu_obs(), v=7, welcome={"chat": chat})
    hello = server.wait_sent(page, lambda m: m["t"] == "hello")
    assert "chat_after" not in hello
    server.sockets[0].close()
    again = server.wait_sent(page, lambda m: m["t"] == "hello" and m is not hello)
    assert (again["since"], again["chat_after"]) == (7, early)
    push(server, {"t": "chat", "seat": 2, "name": "Cy", "text": "gg", "at": late})
    page.wait_for_function("at => window.cardroom.socket.chatAt === at", arg=late)
    server.sockets[-1].close()
    third = server.wait_sent(page, lambda m: m["t"] == "hello" and m not in (hello, again))
    assert third["chat_after"] == late


def test_spectator_sees_no_hand_and_may_take_over_only_bot_seats(open_table: Any) -> None:
    spectator = tichu_obs(audience="spectator", hand=None, legal=[])
    page, server = open_table(spectator, seat=None, storage={f"cardroom.invite.{TABLE}": "inv"})
    hello = server.wait_sent(page, lambda m: m["t"] == "hello")
    assert hello["token"] is None
    page.get_by_test_id("spectator").wait_for()
    assert page.get_by_test_id("hand").count() == 0
    assert page.get_by_test_id("play").count() == 0
    assert page.locator("[data-testid^=sit-]").count() == 0
    assert page.locator("[data-testid^=take-]").count() == 3  # bot seats: with the invite
    assert page.get_by_test_id("invite").count() == 0  # only the owner sees the invite link
    assert page.locator("[data-testid^=kick-], [data-testid^=seat-level-]").count() == 0
    stranger, _ = open_table(spectator, seat=None)
    assert stranger.locator("[data-testid^=take-]").count() == 0  # no invite, no bot's seat


def test_the_owner_sees_the_invite_and_seat_controls_and_unseated_is_explained(
    open_table: Any,
) -> None:
    owner = {f"cardroom.owner.{TABLE}": "own", f"cardroom.invite.{TABLE}": "inv"}
    page, server = open_table(tichu_obs(), storage=owner)
    link = page.get_by_test_id("join-link").get_attribute("href")
    assert link == f"http://cardroom.test/t/{TABLE}#invite=inv"
    assert page.locator("[data-testid^=seat-level-]").count() == 3  # each bot: change its level
    assert page.locator("[data-testid^=kick-]").count() == 0  # nobody else is human here
    unseated = {"t": "unseated", "seat": 0, "reason": "the table's owner freed the seat"}
    server.sockets[0].send(json.dumps(unseated))
    page.wait_for_function("() => window.cardroom.mySeat === null")
    assert "watching now" in page.get_by_test_id("message").inner_text()
    assert page.evaluate(f"localStorage.getItem('cardroom.seat.{TABLE}')") is None


def test_toepen_renders_every_non_card_action_as_a_button(open_table: Any) -> None:
    obs = {
        "game": "toepen", "audience": 0, "phase": "play", "num_seats": 4, "active": [0],
        "legal": ["play 10H", "play 7H", "knock", "future-action"],
        "hand": ["10H", "7H", "JS", "QC"], "hand_sizes": [4, 4, 4, 4], "terminal": False,
        "outcome": None, "turn": 0, "lives": [10, 9, 10, 8], "stake": 1, "trick": [],
        "awaited": [0], "tricks": [], "trick_no": 1, "hand_no": 1, "last_hand": None,
    }  # fmt: skip
    page, server = open_table(obs)
    texts = page.get_by_test_id("actions").locator("button").all_inner_texts()
    assert texts == ["Play", "Knock!", "future-action"]
    select(page, "JS")
    assert not page.get_by_test_id("play").is_enabled()
    select(page, "7H")  # single selection in Toepen: replaces JS
    page.get_by_test_id("play").click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["play 7H"]
    cells = page.get_by_test_id("score-row").locator("td").all_text_contents()
    assert cells == ["lives", "10", "9", "10", "8"]


def test_leaving_forgets_the_token_and_watches_as_a_spectator(open_table: Any) -> None:
    page, server = open_table(tichu_obs(), v=4)
    deleted: list[str] = []

    def delete(route: Any) -> None:
        deleted.append(route.request.headers.get("authorization", ""))
        route.fulfill(json={"seat": 0, "kind": "bot"})

    page.route(f"**/api/tables/{TABLE}/seats/0", delete)
    page.get_by_test_id("leave").click()
    page.get_by_test_id("confirm-yes").click()  # mid-round: asked once more
    page.get_by_test_id("spectator").wait_for()
    assert deleted == ["Bearer tok"]
    hello = server.wait_sent(page, lambda m: m["t"] == "hello" and m["token"] is None)
    assert hello["table"] == TABLE
    assert page.evaluate(f"localStorage.getItem('cardroom.seat.{TABLE}')") is None


def test_the_log_names_seats_instead_of_numbers(open_table: Any) -> None:
    page, server = open_table(tichu_obs(), v=4)
    event = {"type": "played", "seat": 1, "cards": ["7G", "7K"], "combo": "pair 7", "x": None}
    event = with_say("tichu", event)  # the narration the real server adds
    server.sockets[0].send(
        json.dumps({"t": "ev", "v": 5, "events": [event], "obs": tichu_obs(passes=0)})
    )
    page.wait_for_function("() => window.cardroom.v === 5")
    assert page.get_by_test_id("log").locator("li").last.text_content() == (
        "Bob played a pair of 7s"
    )


@pytest.mark.parametrize(
    ("over", "shown"),
    [
        ({"turn": 0, "legal": ["pass"]}, True),
        ({"turn": 2, "awaited": [2], "legal": ["play 7G 7K 7B 7R"]}, False),  # allowed, not owed
        ({"phase": "exchange", "turn": None, "legal": ["tichu"], "awaited": []}, False),
        ({"phase": "grand", "turn": None, "legal": ["grand"], "awaited": [0, 1, 2, 3]}, True),
    ],
)
def test_your_move_badge_only_when_the_game_waits_for_you(
    open_table: Any, over: Json, shown: bool
) -> None:
    page, _ = open_table(tichu_obs(**over))
    assert page.get_by_test_id("your-move").count() == int(shown)


def test_a_double_click_sends_the_action_once(open_table: Any) -> None:
    page, server = open_table(tichu_obs(legal=["pass", "tichu"]))
    server.on_act = lambda ws, msg: None  # no answer yet: the action stays in flight
    page.get_by_test_id("action-pass").dblclick()
    page.get_by_test_id("action-tichu").click()
    page.get_by_test_id("confirm-yes").click()  # a call costs points: confirmed first
    server.wait_sent(page, lambda m: m.get("a") == "tichu")
    assert server.acts() == ["pass", "tichu"]
