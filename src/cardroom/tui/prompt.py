"""Turning a typed line into an action text (or a client command). No rules here.

People count seats from 1, the action notation from 0 (docs/notation.md): an action naming a
seat is shown with the seat a person reads (``give-dragon 1`` for seat 0, whose name is
"Seat 1") and read back from what the person typed.

>>> read_choice("2", ["pass", "play 7G"])
Choice(kind='act', action='play 7G', message='')
>>> read_choice("play 7g", ["pass"]).action
'play 7g'
>>> read_choice("9", ["pass"]).kind
'error'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from cardroom.i18n import seat_number
from cardroom.tui.render import say

SEAT_ARGUMENT = re.compile(r"^((?:exchange\s+\S+\s+to|give-dragon)\s+)(\d+)$", re.IGNORECASE)
"""Action texts that end in a seat: Tichu's exchange choice and its Dragon gift."""


GIFT_SEAT = re.compile(r"(\bto\s+)(\d+)")
"""Each seat of a review's whole exchange, ``give 5K to 1, 8K to 2, 9G to 3`` (never typed)."""


def for_people(action: str) -> str:
    """``action`` as a person reads it: a seat it names counted from 1.

    >>> for_people("give-dragon 0"), for_people("exchange 7G to 3"), for_people("play 3K")
    ('give-dragon 1', 'exchange 7G to 4', 'play 3K')
    >>> for_people("give 5K to 1, 8K to 2, 9G to 0")
    'give 5K to 2, 8K to 3, 9G to 1'
    """
    if action.startswith("give "):
        return GIFT_SEAT.sub(lambda m: f"{m[1]}{seat_number(int(m[2]))}", action)
    found = SEAT_ARGUMENT.match(action)
    return f"{found[1]}{seat_number(int(found[2]))}" if found else action


def from_people(text: str) -> str:
    """The action a person typed, in the notation: the seat it names counted from 0 again.

    >>> from_people("give-dragon 1"), from_people("exchange 7g to 4"), from_people("pass")
    ('give-dragon 0', 'exchange 7g to 3', 'pass')
    """
    found = SEAT_ARGUMENT.match(text)
    return f"{found[1]}{int(found[2]) - seat_number(0)}" if found else text


def help_text(remote: bool = False) -> str:
    """How to answer the prompt, in the terminal's language; at a server table (``remote``)
    also its commands: claim a bomb, come back from away, deal on after a round."""
    return say("tui.help") + ("\n" + say("tui.help_remote") if remote else "")


LIST_LIMIT = 40
"""Longer legal lists are summarized per kind of action (a Tichu exchange choice lists up to
42: every held card to every seat not served yet)."""
SHOW_LIMIT = 12
"""Legal lists up to this long are shown with every prompt."""


COSTLY = frozenset({"grand", "tichu", "laundry", "challenge", "knock"})
"""Verbs that cost (or risk) points or lives: never the first menu entry, so that typing 1 out
of habit declines rather than exchanges, challenges or calls."""


def menu(legal: Sequence[str]) -> list[str]:
    """The legal actions in menu order: the game's order, costly verbs last.

    >>> menu(["challenge", "accept"]), menu(["grand", "nogrand"])
    (['accept', 'challenge'], ['nogrand', 'grand'])
    """
    return sorted(legal, key=lambda a: a.split(" ", 1)[0] in COSTLY)


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
        return Choice("show", message=help_text())
    if text.startswith("?"):
        return Choice("show", message=list_legal(legal, text[1:].strip()))
    if not text:
        if optional:
            return Choice("wait")
        return Choice("error", message=say("tui.empty_answer"))
    if text.isdigit():
        index = int(text)
        if 1 <= index <= len(legal):
            return Choice("act", legal[index - 1])
        return Choice("error", message=say("tui.pick_number", n=len(legal)))
    return Choice("act", from_people(text))


def list_legal(legal: Sequence[str], prefix: str = "") -> str:
    """The legal actions (as people read them) starting with ``prefix``, numbered as in the full
    list; a long list is summarized per first word (the words in the terminal's language, the
    actions in the notation people type).

    >>> print(list_legal(["pass", "play 2G", "play 3K"], "play"))
      2. play 2G
      3. play 3K
    >>> print(list_legal([f"exchange {i}" for i in range(50)] + ["tichu"]))
      exchange: 50 actions (1-50), e.g. 'exchange 0'; type '? exchange ...' to narrow
     51. tichu
    """
    shown = (for_people(a) for a in legal)
    rows = [(i, a) for i, a in enumerate(shown, 1) if a.startswith(prefix)]
    if not rows:
        return "  " + (
            say("tui.legal.none_starting", prefix=prefix) if prefix else say("tui.legal.none")
        )
    if len(rows) <= LIST_LIMIT or prefix:
        more = len(rows) - LIST_LIMIT
        tail = ["  " + say("tui.legal.more", n=more)] if more > 0 else []
        return "\n".join([*(f"{i:3}. {a}" for i, a in rows[:LIST_LIMIT]), *tail])
    groups: dict[str, list[tuple[int, str]]] = {}
    for i, a in rows:
        groups.setdefault(a.split()[0], []).append((i, a))
    lines = []
    for verb, items in groups.items():
        if len(items) == 1:
            lines.append(f"{items[0][0]:3}. {items[0][1]}")
        else:
            first, last = items[0][0], items[-1][0]
            said = say("tui.legal.group", verb=verb, n=len(items), first=first, last=last,
                       example=items[0][1])  # fmt: skip
            lines.append(f"  {said}")
    return "\n".join(lines)


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

    A move owed with a single legal answer is sent without asking. Numbers refer to ``menu``
    order. ``submit`` returns an error message for a refused action. Returns False to quit.
    """
    legal = menu(legal)
    if not optional and len(legal) == 1 and submit(legal[0]) is None:
        console.write(say("tui.only_answer", action=for_people(legal[0])))
        return True
    hint = say("tui.hint_optional") if optional else say("tui.hint")
    if len(legal) <= SHOW_LIMIT:
        console.write(list_legal(legal))
    else:
        hint = say("tui.n_legal", n=len(legal), hint=hint)
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
        console.write(say("tui.refused", reason=str(error)))
