"""The ``--lang`` option shared by ``cardroom play``, ``replay`` and ``analyse``."""

from __future__ import annotations

import argparse

from cardroom.i18n import LANGUAGES


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        default=None,
        help=f"language of the text ({', '.join(LANGUAGES)}; "
        "default: from LC_ALL, LC_MESSAGES or LANG)",
    )
