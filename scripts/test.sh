#!/usr/bin/env bash
# Lint, type-check and test everything: the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source .venv/bin/activate
echo "== ruff"; ruff check src tests bench scripts && ruff format --check src tests bench scripts
echo "== mypy --strict"; mypy --strict src
echo "== import contracts (pyproject.toml [tool.importlinter])"; lint-imports
echo "== pytest"; pytest "$@"
