#!/usr/bin/env bash
# Configures and builds Cardroom into build/ (Release), and the card room's page into web/dist.
# Extra arguments go to CMake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ccache_env.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${ccache_flags[@]}" "$@" >/dev/null
cmake --build build -j "$(nproc)"
(cd web && npm run --silent build >/dev/null)
