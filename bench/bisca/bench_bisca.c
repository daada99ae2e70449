/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bisca bots head to head, for tuning: duplicate deals (every deal played twice with the
 * seats rotated by one), one thread, the bots called directly with a chosen budget.
 *   bench_bisca [--players 2|4] [--seats A,B] [--games N] [--seed S] [--iters N]
 *               [--time MS] [--option KEY=VALUE]...
 * A and B are easy, medium or hard; with 4 players A sits at seats 0 and 2. The figures
 * of the issue come from `tasca sim`; this program is for quick experiments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fileio.h"
#include "core/stats.h"
#include "games/bisca/bisca.h"
#include "games/bisca/bisca_bots.h"

typedef Action (*DecideFn)(const BotRequest *);

static DecideFn find_bot(const char *name)
{
    if (strcmp(name, "easy") == 0)
        return bot_random_decide;
    if (strcmp(name, "medium") == 0)
        return bisca_flags_decide;
    if (strcmp(name, "hard") == 0)
        return bisca_hard_decide;
    return NULL;
}

static Action next_chance(const GameRules *g, const void *s, uint64_t seed, int k)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = g->chance_outcomes(s, acts, w);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    Rng r;
    rng_seed(&r, rng_mix(seed, (uint64_t)k));
    uint64_t x = rng_below(&r, (uint32_t)total);
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return acts[i];
        x -= w[i];
    }
    return acts[n - 1];
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const GameRules *g = &bisca_rules;
    GameOptions opt;
    rules_default_options(g, &opt);
    int players = 2, games = 200, iters = 0, time_ms = 0;
    uint64_t seed = 1;
    char seats[64] = "hard,medium";
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *a = argv[i], *v = argv[i + 1];
        char err[256];
        if (strcmp(a, "--players") == 0)
            players = atoi(v);
        else if (strcmp(a, "--games") == 0)
            games = atoi(v);
        else if (strcmp(a, "--seed") == 0)
            seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--iters") == 0)
            iters = atoi(v);
        else if (strcmp(a, "--time") == 0)
            time_ms = atoi(v);
        else if (strcmp(a, "--seats") == 0)
            snprintf(seats, sizeof seats, "%s", v);
        else if (strcmp(a, "--option") == 0) {
            if (rules_parse_option(g, &opt, v, err, sizeof err)) {
                fprintf(stderr, "%s\n", err);
                return 2;
            }
        } else {
            fprintf(stderr, "unknown argument %s\n", a);
            return 2;
        }
    }
    char *comma = strchr(seats, ',');
    if (!comma) {
        fprintf(stderr, "--seats A,B\n");
        return 2;
    }
    *comma = '\0';
    DecideFn bot[2] = {find_bot(seats), find_bot(comma + 1)};
    if (!bot[0] || !bot[1] || (players != 2 && players != 4)) {
        fprintf(stderr, "bots are easy, medium or hard; 2 or 4 players\n");
        return 2;
    }
    double *ms = malloc(sizeof *ms * 400 * (size_t)games);
    long n_ms = 0;
    double score = 0, pts = 0;
    int wins = 0, draws = 0, losses = 0;
    long long t0 = clock_now_ns();
    for (int game = 0; game < games; game++) {
        int rot = game % 2; /* entry of seat s: (s + rot) % 2 */
        uint64_t deal = rng_mix(seed, (uint64_t)(game / 2));
        BiscaState s, view;
        g->init(&s, &opt, players, deal);
        Rng rng;
        rng_seed(&rng, rng_mix(deal, 0xB075ULL + (uint64_t)rot));
        int k = 0;
        while (g->current_player(&s) != PLAYER_TERMINAL) {
            int p = g->current_player(&s);
            Action a;
            if (p == PLAYER_CHANCE) {
                a = next_chance(g, &s, deal, k++);
            } else {
                int e = (p + rot) % 2;
                g->observe(&s, p, &view);
                BotRequest req = {g, &view, p, &rng, iters, time_ms, NULL};
                long long t = clock_now_ns();
                a = bot[e](&req);
                if (e == 0)
                    ms[n_ms++] = (double)(clock_now_ns() - t) / 1e6;
            }
            const char *err = g->apply(&s, a);
            if (err) {
                fprintf(stderr, "game %d: %s\n", game, err);
                return 1;
            }
        }
        double r[RULES_MAX_PLAYERS];
        g->returns(&s, r);
        double mine = r[rot == 0 ? 0 : 1];
        wins += mine > 0, draws += mine == 0, losses += mine < 0;
        score += mine > 0 ? 1 : mine == 0 ? 0.5 : 0;
        pts += s.points[rot == 0 ? 0 : 1];
    }
    double wall = (double)(clock_now_ns() - t0) / 1e9;
    qsort(ms, (size_t)n_ms, sizeof *ms, cmp_double);
    double p = score / games, lo, hi;
    stats_wilson(p, games, &lo, &hi);
    printf("%s (seat 0%s) vs %s: %d games: %d wins %d draws %d losses, score %.4f [%.4f, %.4f] "
           "(95 %%), mean points %.1f\n",
           seats, players == 4 ? "+2" : "", comma + 1, games, wins, draws, losses, p, lo, hi,
           pts / games);
    if (n_ms)
        printf("%s decisions: %ld, median %.2f ms, p95 %.2f ms, max %.2f ms; %.1f s\n", seats,
               n_ms, ms[n_ms / 2], ms[(long)ceil(0.95 * n_ms) - 1], ms[n_ms - 1], wall);
    free(ms);
    return 0;
}
