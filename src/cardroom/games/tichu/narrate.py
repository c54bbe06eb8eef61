"""Tichu's events as messages (key + parameters): the one place where an event becomes words.

The browser's event log, ``cardroom replay`` and the terminal client all render these messages
from the catalogues, so a sentence is written once per language.

>>> narrate({"type": "played", "seat": 1, "cards": ["7G", "7K"], "combo": "pair 7"})["key"]
'tichu.played'
>>> combo("straight 5-9")
{'key': 'tichu.combo.straight', 'params': {'low': '5', 'high': '9'}}
"""

from __future__ import annotations

from typing import Any

from cardroom.engine.message import Json, cards, message, nested, seat, seats

from .scoring import DRAW, ROUND_LIMIT, TARGET_REACHED

SPECIALS = {"DOG": "dog", "DRG": "dragon", "MJ": "mahjong"}
ENDINGS = {DRAW: "draw", TARGET_REACHED: "target", ROUND_LIMIT: "round_limit"}
"""A match's end reasons (``scoring.end_reason``, the record's words) as ``tichu.ending.*``."""


def ending(outcome: dict[str, Any]) -> Json | None:
    """Why a finished match ended (``Outcome.to_json``), said to people; None for a reason the
    catalogues do not know (the record's English is shown then).

    >>> ending({"scores": [1020] * 4, "winners": [0, 2], "reason": "target score reached (R11.1)"})
    {'key': 'tichu.ending.target', 'params': {}}
    """
    key = ENDINGS.get(str(outcome.get("reason")))
    return None if key is None else message(f"tichu.ending.{key}")


def combo(text: str) -> Json:
    """A combination's description (``Combo.describe``) as a message."""
    kind, _, arg = str(text).partition(" ")
    if kind == "single":
        name, _, half = arg.partition(" ")
        if name in SPECIALS:
            return message(f"tichu.combo.{SPECIALS[name]}")
        if name == "PHX":
            return message("tichu.combo.phoenix", rank=half)
        return message("tichu.combo.single", rank=arg)
    if kind in ("straight", "stairs"):
        low, _, high = arg.partition("-")
        return message(f"tichu.combo.{kind}", low=low, high=high)
    if kind == "bomb":
        if arg.startswith("straight flush "):
            low, _, high = arg[len("straight flush ") :].partition("-")
            return message("tichu.combo.bomb_flush", low=low, high=high)
        return message("tichu.combo.bomb_four", rank=arg[: len(arg) // 4])
    if kind == "full":
        return message("tichu.combo.full_house", rank=arg.split(" ")[-1])
    if kind in ("pair", "triple"):
        return message(f"tichu.combo.{kind}", rank=arg)
    return message("tichu.combo.other", text=text)


def narrate(ev: dict[str, Any]) -> Json | None:
    """The sentence for one (projected) event; None for one that needs none (a private deal)."""
    kind = ev.get("type")
    who = seat(ev["seat"]) if isinstance(ev.get("seat"), int) else None
    if kind == "grand_decided":
        return message("tichu.grand_called", who=who) if ev.get("grand") else None
    if kind == "calls_revealed":
        grands = [s for s, c in enumerate(ev.get("calls") or []) if c == "grand"]
        return message("tichu.grands", who=seats(grands), count=len(grands))
    if kind == "exchange_submitted":
        return message("tichu.exchange_submitted", who=who)
    if kind == "exchange_revealed":
        return message("tichu.exchanged")
    if kind == "tichu_called":
        return message("tichu.tichu_called", who=who)
    if kind == "played":
        played = ev.get("cards") or []
        if played == ["DOG"]:
            return message("tichu.dog_led", who=who)
        what = nested(combo(ev.get("combo", "")))
        key = "tichu.bombed" if str(ev.get("combo", "")).startswith("bomb") else "tichu.played"
        return message(key, who=who, play=what, cards=cards("tichu", played))
    if kind == "passed":
        return message("tichu.passed", who=who)
    if kind == "wish_made":
        return message("tichu.wished", who=who, rank=ev["rank"])
    if kind == "wish_fulfilled":
        return message("tichu.wish_fulfilled", who=who, rank=ev["rank"])
    if kind == "trick_taken":
        return message("tichu.trick_taken", who=who, points=ev.get("points", 0))
    if kind == "dragon_given":
        return message("tichu.dragon_given", who=who, points=ev["points"], to=seat(ev["to"]))
    if kind == "player_out":
        return message("tichu.out", who=who, place=ev["place"])
    if kind == "round_scored":
        a, b = ev["points"]
        total_a, total_b = ev["scores"]
        return message(
            "tichu.round_scored", round=ev["round"], team_a=seats([0, 2]), team_b=seats([1, 3]),
            a=a, b=b, total_a=total_a, total_b=total_b,
        )  # fmt: skip
    if kind == "game_over":
        winners = ev.get("winners") or []
        score_a, score_b = ev["scores"]
        return message(
            "tichu.game_over", who=seats(winners), count=len(winners), a=score_a, b=score_b
        )
    return None
