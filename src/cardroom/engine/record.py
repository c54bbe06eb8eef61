"""The log of accepted commands: the source of truth for a game (replay is a fold over it).

A ``GameRecord`` serializes to JSON Lines: a header line with the game, rules version and config,
then one line per ``LogRecord``.

>>> rec = LogRecord(seq=1, kind="action", seat=2, text="pass")
>>> LogRecord.from_json(rec.to_json()) == rec
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from cardroom.engine.drafts import draft_class, drafts_work
from cardroom.engine.errors import InvalidNotationError

KINDS = ("chance", "action", "timeout", "seat")


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One accepted command.

    ``kind``: ``chance`` (an outcome), ``action`` (a player or bot move), ``timeout`` (a
    ``default_action`` played for a seat), ``seat`` (a change of who controls a seat, no effect on
    the game state). ``auto`` marks server-generated records; ``at`` is a wall-clock stamp set by
    whoever stores the record (the engine never reads a clock).
    """

    seq: int
    kind: str
    seat: int | None
    text: str
    auto: bool = False
    at: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "seat": self.seat}
        data["text"] = self.text
        if self.auto:
            data["auto"] = True
        if self.at:
            data["at"] = self.at
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LogRecord:
        try:
            kind = str(data["kind"])
            seat = data.get("seat")
            record = cls(
                seq=int(data["seq"]),
                kind=kind,
                seat=None if seat is None else int(seat),
                text=str(data["text"]),
                auto=bool(data.get("auto", False)),
                at=str(data.get("at", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidNotationError(f"malformed log record {dict(data)!r}: {exc}") from None
        if kind not in KINDS:
            raise InvalidNotationError(f"unknown log record kind {kind!r}")
        return record


_DRAFTS: Final = drafts_work(LogRecord)
RECORD_DRAFT: Final = draft_class(LogRecord) if _DRAFTS else None
"""Pure Python: ``LogRecord``'s draft class (``Runner.act`` fills one inline); None when
compiled."""
_RecordDraft: Final = LogRecord if RECORD_DRAFT is None else RECORD_DRAFT
_new_record: Final = LogRecord.__new__
"""The class's ``__new__``, looked up once (compiled code calls it by its name otherwise)."""


def log_record(
    seq: int, kind: str, seat: int | None, text: str, auto: bool = False, at: str = ""
) -> LogRecord:
    """``LogRecord(seq, kind, seat, text, auto, at)``, built as a draft: the runner logs one
    record per move (see ``drafts``)."""
    if not _DRAFTS:  # compiled: native stores (the frozen dataclass's ``__init__`` is slow)
        record = _new_record(LogRecord)
        record.seq = seq  # type: ignore[misc]
        record.kind = kind  # type: ignore[misc]
        record.seat = seat  # type: ignore[misc]
        record.text = text  # type: ignore[misc]
        record.auto = auto  # type: ignore[misc]
        record.at = at  # type: ignore[misc]
        return record
    new: Any = _RecordDraft()
    new.seq, new.kind, new.seat, new.text, new.auto, new.at = seq, kind, seat, text, auto, at
    new.__class__ = LogRecord
    return new  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: what to replay it with, and its log."""

    game: str
    rules_version: str
    config: Mapping[str, Any]
    records: tuple[LogRecord, ...] = field(default=())

    def to_jsonl(self) -> str:
        header = {"game": self.game, "rules_version": self.rules_version, "config": self.config}
        lines = [json.dumps(header, sort_keys=True)]
        lines += [json.dumps(r.to_json()) for r in self.records]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_jsonl(cls, text: str | Iterable[str]) -> GameRecord:
        lines = [ln for ln in (text.splitlines() if isinstance(text, str) else text) if ln.strip()]
        if not lines:
            raise InvalidNotationError("empty game record")
        try:
            header = json.loads(lines[0])
            records = tuple(LogRecord.from_json(json.loads(ln)) for ln in lines[1:])
            return cls(str(header["game"]), str(header["rules_version"]), header["config"], records)
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InvalidNotationError(f"malformed game record: {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_jsonl(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.from_jsonl(Path(path).read_text(encoding="utf-8"))
