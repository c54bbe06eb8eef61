"""Account names: shown as typed (NFKC), unique without regard to case or look-alike letters.

The key that must be unique is the name's *skeleton*: NFKC, case-folded, then each character
that has a look-alike (Unicode's confusables table, via ``confusable_homoglyphs``) replaced by
the lowest code point among its look-alikes, so "Anna", "ANNA" and "Аnna" (Cyrillic А) are one
name. Names are 3–24 letters, digits, ``_``, ``-`` or ``.``, so that ``/p/{name}`` needs no
escaping beyond the letters and nothing can pose as a bot (``bot:…``).

>>> account_name("  Anna ")
('Anna', 'anna')
>>> account_name("ANNA")[1] == account_name("\\u0410nna")[1]
True
>>> account_name("a b")
Traceback (most recent call last):
...
cardroom.server.players.names.BadAccountName: a name is 3 to 24 letters, digits, '_', '-' or '.'
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Final

from confusable_homoglyphs import confusables

MIN_NAME: Final = 3
MAX_NAME: Final = 24
PUNCTUATION: Final = frozenset("_-.")


class BadAccountName(ValueError):
    """A name that cannot be an account's; the message says why."""


@cache
def _table() -> dict[str, list[dict[str, str]]]:
    data: dict[str, list[dict[str, str]]] = confusables.confusables_data
    return data


def _canonical(char: str) -> str:
    """The lowest single code point ``char`` can be confused with (itself if none)."""
    alikes = [h["c"] for h in _table().get(char, ()) if len(h["c"]) == 1]
    return min([char, *alikes])


def skeleton(text: str) -> str:
    """The comparison key of a name: case and look-alikes folded away."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return "".join(_canonical(c) for c in folded)


def account_name(value: object) -> tuple[str, str]:
    """``(name as shown, unique key)``, or ``BadAccountName``."""
    if not isinstance(value, str) or len(value) > 4 * MAX_NAME:
        raise BadAccountName(f"a name is {MIN_NAME} to {MAX_NAME} letters, digits, '_', '-' or '.'")
    name = unicodedata.normalize("NFKC", value).strip()
    valid = MIN_NAME <= len(name) <= MAX_NAME and all(
        c in PUNCTUATION or unicodedata.category(c)[0] in "LN" or unicodedata.category(c) == "Mn"
        for c in name
    )
    if not valid or unicodedata.category(name[0]) == "Mn":
        raise BadAccountName(f"a name is {MIN_NAME} to {MAX_NAME} letters, digits, '_', '-' or '.'")
    return name, skeleton(name)
