/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco house rules (table options, docs/truco-variants.md "House rules"): a raise answered
 * only by accepting or running (reraise=off), a first refusal that passes the answer to the
 * partner (run_passes=on, four players), who leads after a tied rodada (tie_lead). Each from
 * a fixed deal: the legal answers, who answers, who leads; a save that resumes with them;
 * and the bots: every level decides only legal actions under every combination, and Hard's
 * search plays the rule in force. */
#include <stdlib.h>

#include "engine/ai/analysis.h"
#include "engine/match.h"
#include "games/truco/truco_bots.h"
#include "truco_test.h"

static GameOptions opts(const char *kv1, const char *kv2, const char *kv3)
{
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    char err[256];
    const char *kv[3] = {kv1, kv2, kv3};
    for (int i = 0; i < 3; i++)
        if (kv[i] && rules_parse_option(&truco_rules, &o, kv[i], err, sizeof err))
            fail_msg("%s: %s", kv[i], err);
    return o;
}

/* The defaults are the written rules; the keys read and write back; run_passes has no effect
 * with two players. */
static void test_options(void **u)
{
    (void)u;
    GameOptions o = opts(NULL, NULL, NULL);
    assert_int_equal(o.v[TR_OPT_RERAISE], 1);
    assert_int_equal(o.v[TR_OPT_RUN_PASSES], 0);
    assert_int_equal(o.v[TR_OPT_TIE_LEAD], TR_TIE_TIED);
    o = opts("reraise=off", "run_passes=on", "tie_lead=mao");
    assert_int_equal(o.v[TR_OPT_RERAISE], 0);
    assert_int_equal(o.v[TR_OPT_RUN_PASSES], 1);
    assert_int_equal(o.v[TR_OPT_TIE_LEAD], TR_TIE_MAO);
    char kv[64];
    rules_format_option(&truco_rules, &o, TR_OPT_TIE_LEAD, kv, sizeof kv);
    assert_string_equal(kv, "tie_lead=mao");
    rules_format_option(&truco_rules, &o, TR_OPT_RERAISE, kv, sizeof kv);
    assert_string_equal(kv, "reraise=off");
    o = opts("tie_lead=first", NULL, NULL);
    assert_int_equal(o.v[TR_OPT_TIE_LEAD], TR_TIE_FIRST);
    /* the values of tie_lead are keys: the menu shows words */
    assert_string_equal(rules_value_label(&truco_rules, TR_OPT_TIE_LEAD, TR_TIE_FIRST),
                        "first of the tied cards");
    GameOptions bad = opts(NULL, NULL, NULL);
    char err[256];
    assert_non_null(rules_parse_option(&truco_rules, &bad, "tie_lead=leader", err, sizeof err));
    o = opts("reraise=off", "run_passes=on", "tie_lead=mao");
    TrucoState s2 = tt_new_n(2, &o), s4 = tt_new_n(4, &o);
    assert_int_equal(s2.opt_run_passes, 0);
    assert_int_equal(s4.opt_run_passes, 1);
    assert_int_equal(s2.opt_reraise, 0);
    assert_int_equal(s2.opt_tie_lead, TR_TIE_MAO);
}

/* reraise=off: the answers are accept and run (and, with four, leave it to the partner); a
 * raise as an answer is refused; the team that accepted raises on its own turn. */
static void test_no_reraise(void **u)
{
    (void)u;
    GameOptions o = opts("reraise=off", NULL, NULL);
    TrucoState s = tt_hand_with(&o, 0, "3c 2c Ad", "4c 6c 7c", "4h");
    tt_act(&s, "truco");
    assert_int_equal(truco_current_player(&s), 1);
    Action acts[RULES_MAX_ACTIONS];
    assert_int_equal(truco_rules.legal_actions(&s, acts), 2);
    assert_true(tt_legal(&s, "aceitar") && tt_legal(&s, "correr"));
    assert_int_equal(truco_answer_raise(&s), 0);
    tt_refused(&s, "seis");
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 3);
    tt_act(&s, "play 3♣");
    /* seat 1, whose side accepted, may raise on its turn */
    assert_true(tt_legal(&s, "seis"));
    tt_act(&s, "seis");
    assert_false(tt_legal(&s, "nove"));
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 6);

    /* the written rule, for contrast */
    TrucoState d = tt_hand_with(NULL, 0, "3c 2c Ad", "4c 6c 7c", "4h");
    tt_act(&d, "truco");
    assert_true(tt_legal(&d, "seis"));
    assert_int_equal(truco_answer_raise(&d), TR_SEIS);

    /* four players: accept, run, or leave it to the partner, who may not raise either */
    TrucoState f = tt_hand4_with(&o, 0, "3c 2c Ad", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    tt_act(&f, "truco");
    assert_int_equal(truco_rules.legal_actions(&f, acts), 3);
    assert_true(tt_legal(&f, "parceiro"));
    tt_refused(&f, "seis");
    tt_act(&f, "parceiro");
    assert_int_equal(truco_current_player(&f), 3);
    tt_refused(&f, "seis");
    assert_int_equal(truco_rules.legal_actions(&f, acts), 2);
}

/* run_passes=on (four players): the first to answer who runs leaves the answer to the
 * partner; the team runs only if both refuse, and one acceptance accepts. */
static void test_run_passes(void **u)
{
    (void)u;
    GameOptions o = opts("run_passes=on", NULL, NULL);
    const char *h[4] = {"3c 2c Ad", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s"};
    /* both refuse: the raiser's team scores 1 */
    TrucoState s = tt_hand4_with(&o, 0, h[0], h[1], h[2], h[3], "4h");
    tt_act(&s, "truco");
    assert_int_equal(truco_current_player(&s), 1);
    assert_true(truco_run_passes(&s));
    tt_act(&s, "correr");
    assert_int_equal(s.phase, TR_PH_ANSWER);
    assert_int_equal(truco_current_player(&s), 3);
    assert_true(s.passed);
    assert_false(truco_run_passes(&s));
    assert_false(tt_legal(&s, "parceiro"));
    assert_int_equal(s.score[0], 0);
    tt_act(&s, "correr");
    assert_int_equal(s.last_end, TR_END_RUN);
    assert_int_equal(s.last_winner, 0);
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.bet_runs[1], 1); /* the team refused once, not twice */

    /* the first refuses, the partner accepts: the hand is worth 3 */
    s = tt_hand4_with(&o, 0, h[0], h[1], h[2], h[3], "4h");
    tt_act(&s, "truco");
    tt_act(&s, "correr");
    tt_act(&s, "aceitar");
    assert_int_equal(s.phase, TR_PH_PLAY);
    assert_int_equal(s.value, 3);
    assert_int_equal(truco_current_player(&s), 0);
    /* the partner may also raise */
    s = tt_hand4_with(&o, 0, h[0], h[1], h[2], h[3], "4h");
    tt_act(&s, "truco");
    tt_act(&s, "correr");
    tt_act(&s, "seis");
    assert_int_equal(truco_current_player(&s), 0); /* the raiser's next seat answers the seis */
    assert_int_equal(s.raiser, 3);
    /* and a refusal of the seis passes too */
    tt_act(&s, "correr");
    assert_int_equal(truco_current_player(&s), 2);
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 6);

    /* the written rule: the first refusal ends the hand */
    TrucoState d = tt_hand4_with(NULL, 0, h[0], h[1], h[2], h[3], "4h");
    tt_act(&d, "truco");
    assert_false(truco_run_passes(&d));
    tt_act(&d, "correr");
    assert_int_equal(d.last_end, TR_END_RUN);
    assert_int_equal(d.score[0], 1);

    /* two players: a refusal ends the hand whatever the option */
    TrucoState t = tt_hand_with(&o, 0, "3c 2c Ad", "4c 6c 7c", "4h");
    tt_act(&t, "truco");
    tt_act(&t, "correr");
    assert_int_equal(t.last_end, TR_END_RUN);
    /* the mão de onze is not a raise: it is decided as before (tested by the four suite) */
}

/* tie_lead: who leads after a tied rodada. Four players, mão 0, vira 4♥ (manilhas 5s):
 * seat 1 plays the first 3, seat 2 ties it, seat 3 plays the other 3. The player who tied it
 * is seat 2, the first of the tied cards seat 1, the mão seat 0. */
static void test_tie_lead(void **u)
{
    (void)u;
    const char *keys[3] = {"tie_lead=tied", "tie_lead=first", "tie_lead=mao"};
    const int lead2[3] = {2, 1, 0};
    for (int k = 0; k < 3; k++) {
        GameOptions o = opts(keys[k], NULL, NULL);
        TrucoState s = tt_hand4_with(&o, 0, "Kc 6c 7c", "3d 6d 7d", "3s 2s 7s", "3h 6h Jh", "4h");
        tt_act(&s, "play K♣");
        tt_act(&s, "play 3♦");
        tt_act(&s, "play 3♠");
        int res;
        assert_int_equal(truco_rodada_leader(&s, 0, &res), lead2[k]);
        assert_int_equal(res, TR_RES_TIE);
        tt_act(&s, "play 3♥");
        assert_int_equal(s.result[0], TR_RES_TIE);
        assert_int_equal(s.rodada, 1);
        assert_int_equal(truco_current_player(&s), lead2[k]);
        /* the past rodada's leader is worked out again the same way */
        assert_int_equal(truco_rodada_leader(&s, 0, NULL), lead2[k]);
    }
    /* two players, mão 1: the written rule gives the lead to seat 0 (who tied, second to
     * play), both alternatives to seat 1 (the mão, who played the first tied card) */
    for (int k = 0; k < 3; k++) {
        GameOptions o = opts(keys[k], NULL, NULL);
        TrucoState s = tt_hand_with(&o, 1, "3c 6c 7c", "3d 6d 7d", "4h");
        tt_act(&s, "play 3♦");
        tt_act(&s, "play 3♣");
        assert_int_equal(s.result[0], TR_RES_TIE);
        assert_int_equal(truco_current_player(&s), k == 0 ? 0 : 1);
        /* a second tie: the same rule again */
        tt_act(&s, k == 0 ? "play 6♣" : "play 6♦");
        tt_act(&s, k == 0 ? "play 6♦" : "play 6♣");
        assert_int_equal(s.result[1], TR_RES_TIE);
        assert_int_equal(truco_current_player(&s), 1); /* who tied it, or the mão */
    }
}

/* A save keeps the house rules and resumes with them: bots play a four-seat match under all
 * three, the save reads back to the same state and options, and play goes on. */
static void test_save_resume(void **u)
{
    (void)u;
    GameOptions o = opts("reraise=off", "run_passes=on", "tie_lead=first");
    SeatSpec seats[4];
    for (int p = 0; p < 4; p++)
        seats[p] = (SeatSpec){.bot = true, .difficulty = p % 2 ? DIFF_EASY : DIFF_MEDIUM};
    char merr[MATCH_ERR];
    Match *m = match_create(&truco_rules, &o, 4, seats, 41, merr, sizeof merr);
    assert_non_null(m);
    for (int k = 0; k < 40 && !match_is_over(m); k++) {
        if (match_current_player(m) == PLAYER_CHANCE)
            match_play_chance(m);
        else
            assert_null(match_play_bot(m));
    }
    assert_false(match_is_over(m));
    char *text = match_save_text(m);
    assert_non_null(strstr(text, "reraise=off"));
    assert_non_null(strstr(text, "run_passes=on"));
    assert_non_null(strstr(text, "tie_lead=first"));
    Match *b = match_load_text(text, strlen(text), merr, sizeof merr);
    if (!b)
        fail_msg("load: %s", merr);
    assert_int_equal(b->history_len, m->history_len);
    assert_memory_equal(m->state, b->state, sizeof(TrucoState));
    assert_int_equal(b->options.v[TR_OPT_RERAISE], 0);
    assert_int_equal(b->options.v[TR_OPT_RUN_PASSES], 1);
    assert_int_equal(b->options.v[TR_OPT_TIE_LEAD], TR_TIE_FIRST);
    const TrucoState *bs = b->state;
    assert_int_equal(bs->opt_reraise, 0);
    assert_int_equal(bs->opt_run_passes, 1);
    assert_int_equal(bs->opt_tie_lead, TR_TIE_FIRST);
    for (int k = 0; k < 4000 && !match_is_over(b); k++) {
        if (match_current_player(b) == PLAYER_CHANCE)
            match_play_chance(b);
        else
            assert_null(match_play_bot(b));
    }
    assert_true(match_is_over(b));
    free(text);
    match_free(b);
    match_free(m);
}

/* ---- Bots ------------------------------------------------------------------------------- */

typedef Action (*Decide)(const BotRequest *);

static Action hard_small(const BotRequest *req)
{
    BotRequest r = *req;
    r.iterations = 24;
    return truco_hard_decide(&r);
}

/* Every level decides legal actions only, from its view, under each combination of the
 * three options, four seats (and two): random matches, Easy and Medium at every decision,
 * Hard at every answer to a raise and at a sample of the rest. */
static void test_bots_legal_every_combination(void **u)
{
    (void)u;
    Decide fns[3] = {truco_seed_decide, truco_medium_decide, hard_small};
    static const char *const tie[3] = {"tie_lead=tied", "tie_lead=first", "tie_lead=mao"};
    Action out[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int hard_answers = 0, reraise_offered = 0;
    for (int combo = 0; combo < 12; combo++) {
        GameOptions o = opts(combo & 1 ? "reraise=off" : "reraise=on",
                             combo & 2 ? "run_passes=on" : "run_passes=off", tie[combo / 4]);
        for (int np = 4; np >= 2; np -= 2) {
            if (np == 2 && combo % 3)
                continue; /* two seats: a few combinations suffice */
            TrucoState s = tt_new_n(np, &o);
            Rng rng;
            rng_seed(&rng, (uint64_t)(combo * 7 + np));
            for (int steps = 0; s.phase != TR_PH_OVER && steps < 3000; steps++) {
                int p = truco_current_player(&s);
                Action a;
                if (p == PLAYER_CHANCE) {
                    int n = truco_rules.chance_outcomes(&s, out, w);
                    a = out[rng_below(&rng, (uint32_t)n)];
                } else {
                    /* seats play Easy, Medium, Hard in turn; Hard's turns to play a card are
                     * sampled (it is slow), every answer it has is asked */
                    int level = (p + combo) % 3;
                    if (level == 2 && s.phase == TR_PH_PLAY && rng_below(&rng, 4))
                        level = 1;
                    if (s.phase == TR_PH_ANSWER && !truco_answer_raise(&s))
                        reraise_offered++;
                    hard_answers += level == 2 && s.phase == TR_PH_ANSWER;
                    TrucoState view;
                    truco_rules.observe(&s, p, &view);
                    Rng r;
                    rng_seed(&r, rng_next(&rng));
                    BotRequest req = {&truco_rules, &view, p, &r, 200, 0, NULL};
                    a = fns[level](&req);
                    if (!rules_is_legal(&truco_rules, &s, a)) {
                        char t[RULES_ACTION_TEXT];
                        truco_rules.action_to_string(&s, a, t);
                        fail_msg("combination %d, %d seats: level %d chose '%s', not legal",
                                 combo, np, level, t);
                    }
                }
                assert_null(truco_rules.apply(&s, a));
            }
            assert_int_equal(s.phase, TR_PH_OVER);
        }
    }
    assert_true(hard_answers > 20);
    assert_true(reraise_offered > 20);
}

/* Hard's search plays the rule in force: its worlds go through the rules themselves. With
 * run_passes the first answerer's "correr" leaves the answer to the partner, so the search
 * values it exactly as "parceiro" (the same worlds, the same rollouts); under the written
 * rule it ends the hand and is valued as a hand lost at its value. */
static void test_hard_models_run_passes(void **u)
{
    (void)u;
    const char *h[4] = {"Kc 6c 7c", "Qd 5s 4c", "Kd Jd 6d", "3s 2s 5c"};
    for (int k = 0; k < 2; k++) {
        GameOptions o = opts(k ? "run_passes=on" : "run_passes=off", NULL, NULL);
        TrucoState s = tt_hand4_with(&o, 0, h[0], h[1], h[2], h[3], "4h");
        tt_act(&s, "truco");
        int seat = truco_current_player(&s);
        assert_int_equal(seat, 1);
        TrucoState view;
        truco_rules.observe(&s, seat, &view);
        Rng rng;
        rng_seed(&rng, 7);
        BotRequest req = {&truco_rules, &view, seat, &rng, 60, 0, NULL};
        Analysis an;
        truco_hard_analyze(&req, &an);
        const AnalysisItem *run = analysis_item(&an, TR_RUN), *pass = analysis_item(&an, TR_PASS);
        assert_non_null(run);
        assert_non_null(pass);
        assert_true(run->valued && pass->valued);
        if (k)
            assert_true(run->value == pass->value);
        else
            assert_true(run->value < pass->value - 0.01); /* the partner holds the zap */
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_no_reraise),
        cmocka_unit_test(test_run_passes),
        cmocka_unit_test(test_tie_lead),
        cmocka_unit_test(test_save_resume),
        cmocka_unit_test(test_hard_models_run_passes),
        cmocka_unit_test(test_bots_legal_every_combination),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
