#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 26's Truco figures (docs/truco-hard.md): the new Hard against Hard as it was at
# commit 2b9a067 (hard0), against Medium (Paulista and Mineiro), over duplicate games (every
# deal twice, seats swapped), Hard at its replayable budget (worlds, no clock) so the
# machine's load does not bias the strength; then Hard's decision times in thread CPU time.
#   bench/truco/hard_figures.sh [BUILD_DIR] [GAMES] [SEED]
set -eu
build=${1:-build}
games=${2:-400}
seed=${3:-13}
duel="$build/bench/truco/truco_duel"
nice -n 10 "$duel" hard hard0 "$games" "$seed"
nice -n 10 "$duel" hard medium "$games" "$seed"
nice -n 10 "$duel" hard medium "$games" "$seed" variant=mineiro
nice -n 10 "$build/bench/truco/truco_cputime" 2 2000 "$seed"
