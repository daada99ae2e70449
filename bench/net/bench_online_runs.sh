#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs `tasca bench-online` RUNS times, each on a fresh loopback nats-server (JetStream) and
# a fresh `tasca serve`, all under nice -n ${NICE:-10}; prints each run's JSON line (and
# keeps the logs in OUT). Usage: bench_online_runs.sh TASCA OUT RUNS [bench-online arguments...]
# e.g. bench/net/bench_online_runs.sh build/tasca /tmp/b 3 --tables 1000 --seconds 30
# NODES=3: a 3-node cluster instead (JetStream on every node, the dealer's record and leases
# replicated 3 times, 'tasca serve --replicas 3' on node 1 and the bench's clients on node 2,
# so every action and view crosses a route).
# HOSTILE="bench-hostile arguments" (e.g. "--after 10 --seconds 30"): `tasca bench-hostile`
# runs beside the bench on the same server (open: its junk needs one); its JSON line is
# printed after the bench's.
set -eu
TASCA=$1 OUT=$2 RUNS=$3
shift 3
mkdir -p "$OUT"
NATS=${NATS_SERVER:-nats-server}
NICE=${NICE:-10}
NODES=${NODES:-1}
freeport() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
i=1
while [ "$i" -le "$RUNS" ]; do
  D=$(mktemp -d "$OUT/run$i.XXXXXX")
  PIDS=""
  if [ "$NODES" = 3 ]; then
    P1=$(freeport) P2=$(freeport) P3=$(freeport) C1=$(freeport) C2=$(freeport) C3=$(freeport)
    ROUTES="nats://127.0.0.1:$C1,nats://127.0.0.1:$C2,nats://127.0.0.1:$C3"
    for n in 1 2 3; do
      eval "P=\$P$n C=\$C$n"
      nice -n "$NICE" "$NATS" -a 127.0.0.1 -p "$P" --server_name "n$n" -js -sd "$D/js$n" \
        --cluster "nats://127.0.0.1:$C" --cluster_name tasca-bench --routes "$ROUTES" \
        >"$D/nats$n.log" 2>&1 &
      PIDS="$PIDS $!"
    done
    sleep 4 # the routes form and JetStream elects its meta leader
    DEALER_URL="nats://127.0.0.1:$P1" BENCH_URL="nats://127.0.0.1:$P2" REPLICAS=3
  else
    P1=$(freeport)
    nice -n "$NICE" "$NATS" -a 127.0.0.1 -p "$P1" -js -sd "$D/js1" >"$D/nats1.log" 2>&1 &
    PIDS=$!
    sleep 1
    DEALER_URL="nats://127.0.0.1:$P1" BENCH_URL=$DEALER_URL REPLICAS=1
  fi
  nice -n "$NICE" "$TASCA" serve --nats "$DEALER_URL" --store "$D/dealer" --replicas "$REPLICAS" \
    >"$D/serve.log" 2>&1 &
  SPID=$!
  sleep 2
  HPID=""
  if [ -n "${HOSTILE:-}" ]; then
    # shellcheck disable=SC2086
    nice -n "$NICE" "$TASCA" bench-hostile --nats "$DEALER_URL" --json $HOSTILE \
      >"$D/hostile.log" 2>&1 &
    HPID=$!
  fi
  nice -n "$NICE" "$TASCA" bench-online --nats "$BENCH_URL" --json "$@" \
    >"$D/bench.log" 2>&1 || true
  grep '^{' "$D/bench.log" || tail -3 "$D/bench.log"
  if [ -n "$HPID" ]; then
    wait "$HPID" 2>/dev/null || true
    grep '^{' "$D/hostile.log" || tail -3 "$D/hostile.log"
  fi
  kill "$SPID" 2>/dev/null || true
  wait "$SPID" 2>/dev/null || true
  for p in $PIDS; do kill "$p" 2>/dev/null || true; done
  for p in $PIDS; do wait "$p" 2>/dev/null || true; done
  rm -rf "$D"/js1 "$D"/js2 "$D"/js3
  i=$((i + 1))
done
