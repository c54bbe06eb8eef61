"""The Tichu bots: heuristic, its frozen first version, search, and the belief and bidding models
they share.
"""
