/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Confidence intervals for the bot arenas (tasca sim, the benchmarks). Pure C. */
#ifndef TASCA_STATS_H
#define TASCA_STATS_H

/* Wilson score interval at 95 % for a rate p observed over n independent trials. */
void stats_wilson(double p, int n, double *lo, double *hi);

/* Mean of n values in [0, 1], each one independent trial (e.g. a deal's score over its
 * two games, seats swapped), and a 95 % interval: Wilson's over the number of win-or-lose
 * trials whose binomial spread equals the standard error the values show. With fewer
 * than two values, or all of them equal, the spread is unknown: the interval is [0, 1]. */
double stats_mean_interval(const double *x, int n, double *lo, double *hi);

/* Mean of n values of any size and the half-width of its normal 95 % interval (1.96
 * standard errors; 0 with fewer than two values). */
double stats_mean_normal(const double *x, int n, double *half);

#endif
