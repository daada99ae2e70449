/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hard's decision times in CPU time of the deciding thread (not wall clock), so that a
 * loaded machine does not inflate them: Hard against Medium (2 seats, or Hard partners
 * against Medium partners with 4), every decision of the Hard seats timed.
 *   truco_cputime PLAYERS DECISIONS SEED [KEY=VALUE]...
 * Prints the count, the median, the 95th percentile and the largest, in milliseconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/fileio.h"
#include "engine/ai/bot.h"
#include "games/truco/truco.h"

static double cpu_ms(void) { return clock_thread_cpu_ns() / 1e6; }

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: truco_cputime PLAYERS DECISIONS SEED [KEY=VALUE]...\n");
        return 2;
    }
    int np = atoi(argv[1]), want = atoi(argv[2]);
    uint64_t seed = strtoull(argv[3], NULL, 10);
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    char err[256];
    for (int i = 4; i < argc; i++)
        if (rules_parse_option(&truco_rules, &o, argv[i], err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    double *t = malloc(sizeof *t * (size_t)want);
    int n = 0;
    Rng rng;
    rng_seed(&rng, seed);
    Action out[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    while (n < want) {
        TrucoState s;
        const char *e = truco_rules.init(&s, &o, np, seed);
        if (e) {
            fprintf(stderr, "%s\n", e);
            return 2;
        }
        while (s.phase != TR_PH_OVER && n < want) {
            int p = truco_current_player(&s);
            Action a;
            if (p == PLAYER_CHANCE) {
                int k = truco_rules.chance_outcomes(&s, out, w);
                a = out[rng_below(&rng, (uint32_t)k)];
            } else if (p % 2 == 0) {
                double t0 = cpu_ms();
                a = bot_decide(&truco_rules, DIFF_HARD, &s, p, &rng, NULL);
                t[n++] = cpu_ms() - t0;
            } else {
                a = bot_decide(&truco_rules, DIFF_MEDIUM, &s, p, &rng, NULL);
            }
            if (truco_rules.apply(&s, a))
                return 1;
        }
    }
    qsort(t, (size_t)n, sizeof t[0], cmp);
    printf("%d players", np);
    for (int i = 4; i < argc; i++)
        printf(" %s", argv[i]);
    printf(": %d Hard decisions, CPU ms: median %.1f  p95 %.1f  max %.1f\n", n, t[n / 2],
           t[(int)(0.95 * (n - 1))], t[n - 1]);
    free(t);
    return 0;
}
