"""Debian's headless Chromium for the browser tests (never a downloaded browser)."""

from __future__ import annotations

from pathlib import Path

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
