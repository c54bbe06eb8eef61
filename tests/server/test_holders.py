"""Since when a seat's holder holds it, read off the log (``server/table/holders.py``): what a
seat's past is served from (catch-up envelopes, the review of a running table)."""

from __future__ import annotations

from cardroom.engine.record import LogRecord
from cardroom.server.table.holders import Holders

LOG = (
    (1, "seat", 0, "human Ann", 1),
    (2, "seat", 1, "bot heuristic", 1),
    (3, "chance", None, "shuffle", 1),
    (4, "action", 0, "nogrand", 1),
    (9, "seat", 0, "human Ann", 2),  # Ann's account takes its seat on another device
    (12, "seat", 0, "bot heuristic", 2),  # Ann leaves: a bot plays on
    (15, "seat", 0, "human Ann", 3),  # a guest named Ann takes the bot's seat
    (20, "seat", 1, "human Bob", 3),  # Bob takes the other bot's seat
)


def holders_after(upto: int) -> Holders:
    holders = Holders()
    for seq, kind, seat, text, rnd in LOG:
        if seq <= upto:
            holders.record(LogRecord(seq, kind, seat, text), lambda r=rnd: r)
    return holders


def test_a_holding_begins_at_each_change_of_hands_and_an_account_keeps_its_own() -> None:
    assert (holders_after(4).since(0), holders_after(4).first_round(0)) == (1, 1)
    assert holders_after(9).since(0) == 1  # the same account on another device: the same holder
    assert (holders_after(12).since(0), holders_after(12).first_round(0)) == (12, 2)
    after = holders_after(20)
    assert (after.since(0), after.first_round(0)) == (15, 3)  # a bot came between: a new holder
    assert (after.since(1), after.first_round(1)) == (20, 3)
    assert (after.since(2), after.first_round(2)) == (0, 1)  # never changed: the whole match


def test_the_round_is_asked_only_for_a_change_of_hands() -> None:
    asked: list[int] = []
    holders = Holders()
    for seq, kind, seat, text, rnd in LOG:
        holders.record(LogRecord(seq, kind, seat, text), lambda r=rnd: asked.append(r) or r)
    assert len(asked) == 5  # the seat records but Ann's move to another device
