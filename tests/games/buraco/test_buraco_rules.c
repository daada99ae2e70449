/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buraco rules (RULES.md §3): one scenario per rule from a fixed deal, each built to fail
 * if the rule were wrong; and the meld validator against a brute-force checker on
 * 100,000 card sets. */
#include <stdlib.h>

#include "buraco_test.h"

static bool meld_ok(const char *text, bool *clean)
{
    Card c[32];
    int n = bt_cards(text, c);
    BuracoMeldInfo info;
    bool ok = buraco_meld_check(c, n, &info);
    if (ok && clean)
        *clean = info.clean;
    return ok;
}

/* ---- The deal ------------------------------------------------------------------------ */

static void deal_all(BuracoState *s, int players, uint64_t seed)
{
    GameOptions opt = {{0}};
    assert_null(buraco_rules.init(s, &opt, players, seed));
    Rng r;
    rng_seed(&r, seed);
    while (buraco_rules.current_player(s) == PLAYER_CHANCE) {
        Action acts[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        int n = buraco_rules.chance_outcomes(s, acts, w);
        assert_true(n > 0);
        assert_null(buraco_rules.apply(s, acts[rng_below(&r, (uint32_t)n)]));
    }
}

static void test_deal(void **u)
{
    (void)u;
    BuracoState s;
    GameOptions opt = {{0}};
    assert_non_null(buraco_rules.init(&s, &opt, 3, 1)); /* 2, or 4 in teams */
    assert_null(buraco_rules.init(&s, &opt, 2, 1));
    /* Two decks: every face twice, 104 cards. */
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = buraco_rules.chance_outcomes(&s, acts, w);
    assert_int_equal(n, 52);
    uint32_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    assert_int_equal(total, 104);
    for (int players = 2; players <= 4; players += 2) {
        deal_all(&s, players, 42);
        for (int p = 0; p < players; p++)
            assert_int_equal(s.hand_n[p], 11);
        assert_int_equal(s.pile_n, 1);
        assert_int_equal(s.stock_n, 104 - 11 * players - 1);
        assert_int_equal(s.phase, BUR_DRAW);
        assert_int_equal(s.turn, s.first);
    }
    /* The first player is a chance outcome over the seats, equally likely. */
    assert_null(buraco_rules.init(&s, &opt, 4, 9));
    while (s.phase == BUR_DEALING) {
        n = buraco_rules.chance_outcomes(&s, acts, w);
        assert_null(buraco_rules.apply(&s, acts[0]));
    }
    n = buraco_rules.chance_outcomes(&s, acts, w);
    assert_int_equal(n, 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(w[i], 1);
    /* A face dealt twice cannot come a third time. */
    assert_null(buraco_rules.init(&s, &opt, 2, 1));
    bt_do(&s, "deal 7h");
    bt_do(&s, "deal 7h");
    bt_refused(&s, "deal 7h");
}

/* ---- A turn: draw or take, melds, discard ---------------------------------------------- */

static void test_draw_then_discard(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "3c 8d Jh Ks 5s 9c", "4c 9d Qh As 6s Tc", "2d");
    int stock = s.stock_n;
    bt_refused(&s, "discard 3c"); /* the turn begins with a draw */
    bt_refused(&s, "meld 3c 4c 5c");
    bt_do(&s, "draw");
    assert_int_equal(buraco_rules.current_player(&s), PLAYER_CHANCE);
    bt_do(&s, "deal 7h");
    assert_int_equal(s.stock_n, stock - 1);
    assert_int_equal(s.hand_n[0], 7);
    assert_int_equal(bt_held(&s, 0, "7h"), 1);
    assert_true(s.drawn == bt_card("7h"));
    bt_refused(&s, "draw"); /* one draw a turn */
    bt_refused(&s, "discard 4c"); /* not held */
    bt_do(&s, "discard 7h");
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.phase, BUR_DRAW);
    assert_true(buraco_pile_top(&s) == bt_card("7h"));
    assert_int_equal(s.pile_n, 2);
}

static void test_take_pile_with_new_meld(void **u)
{
    (void)u;
    BuracoState s;
    const char *hands[2] = {"6s 7s Kh 9c 2d", "4c 9d Qh As 6s Tc"};
    bt_setup(&s, 2, hands, "Qd 3c", "5s", 0);
    /* The top (5♠) and at least two hand cards make a new meld; the rest joins the hand. */
    assert_true(bt_legal(&s, "take 6s 7s"));
    assert_false(bt_legal(&s, "take 9c Kh"));
    bt_do(&s, "take 6s 7s");
    assert_int_equal(s.n_melds[0], 1);
    assert_int_equal(s.melds[0][0].n, 3);
    assert_true(s.melds[0][0].c[0] == bt_card("5s"));
    assert_int_equal(s.pile_n, 0);
    assert_int_equal(bt_held(&s, 0, "Qd"), 1);
    assert_int_equal(bt_held(&s, 0, "3c"), 1);
    assert_int_equal(bt_held(&s, 0, "6s"), 0);
    assert_int_equal(s.hand_n[0], 5 - 2 + 2);
    /* Everyone saw the pile: those cards are known to be in that hand. */
    assert_int_equal(s.known[0][card_index(bt_card("Qd"))], 1);
    assert_int_equal(s.known[0][card_index(bt_card("3c"))], 1);
    assert_int_equal(s.phase, BUR_PLAY);
    bt_refused(&s, "draw");
}

static void test_top_cannot_join_existing_meld(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "6s 7s 8s Kh 3c 4d", "4c 9d Qh As 6h Tc", "9c");
    bt_draw(&s, "Jd");
    bt_do(&s, "meld 6s 7s 8s");
    bt_do(&s, "discard Jd");
    bt_draw(&s, "9s");
    bt_do(&s, "discard 9s");
    /* Seat 0: 9♠ would fit its meld, but makes no new meld with its hand: no take. */
    assert_false(bt_legal(&s, "take Kh 3c"));
    Action acts[RULES_MAX_ACTIONS];
    int n = buraco_rules.legal_actions(&s, acts);
    assert_int_equal(n, 1); /* only the draw */
    assert_int_equal(buraco_action_type(acts[0]), BUR_A_DRAW);
}

static void test_sequences_only(void **u)
{
    (void)u;
    /* No sets (trincas): three of a kind is not a meld. */
    assert_false(meld_ok("7h 7s 7d", NULL));
    assert_false(meld_ok("7h 7s 7d 7c", NULL));
    /* Same suit, consecutive. */
    assert_true(meld_ok("7h 8h 9h", NULL));
    assert_false(meld_ok("7h 8h 9s", NULL));
    assert_false(meld_ok("7h 8h Th", NULL)); /* a gap with no wild */
    assert_false(meld_ok("7h 8h", NULL));    /* at least three */
    assert_false(meld_ok("7h 7h 8h", NULL)); /* a card twice */
    BuracoState s;
    bt_setup2(&s, "7h 7s 7d Kh 3c", "4c 9d Qh As 6h Tc", "9c");
    bt_draw(&s, "Jd");
    Action acts[RULES_MAX_ACTIONS];
    int n = buraco_rules.legal_actions(&s, acts);
    for (int i = 0; i < n; i++) {
        int t = buraco_action_type(acts[i]);
        assert_true(t == BUR_A_DISCARD);
    }
}

static void test_wild_two(void **u)
{
    (void)u;
    bool clean = true;
    /* The seed's examples. */
    assert_true(meld_ok("4h 5h 2c 7h", &clean));
    assert_false(clean);
    assert_false(meld_ok("4h 5h 2c 7h 2d 9h", NULL)); /* one wild per meld */
    /* A wild at an end. */
    assert_true(meld_ok("2s 9h Th", &clean));
    assert_false(clean);
    /* Two 2s of other suits: two wilds. */
    assert_false(meld_ok("2s 2d 5h 6h", NULL));
    /* Only 2s: at most one is natural. */
    assert_false(meld_ok("2h 2s 2d", NULL));
    /* The wild meld in two steps, the wild chosen among the 2s held. */
    BuracoState s;
    bt_setup2(&s, "4h 5h 2c 2d 9s", "4c 9d Qh As 6h Tc", "9c");
    bt_draw(&s, "Jd");
    bt_do(&s, "meld 4h 5h +wild");
    assert_int_equal(s.phase, BUR_WILD);
    Action acts[RULES_MAX_ACTIONS];
    assert_int_equal(buraco_rules.legal_actions(&s, acts), 2); /* 2♣ or 2♦ */
    bt_refused(&s, "discard 9s");
    bt_refused(&s, "wild 2h"); /* not held */
    bt_do(&s, "wild 2c");
    assert_int_equal(s.n_melds[0], 1);
    assert_int_equal(s.melds[0][0].clean, 0);
    assert_int_equal(bt_held(&s, 0, "2c"), 0);
    assert_int_equal(bt_held(&s, 0, "2d"), 1);
    /* The meld has its wild: a second one does not join. */
    assert_false(bt_legal(&s, "join 0 2d"));
}

static void test_natural_two(void **u)
{
    (void)u;
    bool clean = false;
    /* A 2 of the suit in its own place is natural. */
    assert_true(meld_ok("Ah 2h 3h", &clean));
    assert_true(clean);
    assert_true(meld_ok("2h 3h 4h", &clean));
    assert_true(clean);
    /* ... so a meld can hold a natural 2 and a wild 2. */
    assert_true(meld_ok("Ah 2h 3h 2c 5h", &clean));
    assert_false(clean);
    assert_true(meld_ok("2h 3h 2h 5h", &clean)); /* the same face, natural and wild */
    assert_false(clean);
    /* Out of its place, a 2 of the suit is a wild. */
    assert_true(meld_ok("2h 4h 5h", &clean));
    assert_false(clean);
    /* A canastra with a natural 2 is limpa. */
    Card c[7];
    bt_cards("Ah 2h 3h 4h 5h 6h 7h", c);
    BuracoMeldInfo info;
    assert_true(buraco_meld_check(c, 7, &info));
    assert_true(info.clean);
    BuracoMeld m = {7, 1, SUIT_HEARTS, 1, 0, 0, {0}};
    memcpy(m.c, info.order, 7);
    assert_int_equal(buraco_meld_points(&m), 15 + 10 + 5 * 5 + 200);
}

static void test_ace_low_or_high(void **u)
{
    (void)u;
    assert_true(meld_ok("As 2s 3s", NULL));
    assert_true(meld_ok("Qs Ks As", NULL));
    assert_false(meld_ok("Ks As 3s", NULL)); /* no wrapping round */
    assert_false(meld_ok("Ks As 2s 3s", NULL));
    bool clean = true;
    assert_true(meld_ok("Ks As 2s", &clean)); /* only as Q K A, the 2 a wild */
    assert_false(clean);
    assert_true(meld_ok("Js Qs 2d As", NULL));  /* the wild as the K */
    assert_true(meld_ok("As 2d 3s", NULL));     /* the wild as the 2 */
    /* Both Aces only in the full A..A sequence, 14 cards at most. */
    assert_true(meld_ok("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", NULL));
    assert_true(meld_ok("As 2s 3s 4s 5s 2d 7s 8s 9s Ts Js Qs Ks As", NULL));
    assert_false(meld_ok("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2d", NULL)); /* 15 */
    assert_false(meld_ok("As Ks As", NULL));
    assert_false(meld_ok("As 2s 3s As", NULL));
    /* A meld of K and A with a wild: the wild is the Q. */
    Card c[3];
    bt_cards("Kh Ah 2c", c);
    BuracoMeldInfo info;
    assert_true(buraco_meld_check(c, 3, &info));
    assert_int_equal(info.lo, 12);
    assert_int_equal(info.wild_pos, 12);
    assert_int_equal(info.hi, 14);
}

static void test_canastra_bonus(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "3d 4d 5d 6d 7d 8d 9d 2c Kc", "4c 9d Qh As 6h Tc", "Jh");
    bt_draw(&s, "Ts");
    bt_do(&s, "meld 3d 4d 5d");
    bt_do(&s, "join 0 6d");
    bt_do(&s, "join 0 7d");
    bt_do(&s, "join 0 8d");
    /* Six cards: no canastra yet. */
    assert_int_equal(buraco_meld_points(&s.melds[0][0]), 5 * 5 + 10);
    bt_do(&s, "join 0 9d");
    /* Seven naturals: canastra limpa, +200. */
    assert_int_equal(s.melds[0][0].n, 7);
    assert_int_equal(buraco_meld_points(&s.melds[0][0]), 5 * 5 + 10 + 10 + 200);
    /* A wild makes it suja: +100 instead. */
    bt_do(&s, "join 0 2c");
    assert_false(s.melds[0][0].clean);
    assert_int_equal(buraco_meld_points(&s.melds[0][0]), 5 * 5 + 10 + 10 + 10 + 100);
}

static void test_batida_by_discard(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "3d 4d 5d Kc", "4c 9d Qh As 6h Tc", "Jh");
    bt_draw(&s, "Ts");
    bt_do(&s, "meld 3d 4d 5d");
    bt_do(&s, "discard Kc");
    assert_int_equal(s.phase, BUR_DRAW); /* one card left: the game goes on */
    bt_draw(&s, "7c");
    bt_do(&s, "discard 7c");
    bt_draw(&s, "6d");
    bt_do(&s, "join 0 6d");
    assert_int_equal(s.phase, BUR_PLAY);
    /* Seat 0 throws its last card: the batida ends the game. */
    assert_int_equal(s.hand_n[0], 1);
    bt_do(&s, "discard Ts");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.end, BUR_END_OUT);
    assert_int_equal(s.went_out, 0);
    /* Team 0: meld 20 + the batida 100; team 1: minus its hand. */
    assert_int_equal(s.score[0], 20 + 100);
    assert_int_equal(s.score[1], -(5 + 10 + 10 + 15 + 5 + 10));
    double r[RULES_MAX_PLAYERS];
    buraco_rules.returns(&s, r);
    assert_true(r[0] == 1 && r[1] == -1);
    Action acts[RULES_MAX_ACTIONS];
    assert_int_equal(buraco_rules.legal_actions(&s, acts), 0);
}

static void test_batida_by_meld(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "3d 4d 5d 6d", "4c 9d Qh As 6h Tc", "Jh");
    bt_draw(&s, "7d");
    bt_do(&s, "meld 3d 4d 5d");
    bt_do(&s, "join 0 6d");
    /* Melding the last card empties the hand: the game ends without a discard. */
    bt_do(&s, "join 0 7d");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.went_out, 0);
    assert_int_equal(s.score[0], 25 + 100);
}

static void test_end_on_empty_stock(void **u)
{
    (void)u;
    /* 51 + 52 cards in the hands and one on the pile: the stock is empty. */
    char h0[1024] = "", h1[1024] = "";
    int n0 = 0;
    for (int f = 0; f < 52; f++) {
        char t[CARD_TEXT_MAX];
        card_to_text(card_from_index(f), t);
        if (f != card_index(bt_card("Kh"))) {
            strcat(h0, t);
            strcat(h0, " ");
            n0++;
        }
        strcat(h1, t);
        strcat(h1, " ");
    }
    BuracoState s;
    bt_setup2(&s, h0, h1, "Kh");
    assert_int_equal(n0, 51);
    assert_int_equal(s.stock_n, 0);
    /* Taking the pile is still possible... */
    assert_true(bt_legal(&s, "take Qh Ah"));
    /* ... but drawing from the empty stock ends the game. */
    bt_do(&s, "draw");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.end, BUR_END_STOCK);
    assert_int_equal(s.went_out, -1);
    int hand0 = 0;
    for (int f = 0; f < 52; f++)
        hand0 += s.hand[0][f] * buraco_card_points(card_from_index(f));
    assert_int_equal(s.score[0], -hand0);
    assert_int_equal(s.score[1], -(hand0 + 10));
}

static void test_card_points_and_score(void **u)
{
    (void)u;
    const char *five[] = {"3h", "4h", "5h", "6h", "7h"};
    const char *ten[] = {"2h", "8h", "9h", "Th", "Jh", "Qh", "Kh"};
    for (int i = 0; i < 5; i++)
        assert_int_equal(buraco_card_points(bt_card(five[i])), 5);
    for (int i = 0; i < 7; i++)
        assert_int_equal(buraco_card_points(bt_card(ten[i])), 10);
    assert_int_equal(buraco_card_points(bt_card("Ah")), 15);
    /* Melds count, cards in hand count against. */
    BuracoState s;
    bt_setup2(&s, "Qs Ks As 9c 2d", "4c 5c 6c Qh", "Jh");
    bt_draw(&s, "Tc");
    bt_do(&s, "meld Qs Ks As");
    bt_do(&s, "discard Tc");
    bt_draw(&s, "7c");
    bt_do(&s, "meld 4c 5c 6c");
    bt_do(&s, "join 0 7c");
    bt_do(&s, "discard Qh");
    /* Seat 1 went out: 20 + 100; seat 0 holds 9♣ 2♦. */
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.score[1], 20 + 100);
    assert_int_equal(s.score[0], 35 - 20);
}

static void test_draw_result(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "3d 4d 5d 6c 7c", "3h 4h 5h 6s 7s", "Jh");
    bt_draw(&s, "9s");
    bt_do(&s, "meld 3d 4d 5d");
    bt_do(&s, "discard 9s");
    bt_draw(&s, "Ts");
    bt_do(&s, "meld 3h 4h 5h");
    bt_do(&s, "discard Ts");
    /* Both teams: a 15-point meld and two 5-point cards in hand. With the stock empty
     * (a shortcut here), seat 0 must draw: the game ends level. */
    s.stock_n = 0;
    bt_do(&s, "draw");
    assert_int_equal(s.phase, BUR_OVER);
    assert_int_equal(s.score[0], 5);
    assert_int_equal(s.score[1], 5);
    double r[RULES_MAX_PLAYERS];
    buraco_rules.returns(&s, r);
    assert_true(r[0] == 0 && r[1] == 0);
}

static void test_teams_share_melds(void **u)
{
    (void)u;
    BuracoState s;
    const char *hands[4] = {"3d 4d 5d Kc", "6d 9h 9c Qh", "6d 7d Jc Js", "Tc Th 8h 8c"};
    bt_setup(&s, 4, hands, NULL, "Jh", 0);
    bt_draw(&s, "2s");
    bt_do(&s, "meld 3d 4d 5d");
    bt_do(&s, "discard Kc");
    /* Seat 1 (the other team) cannot add to team 0's meld: its meld 0 does not exist. */
    bt_draw(&s, "As");
    assert_false(bt_legal(&s, "join 0 6d"));
    bt_do(&s, "discard As");
    bt_draw(&s, "Ad");
    /* Seat 2, seat 0's partner, adds to their meld. */
    bt_do(&s, "join 0 6d");
    bt_do(&s, "join 0 7d");
    assert_int_equal(s.melds[0][0].n, 5);
    assert_int_equal(s.n_melds[1], 0);
    bt_do(&s, "discard Ad");
    assert_int_equal(s.turn, 3);
    /* Scores: a team's melds minus both partners' hands. */
    /* Team 0: the meld 3♦..7♦ (25), minus seat 0's 2♠ and seat 2's J♣ J♠. */
    assert_int_equal(buraco_team_score(&s, 0), 25 - 10 - 20);
}

static void test_observe_hides_hands(void **u)
{
    (void)u;
    BuracoState s, v;
    const char *hands[2] = {"6s 7s Kh 9c 2d", "4c 9d Qh As 6h Tc"};
    bt_setup(&s, 2, hands, "Qd 3c", "5s", 0);
    bt_do(&s, "take 6s 7s");
    buraco_rules.observe(&s, 1, &v);
    /* Seat 1 sees only the cards seat 0 took with the pile. */
    int seen = 0;
    for (int f = 0; f < BUR_FACES; f++)
        seen += v.hand[0][f];
    assert_int_equal(seen, 2);
    assert_int_equal(v.hand[0][card_index(bt_card("Qd"))], 1);
    assert_int_equal(v.hand_n[0], 5);
    assert_memory_equal(v.hand[1], s.hand[1], BUR_FACES);
    /* A card drawn is seen by its drawer only. */
    bt_do(&s, "discard Kh");
    bt_draw(&s, "8h");
    buraco_rules.observe(&s, 0, &v);
    assert_true(v.drawn == CARD_NONE);
    buraco_rules.observe(&s, 1, &v);
    assert_true(v.drawn == bt_card("8h"));
    /* When seat 0 plays a card it was known to hold, it is no longer known. */
    bt_do(&s, "discard 8h");
    bt_draw(&s, "Jc");
    bt_do(&s, "discard Qd");
    assert_int_equal(s.known[0][card_index(bt_card("Qd"))], 0);
    /* Resampled deals keep what seat 1 knows. */
    buraco_rules.observe(&s, 1, &v);
    Rng r;
    rng_seed(&r, 3);
    for (int k = 0; k < 50; k++) {
        BuracoState full, back;
        buraco_rules.resample(&v, 1, &r, &full);
        assert_int_equal(full.hand[0][card_index(bt_card("3c"))] >= 1, 1);
        buraco_rules.observe(&full, 1, &back);
        assert_memory_equal(&back, &v, sizeof v);
    }
}

static void test_action_text(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "Qs Ks As 2d 2h 3h", "4c 9d Qh As 6h Tc", "Ah");
    Action acts[RULES_MAX_ACTIONS];
    int n = buraco_rules.legal_actions(&s, acts);
    for (int i = 0; i < n; i++) {
        char t[RULES_ACTION_TEXT];
        Action back;
        buraco_rules.action_to_string(&s, acts[i], t);
        assert_true(buraco_rules.action_from_string(&s, t, &back));
        assert_int_equal(back, acts[i]);
    }
    assert_true(bt_legal(&s, "take 2h 3h")); /* A 2 3 with the natural 2 */
    assert_true(bt_legal(&s, "take 2d 3h")); /* A (2♦) 3 */
    bt_draw(&s, "5c");
    assert_true(bt_legal(&s, "meld Qs Ks As"));
    assert_true(bt_legal(&s, "meld Ks As +wild"));
    char t[RULES_ACTION_TEXT];
    buraco_rules.action_to_string(&s, buraco_action(BUR_A_NEW3, SUIT_SPADES << 4 | 12), t);
    assert_string_equal(t, "meld Q♠ K♠ A♠");
}

/* ---- The validator against a brute-force checker ---------------------------------------
 * The checker knows nothing of the validator's method: it lists every sequence the rules
 * allow (a suit, a run of places, at most one place taken by a 2 of any suit) and compares
 * multisets. */

static void counts_of(const Card *c, int n, int out[BUR_FACES])
{
    memset(out, 0, sizeof(int) * BUR_FACES);
    for (int i = 0; i < n; i++)
        out[card_index(c[i])]++;
}

static bool brute_meld(const Card *cards, int n, bool *clean)
{
    if (n < 3 || n > 14)
        return false;
    int want[BUR_FACES];
    counts_of(cards, n, want);
    bool found = false, found_clean = false;
    for (int suit = 0; suit < 4; suit++)
        for (int lo = 1; lo + n - 1 <= 14; lo++)
            for (int wild = -1; wild < n; wild++)
                for (int ws = 0; ws < (wild < 0 ? 1 : 4); ws++) {
                    int have[BUR_FACES] = {0};
                    for (int k = 0; k < n; k++) {
                        int pos = lo + k;
                        Card c = k == wild ? card_make(2, ws)
                                           : card_make(pos == 14 ? 1 : pos, suit);
                        have[card_index(c)]++;
                    }
                    if (memcmp(have, want, sizeof have) == 0) {
                        found = true;
                        if (wild < 0)
                            found_clean = true;
                    }
                }
    if (clean)
        *clean = found_clean;
    return found;
}

/* Sets that are often melds: sequences with a card changed, added, removed or swapped
 * for a 2, and plain random hands. */
static int random_set(Rng *r, Card *out)
{
    int kind = (int)rng_below(r, 4);
    if (kind == 0) {
        int n = 1 + (int)rng_below(r, 16);
        for (int i = 0; i < n; i++)
            out[i] = card_from_index((int)rng_below(r, 52));
        return n;
    }
    int suit = (int)rng_below(r, 4);
    int n = 3 + (int)rng_below(r, 12);
    int lo = 1 + (int)rng_below(r, 15 - n > 0 ? (uint32_t)(15 - n) : 1u);
    int k = 0;
    for (int p = lo; p < lo + n && p <= 14; p++)
        out[k++] = card_make(p == 14 ? 1 : p, suit);
    int edits = (int)rng_below(r, 3);
    for (int e = 0; e < edits; e++) {
        int op = (int)rng_below(r, 5);
        if (op == 0 && k > 0) /* a 2 replaces a card */
            out[rng_below(r, (uint32_t)k)] = card_make(2, (int)rng_below(r, 4));
        else if (op == 1 && k < 15) /* a 2 more */
            out[k++] = card_make(2, (int)rng_below(r, 4));
        else if (op == 2 && k > 1) { /* a card less */
            int i = (int)rng_below(r, (uint32_t)k);
            k--;
            out[i] = out[k];
        }
        else if (op == 3 && k > 0) /* a card of another suit or rank */
            out[rng_below(r, (uint32_t)k)] =
                card_make(1 + (int)rng_below(r, 13), rng_below(r, 3) ? suit : (int)rng_below(r, 4));
        else if (op == 4 && k < 15) /* any card more */
            out[k++] = card_from_index((int)rng_below(r, 52));
    }
    rng_shuffle(r, out, (size_t)k, sizeof out[0]);
    return k;
}

static void test_validator_brute_force(void **u)
{
    (void)u;
    Rng r;
    rng_seed(&r, 20240611);
    int valid = 0, clean_n = 0;
    for (int i = 0; i < 100000; i++) {
        Card c[16];
        int n = random_set(&r, c);
        bool bc = false, vc;
        bool b = brute_meld(c, n, &bc);
        BuracoMeldInfo info;
        bool v = buraco_meld_check(c, n, &info);
        if (b != v) {
            char t[256] = "";
            for (int k = 0; k < n; k++) {
                char ct[CARD_TEXT_MAX];
                strcat(t, card_to_text(c[k], ct));
                strcat(t, " ");
            }
            fail_msg("set %d [%s]: brute force says %d, the validator %d", i, t, b, v);
        }
        if (!v)
            continue;
        valid++;
        vc = info.clean;
        assert_int_equal(vc, bc);
        clean_n += vc;
        /* The arrangement is the same cards, in sequence. */
        int a[BUR_FACES], bcnt[BUR_FACES];
        counts_of(c, n, a);
        counts_of(info.order, info.n, bcnt);
        assert_int_equal(info.n, n);
        assert_memory_equal(a, bcnt, sizeof a);
        assert_int_equal(info.hi - info.lo + 1, n);
        for (int k = 0; k < n; k++) {
            int pos = info.lo + k;
            if (pos == info.wild_pos)
                assert_int_equal(card_rank(info.order[k]), 2);
            else
                assert_true(info.order[k] == card_make(pos == 14 ? 1 : pos, info.suit));
        }
    }
    /* The generator gives both kinds in numbers. */
    print_message("%d of 100000 sets are melds, %d of them clean\n", valid, clean_n);
    assert_true(valid > 20000);
    assert_true(clean_n > 5000);
}

/* ---- The same with jokers and sets (issue 24) ---------------------------------------------
 * Runs: a suit, a run of places, at most one place taken by a wild (a 2 of any suit or a
 * joker). Sets: a rank other than 2, its naturals in any suits, at most one wild. */

static void counts_of_j(const Card *c, int n, int out[BUR_FACES])
{
    memset(out, 0, sizeof(int) * BUR_FACES);
    for (int i = 0; i < n; i++)
        out[buraco_face(c[i])]++;
}

static Card wild_card(int ws) { return ws == 4 ? BUR_JOKER : card_make(2, ws); }

static bool brute_meld_j(const Card *cards, int n, bool sets, bool *clean, bool *set)
{
    if (n < 3 || n > 14)
        return false;
    int want[BUR_FACES];
    counts_of_j(cards, n, want);
    bool found = false, found_clean = false;
    *set = false;
    if (sets) {
        for (int rank = 1; rank <= 13 && !found; rank++) {
            if (rank == 2)
                continue;
            for (int ws = -1; ws < 5 && !found; ws++) {
                /* n - (ws >= 0) naturals of this rank in the suits the set has. */
                int have[BUR_FACES];
                memcpy(have, want, sizeof have);
                if (ws >= 0) {
                    if (!have[buraco_face(wild_card(ws))])
                        continue;
                    have[buraco_face(wild_card(ws))]--;
                }
                int naturals = 0;
                for (int su = 0; su < 4; su++)
                    naturals += have[card_index(card_make(rank, su))];
                if (naturals == n - (ws >= 0)) {
                    found = true;
                    found_clean = ws < 0;
                    *set = true;
                }
            }
        }
        if (found) {
            *clean = found_clean;
            return true;
        }
    }
    for (int suit = 0; suit < 4; suit++)
        for (int lo = 1; lo + n - 1 <= 14; lo++)
            for (int wild = -1; wild < n; wild++)
                for (int ws = 0; ws < (wild < 0 ? 1 : 5); ws++) {
                    int have[BUR_FACES] = {0};
                    for (int k = 0; k < n; k++) {
                        int pos = lo + k;
                        Card c = k == wild ? wild_card(ws) : card_make(pos == 14 ? 1 : pos, suit);
                        have[buraco_face(c)]++;
                    }
                    if (memcmp(have, want, sizeof have) == 0) {
                        found = true;
                        if (wild < 0)
                            found_clean = true;
                    }
                }
    *clean = found_clean;
    return found;
}

/* Sets that are often melds: runs and sets edited with jokers and 2s, and random cards. */
static int random_set_j(Rng *r, Card *out)
{
    int kind = (int)rng_below(r, 6);
    int k = 0;
    if (kind >= 4) { /* a set */
        int rank = 1 + (int)rng_below(r, 13);
        int n = 2 + (int)rng_below(r, 8);
        for (int i = 0; i < n; i++)
            out[k++] = card_make(rank, (int)rng_below(r, 4));
    } else if (kind == 0) {
        int n = 1 + (int)rng_below(r, 16);
        for (int i = 0; i < n; i++)
            out[k++] = rng_below(r, 12) ? card_from_index((int)rng_below(r, 52)) : BUR_JOKER;
        return n;
    } else {
        k = random_set(r, out);
    }
    int edits = (int)rng_below(r, 3);
    for (int e = 0; e < edits; e++) {
        int op = (int)rng_below(r, 4);
        if (op == 0 && k > 0) /* a joker replaces a card */
            out[rng_below(r, (uint32_t)k)] = BUR_JOKER;
        else if (op == 1 && k < 15) /* a joker more */
            out[k++] = BUR_JOKER;
        else if (op == 2 && k < 15) /* a 2 more */
            out[k++] = card_make(2, (int)rng_below(r, 4));
        else if (op == 3 && k > 1) { /* a card less */
            int i = (int)rng_below(r, (uint32_t)k);
            k--;
            out[i] = out[k];
        }
    }
    rng_shuffle(r, out, (size_t)k, sizeof out[0]);
    return k;
}

static void test_validator_brute_force_jokers_sets(void **u)
{
    (void)u;
    Rng r;
    rng_seed(&r, 20261126);
    int valid = 0, clean_n = 0, sets_n = 0, jokers_n = 0;
    for (int i = 0; i < 100000; i++) {
        Card c[16];
        int n = random_set_j(&r, c);
        bool sets = rng_below(&r, 2);
        bool bc = false, bset = false;
        bool b = brute_meld_j(c, n, sets, &bc, &bset);
        BuracoMeldInfo info;
        bool v = buraco_meld_check2(c, n, sets, &info);
        if (b != v) {
            char t[256] = "";
            for (int k = 0; k < n; k++) {
                char ct[CARD_TEXT_MAX];
                strcat(t, buraco_card_text(c[k], ct));
                strcat(t, " ");
            }
            fail_msg("set %d [%s] (sets %d): brute force says %d, the validator %d", i, t,
                     sets, b, v);
        }
        if (!v)
            continue;
        valid++;
        assert_int_equal(info.clean, bc);
        assert_int_equal(info.set, bset);
        clean_n += info.clean;
        sets_n += info.set;
        int a[BUR_FACES], bcnt[BUR_FACES];
        counts_of_j(c, n, a);
        counts_of_j(info.order, info.n, bcnt);
        jokers_n += a[BUR_JOKER_FACE] > 0;
        assert_int_equal(info.n, n);
        assert_memory_equal(a, bcnt, sizeof a);
        if (info.set) {
            for (int k = 0; k < n; k++)
                assert_true(card_rank(info.order[k]) == info.lo ||
                            (k == n - 1 && !info.clean && buraco_is_wildcard(info.order[k])));
            continue;
        }
        assert_int_equal(info.hi - info.lo + 1, n);
        for (int k = 0; k < n; k++) {
            int pos = info.lo + k;
            if (pos == info.wild_pos)
                assert_true(buraco_is_wildcard(info.order[k]));
            else
                assert_true(info.order[k] == card_make(pos == 14 ? 1 : pos, info.suit));
        }
    }
    print_message("%d of 100000 sets are melds: %d clean, %d sets, %d with a joker\n", valid,
                  clean_n, sets_n, jokers_n);
    assert_true(valid > 20000);
    assert_true(clean_n > 5000);
    assert_true(sets_n > 5000);
    assert_true(jokers_n > 3000);
}

/* ---- A card joined to a laid meld, as the validator would arrange it ---------------------
 * The rules grow a run without the validator in the common cases (a run with no Ace or 2
 * among its naturals, a natural or a joker added): on 200,000 melds the validator accepts
 * and a card near them (a neighbour of its suit, a 2, a joker, any card), joining must be
 * allowed exactly when the validator accepts the meld with the card, and lay it as the
 * validator arranges it. */
static void test_join_agrees_with_validator(void **u)
{
    (void)u;
    Rng r;
    rng_seed(&r, 20261127);
    int tried = 0, joined = 0, dirty = 0, wild_added = 0;
    while (tried < 200000) {
        Card c[16];
        int n = random_set_j(&r, c);
        bool sets = rng_below(&r, 2);
        BuracoMeldInfo meld;
        if (n >= BUR_MELD_MAX || !buraco_meld_check2(c, n, sets, &meld))
            continue;
        /* The card: a neighbour of the meld's suit, a 2, a joker, or any card. */
        Card add;
        int kind = (int)rng_below(&r, 8);
        if (kind < 4 && !meld.set) {
            int pos = meld.lo - 2 + (int)rng_below(&r, (uint32_t)(meld.hi - meld.lo + 5));
            if (pos < 1 || pos > 14)
                continue;
            add = card_make(pos == 14 ? 1 : pos, meld.suit);
        } else if (kind == 4) {
            add = card_make(2, (int)rng_below(&r, 4));
        } else if (kind == 5) {
            add = BUR_JOKER;
        } else {
            add = card_from_index((int)rng_below(&r, 52));
        }
        tried++;
        GameOptions opt = {{0}};
        opt.v[BUR_OPT_JOKERS] = 1;
        opt.v[BUR_OPT_SETS] = sets;
        BuracoState s;
        assert_null(buraco_rules.init(&s, &opt, 2, 1));
        s.phase = BUR_PLAY;
        s.turn = 0;
        s.hand[0][buraco_face(add)]++;
        s.hand[0][buraco_face(card_make(9, 0))]++; /* a second card: the hand stays */
        s.hand_n[0] = 2;
        s.n_melds[0] = 1;
        buraco_meld_set(&s.melds[0][0], &meld);
        Card all[BUR_MELD_MAX + 1];
        memcpy(all, s.melds[0][0].c, s.melds[0][0].n);
        all[n] = add;
        BuracoMeldInfo grown;
        bool want = buraco_meld_check2(all, n + 1, sets && meld.set, &grown);
        int f = buraco_face(add);
        bool got = buraco_join_ok(&s, 0, f);
        if (got != want) {
            char t[256] = "", ct[CARD_TEXT_MAX];
            for (int k = 0; k < n; k++) {
                strcat(t, buraco_card_text(s.melds[0][0].c[k], ct));
                strcat(t, " ");
            }
            fail_msg("meld [%s] + %s (sets %d): join says %d, the validator %d", t,
                     buraco_card_text(add, ct), sets, got, want);
        }
        if (!want)
            continue;
        joined++;
        dirty += !meld.clean;
        wild_added += buraco_is_wildcard(add);
        assert_null(buraco_rules.apply(&s, buraco_action(BUR_A_JOIN, f)));
        BuracoMeld expect;
        buraco_meld_set(&expect, &grown);
        assert_memory_equal(&s.melds[0][0], &expect, sizeof expect);
    }
    print_message("%d joins of 200000 allowed, %d onto a dirty meld, %d of a wild\n", joined,
                  dirty, wild_added);
    assert_true(joined > 40000);
    assert_true(dirty > 5000);
    assert_true(wild_added > 5000);
}

/* ---- One face's unseen copies -----------------------------------------------------------
 * buraco_unseen counts one face from the melds' places; it must agree with the count of
 * every face over every card (buraco_unseen_counts) at every step of games with jokers and
 * sets, melds with Aces, 2s and jokers among them, the pending meld of a wild too. */
static void test_unseen_one_face(void **u)
{
    (void)u;
    const char *const styles[] = {"variant=stbl", "variant=fechado", "variant=contest"};
    int checked = 0, meld_cards = 0;
    for (int g = 0; g < 12; g++) {
        GameOptions opt;
        rules_default_options(&buraco_rules, &opt);
        char err[128];
        assert_null(rules_parse_option(&buraco_rules, &opt, styles[g % 3], err, sizeof err));
        assert_null(rules_parse_option(&buraco_rules, &opt, "target=1", err, sizeof err));
        BuracoState s;
        assert_null(buraco_rules.init(&s, &opt, g % 2 ? 4 : 2, (uint64_t)g));
        Rng r;
        rng_seed(&r, (uint64_t)g + 77);
        for (int steps = 0; s.phase != BUR_OVER && steps < 3000; steps++) {
            int all[BUR_FACES];
            buraco_unseen_counts(&s, all);
            for (int f = 0; f < BUR_FACES; f++)
                if (buraco_unseen(&s, f) != all[f])
                    fail_msg("game %d step %d: face %d unseen %d, counted over all %d", g,
                             steps, f, buraco_unseen(&s, f), all[f]);
            checked++;
            Action acts[RULES_MAX_ACTIONS];
            int n;
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                uint32_t w[RULES_MAX_ACTIONS];
                n = buraco_rules.chance_outcomes(&s, acts, w);
            } else {
                n = buraco_rules.legal_actions(&s, acts);
                /* Melds first, half the time: long runs and sets. */
                int k = 0;
                for (int i = 0; i < n; i++)
                    if (buraco_action_type(acts[i]) != BUR_A_DISCARD &&
                        buraco_action_type(acts[i]) != BUR_A_DRAW)
                        acts[k++] = acts[i];
                if (k && rng_below(&r, 4))
                    n = k;
            }
            assert_null(buraco_rules.apply(&s, acts[rng_below(&r, (uint32_t)n)]));
        }
        for (int t = 0; t < BUR_TEAMS; t++)
            for (int i = 0; i < s.n_melds[t]; i++)
                meld_cards += s.melds[t][i].n;
    }
    print_message("%d states checked, %d meld cards at the ends\n", checked, meld_cards);
    assert_true(meld_cards > 200);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal),
        cmocka_unit_test(test_draw_then_discard),
        cmocka_unit_test(test_take_pile_with_new_meld),
        cmocka_unit_test(test_top_cannot_join_existing_meld),
        cmocka_unit_test(test_sequences_only),
        cmocka_unit_test(test_wild_two),
        cmocka_unit_test(test_natural_two),
        cmocka_unit_test(test_ace_low_or_high),
        cmocka_unit_test(test_canastra_bonus),
        cmocka_unit_test(test_batida_by_discard),
        cmocka_unit_test(test_batida_by_meld),
        cmocka_unit_test(test_end_on_empty_stock),
        cmocka_unit_test(test_card_points_and_score),
        cmocka_unit_test(test_draw_result),
        cmocka_unit_test(test_teams_share_melds),
        cmocka_unit_test(test_observe_hides_hands),
        cmocka_unit_test(test_action_text),
        cmocka_unit_test(test_validator_brute_force),
        cmocka_unit_test(test_validator_brute_force_jokers_sets),
        cmocka_unit_test(test_join_agrees_with_validator),
        cmocka_unit_test(test_unseen_one_face),
    };
    return cmocka_run_group_tests_name("buraco rules", tests, NULL, NULL);
}
