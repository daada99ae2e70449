/* SPDX-License-Identifier: GPL-3.0-or-later */
/* External-sampling Monte Carlo CFR and a best response to measure it (cfr.h). */
#include "cfr.h"

#include <stdlib.h>
#include <string.h>

enum { CFR_MAX_DEPTH = 64 };

bool cfr_init(Cfr *c, const CfrGame *g, unsigned flags)
{
    memset(c, 0, sizeof *c);
    c->game = g;
    c->flags = flags;
    size_t n = (size_t)g->infosets * CFR_MAX_ACTIONS;
    c->regret = calloc(n, sizeof *c->regret);
    c->avg = calloc(n, sizeof *c->avg);
    c->visits = calloc((size_t)g->infosets, sizeof *c->visits);
    if (!c->regret || !c->avg || !c->visits) {
        cfr_free(c);
        return false;
    }
    return true;
}

void cfr_free(Cfr *c)
{
    free(c->regret);
    free(c->avg);
    free(c->visits);
    c->regret = c->avg = NULL;
    c->visits = NULL;
}

/* Regret matching: play each action in proportion to its positive regret. */
static void regret_match(const float *r, int n, double *sigma)
{
    double sum = 0;
    for (int a = 0; a < n; a++)
        sum += r[a] > 0 ? r[a] : 0;
    for (int a = 0; a < n; a++)
        sigma[a] = sum > 0 ? (r[a] > 0 ? r[a] / sum : 0) : 1.0 / n;
}

typedef struct {
    Cfr *c;
    Rng *rng;
    int trav;
    double weight;
    unsigned char *scratch; /* a state per depth */
} Walk;

static double walk(Walk *w, const void *st, int depth)
{
    const CfrGame *g = w->c->game;
    int p = g->to_move(st);
    if (p < 0) {
        double u = g->utility(st);
        return w->trav == 0 ? u : -u;
    }
    if (depth >= CFR_MAX_DEPTH)
        return 0; /* a game deeper than this is not supported; never in ours */
    int n = g->actions(st);
    long i = g->infoset(st);
    float *r = w->c->regret + (size_t)i * CFR_MAX_ACTIONS;
    double sigma[CFR_MAX_ACTIONS];
    regret_match(r, n, sigma);
    void *child = w->scratch + (size_t)depth * g->state_size;
    if (p == w->trav) {
        double v[CFR_MAX_ACTIONS], ev = 0;
        for (int a = 0; a < n; a++) {
            memcpy(child, st, g->state_size);
            g->apply(child, a);
            v[a] = walk(w, child, depth + 1);
            ev += sigma[a] * v[a];
        }
        for (int a = 0; a < n; a++) {
            double x = r[a] + (v[a] - ev);
            if ((w->c->flags & CFR_PLUS) && x < 0)
                x = 0;
            r[a] = (float)x;
        }
        return ev;
    }
    /* The other player's node: its current strategy enters the average, one action is
     * followed. */
    float *s = w->c->avg + (size_t)i * CFR_MAX_ACTIONS;
    for (int a = 0; a < n; a++)
        s[a] += (float)(w->weight * sigma[a]);
    if (w->c->visits[i] < UINT32_MAX)
        w->c->visits[i]++;
    memcpy(child, st, g->state_size);
    g->apply(child, cfr_sample(sigma, n, rng_unit(w->rng)));
    return walk(w, child, depth + 1);
}

int cfr_sample(const double *p, int n, double x)
{
    double acc = 0;
    for (int a = 0; a < n; a++) {
        acc += p[a];
        if (x < acc)
            return a;
    }
    return n - 1;
}

void cfr_run(Cfr *c, Rng *rng, long n)
{
    const CfrGame *g = c->game;
    unsigned char *buf = malloc(g->state_size * (CFR_MAX_DEPTH + 1));
    if (!buf)
        return;
    Walk w = {c, rng, 0, 1, buf + g->state_size};
    for (long k = 0; k < n; k++) {
        c->iterations++;
        /* Linear averaging: iteration t weighs t; scaled so that float sums keep their
         * precision over long runs (only ratios matter). */
        w.weight = (c->flags & CFR_LINEAR) ? (double)c->iterations * 1e-6 : 1;
        g->deal(buf, rng, g->user);
        for (int p = 0; p < 2; p++) {
            w.trav = p;
            walk(&w, buf, 0);
        }
    }
    free(buf);
}

bool cfr_average(const Cfr *c, long i, int n, double *out)
{
    const float *s = c->avg + (size_t)i * CFR_MAX_ACTIONS;
    double sum = 0;
    for (int a = 0; a < n; a++)
        sum += s[a];
    for (int a = 0; a < n; a++)
        out[a] = sum > 0 ? s[a] / sum : 1.0 / n;
    return sum > 0;
}

void cfr_average_policy(void *cfr, long i, int n, double *out) { cfr_average(cfr, i, n, out); }

/* ---- Best response ------------------------------------------------------------------ */

typedef struct {
    const CfrGame *g;
    CfrPolicy policy;
    void *user;
    int player;         /* the best responder; -1: both follow the policy */
    signed char *choice; /* [infosets] its action */
    unsigned char *nact; /* [infosets] its actions there, 0: not reached */
    double *q;          /* [infosets][CFR_MAX_ACTIONS], NULL: not gathered */
    unsigned char *scratch;
} Br;

static double br_eval(Br *b, const void *st, double reach, int depth)
{
    const CfrGame *g = b->g;
    int p = g->to_move(st);
    if (p < 0) {
        double u = g->utility(st);
        return b->player == 1 ? -u : u;
    }
    if (depth >= CFR_MAX_DEPTH)
        return 0;
    int n = g->actions(st);
    long i = g->infoset(st);
    void *child = b->scratch + (size_t)depth * g->state_size;
    if (p == b->player) {
        double best = 0;
        int c = b->choice[i];
        for (int a = 0; a < n; a++) {
            if (!b->q && a != c)
                continue;
            memcpy(child, st, g->state_size);
            g->apply(child, a);
            double v = br_eval(b, child, reach, depth + 1);
            if (b->q) {
                b->q[(size_t)i * CFR_MAX_ACTIONS + a] += reach * v;
                b->nact[i] = (unsigned char)n;
            }
            if (a == c)
                best = v;
        }
        return best;
    }
    double sigma[CFR_MAX_ACTIONS], v = 0;
    b->policy(b->user, i, n, sigma);
    for (int a = 0; a < n; a++) {
        if (sigma[a] <= 0)
            continue;
        memcpy(child, st, g->state_size);
        g->apply(child, a);
        v += sigma[a] * br_eval(b, child, reach * sigma[a], depth + 1);
    }
    return v;
}

static double br_mean(Br *b, const void *roots, long n)
{
    double sum = 0;
    for (long k = 0; k < n; k++)
        sum += br_eval(b, (const unsigned char *)roots + (size_t)k * b->g->state_size, 1, 0);
    return n > 0 ? sum / n : 0;
}

int cfr_best_response(const CfrGame *g, CfrPolicy policy, void *policy_user, int player,
                      const void *roots, long n_roots, const void *held, long n_held,
                      double *fit, double *held_value)
{
    Br b = {g, policy, policy_user, player, NULL, NULL, NULL, NULL};
    b.choice = calloc((size_t)g->infosets, 1);
    b.nact = calloc((size_t)g->infosets, 1);
    b.q = malloc((size_t)g->infosets * CFR_MAX_ACTIONS * sizeof *b.q);
    b.scratch = malloc(g->state_size * (CFR_MAX_DEPTH + 1));
    int passes = -1;
    if (b.choice && b.nact && b.q && b.scratch) {
        double *q = b.q;
        for (passes = 1; passes <= 32; passes++) {
            memset(q, 0, (size_t)g->infosets * CFR_MAX_ACTIONS * sizeof *q);
            br_mean(&b, roots, n_roots);
            bool changed = false;
            for (long i = 0; i < g->infosets; i++) {
                const double *x = q + (size_t)i * CFR_MAX_ACTIONS;
                int c = b.choice[i];
                for (int a = 0; a < b.nact[i]; a++)
                    if (x[a] > x[c] + 1e-12)
                        c = a;
                if (c != b.choice[i]) {
                    b.choice[i] = (signed char)c;
                    changed = true;
                }
            }
            if (!changed)
                break;
        }
        b.q = NULL;
        *fit = br_mean(&b, roots, n_roots);
        *held_value = br_mean(&b, held, n_held);
        b.q = q;
    }
    free(b.choice);
    free(b.nact);
    free(b.q);
    free(b.scratch);
    return passes;
}

double cfr_value(const CfrGame *g, CfrPolicy policy, void *policy_user, const void *roots,
                 long n_roots)
{
    Br b = {g, policy, policy_user, -1, NULL, NULL, NULL,
            malloc(g->state_size * (CFR_MAX_DEPTH + 1))};
    if (!b.scratch)
        return 0;
    double v = br_mean(&b, roots, n_roots);
    free(b.scratch);
    return v;
}
