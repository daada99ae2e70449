#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Truco figures of issue 4: every pairing over 2,000 duplicate games (1,000 deals, seats
# swapped), one thread so that the p95 decision times are those of one core.
#   bench/truco/figures.sh [BUILD_DIR] [GAMES] [SEED]
# Betting statistics per pairing: BUILD_DIR/bench/truco/truco_duel hard easy 400 1
set -eu
build=${1:-build}
games=${2:-2000}
seed=${3:-2026}
for seats in hard,easy hard,medium medium,easy; do
  "$build/tasca" sim --game truco --seats "$seats" --games "$games" --seed "$seed" --jobs 1
  echo
done
