#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what Tasca needs, builds it and starts it.
set -eu
cd "$(dirname "$0")/.."
./packaging/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$(nproc 2>/dev/null || echo 2)"
exec ./build/tasca "$@"
