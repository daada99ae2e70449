/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buraco figures that tests do not time: the speed of the rules and of the meld validator,
 * of Medium's whole games (Hard's playouts), and the bots' decision times at the moments
 * that cost (a turn's draw or take, and its plan after the draw), with their percentiles.
 * The win rates come from `tasca sim --game buraco` (see run-figures.sh).
 *
 * --regret N: Hard's regret at N of its decisions in games against Medium, a measure of
 * its choices with far less noise than win rates: each candidate of the decision is
 * valued with the real hands (only the order of the stock unknown), and the regret is the
 * best value less the value of Hard's pick. It is also measured for Hard dealing the real
 * hands in its own search: what knowing the other hand is worth.
 *
 *   bench_buraco [--positions N] [--seed S] [--hard-iterations K] [--regret N]  */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fileio.h"
#include "core/stats.h"
#include "engine/ai/bot.h"
#include "games/buraco/buraco.h"
#include "games/buraco/buraco_bots.h"

static double now_s(void) { return (double)clock_now_ns() / 1e9; }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(double *v, int n, double q)
{
    if (!n)
        return 0;
    int k = (int)ceil(q * n) - 1;
    return v[k < 0 ? 0 : k];
}

static Action chance(const BuracoState *s, Rng *r)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = buraco_rules.chance_outcomes(s, acts, w);
    uint32_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    uint32_t x = rng_below(r, total);
    int i = 0;
    while (x >= w[i])
        x -= w[i++];
    return acts[i];
}

/* Mean and standard error of n values. */
static void mean_se(const double *v, int n, double *mean, double *se)
{
    double m = 0, q = 0;
    for (int i = 0; i < n; i++)
        m += v[i];
    m /= n > 0 ? n : 1;
    for (int i = 0; i < n; i++)
        q += (v[i] - m) * (v[i] - m);
    *mean = m;
    *se = n > 1 ? sqrt(q / (n - 1) / n) : 0;
}

static void measure_regret(int want, int iterations, uint64_t seed)
{
    double *blind = malloc(sizeof(double) * (size_t)want);
    double *seeing = malloc(sizeof(double) * (size_t)want);
    if (!blind || !seeing) {
        free(blind);
        free(seeing);
        return;
    }
    Rng r;
    rng_seed(&r, seed + 5);
    GameOptions opt = {{0}};
    int got = 0, agree = 0;
    double t0 = now_s();
    for (int g = 0; got < want; g++) {
        BuracoState s, view;
        buraco_rules.init(&s, &opt, 2, seed * 100003u + (uint64_t)g);
        int hard = g % 2;
        bool plan_start = false; /* Hard's first play after its draw or take */
        while (s.phase != BUR_OVER && got < want) {
            int p = buraco_rules.current_player(&s);
            Action a;
            if (p == PLAYER_CHANCE) {
                a = chance(&s, &r);
            } else if (p == hard) {
                bool turn_choice = s.phase == BUR_DRAW || (s.phase == BUR_PLAY && plan_start);
                BuracoRegret rg;
                if (turn_choice && rng_below(&r, 3) == 0 &&
                    buraco_hard_regret(&s, hard, 1000, iterations, &r, &rg)) {
                    blind[got] = rg.best - rg.picked;
                    seeing[got] = rg.best - rg.picked_seeing;
                    agree += rg.picked == rg.best;
                    got++;
                }
                plan_start = s.phase == BUR_DRAW;
                buraco_rules.observe(&s, hard, &view);
                BotRequest req = {&buraco_rules, &view, hard, &r, iterations, 0, NULL};
                a = buraco_hard_decide(&req);
            } else {
                a = buraco_medium_policy(&s);
            }
            if (a < 0 || buraco_rules.apply(&s, a))
                break;
        }
    }
    double m1, se1, m2, se2;
    mean_se(blind, got, &m1, &se1);
    mean_se(seeing, got, &m2, &se2);
    printf("Hard's regret against the real hands over %d decisions (games against Medium, "
           "%d playouts a decision), %.0f s:\n",
           got, iterations, now_s() - t0);
    printf("  Hard:                         %.4f (+-%.4f), the best candidate %.0f%% of the time\n",
           m1, 1.96 * se1, 100.0 * agree / got);
    printf("  Hard dealing the real hands:  %.4f (+-%.4f)\n", m2, 1.96 * se2);
    free(blind);
    free(seeing);
}

int main(int argc, char **argv)
{
    int positions = 300, hard_iters = 0, regret = 0;
    uint64_t seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--positions"))
            positions = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--hard-iterations"))
            hard_iters = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--regret"))
            regret = atoi(argv[i + 1]);
    }
    Rng r;
    rng_seed(&r, seed);
    GameOptions opt = {{0}};

    /* The validator. */
    Card sets[1024][6];
    for (int i = 0; i < 1024; i++) {
        int suit = (int)rng_below(&r, 4), lo = 1 + (int)rng_below(&r, 9);
        for (int k = 0; k < 6; k++)
            sets[i][k] = buraco_pos_card(suit, lo + k);
        if (i % 3 == 0)
            sets[i][rng_below(&r, 6)] = card_make(2, (int)rng_below(&r, 4));
        if (i % 5 == 0)
            sets[i][rng_below(&r, 6)] = card_from_index((int)rng_below(&r, 52));
    }
    double t0 = now_s();
    long checks = 0, valid = 0;
    while (now_s() - t0 < 0.5)
        for (int i = 0; i < 1024; i++, checks++)
            valid += buraco_meld_check(sets[i], 6, NULL);
    double dt = now_s() - t0;
    printf("meld validator: %.1f million checks/s (%.0f%% valid)\n", checks / dt / 1e6,
           100.0 * valid / checks);

    /* Random games through the rules table. */
    BuracoState s;
    t0 = now_s();
    long games = 0, steps = 0;
    while (now_s() - t0 < 1.0) {
        buraco_rules.init(&s, &opt, 2, (uint64_t)games);
        while (s.phase != BUR_OVER) {
            Action a;
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                a = chance(&s, &r);
            } else {
                Action acts[RULES_MAX_ACTIONS];
                int n = buraco_rules.legal_actions(&s, acts);
                a = acts[rng_below(&r, (uint32_t)n)];
            }
            buraco_rules.apply(&s, a);
            steps++;
        }
        games++;
    }
    dt = now_s() - t0;
    printf("random games: %.0f games/s, %.0f actions/s (legal_actions + apply)\n", games / dt,
           steps / dt);

    /* Medium against itself: Hard's playouts are such games. */
    t0 = now_s();
    games = 0;
    steps = 0;
    while (now_s() - t0 < 1.0) {
        buraco_rules.init(&s, &opt, 2, (uint64_t)games + 1000);
        while (s.phase != BUR_OVER) {
            Action a = buraco_rules.current_player(&s) == PLAYER_CHANCE ? chance(&s, &r)
                                                                         : buraco_medium_policy(&s);
            buraco_rules.apply(&s, a);
            steps++;
        }
        games++;
    }
    dt = now_s() - t0;
    printf("Medium self-play: %.0f games/s (%.1f us a game, %.0f actions a game)\n", games / dt,
           dt / games * 1e6, (double)steps / games);

    /* Hard's playout policy against Medium: duplicate games over one shuffled deck each
     * (both games of a deal see the same cards in the same order). */
    {
        typedef Action (*Policy)(const BuracoState *);
        Policy pol[2] = {buraco_playout_policy, buraco_medium_policy};
        long points = 0, deals = 20000;
        double *deal_score = malloc(sizeof *deal_score * (size_t)deals);
        t0 = now_s();
        for (long g = 0; g < deals; g++) {
            Card deck[BUR_DECK];
            for (int k = 0; k < BUR_DECK; k++)
                deck[k] = card_from_index(k % BUR_FACES);
            rng_shuffle(&r, deck, BUR_DECK, sizeof deck[0]);
            int first = (int)rng_below(&r, 2);
            long before = points;
            for (int swap = 0; swap < 2; swap++) {
                buraco_rules.init(&s, &opt, 2, 0);
                int next = 0;
                while (s.phase == BUR_DEALING)
                    buraco_rules.apply(&s, buraco_action(BUR_A_DEAL, card_index(deck[next++])));
                buraco_rules.apply(&s, buraco_action(BUR_A_FIRST, first));
                while (s.phase != BUR_OVER) {
                    Action a = s.phase == BUR_DRAWING
                                   ? buraco_action(BUR_A_DEAL, card_index(deck[next++]))
                                   : pol[(s.turn + swap) % 2](&s);
                    if (a < 0 || buraco_rules.apply(&s, a))
                        break;
                }
                int me = swap; /* the playout policy's seat */
                points += s.score[me] > s.score[1 - me] ? 2 : s.score[me] == s.score[1 - me];
            }
            if (deal_score)
                deal_score[g] = (points - before) / 4.0;
        }
        double rate = points / (4.0 * deals), lo = 0, hi = 1;
        if (deal_score)
            stats_mean_interval(deal_score, (int)deals, &lo, &hi);
        printf("Hard's playout policy against Medium: %.4f [%.4f, %.4f] over %ld duplicate "
               "games (95 %% over the deals), %.1f s\n",
               rate, lo, hi, 2 * deals, now_s() - t0);
        free(deal_score);
    }

    /* Decision times at the turns' costly moments, from positions of Medium games. */
    double *times[DIFF_COUNT];
    int nt[DIFF_COUNT] = {0};
    for (int d = 0; d < DIFF_COUNT; d++)
        times[d] = malloc(sizeof(double) * (size_t)positions * 2);
    int got = 0;
    for (int g = 0; got < positions; g++) {
        buraco_rules.init(&s, &opt, g % 5 == 4 ? 4 : 2, (uint64_t)g + 77);
        while (s.phase != BUR_OVER && got < positions) {
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                buraco_rules.apply(&s, chance(&s, &r));
                continue;
            }
            bool costly = s.phase == BUR_DRAW ||
                          (s.phase == BUR_PLAY && (s.drew_stock || s.pile_n == 0) &&
                           rng_below(&r, 2) == 0);
            if (costly && rng_below(&r, 3) == 0) {
                BuracoState view;
                buraco_rules.observe(&s, s.turn, &view);
                for (int d = DIFF_EASY; d <= DIFF_HARD; d++) {
                    Rng br;
                    rng_seed(&br, rng_next(&r));
                    long long a0 = clock_now_ns();
                    if (d == DIFF_HARD && hard_iters > 0) {
                        BotRequest req = {&buraco_rules, &view, s.turn, &br, hard_iters, 0, NULL};
                        buraco_hard_decide(&req);
                    } else {
                        bot_decide_view(&buraco_rules, (Difficulty)d, &view, s.turn, &br, NULL);
                    }
                    times[d][nt[d]++] = (double)(clock_now_ns() - a0) / 1e6;
                }
                got++;
            }
            buraco_rules.apply(&s, buraco_medium_policy(&s));
        }
    }
    printf("decision times over %d positions (a turn's draw or its first play), ms:\n", got);
    printf("  %-7s %9s %9s %9s %9s\n", "bot", "mean", "p50", "p95", "max");
    for (int d = DIFF_EASY; d <= DIFF_HARD; d++) {
        double sum = 0;
        for (int i = 0; i < nt[d]; i++)
            sum += times[d][i];
        qsort(times[d], (size_t)nt[d], sizeof(double), cmp_double);
        printf("  %-7s %9.3f %9.3f %9.3f %9.3f\n", difficulty_name((Difficulty)d),
               nt[d] ? sum / nt[d] : 0, pct(times[d], nt[d], 0.5), pct(times[d], nt[d], 0.95),
               nt[d] ? times[d][nt[d] - 1] : 0);
    }
    for (int d = 0; d < DIFF_COUNT; d++)
        free(times[d]);
    if (regret > 0)
        measure_regret(regret, hard_iters > 0 ? hard_iters : 1500, seed);
    return 0;
}
