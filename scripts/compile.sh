#!/usr/bin/env bash
# Optional compiled build: compile the hot Tichu modules with mypyc, in place next to their
# sources (an editable install then imports the compiled module). Pure Python stays the
# reference and works without it. `bash scripts/compile.sh --clean` goes back to pure Python.
# Without a C compiler or mypyc this says so and leaves the pure-Python package as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
MODULES=(cardroom/games/tichu/combos.py)  # under src/
clean() {
  for m in "${MODULES[@]}"; do rm -f "src/${m%.py}".*.so "src/${m%.py}"__mypyc.*.so; done
  rm -rf src/build
}
if [ "${1:-}" = "--clean" ]; then
  clean
  echo "compile: removed the compiled modules (pure Python)"
  exit 0
fi
if ! command -v "${CC:-cc}" >/dev/null 2>&1 || [ ! -x .venv/bin/mypyc ]; then
  echo "compile: no C compiler or mypyc; staying pure Python" >&2
  exit 0
fi
clean
log=$(mktemp)
if ! (cd src && ../.venv/bin/mypyc --config-file ../pyproject.toml "${MODULES[@]}" >"$log" 2>&1); then
  tail -20 "$log" >&2
  clean
  rm -f "$log"
  echo "compile: mypyc failed (log above); staying pure Python" >&2
  exit 0
fi
rm -rf src/build "$log"
echo "compile: compiled ${MODULES[*]}"
