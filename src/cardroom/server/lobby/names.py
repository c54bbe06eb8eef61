"""Player and table names, and chat lines: one rule for all text that other people are shown.
Normalised (NFC, single spaces) and refused when it could deceive or break a page or a terminal
(control characters such as NUL, bell or the ANSI escape, bidi overrides, private-use and
invisible-only text, lone surrogates).

>>> clean_name("  Ann   Lee ")
'Ann Lee'
>>> clean_name("Zoe\\u0301") == "Zo\\u00e9"
True
>>> clean_name("\\u202eevil")
Traceback (most recent call last):
...
cardroom.server.lobby.names.BadName: 'name' contains an invisible or control character (U+202E)
"""

from __future__ import annotations

import unicodedata
from typing import Final

from cardroom.server.table.outcomes import LobbyCode

MAX_PLAYER_NAME: Final = 40
MAX_TABLE_NAME: Final = 60
MAX_CHAT_LINE: Final = 300
MAX_MARKS_IN_A_ROW: Final = 3
"""Combining marks stacked on one letter (Vietnamese needs 2; "Zalgo" text needs dozens)."""

BIDI_CONTROLS: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                 "\u2066\u2067\u2068\u2069")  # fmt: skip
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cs", "Cn", "Co", "Zl", "Zp"})
"""Control, surrogate, unassigned, private use, line and paragraph separators."""


class BadName(ValueError):
    """A name that cannot be used; the message says why (``code`` and ``params`` for a page)."""

    def __init__(self, msg: str, code: LobbyCode, **params: object) -> None:
        super().__init__(msg)
        self.code = code
        self.params = params


def _refused(char: str) -> bool:
    return char in BIDI_CONTROLS or unicodedata.category(char) in REFUSED_CATEGORIES


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] not in "ZC" and unicodedata.category(char) != "Mn"


def clean_name(
    value: object, field: str = "name", limit: int = MAX_PLAYER_NAME, *, required: bool = True
) -> str:
    """``value`` as a displayable name, or ``BadName`` saying what is wrong with it."""
    if not isinstance(value, str):
        raise BadName(f"'{field}' must be a string", LobbyCode.NAME_EMPTY)
    for char in value:
        if _refused(char):
            code = f"U+{ord(char):04X}"
            msg = f"'{field}' contains an invisible or control character ({code})"
            raise BadName(msg, LobbyCode.NAME_CONTROL, char=code)
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if not text and not required:
        return ""
    if not any(_visible(c) for c in text):
        raise BadName(f"'{field}' must contain visible characters", LobbyCode.NAME_INVISIBLE)
    if len(text) > limit:
        raise BadName(f"'{field}' is longer than {limit} characters", LobbyCode.NAME_TOO_LONG,
                      max=limit)  # fmt: skip
    run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if run > MAX_MARKS_IN_A_ROW:
            msg = f"'{field}' stacks too many accents on one letter"
            raise BadName(msg, LobbyCode.NAME_ACCENTS)
    return text


def clean_chat(value: object) -> str:
    """A chat line under the names' rule (``BadName`` says what is wrong with it).

    >>> clean_chat("  gg   wp ")
    'gg wp'
    >>> clean_chat("\\x1b[2Jhi")
    Traceback (most recent call last):
    ...
    cardroom.server.lobby.names.BadName: 'text' contains an invisible or control character (U+001B)
    """
    return clean_name(value, "text", MAX_CHAT_LINE)


def same_name(a: str, b: str) -> bool:
    """Whether two cleaned names would look alike to a reader (case and width folded), so that
    a spectator cannot sign as a seated player.

    >>> same_name("Ann", "ＡＮＮ"), same_name("Ann", "Anna")
    (True, False)
    """
    return _folded(a) == _folded(b)


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()
