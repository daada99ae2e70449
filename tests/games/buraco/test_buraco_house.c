/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buraco as Brazil plays it (issue 24): the options and presets, mortos (direto,
 * indireto, -100, mortos becoming the stock), the batida, the closed and open pile,
 * jokers, sets, big canastras, matches over deals; views that keep the mortos and other
 * hands hidden; and the contest's game left as it was with the default options. Each
 * scenario fails if its rule is wrong. */
#include "buraco_test.h"

#include "core/rng.h"
#include "games/buraco/protocol.h"

/* ---- Helpers ------------------------------------------------------------------------- */

/* The contest's game, then the options kv changes. */
static void opts(GameOptions *o, const char *const kv[])
{
    rules_default_options(&buraco_rules, o);
    buraco_variant_options(BUR_VARIANT_CONTEST, o);
    char err[256];
    for (int i = 0; kv && kv[i]; i++)
        if (rules_parse_option(&buraco_rules, o, kv[i], err, sizeof err))
            fail_msg("%s", err);
}

/* A game in the draw phase with options; seat 0 starts. */
static void setup_opt(BuracoState *s, const char *const kv[], int players,
                      const char *const hands[], const char *top)
{
    GameOptions o;
    opts(&o, kv);
    static Card h[RULES_MAX_PLAYERS][BUR_DECK_MAX];
    const Card *hp[RULES_MAX_PLAYERS];
    int hn[RULES_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        hn[p] = 0;
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", hands[p]);
        for (char *save = NULL, *t = strtok_r(buf, " ", &save); t;
             t = strtok_r(NULL, " ", &save))
            h[p][hn[p]++] = strcmp(t, "joker") == 0 ? BUR_JOKER : bt_card(t);
        hp[p] = h[p];
    }
    Card tc = strcmp(top, "joker") == 0 ? BUR_JOKER : bt_card(top);
    const char *e = buraco_setup_opt(s, &o, players, hp, hn, tc, 0);
    if (e)
        fail_msg("setup: %s", e);
}

static void setup2(BuracoState *s, const char *const kv[], const char *h0, const char *h1,
                   const char *top)
{
    const char *hands[2] = {h0, h1};
    setup_opt(s, kv, 2, hands, top);
}

/* Deals the 11 cards of a morto being taken: the lowest unseen faces. */
static void deal_morto(BuracoState *s)
{
    assert_int_equal(s->phase, BUR_MORTO);
    int k = 0;
    while (s->phase == BUR_MORTO) {
        Action acts[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        int n = buraco_rules.chance_outcomes(s, acts, w);
        assert_true(n > 0);
        assert_null(buraco_rules.apply(s, acts[0]));
        k++;
    }
    assert_int_equal(k, BUR_MORTO_CARDS);
}

/* The unseen cards of a full state are exactly the stock, the untaken mortos and the rest
 * of a morto being taken. */
static void check_count(const BuracoState *s)
{
    int u[BUR_FACES], total = 0;
    buraco_unseen_counts(s, u);
    for (int f = 0; f < BUR_FACES; f++) {
        assert_true(u[f] >= 0);
        total += u[f];
    }
    assert_int_equal(total, s->stock_n + BUR_MORTO_CARDS * s->mortos_left + s->morto_deal);
}

static const char *const STBL[] = {"variant=stbl", NULL};

/* ---- Options and presets --------------------------------------------------------------- */

static void test_presets(void **u)
{
    (void)u;
    GameOptions o;
    opts(&o, NULL);
    for (int i = 0; i < BUR_OPT_COUNT; i++)
        assert_int_equal(o.v[i], 0); /* the contest's game: every option 0 */
    /* The default is Brazil's STBL (it was the contest's game); the game's defaults of
     * before, for settings written then, are the contest's. */
    GameOptions d, stbl, old;
    rules_default_options(&buraco_rules, &d);
    opts(&stbl, STBL);
    for (int i = 0; i < BUR_OPT_COUNT; i++)
        assert_int_equal(d.v[i], stbl.v[i]);
    assert_int_equal(buraco_options_variant(&d), BUR_VARIANT_STBL);
    assert_non_null(buraco_rules.old_defaults);
    buraco_rules.old_defaults(&old);
    for (int i = 0; i < BUR_OPT_COUNT; i++)
        assert_int_equal(old.v[i], 0);
    /* The menu names the styles in full; keys stay as they were. */
    assert_string_equal(rules_value_label(&buraco_rules, BUR_OPT_VARIANT, BUR_VARIANT_STBL),
                        "Brazilian, clean going-out (STBL)");
    char kv[64];
    rules_format_option(&buraco_rules, &d, BUR_OPT_VARIANT, kv, sizeof kv);
    assert_string_equal(kv, "variant=stbl");
    opts(&o, STBL);
    assert_int_equal(o.v[BUR_OPT_VARIANT], BUR_VARIANT_STBL);
    assert_int_equal(o.v[BUR_OPT_JOKERS], 1);
    assert_int_equal(o.v[BUR_OPT_SETS], 0);
    assert_int_equal(o.v[BUR_OPT_BIG], 1);
    assert_int_equal(o.v[BUR_OPT_MORTO], 1);
    assert_int_equal(o.v[BUR_OPT_BATIDA], BUR_BATIDA_LIMPA);
    assert_int_equal(o.v[BUR_OPT_PILE], BUR_PILE_CLOSED);
    assert_int_equal(buraco_target_points(o.v[BUR_OPT_TARGET]), 3000);
    /* Fechado: sets and any canastra; Aberto: the pile open. */
    opts(&o, (const char *const[]){"variant=fechado", NULL});
    assert_int_equal(o.v[BUR_OPT_SETS], 1);
    assert_int_equal(o.v[BUR_OPT_BATIDA], BUR_BATIDA_ANY);
    assert_int_equal(o.v[BUR_OPT_PILE], BUR_PILE_CLOSED);
    opts(&o, (const char *const[]){"variant=aberto", NULL});
    assert_int_equal(o.v[BUR_OPT_SETS], 0);
    assert_int_equal(o.v[BUR_OPT_BATIDA], BUR_BATIDA_LIMPA);
    assert_int_equal(o.v[BUR_OPT_PILE], BUR_PILE_OPEN);
    /* Changing an option after the preset shows "custom"; changing it back, the preset. */
    opts(&o, (const char *const[]){"variant=stbl", "jokers=off", NULL});
    assert_int_equal(o.v[BUR_OPT_VARIANT], BUR_VARIANT_CUSTOM);
    assert_int_equal(o.v[BUR_OPT_JOKERS], 0);
    opts(&o, (const char *const[]){"variant=stbl", "jokers=off", "jokers=on", NULL});
    assert_int_equal(o.v[BUR_OPT_VARIANT], BUR_VARIANT_STBL);
    /* Options one by one reach a preset too. */
    opts(&o, (const char *const[]){"jokers=on", "big_canastras=on", "morto=on", "batida=limpa",
                                   "pile=closed", "target=3000", NULL});
    assert_int_equal(o.v[BUR_OPT_VARIANT], BUR_VARIANT_STBL);
    /* A save writes every option and reads them back in order: the same options. */
    opts(&o, (const char *const[]){"variant=aberto", "sets=on", NULL});
    GameOptions back;
    rules_default_options(&buraco_rules, &back);
    for (int i = 0; i < BUR_OPT_COUNT; i++) {
        char kv[64], err[128];
        rules_format_option(&buraco_rules, &o, i, kv, sizeof kv);
        assert_null(rules_parse_option(&buraco_rules, &back, kv, err, sizeof err));
    }
    assert_memory_equal(&o, &back, sizeof o);
    assert_int_equal(back.v[BUR_OPT_VARIANT], BUR_VARIANT_CUSTOM);
    char err[128];
    assert_non_null(rules_parse_option(&buraco_rules, &o, "batida=dirty", err, sizeof err));
    assert_non_null(rules_parse_option(&buraco_rules, &o, "target=2000", err, sizeof err));
}

/* ---- Mortos --------------------------------------------------------------------------- */

static void test_morto_direto(void **u)
{
    (void)u;
    BuracoState s;
    setup2(&s, (const char *const[]){"morto=on", NULL}, "4h 5h 6h", "Kc Kd Ks", "9c");
    assert_int_equal(s.mortos_left, 2);
    check_count(&s);
    bt_draw(&s, "7h");
    bt_do(&s, "meld 4♥ 5♥ 6♥");
    bt_do(&s, "join 0 7♥"); /* the hand is empty by melding: the morto, at once */
    assert_int_equal(s.phase, BUR_MORTO);
    assert_int_equal(s.mortos_left, 1);
    assert_true(s.morto_taken[0]);
    assert_false(s.morto_taken[1]);
    assert_int_equal(s.morto_how, 1);
    deal_morto(&s);
    /* ... and goes on playing with it in the same turn. */
    assert_int_equal(s.phase, BUR_PLAY);
    assert_int_equal(s.turn, 0);
    assert_int_equal(s.hand_n[0], BUR_MORTO_CARDS);
    assert_int_equal(s.went_out, -1);
    check_count(&s);
}

static void test_morto_indireto(void **u)
{
    (void)u;
    BuracoState s;
    setup2(&s, (const char *const[]){"morto=on", NULL}, "4h 5h 6h Kc", "Kd Ks Qs", "9c");
    bt_draw(&s, "7h");
    bt_do(&s, "meld 4♥ 5♥ 6♥");
    bt_do(&s, "join 0 7♥");
    assert_int_equal(s.phase, BUR_PLAY);
    bt_do(&s, "discard K♣"); /* empty by discarding: the morto, played from the next turn */
    assert_int_equal(s.phase, BUR_MORTO);
    assert_int_equal(s.morto_how, 2);
    deal_morto(&s);
    assert_int_equal(s.phase, BUR_DRAW);
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.hand_n[0], BUR_MORTO_CARDS);
    assert_int_equal(s.went_out, -1);
    /* The other team's morto is still there. */
    assert_int_equal(s.mortos_left, 1);
    assert_false(s.morto_taken[1]);
}

static void test_no_morto_loses_100(void **u)
{
    (void)u;
    BuracoState s, plain;
    setup2(&s, (const char *const[]){"morto=on", NULL}, "4h 5h 6h Kc", "Kd Ks Qs", "9c");
    bt_draw(&s, "7h");
    bt_do(&s, "meld 4♥ 5♥ 6♥");
    bt_do(&s, "join 0 7♥");
    bt_do(&s, "discard K♣");
    deal_morto(&s);
    /* The deal ends on the empty stock, no morto left to become it. */
    s.stock_n = 0;
    s.mortos_left = 0;
    plain = s;
    plain.morto = 0;
    bt_do(&s, "draw");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.end, BUR_END_STOCK);
    assert_int_equal(s.score[1], buraco_team_score(&plain, 1) - BUR_NO_MORTO);
    assert_int_equal(s.score[0], buraco_team_score(&plain, 0)); /* team 0 took its morto */
}

static void test_mortos_become_stock(void **u)
{
    (void)u;
    BuracoState s;
    setup2(&s, (const char *const[]){"morto=on", NULL}, "4h 5h 6h Kc", "Kd Ks Qs", "9c");
    /* Empty the stock: the unseen cards are now the two mortos and one stock card. */
    s.stock_n = 1;
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    bt_do(&s, "draw");
    assert_true(buraco_rules.chance_outcomes(&s, acts, w) > 0);
    assert_null(buraco_rules.apply(&s, acts[0]));
    /* The stock ran out: a morto nobody took is now the stock. */
    assert_int_equal(s.stock_n, BUR_MORTO_CARDS);
    assert_int_equal(s.mortos_left, 1);
    assert_int_equal(s.morto_stock, 1);
    assert_false(s.morto_taken[0]);
    assert_false(s.morto_taken[1]);
    /* Then the other one. */
    bt_do(&s, "discard K♣");
    s.stock_n = 1;
    bt_do(&s, "draw");
    assert_true(buraco_rules.chance_outcomes(&s, acts, w) > 0);
    assert_null(buraco_rules.apply(&s, acts[0]));
    assert_int_equal(s.stock_n, BUR_MORTO_CARDS);
    assert_int_equal(s.mortos_left, 0);
    assert_int_equal(s.morto_stock, 2);
    /* Neither stock nor morto left: the deal ends when the player to move must draw. */
    bt_do(&s, "discard K♠");
    s.stock_n = 0;
    bt_do(&s, "draw");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.end, BUR_END_STOCK);
    /* Nobody took a morto: both lose 100. */
    BuracoState plain = s;
    plain.morto = 0;
    assert_int_equal(s.score[0], buraco_team_score(&plain, 0) - BUR_NO_MORTO);
    assert_int_equal(s.score[1], buraco_team_score(&plain, 1) - BUR_NO_MORTO);
}

/* Once no morto is left for a team, an empty hand goes out (the batida's rule applies). */
static void test_no_morto_left_goes_out(void **u)
{
    (void)u;
    BuracoState s;
    setup2(&s, (const char *const[]){"morto=on", NULL}, "4h 5h 6h", "Kd Ks Qs", "9c");
    s.stock_n += (uint8_t)(BUR_MORTO_CARDS * 2);
    s.mortos_left = 0; /* both became the stock */
    bt_draw(&s, "7h");
    bt_do(&s, "meld 4♥ 5♥ 6♥");
    bt_do(&s, "join 0 7♥");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.went_out, 0);
}

/* ---- The batida ----------------------------------------------------------------------- */

static void test_batida_limpa(void **u)
{
    (void)u;
    BuracoState s, start;
    /* Team 0 has taken its morto; its meld of 3..8 is a dirty canastra. */
    setup2(&s, (const char *const[]){"morto=on", "batida=limpa", NULL}, "9s 10s Js Kc",
           "Kd Ks Qs", "9c");
    s.morto_taken[0] = 1;
    s.mortos_left = 1;
    s.stock_n += BUR_MORTO_CARDS;
    Card dirty[7] = {bt_card("3d"), bt_card("4d"), bt_card("5d"), bt_card("6d"),
                     bt_card("7d"), bt_card("8d"), bt_card("2c")};
    BuracoMeldInfo info;
    assert_true(buraco_meld_check(dirty, 7, &info));
    assert_false(info.clean);
    buraco_meld_set(&s.melds[0][0], &info);
    s.n_melds[0] = 1;
    s.stock_n -= 7;
    start = s;
    bt_draw(&s, "Qs");
    /* Down to one card (to be thrown) or none: refused without a clean canastra. */
    bt_do(&s, "meld 9♠ 10♠ J♠");
    assert_false(bt_legal(&s, "join 1 Q♠"));
    bt_refused(&s, "join 1 Q♠");
    /* A throw that keeps a card is fine. */
    assert_true(bt_legal(&s, "discard K♣"));
    bt_do(&s, "discard K♣");
    assert_int_equal(s.hand_n[0], 1);
    /* Batida any: the dirty canastra is enough. */
    s = start;
    s.batida = BUR_BATIDA_ANY;
    bt_draw(&s, "Qs");
    bt_do(&s, "meld 9♠ 10♠ J♠");
    bt_do(&s, "join 1 Q♠");
    assert_true(bt_legal(&s, "discard K♣"));
    bt_do(&s, "discard K♣");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.went_out, 0);
    /* Batida limpa with the same cards: the last join is refused... */
    s = start;
    bt_draw(&s, "Qs");
    bt_do(&s, "meld 9♠ 10♠ J♠");
    bt_refused(&s, "join 1 Q♠");
    /* ... until the team has a clean canastra: 9..K of spades, 7 cards. */
    s = start;
    s.hand[0][card_index(bt_card("Kc"))]--;
    s.hand[0][card_index(bt_card("Ks"))]++; /* K♣ -> K♠ */
    Card run[4] = {bt_card("5s"), bt_card("6s"), bt_card("7s"), bt_card("8s")};
    assert_true(buraco_meld_check(run, 4, &info));
    buraco_meld_set(&s.melds[0][1], &info);
    s.n_melds[0] = 2;
    s.stock_n -= 4;
    bt_draw(&s, "Qs");
    bt_do(&s, "join 1 9♠");
    bt_do(&s, "join 1 10♠");
    bt_do(&s, "join 1 J♠");
    assert_true(s.melds[0][1].clean && s.melds[0][1].n == 7);
    bt_do(&s, "join 1 Q♠");
    bt_do(&s, "join 1 K♠"); /* out by melding, with a clean canastra */
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.went_out, 0);
}

/* Without its morto taken a player may empty the hand whatever the batida: it takes it. */
static void test_batida_morto_first(void **u)
{
    (void)u;
    BuracoState s;
    setup2(&s, STBL, "4h 5h 6h Kc", "Kd Ks Qs", "9c");
    bt_draw(&s, "7h");
    bt_do(&s, "meld 4♥ 5♥ 6♥");
    bt_do(&s, "join 0 7♥");
    assert_true(bt_legal(&s, "discard K♣"));
    bt_do(&s, "discard K♣");
    assert_int_equal(s.phase, BUR_MORTO);
}

/* ---- The pile --------------------------------------------------------------------------- */

static void test_pile_closed(void **u)
{
    (void)u;
    BuracoState s, start;
    const char *const kv[] = {"pile=closed", NULL};
    setup2(&s, kv, "4h 5h 6h 8h 9h Kc Qd", "Kd Ks Qs", "Jc");
    bt_draw(&s, "3c");
    bt_do(&s, "meld 4♥ 5♥ 6♥");
    bt_do(&s, "discard 3♣");
    bt_draw(&s, "7h");
    bt_do(&s, "discard 7♥"); /* seat 1 throws what seat 0 wants */
    start = s;
    /* The top onto the team's meld: it goes there, the rest into the hand. */
    assert_true(bt_legal(&s, "take onto 0"));
    bt_do(&s, "take onto 0");
    assert_int_equal(s.melds[0][0].n, 4);
    assert_int_equal(s.pile_n, 0);
    assert_int_equal(bt_held(&s, 0, "7h"), 0);
    assert_int_equal(bt_held(&s, 0, "3c"), 1); /* from the pile */
    assert_int_equal(bt_held(&s, 0, "Jc"), 1);
    /* Or in a new meld with hand cards. */
    s = start;
    bt_do(&s, "take 8♥ 9♥");
    assert_int_equal(s.n_melds[0], 2);
    /* Not freely. */
    s = start;
    bt_refused(&s, "take all");
    /* The contest's strict pile: a new meld only. */
    s = start;
    s.pile_rule = BUR_PILE_STRICT;
    assert_false(bt_legal(&s, "take onto 0"));
    bt_refused(&s, "take onto 0");
    assert_true(bt_legal(&s, "take 8♥ 9♥"));
}

static void test_pile_open(void **u)
{
    (void)u;
    BuracoState s;
    setup2(&s, (const char *const[]){"pile=open", NULL}, "4h 5h Kc", "Kd Ks Qs", "Jc");
    assert_true(bt_legal(&s, "take all"));
    assert_false(bt_legal(&s, "take 4♥ 5♥"));
    bt_do(&s, "take all");
    assert_int_equal(s.phase, BUR_PLAY);
    assert_int_equal(s.hand_n[0], 4);
    assert_int_equal(bt_held(&s, 0, "Jc"), 1);
    assert_int_equal(s.known[0][card_index(bt_card("Jc"))], 1); /* everyone saw it */
    assert_int_equal(s.pile_n, 0);
}

/* ---- Jokers, 2s, sets, canastras ---------------------------------------------------------- */

static bool check(const char *text, bool sets, BuracoMeldInfo *info)
{
    Card c[16];
    int n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        c[n++] = strcmp(t, "joker") == 0 ? BUR_JOKER : bt_card(t);
    BuracoMeldInfo dummy;
    return buraco_meld_check2(c, n, sets, info ? info : &dummy);
}

static void test_jokers(void **u)
{
    (void)u;
    BuracoMeldInfo info;
    assert_true(check("5h 6h joker", false, &info));
    assert_false(info.clean);
    assert_true(check("5h joker 7h", false, &info));
    assert_int_equal(info.wild_pos, 6);
    /* At most one wild: a joker and a wild 2, or two jokers, are refused. */
    assert_false(check("5h 6h joker 2c", false, NULL));
    assert_false(check("5h 6h joker joker", false, NULL));
    /* A natural 2 in its place beside a joker is fine. */
    assert_true(check("Ah 2h 3h joker", false, &info));
    assert_false(info.clean);
    assert_int_equal(info.wild_pos, 4);
    /* A joker is 20 points; four of them with the option, none without. */
    assert_int_equal(buraco_card_points(BUR_JOKER), 20);
    BuracoState s;
    GameOptions o;
    opts(&o, (const char *const[]){"jokers=on", NULL});
    assert_null(buraco_rules.init(&s, &o, 2, 1));
    assert_int_equal(s.stock_n, 108);
    assert_int_equal(buraco_unseen(&s, BUR_JOKER_FACE), 4);
    opts(&o, NULL);
    assert_null(buraco_rules.init(&s, &o, 2, 1));
    assert_int_equal(buraco_unseen(&s, BUR_JOKER_FACE), 0);
    /* In play: a meld begun with a joker as its wild. */
    setup2(&s, (const char *const[]){"jokers=on", NULL}, "5h 6h joker Kc", "Kd Ks Qs", "9c");
    bt_draw(&s, "3c");
    bt_do(&s, "meld 5♥ 6♥ +wild");
    assert_true(bt_legal(&s, "wild joker"));
    bt_do(&s, "wild joker");
    assert_int_equal(s.melds[0][0].n, 3);
    assert_false(s.melds[0][0].clean);
    /* No second wild onto it. */
    s.hand[0][card_index(bt_card("2c"))]++;
    s.hand_n[0]++;
    assert_false(bt_legal(&s, "join 0 2♣"));
}

static void test_dirty_to_clean(void **u)
{
    (void)u;
    BuracoState s;
    setup2(&s, NULL, "4h 5h 6h 7h 8h 9h 2h 3h Kc", "Kd Ks Qs", "Jc");
    bt_draw(&s, "Qc");
    bt_do(&s, "meld 4♥ 5♥ 6♥");
    bt_do(&s, "join 0 7♥");
    bt_do(&s, "join 0 8♥");
    bt_do(&s, "join 0 9♥");
    bt_do(&s, "join 0 2♥"); /* a wild at 10: a dirty canastra */
    assert_int_equal(s.melds[0][0].n, 7);
    assert_false(s.melds[0][0].clean);
    assert_int_equal(buraco_canastra_bonus(&s.melds[0][0], false), BUR_BONUS_DIRTY);
    bt_do(&s, "join 0 3♥"); /* the 2 now stands in its own place: clean */
    assert_int_equal(s.melds[0][0].n, 8);
    assert_true(s.melds[0][0].clean);
    assert_int_equal(s.melds[0][0].lo, 2);
    assert_int_equal(s.melds[0][0].wild_pos, 0);
    assert_int_equal(buraco_canastra_bonus(&s.melds[0][0], false), BUR_BONUS_CLEAN);
}

static void test_sets(void **u)
{
    (void)u;
    BuracoMeldInfo info;
    assert_true(check("5h 5s 5c", true, &info));
    assert_true(info.set && info.clean);
    assert_false(check("5h 5s 5c", false, NULL)); /* no sets without the option */
    assert_true(check("5h 5h 5c 5d 5s 5s 5c", true, &info)); /* a canastra of 5s */
    assert_true(check("5h 5s joker", true, &info));
    assert_false(info.clean);
    assert_true(check("Ah As 2c", true, &info));
    assert_false(check("5h 5s 2c joker", true, NULL)); /* one wild at most */
    assert_false(check("2h 2s 2c", true, NULL));      /* no set of 2s */
    assert_false(check("5h 5s 6s", true, NULL));
    BuracoState s;
    setup2(&s, (const char *const[]){"sets=on", "jokers=on", NULL},
           "5h 5s 5c 5d 9h 9s joker Kc Qd", "Kd Ks Qs", "Jc");
    bt_draw(&s, "3c");
    assert_true(bt_legal(&s, "meld 5♣ 5♥ 5♠"));
    bt_do(&s, "meld 5♣ 5♥ 5♠");
    assert_int_equal(s.melds[0][0].kind, 1);
    bt_do(&s, "join 0 5♦");
    assert_int_equal(s.melds[0][0].n, 4);
    bt_do(&s, "meld 9♥ 9♠ +wild");
    bt_do(&s, "wild joker");
    assert_int_equal(s.melds[0][1].kind, 1);
    assert_false(s.melds[0][1].clean);
    assert_false(bt_legal(&s, "join 1 K♣"));
    /* Without the option, the same hand offers no set. */
    s.sets = 0;
    s.hand[0][card_index(bt_card("Qc"))]++;
    s.hand[0][card_index(bt_card("Qh"))]++;
    s.hand_n[0] += 2;
    assert_false(bt_legal(&s, "meld Q♣ Q♦ Q♥"));
    s.sets = 1;
    assert_true(bt_legal(&s, "meld Q♣ Q♦ Q♥"));
}

static void test_big_canastras(void **u)
{
    (void)u;
    BuracoMeldInfo info;
    BuracoMeld m;
    assert_true(check("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", false, &info));
    buraco_meld_set(&m, &info);
    assert_int_equal(buraco_canastra_bonus(&m, true), 500);
    assert_int_equal(buraco_canastra_bonus(&m, false), 200);
    assert_true(check("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", false, &info));
    buraco_meld_set(&m, &info);
    assert_int_equal(buraco_canastra_bonus(&m, true), 1000);
    assert_int_equal(buraco_canastra_bonus(&m, false), 200);
    /* Dirty: 100 whatever its length. */
    assert_true(check("Ah 2s 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", false, &info));
    buraco_meld_set(&m, &info);
    assert_int_equal(buraco_canastra_bonus(&m, true), 100);
    /* Twelve cards, clean: 200. */
    assert_true(check("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", false, &info));
    buraco_meld_set(&m, &info);
    assert_int_equal(buraco_canastra_bonus(&m, true), 200);
    /* In a game's score. */
    BuracoState s;
    setup2(&s, (const char *const[]){"big_canastras=on", NULL}, "Kc", "Kd", "Jc");
    assert_true(check("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", false, &info));
    buraco_meld_set(&s.melds[0][0], &info);
    s.n_melds[0] = 1;
    int cards = 0;
    for (int i = 0; i < 14; i++)
        cards += buraco_card_points(info.order[i]);
    assert_int_equal(buraco_team_score(&s, 0), cards + 1000 - 10);
}

/* ---- Matches ----------------------------------------------------------------------------- */

static void deal_chance(BuracoState *s, Rng *r)
{
    while (buraco_rules.current_player(s) == PLAYER_CHANCE) {
        Action acts[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        int n = buraco_rules.chance_outcomes(s, acts, w);
        assert_true(n > 0);
        assert_null(buraco_rules.apply(s, acts[rng_below(r, (uint32_t)n)]));
    }
}

static void test_match_target(void **u)
{
    (void)u;
    for (int players = 2; players <= 4; players += 2) {
        BuracoState s;
        GameOptions o;
        opts(&o, (const char *const[]){"target=1500", NULL});
        assert_null(buraco_rules.init(&s, &o, players, 1));
        Rng r;
        rng_seed(&r, 77);
        deal_chance(&s, &r);
        int first = s.first;
        assert_int_equal(s.deal, 0);
        int sum[2] = {0, 0};
        for (int d = 1; d <= 3; d++) {
            /* The deal ends on the empty stock; the sheet gets its scores. */
            s.stock_n = 0;
            BuracoState before = s;
            int sc[2] = {buraco_team_score(&before, 0), buraco_team_score(&before, 1)};
            bt_do(&s, "draw");
            assert_int_equal(s.deal, d);
            assert_int_equal(s.phase, BUR_DEALING);
            assert_int_equal(s.sheet_n, d);
            sum[0] += sc[0];
            sum[1] += sc[1];
            assert_int_equal(s.sheet[d - 1][0], sc[0]);
            assert_int_equal(s.total[0], sum[0]);
            assert_int_equal(s.total[1], sum[1]);
            /* A fresh deal: hands of 11, no melds; the first player rotates. */
            deal_chance(&s, &r);
            assert_int_equal(s.first, (first + d) % players);
            assert_int_equal(s.turn, s.first);
            assert_int_equal(s.hand_n[0], BUR_HAND_START);
            assert_int_equal(s.n_melds[0] + s.n_melds[1], 0);
        }
        /* A team reaching the target ends the match; the totals decide. */
        s.total[1] = 1700;
        s.total[0] = 1400;
        s.stock_n = 0;
        int sc1 = buraco_team_score(&s, 1), sc0 = buraco_team_score(&s, 0);
        bt_do(&s, "draw");
        assert_int_equal(s.phase, BUR_OVER);
        double ret[RULES_MAX_PLAYERS];
        buraco_rules.returns(&s, ret);
        int d = (1400 + sc0) - (1700 + sc1);
        assert_true(d < 0 ? ret[0] == -1 && ret[1] == 1 : d > 0 ? ret[0] == 1 : ret[0] == 0);
    }
    /* Totals that never reach the target: the match ends after its 10th deal. */
    {
        BuracoState m;
        GameOptions o;
        opts(&o, (const char *const[]){"target=5000", NULL});
        assert_null(buraco_rules.init(&m, &o, 2, 1));
        Rng r;
        rng_seed(&r, 9);
        for (int d = 0; d < BUR_MATCH_DEALS; d++) {
            assert_int_equal(m.deal, d);
            deal_chance(&m, &r);
            m.stock_n = 0;
            bt_do(&m, "draw");
        }
        assert_int_equal(m.phase, BUR_OVER);
        assert_int_equal(m.sheet_n, BUR_MATCH_DEALS);
        assert_int_equal(buraco_rules.rounds(&m), BUR_MATCH_DEALS); /* the arena's length */
    }
    /* One deal (target=1): the contest's single game. */
    BuracoState s;
    GameOptions o;
    opts(&o, NULL);
    assert_null(buraco_rules.init(&s, &o, 2, 1));
    Rng r;
    rng_seed(&r, 5);
    deal_chance(&s, &r);
    s.stock_n = 0;
    bt_do(&s, "draw");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.sheet_n, 0);
    assert_int_equal(buraco_rules.rounds(&s), 1);
}

/* ---- Views -------------------------------------------------------------------------------- */

/* Random games of every house style: every legal action applies, the count of unseen cards
 * matches stock and mortos, views show nothing of the mortos nor of other hands beyond what
 * was seen, and resampling a view gives a state with that view. */
static void random_games(const char *const kv[], int players, int games, uint64_t seed)
{
    GameOptions o;
    opts(&o, kv);
    Rng r;
    rng_seed(&r, seed);
    int mortos = 0, outs = 0;
    for (int g = 0; g < games; g++) {
        BuracoState s;
        assert_null(buraco_rules.init(&s, &o, players, seed + (uint64_t)g));
        int guard = 0;
        while (buraco_rules.current_player(&s) != PLAYER_TERMINAL && guard++ < 20000) {
            if (s.deal > 0)
                break; /* one deal of a match is enough here */
            int p = buraco_rules.current_player(&s);
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n;
            if (p == PLAYER_CHANCE) {
                n = buraco_rules.chance_outcomes(&s, acts, w);
            } else {
                n = buraco_rules.legal_actions(&s, acts);
                /* Prefer melds and joins: the games reach mortos and batidas. */
                int k = 0;
                for (int i = 0; i < n; i++) {
                    int t = buraco_action_type(acts[i]);
                    if (t != BUR_A_DISCARD && t != BUR_A_DRAW)
                        acts[k++] = acts[i];
                }
                if (k && rng_below(&r, 4))
                    n = k;
            }
            assert_true(n > 0);
            Action a = acts[rng_below(&r, (uint32_t)n)];
            /* Saves store actions as text: every one reads back as itself. */
            char text[RULES_ACTION_TEXT];
            Action back;
            buraco_rules.action_to_string(&s, a, text);
            if (!buraco_rules.action_from_string(&s, text, &back) || back != a)
                fail_msg("'%s' does not read back", text);
            int had = s.phase;
            const char *e = buraco_rules.apply(&s, a);
            if (e) {
                char t[RULES_ACTION_TEXT];
                buraco_rules.action_to_string(&s, a, t);
                fail_msg("%s refused: %s", t, e);
            }
            mortos += s.phase == BUR_MORTO && had != BUR_MORTO;
            check_count(&s);
            if (p >= 0 && rng_below(&r, 8) == 0 && s.phase != BUR_OVER) {
                for (int seat = 0; seat < players; seat++) {
                    BuracoState v, full, v2;
                    buraco_rules.observe(&s, seat, &v);
                    for (int q = 0; q < players; q++)
                        if (q != seat)
                            for (int f = 0; f < BUR_FACES; f++)
                                assert_true(v.hand[q][f] == s.known[q][f]);
                    buraco_rules.resample(&v, seat, &r, &full);
                    check_count(&full);
                    buraco_rules.observe(&full, seat, &v2);
                    assert_memory_equal(&v, &v2, sizeof v);
                }
            }
        }
        outs += s.went_out >= 0 || (s.deal > 0 && s.prev_went_out >= 0);
    }
    if (kv && kv[0] && strstr(kv[0], "variant"))
        print_message("%s, %d players: %d mortos taken, %d batidas in %d games\n", kv[0],
                      players, mortos, outs, games);
}

static void test_random_games(void **u)
{
    (void)u;
    const char *const *styles[] = {
        NULL,
        (const char *const[]){"variant=stbl", NULL},
        (const char *const[]){"variant=fechado", NULL},
        (const char *const[]){"variant=aberto", NULL},
        (const char *const[]){"variant=stbl", "batida=none", "sets=on", NULL},
    };
    for (int i = 0; i < 5; i++)
        for (int players = 2; players <= 4; players += 2)
            random_games(styles[i], players, 60, 1000 + (uint64_t)i * 10 + (uint64_t)players);
}

/* A view made before a morto is taken and the same view after, for a seat that did not
 * take it: the morto's cards are nowhere in it, and two deals of different morto cards
 * give the same view. */
static void test_observe_morto(void **u)
{
    (void)u;
    BuracoState a, b;
    setup2(&a, (const char *const[]){"morto=on", NULL}, "4h 5h 6h Kc", "Kd Ks Qs", "9c");
    bt_draw(&a, "7h");
    bt_do(&a, "meld 4♥ 5♥ 6♥");
    bt_do(&a, "join 0 7♥");
    bt_do(&a, "discard K♣");
    b = a;
    /* Two different mortos. */
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    while (a.phase == BUR_MORTO) {
        int n = buraco_rules.chance_outcomes(&a, acts, w);
        assert_null(buraco_rules.apply(&a, acts[0]));
        n = buraco_rules.chance_outcomes(&b, acts, w);
        assert_null(buraco_rules.apply(&b, acts[n - 1]));
    }
    assert_memory_not_equal(a.hand[0], b.hand[0], BUR_FACES);
    BuracoState va, vb;
    buraco_rules.observe(&a, 1, &va);
    buraco_rules.observe(&b, 1, &vb);
    assert_memory_equal(&va, &vb, sizeof va);
    for (int f = 0; f < BUR_FACES; f++)
        assert_int_equal(va.hand[0][f], 0);
    assert_int_equal(va.hand_n[0], BUR_MORTO_CARDS);
}

/* ---- The contest's game is unchanged ---------------------------------------------------------
 * With the contest's options the deck is the 104 cards and its deal is drawn with the same
 * outcomes and weights in the same order as before the house rules (faces 0..51, weight
 * 2 minus the copies seen): the same seed gives the same game. No new action or phase
 * ever appears. */
static void test_contest_unchanged(void **u)
{
    (void)u;
    GameOptions o;
    opts(&o, NULL); /* the contest's game (the default before 0.9) */
    Rng r;
    rng_seed(&r, 4242);
    for (int g = 0; g < 40; g++) {
        BuracoState s;
        assert_null(buraco_rules.init(&s, &o, g % 2 ? 4 : 2, 0));
        assert_int_equal(s.stock_n, BUR_DECK);
        assert_int_equal(s.mortos_left, 0);
        while (buraco_rules.current_player(&s) != PLAYER_TERMINAL) {
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n;
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                n = buraco_rules.chance_outcomes(&s, acts, w);
                if (s.phase != BUR_FIRST) {
                    int seen[BUR_FACES] = {0};
                    for (int p = 0; p < s.num_players; p++)
                        for (int f = 0; f < 52; f++)
                            seen[f] += s.hand[p][f];
                    for (int t = 0; t < 2; t++)
                        for (int i = 0; i < s.n_melds[t]; i++)
                            for (int k = 0; k < s.melds[t][i].n; k++)
                                seen[card_index(s.melds[t][i].c[k])]++;
                    for (int i = 0; i < s.pile_n; i++)
                        seen[card_index(s.pile[i])]++;
                    int k = 0;
                    for (int f = 0; f < 52; f++)
                        if (seen[f] < 2) {
                            assert_int_equal(acts[k], buraco_action(BUR_A_DEAL, f));
                            assert_int_equal(w[k], 2 - seen[f]);
                            k++;
                        }
                    assert_int_equal(k, n);
                }
            } else {
                n = buraco_rules.legal_actions(&s, acts);
                for (int i = 0; i < n; i++) {
                    int t = buraco_action_type(acts[i]);
                    assert_true(t >= BUR_A_DRAW && t <= BUR_A_DISCARD);
                }
            }
            assert_true(n > 0);
            assert_null(buraco_rules.apply(&s, acts[rng_below(&r, (uint32_t)n)]));
            assert_true(s.phase != BUR_MORTO);
        }
        assert_int_equal(s.total[0] + s.total[1], 0);
    }
}

/* ---- The table's commands under the house rules (protocol.c's house path) ------------ */

static ProtoFault command(const BuracoState *s, ProtoCommandType type, int meld,
                          const char *cards, Action out[PROTO_MAX_ACTIONS], int *n)
{
    ProtoCommand cmd = {type, meld, 0, {0}};
    char buf[256];
    snprintf(buf, sizeof buf, "%s", cards);
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        cmd.cards[cmd.n++] = strcmp(t, "joker") == 0 ? BUR_JOKER : bt_card(t);
    char why[256];
    return proto_command_actions(s, &cmd, out, n, why, sizeof why);
}

static void apply_all(BuracoState *s, const Action *a, int n)
{
    for (int i = 0; i < n; i++)
        assert_null(buraco_rules.apply(s, a[i]));
}

static void test_table_commands(void **u)
{
    (void)u;
    BuracoState s;
    Action a[PROTO_MAX_ACTIONS];
    int n;
    setup2(&s, (const char *const[]){"variant=fechado", NULL},
           "5h 5s 5c 5d 9h 10h joker Kc Qd Qs 3c", "Kd Ks Qs", "Jh");
    /* The pile's top with two hand cards and a joker: a run begun by the take. */
    assert_int_equal(command(&s, PROTO_GET_DISCARD, 0, "9h 10h joker", a, &n), PROTO_OK);
    apply_all(&s, a, n);
    assert_int_equal(s.melds[0][0].n, 4);
    assert_false(s.melds[0][0].clean);
    /* A set of four. */
    assert_int_equal(command(&s, PROTO_MELD_NEW, 0, "5h 5s 5c 5d", a, &n), PROTO_OK);
    apply_all(&s, a, n);
    assert_int_equal(s.melds[0][1].kind, 1);
    assert_int_equal(s.melds[0][1].n, 4);
    /* A second wild onto the dirty run: refused. */
    s.hand[0][card_index(bt_card("2c"))]++;
    s.hand_n[0]++;
    assert_int_not_equal(command(&s, PROTO_MELD_JOIN, 0, "2c", a, &n), PROTO_OK);
    /* The open pile is taken whole. */
    setup2(&s, (const char *const[]){"variant=aberto", NULL}, "5h 6h Kc", "Kd Ks Qs", "7h");
    assert_int_equal(command(&s, PROTO_GET_DISCARD, 0, "5h 6h", a, &n), PROTO_OK);
    assert_int_equal(n, 1);
    assert_int_equal(a[0], buraco_action(BUR_A_TAKEALL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets),
        cmocka_unit_test(test_morto_direto),
        cmocka_unit_test(test_morto_indireto),
        cmocka_unit_test(test_no_morto_loses_100),
        cmocka_unit_test(test_mortos_become_stock),
        cmocka_unit_test(test_no_morto_left_goes_out),
        cmocka_unit_test(test_batida_limpa),
        cmocka_unit_test(test_batida_morto_first),
        cmocka_unit_test(test_pile_closed),
        cmocka_unit_test(test_pile_open),
        cmocka_unit_test(test_jokers),
        cmocka_unit_test(test_dirty_to_clean),
        cmocka_unit_test(test_sets),
        cmocka_unit_test(test_big_canastras),
        cmocka_unit_test(test_match_target),
        cmocka_unit_test(test_observe_morto),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_contest_unchanged),
        cmocka_unit_test(test_table_commands),
    };
    return cmocka_run_group_tests_name("buraco house rules", tests, NULL, NULL);
}
