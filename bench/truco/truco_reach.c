/* SPDX-License-Identifier: GPL-3.0-or-later */
/* truco_reach: how much the table's reach tells Hard about the other's cards (issue 41,
 * item 3; docs/truco-cfr.md "Item 3").
 *
 *   truco_reach [GAMES] [SEED]
 *
 * Plays GAMES two-seat Paulista matches of Hard against Hard. At each of a seat's turns to
 * play a card in an ordinary hand it draws 400 guesses of the other's cards from the seat's
 * view and weighs them by truco_cfr_reach for each kind of decisions weighed (all: answers,
 * raises on a turn and turns without a raise; answers and raises; answers only): prints the
 * mean effective share of the guesses, (sum w)^2 / (n sum w^2) (1: every guess weighs the
 * same), over all those turns and over those after a raise of the other in the hand, and
 * the share of turns where the weights are not all equal. Then how often Hard's card
 * changes: with `reach` = all against 0 on the same generator, beside two runs of `reach`
 * 0 on different generators (the search's own noise), with 95 % Wilson intervals. Figures
 * only; nothing is asserted. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/stats.h"
#include "engine/ai/bot.h"
#include "games/truco/truco.h"
#include "games/truco/truco_bots.h"
#include "games/truco/truco_cfr.h"

enum { GUESSES = 400, KINDS = 3 };

static const unsigned kinds[KINDS] = {
    TRUCO_REACH_ANSWERS | TRUCO_REACH_RAISES | TRUCO_REACH_QUIET,
    TRUCO_REACH_ANSWERS | TRUCO_REACH_RAISES,
    TRUCO_REACH_ANSWERS,
};

static Action hard_with(const TrucoState *v, int seat, int reach, uint64_t seed)
{
    TrucoHardParams p = truco_hard_defaults;
    p.reach = reach;
    Rng r;
    rng_seed(&r, seed);
    BotRequest q = {&truco_rules, v, seat, &r, 200, 0, NULL};
    return truco_hard_decide_with(&q, &p);
}

/* The effective share of GUESSES guesses from the view weighed by the reach of `what`. */
static double ess_share(const TrucoState *v, int seat, unsigned what, Rng *rng)
{
    double sw = 0, sw2 = 0;
    for (int i = 0; i < GUESSES; i++) {
        TrucoState d;
        truco_rules.resample(v, seat, rng, &d);
        double x = exp(truco_cfr_reach(&d, 1 - seat, 0.02, what));
        sw += x;
        sw2 += x * x;
    }
    return sw * sw / sw2 / GUESSES;
}

static void print_rate(const char *what, long k, long n)
{
    double lo, hi, p = n ? (double)k / n : 0;
    stats_wilson(p, (int)n, &lo, &hi);
    printf("  %s: %.3f, 95%% [%.3f, %.3f] of %ld\n", what, p, lo, hi, n);
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 40;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 99;
    if (truco_cfr_status()) {
        fprintf(stderr, "truco_reach: %s\n", truco_cfr_status());
        return 1;
    }
    double ess[KINDS] = {0}, ess_raised[KINDS] = {0};
    long turns = 0, raised = 0, uneven[KINDS] = {0};
    long cards = 0, changed = 0, noise = 0;
    Rng rng;
    rng_seed(&rng, seed);
    for (int g = 0; g < games; g++) {
        GameOptions o;
        rules_default_options(&truco_rules, &o);
        TrucoState s;
        if (truco_rules.init(&s, &o, 2, seed + (uint64_t)g))
            return 1;
        for (int steps = 0; truco_current_player(&s) != PLAYER_TERMINAL && steps < 4000; steps++) {
            int cp = truco_current_player(&s);
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            if (cp == PLAYER_CHANCE) {
                int n = truco_rules.chance_outcomes(&s, acts, w);
                truco_rules.apply(&s, acts[rng_below(&rng, (uint32_t)n)]);
                continue;
            }
            TrucoState v;
            truco_rules.observe(&s, cp, &v);
            if (s.phase == TR_PH_PLAY && s.kind == TR_KIND_NORMAL) {
                bool other_raised = false;
                for (int i = 0; i < v.n_bets; i++)
                    other_raised |= v.bets[i].seat != cp && v.bets[i].action >= TR_TRUCO &&
                                    v.bets[i].action <= TR_DOZE;
                turns++;
                raised += other_raised;
                for (int k = 0; k < KINDS; k++) {
                    double e = ess_share(&v, cp, kinds[k], &rng);
                    ess[k] += e;
                    ess_raised[k] += other_raised ? e : 0;
                    uneven[k] += e < 0.999;
                }
                uint64_t a = rng_next(&rng), b = rng_next(&rng);
                Action a0 = hard_with(&v, cp, 0, a), a1 = hard_with(&v, cp, (int)kinds[0], a),
                       a2 = hard_with(&v, cp, 0, b);
                if (a0 >= TR_PLAY && a1 >= TR_PLAY && a2 >= TR_PLAY) {
                    cards++;
                    changed += a0 != a1;
                    noise += a0 != a2;
                }
            }
            Rng r;
            rng_seed(&r, rng_next(&rng));
            BotRequest q = {&truco_rules, &v, cp, &r, 200, 0, NULL};
            truco_rules.apply(&s, truco_hard_decide(&q));
        }
    }
    static const char *const names[KINDS] = {"answers, raises and quiet turns", "answers and raises",
                                             "answers"};
    printf("%d games, seed %llu: %ld turns to play a card, %ld after a raise of the other\n", games,
           (unsigned long long)seed, turns, raised);
    for (int k = 0; k < KINDS; k++)
        printf("  reach of %s: effective share %.3f (after a raise %.3f), weights uneven at %.3f of the turns\n",
               names[k], ess[k] / turns, raised ? ess_raised[k] / raised : 0, (double)uneven[k] / turns);
    print_rate("Hard's card changed by the reach (same generator)", changed, cards);
    print_rate("Hard's card changed by another generator (reach off)", noise, cards);
    return 0;
}
