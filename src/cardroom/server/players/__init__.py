"""Players: accounts and sign-in sessions, ratings on one ladder with the bots, match results,
profiles and the leaderboard (HTTP routes in ``server/web/accounts.py``)."""
