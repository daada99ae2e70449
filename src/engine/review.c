/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review of a game (review.h). */
#include "review.h"

#include <stdlib.h>
#include <string.h>

static void mark_costliest(ReviewStep *st, int n, int seat)
{
    for (int k = 0; k < 3; k++) {
        int worst = -1;
        for (int i = 0; i < n; i++)
            if (st[i].seat == seat && !st[i].costliest && st[i].cost > 0 &&
                (worst < 0 || st[i].cost > st[worst].cost))
                worst = i;
        if (worst < 0)
            return;
        st[worst].costliest = true;
    }
}

int review_match(const Match *m, int seat, uint64_t seed, const atomic_int *cancel,
                 ReviewStep *out, int max)
{
    const GameRules *g = m->rules;
    void *state = malloc(g->state_size), *view = malloc(g->state_size);
    Analysis *an = malloc(sizeof *an);
    int n = 0;
    if (!state || !view || !an || g->init(state, &m->options, m->num_players, m->seed)) {
        free(state), free(view), free(an);
        return -1;
    }
    for (int i = 0; i < m->history_len && n < max; i++) {
        if (cancel && atomic_load(cancel))
            break;
        int p = m->history_player[i];
        Action a = m->history[i];
        Action acts[RULES_MAX_ACTIONS];
        if (p >= 0 && (seat < 0 || p == seat) && g->legal_actions(state, acts) > 1) {
            g->observe(state, p, view);
            Rng rng;
            rng_seed(&rng, rng_mix(seed, (uint64_t)i));
            bot_analyze(g, DIFF_HARD, view, p, &rng, cancel, 0, an);
            ReviewStep *st = &out[n++];
            memset(st, 0, sizeof *st);
            st->step = i;
            st->seat = p;
            st->chosen = a;
            st->best = an->best_action;
            st->unit = an->unit;
            st->cost = analysis_cost(an, a);
            const AnalysisItem *c = analysis_find(an, a);
            if (c && c->valued) {
                st->chosen_valued = true;
                st->chosen_value = analysis_scale(an, c);
            }
            if (an->best >= 0 && an->item[an->best].valued) {
                st->best_valued = true;
                st->best_value = analysis_scale(an, &an->item[an->best]);
            }
            memcpy(st->line, an->line, sizeof st->line);
        }
        if (g->apply(state, a))
            break;
    }
    for (int p = 0; p < m->num_players; p++)
        mark_costliest(out, n, p);
    free(state), free(view), free(an);
    return n;
}
