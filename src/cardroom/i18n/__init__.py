"""Languages: message catalogues shared by the browser, the terminal client and the command line.

A message is a key with parameters (``translate("ja", "lobby.create")``); clients never build
sentences themselves. The catalogues are JSON files, one per language, in ``catalogues/``; the
browser loads the same files (``/i18n/{lang}.json``), so there is one text per key and language.
A text is an ICU message (``icu.py``): ``{name}``, ``{n, plural, one {…} other {…}}``, … .

A parameter is a number, a string, or a typed value the reader resolves in its own language:
``{"seat": 2}`` (that seat's name), ``{"seats": [0, 2]}`` (names as a list), ``{"cards": […]}``
(card codes, special cards by name), ``{"msg": {"key": …, "params": …}}`` (a nested message).

>>> translate("en", "app.title")
'cardroom'
>>> translate("xx", "app.title")  # an unknown language falls back to English
'cardroom'
>>> render("en", {"key": "tichu.passed", "params": {"who": {"seat": 1}}}, ["Ann", "Bram"])
'Bram passed'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from babel.lists import format_list

from .icu import babel_locale, format_message
from .icu import format_number as format_number  # a number a person reads, grouped: 1,000
from .icu import format_percent as format_percent  # a percentage: 52.5%, 52,5 %

CATALOGUE_DIR = Path(__file__).parent / "catalogues"
LANGUAGES = ("en", "ja", "ko", "zh-TW", "nl", "de", "el")
"""Every language the room speaks; English is the fallback for a key a catalogue lacks."""
DEFAULT = "en"
PSEUDO = "xx-pseudo"
"""A test language: every English text wrapped in ⟦ ⟧, so text that bypassed the catalogue shows."""

Json = dict[str, Any]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The messages of ``lang`` (English for a language the room does not speak)."""
    if lang == PSEUDO:
        return {k: f"⟦{v}⟧" for k, v in catalogue(DEFAULT).items()}
    if lang not in LANGUAGES:
        lang = DEFAULT
    data: dict[str, str] = json.loads((CATALOGUE_DIR / f"{lang}.json").read_text("utf-8"))
    return data


def choose(wanted: str | None) -> str:
    """The language the room speaks closest to ``wanted`` (``ja_JP.UTF-8``, ``zh-Hant-TW``, ``de``).

    >>> choose("ja_JP.UTF-8"), choose("zh_TW"), choose("zh-Hant"), choose("fr"), choose(None)
    ('ja', 'zh-TW', 'zh-TW', 'en', 'en')
    """
    if not wanted:
        return DEFAULT
    tag = wanted.split(".")[0].split("@")[0].replace("_", "-").lower()
    if tag == PSEUDO:
        return PSEUDO
    if tag.startswith("zh") and ("tw" in tag or "hant" in tag or "hk" in tag):
        return "zh-TW"
    base = tag.split("-")[0]
    return base if base in LANGUAGES else DEFAULT


def from_environment(explicit: str | None = None) -> str:
    """``--lang`` if given, else the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` set."""
    if explicit:
        return choose(explicit)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return choose(os.environ[name])
    return DEFAULT


def from_accept_language(header: str) -> str:
    """The best language for an ``Accept-Language`` header (by its q-values; English if none fits).

    >>> from_accept_language("fr-CH, fr;q=0.9, ja;q=0.8, de;q=0.7")
    'ja'
    >>> from_accept_language("zh-TW,zh;q=0.9"), from_accept_language("")
    ('zh-TW', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        if tag and weight > 0:
            ranked.append((-weight, i, tag))
    for _, _, tag in sorted(ranked):
        lang = choose(tag)
        if lang != DEFAULT or tag.lower().startswith("en"):
            return lang
    return DEFAULT


def text_of(lang: str, key: str) -> str:
    """The text of ``key`` in ``lang`` (an empty text is a text), else English, else the key."""
    for source in (catalogue(lang), catalogue(DEFAULT)):
        text = source.get(key)
        if text is not None:
            return text
    return key


def translate(lang: str, key: str, **params: Any) -> str:
    """The text of ``key`` in ``lang`` with its arguments filled (the key itself if unknown)."""
    return render(lang, {"key": key, "params": params})


def seat_number(seat: int) -> int:
    """The number a person reads for ``seat``: people count seats from 1, while the wire, the
    log and the action notation count from 0 (docs/contracts.md), so only what a person reads
    or types is converted (the pages' ``seatNumber`` in i18n.js).

    >>> seat_number(0), translate("en", "seat.n", n=seat_number(3))
    (1, 'Seat 4')
    """
    return seat + 1


def render(lang: str, message: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """A message (``{"key", "params"}``) in ``lang``; seats named by ``names`` (else "Seat N",
    counted from 1)."""

    def seat_name(seat: int) -> str:
        if 0 <= seat < len(names):
            return names[seat]
        return translate(lang, "seat.n", n=seat_number(seat))

    def value(arg: Any) -> str:
        if isinstance(arg, bool) or arg is None:
            return str(arg)
        if isinstance(arg, int | float):
            return format_number(arg, lang)
        if isinstance(arg, Mapping):
            if "seat" in arg:
                return seat_name(int(arg["seat"]))
            if "seats" in arg:
                return join(lang, [seat_name(int(s)) for s in arg["seats"]])
            if "cards" in arg:
                return " ".join(card_text(lang, str(arg.get("game", "")), c) for c in arg["cards"])
            if "msg" in arg:
                return render(lang, arg["msg"], names)
        return str(arg)

    text = text_of(lang, str(message["key"]))
    return format_message(text, message.get("params") or {}, lang, value)


def join(lang: str, items: Sequence[str]) -> str:
    """``A, B and C`` as ``lang`` writes a list (Babel; ``Intl.ListFormat`` in the browser)."""
    return format_list(list(items), locale=babel_locale(lang)) if items else ""


def level_name(lang: str, level: str) -> str:
    """A bot level as a person reads it: its name in ``lang``, a parameter after it; a level
    without a name stays as it is (as the pages' ``levelName``).

    >>> level_name("en", "heuristic"), level_name("de", "search:n=30"), level_name("en", "x:1")
    ('Club player', 'Simulator (n=30)', 'x:1')
    """
    base, _, arg = level.partition(":")
    key = f"bot.name.{base}"
    if key not in catalogue(DEFAULT):
        return level
    name = text_of(lang, key)
    return translate(lang, "bot.name.with_arg", name=name, arg=arg) if arg else name


def game_name(lang: str, game: str) -> str:
    """A game's name as players of ``lang`` write it (``game.<name>``); a game without one keeps
    its registered name (as the pages' ``gameTitle``).

    >>> game_name("ja", "tichu"), game_name("nl", "toepen"), game_name("ja", "toy")
    ('ティチュー', 'Toepen', 'toy')
    """
    key = f"game.{game}"
    return text_of(lang, key) if key in catalogue(DEFAULT) else game


def card_text(lang: str, game: str, code: str) -> str:
    """A card as printed: its code (``7G``), a special card by its name in ``lang``."""
    key = f"{game}.card.{code}"
    return text_of(lang, key) if key in catalogue(DEFAULT) else code
