"""``utc_now``: the text of every ``*_at`` column, from a per-second cached prefix."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from cardroom.storage import utc_now

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def test_utc_now_is_the_datetime_text() -> None:
    rng = random.Random(7)
    for i in range(50_000):
        ns = rng.randrange(4 * 10**18) if i % 2 else 1_700_000_000 * 10**9 + rng.randrange(10**14)
        expected = (EPOCH + timedelta(microseconds=ns // 1000)).isoformat(timespec="milliseconds")
        assert utc_now(ns) == expected
    before = datetime.now(UTC).isoformat(timespec="milliseconds")
    now = utc_now()
    after = datetime.now(UTC).isoformat(timespec="milliseconds")
    assert len(now) == len(before) and before <= now <= after
