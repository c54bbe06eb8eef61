"""Duplicate play on the server: the daily challenge and owner-created events.

Their tables are ordinary table actors dealt from fixed boards (``TableActor.deal``), hidden
from the lobby and from spectators, whose records and replays only those who finished the same
boards may see (``gate``), scored by ``cardroom.duplicate.scoring``.
"""
