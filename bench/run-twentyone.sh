#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The 21 figures of the foundation issue: playout throughput, Hard's strength and speed.
# Usage: bench/run-twentyone.sh [BUILD_DIR]
set -eu
B=${1:-build}
"$B/bench/bench_playout" twentyone 3
for seats in hard,easy hard,medium medium,easy; do
  echo "== tasca sim --game twentyone --seats $seats --games 20000 --seed 1 --jobs 1"
  "$B/tasca" sim --game twentyone --seats "$seats" --games 20000 --seed 1 --jobs 1 --json | tail -n 1
done
