"""One table: the actor that owns its game, seats, timers and bots, and what its page shows beside
the game.
"""
