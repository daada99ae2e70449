/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The analysis interface (engine/ai/analysis.h): its choice is Hard's, a clearly wrong
 * choice is the costliest, and nothing it says depends on cards the seat cannot see. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ai/analysis.h"
#include "engine/review.h"
#include "games/moulin/moulin.h"
#include "games/moulin/moulin_bots.h"
#include "games/truco/truco.h"
#include "games/twentyone/twentyone_bots.h"
#include "support.h"

/* Plays random games of g and, at up to `checks` decisions, compares the analysis of the
 * seat's view with Hard's decision from the same generator state and budget (no clock). */
static void hint_is_hard(const GameRules *g, int players, int checks, int every)
{
    bool argmax = strcmp(g->id, "bisca") != 0 && strcmp(g->id, "buraco") != 0;
    void *s = support_state_new(g), *view = support_state_new(g);
    Analysis *an = malloc(sizeof *an);
    assert_non_null(an);
    GameOptions opt;
    rules_default_options(g, &opt);
    int done = 0;
    for (uint64_t seed = 1; done < checks && seed < 50; seed++) {
        assert_null(g->init(s, &opt, players, seed));
        Rng play;
        rng_seed(&play, seed * 7919);
        for (int step = 0; done < checks && step < 3000; step++) {
            int p = g->current_player(s);
            if (p == PLAYER_TERMINAL)
                break;
            Action acts[RULES_MAX_ACTIONS];
            if (p >= 0 && g->legal_actions(s, acts) > 1 && step % every == 0) {
                g->observe(s, p, view);
                Rng r1, r2;
                rng_seed(&r1, seed * 31 + (uint64_t)step);
                r2 = r1;
                Action a = bot_analyze(g, DIFF_HARD, view, p, &r1, NULL, 0, an);
                Action h = bot_decide_timed(g, DIFF_HARD, view, p, &r2, NULL, 0);
                if (a != h)
                    fail_msg("%s seed %llu step %d: analysis chose %d, Hard %d", g->id,
                             (unsigned long long)seed, step, a, h);
                assert_int_equal(an->best_action, h);
                assert_true(an->best >= 0 && an->best < an->n);
                assert_int_equal(an->item[an->best].action, h);
                /* Where Hard takes the best value (not the most visits or the survivor of a
                 * halving), its choice costs nothing. */
                if (argmax && an->item[an->best].valued)
                    assert_true(analysis_cost(an, h) < 1e-9);
                done++;
            }
            support_random_step(g, s, &play);
        }
    }
    assert_int_equal(done, checks);
    free(an);
    free(s);
    free(view);
}

static void test_hint_is_hard_twentyone(void **u) { (void)u; hint_is_hard(registry_find("twentyone"), 2, 20, 1); }
static void test_hint_is_hard_truco(void **u) { (void)u; hint_is_hard(registry_find("truco"), 2, 8, 3); }
static void test_hint_is_hard_truco4(void **u) { (void)u; hint_is_hard(registry_find("truco"), 4, 6, 5); }
static void test_hint_is_hard_bisca(void **u) { (void)u; hint_is_hard(registry_find("bisca"), 2, 8, 7); }
static void test_hint_is_hard_buraco(void **u) { (void)u; hint_is_hard(registry_find("buraco"), 2, 4, 25); }
static void test_hint_is_hard_moulin(void **u) { (void)u; hint_is_hard(registry_find("moulin"), 2, 3, 11); }

/* The generic IS-MCTS: its analysis picks what its decide picks, from the most visits. */
static void test_ismcts_analysis(void **u)
{
    (void)u;
    const GameRules *g = registry_find("bisca");
    void *s = support_state_new(g), *view = support_state_new(g);
    GameOptions opt;
    rules_default_options(g, &opt);
    assert_null(g->init(s, &opt, 2, 5));
    Rng play;
    rng_seed(&play, 5);
    while (g->current_player(s) < 0)
        support_random_step(g, s, &play);
    int p = g->current_player(s);
    g->observe(s, p, view);
    Analysis *an = malloc(sizeof *an);
    Rng r1, r2;
    rng_seed(&r1, 99);
    r2 = r1;
    BotRequest q1 = {g, view, p, &r1, 2000, 0, NULL}, q2 = {g, view, p, &r2, 2000, 0, NULL};
    Action a = ismcts_analyze(&q1, an), d = ismcts_decide(&q2);
    assert_int_equal(a, d);
    int most = 0, total = 0;
    for (int i = 0; i < an->n; i++) {
        assert_true(an->item[i].valued);
        assert_true(an->item[i].value >= 0 && an->item[i].value <= 1);
        assert_true(an->item[i].stderr_ > 0 && an->item[i].stderr_ < 0.5);
        total += an->item[i].visits;
        if (an->item[i].visits > an->item[most].visits)
            most = i;
    }
    assert_int_equal(an->item[most].action, a);
    assert_int_equal(total, 2000);
    free(an);
    free(s);
    free(view);
}

/* ---- A clearly wrong choice is the costliest -------------------------------------- */

/* 21: the computer sees the player's total and plays on until it beats it, so standing on
 * 12 against a 10 is nearly a sure loss; hitting is far better. */
static void test_twentyone_stand_on_12(void **u)
{
    (void)u;
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "7c", "10h", "5d", "9s");
    assert_int_equal(twentyone_total(s.hand[TO_PLAYER], 2, NULL), 12);
    TwentyOneState view;
    twentyone_rules.observe(&s, TO_PLAYER, &view);
    Analysis an;
    Rng r;
    rng_seed(&r, 1);
    assert_int_equal(bot_analyze(&twentyone_rules, DIFF_HARD, &view, TO_PLAYER, &r, NULL, 0, &an),
                     TO_HIT);
    assert_true(an.exact);
    const AnalysisItem *st = analysis_find(&an, TO_STAND), *hit = analysis_find(&an, TO_HIT);
    assert_true(st->valued && hit->valued);
    assert_true(hit->value > st->value + 0.1);
    assert_true(analysis_cost(&an, TO_STAND) > 0.1);
    assert_true(analysis_cost(&an, TO_HIT) == 0);
    /* A win chance: in [0, 1]. */
    assert_true(st->value >= 0 && hit->value <= 1);
}

/* Moulin: white's piece on 4 blocks black's 3-4-5; moving it to 1 lets black's 7 close the
 * mill. Every other move is safe: "move 4-1" must cost the most, more than half a piece. */
static void test_moulin_allowing_a_mill(void **u)
{
    (void)u;
    MoulinState s;
    GameOptions opt;
    rules_default_options(&moulin_rules, &opt);
    uint32_t white = 1u << 4 | 1u << 9 | 1u << 12 | 1u << 18 | 1u << 23;
    uint32_t black = 1u << 0 | 1u << 3 | 1u << 5 | 1u << 7 | 1u << 16;
    assert_null(moulin_setup(&s, &opt, white, black, 0, 0, MOULIN_WHITE));
    Action bad;
    assert_true(moulin_rules.action_from_string(&s, "move 4-1", &bad));
    /* The premise: after it black closes a mill at once. */
    MoulinState t = s;
    assert_null(moulin_rules.apply(&t, bad));
    Action black_moves[RULES_MAX_ACTIONS];
    int nb = moulin_rules.legal_actions(&t, black_moves);
    bool mill = false;
    for (int i = 0; i < nb; i++) {
        MoulinState x = t;
        assert_null(moulin_rules.apply(&x, black_moves[i]));
        mill |= x.pending != 0;
    }
    assert_true(mill);
    Analysis *an = malloc(sizeof *an);
    Rng r;
    rng_seed(&r, 1);
    Action best = bot_analyze(&moulin_rules, DIFF_HARD, &s, MOULIN_WHITE, &r, NULL, 0, an);
    assert_int_not_equal(best, bad);
    assert_int_equal(an->unit, ANALYSIS_PIECES);
    assert_true(an->line[0] != '\0');
    double worst = analysis_cost(an, bad);
    assert_true(worst > 0.5);
    for (int i = 0; i < an->n; i++) {
        assert_true(an->item[i].valued);
        if (an->item[i].action != bad)
            assert_true(analysis_cost(an, an->item[i].action) < worst);
    }
    free(an);
}

/* bot_analyze_budget searches with the budget asked for: in Moulin the nodes (its decision
 * within the budget, the alternatives half as many again), and the same choice as Hard's
 * decision at that budget; budget 0 is bot_analyze, Hard's own. */
static void test_analysis_budget(void **u)
{
    (void)u;
    MoulinState s;
    GameOptions opt;
    rules_default_options(&moulin_rules, &opt);
    uint32_t white = 1u << 4 | 1u << 9 | 1u << 12 | 1u << 18 | 1u << 23;
    uint32_t black = 1u << 0 | 1u << 3 | 1u << 5 | 1u << 7 | 1u << 16;
    assert_null(moulin_setup(&s, &opt, white, black, 0, 0, MOULIN_WHITE));
    Analysis *small = malloc(sizeof *small), *big = malloc(sizeof *big);
    assert_non_null(small);
    assert_non_null(big);
    for (int budget = 20000; budget <= 80000; budget *= 4) {
        Rng r, r2;
        rng_seed(&r, 5);
        rng_seed(&r2, 5);
        Analysis *an = budget == 20000 ? small : big;
        Action a = bot_analyze_budget(&moulin_rules, DIFF_HARD, &s, MOULIN_WHITE, &r, NULL, 0,
                                      budget, an);
        /* Nodes: the decision's budget and half as much again, give or take the last
         * node's children. */
        assert_true(an->samples > budget / 2);
        assert_true(an->samples <= budget + budget / 2 + 1000);
        BotRequest req = {&moulin_rules, &s, MOULIN_WHITE, &r2, budget, 0, NULL};
        assert_int_equal(a, moulin_hard_decide(&req));
    }
    assert_true(big->samples > 2 * small->samples);
    free(small);
    free(big);
}

static Card card(const char *text)
{
    Card c;
    assert_true(card_from_text(text, &c));
    return c;
}

static void truco_act(TrucoState *s, const char *text)
{
    Action a;
    if (!truco_rules.action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    const char *e = truco_rules.apply(s, a);
    if (e)
        fail_msg("'%s' refused: %s", text, e);
}

/* Truco for four: seat 1 holds the first rodada with a 3 (the best of the common cards);
 * seat 3, its partner and last to play, wastes its zap there. */
static void test_truco4_wasted_manilha(void **u)
{
    (void)u;
    TrucoState s;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    assert_null(truco_rules.init(&s, &o, 4, 1));
    truco_act(&s, "first 0");
    /* Dealt from seat 0, one card each, three rounds; then the vira (a 6: 7s are manilhas). */
    const char *h[4][3] = {{"4c", "5h", "6s"}, {"3h", "Qd", "Jc"}, {"5d", "4s", "Qs"},
                           {"7c", "4h", "5s"}};
    char t[32];
    for (int k = 0; k < 12; k++) {
        snprintf(t, sizeof t, "deal %s", h[k % 4][k / 4]);
        truco_act(&s, t);
    }
    truco_act(&s, "deal 6d");
    truco_act(&s, "play 4♣");
    truco_act(&s, "play 3♥");
    truco_act(&s, "play 5♦");
    assert_int_equal(truco_rules.current_player(&s), 3);
    TrucoState view;
    truco_rules.observe(&s, 3, &view);
    Analysis *an = malloc(sizeof *an);
    Rng r;
    rng_seed(&r, 3);
    bot_analyze(&truco_rules, DIFF_HARD, &view, 3, &r, NULL, 0, an);
    Action zap = TR_PLAY + card_index(card("7c"));
    const AnalysisItem *z = analysis_find(an, zap);
    assert_non_null(z);
    assert_true(z->valued);
    assert_int_not_equal(an->best_action, zap);
    double cz = analysis_cost(an, zap);
    assert_true(cz > 0.02);
    /* Costlier than either other card (the raises are another matter). */
    Action low[2] = {TR_PLAY + card_index(card("4h")), TR_PLAY + card_index(card("5s"))};
    for (int i = 0; i < 2; i++)
        assert_true(analysis_cost(an, low[i]) + 2 * (z->stderr_ + 0.001) < cz);
    free(an);
}


/* ---- The review of a game ---------------------------------------------------------- */

/* A 21 round: the player hits on 5 (right), then stands on 12 against a 10 (clearly
 * wrong): the review values both as the analysis of the same view does, and marks the
 * stand alone as costly. */
static void test_review_twentyone(void **u)
{
    (void)u;
    GameOptions opt;
    rules_default_options(&twentyone_rules, &opt);
    SeatSpec seats[2] = {{false, DIFF_HARD}, {true, DIFF_HARD}};
    char err[MATCH_ERR];
    Match *m = match_create(&twentyone_rules, &opt, 2, seats, 7, err, sizeof err);
    assert_non_null(m);
    const char *script[] = {"deal 2c", "deal 10h", "deal 3d", "deal 9s", "hit", "deal 7h"};
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
        support_match_text(m, script[i]);
    TwentyOneState view;
    twentyone_rules.observe(m->state, TO_PLAYER, &view);
    Analysis *an = malloc(sizeof *an);
    Rng r;
    rng_seed(&r, 1);
    bot_analyze(&twentyone_rules, DIFF_HARD, &view, TO_PLAYER, &r, NULL, 0, an);
    double expect = analysis_cost(an, TO_STAND);
    support_match_text(m, "stand");
    while (!match_is_over(m)) {
        if (match_current_player(m) == PLAYER_CHANCE)
            match_play_chance(m);
        else
            assert_null(match_play_bot(m));
    }
    ReviewStep st[16];
    int n = review_match(m, TO_PLAYER, 3, NULL, st, 16);
    assert_int_equal(n, 2);
    assert_int_equal(st[0].chosen, TO_HIT);
    assert_int_equal(st[0].best, TO_HIT);
    assert_true(st[0].cost == 0);
    assert_false(st[0].costliest);
    assert_int_equal(st[1].chosen, TO_STAND);
    assert_int_equal(st[1].best, TO_HIT);
    assert_true(st[1].cost > 0.1);
    assert_true(fabs(st[1].cost - expect) < 1e-12);
    assert_true(st[1].costliest);
    /* Every seat: the computer's decisions come too, its own seat marked. */
    ReviewStep all[16];
    int na = review_match(m, -1, 3, NULL, all, 16);
    assert_true(na >= n);
    for (int i = 0; i < na; i++)
        assert_true(all[i].seat == TO_PLAYER || all[i].seat == TO_COMPUTER);
    free(an);
    match_free(m);
}

/* The same round: accuracy is the share of decisions within REVIEW_GOOD_WIN of the best
 * (the hit is, the stand on 12 against a 10 is not); a range reviews only its steps, with
 * the same values; the position before the stand shows the player's cards and hides the
 * hole card; the worker gives what review_match gives. */
static void test_review_accuracy_position(void **u)
{
    (void)u;
    GameOptions opt;
    rules_default_options(&twentyone_rules, &opt);
    SeatSpec seats[2] = {{false, DIFF_HARD}, {true, DIFF_HARD}};
    char err[MATCH_ERR];
    Match *m = match_create(&twentyone_rules, &opt, 2, seats, 7, err, sizeof err);
    assert_non_null(m);
    const char *script[] = {"deal 2c", "deal 10h", "deal 3d", "deal 9s", "hit", "deal 7h", "stand"};
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
        support_match_text(m, script[i]);
    while (!match_is_over(m)) {
        if (match_current_player(m) == PLAYER_CHANCE)
            match_play_chance(m);
        else
            assert_null(match_play_bot(m));
    }
    ReviewStep st[16];
    int n = review_match(m, TO_PLAYER, 3, NULL, st, 16);
    assert_int_equal(n, 2);
    assert_true(review_step_good(&st[0]));
    assert_false(review_step_good(&st[1]));
    int good = 0, valued = 0;
    assert_true(fabs(review_accuracy(st, n, TO_PLAYER, &good, &valued) - 0.5) < 1e-12);
    assert_int_equal(good, 1);
    assert_int_equal(valued, 2);
    assert_string_equal(st[0].chosen_text, "hit");
    assert_string_equal(st[1].chosen_text, "stand");
    assert_string_equal(st[1].best_text, "hit");
    /* From the stand on: one step, valued as in the whole review. */
    assert_int_equal(review_count(m, TO_PLAYER, 0, -1), 2);
    assert_int_equal(review_count(m, TO_PLAYER, st[1].step, -1), 1);
    ReviewStep one[4];
    atomic_int progress;
    atomic_init(&progress, 0);
    assert_int_equal(review_match_range(m, TO_PLAYER, st[1].step, -1, 3, NULL, &progress, one, 4),
                     1);
    assert_int_equal(atomic_load(&progress), 1);
    assert_int_equal(one[0].step, st[1].step);
    assert_true(one[0].cost == st[1].cost);
    assert_true(one[0].costliest);
    /* The position before the stand, as the player saw it. */
    Match *pos = review_position(m, st[1].step, TO_PLAYER, err, sizeof err);
    assert_non_null(pos);
    assert_int_equal(pos->history_len, st[1].step);
    assert_int_equal(match_current_player(pos), TO_PLAYER);
    const TwentyOneState *v = pos->state;
    assert_int_equal(v->n[TO_PLAYER], 3);
    int hidden = 0;
    for (int i = 0; i < v->n[TO_COMPUTER]; i++)
        hidden += v->hand[TO_COMPUTER][i] == CARD_HIDDEN;
    assert_int_equal(hidden, 1);
    match_free(pos);
    /* The whole state at the same step hides nothing. */
    pos = review_position(m, st[1].step, -1, err, sizeof err);
    assert_non_null(pos);
    v = pos->state;
    for (int i = 0; i < v->n[TO_COMPUTER]; i++)
        assert_true(v->hand[TO_COMPUTER][i] != CARD_HIDDEN);
    match_free(pos);
    /* The worker. */
    ReviewJob *j = review_job_start(m, TO_PLAYER, 0, -1, 3, NULL, NULL);
    assert_non_null(j);
    ReviewStep *js = NULL;
    int jn = 0;
    while (!review_job_poll(j, &js, &jn))
        ;
    assert_int_equal(jn, n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(js[i].step, st[i].step);
        assert_true(js[i].cost == st[i].cost);
        assert_int_equal(js[i].costliest, st[i].costliest);
    }
    free(js);
    match_free(m);
}

/* Hints in the save: a "hint" line before the action it was for, counted back on loading;
 * refused where no seat is to move (before the deal). */
static void test_save_hint_lines(void **u)
{
    (void)u;
    GameOptions opt;
    rules_default_options(&twentyone_rules, &opt);
    SeatSpec seats[2] = {{false, DIFF_HARD}, {true, DIFF_HARD}};
    char err[MATCH_ERR];
    Match *m = match_create(&twentyone_rules, &opt, 2, seats, 7, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(match_hint_taken(m), -1); /* chance to move: no hint */
    const char *script[] = {"deal 2c", "deal 10h", "deal 3d", "deal 9s"};
    for (size_t i = 0; i < 4; i++)
        support_match_text(m, script[i]);
    assert_int_equal(match_hint_taken(m), 0);
    support_match_text(m, "hit");
    char *text = match_save_text(m);
    assert_non_null(text);
    assert_non_null(strstr(text, "deal 9\xE2\x99\xA0\nhint\nhit\n"));
    Match *back = match_load_text(text, strlen(text), err, sizeof err);
    assert_non_null(back);
    assert_int_equal(match_hints(back, TO_PLAYER), 1);
    assert_int_equal(match_hints(back, TO_COMPUTER), 0);
    assert_int_equal(back->history_len, m->history_len);
    match_free(back);
    /* The same line where the deal is still going on: refused. */
    char *bad = strstr(text, "deal 2");
    assert_non_null(bad);
    size_t pre = (size_t)(bad - text);
    char *t2 = malloc(strlen(text) + 8);
    memcpy(t2, text, pre);
    strcpy(t2 + pre, "hint\n");
    strcat(t2, text + pre);
    assert_null(match_load_text(t2, strlen(t2), err, sizeof err));
    assert_non_null(strstr(err, "hint"));
    free(t2);
    free(text);
    match_free(m);
}

/* ---- Nothing hidden leaks ----------------------------------------------------------- */

/* Two full states that the seat sees alike (the second dealt again from the seat's view):
 * the analyses from the same generator are identical, byte for byte. */
static void same_for_hidden(const GameRules *g, int players, int steps)
{
    void *a = support_state_new(g), *b = support_state_new(g), *va = support_state_new(g),
         *vb = support_state_new(g);
    Analysis *x = malloc(sizeof *x), *y = malloc(sizeof *y);
    GameOptions opt;
    rules_default_options(g, &opt);
    int checked = 0;
    for (uint64_t seed = 1; seed < 40 && checked < 3; seed++) {
        assert_null(g->init(a, &opt, players, seed));
        Rng play;
        rng_seed(&play, seed);
        for (int i = 0; i < steps && g->current_player(a) != PLAYER_TERMINAL; i++)
            support_random_step(g, a, &play);
        while (g->current_player(a) == PLAYER_CHANCE)
            support_random_step(g, a, &play);
        int p = g->current_player(a);
        if (p < 0)
            continue;
        g->observe(a, p, va);
        Rng deal;
        rng_seed(&deal, seed + 1000);
        g->resample(va, p, &deal, b);
        if (memcmp(a, b, g->state_size) == 0)
            continue; /* nothing hidden differs: no test */
        g->observe(b, p, vb);
        assert_memory_equal(va, vb, g->state_size);
        memset(x, 0, sizeof *x);
        memset(y, 0, sizeof *y);
        Rng r1, r2;
        rng_seed(&r1, 5);
        rng_seed(&r2, 5);
        bot_analyze(g, DIFF_HARD, vb, p, &r2, NULL, 0, y);
        bot_analyze(g, DIFF_HARD, va, p, &r1, NULL, 0, x);
        assert_memory_equal(x, y, sizeof *x);
        checked++;
    }
    assert_int_equal(checked, 3);
    free(a), free(b), free(va), free(vb), free(x), free(y);
}

static void test_hidden_twentyone(void **u) { (void)u; same_for_hidden(registry_find("twentyone"), 2, 3); }
static void test_hidden_truco(void **u) { (void)u; same_for_hidden(registry_find("truco"), 4, 20); }
static void test_hidden_bisca(void **u) { (void)u; same_for_hidden(registry_find("bisca"), 2, 12); }
static void test_hidden_buraco(void **u) { (void)u; same_for_hidden(registry_find("buraco"), 2, 150); }

/* Truco: Hard answers a raise from its equilibrium table (a mixed strategy). A review of a
 * game grades those answers all the same: each answer the table covers is valued by the
 * search beside the draw, says how often Hard gives each answer, and costs nothing when it
 * is Hard's own or one the table gives (before, such answers were left unvalued). */
static void test_review_truco_answers(void **u)
{
    (void)u;
    GameOptions opt;
    rules_default_options(&truco_rules, &opt);
    SeatSpec seats[2] = {{true, DIFF_MEDIUM}, {true, DIFF_MEDIUM}};
    char err[MATCH_ERR];
    Match *m = match_create(&truco_rules, &opt, 2, seats, 41, err, sizeof err);
    assert_non_null(m);
    while (!match_is_over(m)) {
        if (match_current_player(m) == PLAYER_CHANCE)
            match_play_chance(m);
        else
            assert_null(match_play_bot(m));
    }
    ReviewStep *st = malloc(400 * sizeof *st);
    assert_non_null(st);
    int n = review_match(m, -1, REVIEW_SEED, NULL, st, 400);
    assert_true(n > 0);
    int mixed = 0, answers = 0;
    for (int i = 0; i < n; i++) {
        bool answer = st[i].chosen == TR_ACCEPT || st[i].chosen == TR_RUN ||
                      st[i].best == TR_ACCEPT || st[i].best == TR_RUN;
        answers += answer;
        if (!st[i].mixed) {
            assert_int_equal(st[i].mix[0], '\0');
            continue;
        }
        mixed++;
        assert_true(answer);
        assert_true(st[i].chosen_valued && st[i].best_valued);
        assert_true(st[i].cost >= 0);
        /* the draw names itself among the answers it mixes */
        assert_non_null(strstr(st[i].mix, st[i].best_text));
        assert_non_null(strstr(st[i].mix, " %"));
        if (st[i].chosen == st[i].best || strstr(st[i].mix, st[i].chosen_text))
            assert_true(st[i].cost == 0);
    }
    print_message("%d decisions, %d answers, %d answered by the table\n", n, answers, mixed);
    assert_true(mixed > 0);
    free(st);
    match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hint_is_hard_twentyone),
        cmocka_unit_test(test_hint_is_hard_truco),
        cmocka_unit_test(test_hint_is_hard_truco4),
        cmocka_unit_test(test_hint_is_hard_bisca),
        cmocka_unit_test(test_hint_is_hard_buraco),
        cmocka_unit_test(test_hint_is_hard_moulin),
        cmocka_unit_test(test_ismcts_analysis),
        cmocka_unit_test(test_twentyone_stand_on_12),
        cmocka_unit_test(test_moulin_allowing_a_mill),
        cmocka_unit_test(test_analysis_budget),
        cmocka_unit_test(test_truco4_wasted_manilha),
        cmocka_unit_test(test_review_twentyone),
        cmocka_unit_test(test_review_accuracy_position),
        cmocka_unit_test(test_review_truco_answers),
        cmocka_unit_test(test_save_hint_lines),
        cmocka_unit_test(test_hidden_twentyone),
        cmocka_unit_test(test_hidden_truco),
        cmocka_unit_test(test_hidden_bisca),
        cmocka_unit_test(test_hidden_buraco),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
