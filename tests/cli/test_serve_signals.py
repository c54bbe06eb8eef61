"""A signal that reaches ``cardroom serve`` before uvicorn takes the signals over (while it
imports the server and builds the app) stops the start with one line and exit status 3: no
``KeyboardInterrupt`` traceback, no silent death by SIGTERM. Later signals are uvicorn's
(``tests/server/test_startup.py``). Tested in this process, since only here does the signal land
at a known step: building the app, the last before uvicorn runs."""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Iterator
from types import FrameType

import pytest

from cardroom.cli import main


class Unhandled(Exception):
    """The test's own SIGTERM handler ran: ``cardroom serve`` had none of its own."""


@pytest.fixture
def own_handler() -> Iterator[None]:
    """A SIGTERM handler that fails the test instead of killing the test run."""

    def fail(sig: int, frame: FrameType | None) -> None:
        raise Unhandled

    previous = signal.signal(signal.SIGTERM, fail)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@pytest.mark.usefixtures("own_handler")
def test_sigterm_before_uvicorn_runs_stops_the_start_in_one_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def signalled(settings: object) -> None:
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr("cardroom.server.create_app", signalled)
    monkeypatch.setattr("cardroom.server.ops.tuning.freeze_survivors", lambda *_: None)
    with caplog.at_level(logging.INFO):
        assert main(["serve", "--db", "memory", "--port", "0"]) == 3
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == ["cannot start: stopped by SIGTERM while starting"]
    assert signal.getsignal(signal.SIGTERM).__name__ == "fail"  # the handler before is back
