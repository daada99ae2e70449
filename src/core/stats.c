/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "stats.h"

#include <math.h>

#define Z95 1.959963984540054

static double clip01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* Wilson's interval for a rate p over n trials, n not necessarily whole. */
static void wilson(double p, double n, double *lo, double *hi)
{
    double z2n = Z95 * Z95 / n;
    double center = (p + z2n / 2) / (1 + z2n);
    double half = Z95 * sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
    *lo = clip01(center - half);
    *hi = clip01(center + half);
}

void stats_wilson(double p, int n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0, *hi = 1;
        return;
    }
    wilson(p, n, lo, hi);
}

/* The mean of n values and the sum of their squared deviations from it. */
static double mean_ss(const double *x, int n, double *ss)
{
    double m = 0, q = 0;
    for (int i = 0; i < n; i++)
        m += x[i];
    m /= n;
    for (int i = 0; i < n; i++)
        q += (x[i] - m) * (x[i] - m);
    *ss = q;
    return m;
}

double stats_mean_normal(const double *x, int n, double *half)
{
    *half = 0;
    if (n <= 0)
        return 0;
    double q, m = mean_ss(x, n, &q);
    if (n > 1)
        *half = Z95 * sqrt(q / (n - 1) / n);
    return m;
}

double stats_mean_interval(const double *x, int n, double *lo, double *hi)
{
    *lo = 0, *hi = 1;
    if (n <= 0)
        return 0;
    double q, m = mean_ss(x, n, &q);
    /* One value, or values all alike, tell nothing of the spread: no interval. */
    if (n < 2 || q <= 0)
        return m;
    /* The number of independent win-or-lose trials that would leave the mean as uncertain
     * as the values' spread does; Wilson's interval over that many keeps its good
     * behaviour near 0 and 1, where a plain normal interval is too narrow. */
    double var_mean = q / (n - 1) / n, trials = m * (1 - m) / var_mean;
    if (trials < 1) /* a mean at 0 or 1 with spread: at least one trial */
        trials = 1;
    wilson(m, trials, lo, hi);
    return m;
}
