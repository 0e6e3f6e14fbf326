#!/usr/bin/env bash
# Regenerates the golden transcripts (tests/golden/*.txt), the checked-in test records
# (tests/records/*.json) and the observation layouts (docs/observations.md) from the current
# engine, then shows what changed. Review the diff: a changed transcript means changed rules,
# events or RNG use.
#
#   scripts/regen_golden.sh              # uses build/ (configured and built if needed)
#   BUILD_DIR=build-tests scripts/regen_golden.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac

if [[ ! -f "$build/build.ninja" && ! -f "$build/Makefile" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCARDROOM_BENCHMARKS=OFF
fi
cmake --build "$build" --target cardroom_tests -j "${JOBS:-2}"

mkdir -p "$root/tests/golden" "$root/tests/records"
filter='Observation.LayoutsAreDocumented:Golden.*:RedsRecord.CheckedInRecordFileMatches:S48Record.CheckedInRecordFileMatches:TadmurRecord.CheckedInRecordFileMatches:TrucRecord.CheckedInRecordFileMatches:SchwimmenRecord.CheckedInRecordFileMatches:IndianChiefRecord.CheckedInRecordFileMatches:BridgetteRecord.CheckedInRecordFileMatches:BridgeSolitaireRecord.TheSeedExamplesAreCheckedInAsRecords:RedRoverRecord.CheckedInRecordFileMatches:NutsRecord.CheckedInRecordFileMatches'
CARDROOM_REGEN_GOLDEN=1 "$build/cardroom_tests" --gtest_filter="$filter"
# Check that the files just written compare equal.
"$build/cardroom_tests" --gtest_filter="$filter" --gtest_brief=1

if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$root" status --short -- tests/golden tests/records docs/observations.md
  git -C "$root" diff --stat -- tests/golden tests/records docs/observations.md
fi
