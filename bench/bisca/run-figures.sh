#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Bisca figures of issue 5: Hard's strength and decision time, 2,000 duplicate games
# each, one thread (decision times are measured per decision).
# Usage: bench/bisca/run-figures.sh [BUILD_DIR]
set -eu
B=${1:-build}
for seats in hard,medium hard,easy hard,medium,hard,medium; do
  echo "== tasca sim --game bisca --seats $seats --games 2000 --seed 1 --jobs 1"
  "$B/tasca" sim --game bisca --seats "$seats" --games 2000 --seed 1 --jobs 1
done
