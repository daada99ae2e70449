#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The figures of the Buraco issue, from a build directory's `tasca` (default: build):
#   Medium vs Easy and Hard vs Medium, 1,000 duplicate games each (every deal played twice
#   with the seats swapped), Hard's decision times with one thread, and its regret against
#   the real hands at 600 decisions (bench_buraco --regret: a measure with little noise).
#   bench/buraco/run-figures.sh [BUILD_DIR] [JOBS]
set -eu
BUILD=${1:-build}
JOBS=${2:-2}
TASCA="$BUILD/tasca"
echo "== tasca sim --game buraco --option variant=contest --seats medium,easy --games 1000 --seed 1 --jobs $JOBS"
"$TASCA" sim --game buraco --option variant=contest --seats medium,easy --games 1000 --seed 1 --jobs "$JOBS"
echo "== tasca sim --game buraco --option variant=contest --seats hard,medium --games 1000 --seed 2 --jobs $JOBS"
"$TASCA" sim --game buraco --option variant=contest --seats hard,medium --games 1000 --seed 2 --jobs "$JOBS"
echo "== tasca sim --game buraco --option variant=contest --seats hard,medium --games 100 --seed 3 --jobs 1 (times)"
"$TASCA" sim --game buraco --option variant=contest --seats hard,medium --games 100 --seed 3 --jobs 1
echo "== bench_buraco"
"$BUILD/bench/buraco/bench_buraco" --positions 300 --regret 600
