"""``cardroom play``: a match in the terminal against bots, or a seat at a server table.

Without ``--server`` the game runs in-process (a ``Runner``, no network); with ``--server URL
--table ID --seat N`` the terminal takes that seat over the websocket protocol (``--invite SECRET``,
or a join link ``URL/t/ID#invite=SECRET`` as ``--table``, for seats that need the invite).
``--seat`` counts from 1, as the pages and the terminal name seats; the wire counts from 0.
"""

from __future__ import annotations

import argparse
import random
import sys

from cardroom.cli import seat_of
from cardroom.engine import get_game
from cardroom.engine.chance import ChanceResolver, SecureResolver, SeededResolver
from cardroom.i18n import from_environment, seat_number
from cardroom.i18n.cli import add_lang_option
from cardroom.tui.prompt import Console, help_text
from cardroom.tui.render import use_language

EXAMPLES = """examples:
  cardroom play --game tichu --seed 7
  cardroom play --game toepen --seats 5 --bots search --option lives=7
  cardroom play --server http://127.0.0.1:8000 --table T1 --seat 2
  cardroom play --table 'http://127.0.0.1:8000/t/T1#invite=SECRET' --seat 1
  CARDROOM_PASSWORD=… cardroom play --server http://127.0.0.1:8000 --table T1 --account ann
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from cardroom.cli.simulate import add_table_options

    parser = subparsers.add_parser(
        "play",
        help="play in the terminal against bots, or join a server table",
        epilog=EXAMPLES,
    )
    parser.add_argument("--game", default="tichu", help="tichu or toepen (default tichu)")
    parser.add_argument(
        "--bots", default="heuristic", help="bot level of the other seats (see README)"
    )
    add_table_options(parser)
    parser.add_argument("--seed", help="seed for the deal and the bots (default: random)")
    parser.add_argument(
        "--seat",
        type=int,
        default=1,
        help="your seat, counted from 1 as the pages show it (default 1)",
    )
    parser.add_argument("--target", type=int, help="match target score (Tichu)")
    parser.add_argument("--server", help="server URL, e.g. http://127.0.0.1:8000")
    parser.add_argument("--table", help="table id on the server, or its join link /t/ID#invite=…")
    parser.add_argument("--invite", help="the table's invite secret (bot seats, running games)")
    parser.add_argument("--name", default="terminal", help="your name at a server table")
    parser.add_argument("--token", help="seat token (reconnect) instead of taking the seat")
    parser.add_argument(
        "--account",
        help="sign in as this account (password from CARDROOM_PASSWORD, or asked): the seat "
        "and the match are the account's (rated tables need it)",
    )
    parser.add_argument(
        "--interrupts",
        action="store_true",
        help="stop after each bot move whenever you could act out of turn (a Tichu call, a "
        "knock); by default play stops only for your own turn and for a bomb you can throw",
    )
    add_lang_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    use_language(from_environment(args.lang))
    console = Console(sys.stdin, sys.stdout)
    if args.server or args.table:
        from cardroom.tui.remote import join_link, play_remote

        linked, table, invite = join_link(args.table or "")
        server = args.server or linked
        if not server or not table:
            print("--server needs --table ID (and --seat N), or a join link", file=sys.stderr)
            return 2
        invite = args.invite or invite
        seat = args.seat - seat_number(0)
        return play_remote(
            server, table, seat, args.name, args.token, console, invite, args.account
        )
    return play_local(args, console)


def play_local(args: argparse.Namespace, console: Console) -> int:
    from cardroom.cli.simulate import make_config
    from cardroom.tui.local import LocalMatch

    try:
        game = get_game(args.game)
        seats = args.seats or game.num_seats(game.default_config())
        if not game.min_seats <= seats <= game.max_seats:
            raise ValueError(f"--seats must be {game.min_seats}..{game.max_seats}")
        config = make_config(args.game, seats, args.target, args.option)
        seats = game.num_seats(config)
        seat = seat_of(args.seat, seats)
        resolver: ChanceResolver = (
            SecureResolver() if args.seed is None else SeededResolver(args.seed)
        )
        rng = random.Random(None if args.seed is None else f"{args.seed}/bots")
        match = LocalMatch(game, config, seat, args.bots, resolver, rng, args.interrupts)
    except (KeyError, ValueError) as exc:
        print(f"cardroom play: {exc}", file=sys.stderr)
        return 2
    console.write(help_text())
    return match.play(console)
