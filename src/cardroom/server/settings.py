"""Server settings: one frozen value built by the CLI (or a test) and handed to ``create_app``."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

STATIC_DIR = Path(__file__).parent / "web" / "static"


@dataclass(frozen=True, slots=True)
class Settings:
    """What a server needs to know.

    ``db``: ``memory``, a SQLite path (``cardroom.db``) or a ``postgresql://`` URL.
    ``bot_delay``: seconds a bot waits before acting (humans like to see the play; 0 in tests).
    These defaults are ``cardroom serve``'s (its flags take them from here) and the README's
    (a test compares).
    ``ring_size``: envelopes kept per table for reconnect catch-up.
    ``send_queue``: messages buffered per websocket before a slow client is disconnected.
    ``max_message``: largest client frame (characters) that is parsed at all.
    ``max_rate``: frames per second a client may send before it is disconnected (flood).
    ``takeover_level``: the bot level that takes a seat whose human leaves a running game.
    ``turn_timeout``: seconds a human may owe a move at any table before the move is played
    for it (0 = only the clock below). ``clock_move`` / ``clock_bank``: the turn clock of public
    tables (``server/table/clock.py``): seconds per move plus a per-seat time bank for the
    game (``clock_move`` 0 = no clock); ``clock_strikes`` timeouts in a row make a seat away (a
    bot plays it until its player is back); ``bomb_pick``: seconds a player who pressed Bomb
    has to pick one of several bombs while the table holds still.
    ``group_commit``: concurrent tables' appends share one SQL transaction
    (``storage/group_commit.py``); ``commit_window``: seconds an append may wait, while the
    store is busy, for others to join its transaction (0 = only those that arrive while a
    commit is in flight);
    ``commit_writers``: how many such commits may be in flight at once.
    ``node_id`` / ``node_url``: cluster mode (``server/cluster/node.py``): this node's number and
    the address other nodes forward to; ``db`` must then be PostgreSQL.
    ``round_pause``: seconds between a round's (or hand's) end and the next deal, so players
    can read the summary (0 = deal at once, as most tests want). ``stats_every``: seconds between
    log lines on the event loop's health (``server/ops/health.py``; 0 = none).

    Limits (README "Limits"): ``max_body`` bytes of an HTTP body; ``create_burst``
    tables an address may create at once, refilled at ``create_per_minute``; ``max_open_tables``
    open (not yet dealt) tables; ``open_table_ttl`` seconds an open table may sit untouched and
    unwatched before it is removed (0 = never); ``lobby_page`` tables per lobby page;
    ``header_timeout`` seconds to send a request head; ``keepalive_timeout`` seconds an idle
    keep-alive connection stays open; ``max_connections`` (0 = the file-descriptor limit minus
    ``fd_reserve``) and ``max_per_address`` connections; ``max_lag`` seconds a message may wait
    to be sent before a client that stopped reading is closed (4008); ``send_buffer`` bytes of
    kernel send buffer per connection (0 = the system's), so a stalled client's backlog stays
    small enough for ``max_lag`` to notice it. ``trusted_proxies``: peer addresses whose
    ``X-Real-IP`` / ``X-Forwarded-For`` name the client (``server/web/proxy.py``); their own
    connections are not counted per address. ``bot_workers``: processes of the heavy-bot pool
    (``server/table/bot_pool.py``; default: one less than the cores). ``gc_full_every`` /
    ``gc_young_every`` / ``gc_young_collect``: the garbage collector's schedule
    (``server/ops/tuning.py``).

    Reviews and hints (``server/web/review.py``, ``docs/review.md``): ``review_worlds`` and
    ``review_call_worlds`` sampled worlds per decision; ``review_per_player`` reviews a guest
    may have queued or running; ``review_workers`` reviews or hints computed at once (in the bot
    pool, beside the search bots); ``review_cache`` finished reviews kept; ``hint_worlds``
    sampled worlds per hint.

    Accounts (``server/players``): ``password_memory_kib`` and ``password_time_cost`` are the
    argon2id cost of a password hash; ``sign_in_burst`` attempts per name, refilled at
    ``sign_in_per_minute``, and ``address_burst`` sign-ins and sign-ups per address, refilled
    at ``address_per_minute``.

    What one address may hold (README "Limits"): ``max_open_per_address`` open tables it
    created (shared by every node of a cluster: counted in the database);
    ``max_bot_tables_per_address`` running tables with bots in every seat, each ended after
    ``bot_table_life`` seconds (0 = no end); ``max_seats_per_address`` human seats across
    tables; ``chat_burst`` chat lines at once, refilled at ``chat_per_minute`` (every socket of
    the address together; each seat or spectator also one line a second). 0 = no bound.

    The daily duplicate challenge (``server/duplicate/``): ``challenge_boards`` Tichu boards a
    day, played with a partner and against opponents of ``challenge_level``.
    """

    db: str = "cardroom.db"
    bot_delay: float = 0.8
    ring_size: int = 32
    send_queue: int = 256
    max_message: int = 16384
    max_rate: int = 200
    takeover_level: str = "heuristic"
    turn_timeout: float = 0.0
    clock_move: float = 30.0
    clock_bank: float = 60.0
    clock_strikes: int = 2
    bomb_pick: float = 10.0
    round_pause: float = 6.0
    stats_every: float = 0.0
    static_dir: Path = field(default=STATIC_DIR)
    group_commit: bool = True
    commit_window: float = 0.005
    commit_writers: int = 1
    node_id: int | None = None
    node_url: str = ""
    max_body: int = 65536
    create_burst: int = 10
    create_per_minute: float = 20.0
    max_open_tables: int = 500
    open_table_ttl: float = 3600.0
    lobby_page: int = 50
    header_timeout: float = 10.0
    keepalive_timeout: float = 5.0
    max_connections: int = 0
    fd_reserve: int = 64
    max_per_address: int = 100
    max_lag: float = 5.0
    send_buffer: int = 65536
    trusted_proxies: tuple[str, ...] = ()
    review_worlds: int = 60
    review_call_worlds: int = 120
    review_per_player: int = 2
    review_workers: int = 1
    review_cache: int = 64
    hint_worlds: int = 40
    password_memory_kib: int = 65536
    password_time_cost: int = 3
    sign_in_burst: int = 5
    sign_in_per_minute: float = 5.0
    address_burst: int = 30
    address_per_minute: float = 30.0
    gc_full_every: float = 3600.0
    gc_young_every: float = 0.05
    gc_young_collect: bool = False
    bot_workers: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    max_open_per_address: int = 10
    max_bot_tables_per_address: int = 2
    bot_table_life: float = 3600.0
    max_seats_per_address: int = 8
    chat_burst: int = 5
    chat_per_minute: float = 30.0
    challenge_boards: int = 8
    challenge_level: str = "heuristic"
