# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the network tests' scripts: start_nats DIR starts a nats-server with JetStream
# on loopback, on a port it picks itself (-p -1, said in its log), its store in DIR/js; sets
# SERVER (its pid) and URL, or prints its log and exits 1 when it did not start (30 s, times
# TASCA_TEST_TIME_SCALE). Also gives the scripts test_scale and wait_for (tests/timescale.sh).
. "$(dirname "$0")/../timescale.sh"
# nats_port LOG: sets PORT from the server's log once it listens.
nats_port() {
  # (the log may not exist yet: the server's redirection is made in the background)
  PORT=$(sed -n 's/.*Listening for client connections on 127.0.0.1:\([0-9]*\).*/\1/p' \
    "$1" 2>/dev/null || true)
  [ -n "$PORT" ]
}
start_nats() {
  NATS=$(command -v nats-server || echo /usr/sbin/nats-server)
  "$NATS" -a 127.0.0.1 -p -1 -js -sd "$1/js" >"$1/nats.log" 2>&1 &
  SERVER=$!
  PORT=
  wait_for 30 nats_port "$1/nats.log" || { echo "nats-server did not start:"; cat "$1/nats.log"; exit 1; }
  URL=nats://127.0.0.1:$PORT
}
