#!/usr/bin/env bash
# Screenshots of every page of the browser client, desktop and phone, light and dark, into
# web/test-results/tour/ (web/tests/e2e/tour.spec.ts), to look at after changing the client.
set -euo pipefail
cd "$(dirname "$0")/.."
MUSTER_TOUR=1 exec scripts/browser.sh tour.spec.ts "$@"
