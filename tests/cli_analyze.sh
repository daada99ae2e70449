#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tasca analyze over arena games: in 21 the analysis is exact, so Hard's decisions cost
# exactly nothing and Random's cost something; with --seat only that seat's own actions
# appear (the other seat's hole card is never named before it is shown).
# Usage: cli_analyze.sh TASCA
set -eu
TASCA=$1
DIR=$(mktemp -d "${TMPDIR:-/tmp}/tasca-analyze-XXXXXX")
trap 'rm -rf "$DIR"' EXIT
"$TASCA" sim --game twentyone --seats hard,random --games 40 --seed 5 --jobs 1 \
  --save-dir "$DIR" > /dev/null
"$TASCA" analyze --quiet "$DIR"/*.tasca > "$DIR/out.txt"
cat "$DIR/out.txt"
grep -Eq '^  hard +[0-9]+ decisions +0\.0000 ' "$DIR/out.txt"
grep -Eq '^  random +[1-9][0-9]* decisions +0\.[0-9]*[1-9]' "$DIR/out.txt"
# Seat 0's lines name only hit and stand (its own actions), never a card.
"$TASCA" analyze --seat 0 "$DIR"/game-00000.tasca > "$DIR/seat0.txt"
if grep -E '^ +[0-9]+ seat' "$DIR/seat0.txt" | grep -Ev '^ +[0-9]+ seat 0 (hit|stand) ' ; then
  echo "a line names something else than seat 0's own actions" >&2
  exit 1
fi
echo analyze-ok
