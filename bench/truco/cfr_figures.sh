#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 41's Truco figures (docs/truco-cfr.md): Hard betting by the MCCFR table against Hard
# betting by its search as issue 26 left it (hard/cfr=0), two seats Paulista and four seats;
# against Medium in every preset with two seats; duplicate games (every deal twice, seats
# swapped), one thread a run. Hard's decision times (CPU ms, p95) are in each run's lines.
#   bench/truco/cfr_figures.sh [BUILD_DIR] [GAMES_HARD] [GAMES_MEDIUM] [GAMES_FOUR] [SEED]
set -eu
build=${1:-build}
gh=${2:-1000}
gm=${3:-400}
g4=${4:-200}
seed=${5:-41}
duel="$build/bench/truco/truco_duel"
nice -n 10 "$duel" hard hard/cfr=0 "$gh" "$seed"
for v in paulista mineiro velha limpo; do
  nice -n 10 "$duel" hard medium "$gm" "$seed" variant=$v
done
nice -n 10 "$duel" hard hard/cfr=0 "$g4" "$seed" players=4
nice -n 10 "$duel" hard medium "$g4" "$seed" players=4
