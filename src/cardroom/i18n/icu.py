"""A small ICU MessageFormat subset: ``{name}``, ``{n, plural, ...}``, ``{n, selectordinal, ...}``
and ``{x, select, ...}``, with ``#`` for the number inside a plural branch.

Why not a full ICU library: the browser renders the same catalogues with the same subset (i18n.js,
no build step), so both sides must agree exactly; the plural *rules* come from Babel here and from
``Intl.PluralRules`` there (both CLDR). Braces are always syntax (no apostrophe quoting).

>>> fmt = lambda text, **p: format_message(text, p, "en", str)
>>> fmt("{n, plural, one {# card} other {# cards}}", n=1)
'1 card'
>>> fmt("{n, plural, =0 {none} one {# card} other {# cards}}", n=0)
'none'
>>> fmt("{p, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", p=23)
'23rd'
>>> fmt("{g, select, grand {Grand Tichu} other {Tichu}}!", g="grand")
'Grand Tichu!'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from babel import Locale
from babel.numbers import NumberPattern, format_decimal, parse_pattern

BABEL_LOCALES = {"zh-TW": "zh_Hant_TW", "xx-pseudo": "en"}
"""Catalogue names that Babel spells differently (the pseudo-locale counts as English)."""


@cache
def babel_locale(lang: str) -> Locale:
    return Locale.parse(BABEL_LOCALES.get(lang, lang.replace("-", "_")))


def format_number(value: int | float, lang: str, decimals: int | None = None) -> str:
    """A number as ``lang`` writes it, thousands grouped (Babel; the browser uses
    ``Intl.NumberFormat``, i18n.js ``number``): the one place Python text formats a number.
    ``decimals``: always that many digits after the point, so a column of them lines up
    (i18n.js ``decimal`` for one).

    >>> format_number(1000, "en"), format_number(1000, "de"), format_number(-1250.5, "nl")
    ('1,000', '1.000', '-1.250,5')
    >>> format_number(42, "de", decimals=1), format_number(1234.56, "ja", decimals=1)
    ('42,0', '1,234.6')
    """
    locale = babel_locale(lang)
    if decimals is None:
        return str(format_decimal(value, locale=locale))
    return str(_fixed(str(locale.decimal_formats[None].pattern), decimals).apply(value, locale))


def format_percent(value: int | float, lang: str, decimals: int = 1) -> str:
    """A percentage (0 to 100) as ``lang`` writes one, with ``decimals`` digits after the point
    (Babel's CLDR pattern; the browser's i18n.js ``percent`` is the same with one). German
    keeps the sign off the number with a no-break space.

    >>> format_percent(52.5, "en"), format_percent(52.5, "de"), format_percent(71, "ja", 0)
    ('52.5%', '52,5\\xa0%', '71%')
    """
    locale = babel_locale(lang)
    pattern = _fixed(str(locale.percent_formats[None].pattern), decimals)
    return str(pattern.apply(value / 100, locale))


@cache
def _fixed(pattern: str, decimals: int) -> NumberPattern:
    """A CLDR number pattern showing exactly ``decimals`` digits after the point."""
    fixed = parse_pattern(pattern)
    fixed.frac_prec = (decimals, decimals)
    return fixed


def _close(text: str, start: int) -> int:
    """Index of the brace closing the one at ``start``."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced braces in message {text!r}")


def _options(body: str) -> dict[str, str]:
    """``one {…} other {…}`` -> {"one": "…", "other": "…"}."""
    options: dict[str, str] = {}
    i = 0
    while i < len(body):
        if body[i].isspace():
            i += 1
            continue
        brace = body.index("{", i)
        end = _close(body, brace)
        options[body[i:brace].strip()] = body[brace + 1 : end]
        i = end + 1
    return options


def _category(lang: str, kind: str, n: int | float) -> str:
    locale = babel_locale(lang)
    return str(locale.ordinal_form(n) if kind == "selectordinal" else locale.plural_form(n))


def format_message(
    text: str, params: Mapping[str, Any], lang: str, value: Callable[[Any], str]
) -> str:
    """``text`` with its arguments filled; ``value`` renders a plain argument (a name, a number, a
    nested message). An argument missing from ``params`` stays as written."""
    return _format(text, params, lang, value, None)


def _format(
    text: str,
    params: Mapping[str, Any],
    lang: str,
    value: Callable[[Any], str],
    hash_: str | None,
) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            end = _close(text, i)
            out.append(_argument(text[i + 1 : end], params, lang, value, text[i : end + 1]))
            i = end + 1
            continue
        out.append(hash_ if ch == "#" and hash_ is not None else ch)
        i += 1
    return "".join(out)


def _argument(
    inner: str,
    params: Mapping[str, Any],
    lang: str,
    value: Callable[[Any], str],
    whole: str,
) -> str:
    name, _, rest = inner.partition(",")
    name = name.strip()
    if name not in params:
        return whole
    arg = params[name]
    if not rest:
        return value(arg)
    kind, _, body = rest.partition(",")
    kind = kind.strip()
    options = _options(body)
    if kind == "select":
        branch = options.get(str(arg), options.get("other", ""))
        return _format(branch, params, lang, value, None)
    if kind not in ("plural", "selectordinal"):
        raise ValueError(f"unknown argument type {kind!r} in {whole!r}")
    exact = options.get(f"={arg}")
    chosen = exact if exact is not None else options.get(_category(lang, kind, arg))
    branch = chosen if chosen is not None else options.get("other", "")
    return _format(branch, params, lang, value, format_number(arg, lang))


def placeholders(text: str) -> set[str]:
    """Every argument name a message uses (the catalogue test compares them across languages)."""
    names: set[str] = set()
    i = 0
    while i < len(text):
        if text[i] == "{":
            end = _close(text, i)
            name, _, rest = text[i + 1 : end].partition(",")
            names.add(name.strip())
            if rest:
                _, _, body = rest.partition(",")
                for branch in _options(body).values():
                    names |= placeholders(branch)
            i = end + 1
        else:
            i += 1
    return names
