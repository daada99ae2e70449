#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what the tests need, builds Tasca and runs every test:
#   1. a normal build (gcc) and its ctest suite,
#   2. the install check: the .deb of that build, unpacked into a throw-away root, runs from
#      there and its launcher and metainfo pass their validators (packaging/check-install.sh),
#   3. a sanitizer build (AddressSanitizer + UndefinedBehaviorSanitizer) and the same suite,
#   4. with clang: the libFuzzer targets, each run for a bounded time.
# Exits non-zero as soon as any build or test fails.
set -eu
cd "$(dirname "$0")/.."
JOBS=$(nproc 2>/dev/null || echo 2)

./packaging/install-deps.sh --test

echo "== build (release) and test"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$JOBS"
ctest --test-dir build --output-on-failure -j "$JOBS"

echo "== install check (the .deb in a throw-away root)"
./packaging/check-install.sh build

echo "== build with ASan + UBSan and test"
SAN_CC=cc
command -v clang >/dev/null 2>&1 && SAN_CC=clang
CC=$SAN_CC cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTASCA_SANITIZE=ON \
  -DTASCA_FUZZ=$([ "$SAN_CC" = clang ] && echo ON || echo OFF)
cmake --build build-asan -j "$JOBS"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$JOBS"

echo "== all tests passed"
