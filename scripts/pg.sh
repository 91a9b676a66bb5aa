#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the store's tests.
#
#   scripts/pg.sh [command…]   start a cluster, run the command with MUSTER_PG_URL set (or print
#                              the URL and wait for Ctrl-C without one), then stop and delete it
#   source scripts/pg.sh       define muster_pg_start (exports MUSTER_PG_URL) and muster_pg_stop
#
# The binaries come from Debian's postgresql package (installed here when missing) or from
# MUSTER_PG_BIN. The cluster lives in a temporary directory, listens on a free port of 127.0.0.1
# and on a socket in that directory, trusts every local connection, and is stopped with
# `-m immediate` and removed on exit. initdb refuses to run as root, so as root the cluster runs
# as the user `postgres`.

MUSTER_PG_BIN="${MUSTER_PG_BIN:-/usr/lib/postgresql/15/bin}"
MUSTER_PG_DIR=""

muster_pg_install() {
  if [[ -x "$MUSTER_PG_BIN/initdb" ]]; then
    return 0
  fi
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "pg.sh: $MUSTER_PG_BIN/initdb is missing; install Debian's postgresql or set MUSTER_PG_BIN" >&2
    return 1
  fi
  echo "pg.sh: installing Debian's postgresql" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql >&2 ||
    { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql >&2; }
}

# Runs a PostgreSQL program as the cluster's owner.
muster_pg_as_owner() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

muster_pg_free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "pg.sh: no free port found" >&2
  return 1
}

muster_pg_start() {
  muster_pg_install || return 1
  MUSTER_PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/muster-pg.XXXXXX")"
  if [[ "$(id -u)" -eq 0 ]]; then
    chown postgres: "$MUSTER_PG_DIR"
  fi
  local port
  port="$(muster_pg_free_port)" || return 1
  muster_pg_as_owner "$MUSTER_PG_BIN/initdb" -A trust -U postgres -D "$MUSTER_PG_DIR/data" \
    >"$MUSTER_PG_DIR/initdb.log" 2>&1 ||
    { cat "$MUSTER_PG_DIR/initdb.log" >&2; return 1; }
  muster_pg_as_owner "$MUSTER_PG_BIN/pg_ctl" -D "$MUSTER_PG_DIR/data" -l "$MUSTER_PG_DIR/server.log" -w \
    -o "-p $port -k $MUSTER_PG_DIR -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on" \
    start >/dev/null ||
    { cat "$MUSTER_PG_DIR/server.log" >&2; return 1; }
  export MUSTER_PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "pg.sh: PostgreSQL at $MUSTER_PG_URL" >&2
}

muster_pg_stop() {
  if [[ -n "$MUSTER_PG_DIR" && -d "$MUSTER_PG_DIR" ]]; then
    muster_pg_as_owner "$MUSTER_PG_BIN/pg_ctl" -D "$MUSTER_PG_DIR/data" -m immediate stop \
      >/dev/null 2>&1 || true
    rm -rf "$MUSTER_PG_DIR"
    MUSTER_PG_DIR=""
  fi
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  trap muster_pg_stop EXIT
  muster_pg_start
  echo "$MUSTER_PG_URL"
  if [[ $# -gt 0 ]]; then
    "$@"
  else
    echo "pg.sh: running until interrupted" >&2
    while true; do sleep 3600; done
  fi
fi
