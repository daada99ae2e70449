/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 21 (RULES.md §4): one scenario per rule, built from fixed deals, and the bots. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/twentyone/twentyone_bots.h"
#include "support.h"

static const GameRules *const G = &twentyone_rules;

static int cp(const TwentyOneState *s) { return G->current_player(s); }

static void expect_returns(const TwentyOneState *s, double player, double computer)
{
    assert_int_equal(cp(s), PLAYER_TERMINAL);
    double r[RULES_MAX_PLAYERS];
    G->returns(s, r);
    assert_true(r[TO_PLAYER] == player);
    assert_true(r[TO_COMPUTER] == computer);
}

static int hand_total(const TwentyOneState *s, int seat)
{
    return twentyone_total(s->hand[seat], s->n[seat], NULL);
}

/* ---- Dealing ---------------------------------------------------------------------------- */

static void test_deal_order(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    /* Before and between the four opening cards, chance is to move. */
    assert_int_equal(cp(&s), PLAYER_CHANCE);
    to_deal(&s, "2c");
    assert_int_equal(s.n[TO_PLAYER], 1);
    assert_int_equal(s.n[TO_COMPUTER], 0);
    to_deal(&s, "3d");
    assert_int_equal(s.n[TO_COMPUTER], 1);
    to_deal(&s, "4h");
    assert_int_equal(s.n[TO_PLAYER], 2);
    assert_int_equal(s.n[TO_COMPUTER], 1);
    assert_int_equal(cp(&s), PLAYER_CHANCE);
    to_deal(&s, "5s");
    /* player, computer up, player, computer hole */
    assert_int_equal(s.hand[TO_PLAYER][0], to_card("2c"));
    assert_int_equal(s.hand[TO_COMPUTER][0], to_card("3d"));
    assert_int_equal(s.hand[TO_PLAYER][1], to_card("4h"));
    assert_int_equal(s.hand[TO_COMPUTER][1], to_card("5s"));
    assert_int_equal(s.n[TO_PLAYER], 2);
    assert_int_equal(s.n[TO_COMPUTER], 2);
    /* Then the player chooses between exactly hit and stand. */
    assert_int_equal(cp(&s), TO_PLAYER);
    Action acts[RULES_MAX_ACTIONS];
    assert_int_equal(G->legal_actions(&s, acts), 2);
    char t[RULES_ACTION_TEXT];
    G->action_to_string(&s, acts[0], t);
    assert_string_equal(t, "hit");
    G->action_to_string(&s, acts[1], t);
    assert_string_equal(t, "stand");
}

static void test_chance_outcomes_are_undealt_cards(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    assert_int_equal(G->chance_outcomes(&s, acts, w), 52);
    to_deal4(&s, "10h", "9s", "As", "Kd");
    assert_int_equal(G->chance_outcomes(&s, acts, w), 0); /* player to move */
    support_apply_text(G, &s, "hit");
    int n = G->chance_outcomes(&s, acts, w);
    assert_int_equal(n, 48);
    const char *dealt[] = {"deal 10♥", "deal 9♠", "deal A♠", "deal K♦"};
    for (int i = 0; i < n; i++) {
        assert_int_equal(w[i], 1); /* every unseen card equally likely */
        char t[RULES_ACTION_TEXT];
        G->action_to_string(&s, acts[i], t);
        for (int k = 0; k < 4; k++)
            assert_string_not_equal(t, dealt[k]);
    }
}

/* ---- Card values ------------------------------------------------------------------------ */

static int total_of(const char *const *cards, int n, bool *soft)
{
    Card h[8];
    for (int i = 0; i < n; i++)
        h[i] = to_card(cards[i]);
    return twentyone_total(h, n, soft);
}

static void test_card_values(void **unused)
{
    (void)unused;
    for (int i = 0; i < 52; i++) {
        Card c = card_from_index(i);
        int r = card_rank(c);
        assert_int_equal(twentyone_card_value(c), r >= 10 ? 10 : r); /* J Q K = 10, A = 1 */
    }
    struct {
        const char *cards[5];
        int n, total;
        bool soft;
    } cases[] = {
        {{"Ah", "Ad", "9c"}, 3, 21, true},    /* one Ace as 11, one as 1 */
        {{"Ah", "Kd"}, 2, 21, true},
        {{"Ah", "5d", "Kc"}, 3, 16, false},   /* 11 would bust: the Ace counts 1 */
        {{"Ah", "Ad"}, 2, 12, true},
        {{"Ah", "Ad", "Ac", "As", "7h"}, 5, 21, true},
        {{"Ah", "6d"}, 2, 17, true},
        {{"Ah", "6d", "Kc"}, 3, 17, false},
        {{"Kh", "Qd"}, 2, 20, false},
        {{"Jh", "10d", "2c"}, 3, 22, false},
        {{"5h", "6d"}, 2, 11, false},
        {{"2h", "3d", "4c", "5s", "7h"}, 5, 21, false},
        {{"Ah", "Kd", "Qc"}, 3, 21, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool soft = !cases[i].soft;
        assert_int_equal(total_of(cases[i].cards, cases[i].n, &soft), cases[i].total);
        assert_int_equal(soft, cases[i].soft);
    }
    assert_int_equal(twentyone_total(NULL, 0, NULL), 0);
}

static void test_aces_in_play(void **unused)
{
    (void)unused;
    /* A + A + 9 = 21 ends the player's turn; A + 5 + K = 16 keeps it going. */
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "Ah", "9s", "Ad", "7c");
    assert_int_equal(cp(&s), TO_PLAYER);
    to_hit(&s, "9c");
    assert_int_equal(hand_total(&s, TO_PLAYER), 21);
    assert_int_equal(cp(&s), TO_COMPUTER);

    to_new(&s, false);
    to_deal4(&s, "As", "9s", "5d", "7c");
    to_hit(&s, "Kc");
    assert_int_equal(hand_total(&s, TO_PLAYER), 16);
    assert_int_equal(cp(&s), TO_PLAYER);
}

/* ---- Hole card -------------------------------------------------------------------------- */

static void test_hole_card_hidden_then_revealed(void **unused)
{
    (void)unused;
    TwentyOneState s, v;
    to_new(&s, false);
    to_deal(&s, "10h");
    to_deal(&s, "9s");
    to_deal(&s, "5d");
    /* Only the up card so far: nothing to hide. */
    G->observe(&s, TO_PLAYER, &v);
    assert_memory_equal(&v, &s, sizeof s);
    to_deal(&s, "Kc");

    G->observe(&s, TO_PLAYER, &v);
    assert_int_equal(v.hand[TO_COMPUTER][1], CARD_HIDDEN);
    assert_int_equal(v.hand[TO_COMPUTER][0], to_card("9s"));
    assert_int_equal(v.hand[TO_PLAYER][0], to_card("10h"));
    assert_int_equal(v.hand[TO_PLAYER][1], to_card("5d"));
    assert_int_equal(v.n[TO_COMPUTER], 2);
    assert_false(twentyone_hole_revealed(&s));
    /* The player's description shows the hole face down and no computer total. */
    char d[512];
    G->describe(&v, d, sizeof d);
    assert_non_null(strstr(d, "##"));
    assert_null(strstr(d, "K♣"));

    /* The computer sees its own hole card. */
    G->observe(&s, TO_COMPUTER, &v);
    assert_int_equal(v.hand[TO_COMPUTER][1], to_card("Kc"));

    /* Still hidden while the player hits (the card is pending, then dealt). */
    support_apply_text(G, &s, "hit");
    G->observe(&s, TO_PLAYER, &v);
    assert_int_equal(v.hand[TO_COMPUTER][1], CARD_HIDDEN);
    to_deal(&s, "2c");
    G->observe(&s, TO_PLAYER, &v);
    assert_int_equal(v.hand[TO_COMPUTER][1], CARD_HIDDEN);

    /* Revealed on the computer's turn. */
    to_stand(&s);
    assert_int_equal(cp(&s), TO_COMPUTER);
    assert_true(twentyone_hole_revealed(&s));
    G->observe(&s, TO_PLAYER, &v);
    assert_int_equal(v.hand[TO_COMPUTER][1], to_card("Kc"));
    assert_memory_equal(&v, &s, sizeof s);
}

static void test_resample_deals_an_unseen_hole(void **unused)
{
    (void)unused;
    TwentyOneState s, v, r;
    to_new(&s, false);
    to_deal4(&s, "10h", "9s", "5d", "Kc");
    G->observe(&s, TO_PLAYER, &v);
    Rng rng;
    rng_seed(&rng, 3);
    int count[52] = {0};
    for (int i = 0; i < 49 * 200; i++) {
        G->resample(&v, TO_PLAYER, &rng, &r);
        Card h = r.hand[TO_COMPUTER][1];
        assert_true(card_is_valid(h));
        assert_true(h != to_card("10h") && h != to_card("9s") && h != to_card("5d"));
        count[card_index(h)]++;
    }
    /* The hidden card may be any of the 49 unseen cards, the real one included, and about
     * equally often (200 expected each). */
    for (int i = 0; i < 52; i++) {
        Card c = card_from_index(i);
        if (c == to_card("10h") || c == to_card("9s") || c == to_card("5d"))
            assert_int_equal(count[i], 0);
        else
            assert_in_range(count[i], 120, 290);
    }
    /* The computer's view hides nothing: resampling it changes nothing. */
    G->observe(&s, TO_COMPUTER, &v);
    G->resample(&v, TO_COMPUTER, &rng, &r);
    assert_memory_equal(&r, &s, sizeof s);
}

/* ---- Five cards, 21, busts -------------------------------------------------------------- */

static void test_five_card_limit_player(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "2c", "10s", "2d", "8h");
    to_hit(&s, "3c");
    to_hit(&s, "3d");
    assert_int_equal(cp(&s), TO_PLAYER); /* 4 cards, 10: still the player's turn */
    to_hit(&s, "4c");
    /* The 5th card (total 14) ends the turn: no 6th card for the player. */
    assert_int_equal(s.n[TO_PLAYER], 5);
    assert_int_equal(hand_total(&s, TO_PLAYER), 14);
    assert_int_equal(cp(&s), TO_COMPUTER);
    /* Charlie is off: 5 cards win nothing; the computer stands on 18 and wins. */
    to_stand(&s);
    expect_returns(&s, -1, 1);
    assert_int_equal(s.end, TO_END_HIGHER);
}

static void test_five_card_limit_computer(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "10c", "2s", "9d", "2h");
    to_stand(&s); /* player 19 */
    assert_int_equal(cp(&s), TO_COMPUTER);
    to_hit(&s, "3s");
    to_hit(&s, "3h");
    assert_int_equal(cp(&s), TO_COMPUTER);
    to_hit(&s, "4s"); /* 5th card: 14, the computer's turn ends and the round is scored */
    assert_int_equal(s.n[TO_COMPUTER], 5);
    expect_returns(&s, 1, -1);
    assert_int_equal(s.end, TO_END_HIGHER);
}

static void test_twenty_one_ends_turn(void **unused)
{
    (void)unused;
    TwentyOneState s;
    /* 10 + 5 + 6 = 21: the player's turn ends without standing. */
    to_new(&s, false);
    to_deal4(&s, "10c", "7s", "5d", "9h");
    to_hit(&s, "6h");
    assert_int_equal(cp(&s), TO_COMPUTER);
    assert_int_equal(s.n[TO_PLAYER], 3);

    /* A natural 21 ends the player's turn at once: the computer (16) is to move. */
    to_new(&s, false);
    to_deal4(&s, "Ac", "7s", "Kd", "9h");
    assert_int_equal(cp(&s), TO_COMPUTER);
    assert_int_equal(s.n[TO_PLAYER], 2);

    /* Both natural: nothing to play, equal totals draw. */
    to_new(&s, false);
    to_deal4(&s, "Ac", "As", "Kd", "Qh");
    expect_returns(&s, 0, 0);
    assert_int_equal(s.end, TO_END_TIE);

    /* The computer reaching 21 ends its turn too (here beating the player's 20). */
    to_new(&s, false);
    to_deal4(&s, "10c", "5s", "Kd", "4h");
    to_stand(&s);
    to_hit(&s, "2h"); /* 11 */
    assert_int_equal(cp(&s), TO_COMPUTER);
    to_hit(&s, "Qh"); /* 21 */
    expect_returns(&s, -1, 1);

    /* The computer's natural 21 against a standing 20: the round ends at the stand. */
    to_new(&s, false);
    to_deal4(&s, "10c", "As", "Kd", "Jh");
    to_stand(&s);
    expect_returns(&s, -1, 1);
    assert_int_equal(s.n[TO_COMPUTER], 2);
}

static void test_player_bust(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "10c", "7s", "6d", "9h");
    to_hit(&s, "Kh"); /* 26 */
    /* The player loses at once; the computer never plays (still its two cards). */
    expect_returns(&s, -1, 1);
    assert_int_equal(s.n[TO_COMPUTER], 2);
    assert_int_equal(s.end, TO_END_PLAYER_BUST);
    assert_int_equal(s.winner, TO_COMPUTER);
    /* The round is over: the hole card is shown to the player. */
    TwentyOneState v;
    G->observe(&s, TO_PLAYER, &v);
    assert_int_equal(v.hand[TO_COMPUTER][1], to_card("9h"));
}

static void test_computer_bust(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "10c", "10s", "8d", "6h");
    to_stand(&s); /* player 18, computer 16 */
    to_hit(&s, "Kh"); /* 26 */
    expect_returns(&s, 1, -1);
    assert_int_equal(s.end, TO_END_COMPUTER_BUST);
}

static void test_higher_total_wins_and_ties(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "10c", "10s", "9d", "8h");
    to_stand(&s);
    to_stand(&s); /* 19 against 18 */
    expect_returns(&s, 1, -1);
    assert_int_equal(s.end, TO_END_HIGHER);

    to_new(&s, false);
    to_deal4(&s, "10c", "10s", "7d", "8h");
    to_stand(&s);
    to_stand(&s); /* 17 against 18 */
    expect_returns(&s, -1, 1);

    to_new(&s, false);
    to_deal4(&s, "10c", "Ks", "8d", "8h");
    to_stand(&s);
    to_stand(&s); /* 18 against 18: "empate" */
    expect_returns(&s, 0, 0);
    assert_int_equal(s.winner, -1);
    assert_int_equal(s.end, TO_END_TIE);
}

/* ---- 5-card Charlie --------------------------------------------------------------------- */

static void test_charlie_player(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, true);
    to_deal4(&s, "2c", "10s", "2d", "Kh"); /* the computer holds 20 */
    to_hit(&s, "3c");
    to_hit(&s, "3d");
    to_hit(&s, "4c"); /* five cards, 14, no bust */
    expect_returns(&s, 1, -1);
    assert_int_equal(s.end, TO_END_CHARLIE);
    assert_int_equal(s.n[TO_COMPUTER], 2); /* won outright: the computer never played */

    /* Five cards that bust still lose. */
    to_new(&s, true);
    to_deal4(&s, "2c", "10s", "3d", "Kh");
    to_hit(&s, "4c");
    to_hit(&s, "5d");
    to_hit(&s, "Qc"); /* 24 */
    expect_returns(&s, -1, 1);
    assert_int_equal(s.end, TO_END_PLAYER_BUST);
}

static void test_charlie_computer(void **unused)
{
    (void)unused;
    /* The same cards with and without the option: the computer's five cards (14) win
     * outright with Charlie and lose to the player's 20 without it. */
    for (int charlie = 0; charlie <= 1; charlie++) {
        TwentyOneState s;
        to_new(&s, charlie);
        to_deal4(&s, "10c", "2s", "Kd", "2h");
        to_stand(&s); /* player 20 */
        to_hit(&s, "3s");
        to_hit(&s, "3h");
        to_hit(&s, "4s");
        assert_int_equal(s.n[TO_COMPUTER], 5);
        if (charlie) {
            expect_returns(&s, -1, 1);
            assert_int_equal(s.end, TO_END_CHARLIE);
        } else {
            expect_returns(&s, 1, -1);
            assert_int_equal(s.end, TO_END_HIGHER);
        }
    }
}

static void test_charlie_option_parsing(void **unused)
{
    (void)unused;
    GameOptions opt;
    char err[128];
    rules_default_options(G, &opt);
    assert_int_equal(opt.v[TO_OPT_CHARLIE], 0); /* default off, as the seed */
    assert_null(rules_parse_option(G, &opt, "charlie=on", err, sizeof err));
    assert_int_equal(opt.v[TO_OPT_CHARLIE], 1);
    TwentyOneState s;
    assert_null(G->init(&s, &opt, 2, 0));
    assert_int_equal(s.charlie, 1);
    assert_non_null(G->init(&s, &opt, 3, 0)); /* 21 is a duel */
    assert_non_null(G->init(&s, &opt, 1, 0));
}

/* ---- Illegal actions -------------------------------------------------------------------- */

static void refused(TwentyOneState *s, Action a)
{
    TwentyOneState before = *s;
    const char *e = G->apply(s, a);
    assert_non_null(e);
    assert_true(strlen(e) > 0);
    assert_memory_equal(s, &before, sizeof before);
}

static Action parse(const TwentyOneState *s, const char *text)
{
    Action a;
    if (!G->action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    return a;
}

static void test_illegal_actions(void **unused)
{
    (void)unused;
    TwentyOneState s;
    to_new(&s, false);
    refused(&s, parse(&s, "hit"));   /* chance node: a card must be dealt */
    refused(&s, parse(&s, "stand"));
    to_deal(&s, "7h");
    refused(&s, parse(&s, "deal 7♥")); /* already dealt */
    refused(&s, parse(&s, "deal 7h"));
    refused(&s, TO_DEAL - 1);
    refused(&s, TO_DEAL + 52);
    refused(&s, -1);
    to_deal(&s, "8h");
    to_deal(&s, "9h");
    to_deal(&s, "2s");
    /* A player node: dealing is not a move. */
    refused(&s, parse(&s, "deal Kc"));
    refused(&s, 0);
    refused(&s, 3);
    support_apply_text(G, &s, "hit");
    refused(&s, parse(&s, "deal 2♠")); /* the hole card is dealt, though hidden */
    refused(&s, parse(&s, "hit"));
    to_deal(&s, "Kc"); /* 26: over */
    assert_int_equal(cp(&s), PLAYER_TERMINAL);
    refused(&s, parse(&s, "hit"));
    refused(&s, parse(&s, "stand"));
    refused(&s, parse(&s, "deal Qd"));

    /* Text that names no action. */
    const char *junk[] = {"", "HIT", "hit ", " hit", "deal", "deal ", "deal 1h", "deal 7♥x",
                          "deal 7h 8h", "fold", "standing", "deal7h", "?101"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        Action a;
        if (G->action_from_string(&s, junk[i], &a))
            fail_msg("'%s' parsed as an action", junk[i]);
    }
}

/* ---- Bots ------------------------------------------------------------------------------- */

/* A position where `seat` is to move with the given cards (the player's turn when seat is
 * TO_PLAYER; otherwise the player stood with its cards first). */
static void position(TwentyOneState *s, bool charlie, int seat, const char *const *player,
                     int np, const char *const *computer, int nc)
{
    to_new(s, charlie);
    to_deal4(s, player[0], computer[0], player[1], computer[1]);
    for (int i = 2; i < np; i++)
        to_hit(s, player[i]);
    if (seat == TO_COMPUTER) {
        to_stand(s);
        for (int i = 2; i < nc; i++)
            to_hit(s, computer[i]);
    }
    assert_int_equal(cp(s), seat);
}

/* How often the Easy bot stands in this position, over `trials` decisions. */
static double easy_stand_rate(const TwentyOneState *s, int seat, int trials)
{
    Rng rng;
    rng_seed(&rng, 11);
    TwentyOneState v;
    G->observe(s, seat, &v);
    int stands = 0;
    for (int i = 0; i < trials; i++) {
        BotRequest req = {G, &v, seat, &rng, 0, 0, NULL};
        Action a = twentyone_seed_decide(&req);
        assert_true(a == TO_HIT || a == TO_STAND);
        stands += a == TO_STAND;
    }
    return (double)stands / trials;
}

static void test_easy_bot_thresholds(void **unused)
{
    (void)unused;
    /* p = random{0, 0.1, 0.2} + total/21 * 0.7, stand when p > 0.7:
     *   total <= 15: p <= 0.2 + 0.5 = 0.7, never stands;
     *   16..18: stands only with the 0.2 draw (16/21*0.7 = 0.533 > 0.5), one time in three;
     *   19..20: stands with 0.1 or 0.2 (19/21*0.7 = 0.633 > 0.6), two times in three. */
    struct {
        const char *p[3];
        int np;
        double rate;
    } cases[] = {
        {{"5c", "3d"}, 2, 0.0},         {{"10c", "2d"}, 2, 0.0},
        {{"10c", "5d"}, 2, 0.0},        {{"10c", "6d"}, 2, 1.0 / 3},
        {{"10c", "8d"}, 2, 1.0 / 3},    {{"10c", "9d"}, 2, 2.0 / 3},
        {{"10c", "Kd"}, 2, 2.0 / 3},    {{"5c", "5d", "8s"}, 3, 1.0 / 3},
        {{"Ac", "4d"}, 2, 0.0}, /* soft 15 */
    };
    const char *comp[] = {"7h", "9s"};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TwentyOneState s;
        position(&s, false, TO_PLAYER, cases[i].p, cases[i].np, comp, 2);
        double r = easy_stand_rate(&s, TO_PLAYER, 3000);
        if (fabs(r - cases[i].rate) > 0.04)
            fail_msg("case %zu: stand rate %.3f, expected %.3f", i, r, cases[i].rate);
    }
    /* As the computer the formula uses the computer's total (here 20 vs the player's 12):
     * the player's cards do not enter it. */
    const char *pl[] = {"10c", "2d"}, *co[] = {"Kh", "Qs"};
    TwentyOneState s;
    position(&s, false, TO_COMPUTER, pl, 2, co, 2);
    double r = easy_stand_rate(&s, TO_COMPUTER, 3000);
    assert_true(fabs(r - 2.0 / 3) < 0.04);

    /* The configured Easy level is this bot: through bot_decide (which observes for the
     * seat) a total of 8 always hits. */
    const char *low[] = {"5c", "3d"};
    position(&s, false, TO_PLAYER, low, 2, comp, 2);
    Rng rng;
    rng_seed(&rng, 1);
    for (int i = 0; i < 200; i++)
        assert_int_equal(bot_decide(G, DIFF_EASY, &s, TO_PLAYER, &rng, NULL), TO_HIT);
}

static Action medium(const TwentyOneState *s, int seat)
{
    Rng rng;
    rng_seed(&rng, 1);
    TwentyOneState v;
    G->observe(s, seat, &v);
    BotRequest req = {G, &v, seat, &rng, 0, 0, NULL};
    return twentyone_heuristic_decide(&req);
}

static void test_medium_bot(void **unused)
{
    (void)unused;
    TwentyOneState s;
    const char *up6[] = {"6h", "Ks"}, *up10[] = {"Jh", "5s"};
    const char *h12[] = {"10c", "2d"}, *h16[] = {"10c", "6d"}, *h11[] = {"5c", "6d"},
               *h17[] = {"10c", "7d"}, *s17[] = {"Ac", "6d"}, *s18[] = {"Ac", "7d"};
    position(&s, false, TO_PLAYER, h12, 2, up6, 2);
    assert_int_equal(medium(&s, TO_PLAYER), TO_STAND); /* weak up card: let it bust */
    position(&s, false, TO_PLAYER, h16, 2, up10, 2);
    assert_int_equal(medium(&s, TO_PLAYER), TO_HIT); /* strong up card */
    position(&s, false, TO_PLAYER, h11, 2, up6, 2);
    assert_int_equal(medium(&s, TO_PLAYER), TO_HIT); /* cannot bust */
    position(&s, false, TO_PLAYER, h17, 2, up10, 2);
    assert_int_equal(medium(&s, TO_PLAYER), TO_STAND);
    position(&s, false, TO_PLAYER, s17, 2, up10, 2);
    assert_int_equal(medium(&s, TO_PLAYER), TO_HIT);
    position(&s, false, TO_PLAYER, s18, 2, up10, 2);
    assert_int_equal(medium(&s, TO_PLAYER), TO_STAND);

    /* As the computer: beat the player's total. */
    const char *p18[] = {"10c", "8d"}, *c17[] = {"10h", "7s"}, *c19[] = {"10h", "9s"},
               *c18[] = {"Jh", "8s"};
    position(&s, false, TO_COMPUTER, p18, 2, c17, 2);
    assert_int_equal(medium(&s, TO_COMPUTER), TO_HIT);
    position(&s, false, TO_COMPUTER, p18, 2, c19, 2);
    assert_int_equal(medium(&s, TO_COMPUTER), TO_STAND);
    position(&s, false, TO_COMPUTER, p18, 2, c18, 2);
    assert_int_equal(medium(&s, TO_COMPUTER), TO_STAND); /* a safe draw beats a risky hit */
}

static Action hard(const TwentyOneState *s, int seat, double *stand, double *hit)
{
    TwentyOneState v;
    G->observe(s, seat, &v);
    twentyone_expectations(&v, seat, stand, hit);
    assert_true(*stand >= -1 && *stand <= 1 && *hit >= -1 && *hit <= 1);
    Rng rng;
    rng_seed(&rng, 1);
    BotRequest req = {G, &v, seat, &rng, 0, 0, NULL};
    Action a = twentyone_expect_decide(&req);
    assert_int_equal(a, *hit > *stand ? TO_HIT : TO_STAND);
    /* The Hard level is this bot, and it decides from the seat's view only. */
    assert_int_equal(bot_decide(G, DIFF_HARD, s, seat, &rng, NULL), a);
    return a;
}

static void test_hard_bot_decisions(void **unused)
{
    (void)unused;
    TwentyOneState s;
    double st, hi;
    /* Computer ahead (19 vs 18): standing wins for sure. */
    const char *p18[] = {"10c", "8d"}, *c19[] = {"10h", "9s"}, *c12[] = {"10h", "2s"};
    position(&s, false, TO_COMPUTER, p18, 2, c19, 2);
    assert_int_equal(hard(&s, TO_COMPUTER, &st, &hi), TO_STAND);
    assert_true(st == 1);
    /* Computer behind (12 vs 20): standing loses for sure, hitting may not. */
    const char *p20[] = {"10c", "Kd"};
    position(&s, false, TO_COMPUTER, p20, 2, c12, 2);
    assert_int_equal(hard(&s, TO_COMPUTER, &st, &hi), TO_HIT);
    assert_true(st == -1);
    assert_true(hi > -1);

    /* As the player: stand on hard 20 against a 6, hit a 5 (2 + 3) which cannot bust. */
    const char *up6[] = {"6h", "9s"};
    position(&s, false, TO_PLAYER, p20, 2, up6, 2);
    assert_int_equal(hard(&s, TO_PLAYER, &st, &hi), TO_STAND);
    const char *p5[] = {"2c", "3d"};
    position(&s, false, TO_PLAYER, p5, 2, up6, 2);
    assert_int_equal(hard(&s, TO_PLAYER, &st, &hi), TO_HIT);

    /* The player's decision must not depend on the hidden hole card: the same visible
     * cards with different holes give the same numbers. */
    const char *upa[] = {"6h", "2s"}, *upb[] = {"6h", "Ks"};
    double st2, hi2;
    position(&s, false, TO_PLAYER, p20, 2, upa, 2);
    hard(&s, TO_PLAYER, &st, &hi);
    position(&s, false, TO_PLAYER, p20, 2, upb, 2);
    hard(&s, TO_PLAYER, &st2, &hi2);
    assert_true(st == st2 && hi == hi2);
}

static void test_hard_bot_exact_numbers(void **unused)
{
    (void)unused;
    /* Computer 2 + 3 + 2 + 3 (10, four cards) against the player's 10 + K (20): one card
     * left to take. Unseen: 46 cards, of which 4 Aces (21: win) and 14 ten-valued cards
     * (K♦ and 10♣ are gone: 20, a draw); the other 28 lose. */
    TwentyOneState s;
    double st, hi;
    const char *p20[] = {"10c", "Kd"}, *c4[] = {"2h", "3s", "2s", "3h"};
    position(&s, false, TO_COMPUTER, p20, 2, c4, 4);
    hard(&s, TO_COMPUTER, &st, &hi);
    assert_float_equal(st, -1.0, 1e-12);
    assert_float_equal(hi, (4.0 - 28.0) / 46.0, 1e-12);
    /* With Charlie the fifth card can never bust 10: hitting wins outright. */
    position(&s, true, TO_COMPUTER, p20, 2, c4, 4);
    hard(&s, TO_COMPUTER, &st, &hi);
    assert_float_equal(hi, 1.0, 1e-12);

    /* The player with four cards (2 3 2 3 = 10) against an up card 10: hitting takes the
     * 5th and last card, so its value is the average, over the unseen cards, of standing
     * with the five cards (-1 when they bust). The five-card hands are built as views of
     * the player's turn, where twentyone_expectations gives the value of standing. */
    const char *p4[] = {"2c", "3d", "2d", "3c"}, *up10[] = {"Kh", "7s"};
    position(&s, false, TO_PLAYER, p4, 4, up10, 2);
    hard(&s, TO_PLAYER, &st, &hi);
    TwentyOneState v;
    G->observe(&s, TO_PLAYER, &v);
    double sum = 0;
    int unseen = 0;
    for (int i = 0; i < 52; i++) {
        Card c = card_from_index(i);
        bool seen = false;
        for (int p = 0; p < TO_SEATS; p++)
            for (int k = 0; k < v.n[p]; k++)
                seen |= v.hand[p][k] == c;
        if (seen)
            continue;
        unseen++;
        TwentyOneState five = v;
        five.hand[TO_PLAYER][five.n[TO_PLAYER]++] = c;
        double st5, hi5;
        twentyone_expectations(&five, TO_PLAYER, &st5, &hi5);
        sum += hand_total(&five, TO_PLAYER) > 21 ? -1 : st5;
    }
    assert_int_equal(unseen, 47); /* 52 - four player cards - the up card */
    assert_float_equal(hi, sum / unseen, 1e-9);
}

/* Independent Monte Carlo through the real rules: deals come from the state's own chance
 * outcomes, the computer follows the policy "hit while below `target`". */
static void mc_finish(TwentyOneState *s, int target, Rng *rng)
{
    while (cp(s) != PLAYER_TERMINAL) {
        if (cp(s) == PLAYER_CHANCE) {
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = G->chance_outcomes(s, acts, w);
            assert_null(G->apply(s, acts[rng_below(rng, (uint32_t)n)]));
        } else if (cp(s) == TO_COMPUTER) {
            assert_null(G->apply(s, hand_total(s, TO_COMPUTER) < target ? TO_HIT : TO_STAND));
        } else {
            assert_null(G->apply(s, TO_STAND));
        }
    }
}

static double mc_result(const TwentyOneState *start, int seat, bool player_hits, int target,
                        int trials, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    double sum = 0;
    TwentyOneState v;
    G->observe(start, TO_PLAYER, &v);
    for (int i = 0; i < trials; i++) {
        TwentyOneState s;
        /* The hole card is unknown to the player: deal it from the unseen cards. */
        G->resample(&v, TO_PLAYER, &rng, &s);
        if (seat == TO_COMPUTER)
            s = *start;
        if (player_hits)
            assert_null(G->apply(&s, TO_HIT));
        mc_finish(&s, target, &rng);
        double r[RULES_MAX_PLAYERS];
        G->returns(&s, r);
        sum += r[seat];
    }
    return sum / trials;
}

static void test_hard_bot_against_monte_carlo(void **unused)
{
    (void)unused;
    /* Positions where the computer's best play is plain (so the simulation can follow it
     * without any search): against a player's 20, hit below 20 (standing loses) and stand
     * on 20 (hitting wins only with an Ace); against 21, hit below 21. 200000 trials give
     * a standard error near 0.002; the tolerance is 0.012. */
    enum { TRIALS = 200000 };
    TwentyOneState s;
    double st, hi;

    /* A: the computer with 6 + 6 against the player's 20. */
    const char *p20[] = {"10c", "Kd"}, *c12[] = {"6h", "6s"};
    position(&s, false, TO_COMPUTER, p20, 2, c12, 2);
    hard(&s, TO_COMPUTER, &st, &hi);
    double mc = mc_result(&s, TO_COMPUTER, false, 20, TRIALS, 1);
    if (fabs(mc - hi) > 0.012)
        fail_msg("computer 12 vs 20: hit %.4f, Monte Carlo %.4f", hi, mc);

    /* B: the player's 20 standing against an up card 6 (hole unknown). */
    const char *up6[] = {"6h", "9s"};
    position(&s, false, TO_PLAYER, p20, 2, up6, 2);
    hard(&s, TO_PLAYER, &st, &hi);
    mc = mc_result(&s, TO_PLAYER, false, 20, TRIALS, 2);
    if (fabs(mc - st) > 0.012)
        fail_msg("player 20 vs 6: stand %.4f, Monte Carlo %.4f", st, mc);

    /* C: the same player hitting its 20: an Ace makes 21 (the turn ends, the computer
     * then needs 21 to draw), anything else busts. */
    mc = mc_result(&s, TO_PLAYER, true, 21, TRIALS, 3);
    if (fabs(mc - hi) > 0.012)
        fail_msg("player 20 vs 6: hit %.4f, Monte Carlo %.4f", hi, mc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal_order),
        cmocka_unit_test(test_chance_outcomes_are_undealt_cards),
        cmocka_unit_test(test_card_values),
        cmocka_unit_test(test_aces_in_play),
        cmocka_unit_test(test_hole_card_hidden_then_revealed),
        cmocka_unit_test(test_resample_deals_an_unseen_hole),
        cmocka_unit_test(test_five_card_limit_player),
        cmocka_unit_test(test_five_card_limit_computer),
        cmocka_unit_test(test_twenty_one_ends_turn),
        cmocka_unit_test(test_player_bust),
        cmocka_unit_test(test_computer_bust),
        cmocka_unit_test(test_higher_total_wins_and_ties),
        cmocka_unit_test(test_charlie_player),
        cmocka_unit_test(test_charlie_computer),
        cmocka_unit_test(test_charlie_option_parsing),
        cmocka_unit_test(test_illegal_actions),
        cmocka_unit_test(test_easy_bot_thresholds),
        cmocka_unit_test(test_medium_bot),
        cmocka_unit_test(test_hard_bot_decisions),
        cmocka_unit_test(test_hard_bot_exact_numbers),
        cmocka_unit_test(test_hard_bot_against_monte_carlo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
