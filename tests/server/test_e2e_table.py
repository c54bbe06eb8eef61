"""The card table, one element per test, on a scripted websocket (``pages.py``):
seats around you, the trick at the seats, pass markers, the last trick, the Dog lead, the
Dragon gift, bombs, call badges, SVG cards, the history, the round end, chat, the counter, the
timer, the keyboard, the phone layout, Toepen's finished trick and stake, the replay viewer,
the rules pages and the lobby's option help."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from cardroom.i18n.narration import with_say
from tests.server.chromium import CHROMIUM, DESKTOP, PHONE, WIDE, shot

from . import pages
from .pages import SEATS, TABLE, Json, push, tichu_obs

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

open_table = pages.open_table  # the fixture


def box(page: Any, testid: str) -> Json:
    result: Json = page.get_by_test_id(testid).bounding_box()
    return result


def centre(page: Any, testid: str) -> tuple[float, float]:
    b = box(page, testid)
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def played(seat: int, cards: list[str], combo: str) -> Json:
    return {"type": "played", "seat": seat, "cards": cards, "combo": combo, "phoenix_as": None}


def toepen_obs(**over: Any) -> Json:
    obs: Json = {
        "game": "toepen", "audience": 0, "phase": "play", "num_seats": 4, "active": [0],
        "legal": ["play 10H", "knock"], "hand": ["10H", "JS"], "hand_sizes": [2, 2, 2, 2],
        "terminal": False, "outcome": None, "turn": 0, "lives": [10, 9, 10, 8], "stake": 3,
        "awaited": [0], "trick": [], "tricks": [], "trick_no": 3, "hand_no": 2, "last_hand": None,
        "dealer": 3, "in_game": [True] * 4, "in_hand": [True] * 4, "knocker": None,
    }  # fmt: skip
    obs.update(over)
    return obs


# ---- the table -------------------------------------------------------------------------------


def test_you_sit_at_the_bottom_partner_across_opponents_left_and_right(open_table: Any) -> None:
    page, _ = open_table(tichu_obs())
    me, left, partner, right = (centre(page, f"seat-{s}") for s in range(4))
    assert partner[1] < left[1] < me[1] and partner[1] < right[1] < me[1]
    assert left[0] < partner[0] < right[0]


def test_each_card_of_the_trick_lies_at_the_seat_that_played_it(open_table: Any) -> None:
    trick = [
        {"seat": 1, "cards": ["5G"], "combo": "single 5"},
        {"seat": 2, "cards": ["9K"], "combo": "single 9"},
    ]
    page, _ = open_table(tichu_obs(trick=trick, top=trick[1], lead=False))
    left, partner = centre(page, "play-1"), centre(page, "play-2")
    assert left[0] < centre(page, "seat-0")[0] and partner[1] < centre(page, "seat-0")[1]
    assert "top" in (page.get_by_test_id("play-2").get_attribute("class") or "")
    assert page.get_by_test_id("play-1").locator("[data-card='5G'] svg").count() == 1


def test_pass_markers_show_at_each_seat_that_passed(open_table: Any) -> None:
    trick = [{"seat": 1, "cards": ["KG"], "combo": "single K"}]
    page, _ = open_table(tichu_obs(trick=trick, top=trick[0], passes=2, lead=False))
    assert page.get_by_test_id("passed-2").is_visible() and page.get_by_test_id("passed-3").count()
    assert page.get_by_test_id("passed-1").count() == 0


def test_the_last_trick_is_one_click_away(open_table: Any) -> None:
    history = [
        played(1, ["5G", "5K"], "pair 5"),
        played(2, ["9K", "9B"], "pair 9"),
        {"type": "passed", "seat": 3},
        {"type": "trick_taken", "seat": 2, "cards": ["5G", "5K", "9K", "9B"], "points": 10},
    ]
    page, _ = open_table(tichu_obs(), welcome={"history": history})
    page.get_by_test_id("last-trick-button").click()
    last = page.get_by_test_id("last-trick")
    assert "won by Cy" in last.inner_text()
    assert last.locator("[data-card]").evaluate_all("l => l.map(e => e.dataset.card)") == [
        "5G", "5K", "9K", "9B"
    ]  # fmt: skip


def test_a_dog_lead_shows_the_dog_and_where_the_lead_went(open_table: Any) -> None:
    history = [played(0, ["DOG"], "single DOG")]
    page, _ = open_table(tichu_obs(turn=2, lead=True), welcome={"history": history})
    dog = page.get_by_test_id("play-0")
    assert dog.locator("[data-card='DOG']").count() == 1
    assert "Dog → Cy" in dog.inner_text()
    assert page.get_by_test_id("log").locator("li").last.text_content() == "Ann (you) led the Dog"


def test_the_dragon_gift_and_a_bomb_are_shown_as_what_they_are(open_table: Any) -> None:
    page, _ = open_table(tichu_obs(phase="dragon", turn=0, legal=["give-dragon 1"]))
    assert "won with the Dragon" in page.get_by_test_id("dragon-gift").inner_text()
    trick = [
        {"seat": 1, "cards": ["KG"], "combo": "single K"},
        {"seat": 3, "cards": ["7G", "7K", "7B", "7R"], "combo": "bomb 7777"},
    ]
    page2, _ = open_table(tichu_obs(trick=trick, top=trick[1], lead=False))
    # no emoji: Debian's Chromium has no font for one and draws an empty box
    assert page2.get_by_test_id("bomb").inner_text() == "Bomb by Di!"
    assert "bomb" in (page2.get_by_test_id("play-3").get_attribute("class") or "")


def test_call_badges_say_made_or_failed_once_someone_is_out(open_table: Any) -> None:
    calls = ["tichu", "grand", "", ""]
    page, _ = open_table(tichu_obs(calls=calls, out=[1]))
    assert "failed" in (page.get_by_test_id("call-0").get_attribute("class") or "")
    assert "made" in (page.get_by_test_id("call-1").get_attribute("class") or "")
    page2, _ = open_table(tichu_obs(calls=calls, out=[]))
    assert page2.get_by_test_id("call-0").inner_text() == "Tichu!"


def test_seats_show_card_counts_points_and_out_order(open_table: Any) -> None:
    obs = tichu_obs(hand_sizes=[6, 0, 9, 3], out=[1], pile_points=[0, 35, 10, -25])
    page, _ = open_table(obs)
    assert page.get_by_test_id("count-2").inner_text().strip() == "9"
    assert page.get_by_test_id("points-1").inner_text() == "35 pts"
    assert page.get_by_test_id("out-1").inner_text() == "out 1st"


def test_cards_are_svg_with_suit_words_for_screen_readers(open_table: Any) -> None:
    page, _ = open_table(tichu_obs(hand=["5B", "9G", "10K", "AR", "MJ", "DOG", "PHX", "DRG"]))
    labels = (
        page.get_by_test_id("hand")
        .locator("[data-card]")
        .evaluate_all(
            "l => l.map(e => [e.getAttribute('aria-label'), e.querySelectorAll('svg *').length])"
        )
    )
    names = [name for name, _ in labels]
    assert names == [
        "Dog", "Mah Jong", "5 of Pagoda", "9 of Jade", "10 of Sword", "A of Star", "Phoenix",
        "Dragon",
    ]  # fmt: skip
    assert all(shapes >= 4 for _, shapes in labels)


def test_friendly_bot_names_with_a_level_badge(open_table: Any) -> None:
    seats = [dict(s) for s in SEATS]
    seats[1].update(name="bot (heuristic)", level="heuristic")
    page, _ = open_table(tichu_obs(), seats=seats)
    assert "Bram" in page.get_by_test_id("seat-1").inner_text()
    assert page.get_by_test_id("bot-badge-1").get_attribute("title") == "bot, level Club player"
    assert "Club player" in (page.get_by_test_id("bot-badge-1").text_content() or "")


# ---- history, round end, chat, comforts ----------------------------------------------------------


def test_the_history_is_sentences_sent_on_connect_and_grows(open_table: Any) -> None:
    history = [
        {"type": "tichu_called", "seat": 2},
        played(1, ["5G", "6K", "7B", "8R", "9G"], "straight 5-9"),
        {"type": "passed", "seat": 2},
    ]
    page, server = open_table(tichu_obs(), welcome={"history": history})
    page.get_by_test_id("tab-log").click()  # on a phone the history opens over the table
    log = page.get_by_test_id("log").locator("li")
    assert log.all_text_contents() == ["Cy called Tichu!", "Bob played a straight 5–9", "Cy passed"]
    push(server, {"t": "ev", "v": 6, "events": [{"type": "passed", "seat": 3}], "obs": tichu_obs()})
    page.wait_for_function("() => window.cardroom.v === 6")
    assert log.count() == 4 and page.get_by_test_id("log").is_visible()


def test_a_long_history_shows_its_numbers_whole(open_table: Any) -> None:
    history = [{"type": "passed", "seat": 1 + i % 3} for i in range(150)]
    page, _ = open_table(tichu_obs(), welcome={"history": history}, viewport=DESKTOP)
    room, need = page.evaluate(
        """() => {
          const ol = document.querySelector('[data-testid=log]');
          const css = getComputedStyle(ol.lastElementChild);
          const pen = document.createElement('canvas').getContext('2d');
          pen.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
          return [parseFloat(getComputedStyle(ol).paddingLeft), pen.measureText('150. ').width];
        }"""
    )
    assert room >= need  # the list marker "150." fits in the list's indent


def test_round_end_summary_explains_the_score_and_counts_down(open_table: Any) -> None:
    last = {"points": [-80, 100], "card_points": [20, 80], "out": [1, 3, 0],
            "double_victory": False, "calls": ["tichu", "", "", ""]}  # fmt: skip
    page, server = open_table(tichu_obs())
    scored = {"type": "round_scored", "round": 1, **last, "scores": [-80, 100]}
    after = tichu_obs(last_round=last, score_sheet=[[-80, 100]], scores=[-80, 100])
    push(server, {"t": "ev", "v": 6, "events": [scored], "obs": after})
    push(server, {"t": "pause", "seconds": 5})
    summary = page.get_by_test_id("round-end")
    summary.wait_for()
    text = summary.inner_text()
    cells = summary.get_by_test_id("summary-team-0").locator("td").all_inner_texts()
    assert cells == ["20", "Ann (you)'s Tichu failed −100", "-80"]
    assert "Card points" in text
    assert "Next deal in" in page.get_by_test_id("next-deal").inner_text()
    page.get_by_test_id("ready").click()
    assert server.wait_sent(page, lambda m: m["t"] == "ready") == {"t": "ready"}
    push(server, {"t": "ready", "seats": [0]})
    assert page.get_by_test_id("ready-list").inner_text() == "Ready: Ann (you)"
    assert page.get_by_test_id("ready").is_disabled()
    page.get_by_test_id("round-end-close").click()
    page.get_by_test_id("tab-score").click()
    assert page.get_by_test_id("score-row").locator("td").all_text_contents() == ["1", "-80", "100"]
    why = page.get_by_test_id("score-why").locator("td").all_text_contents()
    assert why == ["", "cards 20, Ann (you)'s Tichu failed −100", "cards 80"]


@pytest.mark.parametrize(
    ("locale", "both"),
    [("en-US", "Ready: Ann (you) and Cy"), ("ja-JP", "準備完了: Ann（あなた）、Cy")],
)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_ready_list_follows_only_the_servers_frames(
    open_table: Any, locale: str, both: str, size: str
) -> None:
    """Pressing Ready only asks: who is ready comes from the server's ``ready`` frames, listed as
    the reader's language writes a list, and a fresh ``welcome`` (a reconnect in a later pause,
    nobody ready yet there) starts the list afresh."""
    last = {"points": [-80, 100], "card_points": [20, 80], "out": [1, 3, 0],
            "double_victory": False, "calls": ["", "", "", ""]}  # fmt: skip
    viewport = PHONE if size == "phone" else DESKTOP
    page, server = open_table(tichu_obs(), locale=locale, viewport=viewport)
    scored = {"type": "round_scored", "round": 1, **last, "scores": [-80, 100]}
    after = tichu_obs(last_round=last, score_sheet=[[-80, 100]], scores=[-80, 100])
    push(server, {"t": "ev", "v": 6, "events": [scored], "obs": after})
    push(server, {"t": "pause", "seconds": 60})
    page.get_by_test_id("ready").click()
    server.wait_sent(page, lambda m: m["t"] == "ready")
    assert page.get_by_test_id("ready-list").count() == 0
    assert page.get_by_test_id("ready").is_enabled()
    push(server, {"t": "ready", "seats": [0, 2]})
    expect(page.get_by_test_id("ready-list")).to_have_text(both)
    shot(page, f"ready-list-{locale}-{size}.png")
    assert page.get_by_test_id("ready").is_disabled()
    welcome = {"t": "welcome", "v": 9, "seat": 0, "obs": after, "seats": SEATS}
    push(server, {**welcome, "next_deal_in": 60})
    page.wait_for_function("() => window.cardroom.v === 9")
    assert page.get_by_test_id("ready-list").count() == 0
    assert page.get_by_test_id("ready").is_enabled()


def test_the_score_sheet_explains_every_round_and_a_double_victory(open_table: Any) -> None:
    first = {"points": [300, 0], "card_points": [0, 0], "out": [0, 2], "double_victory": True,
             "calls": ["tichu", "", "", ""]}  # fmt: skip
    second = {"points": [-110, 210], "card_points": [90, 10], "out": [1, 0, 3],
              "double_victory": False, "calls": ["", "", "grand", ""]}  # fmt: skip
    history = [{"type": "round_scored", "round": 1, **first, "scores": [300, 0]},
               {"type": "round_scored", "round": 2, **second, "scores": [190, 210]}]  # fmt: skip
    obs = tichu_obs(phase="deal", legal=[], turn=None, score_sheet=[[300, 0], [-110, 210]],
                    scores=[190, 210], last_round=second)  # fmt: skip
    page, _ = open_table(obs, welcome={"history": history})
    assert page.get_by_test_id("phase").inner_text().endswith("the next deal is coming")
    page.get_by_test_id("tab-score").click()
    why = [r.locator("td").all_text_contents() for r in page.get_by_test_id("score-why").all()]
    assert why == [
        ["", "double victory +200, Ann (you)'s Tichu made +100", "cards 0"],
        ["", "cards 90, Cy's Grand Tichu failed −200", "cards 10"],
    ]
    assert page.get_by_test_id("score-total").inner_text().split() == ["Σ", "190", "210"]


def test_chat_is_sent_and_shown_escaped(open_table: Any) -> None:
    page, server = open_table(tichu_obs(), welcome={"chat": []})
    page.get_by_test_id("tab-chat").click()
    page.get_by_test_id("chat-input").fill("hello table")
    page.get_by_test_id("chat-send").click()
    sent = server.wait_sent(page, lambda m: m["t"] == "chat")
    assert sent["text"] == "hello table"
    push(server, {"t": "chat", "seat": None, "name": "Eve", "text": "<b>hi</b>", "at": ""})
    line = page.get_by_test_id("chat-list").locator("li").last
    line.wait_for()
    assert line.inner_text() == "Eve (watching): <b>hi</b>"
    assert page.get_by_test_id("chat-list").locator("b b").count() == 0


def test_the_card_counter_lists_what_is_still_out(open_table: Any) -> None:
    history = [played(1, ["AG", "AK"], "pair A"), played(2, ["DRG"], "single DRG")]
    page, _ = open_table(tichu_obs(hand=["AB", "5R"]), welcome={"history": history})
    page.get_by_test_id("tab-cards").click()
    assert page.get_by_test_id("counter-A").locator("td").first.inner_text() == "1"
    assert "bomb-possible" in (page.get_by_test_id("counter-K").get_attribute("class") or "")
    assert "Dragon" not in page.get_by_test_id("counter-body").inner_text().split("\n")[0]


def test_your_turn_is_in_the_title_and_a_timer_runs(open_table: Any) -> None:
    page, _ = open_table(tichu_obs(turn=0), welcome={"turn_timeout": 30})
    # the table summary (HTTP) and the welcome (socket) may arrive in either order
    page.wait_for_function("() => document.title === '● Your turn · test table · cardroom'")
    assert page.get_by_test_id("clock-0").inner_text().endswith("s")  # on the seat that owes
    page.get_by_test_id("chime").check()
    assert page.evaluate("localStorage.getItem('cardroom.chime')") == "on"


def test_typing_ranks_selects_cards_and_enter_plays(open_table: Any) -> None:
    page, server = open_table(tichu_obs(legal=["pass", "play 9G 9K"]))
    page.keyboard.press("9")
    page.keyboard.press("9")
    assert sorted(page.evaluate("window.cardroom.selected")) == ["9G", "9K"]
    page.keyboard.press("Enter")
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["play 9G 9K"]


def test_the_hand_sorts_by_rank_or_by_suit(open_table: Any) -> None:
    page, _ = open_table(tichu_obs(hand=["9G", "5B", "9K", "5R"]))
    order = "l => l.map(e => e.dataset.card)"
    hand = page.get_by_test_id("hand").locator("[data-card]")
    assert hand.evaluate_all(order) == ["5B", "5R", "9G", "9K"]
    page.get_by_test_id("sort-hand").click()
    assert hand.evaluate_all(order) == ["9G", "9K", "5B", "5R"]


def test_the_phone_shows_the_whole_table_without_scrolling(open_table: Any) -> None:
    hand = ["2G", "3G", "4K", "5B", "6R", "7G", "8K", "9B", "10R", "JG", "QK", "KB", "AR", "DRG"]
    trick = [{"seat": 1, "cards": ["5G"], "combo": "single 5"}]
    page, _ = open_table(tichu_obs(hand=hand, trick=trick, top=trick[0], lead=False))
    assert page.evaluate("document.documentElement.scrollHeight") <= PHONE["height"]
    for testid in ("play", "action-pass", "seat-2", "card-2G", "card-DRG"):
        b = box(page, testid)
        assert b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"] + 1, testid
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] + 1, testid
    tops = {round(box(page, f"card-{c}")["y"] / 20) for c in hand}
    assert len(tops) <= 2  # one fanned row (the fan tilts the ends a little)


CUT_SELECTS = """() => [...document.querySelectorAll(
    '[data-testid^=seat-level-], [data-testid=bot-level]')].map(select => {
    const text = select.options[select.selectedIndex].text;
    const probe = Object.assign(document.createElement("span"), { textContent: text });
    const style = getComputedStyle(select);
    probe.style.cssText = `font: ${style.font}; white-space: pre; position: absolute`;
    document.body.append(probe);
    const need = probe.getBoundingClientRect().width;
    probe.remove();
    const room = select.clientWidth - parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight);
    return [select.dataset.testid, text, need, room - 12];  // 12 px: the select's arrow
  }).filter(([, , need, room]) => need > room)"""
"""The bot-level selects whose chosen level is cut short (the longest names are Greek)."""


def test_the_owners_bot_level_selects_still_fit_the_phone(open_table: Any) -> None:
    """In Greek, whose level names are the longest ("Παίκτης λέσχης"), on a phone and a desktop:
    every select reads its level whole (they were cut to "Παίκτης λέ")."""
    hand = ["2G", "3G", "4K", "5B", "6R", "7G", "8K", "9B", "10R", "JG", "QK", "KB", "AR", "DRG"]
    trick = [{"seat": 1, "cards": ["5G"], "combo": "single 5"}]
    owner = {f"cardroom.owner.{TABLE}": "own", f"cardroom.invite.{TABLE}": "inv"}
    obs = tichu_obs(hand=hand, trick=trick, top=trick[0], lead=False, legal=["pass"])
    page, _ = open_table(obs, storage=owner, locale="el-GR")
    assert page.locator("[data-testid^=seat-level-]").count() == 3
    assert page.get_by_test_id("bot-badge-1").text_content() == "bot"  # the select says the level
    label = page.get_by_test_id("seat-level-2").get_attribute("aria-label")
    assert label == "επίπεδο bot της θέσης 3"
    shot(page, "bot-levels-el-phone.png")
    assert page.evaluate(CUT_SELECTS) == []
    assert page.evaluate("document.documentElement.scrollHeight") <= PHONE["height"]
    for testid in ("play", "action-pass", "seat-1", "seat-2", "seat-3", "card-2G", "seat-level-2"):
        b = box(page, testid)
        assert b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"] + 1, testid
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] + 1, testid
    seats = [box(page, f"seat-{s}") for s in (1, 2, 3)]
    hand_top = box(page, "hand")["y"]
    assert all(b["y"] + b["height"] <= hand_top for b in seats)  # no seat covers the hand
    page.set_viewport_size(WIDE)
    assert page.evaluate(CUT_SELECTS) == []
    shot(page, "bot-levels-el-desktop.png")


# ---- Toepen ----------------------------------------------------------------------------------


def test_toepen_the_knock_banner_reads_above_the_trick(open_table: Any) -> None:
    responses = {"knocker": 1, "answers": [], "waiting": [0, 3]}
    trick = [{"seat": 1, "card": "QD"}, {"seat": 2, "card": "JH"}, {"seat": 3, "card": "9S"}]
    obs = toepen_obs(phase="respond", legal=["stay", "fold"], knocker=1, responses=responses,
                     trick=trick, trick_no=1)  # fmt: skip
    page, _ = open_table(obs, viewport=DESKTOP)
    banner = page.get_by_test_id("knock-banner")
    assert "Bob knocked!" in banner.inner_text()
    b = box(page, "knock-banner")
    page.locator(".center").evaluate("e => { e.style.pointerEvents = 'auto'; }")  # hit-testable
    for fx in (0.1, 0.5, 0.9):  # the banner's text is on top everywhere along it
        on_top = page.evaluate(
            "([x, y]) => !!document.elementFromPoint(x, y).closest('[data-testid=knock-banner]')",
            [b["x"] + fx * b["width"], b["y"] + b["height"] / 2],
        )
        assert on_top, fx


def test_tichu_game_over_names_the_winning_team_with_the_score_sheet(open_table: Any) -> None:
    outcome = {"scores": [400, 1020, 400, 1020], "winners": [1, 3], "reason": "target reached"}
    obs = tichu_obs(terminal=True, outcome=outcome, phase="game_over", legal=[], turn=None,
                    score_sheet=[[400, 1020]], scores=[400, 1020])  # fmt: skip
    page, _ = open_table(obs)
    game_over = page.get_by_test_id("outcome")
    assert "Bob and Di win!" in game_over.inner_text()
    total = game_over.get_by_test_id("score-total").inner_text().split()
    assert total == ["Σ", "400", "1,020"]  # grouped as English writes it
    assert game_over.get_by_test_id("rematch").is_visible()


def test_a_spectator_is_not_offered_a_rematch(open_table: Any) -> None:
    """The server makes a rematch for a seated player or the owner only: a spectator's button
    only ever earned a refusal."""
    outcome = {"scores": [400, 1020, 400, 1020], "winners": [1, 3], "reason": "target reached"}
    obs = tichu_obs(terminal=True, outcome=outcome, phase="game_over", legal=[], turn=None,
                    score_sheet=[[400, 1020]], scores=[400, 1020])  # fmt: skip
    page, _ = open_table({**obs, "audience": None, "hand": None}, seat=None)
    game_over = page.get_by_test_id("outcome")
    expect(game_over).to_contain_text("Bob and Di win!")
    expect(game_over.get_by_role("link").first).to_be_visible()
    assert game_over.get_by_test_id("rematch").count() == 0


def test_toepen_a_folded_seat_says_folded_once(open_table: Any) -> None:
    answers = [{"seat": 1, "answer": "fold"}, {"seat": 2, "answer": "stay"}]
    responses = {"knocker": 3, "answers": answers, "waiting": [0]}
    obs = toepen_obs(phase="respond", legal=["stay", "fold"], knocker=3, responses=responses,
                     in_hand=[True, False, True, True])  # fmt: skip
    page, _ = open_table(obs)
    folded = page.get_by_test_id("seat-1").inner_text()
    assert "folded" in folded and "Fold" not in folded
    assert page.get_by_test_id("answer-2").inner_text() == "Stay"


def test_toepen_finished_trick_stays_with_its_winner_and_stake_is_large(open_table: Any) -> None:
    plays = [{"seat": s, "card": c} for s, c in enumerate(["7H", "8H", "JH", "10H"])]
    obs = toepen_obs(trick=[], tricks=[{"plays": plays, "winner": 3}] * 4, trick_no=4)
    page, _ = open_table(obs)
    winner = page.get_by_test_id("play-3")
    assert "trick4" in (winner.get_attribute("class") or "") and "last trick" in winner.inner_text()
    assert page.get_by_test_id("play-0").locator("[data-card='7H']").count() == 1
    size = page.get_by_test_id("stake").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 30 and "3" in page.get_by_test_id("stake").inner_text()
    knock = page.locator("[data-action=knock]")
    assert knock.is_visible() and knock.inner_text() == "Knock!"


def test_toepen_game_over_names_the_winner(open_table: Any) -> None:
    outcome = {"scores": [0, 0, 4, 0], "winners": [2], "reason": "last one standing"}
    obs = toepen_obs(
        terminal=True, outcome=outcome, phase="game_over", legal=[], turn=None, awaited=[]
    )
    page, _ = open_table(obs)
    text = page.get_by_test_id("outcome").inner_text()
    assert "Cy wins!" in text and "seat 2" not in text
    lives = page.get_by_test_id("outcome").get_by_test_id("score-row").locator("td")
    assert lives.all_text_contents() == ["lives", "10", "9", "10", "8"]  # lives, not "scores"
    assert page.get_by_test_id("phase").inner_text() == "Hand 2 · Game over"
    assert page.get_by_test_id("rematch").is_visible()


# ---- replay, rules, lobby -----------------------------------------------------------------------


def replay_data() -> Json:
    def step(v: int, events: list[Json], **over: Any) -> Json:
        obs = tichu_obs(audience="omniscient", hand=None, legal=[], **over)
        obs["hands"] = [["5B"], ["9G"], ["2K"], ["AR"]]
        said = [with_say("tichu", e) for e in events]  # narrated, as the server sends them
        return {"v": v, "kind": "action", "seat": 0, "text": "", "events": said, "obs": obs}

    trick = [{"seat": 0, "cards": ["7G"], "combo": "single 7"}]
    last = {"points": [100, 0], "card_points": [100, 0], "out": [0, 1, 2],
            "double_victory": False, "calls": ["", "", "", ""]}  # fmt: skip
    scored = {"type": "round_scored", "round": 1, **last, "scores": [100, 0]}
    return {
        "id": TABLE, "name": "old game", "game": "tichu", "view": "all", "outcome": None,
        "seats": SEATS,
        "steps": [
            step(1, [played(0, ["7G"], "single 7")], trick=trick, top=trick[0]),
            step(2, [{"type": "passed", "seat": 1}], trick=trick, top=trick[0], passes=1),
            step(3, [scored], last_round=last, score_sheet=[[100, 0]], scores=[100, 0]),
            step(4, [played(1, ["9G"], "single 9")], round=2),
        ],
    }  # fmt: skip


def test_the_replay_steps_play_by_play_and_round_by_round(browser: Any) -> None:
    problems: list[str] = []
    page = pages.client_page(
        browser, problems, f"**/replay/{TABLE}", PHONE, reduced_motion="reduce"
    )
    context = page.context
    asked: list[str] = []

    def replay(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(json=replay_data())

    page.route(f"**/api/tables/{TABLE}/replay*", replay)
    page.goto(f"/replay/{TABLE}")
    step = page.get_by_test_id("replay-step")
    step.wait_for()
    assert step.inner_text() == "1 / 4" and "Ann played a 7" in page.inner_text("main")
    page.get_by_test_id("replay-next").click()
    assert step.inner_text() == "2 / 4" and page.get_by_test_id("passed-1").count() == 1
    page.get_by_test_id("replay-next-round").click()
    assert step.inner_text() == "4 / 4"
    assert page.get_by_test_id("seat-2").locator("[data-card='2K']").count() == 1  # all hands
    page.get_by_test_id("replay-view").select_option("1")
    page.wait_for_function("() => window.cardroom.view === '1'")
    assert asked[-1].endswith("view=1")
    page.locator("[data-testid=seat-1].mine").wait_for()  # the table turned to Bob's seat
    assert "(you)" not in page.inner_text("main")  # a replay's seat is a view, not you
    assert "Bob's view" in page.get_by_test_id("replay-view").inner_text()
    slider = page.get_by_test_id("replay-slider")
    slider.fill("1")  # the slider jumps to a step
    assert step.inner_text() == "2 / 4"
    slider.focus()
    page.keyboard.press("ArrowRight")  # and keeps the keyboard across the re-render
    assert step.inner_text() == "3 / 4"
    shot(page, "replay-slider-phone.png")
    page.get_by_test_id("replay-autoplay").click()  # autoplay runs to the end and stops
    page.wait_for_function(
        "() => document.querySelector('[data-testid=replay-step]').textContent === '4 / 4'"
    )
    page.get_by_test_id("replay-autoplay").filter(has_text="autoplay").wait_for()
    names = "{name: (s) => ['Ann', 'Bob', 'Cy', 'Di'][s]}"
    label = f"a => import('/static/tichu.js').then(m => m.label({names}, a))"
    assert page.evaluate(label, "exchange 7G to 3") == "Give 7● to Di"  # a review note's seat
    gift = page.evaluate(label, "give 7G to 1, 8K to 2, 9B to 3")  # a review's whole exchange
    assert gift.startswith("7● to Bob, ") and gift.endswith(" to Di")
    words = [page.evaluate(label, a) for a in ("no tichu", "no bomb", "nogrand")]
    assert words == ["No Tichu", "No bomb", "No Grand"]  # a review's call or pass, in words
    plays = ("play 7G 7K", "play 5G PHX(=5)", "play DRG", "bomb 9G 9K 9B 9R")  # as the table prints
    assert [page.evaluate(label, a) for a in plays] == [
        "7● 7⚔", "5● Phoenix as 5", "Dragon", "Bomb 9● 9⚔ 9⌂ 9★ onto the trick",
    ]  # fmt: skip
    toepen = f"a => import('/static/toepen.js').then(m => m.label({names}, a))"
    assert page.evaluate(toepen, "play 10H") == "10♥"
    context.close()
    assert not problems, problems


def test_rules_pages_and_lobby_option_help(browser: Any) -> None:
    problems: list[str] = []
    context = browser.new_context(viewport=PHONE, base_url="http://t.test", reduced_motion="reduce")
    page = context.new_page()
    pages.watch(page, problems)
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route("**/rules/*", lambda r: r.fulfill(body=html, content_type="text/html"))
    page.route("http://t.test/", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    specs = {"lives": {"type": "int", "default": 10, "description": "lives per player", "min": 1,
                       "max": 30},
             "dealer_rule": {"type": "str", "default": "winner", "description": "who deals",
                             "choices": ["winner", "left", "high"]}}  # fmt: skip
    games = [dict(pages.GAMES[1], option_specs=specs)]
    page.route("**/api/games", lambda r: r.fulfill(json=games))
    page.route("**/api/tables", lambda r: r.fulfill(json=[]))
    page.route("**/api/tables/finished", lambda r: r.fulfill(json=[
        {"id": "old", "name": "Friday", "game": "toepen", "finished_at": "2026-12-01T20:00:00",
         "replay": "/replay/old"}]))  # fmt: skip
    page.goto("/")
    page.get_by_test_id("house-rules-toggle").click()  # the single options are folded away
    # the option's words come from the catalogue (so they can be translated), the range from
    # the server's spec
    assert page.get_by_test_id("help-lives").inner_text() == "Lives each player starts with (1–30)"
    assert page.get_by_test_id("option-dealer_rule").evaluate("e => e.tagName") == "SELECT"
    page.get_by_test_id("option-lives").fill("31")  # outside the range: said in words
    page.get_by_test_id("create-table").click()
    message = page.get_by_test_id("message").inner_text()
    assert message == "Lives must be a whole number (1–30)."
    assert page.get_by_test_id("replay-old").get_attribute("href") == "/replay/old"
    assert page.get_by_test_id("lobby-rules").get_attribute("href") == "/rules/toepen"
    page.goto("/rules/toepen")
    rules = page.get_by_test_id("rules")
    page.get_by_test_id("rules-options").get_by_text("Lives each player starts").wait_for()
    assert "Knocking" in rules.inner_text() and "Lives each player starts" in rules.inner_text()
    page.goto("/rules/tichu")
    assert "Dragon" in page.get_by_test_id("rules").inner_text()
    context.close()
    assert not problems, problems


def test_refusals_are_shown_without_rule_numbers(open_table: Any) -> None:
    page, server = open_table(tichu_obs(legal=["pass", "play 9G 9K"]))
    refusal = {"t": "reject", "code": "illegal", "msg": "R8.1.9: you must play the wished 8"}
    server.on_act = lambda ws, msg: ws.send(pages.json.dumps({**refusal, "id": msg["id"]}))
    page.locator("[data-action=pass]").click()
    message = page.get_by_test_id("message")
    message.wait_for()
    assert message.inner_text().startswith("Refused: you must play the wished 8")


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-US", "Refused: Seat 3 is naming a wish first"),
        ("ja-JP", "拒否されました: 席3が先に願いを指定しています"),
    ],
)
def test_a_refusal_naming_a_seat_counts_it_from_1(open_table: Any, locale: str, said: str) -> None:
    """The wire's seat 2 (``msg`` counts from 0) is Seat 3 to people, in every language."""
    page, server = open_table(tichu_obs(legal=["pass", "play 9G 9K"]), locale=locale)
    refusal = {
        "t": "reject", "code": "not_active", "msg": "R8.1.1: seat 2 is naming its wish",
        "key": "refusal.tichu.naming_wish", "params": {"rule": "R8.1.1", "who": {"seat": 2}},
    }  # fmt: skip
    server.on_act = lambda ws, msg: ws.send(pages.json.dumps({**refusal, "id": msg["id"]}))
    page.locator("[data-action=pass]").click()
    message = page.get_by_test_id("message")
    message.wait_for()
    assert message.inner_text().startswith(said)


def test_a_selected_card_offers_the_plays_that_contain_it(open_table: Any) -> None:
    legal = ["pass", "play 9G 9K", "play 5B 5R 9G 9K PHX(=5)"]
    info = [None, {"combo": "pair 9"}, {"combo": "full house 5"}]
    page, server = open_table(tichu_obs(legal=legal, legal_info=info))
    pages.select(page, "9G")
    offers = page.get_by_test_id("suggestion")
    assert offers.all_inner_texts() == ["pair 9", "full house 5"]
    offers.first.click()
    assert sorted(page.evaluate("window.cardroom.selected")) == ["9G", "9K"]
    page.get_by_test_id("play").click()
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["play 9G 9K"]


def test_toepen_answers_a_lone_no_signal_by_itself(open_table: Any) -> None:
    page, server = open_table(toepen_obs(phase="announce", legal=["nosignal"], turn=0))
    server.wait_sent(page, lambda m: m["t"] == "act")
    assert server.acts() == ["nosignal"]
    page2, server2 = open_table(toepen_obs(phase="announce", legal=["whistle", "nosignal"]))
    assert page2.locator("[data-action=nosignal]").is_visible() and server2.acts() == []


def test_a_taken_trick_sweeps_to_its_taker_unless_motion_is_reduced(open_table: Any) -> None:
    trick = [{"seat": 1, "cards": ["KG"], "combo": "single K"}]
    page, server = open_table(tichu_obs(trick=trick, top=trick[0], passes=2, lead=False))
    taken = {"type": "trick_taken", "seat": 1, "cards": ["KG"], "points": 10}
    push(server, {"t": "ev", "v": 6, "events": [taken], "obs": tichu_obs(turn=1)})
    page.wait_for_function("() => window.cardroom.v === 6")
    assert page.locator(".ghost").count() == 0  # reduced motion (the tests): no animation
    page.emulate_media(reduced_motion="no-preference")
    push(server, {"t": "ev", "v": 7, "events": [played(1, ["KG"], "single K")],
                  "obs": tichu_obs(trick=trick, top=trick[0], turn=2, lead=False)})  # fmt: skip
    page.wait_for_function("() => window.cardroom.v === 7")
    push(server, {"t": "ev", "v": 8, "events": [taken], "obs": tichu_obs(turn=1)})
    page.wait_for_selector(".ghost", state="attached")  # a copy flies to Bob's seat …
    page.wait_for_selector(".ghost", state="detached")  # … and is gone in well under a second


OPEN_HANDS = [
    ["MJ", "2G", "3G", "4K", "5K", "6B", "7B", "8R", "9R", "10G", "JG", "QK", "KB", "AR"],
    ["2K", "3K", "4B", "5B", "6R", "7R", "8G", "9G", "10K", "JK", "QB", "KR", "DOG"],
    ["2B", "3B", "4R", "5R", "6G", "7G", "8K", "9K", "10B", "JB", "QR", "KG", "AG", "PHX"],
    ["2R", "3R", "4G", "5G", "6K", "7K", "8B", "9B", "10R", "JR", "QG", "KK", "DRG"],
]
OPEN_TRICK = [
    {"seat": 2, "cards": ["AK", "AB"], "combo": "pair A"},
    {"seat": 3, "cards": ["8G", "9K", "10K", "JK", "QK"], "combo": "straight 8-Q"},
    {"seat": 0, "cards": ["4B", "4G", "4K", "6G", "6R"], "combo": "full house 4"},
    {"seat": 1, "cards": ["JG", "JB"], "combo": "pair J"},
]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_replay_with_all_hands_open_keeps_every_seat_on_the_felt_and_off_the_plays(
    browser: Any, size: str
) -> None:
    """All hands open, a seat's box holds its hand and is tall: the seats across and yours
    reached past the felt's edges (yours over the score below it), and on a phone your box lay
    over your own play. Each seat lies on the felt and off every card played."""
    problems: list[str] = []
    view = PHONE if size == "phone" else WIDE
    page = pages.client_page(browser, problems, f"**/replay/{TABLE}", view, reduced_motion="reduce")
    context = page.context
    sizes = [len(h) for h in OPEN_HANDS]
    obs = tichu_obs(audience="omniscient", hand=None, legal=[], trick=OPEN_TRICK,
                    top=OPEN_TRICK[-1], lead=False, hand_sizes=sizes)  # fmt: skip
    obs["hands"] = OPEN_HANDS
    data = replay_data()
    data["steps"] = [{"v": 1, "kind": "action", "seat": 1, "text": "", "events": [], "obs": obs}]
    page.route(f"**/api/tables/{TABLE}/replay*", lambda r: r.fulfill(json=data))
    page.goto(f"/replay/{TABLE}")
    page.get_by_test_id("replay-step").wait_for()
    shot(page, f"replay-open-hands-{size}.png", full_page=True)
    felt = page.get_by_test_id("board").bounding_box()
    seats = [page.get_by_test_id(f"seat-{s}").bounding_box() for s in range(4)]
    outside = [
        s for s, b in enumerate(seats)
        if b["y"] < felt["y"] or b["y"] + b["height"] > felt["y"] + felt["height"]
    ]  # fmt: skip
    assert outside == [], "seats past the felt's edge"
    cards = [c.bounding_box() for c in page.get_by_test_id("trick").locator(".card").all()]
    assert len(cards) == 14
    covered = [i for i, c in enumerate(cards) if any(meet(c, b) for b in seats)]
    assert covered == [], "cards of the trick under a seat"
    context.close()
    assert not problems, problems


def meet(a: Any, b: Any) -> bool:
    """Whether two bounding boxes overlap (touching edges do not)."""
    return (
        a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]
    )  # fmt: skip
