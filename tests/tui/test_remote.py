"""``cardroom play --server``: the terminal takes a seat at a real server table and plays a
Tichu match to its end by always answering ``1`` (the first legal action); it says its turn
clock, comes back from away, deals on from a round pause, claims a bomb out of turn, chats
(while nothing is owed; a refused line says why), plays the rematch it asks for, and
reconnects by itself when the server restarts."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import re
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from cardroom.engine.chance import SeededResolver
from cardroom.server import Settings
from cardroom.server.table import actor as actor_module
from cardroom.server.table.clock import ClockRules
from cardroom.server.table.commands import Act
from cardroom.server.table.outcomes import Accepted
from cardroom.tui.prompt import Console
from cardroom.tui.remote import REMATCH, Link, RemoteSeat, _play, play_remote, ws_url
from tests.server.conftest import TIMEOUT, Client, serve
from tests.server.test_clock_and_bombs import BOMB_SEED
from tests.server.test_e2e_browser import live, server  # noqa: F401  (live-server fixtures)


def test_ws_url_follows_the_http_scheme() -> None:
    assert ws_url("http://127.0.0.1:8000", "T1") == "ws://127.0.0.1:8000/ws?table=T1"


def test_a_line_is_used_only_once_the_acked_action_has_shown_its_effect() -> None:
    client = RemoteSeat(Console(io.StringIO(), io.StringIO()), 0)
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": {"legal": ["pass"]}, "seats": []})
    assert client.ready()
    client.act("pass")
    assert not client.ready()
    client.handle({"t": "ack", "id": 1})
    assert not client.ready()  # the observation of version 4 has not arrived yet
    client.handle({"t": "ev", "v": 4, "events": [], "obs": {"legal": ["pass"]}})
    assert client.ready()


def test_an_ack_folded_into_its_envelope_frees_the_prompt() -> None:
    client = RemoteSeat(Console(io.StringIO(), io.StringIO()), 0)
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": {"legal": ["pass"]}, "seats": []})
    client.act("pass")
    client.handle({"t": "ev", "v": 4, "events": [], "obs": {"legal": ["pass"]}, "ack": 2})
    assert not client.ready()  # another request's ack
    client.handle({"t": "ev", "v": 5, "events": [], "obs": {"legal": ["pass"]}, "ack": 1})
    assert client.ready()


def test_a_refused_action_is_shown_and_the_seat_may_try_again() -> None:
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), 0)
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": {"legal": ["pass"]}, "seats": []})
    client.act("play 2G")
    client.handle({"t": "reject", "id": 1, "code": "illegal", "msg": "2G is not in your hand"})
    assert "Refused: 2G is not in your hand" in out.getvalue()
    assert client.ready()


def test_after_a_reconnect_a_move_lost_on_the_way_is_asked_again_and_a_taken_one_is_not() -> None:
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), 0)
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": {"legal": ["pass"]}, "seats": []})
    client.act("pass")
    client.lost()  # the socket dropped before the ack: did the table take the pass?
    client.handle({"t": "seats", "seats": []})  # caught up, nothing new: it did not
    assert client.ready() and out.getvalue().count("] > ") == 2
    client.act("pass")
    client.lost()
    client.handle({"t": "ev", "v": 4, "events": [], "obs": {"legal": ["pass"]}})  # it did
    client.handle({"t": "seats", "seats": []})
    client.handle({"t": "ev", "v": 4, "events": [], "obs": {"legal": ["pass"]}})  # once more
    assert client.ready() and out.getvalue().count("] > ") == 3  # version 4's, once


def test_others_deciding_do_not_ask_again_what_the_prompt_asks() -> None:
    """Grand Tichu: every seat owes its call; another's call shows as an event, not as the
    board and the prompt again (a line typed for the first prompt answers it); a changed
    question (the exchange) is asked."""
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), 0)
    grand = {"legal": ["nogrand", "grand"], "awaited": [0, 1], "decided": []}
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": grand, "seats": []})
    client.handle({"t": "ev", "v": 4, "events": [], "obs": {**grand, "awaited": [0]}})
    assert out.getvalue().count("] > ") == 1 and client.ready()
    client.act("nogrand")
    client.handle({"t": "ev", "v": 5, "events": [], "obs": {**grand, "awaited": [1]}, "ack": 1})
    exchange = {"legal": ["exchange 2G to 1"], "awaited": [0]}
    client.handle({"t": "ev", "v": 6, "events": [], "obs": exchange})
    assert out.getvalue().count("] > ") == 2


def test_terminal_plays_a_server_table_to_the_end(server: str) -> None:  # noqa: F811
    import httpx

    created = httpx.post(
        f"{server}/api/tables", json={"game": "tichu", "options": {"target_score": 1}}
    ).json()
    table = created["id"]
    for seat in (1, 2, 3):
        httpx.post(
            f"{server}/api/tables/{table}/seats/{seat}/bot",
            json={"level": "random"},
            headers={"X-Cardroom-Owner": created["owner"]},
        )
    out = io.StringIO()
    code = play_remote(server, table, 0, "Term", None, Console(io.StringIO("1\n" * 3000), out))
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "Game over" in text
    assert "Score sheet:" in text
    info = httpx.get(f"{server}/api/tables/{table}").json()
    assert info["status"] == "finished"
    assert info["seats"][0]["name"] == "Term"


def test_terminal_takes_an_invited_seat_from_a_join_link(server: str) -> None:  # noqa: F811
    import httpx
    import pytest

    from cardroom.tui.remote import join_link, take_seat

    created = httpx.post(f"{server}/api/tables", json={"game": "tichu", "options": {}}).json()
    table = created["id"]
    for seat in range(4):  # a running game of bots: its seats need the invite
        httpx.post(
            f"{server}/api/tables/{table}/seats/{seat}/bot",
            json={"level": "random"},
            headers={"X-Cardroom-Owner": created["owner"]},
        )
    with pytest.raises(ValueError, match="cannot take seat 2"):
        take_seat(server, table, 1, "Stranger")
    linked, table_id, invite = join_link(server + created["invite_link"])
    assert (linked, table_id, invite) == (server, table, created["invite"])
    assert take_seat(server, table_id, 1, "Term", invite)
    assert httpx.get(f"{server}/api/tables/{table}").json()["seats"][1]["name"] == "Term"


def test_a_refused_seat_and_the_password_prompt_speak_the_terminals_language(
    server: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import httpx

    from cardroom import i18n
    from cardroom.tui.account import password
    from cardroom.tui.remote import take_seat
    from cardroom.tui.render import use_language

    created = httpx.post(f"{server}/api/tables", json={"game": "tichu", "options": {}}).json()
    for seat in range(4):  # a running game of bots: its seats need the invite
        httpx.post(
            f"{server}/api/tables/{created['id']}/seats/{seat}/bot",
            json={"level": "random"},
            headers={"X-Cardroom-Owner": created["owner"]},
        )
    asked: list[str] = []
    monkeypatch.delenv("CARDROOM_PASSWORD", raising=False)
    monkeypatch.setattr("getpass.getpass", lambda prompt: asked.append(prompt) or "secret")
    use_language("ja")
    try:
        with pytest.raises(ValueError) as refused:
            take_seat(server, created["id"], 1, "Stranger")  # no invite
        assert password("ann") == "secret"
    finally:
        use_language("en")
    said, _, why = str(refused.value).partition(": ")
    assert said == i18n.translate("ja", "tui.cannot_take_seat", seat=2)
    assert not re.search("[a-z]{3}", why), why  # the server's refusal in Japanese too
    assert asked == [i18n.translate("ja", "tui.password_for", name="ann")]


def test_terminal_signs_in_and_sits_as_its_account(server: str) -> None:  # noqa: F811
    import httpx
    import pytest

    from cardroom.tui.account import sign_in
    from cardroom.tui.remote import take_seat

    password = "terminal password"
    with httpx.Client(base_url=server, headers={"Origin": server}) as browser:
        made = browser.post("/api/accounts", json={"name": "termina", "password": password})
        assert made.status_code == 201, made.text
        created = browser.post("/api/tables", json={"game": "tichu", "rated": True}).json()
    with pytest.raises(ValueError, match="wrong name or password"):
        sign_in(server, "termina", "not the password")
    refused = r"cannot take seat 1: a rated table seats only signed-in players.* \(403\)"
    with pytest.raises(ValueError, match=refused):
        take_seat(server, created["id"], 0, "Term")  # a rated table: guests are refused
    session = sign_in(server, "TERMINA", password)
    assert take_seat(server, created["id"], 0, "ignored", session=session)
    seat = httpx.get(f"{server}/api/tables/{created['id']}").json()["seats"][0]
    assert seat["name"] == "termina"


# -- the table's clock, round pause and bomb hold, against a real server ----------------------
class Terminal:
    """A person at the terminal: the screen (the client's stdout) and the keyboard (its stdin).
    ``type`` puts a line on the keyboard; ``answer``, if given, is asked for a line whenever the
    screen shows new text (None: nothing to say yet). ``readline`` blocks until a line is there,
    as a terminal does."""

    def __init__(self, answer: Callable[[str], str | None] | None = None) -> None:
        self.text = ""
        self.read_to = 0
        self.typed: list[str] = []
        self.closed = False
        self.answer = answer
        self.changed = threading.Condition()

    def write(self, text: str) -> int:
        with self.changed:
            self.text += text
            self.changed.notify_all()
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def type(self, line: str) -> None:
        with self.changed:
            self.typed.append(line + "\n")
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def readline(self) -> str:
        with self.changed:
            while True:
                if self.closed:
                    return ""
                if self.typed:
                    return self.typed.pop(0)
                if self.answer is not None and len(self.text) > self.read_to:
                    said = self.answer(self.text[self.read_to :])
                    self.read_to = len(self.text)
                    if said is not None:
                        return said + "\n"
                self.changed.wait()

    async def shows(self, pattern: str, after: int = 0) -> re.Match[str]:
        """The first match of ``pattern`` on the screen after character ``after``, once it is
        there."""
        try:
            async with asyncio.timeout(TIMEOUT):
                while (found := re.compile(pattern).search(self.text, after)) is None:
                    await asyncio.sleep(0.01)
        except TimeoutError:
            raise AssertionError(f"no {pattern!r} on the screen:\n{self.text[-3000:]}") from None
        return found


@contextlib.asynccontextmanager
async def at_the_table(
    url: str, table: str, token: str, answer: Callable[[str], str | None] | None = None
) -> AsyncIterator[Terminal]:
    """The terminal client playing ``token``'s seat, in this event loop, until the block ends."""
    term = Terminal(answer)
    playing = asyncio.create_task(_play(url, table, token, Console(term, term)))  # type: ignore[arg-type]
    try:
        yield term
        assert not playing.done(), playing.result()
    finally:
        term.close()
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing


async def until(check: Callable[[], Any]) -> Any:
    """``check()`` once it is truthy (the server's state, polled)."""
    async with asyncio.timeout(TIMEOUT):
        while not (result := check()):
            await asyncio.sleep(0.01)
    return result


async def against_bots(room: Any, table: str) -> str:
    """Bots at seats 1-3, then seat 0 for the terminal (the game starts): its token."""
    for seat in (1, 2, 3):
        await room.bot(table, seat)
    return str(await room.seat(table, 0, "Term"))


def settings(tmp_path: Path, **kw: Any) -> Settings:
    return Settings(db=str(tmp_path / "cardroom.db"), bot_delay=0.0, **kw)


async def test_a_connection_that_cannot_be_made_again_says_the_seat_token_and_stops() -> None:
    """A server that closes every socket right after its hello (1012): the terminal tries
    again a bounded number of times, saying so, then says how to take the seat back and ends,
    instead of dying with a traceback."""
    from websockets.asyncio.server import ServerConnection
    from websockets.asyncio.server import serve as ws_serve

    hellos: list[dict[str, Any]] = []

    async def restart(ws: ServerConnection) -> None:
        hellos.append(json.loads(await ws.recv()))
        await ws.close(1012, "service restart")

    term = Terminal()
    async with ws_serve(restart, "127.0.0.1", 0) as restarting:
        port = next(iter(restarting.sockets)).getsockname()[1]
        console = Console(term, term)  # type: ignore[arg-type]
        playing = _play(f"http://127.0.0.1:{port}", "T1", "tok3n", console, delays=(0, 0, 0))
        try:
            async with asyncio.timeout(TIMEOUT):
                assert await playing == 1
        finally:
            term.close()
    said = re.findall(r"reconnecting \(attempt (\d) of 3\)", term.text)
    assert said == ["1", "2", "3"], term.text
    assert re.search(r"Could not reconnect to the table\.\n.*--token.*tok3n", term.text)
    assert [(h["table"], h["token"]) for h in hellos] == [("T1", "tok3n")] * 4


async def test_the_terminal_says_its_clock_when_its_seat_owes_a_move(tmp_path: Path) -> None:
    fast = settings(tmp_path, round_pause=0.0, clock_move=30, clock_bank=60)
    async with serve(fast) as room:
        table = await room.create("tichu")  # public: it runs the server's clock
        async with at_the_table(room.url, table, await against_bots(room, table)) as term:
            said = await term.shows(r"Your clock: (\d+) s left for this move \(time bank: 60 s\)")
            assert 80 < int(said[1]) <= 90  # Grand Tichu: 30 s a move plus the 60 s bank
            prompt = await term.shows(r"\] > ", said.end())
            assert "Your clock" not in term.text[said.end() : prompt.start()]  # once a prompt
            term.type("nogrand")  # the exchange: the same seat owes its next move
            await term.shows(r"phase exchange(.|\n)*Your clock: \d+ s left", prompt.end())
            assert term.text.count("Your clock") <= term.text.count("] > ")


async def test_a_player_marked_away_types_back_and_has_the_seat_again(tmp_path: Path) -> None:
    impatient = settings(tmp_path, round_pause=0.0, clock_move=0.01, clock_bank=0.0)
    async with serve(impatient) as room:
        table = await room.create("tichu", {"target_score": 10_000})  # bots play on while away
        token = await against_bots(room, table)
        actor = await room.registry.get(table)
        async with at_the_table(room.url, table, token) as term:
            await term.shows(r"You are marked away: a bot plays your seat\. Type 'back'")
            assert (await room.info(table))["seats"][0]["away"]
            actor.clock.rules = ClockRules(move=600.0)  # once back, the seat keeps its move
            term.type("back")
            await term.shows(r"Term \(you\) is back\.")
            seat = (await room.info(table))["seats"][0]
            assert seat["kind"] == "human" and not seat["away"]
            assert 0 not in actor.bots.bots and 0 not in actor.clock.away


def through_the_round(screen: str) -> str | None:
    """Answers ``1`` to every prompt, and Enter once the round pause is announced."""
    if "press Enter to deal now" in screen:
        return ""
    return "1" if "] > " in screen else None


async def test_an_empty_line_in_the_round_pause_deals_at_once(tmp_path: Path) -> None:
    long_pause = settings(tmp_path, round_pause=60.0, clock_move=0.0)
    async with serve(long_pause) as room:
        table = await room.create("tichu")
        token = await against_bots(room, table)
        actor = await room.registry.get(table)
        async with at_the_table(room.url, table, token, through_the_round) as term:
            pause = await term.shows(r"The next deal comes in (\d+) s; press Enter to deal now")
            assert 55 <= int(pause[1]) <= 60
            await term.shows(r"Ready: the cards are dealt once every player is", pause.end())
            # the next deal, long before the 60 s pause is over (the test gives up after 30 s)
            await term.shows(r"phase Grand Tichu\?", pause.end())
            await until(lambda: not actor.pause.waiting)


async def test_a_bomb_claim_holds_the_table_and_plays_the_chosen_bomb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.server.test_clock_and_bombs import to_a_trick_seat_0_may_bomb

    monkeypatch.setattr(actor_module, "SecureResolver", lambda: SeededResolver(BOMB_SEED))
    held = settings(tmp_path, round_pause=0.0, clock_move=0.0, bomb_pick=600.0)
    async with serve(held) as room:
        table = await room.create("tichu")
        tokens = [await room.seat(table, seat) for seat in range(4)]  # all humans: no one moves
        actor = await room.registry.get(table)
        await to_a_trick_seat_0_may_bomb(actor)  # a trick lies that seat 0 may bomb off turn
        bombs = actor._bombs(0)
        assert len(bombs) >= 2 and actor.observation(0)["turn"] != 0
        async with at_the_table(room.url, table, tokens[0]) as term:
            told = await term.shows(r"Not your turn; you may type now: b = bomb")
            assert "] > " not in term.text  # the table does not wait for seat 0: no prompt
            term.type("b")
            which = await term.shows(r"Which bomb\? Type its number", told.end())
            assert actor.hold is not None and actor.hold.seat == 0
            listed = re.findall(r"^\s*(\d+)\. (.+)$", term.text[which.end() :], re.MULTILINE)
            assert [action for _, action in listed] == bombs
            number, chosen = listed[-1]  # not the first, which a pick that never came plays
            term.type(number)
            await until(lambda: actor.hold is None)
            last = actor.runner.records[-1]
            assert (last.seat, last.text) == (0, chosen)


def prompted_only_when_owed(text: str) -> None:
    """Every prompt on the screen follows a board that marks the terminal's seat as the one
    the table waits for."""
    boards = text.split("=" * 60)[1:]
    for board in boards:
        for _ in range(board.count("] > ")):
            assert re.search(r"Term \(you\) .*<- turn", board), board


def first_choice(screen: str) -> str | None:
    return "1" if "] > " in screen else None


async def test_the_terminal_is_prompted_only_when_the_table_waits_for_its_seat(
    tmp_path: Path,
) -> None:
    """A Tichu match against bots, answering ``1`` to every prompt: the seat may call Tichu
    out of turn from the deal to its first card, yet it is prompted only when the table waits
    for it, never refused as stale, and calls nothing it was not asked for."""
    quick = settings(tmp_path, round_pause=0.0, clock_move=0.0)
    async with serve(quick) as room:
        table = await room.create("tichu", {"target_score": 1})  # one round is the match
        token = await against_bots(room, table)
        async with at_the_table(room.url, table, token, first_choice) as term:
            await term.shows("Game over")
            await term.shows(r"The match is over")
        actor = await room.registry.get(table)
        mine = [r for r in actor.runner.records if r.seat == 0 and r.kind == "action"]
    assert "Refused" not in term.text, term.text[-3000:]
    prompted_only_when_owed(term.text)
    assert term.text.count("] > ") >= sum(not r.auto for r in mine)  # each move was asked for
    assert "tichu" not in [r.text for r in mine]


async def test_out_of_turn_the_terminal_calls_tichu_when_told_to(tmp_path: Path) -> None:
    """Four players, the play phase, the terminal's seat not on turn and yet to play a card:
    no prompt, a line saying it may call; ``tichu`` calls at once, while ``1`` typed ahead
    waits for the seat's turn."""
    from tests.server.test_clock_and_bombs import legal

    quiet = settings(tmp_path, round_pause=0.0, clock_move=0.0)
    async with serve(quiet) as room:
        table = await room.create("tichu")
        tokens = [await room.seat(table, seat, f"P{seat}") for seat in range(4)]
        actor = await room.registry.get(table)
        for seat in range(4):
            assert isinstance(await actor.call(Act(seat, "nogrand")), Accepted)
        for seat in range(4):
            for _ in range(3):
                give = next(a for a in legal(actor, seat) if a.startswith("exchange "))
                assert isinstance(await actor.call(Act(seat, give)), Accepted)
        lead = actor.observation(0)["turn"]
        me = (lead + 1) % 4
        assert "tichu" in legal(actor, me) and actor.observation(me)["awaited"] == [lead]
        async with at_the_table(room.url, table, tokens[me]) as term:
            told = await term.shows(r"Not your turn; you may type now: tichu")
            term.type("1")  # typed ahead: it waits for the prompt
            term.type("tichu")
            await until(lambda: actor.runner.records[-1].text == "tichu")
            assert actor.runner.records[-1].seat == me
            assert "] > " not in term.text[told.end() :] and "Refused" not in term.text
            while (owing := actor.observation(me)["awaited"]) != [me]:  # the lead plays on
                moves = [a for a in legal(actor, owing[0]) if a not in actor._bombs(owing[0])]
                plain = [a for a in moves if a in ("pass", "nowish")] or moves
                assert isinstance(await actor.call(Act(owing[0], plain[0])), Accepted)
            await term.shows(r"\] > ", told.end())  # our turn: the line typed ahead is used
            await until(lambda: actor.runner.records[-1].seat == me)


def test_a_hold_for_another_seat_says_who_the_table_waits_for() -> None:
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), 0)
    seats = [{"seat": s, "name": f"p{s}"} for s in range(4)]
    obs = {"legal": [], "num_seats": 4}
    client.handle({"t": "welcome", "v": 3, "seat": 0, "obs": obs, "seats": seats})
    client.handle({"t": "hold", "seat": 2})
    assert "p2 is bombing: the table waits for that bomb." in out.getvalue()
    assert client.answer("b") == []  # no bomb of ours to claim
    assert "You hold no bomb you may throw now." in out.getvalue()


def test_help_lists_the_server_table_commands() -> None:
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), 0)
    assert client.answer("h") == []
    words = ("'b'", "'back'", "Enter", "'say TEXT'", "'rematch'")
    assert all(word in out.getvalue() for word in words)


@contextlib.asynccontextmanager
async def waiting_with_bea(tmp_path: Path) -> AsyncIterator[tuple[Any, str, Terminal, Client]]:
    """The terminal at seat 0 and Bea's socket at seat 1 of a Tichu table waiting for players
    (nothing moves): the server, the table, the terminal and Bea, both joined."""
    quiet = settings(tmp_path, round_pause=0.0, clock_move=0.0)
    async with serve(quiet) as room:
        table = await room.create("tichu")
        token = await room.seat(table, 0, "Term")
        other = await Client.connect(room.ws_url, table, await room.seat(table, 1, "Bea"))
        actor = await room.registry.get(table)
        async with at_the_table(room.url, table, token) as term:
            await until(lambda: len(actor.subscribers) == 2)  # the terminal has joined
            yield room, table, term, other
        await other.close()


async def test_the_terminal_shows_the_tables_chat_and_says_when_its_seat_is_taken_away(
    tmp_path: Path,
) -> None:
    async with waiting_with_bea(tmp_path) as (room, table, term, other):
        await other.send({"t": "chat", "text": "hello terminal"})
        await term.shows(r"\[Bea\] hello terminal")
        freed = await room.http.delete(f"/api/tables/{table}/seats/0", headers=room.as_owner(table))
        assert freed.status_code == 200, freed.text
        await term.shows(r"You no longer hold seat 1 \(.+\): you are watching now\.")


async def test_the_terminal_shows_the_chat_said_before_it_joined(tmp_path: Path) -> None:
    """Bea chats at a waiting table before the terminal joins: the terminal prints her line
    (from its welcome), before the table's state."""
    async with serve(settings(tmp_path, round_pause=0.0, clock_move=0.0)) as room:
        table = await room.create("tichu")
        token = await room.seat(table, 0, "Term")
        bea = await Client.connect(room.ws_url, table, await room.seat(table, 1, "Bea"))
        await bea.send({"t": "chat", "text": "before you came"})
        await bea.until(lambda m: m["t"] == "chat")
        async with at_the_table(room.url, table, token) as term:
            line = await term.shows(r"\[Bea\] before you came")
            await term.shows("Waiting for players", line.end())
        await bea.close()


def test_a_chat_line_a_later_welcome_repeats_is_printed_once() -> None:
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), None, "T1")
    said = {"t": "chat", "seat": 1, "name": "Bea", "text": "hi", "at": "2026-01-01T10:00:00Z"}
    welcome = {"t": "welcome", "v": 3, "seat": None, "obs": {}, "seats": [], "chat": [said]}
    later = {**said, "at": "2026-01-01T10:00:05Z"}  # the same words said again: a new line
    client.handle(welcome)
    client.handle(later)
    client.handle({**welcome, "chat": [said, later]})  # a resync
    assert out.getvalue().count("[Bea] hi") == 2


def said_by_term(message: dict[str, Any]) -> bool:
    return message["t"] == "chat" and message["name"] == "Term"


async def test_a_line_said_at_the_terminal_reaches_the_table_while_no_move_is_owed(
    tmp_path: Path,
) -> None:
    async with waiting_with_bea(tmp_path) as (_, _, term, other):
        term.type("say hello Bea")
        line = await other.until(said_by_term)
        assert (line["seat"], line["text"]) == (0, "hello Bea")
        await term.shows(r"\[Term\] hello Bea")  # the table's chat, as everyone sees it
        assert "Waiting for players to take the free seats" in term.text


async def test_a_refused_chat_line_says_why_and_the_terminal_carries_on(tmp_path: Path) -> None:
    async with waiting_with_bea(tmp_path) as (_, _, term, other):
        term.type("say " + "x" * 301)
        await term.shows(r"Refused: 'text' is longer than 300 characters")
        term.type("'still here")
        assert (await other.until(said_by_term))["text"] == "still here"


def to_the_rematch(screen: str) -> str | None:
    """Answers ``1`` to every prompt and asks for the rematch once it is offered."""
    if "Type 'rematch'" in screen:
        return "rematch"
    return "1" if "] > " in screen else None


async def test_a_finished_match_offers_the_rematch_and_the_terminal_plays_it(
    tmp_path: Path,
) -> None:
    quick = settings(tmp_path, round_pause=0.0, clock_move=0.0)
    async with serve(quick) as room:
        table = await room.create("tichu", {"target_score": 1})  # one round is the match
        token = await against_bots(room, table)
        async with at_the_table(room.url, table, token, to_the_rematch) as term:
            over = await term.shows(r"The match is over\. Type 'rematch'")
            assert "Game over" in term.text[: over.start()]
            joined = await term.shows(r"Rematch: you take seat 1 at table (\S+)\.", over.end())
            await term.shows(r"The match starts\.(.|\n)*\] > ", joined.end())
            rematch = await room.registry.get(joined[1])
            await until(lambda: any(r.seat == 0 for r in rematch.runner.records))  # it plays
            assert rematch.seats[0].kind == "human" and rematch.seats[0].name == "Term"
            assert [row.kind for row in rematch.seats][1:] == ["bot"] * 3
            assert "asked for a rematch" not in term.text  # it asked itself


def test_a_finished_match_says_when_another_seat_asked_for_the_rematch() -> None:
    out = io.StringIO()
    client = RemoteSeat(Console(io.StringIO(), out), 0)
    over = {"legal": [], "num_seats": 4, "terminal": True}
    welcome = {"t": "welcome", "v": 9, "seat": 0, "table": "T1", "status": "finished"}
    assert client.handle({**welcome, "obs": over, "seats": []})  # a seat stays for the rematch
    assert "The match is over. Type 'rematch'" in out.getvalue()
    client.handle({"t": "rematch", "table": "T2", "link": "/t/T2#invite=s3cret"})
    assert "Another player asked for a rematch: type 'rematch' to join it." in out.getvalue()
    assert client.answer("1") == []  # no move to pick: the offer again
    assert out.getvalue().count("The match is over.") == 2
    assert client.answer("rematch") == [REMATCH]
    assert client.answer("q") is None


class StallsInPlay:
    """A player who answers ``1`` to every prompt, but stops answering once the play phase is
    shown (``stalled``) until ``go_on`` is set: a prompt owed meanwhile is answered then, on
    the next text the screen shows, as a person reading on would."""

    def __init__(self) -> None:
        self.stalled = threading.Event()
        self.go_on = threading.Event()
        self.owed = False

    def __call__(self, screen: str) -> str | None:
        if "phase play" in screen:
            self.stalled.set()
        self.owed = self.owed or "] > " in screen
        if not self.owed or (self.stalled.is_set() and not self.go_on.is_set()):
            return None
        self.owed = False
        return "1"


def owes_on_screen(text: str) -> bool:
    """The last observation on the screen has the terminal's seat to move, and its prompt."""
    last = text.rsplit("=" * 60, 1)[-1]
    return bool(re.search(r"Term \(you\) .*<- turn", last)) and last.endswith("] > \n")


async def test_the_terminal_reconnects_after_a_server_restart_and_plays_on(
    tmp_path: Path,
) -> None:
    """The server process is killed while the table waits for the terminal's seat, and started
    again on the same port: the terminal says it is reconnecting, takes its seat back from the
    version it had seen, and its player's next move is the table's next record (the prompt was
    neither lost nor said twice); the match plays on to its end."""
    from tests.server.conftest import free_socket
    from tests.server.processes import process
    from tests.server.test_restart import load_table

    with free_socket() as sock:
        port = sock.getsockname()[1]
    db, log = tmp_path / "cardroom.db", []
    flags = ("--port", str(port), "--round-pause", "0", "--clock-move", "0")
    player = StallsInPlay()
    async with contextlib.AsyncExitStack() as terminal:  # across both server processes
        async with process(db, *flags, log=log) as (proc, room, _):
            table = await room.create("tichu", {"target_score": 1})  # one round is the match
            for seat in (1, 2, 3):
                await room.bot(table, seat)  # random bots never act out of turn
            token = await room.seat(table, 0, "Term")
            term = await terminal.enter_async_context(at_the_table(room.url, table, token, player))
            watcher = await Client.connect(room.ws_url, table, None)
            await watcher.obs_until(lambda obs: obs["phase"] == "play" and obs["awaited"] == [0])
            await until(lambda: owes_on_screen(term.text))  # as the watcher saw: nothing moves
            proc.kill()
            await proc.wait()
        at_kill = await load_table(db, table)
        lost = await term.shows(r"reconnecting \(attempt 1 of \d+\)")
        async with process(db, *flags, log=log) as (_, room, _):
            player.go_on.set()
            back = await term.shows(r"Reconnected: the game goes on\.", lost.end())
            moved = await term.shows("=" * 60, back.end())  # the move it owed, made
            resumed = term.text[lost.start() : moved.start()]
            assert "] > " not in resumed and "Refused" not in resumed  # asked once, taken
            await until(lambda: "Game over" in term.text)  # the match played on to its end
            assert (await room.info(table))["status"] == "finished"
    stored = await load_table(db, table)
    first = stored.records[at_kill.version]  # the first record after the restart
    assert (first.kind, first.seat, first.auto) == ("action", 0, False), first
    assert stored.records[: at_kill.version] == at_kill.records


async def test_after_a_reconnect_the_terminal_shows_the_chat_it_missed_and_the_clock_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The terminal's socket drops after its Grand Tichu call; while it is away the others
    call, so that the exchange starts and the terminal's seat owes it on a fresh
    clock; meanwhile Cid chats. Back by ``since``, it shows Cid's line (once, and Bea's line
    from before the drop not again) and says the clock of the exchange it now owes (the
    ``clock`` frames of the gap were lost to it)."""
    gate, connects = asyncio.Event(), []
    real = Link.connect

    async def gated(link: Link, table: str) -> Any:
        connects.append(table)
        if len(connects) > 1:  # a reconnect: only once the test has played the gap
            await gate.wait()
        return await real(link, table)

    monkeypatch.setattr(Link, "connect", gated)
    timed = settings(tmp_path, round_pause=0.0, clock_move=30, clock_bank=60)
    async with serve(timed) as room:
        table = await room.create("tichu")  # public: it runs the server's clock
        token = await room.seat(table, 0, "Term")
        bea = await Client.connect(room.ws_url, table, await room.seat(table, 1, "Bea"))
        cid = await Client.connect(room.ws_url, table, await room.seat(table, 2, "Cid"))
        await room.seat(table, 3)
        actor = await room.registry.get(table)
        async with at_the_table(room.url, table, token) as term:
            await term.shows(r"Your clock: \d+ s left")
            await bea.send({"t": "chat", "text": "before the drop"})
            await term.shows(r"\[Bea\] before the drop")
            term.type("nogrand")
            await until(lambda: 0 not in actor.observation(0)["awaited"])
            session = next(s for s, seat in actor.subscribers.items() if seat == 0)
            session.slow.set()  # as the server drops a lagging socket (4008)
            lost = await term.shows(r"reconnecting \(attempt 1 of \d+\)")
            await until(lambda: 0 not in actor.subscribers.values())
            await cid.send({"t": "chat", "text": "while you were away"})  # one line a second each
            await bea.until(lambda m: m["t"] == "chat" and m["text"] == "while you were away")
            for seat in (1, 2, 3):
                assert isinstance(await actor.call(Act(seat, "nogrand")), Accepted)
            owes = actor.observation(0)
            assert owes["phase"] == "exchange" and 0 in owes["awaited"]
            gate.set()
            back = await term.shows(r"Reconnected: the game goes on\.", lost.end())
            await term.shows(r"\[Cid\] while you were away", back.end())
            clock = await term.shows(r"Your clock: (\d+) s left for this move", back.end())
            assert 80 < int(clock[1]) <= 90  # the exchange's own: 30 s a move plus the bank
            await term.shows(r"\] > ", clock.end())
        await bea.close()
        await cid.close()
    assert term.text.count("[Cid] while you were away") == 1
    assert term.text.count("[Bea] before the drop") == 1
