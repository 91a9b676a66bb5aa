#!/usr/bin/env bash
# The slow checks: deep perft tables and long random games, in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --release --locked -- --ignored
