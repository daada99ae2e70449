/* SPDX-License-Identifier: GPL-3.0-or-later */
/* truco_duel: two Truco bots over duplicate matches, with betting statistics that
 * `tasca sim` does not show (calls, answers, points per hand).
 *
 *   truco_duel LEVEL_A LEVEL_B GAMES SEED [OPTION=VALUE ...]
 *
 * LEVEL is easy, medium or hard (the configured bots). Every deal seed is played twice with
 * the seats swapped. Prints A's match score with a 95 % Wilson interval, the share of hands
 * ending each way, and per bot: truco calls per hand, answers (accept / run / raise), points
 * won per hand, and decision times. Figures only; nothing is asserted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fileio.h"
#include "core/stats.h"
#include "engine/ai/bot.h"
#include "games/truco/truco.h"

typedef struct {
    long calls, accepts, runs, raises, onze_play, onze_run, hands, points, decisions;
    double ms_total, ms_max;
} Stats;

static Action draw_chance(const TrucoState *s, uint64_t seed, int k)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = truco_rules.chance_outcomes(s, acts, w);
    Rng r;
    rng_seed(&r, rng_mix(seed, (uint64_t)k));
    return acts[rng_below(&r, (uint32_t)n)];
}

/* One match; returns +1 when entry 0 wins. seat s is played by entry (s + rot) % 2. */
static int play(const Difficulty lv[2], int rot, uint64_t seed, const GameOptions *opt,
                Stats st[2])
{
    TrucoState s;
    truco_rules.init(&s, opt, 2, seed);
    Rng rng;
    rng_seed(&rng, rng_mix(seed, 0xD0E1ULL + (uint64_t)rot));
    int k = 0;
    while (s.phase != TR_PH_OVER) {
        int p = truco_current_player(&s);
        if (p == PLAYER_CHANCE) {
            truco_rules.apply(&s, draw_chance(&s, seed, k++));
            continue;
        }
        int e = (p + rot) % 2;
        TrucoState view;
        truco_rules.observe(&s, p, &view);
        long long t0 = clock_now_ns();
        Action a = bot_decide_view(&truco_rules, lv[e], &view, p, &rng, NULL);
        double ms = (double)(clock_now_ns() - t0) / 1e6;
        st[e].decisions++;
        st[e].ms_total += ms;
        if (ms > st[e].ms_max)
            st[e].ms_max = ms;
        if (s.phase == TR_PH_PLAY && a >= TR_TRUCO && a <= TR_DOZE)
            st[e].calls++;
        if (s.phase == TR_PH_ANSWER) {
            st[e].accepts += a == TR_ACCEPT;
            st[e].runs += a == TR_RUN;
            st[e].raises += a >= TR_TRUCO && a <= TR_DOZE;
        }
        st[e].onze_play += a == TR_ONZE_PLAY;
        st[e].onze_run += a == TR_ONZE_RUN;
        int before[2] = {s.score[0], s.score[1]};
        const char *err = truco_rules.apply(&s, a);
        if (err) {
            fprintf(stderr, "illegal action %d: %s\n", (int)a, err);
            exit(1);
        }
        if (s.n_dealt == 0 && (s.phase == TR_PH_DEAL || s.phase == TR_PH_OVER) &&
            s.last_end != TR_END_NONE) {
            for (int q = 0; q < 2; q++) {
                st[(q + rot) % 2].hands++;
                st[(q + rot) % 2].points += s.score[q] - before[q];
            }
        }
    }
    return s.winner == (0 + rot) % 2 ? 1 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: truco_duel LEVEL_A LEVEL_B GAMES SEED [OPTION=VALUE ...]\n");
        return 2;
    }
    Difficulty lv[2];
    if (!difficulty_parse(argv[1], &lv[0]) || !difficulty_parse(argv[2], &lv[1])) {
        fprintf(stderr, "levels: random easy medium hard\n");
        return 2;
    }
    int games = atoi(argv[3]);
    uint64_t seed = strtoull(argv[4], NULL, 10);
    GameOptions opt;
    rules_default_options(&truco_rules, &opt);
    for (int i = 5; i < argc; i++) {
        char err[256];
        if (rules_parse_option(&truco_rules, &opt, argv[i], err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    }
    Stats st[2];
    memset(st, 0, sizeof st);
    int wins = 0;
    for (int g = 0; g < games; g++)
        wins += play(lv, g % 2, rng_mix(seed, (uint64_t)(g / 2)), &opt, st) > 0;
    double p = (double)wins / games, lo, hi;
    stats_wilson(p, games, &lo, &hi);
    printf("%s vs %s: %d games, %s wins %d (%.4f, 95%% [%.4f, %.4f])\n", argv[1], argv[2],
           games, argv[1], wins, p, lo, hi);
    for (int e = 0; e < 2; e++) {
        Stats *x = &st[e];
        double hands = x->hands ? (double)x->hands : 1;
        long answers = x->accepts + x->runs + x->raises;
        printf("  %-6s calls/hand %.3f  answers %ld: accept %.2f run %.2f raise %.2f  "
               "onze play %ld run %ld  points/hand %.3f  ms mean %.2f max %.1f\n",
               argv[1 + e], x->calls / hands, answers,
               answers ? (double)x->accepts / answers : 0, answers ? (double)x->runs / answers : 0,
               answers ? (double)x->raises / answers : 0, x->onze_play, x->onze_run,
               x->points / hands, x->decisions ? x->ms_total / x->decisions : 0, x->ms_max);
    }
    return 0;
}
