/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inference from play: importance-weighted determinizations (infer.h). */
#include "infer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void particles_init(Particles *ps, size_t size)
{
    memset(ps, 0, sizeof *ps);
    ps->size = size;
}

void particles_free(Particles *ps)
{
    free(ps->data);
    free(ps->w);
    free(ps->cum);
    particles_init(ps, ps->size);
}

void particles_clear(Particles *ps)
{
    ps->n = 0;
    ps->ess = 0;
    ps->impossible = 0;
}

void *particles_add(Particles *ps)
{
    if (ps->n == ps->cap) {
        int cap = ps->cap ? ps->cap * 2 : 256;
        unsigned char *d = realloc(ps->data, (size_t)cap * ps->size);
        if (!d)
            return NULL;
        ps->data = d;
        double *w = realloc(ps->w, (size_t)cap * sizeof *w);
        if (!w)
            return NULL;
        ps->w = w;
        double *c = realloc(ps->cum, (size_t)cap * sizeof *c);
        if (!c)
            return NULL;
        ps->cum = c;
        ps->cap = cap;
    }
    return particle_at(ps, ps->n++);
}

void infer_weigh(const InferModel *m, void *user, Rng *rng, double temper, Particles *ps)
{
    int n = ps->n;
    ps->impossible = 0;
    if (n == 0) {
        ps->ess = 0;
        return;
    }
    /* Log-weights first, then exp relative to the largest (no underflow to all zeros). */
    double top = -INFINITY;
    for (int i = 0; i < n; i++) {
        double l = 0;
        if (m->log_likelihood && temper > 0) {
            l = m->log_likelihood(user, particle_at(ps, i), rng);
            l = l == -INFINITY ? l : temper * l;
        }
        ps->w[i] = l;
        if (l == -INFINITY)
            ps->impossible++;
        else if (l > top)
            top = l;
    }
    double sum = 0;
    for (int i = 0; i < n; i++) {
        /* Every guess impossible: the model is wrong, not the rules; weigh them alike. */
        double w = top == -INFINITY ? 1 : ps->w[i] == -INFINITY ? 0 : exp(ps->w[i] - top);
        ps->w[i] = w;
        sum += w;
    }
    double sq = 0, run = 0;
    for (int i = 0; i < n; i++) {
        ps->w[i] /= sum;
        sq += ps->w[i] * ps->w[i];
        run += ps->w[i];
        ps->cum[i] = run;
    }
    ps->cum[n - 1] = 1.0;
    ps->ess = sq > 0 ? 1.0 / sq : 0;
}

int infer_sample(const InferModel *m, void *user, Rng *rng, int n, double temper, Particles *ps)
{
    particles_clear(ps);
    for (int i = 0; i < n; i++) {
        void *g = particles_add(ps);
        if (!g)
            break;
        if (!m->propose(user, rng, g)) {
            ps->n--;
            break;
        }
    }
    infer_weigh(m, user, rng, temper, ps);
    return ps->n;
}

int particles_pick(const Particles *ps, double u)
{
    int lo = 0, hi = ps->n - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (ps->cum[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}
