/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One setting for every wait of the tests: TASCA_TEST_TIME_SCALE.
 *
 * Tests wait for events (a view, an answer, a bot's move), each up to a deadline that is
 * only reached when the test fails; a busy or slow machine (sanitizers, other builds on the
 * same cores) may need longer. TASCA_TEST_TIME_SCALE, a number >= 1 (default 1), multiplies
 * every such deadline, and the build multiplies ctest's TIMEOUT properties by the same value
 * (tests/timescale.cmake passes it to every test). It is read once per process; a value that
 * is not a number >= 1 is reported on stderr and taken as 1.
 *
 * A few waits are deliberately not scaled: those that must stay within a product's own
 * clock (a lease's time to live, a judge's time limit), and the short pauses of checks that
 * nothing happens (see the call sites). */
#ifndef TASCA_TEST_TIMESCALE_H
#define TASCA_TEST_TIMESCALE_H

#include <stdbool.h>
#include <time.h>

/* The factor (>= 1). */
double test_time_scale(void);
/* ms (or seconds, or a bound on polls or frames that wait for something) times the factor,
 * rounded up and capped at INT_MAX; a negative or zero value (forever, for some APIs) is
 * returned as it is. */
int test_ms(int ms);
int test_s(int seconds);
int test_count(int n);
/* CLOCK_MONOTONIC in ms, and a deadline test_ms(ms) from now on that clock. */
long long test_now_ms(void);
long long test_deadline(int ms);
/* Is it still before the deadline? */
bool test_before(long long deadline);
/* test_ms(ms) from now on CLOCK_REALTIME, for pthread_cond_timedwait. */
void test_realtime_in(struct timespec *ts, int ms);

#endif
