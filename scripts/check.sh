#!/usr/bin/env bash
# Every check the project has, in the order CI runs them: formatting, the browser client's
# build (type checks included; the tests then serve a fresh bundle) and its unit tests (vitest),
# lints with warnings denied, then every test in the workspace (unit, integration and doc
# tests), then the browser tests (scripts/browser.sh).
# The store suite needs PostgreSQL: a throwaway cluster is started for it (scripts/pg.sh).
# Deep perft tables and long self-play are #[ignore]d; run them with scripts/deep.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v rustup >/dev/null 2>&1; then
  rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi

# The engine tests run the Python example bot (examples/random_bot.py) and small engines in
# Python: install Debian's python3 when it is missing.
if ! command -v python3 >/dev/null 2>&1; then
  echo "== installing Debian's python3 (apt-get install python3)"
  sudo=""
  [[ "$(id -u)" != 0 ]] && sudo="sudo"
  $sudo apt-get install -y --no-install-recommends python3 ||
    { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends python3; }
fi

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== the browser client (scripts/web.sh)"
scripts/web.sh
echo "== the browser client's unit tests (vitest: web/tests/unit/)"
(cd web && npm run --silent test:unit)
echo "== cargo clippy (warnings denied)"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo check of the fuzz targets (they run with scripts/fuzz.sh)"
# In the workspace's target folder, so the dependencies checked above are not checked again.
cargo check --manifest-path fuzz/Cargo.toml --locked --quiet --target-dir target
echo "== PostgreSQL for the store's tests (scripts/pg.sh)"
# The store suite runs every case on SQLite and on PostgreSQL; its PostgreSQL cases fail
# without MUSTER_PG_URL, so a run that passes has run them. MUSTER_PG_SKIP=1 skips them on
# purpose; a MUSTER_PG_URL already set is used as it is.
if [[ "${MUSTER_PG_SKIP:-}" != 1 && -z "${MUSTER_PG_URL:-}" ]]; then
  # shellcheck source=scripts/pg.sh
  source scripts/pg.sh
  trap muster_pg_stop EXIT
  muster_pg_start
fi
echo "== cargo test"
cargo test --workspace --locked
echo "== browser tests (scripts/browser.sh)"
# Playwright in Debian's Chromium against a release `muster serve` (installed when missing).
# MUSTER_BROWSER_SKIP=1 skips them on purpose.
if [[ "${MUSTER_BROWSER_SKIP:-}" == 1 ]]; then
  echo "skipped: MUSTER_BROWSER_SKIP=1"
else
  scripts/browser.sh
fi
echo "== cargo test -p muster-wire --features ts (the TypeScript types have not drifted)"
cargo test -p muster-wire --features ts --locked
