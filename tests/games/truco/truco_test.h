/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the Truco suites: set up a hand from a fixed deal and act by text. */
#ifndef TRUCO_TEST_H
#define TRUCO_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "games/truco/truco.h"

/* Applies one of the chance outcomes of s (a chance node), drawn uniformly from r. */
static inline void tt_chance(TrucoState *s, Rng *r)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = truco_rules.chance_outcomes(s, acts, w);
    assert_true(n > 0);
    assert_null(truco_rules.apply(s, acts[rng_below(r, (uint32_t)n)]));
}

/* A new match: blind = "mão de ferro às cegas", match = best of 3. */
static inline TrucoState tt_new(int blind, int match)
{
    TrucoState s;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    o.v[TR_OPT_BLIND] = blind;
    o.v[TR_OPT_MATCH] = match;
    assert_null(truco_rules.init(&s, &o, 2, 1));
    return s;
}

/* Applies the action named by `text`; fails the test when it does not parse or apply. */
static inline void tt_act(TrucoState *s, const char *text)
{
    Action a;
    if (!truco_rules.action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    const char *e = truco_rules.apply(s, a);
    if (e)
        fail_msg("'%s' refused: %s", text, e);
}

/* The action parses but is refused with a reason, and the state does not change. */
static inline void tt_refused(TrucoState *s, const char *text)
{
    Action a;
    if (!truco_rules.action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    TrucoState before = *s;
    const char *e = truco_rules.apply(s, a);
    if (!e || !*e)
        fail_msg("'%s' was accepted", text);
    assert_memory_equal(&before, s, sizeof before);
    assert_false(rules_is_legal(&truco_rules, s, a));
}

static inline bool tt_legal(const TrucoState *s, const char *text)
{
    Action a;
    if (!truco_rules.action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    return rules_is_legal(&truco_rules, s, a);
}

static inline Card tt_card(const char *text)
{
    Card c;
    if (!card_from_text(text, &c))
        fail_msg("'%s' is not a card", text);
    return c;
}

/* Deals the next hand: seat 0 gets h0 ("4c 5d 6h"), seat 1 gets h1, then the vira. The
 * deal goes card by card from the hand's mão, as the rules deal it. */
static inline void tt_deal(TrucoState *s, const char *h0, const char *h1, const char *vira)
{
    assert_int_equal(s->phase, TR_PH_DEAL);
    assert_int_equal(s->n_dealt, 0);
    int mao = s->hands == 0 ? s->mao : (s->mao + 1) % 2;
    char cards[2][3][8];
    const char *h[2] = {h0, h1};
    for (int p = 0; p < 2; p++)
        if (sscanf(h[p], "%7s %7s %7s", cards[p][0], cards[p][1], cards[p][2]) != 3)
            fail_msg("bad hand '%s'", h[p]);
    char t[32];
    for (int k = 0; k < 6; k++) {
        snprintf(t, sizeof t, "deal %s", cards[(mao + k) % 2][k / 2]);
        tt_act(s, t);
    }
    snprintf(t, sizeof t, "deal %s", vira);
    tt_act(s, t);
    assert_int_equal(s->mao, mao);
}

/* A new match of `n` players (2, or 4 in two teams) with the given options (NULL: the
 * defaults). */
static inline TrucoState tt_new_n(int n, const GameOptions *opt)
{
    TrucoState s;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    assert_null(truco_rules.init(&s, opt ? opt : &o, n, 1));
    return s;
}

/* Deals the next hand of a four-player match: seat p gets h[p], then the vira; card by
 * card from the hand's mão, as the rules deal it. */
static inline void tt_deal4(TrucoState *s, const char *h0, const char *h1, const char *h2,
                            const char *h3, const char *vira)
{
    assert_int_equal(s->num_players, 4);
    assert_int_equal(s->phase, TR_PH_DEAL);
    assert_int_equal(s->n_dealt, 0);
    int mao = s->hands == 0 ? s->mao : (s->mao + 1) % 4;
    char cards[4][3][8];
    const char *h[4] = {h0, h1, h2, h3};
    for (int p = 0; p < 4; p++)
        if (sscanf(h[p], "%7s %7s %7s", cards[p][0], cards[p][1], cards[p][2]) != 3)
            fail_msg("bad hand '%s'", h[p]);
    char t[32];
    for (int k = 0; k < 12; k++) {
        snprintf(t, sizeof t, "deal %s", cards[(mao + k) % 4][k / 4]);
        tt_act(s, t);
    }
    snprintf(t, sizeof t, "deal %s", vira);
    tt_act(s, t);
    assert_int_equal(s->mao, mao);
}

/* A four-player match with the given options (NULL: the defaults) at its first hand with
 * seat `mao` as the mão. */
static inline TrucoState tt_hand4_with(const GameOptions *opt, int mao, const char *h0,
                                       const char *h1, const char *h2, const char *h3,
                                       const char *vira)
{
    TrucoState s = tt_new_n(4, opt);
    char t[16];
    snprintf(t, sizeof t, "first %d", mao);
    tt_act(&s, t);
    tt_deal4(&s, h0, h1, h2, h3, vira);
    return s;
}

static inline TrucoState tt_hand4(int mao, const char *h0, const char *h1, const char *h2,
                                  const char *h3, const char *vira)
{
    return tt_hand4_with(NULL, mao, h0, h1, h2, h3, vira);
}

/* A two-player match with the given options (NULL: the defaults) at its first hand with
 * seat `mao` as the mão, dealt h0 / h1 / vira. */
static inline TrucoState tt_hand_with(const GameOptions *opt, int mao, const char *h0,
                                      const char *h1, const char *vira)
{
    TrucoState s = tt_new_n(2, opt);
    char t[16];
    snprintf(t, sizeof t, "first %d", mao);
    tt_act(&s, t);
    tt_deal(&s, h0, h1, vira);
    return s;
}

/* A match at its first hand with seat `mao` as the mão, dealt h0 / h1 / vira. */
static inline TrucoState tt_hand(int mao, const char *h0, const char *h1, const char *vira)
{
    TrucoState s = tt_new(0, 0);
    char t[16];
    snprintf(t, sizeof t, "first %d", mao);
    tt_act(&s, t);
    tt_deal(&s, h0, h1, vira);
    return s;
}

#endif
