#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `tasca sim --nats` gives the local arena's results: the same wins, draws and losses per
# seat, game by game identical deals, for every game. Starts its own nats-server (loopback,
# a free port, a temporary store) and `tasca serve`, and stops them.
# Usage: sim_equivalence.sh TASCA_BINARY
set -eu
TASCA=$1
. "$(dirname "$0")/nats_start.sh"
DIR=$(mktemp -d "${TMPDIR:-/tmp}/simeq.XXXXXX")
cleanup() {
  [ -n "${SERVE:-}" ] && kill "$SERVE" 2>/dev/null
  [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
start_nats "$DIR"
"$TASCA" serve --nats "$URL" --store "$DIR/dealer" >"$DIR/serve.log" 2>&1 &
SERVE=$!
dealing() { grep -q dealing "$1" 2>/dev/null; }
wait_for 60 dealing "$DIR/serve.log" || { echo "the dealer did not start:"; cat "$DIR/serve.log"; exit 1; }
status=0
for case in "twentyone easy,medium" "truco medium,easy" "bisca easy,medium" \
            "bisca random,easy,medium,easy" "buraco easy,medium" \
            "buraco random,easy,random,easy" "moulin easy,medium" \
            "truco easy,medium,easy,medium --option reraise=off --option run_passes=on --option tie_lead=first"; do
  # shellcheck disable=SC2086
  set -- $case
  game=$1 seats=$2
  shift 2 # the rest: the table's options, which travel with it (these deals end otherwise
          # under the written rules: 1-5 against 2-4)
  local_json=$("$TASCA" sim --game "$game" --seats "$seats" "$@" --games 6 --seed 3 --json | tail -1)
  net_json=$("$TASCA" sim --game "$game" --seats "$seats" "$@" --games 6 --seed 3 --json \
    --nats "$URL" | tail -1)
  set -- "$game" "$seats"
  pick() { echo "$1" | grep -o '"wins":.*"score":\[[^]]*\]'; }
  if [ "$(pick "$local_json")" = "$(pick "$net_json")" ] && [ -n "$(pick "$net_json")" ] &&
     echo "$net_json" | grep -q '"failed":0'; then
    echo "same   $1 $2: $(pick "$net_json") $(echo "$net_json" | grep -o '"p50_ms.*')"
  else
    echo "DIFFER $1 $2"; echo "  local:   $local_json"; echo "  network: $net_json"
    status=1
  fi
done
exit $status
