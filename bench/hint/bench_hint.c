/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hint latency per game: the work a hint does at the table (bot_analyze at Hard's budget,
 * its own clock included, then hint_reason) on positions of games played by Easy bots,
 * at every decision of seat 0 (every `--every`-th). Prints wall and CPU time, p50 and p95
 * with 95 % intervals (order statistics), per game. Run it with nice on a shared machine:
 * the CPU time is what load does not change.
 *
 * --no-clock drops the bots' clocks (Moulin 1 s, Buraco 1.5 s, Truco 2 s of wall time) and
 * keeps their node and iteration budgets: the CPU time is then the wall time an idle core
 * would take, whatever the load.
 *
 *   bench_hint [--positions N] [--every K] [--seed S] [--no-clock] [GAME...] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/fileio.h"
#include "engine/ai/hint.h"
#include "engine/registry.h"

static double cpu_ms(void) { return clock_thread_cpu_ns() / 1e6; }

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of sorted x[n] and a distribution-free 95 % interval: the order
 * statistics at n q -+ 1.96 sqrt(n q (1 - q)). */
static void quantile(const double *x, int n, double q, double *v, double *lo, double *hi)
{
    double c = n * q, h = 1.96 * sqrt(n * q * (1 - q));
    int k = (int)ceil(c) - 1, a = (int)floor(c - h) - 1, b = (int)ceil(c + h) - 1;
    k = k < 0 ? 0 : k >= n ? n - 1 : k;
    a = a < 0 ? 0 : a >= n ? n - 1 : a;
    b = b < 0 ? 0 : b >= n ? n - 1 : b;
    *v = x[k];
    *lo = x[a];
    *hi = x[b];
}

static void bench(const GameRules *g, int positions, int every, uint64_t seed, int time_ms)
{
    double *wall = malloc(sizeof *wall * (size_t)positions),
           *cpu = malloc(sizeof *cpu * (size_t)positions);
    void *s = malloc(g->state_size), *view = malloc(g->state_size);
    Analysis *an = malloc(sizeof *an);
    GameOptions opt;
    rules_default_options(g, &opt);
    int n = 0, decisions = 0;
    for (uint64_t game = 0; n < positions && game < 100000; game++) {
        if (g->init(s, &opt, g->default_players, seed + game))
            break;
        Rng chance, bots;
        rng_seed(&chance, seed * 7 + game);
        rng_seed(&bots, seed * 13 + game);
        for (int step = 0; n < positions && step < 20000; step++) {
            int p = g->current_player(s);
            if (p == PLAYER_TERMINAL)
                break;
            Action a;
            if (p == PLAYER_CHANCE) {
                Action acts[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                int k = g->chance_outcomes(s, acts, w);
                uint64_t total = 0;
                for (int i = 0; i < k; i++)
                    total += w[i];
                uint64_t x = rng_next(&chance) % (total ? total : 1);
                a = acts[k - 1];
                for (int i = 0; i < k; i++) {
                    if (x < w[i]) {
                        a = acts[i];
                        break;
                    }
                    x -= w[i];
                }
            } else {
                Action acts[RULES_MAX_ACTIONS];
                if (p == 0 && g->legal_actions(s, acts) > 1 && decisions++ % every == 0) {
                    g->observe(s, p, view);
                    Rng r;
                    rng_seed(&r, seed ^ (uint64_t)step);
                    long long t0 = clock_now_ns();
                    double c0 = cpu_ms();
                    bot_analyze(g, DIFF_HARD, view, p, &r, NULL, time_ms, an);
                    HintReason why;
                    hint_reason(g, view, an, &why);
                    cpu[n] = cpu_ms() - c0;
                    wall[n] = (double)(clock_now_ns() - t0) / 1e6;
                    n++;
                }
                a = bot_decide(g, DIFF_EASY, s, p, &bots, NULL);
            }
            if (g->apply(s, a))
                break;
        }
    }
    qsort(wall, (size_t)n, sizeof *wall, cmp);
    qsort(cpu, (size_t)n, sizeof *cpu, cmp);
    double v, lo, hi;
    printf("%-10s %4d positions", g->id, n);
    quantile(wall, n, 0.5, &v, &lo, &hi);
    printf("  wall p50 %7.1f ms [%6.1f, %6.1f]", v, lo, hi);
    quantile(wall, n, 0.95, &v, &lo, &hi);
    printf("  p95 %7.1f ms [%6.1f, %6.1f]", v, lo, hi);
    quantile(cpu, n, 0.5, &v, &lo, &hi);
    printf("  | cpu p50 %7.1f ms [%6.1f, %6.1f]", v, lo, hi);
    quantile(cpu, n, 0.95, &v, &lo, &hi);
    printf("  p95 %7.1f ms [%6.1f, %6.1f]\n", v, lo, hi);
    fflush(stdout);
    free(wall), free(cpu), free(s), free(view), free(an);
}

int main(int argc, char **argv)
{
    int positions = 100, every = 3, time_ms = -1;
    uint64_t seed = 1;
    const GameRules *only[8];
    int n_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--positions") == 0 && i + 1 < argc)
            positions = atoi(argv[++i]);
        else if (strcmp(argv[i], "--every") == 0 && i + 1 < argc)
            every = atoi(argv[++i]);
        else if (strcmp(argv[i], "--no-clock") == 0)
            time_ms = 0; /* budgets of nodes and iterations only: CPU time = idle wall time */
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (registry_find(argv[i]) && n_only < 8)
            only[n_only++] = registry_find(argv[i]);
        else {
            fprintf(stderr, "usage: bench_hint [--positions N] [--every K] [--seed S] [--no-clock] [GAME...]\n");
            return 2;
        }
    }
    if (positions < 1 || every < 1)
        return 2;
    if (n_only)
        for (int i = 0; i < n_only; i++)
            bench(only[i], positions, every, seed, time_ms);
    else
        for (int i = 0; i < registry_count(); i++)
            bench(registry_get(i), positions, every, seed, time_ms);
    return 0;
}
