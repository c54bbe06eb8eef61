#!/usr/bin/env bash
# Set up and run a local cardroom server with bots on SQLite (cardroom.db): http://127.0.0.1:8000
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/cardroom serve "$@"
