"""Action texts parsed once per game and shared by every table of the process.

Why: the runner parses each submitted text (Tichu: three regular expressions and a card table,
~4 µs in a loop, ~18 µs inside a busy server whose caches hold hundreds of other tables), at
every stored record, and the same few hundred texts (``pass``, single cards, the common plays)
come back at every table. A parsed action is a value: a hashable one is kept, so one object
serves every table; a text that does not parse raises as before and is not kept.
"""

from __future__ import annotations

from typing import Any

from cardroom.engine import Game

MAX_TEXTS = 8192
"""Texts kept per game; the memo starts over when full (a server sees far fewer)."""


class ParsedActions:
    """``game.parse_action`` memoised by text (hashable results only)."""

    __slots__ = ("_memo", "game", "size")

    def __init__(self, game: Game[Any, Any, Any], size: int = MAX_TEXTS) -> None:
        self.game = game
        self.size = size
        self._memo: dict[str, Any] = {}

    def __call__(self, text: str) -> Any:
        """The action ``text`` names (``InvalidNotationError`` if it names none)."""
        memo = self._memo
        if text in memo:
            return memo[text]
        action = self.game.parse_action(text)
        try:
            hash(action)
        except TypeError:  # not a value: parsed afresh each time, as the runner would
            return action
        if len(memo) >= self.size:
            memo.clear()
        memo[text] = action
        return action


_BY_GAME: dict[str, ParsedActions] = {}


def parsed_actions(game: Game[Any, Any, Any]) -> ParsedActions:
    """The process's memo of ``game``'s action texts (one per game name)."""
    found = _BY_GAME.get(game.name)
    if found is None or type(found.game) is not type(game):
        found = _BY_GAME[game.name] = ParsedActions(game)
    return found
