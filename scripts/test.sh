#!/usr/bin/env bash
# Quick start: set everything up, build, and run the whole test suite: every test in the Release
# build, then the suite again (conformance at a quarter of its match counts) under
# AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/, then every libFuzzer target of
# tests/fuzz/ for a few seconds (clang, build-fuzz/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
jobs="$(nproc)"

echo "== sanitizer build (ASan + UBSan) =="
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCARDROOM_SANITIZE=ON \
  -DCARDROOM_BENCHMARKS=OFF >/dev/null
cmake --build build-asan -j "$jobs"
CARDROOM_CONFORMANCE_SCALE=0.25 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "== release build =="
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== fuzz targets (12 s each) =="
scripts/fuzz.sh --time 12 --jobs "$jobs"
