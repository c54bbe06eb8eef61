"""The catalogues stay whole: every language has every key, no key is unused, every key the code
asks for exists, and each message has the same arguments in every language and formats."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardroom import i18n
from cardroom.bots import bot_levels
from cardroom.i18n.icu import placeholders

SRC = Path(i18n.__file__).parents[1]
STATIC = SRC / "server" / "web" / "static"
EN = i18n.catalogue("en")

JS_CALL = re.compile(r"""\bt\(\s*"([\w.-]+)"|render\(\s*"([\w.-]+)\"""")
PY_CALL = re.compile(r"""\b(?:say|message|translate\(\s*[\w.\[\]]+,)\s*\(?\s*"([\w.-]+)\"""")
LITERAL = re.compile(r"""["'`]([a-z][\w-]*(?:\.[\w-]+)+)["'`]""")
JS_PREFIX = re.compile(r"""`([a-z][\w.-]*\.)\$\{""")
PY_PREFIX = re.compile(r"""f"([a-z][\w.-]*\.)\{""")


def sources() -> dict[Path, str]:
    files = [*SRC.rglob("*.py"), *STATIC.glob("*.js")]
    return {f: f.read_text("utf-8") for f in files if "vendor" not in f.parts}


def asked_for() -> set[str]:
    """Keys the code names literally in a t()/say()/message()/translate() call."""
    keys: set[str] = set()
    for path, text in sources().items():
        pattern = JS_CALL if path.suffix == ".js" else PY_CALL
        for match in pattern.finditer(text):
            keys |= {g for g in match.groups() if g}
    return keys


def used(key: str, literals: set[str], prefixes: set[str]) -> bool:
    return key in literals or any(key.startswith(p) for p in prefixes)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_language_has_exactly_the_english_keys(lang: str) -> None:
    keys = set(i18n.catalogue(lang))
    assert sorted(set(EN) - keys) == [], f"{lang} lacks these keys"
    assert sorted(keys - set(EN)) == [], f"{lang} has keys English does not"


@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    other = i18n.catalogue(lang)
    differ = {k: (placeholders(EN[k]), placeholders(other[k])) for k in EN if k in other}
    assert {k: v for k, v in differ.items() if v[0] != v[1]} == {}


@pytest.mark.parametrize("lang", [*i18n.LANGUAGES, i18n.PSEUDO])
def test_every_message_formats(lang: str) -> None:
    for key, text in i18n.catalogue(lang).items():
        params = {name: 2 for name in placeholders(text)}
        out = i18n.translate(lang, key, **params)
        assert "{" not in out.replace("{}", ""), (key, out)


def test_every_key_is_used_and_every_used_key_exists() -> None:
    texts = sources()
    literals: set[str] = set()
    prefixes: set[str] = set()
    for path, text in texts.items():
        literals |= set(LITERAL.findall(text))
        prefixes |= set((JS_PREFIX if path.suffix == ".js" else PY_PREFIX).findall(text))
    prefixes |= {f"{lit}." for lit in literals}  # a literal handed on as a prefix ("rules.x")
    unused = sorted(k for k in EN if not used(k, literals, prefixes))
    assert unused == [], "catalogue keys no code uses"
    assert sorted(asked_for() - set(EN)) == [], "keys the code uses that English lacks"


def test_the_pseudo_locale_wraps_every_text() -> None:
    pseudo = i18n.catalogue(i18n.PSEUDO)
    assert set(pseudo) == set(EN)
    assert all(v.startswith("⟦") and v.endswith("⟧") for v in pseudo.values())


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_catalogues_are_written_canonically(lang: str) -> None:
    """Sorted, one key per line: a merge of two branches' new keys stays line-wise."""
    path = i18n.CATALOGUE_DIR / f"{lang}.json"
    text = path.read_text("utf-8")
    data = json.loads(text)
    expected = json.dumps(dict(sorted(data.items())), ensure_ascii=False, indent=1) + "\n"
    assert text == expected, "run: .venv/bin/python scripts/catalogues.py"


def test_every_bot_level_the_server_offers_has_a_name_and_a_hint() -> None:
    """The lobby, quick play and the table name each level the server lists by
    ``bot.name.<level>`` with ``bot.<level>`` beside it (keys the scan above cannot see: they
    are built from the level's name)."""
    levels = {level.split(":")[0] for game in ("tichu", "toepen") for level in bot_levels(game)}
    assert {"beginner", "casual", "strong", "expert"} <= levels
    assert sorted(level for level in levels if f"bot.{level}" not in EN) == []
    assert sorted(level for level in levels if f"bot.name.{level}" not in EN) == []
    levels_js = (STATIC / "levels.js").read_text("utf-8")  # the pages ask the catalogue too
    assert "has(`bot.name.${base}`)" in levels_js and "KNOWN" not in levels_js


GROUPED = {"en": "1,000", "de": "1.000", "nl": "1.000", "el": "1.000", "ja": "1,000",
           "ko": "1,000", "zh-TW": "1,000"}  # fmt: skip


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_number_a_person_reads_is_grouped_as_the_language_writes_it(lang: str) -> None:
    """A match to 1,000 reads "1,000" or "1.000", never "1000" (the browser's i18n.js the same:
    tests/server/test_e2e_languages.py)."""
    assert i18n.format_number(1000, lang) == GROUPED[lang]
    assert GROUPED[lang] in i18n.translate(lang, "tui.scores_teams", us=1000, them=5)


UNGROUPED = re.compile(r"(?<!\d)(?<!\d[.,])\d{4,}(?!\d|[.,]\d)")
"""Four digits or more with no group separator: "1000", not "1,000" nor "1.000"."""


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_number_written_into_a_text_is_grouped_as_the_language_writes_it(lang: str) -> None:
    """A text that names a number itself (a preset's "to 1,000", the rules' default target)
    writes it as a number filled in is written (``format_number``), not "1000"."""
    ungrouped = {k: v for k, v in i18n.catalogue(lang).items() if UNGROUPED.search(v)}
    assert ungrouped == {}
    assert UNGROUPED.findall("to 1000, 20000 or 1,000 and 1.000; 200") == ["1000", "20000"]


FULL_WIDTH_THEN_SPACE = re.compile(r"[。、！？：；）」] ")
"""A full-width mark followed by a half-width space: Japanese and Chinese put none there (a
full-width mark carries its own space; between sentences Japanese uses an ideographic one)."""


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_no_half_width_space_follows_a_full_width_mark(lang: str) -> None:
    spaced = {k: v for k, v in i18n.catalogue(lang).items() if FULL_WIDTH_THEN_SPACE.search(v)}
    assert spaced == {}
    raised = i18n.translate(lang, "toepen.raise", **{"from": 1, "to": 2})
    banner = i18n.translate(lang, "toepen.knock_banner", who="A", waiting="B", **{"raise": raised})
    assert not FULL_WIDTH_THEN_SPACE.search(banner), banner
    assert FULL_WIDTH_THEN_SPACE.findall("ですか？ はい。\u3000いいえ？") == ["？ "]
