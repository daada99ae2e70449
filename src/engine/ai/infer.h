/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inference from play: determinizations weighted by what the other seats did.
 *
 * A search over hidden information (IS-MCTS, or an exact search over the possible deals)
 * plays many "determinizations": full guesses of what the deciding seat cannot see. Drawn
 * uniformly among the guesses the rules allow, they ignore what the other seats' play has
 * shown (who did not take a rich trick with a trump probably holds none; who raised
 * probably holds something). Here every guess is weighed by the likelihood of the other
 * seats' observed actions under a model of their play, P(actions | guess): with the
 * uniform draw as the prior, the normalized weights are the posterior (importance
 * sampling), and the search draws its determinizations by weight, or averages its values
 * over the guesses with these weights.
 *
 * The game supplies the guesses (drawn, or listed when they are few) and the likelihood.
 * Both come from the seat's view and the public actions only: a guess is made from what
 * the seat may know, and a likelihood never looks anywhere but at the guess. Nothing
 * here reads a hidden card.
 *
 * `temper` scales the log-likelihoods (the weights are P^temper): 0 turns the inference
 * off (every possible guess weighs the same), 1 trusts the model fully, and values in
 * between hedge against a model that is too sure of itself. Guesses the model finds
 * impossible (an action the rules forbade with that hand) weigh 0 whatever the temper
 * above 0; if every guess is impossible the model is wrong, not the rules, and they all
 * weigh the same. Pure C. */
#ifndef TASCA_AI_INFER_H
#define TASCA_AI_INFER_H

#include <stdbool.h>
#include <stddef.h>

#include "../../core/rng.h"

typedef struct {
    size_t size; /* bytes of one guess */
    /* Draws one guess consistent with the seat's view into `out`; false if none. */
    bool (*propose)(void *user, Rng *rng, void *out);
    /* log P(the other seats' observed actions | guess) under the model of their play;
     * -INFINITY when the guess makes an observed action impossible. `rng` is for a model
     * that averages over what the guess leaves open (e.g. when a card came to a hand).
     * NULL: every guess is equally likely. */
    double (*log_likelihood)(void *user, const void *guess, Rng *rng);
} InferModel;

typedef struct {
    unsigned char *data; /* n guesses of `size` bytes */
    double *w;           /* their normalized weights (sum 1) */
    double *cum;         /* running sums of w, for drawing by weight */
    size_t size;
    int n, cap;
    double ess;          /* effective number of guesses, (sum w)^2 / sum w^2 */
    int impossible;      /* guesses the model ruled out */
} Particles;

void particles_init(Particles *ps, size_t size);
void particles_free(Particles *ps);
void particles_clear(Particles *ps);
/* Room for one more guess (its weight unset until infer_weigh); NULL when out of memory. */
void *particles_add(Particles *ps);
static inline void *particle_at(const Particles *ps, int i) { return ps->data + (size_t)i * ps->size; }

/* Weighs the guesses in `ps` (drawn or listed by the game) with the model: sets w, cum,
 * ess and impossible. */
void infer_weigh(const InferModel *m, void *user, Rng *rng, double temper, Particles *ps);

/* Draws `n` guesses with m->propose into `ps` (cleared first) and weighs them. Returns the
 * number of guesses drawn. */
int infer_sample(const InferModel *m, void *user, Rng *rng, int n, double temper, Particles *ps);

/* The index of a guess drawn by weight, for u uniform in [0, 1). */
int particles_pick(const Particles *ps, double u);

#endif
