# Sourced by the build scripts (from the checkout's root): compile through ccache when it is
# installed (scripts/bootstrap.sh installs it), with paths taken relative to the checkout and the
# working directory left out of the hash, so that any clone of the repository (CI's fresh one
# included) reuses what an earlier build of the same sources compiled. Sets `ccache_flags`, the
# CMake configure arguments.
ccache_flags=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
  ccache_flags=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
