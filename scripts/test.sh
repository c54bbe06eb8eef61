#!/usr/bin/env bash
# Lint, type-check and test everything: the README's test command and what CI runs.
# With arguments, pytest runs just those (e.g. `bash scripts/test.sh tests/tui -k remote`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source .venv/bin/activate
echo "== ruff"; ruff check src tests bench scripts && ruff format --check src tests bench scripts
echo "== mypy --strict"; mypy --strict src
echo "== import contracts (pyproject.toml [tool.importlinter])"; lint-imports
if [ $# -gt 0 ]; then
  echo "== pytest"; exec pytest "$@"
fi
# Tests that only compute (no server, browser, database or port) spread over every core test by
# test; the tests with servers, browsers and databases spread over every core module by module
# (a module's server is started once); tests marked `serial` (bounded or measured in seconds,
# or loading every core themselves) run alone at the end.
COMPUTE=(tests/games tests/engine tests/bots tests/conformance tests/duplicate tests/i18n
         tests/layout tests/cli)
status=0
echo "== pytest: computing tests and doctests, on every core"
pytest -n auto -m "not serial" "${COMPUTE[@]}" src/cardroom bench || status=$?
echo "== pytest: servers, browsers, databases, on every core"
pytest -n auto --dist loadfile -m "not serial" tests "${COMPUTE[@]/#/--ignore=}" || status=$?
echo "== pytest: serial tests, alone"
pytest -m serial tests || status=$?
exit $status
