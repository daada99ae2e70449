/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco for four (partners opposite: seats 0+2 against 1+3): one scenario per rule, each
 * from a fixed deal, and random playouts that check the rules-table contract and that no
 * view shows a card its seat may not see. */
#include <stdlib.h>

#include "truco_test.h"

/* Vira 4♥ throughout unless said: the manilhas are the 5s. */

static void test_deal_and_mao_rotate(void **u)
{
    (void)u;
    TrucoState s = tt_hand4(1, "3c 2c Ad", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    assert_int_equal(s.num_players, 4);
    assert_int_equal(s.hand[0][0], tt_card("3c"));
    assert_int_equal(s.hand[2][2], tt_card("6d"));
    assert_int_equal(s.hand[3][1], tt_card("Js"));
    assert_int_equal(s.vira, tt_card("4h"));
    assert_int_equal(truco_current_player(&s), 1); /* the mão leads */
    /* Each hand the mão moves one seat on, round the table. */
    for (int k = 0; k < 5; k++) {
        int mao = s.mao;
        assert_int_equal(truco_current_player(&s), mao);
        tt_act(&s, "truco");
        assert_int_equal(truco_current_player(&s), (mao + 1) % 4);
        tt_act(&s, "correr");
        tt_deal4(&s, "3c 2c Ad", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
        assert_int_equal(s.mao, (mao + 1) % 4);
    }
}

static void test_strongest_card_wins_for_its_team(void **u)
{
    (void)u;
    TrucoState s = tt_hand4(0, "Ac 6c 7c", "5d 6d 7d", "5c 6s 7s", "3c 6h 7h", "4h");
    tt_act(&s, "play A♣");
    tt_act(&s, "play 5♦"); /* a manilha */
    tt_act(&s, "play 5♣"); /* the zap beats it */
    assert_int_equal(s.result[0], TR_RES_NONE);
    tt_act(&s, "play 3♣");
    assert_int_equal(s.result[0], 0);
    assert_int_equal(s.rodada, 1);
    assert_int_equal(truco_current_player(&s), 2); /* whoever played the zap leads */
}

static void test_partners_equal_first_leads(void **u)
{
    (void)u;
    /* Seats 0 and 2 both play a 3 and nobody else reaches it: no tie, team 0 wins, and the
     * first of the two leads. */
    TrucoState s = tt_hand4(0, "3c 6c 7c", "Kc 6d 7d", "3d 6s 7s", "2c 6h 7h", "4h");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play K♣");
    tt_act(&s, "play 3♦");
    tt_act(&s, "play 2♣");
    assert_int_equal(s.result[0], 0);
    assert_int_equal(truco_current_player(&s), 0);
}

static void test_cangou_who_tied_leads(void **u)
{
    (void)u;
    /* 7, 3, 3, 2: seat 1's 3 is matched by seat 2, the player who tied leads. */
    TrucoState s = tt_hand4(0, "7c 6c Ac", "3c 6d Ad", "3d 6s As", "2c 6h Ah", "4h");
    tt_act(&s, "play 7♣");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 3♦");
    tt_act(&s, "play 2♣");
    assert_int_equal(s.result[0], TR_RES_TIE);
    assert_int_equal(truco_current_player(&s), 2);
    /* 3, K, 3, 3: seat 2's 3 is its partner's, seat 3 is the first to match the other
     * team's 3, and leads. */
    s = tt_hand4(0, "3c 6c Ac", "Kc 6d Ad", "3d 6s As", "3s 6h Ah", "4h");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play K♣");
    tt_act(&s, "play 3♦");
    tt_act(&s, "play 3♠");
    assert_int_equal(s.result[0], TR_RES_TIE);
    assert_int_equal(truco_current_player(&s), 3);
    int res;
    assert_int_equal(truco_rodada_leader(&s, 0, &res), 3);
    assert_int_equal(res, TR_RES_TIE);
    /* A stronger card after the tie breaks it: 3, 3, zap, 2. */
    s = tt_hand4(3, "3c 6c Ac", "5c 6d Ad", "2d 6s As", "3s 6h Ah", "4h");
    tt_act(&s, "play 3♠"); /* seat 3, the mão */
    tt_act(&s, "play 3♣"); /* seat 0 ties */
    assert_int_equal(truco_rodada_leader(&s, 0, &res), 0);
    assert_int_equal(res, TR_RES_TIE);
    tt_act(&s, "play 5♣"); /* seat 1: the zap */
    assert_int_equal(truco_rodada_leader(&s, 0, &res), 1);
    assert_int_equal(res, 1);
    tt_act(&s, "play 2♦");
    assert_int_equal(s.result[0], 1);
    assert_int_equal(truco_current_player(&s), 1);
}

static void test_tie_rules_decide_the_hand(void **u)
{
    (void)u;
    /* Rodada 1 tied: rodada 2 decides. */
    TrucoState s = tt_hand4(0, "7c 3c Ac", "7d 2d 6d", "6c Kd 6s", "6h Js Ks", "4h");
    tt_act(&s, "play 7♣");
    tt_act(&s, "play 7♦"); /* seat 1 ties */
    tt_act(&s, "play 6♣");
    tt_act(&s, "play 6♥");
    assert_int_equal(s.result[0], TR_RES_TIE);
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "play 2♦");
    tt_act(&s, "play K♦");
    tt_act(&s, "play J♠");
    tt_act(&s, "play 3♣"); /* seat 0 takes the second rodada, and the hand */
    assert_int_equal(s.phase, TR_PH_DEAL);
    assert_int_equal(s.score[0], 1);
    assert_int_equal(s.score[1], 0);
    assert_int_equal(s.last_winner, 0);
    /* All three rodadas tied: nobody scores. */
    s = tt_hand4(0, "7c Kc Ac", "7d Kd Ad", "6c 6d 4d", "6s 4c 4s", "4h");
    const char *plays[12] = {"7♣", "7♦", "6♣", "6♠", "K♦", "6♦", "4♣", "K♣",
                             "A♣", "A♦", "4♦", "4♠"};
    for (int i = 0; i < 12; i++) {
        char t[24];
        snprintf(t, sizeof t, "play %s", plays[i]);
        tt_act(&s, t);
        if (i == 3)
            assert_int_equal(truco_current_player(&s), 1); /* seat 1 tied first */
    }
    assert_int_equal(s.last_end, TR_END_TIED);
    assert_int_equal(s.score[0] + s.score[1], 0);
}

static void test_truco_answered_by_the_team(void **u)
{
    (void)u;
    TrucoState s = tt_hand4(0, "3c 2c Ac", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    tt_refused(&s, "parceiro"); /* nothing to answer */
    tt_act(&s, "truco");
    assert_int_equal(truco_current_player(&s), 1); /* the next player answers first */
    assert_true(tt_legal(&s, "parceiro"));
    tt_act(&s, "parceiro");
    assert_int_equal(truco_current_player(&s), 3); /* ...or leaves it to the partner */
    tt_refused(&s, "parceiro");                    /* who must answer */
    assert_true(tt_legal(&s, "seis"));
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 3);
    assert_int_equal(truco_current_player(&s), 0); /* seat 0 plays on */
    tt_act(&s, "play 3♣");
    /* Seat 1 (the other team) may raise on its turn; seat 2 answers for team 0. */
    assert_true(tt_legal(&s, "seis"));
    tt_act(&s, "seis");
    assert_int_equal(truco_current_player(&s), 2);
    tt_act(&s, "nove"); /* seat 2 raises back: seat 3 answers for team 1 */
    assert_int_equal(s.value, 6);
    assert_int_equal(truco_current_player(&s), 3);
    tt_act(&s, "aceitar");
    assert_int_equal(s.value, 9);
    assert_int_equal(truco_current_player(&s), 1); /* seat 1 still to play its card */
    /* Team 0 made the last raise: neither of its players may raise now. */
    assert_true(tt_legal(&s, "doze"));
    tt_act(&s, "play 4♣");
    assert_false(tt_legal(&s, "doze")); /* seat 2, team 0 */
    tt_act(&s, "play K♦");
    assert_true(tt_legal(&s, "doze")); /* seat 3, team 1 */
    tt_act(&s, "doze");
    assert_int_equal(truco_current_player(&s), 0);
    tt_act(&s, "parceiro");
    assert_int_equal(truco_current_player(&s), 2);
    tt_act(&s, "correr"); /* team 1 scores what the hand was worth before the doze */
    assert_int_equal(s.score[1], 9);
    assert_int_equal(s.last_end, TR_END_RUN);
}

static void test_raise_after_passing(void **u)
{
    (void)u;
    /* The partner who was left the answer may raise; the raiser's team answers anew and
     * may pass again. */
    TrucoState s = tt_hand4(2, "3c 2c Ac", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    tt_act(&s, "truco"); /* seat 2 */
    assert_int_equal(truco_current_player(&s), 3);
    tt_act(&s, "parceiro");
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "seis");
    assert_int_equal(truco_current_player(&s), 2);
    assert_true(tt_legal(&s, "parceiro"));
    tt_act(&s, "parceiro");
    assert_int_equal(truco_current_player(&s), 0);
    tt_act(&s, "correr");
    assert_int_equal(s.score[1], 3);
}

static TrucoState four_at(int mao, int a, int b)
{
    TrucoState s = tt_new_n(4, NULL);
    char t[16];
    snprintf(t, sizeof t, "first %d", mao);
    tt_act(&s, t);
    s.score[0] = (uint8_t)a;
    s.score[1] = (uint8_t)b;
    return s;
}

static void test_onze_partners_see_both_hands(void **u)
{
    (void)u;
    TrucoState s = four_at(1, 11, 5);
    TrucoState v;
    /* While the cards are dealt nobody sees a partner's. */
    for (int k = 0; k < 8; k++) {
        char t[16];
        static const char *const deck[8] = {"4c", "Kd", "Ks", "3c", "6c", "Jd", "Js", "2c"};
        snprintf(t, sizeof t, "deal %s", deck[k]);
        tt_act(&s, t);
    }
    truco_rules.observe(&s, 0, &v);
    assert_int_equal(v.hand[0][0], tt_card("3c"));
    assert_int_equal(v.hand[2][0], CARD_HIDDEN);
    s = four_at(1, 11, 5);
    tt_deal4(&s, "3c 2c Ac", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    assert_int_equal(s.phase, TR_PH_ONZE);
    assert_int_equal(truco_current_player(&s), 2); /* team 0's first player from the mão */
    truco_rules.observe(&s, 2, &v);
    assert_int_equal(v.hand[0][1], tt_card("2c")); /* the partner's hand, seen */
    assert_int_equal(v.hand[1][0], CARD_HIDDEN);
    assert_int_equal(v.hand[3][0], CARD_HIDDEN);
    truco_rules.observe(&s, 0, &v);
    assert_int_equal(v.hand[2][0], tt_card("Kd"));
    for (int seat = 1; seat < 4; seat += 2) { /* the other team sees neither */
        truco_rules.observe(&s, seat, &v);
        for (int p = 0; p < 4; p++)
            for (int i = 0; i < TR_HAND; i++)
                assert_true(p == seat || v.hand[p][i] == CARD_HIDDEN);
    }
    tt_refused(&s, "truco");
    tt_act(&s, "parceiro");
    assert_int_equal(truco_current_player(&s), 0);
    tt_refused(&s, "parceiro");
    tt_act(&s, "jogar");
    assert_int_equal(s.value, 3);
    assert_int_equal(truco_current_player(&s), 1);
    tt_refused(&s, "truco");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play K♦");
    tt_act(&s, "play K♠");
    tt_act(&s, "play 3♣");
    tt_act(&s, "play A♣");
    tt_act(&s, "play 6♣");
    /* Seat 0 knows its partner's cards to the end of the hand; a face-down card of its
     * partner included. */
    tt_act(&s, "hide J♦");
    truco_rules.observe(&s, 0, &v);
    assert_int_equal(v.table[1][2], tt_card("Jd"));
    assert_int_equal(v.hand[2][0], CARD_NONE);
    assert_int_equal(v.hand[2][2], tt_card("6d"));
    truco_rules.observe(&s, 1, &v);
    assert_int_equal(v.table[1][2], CARD_HIDDEN);
    /* Running from it gives the other team 1. */
    s = four_at(1, 5, 11);
    tt_deal4(&s, "3c 2c Ac", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    assert_int_equal(truco_current_player(&s), 1);
    tt_act(&s, "fugir");
    assert_int_equal(s.score[0], 6);
    assert_int_equal(s.last_end, TR_END_ONZE_RUN);
}

static void test_ferro_no_raises(void **u)
{
    (void)u;
    TrucoState s = four_at(0, 11, 11);
    tt_deal4(&s, "3c 2c Ac", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    assert_int_equal(s.kind, TR_KIND_FERRO);
    assert_int_equal(s.phase, TR_PH_PLAY);
    assert_int_equal(s.value, 1);
    tt_refused(&s, "truco");
    TrucoState v;
    truco_rules.observe(&s, 0, &v);
    assert_int_equal(v.hand[2][0], CARD_HIDDEN); /* no shared hands in the ferro */
}

static void test_fechada_hidden_from_the_partner(void **u)
{
    (void)u;
    TrucoState s = tt_hand4(0, "3c 2c Ac", "4c 6c 7c", "Kd Jd 6d", "Ks Js 6s", "4h");
    tt_refused(&s, "hide 3♣"); /* not in the first rodada */
    tt_act(&s, "play 3♣");
    tt_act(&s, "play 4♣");
    tt_act(&s, "play K♦");
    tt_act(&s, "play K♠");
    assert_int_equal(truco_current_player(&s), 0);
    tt_act(&s, "hide 2♣");
    tt_act(&s, "play 6♣"); /* any card face up beats it */
    TrucoState v;
    truco_rules.observe(&s, 2, &v);
    assert_int_equal(v.table[1][0], CARD_HIDDEN);
    truco_rules.observe(&s, 0, &v);
    assert_int_equal(v.table[1][0], tt_card("2c"));
    tt_act(&s, "hide J♦");
    tt_act(&s, "hide J♠");
    assert_int_equal(s.result[1], 1);
}

static void test_pass_only_with_four(void **u)
{
    (void)u;
    TrucoState s = tt_hand(0, "3c 2c 4d", "4c 5c 6c", "7h");
    tt_act(&s, "truco");
    tt_refused(&s, "parceiro");
    Action a;
    char back[RULES_ACTION_TEXT];
    assert_true(truco_rules.action_from_string(&s, "parceiro", &a));
    assert_int_equal(a, TR_PASS);
    truco_rules.action_to_string(&s, a, back);
    assert_string_equal(back, "parceiro");
    TrucoState x;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    assert_non_null(truco_rules.init(&x, &o, 3, 1));
}

/* ---- Random playouts --------------------------------------------------------------------- */

/* Nothing of another seat's hidden cards shows in `seat`'s view, unless that seat may see
 * them (its own; its partner's in their mão de onze). */
static void assert_no_leak(const TrucoState *s, const TrucoState *v, int seat)
{
    for (int p = 0; p < s->num_players; p++) {
        bool sees = truco_sees_hand(s, seat, p);
        for (int i = 0; i < TR_HAND; i++) {
            Card c = s->hand[p][i];
            assert_int_equal(v->hand[p][i], c == CARD_NONE ? CARD_NONE : sees ? c : CARD_HIDDEN);
        }
        for (int r = 0; r < TR_RODADAS; r++) {
            Card c = s->table[r][p];
            bool down = (s->down[r] >> p) & 1;
            assert_int_equal(v->table[r][p], c == CARD_NONE || !down || sees ? c : CARD_HIDDEN);
        }
    }
}

static bool saw_onze, saw_pass, saw_tie;

static void playouts4(const GameOptions *opt, int games, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    int wins[2] = {0, 0};
    for (int g = 0; g < games; g++) {
        TrucoState s = tt_new_n(4, opt);
        for (int steps = 0; truco_current_player(&s) != PLAYER_TERMINAL; steps++) {
            assert_true(steps < 10000);
            saw_onze |= s.phase == TR_PH_ONZE && s.num_players == 4;
            for (int r = 0; r < TR_RODADAS; r++)
                saw_tie |= s.result[r] == TR_RES_TIE;
            int cp = truco_current_player(&s);
            for (int seat = 0; seat < 4; seat++) {
                TrucoState v, vv, r, rv;
                truco_rules.observe(&s, seat, &v);
                assert_no_leak(&s, &v, seat);
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
            /* Raises and runs less often than at random, so hands are played out. */
            Action a = acts[rng_below(&rng, (uint32_t)n)];
            if (cp >= 0 && (a == TR_RUN || a == TR_ONZE_RUN) && rng_below(&rng, 4))
                a = acts[0];
            saw_pass |= a == TR_PASS;
            TrucoState c1 = s, c2 = s;
            assert_null(truco_rules.apply(&c1, a));
            assert_null(truco_rules.apply(&c2, a));
            assert_memory_equal(&c1, &c2, sizeof c1);
            s = c1;
            bool seen[52] = {false};
            for (int p = 0; p < 4; p++)
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
        assert_true(ret[0] == ret[2] && ret[1] == ret[3] && ret[0] == -ret[1]);
        assert_true(ret[0] == 1 || ret[0] == -1);
        wins[ret[0] > 0 ? 0 : 1]++;
    }
    assert_true(wins[0] > 0 && wins[1] > 0);
}

static void test_playouts(void **u)
{
    (void)u;
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    playouts4(&o, 300, 41);
    o.v[TR_OPT_BLIND] = 1;
    o.v[TR_OPT_MATCH] = 1;
    playouts4(&o, 60, 42);
    if (!(saw_onze && saw_pass && saw_tie))
        fail_msg("onze %d pass %d tie %d", saw_onze, saw_pass, saw_tie);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal_and_mao_rotate),
        cmocka_unit_test(test_strongest_card_wins_for_its_team),
        cmocka_unit_test(test_partners_equal_first_leads),
        cmocka_unit_test(test_cangou_who_tied_leads),
        cmocka_unit_test(test_tie_rules_decide_the_hand),
        cmocka_unit_test(test_truco_answered_by_the_team),
        cmocka_unit_test(test_raise_after_passing),
        cmocka_unit_test(test_onze_partners_see_both_hands),
        cmocka_unit_test(test_ferro_no_raises),
        cmocka_unit_test(test_fechada_hidden_from_the_partner),
        cmocka_unit_test(test_pass_only_with_four),
        cmocka_unit_test(test_playouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
