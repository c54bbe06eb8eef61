"""Duplicate play: fixed boards every table plays, and scores against the field.

``boards`` makes a seeded set of boards and plays one through the engine; ``scoring`` turns the
results on each board into matchpoints and IMPs and an event's standings; ``movement`` seats
the teams. Below the bots (which play boards in ``bots/arena/``: the arena's deal pairs and an
offline event, ``bots/arena/event.py``), above the games.
"""
