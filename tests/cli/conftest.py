from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardroom.engine import register_game
from cardroom.engine.registry import _GAMES
from tests.engine.toy import TOY


@pytest.fixture
def toy() -> Iterator[str]:
    """The engine's toy game, registered for the duration of a test."""
    register_game(TOY)
    yield TOY.name
    _GAMES.pop(TOY.name, None)
