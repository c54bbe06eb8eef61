#!/usr/bin/env bash
# The bar for paced play: 1,000 paced tables on this machine (each table one human-paced action per
# second, three bots at the server's default delay, 0.8 s) with p99 submit->ack <= 50 ms and 0
# errors, both cores. BOT_DELAY=0.5 is a harsher load (~40 % more records per second).
#
#   bash bench/paced_1000.sh [TABLES ...]     # default 1000; e.g. `bash bench/paced_1000.sh 200 500 1000`
#   NODES=2 SECONDS_=60 PACE=1 BOT_DELAY=0.8 WARMUP=15 STAGGER=0 EXTRA_NODE_ARGS=... bash bench/paced_1000.sh
#
# For each TABLES: a fresh local cluster (scripts/cluster.sh: PostgreSQL, NODES `cardroom serve`
# nodes, nginx), then `cardroom load` with its clients spread over the nodes (straight to each
# node: a table is created on, and owned by, the node its client talks to, so nginx is idle),
# then the cluster is stopped (also on Ctrl-C or error): nothing is left running. Prints
# p50/p99/max latency, errors, acks/s, records/s, the CPU of each node, of PostgreSQL and of the
# load generator, and CPU per stored record. Needs root (PostgreSQL admin via `su postgres`),
# postgresql and nginx (apt).
set -euo pipefail
cd "$(dirname "$0")/.."
NODES=${NODES:-2}
SECONDS_=${SECONDS_:-60}
PACE=${PACE:-1}
BOT_DELAY=${BOT_DELAY:-0.8}
STAGGER=${STAGGER:-0}  # seconds over which the tables begin (0: all in the same second, in lockstep)
WARMUP=${WARMUP:-15}  # seconds of play before measuring (with STAGGER: at least STAGGER)
PORT=${PORT:-8300}
RUN="$PWD/.cluster"
# one address makes every table and takes every seat: the per-address bounds are lifted (as
# `cardroom load` does for the server it starts itself, LOAD_LIMITS)
export CARDROOM_NODE_ARGS="--bot-delay $BOT_DELAY --log-level warning --create-burst 1000000 \
--max-per-address 1000000 --max-open-tables 1000000 --max-open-per-address 0 \
--max-seats-per-address 0 --max-bot-tables-per-address 0 ${EXTRA_NODE_ARGS:-}"

postgres_cpu() {  # CPU seconds of every postgres process (server and backends)
  .venv/bin/python - <<'PY'
import os
tick, total = os.sysconf("SC_CLK_TCK"), 0
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        head, tail = open(f"/proc/{pid}/stat").read().rsplit(")", 1)
    except OSError:
        continue
    if head.split("(", 1)[1].startswith("postgres"):
        f = tail.split()
        total += int(f[11]) + int(f[12])
print(f"{total / tick:.2f}")
PY
}

stop() {  # stop the cluster and wait until its nodes are gone (the next run drops the database)
  local pids
  pids=$(cat "$RUN"/node*.pid 2>/dev/null || true)
  bash scripts/cluster.sh stop >/dev/null 2>&1 || true
  for pid in $pids; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  done
  for _ in $(seq 1 50); do [ -f "$RUN/nginx.pid" ] || break; sleep 0.2; done
}
trap stop EXIT INT TERM

for TABLES in "${@:-1000}"; do
  echo "=== $TABLES paced tables, $NODES nodes on PostgreSQL, pace $PACE s, bots ${BOT_DELAY} s, \
started over ${STAGGER} s, $(nproc) cores"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  bash scripts/cluster.sh start "$NODES" "$PORT" >/dev/null
  args=()
  for i in $(seq 1 "$NODES"); do
    args+=(--url "http://127.0.0.1:$((PORT + i))" --pid "$(cat "$RUN/node$i.pid")")
  done
  pg0=$(postgres_cpu)
  start=$(date +%s.%N)
  .venv/bin/cardroom load --tables "$TABLES" --pace "$PACE" --seconds "$SECONDS_" --warmup "$WARMUP" --stagger "$STAGGER" \
    "${args[@]}" \
    2> >(grep -v "tables set up" >&2)
  end=$(date +%s.%N)
  pg1=$(postgres_cpu)
  .venv/bin/python -c "print(f'PostgreSQL CPU (all its processes, set-up and warm-up included): \
{$pg1 - $pg0:.2f} s over {$end - $start:.0f} s')"
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  stop
done
