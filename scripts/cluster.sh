#!/usr/bin/env bash
# A site of several muster nodes on one PostgreSQL, behind Debian's HAProxy, on 127.0.0.1
# (docs/server-design.md §2.10, docs/deploy.md).
#
#   scripts/cluster.sh                 serve until Ctrl-C: prints the proxy's URL
#   scripts/cluster.sh --check [N]     a bounded load through the proxy while a node is killed
#                                      with -9 and started again N times (10 by default)
#
# It starts a throwaway PostgreSQL (scripts/pg.sh), three `muster serve` nodes on free ports
# (`--node node1`…), and HAProxy on a free port in front of them, balancing new connections
# round robin and checking each node's health every second. HAProxy and PostgreSQL are
# installed from Debian when missing.
#
# --check runs `muster-load --nodes-die` (200 clients, 50 spectators, 70 s by default; set
# CLUSTER_LOAD to other flags) through the proxy while a loop kills one node at a time with
# SIGKILL every 6 s, waits a moment and starts it again on its port. It exits non-zero when the
# load saw an error, a refusal or an act acknowledged and then lost; reconnections are expected.
set -euo pipefail
cd "$(dirname "$0")/.."

NODES=3
check=0
kills=10
if [[ "${1:-}" == "--check" ]]; then
  check=1
  kills="${2:-10}"
elif [[ $# -gt 0 ]]; then
  echo "usage: scripts/cluster.sh [--check [KILLS]]" >&2
  exit 2
fi

if ! command -v haproxy >/dev/null; then
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "cluster.sh: haproxy is missing; install Debian's haproxy package" >&2
    exit 1
  fi
  echo "cluster.sh: installing Debian's haproxy" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy >&2 ||
    { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy >&2; }
fi

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
cargo build --release --locked -p muster-cli -p muster-client >&2

# shellcheck source=pg.sh
source scripts/pg.sh
work="$(mktemp -d "${TMPDIR:-/tmp}/muster-cluster.XXXXXX")"
pids=()
proxy_pid=""
stop_all() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [[ -n "$proxy_pid" ]] && kill "$proxy_pid" 2>/dev/null || true
  muster_pg_stop
  rm -rf "$work"
}
trap stop_all EXIT
muster_pg_start
db="${MUSTER_PG_URL%/*}/muster_site"
"$MUSTER_PG_BIN/psql" "$MUSTER_PG_URL" -q -c "CREATE DATABASE muster_site"

ports=()
for i in $(seq 1 "$NODES"); do
  ports+=("$(muster_pg_free_port)")
done
proxy_port="$(muster_pg_free_port)"

# Starts node $1 (1-based) on its port, in the background; its pid goes to pids[$1 - 1].
start_node() {
  local i="$1" port="${ports[$(($1 - 1))]}"
  target/release/muster serve --db "$db" --addr "127.0.0.1:$port" --node "node$i" \
    --sessions-per-minute 100000 >>"$work/node$i.log" 2>&1 &
  pids[$((i - 1))]=$!
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      return 0
    fi
    sleep 0.05
  done
  echo "cluster.sh: node$i did not start; its log:" >&2
  cat "$work/node$i.log" >&2
  return 1
}

for i in $(seq 1 "$NODES"); do
  start_node "$i"
done

{
  cat <<EOF
global
    maxconn 8000
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    # A WebSocket, once upgraded, may stay quiet for long.
    timeout tunnel 1h
    retries 3
    option redispatch
frontend site
    bind 127.0.0.1:$proxy_port
    default_backend nodes
backend nodes
    balance roundrobin
    option httpchk GET /api/catalog
    default-server inter 1s fall 2 rise 1
EOF
  for i in $(seq 1 "$NODES"); do
    echo "    server node$i 127.0.0.1:${ports[$((i - 1))]} check"
  done
} >"$work/haproxy.cfg"
haproxy -f "$work/haproxy.cfg" -db >"$work/haproxy.log" 2>&1 &
proxy_pid=$!
for _ in $(seq 1 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$proxy_port") 2>/dev/null && break
  if ! kill -0 "$proxy_pid" 2>/dev/null; then
    echo "cluster.sh: HAProxy did not start:" >&2
    cat "$work/haproxy.log" >&2
    exit 1
  fi
  sleep 0.05
done
base="http://127.0.0.1:$proxy_port"
echo "cluster.sh: $NODES nodes on $db, behind HAProxy at $base" >&2

if [[ "$check" -eq 0 ]]; then
  echo "$base"
  echo "cluster.sh: serving until interrupted (logs in $work)" >&2
  while true; do sleep 3600; done
fi

# The killer: one node at a time, every 6 s, SIGKILL, then started again after a moment.
(
  sleep 5
  for k in $(seq 1 "$kills"); do
    i=$(((k - 1) % NODES + 1))
    port="${ports[$((i - 1))]}"
    pid="$(pgrep -f -- "--addr 127.0.0.1:$port " || true)"
    if [[ -n "$pid" ]]; then
      kill -9 $pid
      echo "cluster.sh: kill $k of $kills: node$i (-9)" >&2
    fi
    sleep 1
    target/release/muster serve --db "$db" --addr "127.0.0.1:$port" --node "node$i" \
      --sessions-per-minute 100000 >>"$work/node$i.log" 2>&1 &
    sleep 5
  done
) &
killer=$!

seconds=$((kills * 6 + 10))
# shellcheck disable=SC2086
if target/release/muster-load --server "$base" --nodes-die --seconds "$seconds" \
  ${CLUSTER_LOAD:---clients 200 --spectators 50}; then
  status=0
else
  status=1
fi
wait "$killer" || true
# The nodes started by the killer are not in pids: stop every node of this site.
for port in "${ports[@]}"; do
  pid="$(pgrep -f -- "--addr 127.0.0.1:$port " || true)"
  [[ -n "$pid" ]] && kill -TERM $pid 2>/dev/null || true
done
sleep 1
if [[ "$status" -ne 0 ]]; then
  echo "cluster.sh: the load failed; the nodes' last lines:" >&2
  for i in $(seq 1 "$NODES"); do tail -5 "$work/node$i.log" >&2; done
fi
exit "$status"
