#!/usr/bin/env bash
# The slow checks: deep perft tables and long random games, in release mode, the kill -9
# durability test's 25 rounds (crates/cli/tests/serve_kill.rs) on SQLite and on PostgreSQL, and
# ten kills of a node of a site of two on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

# The PostgreSQL rounds of the kill test need a server (scripts/pg.sh); MUSTER_PG_SKIP=1 skips
# them on purpose; a MUSTER_PG_URL already set is used as it is.
if [[ "${MUSTER_PG_SKIP:-}" != 1 && -z "${MUSTER_PG_URL:-}" ]]; then
  # shellcheck source=scripts/pg.sh
  source scripts/pg.sh
  trap muster_pg_stop EXIT
  muster_pg_start
fi
cargo test --workspace --release --locked -- --ignored
