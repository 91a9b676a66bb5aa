#!/usr/bin/env bash
# Runs every fuzz target in turn for SECONDS each (default 60), with libFuzzer through cargo-fuzz
# on the nightly toolchain, installing cargo-fuzz when it is missing.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Targets: every file of fuzz/fuzz_targets/ (the list is read from there, so none is missed).
# Each checks properties, not only "no panic":
#   murus_gallicus, mur, mu, mutou  a variant, a position text and action texts of one game
#   record, variant                 records of any game, variant texts
#                                   (these six: muster_rules::conformance::outside)
#   engine_session                  a whole `muster engine` session (crates/protocol)
#   client_frame                    a WebSocket frame from a browser (fuzz/src/frames.rs)
#   session_body, challenge_body    POST /api/session and /api/challenges bodies (fuzz/src/bodies.rs)
#   record_import                   POST /api/games/import bodies (fuzz/src/imports.rs)
#
# The checked-in seed corpora (fuzz/corpus/TARGET) are only read; what the fuzzer finds on the way
# goes to target/fuzz-corpus/TARGET, kept between runs. A crash is written to
# fuzz/artifacts/TARGET/; copy it into fuzz/regressions/TARGET/ with a telling name once fixed, and
# the normal test suite replays it for ever (crates/rules/tests/fuzz_inputs.rs for the rules'
# targets, crates/protocol, crates/wire and crates/server's tests/server/fuzz_inputs.rs for the others).
#
# The server's web client is not built for fuzzing (MUSTER_SKIP_WEB_BUILD defaults to 1 here).
#
# Prints the executions per target and exits non-zero if any target found a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]  (SECONDS must be a positive whole number)" >&2
  exit 2
fi
export MUSTER_SKIP_WEB_BUILD="${MUSTER_SKIP_WEB_BUILD:-1}"
all_targets=()
for file in fuzz/fuzz_targets/*.rs; do
  all_targets+=("$(basename "$file" .rs)")
  if ! grep -qF "path = \"fuzz_targets/$(basename "$file")\"" fuzz/Cargo.toml; then
    echo "fuzz/Cargo.toml has no [[bin]] for $file" >&2
    exit 2
  fi
done
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=("${all_targets[@]}")
fi
for target in "${targets[@]}"; do
  if [ ! -f "fuzz/fuzz_targets/$target.rs" ]; then
    echo "no fuzz target named '$target' (targets: ${all_targets[*]})" >&2
    exit 2
  fi
done

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "== installing the nightly toolchain (cargo-fuzz needs it)"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

echo "== building the fuzz targets (release, debug assertions and overflow checks on)"
(cd fuzz && cargo +nightly fuzz build -O --debug-assertions)

summary=()
failed=0
for target in "${targets[@]}"; do
  work="target/fuzz-corpus/$target"
  mkdir -p "$work" "fuzz/artifacts/$target"
  log="target/fuzz-corpus/$target.log"
  echo "== $target: ${seconds} s"
  status=0
  (cd fuzz && cargo +nightly fuzz run -O --debug-assertions "$target" \
    "../$work" "corpus/$target" -- \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=8192 \
    -dict="dict/$target.dict" -print_final_stats=1) >"$log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
  corpus=$(find "$work" -type f | wc -l)
  if [ "$status" -ne 0 ]; then
    failed=1
    echo "   FAILED (exit $status); the last lines of $log:"
    tail -n 30 "$log" | sed 's/^/   | /'
    summary+=("$target: FAILED after ${runs:-?} executions (see $log and fuzz/artifacts/$target)")
  else
    summary+=("$target: ${runs:-?} executions in ${seconds} s, nothing found (corpus: $corpus inputs)")
  fi
done

echo "== summary"
printf '%s\n' "${summary[@]}"
exit "$failed"
