/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco signals (four players, RULES.md §1 "Signals"): when a sign is legal, the draw of who
 * catches it, that a seat which did not see a sign has no trace of it in its view or in a
 * deal drawn from it, save and replay, and the bots: honest signs, read by Medium and Hard. */
#include <stdlib.h>

#include "engine/match.h"
#include "games/truco/truco_bots.h"
#include "truco_test.h"

static GameOptions opts(const char *kv1, const char *kv2)
{
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    char err[256];
    if (kv1)
        assert_null(rules_parse_option(&truco_rules, &o, kv1, err, sizeof err));
    if (kv2)
        assert_null(rules_parse_option(&truco_rules, &o, kv2, err, sizeof err));
    return o;
}

/* A four-player hand with the given options (NULL: defaults). */
static TrucoState hand4(const GameOptions *o, int mao, const char *h0, const char *h1,
                        const char *h2, const char *h3, const char *vira)
{
    return tt_hand4_with(o, mao, h0, h1, h2, h3, vira);
}

static const char *H0 = "4d 5s 6d", *H1 = "7c Kc 4s", *H2 = "Qd 5c 6c", *H3 = "Qh 3h Jd";

static void test_options(void **u)
{
    (void)u;
    GameOptions o = opts(NULL, NULL);
    assert_int_equal(o.v[TR_OPT_SIGNALS], 1);
    TrucoState s4 = tt_new_n(4, &o), s2 = tt_new_n(2, &o);
    assert_int_equal(s4.opt_signals, 1);
    assert_int_equal(s4.opt_seen, 10); /* the default: 10 % */
    assert_int_equal(s2.opt_signals, 0); /* no effect with two players */
    o = opts("signal_seen=35", NULL);
    s4 = tt_new_n(4, &o);
    assert_int_equal(s4.opt_seen, 35);
    char err[256];
    assert_non_null(rules_parse_option(&truco_rules, &o, "signal_seen=7", err, sizeof err));
    o = opts("signals=off", NULL);
    s4 = tt_new_n(4, &o);
    assert_int_equal(s4.opt_signals, 0);
    char kv[64];
    o = opts("signal_seen=100", NULL);
    rules_format_option(&truco_rules, &o, TR_OPT_SEEN, kv, sizeof kv);
    assert_string_equal(kv, "signal_seen=100");
}

/* A sign is made on the seat's own turn to play, does not pass the turn, once per sign and
 * hand; a person may sign a card it does not hold; none in an answer, with signals off, in
 * a two-player game. */
static void test_when_legal(void **u)
{
    (void)u;
    TrucoState s = tt_hand4(0, H0, H1, H2, H3, "4h");
    assert_int_equal(truco_current_player(&s), 0);
    assert_true(tt_legal(&s, "sinal espadilha"));
    assert_true(tt_legal(&s, "sinal zap")); /* seat 0 has no zap: a bluff is allowed */
    tt_act(&s, "sinal zap");
    assert_int_equal(s.phase, TR_PH_CAUGHT);
    assert_int_equal(truco_current_player(&s), PLAYER_CHANCE);
    tt_refused(&s, "play 4♦"); /* the draw comes first */
    tt_act(&s, "caught none");
    assert_int_equal(truco_current_player(&s), 0); /* still seat 0's turn */
    assert_int_equal(s.n_table, 0);
    tt_refused(&s, "sinal zap"); /* once a hand */
    tt_act(&s, "sinal tres");
    tt_act(&s, "caught 1 3");
    tt_act(&s, "play 4♦");
    /* Seat 1's turn: seat 0 can no longer sign (the text names no seat: it is always the
     * seat to play), and an answer is no place for a sign. */
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "truco");
    assert_int_equal(s.phase, TR_PH_ANSWER);
    tt_refused(&s, "sinal copas");
    tt_act(&s, "aceitar");
    assert_true(tt_legal(&s, "sinal copas"));
    /* Signals off: no sign at all. */
    GameOptions off = opts("signals=off", NULL);
    TrucoState t = hand4(&off, 0, H0, H1, H2, H3, "4h");
    tt_refused(&t, "sinal espadilha");
    Action acts[RULES_MAX_ACTIONS];
    int n = truco_rules.legal_actions(&t, acts);
    for (int i = 0; i < n; i++)
        assert_true(acts[i] < TR_SIGNAL || acts[i] >= TR_SIGNAL + TR_SIGNS);
    /* Two players: none either. */
    TrucoState two = tt_hand(0, "4d 5s 6d", "Kc 3h 4s", "4h");
    tt_refused(&two, "sinal espadilha");
    /* The next hand: the signs of the last one are gone, and may be made again. */
    TrucoState h = tt_hand4(0, H0, H1, H2, H3, "4h");
    tt_act(&h, "sinal espadilha");
    tt_act(&h, "caught none");
    tt_act(&h, "truco");
    tt_act(&h, "correr");
    assert_int_equal(h.phase, TR_PH_DEAL);
    tt_deal4(&h, H1, H2, H3, H0, "4h");
    for (int p = 0; p < 4; p++)
        for (int k = 0; k < TR_SIGNS; k++)
            assert_int_equal(h.sig[p][k], 0);
    assert_int_equal(truco_current_player(&h), 1);
    assert_true(tt_legal(&h, "sinal espadilha"));
}

/* The draw: each opponent catches a sign with the option's chance, on its own. */
static void test_catch_draw(void **u)
{
    (void)u;
    TrucoState s = tt_hand4(0, H0, H1, H2, H3, "4h");
    tt_act(&s, "play 4♦"); /* seat 1 signs: its opponents are seats 0 and 2 */
    tt_act(&s, "sinal tres");
    Action a[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = truco_rules.chance_outcomes(&s, a, w);
    assert_int_equal(n, 4);
    uint32_t want[16] = {0};
    want[0] = 90 * 90, want[1] = 10 * 90, want[4] = 90 * 10, want[5] = 10 * 10;
    for (int i = 0; i < n; i++) {
        int m = a[i] - TR_CAUGHT;
        assert_true(m >= 0 && m < 16);
        assert_int_equal(w[i], want[m]);
        char t[RULES_ACTION_TEXT];
        Action back;
        truco_rules.action_to_string(&s, a[i], t);
        assert_true(truco_rules.action_from_string(&s, t, &back));
        assert_int_equal(back, a[i]);
    }
    tt_refused(&s, "caught 3"); /* seat 3 is the partner: always sees it */
    tt_act(&s, "caught 2");
    assert_int_equal(s.sig[1][TR_SIGN_THREE], (1 << 1) | (1 << 3) | (1 << 2));
    /* 0 %: no draw at all; 100 %: one outcome, both catch it. */
    GameOptions o0 = opts("signal_seen=0", NULL), o100 = opts("signal_seen=100", NULL);
    TrucoState z = hand4(&o0, 0, H0, H1, H2, H3, "4h");
    tt_act(&z, "sinal espadilha");
    assert_int_equal(z.phase, TR_PH_PLAY);
    assert_int_equal(z.sig[0][TR_SIGN_ESPADILHA], (1 << 0) | (1 << 2));
    TrucoState f = hand4(&o100, 0, H0, H1, H2, H3, "4h");
    tt_act(&f, "sinal espadilha");
    n = truco_rules.chance_outcomes(&f, a, w);
    assert_int_equal(n, 1);
    assert_int_equal(a[0], TR_CAUGHT + ((1 << 1) | (1 << 3)));
}

/* Seat `seat`'s views of two states are the same (or differ). */
static void assert_views(const TrucoState *with, const TrucoState *without, int seat, bool same)
{
    TrucoState v1, v2;
    truco_rules.observe(with, seat, &v1);
    truco_rules.observe(without, seat, &v2);
    if (same)
        assert_memory_equal(&v1, &v2, sizeof v1);
    else
        assert_memory_not_equal(&v1, &v2, sizeof v1);
}

/* A seat that did not see a sign has exactly the view it would have had without it once the
 * catch is drawn (during the draw, only that a sign was made). The partner sees it; no one
 * learns who caught it. */
static void test_no_trace(void **u)
{
    (void)u;
    TrucoState plain = tt_hand4(0, H0, H1, H2, H3, "4h");
    TrucoState s = plain, other = plain;
    tt_act(&s, "sinal espadilha");
    tt_act(&other, "sinal tres");
    /* The draw is on: the opponents see that seat 0 made a sign, not which (the views after
     * two different signs are the same), and everyone sees a chance step. */
    for (int q = 1; q < 4; q += 2) {
        TrucoState v;
        truco_rules.observe(&s, q, &v);
        assert_int_equal(truco_current_player(&v), PLAYER_CHANCE);
        assert_int_equal(v.sig_sign, TR_SIGNS);
        for (int k = 0; k < TR_SIGNS; k++)
            assert_int_equal(v.sig[0][k], 0);
        assert_views(&s, &other, q, true);
    }
    assert_views(&s, &other, 2, false);
    TrucoState none = s, one = s, both = s;
    tt_act(&none, "caught none");
    tt_act(&one, "caught 1");
    tt_act(&both, "caught 1 3");
    assert_views(&none, &plain, 1, true);
    assert_views(&none, &plain, 3, true);
    assert_views(&one, &plain, 3, true); /* seat 3 missed it */
    assert_views(&one, &plain, 1, false);
    /* Seat 1 caught it: it knows the sign, and that seat 0's team knows; not whether seat 3
     * caught it too. Seats 0 and 2 never know who caught it. */
    TrucoState v;
    truco_rules.observe(&one, 1, &v);
    assert_true(truco_saw_signal(&v, 1, 0, TR_SIGN_ESPADILHA));
    assert_false(truco_saw_signal(&v, 3, 0, TR_SIGN_ESPADILHA));
    assert_views(&one, &both, 1, true);
    for (int p = 0; p <= 2; p += 2) {
        assert_views(&none, &one, p, true);
        assert_views(&none, &both, p, true);
        truco_rules.observe(&none, p, &v);
        assert_int_equal(v.sig[0][TR_SIGN_ESPADILHA], (1 << 0) | (1 << 2));
    }
    /* And the signer's hand stays hidden to everyone but itself. */
    for (int q = 1; q < 4; q++) {
        truco_rules.observe(&both, q, &v);
        for (int i = 0; i < TR_HAND; i++)
            assert_int_equal(v.hand[0][i], CARD_HIDDEN);
    }
    /* A deal drawn from a view that missed the sign has no sign; one from the partner's
     * keeps it; both agree with their views. */
    Rng rng;
    rng_seed(&rng, 5);
    for (int seat = 0; seat < 4; seat++) {
        TrucoState view, r, rv;
        truco_rules.observe(&one, seat, &view);
        for (int k = 0; k < 20; k++) {
            truco_rules.resample(&view, seat, &rng, &r);
            truco_rules.observe(&r, seat, &rv);
            assert_memory_equal(&view, &rv, sizeof view);
            bool has = r.sig[0][TR_SIGN_ESPADILHA] != 0;
            assert_int_equal(has, seat != 3);
        }
    }
}

/* Random games with signs caught often: a seat's view shows exactly the signs that seat
 * saw, the views are stable, and the actions' texts read back. */
static void test_random_views(void **u)
{
    (void)u;
    GameOptions o = opts("signal_seen=50", NULL);
    Rng rng;
    rng_seed(&rng, 77);
    int signs = 0, missed = 0;
    for (int g = 0; g < 40; g++) {
        TrucoState s = tt_new_n(4, &o);
        for (int steps = 0; truco_current_player(&s) != PLAYER_TERMINAL && steps < 4000; steps++) {
            for (int seat = 0; seat < 4; seat++) {
                TrucoState v, vv;
                truco_rules.observe(&s, seat, &v);
                truco_rules.observe(&v, seat, &vv);
                assert_memory_equal(&v, &vv, sizeof v);
                for (int p = 0; p < 4; p++)
                    for (int k = 0; k < TR_SIGNS; k++) {
                        bool saw = truco_saw_signal(&s, seat, p, k);
                        assert_int_equal(v.sig[p][k] != 0, saw);
                        missed += s.sig[p][k] && !saw;
                    }
            }
            int cp = truco_current_player(&s);
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = cp == PLAYER_CHANCE ? truco_rules.chance_outcomes(&s, acts, w)
                                        : truco_rules.legal_actions(&s, acts);
            assert_true(n > 0);
            Action a = acts[rng_below(&rng, (uint32_t)n)];
            if (cp >= 0 && (a == TR_RUN || a == TR_ONZE_RUN) && rng_below(&rng, 4))
                a = acts[0];
            signs += a >= TR_SIGNAL && a < TR_SIGNAL + TR_SIGNS;
            char t[RULES_ACTION_TEXT];
            Action back;
            truco_rules.action_to_string(&s, a, t);
            assert_true(truco_rules.action_from_string(&s, t, &back));
            assert_int_equal(back, a);
            assert_null(truco_rules.apply(&s, a));
        }
    }
    assert_true(signs > 100 && missed > 0);
}

/* Save and replay: the signs and the draws are lines of the save like any other action;
 * a sign submitted by a seat that is not to play is refused. */
static void test_save_replay(void **u)
{
    (void)u;
    GameOptions o = opts("signal_seen=30", NULL);
    SeatSpec seats[4];
    for (int p = 0; p < 4; p++)
        seats[p] = (SeatSpec){.bot = true, .difficulty = p % 2 ? DIFF_EASY : DIFF_MEDIUM};
    char merr[MATCH_ERR];
    Match *m = match_create(&truco_rules, &o, 4, seats, 2026, merr, sizeof merr);
    assert_non_null(m);
    bool refused = false;
    for (int k = 0; k < 300 && !match_is_over(m); k++) {
        int cp = match_current_player(m);
        if (cp == PLAYER_CHANCE) {
            match_play_chance(m);
            continue;
        }
        const TrucoState *s = m->state;
        if (s->phase == TR_PH_PLAY && truco_can_signal(s, cp, TR_SIGN_ZAP)) {
            TrucoState before = *s;
            assert_non_null(match_submit(m, (cp + 2) % 4, TR_SIGNAL + TR_SIGN_ZAP));
            assert_non_null(match_submit(m, (cp + 1) % 4, TR_SIGNAL + TR_SIGN_ZAP));
            assert_memory_equal(&before, m->state, sizeof before);
            refused = true;
        }
        assert_null(match_play_bot(m));
    }
    assert_true(refused);
    char *text = match_save_text(m);
    assert_non_null(strstr(text, "\nsinal "));
    assert_non_null(strstr(text, "\ncaught "));
    Match *b = match_load_text(text, strlen(text), merr, sizeof merr);
    if (!b)
        fail_msg("load: %s", merr);
    assert_int_equal(b->history_len, m->history_len);
    assert_memory_equal(m->state, b->state, sizeof(TrucoState));
    assert_int_equal(b->options.v[TR_OPT_SEEN], o.v[TR_OPT_SEEN]);
    free(text);
    match_free(b);
    match_free(m);
}

/* ---- Bots ----------------------------------------------------------------------------- */

static Action ask(Action (*fn)(const BotRequest *), const TrucoState *s, uint64_t seed)
{
    int seat = truco_current_player(s);
    TrucoState view;
    truco_rules.observe(s, seat, &view);
    Rng rng;
    rng_seed(&rng, seed);
    BotRequest req = {&truco_rules, &view, seat, &rng, 200, 0, NULL};
    Action a = fn(&req);
    assert_true(rules_is_legal(&truco_rules, s, a));
    return a;
}

/* Every level signs exactly the manilhas and the three it holds, before its first card. */
static void test_bots_sign_honestly(void **u)
{
    (void)u;
    Action (*fns[2])(const BotRequest *) = {truco_seed_decide, truco_medium_decide};
    Rng rng;
    rng_seed(&rng, 9);
    int made = 0;
    for (int g = 0; g < 60; g++) {
        TrucoState s = tt_new_n(4, NULL);
        while (truco_current_player(&s) == PLAYER_CHANCE) {
            Action a[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = truco_rules.chance_outcomes(&s, a, w);
            assert_null(truco_rules.apply(&s, a[rng_below(&rng, (uint32_t)n)]));
        }
        if (s.phase != TR_PH_PLAY)
            continue;
        int seat = truco_current_player(&s);
        uint8_t held = 0;
        for (int k = 0; k < TR_SIGNS; k++)
            for (int i = 0; i < TR_HAND; i++)
                if (truco_sign_matches(&s, k, s.hand[seat][i]))
                    held |= (uint8_t)(1u << k);
        uint8_t signed_ = 0;
        for (int step = 0; step < 12; step++) {
            Action a = ask(fns[g % 2], &s, (uint64_t)g);
            if (a < TR_SIGNAL || a >= TR_SIGNAL + TR_SIGNS)
                break;
            signed_ |= (uint8_t)(1u << (a - TR_SIGNAL));
            made++;
            assert_null(truco_rules.apply(&s, a));
            assert_null(truco_rules.apply(&s, TR_CAUGHT));
        }
        assert_int_equal(signed_, held);
    }
    assert_true(made > 10);
}

/* Rodada 2 after a tied 1st (so it decides the hand): seat 3 tied it and leads a 3. Seat 0
 * holds the espadilha and a 6; its partner, last to play, signed the zap in the 1st rodada.
 * Medium throws the 6 and lets the partner take it; without the sign it kills the 3. */
static TrucoState rodada2(bool sign)
{
    TrucoState s = tt_hand4(0, H0, H1, H2, H3, "4h");
    tt_act(&s, "truco"); /* so that seat 0 cannot raise now: its cards are the question */
    tt_act(&s, "aceitar");
    tt_act(&s, "play 4♦");
    tt_act(&s, "play 4♠");
    if (sign) {
        tt_act(&s, "sinal zap");
        tt_act(&s, "caught none");
    }
    tt_act(&s, "play Q♦");
    tt_act(&s, "play Q♥");
    assert_int_equal(s.result[0], TR_RES_TIE);
    tt_act(&s, "play 3♥");
    assert_int_equal(truco_current_player(&s), 0);
    /* Seat 0 signs what it holds first (it did not in the 1st rodada). */
    tt_act(&s, "sinal espadilha");
    tt_act(&s, "caught none");
    return s;
}

static void test_medium_reads_the_partner(void **u)
{
    (void)u;
    for (uint64_t seed = 0; seed < 4; seed++) {
        TrucoState s = rodada2(true);
        Action a = ask(truco_medium_decide, &s, seed);
        Card six = tt_card("6d");
        assert_true(a == TR_PLAY + card_index(six) || a == TR_HIDE + card_index(six));
        TrucoState t = rodada2(false);
        Action b = ask(truco_medium_decide, &t, seed);
        assert_true(b == TR_PLAY + card_index(tt_card("5s")));
    }
}

/* Hard's deals put the signed cards in the signer's hand, and stay true to the view; a sign
 * the seat did not see changes nothing. */
static void test_hard_worlds_hold_the_signs(void **u)
{
    (void)u;
    TrucoState s = rodada2(true), view, det, dv;
    truco_rules.observe(&s, 0, &view);
    Rng rng;
    rng_seed(&rng, 3);
    Card zap = tt_card("5c");
    for (int k = 0; k < 200; k++) {
        truco_rules.resample(&view, 0, &rng, &det);
        truco_signal_world(&view, 0, &rng, &det);
        truco_rules.observe(&det, 0, &dv);
        assert_memory_equal(&view, &dv, sizeof view);
        bool holds = false;
        for (int i = 0; i < TR_HAND; i++)
            holds |= det.hand[2][i] == zap;
        assert_true(holds);
    }
    /* Seat 1 did not catch it: its deals put the zap anywhere. */
    truco_rules.observe(&s, 1, &view);
    int with_partner = 0;
    for (int k = 0; k < 300; k++) {
        truco_rules.resample(&view, 1, &rng, &det);
        truco_signal_world(&view, 1, &rng, &det);
        for (int i = 0; i < TR_HAND; i++)
            with_partner += det.hand[2][i] == zap;
    }
    assert_true(with_partner < 200);
    /* Hard, like Medium, does not take the rodada from a partner with the zap. */
    for (uint64_t seed = 0; seed < 3; seed++)
        assert_true(ask(truco_hard_decide, &s, seed) != TR_PLAY + card_index(tt_card("5s")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_when_legal),
        cmocka_unit_test(test_catch_draw),
        cmocka_unit_test(test_no_trace),
        cmocka_unit_test(test_random_views),
        cmocka_unit_test(test_save_replay),
        cmocka_unit_test(test_bots_sign_honestly),
        cmocka_unit_test(test_medium_reads_the_partner),
        cmocka_unit_test(test_hard_worlds_hold_the_signs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
