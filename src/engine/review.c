/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review of a game (review.h). */
#include "review.h"

#include <pthread.h>
#include <stdio.h>
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

int review_match_range(const Match *m, int seat, int from, int to, uint64_t seed,
                       const atomic_int *cancel, atomic_int *progress, ReviewStep *out,
                       int max)
{
    return review_match_budget(m, seat, from, to, seed, 0, cancel, progress, out, max);
}

/* The mixed strategy behind Hard's choice, most played first ("aceitar 62 % · correr 38 %"). */
static void mix_text(const GameRules *g, const void *view, const Analysis *an, ReviewStep *st)
{
    st->mixed = true;
    st->mix[0] = '\0';
    bool used[RULES_MAX_ACTIONS] = {false};
    size_t len = 0;
    for (;;) {
        int top = -1;
        for (int i = 0; i < an->n; i++)
            if (!used[i] && an->item[i].freq >= 0.005 &&
                (top < 0 || an->item[i].freq > an->item[top].freq))
                top = i;
        if (top < 0)
            break;
        used[top] = true;
        char name[RULES_ACTION_TEXT];
        g->action_to_string(view, an->item[top].action, name);
        int w = snprintf(st->mix + len, sizeof st->mix - len, "%s%s %d %%",
                         len ? " \xC2\xB7 " : "", name, (int)(an->item[top].freq * 100 + 0.5));
        if (w < 0 || (size_t)w >= sizeof st->mix - len)
            break;
        len += (size_t)w;
    }
}

int review_match_budget(const Match *m, int seat, int from, int to, uint64_t seed, int budget,
                        const atomic_int *cancel, atomic_int *progress, ReviewStep *out,
                        int max)
{
    const GameRules *g = m->rules;
    void *state = malloc(g->state_size), *view = malloc(g->state_size);
    Analysis *an = malloc(sizeof *an);
    int n = 0;
    if (!state || !view || !an || g->init(state, &m->options, m->num_players, m->seed)) {
        free(state), free(view), free(an);
        return -1;
    }
    if (to < 0 || to > m->history_len)
        to = m->history_len;
    for (int i = 0; i < to && n < max; i++) {
        if (cancel && atomic_load(cancel))
            break;
        int p = m->history_player[i];
        Action a = m->history[i];
        Action acts[RULES_MAX_ACTIONS];
        if (i >= from && p >= 0 && (seat < 0 || p == seat) && g->legal_actions(state, acts) > 1) {
            g->observe(state, p, view);
            Rng rng;
            rng_seed(&rng, rng_mix(seed, (uint64_t)i));
            bot_analyze_budget(g, DIFF_HARD, view, p, &rng, cancel, 0, budget, an);
            if (cancel && atomic_load(cancel))
                break; /* a cut-short analysis is no value */
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
            if (an->mixed)
                mix_text(g, view, an, st);
            g->action_to_string(view, a, st->chosen_text);
            if (st->best >= 0)
                g->action_to_string(view, st->best, st->best_text);
            else
                snprintf(st->best_text, sizeof st->best_text, "-");
            if (progress)
                atomic_fetch_add(progress, 1);
        }
        if (g->apply(state, a))
            break;
    }
    for (int p = 0; p < m->num_players; p++)
        mark_costliest(out, n, p);
    free(state), free(view), free(an);
    return n;
}

int review_match(const Match *m, int seat, uint64_t seed, const atomic_int *cancel,
                 ReviewStep *out, int max)
{
    return review_match_range(m, seat, 0, -1, seed, cancel, NULL, out, max);
}

int review_count(const Match *m, int seat, int from, int to)
{
    const GameRules *g = m->rules;
    void *state = malloc(g->state_size);
    if (!state || g->init(state, &m->options, m->num_players, m->seed)) {
        free(state);
        return 0;
    }
    if (to < 0 || to > m->history_len)
        to = m->history_len;
    int n = 0;
    for (int i = 0; i < to; i++) {
        int p = m->history_player[i];
        Action acts[RULES_MAX_ACTIONS];
        if (i >= from && p >= 0 && (seat < 0 || p == seat) && g->legal_actions(state, acts) > 1)
            n++;
        if (g->apply(state, m->history[i]))
            break;
    }
    free(state);
    return n;
}

bool review_step_good(const ReviewStep *s)
{
    if (s->cost < 0)
        return false;
    return s->cost <= (s->unit == ANALYSIS_PIECES ? REVIEW_GOOD_PIECES : REVIEW_GOOD_WIN);
}

double review_accuracy(const ReviewStep *st, int n, int seat, int *good, int *valued)
{
    int g = 0, v = 0;
    for (int i = 0; i < n; i++) {
        if ((seat >= 0 && st[i].seat != seat) || st[i].cost < 0)
            continue;
        v++;
        g += review_step_good(&st[i]);
    }
    if (good)
        *good += g;
    if (valued)
        *valued += v;
    return v ? (double)g / v : -1;
}

Match *review_position(const Match *m, int step, int seat, char *err, size_t errsize)
{
    if (m->mirror) {
        snprintf(err, errsize, "a networked table's history cannot be replayed here");
        return NULL;
    }
    Match *c = match_create(m->rules, &m->options, m->num_players, m->seats, m->seed, err,
                            errsize);
    if (!c)
        return NULL;
    if (step > m->history_len)
        step = m->history_len;
    for (int i = 0; i < step; i++) {
        const char *e = match_apply(c, m->history[i]);
        if (e) {
            snprintf(err, errsize, "step %d: %s", i, e);
            match_free(c);
            return NULL;
        }
    }
    if (seat >= 0) {
        void *view = malloc(m->rules->state_size);
        if (!view) {
            snprintf(err, errsize, "out of memory");
            match_free(c);
            return NULL;
        }
        m->rules->observe(c->state, seat, view);
        memcpy(c->state, view, m->rules->state_size);
        free(view);
    }
    return c;
}

/* ---- The worker ------------------------------------------------------------------- */

struct ReviewJob {
    pthread_t thread;
    atomic_int cancel, done, progress;
    Match *m; /* the job's own copy */
    int seat, from, to, total, n;
    uint64_t seed;
    ReviewStep *steps;
    void (*wake)(void *user);
    void *user;
};

static void *review_thread(void *arg)
{
    ReviewJob *j = arg;
    j->n = review_match_range(j->m, j->seat, j->from, j->to, j->seed, &j->cancel, &j->progress,
                              j->steps, j->total);
    atomic_store(&j->done, 1);
    if (j->wake)
        j->wake(j->user);
    return NULL;
}

static void job_free(ReviewJob *j)
{
    match_free(j->m);
    free(j->steps);
    free(j);
}

ReviewJob *review_job_start(const Match *m, int seat, int from, int to, uint64_t seed,
                            void (*wake)(void *user), void *user)
{
    char err[MATCH_ERR];
    ReviewJob *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->m = review_position(m, m->history_len, -1, err, sizeof err);
    j->seat = seat;
    j->from = from;
    j->to = to;
    j->seed = seed;
    j->wake = wake;
    j->user = user;
    j->total = j->m ? review_count(j->m, seat, from, to) : 0;
    j->steps = calloc((size_t)j->total + 1, sizeof *j->steps);
    atomic_init(&j->cancel, 0);
    atomic_init(&j->done, 0);
    atomic_init(&j->progress, 0);
    if (!j->m || !j->steps || pthread_create(&j->thread, NULL, review_thread, j) != 0) {
        job_free(j);
        return NULL;
    }
    return j;
}

int review_job_progress(const ReviewJob *j, int *total)
{
    if (total)
        *total = j ? j->total : 0;
    return j ? atomic_load(&((ReviewJob *)j)->progress) : 0;
}

bool review_job_poll(ReviewJob *j, ReviewStep **out, int *n)
{
    if (!j || !atomic_load(&j->done))
        return false;
    pthread_join(j->thread, NULL);
    *n = j->n;
    *out = j->n >= 0 ? j->steps : NULL;
    if (j->n >= 0)
        j->steps = NULL;
    job_free(j);
    return true;
}

void review_job_cancel(ReviewJob *j)
{
    if (!j)
        return;
    atomic_store(&j->cancel, 1);
    pthread_join(j->thread, NULL);
    job_free(j);
}
