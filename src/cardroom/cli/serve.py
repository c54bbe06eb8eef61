"""``cardroom serve``: run the multiplayer server (lobby, websockets, bots) on uvicorn.

SIGINT/SIGTERM shut it down cleanly: table actors stop after their current command, and nothing
is lost because every record is stored before it is broadcast.
"""

from __future__ import annotations

import argparse
import logging

log = logging.getLogger("cardroom.server")

LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


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
        default="cardroom.db",
        help="SQLite file, sqlite:///path, postgresql://user:pw@host/db, or 'memory'",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, help="seconds a bot waits before it acts"
    )
    parser.add_argument(
        "--turn-timeout",
        type=float,
        default=0.0,
        help="seconds a human may take to move before a default move is played (0 = no limit)",
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
        "--node-id",
        type=int,
        help="cluster mode: this node's number (1, 2, ...); --db must be postgresql://",
    )
    parser.add_argument("--advertise", help="cluster mode: the URL other nodes reach this one at")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning"])
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=args.log_level.upper(), format=LOG_FORMAT)
    try:
        import uvicorn

        from cardroom.server import Settings, create_app
        from cardroom.server.tuning import tune_gc
        from cardroom.storage import redact
    except ImportError as exc:
        log.error("the server needs the 'server' extra (pip install 'cardroom[server]'): %s", exc)
        return 2
    if args.bot_delay < 0 or args.turn_timeout < 0:
        log.error("--bot-delay and --turn-timeout must be >= 0")
        return 2
    tune_gc()
    settings = Settings(
        db=args.db,
        bot_delay=args.bot_delay,
        turn_timeout=args.turn_timeout,
        group_commit=args.group_commit,
        node_id=args.node_id,
        node_url=args.advertise or f"http://{args.host}:{args.port}",
    )
    if args.node_id is not None and not args.db.startswith(("postgresql://", "postgres://")):
        log.error("--node-id needs a PostgreSQL --db (postgresql://user:pw@host/db)")
        return 2
    app = create_app(settings)
    url, db = f"http://{args.host}:{args.port}", redact(args.db)
    log.info("cardroom starting on %s with storage %s", url, db)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        access_log=False,
        ws_max_size=1 << 20,
        ws_per_message_deflate=args.ws_deflate,
        timeout_graceful_shutdown=5,
        log_config=None,
    )
    return 0
