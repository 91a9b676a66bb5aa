#!/usr/bin/env bash
# The browser tests (web/tests/e2e/, Playwright) in Debian's Chromium against a release
# `muster serve` on a throwaway SQLite database (web/playwright.config.ts starts it).
#
# - Chromium: Debian's package, installed only when missing. Playwright's own browser
#   downloads are never used (`npx playwright install` is not run). CHROMIUM_PATH names
#   another Chromium or Chrome binary.
# - web/node_modules: `npm ci` when missing or older than package-lock.json.
# - The server: `cargo build --release -p muster-cli --locked` (it embeds web/dist).
# Arguments are passed to `npx playwright test` (e.g. a file name, `-g <title>`, `--headed`).
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ ! -x "$chromium" ]]; then
  if [[ -n "${CHROMIUM_PATH:-}" ]]; then
    echo "browser.sh: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
    exit 1
  fi
  echo "== installing Debian's Chromium (apt-get install chromium)"
  sudo=""
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null 2>&1 || {
      echo "browser.sh: Chromium is missing and installing it needs root (or sudo)" >&2
      exit 1
    }
    sudo="sudo"
  fi
  $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends chromium
fi
export CHROMIUM_PATH="$chromium"
echo "== browser: $("$chromium" --version 2>/dev/null || echo "$chromium")"

command -v npm >/dev/null 2>&1 || {
  echo "browser.sh: npm is missing (Debian: apt-get install nodejs npm)" >&2
  exit 1
}
if [[ ! -d web/node_modules || web/package-lock.json -nt web/node_modules/.package-lock.json ]]; then
  echo "== npm ci (web/)"
  (cd web && npm ci)
fi

echo "== cargo build --release -p muster-cli (the server, with the client embedded)"
cargo build --release -p muster-cli --locked

echo "== npx playwright test (web/)"
cd web
exec npx playwright test "$@"
