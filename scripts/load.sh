#!/usr/bin/env bash
# A bounded load on the game server over the loopback (docs/server-design.md §5, layer 7).
#
#   scripts/load.sh [muster-load flags…]
#
# Builds `muster` and `muster-load` in release mode, then muster-load starts `muster serve` on a
# temporary SQLite file and a free port of 127.0.0.1, plays for a fixed time and stops the server.
# Defaults: 1,000 clients in 500 Murus Gallicus games (think 50–200 ms) for 60 s, plus one game
# watched by 500 spectators. A quick try: scripts/load.sh --clients 40 --seconds 10 --spectators 20
# Against PostgreSQL: scripts/pg.sh bash -c 'scripts/load.sh --db "$MUSTER_PG_URL"'
# It prints act→ack and act→spectator latencies, commits/s and the server's memory, and exits
# non-zero on any error, nack or lost ack.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each client holds a socket and the server one more per client.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [[ "$(ulimit -n)" != unlimited && "$(ulimit -n)" -lt 4096 ]]; then
  echo "load.sh: only $(ulimit -n) open files allowed; the default load needs about 3,000" >&2
fi

cargo build --release --locked -p muster-cli -p muster-client >&2
exec target/release/muster-load --muster target/release/muster "$@"
