#!/usr/bin/env bash
# Optional compiled build: compile the hot Tichu engine modules and the heuristic bot with mypyc,
# in place next to their sources (an editable install then imports the compiled module). Pure
# Python stays the reference and works without it. `bash scripts/compile.sh --clean` goes back
# to pure Python; `--if-stale` compiles only when a module has no build or its source is newer
# than it. Without a C compiler or mypyc this says so and leaves the pure-Python package as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
MODULES=(cardroom/games/tichu/combos.py cardroom/games/tichu/fastsim.py cardroom/games/tichu/cards.py
  cardroom/games/tichu/actions.py cardroom/games/tichu/state.py cardroom/games/tichu/rules.py
  cardroom/games/tichu/observe.py cardroom/games/tichu/events.py cardroom/games/tichu/scoring.py
  cardroom/games/tichu/game.py cardroom/engine/runner.py cardroom/engine/record.py
  cardroom/bots/tichu/heuristic.py)
# under src/; the heuristic's bot class allows interpreted subclasses (the styles and partition
# subclass it: `mypyc_attr(allow_interpreted_subclasses=True)`); engine/types.py stays pure (mypyc
# builds no generic dataclass: Step), and so does engine/testing.py (the benches' random player)
clean() {
  for m in "${MODULES[@]}"; do rm -f "src/${m%.py}".*.so "src/${m%.py}"__mypyc.*.so; done
  rm -f src/*__mypyc.*.so  # the shared runtime of several compiled modules
  rm -rf src/build
}
stale() {
  for m in "${MODULES[@]}"; do
    so=$(ls "src/${m%.py}".cpython-*.so 2>/dev/null | head -1)
    if [ -z "$so" ] || [ "src/$m" -nt "$so" ]; then return 0; fi
  done
  return 1
}
if [ "${1:-}" = "--if-stale" ] && ! stale; then
  exit 0
fi
if [ "${1:-}" = "--stale-clean" ]; then  # drop a build older than its sources
  built=$(ls src/cardroom/games/tichu/*.so src/cardroom/bots/tichu/*.so 2>/dev/null || true)
  if [ -n "$built" ] && stale; then clean; echo "compile: removed a stale build (pure Python)"; fi
  exit 0
fi
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
