#!/usr/bin/env bash
# Quick start: set everything up, build, and run the whole test suite: every test in the Release
# build, the Python module's tests (pytest) and the card room's page in Chromium (Playwright),
# then the suite again (conformance at a tenth of its match counts, each test keeping its floor)
# under AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/, then every libFuzzer target
# of tests/fuzz/ for a few seconds (clang, build-fuzz/).
#
# The unit tests run as a few cardroom_tests processes per core (GoogleTest's shards), not one
# per test as `ctest` runs them: starting a process costs more than most tests take, the sanitizer
# build's most of all. `ctest --test-dir build -R NAME` still runs any test alone.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
source scripts/ccache_env.sh
jobs="$(nproc)"

# Runs the unit tests of build directory $1 in 4 x $jobs GoogleTest shards, $jobs at a time (a
# shard starts when one ends), then its CLI tests. Small shards balance the cores: the costly
# tests (the conformance suite's per-game ones) cluster, and with one shard per core one core
# ran minutes after the other had finished.
run_suite() {
  local dir="$1" status=0 shards=$((4 * jobs)) next=0 running=0 done_pid i
  declare -A shard_of=()
  start_shard() {
    GTEST_TOTAL_SHARDS="$shards" GTEST_SHARD_INDEX="$next" "$dir/cardroom_tests" --gtest_brief=1 \
      >"$dir/unit-tests-$next.log" 2>&1 &
    shard_of[$!]="$next"
    next=$((next + 1))
    running=$((running + 1))
  }
  while ((next < shards && running < jobs)); do start_shard; done
  while ((running > 0)); do
    if wait -n -p done_pid; then
      i="${shard_of[$done_pid]}"
      echo "unit tests, shard $((i + 1)) of $shards: $(grep -E '^\[  PASSED  \]' "$dir/unit-tests-$i.log")"
    else
      i="${shard_of[$done_pid]}"
      echo "unit tests, shard $((i + 1)) of $shards: FAILED" >&2
      cat "$dir/unit-tests-$i.log" >&2
      status=1
    fi
    running=$((running - 1))
    if ((next < shards)); then start_shard; fi
  done
  ctest --test-dir "$dir" --output-on-failure -j "$jobs" -R '^cli_' || status=1
  return "$status"
}

echo "== sanitizer build (ASan + UBSan) =="
# Without MPI: LeakSanitizer reports Open MPI's own allocations, never freed by design (some
# 120 KB in 3,300 blocks from MPI_Init and its plugins, in a program that does nothing else), so
# cli_sim_mpi would fail there on a suppression list kept for another project's library. What
# MPI adds to cardroom is transport (src/cli/sim_mpi.cc); the splitting, the outcomes' bytes and
# the fold are in the match library, whose tests (SimParts) the sanitizers run.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCARDROOM_SANITIZE=ON \
  -DCARDROOM_BENCHMARKS=OFF -DCARDROOM_MPI=OFF "${ccache_flags[@]}" >/dev/null
cmake --build build-asan -j "$jobs"
CARDROOM_CONFORMANCE_SCALE=0.1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  run_suite build-asan

echo "== release build =="
scripts/build.sh
run_suite build
echo "== Python module (pytest) and the card room's page in Chromium (Playwright), side by side =="
ctest --test-dir build --output-on-failure -j "$jobs" -R '^(python|web_browser)$'

echo "== fuzz targets (12 s each) =="
scripts/fuzz.sh --time 12 --jobs "$jobs"
