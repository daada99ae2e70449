/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TASCA_TEST_TIME_SCALE: see timescale.h. */
#include "timescale.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static double scale = 1.0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void read_scale(void)
{
    const char *e = getenv("TASCA_TEST_TIME_SCALE");
    if (!e || !*e)
        return;
    char *end = NULL;
    double v = strtod(e, &end);
    if (end == e || *end != '\0' || !(v >= 1.0) || v > 1000.0) {
        fprintf(stderr, "TASCA_TEST_TIME_SCALE=%s is not a number from 1 to 1000: 1 is used\n", e);
        return;
    }
    scale = v;
}

double test_time_scale(void)
{
    pthread_once(&once, read_scale);
    return scale;
}

int test_count(int n)
{
    if (n <= 0)
        return n;
    double v = ceil((double)n * test_time_scale());
    return v >= (double)INT_MAX ? INT_MAX : (int)v;
}

int test_ms(int ms)
{
    return test_count(ms);
}

int test_s(int seconds)
{
    return test_count(seconds);
}

long long test_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

long long test_deadline(int ms)
{
    return test_now_ms() + test_ms(ms);
}

bool test_before(long long deadline)
{
    return test_now_ms() < deadline;
}

void test_realtime_in(struct timespec *ts, int ms)
{
    long long d = test_ms(ms);
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += (time_t)(d / 1000);
    ts->tv_nsec += (long)(d % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}
