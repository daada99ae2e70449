#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tasca analyze over arena games: in 21 the analysis is exact, so Hard's decisions cost
# exactly nothing and Random's cost something; with --seat only that seat's own actions
# appear (the other seat's hole card is never named before it is shown); --budget.
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
# --json ends the output with one JSON object: a decision per line of text, and each
# seat's accuracy. A save with a person at seat 0 analyses that seat only by default, and
# every seat with --all-seats.
sed 's/^seat 0 bot hard$/seat 0 human/' "$DIR"/game-00000.tasca > "$DIR/person.tasca"
grep -q '^seat 0 human$' "$DIR/person.tasca"
"$TASCA" analyze --json "$DIR/person.tasca" > "$DIR/person.txt"
"$TASCA" analyze --json --all-seats "$DIR/person.tasca" > "$DIR/all.txt"
tail -n 1 "$DIR/person.txt" | grep -Eq '^\{"decisions": \[\{"file": "[^"]*person.tasca", "ply": [0-9]+, "seat": 0, "taken": "(hit|stand)", "best": "(hit|stand)", "value_taken": [0-9.e-]+, "value_best": [0-9.e-]+, "cost": [0-9.e-]+\}.*\], "accuracy": \[\{"file": "[^"]*person.tasca", "seat": 0, "accuracy": [0-9.e-]+, "decisions": [1-9][0-9]*\}\]\}$'
if tail -n 1 "$DIR/person.txt" | grep -q '"seat": 1'; then
  echo "the person's save analysed a bot's seat without --all-seats" >&2
  exit 1
fi
tail -n 1 "$DIR/all.txt" | grep -q '"seat": 1, "taken"'
# As many decisions in the JSON as lines of text.
lines=$(grep -Ec '^ +[0-9]+ seat [0-9]' "$DIR/all.txt")
objs=$(tail -n 1 "$DIR/all.txt" | grep -o '"ply": ' | wc -l)
[ "$lines" -eq "$objs" ] && [ "$objs" -gt 1 ]
# --budget N values with N instead of Hard's own budget (Truco: rollouts): 0 is Hard's own,
# and a budget of 3 gives other values than Hard's 200 and says so.
mkdir "$DIR/truco"
"$TASCA" sim --game truco --seats hard,random --games 1 --seed 5 --jobs 1 \
  --save-dir "$DIR/truco" > /dev/null
"$TASCA" analyze "$DIR"/truco/game-00000.tasca > "$DIR/own.txt"
"$TASCA" analyze --budget 0 "$DIR"/truco/game-00000.tasca > "$DIR/zero.txt"
"$TASCA" analyze --budget 3 "$DIR"/truco/game-00000.tasca > "$DIR/three.txt"
cmp "$DIR/own.txt" "$DIR/zero.txt"
grep -q "budget of 3 (not its own)" "$DIR/three.txt"
if grep -q "budget of" "$DIR/own.txt"; then
  echo "Hard's own budget reported as another" >&2
  exit 1
fi
if [ "$(grep -E '^ +[0-9]+ seat' "$DIR/own.txt")" = "$(grep -E '^ +[0-9]+ seat' "$DIR/three.txt")" ]; then
  echo "--budget 3 valued the decisions as Hard's own budget does" >&2
  exit 1
fi
echo analyze-ok
