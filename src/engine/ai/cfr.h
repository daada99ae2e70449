/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Regret minimization for two-player zero-sum games with hidden information (CFR), by
 * external-sampling Monte Carlo CFR: each iteration draws one deal, then for each player in
 * turn walks every one of its actions and one sampled action of the other's, and adds the
 * regrets of its actions at each of its information sets. The average strategy converges
 * to an equilibrium of the game as given (an abstraction of a real game, usually).
 *
 * A game is described by callbacks over a state of a fixed size. Chance acts once, at the
 * root (the deal: `deal` draws it); every later step that is not a decision (a card forced
 * by a fixed policy, say) is made inside `apply`, so a state is always a decision node or a
 * terminal. Pure C, no allocation beyond the tables. */
#ifndef TASCA_CFR_H
#define TASCA_CFR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/rng.h"

enum { CFR_MAX_ACTIONS = 4 };

typedef struct {
    size_t state_size;
    long infosets;                              /* information set indexes: 0 .. infosets-1 */
    int (*to_move)(const void *st);             /* 0 or 1; -1 at a terminal */
    double (*utility)(const void *st);          /* player 0's payoff at a terminal (zero-sum) */
    int (*actions)(const void *st);             /* 1 .. CFR_MAX_ACTIONS at a decision */
    long (*infoset)(const void *st);            /* the acting player's information set */
    void (*apply)(void *st, int a);             /* play action a, then up to the next decision */
    void (*deal)(void *st, Rng *rng, void *user); /* a root state drawn by chance */
    void *user;
} CfrGame;

/* How the regrets are kept and the strategy averaged. */
enum {
    CFR_PLUS = 1,   /* regret matching+: a regret never stays below 0 */
    CFR_LINEAR = 2, /* iteration t's strategy weighs t in the average (later ones more) */
};

typedef struct {
    const CfrGame *game;
    unsigned flags;
    long iterations;
    float *regret; /* [infosets][CFR_MAX_ACTIONS] */
    float *avg;    /* [infosets][CFR_MAX_ACTIONS]: the average strategy's weights */
    uint32_t *visits; /* [infosets]: strategies added to the average */
} Cfr;

/* false when the tables cannot be allocated. */
bool cfr_init(Cfr *c, const CfrGame *g, unsigned flags);
void cfr_free(Cfr *c);
/* n more iterations (each: one deal, both players traverse it). */
void cfr_run(Cfr *c, Rng *rng, long n);
/* The average strategy at information set i with n actions, normalized (uniform where the
 * set was never reached); returns whether it was reached. */
bool cfr_average(const Cfr *c, long i, int n, double *out);

/* A strategy to measure: writes the n action probabilities at information set i. */
typedef void (*CfrPolicy)(void *user, long i, int n, double *out);
void cfr_average_policy(void *cfr, long i, int n, double *out); /* user: a Cfr */
/* How many times information set i's strategy entered the average (a rarely met set's
 * average is little more than its first guess). */
static inline uint32_t cfr_visits(const Cfr *c, long i) { return c->visits[i]; }

/* A best response of `player` to `policy` (the other player's strategy), over the given
 * roots (deals), each of equal weight: an action per information set of `player`, found by
 * repeated passes (each set's best action given the current choices below it) until it
 * stops changing. Its value on the roots it was found on is returned in *fit (it over-rates
 * the best response when the roots are few beside the information sets), and its value on
 * `held` other roots (n_held, may be 0) in *held_value: a value that any fixed strategy
 * reaches, so no more than the true best response. Values are `player`'s payoff. Returns
 * the passes made, or -1 when out of memory. */
int cfr_best_response(const CfrGame *g, CfrPolicy policy, void *policy_user, int player,
                      const void *roots, long n_roots, const void *held, long n_held,
                      double *fit, double *held_value);

/* The action drawn from probabilities p[0..n) by x uniform in [0, 1). */
int cfr_sample(const double *p, int n, double x);

/* The value of `policy` for both players (player 0's payoff) over the roots. */
double cfr_value(const CfrGame *g, CfrPolicy policy, void *policy_user, const void *roots,
                 long n_roots);

#endif
