/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buraco bots: Easy and Medium do what the seed says, Hard avoids a throw that feeds
 * the other side the pile, no bot peeks at hidden cards, and every bot plays only legal
 * moves, for 2 and 4 players. */
#include <math.h>
#include <stdlib.h>

#include "buraco_test.h"
#include "engine/ai/bot.h"
#include "games/buraco/buraco_bots.h"

/* The seat's decision by its iterations alone (no clock): the same on a loaded machine. */
static Action ask(Difficulty d, const BuracoState *s, uint64_t seed)
{
    Rng r;
    rng_seed(&r, seed);
    BuracoState view;
    buraco_rules.observe(s, s->turn, &view);
    return bot_decide_timed(&buraco_rules, d, &view, s->turn, &r, NULL, 0);
}

static void expect(Difficulty d, const BuracoState *s, const char *text)
{
    Action a = ask(d, s, 1), want;
    assert_true(buraco_rules.action_from_string(s, text, &want));
    if (a != want) {
        char got[RULES_ACTION_TEXT];
        buraco_rules.action_to_string(s, a, got);
        fail_msg("%s bot: expected '%s', chose '%s'", difficulty_name(d), text, got);
    }
}

static void test_configuration(void **u)
{
    (void)u;
    assert_string_equal(bot_config("buraco", DIFF_EASY)->algo, "buraco-seed");
    assert_string_equal(bot_config("buraco", DIFF_MEDIUM)->algo, "buraco-simple");
    assert_string_equal(bot_config("buraco", DIFF_HARD)->algo, "buraco-search");
}

static void test_easy(void **u)
{
    (void)u;
    BuracoState s;
    /* The seed's example bot draws even when the pile's top would make a meld... */
    bt_setup2(&s, "6s 7s 9h 3d Kc Kd", "4c 9d Qh As 6h Tc", "5s");
    expect(DIFF_EASY, &s, "draw");
    /* ... and throws the card it drew... */
    bt_draw(&s, "Jh");
    expect(DIFF_EASY, &s, "discard Jh");
    /* ... after laying the sequences it holds. */
    bt_setup2(&s, "6s 7s 8s 9s 3d Kc", "4c 9d Qh As 6h Tc", "5h");
    bt_draw(&s, "Jh");
    expect(DIFF_EASY, &s, "meld 6s 7s 8s");
    bt_do(&s, "meld 6s 7s 8s");
    expect(DIFF_EASY, &s, "join 0 9s");
    bt_do(&s, "join 0 9s");
    expect(DIFF_EASY, &s, "discard Jh");
}

static void test_medium(void **u)
{
    (void)u;
    BuracoState s;
    /* Takes the pile when its top makes a meld with the hand; draws otherwise. */
    bt_setup2(&s, "6s 7s 9h 3d Kc Kd", "4c 9d Qh As 6h Tc", "5s");
    expect(DIFF_MEDIUM, &s, "take 6s 7s");
    bt_setup2(&s, "6s 7s 9h 3d Kc Kd", "4c 9d Qh As 6h Tc", "5h");
    expect(DIFF_MEDIUM, &s, "draw");
    /* Extends its melds, lays what it can, then throws the card farthest from any meld:
     * the seed's own example, [ 4♥ 5♥ J♥ 3♣ 5♣ 8♣ ] -> J♥. */
    bt_setup2(&s, "4h 5h Jh 3c 5c 8c 9s Ts Js", "4c 9d Qh As 6h Tc", "2d");
    bt_draw(&s, "Qs");
    expect(DIFF_MEDIUM, &s, "meld 9s Ts Js");
    bt_do(&s, "meld 9s Ts Js");
    expect(DIFF_MEDIUM, &s, "join 0 Qs");
    bt_do(&s, "join 0 Qs");
    expect(DIFF_MEDIUM, &s, "discard Jh");
}

static void test_medium_remembers(void **u)
{
    (void)u;
    BuracoState s;
    const char *hands[2] = {"9h Kd 3s 4s 5s", "4d 9d Qh As 6h Tc"};
    bt_setup(&s, 2, hands, "Qd Qd Jd Jd Ad", "Ad", 0);
    expect(DIFF_MEDIUM, &s, "draw");
    bt_draw(&s, "8c");
    expect(DIFF_MEDIUM, &s, "meld 3s 4s 5s");
    bt_do(&s, "meld 3s 4s 5s");
    /* 8♣, 9♥ and K♦ are all alone, and worth the same; but every card that could go with
     * K♦ (J♦ Q♦ A♦, both copies of each) has been seen in the pile: K♦ goes. Without
     * that memory the first of the three (8♣) would. */
    expect(DIFF_MEDIUM, &s, "discard Kd");
}

static void test_hard_does_not_feed(void **u)
{
    (void)u;
    BuracoState s;
    /* Seat 1 holds only 8♠ 9♠, and everyone knows it (it took them with a pile). Seat 0's
     * 7♠ is its loneliest card, so Medium throws it, and seat 1 takes the pile with it and
     * goes out on its next throw. Hard keeps the 7♠. */
    const char *hands[2] = {"7s 3h 4h 6d 7d Qc Kc", "8s 9s"};
    bt_setup(&s, 2, hands, NULL, "Kd", 0);
    s.known[1][card_index(bt_card("8s"))] = 1;
    s.known[1][card_index(bt_card("9s"))] = 1;
    bt_draw(&s, "5h");
    BuracoState m = s;
    expect(DIFF_MEDIUM, &m, "meld 3h 4h 5h");
    bt_do(&m, "meld 3h 4h 5h");
    expect(DIFF_MEDIUM, &m, "discard 7s");
    /* Hard's turn to its throw. */
    for (int i = 0; i < 20 && s.phase == BUR_PLAY; i++) {
        Action a = ask(DIFF_HARD, &s, 7);
        if (buraco_action_type(a) == BUR_A_DISCARD) {
            assert_true(card_from_index(buraco_action_payload(a)) != bt_card("7s"));
            return;
        }
        assert_null(buraco_rules.apply(&s, a));
    }
    fail_msg("Hard did not throw a card");
}

static void test_hard_feeds_junk(void **u)
{
    (void)u;
    /* Seat 1 is down to 8♠ 9♠ (known: it took them with a pile) under a pile of eight
     * loose cards. Seat 0's 7♠ would let it take them all: eight cards to be caught with
     * instead of a batida a turn or two away. Hard throws it (though 7♠ goes with its
     * 6♠), because it expects the other side to take any pile it can (it plays out the
     * other side as Medium; taken to decline a pile that swells its hand, it threw
     * 6♠ or Q♣ here). */
    for (uint64_t seed = 1; seed <= 3; seed++) {
        BuracoState s;
        const char *hands[2] = {"7s 6s 3h 4h 6d 7d Qc Kc", "8s 9s"};
        bt_setup(&s, 2, hands, "Ah Kh Jd 3c Tc 9h Ad Jh", "Kd", 0);
        s.known[1][card_index(bt_card("8s"))] = 1;
        s.known[1][card_index(bt_card("9s"))] = 1;
        bt_draw(&s, "5h");
        bool threw = false;
        for (int i = 0; i < 20 && s.phase == BUR_PLAY; i++) {
            Action a = ask(DIFF_HARD, &s, seed);
            if (buraco_action_type(a) == BUR_A_DISCARD)
                threw = card_from_index(buraco_action_payload(a)) == bt_card("7s");
            assert_null(buraco_rules.apply(&s, a));
        }
        assert_true(threw);
    }
}

/* The regret measure (bench_buraco --regret) values Hard's candidates with the real
 * hands. Seat 1 holds two cards; seat 0 sees the same either way. With 8♠ 9♠ seat 1 is
 * about to go out (and takes a 7♠); with 4♦ J♣ it needs more turns, so every
 * candidate is worth more. A guess at the hidden cards could not tell the two apart. */
static void test_regret(void **u)
{
    (void)u;
    const char *other[2] = {"8s 9s", "4d Jc"};
    double best[2];
    for (int k = 0; k < 2; k++) {
        BuracoState s;
        const char *hands[2] = {"7s 3h 4h 6d 7d Qc Kc", other[k]};
        bt_setup(&s, 2, hands, NULL, "Kd", 0);
        bt_draw(&s, "5h");
        Rng r;
        rng_seed(&r, 3);
        BuracoRegret rg;
        assert_true(buraco_hard_regret(&s, 0, 400, 600, &r, &rg));
        assert_true(rg.candidates >= 2);
        assert_true(rg.best > 0.0 && rg.best <= 1.0);
        assert_true(rg.picked >= 0.0 && rg.picked <= rg.best);
        assert_true(rg.picked_seeing >= 0.0 && rg.picked_seeing <= rg.best);
        best[k] = rg.best;
        /* No choice to measure: not the seat's turn. */
        assert_false(buraco_hard_regret(&s, 1, 400, 600, &r, &rg));
    }
    print_message("best with 8s 9s: %.3f, with 4d Jc: %.3f\n", best[0], best[1]);
    assert_true(best[1] > best[0] + 0.05); /* guessed hands would give equal values */
}

/* Hard's playouts throw the card with the fewest unseen cards that would put it into a
 * meld, and they count the team's melds: a 6♠ carries 7♠ onto 3♠ 4♠ 5♠, while 5♥ needs
 * two more hearts. Medium looks only at the hand and the cards gone: 7♠ has one live
 * neighbour fewer than 5♥ (a 5♠ is in the meld), so Medium throws the 7♠. */
static void test_playout_throw(void **u)
{
    (void)u;
    BuracoState s;
    const char *hands[2] = {"3s 4s 5s 7s 5h", "4c 9d Qd As Jc Tc"};
    bt_setup(&s, 2, hands, NULL, "Kd", 0);
    bt_draw(&s, "2d");
    bt_do(&s, "meld 3s 4s 5s");
    expect(DIFF_MEDIUM, &s, "discard 7s");
    Action want, a = buraco_playout_policy(&s);
    assert_true(buraco_rules.action_from_string(&s, "discard 5h", &want));
    if (a != want) {
        char got[RULES_ACTION_TEXT];
        buraco_rules.action_to_string(&s, a, got);
        fail_msg("playout policy: expected 'discard 5h', chose '%s'", got);
    }
}

/* Two deals the seat cannot tell apart: the same decision. */
static void test_no_peeking(void **u)
{
    (void)u;
    Rng r;
    rng_seed(&r, 5);
    for (int game = 0; game < 6; game++) {
        BuracoState s;
        GameOptions opt = {{0}};
        buraco_rules.init(&s, &opt, game % 3 ? 2 : 4, (uint64_t)game);
        int steps = 0;
        while (s.phase != BUR_OVER && steps++ < 120) {
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                Action a[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                int n = buraco_rules.chance_outcomes(&s, a, w);
                buraco_rules.apply(&s, a[rng_below(&r, (uint32_t)n)]);
                continue;
            }
            BuracoState view, other;
            buraco_rules.observe(&s, s.turn, &view);
            buraco_rules.resample(&view, s.turn, &r, &other);
            for (Difficulty d = DIFF_EASY; d <= DIFF_HARD; d++) {
                if (d == DIFF_HARD && steps % 15)
                    continue;
                assert_int_equal(ask(d, &s, 3), ask(d, &other, 3));
            }
            assert_null(buraco_rules.apply(&s, ask(DIFF_MEDIUM, &s, 3)));
        }
    }
}

/* Whole games between the bots: only legal moves, and they end. */
static void test_legal_games(void **u)
{
    (void)u;
    const Difficulty pairs[][2] = {{DIFF_EASY, DIFF_MEDIUM}, {DIFF_MEDIUM, DIFF_HARD},
                                   {DIFF_HARD, DIFF_EASY}};
    for (int game = 0; game < 6; game++) {
        int players = game % 3 == 2 ? 4 : 2;
        BuracoState s;
        GameOptions opt = {{0}};
        assert_null(buraco_rules.init(&s, &opt, players, (uint64_t)game));
        Rng r;
        rng_seed(&r, (uint64_t)game + 100);
        int steps = 0;
        while (s.phase != BUR_OVER) {
            assert_true(steps++ < 5000);
            Action a;
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                Action acts[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                int n = buraco_rules.chance_outcomes(&s, acts, w);
                a = acts[rng_below(&r, (uint32_t)n)];
            } else {
                Difficulty d = pairs[game % 3][s.turn % 2];
                a = bot_decide(&buraco_rules, d, &s, s.turn, &r, NULL);
                if (!rules_is_legal(&buraco_rules, &s, a))
                    fail_msg("%s chose an illegal move", difficulty_name(d));
            }
            assert_null(buraco_rules.apply(&s, a));
        }
    }
}

/* ---- The house rules (issue 24) ------------------------------------------------------------
 * Every level plays every house style legally, 2 players and teams, and does what the
 * styles are about: Medium takes mortos, goes out (with the clean canastra STBL needs) and
 * lays jokers. Hard plays one deal of each style (by iterations, not the clock). */

typedef struct {
    int deals, mortos, outs, jokers_laid, clean_canastras;
} HouseStats;

static void house_deal(const char *variant, int players, Difficulty d0, Difficulty d1,
                       uint64_t seed, HouseStats *st)
{
    GameOptions opt;
    rules_default_options(&buraco_rules, &opt);
    char err[128], kv[64];
    snprintf(kv, sizeof kv, "variant=%s", variant);
    assert_null(rules_parse_option(&buraco_rules, &opt, kv, err, sizeof err));
    assert_null(rules_parse_option(&buraco_rules, &opt, "target=1", err, sizeof err));
    BuracoState s;
    assert_null(buraco_rules.init(&s, &opt, players, seed));
    Rng r;
    rng_seed(&r, seed + 7);
    for (int steps = 0; s.phase != BUR_OVER; steps++) {
        assert_true(steps < 20000);
        Action a;
        if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = buraco_rules.chance_outcomes(&s, acts, w);
            a = acts[rng_below(&r, (uint32_t)n)];
        } else {
            Difficulty d = s.turn % 2 ? d1 : d0;
            a = ask(d, &s, seed * 1000 + (uint64_t)steps);
            if (!rules_is_legal(&buraco_rules, &s, a)) {
                char t[RULES_ACTION_TEXT];
                buraco_rules.action_to_string(&s, a, t);
                fail_msg("%s chose an illegal move in %s: %s", difficulty_name(d), variant, t);
            }
            if (s.turn % 2 == 0) {
                BuracoState after = s;
                if (buraco_rules.apply(&after, a) == NULL)
                    st->mortos += after.phase == BUR_MORTO && s.phase != BUR_MORTO;
            }
        }
        assert_null(buraco_rules.apply(&s, a));
    }
    st->deals++;
    st->outs += s.went_out >= 0 && s.went_out % 2 == 0;
    for (int i = 0; i < s.n_melds[0]; i++) {
        const BuracoMeld *m = &s.melds[0][i];
        for (int k = 0; k < m->n; k++)
            st->jokers_laid += m->c[k] == BUR_JOKER;
        st->clean_canastras += m->n >= BUR_CANASTRA && m->clean;
    }
}

static void test_house_styles(void **u)
{
    (void)u;
    const char *const styles[] = {"stbl", "fechado", "aberto"};
    for (int v = 0; v < 3; v++)
        for (int players = 2; players <= 4; players += 2) {
            HouseStats med = {0}, easy = {0};
            for (int g = 0; g < 20; g++) {
                house_deal(styles[v], players, DIFF_MEDIUM, DIFF_EASY, (uint64_t)(g + 1), &med);
                house_deal(styles[v], players, DIFF_EASY, DIFF_MEDIUM, (uint64_t)(g + 1), &easy);
            }
            print_message("%s, %d players, Medium (seats 0, 2): %d mortos, %d batidas, %d jokers "
                          "laid, %d clean canastras in %d deals\n",
                          styles[v], players, med.mortos, med.outs, med.jokers_laid,
                          med.clean_canastras, med.deals);
            assert_true(med.mortos >= 5);
            assert_true(med.outs >= 2);
            assert_true(med.jokers_laid >= 3);
            assert_true(med.clean_canastras >= 2);
        }
    /* Hard: one deal of each style, as the team against Medium. */
    for (int v = 0; v < 3; v++) {
        HouseStats hard = {0};
        house_deal(styles[v], v == 1 ? 4 : 2, DIFF_HARD, DIFF_MEDIUM, 3, &hard);
        print_message("%s, Hard: %d mortos, %d batidas, %d jokers laid\n", styles[v],
                      hard.mortos, hard.outs, hard.jokers_laid);
    }
}

/* Hard's value in a match (issue 24: it plays safe when far ahead late in a match): the
 * chance of winning the match from the totals a deal leaves. */
static void test_match_chance(void **unused)
{
    (void)unused;
    /* Decided: a side at the goal and ahead wins; at the last deal the totals decide. */
    assert_true(buraco_match_chance(3100, 2900, 3000, 3) == 1.0);
    assert_true(buraco_match_chance(2900, 3100, 3000, 3) == 0.0);
    assert_true(buraco_match_chance(1200, 900, 3000, BUR_MATCH_DEALS) == 1.0);
    assert_true(buraco_match_chance(900, 900, 3000, BUR_MATCH_DEALS) == 0.5);
    /* Equal totals short of the goal: even; the two sides' chances add up to one. */
    assert_true(fabs(buraco_match_chance(3000, 3000, 3000, 4) - 0.5) < 1e-12);
    for (int me = 0; me <= 2900; me += 290)
        for (int opp = 0; opp <= 2900; opp += 290)
            assert_true(fabs(buraco_match_chance(me, opp, 3000, 2) +
                             buraco_match_chance(opp, me, 3000, 2) - 1) < 1e-12);
    /* More points never hurt, and a lead is worth more the nearer the end. */
    double last = 0;
    for (int lead = -2000; lead <= 2000; lead += 100) {
        double c = buraco_match_chance(1000 + lead, 1000, 3000, 1);
        assert_true(c >= last);
        last = c;
    }
    assert_true(buraco_match_chance(2500, 2000, 3000, 3) >
                buraco_match_chance(1000, 500, 3000, 1));
    /* Far ahead late: 300 more points are worth far less than 300 in an even match, and
     * losing 300 costs more than winning 300 gains (so a gamble for points is refused). */
    double up = buraco_match_chance(2600, 800, 3000, 3), even = buraco_match_chance(1500, 1500, 3000, 3);
    double gain_ahead = buraco_match_chance(2600 + 300, 800, 3000, 3) - up;
    double loss_ahead = up - buraco_match_chance(2600 - 300, 800, 3000, 3);
    double gain_even = buraco_match_chance(1800, 1500, 3000, 3) - even;
    assert_true(gain_ahead < gain_even / 4);
    assert_true(loss_ahead > gain_ahead);
    /* Far behind late, a gamble is welcome: winning 300 gains more than losing 300 costs. */
    double down = buraco_match_chance(800, 2600, 3000, 3);
    assert_true(buraco_match_chance(1100, 2600, 3000, 3) - down >
                down - buraco_match_chance(500, 2600, 3000, 3));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_configuration),      cmocka_unit_test(test_easy),
        cmocka_unit_test(test_medium),             cmocka_unit_test(test_medium_remembers),
        cmocka_unit_test(test_hard_does_not_feed), cmocka_unit_test(test_hard_feeds_junk),
        cmocka_unit_test(test_playout_throw),      cmocka_unit_test(test_no_peeking),
        cmocka_unit_test(test_legal_games),        cmocka_unit_test(test_regret),
        cmocka_unit_test(test_house_styles),       cmocka_unit_test(test_match_chance),
    };
    return cmocka_run_group_tests_name("buraco bots", tests, NULL, NULL);
}
