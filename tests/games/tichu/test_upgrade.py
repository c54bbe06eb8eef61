"""Tichu logs of rules 2026.1 (``data/tichu-2026.1-unfinished.jsonl``: random play by the engine
at commit 036fbda, seed 0, cut right after a Mah Jong lead) carried to today's notation."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardroom.engine import GameRecord, LogRecord, get_game, replay
from cardroom.engine.upgrade import LogTooOld, upgrade_log

DATA = Path(__file__).parent / "data/tichu-2026.1-unfinished.jsonl"
OLD = GameRecord.from_jsonl(DATA.read_text())
GAME = get_game("tichu")


def carried(records: tuple[LogRecord, ...] = OLD.records) -> tuple[LogRecord, ...]:
    return upgrade_log("tichu", OLD.rules_version, GAME.rules_version, records, OLD.config)


def test_old_log_is_refused_as_is_and_replays_once_carried() -> None:
    assert OLD.rules_version == "tichu-2026.1" != GAME.rules_version
    with pytest.raises(ValueError):
        replay(GAME, GAME.config_from_json(OLD.config), OLD.records)
    new = carried()
    assert [r.seq for r in new] == list(range(1, len(new) + 1))
    state = replay(GAME, GAME.config_from_json(OLD.config), new)
    assert not GAME.is_terminal(state) and GAME.awaited(state) == {1}  # after MJ + nowish


def test_each_exchange_becomes_three_choices_to_seat_plus_1_2_3() -> None:
    old = [r for r in OLD.records if r.text.startswith("exchange")]
    new = [r for r in carried() if r.text.startswith("exchange")]
    assert len(new) == 3 * len(old)
    first = old[0]
    assert first.seat is not None
    cards = first.text.split()[1:]
    mine = [r.text for r in new[:12] if r.seat == first.seat]
    assert mine == [f"exchange {c} to {(first.seat + i) % 4}" for i, c in enumerate(cards, 1)]


def test_wish_moves_to_its_own_record_and_no_wish_becomes_nowish() -> None:
    new = carried()
    mj = [i for i, r in enumerate(new) if r.text.startswith("play MJ")]
    follow = [new[i + 1].text for i in mj]
    assert follow == ["wish 8", "wish K", "nowish"]
    assert all("wish=" not in r.text for r in new)
    assert all(new[i + 1].seat == new[i].seat for i in mj)


def test_phoenix_single_keeps_its_text() -> None:
    """R6.3.4 resolves only a multi-card Phoenix (2026.1 logs always declared those); a single
    Phoenix takes its value from the trick and is logged as typed, then and now."""
    assert sum(r.text == "play PHX" for r in OLD.records) == 2
    assert sum(r.text == "play PHX" for r in carried()) == 2


def test_a_log_of_today_is_unchanged_and_a_broken_old_log_is_refused() -> None:
    assert upgrade_log("tichu", GAME.rules_version, GAME.rules_version, OLD.records) == OLD.records
    bad = (*OLD.records[:-1], LogRecord(OLD.records[-1].seq, "action", 0, "play 2G wish=5"))
    with pytest.raises(LogTooOld):
        carried(bad)
    with pytest.raises(LogTooOld):
        upgrade_log("tichu", "tichu-1999", GAME.rules_version, OLD.records)
