"""What a reader meets in their own language, in Debian's Chromium on scripted pages: every bot
level the server offers by its name (the new-table form, quick play, a seat's badge and level
choice, the daily challenge, an event, the leaderboard and a bot's profile), the special cards'
corner labels, the daily challenge's days in the reader's format, and the exchange's marks on a
phone's hand."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from cardroom import i18n
from cardroom.bots import bot_levels
from tests.server.chromium import CHROMIUM, PHONE, SIZES, WIDE, each_size, shot

from . import pages
from .pages import SEATS, tichu_obs

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]

open_table = pages.open_table  # the fixture
GAMES = [
    {"name": game, "options": {}, "bot_levels": list(bot_levels(game))}
    for game in ("tichu", "toepen")
]
"""GET /api/games with the levels the server really offers."""


def t(lang: str, key: str, **params: Any) -> str:
    return i18n.translate(lang, key, **params)


def level_name(lang: str, level: str) -> str:
    """A level's name as the page should show it: its base level's, with its argument."""
    base, _, arg = level.partition(":")
    name = t(lang, f"bot.name.{base}")
    return t(lang, "bot.name.with_arg", name=name, arg=arg) if arg else name


def options(page: Any, testid: str) -> dict[str, str]:
    """A select's options: value -> shown text."""
    found = page.get_by_test_id(testid).locator("option")
    found.first.wait_for(state="attached")
    return {o.get_attribute("value"): o.inner_text() for o in found.all()}


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_every_level_in_the_lobby_has_a_name_in_the_readers_language(
    browser: Any, lang: str
) -> None:
    """The new-table form and quick play named only beginner … expert; every other level the
    server offers (heuristic, random, search, bomber …, and all of Toepen's) showed its raw id
    in every language."""
    problems: list[str] = []
    page = pages.client_page(browser, problems, "http://t.test/", WIDE, lang)
    page.route("**/api/games", lambda r: r.fulfill(json=GAMES))
    page.route("**/api/tables", lambda r: r.fulfill(json=[]))
    page.route("**/api/tables/finished", lambda r: r.fulfill(json=[]))
    page.goto("/")
    for game in ("tichu", "toepen"):
        page.get_by_test_id("game-select").select_option(game)
        levels = list(bot_levels(game))
        expect(page.get_by_test_id("lobby-bot-level").locator("option")).to_have_count(len(levels))
        shown = options(page, "lobby-bot-level")
        assert shown == {level: level_name(lang, level) for level in levels}, game
        assert not set(shown.values()) & set(levels), game  # no raw id left
    quick = options(page, "quick-level")
    assert quick == {level: level_name(lang, level) for level in quick}
    assert len(quick) > 4  # the named levels and the others
    shot(page, f"names-lobby-{lang}.png", full_page=True)
    page.context.close()
    assert not problems, problems


BOT_SEATS = [
    {"seat": 0, "name": "Ann", "kind": "human", "online": True},
    {"seat": 1, "name": "Bob", "kind": "bot", "level": "search:n=30", "online": True},
    {"seat": 2, "name": "Cy", "kind": "bot", "level": "bomber", "online": True},
    {"seat": 3, "name": "Di", "kind": "bot", "level": "heuristic-v1", "online": True},
]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_seats_bot_level_reads_as_its_name(
    open_table: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A bot's badge said "· search:n=30"; the owner's level choice listed raw ids. A level with
    an argument reads as its base level's name with the argument."""
    monkeypatch.setattr(pages, "GAMES", GAMES)
    page, _ = open_table(tichu_obs(), seats=BOT_SEATS, storage={"cardroom.lang": lang})
    for info in BOT_SEATS[1:]:
        badge = page.get_by_test_id(f"bot-badge-{info['seat']}")
        expect(badge.locator(".lvl")).to_have_text(f" · {level_name(lang, info['level'])}")
    assert level_name("en", "search:n=30") == "Simulator (n=30)"
    shot(page, f"names-badges-{lang}.png")
    owner, _ = open_table(
        tichu_obs(), seats=BOT_SEATS, viewport=WIDE,
        storage={"cardroom.lang": lang, f"cardroom.owner.{pages.TABLE}": "own"},
    )  # fmt: skip
    owner.get_by_test_id("seat-level-2").wait_for()
    shown = options(owner, "seat-level-2")
    assert shown == {level: level_name(lang, level) for level in bot_levels("tichu")}


def challenge_page(browser: Any, problems: list[str], lang: str, size: str, day: str) -> Any:
    """/challenge with today = ``day`` and one past day before it, in a browser west of UTC
    (where a day read as UTC midnight turns into the day before)."""
    page = pages.client_page(
        browser, problems, "**/challenge", SIZES[size], lang, timezone_id="America/Los_Angeles"
    )
    today = {"day": day, "boards": 8, "level": "heuristic", "you": None}
    page.route("**/api/challenge", lambda r: r.fulfill(json=today))
    page.route("**/api/challenge/days", lambda r: r.fulfill(json={"days": ["2026-11-30"]}))
    page.route(f"**/api/challenge/{day}/results", lambda r: r.fulfill(json={"shown": 0}))
    page.goto("/challenge")
    return page


DATES = {"en": ("Dec 7, 2026", "Nov 30, 2026"), "ja": ("2026/12/07", "2026/11/30")}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", DATES)
def test_the_challenges_days_read_in_the_readers_format(browser: Any, lang: str, size: str) -> None:
    """The page showed its days as ISO text (2026-12-07) in every language; now as the reader's
    language writes a date, on the same day in every time zone. Its bots' level by its name."""
    problems: list[str] = []
    page = challenge_page(browser, problems, lang, size, "2026-12-07")
    today, past = DATES[lang]
    intro = page.get_by_test_id("challenge-intro")
    expect(intro).to_contain_text(today)
    expect(intro).to_contain_text(level_name(lang, "heuristic"))
    expect(page.locator("h2").first).to_have_text(t(lang, "challenge.results", day=today))
    expect(page.get_by_test_id("challenge-day-2026-11-30")).to_have_text(past)
    assert "2026-12-07" not in page.locator("body").inner_text()
    shot(page, f"names-challenge-{size}-{lang}.png", full_page=True)
    page.context.close()
    assert not problems, problems


RESULTS = {"shown": 1, "board_count": 8, "over": False, "level": "heuristic", "you": None,
           "teams": [{"team": "t1", "name": "ann", "ranked": True, "imps": 3, "mp_pct": 62.5},
                     {"team": "bots", "name": "", "ranked": False, "imps": -3, "mp_pct": 37.5}],
           "boards": [{"board": 1, "results": [{"team": "t1", "score": 120, "mp": 1.5, "imps": 3},
                                               {"team": "bots", "score": 80, "mp": 0.5,
                                                "imps": -3}]}]}  # fmt: skip
SHOWN = {"de": ("62,5 %", "1,5"), "el": ("62,5%", "1,5"), "ja": ("62.5%", "1.5")}


@pytest.mark.parametrize("lang", SHOWN)
def test_the_challenges_matchpoints_read_in_the_readers_format(browser: Any, lang: str) -> None:
    """Matchpoints had a decimal point and " %" in every language (62.5 %)."""
    problems: list[str] = []
    page = pages.client_page(browser, problems, "**/challenge", PHONE, lang)
    today = {"day": "2026-12-07", "boards": 8, "level": "heuristic", "you": None}
    page.route("**/api/challenge", lambda r: r.fulfill(json=today))
    page.route("**/api/challenge/days", lambda r: r.fulfill(json={"days": []}))
    page.route("**/api/challenge/2026-12-07/results", lambda r: r.fulfill(json=RESULTS))
    page.goto("/challenge")
    pct, mp = SHOWN[lang]
    row = page.get_by_test_id("standing-row").first
    expect(row.locator("td").nth(3)).to_have_text(pct)
    expect(page.get_by_test_id("challenge-board").locator("td").nth(2)).to_have_text(mp)
    page.context.close()
    assert not problems, problems


def test_an_events_level_choice_names_its_levels(browser: Any) -> None:
    problems: list[str] = []
    page = pages.client_page(browser, problems, "**/event", WIDE, "ko")
    page.route("**/api/games", lambda r: r.fulfill(json=GAMES))
    page.goto("/event")
    page.locator("[data-testid=event-level] option[value=partition]").wait_for(state="attached")
    shown = options(page, "event-level")
    assert list(shown) == list(bot_levels("tichu"))  # every level the server plays, in its order
    assert shown == {level: level_name("ko", level) for level in shown}
    assert page.get_by_test_id("event-level").input_value() == "heuristic"
    page.context.close()
    assert not problems, problems


BOTS_BOARD = {"game": "tichu", "kind": "bot", "offset": 0, "players": [
    {"rank": i + 1, "name": f"bot:{level}", "kind": "bot", "display": 1500.0 - 40 * i,
     "uncertainty": 60.0, "games": 90, "wins": 50 - i} for i, level in
    enumerate(["search:n=30", "heuristic", "random"])]}  # fmt: skip
BOT_PROFILE = {"name": "bot:search:n=30", "kind": "bot", "ratings": {}, "stats": {},
               "history": {}, "recent": []}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rated_bots_go_by_their_levels_names(browser: Any, lang: str) -> None:
    """The leaderboard's bots and a bot's profile read "bot:search:n=30", the account's id."""
    problems: list[str] = []
    page = pages.client_page(browser, problems, "**/leaderboard*", PHONE, lang)
    page.route("**/api/leaderboard*", lambda r: r.fulfill(json=BOTS_BOARD))
    html = (pages.STATIC / "index.html").read_text(encoding="utf-8")
    page.route("**/p/*", lambda r: r.fulfill(body=html, content_type="text/html"))
    page.route("**/api/players/*", lambda r: r.fulfill(json=BOT_PROFILE))
    page.goto("/leaderboard?kind=bot")
    rows = page.get_by_test_id("board").locator("tbody tr a")
    expect(rows).to_have_text([level_name(lang, p["name"][4:]) for p in BOTS_BOARD["players"]])
    assert rows.first.get_attribute("href") == "/p/bot%3Asearch%3An%3D30"
    page.goto("/p/bot:search:n=30")
    heading = page.get_by_test_id("profile-name")
    expect(heading).to_contain_text(level_name(lang, "search:n=30"))
    assert "bot:" not in heading.inner_text()
    page.context.close()
    assert not problems, problems


BOT_PARTNER = {"name": "bot:heuristic", "games": 1, "won": 0}
BOT_OPPONENT = {"name": "bot:search:n=30", "games": 1, "won": 0}
MET = {"partners": [BOT_PARTNER], "opponents": [BOT_OPPONENT, {**BOT_OPPONENT, "name": "bob"}]}
PLAYED_BOTS = {"name": "ann", "kind": "human", "ratings": {}, "history": {}, "recent": [],
               "stats": {"tichu": {"matches": 1, "won": 0, "rounds": 1, **MET}}}  # fmt: skip


NO_DUPLICATE = {"challenges": [], "events": [], "challenges_total": 0, "events_total": 0}


@pytest.mark.parametrize("lang", ["de", "ko"])
def test_a_profiles_partners_and_opponents_name_bots_by_their_levels(
    browser: Any, lang: str
) -> None:
    """The partners and opponents a player met: a bot is its rated account "bot:heuristic"."""
    problems: list[str] = []
    page = pages.client_page(browser, problems, "**/p/*", PHONE, lang)
    page.route("**/api/players/*", lambda r: r.fulfill(json=PLAYED_BOTS))
    page.route("**/api/players/*/duplicate*", lambda r: r.fulfill(json=NO_DUPLICATE))
    page.goto("/p/ann")
    cells = page.locator(".records td:first-child")
    expect(cells).to_have_text([
        t(lang, "players.bot_seat", level=level_name(lang, "heuristic")),
        t(lang, "players.bot_seat", level=level_name(lang, "search:n=30")),
        "bob",
    ])  # fmt: skip
    page.context.close()
    assert not problems, problems


HAND = ["DOG", "MJ", "2G", "3K", "5R", "6G", "7K", "9R", "10G", "JK", "QB", "AG", "PHX", "DRG"]
CORNERS = """cards => cards.map(card => {
    const index = card.querySelector('svg text'), box = index.getBoundingClientRect();
    const at = (x, y) => document.elementFromPoint(x, y)?.closest('.card');
    const ys = [box.top + box.height * 0.3, box.top + box.height * 0.5, box.top + box.height * 0.7];
    return { card: card.dataset.card, text: index.textContent,
             covered: ys.some(y => at(box.right - 1, y) !== card) };
  })"""


def covered(shown: list[dict[str, Any]]) -> list[str]:
    """The cards whose corner index's end lies under another card."""
    return [c["card"] for c in shown if c["covered"]]


SIDE_PLAY = ["DOG", "MJ", "2G", "3K", "4B", "5R", "6G", "PHX", "8K", "9B", "10R", "JG", "QK", "DRG"]


@pytest.mark.parametrize("lang", ["en", "de", "ja", "ko", "zh-TW", "el", "nl"])
def test_the_special_cards_corners_are_in_the_readers_language(open_table: Any, lang: str) -> None:
    """Dog, Phx and Drg stood in the corner in every language; now each language's own short
    name (Hund, 犬 …), still clear of the next card in a phone's 14-card hand and in a side
    seat's long play."""
    trick = [{"seat": 1, "cards": SIDE_PLAY, "combo": "straight"}]  # not a real play: its corners
    obs = tichu_obs(hand=HAND, hand_sizes=[14, 0, 14, 14], trick=trick, top=trick[0], lead=False)
    page, _ = open_table(obs, storage={"cardroom.lang": lang})
    page.get_by_test_id("play-1").wait_for()
    for size, _view in each_size(page):
        shot(page, f"names-corners-{size}-{lang}.png")
        hand = page.get_by_test_id("hand").locator(".card").evaluate_all(CORNERS)
        play = page.get_by_test_id("play-1").locator(".card").evaluate_all(CORNERS)
        for code in ("DOG", "PHX", "DRG"):
            want = t(lang, f"tichu.corner.{code}")
            assert {c["text"] for c in hand + play if c["card"] == code} == {want}, (size, code)
        assert {c["text"] for c in hand if c["card"] == "MJ"} == {"1"}
        assert covered(hand) == [], f"{size}: the hand's corner indexes covered by the next card"
        assert covered(play) == [], f"{size}: the play's corner indexes covered by the next card"


MARKS = """cards => cards.map(card => {
    const mark = card.querySelector('.mark');
    if (!mark) return null;
    const range = document.createRange();
    range.selectNodeContents(mark);
    const at = (x, y) => document.elementFromPoint(x, y)?.closest('.card');
    const hidden = [...range.getClientRects()].some(r =>
      [r.left + 1, r.right - 1].some(x => at(x, r.top + r.height / 2) !== card));
    const clipped = mark.scrollWidth > mark.clientWidth + 1
      || mark.scrollHeight > mark.clientHeight + 1;
    return { card: card.dataset.card, text: mark.textContent, hidden, clipped };
  }).filter(Boolean)"""


@pytest.mark.parametrize("lang", ["en", "de", "ja", "zh-TW"])
def test_the_exchanges_marks_are_readable_on_a_phone(open_table: Any, lang: str) -> None:
    """On a phone the "→ Bob" and "give to…" marks of the cards chosen for the exchange lay
    under the next card, cut to "→ B"; now each chosen card shows its whole mark, and every
    other card its corner index."""
    legal = [f"exchange {c} to {s}" for c in HAND for s in (1, 2, 3)]
    exchange = {"given": {"1": "DOG", "3": "JK"}, "received": {}}
    obs = tichu_obs(phase="exchange", hand=HAND, hand_sizes=[14] * 4, legal=legal, turn=None,
                    decided=[False] * 4, awaited=[0, 1, 2, 3], exchange=exchange)  # fmt: skip
    page, _ = open_table(obs, viewport=PHONE, storage={"cardroom.lang": lang})
    page.get_by_test_id("card-10G").click(position={"x": 6, "y": 30})  # its corner: in view
    page.get_by_test_id("mark-10G").wait_for()
    shot(page, f"names-exchange-phone-{lang}.png")
    cards = page.get_by_test_id("hand").locator(".card")
    marks = cards.evaluate_all(MARKS)
    names = dict(zip(range(4), [s["name"] for s in SEATS], strict=True))
    assert [m["text"] for m in marks] == [
        t(lang, "tichu.mark.to", who=names[1]),
        t(lang, "tichu.mark.picking"),
        t(lang, "tichu.mark.to", who=names[3]),
    ]
    assert [m for m in marks if m["clipped"] or m["hidden"]] == []
    assert covered(cards.evaluate_all(CORNERS)) == []


SPLIT_WORDS = """(cards, names) => cards.map(card => {
    const mark = card.querySelector('.mark');
    if (!mark) return null;
    const text = mark.textContent, name = names.find(n => text.includes(n));
    const lines = (start, end) => {  // how many line boxes characters start..end lie on
      const range = document.createRange();
      const walker = document.createTreeWalker(mark, NodeFilter.SHOW_TEXT);
      let at = 0, node;
      while ((node = walker.nextNode())) {
        const len = node.textContent.length;
        if (at <= start && start <= at + len) range.setStart(node, start - at);
        if (at <= end && end <= at + len) { range.setEnd(node, end - at); break; }
        at += len;
      }
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      return new Set(rects.map(r => Math.round(r.top))).size;
    };
    const i = text.indexOf(name), j = i + name.length;
    const words = [];  // each run of letters of a part: the name, and the words around it
    for (const [a, b] of [[0, i], [i, j], [j, text.length]]) {
      for (const m of text.slice(a, b).matchAll(/\\S+/g)) {
        words.push([a + m.index, a + m.index + m[0].length]);
      }
    }
    const split = words.filter(([a, b]) => lines(a, b) > 1).map(([a, b]) => text.slice(a, b));
    return { card: card.dataset.card, text, split };
  }).filter(Boolean)"""


@pytest.mark.parametrize("lang", ["ja", "ko", "en"])
def test_a_received_cards_mark_breaks_its_line_beside_the_name(open_table: Any, lang: str) -> None:
    """On a phone the "from Bob" mark of a card received in the exchange takes two lines; in
    Japanese it broke inside the particle ("Bobか / ら"). It now breaks beside the name, and no
    word of the mark is cut in two."""
    received = {"1": "3K", "2": "QB", "3": "5R"}
    obs = tichu_obs(
        hand=HAND, hand_sizes=[14] * 4, legal=["pass"], exchange={"given": {}, "received": received}
    )
    page, _ = open_table(obs, viewport=PHONE, storage={"cardroom.lang": lang})
    page.get_by_test_id("mark-3K").wait_for()
    shot(page, f"names-received-phone-{lang}.png")
    cards = page.get_by_test_id("hand").locator(".card")
    names = [s["name"] for s in SEATS]
    marks = cards.evaluate_all(SPLIT_WORDS, names)
    assert sorted(m["text"] for m in marks) == sorted(
        t(lang, "tichu.mark.from", who=names[int(seat)]) for seat in received
    )
    assert [m for m in marks if m["split"]] == []
    assert [m for m in cards.evaluate_all(MARKS) if m["clipped"]] == []
