# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the tests' scripts: TASCA_TEST_TIME_SCALE (see tests/timescale.h) for sh.
# test_scale N: N times TASCA_TEST_TIME_SCALE (a number >= 1, default 1), rounded up.
test_scale() {
  awk -v n="$1" -v s="${TASCA_TEST_TIME_SCALE:-1}" 'BEGIN {
    if (s !~ /^[0-9]+(\.[0-9]*)?$/ || s + 0 < 1) s = 1
    v = n * s; r = int(v); if (r < v) r++; print r }'
}
# wait_for SECONDS COMMAND...: runs COMMAND (in this shell) every 0.05 s until it succeeds,
# for SECONDS times the scale at most; fails when it never did. The deadline is only reached
# when something is wrong, so it can be long.
wait_for() {
  _wait_end=$(($(date +%s) + $(test_scale "$1")))
  shift
  while :; do
    "$@" && return 0
    [ "$(date +%s)" -lt "$_wait_end" ] || return 1
    sleep 0.05
  done
}
