#!/usr/bin/env bash
# Quick start: set everything up, build, and play Reds in the terminal against computer players.
# Arguments go to `cardroom play reds` (e.g. --players 5, partnership=true).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
scripts/build.sh
exec build/cardroom play reds "$@"
