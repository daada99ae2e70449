/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inference from play (engine/ai/infer.h) on a toy of its own: a hidden coin is one of
 * three kinds, a seat that holds kind k showed what it showed with a probability that
 * depends on k, and the weights must be Bayes' posterior with the uniform prior. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/ai/infer.h"

/* The likelihood of what the seat did, for each kind: kind 2 could not have done it. */
static const double like[3] = {0.6, 0.3, 0.0};

typedef struct {
    int proposed;
    const double *like;
} Toy;

static bool toy_propose(void *user, Rng *rng, void *out)
{
    Toy *t = user;
    t->proposed++;
    *(uint8_t *)out = (uint8_t)rng_below(rng, 3);
    return true;
}

static double toy_loglik(void *user, const void *guess, Rng *rng)
{
    (void)rng;
    const Toy *t = user;
    double l = t->like[*(const uint8_t *)guess];
    return l > 0 ? log(l) : -INFINITY;
}

static const InferModel toy = {1, toy_propose, toy_loglik};

/* The three kinds listed once each, as a game lists its guesses when they are few. */
static void list_kinds(Particles *ps)
{
    particles_clear(ps);
    for (int k = 0; k < 3; k++)
        *(uint8_t *)particles_add(ps) = (uint8_t)k;
}

static void test_posterior(void **unused)
{
    (void)unused;
    Toy t = {0, like};
    Particles ps;
    particles_init(&ps, 1);
    Rng r;
    rng_seed(&r, 1);
    list_kinds(&ps);
    infer_weigh(&toy, &t, &r, 1.0, &ps);
    /* Uniform prior: the posterior is the likelihood normalized, 2/3, 1/3 and 0. */
    assert_true(fabs(ps.w[0] - 2.0 / 3) < 1e-12);
    assert_true(fabs(ps.w[1] - 1.0 / 3) < 1e-12);
    assert_true(ps.w[2] == 0);
    assert_int_equal(ps.impossible, 1);
    assert_true(fabs(ps.ess - 1.0 / (4.0 / 9 + 1.0 / 9)) < 1e-9);
    assert_true(fabs(ps.cum[0] - 2.0 / 3) < 1e-12);
    assert_true(ps.cum[2] == 1.0);

    /* A temper of 1/2 weighs by the square root of the likelihood; the impossible stays
     * impossible. */
    infer_weigh(&toy, &t, &r, 0.5, &ps);
    double a = sqrt(0.6), b = sqrt(0.3);
    assert_true(fabs(ps.w[0] - a / (a + b)) < 1e-12);
    assert_true(fabs(ps.w[1] - b / (a + b)) < 1e-12);
    assert_true(ps.w[2] == 0);

    /* A temper of 0: no inference, every guess alike (the impossible one too). */
    infer_weigh(&toy, &t, &r, 0.0, &ps);
    for (int k = 0; k < 3; k++)
        assert_true(fabs(ps.w[k] - 1.0 / 3) < 1e-12);
    assert_int_equal(ps.impossible, 0);

    /* Every guess impossible: the model is wrong, they all weigh the same. */
    static const double none[3] = {0, 0, 0};
    Toy z = {0, none};
    infer_weigh(&toy, &z, &r, 1.0, &ps);
    for (int k = 0; k < 3; k++)
        assert_true(fabs(ps.w[k] - 1.0 / 3) < 1e-12);
    assert_int_equal(ps.impossible, 3);
    particles_free(&ps);
}

static void test_pick_by_weight(void **unused)
{
    (void)unused;
    Toy t = {0, like};
    Particles ps;
    particles_init(&ps, 1);
    Rng r;
    rng_seed(&r, 2);
    list_kinds(&ps);
    infer_weigh(&toy, &t, &r, 1.0, &ps);
    /* cum = 2/3, 1, 1: u below 2/3 picks the first, above it the second, never the third
     * (its weight is 0). */
    assert_int_equal(particles_pick(&ps, 0.0), 0);
    assert_int_equal(particles_pick(&ps, 0.66), 0);
    assert_int_equal(particles_pick(&ps, 0.67), 1);
    assert_int_equal(particles_pick(&ps, 0.999999), 1);
    particles_free(&ps);
}

static void test_sample_converges(void **unused)
{
    (void)unused;
    /* Drawn guesses weighed: the weight of each kind is its posterior, up to the draw. */
    Toy t = {0, like};
    Particles ps;
    particles_init(&ps, 1);
    Rng r;
    rng_seed(&r, 3);
    int n = infer_sample(&toy, &t, &r, 20000, 1.0, &ps);
    assert_int_equal(n, 20000);
    assert_int_equal(t.proposed, 20000);
    double mass[3] = {0, 0, 0};
    for (int i = 0; i < n; i++)
        mass[*(uint8_t *)particle_at(&ps, i)] += ps.w[i];
    assert_true(fabs(mass[0] - 2.0 / 3) < 0.02);
    assert_true(fabs(mass[1] - 1.0 / 3) < 0.02);
    assert_true(mass[2] == 0);
    /* Drawing by weight from the sample gives the same shares. */
    int count[3] = {0, 0, 0};
    for (int i = 0; i < 30000; i++) {
        double u = rng_below(&r, 1u << 30) / (double)(1u << 30);
        count[*(uint8_t *)particle_at(&ps, particles_pick(&ps, u))]++;
    }
    assert_true(fabs(count[0] / 30000.0 - 2.0 / 3) < 0.02);
    assert_int_equal(count[2], 0);
    particles_free(&ps);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_posterior),
        cmocka_unit_test(test_pick_by_weight),
        cmocka_unit_test(test_sample_converges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
