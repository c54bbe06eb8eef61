"""Observation and event JSON as plain text (any game; extra lines for Tichu's and Toepen's keys).

Words come from the catalogues in the language chosen by ``use_language`` (``cardroom play
--lang``, else ``LC_ALL``/``LC_MESSAGES``/``LANG``); an event a game narrates is its message,
any other a generic line.

>>> print(render_event({"type": "played", "seat": 2, "cards": ["7G", "7K"]}, seat_names(4, 0)))
Seat 3: played 7G 7K
>>> print(render_event({"type": "passed", "seat": 2}, seat_names(4, 0), "tichu"))
Seat 3 passed
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardroom import i18n
from cardroom.i18n import narration

Json = Mapping[str, Any]
LANG = ["en"]
"""The terminal's language (one per process; set by ``use_language``)."""


def use_language(lang: str) -> None:
    LANG[0] = lang


def say(key: str, **params: Any) -> str:
    """A catalogue text in the terminal's language."""
    return i18n.translate(LANG[0], key, **params)


def say_message(msg: Json) -> str:
    """A message (``{"key", "params"}``, as a refusal carries it) in the terminal's language."""
    return i18n.render(LANG[0], msg)


def say_list(items: Iterable[str]) -> str:
    """Items as the terminal's language writes a list (``i18n.join``: "A, B and C", "A、B、C").

    >>> say_list(["Ann", "Cy"])
    'Ann and Cy'
    """
    return i18n.join(LANG[0], list(items))


def say_level(level: str) -> str:
    """A bot level's name in the terminal's language (``i18n.level_name``)."""
    return i18n.level_name(LANG[0], level)


COMMON_KEYS = frozenset(
    {
        "game", "audience", "phase", "num_seats", "active", "legal", "hand", "hand_sizes",
        "terminal", "outcome", "trick", "top", "turn", "calls", "decided", "exchange", "scores",
        "score_sheet", "last_round", "pile_points", "out", "round", "wish", "lead", "passes",
        "lives", "awaited",
    }
)  # fmt: skip
"""Keys rendered by name; any other scalar key is shown as ``key: value`` (the key by its name in
the terminal's language where it has one, ``_label``)."""

SEAT_KEYS = frozenset({"dealer", "leader", "knocker", "last_knocker", "laundry_turn", "exchanger"})
"""Other scalar keys whose value is a seat: shown by the seat's name, never its number."""

COMBO_FIELDS = frozenset({"kind", "length", "rank", "strength", "phoenix"})
"""A play's combination for programs; people read its ``combo`` text."""

CALL_KEYS = {"tichu": "tichu.call.tichu", "grand": "tichu.call.grand"}


def seat_names(num_seats: int, me: int | None, names: Sequence[str | None] = ()) -> list[str]:
    """Display names per seat: the given name or ``Seat N`` (counted from 1, as people count),
    with ``(you)`` for ``me``.

    >>> seat_names(3, 1, ["Ann"])
    ['Ann', 'Seat 2 (you)', 'Seat 3']
    """
    result = []
    for seat in range(num_seats):
        number = i18n.seat_number(seat)
        name = names[seat] if seat < len(names) and names[seat] else say("seat.n", n=number)
        result.append(say("seat.you", name=name) if seat == me else str(name))
    return result


PARTNERS = {"tichu": 4}
"""Games played in fixed partnerships, by their seat count: partners sit across the table."""


def mark_sides(names: Sequence[str], me: int | None, game: str) -> list[str]:
    """``names`` with ``me``'s partner and opponents marked, in a partnership game.

    >>> mark_sides(["You", "Bo", "Cy", "Di"], 0, "tichu")
    ['You', 'Bo (opponent)', 'Cy (partner)', 'Di (opponent)']
    >>> mark_sides(["You", "Bo", "Cy"], 0, "toepen")
    ['You', 'Bo', 'Cy']
    """
    seats = len(names)
    if me is None or PARTNERS.get(game) != seats:
        return list(names)
    partner = (me + seats // 2) % seats
    return [name if seat == me else say("seat.partner" if seat == partner else "seat.opponent",
                                        name=name)
            for seat, name in enumerate(names)]  # fmt: skip


def legend(game: str) -> str:
    """How cards are written, said once at the start: the suit letters and the special cards.

    >>> print(legend("toepen"))
    Cards are a rank and a suit letter: H Hearts, S Spades, D Diamonds, and C Clubs.
    """
    if game == "tichu":
        suits = zip("GKBR", ("jade", "sword", "pagoda", "star"), strict=True)
        specials = say_list(f"{code} {say(f'tichu.card.{code}')}" for code in SPECIALS)
        text = say("tui.legend.suits", suits=_suits(suits))
        return f"{text} {say('tui.legend.specials', cards=specials)}"
    if game == "toepen":
        suits = zip("HSDC", ("hearts", "spades", "diamonds", "clubs"), strict=True)
        return say("tui.legend.suits", suits=_suits(suits))
    return ""


SPECIALS = ("MJ", "DOG", "PHX", "DRG")


def _suits(letters: Iterable[tuple[str, str]]) -> str:
    return say_list(f"{letter} {say(f'suit.{name}')}" for letter, name in letters)


def _value(value: Any) -> str:
    if value is None or value == "":
        return "-"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return i18n.format_number(value, LANG[0])
    if isinstance(value, list):
        return " ".join(_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_value(v)}" for k, v in value.items())
    return str(value)


def render_event(event: Json, names: Sequence[str], game: str = "") -> str:
    """One line per event: its message (sent by the server as ``say``, or narrated by ``game``),
    else ``<seat name>: <type> <fields>``; "" for an event its game narrates as needing no
    sentence (a seat's decision not to call Grand Tichu)."""
    said = event.get("say") or narration.say(game, dict(event))
    if said:
        return i18n.render(LANG[0], said, names)
    if event.get("type") == "hand_dealt" and event.get("cards"):  # your own cards (private)
        dealt = {"key": "replay.dealt", "params": {"who": {"seat": event.get("seat")},
                 "cards": " ".join(event["cards"])}}  # fmt: skip
        return i18n.render(LANG[0], dealt, names)
    if game in narration.NARRATORS:
        return ""
    words = str(event.get("type", "event")).replace("_", " ")
    skip = {"type", "seat"} | (COMBO_FIELDS if "combo" in event else set())
    fields = {k: v for k, v in event.items() if k not in skip}
    text = " ".join([words, *(_field(k, v, names) for k, v in fields.items())])
    seat = event.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return f"{names[seat]}: {text}"
    return text


def _field(key: str, value: Any, names: Sequence[str]) -> str:
    if key in ("cards", "card"):
        return _value(value)
    if key in ("to", "winner") and isinstance(value, int) and 0 <= value < len(names):
        return f"{key} {names[value]}"
    return f"{key}={_value(value)}"


def _label(key: str) -> str:
    """An observation key as the terminal's language names it (``tui.field.<key>``: Toepen's
    stake, stock, dealer, …); a key without a name stays as it is."""
    named = f"tui.field.{key}"
    return say(named) if named in i18n.catalogue(i18n.DEFAULT) else key


def _extra(key: str, value: Any, names: Sequence[str]) -> str:
    seat = key in SEAT_KEYS and isinstance(value, int) and 0 <= value < len(names)
    return names[value] if seat else str(value)


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes: a CJK or Hangul character (East Asian wide or
    full-width) takes two.

    >>> columns("Ann"), columns("席1（あなた）"), columns("봇 2")
    (3, 13, 4)
    """
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _seat_line(obs: Json, seat: int, names: Sequence[str]) -> str:
    width = max(22, *(columns(name) + 2 for name in names))
    bits = ["  " + names[seat] + " " * (width - columns(names[seat]))]  # the facts in one column
    sizes = obs.get("hand_sizes") or []
    if seat < len(sizes):
        bits.append(say("tui.cards", n=sizes[seat]))
    calls = obs.get("calls") or []
    if seat < len(calls) and calls[seat]:
        call = str(calls[seat])
        bits.append(say(CALL_KEYS[call]) if call in CALL_KEYS else call)
    lives = obs.get("lives")
    if isinstance(lives, list) and seat < len(lives):
        bits.append(say("tui.lives", n=lives[seat]))
    in_hand = obs.get("in_hand")
    if isinstance(in_hand, list) and seat < len(in_hand) and not in_hand[seat]:
        bits.append(say("tui.folded"))
    out = obs.get("out") or []
    if seat in out:
        bits.append(say("tui.out", place=out.index(seat) + 1))
    if seat in (obs.get("awaited") or []):
        lead = obs.get("lead") and obs.get("turn") == seat
        bits.append(say("tui.turn_lead") if lead else say("tui.turn"))
    return "  ".join(bits)


def _trick_lines(obs: Json, names: Sequence[str]) -> list[str]:
    lines = []
    for play in obs.get("trick") or []:
        cards = play.get("cards") or ([play["card"]] if "card" in play else [])
        who = names[play["seat"]] if isinstance(play.get("seat"), int) else "?"
        combo = f"  ({play['combo']})" if play.get("combo") else ""
        lines.append(f"    {who}: {' '.join(cards)}{combo}")
    return lines or ["    " + say("tui.empty")]


def _score_lines(obs: Json, names: Sequence[str]) -> list[str]:
    lines = []
    last = obs.get("last_round")
    if isinstance(last, Mapping):
        points = last.get("points", [])
        line = say("tui.last_round", a=points[0], b=points[1]) if len(points) == 2 else ""
        if last.get("double_victory"):
            line += " " + say("tui.double_victory")
        lines.append(line)
    sheet = obs.get("score_sheet")
    if sheet:
        rows = (f"{_value(a)}:{_value(b)}" for a, b in sheet)
        lines.append(say("tui.score_sheet") + "  " + "  ".join(rows))
    scores, me = obs.get("scores"), obs.get("audience")
    teams = PARTNERS.get(str(obs.get("game"))) == obs.get("num_seats")
    if teams and isinstance(scores, list) and len(scores) == 2 and isinstance(me, int):
        lines.append(say("tui.scores_teams", us=scores[me % 2], them=scores[1 - me % 2]))
    elif scores is not None:
        lines.append(say("tui.scores", scores=_value(scores)))
    return lines


def render_obs(obs: Json, names: Sequence[str]) -> str:
    """The whole table as a seat (or spectator) sees it."""
    game, phase = str(obs.get("game", "?")), str(obs.get("phase"))
    named = f"tui.phase_name.{game}.{phase}"
    phase_text = say(named) if say(named) != named else phase
    head = [i18n.game_name(LANG[0], game), say("tui.phase", phase=phase_text)]
    if "round" in obs:
        head.insert(1, say("tui.round", n=obs["round"]))
    lines = ["=" * 60, " · ".join(head)]
    lines += [_seat_line(obs, seat, names) for seat in range(int(obs.get("num_seats", 0)))]
    if obs.get("wish"):
        lines.append(say("tui.wish", rank=obs["wish"]))
    if "trick" in obs:
        lines.append(say("tui.trick"))
        lines += _trick_lines(obs, names)
    extra = {
        k: v
        for k, v in obs.items()
        if k not in COMMON_KEYS and not isinstance(v, list | dict) and v is not None
    }
    if extra:
        lines.append("  ".join(f"{_label(k)}: {_extra(k, v, names)}" for k, v in extra.items()))
    exchange = obs.get("exchange")
    if isinstance(exchange, Mapping) and exchange.get("received"):
        got = exchange["received"]
        got_text = say_list(f"{names[int(s)]} {c}" for s, c in got.items())
        lines.append(say("tui.received", cards=got_text))
    elif isinstance(exchange, Mapping) and exchange.get("given"):
        gave = exchange["given"]
        gave_text = say_list(say("tui.give", card=c, to=names[int(s)]) for s, c in gave.items())
        lines.append(say("tui.giving", cards=gave_text))
    lines += _score_lines(obs, names)
    if obs.get("hand") is not None:
        lines.append(say("tui.hand", cards=_value(obs["hand"])))
    if obs.get("terminal") and obs.get("outcome"):
        outcome = obs["outcome"]
        winners = say_list(names[s] for s in outcome.get("winners", []))
        said = narration.ending(game, outcome)
        reason = (
            str(outcome.get("reason", "")) if said is None else i18n.render(LANG[0], said, names)
        )
        lines.append(say("tui.game_over", reason=reason, winners=winners or say("tui.none")))
    return "\n".join(lines)
