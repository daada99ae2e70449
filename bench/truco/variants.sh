#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Truco variant figures of issue 25: for each preset (mineiro, velha, limpo), Hard
# against Medium and against Easy in duplicate games (every deal twice, seats swapped), with
# 2 seats and with 4 (Hard partners against Medium or Easy partners). One thread, so that
# the p95 decision times are those of one core.
#   bench/truco/variants.sh [BUILD_DIR] [GAMES_2_SEATS] [GAMES_4_SEATS] [SEED]
set -eu
build=${1:-build}
g2=${2:-1000}
g4=${3:-300}
seed=${4:-2025}
for seats in hard,medium hard,easy; do
  for v in mineiro velha limpo; do
    echo "== variant=$v seats=$seats"
    "$build/tasca" sim --game truco --seats "$seats" --games "$g2" --seed "$seed" --jobs 1 \
      --option variant=$v
    echo
  done
done
for pair in medium easy; do
  for v in mineiro velha limpo; do
    echo "== variant=$v seats=hard,$pair,hard,$pair"
    "$build/tasca" sim --game truco --seats "hard,$pair,hard,$pair" --games "$g4" \
      --seed "$seed" --jobs 1 --option variant=$v
    echo
  done
done
