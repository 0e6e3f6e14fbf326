#!/usr/bin/env bash
# Quick start: set everything up, build, and open the web card room on this machine; it prints
# the address to open in a browser. Arguments go to `cardroom serve` (e.g. --port 8081,
# --db other.db, --bind 0.0.0.0 to let other machines in).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
scripts/build.sh
exec build/cardroom serve "$@"
