"""Turning a typed line into an action text (or a client command). No rules here.

>>> read_choice("2", ["pass", "play 7G"])
Choice(kind='act', action='play 7G', message='')
>>> read_choice("play 7g", ["pass"]).action
'play 7g'
>>> read_choice("9", ["pass"]).kind
'error'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from cardroom.tui.render import render_legal

HELP = (
    "Type an action in the canonical notation (e.g. 'play 7G 7K', 'pass', 'tichu'),\n"
    "or a number to pick that entry of the legal list. '?' lists the legal actions,\n"
    "'h' shows this help, 'q' quits."
)


@dataclass(frozen=True, slots=True)
class Choice:
    """What a line asks for: ``act`` (send ``action``), ``wait`` (let play go on), ``show``
    (print ``message`` and ask again), ``error`` (print ``message`` and ask again), ``quit``."""

    kind: str
    action: str = ""
    message: str = ""


def read_choice(line: str, legal: Sequence[str], optional: bool = False) -> Choice:
    """Interpret one typed line against the current legal list."""
    text = line.strip()
    if text in ("q", "quit", "exit"):
        return Choice("quit")
    if text in ("h", "help"):
        return Choice("show", message=HELP)
    if text == "?":
        return Choice("show", message=render_legal(legal) or "  (nothing to do now)")
    if not text:
        if optional:
            return Choice("wait")
        return Choice("error", message="type an action, a number or '?'")
    if text.isdigit():
        index = int(text)
        if 1 <= index <= len(legal):
            return Choice("act", legal[index - 1])
        return Choice("error", message=f"pick a number from 1 to {len(legal)} ('?' lists them)")
    return Choice("act", text)


class Console:
    """Line-based input and output on two streams (a terminal, or scripted text in tests)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def write(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def read(self, prompt: str) -> str | None:
        """One line, or None at end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            return None
        if not self.stdin.isatty():
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line


def ask(
    console: Console,
    legal: Sequence[str],
    optional: bool,
    submit: Callable[[str], str | None],
) -> bool:
    """Prompt until an action is accepted (``submit`` returns None) or the player waits.

    ``submit`` returns an error message for a refused action. Returns False to quit.
    """
    hint = "action, number, ? (Enter = let play go on)" if optional else "action, number or ?"
    while True:
        line = console.read(f"[{hint}] > ")
        if line is None:
            return False
        choice = read_choice(line, legal, optional)
        if choice.kind == "quit":
            return False
        if choice.kind == "wait":
            return True
        if choice.kind in ("show", "error"):
            console.write(choice.message)
            continue
        error = submit(choice.action)
        if error is None:
            return True
        console.write(f"Refused: {error}")
