#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs `tasca bench-online` RUNS times, each on a fresh loopback nats-server (JetStream) and
# a fresh `tasca serve`, all under nice -n ${NICE:-10}; prints each run's JSON line (and keeps the
# logs in OUT). Usage: bench_online_runs.sh TASCA OUT RUNS [bench-online arguments...]
# e.g. bench/net/bench_online_runs.sh build/tasca /tmp/b 3 --tables 1000 --seconds 30
set -eu
TASCA=$1 OUT=$2 RUNS=$3
shift 3
mkdir -p "$OUT"
NATS=${NATS_SERVER:-nats-server}
NICE=${NICE:-10}
i=1
while [ "$i" -le "$RUNS" ]; do
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  D=$(mktemp -d "$OUT/run$i.XXXXXX")
  nice -n "$NICE" "$NATS" -a 127.0.0.1 -p "$PORT" -js -sd "$D/js" >"$D/nats.log" 2>&1 &
  NPID=$!
  sleep 1
  nice -n "$NICE" "$TASCA" serve --nats "nats://127.0.0.1:$PORT" --store "$D/dealer" \
    >"$D/serve.log" 2>&1 &
  SPID=$!
  sleep 1
  nice -n "$NICE" "$TASCA" bench-online --nats "nats://127.0.0.1:$PORT" --json "$@" \
    >"$D/bench.log" 2>&1 || true
  grep '^{' "$D/bench.log" || tail -3 "$D/bench.log"
  kill "$SPID" 2>/dev/null || true
  wait "$SPID" 2>/dev/null || true
  kill "$NPID" 2>/dev/null || true
  wait "$NPID" 2>/dev/null || true
  rm -rf "$D/js"
  i=$((i + 1))
done
