"""``cardroom serve``: run the multiplayer server (lobby, websockets, bots) on uvicorn.

SIGINT/SIGTERM shut it down cleanly: table actors stop after their current command, and nothing
is lost because every record is stored before it is broadcast. During the start they stop it at
once; a start that fails says why in one line (``server/ops/startup.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import ipaddress
import logging
import signal
from collections.abc import Iterator
from types import FrameType
from typing import TYPE_CHECKING

from cardroom.server.settings import Settings

if TYPE_CHECKING:
    from cardroom.server.ops.process import Server

log = logging.getLogger("cardroom.cli.serve")

LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
DEFAULTS = Settings()
"""Every flag that sets a ``Settings`` field takes its default from there (one place)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the multiplayer server",
        description="Run the card room server: lobby, tables, websockets and bots.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0 = any free port)")
    parser.add_argument(
        "--db",
        default=DEFAULTS.db,
        help="SQLite file, sqlite:///path, postgresql://user:pw@host/db, or 'memory'",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=DEFAULTS.bot_delay,
        help="seconds a bot waits before it acts",
    )
    parser.add_argument(
        "--turn-timeout",
        type=float,
        default=DEFAULTS.turn_timeout,
        help="seconds a human may take to move before a default move is played (0 = no limit)",
    )
    parser.add_argument(
        "--clock-move",
        type=float,
        default=DEFAULTS.clock_move,
        help="public tables' turn clock: seconds per move (0 = no clock)",
    )
    parser.add_argument(
        "--clock-bank",
        type=float,
        default=DEFAULTS.clock_bank,
        help="public tables' turn clock: extra seconds each seat may spend over the game",
    )
    parser.add_argument(
        "--ws-deflate",
        action="store_true",
        help="compress websocket messages (per-message deflate: less bandwidth, more CPU)",
    )
    parser.add_argument(
        "--no-group-commit",
        dest="group_commit",
        action="store_false",
        help="one SQL transaction per append instead of grouping concurrent tables' appends",
    )
    parser.add_argument(
        "--commit-window",
        type=float,
        default=DEFAULTS.commit_window,
        help="seconds an append waits, while the store is busy, for other tables' appends to "
        "share its transaction (fewer, larger commits: less database CPU; 0 = group only what "
        "arrives meanwhile)",
    )
    parser.add_argument(
        "--commit-writers",
        type=int,
        default=DEFAULTS.commit_writers,
        help="grouped commits that may be in flight at once (PostgreSQL: an append need not "
        "wait for the previous commit's round trip; more, smaller commits)",
    )
    parser.add_argument(
        "--stats-every",
        type=float,
        default=DEFAULTS.stats_every,
        help="seconds between log lines (info) on the event loop's lag, CPU and garbage "
        "collector pauses (0 = none)",
    )
    parser.add_argument(
        "--node-id",
        type=int,
        help="cluster mode: this node's number (1, 2, ...); --db must be postgresql://",
    )
    parser.add_argument("--advertise", help="cluster mode: the URL other nodes reach this one at")
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy's address (repeatable): its X-Real-IP / X-Forwarded-For name the "
        "client; nobody else's do (README: Limits)",
    )
    parser.add_argument(
        "--round-pause",
        type=float,
        default=DEFAULTS.round_pause,
        help="seconds the round summary shows before the next deal (0 = deal at once)",
    )
    parser.add_argument(
        "--gc-full-every",
        type=float,
        default=DEFAULTS.gc_full_every,
        help="seconds between full garbage collections; objects that survive a young one are "
        "frozen until then, so a busy server never pauses to walk its whole heap (0 = never)",
    )
    parser.add_argument(
        "--gc-young-every",
        type=float,
        default=DEFAULTS.gc_young_every,
        help="seconds between freezes of the young generation, by a timer instead of the "
        "automatic collector (0 = the automatic collector)",
    )
    parser.add_argument(
        "--gc-young-collect",
        action="store_true",
        help="collect the young generation at each tick before freezing it: cycles are freed "
        "at once instead of by the full collection, but every surviving object is walked once",
    )
    parser.add_argument(
        "--log-level",
        default="info",
        choices=["debug", "info", "warning"],
        help="what the log shows",
    )
    limits = parser.add_argument_group("limits (README: Limits)")
    for flag, field, text in LIMITS:
        default = getattr(DEFAULTS, field)
        help = f"{text} (default {default})"
        limits.add_argument(flag, dest=field, type=type(default), default=default, help=help)
    parser.set_defaults(func=run)


LIMITS: tuple[tuple[str, str, str], ...] = (
    ("--max-body", "max_body", "largest HTTP request body in bytes (413 above)"),
    ("--create-burst", "create_burst", "tables one address may create at once (429 above)"),
    ("--create-rate", "create_per_minute", "tables per minute one address may create after its "
     "burst"),
    ("--max-open-tables", "max_open_tables", "tables waiting for players at once (503 above)"),
    ("--open-table-ttl", "open_table_ttl", "seconds before an untouched, unwatched open table is "
     "removed (0 = never)"),
    ("--lobby-page", "lobby_page", "tables per lobby page (GET /api/tables?limit=&offset=)"),
    ("--header-timeout", "header_timeout", "seconds to send a request head (or the longest body "
     "stall)"),
    ("--keepalive-timeout", "keepalive_timeout", "seconds an idle keep-alive connection stays "
     "open"),
    ("--max-connections", "max_connections", "open connections (0 = the file limit minus "
     "--fd-reserve)"),
    ("--fd-reserve", "fd_reserve", "file descriptors kept free for the database and new clients"),
    ("--max-per-address", "max_per_address", "open connections per client address"),
    ("--max-lag", "max_lag", "seconds a message may wait for a client that stopped reading "
     "before it is closed with 4008"),
    ("--send-buffer", "send_buffer", "kernel send buffer per connection in bytes (0 = system's)"),
    ("--max-open-per-address", "max_open_per_address", "open tables one address may have "
     "created (429 above; 0 = no bound)"),
    ("--max-bot-tables-per-address", "max_bot_tables_per_address", "running tables with only "
     "bots one address may have created (429 above; 0 = no bound)"),
    ("--bot-table-life", "bot_table_life", "seconds a table with only bots may run before it is "
     "ended (0 = never)"),
    ("--max-seats-per-address", "max_seats_per_address", "human seats one address may hold "
     "across tables (429 above; 0 = no bound)"),
    ("--chat-burst", "chat_burst", "chat lines one address may send at once"),
    ("--chat-rate", "chat_per_minute", "chat lines per minute one address may send after its "
     "burst"),
)  # fmt: skip


CANNOT_START = 3
"""The exit status of a start that failed, whatever stopped it (uvicorn's own for a failed
start)."""


class _Stopped(Exception):
    """A signal arrived before uvicorn took the signals over."""


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=args.log_level.upper(), format=LOG_FORMAT)
    try:
        with _signals_stop_the_start():
            server = _server(args)
    except _Stopped as exc:
        log.error("cannot start: stopped by %s while starting", exc)
        return CANNOT_START
    if isinstance(server, int):
        return server
    server.run()  # uvicorn's signal handlers from here (server/ops/process.py)
    return 0 if server.started else CANNOT_START


@contextlib.contextmanager
def _signals_stop_the_start() -> Iterator[None]:
    """SIGINT and SIGTERM raise ``_Stopped`` until uvicorn runs: a start stopped while it
    imports or builds the app says so in one line, not in a ``KeyboardInterrupt`` traceback
    (or not at all, killed by SIGTERM)."""

    def stop(sig: int, frame: FrameType | None) -> None:
        raise _Stopped(signal.Signals(sig).name)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _server(args: argparse.Namespace) -> Server | int:
    """The server to run, or the exit status of a refusal already logged in one line."""
    try:
        import uvicorn

        from cardroom.server import create_app
        from cardroom.server.ops.process import Server, check_address
        from cardroom.server.ops.tuning import freeze_survivors
        from cardroom.storage import check_url, redact
    except ImportError as exc:
        log.error("the server needs the 'server' extra (pip install 'cardroom[server]'): %s", exc)
        return 2
    from cardroom.server.web.connections import connection_limit, uvicorn_options

    numbers = [args.bot_delay, args.turn_timeout, args.clock_move, args.clock_bank,
               args.round_pause, args.gc_full_every,
               args.gc_young_every, args.commit_window, args.stats_every,
               *(getattr(args, field) for _, field, _ in LIMITS)]  # fmt: skip
    if any(n < 0 for n in numbers) or args.lobby_page < 1 or args.commit_writers < 1:
        log.error(
            "--bot-delay, --turn-timeout, --clock-move, --clock-bank, --round-pause, "
            "--gc-full-every, --gc-young-every, "
            "--commit-window, --stats-every and the limits must be >= 0, "
            "--lobby-page and --commit-writers >= 1"
        )
        return 2
    if bad := [a for a in args.trusted_proxy if not _is_address(a)]:
        log.error("--trusted-proxy takes IP addresses (not names or networks): %s", bad)
        return 2
    try:
        check_url(args.db)
    except ValueError as exc:
        log.error("--db: %s", exc)
        return 2
    limits = {field: getattr(args, field) for _, field, _ in LIMITS}
    settings = Settings(
        db=args.db,
        bot_delay=args.bot_delay,
        turn_timeout=args.turn_timeout,
        clock_move=args.clock_move,
        clock_bank=args.clock_bank,
        group_commit=args.group_commit,
        commit_window=args.commit_window,
        commit_writers=args.commit_writers,
        node_id=args.node_id,
        node_url=args.advertise or f"http://{args.host}:{args.port}",
        round_pause=args.round_pause,
        stats_every=args.stats_every,
        trusted_proxies=tuple(args.trusted_proxy),
        gc_full_every=args.gc_full_every,
        gc_young_every=args.gc_young_every,
        gc_young_collect=args.gc_young_collect,
        **limits,
    )
    freeze_survivors(settings.gc_full_every, settings.gc_young_every, settings.gc_young_collect)
    if args.node_id is not None and not args.db.startswith(("postgresql://", "postgres://")):
        log.error("--node-id needs a PostgreSQL --db (postgresql://user:pw@host/db)")
        return 2
    try:
        check_address(args.host, args.port)
    except OSError as exc:
        where = f"{args.host} port {args.port}"
        log.error("cannot start: cannot listen on %s: %s", where, exc.strerror or exc)
        return CANNOT_START
    app = create_app(settings)
    log.info("cardroom starting with storage %s", redact(args.db))
    shown = {k: v for k, v in dataclasses.asdict(settings).items() if k not in ("db", "static_dir")}
    shown["connection_limit"] = connection_limit(settings)
    log.info("settings: %s", ", ".join(f"{k}={v}" for k, v in shown.items()))
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        access_log=False,
        ws_max_size=1 << 20,
        ws_per_message_deflate=args.ws_deflate,
        timeout_graceful_shutdown=5,
        log_config=None,
        **uvicorn_options(settings),
    )
    return Server(config, app.state.startup)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
