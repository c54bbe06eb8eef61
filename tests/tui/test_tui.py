"""The terminal client: text rendering, input choices, and whole matches driven by stdin."""

from __future__ import annotations

import io
import random

import pytest

from cardroom import i18n
from cardroom.bots import SeatView, bomb_actions, owes_move
from cardroom.engine import SeededResolver
from cardroom.engine.registry import get_game
from cardroom.tui.local import LocalMatch
from cardroom.tui.prompt import Choice, Console, read_choice
from cardroom.tui.render import render_event, render_obs, seat_names
from tests.engine.toy import TOY

LEGAL = ["pass", "play 7G", "play 7G 7K"]


@pytest.mark.parametrize(
    ("line", "optional", "expected"),
    [
        ("1", False, Choice("act", "pass")),
        ("3\n", False, Choice("act", "play 7G 7K")),
        ("play 8B", False, Choice("act", "play 8B")),
        ("", True, Choice("wait")),
        ("q", False, Choice("quit")),
    ],
)
def test_read_choice_maps_numbers_and_text(line: str, optional: bool, expected: Choice) -> None:
    assert read_choice(line, LEGAL, optional) == expected


@pytest.mark.parametrize(("line", "optional"), [("0", False), ("4", False), ("", False)])
def test_read_choice_rejects_what_it_cannot_send(line: str, optional: bool) -> None:
    assert read_choice(line, LEGAL, optional).kind == "error"


def test_question_mark_lists_every_legal_action_numbered() -> None:
    shown = read_choice("?", LEGAL)
    assert shown.kind == "show"
    assert [ln.split(". ", 1)[1] for ln in shown.message.splitlines()] == LEGAL


TICHU_OBS = {
    "game": "tichu",
    "phase": "play",
    "num_seats": 4,
    "round": 2,
    "active": [1],
    "legal": [],
    "hand": ["2G", "PHX"],
    "hand_sizes": [2, 5, 0, 14],
    "calls": ["", "tichu", "", "grand"],
    "trick": [{"seat": 3, "cards": ["9K", "9R"], "combo": "pair 9"}],
    "turn": 1,
    "awaited": [1],
    "wish": "8",
    "out": [2],
    "scores": [120, 80],
    "score_sheet": [[120, 80]],
    "last_round": {"points": [120, 80], "out": [2, 0, 1, 3], "double_victory": False},
    "terminal": False,
    "outcome": None,
}


def test_render_obs_shows_what_a_seat_needs_to_decide() -> None:
    text = render_obs(TICHU_OBS, seat_names(4, 0, ["Ann", "Bob", "Cy", "Di"]))
    for expected in ("round 2", "Bob", "Tichu!", "Grand Tichu!", "<- turn", "out 1st",
                     "Di: 9K 9R  (pair 9)", "Wish: 8", "Your hand: 2G PHX", "120:80",
                     "Last round: team A 120, team B 80"):  # fmt: skip
        assert expected in text, expected


def test_the_terminal_groups_scores_as_its_language_writes_them() -> None:
    from cardroom.tui.render import use_language

    obs = {**TICHU_OBS, "audience": 0, "scores": [1050, 250], "score_sheet": [[1050, 250]]}
    text = render_obs(obs, ["Ann", "Bob", "Cy", "Di"])
    assert "1,050:250" in text and "1,050" in text.split("1,050:250")[1]
    use_language("de")
    try:
        assert "1.050:250" in render_obs(obs, ["Ann", "Bob", "Cy", "Di"])
    finally:
        use_language("en")


def test_spectator_render_has_no_hand() -> None:
    text = render_obs({**TICHU_OBS, "hand": None}, seat_names(4, None))
    assert "Your hand" not in text
    assert "2G" not in text


def test_render_event_names_the_seat() -> None:
    names = seat_names(4, 1, ["Ann"])
    assert render_event({"type": "dragon_given", "seat": 0, "to": 1}, names) == (
        "Ann: dragon given to Seat 2 (you)"
    )


def _toy_match(seed: int) -> LocalMatch:
    return LocalMatch(
        TOY, TOY.default_config(), 0, "random", SeededResolver(seed), random.Random(1)
    )


def test_scripted_player_finishes_a_toy_match() -> None:
    match = _toy_match(3)
    out = io.StringIO()
    assert match.play(Console(io.StringIO("1\n" * 10), out)) == 0
    assert TOY.is_terminal(match.runner.state)
    played = [r.text for r in match.runner.records if r.kind == "action" and r.seat == 0]
    assert len(played) == 3
    assert out.getvalue().count("Seat 1 (you): played") == 3


def test_refused_action_shows_the_game_message_and_asks_again() -> None:
    match = _toy_match(3)
    out = io.StringIO()
    assert match.play(Console(io.StringIO("play 99\n?\n1\n1\n1\n"), out)) == 0
    assert "Refused: card 99 is not in your hand" in out.getvalue()


def test_a_refusal_naming_a_seat_counts_it_from_1_in_the_terminals_language() -> None:
    from cardroom.tui.render import use_language

    tichu = get_game("tichu")
    match = LocalMatch(
        tichu, tichu.default_config(), 0, "random", SeededResolver(4), random.Random(4)
    )
    for seat in range(4):
        assert match.submit(seat, "nogrand") is None
    one, two, three = match.view(0).obs["hand"][:3]
    assert match.submit(0, f"exchange {one} to 1") is None
    refused = match.submit(0, f"exchange {two} to 1")
    assert refused == f"You already give {one} to Seat 2: one card for each player"
    use_language("ja")
    try:
        assert (
            match.submit(0, f"exchange {three} to 1")
            == f"席2にはすでに{one}を渡します。1人に1枚ずつです"
        )
    finally:
        use_language("en")


def test_a_refusal_in_play_is_said_in_the_terminals_language() -> None:
    """A typed move the rules refuse reads in the terminal's language, not as "rule R…"."""
    from cardroom.tui.render import use_language

    tichu = get_game("tichu")
    match = LocalMatch(
        tichu, tichu.default_config(), 0, "random", SeededResolver(4), random.Random(4)
    )
    assert match.submit(0, "nogrand") is None
    use_language("ja")
    try:
        assert match.submit(0, "grand") == "ラージティチューはすでに決めています"
        for seat in range(1, 4):
            assert match.submit(seat, "nogrand") is None
        assert match.submit(0, "pass") == "カードはカード交換のあとで出します"
        use_language("zh-TW")
        assert match.submit(0, "grand") == "大地主只能在看到最後六張牌之前喊"
    finally:
        use_language("en")
    assert match.submit(0, "pass") == "Cards are played only after the exchange"


def test_toepens_game_over_says_who_ran_out_of_lives_counting_seats_from_1() -> None:
    """The engine's reason ("seat 1 reached 0 lives", from 0, English) stays in the record; the
    terminal says it from the catalogues, the seat as people count it."""
    from dataclasses import replace

    from cardroom.tui.render import use_language

    toepen = get_game("toepen")
    config = replace(toepen.default_config(), lives=1)
    match = LocalMatch(toepen, config, 0, "random", SeededResolver(7), random.Random(7))
    while not toepen.is_terminal(match.runner.state):
        me = match.view(0)
        move = (0, str(toepen.default_action(match.runner.state, 0))) if owes_move(me) else None
        seat, action = move or match.bot_move() or (0, me.legal[0])
        assert match.submit(seat, action) is None
    outcome = match.view(0).obs["outcome"]
    out = [s for s, lives in enumerate(outcome["scores"]) if lives == 0]
    assert out and "reached 0 lives" in outcome["reason"]  # the record keeps the engine's words
    text = render_obs(match.view(0).obs, seat_names(4, None))
    assert f"Game over: Seat {out[0] + 1}" in text and "no lives left" in text, text
    assert "reached 0 lives" not in text
    use_language("ja")
    try:
        text = render_obs(match.view(0).obs, seat_names(4, None))
    finally:
        use_language("en")
    assert f"席{out[0] + 1}" in text and "のライフが0になりました" in text, text


def test_tichus_game_over_reason_is_said_in_the_terminals_language() -> None:
    from cardroom.games.tichu.scoring import TARGET_REACHED
    from cardroom.tui.render import use_language

    outcome = {"scores": [1020, 480, 1020, 480], "winners": [0, 2], "reason": TARGET_REACHED}
    obs = {**TICHU_OBS, "terminal": True, "outcome": outcome}
    use_language("ja")
    try:
        text = render_obs(obs, ["Ann", "Bob", "Cy", "Di"])
    finally:
        use_language("en")
    assert "ゲーム終了: 目標点に到達しました。勝者: Ann、Cy" in text, text


@pytest.mark.parametrize(
    ("lang", "winners", "received", "suits"),
    [
        ("en", "winners: Ann and Cy", "Received: Bob 7G, Cy 8K, and Di 9B", "Diamonds, and C"),
        ("ja", "勝者: Ann、Cy", "受け取った札: Bob 7G、Cy 8K、Di 9B", "ダイヤ、C"),
    ],
)
def test_the_terminals_lists_read_as_its_language_writes_them(
    lang: str, winners: str, received: str, suits: str
) -> None:
    """Winners, the cards received in the exchange and the legend are lists, written as the
    terminal's language writes one (Babel), never joined with an English comma."""
    from cardroom.games.tichu.scoring import TARGET_REACHED
    from cardroom.tui.render import legend, use_language

    outcome = {"scores": [1020, 480, 1020, 480], "winners": [0, 2], "reason": TARGET_REACHED}
    ended = {**TICHU_OBS, "terminal": True, "outcome": outcome}
    exchanged = {**TICHU_OBS, "exchange": {"received": {"1": "7G", "2": "8K", "3": "9B"}}}
    use_language(lang)
    try:
        names = ["Ann", "Bob", "Cy", "Di"]
        assert winners in render_obs(ended, names)
        assert received in render_obs(exchanged, names)
        assert suits in legend("toepen")
    finally:
        use_language("en")


def test_end_of_input_stops_the_match() -> None:
    match = _toy_match(3)
    assert match.play(Console(io.StringIO("1\n"), io.StringIO())) == 1
    assert not TOY.is_terminal(match.runner.state)


def _registered(name: str) -> bool:
    try:
        get_game(name)
    except KeyError:
        return False
    return True


@pytest.mark.parametrize(("game", "args"), [("tichu", ["--target", "50"]), ("toepen", [])])
def test_cli_play_answering_1_reaches_the_end(
    game: str, args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if not _registered(game):
        pytest.skip(f"{game} is not registered yet")
    from cardroom.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 5000))
    assert main(["play", "--game", game, "--bots", "random", "--seed", "7", *args]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out
    assert "Your hand:" in out


def test_render_toepen_shows_lives_folds_stake_and_the_trick() -> None:
    obs = {
        "game": "toepen", "phase": "respond", "num_seats": 3, "active": [2], "legal": [],
        "hand": ["10H"], "hand_sizes": [3, 2, 3], "lives": [9, 10, 7],
        "in_hand": [True, False, True], "turn": 0, "awaited": [2], "stake": 2, "knocker": 0,
        "trick": [{"seat": 0, "card": "JS"}], "terminal": False, "outcome": None,
    }  # fmt: skip
    lines = render_obs(obs, seat_names(3, 0)).splitlines()
    seat1 = next(line for line in lines if "Seat 2" in line)  # people count seats from 1
    assert "10 lives" in seat1 and "folded" in seat1
    assert "<- turn" in next(line for line in lines if "Seat 3" in line)
    assert "Seat 1 (you): JS" in "\n".join(lines)
    assert "stake: 2" in "\n".join(lines) and "knocked: Seat 1 (you)" in "\n".join(lines)


def test_the_seats_facts_line_up_under_japanese_names() -> None:
    """Each seat's cards start in the same terminal column, however many wide characters its
    name has ("席1（あなた）" takes 13 columns, not 7)."""
    import unicodedata

    from cardroom.tui.render import use_language

    obs = {"game": "tichu", "phase": "play", "num_seats": 4, "hand_sizes": [8, 8, 14, 14],
           "awaited": [], "legal": []}  # fmt: skip
    use_language("ja")
    try:
        names = seat_names(4, 0, [None, "Bob", "山田花子", None])
        lines = render_obs(obs, names).splitlines()[2:6]
    finally:
        use_language("en")

    def column(line: str, text: str) -> int:  # where text starts, in terminal columns
        before = line[: line.index(text)]
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in before)

    cards = [i18n.translate("ja", "tui.cards", n=n) for n in (8, 8, 14, 14)]
    assert len({column(line, card) for line, card in zip(lines, cards, strict=True)}) == 1, lines


def test_render_names_the_game_and_toepens_table_facts_in_the_terminals_language() -> None:
    """They read "stake: 2  knocker: 席1（あなた）" in Japanese: the keys of the observation."""
    from cardroom.tui.render import use_language

    obs = {"game": "toepen", "phase": "respond", "num_seats": 3, "active": [2], "legal": [],
           "hand": ["10H"], "hand_sizes": [3, 2, 3], "lives": [9, 10, 7], "turn": 0,
           "awaited": [2], "stake": 2, "knocker": 0, "stock": 12, "hand_no": 3}  # fmt: skip
    use_language("ja")
    try:
        text = render_obs(obs, seat_names(3, 0))
    finally:
        use_language("en")
    fields = [f"{i18n.translate('ja', f'tui.field.{key}')}: {shown}"
              for key, shown in (("stake", 2), ("knocker", "席1（あなた）"), ("stock", 12),
                                 ("hand_no", 3))]  # fmt: skip
    assert "  ".join(fields) in text
    assert not any(key in text for key in ("stake", "knocker", "stock", "hand_no")), text
    assert text.splitlines()[1].startswith(f"{i18n.translate('ja', 'game.toepen')} · ")  # ツーペン


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--game", "toepen", "--bots", "genius"], "unknown bot level 'genius'"),
        (["--game", "toepen", "--seat", "9"], "--seat must be 1..4"),
        (["--server", "http://127.0.0.1:9"], "--server needs --table"),
    ],
)
def test_cli_play_explains_bad_arguments(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardroom.cli import main

    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err


def test_menu_never_starts_with_the_costly_entry() -> None:
    from cardroom.tui.prompt import menu

    assert menu(["challenge", "accept"])[0] == "accept"
    assert menu(["laundry", "nolaundry"])[0] == "nolaundry"
    assert menu(["grand", "nogrand"])[0] == "nogrand"
    assert menu(["play 10H", "play 7S", "knock"]) == ["play 10H", "play 7S", "knock"]


def test_one_legal_answer_is_sent_without_a_prompt_and_1_declines() -> None:
    import io

    from cardroom.tui.prompt import Console, ask

    sent: list[str] = []
    out = io.StringIO()
    console = Console(io.StringIO("1\n"), out)
    assert ask(console, ["whistle"], False, lambda a: sent.append(a))
    assert sent == ["whistle"] and "> " not in out.getvalue()
    assert ask(console, ["challenge", "accept"], False, lambda a: sent.append(a))
    assert sent == ["whistle", "accept"]


def test_tichu_in_the_terminal_speaks_in_sentences_and_never_waits_between_bots() -> None:
    """The legend once, partner and opponents marked, the team score, passes said, and no
    prompt while bots play unless a bomb could be thrown."""
    from cardroom.engine import get_game

    tichu = get_game("tichu")
    config = tichu.config_from_json({"target_score": 50, "max_rounds": 1})
    match = LocalMatch(tichu, config, 0, "heuristic", SeededResolver(5), random.Random(5))
    out = io.StringIO()
    prompts: list[SeatView] = []
    answers = io.StringIO("1\n" * 400)

    class Watching(Console):
        def read(self, prompt: str) -> str | None:
            prompts.append(match.view(0))
            return super().read(prompt)

    assert match.play(Watching(answers, out)) == 0
    text = out.getvalue()
    assert text.count("Cards are a rank and a suit letter: G Jade") == 1
    assert "Club player bot 3 (partner)" in text and "Club player bot 2 (opponent)" in text
    assert "Match: your team " in text and " passed" in text
    assert "grand decided" not in text  # every Tichu event is a sentence or nothing
    for view in prompts:  # asked only when a move is owed or a bomb can be thrown
        assert owes_move(view) or bomb_actions(view.obs), view.legal


def test_local_tichu_stops_for_a_bomb_out_of_turn() -> None:
    """A Tichu bomb out of turn is a ``play`` the listing marks as a bomb: the bots wait for
    the player holding one (seed 6 deals seat 0 four jacks), and for nothing else."""
    from cardroom.engine import get_game

    tichu = get_game("tichu")
    config = tichu.config_from_json({"target_score": 50, "max_rounds": 1})
    match = LocalMatch(tichu, config, 0, "heuristic", SeededResolver(6), random.Random(6))
    off_turn: list[list[str]] = []

    class Watching(Console):
        def read(self, prompt: str) -> str | None:
            if not owes_move(view := match.view(0)):
                off_turn.append(bomb_actions(view.obs))
            return super().read(prompt)

    assert match.play(Watching(io.StringIO("1\n" * 400), io.StringIO())) == 0
    assert off_turn and all(off_turn), off_turn
    assert ["play JG JK JB JR"] in off_turn


def test_the_terminal_shows_and_reads_seats_as_people_count_them() -> None:
    """People count seats from 1, the notation from 0: a seat an action names is shown and
    typed counted from 1, and sent counted from 0."""
    from cardroom.tui.prompt import ask, list_legal, read_choice

    legal = ["give-dragon 1", "give-dragon 3"]
    assert list_legal(legal).splitlines() == ["  1. give-dragon 2", "  2. give-dragon 4"]
    assert read_choice("give-dragon 4", legal).action == "give-dragon 3"
    sent: list[str] = []
    out = io.StringIO()
    console = Console(io.StringIO("exchange 7G to 4\n"), out)
    assert ask(console, ["exchange 7G to 1", "exchange 7G to 3"], False, sent.append)
    assert sent == ["exchange 7G to 3"] and "exchange 7G to 2" in out.getvalue()


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_the_legal_list_speaks_the_terminals_language(lang: str) -> None:
    """The summary of a long list and the notes around it were English in every language; the
    actions themselves stay in the notation people type."""
    from cardroom.tui.prompt import LIST_LIMIT, list_legal
    from cardroom.tui.render import use_language

    legal = [
        f"exchange {r}{suit} to {seat}" for suit in "GK" for r in range(2, 10) for seat in (1, 2, 3)
    ]
    use_language(lang)
    try:
        summary, tichu = list_legal([*legal, "tichu"]).splitlines()
        example = "exchange 2G to 2"  # seats as people count them
        assert summary == "  " + i18n.translate(
            lang, "tui.legal.group", verb="exchange", n=48, first=1, last=48, example=example
        )
        assert tichu == " 49. tichu"
        assert list_legal(legal, "play") == "  " + i18n.translate(
            lang, "tui.legal.none_starting", prefix="play"
        )
        assert list_legal([]) == "  " + i18n.translate(lang, "tui.legal.none")
        more = list_legal(legal, "exchange").splitlines()[-1]
        assert more == "  " + i18n.translate(lang, "tui.legal.more", n=48 - LIST_LIMIT)
    finally:
        use_language("en")


def test_cli_play_takes_the_seat_as_people_count_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardroom.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert (
        main(["play", "--game", "toepen", "--seat", "4", "--seed", "1", "--lang", "en"]) == 1
    )  # quit
    out = capsys.readouterr().out
    assert "Seat 4 (you)" in out and "Seat 1 (you)" not in out
