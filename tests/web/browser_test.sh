#!/usr/bin/env bash
# Browser tests of the card room's page: builds web/dist, then runs web/tests/browser.test.mjs,
# which starts `cardroom serve` on a free port and drives Debian's headless chromium with
# playwright-core (a Reds game from the lobby to the end, a reload, a spectator, a screenshot of
# every game's table in web/tests/screenshots/).
#
# Run by CTest with CARDROOM=<path to the binary> and SOURCE_DIR=<repo root>; by hand:
#   CARDROOM=build/cardroom SOURCE_DIR=$PWD bash tests/web/browser_test.sh
# Optional: CHROMIUM (default /usr/bin/chromium), GAMES="reds nuts" (narrows the screenshots).
# Exits non-zero on any failure.
set -euo pipefail

: "${CARDROOM:?CARDROOM must be the path of the cardroom binary}"
SOURCE_DIR=${SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
web="$SOURCE_DIR/web"
chromium=${CHROMIUM:-/usr/bin/chromium}

if [[ ! -x "$CARDROOM" ]]; then
  echo "browser_test: CARDROOM=$CARDROOM is not an executable" >&2
  exit 1
fi
if [[ ! -d "$web/node_modules/playwright-core" ]]; then
  echo "browser_test: $web/node_modules has no playwright-core: run \`npm ci\` in web/ first" >&2
  exit 1
fi
if [[ ! -x "$chromium" ]]; then
  echo "browser_test: no chromium at $chromium (apt-get install chromium, or set CHROMIUM)" >&2
  exit 1
fi

cd "$web"
npm run --silent build
# One process (no --test): the file starts and stops its own server, and the bound below ends it
# with SIGTERM, on which it stops the server too.
CARDROOM=$CARDROOM CHROMIUM=$chromium timeout --kill-after=15 420 node tests/browser.test.mjs
