#!/usr/bin/env bash
# Every check the project has, in the order CI runs them: formatting, lints with warnings
# denied, then every test in the workspace (unit, integration and doc tests).
# Deep perft tables and long self-play are #[ignore]d; run them with scripts/deep.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v rustup >/dev/null 2>&1; then
  rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy (warnings denied)"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo check of the fuzz targets (they run with scripts/fuzz.sh)"
cargo check --manifest-path fuzz/Cargo.toml --locked --quiet
echo "== cargo test"
cargo test --workspace --locked
echo "== cargo test -p muster-wire --features ts (the TypeScript types have not drifted)"
cargo test -p muster-wire --features ts --locked
