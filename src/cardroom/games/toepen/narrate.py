"""Toepen's events as messages (key + parameters): the one place where an event becomes words.

The terms are the game's own: a knock (kloppen), dirty laundry (vuile was), staying and folding.

>>> narrate({"type": "knock", "seat": 0, "stake": 2})
{'key': 'toepen.knocked', 'params': {'who': {'seat': 0}, 'stake': 2}}
"""

from __future__ import annotations

from typing import Any

from cardroom.engine.message import Json, cards, message, seat, seats

REASONS = {
    "won trick 4": "last_trick",
    "trick 4 won by a folded player": "folded_winner",
    "all folded": "all_folded",
    "four of a kind": "four_of_a_kind",
}
"""A hand's end reasons (the engine's words) as catalogue keys: ``toepen.reason.*``."""

SIMPLE = {
    "dealer_chosen": "toepen.deals_first",
    "whistle": "toepen.whistles",
    "stand": "toepen.stands",
    "laundry": "toepen.laundry",
    "accept": "toepen.accepts",
    "stay": "toepen.stays",
}


def reason(text: str) -> Json:
    key = REASONS.get(text)
    return message(f"toepen.reason.{key}") if key else message("toepen.reason.other", text=text)


def ending(outcome: dict[str, Any]) -> Json:
    """Why a finished game ended (``Outcome.to_json``), said to people: the players out of lives
    (the scores are the lives left, ``rules.ranking``), named or counted from 1 by the reader; the
    outcome's own ``reason`` stays the engine's English for the record, counting seats from 0.

    >>> ending({"scores": [3, 0, 5, 0], "winners": [2], "reason": "seat 1, seat 3 reached 0 lives"})
    {'key': 'toepen.ending.out', 'params': {'who': {'seats': [1, 3]}, 'count': 2}}
    """
    out = [s for s, lives in enumerate(outcome.get("scores") or ()) if lives == 0]
    if not out:
        return message("toepen.ending.last")
    return message("toepen.ending.out", who=seats(out), count=len(out))


def narrate(ev: dict[str, Any]) -> Json | None:
    """The sentence for one (projected) event; None for one that needs none."""
    kind = str(ev.get("type"))
    who = seat(ev["seat"]) if isinstance(ev.get("seat"), int) else None
    if kind in SIMPLE:
        return message(SIMPLE[kind], who=who)
    if kind == "deal":
        return message("toepen.deal", hand=ev["hand_no"], dealer=seat(ev["dealer"]))
    if kind == "challenge":
        return message(
            "toepen.challenged", who=who, exchanger=seat(ev["exchanger"]),
            loser=seat(ev["loser"]), lost=ev["lost"],
            cards=cards("toepen", ev.get("discard") or []),
        )  # fmt: skip
    if kind == "knock":
        return message("toepen.knocked", who=who, stake=ev["stake"])
    if kind == "poor":
        return message("toepen.poor", who=who, stake=ev["stake"])
    if kind == "four_of_a_kind":
        return message("toepen.four_of_a_kind", who=who, cards=cards("toepen", ev["cards"]))
    if kind == "fold":
        return message("toepen.folds", who=who, lost=ev["lost"])
    if kind == "stake":
        return message("toepen.stake", stake=ev["stake"])
    if kind == "play":
        return message("toepen.played", who=who, card=cards("toepen", [ev["card"]]))
    if kind == "trick":
        return message("toepen.trick", who=seat(ev["winner"]), trick=ev["trick_no"])
    if kind == "hand_end":
        losers = [s for s, n in enumerate(ev.get("losses") or []) if n]
        winner = ev.get("winner")
        return message(
            "toepen.hand_end", hand=ev["hand_no"], has_winner="yes" if winner is not None else "no",
            who=seat(winner if winner is not None else -1), reason={"msg": reason(ev["reason"])},
            losers=seats(losers), count=len(losers),
        )  # fmt: skip
    if kind == "game_over":
        winners = ev.get("winners") or []
        return message("toepen.game_over", who=seats(winners), count=len(winners))
    return None
