#!/usr/bin/env bash
# CPU per stored record of two trees measured at the same time, so the machine's other load
# hits both alike (run one after the other, this machine's runs vary by 10 % or more).
# Each tree runs its own SQLite server and load client (`cardroom load`, paced tables).
#
#   bash bench/server_pair.sh REPS TREE_A TREE_B      # each TREE a checkout with its .venv
#   TABLES=200 SECS=40 KEEP=dir bash bench/server_pair.sh 3 ../old .
#   TABLES=64 PACE=0 SECS=20 bash bench/server_pair.sh 3 ../old .   # fast clients, no bots
#
# Prints each rep (µs per record, records stored, p99, the load average before it), then the
# pairs' B/A ratio: mean and 95 % interval (Student's t over the pairs). A rep that fails on
# either side (no CPU line: the server did not start, the client stopped) is reported with its
# output's last lines and left out; the others go on. KEEP keeps every rep's raw output.
set -uo pipefail
REPS=$1; A=$(cd "$2" && pwd); B=$(cd "$3" && pwd)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
run() {
  (cd "$1" && nice -n 2 .venv/bin/cardroom load --tables "${TABLES:-200}" --pace "${PACE:-1}" --bot-delay 0.8 \
    --seconds "${SECS:-40}" --warmup 20 --stagger 15 --seed "$2" 2>&1)
}
field() {  # field FILE: "µs records p99" of one run's output, or nothing if it has no CPU line
  local us recs p99
  us=$(grep -o 'server CPU: [0-9.]* s, [0-9]* us' "$1" | grep -o '[0-9]* us' | grep -o '[0-9]*') || return 0
  recs=$(grep -o 'records seen: [0-9]*' "$1" | grep -o '[0-9]*$') || recs=0
  p99=$(sed -n 's/.*p99 \([0-9.]*\) ms.*/\1/p' "$1")
  echo "$us $recs $p99"
}
: > "$OUT/pairs"
for r in $(seq "$REPS"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  run "$A" "$r" > "$OUT/a" & run "$B" "$r" > "$OUT/b"; wait
  [ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$OUT/a" "$KEEP/rep$r.a" && cp "$OUT/b" "$KEEP/rep$r.b"
  fa=$(field "$OUT/a"); fb=$(field "$OUT/b")
  for side in a b; do
    tree=$([ $side = a ] && echo "$A" || echo "$B")
    f=$([ $side = a ] && echo "$fa" || echo "$fb")
    if [ -n "$f" ]; then
      read -r us recs p99 <<< "$f"
      echo "rep $r (load $load) $side $tree: $us us per record, $recs records, p99 ${p99}ms"
    else
      echo "rep $r (load $load) $side $tree: FAILED, its output ends:"
      tail -n 5 "$OUT/$side" | sed 's/^/    /'
    fi
  done
  if [ -n "$fa" ] && [ -n "$fb" ]; then
    echo "${fa%% *} ${fb%% *}" >> "$OUT/pairs"
  fi
done
python3 - "$OUT/pairs" <<'PY'
import math, statistics, sys
pairs = [tuple(map(float, line.split())) for line in open(sys.argv[1]) if line.strip()]
print(f"{len(pairs)} complete pairs")
if len(pairs) >= 2:
    ratios = [b / a for a, b in pairs]
    mean, se = statistics.fmean(ratios), statistics.stdev(ratios) / math.sqrt(len(ratios))
    t = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}
    half = t.get(len(ratios) - 1, 2.0) * se
    diffs = [b - a for a, b in pairs]
    print(f"B/A per record: {mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] (95 %), "
          f"B - A: {statistics.fmean(diffs):+.0f} us (from {min(diffs):+.0f} to {max(diffs):+.0f})")
PY
