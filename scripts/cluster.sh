#!/usr/bin/env bash
# A local cardroom cluster from Debian packages: PostgreSQL, N nodes, nginx routing by table id.
#   bash scripts/cluster.sh start [N=3] [PORT=8100]   # nginx on PORT, nodes on PORT+1..PORT+N
#   bash scripts/cluster.sh stop
# Runtime files (logs, pids, nginx.conf) go to .cluster/. Needs: postgresql, nginx (apt).
# CARDROOM_NODE_ARGS: extra `cardroom serve` arguments for every node (e.g. the limits: behind
# nginx every client comes from nginx's address, and a load test creates many tables).
set -euo pipefail
cd "$(dirname "$0")/.."
RUN="$PWD/.cluster"
DB=cardroom_cluster

start_postgres() {  # the packaged cluster, a cardroom role and a fresh database; prints its URL
  local version port
  version=$(ls /usr/lib/postgresql | sort -V | tail -1)
  pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >/dev/null
  pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
  port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
  su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'cardroom'\"" | grep -q 1 \
    || su postgres -c "psql -p $port -qc \"CREATE ROLE cardroom LOGIN PASSWORD 'cardroom'\""
  su postgres -c "dropdb -p $port --if-exists $DB && createdb -p $port -O cardroom $DB" >/dev/null 2>&1
  echo "postgresql://cardroom:cardroom@127.0.0.1:$port/$DB"
}

wait_up() {
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$1/api/games" >/dev/null && return 0
    sleep 0.2
  done
  echo "node on port $1 did not start; see $RUN/node*.log"; return 1
}

start() {
  local n=${1:-3} port=${2:-8100} url nodes=()
  command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx)"; exit 2; }
  bash scripts/setup.sh
  .venv/bin/python -c "import asyncpg" 2>/dev/null || .venv/bin/pip install -q -e '.[server,postgres]'
  mkdir -p "$RUN"
  url=$(start_postgres)
  for i in $(seq 1 "$n"); do
    local p=$((port + i))
    nohup setsid .venv/bin/cardroom serve --port "$p" --db "$url" --node-id "$i" --trusted-proxy 127.0.0.1 \
      --advertise "http://127.0.0.1:$p" ${CARDROOM_NODE_ARGS:-} >"$RUN/node$i.log" 2>&1 &
    echo $! >"$RUN/node$i.pid"
    nodes+=(--node "127.0.0.1:$p")
    [ "$i" = 1 ] && wait_up "$p"  # the first node creates the schema alone
  done
  .venv/bin/python -m cardroom.server.cluster.nginx --listen "127.0.0.1:$port" "${nodes[@]}" \
    --run-dir "$RUN" >"$RUN/nginx.conf"
  nginx -p "$RUN" -c "$RUN/nginx.conf"
  for i in $(seq 1 "$n"); do wait_up $((port + i)); done
  echo "cluster up: http://127.0.0.1:$port (nodes $((port + 1))..$((port + n)), db $DB)"
}

stop() {
  [ -f "$RUN/nginx.pid" ] && nginx -p "$RUN" -c "$RUN/nginx.conf" -s quit 2>/dev/null || true
  for f in "$RUN"/node*.pid; do
    [ -f "$f" ] || continue
    kill "$(cat "$f")" 2>/dev/null || true
    rm -f "$f"
  done
  echo "cluster stopped"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) stop ;;
  *) echo "usage: $0 start [N] [PORT] | stop"; exit 2 ;;
esac
