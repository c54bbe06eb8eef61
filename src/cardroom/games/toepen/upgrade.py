"""Toepen logs of rules ``toepen-default-1``: carried over only when nothing was played yet.

Version 2 moved the forced signals (R8.3) to each seat's own announcement turn and changed when
the match ends (R7.1) and who deals next (R6.6). An old log with moves in it would replay into a
different game, so it is refused (``LogTooOld``: the server closes the table as abandoned); a
log of seat changes and deals only replays identically and is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.engine.record import LogRecord
from cardroom.engine.upgrade import LogTooOld, renumber
from cardroom.games.toepen.game import ToepenGame

OLD_VERSIONS = frozenset({"toepen-default-1"})


def upgrade(
    old: str, config: Mapping[str, Any], records: Sequence[LogRecord]
) -> tuple[LogRecord, ...]:
    """``records`` unchanged if they hold no move; ``LogTooOld`` otherwise."""
    now = ToepenGame.rules_version
    if old not in OLD_VERSIONS:
        raise LogTooOld(f"toepen logs of rules {old} cannot be carried to {now}")
    if any(r.kind in ("action", "timeout") for r in records):
        raise LogTooOld(
            f"moves made under {old} cannot be replayed under {now} "
            "(forced signals R8.3, match end R7.1 and next dealer R6.6 changed)"
        )
    return renumber(records)
