#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `tasca analyze` over a directory of saved games, one file at a time, so that a long run
# (Moulin's, at Hard's node budget) can analyse the games of a `tasca sim --save-dir DIR`
# while it is still playing them, and be stopped and started again without redoing a file.
# Each save's analysis goes beside it (NAME.tasca.an, written once the file is done); at
# the end the per-level figures over every analysed save are printed: the mean cost per
# decision with a 95 % normal interval over the decisions (as `tasca analyze` gives it),
# the same with the games as the units (the decisions of one game are not independent:
# a ratio estimate's interval over the games' sums, the wider and the safer one), and the
# accuracy. Prints figures, asserts nothing.
# Usage: review_saves.sh TASCA DIR [BUDGET [PID]]
#   BUDGET  Hard's analysis budget (`tasca analyze --budget`, 0: Hard's own)
#   PID     a `tasca sim` writing into DIR: wait for its games until it exits
# Example (Moulin, 100 games of Hard against Random, analysed at 300,000 nodes):
#   tasca sim --game moulin --seats hard,random --games 100 --seed 2026 --save-dir D &
#   nice -n 10 bench/review/review_saves.sh build/tasca D 300000 $!
set -eu
TASCA=$1
DIR=$2
BUDGET=${3:-0}
PID=${4:-}
analyse_new() {
  for F in "$DIR"/*.tasca; do
    [ -e "$F" ] || continue
    [ -e "$F.an" ] && continue
    "$TASCA" analyze --all-seats --budget "$BUDGET" "$F" > "$F.an.tmp"
    mv "$F.an.tmp" "$F.an"
  done
}
if [ -n "$PID" ]; then
  while kill -0 "$PID" 2> /dev/null; do
    analyse_new
    sleep 10
  done
fi
analyse_new
# Per decision line: "  PLY seat S TAKEN ... cost C UNIT"; the seat's level from the save's
# "seat S bot LEVEL" line (a person's seat: "person"); one line "LEVEL COST UNIT GAME" each.
I=0
for F in "$DIR"/*.tasca; do
  [ -e "$F.an" ] || continue
  I=$((I + 1))
  awk -v save="$F" -v id="$I" '
    BEGIN { while ((getline l < save) > 0) { split(l, w, " ")
              if (w[1] == "seat") lv[w[2]] = (w[3] == "bot" ? w[4] : "person") } }
    $2 == "seat" && $1 ~ /^[0-9]+$/ {
      c = ""; u = ""
      for (i = 1; i < NF; i++) if ($i == "cost") { c = $(i + 1); u = $(i + 2) }
      if (c != "") print lv[$3], c, u, id
    }' "$F.an"
done | awk -v budget="$BUDGET" -v files="$(ls "$DIR"/*.tasca.an 2> /dev/null | wc -l)" '
  { n[$1]++; s[$1] += $2; q[$1] += $2 * $2; good[$1] += ($2 <= ($3 == "pieces" ? 0.5 : 0.02))
    g = $1 SUBSEP $4; if (!(g in gn)) games[$1]++; gn[g]++; gs[g] += $2 }
  END {
    how = budget > 0 ? budget " nodes or iterations (not its own budget)" : "its own budget"
    printf "%d games analysed, Hard at %s\n", files, how
    for (k in n) {
      m = s[k] / n[k]; v = n[k] > 1 ? (q[k] - n[k] * m * m) / (n[k] - 1) : 0
      # By games: the ratio estimate sum(c) / sum(n), its variance from the games residuals.
      r = 0
      for (g in gn) { split(g, kk, SUBSEP); if (kk[1] == k) r += (gs[g] - m * gn[g]) ^ 2 }
      G = games[k]; hg = G > 1 ? 1.96 * sqrt(G / (G - 1) * r) / n[k] : 0
      printf "  %-7s %6d decisions %4d games  mean cost %.4f +- %.4f (by games +- %.4f)  accuracy %.1f %%\n",
             k, n[k], G, m, 1.96 * sqrt(v > 0 ? v : 0) / sqrt(n[k]), hg, 100 * good[k] / n[k]
    }
  }'
