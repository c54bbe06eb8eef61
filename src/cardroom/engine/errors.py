"""Narrow error classes, all ``ValueError`` subclasses (python-chess's split).

* ``InvalidNotationError``: the text is not an action or card at all (syntax).
* ``IllegalActionError``: well-formed, but the rules forbid it now; the message names the rule.
* ``NotActiveError``: the seat may not act at this moment.

A refusal that names a seat also carries itself as a message (``said``: a key and typed
parameters, ``engine/message.py``), so a reader counts that seat as people do (from 1) in its
own language, while the English text keeps the notation's seat numbers (from 0).
"""

from __future__ import annotations

from cardroom.engine.message import Json


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input; ``said`` the refusal as a
    message for people, when the English text alone would mislead them (it names a seat).

    >>> from cardroom.engine.message import message, seat
    >>> said = message("refusal.tichu.naming_wish", who=seat(2))
    >>> error = EngineError("R8.1.1: seat 2 is naming its wish", said)
    >>> str(error), error.said["params"]
    ('R8.1.1: seat 2 is naming its wish', {'who': {'seat': 2}})
    """

    def __init__(self, msg: str, said: Json | None = None) -> None:
        super().__init__(msg)
        self.said = said


class InvalidNotationError(EngineError):
    """Text that does not parse as a card, action or chance outcome."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules forbid in this state."""


class NotActiveError(IllegalActionError):
    """An action from a seat that may not act now."""


class ConfigError(EngineError):
    """A game config (table options) with an unknown key or a value of the wrong type."""
