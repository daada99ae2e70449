#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `tasca serve --write-server DIR` writes a club server that runs as its README says: the
# files private (0600, the folder 0700), no password in the configuration or the README,
# units naming the folder; not written over. Then README's two commands, except that the
# server is told to listen on loopback and a port of its own (-a/-p override the file's
# 0.0.0.0:4222: nothing listens on a real interface): a game of bots plays through it with
# the players' credentials (file or URL), and nothing connects without them.
# Usage: write_server.sh TASCA_BINARY
set -eu
TASCA=$1
DIR=$(mktemp -d "${TMPDIR:-/tmp}/club.XXXXXX")
cleanup() {
  [ -n "${SERVE:-}" ] && kill "$SERVE" 2>/dev/null
  [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
fail() { echo "FAIL: $*"; exit 1; }

C=$DIR/club
"$TASCA" serve --write-server "$C" | tee "$DIR/write.log"
for f in nats-server.conf dealer.creds player.creds; do
  [ "$(stat -c %a "$C/$f")" = 600 ] || fail "$f is not 0600"
done
[ "$(stat -c %a "$C")" = 700 ] || fail "the folder is not 0700"
for f in tasca-nats.service tasca-serve.service README; do
  [ -s "$C/$f" ] || fail "no $f"
done
grep -q '^listen: "0.0.0.0:4222"' "$C/nats-server.conf" || fail "listen"
grep -q "store_dir: \"$C/jetstream\"" "$C/nats-server.conf" || fail "store_dir"
DPASS=$(sed -n 's/^password: //p' "$C/dealer.creds")
PPASS=$(sed -n 's/^password: //p' "$C/player.creds")
[ ${#DPASS} -eq 32 ] && [ ${#PPASS} -eq 32 ] && [ "$DPASS" != "$PPASS" ] || fail "passwords"
for f in nats-server.conf README tasca-nats.service tasca-serve.service; do
  ! grep -q -e "$DPASS" -e "$PPASS" "$C/$f" || fail "a password in $f"
done
[ "$(grep -c 'password: "\$2b\$10\$' "$C/nats-server.conf")" = 2 ] || fail "bcrypt hashes"
grep -q "^ExecStart=.*nats-server -c $C/nats-server.conf\$" "$C/tasca-nats.service" ||
  fail "tasca-nats.service"
grep -q "^ExecStart=.* serve --nats nats://127.0.0.1:4222 --creds $C/dealer.creds --store $C/dealer\$" \
  "$C/tasca-serve.service" || fail "tasca-serve.service"
grep -q "nats-server -c $C/nats-server.conf" "$C/README" || fail "README: the server's command"
grep -q "serve --nats nats://127.0.0.1:4222 --creds $C/dealer.creds --store $C/dealer" \
  "$C/README" || fail "README: the dealer's command"
if "$TASCA" serve --write-server "$C" >/dev/null 2>&1; then fail "written over"; fi
[ "$(sed -n 's/^password: //p' "$C/player.creds")" = "$PPASS" ] || fail "passwords changed"

# README's first command, on loopback
NATS=$(command -v nats-server || echo /usr/sbin/nats-server)
"$NATS" -c "$C/nats-server.conf" -a 127.0.0.1 -p -1 >"$DIR/nats.log" 2>&1 &
SERVER=$!
PORT=
for _ in $(seq 100); do
  PORT=$(sed -n 's/.*Listening for client connections on 127.0.0.1:\([0-9]*\).*/\1/p' \
    "$DIR/nats.log" 2>/dev/null || true)
  [ -n "$PORT" ] && break
  sleep 0.1
done
[ -n "$PORT" ] || { cat "$DIR/nats.log"; fail "nats-server did not start"; }
URL=nats://127.0.0.1:$PORT
# README's second command
"$TASCA" serve --nats "$URL" --creds "$C/dealer.creds" --store "$C/dealer" >"$DIR/serve.log" 2>&1 &
SERVE=$!
for _ in $(seq 100); do grep -q dealing "$DIR/serve.log" 2>/dev/null && break; sleep 0.1; done
grep -q dealing "$DIR/serve.log" || { cat "$DIR/serve.log"; fail "tasca serve did not start"; }
[ -s "$C/dealer/dealer.keys" ] || fail "no dealer.keys"
# players: the credentials file, then the URL with the password
for how in file url; do
  if [ $how = file ]; then
    out=$("$TASCA" sim --game twentyone --seats easy,medium --games 2 --seed 3 --json \
      --nats "$URL" --creds "$C/player.creds" | tail -1)
  else
    out=$("$TASCA" sim --game twentyone --seats easy,medium --games 2 --seed 3 --json \
      --nats "nats://player:$PPASS@127.0.0.1:$PORT" | tail -1)
  fi
  echo "players ($how): $out"
  echo "$out" | grep -q '"failed":0' || fail "the players' game ($how)"
done
# nobody without a password
if "$TASCA" sim --game twentyone --seats easy,medium --games 1 --nats "$URL" >"$DIR/open.log" 2>&1
then
  fail "a game without credentials"
fi
grep -i -e "refused" -e "violation" "$DIR/open.log" | head -1 || true
! grep -q "Violation" "$DIR/nats.log" || { grep "Violation" "$DIR/nats.log"; fail "a refusal"; }
echo "ok"
