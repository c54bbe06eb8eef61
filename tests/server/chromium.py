"""Debian's headless Chromium for the browser tests (never a downloaded browser)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WIDE = {"width": 1366, "height": 768}
"""The desktop screenshots' size (a common laptop screen)."""
SIZES = {"desktop": WIDE, "phone": PHONE}
"""The screenshots' sizes by name."""


def each_size(page: Any) -> Iterator[tuple[str, dict[str, int]]]:
    """Each of ``SIZES`` in turn on one open page, resized as a phone turned or a window
    dragged would be: one page load checks both sizes (a load is most of a browser test's
    time)."""
    for name, view in SIZES.items():
        page.set_viewport_size(view)
        yield name, view


SHOTS_ENV = "CARDROOM_SHOTS"
"""Where the browser tests leave their screenshots; unset (as in CI), they take none."""


def shot(page: Any, name: str, *, full_page: bool = False) -> None:
    """A screenshot for people to look at, only when ``$CARDROOM_SHOTS`` names a folder: no
    test asserts on one, and a full page costs a second or two of a shared CI core."""
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=full_page)
