#!/usr/bin/env bash
# Screenshots of the browser client's named moments into DIR (default ./screenshots):
# a real server with bots, Debian's Chromium, animations off.
# Usage: bash scripts/screenshots.sh DIR [--lang L]   (L: en ja ko zh-TW nl de el; default en)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="${1:-screenshots}"
mkdir -p "$DIR"
exec .venv/bin/python scripts/screenshots.py "$DIR" "${@:2}"
