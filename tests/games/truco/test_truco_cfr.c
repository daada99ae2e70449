/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 41: Truco's betting abstraction, the strategy table Hard bets by, and Hard's use of
 * it: the shipped table is valid; a real seat's view maps onto the abstraction's information
 * sets as the solver's game defines them; every answer of the table is a distribution over
 * legal actions, in every preset with two and four seats; Hard draws its bets at the table's
 * frequencies; a missing or corrupt table is refused with a clear message and Hard then
 * bets as before. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ai/bot.h"
#include "engine/ai/hint.h"
#include "games/truco/truco_bots.h"
#include "games/truco/truco_cfr.h"
#include "truco_test.h"

static void test_shipped_table_valid(void **state)
{
    (void)state;
    const char *why = truco_cfr_status();
    if (why)
        fail_msg("%s", why);
}

static TrucoCfrSpot spot_of(const TrucoState *s, int seat)
{
    TrucoState v;
    truco_rules.observe(s, seat, &v);
    TrucoCfrSpot sp;
    assert_true(truco_cfr_view_spot(&v, seat, &sp));
    return sp;
}

static void sort3i8(int8_t *c)
{
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int8_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

static void sort3(int *c, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* A hand played by hand: the views give the spots the abstraction would give. */
static void test_view_spots(void **state)
{
    (void)state;
    /* vira 4♦: the manilhas are the 5s. Seat 0 (mão): 5♣ (zap, class 8), 3♥ (class 5),
     * 7♠ (class 0); seat 1: K♣ (class 2), Q♦ (class 1), A♥ (class 3). */
    TrucoState s = tt_hand(0, "5c 3h 7s", "Kc Qd Ah", "4d");
    TrucoCfrSpot sp = spot_of(&s, 0);
    assert_int_equal(sp.n, 3);
    sort3(sp.cls, 3);
    assert_int_equal(sp.cls[0], 0);
    assert_int_equal(sp.cls[1], 5);
    assert_int_equal(sp.cls[2], 8);
    assert_int_equal(sp.table, 0);
    assert_int_equal(sp.rodada, 0);
    assert_int_equal(sp.mao, 1);
    assert_int_equal(sp.bet, 0);
    assert_int_equal(sp.score, 0);
    tt_act(&s, "play 5c");
    sp = spot_of(&s, 1);
    assert_int_equal(sp.table, 1 + 8); /* the zap to beat */
    assert_int_equal(sp.mao, 0);
    /* seat 1 calls truco before playing: seat 0 answers with its zap on the table, counted
     * with its hand */
    tt_act(&s, "truco");
    sp = spot_of(&s, 0);
    assert_int_equal(sp.bet, 4 + 0);
    assert_int_equal(sp.table, 11);
    assert_int_equal(sp.n, 3);
    tt_act(&s, "aceitar");
    tt_act(&s, "play Qd");
    /* rodada 2, seat 0 leads having won the 1st; the hand is worth 3, seat 1 raised last:
     * seat 0 may ask seis */
    sp = spot_of(&s, 0);
    assert_int_equal(sp.rodada, 1);
    assert_int_equal(sp.n, 2);
    assert_int_equal(sp.res[0], 1);
    assert_int_equal(sp.bet, 1);
    assert_int_equal(sp.table, 0);
    assert_int_equal(sp.prev, truco_cfr_prev(1)); /* seat 1's Q♦ */
    /* the same spot's information set is the abstraction's for the same cards */
    long i = truco_cfr_infoset(&sp);
    assert_true(i >= 0 && i < TCFR_INFOSETS);
    TrucoCfrState a;
    memset(&a, 0, sizeof a);
    a.c[0][0] = 3; /* 7♠ strength 3 → class 0; 3♥ strength 9 → class 5 */
    a.c[0][1] = 9;
    a.c[1][0] = 6; /* seat 1's K♣ and A♥ */
    a.c[1][1] = 7;
    a.n[0] = a.n[1] = 2;
    a.first[0] = 13;
    a.first[1] = 4;
    a.rodada = 1;
    a.leader = 0;
    a.res[0] = 1;
    a.v = 1;
    a.last = 1;
    a.winner = 2;
    TrucoCfrSpot sa;
    truco_cfr_state_spot(&a, &sa);
    assert_int_equal(truco_cfr_infoset(&sa), i);
}

/* The score buckets: three a side by the distance to the onze score (Paulista 0-6, 7-8,
 * 9-10; Mineiro's values 0-5, 6-7, 8-9), and a view's spot pairs its own side's first. */
static void test_score_buckets(void **state)
{
    (void)state;
    static const int paulista[11] = {0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2};
    static const int mineiro[10] = {0, 0, 0, 0, 0, 0, 1, 1, 2, 2};
    for (int x = 0; x < 11; x++)
        assert_int_equal(truco_cfr_score_bucket(TR_VALUES_PAULISTA, x), paulista[x]);
    for (int x = 0; x < 10; x++)
        assert_int_equal(truco_cfr_score_bucket(TR_VALUES_MINEIRO, x), mineiro[x]);
    TrucoState s = tt_hand(0, "5c 3h 7s", "Kc Qd Ah", "4d");
    s.score[0] = 10;
    s.score[1] = 7;
    assert_int_equal(spot_of(&s, 0).score, 2 * TCFR_SCORE_BUCKETS + 1);
    s.score[0] = 6;
    s.score[1] = 9;
    assert_int_equal(spot_of(&s, 0).score, 0 * TCFR_SCORE_BUCKETS + 2);
}

/* The abstract game deals a true score in each side's bucket (every score of the bucket
 * met), and values a hand's end by the match equity at that score: 10-10 and 9-9 share a
 * bucket but a won truco (3 points) is worth more of the match at 9-9 (it wins it) than a
 * won hand of 1 at 10-10 (it gives the onze). */
static void test_true_score_utility(void **state)
{
    (void)state;
    for (int variant = 0; variant < TCFR_VARIANTS; variant++) {
        CfrGame g;
        truco_cfr_game(variant, &g);
        int onze = variant == 1 ? 10 : 11;
        int seen[TCFR_MAX_SCORE] = {0};
        Rng rng;
        rng_seed(&rng, 7);
        for (int k = 0; k < 4000; k++) {
            TrucoCfrState s;
            g.deal(&s, &rng, g.user);
            int vals = variant == 1 ? TR_VALUES_MINEIRO : TR_VALUES_PAULISTA;
            assert_true(s.sc[0] < onze && s.sc[1] < onze);
            assert_int_equal(s.score / TCFR_SCORE_BUCKETS, truco_cfr_score_bucket(vals, s.sc[0]));
            assert_int_equal(s.score % TCFR_SCORE_BUCKETS, truco_cfr_score_bucket(vals, s.sc[1]));
            seen[s.sc[0]]++;
        }
        for (int x = 0; x < onze; x++)
            assert_true(seen[x] > 0);
    }
    CfrGame g;
    truco_cfr_game(0, &g);
    Rng rng;
    rng_seed(&rng, 8);
    TrucoCfrState s;
    g.deal(&s, &rng, g.user);
    s.winner = 1; /* player 0 won the hand */
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    TrucoState t;
    truco_rules.init(&t, &o, 2, 1);
    static const int at[][3] = {{9, 9, 3}, {10, 10, 1}, {0, 0, 3}, {7, 9, 3}, {8, 9, 3}};
    double u[5];
    for (int k = 0; k < 5; k++) {
        s.sc[0] = (uint8_t)at[k][0];
        s.sc[1] = (uint8_t)at[k][1];
        s.score = (uint8_t)(truco_cfr_score_bucket(TR_VALUES_PAULISTA, at[k][0]) * TCFR_SCORE_BUCKETS +
                            truco_cfr_score_bucket(TR_VALUES_PAULISTA, at[k][1]));
        s.points = (uint8_t)at[k][2];
        t.score[0] = (uint8_t)at[k][0];
        t.score[1] = (uint8_t)at[k][1];
        u[k] = g.utility(&s);
        assert_true(fabs(u[k] - (truco_equity(&t, 0, at[k][2], 0) - truco_equity(&t, 0, 0, 0))) < 1e-9);
    }
    assert_true(u[0] > u[1] + 0.1); /* the truco at 9-9 wins the match */
    assert_true(fabs(u[3] - u[4]) > 1e-3); /* 7-9 and 8-9: one bucket pair, two values */
}

/* The team game plays Truco's four-seat rules: random hands played in the rules and in the
 * abstraction side by side (the same cards, the same random choices) meet the same
 * decisions (who acts, what it may do), give each seat's view the information set the
 * abstraction gives it, and end with the same team winning the same points. So the tie's
 * leader, who answers a raise, leaving the answer to the partner and the alternation of
 * raises are the rules' own. */
static void test_team_game_follows_rules(void **state)
{
    (void)state;
    CfrGame g;
    truco_cfr_game(TCFR_TEAM, &g);
    Rng rng;
    rng_seed(&rng, 4141);
    long decisions = 0, spots = 0, passes = 0, ties = 0, hands = 0;
    for (int h = 0; h < 3000; h++) {
        TrucoState s = tt_new_n(4, NULL);
        tt_act(&s, "first 0");
        while (truco_current_player(&s) == PLAYER_CHANCE)
            tt_chance(&s, &rng);
        TrucoCfrTeamState a;
        memset(&a, 0, sizeof a);
        for (int p = 0; p < 4; p++) {
            for (int i = 0; i < 3; i++)
                a.c[p][i] = (int8_t)truco_card_strength(&s, s.hand[p][i]);
            sort3i8(a.c[p]);
            a.n[p] = 3;
        }
        memset(a.own, -1, sizeof a.own);
        a.first[0] = a.first[1] = -1;
        a.best = a.holder = a.tier = -1;
        a.last = -1;
        a.winner = 2;
        while (g.to_move(&a) >= 0) {
            int p = truco_current_player(&s);
            assert_true(p >= 0 && p < 4);
            int m = a.answer ? a.answerer : (a.leader + a.n_table) % 4;
            if (m != p) { /* the abstraction played a forced last card: the rules' only one */
                Action acts[RULES_MAX_ACTIONS];
                int n = truco_rules.legal_actions(&s, acts), cards = 0;
                Action only = -1;
                for (int i = 0; i < n; i++)
                    if (acts[i] >= TR_PLAY && acts[i] < TR_HIDE) {
                        cards++;
                        only = acts[i];
                    }
                assert_int_equal(cards, 1);
                assert_false(truco_can_raise(&s, p));
                assert_null(truco_rules.apply(&s, only));
                continue;
            }
            decisions++;
            TrucoState v;
            truco_rules.observe(&s, p, &v);
            TrucoCfrSpot sp;
            if (truco_cfr_view_spot(&v, p, &sp)) {
                spots++;
                assert_int_equal(truco_cfr_solver_infoset(&sp), g.infoset(&a));
            }
            int na = g.actions(&a), pick = (int)rng_below(&rng, (uint32_t)na);
            Action real;
            if (a.answer) {
                assert_int_equal(s.phase, TR_PH_ANSWER);
                int raise = a.pending < 4 ? 2 : -1;
                real = pick == 0 ? TR_ACCEPT : pick == 1 ? TR_RUN
                       : pick == raise ? truco_raise_action(s.pending) : TR_PASS;
                passes += real == TR_PASS;
            } else {
                int cr = a.v < 4 && a.last != (m & 1);
                assert_int_equal(cr, truco_can_raise(&s, p));
                if (cr && pick == 0) {
                    real = truco_raise_action(s.value);
                } else {
                    int st = a.c[m][pick - cr];
                    real = -1;
                    for (int i = 0; i < TR_HAND && real < 0; i++)
                        if (s.hand[p][i] != CARD_NONE && truco_card_strength(&s, s.hand[p][i]) == st)
                            real = TR_PLAY + card_index(s.hand[p][i]);
                    assert_true(real >= 0);
                }
            }
            if (!rules_is_legal(&truco_rules, &s, real))
                fail_msg("hand %d: the abstraction's action %d is not legal in the rules", h, pick);
            int r0 = s.rodada;
            assert_null(truco_rules.apply(&s, real));
            g.apply(&a, pick);
            ties += s.rodada > r0 && r0 < TR_RODADAS && s.result[r0] == TR_RES_TIE;
        }
        /* the forced cards after the abstraction's end are the rules' too */
        while (s.score[0] + s.score[1] == 0 && s.phase == TR_PH_PLAY) {
            Action acts[RULES_MAX_ACTIONS];
            int n = truco_rules.legal_actions(&s, acts);
            assert_true(n >= 1);
            assert_null(truco_rules.apply(&s, acts[0]));
        }
        assert_int_not_equal(s.phase, TR_PH_PLAY);
        assert_int_not_equal(s.phase, TR_PH_ANSWER);
        if (a.winner == 0) { /* every rodada tied: nobody scores */
            assert_int_equal(s.score[0] + s.score[1], 0);
        } else {
            int win = a.winner > 0 ? 0 : 1;
            assert_int_equal(s.score[win], a.points);
            assert_int_equal(s.score[1 - win], 0);
        }
        hands++;
    }
    print_message("%ld hands, %ld decisions, %ld betting spots, %ld answers left to the partner, "
                  "%ld tied rodadas\n", hands, decisions, spots, passes, ties);
    assert_true(spots > 1000 && passes > 100 && ties > 50);
}

/* Every betting decision met in random play: a table answer is a distribution over legal
 * actions (or "no raise" on a turn to play); counts the answers. */
static void check_policy(const TrucoState *s, int p, long *asked, long *answered)
{
    TrucoState v;
    truco_rules.observe(s, p, &v);
    TrucoCfrSpot sp;
    if (!truco_cfr_view_spot(&v, p, &sp))
        return;
    (*asked)++;
    assert_true(truco_cfr_infoset(&sp) >= 0);
    Action acts[4];
    double pr[4];
    int k = truco_cfr_policy(&v, p, acts, pr);
    if (k == 0)
        return;
    (*answered)++;
    double sum = 0;
    for (int a = 0; a < k; a++) {
        assert_true(pr[a] >= 0 && pr[a] <= 1);
        sum += pr[a];
        if (acts[a] < 0)
            assert_int_equal(v.phase, TR_PH_PLAY);
        else if (pr[a] > 0)
            assert_true(rules_is_legal(&truco_rules, &v, acts[a]));
    }
    assert_true(fabs(sum - 1) < 1e-9);
}

static const char *const presets[] = {"variant=paulista", "variant=mineiro", "variant=velha",
                                      "variant=limpo"};

static GameOptions preset_options(int k)
{
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    char err[128];
    assert_int_equal(rules_parse_option(&truco_rules, &o, presets[k], err, sizeof err), 0);
    return o;
}

static void test_policy_every_preset(void **state)
{
    (void)state;
    for (int np = 2; np <= 4; np += 2)
        for (int k = 0; k < 4; k++) {
            GameOptions o = preset_options(k);
            Rng rng;
            rng_seed(&rng, 41 + (uint64_t)k);
            long asked = 0, answered = 0;
            for (int g = 0; g < 30; g++) {
                TrucoState s;
                assert_null(truco_rules.init(&s, &o, np, 1));
                for (int steps = 0; steps < 4000 && s.phase != TR_PH_OVER; steps++) {
                    int p = truco_current_player(&s);
                    if (p == PLAYER_CHANCE) {
                        tt_chance(&s, &rng);
                        continue;
                    }
                    check_policy(&s, p, &asked, &answered);
                    Action acts[RULES_MAX_ACTIONS];
                    int n = truco_rules.legal_actions(&s, acts);
                    assert_true(n > 0);
                    assert_null(truco_rules.apply(&s, acts[rng_below(&rng, (uint32_t)n)]));
                }
            }
            print_message("%d seats %s: the table answers %ld of %ld betting decisions\n", np,
                          presets[k], answered, asked);
            assert_true(asked > 100);
            if (np == 4)
                assert_int_equal(answered, 0); /* the shipped team section is empty */
            else
                assert_true(answered > asked / 2);
        }
}

/* Hard at a small budget against Medium, every preset, two and four seats (the team table
 * with four seats too: TRUCO_CFR_FOUR): every action legal, and with two seats some bets
 * come from the table (the shipped table's team section is empty: test_team_policy_actions
 * installs one). */
static void test_hard_legal_every_preset(void **state)
{
    (void)state;
    for (int np = 2; np <= 4; np += 2)
        for (int k = 0; k < 4; k++) {
            GameOptions o = preset_options(k);
            Rng rng;
            rng_seed(&rng, 7 + (uint64_t)k);
            TrucoState s;
            assert_null(truco_rules.init(&s, &o, np, 1));
            long table_bets = 0;
            for (int steps = 0; steps < 600 && s.phase != TR_PH_OVER; steps++) {
                int p = truco_current_player(&s);
                if (p == PLAYER_CHANCE) {
                    tt_chance(&s, &rng);
                    continue;
                }
                TrucoState v;
                truco_rules.observe(&s, p, &v);
                Action a;
                if (p % 2 == 0) {
                    Action ta[4];
                    double tp[4];
                    table_bets += truco_cfr_policy(&v, p, ta, tp) > 0;
                    BotRequest req = {&truco_rules, &v, p, &rng, 16, 0, NULL};
                    TrucoHardParams prm = truco_hard_defaults;
                    prm.cfr = TRUCO_CFR_TURNS | TRUCO_CFR_ANSWERS | TRUCO_CFR_FOUR;
                    a = truco_hard_decide_with(&req, &prm);
                } else {
                    a = bot_decide_view(&truco_rules, DIFF_MEDIUM, &v, p, &rng, NULL);
                }
                assert_true(rules_is_legal(&truco_rules, &s, a));
                assert_null(truco_rules.apply(&s, a));
            }
            print_message("%d seats %s: %ld of Hard's decisions had the table's answer\n", np,
                          presets[k], table_bets);
            assert_true(np == 4 ? table_bets == 0 : table_bets > 0);
        }
}

/* Hard draws its bets at the table's frequencies: at turns to play and answers where the
 * table mixes, the share of raises (or acceptances) over many draws is the table's. */
static void test_hard_follows_table(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2041);
    int spots = 0;
    for (int tries = 0; tries < 4000 && spots < 3; tries++) {
        TrucoState s = tt_new(0, 0);
        while (truco_current_player(&s) == PLAYER_CHANCE)
            tt_chance(&s, &rng);
        /* a few random steps into the hand, so that answers and later rodadas come too */
        int walk = (int)rng_below(&rng, 4);
        for (int w = 0; w < walk && s.phase == TR_PH_PLAY; w++) {
            Action acts[RULES_MAX_ACTIONS];
            int n = truco_rules.legal_actions(&s, acts);
            assert_null(truco_rules.apply(&s, acts[rng_below(&rng, (uint32_t)n)]));
        }
        int p = truco_current_player(&s);
        if (p < 0 || s.hands != 1)
            continue;
        TrucoState v;
        truco_rules.observe(&s, p, &v);
        Action ta[4];
        double tp[4];
        int k = truco_cfr_policy(&v, p, ta, tp);
        if (k == 0 || tp[0] < 0.2 || tp[0] > 0.8)
            continue;
        spots++;
        int draws = 400, hits = 0;
        for (int d = 0; d < draws; d++) {
            Rng r;
            rng_seed(&r, (uint64_t)d * 7919u + 1);
            BotRequest req = {&truco_rules, &v, p, &r, 4, 0, NULL};
            TrucoHardParams prm = truco_hard_defaults; /* the table on (not the default) */
            prm.cfr = TRUCO_CFR_TURNS | TRUCO_CFR_ANSWERS;
            Action a = truco_hard_decide_with(&req, &prm);
            /* the table's first action: no raise (a card) on a turn, accept on an answer */
            hits += ta[0] < 0 ? !(a >= TR_TRUCO && a <= TR_DOZE) : a == ta[0];
        }
        double share = (double)hits / draws, sd = sqrt(tp[0] * (1 - tp[0]) / draws);
        print_message("spot %d (phase %d): the table's first action %.3f, Hard's %.3f\n", spots,
                      v.phase, tp[0], share);
        assert_true(fabs(share - tp[0]) < 4 * sd);
    }
    assert_int_equal(spots, 3);
}

/* A fresh two-seat hand where the first to act asks truco at once: the whole state, the
 * answerer's view and seat; false when that hand's first player may not raise. */
static bool answer_spot(Rng *rng, TrucoState *s, TrucoState *v, int *p)
{
    *s = tt_new(0, 0);
    while (truco_current_player(s) == PLAYER_CHANCE)
        tt_chance(s, rng);
    int raiser = truco_current_player(s);
    if (raiser < 0 || s->hands != 1 || !truco_can_raise(s, raiser))
        return false;
    assert_null(truco_rules.apply(s, truco_raise_action(s->value)));
    *p = truco_current_player(s);
    truco_rules.observe(s, *p, v);
    return true;
}

/* With the house rule that a raise is answered only by accepting or running, Hard's
 * answers by the table leave the table's raise out and keep accept and run in their
 * proportions (they went to the search whenever the table drew the raise). */
static void test_table_answers_without_reraise(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 4108);
    int spots = 0;
    for (int tries = 0; tries < 6000 && spots < 3; tries++) {
        TrucoState s, v;
        int p;
        if (!answer_spot(&rng, &s, &v, &p))
            continue;
        Action ta[4];
        double tp[4];
        int k = truco_cfr_policy(&v, p, ta, tp);
        double acc = 0, run = 0, up = 0;
        for (int j = 0; j < k; j++)
            *(ta[j] == TR_ACCEPT ? &acc : ta[j] == TR_RUN ? &run : &up) += tp[j];
        double want = acc + run > 0 ? acc / (acc + run) : 0;
        if (up < 0.1 || want < 0.2 || want > 0.8)
            continue;
        v.opt_reraise = 0; /* the table's house rule: no raise as an answer */
        s.opt_reraise = 0;
        spots++;
        int draws = 400, accepts = 0;
        for (int d = 0; d < draws; d++) {
            Rng r;
            rng_seed(&r, (uint64_t)d * 104729u + 3);
            BotRequest req = {&truco_rules, &v, p, &r, 4, 0, NULL};
            TrucoHardParams prm = truco_hard_defaults;
            prm.cfr = TRUCO_CFR_ANSWERS;
            Action a = truco_hard_decide_with(&req, &prm);
            assert_true(a == TR_ACCEPT || a == TR_RUN);
            accepts += a == TR_ACCEPT;
        }
        double share = (double)accepts / draws, sd = sqrt(want * (1 - want) / draws);
        print_message("spot %d: the table's raise %.3f, accept of accept or run %.3f, Hard's %.3f\n",
                      spots, up, want, share);
        assert_true(fabs(share - want) < 4 * sd);
    }
    assert_int_equal(spots, 3);
}

/* Signs are not in the team game: a seat that knows of a sign made in this hand has no
 * spot in the table (the search, which reads signs, bets for it); a seat that does not
 * (an opponent who did not catch it) still has. */
static void test_team_table_not_after_signs(void **state)
{
    (void)state;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    o.v[TR_OPT_SIGNALS] = 1;
    o.v[TR_OPT_SEEN] = 0; /* no opponent catches a sign: no chance step */
    TrucoState s = tt_new_n(4, &o);
    tt_act(&s, "first 2");
    tt_deal4(&s, "7s 6h Qd", "Kc Jh 4h", "5c 7d 6s", "Ah 2h 3s", "4d");
    TrucoState v;
    TrucoCfrSpot sp;
    truco_rules.observe(&s, 2, &v);
    assert_true(truco_cfr_view_spot(&v, 2, &sp)); /* before any sign */
    tt_act(&s, "sinal zap");
    tt_act(&s, "play 6s");
    tt_act(&s, "play Ah");
    assert_int_equal(truco_current_player(&s), 0);
    truco_rules.observe(&s, 0, &v);
    assert_false(truco_cfr_view_spot(&v, 0, &sp)); /* it saw its partner's zap */
    Action ta[4];
    double tp[4];
    assert_int_equal(truco_cfr_policy(&v, 0, ta, tp), 0);
    tt_act(&s, "truco");
    truco_rules.observe(&s, 1, &v);
    assert_true(truco_cfr_view_spot(&v, 1, &sp)); /* the other team saw nothing */
    assert_int_equal(sp.bet, 4);
    assert_int_equal(sp.pos, 3);
}

/* The team table's answers become the rules' actions: a first answer may leave the answer
 * to the partner (the partner's own answer is another set, without that choice); where a
 * first refusal passes the answer (run_passes), the table's run is that pass; where a raise
 * is answered only by accepting or running (reraise off), the table's raise is left out
 * and the rest keep their proportions. Hard with four seats (TRUCO_CFR_FOUR) answers so. */
static void test_team_policy_actions(void **state)
{
    (void)state;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    TrucoState s = tt_hand4_with(&o, 0, "7s 6h Qd", "Kc Jh 4h", "5c 7d 6s", "Ah 2h 3s", "4d");
    tt_act(&s, "truco");
    assert_int_equal(truco_current_player(&s), 1);
    TrucoState v;
    truco_rules.observe(&s, 1, &v);
    TrucoCfrSpot sp;
    assert_true(truco_cfr_view_spot(&v, 1, &sp));
    assert_int_equal(sp.seats, 4);
    assert_int_equal(sp.pos, 1);
    assert_int_equal(sp.bet, 4);
    long i = truco_cfr_infoset(&sp);
    assert_true(i >= 0 && i < TCFR4_INFOSETS);
    size_t n = truco_cfr_blob_size();
    uint8_t *b = malloc(n);
    assert_non_null(b);
    memset(b, 255, n);
    int k;
    size_t at = truco_cfr_offset(TCFR_TEAM, i, &k);
    assert_int_equal(k, 4);
    truco_cfr_encode(b + at, 4, (const double[]){0, 0.5, 0, 0.5});
    truco_cfr_seal(b);
    assert_null(truco_cfr_install(b, n));
    Action ta[4];
    double tp[4];
    assert_int_equal(truco_cfr_policy(&v, 1, ta, tp), 2);
    assert_int_equal(ta[0], TR_RUN);
    assert_int_equal(ta[1], TR_PASS);
    assert_true(fabs(tp[0] - 0.5) < 0.01 && fabs(tp[1] - 0.5) < 0.01);
    /* run_passes: run and pass are one action, the pass */
    TrucoState w = v;
    w.opt_run_passes = 1;
    assert_int_equal(truco_cfr_policy(&w, 1, ta, tp), 1);
    assert_int_equal(ta[0], TR_PASS);
    assert_true(fabs(tp[0] - 1) < 1e-9);
    for (int d = 0; d < 20; d++) {
        Rng r;
        rng_seed(&r, (uint64_t)d);
        BotRequest req = {&truco_rules, &w, 1, &r, 4, 0, NULL};
        TrucoHardParams prm = truco_hard_defaults;
        prm.cfr = TRUCO_CFR_ANSWERS | TRUCO_CFR_FOUR;
        assert_int_equal(truco_hard_decide_with(&req, &prm), TR_PASS);
    }
    /* reraise off: accept 0.3, run 0.3, raise 0.4 -> accept and run, half each */
    truco_cfr_encode(b + at, 4, (const double[]){0.3, 0.3, 0.4, 0});
    truco_cfr_seal(b);
    assert_null(truco_cfr_install(b, n));
    w = v;
    w.opt_reraise = 0;
    assert_int_equal(truco_cfr_policy(&w, 1, ta, tp), 2);
    assert_int_equal(ta[0], TR_ACCEPT);
    assert_int_equal(ta[1], TR_RUN);
    assert_true(fabs(tp[0] - 0.5) < 0.01);
    assert_int_equal(truco_cfr_policy(&v, 1, ta, tp), 3);
    assert_int_equal(ta[2], truco_raise_action(v.pending));
    /* the partner's answer: a set of its own, accept, run or raise */
    tt_act(&s, "parceiro");
    assert_int_equal(truco_current_player(&s), 3);
    truco_rules.observe(&s, 3, &v);
    assert_true(truco_cfr_view_spot(&v, 3, &sp));
    assert_int_equal(sp.bet, 8);
    assert_int_equal(sp.pos, 3);
    at = truco_cfr_offset(TCFR_TEAM, truco_cfr_infoset(&sp), &k);
    assert_int_equal(k, 3);
    truco_cfr_encode(b + at, 3, (const double[]){1, 0, 0});
    truco_cfr_seal(b);
    assert_null(truco_cfr_install(b, n));
    assert_int_equal(truco_cfr_policy(&v, 3, ta, tp), 1);
    assert_int_equal(ta[0], TR_ACCEPT);
    /* another preset with four seats has no team table: the search answers */
    v.opt_values = TR_VALUES_MINEIRO;
    assert_int_equal(truco_cfr_policy(&v, 3, ta, tp), 0);
    /* a team entry whose shares add up to more than all is refused */
    b[at] = 200;
    b[at + 1] = 100;
    truco_cfr_seal(b);
    assert_non_null(strstr(truco_cfr_check(b, n), "do not add up"));
    free(b);
    assert_null(truco_cfr_install(NULL, 0));
}

/* A table whose team section answers everywhere, evenly (1/n for each of n actions). */
static uint8_t *even_team_table(size_t *n)
{
    *n = truco_cfr_blob_size();
    uint8_t *b = malloc(*n);
    assert_non_null(b);
    memset(b, 255, *n);
    for (long i = 0; i < TCFR4_INFOSETS; i++) {
        int k;
        size_t at = truco_cfr_offset(TCFR_TEAM, i, &k);
        double p[4] = {1.0 / k, 1.0 / k, 1.0 / k, 1.0 / k};
        truco_cfr_encode(b + at, k, p);
    }
    truco_cfr_seal(b);
    return b;
}

/* Four seats: without TRUCO_CFR_FOUR, Hard bets by its search with four even with the table
 * on for two and a team table that answers everywhere: its decisions are those of cfr 0;
 * with TRUCO_CFR_FOUR they are the team table's (some differ). */
static void test_four_seats_search_bets(void **state)
{
    (void)state;
    size_t n;
    uint8_t *b = even_team_table(&n);
    assert_null(truco_cfr_install(b, n));
    TrucoHardParams old = truco_hard_defaults, on = truco_hard_defaults, four;
    old.cfr = 0;
    on.cfr = TRUCO_CFR_TURNS | TRUCO_CFR_ANSWERS;
    four = on;
    four.cfr |= TRUCO_CFR_FOUR;
    Rng rng;
    rng_seed(&rng, 404);
    int compared = 0, differ = 0;
    for (int g = 0; g < 200 && compared < 12; g++) {
        TrucoState s = tt_new_n(4, NULL);
        while (truco_current_player(&s) == PLAYER_CHANCE)
            tt_chance(&s, &rng);
        int p = truco_current_player(&s);
        TrucoState v;
        truco_rules.observe(&s, p, &v);
        Action ta[4];
        double tp[4];
        if (truco_cfr_policy(&v, p, ta, tp) == 0)
            continue;
        Rng r1, r2, r3;
        rng_seed(&r1, (uint64_t)g);
        rng_seed(&r2, (uint64_t)g);
        rng_seed(&r3, (uint64_t)g);
        BotRequest q1 = {&truco_rules, &v, p, &r1, 16, 0, NULL};
        BotRequest q2 = {&truco_rules, &v, p, &r2, 16, 0, NULL};
        BotRequest q3 = {&truco_rules, &v, p, &r3, 16, 0, NULL};
        Action searched = truco_hard_decide_with(&q2, &old);
        assert_int_equal(truco_hard_decide_with(&q1, &on), searched);
        differ += truco_hard_decide_with(&q3, &four) != searched;
        compared++;
    }
    assert_int_equal(compared, 12);
    assert_true(differ > 0);
    free(b);
    assert_null(truco_cfr_install(NULL, 0));
}

/* The table's layout: in every section the entries of consecutive information sets (n
 * actions: n - 1 bytes each) tile the section exactly, without a gap or an overlap, and
 * the sections end at the checksum. */
static void test_table_layout(void **state)
{
    (void)state;
    size_t at = truco_cfr_offset(0, 0, NULL);
    for (int v = 0; v < TCFR_SECTIONS; v++) {
        long sets = truco_cfr_section_sets(v);
        assert_true(truco_cfr_offset(v, 0, NULL) == at);
        for (long i = 0; i < sets; i++) {
            int k;
            size_t o = truco_cfr_offset(v, i, &k);
            if (o != at || k < 2 || k > 4)
                fail_msg("section %d, set %ld: offset %zu, expected %zu (%d actions)", v, i, o, at, k);
            at = o + (size_t)(k - 1);
        }
    }
    assert_true(at + 4 == truco_cfr_blob_size());
}

/* Tables that must be refused, each with its reason; Hard then bets as without a table;
 * the shipped table comes back. */
static void test_bad_table_falls_back(void **state)
{
    (void)state;
    size_t n = truco_cfr_blob_size();
    uint8_t *b = malloc(n);
    assert_non_null(b);
    memset(b, 255, n);
    assert_string_equal(truco_cfr_check(NULL, 0), "the Truco strategy table is missing");
    truco_cfr_seal(b);
    assert_null(truco_cfr_check(b, n)); /* all sets unreached: valid, says nothing */
    assert_non_null(strstr(truco_cfr_check(b, n - 1), "wrong size"));
    int k;
    size_t at = truco_cfr_offset(0, 12344 + 4, &k); /* an answer to a truco */
    assert_int_equal(k, 3);
    b[at] = 200; /* accept 200/254 and raise 100/254: more than all */
    b[at + 1] = 100;
    truco_cfr_seal(b);
    assert_non_null(strstr(truco_cfr_check(b, n), "do not add up"));
    b[at + 1] = 50;
    truco_cfr_seal(b);
    assert_null(truco_cfr_check(b, n));
    double pr[3];
    assert_true(truco_cfr_decode(b + at, 3, pr));
    assert_true(fabs(pr[0] - 200 / 254.0) < 1e-12 && fabs(pr[1] - 4 / 254.0) < 1e-12 &&
                fabs(pr[2] - 50 / 254.0) < 1e-12);
    assert_false(truco_cfr_decode(b + at + 2, 3, pr)); /* the next set: unreached */
    b[at + 1] ^= 1; /* one bit after sealing */
    assert_non_null(strstr(truco_cfr_check(b, n), "checksum"));
    b[at + 1] ^= 1;
    b[0] = 'X';
    assert_non_null(strstr(truco_cfr_check(b, n), "version"));

    /* A refused table: Hard says why and bets as it did before the table (cfr 0). */
    const char *why = truco_cfr_install(b, n);
    assert_non_null(why);
    assert_string_equal(truco_cfr_status(), why);
    TrucoHardParams old = truco_hard_defaults, on = truco_hard_defaults;
    old.cfr = 0;
    on.cfr = TRUCO_CFR_TURNS | TRUCO_CFR_ANSWERS; /* asked for, but refused */
    Rng rng;
    rng_seed(&rng, 99);
    int compared = 0;
    for (int g = 0; g < 40; g++) {
        TrucoState s = tt_new(0, 0);
        while (truco_current_player(&s) == PLAYER_CHANCE)
            tt_chance(&s, &rng);
        int p = truco_current_player(&s);
        TrucoState v;
        truco_rules.observe(&s, p, &v);
        if (!truco_can_raise(&v, p))
            continue;
        Rng r1, r2;
        rng_seed(&r1, (uint64_t)g);
        rng_seed(&r2, (uint64_t)g);
        BotRequest q1 = {&truco_rules, &v, p, &r1, 24, 0, NULL};
        BotRequest q2 = {&truco_rules, &v, p, &r2, 24, 0, NULL};
        assert_int_equal(truco_hard_decide_with(&q1, &on), truco_hard_decide_with(&q2, &old));
        compared++;
    }
    assert_true(compared > 10);
    free(b);
    assert_null(truco_cfr_install(NULL, 0));
    assert_null(truco_cfr_status());
}

/* Where the table answers a raise, Hard's analysis is mixed: the choice is the table's draw
 * (as Hard decides from the same generator), every answer is valued by the search beside it,
 * each carries the table's share, an answer the table gives costs nothing, and one it never
 * gives costs what it loses against the best answer the table gives. */
static void test_mixed_answer_analysis(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 4141);
    Analysis *an = malloc(sizeof *an);
    assert_non_null(an);
    int spots = 0, unplayed = 0;
    for (int tries = 0; tries < 6000 && spots < 12; tries++) {
        TrucoState s, v;
        int p;
        if (!answer_spot(&rng, &s, &v, &p))
            continue;
        Action ta[4];
        double tp[4];
        int k = truco_cfr_policy(&v, p, ta, tp);
        if (k == 0)
            continue;
        spots++;
        TrucoHardParams prm = truco_hard_defaults;
        prm.cfr = TRUCO_CFR_ANSWERS;
        Rng r1, r2;
        rng_seed(&r1, (uint64_t)tries * 31 + 7);
        r2 = r1;
        BotRequest q1 = {&truco_rules, &v, p, &r1, 64, 0, NULL};
        BotRequest q2 = {&truco_rules, &v, p, &r2, 64, 0, NULL};
        Action a = truco_hard_analyze_with(&q1, &prm, an);
        assert_int_equal(a, truco_hard_decide_with(&q2, &prm));
        assert_true(an->mixed);
        analysis_choose(an, a); /* as bot_analyze does */
        double sum = 0, best_played = -1;
        for (int i = 0; i < an->n; i++) {
            const AnalysisItem *x = &an->item[i];
            assert_true(x->valued); /* the search values every answer */
            sum += x->freq;
            double want = 0;
            for (int j = 0; j < k; j++)
                if (ta[j] == x->action)
                    want = tp[j];
            assert_true(fabs(x->freq - want) < 1e-9);
            assert_true(x->freq == 0 || x->freq >= ANALYSIS_MIXED_MIN);
            if (x->freq >= ANALYSIS_MIXED_MIN && x->value > best_played)
                best_played = x->value;
        }
        assert_true(fabs(sum - 1) < 1e-9);
        assert_true(an->item[an->best].freq > 0); /* drawn from the table */
        for (int i = 0; i < an->n; i++) {
            const AnalysisItem *x = &an->item[i];
            double cost = analysis_cost(an, x->action);
            if (x->freq >= ANALYSIS_MIXED_MIN) {
                assert_true(cost == 0);
            } else {
                unplayed++;
                double want = best_played - x->value;
                assert_true(fabs(cost - (want > 0 ? want : 0)) < 1e-12);
            }
        }
        HintReason why;
        hint_reason(&truco_rules, &v, an, &why);
        assert_int_equal(why.why, HINT_MIXED);
        assert_true(fabs(why.share - an->item[an->best].freq) < 1e-12);
    }
    assert_int_equal(spots, 12);
    assert_true(unplayed > 0); /* some answer the table never gives was graded too */
    free(an);
}

/* Shares below TRUCO_CFR_MIN_SHARE are left out of the table's answer and the rest keep
 * their proportions: a table whose set accepts 203/254, runs 8/254 and re-raises 43/254
 * gives accept 203/246 and re-raise 43/246, and Hard never runs there. */
static void test_policy_threshold(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 5);
    TrucoState s, v;
    int p;
    while (!answer_spot(&rng, &s, &v, &p))
        ;
    TrucoCfrSpot sp;
    assert_true(truco_cfr_view_spot(&v, p, &sp));
    size_t n = truco_cfr_blob_size();
    uint8_t *b = malloc(n);
    assert_non_null(b);
    memset(b, 255, n);
    int k;
    size_t at = truco_cfr_offset(truco_cfr_variant(&v), truco_cfr_infoset(&sp), &k);
    assert_int_equal(k, 3);
    b[at] = 203;
    b[at + 1] = 43;
    truco_cfr_seal(b);
    assert_null(truco_cfr_install(b, n));
    Action ta[4];
    double tp[4];
    assert_int_equal(truco_cfr_policy(&v, p, ta, tp), 2);
    assert_int_equal(ta[0], TR_ACCEPT);
    assert_int_equal(ta[1], truco_raise_action(v.pending));
    assert_true(fabs(tp[0] - 203 / 246.0) < 1e-12 && fabs(tp[1] - 43 / 246.0) < 1e-12);
    TrucoHardParams prm = truco_hard_defaults;
    prm.cfr = TRUCO_CFR_ANSWERS;
    for (int d = 0; d < 200; d++) {
        Rng r;
        rng_seed(&r, (uint64_t)d);
        BotRequest req = {&truco_rules, &v, p, &r, 4, 0, NULL};
        assert_int_not_equal(truco_hard_decide_with(&req, &prm), TR_RUN);
    }
    free(b);
    assert_null(truco_cfr_install(NULL, 0));
}

/* ---- Reach: worlds weighed by the table's probability of the other's bets ------------ */

/* Seat 1's table entry at its decision now (its own view), for a crafted table. */
static size_t entry_now(const TrucoState *s, int *k)
{
    TrucoState v;
    truco_rules.observe(s, 1, &v);
    TrucoCfrSpot sp;
    assert_true(truco_cfr_view_spot(&v, 1, &sp));
    long i = truco_cfr_infoset(&sp);
    assert_true(i >= 0);
    return truco_cfr_offset(truco_cfr_variant(&v), i, k);
}

/* One hand, seat 1 the mão: it leads 3♠ without a raise, takes the rodada, calls truco
 * before its 2nd card and seat 0 accepts; seat 1 is to play. Its other two cards are h1's
 * first two. Writes into the crafted table b the raise's share at each of seat 1's two
 * decisions (in 254ths; 255 leaves the set unreached). */
static TrucoState reach_hand(const char *h1, uint8_t *b, int lead_raise, int call_raise)
{
    TrucoState s = tt_hand(1, "Kc Qd Ah", h1, "4d");
    int k;
    size_t at = entry_now(&s, &k);
    assert_int_equal(k, 2);
    b[at] = (uint8_t)lead_raise;
    tt_act(&s, "play 3♠");
    tt_act(&s, "play A♥");
    assert_int_equal(truco_current_player(&s), 1);
    at = entry_now(&s, &k);
    assert_int_equal(k, 2);
    b[at] = (uint8_t)call_raise;
    tt_act(&s, "truco");
    tt_act(&s, "aceitar");
    assert_int_equal(truco_current_player(&s), 1);
    return s;
}

/* A world whose cards make the other's bets unlikely under the table weighs less than one
 * that makes them likely: the weight is the product of the table's shares of what it did
 * at each of its decisions, rebuilt from the hand's log with its hand as it was then
 * (here the no-raise lead and the truco), a share under the floor counts the floor, and an
 * unreached set counts 1. */
static void test_reach_weights(void **state)
{
    (void)state;
    size_t n = truco_cfr_blob_size();
    uint8_t *b = malloc(n);
    assert_non_null(b);
    memset(b, 255, n);
    /* vira 4♦, manilhas the 5s. Strong: zap, copas and a 3; weak: 4♣ 6♠ and a 3; open:
     * K♥ J♠ and a 3, a hand whose sets the table has not reached. */
    TrucoState strong = reach_hand("5c 5h 3s", b, 20, 200);
    TrucoState weak = reach_hand("4c 6s 3s", b, 127, 0);
    TrucoState open = reach_hand("Kh Js 3s", b, 255, 255);
    truco_cfr_seal(b);
    assert_null(truco_cfr_install(b, n));
    const double floor = 0.02;
    const unsigned ALL = TRUCO_REACH_ANSWERS | TRUCO_REACH_RAISES | TRUCO_REACH_QUIET;
    double ls = truco_cfr_reach(&strong, 1, floor, ALL), lw = truco_cfr_reach(&weak, 1, floor, ALL);
    assert_true(fabs(ls - log((254 - 20) / 254.0 * 200 / 254.0)) < 1e-9);
    assert_true(fabs(lw - log(127 / 254.0 * floor)) < 1e-9);
    assert_true(ls > lw);
    assert_true(fabs(truco_cfr_reach(&open, 1, floor, ALL)) < 1e-12);
    /* A guess of the hidden cards from seat 0's view weighs as that world does: the reach
     * reads the guess and the public log, never the state the view came from. */
    TrucoState v, g;
    truco_rules.observe(&strong, 0, &v);
    g = v;
    g.hand[1][0] = tt_card("4c");
    g.hand[1][1] = tt_card("6s");
    for (int i = 2; i < TR_HAND; i++)
        assert_int_equal(g.hand[1][i], CARD_NONE);
    assert_true(fabs(truco_cfr_reach(&g, 1, floor, ALL) - lw) < 1e-9);
    /* Only the kinds of decisions asked: the truco alone, the quiet lead alone. */
    assert_true(fabs(truco_cfr_reach(&weak, 1, floor, TRUCO_REACH_RAISES) - log(floor)) < 1e-9);
    assert_true(fabs(truco_cfr_reach(&weak, 1, floor, TRUCO_REACH_QUIET) - log(0.5)) < 1e-9);
    assert_true(fabs(truco_cfr_reach(&weak, 1, floor, TRUCO_REACH_ANSWERS)) < 1e-12);
    free(b);
    assert_null(truco_cfr_install(NULL, 0));
}

/* Hard with `reach` decides from the view alone: two full states with the same view for the
 * seat to move get the same decision (the worlds' guesses come from the view). */
static void test_reach_uses_only_the_view(void **state)
{
    (void)state;
    TrucoHardParams prm = truco_hard_defaults;
    prm.reach = TRUCO_REACH_ANSWERS | TRUCO_REACH_RAISES | TRUCO_REACH_QUIET;
    Rng rng;
    rng_seed(&rng, 41);
    int checked = 0, weighed = 0;
    for (int g = 0; g < 10; g++) {
        TrucoState s = tt_new(0, 0);
        for (int steps = 0; truco_current_player(&s) != PLAYER_TERMINAL && steps < 300; steps++) {
            int cp = truco_current_player(&s);
            if (cp == PLAYER_CHANCE) {
                tt_chance(&s, &rng);
                continue;
            }
            Action acts[RULES_MAX_ACTIONS];
            int n = truco_rules.legal_actions(&s, acts);
            if (steps % 3 == 0) {
                TrucoState v, other, vo;
                truco_rules.observe(&s, cp, &v);
                truco_rules.resample(&v, cp, &rng, &other);
                truco_rules.observe(&other, cp, &vo);
                Rng r1, r2;
                rng_seed(&r1, (uint64_t)steps);
                rng_seed(&r2, (uint64_t)steps);
                BotRequest a = {&truco_rules, &v, cp, &r1, 60, 0, NULL};
                BotRequest c = {&truco_rules, &vo, cp, &r2, 60, 0, NULL};
                Action x = truco_hard_decide_with(&a, &prm);
                assert_true(rules_is_legal(&truco_rules, &s, x));
                assert_int_equal(x, truco_hard_decide_with(&c, &prm));
                checked++;
                weighed += s.kind == TR_KIND_NORMAL && s.n_bets > 0;
            }
            assert_null(truco_rules.apply(&s, acts[rng_below(&rng, (uint32_t)n)]));
        }
    }
    assert_true(checked > 100);
    assert_true(weighed > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_table_valid),
        cmocka_unit_test(test_view_spots),
        cmocka_unit_test(test_score_buckets),
        cmocka_unit_test(test_true_score_utility),
        cmocka_unit_test(test_team_game_follows_rules),
        cmocka_unit_test(test_policy_every_preset),
        cmocka_unit_test(test_hard_legal_every_preset),
        cmocka_unit_test(test_hard_follows_table),
        cmocka_unit_test(test_table_answers_without_reraise),
        cmocka_unit_test(test_mixed_answer_analysis),
        cmocka_unit_test(test_policy_threshold),
        cmocka_unit_test(test_four_seats_search_bets),
        cmocka_unit_test(test_team_policy_actions),
        cmocka_unit_test(test_team_table_not_after_signs),
        cmocka_unit_test(test_table_layout),
        cmocka_unit_test(test_bad_table_falls_back),
        cmocka_unit_test(test_reach_weights),
        cmocka_unit_test(test_reach_uses_only_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
