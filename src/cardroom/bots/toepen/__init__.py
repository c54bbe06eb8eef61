"""The Toepen bots: heuristic, tight, its frozen first version, search, and the exact card-play
solver.
"""
