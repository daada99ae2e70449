/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco variants (RULES.md §1 "Variants"): fixed manilhas (manilha velha), the 24-card
 * clean deck (baralho limpo), Mineiro values and the mão de dez, the variant presets, for
 * two and four players. Each scenario is played through the rules table. */
#include <stdlib.h>

#include "truco_test.h"

#include "engine/match.h"

/* A new match of n players with "key=value" options applied in order (as the command line
 * and saves apply them); fails the test when one is refused. */
static TrucoState vt_new(int n, const char *const *kv)
{
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    char err[256];
    for (; kv && *kv; kv++)
        if (rules_parse_option(&truco_rules, &o, *kv, err, sizeof err))
            fail_msg("%s: %s", *kv, err);
    TrucoState s;
    const char *e = truco_rules.init(&s, &o, n, 1);
    if (e)
        fail_msg("init: %s", e);
    return s;
}

/* Deals the next hand: hands[p] to seat p ("4c 5d 6h"), then the vira unless it is NULL
 * (fixed manilhas: no vira). */
static void vt_deal(TrucoState *s, const char *const *hands, const char *vira)
{
    int n = s->num_players;
    assert_int_equal(s->phase, TR_PH_DEAL);
    int mao = s->hands == 0 ? s->mao : (s->mao + 1) % n;
    char cards[4][3][8];
    for (int p = 0; p < n; p++)
        if (sscanf(hands[p], "%7s %7s %7s", cards[p][0], cards[p][1], cards[p][2]) != 3)
            fail_msg("bad hand '%s'", hands[p]);
    char t[32];
    for (int k = 0; k < 3 * n; k++) {
        snprintf(t, sizeof t, "deal %s", cards[(mao + k) % n][k / n]);
        tt_act(s, t);
    }
    if (vira) {
        assert_int_equal(s->phase, TR_PH_DEAL);
        snprintf(t, sizeof t, "deal %s", vira);
        tt_act(s, t);
    }
    assert_int_not_equal(s->phase, TR_PH_DEAL);
}

static TrucoState vt_hand(int n, const char *variant, int mao, const char *const *hands,
                          const char *vira)
{
    const char *kv[] = {variant, NULL};
    TrucoState s = vt_new(n, kv);
    char t[16];
    snprintf(t, sizeof t, "first %d", mao);
    tt_act(&s, t);
    vt_deal(&s, hands, vira);
    return s;
}

static const char *const MINEIRO[] = {"variant=mineiro", NULL};

/* ---- Fixed manilhas ------------------------------------------------------------------ */

static void test_fixed_manilha_order(void **u)
{
    (void)u;
    const char *kv[] = {"variant=velha", NULL};
    TrucoState s = vt_new(2, kv);
    /* zap > copas > espadilha > pica-fumo > every 3 > ... > the plain 4s */
    const char *order[] = {"4c", "7h", "As", "7d", "3c", "2h", "Ad", "Kc", "Js", "Qh",
                           "7s", "6d", "5c", "4h"};
    for (int i = 0; i + 1 < 14; i++) {
        int a = truco_card_strength(&s, tt_card(order[i]));
        int b = truco_card_strength(&s, tt_card(order[i + 1]));
        if (a <= b)
            fail_msg("%s (%d) should beat %s (%d)", order[i], a, order[i + 1], b);
    }
    assert_true(truco_card_is_manilha(&s, tt_card("4c")));
    assert_true(truco_card_is_manilha(&s, tt_card("7d")));
    assert_false(truco_card_is_manilha(&s, tt_card("4d")));
    assert_false(truco_card_is_manilha(&s, tt_card("Ah")));
    assert_false(truco_card_is_manilha(&s, tt_card("7c")));
    /* The other 7s and aces are plain cards: equal plain ranks tie. */
    assert_int_equal(truco_card_strength(&s, tt_card("7c")), truco_card_strength(&s, tt_card("7s")));
    assert_int_equal(truco_card_strength(&s, tt_card("Ah")), truco_card_strength(&s, tt_card("Ac")));
}

static void test_fixed_manilhas_no_vira_two(void **u)
{
    (void)u;
    /* With fixed manilhas the deal is 3 cards each and no vira: play starts at once. */
    const char *h[] = {"7d 5c 6c", "3s 5d 6d"};
    TrucoState s = vt_hand(2, "variant=velha", 0, h, NULL);
    assert_int_equal(s.phase, TR_PH_PLAY);
    assert_int_equal(s.vira, CARD_NONE);
    assert_int_equal(s.n_dealt, 6);
    /* The pica-fumo (7♦) beats a 3, which it would not under a vira of 5 (manilha 6). */
    tt_act(&s, "play 7♦");
    tt_act(&s, "play 3♠");
    assert_int_equal(s.result[0], 0);
    assert_int_equal(truco_current_player(&s), 0);
    /* The next deal has no vira card either: after 6 cards, a 7th is no chance outcome. */
    Action out[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    tt_act(&s, "play 5♣");
    tt_act(&s, "play 5♦"); /* tie in the 2nd: the 1st decides */
    assert_int_equal(s.phase, TR_PH_DEAL);
    assert_int_equal(s.score[0], 1);
    assert_int_equal(truco_rules.chance_outcomes(&s, out, w), 40);
}

static void test_fixed_manilhas_four(void **u)
{
    (void)u;
    /* Seat 0 leads the copas (7♥), seat 1 kills it with the zap (4♣), seat 2 plays the
     * espadilha (A♠) and seat 3 a 3: team 1 takes the rodada with the zap. */
    const char *h[] = {"7h 5c 6c", "4c 5d 6d", "As 5h 6h", "3c 5s 6s"};
    TrucoState s = vt_hand(4, "variant=velha", 0, h, NULL);
    assert_int_equal(s.phase, TR_PH_PLAY);
    tt_act(&s, "play 7♥");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play A♠");
    tt_act(&s, "play 3♣");
    assert_int_equal(s.result[0], 1);
    assert_int_equal(truco_current_player(&s), 1);
}

/* ---- The clean deck -------------------------------------------------------------------- */

static void test_clean_deck_deals_only_a23jqk(void **u)
{
    (void)u;
    const char *kv[] = {"variant=limpo", NULL};
    for (int n = 2; n <= 4; n += 2) {
        TrucoState s = vt_new(n, kv);
        Action out[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        tt_act(&s, "first 0");
        int k = truco_rules.chance_outcomes(&s, out, w);
        assert_int_equal(k, 24);
        for (int i = 0; i < k; i++) {
            int r = card_rank(card_from_index(out[i] - TR_DEAL));
            if (!(r == RANK_ACE || r == 2 || r == 3 || r == RANK_JACK || r == RANK_QUEEN ||
                  r == RANK_KING))
                fail_msg("the clean deck deals rank %d", r);
        }
        tt_refused(&s, "deal 4c");
        tt_refused(&s, "deal 7h");
        /* Deal a whole hand at random: views resample only clean cards. */
        Rng rng;
        rng_seed(&rng, 7);
        while (truco_current_player(&s) == PLAYER_CHANCE) {
            k = truco_rules.chance_outcomes(&s, out, w);
            assert_null(truco_rules.apply(&s, out[rng_below(&rng, (uint32_t)k)]));
        }
        TrucoState v, r;
        truco_rules.observe(&s, 0, &v);
        for (int t = 0; t < 50; t++) {
            truco_rules.resample(&v, 0, &rng, &r);
            for (int p = 0; p < n; p++)
                for (int i = 0; i < TR_HAND; i++)
                    assert_true(truco_in_deck(&r, r.hand[p][i]));
        }
    }
}

static void test_clean_deck_manilha_skips_missing_ranks(void **u)
{
    (void)u;
    /* Vira 3: the next rank of the clean deck is the Q (no 4); vira K: the A. */
    const char *h[] = {"Qd As Ks", "Ad 2c Jc"};
    TrucoState s = vt_hand(2, "variant=limpo", 0, h, "3h");
    assert_int_equal(truco_hand_manilha_rank(&s), RANK_QUEEN);
    assert_true(truco_card_is_manilha(&s, tt_card("Qd")));
    /* The Q♦ manilha beats a 2, which beats it as a plain Q under the 40-card rule. */
    tt_act(&s, "play Q♦");
    tt_act(&s, "play 2♣");
    assert_int_equal(s.result[0], 0);
    const char *h2[] = {"Ad Jd Jh", "3c 2d Qc"};
    TrucoState s2 = vt_hand(2, "variant=limpo", 0, h2, "Kh");
    assert_int_equal(truco_hand_manilha_rank(&s2), RANK_ACE);
    tt_act(&s2, "play A♦");
    tt_act(&s2, "play 3♣");
    assert_int_equal(s2.result[0], 0);
}

/* ---- Mineiro values -------------------------------------------------------------------- */

static void test_mineiro_hand_worth_two(void **u)
{
    (void)u;
    const char *h[] = {"4c 7h 3c", "5c 5d 6d"};
    TrucoState s = vt_hand(2, "variant=mineiro", 0, h, NULL);
    assert_int_equal(s.value, 2);
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 5♣");
    tt_act(&s, "play 7♥");
    tt_act(&s, "play 5♦");
    assert_int_equal(s.score[0], 2);
    assert_int_equal(s.last_points, 2);
}

/* Raises to the given depth ("truco" 4, "seis" 6, "dez" 10, "doze" 12), then accepts and
 * the hand is won by seat 0; returns the points scored. */
static int mineiro_raised(int depth, int np)
{
    const char *h2[] = {"4c 7h 3c", "5c 5d 6d"};
    const char *h4[] = {"4c 7h 3c", "5c 5d 6d", "5h 5s 6h", "6s 4d 4h"};
    TrucoState s = vt_hand(np, "variant=mineiro", 0, np == 2 ? h2 : h4, NULL);
    static const char *const calls[] = {"truco", "seis", "dez", "doze"};
    for (int k = 0; k < depth; k++)
        tt_act(&s, calls[k]);
    tt_act(&s, "aceitar");
    while (s.phase == TR_PH_PLAY) {
        Action a[RULES_MAX_ACTIONS];
        int n = truco_rules.legal_actions(&s, a);
        /* play the strongest card face up */
        int best = -1, bs = -2;
        for (int i = 0; i < n; i++)
            if (a[i] >= TR_PLAY && a[i] < TR_PLAY + 52) {
                int st = truco_card_strength(&s, card_from_index(a[i] - TR_PLAY));
                if (st > bs)
                    bs = st, best = i;
            }
        assert_true(best >= 0);
        assert_null(truco_rules.apply(&s, a[best]));
    }
    assert_int_equal(s.last_winner, 0);
    return s.last_points;
}

static void test_mineiro_raise_values(void **u)
{
    (void)u;
    for (int np = 2; np <= 4; np += 2) {
        assert_int_equal(mineiro_raised(1, np), 4);
        assert_int_equal(mineiro_raised(2, np), 6);
        assert_int_equal(mineiro_raised(3, np), 10);
        assert_int_equal(mineiro_raised(4, np), 12);
    }
    /* The text of the third raise is "dez" in Mineiro, "nove" in Paulista. */
    const char *h[] = {"4c 7h 3c", "5c 5d 6d"};
    TrucoState s = vt_hand(2, "variant=mineiro", 0, h, NULL);
    char t[RULES_ACTION_TEXT];
    truco_rules.action_to_string(&s, TR_NOVE, t);
    assert_string_equal(t, "dez");
    assert_int_equal(truco_raise_value(&s, TR_NOVE), 10);
}

static void test_mineiro_refused_raise_scores_value_before(void **u)
{
    (void)u;
    static const char *const calls[] = {"truco", "seis", "dez", "doze"};
    static const int before[] = {2, 4, 6, 10};
    for (int depth = 1; depth <= 4; depth++) {
        const char *h[] = {"4c 7h 3c", "5c 5d 6d"};
        TrucoState s = vt_hand(2, "variant=mineiro", 0, h, NULL);
        for (int k = 0; k < depth; k++)
            tt_act(&s, calls[k]);
        int raiser_team = (depth - 1) % 2; /* seat 0 called truco, seat 1 seis, ... */
        tt_act(&s, "correr");
        assert_int_equal(s.last_end, TR_END_RUN);
        assert_int_equal(s.score[raiser_team], before[depth - 1]);
        assert_int_equal(s.score[1 - raiser_team], 0);
    }
    /* Four players: the other team runs from truco: 2 to the caller's team. */
    const char *h4[] = {"4c 7h 3c", "5c 5d 6d", "5h 5s 6h", "6s 4d 4h"};
    TrucoState s = vt_hand(4, "variant=mineiro", 0, h4, NULL);
    tt_act(&s, "truco");
    tt_act(&s, "parceiro");
    tt_act(&s, "correr");
    assert_int_equal(s.score[0], 2);
}

static TrucoState mineiro_at(int np, int a, int b)
{
    TrucoState s = vt_new(np, MINEIRO);
    tt_act(&s, "first 0");
    s.score[0] = (uint8_t)a;
    s.score[1] = (uint8_t)b;
    return s;
}

static void test_mao_de_dez(void **u)
{
    (void)u;
    const char *h2[] = {"4c 7h 3c", "5c 5d 6d"};
    /* At 10 the team decides: running gives the other team 2. */
    TrucoState s = mineiro_at(2, 10, 4);
    vt_deal(&s, h2, NULL);
    assert_int_equal(s.phase, TR_PH_ONZE);
    assert_int_equal(s.kind, TR_KIND_ONZE);
    tt_act(&s, "fugir");
    assert_int_equal(s.score[1], 6);
    assert_int_equal(s.score[0], 10);
    /* Played, the hand is worth 4 and nobody may raise. */
    s = mineiro_at(2, 10, 4);
    vt_deal(&s, h2, NULL);
    tt_act(&s, "jogar");
    assert_int_equal(s.value, 4);
    tt_refused(&s, "truco");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 5♣");
    tt_act(&s, "play 7♥");
    tt_act(&s, "play 5♦");
    assert_int_equal(s.score[0], 14);
    assert_int_equal(s.phase, TR_PH_OVER);
    /* At 11 a Mineiro hand is an ordinary hand (the threshold is 10), worth 2. */
    s = mineiro_at(2, 11, 4);
    vt_deal(&s, h2, NULL);
    assert_int_equal(s.kind, TR_KIND_NORMAL);
    assert_int_equal(s.value, 2);
    /* Both at 10: mão de ferro, worth 2, no raises. */
    s = mineiro_at(2, 10, 10);
    vt_deal(&s, h2, NULL);
    assert_int_equal(s.kind, TR_KIND_FERRO);
    assert_int_equal(s.value, 2);
    tt_refused(&s, "truco");
    /* Four players: the team at 10 sees both hands and the partner may decide. */
    const char *h4[] = {"4c 7h 3c", "5c 5d 6d", "5h 5s 6h", "6s 4d 4h"};
    s = mineiro_at(4, 3, 10);
    vt_deal(&s, h4, NULL);
    assert_int_equal(s.phase, TR_PH_ONZE);
    assert_int_equal(truco_team(truco_current_player(&s)), 1);
    assert_true(truco_sees_hand(&s, 1, 3));
    tt_act(&s, "parceiro");
    tt_act(&s, "fugir");
    assert_int_equal(s.score[0], 5);
}

static void test_paulista_values_unchanged(void **u)
{
    (void)u;
    /* The default: a hand worth 1, the onze at 11 for 3, running from it gives 1. */
    TrucoState s = vt_new(2, NULL);
    assert_int_equal(truco_base_value(&s), 1);
    assert_int_equal(truco_onze_score(&s), 11);
    assert_int_equal(truco_onze_value(&s), 3);
    assert_int_equal(truco_raise_value(&s, TR_TRUCO), 3);
    assert_int_equal(truco_raise_value(&s, TR_NOVE), 9);
    char t[RULES_ACTION_TEXT];
    truco_rules.action_to_string(&s, TR_NOVE, t);
    assert_string_equal(t, "nove");
}

/* ---- Options and presets --------------------------------------------------------------- */

static void test_fixed_and_clean_refused(void **u)
{
    (void)u;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    char err[256];
    assert_null(rules_parse_option(&truco_rules, &o, "manilhas=fixed", err, sizeof err));
    assert_null(rules_parse_option(&truco_rules, &o, "deck=24", err, sizeof err));
    const char *why = rules_check_options(&truco_rules, &o);
    assert_non_null(why);
    assert_non_null(strstr(why, "40-card deck"));
    TrucoState s;
    for (int n = 2; n <= 4; n += 2) {
        const char *e = truco_rules.init(&s, &o, n, 1);
        assert_non_null(e);
        assert_string_equal(e, why);
    }
    /* A match refuses it with the same reason. */
    SeatSpec seats[2] = {{0}};
    char merr[MATCH_ERR];
    Match *m = match_create(&truco_rules, &o, 2, seats, 1, merr, sizeof merr);
    assert_null(m);
    assert_non_null(strstr(merr, "40-card deck"));
    /* Either alone is fine. */
    assert_null(rules_parse_option(&truco_rules, &o, "deck=40", err, sizeof err));
    assert_null(rules_check_options(&truco_rules, &o));
}

static void test_presets(void **u)
{
    (void)u;
    struct {
        const char *kv;
        int manilhas, deck, values;
    } p[] = {
        {"variant=mineiro", TR_MANILHAS_FIXED, TR_DECK_40, TR_VALUES_MINEIRO},
        {"variant=velha", TR_MANILHAS_FIXED, TR_DECK_40, TR_VALUES_PAULISTA},
        {"variant=limpo", TR_MANILHAS_VIRA, TR_DECK_24, TR_VALUES_PAULISTA},
        {"variant=paulista", TR_MANILHAS_VIRA, TR_DECK_40, TR_VALUES_PAULISTA},
    };
    char err[256], kv[64];
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    assert_int_equal(o.v[TR_OPT_VARIANT], TR_VAR_PAULISTA);
    for (int i = 0; i < 4; i++) {
        assert_null(rules_parse_option(&truco_rules, &o, p[i].kv, err, sizeof err));
        assert_int_equal(o.v[TR_OPT_MANILHAS], p[i].manilhas);
        assert_int_equal(o.v[TR_OPT_DECK], p[i].deck);
        assert_int_equal(o.v[TR_OPT_VALUES], p[i].values);
        rules_format_option(&truco_rules, &o, TR_OPT_VARIANT, kv, sizeof kv);
        assert_string_equal(kv, p[i].kv);
    }
    /* Changing an option after a preset: custom; back to the preset's value: its name. */
    assert_null(rules_parse_option(&truco_rules, &o, "variant=mineiro", err, sizeof err));
    assert_null(rules_parse_option(&truco_rules, &o, "values=paulista", err, sizeof err));
    assert_int_equal(o.v[TR_OPT_VARIANT], TR_VAR_VELHA); /* that is manilha velha */
    assert_null(rules_parse_option(&truco_rules, &o, "manilhas=vira", err, sizeof err));
    assert_int_equal(o.v[TR_OPT_VARIANT], TR_VAR_PAULISTA);
    assert_null(rules_parse_option(&truco_rules, &o, "values=mineiro", err, sizeof err));
    assert_int_equal(o.v[TR_OPT_VARIANT], TR_VAR_CUSTOM);
    rules_format_option(&truco_rules, &o, TR_OPT_VARIANT, kv, sizeof kv);
    assert_string_equal(kv, "variant=custom");
    /* "custom" alone changes nothing. */
    assert_null(rules_parse_option(&truco_rules, &o, "variant=custom", err, sizeof err));
    assert_int_equal(o.v[TR_OPT_VALUES], TR_VALUES_MINEIRO);
    assert_int_equal(o.v[TR_OPT_MANILHAS], TR_MANILHAS_VIRA);
    assert_non_null(rules_parse_option(&truco_rules, &o, "variant=gaucho", err, sizeof err));
}

static void test_save_round_trip(void **u)
{
    (void)u;
    static const char *const variants[] = {"variant=mineiro", "variant=velha", "variant=limpo"};
    for (int np = 2; np <= 4; np += 2)
        for (int vi = 0; vi < 4; vi++) {
            GameOptions o;
            rules_default_options(&truco_rules, &o);
            char err[256];
            if (vi < 3) {
                assert_null(rules_parse_option(&truco_rules, &o, variants[vi], err, sizeof err));
            } else { /* custom: Mineiro values with the vira */
                assert_null(rules_parse_option(&truco_rules, &o, "values=mineiro", err, sizeof err));
            }
            SeatSpec seats[4] = {{0}};
            for (int p = 0; p < np; p++)
                seats[p] = (SeatSpec){.bot = true, .difficulty = DIFF_EASY};
            char merr[MATCH_ERR];
            Match *m = match_create(&truco_rules, &o, np, seats, 42, merr, sizeof merr);
            assert_non_null(m);
            for (int k = 0; k < 60 && !match_is_over(m); k++) {
                if (match_current_player(m) == PLAYER_CHANCE)
                    match_play_chance(m);
                else
                    assert_null(match_play_bot(m));
            }
            char *text = match_save_text(m);
            Match *b = match_load_text(text, strlen(text), merr, sizeof merr);
            if (!b)
                fail_msg("load: %s", merr);
            for (int i = 0; i < truco_rules.n_options; i++)
                assert_int_equal(m->options.v[i], b->options.v[i]);
            assert_memory_equal(m->state, b->state, sizeof(TrucoState));
            free(text);
            match_free(b);
            match_free(m);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_manilha_order),
        cmocka_unit_test(test_fixed_manilhas_no_vira_two),
        cmocka_unit_test(test_fixed_manilhas_four),
        cmocka_unit_test(test_clean_deck_deals_only_a23jqk),
        cmocka_unit_test(test_clean_deck_manilha_skips_missing_ranks),
        cmocka_unit_test(test_mineiro_hand_worth_two),
        cmocka_unit_test(test_mineiro_raise_values),
        cmocka_unit_test(test_mineiro_refused_raise_scores_value_before),
        cmocka_unit_test(test_mao_de_dez),
        cmocka_unit_test(test_paulista_values_unchanged),
        cmocka_unit_test(test_fixed_and_clean_refused),
        cmocka_unit_test(test_presets),
        cmocka_unit_test(test_save_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
