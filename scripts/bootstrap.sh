#!/usr/bin/env bash
# Installs the Debian 12 packages Cardroom needs, and the page's npm packages (web/). Idempotent:
# installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++ make pkg-config git python3
  ccache  # the build scripts compile through it: a rebuild (CI's fresh clone too) reuses objects
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libfmt-dev libcli11-dev
  libdds-dev  # DDS, the standard double-dummy bridge solver: the trick solver's test oracle and
              # benchmark anchor only
  libabsl-dev  # abseil, for bench/openspiel/build.sh only: OpenSpiel's IS-MCTS, the yardstick of
               # `cardroom bench --search` (built from a checkout of OpenSpiel, never downloaded)
  libopenmpi-dev openmpi-bin  # Open MPI: `mpirun -np N cardroom sim` splits a simulation over
                              # processes and machines (docs/simulation.md); openmpi-bin is mpirun
  clang-format
  libssl-dev  # OpenSSL's libcrypto: SHA-256 for the seeds sent to exec: programs
  pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module (python/) and its
                                                         # tests, on Debian's Python 3
  clang libclang-rt-14-dev llvm-14  # scripts/fuzz.sh: libFuzzer (clang only recommends it) and
                                    # llvm-symbolizer for readable stack traces
  libboost1.81-dev libsqlite3-dev  # the web card room (src/server/): Boost.Beast/Asio, SQLite
  libpq-dev postgresql  # the room's PostgreSQL storage (--db postgresql://...); the tests start a
                        # server of their own on loopback in a temporary directory
  chromium  # the page's browser tests (Playwright from npm drives it; it never downloads one)
)
# The page (web/) is built with Node.js and npm: Debian's, unless a Node.js with npm is already
# installed (nodesource's nodejs package brings its own npm and conflicts with Debian's).
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi

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

# The page's build tools and browser-test driver (web/package-lock.json), from npm.
if [[ ! -f web/node_modules/.package-lock.json || web/package-lock.json -nt web/node_modules/.package-lock.json ]]; then
  echo "bootstrap: npm ci in web/" >&2
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
