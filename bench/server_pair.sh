#!/usr/bin/env bash
# CPU per stored record of two trees measured at the same time, so the machine's other load
# hits both alike (run one after the other, this machine's runs vary by 10 % or more).
# Each tree runs its own SQLite server and load client (`cardroom load`, paced tables).
#
#   bash bench/server_pair.sh REPS TREE_A TREE_B      # each TREE a checkout with its .venv
#   TABLES=200 SECS=40 bash bench/server_pair.sh 3 ../old .
set -euo pipefail
REPS=$1; A=$(cd "$2" && pwd); B=$(cd "$3" && pwd)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
run() {
  (cd "$1" && nice -n 2 .venv/bin/cardroom load --tables "${TABLES:-200}" --pace 1 --bot-delay 0.8 \
    --seconds "${SECS:-40}" --warmup 20 --stagger 15 --seed "$2" 2>&1)
}
for r in $(seq "$REPS"); do
  run "$A" "$r" > "$OUT/a" & run "$B" "$r" > "$OUT/b"; wait
  for side in a b; do
    tree=$([ $side = a ] && echo "$A" || echo "$B")
    echo "rep $r $tree: $(grep -o 'server CPU.*' "$OUT/$side") | $(grep -o 'p99[^,]*' "$OUT/$side")"
  done
done
