"""Duplicate play: fixed boards every table plays, and scores against the field.

``boards`` makes a seeded set of boards and plays one through the engine; ``scoring`` turns the
results on each board into matchpoints and IMPs and an event's standings; ``movement`` seats
the teams; ``event`` plays a whole event between bot levels offline.
"""
