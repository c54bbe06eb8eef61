"""Narrow error classes, all ``ValueError`` subclasses (python-chess's split).

* ``InvalidNotationError``: the text is not an action or card at all (syntax).
* ``IllegalActionError``: well-formed, but the rules forbid it now; the message names the rule.
* ``NotActiveError``: the seat may not act at this moment.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidNotationError(EngineError):
    """Text that does not parse as a card, action or chance outcome."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules forbid in this state."""


class NotActiveError(IllegalActionError):
    """An action from a seat that may not act now."""


class ConfigError(EngineError):
    """A game config (table options) with an unknown key or a value of the wrong type."""
