"""Narrow error classes, all ``ValueError`` subclasses (python-chess's split).

* ``InvalidNotationError``: the text is not an action or card at all (syntax).
* ``IllegalActionError``: well-formed, but the rules forbid it now; the message names the rule.
* ``NotActiveError``: the seat may not act at this moment.

A refusal a person meets in play also carries itself as a message (``said``: a key and typed
parameters, ``engine/message.py``), so a reader gets it in its own language, a seat counted as
people do (from 1), while the English text keeps the rule cited and the notation's seat numbers
(from 0) for logs and the analysis tools.
"""

from __future__ import annotations

from typing import Any, Self

from cardroom.engine.message import Json, message


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input; ``said`` the refusal as a
    message for people (a key, typed parameters) when it is one a person meets in play.

    >>> from cardroom.engine.message import message, seat
    >>> said = message("refusal.tichu.naming_wish", who=seat(2))
    >>> error = EngineError("R8.1.1: seat 2 is naming its wish", said)
    >>> str(error), error.said["params"]
    ('R8.1.1: seat 2 is naming its wish', {'who': {'seat': 2}})
    """

    def __init__(self, msg: str, said: Json | None = None) -> None:
        super().__init__(msg)
        self.said = said

    @classmethod
    def saying(cls, msg: str, key: str, **params: Any) -> Self:
        """A refusal a person meets in play: ``msg`` for logs and the analysis tools (English, the
        rule cited), ``key`` and ``params`` for the reader's own language.

        >>> error = IllegalActionError.saying("R5.2: the leader cannot pass", "refusal.lead")
        >>> type(error).__name__, error.said
        ('IllegalActionError', {'key': 'refusal.lead', 'params': {}})
        """
        return cls(msg, message(key, **params))


class InvalidNotationError(EngineError):
    """Text that does not parse as a card, action or chance outcome."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules forbid in this state."""


class NotActiveError(IllegalActionError):
    """An action from a seat that may not act now."""


class ConfigError(EngineError):
    """A game config (table options) with an unknown key or a value of the wrong type."""
