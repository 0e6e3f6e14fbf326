#!/usr/bin/env bash
# Builds bench/openspiel/ismcts_bench.cc against OpenSpiel's C++ sources: the issue's yardstick for
# `cardroom bench --search` (README.md here says what it measures and from which sources).
#
#   bench/openspiel/build.sh OPEN_SPIEL_ROOT [BINARY]
#
# OPEN_SPIEL_ROOT holds open_spiel/ (a checkout of google-deepmind/open_spiel, which nothing here
# downloads); BINARY defaults to build/openspiel_ismcts_bench. OpenSpiel's bundled abseil is
# replaced by Debian's (libabsl-dev, from scripts/bootstrap.sh). Nothing is written into the
# checkout. Not part of the build or of the tests.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${1:?usage: bench/openspiel/build.sh OPEN_SPIEL_ROOT [BINARY]}"
root="$(cd "$root" && pwd)"
out="${2:-$here/../../build/openspiel_ismcts_bench}"
cxx="${CXX:-g++}"
read -r -a opt <<<"${OPT:--O2}"  # e.g. OPT="-O3 -march=native"

if [ ! -f /usr/include/absl/strings/str_join.h ]; then
  echo "build.sh: Debian's abseil is missing (scripts/bootstrap.sh installs libabsl-dev)" >&2
  exit 1
fi
sources=(
  open_spiel/spiel.cc open_spiel/spiel_utils.cc open_spiel/game_parameters.cc
  open_spiel/observer.cc open_spiel/utils/usage_logging.cc open_spiel/games/oh_hell.cc
  open_spiel/algorithms/mcts.cc open_spiel/algorithms/is_mcts.cc
)
for s in "${sources[@]}"; do
  if [ ! -f "$root/$s" ]; then
    echo "build.sh: $root/$s is missing (README.md lists the files and versions used)" >&2
    exit 1
  fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# OpenSpiel includes its abseil as "open_spiel/abseil-cpp/absl/...": a directory searched before
# the checkout maps that to the system's absl/.
mkdir -p "$work/include/open_spiel"
ln -s /usr/include "$work/include/open_spiel/abseil-cpp"
# observer.h and game_parameters.cc use absl::StrJoin without including its header (OpenSpiel's
# bundled abseil brought it in by another one): included on the command line, no source changed.
flags=(-std=c++17 "${opt[@]}" -DNDEBUG -I"$work/include" -I"$root" -include absl/strings/str_join.h)

objects=() pids=()
for s in "${sources[@]}"; do
  o="$work/$(echo "$s" | tr '/' '_').o"
  "$cxx" "${flags[@]}" -c "$root/$s" -o "$o" &
  objects+=("$o") pids+=($!)
done
"$cxx" "${flags[@]}" -c "$here/ismcts_bench.cc" -o "$work/ismcts_bench.o" &
objects+=("$work/ismcts_bench.o") pids+=($!)
for p in "${pids[@]}"; do wait "$p"; done  # a failed compile stops the script (set -e)

# Debian splits abseil into many libraries; link those this version ships.
libs=()
for l in synchronization graphcycles_internal stacktrace symbolize malloc_internal \
  debugging_internal demangle_internal time time_zone civil_time str_format_internal strings \
  strings_internal raw_hash_set hash city low_level_hash random_distributions \
  random_seed_sequences random_internal_pool_urbg random_internal_randen \
  random_internal_randen_hwaes random_internal_randen_hwaes_impl random_internal_randen_slow \
  random_internal_platform random_internal_seed_material random_seed_gen_exception int128 \
  throw_delegate base raw_logging_internal spinlock_wait log_severity kernel_timeout_internal; do
  if compgen -G "/usr/lib/*/libabsl_$l.so" >/dev/null; then libs+=("-labsl_$l"); fi
done
mkdir -p "$(dirname "$out")"
"$cxx" "${opt[@]}" -o "$out" "${objects[@]}" -Wl,--start-group "${libs[@]}" -Wl,--end-group -lpthread
echo "built $out"
