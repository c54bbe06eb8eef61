"""Bot evaluation offline: seeded matches, duplicate deal pairs (Tichu) and seat-rotated deals
(Toepen).
"""
