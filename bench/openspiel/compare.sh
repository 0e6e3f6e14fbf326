#!/usr/bin/env bash
# Times Cardroom's ISMCTS and OpenSpiel's IS-MCTS in turn, in the same run, and prints the ratios:
# the issue's speed bar is a ratio (10 times OpenSpiel's), and on a shared machine only ratios
# measured together mean anything.
#
#   bench/openspiel/compare.sh OPENSPIEL_BENCH [PAIRS=5] [ITERATIONS=100000]
#
# OPENSPIEL_BENCH is the binary bench/openspiel/build.sh makes. Each pair runs
# `build/cardroom bench --search --game back_alley --round 2` (4 players, 12 cards, the first bid)
# and OpenSpiel on oh_hell(players=4,num_tricks_fixed=12) (4 players, 12 cards, the first bid),
# each for ITERATIONS iterations, and 200,000 resamples of each (ours before its search, OpenSpiel's
# after).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
theirs="${1:?usage: bench/openspiel/compare.sh OPENSPIEL_BENCH [PAIRS] [ITERATIONS]}"
pairs="${2:-5}"
iterations="${3:-100000}"
ours="$here/../../build/cardroom"
printf '%-5s %14s %14s %7s %14s %14s %7s\n' pair "ours it/s" "OpenSpiel" ratio \
  "ours resample" "OpenSpiel" ratio
for ((i = 1; i <= pairs; ++i)); do
  line="$("$ours" bench --search --game back_alley --round 2 --iterations "$iterations" --json)"
  our_it="$(python3 -c 'import json,sys; print(round(json.loads(sys.argv[1])["search"][0]["iterations_per_second"]))' "$line")"
  our_rs="$(python3 -c 'import json,sys; print(round(json.loads(sys.argv[1])["search"][0]["resamples_per_second"]))' "$line")"
  out="$("$theirs" 1 "$iterations" 200000 1234)"
  their_it="$(sed -n 's/^openspiel ismcts .* cpu_per_s=\([0-9.]*\) .*/\1/p' <<<"$out")"
  their_rs="$(sed -n 's/^openspiel resample .* cpu_per_s=\([0-9.]*\) .*/\1/p' <<<"$out")"
  awk -v p="$i" -v a="$our_it" -v b="$their_it" -v c="$our_rs" -v d="$their_rs" \
    'BEGIN { printf "%-5d %14.0f %14.0f %7.1f %14.0f %14.0f %7.1f\n", p, a, b, a / b, c, d, c / d }'
done
