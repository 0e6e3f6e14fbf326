#!/usr/bin/env bash
# Installs the Debian 12 packages Cardroom needs. Idempotent: installs only what is missing.
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkg-config git python3
  ccache  # the build scripts compile through it: a rebuild (CI's fresh clone too) reuses objects
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libfmt-dev libcli11-dev
  libdds-dev  # DDS, the standard double-dummy bridge solver: the trick solver's test oracle and
              # benchmark anchor only
  libopenmpi-dev openmpi-bin  # Open MPI: `mpirun -np N cardroom sim` splits a simulation over
                              # processes and machines (docs/simulation.md); openmpi-bin is mpirun
  clang-format
  libssl-dev  # OpenSSL's libcrypto: SHA-256 for the seeds sent to exec: programs
  pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module (python/) and its
                                                         # tests, on Debian's Python 3
  clang libclang-rt-14-dev llvm-14  # scripts/fuzz.sh: libFuzzer (clang only recommends it) and
                                    # llvm-symbolizer for readable stack traces
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
