/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Regret minimization (engine/ai/cfr.h) on Kuhn poker, whose equilibria are known: three
 * cards J < Q < K, one each, an ante of 1; the first player checks or bets 1, the second
 * then checks or bets (after a check) or folds or calls (after a bet), and after check-bet
 * the first folds or calls. The first player's value is -1/18 at every equilibrium; the
 * second calls a bet with the Q a third of the time and bets the J after a check a third of
 * the time; the first bets the K three times as often as the J, and never bets the Q. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/ai/cfr.h"

typedef struct {
    uint8_t card[2]; /* 0 J, 1 Q, 2 K */
    uint8_t n;       /* actions so far */
    uint8_t a[3];    /* 0 check/fold, 1 bet/call */
} Kuhn;

static int k_to_move(const void *st)
{
    const Kuhn *k = st;
    if (k->n == 0)
        return 0;
    if (k->n == 1)
        return 1;
    if (k->n == 2 && k->a[0] == 0 && k->a[1] == 1)
        return 0; /* check, bet: the first answers */
    return -1;
}

static double k_utility(const void *st)
{
    const Kuhn *k = st;
    int sign = k->card[0] > k->card[1] ? 1 : -1;
    if (k->n == 2) {
        if (k->a[0] == 0 && k->a[1] == 0)
            return sign; /* check, check */
        if (k->a[0] == 1 && k->a[1] == 0)
            return 1; /* bet, fold */
        return 2 * sign; /* bet, call */
    }
    return k->a[2] == 0 ? -1 : 2 * sign; /* check, bet, then fold or call */
}

static int k_actions(const void *st)
{
    (void)st;
    return 2;
}

/* The seat's card × where it stands: 0 first to act, 1 after a check, 2 after a bet, 3 after
 * check-bet. */
static long k_infoset(const void *st)
{
    const Kuhn *k = st;
    int p = k_to_move(st), h = k->n == 0 ? 0 : k->n == 1 ? 1 + k->a[0] : 3;
    return k->card[p] * 4 + h;
}

static void k_apply(void *st, int a)
{
    Kuhn *k = st;
    k->a[k->n++] = (uint8_t)a;
}

static void k_deal(void *st, Rng *rng, void *user)
{
    (void)user;
    Kuhn *k = st;
    memset(k, 0, sizeof *k);
    k->card[0] = (uint8_t)rng_below(rng, 3);
    k->card[1] = (uint8_t)((k->card[0] + 1 + rng_below(rng, 2)) % 3);
}

static const CfrGame kuhn = {sizeof(Kuhn), 12, k_to_move, k_utility, k_actions, k_infoset,
                             k_apply, k_deal, NULL};

/* The six deals, each once: the best responses below are exact. */
static Kuhn deals[6];

static void make_deals(void)
{
    int n = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            if (a != b) {
                memset(&deals[n], 0, sizeof deals[n]);
                deals[n].card[0] = (uint8_t)a;
                deals[n].card[1] = (uint8_t)b;
                n++;
            }
}

static double exploitability(CfrPolicy pol, void *user)
{
    double f[2], h[2];
    for (int p = 0; p < 2; p++)
        assert_true(cfr_best_response(&kuhn, pol, user, p, deals, 6, deals, 6, &f[p], &h[p]) > 0);
    /* every deal is in both sets: the fitted and the held-out values are the same */
    assert_true(fabs(f[0] - h[0]) < 1e-12 && fabs(f[1] - h[1]) < 1e-12);
    return (f[0] + f[1]) / 2;
}

static void uniform(void *user, long i, int n, double *out)
{
    (void)user;
    (void)i;
    for (int a = 0; a < n; a++)
        out[a] = 1.0 / n;
}

/* The best response itself, on a strategy whose exploitability is known by hand: both
 * players always bet or call (the first player's value is then 0, every showdown for 2;
 * the first player's best response checks the J and folds it to a bet, -1 instead of -2
 * for a third of the deals: +1/3; the second's folds the J to a bet: -1 rather than -2 a
 * third of the time, so +1/3 for it; mean 1/3). */
static void always_bet(void *user, long i, int n, double *out)
{
    (void)user;
    (void)i;
    (void)n;
    out[0] = 0;
    out[1] = 1;
}

static void test_best_response_by_hand(void **state)
{
    (void)state;
    make_deals();
    assert_true(fabs(cfr_value(&kuhn, always_bet, NULL, deals, 6)) < 1e-12);
    assert_true(fabs(exploitability(always_bet, NULL) - 1.0 / 3) < 1e-9);
    assert_true(exploitability(uniform, NULL) > 0.1);
}

static void solve(unsigned flags)
{
    make_deals();
    Cfr c;
    assert_true(cfr_init(&c, &kuhn, flags));
    Rng rng;
    rng_seed(&rng, 2026);
    cfr_run(&c, &rng, 2000);
    double early = exploitability(cfr_average_policy, &c);
    cfr_run(&c, &rng, 398000);
    double late = exploitability(cfr_average_policy, &c);
    print_message("flags %u: exploitability %.4f after 2,000 iterations, %.5f after 400,000\n",
                  flags, early, late);
    assert_true(late < early);
    assert_true(late < 0.005);
    double value = cfr_value(&kuhn, cfr_average_policy, &c, deals, 6);
    assert_true(fabs(value - (-1.0 / 18)) < 0.005);
    double jb[2], kb[2], qb[2], qcall[2], jbluff[2];
    cfr_average(&c, 0 * 4 + 0, 2, jb);     /* first player, J: bet? */
    cfr_average(&c, 1 * 4 + 0, 2, qb);     /* Q */
    cfr_average(&c, 2 * 4 + 0, 2, kb);     /* K */
    cfr_average(&c, 1 * 4 + 2, 2, qcall);  /* second player, Q, facing a bet: call? */
    cfr_average(&c, 0 * 4 + 1, 2, jbluff); /* second player, J, after a check: bet? */
    assert_true(jb[1] <= 1.0 / 3 + 0.03);
    assert_true(qb[1] < 0.03);
    assert_true(fabs(kb[1] - 3 * jb[1]) < 0.08);
    assert_true(fabs(qcall[1] - 1.0 / 3) < 0.04);
    assert_true(fabs(jbluff[1] - 1.0 / 3) < 0.04);
    cfr_free(&c);
}

static void test_kuhn_vanilla(void **state)
{
    (void)state;
    solve(0);
}

static void test_kuhn_plus_linear(void **state)
{
    (void)state;
    solve(CFR_PLUS | CFR_LINEAR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_best_response_by_hand),
        cmocka_unit_test(test_kuhn_vanilla),
        cmocka_unit_test(test_kuhn_plus_linear),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
