#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Shared by scripts/run and scripts/test: installs missing Debian packages, configures and builds.
# Idempotent: with everything installed and nothing changed it only asks the build tool, which does nothing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${SHARDSCOPE_BUILD_DIR:-$ROOT/build}"

PACKAGES=(
    cmake ninja-build g++ pkg-config clang-format universal-ctags
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n libqcustomplot-dev libeigen3-dev libgl-dev
    xvfb xauth fonts-noto-cjk
)

# The quality gates (scripts/test --fuzz, --all): clang with libFuzzer's runtime (libclang_rt.fuzzer is in
# libclang-rt-14-dev, which bookworm's clang only recommends).
FUZZ_PACKAGES=(clang libclang-rt-14-dev)

# install_missing [PKG...]: the given packages, or PACKAGES when none are given.
install_missing() {
    local wanted=("$@")
    [ ${#wanted[@]} -eq 0 ] && wanted=("${PACKAGES[@]}")
    local missing=()
    for pkg in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing: ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# configure_and_build PRESET [CMAKE_ARGS...]: configures BUILD_DIR from the CMakePresets.json preset (dev, asan,
# fuzz, release) the first time, then builds. Under CI (CI=true) the dev build treats warnings as errors (the
# sanitizer and clang builds keep them as warnings: their instrumentation adds false positives) and debug info
# is line tables only; ccache is used where the machine has it.
configure_and_build() {
    local preset="$1"
    shift
    if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
        local extra=()
        [ "${CI:-}" = "true" ] && [ "$preset" = dev ] && extra+=(-DSHARDSCOPE_WERROR=ON)
        # Under CI, line tables only (-g1): sanitizer reports keep file and line, and the test binaries, which
        # each link every library statically, shrink from about 120 MB to a fraction; full debug info made
        # the three builds together some 15 GB, more than a CI machine's disk may have.
        [ "${CI:-}" = "true" ] && extra+=("-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
            "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")
        command -v ccache >/dev/null && extra+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
        cmake --preset "$preset" -S "$ROOT" -B "$BUILD_DIR" "${extra[@]}" "$@"
    fi
    # Paths relative to the checkout in ccache's keys, so that clones in other folders share its objects.
    if command -v ccache >/dev/null; then
        export CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
    fi
    cmake --build "$BUILD_DIR" -j "$(nproc)"
}
