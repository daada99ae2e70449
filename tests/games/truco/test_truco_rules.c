/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco rules (RULES.md §1): one scenario per rule, each from a fixed deal, plus random
 * playouts that check the rules-table contract. */
#include <stdlib.h>

#include "truco_test.h"

/* ---- Cards, vira and manilhas -------------------------------------------------------------- */

static void test_rank_order(void **u)
{
    (void)u;
    const char *order[10] = {"4c", "5c", "6c", "7c", "Qc", "Jc", "Kc", "Ac", "2c", "3c"};
    for (int i = 0; i < 10; i++)
        assert_int_equal(truco_rank_order(card_rank(tt_card(order[i]))), i);
    assert_false(truco_card_valid(tt_card("8c")));
    assert_false(truco_card_valid(tt_card("10h")));
    assert_true(truco_card_valid(tt_card("7d")));
}

static void test_manilhas_follow_the_vira(void **u)
{
    (void)u;
    assert_int_equal(truco_manilha_rank(tt_card("7h")), RANK_QUEEN);
    assert_int_equal(truco_manilha_rank(tt_card("Qh")), RANK_JACK);
    assert_int_equal(truco_manilha_rank(tt_card("Kh")), RANK_ACE);
    assert_int_equal(truco_manilha_rank(tt_card("2h")), 3);
    assert_int_equal(truco_manilha_rank(tt_card("3h")), 4); /* cyclic: vira 3 -> the 4s */
    Card vira = tt_card("5h");                               /* manilhas: the 6s */
    /* Every manilha beats the 3, and their suits go ♦ < ♠ < ♥ < ♣. */
    int d = truco_strength(tt_card("6d"), vira), s = truco_strength(tt_card("6s"), vira);
    int h = truco_strength(tt_card("6h"), vira), c = truco_strength(tt_card("6c"), vira);
    assert_true(truco_strength(tt_card("3c"), vira) < d);
    assert_true(d < s && s < h && h < c);
    /* Plain cards of a rank tie whatever the suit. */
    assert_int_equal(truco_strength(tt_card("3c"), vira), truco_strength(tt_card("3d"), vira));
    assert_int_equal(truco_strength(tt_card("7s"), vira), truco_strength(tt_card("7h"), vira));
}

static void test_manilha_wins_the_rodada(void **u)
{
    (void)u;
    /* Vira 3: the 4s are manilhas, so 4♦ beats the 3♣. */
    TrucoState s = tt_hand(0, "3c 5d 6d", "4d 5c 6c", "3h");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♦");
    assert_int_equal(s.result[0], 1);
    assert_int_equal(truco_current_player(&s), 1);
}

static void test_manilha_suits_decide(void **u)
{
    (void)u;
    /* Vira 7: the Queens are manilhas; Q♥ beats Q♠. */
    TrucoState s = tt_hand(0, "Qs 5d 6d", "Qh 5c 6c", "7d");
    tt_act(&s, "play Q♠");
    tt_act(&s, "play Q♥");
    assert_int_equal(s.result[0], 1);
}

/* ---- Rodadas: who leads, who wins the hand ------------------------------------------------- */

static void test_rodada_winner_leads(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "4c 5d 3h", "5c 6d Kh", "7c");
    assert_int_equal(truco_current_player(&s), 0); /* the mão leads the first rodada */
    tt_act(&s, "play 4♣");
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "play 5♣");
    assert_int_equal(s.result[0], 1);
    assert_int_equal(s.rodada, 1);
    assert_int_equal(truco_current_player(&s), 1); /* the winner leads the 2nd */
}

static void test_tie_player_who_tied_leads(void **u)
{
    (void)u;
    /* Seat 0 leads 7♦, seat 1 ties with 7♣: seat 1 (second to play) leads next. */
    TrucoState s = tt_hand(0, "7d Ac 2c", "7c Kd 3d", "4h");
    tt_act(&s, "play 7♦");
    tt_act(&s, "play 7♣");
    assert_int_equal(s.result[0], TR_RES_TIE);
    assert_int_equal(truco_current_player(&s), 1);
    /* The same with seat 1 as the mão: seat 0 ties and leads. */
    s = tt_hand(1, "7d Ac 2c", "7c Kd 3d", "4h");
    tt_act(&s, "play 7♣");
    tt_act(&s, "play 7♦");
    assert_int_equal(s.result[0], TR_RES_TIE);
    assert_int_equal(truco_current_player(&s), 0);
}

static void test_two_rodadas_win_the_hand(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    /* Over after two rodadas, 1 point. */
    assert_int_equal(s.phase, TR_PH_DEAL);
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);
    assert_int_equal(s.last_end, TR_END_RODADAS);
    assert_int_equal(s.last_winner, 0);
}

static void test_tie_first_second_decides(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "7d 3c 4d", "7c 5c 6c", "Kh");
    tt_act(&s, "play 7♦");
    tt_act(&s, "play 7♣"); /* tie: seat 1 leads */
    tt_act(&s, "play 5♣");
    tt_act(&s, "play 3♣"); /* seat 0 wins the 2nd and with it the hand */
    assert_int_equal(s.phase, TR_PH_DEAL);
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);
}

static void test_tie_second_first_winner_wins(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 7d 4d", "4c 7c 5c", "Kh");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣"); /* seat 0 wins the 1st */
    tt_act(&s, "play 7♦");
    tt_act(&s, "play 7♣"); /* the 2nd is tied: the winner of the 1st wins */
    assert_int_equal(s.phase, TR_PH_DEAL);
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);
}

static void test_tie_third_first_winner_wins(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 4d 7d", "4c 2c 7c", "Kh");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣"); /* 1st: seat 0 */
    tt_act(&s, "play 4♦");
    tt_act(&s, "play 2♣"); /* 2nd: seat 1, who leads the 3rd */
    assert_int_equal(s.phase, TR_PH_PLAY);
    tt_act(&s, "play 7♣");
    tt_act(&s, "play 7♦"); /* 3rd tied: the winner of the 1st (seat 0) */
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);
}

static void test_split_third_decides(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 4d 5d", "4c 2c 6c", "Kh");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 4♦");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 6♣");
    tt_act(&s, "play 5♦");
    assert_int_equal(s.score[0], 0);
    assert_int_equal(s.score[1], 1);
}

static void test_two_ties_third_decides(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "7d 5d 3c", "7c 5c 4c", "Kh");
    tt_act(&s, "play 7♦");
    tt_act(&s, "play 7♣"); /* tie: seat 1 leads */
    tt_act(&s, "play 5♣");
    tt_act(&s, "play 5♦"); /* tie: seat 0 leads */
    assert_int_equal(s.phase, TR_PH_PLAY);
    assert_int_equal(truco_current_player(&s), 0);
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);
}

static void test_all_tied_nobody_scores(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "7d 5d 4d", "7c 5c 4c", "Kh");
    tt_act(&s, "play 7♦");
    tt_act(&s, "play 7♣");
    tt_act(&s, "play 5♣");
    tt_act(&s, "play 5♦");
    tt_act(&s, "play 4♦");
    tt_act(&s, "play 4♣");
    assert_int_equal(s.phase, TR_PH_DEAL);
    assert_int_equal(s.score[0], 0);
    assert_int_equal(s.score[1], 0);
    assert_int_equal(s.last_end, TR_END_TIED);
    assert_int_equal(s.last_winner, -1);
}

/* ---- Carta fechada ------------------------------------------------------------------------- */

static void test_fechada_not_in_first_rodada(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c Qc 4d", "4c 5c 6c", "7h");
    assert_false(tt_legal(&s, "hide 3♣"));
    tt_refused(&s, "hide 3♣");
    tt_refused(&s, "play 3♣ fechada");
    tt_act(&s, "play 3♣");
    assert_false(tt_legal(&s, "hide 4♣"));
    tt_refused(&s, "hide 4♣");
    tt_act(&s, "play 4♣");
    assert_true(tt_legal(&s, "hide Q♣")); /* from the 2nd rodada on */
}

static void test_fechada_loses_to_any_face_up(void **u)
{
    (void)u;
    /* Vira 7: Q♣ is the zap, yet face down it loses to a 5. */
    TrucoState s = tt_hand(0, "3c Qc 4d", "4c 5c 6c", "7h");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play Q♣ fechada");
    assert_true(s.down[1] & 1);
    tt_act(&s, "play 5♣");
    assert_int_equal(s.result[1], 1);
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "play 6♣");
    tt_act(&s, "play 4♦");
    assert_int_equal(s.score[1], 1);
    assert_int_equal(s.score[0], 0);
}

static void test_two_fechadas_tie(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c Qc 4d", "4c 5c 6c", "7h");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "hide 4♦");
    tt_act(&s, "hide 6♣");
    assert_int_equal(s.result[1], TR_RES_TIE);
    /* A tied 2nd: the winner of the 1st wins the hand. */
    assert_int_equal(s.score[0], 1);
}

static void test_fechada_hidden_from_opponent(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c Qc 4d", "4c 5c 6c", "7h");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "hide Q♣");
    TrucoState v0, v1, r, rv;
    truco_rules.observe(&s, 0, &v0);
    truco_rules.observe(&s, 1, &v1);
    assert_int_equal(v0.table[1][0], tt_card("Qc")); /* its owner sees it */
    assert_int_equal(v1.table[1][0], CARD_HIDDEN);   /* the opponent does not */
    assert_int_equal(v1.table[0][0], tt_card("3c")); /* face-up cards stay visible */
    /* A deal consistent with seat 1's view puts some unseen card there. */
    Rng rng;
    rng_seed(&rng, 7);
    for (int k = 0; k < 50; k++) {
        truco_rules.resample(&v1, 1, &rng, &r);
        Card c = r.table[1][0];
        assert_true(truco_card_valid(c));
        assert_true(c != tt_card("3c") && c != tt_card("4c") && c != tt_card("7h"));
        assert_true(c != tt_card("5c") && c != tt_card("6c")); /* seat 1's own cards */
        truco_rules.observe(&r, 1, &rv);
        assert_memory_equal(&rv, &v1, sizeof rv);
    }
}

/* ---- Betting -------------------------------------------------------------------------------- */
/* Each team's public record of bets over the match: a chance to call truco counted once a
 * hand (the first turn to play at the base value that could call), a truco called, and
 * every answer to a raise (accepted, refused, raised again); kept across hands and seen by
 * every seat alike. */
static void test_bet_record(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    for (int t = 0; t < 2; t++)
        assert_int_equal(s.bet_chances[t] + s.bet_calls[t] + s.bet_accepts[t] + s.bet_runs[t] +
                             s.bet_reraises[t],
                         0);
    tt_act(&s, "play 4♦"); /* seat 0 could have called: a chance, no call */
    assert_int_equal(s.bet_chances[0], 1);
    assert_int_equal(s.bet_calls[0], 0);
    tt_act(&s, "truco"); /* seat 1 calls at its first turn */
    assert_int_equal(s.bet_chances[1], 1);
    assert_int_equal(s.bet_calls[1], 1);
    tt_act(&s, "seis"); /* seat 0 answers by raising */
    assert_int_equal(s.bet_reraises[0], 1);
    assert_int_equal(s.bet_stays_up[0], 0); /* an answer to a truco */
    tt_act(&s, "aceitar");
    assert_int_equal(s.bet_accepts[1], 1);
    assert_int_equal(s.bet_stays_up[1], 1); /* an answer to a seis: counted apart too */
    assert_int_equal(s.bet_runs_up[1], 0);
    tt_act(&s, "play 5♣"); /* seat 1 takes the 1st rodada and leads */
    tt_act(&s, "play 4♣");
    /* Seat 0's next turn in the same hand (the hand is worth 6 now): no second chance. */
    tt_act(&s, "play 3♣");
    assert_int_equal(s.bet_chances[0], 1);
    assert_int_equal(s.bet_chances[1], 1);
    /* The record is public: every seat's view keeps it. */
    for (int seat = 0; seat < 2; seat++) {
        TrucoState v;
        truco_rules.observe(&s, seat, &v);
        assert_memory_equal(v.bet_chances, s.bet_chances, sizeof s.bet_chances);
        assert_memory_equal(v.bet_calls, s.bet_calls, sizeof s.bet_calls);
        assert_memory_equal(v.bet_accepts, s.bet_accepts, sizeof s.bet_accepts);
        assert_memory_equal(v.bet_reraises, s.bet_reraises, sizeof s.bet_reraises);
        assert_memory_equal(v.bet_runs_up, s.bet_runs_up, sizeof s.bet_runs_up);
        assert_memory_equal(v.bet_stays_up, s.bet_stays_up, sizeof s.bet_stays_up);
    }
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 6♣"); /* seat 0 wins the hand */
    /* The next hand: the record stays; a truco refused counts as a run, and a chance is
     * counted again once in the new hand. */
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "truco");
    assert_int_equal(s.bet_chances[1], 2);
    assert_int_equal(s.bet_calls[1], 2);
    tt_act(&s, "correr");
    assert_int_equal(s.bet_runs[0], 1);
    assert_int_equal(s.bet_runs_up[0], 0); /* a truco refused */
    assert_int_equal(s.bet_accepts[0] + s.bet_accepts[1], 1);
    assert_int_equal(s.bet_reraises[0] + s.bet_reraises[1], 1);
    /* A refused action counts nothing. */
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    TrucoState before = s;
    tt_refused(&s, "seis");
    assert_memory_equal(&before, &s, sizeof s);
}


/* The hand's betting log: who raised, accepted or raised again, in which rodada, after
 * whose cards, at what value; every view keeps it and a new hand empties it. (A save is
 * replayed from its actions: the save tests compare whole states, the log included.) */
static void check_bet(const TrucoBet *b, int seat, int action, int answer, int rodada,
                      int played, int value)
{
    assert_int_equal(b->seat, seat);
    assert_int_equal(b->action, action);
    assert_int_equal(b->answer, answer);
    assert_int_equal(b->rodada, rodada);
    assert_int_equal(b->played, played);
    assert_int_equal(b->value, value);
}

static void test_bet_log(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.n_bets, 0);
    tt_act(&s, "play 4♦");  /* seat 0 leads the 1st rodada without a raise: not logged */
    tt_act(&s, "truco");    /* seat 1 after seat 0's card */
    tt_act(&s, "seis");     /* seat 0 answers by raising */
    tt_act(&s, "aceitar");  /* seat 1 accepts the seis */
    tt_act(&s, "play 5♣");  /* seat 1 takes the 1st rodada and leads the 2nd */
    tt_act(&s, "nove");     /* seat 1 raises before any card of the 2nd rodada */
    tt_act(&s, "aceitar");
    tt_act(&s, "play 4♣");
    assert_int_equal(s.n_bets, 5);
    check_bet(&s.bets[0], 1, TR_TRUCO, 0, 0, 1u << 0, 1);
    check_bet(&s.bets[1], 0, TR_SEIS, 1, 0, 1u << 0, 1);
    check_bet(&s.bets[2], 1, TR_ACCEPT, 1, 0, 1u << 0, 3);
    check_bet(&s.bets[3], 1, TR_NOVE, 0, 1, 0, 6);
    check_bet(&s.bets[4], 0, TR_ACCEPT, 1, 1, 0, 6);
    assert_int_equal(s.value, 9);
    for (int seat = 0; seat < 2; seat++) { /* public */
        TrucoState v;
        truco_rules.observe(&s, seat, &v);
        assert_int_equal(v.n_bets, s.n_bets);
        assert_memory_equal(v.bets, s.bets, sizeof s.bets);
    }
    tt_act(&s, "play 3♣"); /* seat 0 takes the 2nd rodada; the 3rd decides */
    tt_act(&s, "doze");    /* seat 0, after nobody's card of the 3rd rodada */
    tt_act(&s, "correr");
    assert_int_equal(s.n_bets, 7);
    check_bet(&s.bets[5], 0, TR_DOZE, 0, 2, 0, 9);
    check_bet(&s.bets[6], 1, TR_RUN, 1, 2, 0, 9);
    assert_int_equal(s.score[0], 9);
    /* The next hand starts with an empty log. */
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.n_bets, 0);
    tt_act(&s, "truco");
    assert_int_equal(s.n_bets, 1);
    check_bet(&s.bets[0], 1, TR_TRUCO, 0, 0, 0, 1);
    /* A refused action logs nothing. */
    tt_refused(&s, "nove");
    assert_int_equal(s.n_bets, 1);
}

static void test_truco_accepted(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_true(tt_legal(&s, "truco"));
    assert_false(tt_legal(&s, "seis"));
    tt_refused(&s, "seis");
    tt_act(&s, "truco");
    assert_int_equal(s.phase, TR_PH_ANSWER);
    assert_int_equal(truco_current_player(&s), 1);
    assert_true(tt_legal(&s, "aceitar"));
    assert_true(tt_legal(&s, "correr"));
    assert_true(tt_legal(&s, "seis"));
    assert_false(tt_legal(&s, "play 4♣"));
    tt_refused(&s, "nove");
    tt_refused(&s, "play 4♣");
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 3);
    assert_int_equal(truco_current_player(&s), 0); /* the raiser still plays its card */
    /* No raising twice in a row. */
    assert_false(tt_legal(&s, "seis"));
    tt_refused(&s, "seis");
    tt_act(&s, "play 3♣");
    assert_true(tt_legal(&s, "seis")); /* the opponent may */
    tt_act(&s, "play 4♣");
    assert_false(tt_legal(&s, "seis")); /* seat 0 again: still not */
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.score[0], 3);
}

static void test_truco_not_out_of_turn(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "play 3♣");
    /* Raise only before playing a card: the one who just played cannot, seat 1 can. */
    assert_int_equal(truco_current_player(&s), 1);
    assert_true(tt_legal(&s, "truco"));
    tt_act(&s, "truco");
    assert_int_equal(truco_current_player(&s), 0);
    tt_act(&s, "aceitar");
    assert_int_equal(truco_current_player(&s), 1);
    assert_false(tt_legal(&s, "seis"));
    tt_refused(&s, "seis");
}

static void test_run_from_truco_gives_one(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_act(&s, "correr");
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);
    assert_int_equal(s.last_end, TR_END_RUN);
    assert_int_equal(s.phase, TR_PH_DEAL);
}

static void test_run_values(void **u)
{
    (void)u;
    /* Running from seis gives 3, from nove 6, from doze 9: the value before the raise. */
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_act(&s, "seis");
    assert_int_equal(truco_current_player(&s), 0);
    tt_act(&s, "correr");
    assert_int_equal(s.score[1], 3);
    assert_int_equal(s.score[0], 0);

    s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_act(&s, "seis");
    tt_act(&s, "nove");
    tt_act(&s, "correr");
    assert_int_equal(s.score[0], 6);

    s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_act(&s, "seis");
    tt_act(&s, "nove");
    tt_act(&s, "doze");
    assert_true(tt_legal(&s, "aceitar"));
    assert_true(tt_legal(&s, "correr"));
    Action acts[RULES_MAX_ACTIONS];
    assert_int_equal(truco_rules.legal_actions(&s, acts), 2); /* doze cannot be raised */
    tt_act(&s, "correr");
    assert_int_equal(s.score[1], 9);
}

static void test_raise_chain_to_doze(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_act(&s, "seis");
    tt_act(&s, "nove");
    tt_act(&s, "doze");
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 12);
    assert_int_equal(truco_current_player(&s), 0);
    assert_false(tt_legal(&s, "truco"));
    tt_act(&s, "play 3♣");
    /* Worth 12: nobody raises any more. */
    Action acts[RULES_MAX_ACTIONS];
    int n = truco_rules.legal_actions(&s, acts);
    for (int i = 0; i < n; i++)
        assert_true(acts[i] >= TR_PLAY);
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.score[0], 12);
    assert_int_equal(s.phase, TR_PH_OVER); /* 12 points end the game */
}

static void test_accepted_seis_is_worth_six(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_act(&s, "seis");
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 6);
    /* Seat 1 made the last raise: seat 0 (to play) may raise to nove. */
    assert_true(tt_legal(&s, "nove"));
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.score[0], 6);
}

/* ---- Mão de onze and mão de ferro --------------------------------------------------------- */

/* A match after "first mao" with the scores set for the next deal. */
static TrucoState at_scores(int blind, int mao, int a, int b)
{
    TrucoState s = tt_new(blind, 0);
    char t[16];
    snprintf(t, sizeof t, "first %d", mao);
    tt_act(&s, t);
    s.score[0] = (uint8_t)a;
    s.score[1] = (uint8_t)b;
    return s;
}

static void test_onze_run_gives_one(void **u)
{
    (void)u;
    TrucoState s = at_scores(0, 0, 11, 5);
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.phase, TR_PH_ONZE);
    assert_int_equal(truco_current_player(&s), 0);
    /* The player at 11 sees its cards before deciding; the opponent's stay hidden. */
    TrucoState v;
    truco_rules.observe(&s, 0, &v);
    assert_int_equal(v.hand[0][0], tt_card("3c"));
    assert_int_equal(v.hand[1][0], CARD_HIDDEN);
    Action acts[RULES_MAX_ACTIONS];
    assert_int_equal(truco_rules.legal_actions(&s, acts), 2);
    assert_true(tt_legal(&s, "jogar"));
    assert_true(tt_legal(&s, "fugir"));
    tt_refused(&s, "play 3♣");
    tt_refused(&s, "truco");
    tt_act(&s, "fugir");
    assert_int_equal(s.score[0], 11);
    assert_int_equal(s.score[1], 6);
    assert_int_equal(s.last_end, TR_END_ONZE_RUN);
    assert_int_equal(s.phase, TR_PH_DEAL);
}

static void test_onze_played_is_worth_three_no_raises(void **u)
{
    (void)u;
    /* Seat 1 is at 11 while seat 0 is the mão: seat 1 decides. */
    TrucoState s = at_scores(0, 0, 4, 11);
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "jogar");
    assert_int_equal(s.value, 3);
    assert_int_equal(s.phase, TR_PH_PLAY);
    assert_int_equal(truco_current_player(&s), 0);
    assert_false(tt_legal(&s, "truco"));
    tt_refused(&s, "truco");
    tt_act(&s, "play 3♣");
    assert_false(tt_legal(&s, "truco"));
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.score[0], 7); /* the team not at 11 wins 3 */
    assert_int_equal(s.score[1], 11);
}

static void test_ferro_no_raises_worth_one(void **u)
{
    (void)u;
    TrucoState s = at_scores(0, 1, 11, 11);
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.kind, TR_KIND_FERRO);
    assert_int_equal(s.phase, TR_PH_PLAY); /* no decision: it must be played */
    assert_int_equal(s.value, 1);
    assert_int_equal(truco_current_player(&s), 1);
    assert_false(tt_legal(&s, "truco"));
    assert_false(tt_legal(&s, "fugir"));
    tt_refused(&s, "truco");
    /* Not blind: each sees its own cards. */
    TrucoState v;
    truco_rules.observe(&s, 1, &v);
    assert_int_equal(v.hand[1][0], tt_card("4c"));
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.score[0], 12);
    assert_int_equal(s.phase, TR_PH_OVER);
    double ret[RULES_MAX_PLAYERS];
    truco_rules.returns(&s, ret);
    assert_true(ret[0] == 1 && ret[1] == -1);
}

static void test_ferro_blind(void **u)
{
    (void)u;
    TrucoState s = at_scores(1, 0, 11, 11);
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_true(s.blind);
    TrucoState v0, v1;
    truco_rules.observe(&s, 0, &v0);
    for (int i = 0; i < TR_HAND; i++)
        assert_int_equal(v0.hand[0][i], CARD_HIDDEN); /* not even its own cards */
    assert_int_equal(v0.vira, tt_card("7h"));
    /* Cards are chosen by position, unseen. */
    assert_true(tt_legal(&s, "play #1"));
    assert_false(tt_legal(&s, "play 3♣"));
    tt_refused(&s, "play 3♣");
    tt_refused(&s, "hide #1");
    tt_act(&s, "play #2"); /* the 2♣ */
    truco_rules.observe(&s, 1, &v1);
    assert_int_equal(v1.table[0][0], tt_card("2c")); /* played face up: seen by all */
    truco_rules.observe(&s, 0, &v0);
    assert_int_equal(v0.table[0][0], tt_card("2c"));
    tt_act(&s, "play #1"); /* 4♣ */
    assert_int_equal(s.result[0], 0);
    tt_refused(&s, "play #2"); /* already played */
    assert_true(tt_legal(&s, "hide #3"));
    tt_act(&s, "play #1"); /* 3♣ */
    tt_act(&s, "play #3"); /* 6♣ */
    assert_int_equal(s.score[0], 12);
}

static void test_blind_option_only_in_ferro(void **u)
{
    (void)u;
    TrucoState s = at_scores(1, 0, 10, 11);
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_false(s.blind);
    TrucoState v;
    truco_rules.observe(&s, 1, &v);
    assert_int_equal(v.hand[1][0], tt_card("4c"));
}

/* ---- Game, match, first player ------------------------------------------------------------ */

static void test_score_passes_twelve(void **u)
{
    (void)u;
    TrucoState s = at_scores(0, 0, 10, 3);
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_act(&s, "aceitar");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.score[0], 13);
    assert_int_equal(s.phase, TR_PH_OVER);
    assert_int_equal(truco_current_player(&s), PLAYER_TERMINAL);
    double ret[RULES_MAX_PLAYERS];
    truco_rules.returns(&s, ret);
    assert_true(ret[0] == 1 && ret[1] == -1);
}

static void test_best_of_three(void **u)
{
    (void)u;
    TrucoState s = tt_new(0, 1);
    tt_act(&s, "first 0");
    s.score[1] = 9;
    tt_deal(&s, "4c 5c 6c", "3c 2c 4d", "7h");
    tt_act(&s, "play 4♣");
    tt_act(&s, "truco");
    tt_act(&s, "aceitar");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    /* Seat 1 wins the first game 12-0: the match goes on. */
    assert_int_equal(s.score[1], 12);
    assert_int_equal(s.games[1], 1);
    assert_int_equal(s.game_winner, 1);
    assert_int_equal(s.phase, TR_PH_DEAL);
    /* The next game starts from 0-0 with the next deal; the mão alternates. */
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.score[0], 0);
    assert_int_equal(s.score[1], 0);
    assert_int_equal(s.mao, 1);
    s.score[0] = 11;
    s.score[1] = 11; /* the next point ends the second game */
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.games[0], 1);
    assert_int_equal(s.phase, TR_PH_DEAL); /* 1-1 in games */
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    s.score[0] = 11;
    s.score[1] = 11;
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play 2♣");
    tt_act(&s, "play 5♣");
    assert_int_equal(s.games[0], 2);
    assert_int_equal(s.phase, TR_PH_OVER);
    assert_int_equal(s.winner, 0);
}

static void test_first_player_is_chance_then_alternates(void **u)
{
    (void)u;
    TrucoState s = tt_new(0, 0);
    assert_int_equal(truco_current_player(&s), PLAYER_CHANCE);
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    assert_int_equal(truco_rules.chance_outcomes(&s, acts, w), 2);
    assert_int_equal(acts[0], TR_FIRST + 0);
    assert_int_equal(acts[1], TR_FIRST + 1);
    assert_int_equal(w[0], w[1]);
    tt_act(&s, "first 1");
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.mao, 1);
    tt_act(&s, "truco");
    tt_act(&s, "correr");
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.mao, 0);
    assert_int_equal(truco_current_player(&s), 0);
    tt_act(&s, "truco");
    tt_act(&s, "correr");
    tt_deal(&s, "3c 2c 4d", "4c 5c 6c", "7h");
    assert_int_equal(s.mao, 1);
}

static void test_deal_outcomes_canonical(void **u)
{
    (void)u;
    TrucoState s = tt_new(0, 0);
    tt_act(&s, "first 0");
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = truco_rules.chance_outcomes(&s, acts, w);
    assert_int_equal(n, 40);
    for (int i = 0; i < n; i++) {
        assert_int_equal(w[i], 1);
        assert_true(truco_card_valid(card_from_index(acts[i] - TR_DEAL)));
        if (i)
            assert_true(acts[i] > acts[i - 1]); /* sorted by card */
    }
    tt_act(&s, "deal 4h");
    assert_int_equal(truco_rules.chance_outcomes(&s, acts, w), 39);
    tt_refused(&s, "deal 4h"); /* already dealt */
    Action eight = TR_DEAL + card_index(tt_card("8c"));
    TrucoState before = s;
    assert_non_null(truco_rules.apply(&s, eight));
    assert_memory_equal(&before, &s, sizeof s);
    assert_int_equal(s.hand[0][0], tt_card("4h")); /* the mão gets the first card */
}

static void test_illegal_refused(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_refused(&s, "play 4♣");  /* seat 1's card */
    tt_refused(&s, "play A♥");  /* nobody's */
    tt_refused(&s, "aceitar");  /* nothing to answer */
    tt_refused(&s, "jogar");    /* not a mão de onze */
    tt_refused(&s, "deal 7c");  /* not dealing */
    tt_refused(&s, "first 1");
    tt_refused(&s, "play #1");  /* not blind */
    tt_act(&s, "truco");
    tt_refused(&s, "play 4♣");  /* answer first */
    tt_refused(&s, "truco");
}

static void test_action_texts(void **u)
{
    (void)u;
    const char *texts[] = {"truco", "seis", "nove", "doze", "aceitar", "correr", "jogar",
                           "fugir", "play 7♥", "hide 7♥", "play #2", "hide #3", "deal Q♣",
                           "first 1"};
    TrucoState s = tt_new(0, 0);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        Action a;
        char back[RULES_ACTION_TEXT];
        assert_true(truco_rules.action_from_string(&s, texts[i], &a));
        truco_rules.action_to_string(&s, a, back);
        assert_string_equal(back, texts[i]);
    }
    Action a, b;
    assert_true(truco_rules.action_from_string(&s, "play 7h fechada", &a));
    assert_true(truco_rules.action_from_string(&s, "hide 7♥", &b));
    assert_int_equal(a, b);
    assert_false(truco_rules.action_from_string(&s, "play 8♥", &a));
    assert_false(truco_rules.action_from_string(&s, "play #4", &a));
    assert_false(truco_rules.action_from_string(&s, "truco!", &a));
}

/* ---- Random playouts: the rules-table contract --------------------------------------------- */

static void playouts(int blind, int match, int games)
{
    Rng rng;
    rng_seed(&rng, (uint64_t)(blind * 2 + match + 11));
    int wins[2] = {0, 0};
    bool saw_blind = false, saw_onze = false;
    for (int g = 0; g < games; g++) {
        TrucoState s = tt_new(blind, match);
        for (int steps = 0; truco_current_player(&s) != PLAYER_TERMINAL; steps++) {
            assert_true(steps < 5000);
            saw_blind |= s.blind && s.phase == TR_PH_PLAY;
            saw_onze |= s.phase == TR_PH_ONZE;
            /* Views: idempotent, resample consistent, same legal actions for the mover. */
            int cp = truco_current_player(&s);
            for (int seat = 0; seat < 2; seat++) {
                TrucoState v, vv, r, rv;
                truco_rules.observe(&s, seat, &v);
                truco_rules.observe(&v, seat, &vv);
                assert_memory_equal(&v, &vv, sizeof v);
                truco_rules.resample(&v, seat, &rng, &r);
                truco_rules.observe(&r, seat, &rv);
                assert_memory_equal(&v, &rv, sizeof v);
                if (cp == seat) {
                    Action a1[RULES_MAX_ACTIONS], a2[RULES_MAX_ACTIONS];
                    int n1 = truco_rules.legal_actions(&s, a1);
                    int n2 = truco_rules.legal_actions(&r, a2);
                    assert_int_equal(n1, n2);
                    assert_memory_equal(a1, a2, (size_t)n1 * sizeof a1[0]);
                }
            }
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = cp == PLAYER_CHANCE ? truco_rules.chance_outcomes(&s, acts, w)
                                        : truco_rules.legal_actions(&s, acts);
            assert_true(n > 0);
            for (int i = 0; i < n; i++) {
                char t[RULES_ACTION_TEXT];
                Action back;
                truco_rules.action_to_string(&s, acts[i], t);
                assert_true(truco_rules.action_from_string(&s, t, &back));
                assert_int_equal(back, acts[i]);
            }
            Action a = acts[rng_below(&rng, (uint32_t)n)];
            /* A face-down play now and then keeps that branch covered. */
            TrucoState c1 = s, c2 = s;
            assert_null(truco_rules.apply(&c1, a));
            assert_null(truco_rules.apply(&c2, a));
            assert_memory_equal(&c1, &c2, sizeof c1);
            s = c1;
            /* Cards are conserved: 2 hands + table + vira hold distinct cards. */
            bool seen[52] = {false};
            for (int p = 0; p < 2; p++)
                for (int i = 0; i < TR_HAND; i++) {
                    Card x[2] = {s.hand[p][i], s.table[i][p]};
                    for (int k = 0; k < 2; k++)
                        if (x[k] != CARD_NONE) {
                            assert_true(truco_card_valid(x[k]));
                            assert_false(seen[card_index(x[k])]);
                            seen[card_index(x[k])] = true;
                        }
                }
        }
        double ret[RULES_MAX_PLAYERS];
        truco_rules.returns(&s, ret);
        assert_true(ret[0] == -ret[1] && (ret[0] == 1 || ret[0] == -1));
        wins[ret[0] > 0 ? 0 : 1]++;
        assert_true(s.score[s.winner] >= TR_GAME_POINTS);
        if (match)
            assert_int_equal(s.games[s.winner], 2);
    }
    assert_true(wins[0] > 0 && wins[1] > 0);
    assert_true(saw_onze);
    if (blind)
        assert_true(saw_blind);
}

static void test_playouts(void **u)
{
    (void)u;
    playouts(0, 0, 300);
    playouts(1, 0, 300);
    playouts(0, 1, 100);
    playouts(1, 1, 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_order),
        cmocka_unit_test(test_manilhas_follow_the_vira),
        cmocka_unit_test(test_manilha_wins_the_rodada),
        cmocka_unit_test(test_manilha_suits_decide),
        cmocka_unit_test(test_rodada_winner_leads),
        cmocka_unit_test(test_tie_player_who_tied_leads),
        cmocka_unit_test(test_two_rodadas_win_the_hand),
        cmocka_unit_test(test_tie_first_second_decides),
        cmocka_unit_test(test_tie_second_first_winner_wins),
        cmocka_unit_test(test_tie_third_first_winner_wins),
        cmocka_unit_test(test_split_third_decides),
        cmocka_unit_test(test_two_ties_third_decides),
        cmocka_unit_test(test_all_tied_nobody_scores),
        cmocka_unit_test(test_fechada_not_in_first_rodada),
        cmocka_unit_test(test_fechada_loses_to_any_face_up),
        cmocka_unit_test(test_two_fechadas_tie),
        cmocka_unit_test(test_fechada_hidden_from_opponent),
        cmocka_unit_test(test_bet_record),
        cmocka_unit_test(test_bet_log),
        cmocka_unit_test(test_truco_accepted),
        cmocka_unit_test(test_truco_not_out_of_turn),
        cmocka_unit_test(test_run_from_truco_gives_one),
        cmocka_unit_test(test_run_values),
        cmocka_unit_test(test_raise_chain_to_doze),
        cmocka_unit_test(test_accepted_seis_is_worth_six),
        cmocka_unit_test(test_onze_run_gives_one),
        cmocka_unit_test(test_onze_played_is_worth_three_no_raises),
        cmocka_unit_test(test_ferro_no_raises_worth_one),
        cmocka_unit_test(test_ferro_blind),
        cmocka_unit_test(test_blind_option_only_in_ferro),
        cmocka_unit_test(test_score_passes_twelve),
        cmocka_unit_test(test_best_of_three),
        cmocka_unit_test(test_first_player_is_chance_then_alternates),
        cmocka_unit_test(test_deal_outcomes_canonical),
        cmocka_unit_test(test_illegal_refused),
        cmocka_unit_test(test_action_texts),
        cmocka_unit_test(test_playouts),
    };
    return cmocka_run_group_tests_name("truco rules", tests, NULL, NULL);
}
