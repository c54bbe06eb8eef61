"""The bot protocol (contracts §5): a bot sees exactly what a human at its seat sees.

A bot gets a ``SeatView`` (the seat's observation JSON and its projected event history) and an
RNG, and answers with canonical action text from ``view.legal``. It never sees a game state.

Games with interrupts (a Tichu bomb or call out of turn, a Toepen knock) make seats *active*
that do not owe a move. ``decide`` is the one rule every driver (arena, server) uses to ask a
bot: a seat that owes a move gets ``act``; a seat that merely may interrupt gets the bot's
optional ``interrupt`` (``None`` = let play go on); ``may_interrupt`` tells a driver, from the
seat's legal actions, when an off-turn look cannot yield anything (``Selective``).

>>> view = SeatView("toy", 0, {"legal": ["play 1", "play 2"], "awaited": [0]})
>>> view.legal, owes_move(view)
(('play 1', 'play 2'), True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from cardroom.engine.errors import IllegalActionError

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything a seat may know: its observation JSON and its projected event history."""

    game: str
    seat: int
    obs: Mapping[str, Any]
    history: Sequence[Mapping[str, Any]] = field(default=())

    @property
    def legal(self) -> tuple[str, ...]:
        """The seat's legal action texts right now (empty when it may not act)."""
        return tuple(self.obs.get("legal") or ())


@runtime_checkable
class Bot(Protocol):
    """A player program: ``act`` returns one of ``view.legal``."""

    name: str

    def act(self, view: SeatView, rng: random.Random) -> str: ...


@runtime_checkable
class Interrupter(Protocol):
    """Optional extension: a bot that may act out of turn (bomb, call, knock) or decline."""

    def interrupt(self, view: SeatView, rng: random.Random) -> str | None: ...


@runtime_checkable
class Selective(Protocol):
    """Optional extension of an ``Interrupter``: whether a look out of turn can matter, told
    from the seat's legal actions alone (its own view's ``legal``), so that a driver need not
    build a whole view for an answer that is always ``None``."""

    def may_interrupt(self, legal: Sequence[str]) -> bool: ...


def may_interrupt(bot: Bot, legal: Sequence[str]) -> bool:
    """False only if ``decide`` answers ``None`` for every off-turn view of the seat whose
    legal actions are ``legal``: the bot is no ``Interrupter``, or a ``Selective`` one that
    says so. Drivers skip such looks; the answers stay the same.

    >>> may_interrupt(object(), ["knock"])  # type: ignore[arg-type]
    False
    """
    if not isinstance(bot, Interrupter):
        return False
    return not isinstance(bot, Selective) or bot.may_interrupt(legal)


def awaited(obs: Mapping[str, Any], seat: int) -> bool:
    """Whether the game waits for ``seat``: every game's observation lists the seats that owe a
    move as ``awaited`` (``Game.awaited``, public to every audience), the one source of it.

    >>> awaited({"awaited": [2]}, 2), awaited({"awaited": []}, 2)
    (True, False)
    """
    listed = obs.get("awaited")
    if not isinstance(listed, list):
        raise ValueError("the observation has no 'awaited' list of the seats that owe a move")
    return seat in listed


def bomb_actions(obs: Mapping[str, Any]) -> list[str]:
    """The observation's legal actions that are bombs (in or out of the seat's turn): ``bomb
    ...`` actions, or plays whose ``legal_info`` says bomb (the server's Bomb press and the
    terminal's ``b`` read the same list).

    >>> bomb_actions({"legal": ["pass", "play 5G 5K 5B 5R"],
    ...               "legal_info": [{"kind": "pass"}, {"kind": "bomb"}]})
    ['play 5G 5K 5B 5R']
    """
    legal, info = obs.get("legal") or [], obs.get("legal_info") or []

    def bomb(i: int, action: str) -> bool:
        about = info[i] if i < len(info) else None
        return action.startswith("bomb ") or (
            isinstance(about, dict) and about.get("kind") == "bomb"
        )

    return [a for i, a in enumerate(legal) if bomb(i, a)]


def owes_move(view: SeatView) -> bool:
    """Whether the game is waiting for this seat rather than merely allowing it to interrupt."""
    return bool(view.legal) and awaited(view.obs, view.seat)


def decide(bot: Bot, view: SeatView, rng: random.Random) -> str | None:
    """The bot's action for ``view``, or ``None`` if it lets an optional moment pass.

    Raises ``IllegalActionError`` if the bot answers with text not in ``view.legal``: a bot bug
    must surface, never be silently replaced.
    """
    if owes_move(view):
        action: str | None = bot.act(view, rng)
    elif isinstance(bot, Interrupter):
        action = bot.interrupt(view, rng)
    else:
        return None
    if action is not None:
        check_legal(bot, view, action)
    return action


def check_legal(bot: Bot, view: SeatView, action: str) -> None:
    """Raise ``IllegalActionError`` unless ``action`` is one of ``view.legal``."""
    if action not in view.legal:
        raise IllegalActionError(
            f"bot {bot.name!r} at seat {view.seat} chose {action!r}, not one of its legal "
            f"actions {list(view.legal)[:20]}"
        )
