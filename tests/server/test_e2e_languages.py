"""The room in seven languages, in Debian's Chromium with the browser's locale set (as a visitor's
browser is, no switcher click): the lobby and rules pages from a real server (which picks the
language from Accept-Language), a Tichu table mid-round, its round summary and the replay on the
scripted websocket, Toepen tables in Dutch and Japanese, the switcher on an open table, and the
pseudo-locale (every catalogue text wrapped in ⟦ ⟧) that finds any text not from the catalogue.

Expected texts are the catalogue's own, formatted by the Python side (``cardroom.i18n``), so the
browser's formatter (i18n.js) is checked against Babel's at the same time."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from cardroom import i18n
from cardroom.i18n.icu import placeholders
from cardroom.i18n.narration import say, with_say
from tests.server.chromium import CHROMIUM, DESKTOP, PHONE, WIDE, each_size, shot
from tests.server.test_e2e_browser import LiveServer, live  # noqa: F401  (the live server)

from . import pages
from .pages import SEATS, TABLE, push, tichu_obs
from .test_e2e_table import replay_data, toepen_obs

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

open_table = pages.open_table  # the fixture
LOCALES = {"en": "en-US", "ja": "ja-JP", "ko": "ko-KR", "zh-TW": "zh-TW", "nl": "nl-NL",
           "de": "de-DE", "el": "el-GR"}  # fmt: skip
"""A visitor's browser locale per language the room speaks."""
NAMES = [s["name"] for s in SEATS]


def t(lang: str, key: str, **params: Any) -> str:
    return i18n.translate(lang, key, **params)


def lang_of(page: Any) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def lobby_loaded(page: Any) -> None:
    """Wait until the lobby's lists are in (leaving earlier would abort their requests)."""
    page.locator("[data-testid=finished-list] > *").first.wait_for()
    page.locator("[data-testid=table-list] > p, [data-testid=table-list] > table").first.wait_for()
    page.get_by_test_id("lobby-rules").wait_for()


def new_page(browser: Any, locale: str, base_url: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=DESKTOP, locale=locale, base_url=base_url)
    page = context.new_page()
    problems: list[str] = []
    pages.watch(page, problems)
    return context, page, problems


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_lobby_and_rules_follow_the_browser_language(
    browser: Any,
    live: LiveServer,  # noqa: F811
    lang: str,
) -> None:
    context, page, problems = new_page(browser, LOCALES[lang], live.url)
    page.goto("/")
    lobby_loaded(page)
    assert lang_of(page) == lang
    headings = page.locator("main h2").all_inner_texts()
    for key in ("lobby.quick.title", "lobby.new_table", "lobby.tables"):
        assert t(lang, key) in headings, key
    assert page.get_by_test_id("create-table").inner_text() == t(lang, "lobby.create")
    assert page.get_by_test_id("lang-switch").input_value() == lang
    page.get_by_test_id("house-rules-toggle").click()  # the single options are folded away
    help_text = page.get_by_test_id("help-target_score").inner_text()
    assert help_text.startswith(t(lang, "option.tichu.target_score.help"))
    opening = t(lang, "common.aside", text="", aside="|").split("|")[0]  # " (", "（"
    range_ = help_text.removeprefix(t(lang, "option.tichu.target_score.help"))
    assert range_.startswith(opening), range_
    page.goto("/rules/tichu")
    rules = page.get_by_test_id("rules")
    rules.locator("h1").wait_for()
    assert lang_of(page) == lang
    assert rules.locator("h1").inner_text() == t(lang, "game.tichu")
    text = rules.inner_text()
    for key in ("rules.tichu.special.dragon", "rules.tichu.special.dragon.text",
                "rules.tichu.combo.bomb.text"):  # fmt: skip
        assert t(lang, key) in text, key
    page.get_by_test_id("rules-options").locator("dt").first.wait_for()
    assert t(lang, "option.tichu.target_score") in page.get_by_test_id("rules-options").inner_text()
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_tichu_table_mid_round_and_its_round_summary(open_table: Any, lang: str) -> None:
    trick = [{"seat": 1, "cards": ["7G", "7K"], "combo": "pair 7"}]
    obs = tichu_obs(trick=trick, top=trick[0], turn=2, lead=False, legal=[])
    page, server = open_table(obs, locale=LOCALES[lang], viewport=DESKTOP)
    assert lang_of(page) == lang
    phase = t(lang, "tichu.phase.to_play", who="Cy")
    assert page.get_by_test_id("phase").inner_text() == t(
        lang, "tichu.phase.line", round=1, phase=phase
    )
    played = {"type": "played", "seat": 1, "cards": ["7G", "7K"], "combo": "pair 7"}
    push(server, {"t": "ev", "v": 6, "events": [played], "obs": obs})
    page.wait_for_function("() => window.cardroom.v === 6")
    said = say("tichu", played)
    assert said is not None
    log = page.get_by_test_id("log").locator("li").last
    assert log.text_content() == i18n.render(lang, said, NAMES)
    last = {"points": [-80, 100], "card_points": [20, 80], "out": [1, 3, 0],
            "double_victory": False, "calls": ["", "", "", ""]}  # fmt: skip
    scored = {"type": "round_scored", "round": 1, **last, "scores": [-80, 100]}
    after = tichu_obs(last_round=last, score_sheet=[[-80, 100]], scores=[-80, 100])
    push(server, {"t": "ev", "v": 7, "events": [scored], "obs": after})
    push(server, {"t": "pause", "seconds": 5})
    summary = page.get_by_test_id("round-end")
    summary.wait_for()
    heads = summary.locator(".summary-table th").all_inner_texts()[:4]
    keys = ("team", "card_points", "calls", "round")
    assert heads == [t(lang, f"tichu.summary.{k}") for k in keys]
    cells = summary.get_by_test_id("summary-team-1").locator("td").all_inner_texts()
    assert cells[0] == "80" and cells[2] == "100"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_replay_in_the_browser_language(browser: Any, lang: str) -> None:
    context, page, problems = new_page(browser, LOCALES[lang], "http://t.test")
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route(f"**/replay/{TABLE}", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    page.route(f"**/api/tables/{TABLE}/replay*", lambda r: r.fulfill(json=replay_data()))
    page.goto(f"/replay/{TABLE}")
    page.get_by_test_id("replay-step").wait_for()
    assert lang_of(page) == lang
    first = replay_data()["steps"][0]["events"][0]
    assert page.get_by_test_id("replay-said").inner_text() == i18n.render(lang, first["say"], NAMES)
    assert page.get_by_test_id("replay-next").inner_text() == t(lang, "replay.next")
    assert page.locator("main h2").first.inner_text() == t(lang, "replay.heading", name="old game")
    options = page.get_by_test_id("replay-view").locator("option").all_inner_texts()
    assert options[0] == t(lang, "replay.all_open")
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("lang", ["nl", "ja"])
def test_a_toepen_table_in_dutch_and_japanese(open_table: Any, lang: str) -> None:
    responses = {"knocker": 1, "answers": [], "waiting": [0, 3]}
    obs = toepen_obs(phase="respond", legal=["stay", "fold"], knocker=1, responses=responses)
    page, _ = open_table(obs, locale=LOCALES[lang], viewport=DESKTOP)
    assert lang_of(page) == lang
    assert page.locator("[data-action=stay]").inner_text() == t(lang, "toepen.action.stay")
    assert page.locator("[data-action=fold]").inner_text() == t(lang, "toepen.action.fold")
    assert page.get_by_test_id("stake").locator("small").inner_text() == t(
        lang, "toepen.stake_label"
    )
    assert t(lang, "toepen.phase.respond") in page.get_by_test_id("phase").inner_text()
    waiting = "<waiting>"  # where the list of players still to answer goes
    banner = t(lang, "toepen.knock_banner", who="Bob", waiting=waiting, **{"raise": ""})
    assert page.get_by_test_id("knock-banner").inner_text().startswith(banner.split(waiting)[0])


@pytest.mark.parametrize("lang", ["ja", "zh-TW", "ko"])
def test_a_seats_label_lists_its_parts_as_the_language_writes_them(
    open_table: Any, lang: str
) -> None:
    obs = tichu_obs(calls=["", "", "grand", ""], hand_sizes=[6, 14, 4, 14], turn=2, awaited=[2])
    page, _ = open_table(obs, locale=LOCALES[lang], viewport=DESKTOP)
    assert lang_of(page) == lang
    parts = ["Cy", t(lang, "table.slot.partner"), t(lang, "table.seat.bot"),
             t(lang, "table.seat.cards", count=4), t(lang, "table.seat.called_grand"),
             t(lang, "table.seat.to_move")]  # fmt: skip
    label = page.get_by_test_id("seat-2").get_attribute("aria-label")
    assert label == t(lang, "common.list_sep").join(parts)


@pytest.mark.parametrize("lang", ["ja", "ko", "el"])
def test_a_seats_clock_counts_its_seconds_in_the_readers_words(open_table: Any, lang: str) -> None:
    page, server = open_table(tichu_obs(turn=1, awaited=[1], legal=[]), locale=LOCALES[lang])
    push(server, {"t": "clock", "move": 20, "deadlines": {"1": 12}, "bank": [60] * 4, "away": []})
    clock = page.get_by_test_id("clock-1")
    clock.wait_for()
    shown = clock.inner_text()  # counting down from 12 however slowly the page came up
    assert shown in {t(lang, "table.clock.left", seconds=n) for n in range(13)}, shown


@pytest.mark.parametrize("lang", ["ja", "zh-TW", "de"])
def test_why_a_toepen_hand_ended_is_an_aside_as_the_language_writes_one(
    open_table: Any, lang: str
) -> None:
    """ "Diの勝ち（最後のトリック）", not an English " (…)" after the Japanese."""
    end = {"type": "hand_end", "hand_no": 1, "winner": 3, "reason": "won trick 4",
           "losses": [1, 1, 1, 0]}  # fmt: skip
    last = {key: end[key] for key in ("hand_no", "winner", "reason", "losses")}
    history = [with_say("toepen", end)]
    page, _ = open_table(
        toepen_obs(last_hand=last), locale=LOCALES[lang], viewport=DESKTOP,
        welcome={"history": history},
    )  # fmt: skip
    page.get_by_test_id("tab-score").click()
    said = t(lang, "toepen.wins_hand", who="Di")
    why = t(lang, "toepen.reason.last_trick")
    summary = page.get_by_test_id("round-summary").locator("p.big")
    expect(summary).to_have_text(t(lang, "common.aside", text=said, aside=why))


def test_the_switcher_changes_an_open_tables_language_and_keeps_the_seat(open_table: Any) -> None:
    page, server = open_table(tichu_obs(legal=["pass"], lead=False), locale="en-US")
    assert page.locator("[data-action=pass]").inner_text() == t("en", "tichu.action.pass")
    page.get_by_test_id("lang-switch").select_option("ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.locator("[data-action=pass]").wait_for()
    assert page.locator("[data-action=pass]").inner_text() == t("ja", "tichu.action.pass")
    hellos = [m for m in server.sent if m["t"] == "hello"]
    assert len(hellos) == 2 and hellos[1]["token"] == "tok"  # the same seat reconnected
    page.wait_for_function("() => window.cardroom.mySeat === 0")
    assert page.evaluate("localStorage.getItem('cardroom.lang')") == "ja"
    page.reload()  # remembered
    page.wait_for_function("() => document.documentElement.lang === 'ja'")


# ---- the pseudo-locale: every visible text comes from the catalogue ---------------------------

VISIBLE_TEXT = """root => {
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest("svg, script, style, .lang-switch, [data-card]")) continue;
    if (!el.getClientRects().length || !n.textContent.trim()) continue;
    out.push(n.textContent.trim());
  }
  return out;
}"""
MARKS = r"[\s\d·:/()\[\]\-–—+−.,!?«»◀▶★◆●⚔⌂♥♦♠♣✓✗Σ#|→←…%½♪×❚]|10|[2-9JQKA]"
WORDS = [*NAMES, "old game", "test table", "and"]  # names, and Intl.ListFormat's own "and"
DATA = re.compile(rf"^(?:{MARKS}|{'|'.join(map(re.escape, WORDS))})*$")
"""What may show without coming from the catalogue: seat and table names, numbers, ranks, marks."""


def outside_brackets(text: str) -> str:
    """What of ``text`` is outside every ⟦…⟧ (nested messages nest their brackets)."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if inner == text:
            return text
        text = inner


def strays(texts: list[str]) -> list[str]:
    """Texts with a part outside every ⟦…⟧ that is not data."""
    return [s for s in texts if not DATA.match(outside_brackets(s))]


def test_pseudo_locale_lobby_rules_and_replay_show_only_catalogue_text(
    browser: Any,
    live: LiveServer,  # noqa: F811
) -> None:
    context, page, problems = new_page(browser, "en-US", live.url)
    context.add_init_script("localStorage.setItem('cardroom.lang', 'xx-pseudo')")
    page.goto("/")
    lobby_loaded(page)
    page.get_by_test_id("house-rules-toggle").click()  # show the single options too
    page.get_by_test_id("help-target_score").wait_for()
    assert strays(page.evaluate(VISIBLE_TEXT, page.locator("body").element_handle())) == []
    expect(page.locator("#account")).to_have_attribute("aria-label", "⟦Account⟧")  # read aloud
    for game in ("tichu", "toepen"):
        page.goto(f"/rules/{game}")
        page.get_by_test_id("rules-options").locator("dt").first.wait_for()
        assert strays(page.evaluate(VISIBLE_TEXT, page.locator("body").element_handle())) == []
    page.route(f"**/api/tables/{TABLE}/replay*", lambda r: r.fulfill(json=replay_data()))
    page.goto(f"/replay/{TABLE}")
    page.get_by_test_id("replay-step").wait_for()
    for part in ("header", "main > h2", ".replay-controls", "[data-testid=replay-said]"):
        texts = page.evaluate(VISIBLE_TEXT, page.locator(part).first.element_handle())
        assert strays(texts) == [], part
    context.close()
    assert not problems, problems


def test_the_stray_finder_finds_english() -> None:
    assert strays(["⟦Tables⟧", "Ann", "⟦Round {1}⟧ · ⟦x⟧", "7 / 12"]) == []
    assert strays(["⟦Tables⟧ Loading", "Create"]) == ["⟦Tables⟧ Loading", "Create"]


# ---- one format, two formatters ----------------------------------------------------------------

FORMAT_ALL = """async ([lang, cases]) => {
  const i18n = await import("/static/i18n.js");
  await i18n.loadLanguage(lang);
  return cases.map(([key, params]) => i18n.t(key, params));
}"""


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_browser_formats_every_message_as_python_does(browser: Any, lang: str) -> None:
    """Every catalogue text with 0, 1, 2, 21, 1000 and -12345.5 for each argument (plural and
    ordinal branches, thousands grouped), by i18n.js with Intl in Chromium and by cardroom.i18n
    with Babel: the same words."""
    context, page, problems = new_page(browser, LOCALES[lang], "http://t.test")
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route("http://t.test/", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    page.route("**/api/**", lambda r: r.fulfill(json=[]))
    page.goto("/")
    page.get_by_test_id("lobby").wait_for()
    cases = [
        (key, {name: n for name in placeholders(text)})
        for key, text in i18n.catalogue(lang).items()
        for n in (0, 1, 2, 21, 1000, -12345.5)  # grouped as each language writes it
    ]
    browser_says = page.evaluate(FORMAT_ALL, [lang, cases])
    python_says = [t(lang, key, **params) for key, params in cases]
    differ = [(c, b, p) for c, b, p in zip(cases, browser_says, python_says, strict=True) if b != p]
    assert differ == []
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("game", ["tichu", "toepen"])
def test_pseudo_locale_table_shows_only_catalogue_text(open_table: Any, game: str) -> None:
    trick = [{"seat": 1, "cards": ["7G", "7K"], "combo": "pair 7"}]
    history = [{"type": "played", "seat": 1, "cards": ["7G", "7K"], "combo": "pair 7"}]
    obs = (
        tichu_obs(trick=trick, top=trick[0], turn=0, lead=False, legal=["pass", "play 9G 9K"])
        if game == "tichu"
        else toepen_obs()
    )
    page, _ = open_table(
        obs,
        viewport=DESKTOP,
        welcome={"history": history if game == "tichu" else []},
        storage={"cardroom.lang": "xx-pseudo"},
    )
    for tab in ("tab-log", "tab-score"):
        page.get_by_test_id(tab).click()
        texts = page.evaluate(VISIBLE_TEXT, page.locator("body").element_handle())
        assert strays(texts) == [], (tab, " | ".join(strays(texts)))


TAB_LINES = """() => [...document.querySelectorAll('[role=tab], .tab')].map(tab => {
  const range = document.createRange();
  range.selectNodeContents(tab);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [tab.textContent, tops.size];
})"""


@pytest.mark.parametrize("lang", ["ja", "ko", "zh-TW", "de"])
def test_a_refused_sign_in_or_sign_up_says_why_in_the_readers_language(
    browser: Any,
    live: LiveServer,  # noqa: F811
    lang: str,
) -> None:
    """The server's reason comes with a code; the account strip and the profile page say it
    in the reader's language (they showed the server's English)."""
    context, page, problems = new_page(browser, LOCALES[lang], live.url)
    page.goto("/")
    page.get_by_test_id("sign-in").click()
    name = page.get_by_test_id("account-field-name")
    message = page.get_by_test_id("account-message")
    name.fill(f"nobody-{lang}")
    page.get_by_test_id("account-field-password").fill("not the password")
    page.get_by_test_id("sign-in-submit").click()
    expect(message).to_have_text(t(lang, "account.error.wrong"))
    name.fill("x")
    page.get_by_test_id("sign-up-submit").click()
    expect(message).to_have_text(t(lang, "account.error.name", min=3, max=24))
    page.goto("/p/nobody-at-all")
    missing = t(lang, "account.error.no_player", name="nobody-at-all")
    expect(page.get_by_test_id("message")).to_have_text(missing)
    context.close()
    assert [p for p in problems if "Failed to load resource" not in p] == []


FINISHED = "2026-03-05T18:30:00+00:00"
BOT_PROFILE = {
    "name": "bot:heuristic", "kind": "bot", "ratings": {}, "stats": {}, "history": {},
    "recent": [{"table": TABLE, "finished_at": FINISHED, "game": "tichu",
                "rated": False, "result": "won", "left_early": False, "display": None,
                "seats": [{"name": "Ann"}], "replay": f"/replay/{TABLE}"}],
}  # fmt: skip


def test_a_profile_in_the_chosen_language_not_the_browsers(browser: Any) -> None:
    """A reader who chose Japanese on an English browser: the bot badge and the match dates are
    Japanese too (they were "bot" and the browser's own date format)."""
    context, page, problems = new_page(browser, "en-US", "http://t.test")
    context.add_init_script("localStorage.setItem('cardroom.lang', 'ja')")
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route("http://t.test/p/*", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    page.route("**/api/players/*", lambda r: r.fulfill(json=BOT_PROFILE))
    page.goto("/p/bot:heuristic")
    page.get_by_test_id(f"recent-{TABLE}").wait_for()
    shot(page, "looks-profile-ja.png")
    badge = page.get_by_test_id("profile-name").locator(".badge").inner_text()
    assert badge.strip() == t("ja", "table.seat.bot")
    when = page.get_by_test_id(f"recent-{TABLE}").locator("td").first.inner_text()
    assert when == page.evaluate(
        "v => new Intl.DateTimeFormat('ja', {dateStyle: 'medium', timeStyle: 'short'})"
        ".format(new Date(v))",
        FINISHED,
    )
    context.close()
    assert not problems, problems


LONG_NAME = "Χαράλαμπος_Παπαδόπουλος"
PLAYER_PROFILE = {
    "name": LONG_NAME, "kind": "human",
    "ratings": {"tichu": {"display": 1470.0, "uncertainty": 163.9, "games": 1, "wins": 0,
                          "rank": 5}},
    "stats": {"tichu": {"matches": 1, "won": 0, "rounds": 1, "tichu_called": 0, "tichu_made": 0,
                        "grand_called": 0, "grand_made": 0, "double_victories": 0, "bombs": 0,
                        "partners": [{"name": "bot:random", "games": 1, "won": 0}],
                        "opponents": [{"name": "bot:heuristic", "games": 1, "won": 0},
                                      {"name": "bot (search)", "games": 1, "won": 0}]}},
    "history": {"tichu": [{"at": FINISHED, "display": 1470.0}]},
    "recent": [{"table": TABLE, "finished_at": FINISHED, "game": "tichu", "rated": True,
                "result": "loss", "left_early": True, "display": 1470.0,
                "replay": f"/replay/{TABLE}",
                "seats": [{"name": LONG_NAME, "player": LONG_NAME},
                          {"name": "bot (heuristic)", "player": "bot:heuristic"},
                          {"name": "bot (random)", "player": "bot:random"},
                          {"name": "bot (heuristic)", "player": "bot:heuristic"}]}],
}  # fmt: skip
LINES = """el => { const range = document.createRange(); range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; }"""


@pytest.mark.parametrize("lang", ["en", "ja", "ko", "zh-TW", "de", "el"])
def test_a_profile_reads_whole_words_in_every_language(browser: Any, lang: str) -> None:
    """A long name and a rated match someone left early: the page never scrolls sideways (the
    name overflowed a phone), Replay and the game and result (負け) stay whole words (Replay
    broke letter by letter), one rated match is one (not "1 rated matches"), and the bots at
    the match and among the opponents are named in the reader's language (they read
    "bot (heuristic)" everywhere)."""
    context = browser.new_context(viewport=DESKTOP, base_url="http://t.test")
    context.add_init_script(f"localStorage.setItem('cardroom.lang', '{lang}')")
    page = context.new_page()
    problems: list[str] = []
    pages.watch(page, problems)
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route("http://t.test/p/*", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    page.route("**/api/players/*/duplicate*", lambda r: r.fulfill(json={
        "name": LONG_NAME, "challenges": [], "challenges_from": 0, "challenges_total": 0,
        "events": [], "events_from": 0, "events_total": 0, "page": 20}))  # fmt: skip
    page.route(f"**/api/players/{quote(LONG_NAME)}", lambda r: r.fulfill(json=PLAYER_PROFILE))
    page.goto(f"/p/{LONG_NAME}")
    row = page.get_by_test_id(f"recent-{TABLE}")
    row.wait_for()
    recent = page.get_by_test_id("recent")
    cells = row.locator("td")
    for size, _view in each_size(page):
        shot(page, f"profile-{lang}-{size}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), size
        assert recent.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
        for cell in (cells.nth(1).locator(".word"), cells.nth(2).locator(".word"), cells.last):
            assert cell.evaluate(LINES) == 1, (size, cell.inner_text())
    left = t(lang, "common.aside", text="", aside=t(lang, "players.left_early"))  # "（途中退出）"
    assert cells.nth(2).text_content() == t(lang, "players.loss") + left
    rating = page.get_by_test_id("profile-tichu").locator(".rating").inner_text()
    assert t(lang, "players.rated_matches", games=1, wins=0) in rating
    if lang == "en":
        assert "1 rated match, 0 won" in rating
    bots = [
        t(lang, "players.bot_seat", level=t(lang, f"bot.name.{level}"))
        for level in ("heuristic", "random")
    ]
    assert cells.nth(4).text_content() == t(lang, "common.list_sep").join([*bots, bots[0]])
    opponents = page.get_by_test_id("profile-tichu").locator(".records > div").last
    search = t(lang, "bot.name.search")
    assert t(lang, "players.bot_seat", level=search) in opponents.inner_text()
    context.close()
    assert not problems, problems


RATED = ["山田花子", "Donaudampfschifffahrt", LONG_NAME, "김민준"]
BOARD = {"game": "tichu", "kind": "human", "offset": 0, "players": [
    {"rank": i + 1, "name": name, "kind": "human", "display": 1486.0 - 4 * i,
     "uncertainty": 164.0, "games": 1, "wins": 0} for i, name in enumerate(RATED)]}  # fmt: skip


@pytest.mark.parametrize("lang", ["ja", "ko", "zh-TW", "de", "el", "nl"])
def test_the_leaderboards_headings_break_only_between_words_on_a_phone(
    browser: Any, lang: str
) -> None:
    """The leaderboard's headings broke inside their words on a phone (レーティン|グ, 対|戦,
    勝|ち): each stays whole, or breaks at its spaces, and the page never scrolls sideways."""
    problems: list[str] = []
    page = pages.client_page(browser, problems, "**/leaderboard", PHONE, lang)
    context = page.context
    page.route("**/api/leaderboard*", lambda r: r.fulfill(json=BOARD))
    page.goto("/leaderboard")
    page.get_by_test_id("board").wait_for()
    shot(page, f"leaderboard-{lang}-phone.png")
    heads = page.get_by_test_id("board").locator("th")
    words = {h.inner_text(): h.evaluate(LINES) for h in heads.all()}
    assert [text for text, lines in words.items() if lines > len(text.split())] == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
    assert not problems, problems


RUNNING = [
    {"id": "R1", "name": "Stammtisch der Donaudampfschifffahrtsgesellschaft", "game": "toepen",
     "status": "running", "private": True, "clock": {"move": 30, "bank": 60},
     "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "empty"}, {"kind": "human"}]},
    {"id": "R2", "name": "山田花子のテーブル", "game": "tichu", "status": "open",
     "seats": [{"kind": "human"}, {"kind": "empty"}, {"kind": "empty"}, {"kind": "empty"}]},
]  # fmt: skip
FINISHED_TABLES = [
    {"id": f"F{i}", "name": name, "game": game, "status": "finished", "finished_at": FINISHED,
     "replay": f"/replay/F{i}"}
    for i, (name, game) in enumerate([("rated Χαράλαμπος_Παπαδόπουλος", "tichu"),
                                      ("Überprüfungstisch", "toepen"), ("demo", "tichu")])
]  # fmt: skip


LINE_STARTS = """root => { const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let prev = null;
    for (let i = 0; i < node.textContent.length; i++) {
      const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      if (prev && box.top > prev.top + 2) out.push(prev.char + node.textContent[i]);
      prev = {char: node.textContent[i], top: box.top};
    }
  }
  return out; }"""
NEVER_FIRST = set("ーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ、。）」』")
"""What a Japanese line never starts with (strict line breaking)."""


def hangul(char: str) -> bool:
    return "\uac00" <= char <= "\ud7a3"


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_japanese_and_korean_lines_break_where_their_scripts_allow(
    open_table: Any, lang: str
) -> None:
    """On a phone, where texts wrap most: a Japanese line never starts with ー or a small kana
    (ティチュ|ー), a Korean line breaks between words, never inside one (스|몰, 대|기, 사|람이):
    in the round summary, and at a Toepen table's knock (its banner and the scoreboard)."""
    last = {"points": [-80, 300], "card_points": [20, 80], "out": [1, 3, 0],
            "double_victory": False, "calls": ["tichu", "", "grand", ""]}  # fmt: skip
    page, server = open_table(tichu_obs(turn=2, legal=[]), locale=LOCALES[lang], viewport=PHONE,
                              seats=LONG_SEATS)  # fmt: skip
    scored = {"type": "round_scored", "round": 2, **last, "scores": [120, 500]}
    after = tichu_obs(last_round=last, score_sheet=[[200, 200], [-80, 300]], scores=[120, 500])
    push(server, {"t": "ev", "v": 6, "events": [scored], "obs": after})
    push(server, {"t": "pause", "seconds": 30})
    page.get_by_test_id("round-end").wait_for()
    starts = page.get_by_test_id("round-end").evaluate(LINE_STARTS)
    responses = {"knocker": 1, "answers": [], "waiting": [0, 3]}
    obs = toepen_obs(phase="respond", legal=["stay", "fold"], knocker=1, responses=responses,
                     trick=[{"seat": 1, "card": "AH"}, {"seat": 2, "card": "10D"}])  # fmt: skip
    toepen, _ = open_table(obs, locale=LOCALES[lang], viewport=PHONE, seats=LONG_SEATS)
    for part in ("knock-banner", "scoreboard"):
        starts += toepen.get_by_test_id(part).evaluate(LINE_STARTS)
    if lang == "ja":
        assert [pair for pair in starts if pair[1] in NEVER_FIRST] == []
    else:
        assert [pair for pair in starts if hangul(pair[0]) and hangul(pair[1])] == []


@pytest.mark.parametrize("lang", ["en", "de", "el", "ja", "ko"])
def test_the_banners_in_the_middle_keep_clear_of_the_seats_and_cards(
    open_table: Any, lang: str
) -> None:
    """The middle of the felt is small: on a phone a knock's banner (with who is still to
    answer) lay over both side seats, the stake over the left player's card, and "… is bombing"
    over the side seats' names; on a desktop a Greek knock's banner pushed the stake over the
    card played across. The banners and the stake keep clear of every seat and of Toepen's
    cards (all but yours played); the cards of the trick lie clear of the seats."""
    responses = {"knocker": 1, "answers": [], "waiting": [0, 3]}
    trick = [{"seat": s, "card": c} for s, c in ((1, "AH"), (2, "10D"), (3, "7S"))]
    obs = toepen_obs(phase="respond", legal=["stay", "fold"], knocker=1, responses=responses,
                     trick=trick, awaited=[0, 3])  # fmt: skip
    page, _ = open_table(obs, locale=LOCALES[lang], seats=LONG_SEATS)
    for size, _view in each_size(page):
        shot(page, f"toepen-knock-{lang}-{size}.png")
        seats = [page.locator(".seat").nth(i).bounding_box() for i in range(4)]
        cards = [c.bounding_box() for c in page.get_by_test_id("trick").locator(".card").all()]
        middle = [page.get_by_test_id(i).bounding_box() for i in ("knock-banner", "stake")]
        assert [b for b in middle if any(meet(b, o) for o in seats + cards)] == [], size
        assert [b for b in cards if any(meet(b, o) for o in seats)] == [], size
    tichu, server = open_table(tichu_obs(turn=1, awaited=[1], legal=[]), locale=LOCALES[lang],
                               seats=LONG_SEATS)  # fmt: skip
    push(server, {"t": "hold", "seat": 3})
    hold = tichu.get_by_test_id("hold")
    hold.wait_for()
    for size, _view in each_size(tichu):
        shot(tichu, f"tichu-hold-{lang}-{size}.png")
        seats = [tichu.locator(".seat").nth(i).bounding_box() for i in range(4)]
        assert not any(meet(hold.bounding_box(), o) for o in seats), size


def meet(a: Any, b: Any) -> bool:
    """Whether two bounding boxes overlap (touching edges do not)."""
    return (
        a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]
    )  # fmt: skip


OVER_THEIR_CONTROLS = """() => [...document.querySelectorAll('.opt')].flatMap(opt => {
  const label = opt.querySelector('label'), control = opt.querySelector('input, select');
  const range = document.createRange(); range.selectNodeContents(label);
  const right = Math.max(...[...range.getClientRects()].map(r => r.right));
  return right > control.getBoundingClientRect().left - 4 ? [label.textContent] : []; })"""


@pytest.mark.parametrize("lang", ["en", "ja", "ko", "zh-TW", "de", "el"])
def test_the_lobby_lists_fit_a_phone_with_whole_words(browser: Any, lang: str) -> None:
    """The lobby on a phone: the page never scrolls sideways (the finished tables' dates pushed
    it past the screen), a game's name, a status and Replay each stay one line (ツーペン stood
    one letter a line), and an option's name keeps clear of its control (Mindestwartezeit
    touched it)."""
    problems: list[str] = []
    page = pages.client_page(browser, problems, "http://t.test/", PHONE, lang)
    context = page.context
    page.route("**/api/games", lambda r: r.fulfill(json=pages.GAMES))
    page.route("**/api/tables", lambda r: r.fulfill(json=RUNNING))
    page.route("**/api/tables/finished", lambda r: r.fulfill(json=FINISHED_TABLES))
    page.goto("/")
    page.get_by_test_id("finished-row-F2").wait_for()
    page.get_by_test_id("table-row-R2").wait_for()
    shot(page, f"lobby-lists-{lang}-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    for row in ("table-row-R1", "table-row-R2", "finished-row-F0", "finished-row-F1"):
        cells = page.get_by_test_id(row).locator("td")
        whole = [cells.nth(1), cells.last] + ([cells.nth(4)] if row.startswith("table") else [])
        assert [c.inner_text() for c in whole if c.evaluate(LINES) > 1] == [], row
    over = page.evaluate(OVER_THEIR_CONTROLS)
    assert over == [], f"labels running into their controls: {over}"
    context.close()
    assert not problems, problems


NAMED_LEVELS = ("beginner", "casual", "strong", "expert")


REVIEW = {"state": "done", "review": {"decisions": [], "summary": {"unit": "points", "seats": [
    {"round": 1, "seat": 0, "decisions": 20, "unforced": 9, "loss": 175.3, "accuracy": 99.6,
     "labels": {"blunder": 0, "inaccuracy": 2, "mistake": 1}}]}}}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja", "ko", "zh-TW", "de", "el", "nl"])
def test_a_reviews_summary_counts_each_kind_of_mistake_in_the_readers_words(
    browser: Any, lang: str
) -> None:
    """One mistake and two inaccuracies are counted as the language counts them ("2 inaccuracy"
    and "2 ανακρίβεια" were singular, 不正確 came after its number), with its separator."""
    context, page, problems = new_page(browser, LOCALES[lang], "http://t.test")
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route(f"**/replay/{TABLE}*", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    page.route(f"**/api/tables/{TABLE}/replay*", lambda r: r.fulfill(json=replay_data()))
    page.route(f"**/api/tables/{TABLE}/review*", lambda r: r.fulfill(json=REVIEW))
    page.goto(f"/replay/{TABLE}?review=0")
    summary = page.get_by_test_id("review-summary")
    summary.wait_for()
    counts = [t(lang, "review.count.mistake", n=1), t(lang, "review.count.inaccuracy", n=2)]
    assert summary.inner_text().endswith(" · " + t(lang, "common.list_sep").join(counts))
    if lang == "en":
        assert summary.inner_text().endswith("1 mistake, 2 inaccuracies")
        assert summary.inner_text().startswith("Accuracy 99%")  # 100 only when nothing was lost
    context.close()
    assert not problems, problems


FAILED = {"state": "failed", "error": "the review failed (RuntimeError)"}
LOSS = {"de": "175,3", "el": "175,3", "ja": "175.3"}


@pytest.mark.parametrize("lang", LOSS)
def test_a_reviews_points_and_its_failure_read_in_the_readers_language(
    browser: Any, lang: str
) -> None:
    """The points lost had a decimal point in every language (175.3 in German), and a review
    that failed said so in the server's English, its exception's name included."""
    context, page, problems = new_page(browser, LOCALES[lang], "http://t.test")
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route(f"**/replay/{TABLE}*", lambda r: r.fulfill(body=html, content_type="text/html"))
    pages.serve_client_files(page)
    page.route(f"**/api/tables/{TABLE}/replay*", lambda r: r.fulfill(json=replay_data()))
    answer = {"json": REVIEW}
    page.route(f"**/api/tables/{TABLE}/review*", lambda r: r.fulfill(json=answer["json"]))
    page.goto(f"/replay/{TABLE}?review=0")
    expect(page.get_by_test_id("review-summary")).to_contain_text(LOSS[lang])
    answer["json"] = FAILED
    page.reload()
    expect(page.get_by_test_id("review-error")).to_have_text(t(lang, "review.failed"))
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("lang", ["ja", "ko", "zh-TW", "de", "el", "nl"])
def test_the_levels_people_choose_are_named_in_the_readers_language(
    browser: Any,
    live: LiveServer,  # noqa: F811
    lang: str,
) -> None:
    """Quick play's and a new table's bot levels: beginner … expert were English words in
    every language (every other level's name: test_e2e_names)."""
    context, page, problems = new_page(browser, LOCALES[lang], live.url)
    page.goto("/")
    lobby_loaded(page)
    words = [t(lang, f"bot.name.{level}") for level in NAMED_LEVELS]
    for select in ("quick-level", "lobby-bot-level"):
        options = page.get_by_test_id(select).locator("option")
        expect(options.first).to_have_text(words[0])
        shown = {o.get_attribute("value"): o.inner_text() for o in options.all()}
        assert [shown[level] for level in NAMED_LEVELS] == words, select
        expect(page.get_by_test_id(select)).to_have_value("casual")  # both offer the same bot
    context.close()
    assert not problems, problems


HEAD_LINES = """() => [...document.querySelectorAll('[data-testid=round-end] tr:first-child th')]
  .map(th => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [th.textContent, tops.size];
})"""


LONG_NAMES = ["Ann", "Jürgen-Σπύρος", "Cleo", "Ωmega-右の人さん"]
LONG_SEATS = [{**seat, "name": name} for seat, name in zip(SEATS, LONG_NAMES, strict=True)]
INSIDE = """overlay => { const box = overlay.getBoundingClientRect();
  return [...overlay.querySelectorAll('.summary-table th, .summary-table td')]
    .filter(cell => cell.getBoundingClientRect().right > box.right + 0.5)
    .map(cell => cell.textContent); }"""


@pytest.mark.parametrize("lang", ["de", "el", "ja", "ko", "zh-TW", "nl", "en"])
def test_the_round_summary_with_its_calls_fits_a_phone(open_table: Any, lang: str) -> None:
    """With two failed calls and long names, the summary's table reached past the side of its
    box on a phone (German: its Round column, the round's points, were cut off): every cell
    lies inside the box, which needs no sideways scrolling. Its column headings broke inside
    the word (宣|言, ラウン|ド, 선|언): a heading stays whole, or breaks at its spaces."""
    last = {"points": [-80, 300], "card_points": [20, 80], "out": [1, 3, 0],
            "double_victory": False, "calls": ["tichu", "", "grand", ""]}  # fmt: skip
    obs = tichu_obs(turn=2, legal=[])
    page, server = open_table(obs, locale=LOCALES[lang], viewport=PHONE, seats=LONG_SEATS)
    scored = {"type": "round_scored", "round": 2, **last, "scores": [120, 500]}
    after = tichu_obs(last_round=last, score_sheet=[[200, 200], [-80, 300]], scores=[120, 500])
    push(server, {"t": "ev", "v": 6, "events": [scored], "obs": after})
    push(server, {"t": "pause", "seconds": 30})
    summary = page.get_by_test_id("round-end")
    summary.wait_for()
    shot(page, f"round-summary-calls-{lang}-phone.png")
    assert summary.evaluate(INSIDE) == []
    assert summary.evaluate("e => e.scrollWidth <= e.clientWidth")
    total = summary.get_by_test_id("summary-team-0").locator("td.total")
    assert total.inner_text() == "-80" and total.is_visible()
    lines = page.evaluate(HEAD_LINES)
    assert lines and [name for name, n in lines if n > len(name.split())] == []


@pytest.mark.parametrize("lang", ["el", "de", "nl", "ko", "ja", "zh-TW"])
def test_the_side_panels_tabs_and_score_summary_fit_it(open_table: Any, lang: str) -> None:
    """On a desktop the Score tab's summary of the last round reached past the side panel's
    edge in Greek (its Round column, the round's points, were cut off): every cell lies inside
    the panel, which needs no sideways scrolling. Five tabs share the panel: at both sizes a
    tab's name is never broken inside a word (ja チャッ|ト, zh-TW 未出的|牌 were, with every
    tab the same width whatever its name)."""
    last = {"points": [-80, 300], "card_points": [20, 80], "out": [1, 3, 0],
            "double_victory": False, "calls": ["tichu", "", "grand", ""]}  # fmt: skip
    page, server = open_table(tichu_obs(turn=2, legal=[]), locale=LOCALES[lang], viewport=WIDE)
    scored = {"type": "round_scored", "round": 2, **last, "scores": [120, 500]}
    after = tichu_obs(last_round=last, score_sheet=[[200, 200], [-80, 300]], scores=[120, 500])
    push(server, {"t": "ev", "v": 6, "events": [scored], "obs": after})
    page.get_by_test_id("tab-score").click()
    panel = page.get_by_test_id("score-panel")
    panel.locator(".summary-table").first.wait_for()
    assert panel.evaluate(INSIDE) == []
    assert panel.evaluate("e => e.scrollWidth <= e.clientWidth")
    for size, _view in each_size(page):  # on a phone the panel stays open, with its close button
        lines = page.evaluate(TAB_LINES)
        assert lines and all(n for _name, n in lines), f"{size}: a tab is not shown"
        assert [name for name, n in lines if n > len(name.split())] == [], size
        row = page.locator(".tabs").evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert row[0] <= row[1], f"{size}: the tabs are wider than the panel"


WHOLE = "e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1"


@pytest.mark.parametrize("lang", ["el", "de", "nl", "ja", "ko", "zh-TW"])
def test_the_phase_line_reads_whole_on_a_phone(open_table: Any, lang: str) -> None:
    """On a phone the phase line gave way to the badges and buttons beside it and lost its point
    ("Γύρος 1 · Ανταλλ…", "ラウンド1・ラージティチュー？…"): it may take two lines, and a
    connection that is fine is a dot rather than a word."""
    exchange = tichu_obs(phase="exchange", legal=["exchange 5B to 1"], turn=None, lead=False)
    page, server = open_table(exchange, locale=LOCALES[lang], viewport=PHONE)
    phase = page.get_by_test_id("phase")
    expect(phase).to_contain_text(t(lang, "tichu.phase.exchange"))
    assert phase.evaluate(WHOLE), phase.inner_text()
    dragon = tichu_obs(phase="dragon", legal=["give-dragon 1", "give-dragon 3"], turn=0)
    push(server, {"t": "ev", "v": 6, "events": [], "obs": dragon})
    expect(phase).not_to_contain_text(t(lang, "tichu.phase.exchange"))  # the Dragon's gift
    assert phase.evaluate(WHOLE), phase.inner_text()


@pytest.mark.parametrize("lang", ["ko", "el"])
def test_a_message_at_the_table_reads_whole_on_a_phone(open_table: Any, lang: str) -> None:
    """On a phone the table's message (why a seat or a table was refused) ran on one line past
    the screen's edge: it takes its own line and wraps inside the screen."""
    page, _ = open_table(tichu_obs(), locale=LOCALES[lang], viewport=PHONE)
    why = t(lang, "table.error.name_first")
    page.evaluate("text => window.cardroom.say(text)", t(lang, "table.error.load", id="wko3WgRx",
                                                         reason=why))  # fmt: skip
    message = page.get_by_test_id("message")
    expect(message).to_contain_text(why)
    box = message.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert message.evaluate("e => e.scrollWidth <= e.clientWidth")


@pytest.mark.parametrize("lang", ["el", "de", "nl", "ja"])
def test_the_last_trick_button_keeps_clear_of_the_partner_on_a_phone(
    open_table: Any, lang: str
) -> None:
    """On a phone the last-trick button ("τελευταία χαρτωσιά") lay over the partner's seat and
    hid its relation ("συμπαίκτης")."""
    history = [
        {"type": "played", "seat": 1, "cards": ["5G"], "combo": "single 5", "phoenix_as": None},
        {"type": "passed", "seat": 2},
        {"type": "passed", "seat": 3},
        {"type": "trick_taken", "seat": 1, "cards": ["5G"], "points": 5},
    ]  # fmt: skip
    page, _ = open_table(tichu_obs(), locale=LOCALES[lang], viewport=PHONE,
                         welcome={"history": history})  # fmt: skip
    button = page.get_by_test_id("last-trick-button").bounding_box()
    for seat in range(4):
        b, o = button, page.get_by_test_id(f"seat-{seat}").bounding_box()
        apart = (b["x"] + b["width"] <= o["x"] or o["x"] + o["width"] <= b["x"]
                 or b["y"] + b["height"] <= o["y"] or o["y"] + o["height"] <= b["y"])  # fmt: skip
        assert apart, (seat, b, o)


def test_an_events_bot_teams_are_named_in_the_readers_language(
    browser: Any,
    live: LiveServer,  # noqa: F811
) -> None:
    """A new event's teams are bots until people join: "bots (random)" was English on every
    page; the list of teams and the standings now name them in the reader's language."""
    context, page, problems = new_page(browser, "ja-JP", live.url)
    page.goto("/event")
    page.get_by_test_id("event-name").fill("金曜デュプリケート")
    page.get_by_test_id("event-teams").fill("2")
    page.get_by_test_id("event-boards").fill("1")
    page.get_by_test_id("event-level").select_option("random")
    page.get_by_test_id("event-create").click()
    bots = t("ja", "event.bots", level=t("ja", "bot.name.random"))
    expect(page.get_by_test_id("event-row").first).to_contain_text(bots)
    expect(page.get_by_test_id("event-teams-list").locator("li").first).to_contain_text(bots)
    shot(page, "looks-event-ja.png")
    context.close()
    assert not problems, problems


def test_an_events_teams_and_directions_read_in_the_readers_language(
    browser: Any,
    live: LiveServer,  # noqa: F811
) -> None:
    """The wire's team codes (T1) and directions (NS, EW) were shown as they are: the list of
    teams, the standings and your tables now say them in the reader's words."""
    context, page, problems = new_page(browser, "ja-JP", live.url)
    page.goto("/event")
    page.get_by_test_id("event-name").fill("金曜デュプリケート")
    page.get_by_test_id("event-teams").fill("2")
    page.get_by_test_id("event-boards").fill("2")
    page.get_by_test_id("event-create").click()
    page.get_by_test_id("join-T1").click()
    page.get_by_test_id("event-start").click()
    yours = page.get_by_test_id("event-your-tables").locator("li")
    yours.first.wait_for()
    directions = {t("ja", f"event.direction.{d}") for d in ("NS", "EW")}
    boards = {
        t("ja", "event.board_direction", board=b, direction=d) for b in (1, 2) for d in directions
    }
    assert {text.strip() for text in yours.all_inner_texts()} <= {
        f"{b} {t('ja', 'event.play')}" for b in boards
    }
    team = t("ja", "event.team_n", n=1)
    expect(page.get_by_test_id("event-teams-list").locator("li").first).to_have_text(
        re.compile(rf"^{re.escape(team)}: ")
    )
    expect(page.get_by_test_id("event-row").first).to_contain_text(f"{team} · ")
    shot(page, "looks-event-started-ja.png")
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("path", ["/", "/leaderboard", "/challenge", "/event", "/rules/toepen"])
def test_every_page_offers_the_same_links_and_the_language_switcher(
    browser: Any,
    live: LiveServer,  # noqa: F811
    path: str,
) -> None:
    """The duplicate event page had no language switcher, and the rules, challenge and event
    pages lacked the lobby's links: every page has the same header (nav.js)."""
    context, page, problems = new_page(browser, "en-US", live.url)
    page.goto(path)
    links = page.get_by_test_id("site-nav").locator("a")
    expect(links).to_have_text(
        ["cardroom", "Tichu rules", "Toepen rules", "Daily challenge", "Duplicate event"]
    )
    page.get_by_test_id("lang-switch").select_option("ko")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.get_by_test_id("lang-switch")).to_have_value("ko")
    page.wait_for_load_state("networkidle")
    context.close()
    assert not problems, problems


def test_a_refused_lobby_request_says_why_in_the_readers_language(
    browser: Any,
    live: LiveServer,  # noqa: F811
) -> None:
    """The lobby's and the challenge page's refusals come with a code; the page says them in the
    reader's language (they showed the server's English): a rated table asked for without
    signing in, the results of a daily challenge not yet begun."""
    lang = "ja"
    context, page, problems = new_page(browser, LOCALES[lang], live.url)
    page.goto("/")
    lobby_loaded(page)
    page.get_by_test_id("flag-rated").check()
    page.get_by_test_id("create-table").click()
    why = t(lang, "lobby.error.rated_sign_in")
    expect(page.get_by_test_id("message")).to_have_text(t(lang, "lobby.create_failed", reason=why))
    shot(page, f"looks-lobby-error-{lang}.png")
    page.goto("/challenge/2999-01-01")
    expect(page.get_by_test_id("message")).to_have_text(t(lang, "lobby.error.day_not_begun"))
    context.close()
    assert [p for p in problems if "Failed to load resource" not in p] == []


@pytest.mark.parametrize("lang", ["en", "el", "ja"])
def test_a_first_days_challenge_says_there_are_no_past_ones(
    browser: Any,
    live: LiveServer,  # noqa: F811
    lang: str,
) -> None:
    """On a room's first day the "Past challenges" heading stood over nothing: it says none."""
    context, page, problems = new_page(browser, LOCALES[lang], live.url)
    page.goto("/challenge")
    expect(page.get_by_test_id("challenge-no-days")).to_have_text(t(lang, "challenge.noPastDays"))
    context.close()
    assert not problems, problems
