"""Languages: message catalogues shared by the browser, the terminal client and the command line.

A message is a key with parameters (``translate("ja", "lobby.create")``); clients never build
sentences themselves. The catalogues are JSON files, one per language, in ``catalogues/``; the
browser loads the same files (``/i18n/{lang}.json``), so there is one text per key and language.
A message's text uses ``{name}`` placeholders.

>>> translate("en", "app.title")
'cardroom'
>>> translate("xx", "app.title")  # an unknown language falls back to English
'cardroom'
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

CATALOGUE_DIR = Path(__file__).parent / "catalogues"
LANGUAGES = ("en", "ja", "ko", "zh-TW", "nl", "de", "el")
"""Every language the room speaks; English is the fallback for a key a catalogue lacks."""
DEFAULT = "en"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The messages of ``lang`` (English for a language the room does not speak)."""
    if lang not in LANGUAGES:
        lang = DEFAULT
    data: dict[str, str] = json.loads((CATALOGUE_DIR / f"{lang}.json").read_text("utf-8"))
    return data


def translate(lang: str, key: str, **params: Any) -> str:
    """The text of ``key`` in ``lang`` with its placeholders filled (the key itself if unknown)."""
    text = catalogue(lang).get(key) or catalogue(DEFAULT).get(key) or key
    return text.format(**params) if params else text
