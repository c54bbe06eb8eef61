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
# Optional compiled build (scripts/compile.sh): CARDROOM_COMPILE=1 builds it, or rebuilds it
# when a compiled module's source changed; without it a stale build is removed, so that an
# edited source is never shadowed by an old compiled module.
if [ "${CARDROOM_COMPILE:-0}" = 1 ]; then
  bash scripts/compile.sh --if-stale
else
  bash scripts/compile.sh --stale-clean
fi
