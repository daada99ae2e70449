/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bisca (RULES.md §2): one scenario per rule and option, built from fixed deals given as
 * text, the 120 points conserved in random playouts, and the bots. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/bisca/bisca.h"
#include "core/fileio.h"
#include "games/bisca/bisca_bots.h"

static const GameRules *const G = &bisca_rules;

/* ---- Helpers ---------------------------------------------------------------------------- */

static Card C(const char *text)
{
    Card c;
    if (!card_from_text(text, &c))
        fail_msg("'%s' is not a card", text);
    return c;
}

static void opts(GameOptions *o, int scoring, int assist, int hand, int match)
{
    rules_default_options(G, o);
    o->v[BI_OPT_SCORING] = scoring;
    o->v[BI_OPT_ASSIST] = assist;
    o->v[BI_OPT_HAND] = hand; /* 0, 1, 2 = 3, 7, 9 cards */
    o->v[BI_OPT_MATCH] = match;
}

static void fresh(BiscaState *s, int players, const GameOptions *o)
{
    assert_null(G->init(s, o, players, 0));
}

static void act(BiscaState *s, const char *text)
{
    Action a;
    if (!G->action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    const char *e = G->apply(s, a);
    if (e)
        fail_msg("'%s' was refused: %s", text, e);
}

/* Applies "verb card" for each card of a space-separated list. */
static void acts(BiscaState *s, const char *verb, const char *cards)
{
    char buf[512], text[64];
    snprintf(buf, sizeof buf, "%s", cards);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        snprintf(text, sizeof text, "%s %s", verb, tok);
        act(s, text);
    }
}

/* Expects `text` to be refused with a reason and the state to stay as it was. */
static void refused(BiscaState *s, const char *text)
{
    Action a;
    assert_true(G->action_from_string(s, text, &a));
    BiscaState before = *s;
    const char *e = G->apply(s, a);
    if (!e)
        fail_msg("'%s' was accepted", text);
    assert_true(strlen(e) > 0);
    assert_memory_equal(&before, s, sizeof before);
}

static bool has_card(const BiscaState *s, int seat, Card c)
{
    for (int i = 0; i < s->n_hand[seat]; i++)
        if (s->hand[seat][i] == c)
            return true;
    return false;
}

static int legal_cards(const BiscaState *s, Card out[BI_MAX_HAND])
{
    Action a[RULES_MAX_ACTIONS];
    int n = G->legal_actions(s, a);
    assert_in_range(n, 0, BI_MAX_HAND); /* a legal play is a card of the hand */
    for (int i = 0; i < n && i < BI_MAX_HAND; i++)
        out[i] = card_from_index(a[i] - BI_ACT_PLAY);
    return n;
}

/* The legal plays, as a sorted space-separated list such as "2h 5h". */
static void legal_text(const BiscaState *s, char *out, size_t size)
{
    Card c[BI_MAX_HAND];
    int n = legal_cards(s, c);
    for (int i = 1; i < n; i++) /* insertion sort by card */
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            Card t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    out[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        char t[CARD_TEXT_MAX];
        const char *ranks = "?A234567890JQK";
        t[0] = ranks[card_rank(c[i])];
        t[1] = "cdhs"[card_suit(c[i])];
        t[2] = '\0';
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "", t);
    }
}

/* ---- A director for fixed deals ---------------------------------------------------------
 * Each seat's cards in the order it receives them (its dealt hand, then its draws); the
 * director applies the leader, the deal (one card at a time from the leader round), the
 * trunfo and every draw as text, taking each card from the queue of the seat it goes to. */

typedef struct {
    char cards[BI_MAX_SEATS][64][CARD_TEXT_MAX];
    int n[BI_MAX_SEATS], next[BI_MAX_SEATS];
    char trunfo[CARD_TEXT_MAX];
} Deck;

static void deck_set(Deck *d, int players, const char *const *seat_cards, const char *trunfo)
{
    memset(d, 0, sizeof *d);
    for (int p = 0; p < players; p++) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", seat_cards[p]);
        for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok;
             tok = strtok_r(NULL, " ", &save))
            snprintf(d->cards[p][d->n[p]++], CARD_TEXT_MAX, "%s", tok);
    }
    snprintf(d->trunfo, sizeof d->trunfo, "%s", trunfo);
}

static const char *deck_pop(Deck *d, int seat)
{
    if (d->next[seat] >= d->n[seat])
        fail_msg("the fixed deal has no more cards for seat %d", seat);
    return d->cards[seat][d->next[seat]++];
}

/* Applies chance actions until a seat is to play or the game is over. */
static void director(BiscaState *s, Deck *d, int leader)
{
    char text[64];
    for (;;) {
        switch (s->phase) {
        case BI_PHASE_LEADER:
            snprintf(text, sizeof text, "leader %d", leader);
            break;
        case BI_PHASE_DEAL: {
            int k = 0;
            for (int p = 0; p < s->n; p++)
                k += s->n_hand[p];
            snprintf(text, sizeof text, "deal %s", deck_pop(d, (s->first_leader + k) % s->n));
            break;
        }
        case BI_PHASE_TRUNFO:
            snprintf(text, sizeof text, "trunfo %s", d->trunfo);
            break;
        case BI_PHASE_DRAW:
            snprintf(text, sizeof text, "draw %s", deck_pop(d, s->drawer));
            break;
        default:
            return;
        }
        act(s, text);
    }
}

typedef Action (*Policy)(const BiscaState *s);

/* Plays the game (or, in match mode, the current game) to its end with `policy`. */
static void play_game(BiscaState *s, Deck *d, int leader, Policy policy)
{
    int game = s->game;
    for (;;) {
        director(s, d, leader);
        if (s->phase == BI_PHASE_OVER || s->game != game)
            return;
        const char *e = G->apply(s, policy(s));
        if (e)
            fail_msg("policy move refused: %s", e);
    }
}

static Action first_legal(const BiscaState *s)
{
    Action a[RULES_MAX_ACTIONS];
    assert_true(G->legal_actions(s, a) > 0);
    return a[0];
}

/* The rigged game: seat 0 gets every trump but the trunfo (2♠) and the top five cards of
 * ♥ and ♦ and the A♣, so every card it leads wins; it keeps its trumps for the end, when
 * seat 1 holds the 2♠. It takes all 120 points (bandeira). */
static const char *const bandeira_2p[2] = {
    "Ah 7h Kh Qh Jh Ad 7d Kd Qd Jd Ac As 7s Ks Qs Js 6s 5s 4s 3s",
    "6h 5h 4h 3h 2h 6d 5d 4d 3d 2d 7c Kc Qc Jc 6c 5c 4c 3c 2c 2s"};

static Action bandeira_policy(const BiscaState *s)
{
    Card c[BI_MAX_HAND];
    int n = legal_cards(s, c);
    if (bisca_to_move(s) == 0)
        for (int i = 0; i < n; i++)
            if (card_suit(c[i]) != SUIT_SPADES)
                return BI_ACT_PLAY + card_index(c[i]);
    return BI_ACT_PLAY + card_index(c[0]);
}

/* ---- Cards: points and order ------------------------------------------------------------ */

static void test_points(void **unused)
{
    (void)unused;
    static const char *const ranks[] = {"A", "7", "K", "Q", "J", "6", "5", "4", "3", "2"};
    static const int std[] = {11, 10, 4, 3, 2, 0, 0, 0, 0, 0};
    static const int pt[] = {11, 10, 4, 2, 3, 0, 0, 0, 0, 0};
    for (int pass = 0; pass < 2; pass++) {
        int total = 0;
        for (int r = 0; r < 10; r++)
            for (int suit = 0; suit < 4; suit++) {
                char t[8];
                snprintf(t, sizeof t, "%s%c", ranks[r], "cdhs"[suit]);
                int p = bisca_card_points(C(t), pass == 1);
                assert_int_equal(p, pass ? pt[r] : std[r]);
                total += p;
            }
        assert_int_equal(total, 120);
    }
}

static void test_trick_order(void **unused)
{
    (void)unused;
    /* A > 7 > K > Q > J > 6 > 5 > 4 > 3 > 2; Portuguese: A > 7 > K > J > Q > 6 ... */
    static const char *const std[] = {"Ah", "7h", "Kh", "Qh", "Jh", "6h", "5h", "4h", "3h", "2h"};
    static const char *const pt[] = {"Ah", "7h", "Kh", "Jh", "Qh", "6h", "5h", "4h", "3h", "2h"};
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) {
            assert_int_equal(bisca_beats(C(std[i]), C(std[j]), SUIT_SPADES, false), i < j);
            assert_int_equal(bisca_beats(C(pt[i]), C(pt[j]), SUIT_SPADES, true), i < j);
        }
}

/* ---- Dealing, the trunfo and drawing ---------------------------------------------------- */

static void test_deal_and_trunfo(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 2, &o);
    /* The first leader is a chance action, uniform over the seats. */
    assert_int_equal(G->current_player(&s), PLAYER_CHANCE);
    Action a[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    assert_int_equal(G->chance_outcomes(&s, a, w), 2);
    assert_int_equal(w[0], w[1]);
    act(&s, "leader 1");
    /* 40 cards to deal, listed in card order. */
    int n = G->chance_outcomes(&s, a, w);
    assert_int_equal(n, 40);
    for (int i = 1; i < n; i++)
        assert_true(a[i] > a[i - 1]);
    /* One card at a time, the leader first. */
    acts(&s, "deal", "Ah 2c 3d 4h 5s 6c");
    assert_true(has_card(&s, 1, C("Ah")) && has_card(&s, 1, C("3d")) && has_card(&s, 1, C("5s")));
    assert_true(has_card(&s, 0, C("2c")) && has_card(&s, 0, C("4h")) && has_card(&s, 0, C("6c")));
    assert_int_equal(s.phase, BI_PHASE_TRUNFO);
    refused(&s, "deal 7c");
    refused(&s, "trunfo Ah"); /* already dealt */
    act(&s, "trunfo 7s");
    assert_int_equal(bisca_trump_suit(&s), SUIT_SPADES);
    assert_int_equal(s.stock, 34); /* 33 unseen cards and the trunfo */
    assert_int_equal(G->current_player(&s), 1);
    assert_int_equal(bisca_points_everywhere(&s), 120);
    /* Seat 0 sees its hand and the trunfo, not seat 1's hand. */
    BiscaState v;
    G->observe(&s, 0, &v);
    assert_int_equal(v.trunfo, C("7s"));
    assert_int_equal(v.hand[0][0], C("2c"));
    for (int i = 0; i < 3; i++)
        assert_int_equal(v.hand[1][i], CARD_HIDDEN);
}

static void test_draw_order_and_leading(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 2, &o);
    act(&s, "leader 0");
    acts(&s, "deal", "Kh Ah 2c 3c 4d 5d");
    act(&s, "trunfo 7s");
    /* Seat 0 leads K♥, seat 1 takes it with A♥: 15 points for seat 1. */
    act(&s, "play Kh");
    act(&s, "play Ah");
    assert_int_equal(s.points[1], 15);
    assert_int_equal(s.points[0], 0);
    /* Everyone draws, the winner first. */
    assert_int_equal(s.phase, BI_PHASE_DRAW);
    act(&s, "draw 6h");
    assert_true(has_card(&s, 1, C("6h")));
    act(&s, "draw 6d");
    assert_true(has_card(&s, 0, C("6d")));
    /* The winner leads the next trick. */
    assert_int_equal(G->current_player(&s), 1);
    refused(&s, "draw 6s");
}

static void test_trunfo_drawn_last(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 2, &o);
    Deck d;
    deck_set(&d, 2, bandeira_2p, "2s");
    director(&s, &d, 0);
    while (s.stock > 2) { /* to the last round of draws */
        assert_null(G->apply(&s, bandeira_policy(&s)));
        director(&s, &d, 0);
    }
    assert_null(G->apply(&s, bandeira_policy(&s)));
    assert_null(G->apply(&s, bandeira_policy(&s)));
    /* Two cards left: the last unseen one, then the trunfo (the only outcome). */
    act(&s, "draw 3s");
    Action a[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    assert_int_equal(G->chance_outcomes(&s, a, w), 1);
    refused(&s, "draw 3c");
    act(&s, "draw 2s");
    assert_int_equal(s.stock, 0);
    assert_int_equal(s.trunfo_holder, 1);
    /* Everyone saw who drew it: seat 0's view shows the 2♠ in seat 1's hand. */
    BiscaState v;
    G->observe(&s, 0, &v);
    int shown = 0;
    for (int i = 0; i < v.n_hand[1]; i++)
        shown += v.hand[1][i] == C("2s");
    assert_int_equal(shown, 1);
}

/* ---- Playing a trick -------------------------------------------------------------------- */

static void start_2p(BiscaState *s, const GameOptions *o, const char *seat0, const char *seat1,
                     const char *trunfo)
{
    fresh(s, 2, o);
    act(s, "leader 0");
    char c0[3][8], c1[3][8];
    assert_int_equal(sscanf(seat0, "%7s %7s %7s", c0[0], c0[1], c0[2]), 3);
    assert_int_equal(sscanf(seat1, "%7s %7s %7s", c1[0], c1[1], c1[2]), 3);
    char text[32];
    for (int i = 0; i < 3; i++) {
        snprintf(text, sizeof text, "deal %s", c0[i]);
        act(s, text);
        snprintf(text, sizeof text, "deal %s", c1[i]);
        act(s, text);
    }
    snprintf(text, sizeof text, "trunfo %s", trunfo);
    act(s, text);
}

static void test_no_obligation_to_follow(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    start_2p(&s, &o, "2h 3c 4d", "5h Ac Kd", "7s");
    act(&s, "play 2h");
    /* Seat 1 holds a heart, yet may play anything. */
    char t[64];
    legal_text(&s, t, sizeof t);
    assert_string_equal(t, "Ac Kd 5h");
    /* An off-suit card that is not a trump loses, however high: the A♣ loses to the 2♥. */
    act(&s, "play Ac");
    assert_int_equal(s.last_winner, 0);
    assert_int_equal(s.points[0], 11);
}

static void test_trick_winner(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    /* The Ace beats the King of its suit (the seed's order had the Ace lowest). */
    start_2p(&s, &o, "Kh 3c 4d", "Ah 2s 5d", "7s");
    act(&s, "play Kh");
    act(&s, "play Ah");
    assert_int_equal(s.last_winner, 1);
    assert_int_equal(s.points[1], 15);
    /* The 7 beats the King. */
    start_2p(&s, &o, "Kh 3c 4d", "7h 2s 5d", "6s");
    act(&s, "play Kh");
    act(&s, "play 7h");
    assert_int_equal(s.last_winner, 1);
    assert_int_equal(s.points[1], 14);
    /* A trump beats any card of another suit: the 2♠ takes the A♥. */
    start_2p(&s, &o, "Ah 3c 4d", "2s 6c 5d", "7s");
    act(&s, "play Ah");
    act(&s, "play 2s");
    assert_int_equal(s.last_winner, 1);
    assert_int_equal(s.points[1], 11);
    /* Between trumps the higher one wins. */
    start_2p(&s, &o, "3s 3c 4d", "2s 6c 5d", "7s");
    act(&s, "play 3s");
    act(&s, "play 2s");
    assert_int_equal(s.last_winner, 0);
    /* A lower card of the led suit loses. */
    start_2p(&s, &o, "Qh 3c 4d", "Jh 6c 5d", "7s");
    act(&s, "play Qh");
    act(&s, "play Jh");
    assert_int_equal(s.last_winner, 0);
    assert_int_equal(s.points[0], 5);
}

static void test_portuguese_scoring(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 1, 0, 0, 0);
    BiscaState s;
    /* J beats Q with the option; J is worth 3 and Q 2. */
    start_2p(&s, &o, "Qh 3c 4d", "Jh 6c 5d", "7s");
    act(&s, "play Qh");
    act(&s, "play Jh");
    assert_int_equal(s.last_winner, 1);
    assert_int_equal(s.points[1], 5);
    /* The King still beats the Jack. */
    start_2p(&s, &o, "Jh 3c 4d", "Kh 6c 5d", "7s");
    act(&s, "play Jh");
    act(&s, "play Kh");
    assert_int_equal(s.last_winner, 1);
    assert_int_equal(s.points[1], 7);
    assert_int_equal(bisca_points_everywhere(&s), 120);
}

static void test_illegal_plays(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    start_2p(&s, &o, "Kh 3c 4d", "Ah 2s 5d", "7s");
    refused(&s, "play Ah");    /* not in the mover's hand */
    refused(&s, "play 7s");    /* the trunfo is in the stock */
    refused(&s, "deal 6h");    /* not a chance node */
    refused(&s, "leader 1");
    Action bad[] = {-1, 0, 99, 100 + card_index(card_make(9, 0)), 1000};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        BiscaState before = s;
        assert_non_null(G->apply(&s, bad[i]));
        assert_memory_equal(&before, &s, sizeof s);
    }
    /* An 8, 9 or 10 is not in the deck. */
    Action x;
    assert_false(G->action_from_string(&s, "play 8h", &x));
    assert_false(G->action_from_string(&s, "deal 10c", &x));
}

static void test_text_round_trip(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 4, &o);
    const char *texts[] = {"leader 3", "play 7♥", "deal A♠", "trunfo 2♣", "draw K♦"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        Action a;
        char back[RULES_ACTION_TEXT];
        assert_true(G->action_from_string(&s, texts[i], &a));
        G->action_to_string(&s, a, back);
        assert_string_equal(back, texts[i]);
    }
    /* ASCII card names parse too, and a bare card is a play at a player's turn. */
    start_2p(&s, &o, "Kh 3c 4d", "Ah 2s 5d", "7s");
    Action a, b;
    assert_true(G->action_from_string(&s, "Kh", &a));
    assert_true(G->action_from_string(&s, "play K♥", &b));
    assert_int_equal(a, b);
}

/* ---- Four players in teams ----------------------------------------------------------- */

static void test_four_player_teams(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 4, &o);
    act(&s, "leader 2");
    /* Dealt one at a time from the leader: seats 2, 3, 0, 1, 2, ... */
    acts(&s, "deal", "Ah 2h 3h 4h  Kc 5c 6c Qc  Jd 2d 3d 4d");
    assert_true(has_card(&s, 2, C("Ah")) && has_card(&s, 3, C("2h")));
    assert_true(has_card(&s, 0, C("3h")) && has_card(&s, 1, C("4h")));
    assert_true(has_card(&s, 2, C("Jd")) && has_card(&s, 1, C("4d")));
    act(&s, "trunfo 7s");
    assert_int_equal(s.stock, 28);
    assert_int_equal(G->current_player(&s), 2);
    /* Seat 2 leads A♥; 3 plays 2♥, 0 (its partner) the 3♥, 1 the 4♥: team 0+2 takes 11. */
    acts(&s, "play", "Ah 2h 3h 4h");
    assert_int_equal(s.last_winner, 2);
    assert_int_equal(s.points[0], 11);
    /* Draws: the winner first, then in turn order: 2, 3, 0, 1. */
    acts(&s, "draw", "5s 6s Ks As");
    assert_true(has_card(&s, 2, C("5s")) && has_card(&s, 3, C("6s")));
    assert_true(has_card(&s, 0, C("Ks")) && has_card(&s, 1, C("As")));
    assert_int_equal(G->current_player(&s), 2);
    /* Highest trump wins among several: 2 leads K♣, 3 trumps 6♠, 0 over-trumps K♠, 1 plays
     * the A♠ and takes all: 4 + 0 + 4 + 11 for team 1+3. */
    acts(&s, "play", "Kc 6s Ks As");
    assert_int_equal(s.last_winner, 1);
    assert_int_equal(s.points[1], 19);
    assert_int_equal(s.points[0], 11);
    assert_int_equal(bisca_points_everywhere(&s), 120);
    /* Each seat sees its own hand only. */
    acts(&s, "draw", "2s 3s 4s Jh");
    BiscaState v;
    G->observe(&s, 0, &v);
    for (int p = 1; p < 4; p++)
        for (int i = 0; i < v.n_hand[p]; i++)
            assert_int_equal(v.hand[p][i], CARD_HIDDEN);
    assert_int_equal(v.hand[0][0], s.hand[0][0]);
}

static void test_team_results(void **unused)
{
    (void)unused;
    /* Fixed seeded deals, first-legal play: each team's count is the sum of the tricks
     * its two partners took, and the team over 60 wins for both partners. */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    int both_scored = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        BiscaState s;
        fresh(&s, 4, &o);
        Rng r;
        rng_seed(&r, seed);
        int by_seat[4] = {0};
        while (G->current_player(&s) != PLAYER_TERMINAL) {
            Action a[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            bool chance = G->current_player(&s) == PLAYER_CHANCE;
            int n = chance ? G->chance_outcomes(&s, a, w) : G->legal_actions(&s, a);
            Action x = chance ? a[rng_below(&r, (uint32_t)n)] : a[0];
            int table = 0;
            bool closes = !chance && s.n_trick == 3;
            if (closes) {
                for (int i = 0; i < 3; i++)
                    table += bisca_card_points(s.trick[i], false);
                table += bisca_card_points(card_from_index(x - BI_ACT_PLAY), false);
            }
            assert_null(G->apply(&s, x));
            if (closes)
                by_seat[s.last_winner] += table;
        }
        assert_int_equal(s.points[0], by_seat[0] + by_seat[2]);
        assert_int_equal(s.points[1], by_seat[1] + by_seat[3]);
        int winner = s.points[0] > 60 ? 0 : s.points[1] > 60 ? 1 : -1;
        assert_int_equal(s.winner, winner);
        if (winner >= 0 && by_seat[winner] > 0 && by_seat[winner + 2] > 0 &&
            by_seat[winner] <= 60 && by_seat[winner + 2] <= 60)
            both_scored++; /* neither partner alone had more than 60 */
        double ret[RULES_MAX_PLAYERS];
        G->returns(&s, ret);
        for (int p = 0; p < 4; p++)
            assert_true(ret[p] == (winner < 0 ? 0 : (p % 2 == winner ? 1 : -1)));
    }
    assert_true(both_scored > 0);
}

/* ---- Results ------------------------------------------------------------------------------ */

static void test_bandeira_single_game(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 2, &o);
    Deck d;
    deck_set(&d, 2, bandeira_2p, "2s");
    play_game(&s, &d, 0, bandeira_policy);
    assert_int_equal(s.phase, BI_PHASE_OVER);
    assert_int_equal(s.points[0], 120);
    assert_int_equal(s.n_pile[0], 40);
    double r[RULES_MAX_PLAYERS];
    G->returns(&s, r);
    assert_true(r[0] == 1 && r[1] == -1);
}

/* A fixed deal where first-legal play ends 60-60: both counts must be exactly 60 and the
 * game a draw. (Found by a search over random deals; stored as text.) */
static void test_draw_sixty_sixty(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 2, &o);
    Deck d;
    static const char *const cards[2] = {
        "6d Qh 3h 4c 2h Qd 2d 5h 4h 6c Jc 3c Ks 7c Qc 2s Kh 7d Kc 5d",
        "4s 7s Ad 3d 5c 7h Ah Qs 6h 5s Jh 6s Js Ac Kd As 2c 4d 3s Jd"};
    deck_set(&d, 2, cards, "5d");
    play_game(&s, &d, 0, first_legal);
    assert_int_equal(s.phase, BI_PHASE_OVER);
    assert_int_equal(s.points[0], 60);
    assert_int_equal(s.points[1], 60);
    assert_int_equal(s.winner, -1);
    double r[RULES_MAX_PLAYERS];
    G->returns(&s, r);
    assert_true(r[0] == 0 && r[1] == 0);
}

/* ---- Option: assistir no fim -------------------------------------------------------------- */

/* 4 players with 9 cards each: the stock (4 cards) is gone after the first trick, so the
 * end hands below are fixed. Seat 0 leads the A♥ and wins the first trick; the draws give
 * seat 3 the trunfo (2♠). */
static const char *const assist_deal[4] = {
    "Ah 2h 3c 4c 5c 6c 2d 3d 4d 7d", "3h Kh 7c Kc Qc 5h Jd Qd Kd 6d",
    "4h 2c Ac Jc 5d Ad 3s 4s 5s 6s", "Jh Qh 6h 7h As 7s Ks Qs Js 2s"};

static void assist_position(BiscaState *s, int assist)
{
    GameOptions o;
    opts(&o, 0, assist, 2, 0);
    fresh(s, 4, &o);
    Deck d;
    deck_set(&d, 4, assist_deal, "2s");
    director(s, &d, 0);
    act(s, "play Ah");
    /* The stock is not empty yet: seat 1 may play anything although it holds hearts. */
    Card l[BI_MAX_HAND];
    assert_int_equal(legal_cards(s, l), 9);
    acts(s, "play", "3h 4h Jh");
    director(s, &d, 0);
    assert_int_equal(s->stock, 0);
    assert_int_equal(G->current_player(s), 0);
    assert_int_equal(s->trunfo_holder, 3);
}

static void test_assist(void **unused)
{
    (void)unused;
    BiscaState s, start;
    char t[64];
    assist_position(&start, 1);

    /* The 2♥ led. Seat 1 holds K♥ and 5♥, both above it: it must play one of them. */
    s = start;
    act(&s, "play 2h");
    legal_text(&s, t, sizeof t);
    assert_string_equal(t, "5h Kh");
    refused(&s, "play 7c");
    act(&s, "play Kh");
    /* Seat 2 has no heart: anything goes (a trump included). */
    Card l[BI_MAX_HAND];
    assert_int_equal(legal_cards(&s, l), 9);
    act(&s, "play 2c");
    /* Seat 3 must beat the led card (the 2♥), not the K♥ that holds the trick: its three
     * hearts all qualify. */
    legal_text(&s, t, sizeof t);
    assert_string_equal(t, "6h 7h Qh");
    refused(&s, "play As");

    /* The 7♦ led. Seat 1's diamonds (6 J Q K) are all below it: it must follow anyway. */
    s = start;
    act(&s, "play 7d");
    legal_text(&s, t, sizeof t);
    assert_string_equal(t, "6d Jd Qd Kd");
    refused(&s, "play 7c");
    act(&s, "play Kd");
    /* Seat 2 holds the A♦, the one diamond above the 7♦, and the 5♦: only the Ace. */
    legal_text(&s, t, sizeof t);
    assert_string_equal(t, "Ad");
    refused(&s, "play 5d");
    act(&s, "play Ad");
    /* Seat 3 has no diamond: free. */
    assert_int_equal(legal_cards(&s, l), 9);

    /* Without the option, the same positions allow any card. */
    assist_position(&start, 0);
    s = start;
    act(&s, "play 2h");
    assert_int_equal(legal_cards(&s, l), 9);
    act(&s, "play 7c");
}

/* ---- Option: hand size -------------------------------------------------------------------- */

static void test_hand_sizes(void **unused)
{
    (void)unused;
    static const int sizes[] = {3, 7, 9};
    for (int h = 0; h < 3; h++)
        for (int players = 2; players <= 4; players += 2) {
            GameOptions o;
            opts(&o, 0, 0, h, 0);
            BiscaState s;
            fresh(&s, players, &o);
            act(&s, "leader 0");
            Rng r;
            rng_seed(&r, 7);
            Action a[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int dealt = 0;
            while (s.phase == BI_PHASE_DEAL) {
                int n = G->chance_outcomes(&s, a, w);
                assert_int_equal(n, 40 - dealt);
                assert_null(G->apply(&s, a[rng_below(&r, (uint32_t)n)]));
                dealt++;
            }
            assert_int_equal(dealt, players * sizes[h]);
            for (int p = 0; p < players; p++)
                assert_int_equal(s.n_hand[p], sizes[h]);
            assert_int_equal(s.phase, BI_PHASE_TRUNFO);
            int n = G->chance_outcomes(&s, a, w);
            assert_null(G->apply(&s, a[rng_below(&r, (uint32_t)n)]));
            assert_int_equal(s.stock, 40 - players * sizes[h]);
            /* The game runs to its end with every card played. */
            int plays = 0;
            while (G->current_player(&s) != PLAYER_TERMINAL) {
                if (G->current_player(&s) == PLAYER_CHANCE) {
                    n = G->chance_outcomes(&s, a, w);
                } else {
                    n = G->legal_actions(&s, a);
                    assert_int_equal(n, s.n_hand[G->current_player(&s)]);
                    plays++;
                }
                assert_null(G->apply(&s, a[rng_below(&r, (uint32_t)n)]));
            }
            assert_int_equal(plays, 40);
            assert_int_equal(s.points[0] + s.points[1], 120);
        }
}

/* ---- Option: match to 4 marks ------------------------------------------------------------ */

static void test_marks_thresholds(void **unused)
{
    (void)unused;
    assert_int_equal(bisca_marks_for(60), 0);
    assert_int_equal(bisca_marks_for(61), 1);
    assert_int_equal(bisca_marks_for(90), 1);
    assert_int_equal(bisca_marks_for(91), 2);
    assert_int_equal(bisca_marks_for(119), 2);
    assert_int_equal(bisca_marks_for(120), 4);
}

static void test_match_bandeira_ends_match(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 1);
    BiscaState s;
    fresh(&s, 2, &o);
    Deck d;
    deck_set(&d, 2, bandeira_2p, "2s");
    play_game(&s, &d, 0, bandeira_policy);
    /* All 120 points: 4 marks at once, and the match is won. */
    assert_int_equal(s.marks[0], 4);
    assert_int_equal(s.marks[1], 0);
    assert_int_equal(s.phase, BI_PHASE_OVER);
    double r[RULES_MAX_PLAYERS];
    G->returns(&s, r);
    assert_true(r[0] == 1 && r[1] == -1);
}

/* Plays a match with first-legal moves and draws from a seeded stream, checking after
 * every game the marks it scores (counted here from the won tricks) and the rotation of
 * the first leader. Returns how many games ended with 1, 2 marks and 0 (draws). */
static void match_walk(int players, uint64_t seed, int counts[5])
{
    GameOptions o;
    opts(&o, 0, 0, 0, 1);
    BiscaState s;
    fresh(&s, players, &o);
    Rng r;
    rng_seed(&r, seed);
    int marks[2] = {0, 0}, game = 0, leader = -1, pts[2] = {0, 0};
    Action a[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    while (G->current_player(&s) != PLAYER_TERMINAL) {
        if (s.phase == BI_PHASE_PLAY && leader < 0)
            leader = s.first_leader;
        int n;
        bool chance = G->current_player(&s) == PLAYER_CHANCE;
        if (chance)
            n = G->chance_outcomes(&s, a, w);
        else
            n = G->legal_actions(&s, a);
        Action x = chance ? a[rng_below(&r, (uint32_t)n)] : a[0];
        bool closes = !chance && s.n_trick == s.n - 1;
        int trick_pts = 0;
        if (closes) {
            BiscaState t = s;
            assert_null(G->apply(&t, x));
            (void)t;
            for (int i = 0; i < s.n_trick; i++)
                trick_pts += bisca_card_points(s.trick[i], false);
            trick_pts += bisca_card_points(card_from_index(x - BI_ACT_PLAY), false);
        }
        int before_game = s.game;
        assert_null(G->apply(&s, x));
        if (closes) {
            pts[bisca_team(s.last_winner)] += trick_pts;
        }
        if (s.game != before_game || s.phase == BI_PHASE_OVER) {
            /* A game ended. */
            assert_int_equal(pts[0] + pts[1], 120);
            int team = pts[0] > 60 ? 0 : pts[1] > 60 ? 1 : -1;
            int m = team < 0 ? 0 : pts[team] == 120 ? 4 : pts[team] >= 91 ? 2 : 1;
            counts[m]++;
            if (team >= 0)
                marks[team] += m;
            assert_int_equal(s.marks[0], marks[0]);
            assert_int_equal(s.marks[1], marks[1]);
            assert_int_equal(s.prev_points[0], pts[0]);
            assert_int_equal(s.prev_winner, team);
            if (s.phase != BI_PHASE_OVER) {
                /* The next game: a fresh table, the next seat leads. */
                game++;
                assert_int_equal(s.game, game);
                assert_int_equal(s.first_leader, (leader + 1) % players);
                leader = s.first_leader;
                assert_int_equal(s.points[0] + s.points[1], 0);
                assert_int_equal(s.phase, BI_PHASE_DEAL);
                assert_int_equal(s.stock, 40);
                assert_true(marks[0] < 4 && marks[1] < 4);
            }
            pts[0] = pts[1] = 0;
        }
        if (s.phase != BI_PHASE_OVER)
            assert_int_equal(bisca_points_everywhere(&s), 120);
    }
    /* The match ends when a team reaches 4 marks, and that team wins. */
    int win = marks[0] >= 4 ? 0 : 1;
    assert_true(marks[win] >= 4 && marks[1 - win] < 4);
    double ret[RULES_MAX_PLAYERS];
    G->returns(&s, ret);
    for (int p = 0; p < players; p++)
        assert_true(ret[p] == (p % 2 == win ? 1 : -1));
}

static void test_match_marks(void **unused)
{
    (void)unused;
    int counts[5] = {0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        match_walk(2, seed, counts);
        match_walk(4, seed, counts);
    }
    /* The walks saw draws, 1-mark wins and capotes (2 marks). */
    assert_true(counts[0] > 0 && counts[1] > 0 && counts[2] > 0);
}

/* ---- Conservation, legal plays and views in random playouts -------------------------------- */

/* The legal plays, worked out here from the rule: the whole hand, except with the
 * assist option once the stock is gone: the led suit's cards above the led card, else
 * the led suit's cards, else the whole hand. */
static void check_legal_set(const BiscaState *s, const Action *a, int n)
{
    int seat = bisca_to_move(s);
    bool restrict_ = s->assist && s->stock == 0 && s->n_trick > 0;
    int want = 0;
    bool any_suit = false, any_beat = false;
    Card led = s->trick[0];
    for (int i = 0; i < s->n_hand[seat] && restrict_; i++) {
        Card c = s->hand[seat][i];
        any_suit |= card_suit(c) == card_suit(led);
        any_beat |= card_suit(c) == card_suit(led) && bisca_beats(c, led, -1, s->portuguese);
    }
    for (int i = 0; i < s->n_hand[seat]; i++) {
        Card c = s->hand[seat][i];
        bool ok = !restrict_ || (!any_suit) ||
                  (card_suit(c) == card_suit(led) &&
                   (!any_beat || bisca_beats(c, led, -1, s->portuguese)));
        bool listed = false;
        for (int k = 0; k < n; k++)
            listed |= a[k] == BI_ACT_PLAY + card_index(c);
        assert_int_equal(listed, ok);
        want += ok;
    }
    assert_int_equal(n, want);
}

static void test_conservation(void **unused)
{
    (void)unused;
    Rng r;
    rng_seed(&r, 2024);
    int games = 0;
    for (int players = 2; players <= 4; players += 2)
        for (int combo = 0; combo < 2 * 2 * 3 * 2; combo++) {
            GameOptions o;
            rules_default_options(G, &o);
            int k = combo;
            for (int i = 0; i < BI_OPT_COUNT; i++) {
                int span = G->options[i].max - G->options[i].min + 1;
                o.v[i] = G->options[i].min + k % span;
                k /= span;
            }
            for (int rep = 0; rep < 10; rep++, games++) {
                BiscaState s, v, x, vx;
                fresh(&s, players, &o);
                while (G->current_player(&s) != PLAYER_TERMINAL) {
                    /* Hands + stock + trick + piles always hold all 40 cards, 120 points. */
                    assert_int_equal(bisca_points_everywhere(&s), 120);
                    for (int seat = 0; seat < players; seat++) {
                        G->observe(&s, seat, &v);
                        G->resample(&v, seat, &r, &x);
                        assert_int_equal(bisca_points_everywhere(&x), 120);
                        G->observe(&x, seat, &vx);
                        assert_memory_equal(&v, &vx, sizeof v);
                    }
                    Action a[RULES_MAX_ACTIONS];
                    uint32_t w[RULES_MAX_ACTIONS];
                    int n = G->current_player(&s) == PLAYER_CHANCE ? G->chance_outcomes(&s, a, w)
                                                                   : G->legal_actions(&s, a);
                    assert_true(n > 0);
                    if (s.phase == BI_PHASE_PLAY)
                        check_legal_set(&s, a, n);
                    assert_null(G->apply(&s, a[rng_below(&r, (uint32_t)n)]));
                }
                assert_int_equal(s.points[0] + s.points[1], 120);
            }
        }
    assert_int_equal(games, 480);
}

/* ---- Bots ---------------------------------------------------------------------------------- */

static Action ask(Action (*decide)(const BotRequest *), const BiscaState *s, int iterations)
{
    BiscaState v;
    int seat = G->current_player(s);
    G->observe(s, seat, &v);
    Rng r;
    rng_seed(&r, 99);
    BotRequest req = {G, &v, seat, &r, iterations, 0, NULL};
    return decide(&req);
}

static void expect_play(Action a, const char *card)
{
    char t[RULES_ACTION_TEXT], want[RULES_ACTION_TEXT];
    G->action_to_string(NULL, a, t);
    snprintf(want, sizeof want, "play %s", card);
    if (a != BI_ACT_PLAY + card_index(C(card)))
        fail_msg("bot played '%s', expected '%s'", t, want);
}

static void test_medium_flags(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    /* An Ace on the table and a trump that wins it: trump in, with the lowest such trump. */
    start_2p(&s, &o, "Ah 3c 4d", "Ks 2s 5d", "7s");
    act(&s, "play Ah");
    expect_play(ask(bisca_flags_decide, &s, 0), "2s");
    /* Points on the table (a King) and a higher card of the led suit: take with the
     * highest card of the suit. */
    start_2p(&s, &o, "Kh 3c 4d", "7h Ah 5d", "6s");
    act(&s, "play Kh");
    expect_play(ask(bisca_flags_decide, &s, 0), "Ah");
    /* No points on the table: throw the lowest card without points, not the trump. */
    start_2p(&s, &o, "2h 3c 4d", "Ah 2s 5d", "6s");
    act(&s, "play 2h");
    expect_play(ask(bisca_flags_decide, &s, 0), "5d");
    /* A King on the table but no trump-in (no A or 7) and no higher heart: throw low. */
    start_2p(&s, &o, "Kh 3c 4d", "2s Qh 5d", "6s");
    act(&s, "play Kh");
    expect_play(ask(bisca_flags_decide, &s, 0), "5d");
    /* Leading: the lowest card without points. */
    start_2p(&s, &o, "Ah 3c 4d", "Ks 2s 5d", "7s");
    expect_play(ask(bisca_flags_decide, &s, 0), "3c");
}

/* Team 0's points from here with best play by both teams, by brute force over the rules
 * table (the oracle for the exact search). */
static int brute(const BiscaState *s)
{
    if (s->phase == BI_PHASE_OVER)
        return 0;
    int p = G->current_player(s);
    Action a[RULES_MAX_ACTIONS];
    int n = G->legal_actions(s, a);
    int best = bisca_team(p) == 0 ? -1 : 1000;
    for (int i = 0; i < n; i++) {
        BiscaState t = *s;
        assert_null(G->apply(&t, a[i]));
        int v = t.points[0] - s->points[0] + brute(&t);
        if (bisca_team(p) == 0 ? v > best : v < best)
            best = v;
    }
    return best;
}

static void test_exact_endgame(void **unused)
{
    (void)unused;
    /* From random deals, at the first moment the stock is gone (hands of 3), the exact
     * search agrees with brute force, its move keeps that value, and Hard (which then
     * knows every card in 2-player play) picks a move of that value too. */
    Rng r;
    rng_seed(&r, 77);
    int checked = 0;
    for (int players = 2; players <= 4; players += 2)
        for (int k = 0; k < 40; k++) {
            GameOptions o;
            opts(&o, k % 2, (k / 2) % 2, 0, 0);
            BiscaState s;
            fresh(&s, players, &o);
            while (!(s.phase == BI_PHASE_PLAY && s.stock == 0)) {
                Action a[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                int n = G->current_player(&s) == PLAYER_CHANCE ? G->chance_outcomes(&s, a, w)
                                                               : G->legal_actions(&s, a);
                assert_null(G->apply(&s, a[rng_below(&r, (uint32_t)n)]));
            }
            /* Sometimes from the middle of a trick. */
            if (k % 3 == 1) {
                Action a[RULES_MAX_ACTIONS];
                assert_null(G->apply(&s, a[G->legal_actions(&s, a) - 1]));
            }
            int v = brute(&s);
            assert_int_equal(bisca_solve(&s), v);
            Action m = bisca_solve_move(&s);
            BiscaState t = s;
            assert_null(G->apply(&t, m));
            assert_int_equal(t.points[0] - s.points[0] + brute(&t), v);
            if (players == 2) {
                t = s;
                assert_null(G->apply(&t, ask(bisca_hard_decide, &s, 100)));
                assert_int_equal(t.points[0] - s.points[0] + brute(&t), v);
            }
            checked++;
        }
    assert_int_equal(checked, 80);
}

static void test_hard_plays_for_its_team(void **unused)
{
    (void)unused;
    /* 4 players. Seat 1 leads the A♥, Hard's partner (seat 2) takes it with the A♠ (the
     * top trump), seat 3 plays low, and Hard, last, holds the K♥ (4 points), the 3♣ and
     * the 2♠. Giving the K♥ to its partner's trick is the move; a bot playing for itself
     * alone would trump or keep it. */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    fresh(&s, 4, &o);
    act(&s, "leader 1");
    /* Dealt from seat 1: 1, 2, 3, 0, 1, 2, 3, 0, ... */
    acts(&s, "deal", "Ah As 2h Kh  2c 3d 4d 3c  5c 6d 4c 2s");
    act(&s, "trunfo 5s");
    acts(&s, "play", "Ah As 2h");
    expect_play(ask(bisca_hard_decide, &s, 6000), "Kh");
}

static void test_hard_never_peeks(void **unused)
{
    (void)unused;
    /* Two deals that differ only in seat 1's hidden cards give seat 0 the same view; Hard
     * must answer the same in both (with the same random stream). */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState a, b;
    start_2p(&a, &o, "Kh 3c 4d", "Ah 2s 5d", "7s");
    start_2p(&b, &o, "Kh 3c 4d", "Qs Jc 6h", "7s");
    BiscaState va, vb;
    G->observe(&a, 0, &va);
    G->observe(&b, 0, &vb);
    assert_memory_equal(&va, &vb, sizeof va);
    assert_int_equal(ask(bisca_hard_decide, &a, 3000), ask(bisca_hard_decide, &b, 3000));
}

static void test_hard_takes_sure_points(void **unused)
{
    (void)unused;
    /* Seat 0 leads the A♥; Hard (seat 1) holds the 7♥ (no), a small club and the 2♠ (a
     * trump): taking 11 points with the lowest trump is clearly right. */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    start_2p(&s, &o, "Ah 3c 4d", "2s 2c 5d", "7s");
    act(&s, "play Ah");
    expect_play(ask(bisca_hard_decide, &s, 4000), "2s");
}

/* Positions of team play with 4 players, trumps spades, for any Hard search: who leads, the
 * deal (seats 0-3, three cards each), the cards played, and the card the seat to play must
 * play (or, `never`, must not). */
typedef struct {
    const char *leader, *deal, *played, *card;
    bool never;
} TeamSpot;

static const TeamSpot team_spots[] = {
    /* Seat 0 leads the 3♥, Hard's partner (seat 1) takes it with the A♥, seat 2 follows with
     * the 2♥; Hard (seat 3), last, holds the 2♠ (a trump), the 3♣ and the 4♦, no points.
     * The trick is its team's already: trumping it wins nothing and spends a trump. */
    {"leader 0", "3h Ah 2h 2s  5c 6d Jd 3c  6c Qd 5d 4d", "3h Ah 2h", "2s", true},
    /* The same trick, Hard holding the K♣ (4 points), the 7♦ (10) and the 2♠: its partner
     * takes the trick whatever it plays, so it feeds it the most points, the 7♦ (kept, the
     * 7 would only wait for an Ace or a trump to take it). */
    {"leader 0", "3h Ah 2h Kc  5c 6d Jd 7d  6c Qd 5d 2s", "3h Ah 2h", "7d", false},
    /* Hard third to play, not last: its partner (seat 1) led the A♠, the best trump, which no
     * card can take, and seat 2 threw the 2♥. Seat 0 still plays, yet the trick is its team's
     * whatever happens: Hard feeds it its 7♥ (10 points) rather than the 2♣ or the 3♦. */
    {"leader 1", "As 2h 7h 6d  4c 6c 2c Jd  5c Qd 3d 4d", "As 2h", "7h", false},
    /* A rich trick only Hard can take: seat 0 leads the A♥, Hard's partner (seat 1) throws
     * the 2♣, seat 2 adds the 7♥ (21 points on the table, the other team's). Hard, last,
     * holds the 2♠ (a trump), the 4♦ and the 3♣: its trump takes the 21 points. */
    {"leader 0", "Ah 2c 7h 2s  5c 6d Jd 4d  6c Qd 5d 3c", "Ah 2c 7h", "2s", false},
    /* Hard second to play (seat 1) after a 2♥ worth nothing, holding the A♠ and the 7♠ (the
     * two best trumps) and the 4♣: it keeps both trumps. */
    {"leader 0", "2h As 3h 6d  5c 7s Jd 3c  6c 4c 5d 4d", "2h", "4c", false},
};

static void team_spots_check(Action (*decide)(const BotRequest *), int iterations)
{
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    for (size_t i = 0; i < sizeof team_spots / sizeof team_spots[0]; i++) {
        const TeamSpot *t = &team_spots[i];
        BiscaState s;
        fresh(&s, 4, &o);
        act(&s, t->leader);
        acts(&s, "deal", t->deal);
        act(&s, "trunfo 5s");
        acts(&s, "play", t->played);
        Action a = ask(decide, &s, iterations);
        if (t->never && a == BI_ACT_PLAY + card_index(C(t->card)))
            fail_msg("position %zu: it played the %s", i + 1, t->card);
        if (!t->never)
            expect_play(a, t->card);
    }
}

static void test_hard_team_play(void **unused)
{
    (void)unused;
    team_spots_check(bisca_hard_decide, 20000);
    /* 2 players, trumps spades: seat 0 leads the 2♥ (no points). Hard holds the A♠ and the
     * 7♠, the two best trumps, and the 4♣. Spending either trump on a trick worth nothing
     * throws away a card that can take an Ace or a 7 later: the 4♣ (as with 4 players). */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    start_2p(&s, &o, "2h 3c 4d", "As 7s 4c", "5s");
    act(&s, "play 2h");
    expect_play(ask(bisca_hard_decide, &s, 20000), "4c");
}

/* ---- The exact search over the possible deals (issue 26) --------------------------------- */

/* Team 0's expected result from a full state with best play by both teams, the draws to
 * come averaged: brute force over the rules table (the oracle). The result is Hard's:
 * (1 - pw) for a win, half for a draw, plus pw x the points out of 120. */
static double brute_u(const BiscaState *s, double pw)
{
    if (s->phase == BI_PHASE_OVER) {
        double wl = s->points[0] > 60 ? 1 : s->points[1] > 60 ? 0 : 0.5;
        return (1 - pw) * wl + pw * s->points[0] / 120.0;
    }
    Action a[RULES_MAX_ACTIONS];
    int p = G->current_player(s);
    if (p == PLAYER_CHANCE) {
        uint32_t w[RULES_MAX_ACTIONS];
        int n = G->chance_outcomes(s, a, w);
        double sum = 0, total = 0;
        for (int i = 0; i < n; i++) {
            BiscaState t = *s;
            assert_null(G->apply(&t, a[i]));
            sum += w[i] * brute_u(&t, pw);
            total += w[i];
        }
        return sum / total;
    }
    int n = G->legal_actions(s, a);
    double best = bisca_team(p) == 0 ? -1 : 2;
    for (int i = 0; i < n; i++) {
        BiscaState t = *s;
        assert_null(G->apply(&t, a[i]));
        double v = brute_u(&t, pw);
        if (bisca_team(p) == 0 ? v > best : v < best)
            best = v;
    }
    return best;
}

/* Every way to give the cards the seat cannot see to the hands it cannot see (the rest
 * stays in the stock), each a full state; calls `fn` on each. Returns their number. */
typedef void (*DealFn)(const BiscaState *full, void *user);

static int each_deal_rec(BiscaState *s, const Card *pool, int n_pool, uint64_t used, int seat,
                         int me, int slot, int from, DealFn fn, void *user)
{
    while (seat < s->n && (seat == me || slot >= s->n_hand[seat] ||
                           (seat == s->trunfo_holder && s->hand[seat][slot] == s->trunfo))) {
        if (seat != me && slot < s->n_hand[seat]) {
            slot++; /* the trunfo in its holder's hand is known */
            from = 0;
            continue;
        }
        seat++;
        slot = 0;
        from = 0;
    }
    if (seat >= s->n) {
        fn(s, user);
        return 1;
    }
    int count = 0;
    /* Hands are sets: within a seat, cards in pool order. */
    for (int i = from; i < n_pool; i++) {
        if (used >> i & 1)
            continue;
        Card keep = s->hand[seat][slot];
        s->hand[seat][slot] = pool[i];
        count += each_deal_rec(s, pool, n_pool, used | 1ULL << i, seat, me, slot + 1, i + 1, fn,
                               user);
        s->hand[seat][slot] = keep;
    }
    return count;
}

static int each_deal(const BiscaState *truth, int me, DealFn fn, void *user)
{
    BiscaState v;
    G->observe(truth, me, &v);
    /* The pool: the cards of the deck the view does not show anywhere. */
    Card pool[BI_DECK];
    int n_pool = 0;
    for (int suit = 0; suit < 4; suit++)
        for (int r = 1; r <= RANK_KING; r++) {
            if (r > 7 && r < RANK_JACK)
                continue;
            Card c = card_make(r, suit);
            bool seen = c == v.trunfo;
            for (int p = 0; p < v.n; p++)
                for (int i = 0; i < v.n_hand[p]; i++)
                    seen |= v.hand[p][i] == c;
            for (int i = 0; i < v.n_trick; i++)
                seen |= v.trick[i] == c;
            for (int t = 0; t < 2; t++)
                for (int i = 0; i < v.n_pile[t]; i++)
                    seen |= v.pile[t][i] == c;
            if (!seen)
                pool[n_pool++] = c;
        }
    BiscaState s = *truth;
    /* Hidden slots are refilled from the pool; the known trunfo stays where it is. */
    return each_deal_rec(&s, pool, n_pool, 0, 0, me, 0, 0, fn, user);
}

typedef struct {
    int me, n;
    Action acts[BI_MAX_HAND];
    double sum[BI_MAX_HAND];
    int deals;
} BruteAvg;

static void brute_deal(const BiscaState *full, void *user)
{
    BruteAvg *b = user;
    assert_int_equal(bisca_points_everywhere(full), 120);
    for (int i = 0; i < b->n; i++) {
        BiscaState t = *full;
        assert_null(G->apply(&t, b->acts[i]));
        double u = brute_u(&t, bisca_hard_defaults.points_weight);
        b->sum[i] += bisca_team(b->me) == 0 ? u : 1 - u;
    }
    b->deals++;
}

/* Plays random legal moves (and random chance) until `stop` says so. */
static void random_until(BiscaState *s, Rng *r, bool (*stop)(const BiscaState *))
{
    while (!stop(s)) {
        Action a[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        int n = G->current_player(s) == PLAYER_CHANCE ? G->chance_outcomes(s, a, w)
                                                      : G->legal_actions(s, a);
        assert_true(n > 0);
        assert_null(G->apply(s, a[rng_below(r, (uint32_t)n)]));
    }
}

static bool at_stock_4(const BiscaState *s) { return s->phase == BI_PHASE_PLAY && s->stock == 4; }
static bool at_stock_0(const BiscaState *s) { return s->phase == BI_PHASE_PLAY && s->stock == 0; }

/* The exact search's values from the seat's view against brute force over every deal it
 * cannot tell apart, averaged (no inference: every deal weighs the same). */
static void check_exact_against_brute(const BiscaState *s)
{
    int me = bisca_to_move(s);
    BiscaState v;
    G->observe(s, me, &v);
    BiscaHardParams P = bisca_hard_defaults;
    P.temper = P.temper_4p = 0;
    P.exact_stock_2p = 4;
    P.exact_deals_4p = 100000;
    Rng r;
    rng_seed(&r, 5);
    Action acts[BI_MAX_HAND];
    double val[BI_MAX_HAND];
    int n = bisca_exact_values(&v, me, &P, &r, acts, val);
    Action legal[RULES_MAX_ACTIONS];
    assert_int_equal(n, G->legal_actions(s, legal));
    BruteAvg b = {.me = me, .n = n};
    memcpy(b.acts, acts, sizeof acts);
    int deals = each_deal(s, me, brute_deal, &b);
    assert_true(deals > 0);
    for (int i = 0; i < n; i++)
        if (fabs(val[i] - b.sum[i] / deals) > 1e-9)
            fail_msg("play %d of %d: exact %.6f, brute force %.6f over %d deals", i, n, val[i],
                     b.sum[i] / deals, deals);
}

static void test_exact_agrees_with_brute_force(void **unused)
{
    (void)unused;
    /* 2 players with 4 cards in the stock (3 unseen and the trunfo: two draws to come as
     * chance, 20 hands for the opponent), and 4 players once the stock is gone (every way
     * to give the 9 unseen cards to three hands), from random games, sometimes from the
     * middle of a trick; every option of play. */
    Rng r;
    rng_seed(&r, 1234);
    int checked = 0;
    for (int players = 2; players <= 4; players += 2)
        for (int k = 0; k < (players == 2 ? 12 : 6); k++) {
            GameOptions o;
            opts(&o, k % 2, (k / 2) % 2, 0, 0);
            BiscaState s;
            fresh(&s, players, &o);
            random_until(&s, &r, players == 2 ? at_stock_4 : at_stock_0);
            for (int j = 0; j < k % (players == 2 ? 2 : 3); j++) {
                Action a[RULES_MAX_ACTIONS];
                assert_null(G->apply(&s, a[rng_below(&r, (uint32_t)G->legal_actions(&s, a))]));
            }
            check_exact_against_brute(&s);
            checked++;
        }
    assert_int_equal(checked, 18);
}

/* A play-phase state built directly, the stock gone: the hands (cards separated by spaces,
 * "-" for none), the trick so far (led by `leader`), and every other card of the deck in
 * the piles, alternately team 0's and team 1's, the points to match. The trunfo lies in a
 * pile. No record of the play: a bot reads nothing into it. */
static void build_end(BiscaState *s, int players, const GameOptions *o, const char *trunfo,
                      const char *const *hands, int leader, const char *trick)
{
    fresh(s, players, o);
    s->phase = BI_PHASE_PLAY;
    s->stock = 0;
    s->trunfo = C(trunfo);
    s->trunfo_holder = -1;
    s->leader = s->first_leader = (uint8_t)leader;
    uint64_t used = 0;
    char buf[128];
    for (int p = 0; p < players; p++) {
        snprintf(buf, sizeof buf, "%s", hands[p]);
        for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok;
             tok = strtok_r(NULL, " ", &save)) {
            if (strcmp(tok, "-") == 0)
                continue;
            Card c = C(tok);
            s->hand[p][s->n_hand[p]++] = c;
            used |= 1ULL << card_index(c);
        }
    }
    snprintf(buf, sizeof buf, "%s", trick);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        Card c = C(tok);
        s->trick[s->n_trick++] = c;
        used |= 1ULL << card_index(c);
    }
    int k = 0;
    for (int suit = 0; suit < 4; suit++)
        for (int r = 1; r <= RANK_KING; r++) {
            if (r > 7 && r < RANK_JACK)
                continue;
            Card c = card_make(r, suit);
            if (used >> card_index(c) & 1)
                continue;
            int t = k++ % 2;
            s->pile[t][s->n_pile[t]++] = c;
            s->points[t] = (uint8_t)(s->points[t] + bisca_card_points(c, s->portuguese));
        }
    assert_int_equal(bisca_points_everywhere(s), 120);
}

static void test_exact_by_hand(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    /* 2 players, trumps spades, the stock gone. Seat 1 leads the 7♥ and keeps K♠ 4♣; seat 0
     * holds A♥ 2♠ 3♣. By hand: the A♥ takes 21 and seat 0 loses nothing after (it leads the
     * 3♣, and the K♠ takes at most the 2♠ or the 3♣); the 2♠ takes 10 but then the A♥ falls
     * to the K♠ (15 for seat 1); the 3♣ gives the 10 away and later the A♥ too. So A♥, 21
     * more points for seat 0 (and 4 for seat 1: the K♠ is seat 1's whatever). */
    const char *h1[2] = {"Ah 2s 3c", "Ks 4c"};
    build_end(&s, 2, &o, "5s", h1, 1, "7h");
    int before = s.points[0];
    expect_play(bisca_solve_move(&s), "Ah");
    assert_int_equal(bisca_solve(&s), 21);
    expect_play(ask(bisca_hard_decide, &s, 100), "Ah");
    (void)before;

    /* 4 players, trumps spades, the stock gone, two tricks to play. Seat 0 led the 3♦, Hard's
     * partner (seat 1) took it with the A♠ (no one can beat it), seat 2 threw the 2♦; Hard
     * (seat 3), last, holds the 7♥ (10 points) and the 2♣. The three cards it cannot see
     * are the A♥, the 4♣ and the 5♣, one in each other hand; whoever holds the A♥ (an
     * opponent in two deals out of three) takes the 7♥ in the last trick if seat 0 or 2 ...
     * By hand: giving the 7♥ to the partner's trick now wins its 10 points in every deal;
     * keeping it loses them whenever an opponent holds the A♥ (the last trick is led by
     * the partner, and the A♥ beats the 7♥ whoever plays it). So the 7♥, in the exact
     * search's values and in Hard's choice. */
    const char *h2[4] = {"Ah", "4c", "5c", "7h 2c"};
    build_end(&s, 4, &o, "5s", h2, 0, "3d As 2d");
    BiscaState v;
    G->observe(&s, 3, &v);
    BiscaHardParams P = bisca_hard_defaults;
    P.exact_deals_4p = 1000;
    Rng r;
    rng_seed(&r, 1);
    Action acts[BI_MAX_HAND];
    double val[BI_MAX_HAND];
    int n = bisca_exact_values(&v, 3, &P, &r, acts, val);
    assert_int_equal(n, 2);
    int seven = acts[0] == BI_ACT_PLAY + card_index(C("7h")) ? 0 : 1;
    assert_true(val[seven] > val[1 - seven]);
    expect_play(ask(bisca_hard_decide, &s, 100), "7h");
}

/* The exact search reads the seat's view only: deals that differ in the hidden hands give
 * the same values and the same play. */
static void test_exact_never_peeks(void **unused)
{
    (void)unused;
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState a, b;
    const char *ha[4] = {"Ah 3h", "4c Kd", "5c Qs", "7h 2c"};
    const char *hb[4] = {"4c Qs", "Ah 5c", "Kd 3h", "7h 2c"};
    build_end(&a, 4, &o, "5s", ha, 3, "");
    build_end(&b, 4, &o, "5s", hb, 3, "");
    BiscaState va, vb;
    G->observe(&a, 3, &va);
    G->observe(&b, 3, &vb);
    assert_memory_equal(&va, &vb, sizeof va);
    BiscaHardParams P = bisca_hard_defaults;
    P.exact_deals_4p = 1000;
    Rng r;
    Action acts_a[BI_MAX_HAND], acts_b[BI_MAX_HAND];
    double val_a[BI_MAX_HAND], val_b[BI_MAX_HAND];
    rng_seed(&r, 3);
    int na = bisca_exact_values(&va, 3, &P, &r, acts_a, val_a);
    rng_seed(&r, 3);
    int nb = bisca_exact_values(&vb, 3, &P, &r, acts_b, val_b);
    assert_int_equal(na, 2);
    assert_int_equal(na, nb);
    assert_memory_equal(acts_a, acts_b, sizeof(Action) * (size_t)na);
    assert_memory_equal(val_a, val_b, sizeof(double) * (size_t)na);
    assert_int_equal(ask(bisca_hard_decide, &a, 2000), ask(bisca_hard_decide, &b, 2000));
}


/* The expected number of trumps in seat q's hand as the beliefs of `seat` have it. */
static double believed_trumps(const BiscaState *s, int seat, int q, double temper)
{
    BiscaState v;
    G->observe(s, seat, &v);
    BiscaHardParams P = bisca_hard_defaults;
    P.temper = P.temper_4p = temper;
    P.particles = 4000;
    Rng r;
    rng_seed(&r, 8);
    static double prob[BI_MAX_SEATS][52];
    assert_true(bisca_hand_beliefs(&v, seat, &P, &r, prob) > 0);
    double t = 0;
    for (int c = 0; c < 52; c++)
        if (card_suit(card_from_index(c)) == bisca_trump_suit(s))
            t += prob[q][c];
    return t;
}

static void test_inference_reads_a_refusal(void **unused)
{
    (void)unused;
    /* 2 players, trumps spades. Seat 0 leads the A♥ (11 points); seat 1 lets it go with the
     * 2♥. A player who held a trump would very likely have taken 11 points with it, so
     * seat 0's inference must believe seat 1 holds fewer trumps than the uniform guess
     * does (the card seat 1 drew after the trick is still a uniform guess). */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s;
    start_2p(&s, &o, "Ah 3c 4d", "2h 5c 6d", "7s");
    act(&s, "play Ah");
    act(&s, "play 2h");
    act(&s, "draw Kc");
    act(&s, "draw 6h");
    assert_int_equal(G->current_player(&s), 0);
    double uniform = believed_trumps(&s, 0, 1, 0), inferred = believed_trumps(&s, 0, 1, 1);
    /* 9 trumps unseen among 33 cards, 3 of them seat 1's: 27/33 a trump expected. */
    assert_true(fabs(uniform - 27.0 / 33) < 0.06);
    if (!(inferred < 0.8 * uniform))
        fail_msg("trumps believed in seat 1's hand: %.3f with inference, %.3f without",
                 inferred, uniform);
}

/* ---- Hard's budget (issue 26): by its clock at the table, replayable without one -------- */

/* One game with Hard in every seat, each decision asked as `tasca sim` asks it (no clock)
 * with a generator seeded from the deal and the move number; the chance draws from the
 * same seed. Writes the actions taken and returns their number. */
static int hard_game(int players, uint64_t seed, Action *log, int cap)
{
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s, v;
    assert_null(G->init(&s, &o, players, seed));
    Rng chance;
    rng_seed(&chance, seed);
    int n = 0;
    while (G->current_player(&s) != PLAYER_TERMINAL && n < cap) {
        int p = G->current_player(&s);
        Action a;
        if (p == PLAYER_CHANCE) {
            Action acts_[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int k = G->chance_outcomes(&s, acts_, w);
            a = acts_[rng_below(&chance, (uint32_t)k)];
        } else {
            G->observe(&s, p, &v);
            Rng r;
            rng_seed(&r, rng_mix(seed, (uint64_t)n));
            a = bot_decide_timed(G, DIFF_HARD, &v, p, &r, NULL, 0);
        }
        assert_null(G->apply(&s, a));
        log[n++] = a;
    }
    assert_int_equal(G->current_player(&s), PLAYER_TERMINAL);
    return n;
}

/* ---- Hard with 4 players: the determinized search (PIMC) --------------------------------- */

static BiscaHardParams pimc_params(void)
{
    BiscaHardParams P = bisca_hard_defaults;
    P.pimc = 200;
    return P;
}

static Action pimc_decide(const BotRequest *req)
{
    BiscaHardParams P = pimc_params();
    return bisca_hard_decide_with(req, &P);
}

static void test_pimc_team_play(void **unused)
{
    (void)unused;
    team_spots_check(pimc_decide, 0); /* the same positions as test_hard_team_play */
}

static void test_pimc_never_peeks(void **unused)
{
    (void)unused;
    /* Two 4-player deals that differ only in cards seat 0 cannot see give it the same view;
     * the determinized search answers the same in both. */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState a, b, va, vb;
    fresh(&a, 4, &o);
    act(&a, "leader 0");
    acts(&a, "deal", "Kh Ah 2h 2s  5c 6d Jd 3c  6c Qd 5d 4d");
    act(&a, "trunfo 5s");
    fresh(&b, 4, &o);
    act(&b, "leader 0");
    acts(&b, "deal", "Kh 7c 2d As  5c Ac Jh 3s  6c 4h Qh 4s");
    act(&b, "trunfo 5s");
    G->observe(&a, 0, &va);
    G->observe(&b, 0, &vb);
    assert_memory_equal(&va, &vb, sizeof va);
    assert_int_equal(ask(pimc_decide, &a, 0), ask(pimc_decide, &b, 0));
}

static void test_hard_replayable(void **unused)
{
    (void)unused;
    /* Hard decides by its clock at the table; asked for no clock it plays its iterations,
     * so the same seed gives the same game, decision for decision. */
    assert_true(bot_decides_by_time("bisca", DIFF_HARD));
    assert_false(bot_decides_by_time("bisca", DIFF_MEDIUM));
    Action a[BI_DECK * 4], b[BI_DECK * 4];
    int na = hard_game(2, 21, a, BI_DECK * 4);
    int nb = hard_game(2, 21, b, BI_DECK * 4);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, sizeof(Action) * (size_t)na);
}

static void test_hard_thinks_for_its_clock(void **unused)
{
    (void)unused;
    /* With a clock, the level that decides by time searches until it runs out (its
     * iterations no longer stop it): a decision asked with a 1 s clock takes at least that
     * long, where its iterations alone take a small part of it (about 60 ms on one core). */
    GameOptions o;
    opts(&o, 0, 0, 0, 0);
    BiscaState s, v;
    assert_null(G->init(&s, &o, 2, 5));
    Rng chance;
    rng_seed(&chance, 5);
    while (G->current_player(&s) == PLAYER_CHANCE) {
        Action acts_[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        int k = G->chance_outcomes(&s, acts_, w);
        assert_null(G->apply(&s, acts_[rng_below(&chance, (uint32_t)k)]));
    }
    int p = G->current_player(&s);
    G->observe(&s, p, &v);
    Rng r;
    rng_seed(&r, 1);
    long long t0 = clock_now_ns();
    Action a = bot_decide_timed(G, DIFF_HARD, &v, p, &r, NULL, 1000);
    long long ms = (clock_now_ns() - t0) / 1000000;
    Action legal[RULES_MAX_ACTIONS];
    int n = G->legal_actions(&s, legal);
    bool ok = false;
    for (int i = 0; i < n; i++)
        ok |= legal[i] == a;
    assert_true(ok);
    if (ms < 999)
        fail_msg("Hard decided in %lld ms with a 1 s clock: it did not use its time", ms);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points),
        cmocka_unit_test(test_trick_order),
        cmocka_unit_test(test_deal_and_trunfo),
        cmocka_unit_test(test_draw_order_and_leading),
        cmocka_unit_test(test_trunfo_drawn_last),
        cmocka_unit_test(test_no_obligation_to_follow),
        cmocka_unit_test(test_trick_winner),
        cmocka_unit_test(test_portuguese_scoring),
        cmocka_unit_test(test_illegal_plays),
        cmocka_unit_test(test_text_round_trip),
        cmocka_unit_test(test_four_player_teams),
        cmocka_unit_test(test_team_results),
        cmocka_unit_test(test_bandeira_single_game),
        cmocka_unit_test(test_draw_sixty_sixty),
        cmocka_unit_test(test_assist),
        cmocka_unit_test(test_hand_sizes),
        cmocka_unit_test(test_marks_thresholds),
        cmocka_unit_test(test_match_bandeira_ends_match),
        cmocka_unit_test(test_match_marks),
        cmocka_unit_test(test_conservation),
        cmocka_unit_test(test_medium_flags),
        cmocka_unit_test(test_exact_endgame),
        cmocka_unit_test(test_hard_plays_for_its_team),
        cmocka_unit_test(test_hard_never_peeks),
        cmocka_unit_test(test_hard_takes_sure_points),
        cmocka_unit_test(test_hard_team_play),
        cmocka_unit_test(test_exact_agrees_with_brute_force),
        cmocka_unit_test(test_exact_by_hand),
        cmocka_unit_test(test_exact_never_peeks),
        cmocka_unit_test(test_inference_reads_a_refusal),
        cmocka_unit_test(test_pimc_team_play),
        cmocka_unit_test(test_pimc_never_peeks),
        cmocka_unit_test(test_hard_replayable),
        cmocka_unit_test(test_hard_thinks_for_its_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
