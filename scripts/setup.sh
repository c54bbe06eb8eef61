#!/usr/bin/env bash
# Create .venv and install cardroom with its server and dev extras (idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.cardroom-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/pip install -q --upgrade pip >/dev/null
  .venv/bin/pip install -q -e '.[server,dev]'
  touch "$stamp"
fi
