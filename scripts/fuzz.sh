#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ with clang in build-fuzz/ and runs each on a copy of
# its seed corpus (tests/fuzz/corpus/<target>/, never written to).
#
#   scripts/fuzz.sh --runs 1000000                 each target for a million inputs
#   scripts/fuzz.sh --time 15 --jobs 2             each for 15 seconds, two targets at a time
#   scripts/fuzz.sh --runs 50000 fuzz_move_text    only the targets named
#
# Prints, per target, the inputs libFuzzer executed (its final "Done N runs" line). Exits non-zero
# if any target crashes, leaks, hangs or trips a sanitizer; the log and the input that did it are
# kept in build-fuzz/fuzz-failures/.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/fuzz.sh (--runs N | --time SECONDS) [--jobs J] [target...]" >&2
  exit 2
}

limit=""
jobs=1
targets=()
while (($#)); do
  case "$1" in
    --runs) [[ $# -ge 2 ]] || usage; limit="-runs=$2"; shift 2 ;;
    --time) [[ $# -ge 2 ]] || usage; limit="-max_total_time=$2"; shift 2 ;;
    --jobs) [[ $# -ge 2 ]] || usage; jobs="$2"; shift 2 ;;
    -h | --help) usage ;;
    -*) usage ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ -n "$limit" ]] || usage
if ((${#targets[@]} == 0)); then
  for source in tests/fuzz/*.cc; do targets+=("$(basename "$source" .cc)"); done
fi

echo "== fuzz build (clang, libFuzzer + ASan + UBSan) =="
source scripts/ccache_env.sh
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCARDROOM_FUZZ=ON -DCARDROOM_BENCHMARKS=OFF "${ccache_flags[@]}" >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures="build-fuzz/fuzz-failures"
mkdir -p "$failures"
if [[ -x /usr/lib/llvm-14/bin/llvm-symbolizer ]]; then
  export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
fi
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

# Runs one target; its log goes to $work/<target>.log and its exit status to $work/<target>.rc.
run_target() {
  local target="$1"
  mkdir -p "$work/$target"
  cp -r "tests/fuzz/corpus/$target/." "$work/$target/"
  local rc=0
  "build-fuzz/$target" "$work/$target" -dict=tests/fuzz/cardroom.dict "$limit" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$failures/$target-" >"$work/$target.log" 2>&1 || rc=$?
  echo "$rc" >"$work/$target.rc"
}

echo "== fuzzing (${limit#-}) =="
running=0
for target in "${targets[@]}"; do
  [[ -x "build-fuzz/$target" ]] || { echo "no fuzz target '$target'" >&2; exit 2; }
  [[ -d "tests/fuzz/corpus/$target" ]] || { echo "no seed corpus for '$target'" >&2; exit 2; }
  run_target "$target" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

status=0
for target in "${targets[@]}"; do
  log="$work/$target.log"
  rc="$(cat "$work/$target.rc")"
  done_line="$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -n 1 || true)"
  # A report counts even if libFuzzer's exit status somehow missed it.
  if [[ "$rc" != 0 || -z "$done_line" ]] ||
    grep -qE '^(==[0-9]+==ERROR|SUMMARY: |.*runtime error: )' "$log"; then
    cp "$log" "$failures/$target.log"
    echo "$target: FAILED (exit status $rc); log in $failures/$target.log" >&2
    grep -E 'ERROR|SUMMARY|runtime error|fuzz check failed|assertion failed|Test unit written' \
      "$log" | head -n 20 >&2 || true
    status=1
  else
    read -r runs seconds < <(sed -E 's/^Done ([0-9]+) runs in ([0-9]+) second.*/\1 \2/' <<<"$done_line")
    printf '%-20s %12d inputs in %5d s\n' "$target" "$runs" "$seconds"
  fi
done
exit "$status"
