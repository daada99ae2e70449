/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco bots: the seed player's rules (Easy), the exact probabilities (Medium), sensible
 * choices of the search (Hard), and that every bot decides from its seat's view only. */
#include <math.h>
#include <stdlib.h>

#include "games/truco/truco_bots.h"
#include "truco_test.h"

typedef Action (*Decide)(const BotRequest *);

/* What `fn` decides for the seat to move in s, seeing only its view. */
static Action decide(Decide fn, const TrucoState *s, uint64_t seed)
{
    int seat = truco_current_player(s);
    assert_true(seat >= 0);
    TrucoState view;
    truco_rules.observe(s, seat, &view);
    Rng rng;
    rng_seed(&rng, seed);
    BotRequest req = {&truco_rules, &view, seat, &rng, 200, 0, NULL};
    Action a = fn(&req);
    assert_true(rules_is_legal(&truco_rules, s, a));
    return a;
}

static Action named(const TrucoState *s, const char *text)
{
    Action a;
    if (!truco_rules.action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    return a;
}

/* ---- Easy: the seed's machine player --------------------------------------------------------- */

static void test_seed_strength(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "Ac 2c 3c", "4c Qc 5d", "7h"); /* Queens are manilhas */
    assert_int_equal(truco_seed_strength(&s, 0, 5), (2 + 3 + 4) * 5);
    assert_int_equal(truco_seed_strength(&s, 1, 8), (1 + 5 + 1) * 8);
    tt_act(&s, "play A♣");
    assert_int_equal(truco_seed_strength(&s, 0, 5), (3 + 4) * 5); /* cards in hand */
}

/* Seat 0 calls truco and seat 1 accepts: Easy (which asks truco only while the hand is
 * worth 1) then only chooses cards. */
static TrucoState accepted(int mao, const char *h0, const char *h1, const char *vira)
{
    TrucoState s = tt_hand(mao, h0, h1, vira);
    tt_act(&s, "truco");
    tt_act(&s, "aceitar");
    return s;
}

static void test_seed_kills_with_lowest(void **u)
{
    (void)u;
    TrucoState s = accepted(0, "5c Ad 7d", "4c 6c 3c", "Kh");
    tt_act(&s, "play 5♣");
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(decide(truco_seed_decide, &s, seed), named(&s, "play 6♣"));
}

static void test_seed_throws_lowest(void **u)
{
    (void)u;
    TrucoState s = accepted(0, "3d Ad 7d", "6c 4c 5c", "Kh");
    tt_act(&s, "play 3♦");
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(decide(truco_seed_decide, &s, seed), named(&s, "play 4♣"));
}

static void test_seed_leads_lowest(void **u)
{
    (void)u;
    TrucoState s = accepted(1, "3d Ad 7d", "6c 4c 2c", "Kh");
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(decide(truco_seed_decide, &s, seed), named(&s, "play 4♣"));
}

static void test_seed_highest_after_tie(void **u)
{
    (void)u;
    TrucoState s = accepted(0, "7d 3c 4d", "7c 5c 6c", "Kh");
    tt_act(&s, "play 7♦");
    tt_act(&s, "play 7♣"); /* tie: seat 1 leads */
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(decide(truco_seed_decide, &s, seed), named(&s, "play 6♣"));
}

static void test_seed_fechada_only_from_second(void **u)
{
    (void)u;
    /* Seat 1 cannot beat the A: from the 2nd rodada it throws its lowest card, now and then
     * face down; never in the 1st. */
    TrucoState s = accepted(0, "3d Ad 7d", "4c 6c 5c", "Kh");
    tt_act(&s, "play 3♦");
    tt_act(&s, "play 4♣"); /* seat 0 wins, leads */
    tt_act(&s, "play A♦");
    int hidden = 0, open = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        Action a = decide(truco_seed_decide, &s, seed);
        if (a == named(&s, "hide 5♣"))
            hidden++;
        else if (a == named(&s, "play 5♣"))
            open++;
        else
            fail_msg("unexpected action %d", (int)a);
    }
    assert_true(hidden > 20 && hidden < 90); /* one in four */
    assert_true(open > hidden);
}

static void test_seed_answers_by_strength(void **u)
{
    (void)u;
    /* Three manilhas: base 8 gives 120 %, it never runs. */
    TrucoState strong = tt_hand(0, "4d 5d 6d", "Qc Qh Qs", "7h");
    tt_act(&strong, "truco");
    /* Three plain low cards: 3 x 8 = 24 %, it runs three times in four. */
    TrucoState weak = tt_hand(0, "Qc Qh Qs", "4d 5d 6d", "7h");
    tt_act(&weak, "truco");
    int runs_strong = 0, runs_weak = 0, raises = 0, accepts = 0;
    for (uint64_t seed = 0; seed < 1000; seed++) {
        Action a = decide(truco_seed_decide, &strong, seed);
        runs_strong += a == TR_RUN;
        raises += a == TR_SEIS;
        accepts += a == TR_ACCEPT;
        runs_weak += decide(truco_seed_decide, &weak, seed) == TR_RUN;
    }
    assert_int_equal(runs_strong, 0);
    assert_true(raises > 240 && raises < 360); /* 30 % raise, 70 % accept */
    assert_int_equal(raises + accepts, 1000);
    assert_true(runs_weak > 700 && runs_weak < 820);
}

static void test_seed_asks_truco_with_base_five(void **u)
{
    (void)u;
    /* "4d 5d 6d": 3 x 5 = 15 % per turn. */
    TrucoState s = tt_hand(0, "4d 5d 6d", "Qc Qh Qs", "7h");
    int trucos = 0;
    for (uint64_t seed = 0; seed < 2000; seed++)
        trucos += decide(truco_seed_decide, &s, seed) == TR_TRUCO;
    assert_true(trucos > 230 && trucos < 370);
}

/* ---- Medium: exact probabilities ------------------------------------------------------------- */

/* Two tied rodadas, seat 0 leads the last with the 3♣ against one unseen card. */
static TrucoState last_rodada(void)
{
    TrucoState s = tt_hand(0, "4d 2d 3c", "4c 2c 5d", "7h");
    tt_act(&s, "play 4♦");
    tt_act(&s, "play 4♣"); /* tie: seat 1 leads */
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 2♦"); /* tie: seat 0 leads */
    return s;
}

static void test_estimate_is_exact(void **u)
{
    (void)u;
    TrucoState s = last_rodada(), v;
    truco_rules.observe(&s, 0, &v);
    TrucoEstimate e;
    Rng rng;
    rng_seed(&rng, 1);
    truco_estimate(&v, 0, 0, &rng, &e);
    /* 34 unseen cards: 4 manilhas (Queens) beat the 3, 3 other 3s tie (nobody scores
     * after two ties), the other 27 lose. */
    assert_true(fabs(e.win - 27.0 / 34) < 1e-12);
    assert_true(fabs(e.tie - 3.0 / 34) < 1e-12);
    assert_true(fabs(e.lose - 4.0 / 34) < 1e-12);
    assert_int_equal(e.best_strength, 9);
}

static void test_estimate_sure_hand(void **u)
{
    (void)u;
    /* The three best manilhas cannot lose. */
    TrucoState s = tt_hand(1, "Qc Qh Qs", "4d 5d 6d", "7h"), v;
    truco_rules.observe(&s, 0, &v);
    TrucoEstimate e;
    Rng rng;
    rng_seed(&rng, 1);
    truco_estimate(&v, 0, 0, &rng, &e);
    assert_true(e.win == 1.0);
}

static void test_medium_raises_good_and_runs_bad(void **u)
{
    (void)u;
    TrucoState s = last_rodada();
    assert_int_equal(decide(truco_medium_decide, &s, 1), TR_TRUCO); /* 79 % to win */
    /* A hopeless hand answering a seis runs. */
    TrucoState t = tt_hand(0, "Qc Qh Qs", "4d 5d 6d", "7h");
    tt_act(&t, "truco");
    tt_act(&t, "aceitar");
    tt_act(&t, "play Q♠");
    tt_act(&t, "play 4♦");
    tt_act(&t, "play Q♥"); /* seat 0 won the 1st and leads the 2nd with a manilha */
    tt_act(&t, "seis");    /* seat 1, hopeless, bluffs */
    assert_int_equal(truco_current_player(&t), 0);
    /* Seat 0 cannot lose the 2nd rodada (only the Q♣ beats the Q♥, and it holds it). */
    assert_int_equal(decide(truco_medium_decide, &t, 1), TR_NOVE);
    tt_act(&t, "nove");
    /* Seat 1, with 5♦ 6♦ against the Q♥ on the table, runs. */
    assert_int_equal(decide(truco_medium_decide, &t, 1), TR_RUN);
}

static void test_mao_de_onze_decisions(void **u)
{
    (void)u;
    /* At 11-10: a sure hand plays; a hopeless one gives the point (11-11 is even). */
    Decide bots[3] = {truco_seed_decide, truco_medium_decide, truco_hard_decide};
    for (int b = 1; b < 3; b++) {
        TrucoState s = tt_new(0, 0);
        tt_act(&s, "first 0");
        s.score[0] = 11;
        s.score[1] = 10;
        TrucoState t = s;
        tt_deal(&s, "Qc Qh Qs", "4d 5d 6d", "7h");
        assert_int_equal(decide(bots[b], &s, 3), TR_ONZE_PLAY);
        tt_deal(&t, "4c 5c 6c", "Qc Qh Qs", "7h");
        assert_int_equal(decide(bots[b], &t, 3), TR_ONZE_RUN);
    }
    /* Easy follows its probability (base 8): three manilhas always play. */
    TrucoState s = tt_new(0, 0);
    tt_act(&s, "first 0");
    s.score[0] = 11;
    tt_deal(&s, "Qc Qh Qs", "4d 5d 6d", "7h");
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_int_equal(decide(bots[0], &s, seed), TR_ONZE_PLAY);
}

/* ---- Hard ----------------------------------------------------------------------------------- */

static void test_hard_takes_sure_points(void **u)
{
    (void)u;
    /* Holding the three best manilhas, Hard never runs from a raise. */
    TrucoState s = tt_hand(0, "4d 5d 6d", "Qc Qh Qs", "7h");
    tt_act(&s, "truco");
    Action a = decide(truco_hard_decide, &s, 5);
    assert_true(a == TR_ACCEPT || a == TR_SEIS);
    /* With nothing left to lose it accepts: last rodada, its 3 against one unseen card. */
    TrucoState t = last_rodada();
    tt_act(&t, "play 3♣");
    assert_int_equal(truco_current_player(&t), 1);
    /* Seat 1 holds 5♦: hopeless against the 3 (it knows). It should not raise... */
    Action b = decide(truco_hard_decide, &t, 5);
    assert_true(b == named(&t, "play 5♦") || b == named(&t, "hide 5♦"));
}

/* ---- Hard's exact card play --------------------------------------------------------------- */

/* The hand's result for `team` by the rules themselves: every face-up card play of the seat
 * to move tried, the seat's team taking its best, to the end of the hand. */
static int brute_result(const TrucoState *s, int team)
{
    if (s->phase != TR_PH_PLAY)
        return s->last_winner == team ? 1 : s->last_winner < 0 ? 0 : -1;
    int p = truco_current_player(s);
    Action acts[RULES_MAX_ACTIONS];
    int n = truco_rules.legal_actions(s, acts);
    bool ours = truco_team(p) == team;
    int best = ours ? -2 : 2;
    for (int i = 0; i < n; i++) {
        if (acts[i] < TR_PLAY || acts[i] >= TR_HIDE)
            continue; /* face-up cards only: no raises, no face-down cards */
        TrucoState t = *s;
        assert_null(truco_rules.apply(&t, acts[i]));
        int v = brute_result(&t, team);
        if (ours ? v > best : v < best)
            best = v;
    }
    assert_int_not_equal(best, ours ? -2 : 2);
    return best;
}

/* truco_exact_result agrees with the brute force of the rules on positions from random
 * deals (2 and 4 players, the variants' cards), part played at random, some cards face
 * down from the 2nd rodada, for both teams. */
static void test_exact_result_is_brute_force(void **u)
{
    (void)u;
    Rng rng;
    rng_seed(&rng, 26);
    int checked = 0, decided[3] = {0}, hidden = 0;
    for (int k = 0; k < 600; k++) {
        int np = k % 3 == 2 ? 4 : 2;
        GameOptions o;
        rules_default_options(&truco_rules, &o);
        if (k % 5 == 4)
            o.v[TR_OPT_MANILHAS] = TR_MANILHAS_FIXED;
        if (k % 7 == 6)
            o.v[TR_OPT_DECK] = TR_DECK_24, o.v[TR_OPT_MANILHAS] = TR_MANILHAS_VIRA;
        TrucoState s;
        assert_null(truco_rules.init(&s, &o, np, rng_next(&rng)));
        Action acts[RULES_MAX_ACTIONS];
        while (truco_current_player(&s) == PLAYER_CHANCE)
            tt_chance(&s, &rng);
        if (s.phase != TR_PH_PLAY)
            continue; /* a mão de onze to decide first */
        int plays = (int)rng_below(&rng, (uint32_t)(np * 3));
        for (int m = 0; m < plays && s.phase == TR_PH_PLAY; m++) {
            int n = truco_rules.legal_actions(&s, acts), c = 0;
            Action cards[RULES_MAX_ACTIONS];
            for (int i = 0; i < n; i++)
                if (acts[i] >= TR_PLAY && acts[i] < TR_PLAY_SLOT)
                    cards[c++] = acts[i];
            assert_true(c > 0);
            Action a = cards[rng_below(&rng, (uint32_t)c)];
            hidden += a >= TR_HIDE;
            assert_null(truco_rules.apply(&s, a));
        }
        if (s.phase != TR_PH_PLAY)
            continue;
        for (int team = 0; team < 2; team++) {
            int x = truco_exact_result(&s, team), b = brute_result(&s, team);
            assert_int_equal(x, b);
            decided[x + 1]++;
            checked++;
        }
    }
    assert_true(checked > 400);
    assert_true(hidden > 20);
    /* the positions are not all of one kind: hands won and lost both occur */
    assert_true(decided[0] > 100 && decided[2] > 100);
}

/* Hard with a budget of worlds and no clock decides the same from the same generator,
 * whatever the clock of the machine (what makes `tasca sim --seed` replay its games). */
static void test_hard_replayable(void **u)
{
    (void)u;
    Rng deal;
    rng_seed(&deal, 4);
    for (int k = 0; k < 12; k++) {
        TrucoState s;
        GameOptions o;
        rules_default_options(&truco_rules, &o);
        assert_null(truco_rules.init(&s, &o, 2, rng_next(&deal)));
        /* The first hands of a match, Hard deciding every seat's moves. */
        for (int m = 0; m < 40 && s.phase != TR_PH_OVER; m++) {
            int p = truco_current_player(&s);
            if (p == PLAYER_CHANCE) {
                tt_chance(&s, &deal);
                continue;
            }
            TrucoState view;
            truco_rules.observe(&s, p, &view);
            uint64_t seed = rng_next(&deal);
            Action a[2];
            for (int t = 0; t < 2; t++) {
                Rng r;
                rng_seed(&r, seed);
                BotRequest req = {&truco_rules, &view, p, &r, 300, 0, NULL};
                a[t] = truco_hard_decide(&req);
            }
            assert_int_equal(a[0], a[1]);
            assert_null(truco_rules.apply(&s, a[0]));
        }
    }
}

/* Hard answers a raise by raising only with a hand that wins at least reraise_min of the
 * worlds its search weighs (every card known there); without the floor it re-raises with
 * weaker hands at the same positions, so the floor is what keeps them out. Positions: the
 * answers of a Hard seat in matches against Medium. */
static void test_hard_reraise_floor(void **u)
{
    (void)u;
    TrucoHardParams floored = truco_hard_defaults, loose = truco_hard_defaults;
    floored.reraise_min = 0.65;
    loose.reraise_min = 0;
    floored.cfr = loose.cfr = 0; /* the search's own betting (issue 41's table aside) */
    int answers = 0, raises = 0, weak_loose = 0;
    Rng deal;
    rng_seed(&deal, 2026);
    for (int g = 0; g < 24 && answers < 120; g++) {
        TrucoState s;
        GameOptions o;
        rules_default_options(&truco_rules, &o);
        assert_null(truco_rules.init(&s, &o, 2, rng_next(&deal)));
        while (s.phase != TR_PH_OVER) {
            int p = truco_current_player(&s);
            if (p == PLAYER_CHANCE) {
                tt_chance(&s, &deal);
                continue;
            }
            TrucoState view;
            truco_rules.observe(&s, p, &view);
            Rng r;
            uint64_t seed = rng_next(&deal);
            rng_seed(&r, seed);
            BotRequest req = {&truco_rules, &view, p, &r, 100, 0, NULL};
            Action a;
            if (p == 0) {
                double share;
                a = truco_hard_decide_share(&req, &floored, &share);
                if (s.phase == TR_PH_ANSWER) {
                    answers++;
                    assert_true(share >= 0 && share <= 1);
                    if (a >= TR_TRUCO && a <= TR_DOZE) {
                        raises++;
                        assert_true(share >= floored.reraise_min);
                    }
                    Rng r2;
                    rng_seed(&r2, seed);
                    BotRequest req2 = {&truco_rules, &view, p, &r2, 100, 0, NULL};
                    double share2;
                    Action b = truco_hard_decide_share(&req2, &loose, &share2);
                    assert_true(share2 == share); /* the same worlds */
                    weak_loose += b >= TR_TRUCO && b <= TR_DOZE && share2 < floored.reraise_min;
                }
            } else {
                a = truco_medium_decide(&req);
            }
            assert_null(truco_rules.apply(&s, a));
        }
    }
    assert_true(answers >= 40);
    assert_true(raises > 0);     /* strong hands still raise */
    assert_true(weak_loose > 0); /* the floor changed some answers */
}

/* ---- Hard's reading of the opponent over the match ---------------------------------------- */

/* The two types' rates, measured from their own policies, differ the way the seed's formula
 * says (it calls less often than a player who bets by its win chance, and refuses far more
 * of the raises beyond truco, which the other answers from a hand that called or accepted
 * the truco), in every variant, with 2 and 4 players. (At the truco itself the two refuse
 * about as often: with 24 cards the seed refuses less.) */
static void test_type_rates(void **u)
{
    (void)u;
    for (int np = 2; np <= 4; np += 2)
        for (int k = 0; k < 4; k++) { /* Paulista, Mineiro, manilha velha, baralho limpo */
            GameOptions o;
            rules_default_options(&truco_rules, &o);
            o.v[TR_OPT_MANILHAS] = k == 1 || k == 2;
            o.v[TR_OPT_VALUES] = k == 1;
            o.v[TR_OPT_DECK] = k == 3;
            TrucoState s = tt_new_n(np, &o);
            double r[2][4];
            truco_type_rates(&s, r);
            for (int t = 0; t < 2; t++)
                for (int i = 0; i < 4; i++)
                    assert_true(r[t][i] > 0 && r[t][i] < 1);
            if (!(np == 4 && k == 1))         /* Mineiro with four: 0.515 against 0.545 */
                assert_true(r[1][0] < r[0][0]); /* the timid type calls less */
            assert_true(r[1][2] > r[0][2] + 0.2); /* and refuses the raises beyond truco */
        }
}

/* The rates Hard keeps (truco_type_rates) are the ones measure_types gives, in every
 * variant the rules accept, with 2 and 4 players. */
static void test_type_rates_known(void **u)
{
    (void)u;
    int checked = 0;
    for (int np = 2; np <= 4; np += 2)
        for (int m = 0; m < 2; m++)
            for (int d = 0; d < 2; d++)
                for (int va = 0; va < 2; va++) {
                    GameOptions o;
                    rules_default_options(&truco_rules, &o);
                    o.v[TR_OPT_MANILHAS] = m;
                    o.v[TR_OPT_DECK] = d;
                    o.v[TR_OPT_VALUES] = va;
                    TrucoState s;
                    if (truco_rules.init(&s, &o, np, 1) != NULL)
                        continue; /* fixed manilhas with 24 cards: refused */
                    double kept[2][4], now[2][4];
                    truco_type_rates(&s, kept);
                    truco_type_rates_measured(&s, now);
                    for (int t = 0; t < 2; t++)
                        for (int i = 0; i < 4; i++)
                            assert_true(fabs(kept[t][i] - now[t][i]) < 1e-12);
                    checked++;
                }
    assert_int_equal(checked, 12);
}

/* The prior share of timid worlds moves by the other team's public record: up after runs
 * and hands without a call, down after accepts and calls; the seat's own team's record
 * does not move it; an empty record leaves the prior; it stays within [0.05, 0.95]. */
static void test_timid_share_follows_the_record(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "4d 5d 6d", "Qc Qh Qs", "7h");
    const int seat = 0, o = 1;
    assert_true(fabs(truco_timid_share(&s, seat, 0.5) - 0.5) < 1e-12);
    assert_true(fabs(truco_timid_share(&s, seat, 0.15) - 0.15) < 1e-12);
    TrucoState t = s;
    t.bet_runs[o] = 3;
    double up = truco_timid_share(&t, seat, 0.5);
    assert_true(up > 0.5);
    t.bet_runs[o] = 6;
    assert_true(truco_timid_share(&t, seat, 0.5) > up); /* more runs, more timid */
    t = s;
    t.bet_accepts[o] = 2;
    t.bet_reraises[o] = 1;
    assert_true(truco_timid_share(&t, seat, 0.5) < 0.5);
    t = s;
    t.bet_chances[o] = 6; /* six hands it could call in, no call */
    assert_true(truco_timid_share(&t, seat, 0.5) > 0.5);
    t.bet_calls[o] = 6; /* called in every one */
    assert_true(truco_timid_share(&t, seat, 0.5) < 0.5);
    /* The record of the seat's own team says nothing about the opponent. */
    t = s;
    t.bet_runs[1 - o] = 9;
    t.bet_chances[1 - o] = 9;
    assert_true(fabs(truco_timid_share(&t, seat, 0.5) - 0.5) < 1e-12);
    /* Never certain. */
    t = s;
    t.bet_runs[o] = 500;
    t.bet_chances[o] = 500;
    assert_true(fabs(truco_timid_share(&t, seat, 0.5) - 0.95) < 1e-9);
    t = s;
    t.bet_accepts[o] = 500;
    t.bet_chances[o] = t.bet_calls[o] = 500;
    assert_true(fabs(truco_timid_share(&t, seat, 0.5) - 0.05) < 1e-9);
    /* Four players: the same reading, from the four-player rates. */
    TrucoState f = tt_new_n(4, NULL);
    f.bet_runs[1] = 4;
    f.bet_chances[1] = 4;
    assert_true(truco_timid_share(&f, 0, 0.15) > 0.15);
    assert_true(truco_timid_share(&f, 1, 0.15) == 0.15); /* seat 1's opponent is team 0 */
    /* An answer to a raise beyond truco is read at the rates of those answers: in Mineiro
     * with four, a run from a truco says little (both types refuse about 0.4 of them), a run
     * from a seis nearly settles it, and accepting a seis points the other way. */
    GameOptions mo;
    rules_default_options(&truco_rules, &mo);
    mo.v[TR_OPT_MANILHAS] = TR_MANILHAS_FIXED;
    mo.v[TR_OPT_VALUES] = TR_VALUES_MINEIRO;
    TrucoState mf = tt_new_n(4, &mo);
    double rates[2][4];
    truco_type_rates(&mf, rates);
    TrucoState m1 = mf;
    m1.bet_runs[1] = 1; /* a truco refused */
    double at_truco = truco_timid_share(&m1, 0, 0.5);
    double want = 1 / (1 + rates[0][1] / rates[1][1]); /* Bayes from an even prior */
    assert_true(fabs(at_truco - want) < 1e-9);
    m1.bet_runs_up[1] = 1; /* the same refusal, of a seis */
    double beyond = truco_timid_share(&m1, 0, 0.5);
    want = 1 / (1 + rates[0][2] / rates[1][2]);
    assert_true(fabs(beyond - want) < 1e-9);
    assert_true(beyond > at_truco + 0.2);
    TrucoState m2 = mf;
    m2.bet_accepts[1] = 1;
    m2.bet_stays_up[1] = 1; /* a seis accepted */
    want = 1 / (1 + (1 - rates[0][2]) / (1 - rates[1][2]));
    assert_true(fabs(truco_timid_share(&m2, 0, 0.5) - want) < 1e-9);
    assert_true(truco_timid_share(&m2, 0, 0.5) < 0.5);
    /* With two seats every answer is read at one rate (any raise): a refused seis reads as a
     * refused truco, at the rate of refusing any raise. */
    TrucoState d = tt_new_n(2, &mo);
    truco_type_rates(&d, rates);
    d.bet_runs[1] = 1;
    double two_truco = truco_timid_share(&d, 0, 0.5);
    assert_true(fabs(two_truco - 1 / (1 + rates[0][3] / rates[1][3])) < 1e-9);
    d.bet_runs_up[1] = 1;
    assert_true(truco_timid_share(&d, 0, 0.5) == two_truco);
}

/* The margin a raise is asked follows the opponent's record (margin_rational 2): all of it
 * while the record leaves the opponent no likelier timid than not, a tenth of it when the
 * record is sure (share 0.95: 2 (1 - 0.95)); with margin_rational 1, the share of rational
 * worlds (between none and all). The analysis shows a raise net of what it is asked, on the
 * same worlds as without a margin, and every other action unchanged. */
static double raise_asked(const TrucoState *v, const TrucoHardParams *prm)
{
    TrucoHardParams unasked = *prm;
    unasked.raise_margin = 0;
    double val[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        Rng rng;
        rng_seed(&rng, 5);
        BotRequest req = {&truco_rules, v, 0, &rng, 60, 0, NULL};
        Analysis an;
        truco_hard_analyze_with(&req, k ? &unasked : prm, &an);
        int raises = 0;
        for (int i = 0; i < an.n; i++) {
            if (an.item[i].action == TR_TRUCO) {
                val[k] = an.item[i].value;
                raises++;
            }
        }
        assert_int_equal(raises, 1);
    }
    return val[1] - val[0];
}

static void test_margin_follows_the_record(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "Qc 3d 2h", "4c 5c 6c", "7h");
    TrucoState v;
    truco_rules.observe(&s, 0, &v);
    TrucoHardParams prm = truco_hard_defaults;
    prm.cfr = 0; /* the search's own betting (issue 41's table aside) */
    prm.raise_margin = 0.2;
    prm.match_types = 1;
    prm.margin_rational = 2;
    assert_true(fabs(raise_asked(&v, &prm) - 0.2) < 1e-9); /* an empty record: all of it */
    TrucoState timid = v;
    timid.bet_runs[1] = 40;
    timid.bet_chances[1] = 40;
    assert_true(fabs(truco_timid_share(&timid, 0, 0.5) - 0.95) < 1e-9);
    assert_true(fabs(raise_asked(&timid, &prm) - 0.02) < 1e-9);
    TrucoState rational = v;
    rational.bet_accepts[1] = 40;
    rational.bet_chances[1] = rational.bet_calls[1] = 40;
    assert_true(fabs(raise_asked(&rational, &prm) - 0.2) < 1e-9);
    prm.margin_rational = 1;
    double w = raise_asked(&timid, &prm);
    assert_true(w >= -1e-9 && w <= 0.2 + 1e-9);
    assert_true(w < 0.2 - 1e-9); /* some of the worlds are timid ones */
    prm.margin_rational = 0;
    assert_true(fabs(raise_asked(&timid, &prm) - 0.2) < 1e-9);
}

/* Four players: a raise must beat the best other choice by raise_margin4. With a margin no
 * raise can earn (more than the whole match), Hard never raises; without it, it raises at
 * some of the same decisions (the same worlds). Positions: Hard's team against Medium's. */
static void test_four_margin_applies(void **u)
{
    (void)u;
    TrucoHardParams none = truco_hard_defaults, huge = truco_hard_defaults;
    none.raise_margin4 = 0;
    huge.raise_margin4 = 2;
    none.cfr = huge.cfr = 0; /* the search's own betting (issue 41's table aside) */
    int decisions = 0, raises_none = 0;
    Rng deal;
    rng_seed(&deal, 77);
    for (int g = 0; g < 6 && raises_none < 3; g++) {
        TrucoState s = tt_new_n(4, NULL);
        for (int m = 0; m < 300 && s.phase != TR_PH_OVER && raises_none < 3; m++) {
            int p = truco_current_player(&s);
            if (p == PLAYER_CHANCE) {
                tt_chance(&s, &deal);
                continue;
            }
            TrucoState view;
            truco_rules.observe(&s, p, &view);
            uint64_t seed = rng_next(&deal);
            Rng r;
            rng_seed(&r, seed);
            BotRequest req = {&truco_rules, &view, p, &r, 40, 0, NULL};
            Action a;
            if (p % 2 == 0) {
                Action b = truco_hard_decide_with(&req, &huge);
                assert_false(b >= TR_TRUCO && b <= TR_DOZE);
                Rng r2;
                rng_seed(&r2, seed);
                BotRequest req2 = {&truco_rules, &view, p, &r2, 40, 0, NULL};
                a = truco_hard_decide_with(&req2, &none);
                raises_none += a >= TR_TRUCO && a <= TR_DOZE;
                decisions++;
            } else {
                a = truco_medium_decide(&req);
            }
            assert_null(truco_rules.apply(&s, a));
        }
    }
    assert_true(decisions >= 20);
    assert_true(raises_none > 0); /* the margin is what kept them out */
}

/* ---- Four players ------------------------------------------------------------------------- */

/* Four players, Mineiro: a refusal of a raise beyond truco is read at its own rates. The seed
 * player's team refuses most seis (it answers by its cards' weights, and a seis asks more of
 * them), a team that bets by its win chance hardly ever (it answers a seis from a hand that
 * called or accepted the truco), while at the truco itself the two refuse about as often.
 * Hard's team answers trucos called by the seed player's team, once with a record holding
 * one refusal of a seis, once with the same refusal of a truco: the seis makes the team
 * likely seed-like, whose trucos are weak, so Hard runs from fewer of them (the same
 * positions and worlds). Read as one rate for every raise, the two records were the same. */
static void test_four_seis_refusal_read(void **u)
{
    (void)u;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    o.v[TR_OPT_MANILHAS] = TR_MANILHAS_FIXED;
    o.v[TR_OPT_VALUES] = TR_VALUES_MINEIRO;
    Rng deal;
    rng_seed(&deal, 2026);
    int positions = 0, run_old = 0, run_new = 0;
    TrucoHardParams search = truco_hard_defaults;
    search.cfr = 0; /* the search's own betting (issue 41's table aside) */
    for (int g = 0; g < 60 && positions < 30; g++) {
        TrucoState s = tt_new_n(4, &o);
        for (int m = 0; m < 300 && s.phase != TR_PH_OVER && positions < 30; m++) {
            int p = truco_current_player(&s);
            if (p == PLAYER_CHANCE) {
                tt_chance(&s, &deal);
                continue;
            }
            TrucoState view;
            truco_rules.observe(&s, p, &view);
            Rng r;
            rng_seed(&r, rng_next(&deal));
            BotRequest req = {&truco_rules, &view, p, &r, 60, 0, NULL};
            Action a;
            if (p % 2 == 1) {
                a = truco_seed_decide(&req);
            } else if (s.phase == TR_PH_ANSWER && s.pending == 4 &&
                       s.bet_runs[1] + s.bet_accepts[1] + s.bet_reraises[1] == 0) {
                /* an answer to the seed team's truco, no answer yet in its record */
                TrucoState v0 = view, v1 = view; /* a truco refused; a seis refused */
                v0.bet_chances[1] = v0.bet_calls[1] = v1.bet_chances[1] = v1.bet_calls[1] = 0;
                v0.bet_runs[1] = v1.bet_runs[1] = 1;
                v1.bet_runs_up[1] = 1;
                uint64_t seed = rng_next(&deal);
                Rng r0, r1;
                rng_seed(&r0, seed);
                rng_seed(&r1, seed);
                BotRequest q0 = {&truco_rules, &v0, p, &r0, 60, 0, NULL};
                BotRequest q1 = {&truco_rules, &v1, p, &r1, 60, 0, NULL};
                Action b = truco_hard_decide_with(&q0, &search);
                a = truco_hard_decide_with(&q1, &search);
                run_old += b == TR_RUN;
                run_new += a == TR_RUN;
                positions++;
            } else {
                a = truco_medium_decide(&req);
            }
            assert_null(truco_rules.apply(&s, a));
        }
    }
    print_message("positions %d, runs: after a truco refused %d, after a seis refused %d\n",
                  positions, run_old, run_new);
    assert_true(positions >= 20);
    assert_true(run_new < run_old);
}


static void test_four_no_overtaking_the_partner(void **u)
{
    (void)u;
    /* Vira 4♥: the 5s are manilhas. Seat 1 holds the rodada with the zap; seat 3, its partner
     * and last to play, throws its lowest card and keeps its manilha. */
    TrucoState s = tt_hand4(0, "6c Kc Ac", "5c 6d Ad", "Kd 6s As", "5d 7s 4c", "4h");
    tt_act(&s, "play 6♣");
    tt_act(&s, "truco"); /* seat 1: team 1 made the last raise, seat 3 cannot raise */
    tt_act(&s, "aceitar");
    tt_act(&s, "play 5♣");
    tt_act(&s, "play K♦");
    /* With signals (on by default), every level first shows its partner the pica-fumo
     * (5♦) it holds, once; then it plays. */
    for (uint64_t seed = 0; seed < 3; seed++) {
        assert_int_equal(decide(truco_seed_decide, &s, seed), named(&s, "sinal pica-fumo"));
        assert_int_equal(decide(truco_medium_decide, &s, seed), named(&s, "sinal pica-fumo"));
        assert_int_equal(decide(truco_hard_decide, &s, seed), named(&s, "sinal pica-fumo"));
    }
    tt_act(&s, "sinal pica-fumo");
    tt_act(&s, "caught none");
    for (uint64_t seed = 0; seed < 6; seed++) {
        assert_int_equal(decide(truco_seed_decide, &s, seed), named(&s, "play 4♣"));
        assert_int_equal(decide(truco_medium_decide, &s, seed), named(&s, "play 4♣"));
        assert_int_not_equal(decide(truco_hard_decide, &s, seed), named(&s, "play 5♦"));
    }
}

static void test_four_answers_by_the_team(void **u)
{
    (void)u;
    /* Vira 7♥: the Queens are manilhas. Seat 0 calls truco; seat 1 holds nothing and
     * leaves the answer to its partner (Easy never runs while its partner may accept). */
    TrucoState s = tt_hand4(0, "3c 2c Ac", "4c 5c 6c", "Kd Jd 6d", "4d 5d 4s", "7h");
    tt_act(&s, "truco");
    for (uint64_t seed = 0; seed < 10; seed++) {
        assert_int_equal(decide(truco_medium_decide, &s, seed), TR_PASS);
        assert_int_not_equal(decide(truco_seed_decide, &s, seed), TR_RUN);
    }
    tt_act(&s, "parceiro");
    /* Seat 3 as weak: Medium runs. */
    for (uint64_t seed = 0; seed < 5; seed++)
        assert_int_equal(decide(truco_medium_decide, &s, seed), TR_RUN);
    /* A strong first answerer does not pass: it accepts or raises. */
    s = tt_hand4(0, "3c 2c Ac", "Qc Qh 3d", "Kd Jd 6d", "4d 5d 4s", "7h");
    tt_act(&s, "truco");
    for (uint64_t seed = 0; seed < 5; seed++) {
        Action a = decide(truco_medium_decide, &s, seed);
        assert_true(a == TR_ACCEPT || a == TR_SEIS);
    }
}

/* A partner's limits (truco_partner_limit, applied by bot_decide_limited as the match does):
 * without a raise of its own, a Hard seat that would call truco with three manilhas plays a
 * card (the closed view has raising shut, nothing else); told to leave answers, it says
 * "parceiro" when it may, and answers when the answer was left to it. */
static void test_partner_limits(void **u)
{
    (void)u;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    o.v[TR_OPT_SIGNALS] = 0; /* no sign first */
    TrucoState s = tt_new_n(4, &o);
    tt_act(&s, "first 0");
    tt_deal4(&s, "Qc Qh Qs", "4c 5c 6c", "Kd Jd 6d", "4d 5d 4s", "7h");
    BotLimit no_raise = truco_partner_limit(TRUCO_LIMIT_NO_RAISE);
    TrucoState closed = s;
    no_raise.close(no_raise.flags, &closed, 0);
    assert_false(truco_can_raise(&closed, 0));
    Action a1[RULES_MAX_ACTIONS], a2[RULES_MAX_ACTIONS];
    int n1 = truco_rules.legal_actions(&s, a1), n2 = truco_rules.legal_actions(&closed, a2);
    assert_int_equal(n2, n1 - 1); /* the call alone is gone */
    int calls = 0;
    for (uint64_t seed = 0; seed < 6; seed++) {
        TrucoState v;
        truco_rules.observe(&s, 0, &v);
        Rng r1, r2;
        rng_seed(&r1, seed);
        rng_seed(&r2, seed);
        Action own = bot_decide_view(&truco_rules, DIFF_HARD, &v, 0, &r1, NULL);
        Action lim = bot_decide_limited(&truco_rules, DIFF_HARD, &v, 0, &r2, NULL, &no_raise);
        calls += own == TR_TRUCO;
        assert_true(lim >= TR_PLAY && lim < TR_PLAY + 100);
        assert_true(rules_is_legal(&truco_rules, &s, lim));
    }
    assert_true(calls > 0); /* left alone, it calls */
    /* East calls truco on the other team; seat 1 answers for its team or leaves it. */
    tt_act(&s, "play Qh");
    tt_act(&s, "truco");
    BotLimit leave = truco_partner_limit(TRUCO_LIMIT_LEAVE_ANSWER | TRUCO_LIMIT_NO_RAISE);
    for (uint64_t seed = 0; seed < 3; seed++) {
        TrucoState v;
        truco_rules.observe(&s, 2, &v);
        Rng r;
        rng_seed(&r, seed);
        assert_int_equal(truco_current_player(&s), 2);
        assert_int_equal(bot_decide_limited(&truco_rules, DIFF_HARD, &v, 2, &r, NULL, &leave),
                         TR_PASS);
    }
    tt_act(&s, "parceiro");
    TrucoState v;
    truco_rules.observe(&s, 0, &v);
    Rng r;
    rng_seed(&r, 1);
    Action ans = bot_decide_limited(&truco_rules, DIFF_HARD, &v, 0, &r, NULL, &leave);
    assert_true(ans == TR_ACCEPT || ans == TR_RUN || ans == TR_SEIS); /* its own answer */
}

static void test_four_onze_left_to_the_partner(void **u)
{
    (void)u;
    TrucoState s = tt_new_n(4, NULL);
    tt_act(&s, "first 1");
    s.score[0] = 11;
    s.score[1] = 4;
    tt_deal4(&s, "3c 2c Ac", "4c 5c 6c", "Kd Jd 6d", "4d 5d 4s", "7h");
    assert_int_equal(truco_current_player(&s), 2);
    Decide bots[3] = {truco_seed_decide, truco_medium_decide, truco_hard_decide};
    for (int b = 0; b < 3; b++)
        assert_int_equal(decide(bots[b], &s, 1), TR_PASS);
    tt_act(&s, "parceiro");
    /* Seat 0 decides, seeing both hands: 3, 2, A and K, J, 6 against two unknown hands. */
    for (int b = 0; b < 3; b++) {
        Action a = decide(bots[b], &s, 2);
        assert_true(a == TR_ONZE_PLAY || a == TR_ONZE_RUN);
    }
}

/* ---- Views only --------------------------------------------------------------------------- */

static void test_bots_use_only_the_view(void **u)
{
    (void)u;
    /* Two full states with the same view for the seat to move get the same decision. */
    Decide bots[3] = {truco_seed_decide, truco_medium_decide, truco_hard_decide};
    Rng rng;
    rng_seed(&rng, 99);
    int checked = 0;
    for (int g = 0; g < 8; g++) {
        GameOptions o;
        rules_default_options(&truco_rules, &o);
        o.v[TR_OPT_BLIND] = g % 2;
        TrucoState s = tt_new_n(g < 6 ? 2 : 4, &o); /* the last two: four players */
        for (int steps = 0; truco_current_player(&s) != PLAYER_TERMINAL && steps < 400; steps++) {
            int cp = truco_current_player(&s);
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n;
            if (cp == PLAYER_CHANCE) {
                n = truco_rules.chance_outcomes(&s, acts, w);
            } else {
                n = truco_rules.legal_actions(&s, acts);
                TrucoState v, other;
                truco_rules.observe(&s, cp, &v);
                truco_rules.resample(&v, cp, &rng, &other);
                for (int b = 0; b < 3; b++) {
                    if (b == 2 && steps % (s.num_players == 4 ? 17 : 7))
                        continue; /* Hard is slower: sample its positions */
                    uint64_t seed = (uint64_t)steps * 3 + (uint64_t)b;
                    assert_int_equal(decide(bots[b], &s, seed), decide(bots[b], &other, seed));
                    checked++;
                }
            }
            assert_null(truco_rules.apply(&s, acts[rng_below(&rng, (uint32_t)n)]));
        }
    }
    assert_true(checked > 100);
}

/* ---- Variants ----------------------------------------------------------------------------- */

static TrucoState variant_state(int np, const char *kv)
{
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    char err[200];
    if (kv && rules_parse_option(&truco_rules, &o, kv, err, sizeof err))
        fail_msg("%s", err);
    TrucoState s;
    assert_null(truco_rules.init(&s, &o, np, 1));
    return s;
}

/* Share of fresh hands (the mão to play its first card) whose win chance reaches t. */
static double share_reaching(int np, const char *kv, double t, uint64_t seed, int deals)
{
    Rng rng;
    rng_seed(&rng, seed);
    int hits = 0;
    for (int k = 0; k < deals; k++) {
        TrucoState s = variant_state(np, kv);
        while (truco_current_player(&s) == PLAYER_CHANCE)
            tt_chance(&s, &rng);
        int p = truco_current_player(&s);
        TrucoState v;
        truco_rules.observe(&s, p, &v);
        TrucoEstimate e;
        truco_estimate(&v, p, 300, &rng, &e);
        hits += e.win >= t;
    }
    return (double)hits / deals;
}

static void test_variant_thresholds(void **u)
{
    (void)u;
    /* Paulista's cards and values keep Paulista's thresholds at every raise. */
    TrucoState s = variant_state(2, NULL);
    for (int up = TR_TRUCO; up <= TR_DOZE; up++)
        assert_true(truco_variant_threshold(&s, up, 0.62) == 0.62);
    /* Fixed manilhas and the clean deck: thresholds in (0, 1), in order, and carrying the
     * same share of hands (measured here on other deals than the bots measured). */
    const char *kvs[] = {"variant=velha", "variant=limpo"};
    for (int np = 2; np <= 4; np += 2)
        for (int i = 0; i < 2; i++) {
            s = variant_state(np, kvs[i]);
            double last = 0;
            for (double t = 0.62; t < 0.87; t += 0.08) {
                double m = truco_variant_threshold(&s, TR_TRUCO, t);
                assert_true(m > 0 && m < 1);
                assert_true(m >= last);
                last = m;
            }
            double pa = share_reaching(np, NULL, 0.62, 99, 300);
            double va = share_reaching(np, kvs[i], truco_variant_threshold(&s, TR_TRUCO, 0.62), 99, 300);
            if (fabs(pa - va) > 0.09)
                fail_msg("%d players %s: %.3f of hands raise, Paulista %.3f", np, kvs[i], va, pa);
        }
}

static void test_medium_knows_fixed_manilhas(void **u)
{
    (void)u;
    /* 4♣ 7♥ A♠: the three best cards with fixed manilhas (a sure hand), a poor hand under a
     * vira of 5 (manilhas 6). Medium calls truco with the first, not the second. */
    const char *kvs[] = {"variant=velha", "variant=mineiro"};
    for (int i = 0; i < 2; i++) {
        TrucoState s = variant_state(2, kvs[i]);
        tt_act(&s, "first 0");
        const char *deal[] = {"4c", "5d", "7h", "6d", "As", "Kd"};
        char t[16];
        for (int k = 0; k < 6; k++) {
            snprintf(t, sizeof t, "deal %s", deal[k]);
            tt_act(&s, t);
        }
        assert_int_equal(s.phase, TR_PH_PLAY);
        assert_int_equal(decide(truco_medium_decide, &s, 1), TR_TRUCO);
        /* Hard: with a sure hand every choice wins the hand, and a Mineiro truco (2 to 4)
         * draws few refusals, so Hard may as well play a card first; truco is among its
         * best choices (a Hard blind to fixed manilhas would see a weak hand and value
         * truco well below playing). */
        TrucoState v;
        truco_rules.observe(&s, 0, &v);
        Rng rng;
        rng_seed(&rng, 1);
        BotRequest req = {&truco_rules, &v, 0, &rng, 200, 0, NULL};
        Analysis an;
        Action a = truco_hard_analyze(&req, &an);
        const AnalysisItem *tr = NULL, *best = NULL;
        for (int k = 0; k < an.n; k++) {
            if (an.item[k].action == TR_TRUCO)
                tr = &an.item[k];
            if (an.item[k].action == a)
                best = &an.item[k];
        }
        assert_non_null(tr);
        assert_non_null(best);
        /* The analysis values a raise net of the margin Hard asks of raises; the rollouts'
         * own value of truco is among the best. */
        double raw = tr->value + truco_hard_defaults.raise_margin;
        assert_true(raw >= best->value - 3 * (tr->stderr_ + best->stderr_));
        /* With fixed manilhas (a sure hand) the rollouts put truco at least level with the
         * best card; Hard calls it, or plays a card first when truco does not beat the card
         * by its margin (a sure hand may call later). */
        if (i == 0)
            assert_true(raw >= best->value - 1e-9);
    }
    TrucoState p = tt_hand(0, "4c 7h As", "5d 6d Kd", "5h");
    assert_int_not_equal(decide(truco_medium_decide, &p, 1), TR_TRUCO);
}

/* Mineiro values move Medium's raise thresholds by the raise's stakes: a truco from 2 to 4
 * is worth accepting from a 1/4 chance (Paulista's 1 to 3 from 1/3), so it needs a hand
 * 1/12 stronger; a dez from 6 to 10 is accepted from 1/5 (Paulista's nove from 1/6), so it
 * needs a hand 1/30 weaker. */
static void test_medium_thresholds_follow_the_values(void **u)
{
    (void)u;
    TrucoState m = variant_state(2, "values=mineiro"); /* the vira: only the values differ */
    const double shift[5] = {0, 1.0 / 3 - 1.0 / 4, 1.0 / 4 - 1.0 / 6, 1.0 / 6 - 1.0 / 5,
                             1.0 / 8 - 1.0 / 12};
    for (int up = TR_TRUCO; up <= TR_DOZE; up++) {
        assert_float_equal(truco_stakes_shift(&m, up), shift[up], 1e-12);
        assert_float_equal(truco_variant_threshold(&m, up, 0.70), 0.70 + shift[up], 1e-12);
    }
    /* The same fresh hand, the same cards and vira: with a win chance between the two truco
     * thresholds, Medium calls truco under Paulista values and plays a card under Mineiro's. */
    TrucoState p = variant_state(2, NULL);
    Rng rng;
    rng_seed(&rng, 25);
    Action out[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int found = 0;
    for (int k = 0; k < 400 && found < 3; k++) {
        TrucoState a = p, b = m;
        while (truco_current_player(&a) == PLAYER_CHANCE) {
            int n = truco_rules.chance_outcomes(&a, out, w);
            Action x = out[rng_below(&rng, (uint32_t)n)];
            assert_null(truco_rules.apply(&a, x));
            assert_null(truco_rules.apply(&b, x));
        }
        int seat = truco_current_player(&a);
        TrucoState v;
        truco_rules.observe(&a, seat, &v);
        TrucoEstimate e;
        truco_estimate(&v, seat, 0, &rng, &e);
        if (e.win < 0.64 || e.win > 0.69)
            continue;
        found++;
        assert_int_equal(decide(truco_medium_decide, &a, 3), TR_TRUCO);
        assert_int_not_equal(decide(truco_medium_decide, &b, 3), TR_TRUCO);
    }
    assert_true(found > 0);
}

/* Every level plays every variant to the end of a match, with 2 and 4 players, deciding
 * legal actions from its view only. */
static void test_bots_play_every_variant(void **u)
{
    (void)u;
    const char *kvs[] = {"variant=mineiro", "variant=velha", "variant=limpo"};
    Decide fns[3] = {truco_seed_decide, truco_medium_decide, truco_hard_decide};
    Action out[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    for (int np = 2; np <= 4; np += 2)
        for (int i = 0; i < 3; i++) {
            TrucoState s = variant_state(np, kvs[i]);
            Rng rng;
            rng_seed(&rng, (uint64_t)(np * 10 + i));
            int steps = 0;
            while (s.phase != TR_PH_OVER && steps++ < 4000) {
                int p = truco_current_player(&s);
                Action a;
                if (p == PLAYER_CHANCE) {
                    int n = truco_rules.chance_outcomes(&s, out, w);
                    a = out[rng_below(&rng, (uint32_t)n)];
                } else {
                    /* seat p plays at level (p + i) % 3: each level meets each variant */
                    a = decide(fns[(p + i) % 3], &s, rng_next(&rng));
                }
                assert_null(truco_rules.apply(&s, a));
            }
            assert_int_equal(s.phase, TR_PH_OVER);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_strength),
        cmocka_unit_test(test_variant_thresholds),
        cmocka_unit_test(test_medium_knows_fixed_manilhas),
        cmocka_unit_test(test_bots_play_every_variant),
        cmocka_unit_test(test_seed_kills_with_lowest),
        cmocka_unit_test(test_seed_throws_lowest),
        cmocka_unit_test(test_seed_leads_lowest),
        cmocka_unit_test(test_seed_highest_after_tie),
        cmocka_unit_test(test_seed_fechada_only_from_second),
        cmocka_unit_test(test_seed_answers_by_strength),
        cmocka_unit_test(test_seed_asks_truco_with_base_five),
        cmocka_unit_test(test_estimate_is_exact),
        cmocka_unit_test(test_estimate_sure_hand),
        cmocka_unit_test(test_medium_raises_good_and_runs_bad),
        cmocka_unit_test(test_mao_de_onze_decisions),
        cmocka_unit_test(test_hard_takes_sure_points),
        cmocka_unit_test(test_exact_result_is_brute_force),
        cmocka_unit_test(test_hard_replayable),
        cmocka_unit_test(test_hard_reraise_floor),
        cmocka_unit_test(test_type_rates),
        cmocka_unit_test(test_type_rates_known),
        cmocka_unit_test(test_timid_share_follows_the_record),
        cmocka_unit_test(test_margin_follows_the_record),
        cmocka_unit_test(test_four_margin_applies),
        cmocka_unit_test(test_four_seis_refusal_read),
        cmocka_unit_test(test_four_no_overtaking_the_partner),
        cmocka_unit_test(test_four_answers_by_the_team),
        cmocka_unit_test(test_four_onze_left_to_the_partner),
        cmocka_unit_test(test_partner_limits),
        cmocka_unit_test(test_bots_use_only_the_view),
        cmocka_unit_test(test_medium_thresholds_follow_the_values),
    };
    return cmocka_run_group_tests_name("truco bots", tests, NULL, NULL);
}
