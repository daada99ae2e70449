#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What a review costs and what it finds, per game: `tasca sim` plays GAMES games of Hard
# against Random (seats rotated on every deal), then `tasca analyze` reviews each saved game
# the way the window's review page does (Hard's analysis, no clock, seed 1). Prints, per
# game, the CPU time per reviewed decision and per reviewed game (user + system time of the
# analysis, which runs on one thread: the time the page's worker needs on an idle core),
# with 95 % intervals over the games, and each level's accuracy (the share of decisions as
# good as Hard's best). Prints figures, asserts nothing.
# Usage: review_cost.sh TASCA [GAMES] [GAME...]   (default 20 games of 21 truco bisca buraco)
set -eu
TASCA=$1
shift
GAMES=${1:-20}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- twentyone truco bisca buraco
DIR=$(mktemp -d "${TMPDIR:-/tmp}/tasca-review-cost-XXXXXX")
trap 'rm -rf "$DIR"' EXIT
for G in "$@"; do
  mkdir -p "$DIR/$G"
  "$TASCA" sim --game "$G" --seats hard,random --games "$GAMES" --seed 2026 --jobs 1 \
    --save-dir "$DIR/$G" > /dev/null
  : > "$DIR/$G.rows"
  for F in "$DIR/$G"/*.tasca; do
    # One line per file: CPU seconds, decisions.
    /usr/bin/time -f '%U %S' -o "$DIR/time" "$TASCA" analyze "$F" > "$DIR/out"
    D=$(grep -Ec '^ +[0-9]+ seat [0-9]+ ' "$DIR/out" || true)
    echo "$(cat "$DIR/time") $D" >> "$DIR/$G.rows"
    cat "$DIR/out" >> "$DIR/$G.all"
  done
  "$TASCA" analyze --quiet "$DIR/$G"/*.tasca | grep -E 'accuracy' > "$DIR/$G.acc" || true
  awk -v g="$G" '
    { cpu = $1 + $2; d = $3; if (d > 0) { n++; pd[n] = 1000 * cpu / d; pg[n] = cpu; dec += d } }
    END {
      if (n == 0) { printf "%s: no decisions\n", g; exit }
      for (i = 1; i <= n; i++) { m1 += pd[i]; m2 += pg[i] } m1 /= n; m2 /= n
      for (i = 1; i <= n; i++) { v1 += (pd[i] - m1)^2; v2 += (pg[i] - m2)^2 }
      h1 = n > 1 ? 1.96 * sqrt(v1 / (n - 1) / n) : 0; h2 = n > 1 ? 1.96 * sqrt(v2 / (n - 1) / n) : 0
      printf "%-9s %3d games %5d decisions  CPU per decision %8.1f ms +- %.1f  per game (both seats) %7.2f s +- %.2f\n", g, n, dec, m1, h1, m2, h2
    }' "$DIR/$G.rows"
  # "  hard    1596 decisions  0.0015 ± 0.0002  accuracy 98.4 %": a normal interval on the
  # share (decisions of one game are not independent: read it as a rough one).
  awk '{ for (i = 1; i <= NF; i++) { if ($i == "decisions") n = $(i - 1); if ($i == "accuracy") p = $(i + 1) / 100 }
         printf "          %-7s accuracy %5.1f %% +- %.1f (%d decisions), mean cost %s +- %s\n", $1, 100 * p, 196 * sqrt(p * (1 - p) / n), n, $4, $6 }' "$DIR/$G.acc"
done
