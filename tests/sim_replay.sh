#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `tasca sim --seed` replays the same games with Hard seats, although Hard may decide by its
# clock at the table (issue 26): the arena asks for no clock, so Hard plays its budget of
# iterations. Two runs with the same seed (one on one thread, one on two) must give the
# same figures (wins, draws, losses, score, intervals), with two seats and with four.
# The games' own tests check Hard decision for decision (test_bisca's hard_replayable,
# test_truco_bots's test_hard_replayable).
# Usage: sim_replay.sh TASCA_BINARY GAME
set -eu
TASCA=$1
GAME=$2
status=0
for seats in "hard,medium" "hard,medium,hard,medium"; do
  # The figures of the games, without the timings (wall time, decisions per second, p95s).
  figures() {
    "$TASCA" sim --game "$GAME" --seats "$seats" --games 4 --seed "$1" --jobs "$2" --json |
      tail -1 | sed -e 's/"jobs":[0-9]*,//' -e 's/,"decisions_per_s".*//' -e 's/,"p95_ms".*//'
  }
  a=$(figures 7 1)
  b=$(figures 7 2)
  echo "seats $seats, seed 7: $a"
  if [ "$a" != "$b" ]; then
    echo "FAIL: seed 7 replayed differently: $b"
    status=1
  fi
done
exit $status
