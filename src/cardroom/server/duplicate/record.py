"""A player's duplicate record, the "Duplicate" section of its profile: its daily challenges and
the events it played, newest first, a page at a time.

Every line is the player's line of that day's results table or that event's standings *as the
viewer is shown them* (``Challenge.standing``, ``Events.standing``): a challenge day still
running shows others only the boards they finished themselves, so a profile reveals no score
that the results table would not.
"""

from __future__ import annotations

from typing import Any

from cardroom.server.duplicate.challenge import Challenge
from cardroom.server.duplicate.events import Events

PAGE = 20
"""Lines of each list per request (the profile asks for the next page with an offset)."""


def player_key(account_id: str) -> str:
    """How the duplicate room knows a signed-in player (``web.http.viewer_of``)."""
    return f"account:{account_id}"


async def duplicate_record(
    challenge: Challenge,
    events: Events,
    player: str,
    viewer: str | None,
    challenges_from: int = 0,
    events_from: int = 0,
) -> dict[str, Any]:
    """``player``'s challenge days and events from the given offsets, ``PAGE`` of each."""
    days = await challenge.tried_days(player)
    played = events.played_by(player)
    lines = []
    for day in days[challenges_from : challenges_from + PAGE]:
        line = await challenge.standing(day, player, viewer)
        if line is not None:
            lines.append(line)
    return {
        "challenges": lines,
        "challenges_from": challenges_from,
        "challenges_total": len(days),
        "events": [
            await events.standing(event, player, viewer)
            for event in played[events_from : events_from + PAGE]
        ],
        "events_from": events_from,
        "events_total": len(played),
        "page": PAGE,
    }
