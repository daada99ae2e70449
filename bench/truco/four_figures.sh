#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 18's Truco-for-four figures with the current Hard (docs/truco-hard.md): Hard
# partners against Medium partners with signals on and off, against Easy partners, and a
# Hard partner of a Medium player against two Medium bots, over duplicate games; then Hard's
# four-seat decision times in thread CPU time. One thread a run.
#   bench/truco/four_figures.sh [BUILD_DIR] [GAMES] [SEED]
set -eu
build=${1:-build}
games=${2:-1000}
seed=${3:-2026}
sim() { nice -n 10 "$build/tasca" sim --game truco --games "$games" --seed "$seed" --jobs 1 "$@"; echo; }
sim --seats hard,medium,hard,medium
sim --seats hard,medium,hard,medium --option signals=off
sim --seats hard,easy,hard,easy
sim --seats hard,medium,medium,medium
nice -n 10 "$build/bench/truco/truco_cputime" 4 1000 "$seed"
