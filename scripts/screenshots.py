"""Play real games against bots in Chromium and photograph the moments a reviewer checks.

``--lang L`` photographs them in language L (the browser's locale set, as a visitor's is).

Rare moments a random deal may not give (a Dog lead, a knock to answer) are photographed from a
scripted table (the same page with a crafted websocket), so every PNG is always written.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cardroom.i18n import LANGUAGES
from cardroom.i18n.narration import with_say
from cardroom.server import Settings, create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
Json = dict[str, Any]
SLOTS = ("left", "partner", "right")
LOCALES = {"en": "en-US", "ja": "ja-JP", "ko": "ko-KR", "zh-TW": "zh-TW", "nl": "nl-NL",
           "de": "de-DE", "el": "el-GR"}  # fmt: skip
LOCALE = ["en-US"]
"""The browser locale of every page (``--lang``)."""


def context_options(viewport: Json) -> Json:
    return {"viewport": viewport, "reduced_motion": "reduce", "locale": LOCALE[0]}


def start_server(db: Path) -> tuple[str, uvicorn.Server]:
    settings = Settings(db=str(db), bot_delay=0.05, round_pause=4.0)
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=0, log_level="warning")
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}", server


def obs(page: Page) -> Json:
    data: Json = page.evaluate("() => ({o: window.cardroom.obs, v: window.cardroom.v})")
    return data


def new_table(page: Page, base: str, game: str, options: Json, bots: str) -> str:
    page.goto(base + "/")
    page.get_by_test_id("game-select").select_option(game)
    if options:  # the single options are folded under "House rules"
        page.get_by_test_id("house-rules-toggle").click()
    for key, value in options.items():
        page.get_by_test_id(f"option-{key}").fill(str(value))
    page.get_by_test_id("table-name").fill(f"{game} with bots")
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.get_by_test_id("player-name").fill("Alice")
    page.get_by_test_id("bot-level").select_option(bots)
    page.get_by_test_id("sit-0").click()
    page.wait_for_function("() => window.cardroom && window.cardroom.mySeat === 0")
    n = 4
    for seat in range(1, n):
        page.get_by_test_id(f"add-bot-{seat}").click()
        page.wait_for_selector(f"[data-testid=seat-{seat}].bot")
    page.wait_for_function(
        "() => window.cardroom && window.cardroom.obs && window.cardroom.obs.hand"
    )
    return page.url.rsplit("/", 1)[1]


def wait_new(page: Page, v: int) -> None:
    page.wait_for_function("v => window.cardroom.v !== v", arg=v, timeout=20_000)


def tichu_session(page: Page, base: str, out: Path) -> str:
    options = {"target_score": 1000, "max_rounds": 2}  # two rounds, then the match is over
    table = new_table(page, base, "tichu", options, "heuristic")
    page.screenshot(path=str(out / "01c-owner-controls.png"))  # invite link, bot levels
    guest = page.context.browser.new_context(**context_options(DESKTOP))  # type: ignore[union-attr]
    other = guest.new_page()
    other.goto(f"{base}/t/{table}")
    other.wait_for_function("() => window.cardroom && window.cardroom.obs")
    other.screenshot(path=str(out / "01d-guest-view.png"))  # no invite: no controls
    guest.close()
    shots: set[str] = set()

    def shot(name: str, phone: bool = False) -> None:
        if name in shots:
            return
        shots.add(name)
        if phone:
            page.set_viewport_size(PHONE)
        page.screenshot(path=str(out / f"{name}.png"))
        if phone:
            page.set_viewport_size(DESKTOP)

    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        state = obs(page)
        o, v = state["o"], state["v"]
        if o["terminal"]:
            page.get_by_test_id("outcome").wait_for()
            shot("15-tichu-game-over")
            break
        legal = o["legal"] or []
        if dog_on_table(page):
            shot("05-dog-lead")
        if page.get_by_test_id("round-end").count() and "07-round-summary" in shots:
            press(page.get_by_test_id("round-end-close"))
            continue
        if page.get_by_test_id("round-end").count():
            shot("07-round-summary")
            page.get_by_test_id("tab-score").click()
            shot("08-score-sheet")
            page.get_by_test_id("tab-chat").click()
            page.get_by_test_id("chat-input").fill("good round, partner!")
            page.get_by_test_id("chat-send").click()
            page.wait_for_selector("[data-testid=chat-list] li")
            shot("09-chat")
            page.get_by_test_id("tab-log").click()
            press(page.get_by_test_id("round-end-close"))
            continue
        if o["phase"] == "grand" and "nogrand" in legal:
            shot("02-grand-tichu")
            press(page.locator("[data-action=nogrand]"))
        elif o["phase"] == "exchange" and page.get_by_test_id("exchange").count():
            give_one(page, o, lambda: shot("03-exchange"))
            continue
        elif o["phase"] == "wish" and "nowish" in legal:
            press(page.get_by_test_id("wish-none"))
        elif o["phase"] == "dragon" and any(a.startswith("give-dragon") for a in legal):
            press(page.locator("[data-action^=give-dragon]").first)
        elif o["phase"] == "play" and o["turn"] == 0 and legal:
            if o["passes"] and o["trick"]:
                shot("04-trick-pass-markers")
                shot("11-phone-trick", phone=True)
            if page.get_by_test_id("last-trick-button").count() and "06-last-trick" not in shots:
                page.get_by_test_id("last-trick-button").click()
                shot("06-last-trick")
                page.get_by_test_id("last-trick-button").click()
            plays = [a for a in legal if a.startswith("play ")]
            if plays:
                play(page, plays[0])
            else:
                press(page.locator("[data-action=pass]"))
        else:
            with contextlib.suppress(Exception):
                wait_new(page, v)
            continue
        wait_new(page, v)
    return table


def give_one(page: Page, o: Json, photograph: Any) -> None:
    """Give one exchange card: pick a card a legal exchange names, then its player, and wait
    until the observation records the gift. Every wait is on the page's state, never on a card
    that may just have moved; a race only times out quickly and the loop reads the new state."""
    given = (o.get("exchange") or {}).get("given") or {}
    seats = [(slot, (o["audience"] + i + 1) % 4) for i, slot in enumerate(SLOTS)]
    open_slots = [(slot, seat) for slot, seat in seats if str(seat) not in given]
    if not open_slots:
        return
    slot, seat = open_slots[0]
    cards = [
        a.split()[1] for a in o["legal"] if a.startswith("exchange ") and a.endswith(f" {seat}")
    ]
    with contextlib.suppress(PlaywrightTimeout):
        page.get_by_test_id(f"card-{cards[-1]}").click(timeout=3000)
        button = f"[data-testid=exchange-{slot}]:not([disabled])"
        page.wait_for_selector(button, timeout=3000)
        if len(open_slots) == 2:
            photograph()  # one card given, the next one picked
        page.locator(button).click(timeout=3000)
        page.wait_for_function(
            "seat => ((window.cardroom.obs.exchange || {}).given || {})[seat] ||"
            " window.cardroom.obs.phase !== 'exchange'",
            arg=str(seat),
            timeout=10_000,
        )


def press(target: Any) -> None:
    """Click a button the observation just offered; the bots may have moved the game on in the
    meantime (the button is gone), then the loop simply reads the new state."""
    with contextlib.suppress(PlaywrightTimeout):
        target.click(timeout=3000)


def dog_on_table(page: Page) -> bool:
    """The last public event is a Dog lead (the board shows it until the next play)."""
    last: list[Json] = page.evaluate("window.cardroom.history.slice(-1)")
    return any(e["type"] == "played" and e["cards"] == ["DOG"] for e in last)


def play(page: Page, action: str) -> None:
    """Select the action's cards and press Play; a bot's knock may change the position in
    between (then the clicks time out quickly and the loop reads the new position)."""
    cards = [re.sub(r"\(=.*\)$", "", t) for t in action.split()[1:] if not t.startswith("wish=")]
    with contextlib.suppress(PlaywrightTimeout):
        for card in cards:
            page.get_by_test_id(f"card-{card}").click(timeout=3000)
        page.get_by_test_id("play").click(timeout=3000)
        if page.get_by_test_id("chooser").count():
            page.locator(f"[data-testid=chooser-option][data-action='{action}']").click()


def toepen_session(page: Page, base: str, out: Path, lives: int) -> str:
    """Play Toepen until the first hand's end is photographed (or the game is over)."""
    table = new_table(page, base, "toepen", {"lives": lives}, "heuristic")
    done: set[str] = set()
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        state = obs(page)
        o, v = state["o"], state["v"]
        if o["terminal"]:
            page.screenshot(path=str(out / "14-toepen-game-over.png"))
            break
        if page.get_by_test_id("round-end").count() and "hand" not in done:
            done.add("hand")
            page.screenshot(path=str(out / "13-toepen-hand-end.png"))
            break
        legal = o["legal"] or []
        if 0 in o["awaited"] and legal and legal != ["nosignal"]:  # the page answers that itself
            if {"stay", "fold"} <= set(legal) and "knock" not in done:
                done.add("knock")
                page.screenshot(path=str(out / "12-toepen-knock.png"))
            plays = [a for a in legal if a.startswith("play ")]
            answers = ("nolaundry", "accept", "nosignal", "stay")
            pick = next((a for a in answers if a in legal), None)
            if plays:
                play(page, plays[0])
            else:
                with contextlib.suppress(PlaywrightTimeout):
                    page.locator(f"[data-action='{pick or legal[0]}']").click(timeout=3000)
            with contextlib.suppress(Exception):
                wait_new(page, v)
        else:
            with contextlib.suppress(Exception):
                wait_new(page, v)
    return table


BOT = ("bot (heuristic)", "bot", "heuristic")
SEATS = [
    {"seat": s, "name": n, "kind": k, "level": lv, "online": True}
    for s, (n, k, lv) in enumerate([("Alice", "human", None), BOT, ("Cleo", "human", None), BOT])
]


def scripted(browser: Any, base: str, obs: Json, history: list[Json], path: Path) -> None:
    """Photograph a crafted position: the real page, a scripted websocket and table summary."""
    context = browser.new_context(**context_options(PHONE))
    context.add_init_script(
        "localStorage.setItem('cardroom.seat.SHOT', JSON.stringify({seat: 0, token: 't'}))"
    )
    page = context.new_page()
    summary = {"id": "SHOT", "name": "scripted", "game": obs["game"], "num_seats": 4,
               "seats": SEATS, "options": {}}  # fmt: skip
    page.route("**/api/tables/SHOT", lambda r: r.fulfill(json=summary))
    said = [with_say(obs["game"], e) for e in history]  # narrated, as the server sends them
    welcome = {"t": "welcome", "v": 9, "seat": 0, "obs": obs, "seats": SEATS, "history": said,
               "chat": []}  # fmt: skip
    page.route_web_socket("**/ws", lambda ws: ws.on_message(lambda m: ws.send(json.dumps(welcome))))
    page.goto(f"{base}/t/SHOT")
    page.wait_for_function("() => window.cardroom && window.cardroom.obs")
    page.screenshot(path=str(path))
    context.close()


def dog_lead(browser: Any, base: str, path: Path) -> None:
    obs = {
        "game": "tichu", "audience": 0, "phase": "play", "num_seats": 4, "active": [2],
        "legal": ["tichu"], "hand": ["3G", "5K", "5B", "9R", "JG", "QK", "KB", "AR", "PHX"],
        "hand_sizes": [9, 11, 12, 10], "terminal": False, "outcome": None, "round": 2,
        "scores": [120, -20], "score_sheet": [[120, -20]], "calls": ["", "", "tichu", ""],
        "decided": [False] * 4, "exchange": None, "trick": [], "top": None, "turn": 2,
        "lead": True, "wish": None, "out": [], "pile_points": [15, 10, 0, 5], "passes": 0,
        "last_round": None,
    }  # fmt: skip
    history = [
        {"type": "played", "seat": 1, "cards": ["4G", "4R"], "combo": "pair 4"},
        {"type": "played", "seat": 0, "cards": ["10G", "10B"], "combo": "pair 10"},
        {"type": "passed", "seat": 1}, {"type": "passed", "seat": 2}, {"type": "passed", "seat": 3},
        {"type": "trick_taken", "seat": 0, "cards": ["4G", "4R", "10G", "10B"], "points": 20},
        {"type": "played", "seat": 0, "cards": ["DOG"], "combo": "single DOG"},
    ]  # fmt: skip
    scripted(browser, base, obs, history, path)


def toepen_knock(browser: Any, base: str, path: Path) -> None:
    obs = {
        "game": "toepen", "audience": 0, "phase": "respond", "num_seats": 4, "active": [0],
        "legal": ["stay", "fold"], "hand": ["10H", "JS", "AC"], "hand_sizes": [3, 3, 3, 3],
        "terminal": False, "outcome": None, "turn": 0, "lives": [8, 9, 6, 10], "stake": 2,
        "trick": [{"seat": 3, "card": "9S"}], "tricks": [], "trick_no": 2, "hand_no": 4,
        "last_hand": None, "dealer": 2, "in_game": [True] * 4, "in_hand": [True] * 4,
        "knocker": 1, "responses": {"knocker": 1, "answers": [{"seat": 2, "answer": "stay"}],
                                    "waiting": [0, 3]},
    }  # fmt: skip
    scripted(browser, base, obs, [{"type": "knock", "seat": 1, "stake": 3}], path)


def replay(page: Page, url: str, view: str, steps: int, path: Path) -> None:
    """The replay viewer ``steps`` plays in, from ``view`` (a seat, or "all" hands open)."""
    page.goto(url)
    page.wait_for_selector("[data-testid=replay-step]")
    if view != "all":
        page.get_by_test_id("replay-view").select_option(view)
        page.wait_for_load_state("networkidle")
    for _ in range(steps):
        page.get_by_test_id("replay-next").click()
    page.screenshot(path=str(path), full_page=True)  # the score sheet under the board


def main() -> int:
    args = sys.argv[1:]
    if "--lang" in args:
        at = args.index("--lang")
        lang = args[at + 1] if at + 1 < len(args) else ""
        if lang not in LANGUAGES:
            print(f"--lang must be one of {', '.join(LANGUAGES)}", file=sys.stderr)
            return 2
        LOCALE[0] = LOCALES[lang]
        del args[at : at + 2]
    out = Path(args[0] if args else "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base, server = start_server(Path(tmp) / "shots.db")
        errors: list[str] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(**context_options(DESKTOP))
            page = context.new_page()
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(base + "/")
            page.get_by_test_id("house-rules-toggle").click()  # show the single options too
            page.wait_for_selector("[data-testid=option-target_score]")
            page.screenshot(path=str(out / "01-lobby.png"), full_page=True)
            page.get_by_test_id("game-select").select_option("toepen")
            page.screenshot(path=str(out / "01b-lobby-toepen.png"), full_page=True)
            tichu = tichu_session(page, base, out)
            toepen_session(page, base, out, lives=10)  # a hand's end
            toepen = toepen_session(page, base, out, lives=1)  # the first hand ends the game
            replay(page, f"{base}/replay/{tichu}", "0", 30, out / "10-replay.png")  # Alice's view
            replay(page, f"{base}/replay/{toepen}", "all", 12, out / "10b-replay-toepen.png")
            page.goto(base + "/")
            page.wait_for_selector("[data-testid^=replay-]")
            page.screenshot(path=str(out / "16-lobby-finished.png"), full_page=True)
            page.goto(base + "/rules/tichu")
            page.wait_for_selector("[data-testid=rules-options] dt")
            page.screenshot(path=str(out / "17-rules-tichu.png"), full_page=True)
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(out / "17b-rules-tichu-phone.png"))
            page.set_viewport_size(DESKTOP)
            if not (out / "05-dog-lead.png").exists():  # no Dog lead was dealt: a scripted one
                dog_lead(browser, base, out / "05-dog-lead.png")
            if not (out / "12-toepen-knock.png").exists():
                toepen_knock(browser, base, out / "12-toepen-knock.png")
            browser.close()
        server.should_exit = True
        for name in sorted(p.name for p in out.glob("*.png")):
            print(out / name)
        if errors:
            print("console errors:", *errors, sep="\n  ")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
