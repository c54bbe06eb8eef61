"""Toepen logs of rules toepen-default-1: kept only when no move was made (R8.3, R7.1 and R6.6
changed how moves replay)."""

from __future__ import annotations

import pytest

from cardroom.engine import LogRecord, Runner, SeededResolver, get_game, replay
from cardroom.engine.upgrade import LogTooOld, upgrade_log

GAME = get_game("toepen")


def test_a_log_without_moves_is_kept_and_one_with_moves_is_refused() -> None:
    runner = Runner(GAME, GAME.default_config(), SeededResolver(3))
    seat = min(GAME.awaited(runner.state))
    runner.act(seat, GAME.default_action(runner.state, seat))
    dealt = tuple(r for r in runner.records if r.kind == "chance")
    seat_change = LogRecord(len(dealt) + 1, "seat", 0, "human")
    kept = upgrade_log("toepen", "toepen-default-1", GAME.rules_version, (*dealt, seat_change))
    assert kept == (*dealt, seat_change)
    replay(GAME, GAME.default_config(), kept)
    with pytest.raises(LogTooOld, match=r"R8\.3"):
        upgrade_log("toepen", "toepen-default-1", GAME.rules_version, tuple(runner.records))
    with pytest.raises(LogTooOld):
        upgrade_log("toepen", "toepen-0", GAME.rules_version, dealt)
