#!/usr/bin/env bash
# Builds the browser client: web/ (TypeScript, Vite, Preact) into web/dist/, which the server
# serves (crates/server/src/assets.rs) and release builds embed in the `muster` binary.
# Installs the npm packages first when web/node_modules is missing or older than
# package-lock.json. Vite prints the size of every file of the bundle.
set -euo pipefail
cd "$(dirname "$0")/../web"

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "scripts/web.sh: \`$tool\` is not installed; the browser client needs Node.js 20 or" \
      "later and npm (Debian: apt-get install nodejs npm)" >&2
    exit 1
  fi
done
major="$(node -p 'process.versions.node.split(".")[0]')"
if (( major < 20 )); then
  echo "scripts/web.sh: Node.js $(node --version) is too old; the browser client needs 20 or later" >&2
  exit 1
fi

if [[ ! -d node_modules || ! -f node_modules/.package-lock.json \
      || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "== npm ci (web/)"
  npm ci --no-audit --no-fund
fi
echo "== npm run build (web/)"
npm run build
