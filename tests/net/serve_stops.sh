#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `tasca serve` stops on SIGTERM, every time, whichever of its threads the kernel hands the
# signal to (with libnats' threads running, a handler plus pause() in the main thread missed
# it now and then, and the dealer ran on). Starts its own nats-server (loopback, a free
# port, a temporary store) and stops it.
# Usage: serve_stops.sh TASCA_BINARY [ROUNDS]
set -eu
TASCA=$1
ROUNDS=${2:-25}
. "$(dirname "$0")/nats_start.sh"
DIR=$(mktemp -d "${TMPDIR:-/tmp}/servestop.XXXXXX")
SERVE=
cleanup() {
  [ -n "$SERVE" ] && kill -9 "$SERVE" 2>/dev/null
  [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
dealing() { grep -q dealing "$1" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }
start_nats "$DIR"
i=0
while [ $i -lt "$ROUNDS" ]; do
  i=$((i + 1))
  "$TASCA" serve --nats "$URL" --store "$DIR/dealer$i" >"$DIR/serve$i.log" 2>&1 &
  SERVE=$!
  wait_for 30 dealing "$DIR/serve$i.log" || { echo "round $i: the dealer did not start:"; cat "$DIR/serve$i.log"; exit 1; }
  kill -TERM "$SERVE"
  if ! wait_for 30 gone "$SERVE"; then
    echo "round $i: tasca serve still running $(test_scale 30) s after SIGTERM"
    exit 1
  fi
  wait "$SERVE" || { echo "round $i: tasca serve exited with $?"; cat "$DIR/serve$i.log"; exit 1; }
  SERVE=
  grep -q "tasca serve: stopped" "$DIR/serve$i.log" || { echo "round $i: no 'stopped' line:"; cat "$DIR/serve$i.log"; exit 1; }
done
echo "tasca serve stopped on SIGTERM in all $ROUNDS rounds"
