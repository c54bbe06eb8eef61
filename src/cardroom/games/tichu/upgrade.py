"""Tichu logs of rules ``tichu-2026.1`` in today's notation (``engine.upgrade``).

2026.1 wrote the exchange as one record ``exchange C1 C2 C3`` (to seat+1, partner, seat+3) and
the wish inside the Mah Jong play (``play MJ … wish=R``). Today the exchange is three choices
``exchange C to N`` and the wish its own decision (``wish R``/``nowish``) right after the play,
unless that play ended the round. The log is translated by replaying it with today's engine, so
that a wish record is written exactly when today's rules ask for one and every action is stored
as played (an undeclared Phoenix with its value, R6.3.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardroom.engine.errors import EngineError
from cardroom.engine.record import LogRecord
from cardroom.engine.runner import apply_record
from cardroom.engine.upgrade import LogTooOld, renumber

from .actions import ActionKind, TichuAction
from .config import RULES_VERSION
from .game import TichuGame
from .state import TichuState

OLD_VERSIONS = frozenset({"tichu-2026.1"})


def _translate(record: LogRecord) -> tuple[list[str], str | None]:
    """The record's texts in today's notation, and the old wish token (``None``: none)."""
    verb, *args = record.text.split()
    if verb.lower() == "exchange" and len(args) == 3 and record.seat is not None:
        seat = record.seat
        return [f"exchange {card} to {(seat + i) % 4}" for i, card in enumerate(args, 1)], None
    if verb.lower() == "play":
        wishes = [a for a in args if a.lower().startswith("wish=")]
        kept = [a for a in args if a not in wishes]
        return [" ".join([verb, *kept])], (wishes[0][5:] if wishes else None)
    return [record.text], None


def _awaits_wish(game: TichuGame, state: TichuState, seat: int) -> bool:
    kinds = {a.kind for a in game.legal_actions(state, seat)}
    return bool(kinds & {ActionKind.WISH, ActionKind.NOWISH})


def upgrade(
    old: str, config: Mapping[str, Any], records: Sequence[LogRecord]
) -> tuple[LogRecord, ...]:
    """``records`` of rules ``old`` as today's engine logs them; ``LogTooOld`` if impossible."""
    if old not in OLD_VERSIONS:
        raise LogTooOld(f"tichu logs of rules {old} cannot be carried to {RULES_VERSION}")
    game = TichuGame()
    state = game.new(game.config_from_json(config))
    out: list[LogRecord] = []
    try:
        for record in records:
            if record.kind not in ("action", "timeout") or record.seat is None:
                state, _ = apply_record(game, state, record)
                out.append(record)
                continue
            texts, wish = _translate(record)
            for text in texts:
                action = game.parse_action(text)
                step = game.apply(state, record.seat, action)
                played = action if step.played is None else cast("TichuAction", step.played)
                out.append(LogRecord(0, record.kind, record.seat, game.format_action(played),
                                     record.auto, record.at))  # fmt: skip
                state = step.state
            if texts[0].startswith("play") and _awaits_wish(game, state, record.seat):
                text = "nowish" if wish is None else f"wish {wish}"
                state = game.apply(state, record.seat, game.parse_action(text)).state
                out.append(LogRecord(0, record.kind, record.seat, text, record.auto, record.at))
    except (EngineError, ValueError) as exc:
        raise LogTooOld(f"tichu record does not translate: {exc}") from None
    return renumber(out)
