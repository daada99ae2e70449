#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Truco for four under the house-rule options (docs/truco-variants.md "House rules"): a Hard
# team against a Medium team and against an Easy team, duplicate games (each deal played
# with the teams swapped), in Paulista and under each option alone and all together. One
# bench process at a time.
#   bench/truco/house_figures.sh [BUILD_DIR] [GAMES] [SEED]
set -eu
build=${1:-build}
games=${2:-400}
seed=${3:-2026}
duel() { nice -n 10 "$build/bench/truco/truco_duel" "$@" | head -2; echo; }
for rules in "" "reraise=off" "run_passes=on" "tie_lead=first" "tie_lead=mao" \
    "reraise=off run_passes=on tie_lead=mao"; do
    for opp in medium easy; do
        echo "## players=4 ${rules:-paulista}: hard team vs $opp team"
        # shellcheck disable=SC2086
        duel hard "$opp" "$games" "$seed" players=4 $rules
    done
done
