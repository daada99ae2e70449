/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buraco protocol (RULES.md §3): cards and lists, every command and every fault the
 * parser and the checker must tell, the text the others receive, and the round trip
 * client actions -> commands -> judge actions over whole games. */
#include <stdlib.h>

#include "buraco_test.h"
#include "games/buraco/buraco_bots.h"
#include "games/buraco/protocol.h"

static ProtoFault parse(const char *line, ProtoCommand *cmd)
{
    char why[256];
    ProtoFault f = proto_parse_command(line, cmd, why, sizeof why);
    if (f != PROTO_OK)
        assert_true(why[0] != '\0'); /* every fault comes with a reason */
    return f;
}

static void test_cards(void **u)
{
    (void)u;
    Card c;
    const char *good[] = {"10♦", "A♠", "2♥", "Q♣", "K♦", "J♥", "9♠"};
    const char *want[] = {"Td", "As", "2h", "Qc", "Kd", "Jh", "9s"};
    for (int i = 0; i < 7; i++) {
        assert_true(proto_parse_card(good[i], strlen(good[i]), &c));
        assert_true(c == bt_card(want[i]));
    }
    /* Only the protocol's own spelling: no ASCII suits, no "T", no lower case. */
    const char *bad[] = {"1♦", "10", "♦", "a♠", "T♦", "10♦x", "11♦", "0♦", "A♠♠", "A♡",
                         "Ah", "", "10 ♦", "A\xE2\x99", "1♦0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(proto_parse_card(bad[i], strlen(bad[i]), &c));
    char out[PROTO_LINE_MAX];
    Card two[2] = {bt_card("5s"), bt_card("Td")};
    proto_format_cards(two, 2, out, sizeof out);
    assert_string_equal(out, "[ 5♠ 10♦ ]");
    proto_format_cards(two, 0, out, sizeof out);
    assert_string_equal(out, "[ ]");
    Card back[4];
    assert_int_equal(proto_parse_cards("[ 5♠ 10♦ ]", false, back, 4), 2);
    assert_int_equal(proto_parse_cards("[ ]", false, back, 4), 0);
    assert_int_equal(proto_parse_cards("5♠ 10♦", true, back, 4), 2);
    assert_int_equal(proto_parse_cards("5♠ 10♦", false, back, 4), -1);
    assert_int_equal(proto_parse_cards("[ 5♠ 10♦", false, back, 4), -1);
    assert_int_equal(proto_parse_cards("[ 5♠ 10♦ ]", false, back, 1), -1);
}

/* Lines come out of a pipe's buffer one at a time, with "\n" or "\r\n", a partial line
 * staying for the next read. */
static void test_take_line(void **u)
{
    (void)u;
    char buf[64], line[64];
    const char *in = "GET_STOCK\r\nDISCARD 7\xE2\x99\xA0\n\nMELD_N";
    size_t len = strlen(in);
    memcpy(buf, in, len);
    assert_true(proto_take_line(buf, &len, line));
    assert_string_equal(line, "GET_STOCK");
    assert_true(proto_take_line(buf, &len, line));
    assert_string_equal(line, "DISCARD 7\xE2\x99\xA0");
    assert_true(proto_take_line(buf, &len, line));
    assert_string_equal(line, "");
    assert_false(proto_take_line(buf, &len, line));
    assert_int_equal(len, 6);
    assert_memory_equal(buf, "MELD_N", 6);
    memcpy(buf + len, "EW\n", 3);
    len += 3;
    assert_true(proto_take_line(buf, &len, line));
    assert_string_equal(line, "MELD_NEW");
    assert_int_equal(len, 0);
    assert_false(proto_take_line(buf, &len, line));
}

static void test_commands(void **u)
{
    (void)u;
    ProtoCommand cmd;
    assert_int_equal(parse("GET_STOCK", &cmd), PROTO_OK);
    assert_int_equal(cmd.type, PROTO_GET_STOCK);
    assert_int_equal(parse("GET_STOCK\r", &cmd), PROTO_OK);
    assert_int_equal(parse("  GET_STOCK  ", &cmd), PROTO_OK);
    assert_int_equal(parse("GET_DISCARD [ 6♠ 7♠ ]", &cmd), PROTO_OK);
    assert_int_equal(cmd.type, PROTO_GET_DISCARD);
    assert_int_equal(cmd.n, 2);
    assert_true(cmd.cards[1] == bt_card("7s"));
    assert_int_equal(parse("GET_DISCARD 6♠ 7♠", &cmd), PROTO_OK); /* as the original */
    assert_int_equal(parse("MELD_NEW [ 5♠ 6♠ 7♠ ]", &cmd), PROTO_OK);
    assert_int_equal(cmd.type, PROTO_MELD_NEW);
    assert_int_equal(cmd.n, 3);
    assert_int_equal(parse("MELD_JOIN 0 [ 8♠ ]", &cmd), PROTO_OK);
    assert_int_equal(cmd.type, PROTO_MELD_JOIN);
    assert_int_equal(cmd.meld, 0);
    assert_int_equal(cmd.n, 1);
    assert_int_equal(parse("MELD_JOIN 12 [ 8♠ 9♠ ]", &cmd), PROTO_OK);
    assert_int_equal(cmd.meld, 12);
    assert_int_equal(parse("DISCARD 3♠", &cmd), PROTO_OK);
    assert_int_equal(cmd.type, PROTO_DISCARD);
    assert_true(cmd.cards[0] == bt_card("3s"));
    assert_int_equal(parse("DISCARD [ 3♠ ]", &cmd), PROTO_OK);

    /* Not a command (the seed's example: "Pegue do lixo"). */
    assert_int_equal(parse("Pegue do lixo", &cmd), PROTO_FAULT_UNKNOWN);
    assert_int_equal(parse("", &cmd), PROTO_FAULT_UNKNOWN);
    assert_int_equal(parse("get_stock", &cmd), PROTO_FAULT_UNKNOWN);
    assert_int_equal(parse("GET_STOCKS", &cmd), PROTO_FAULT_UNKNOWN);
    /* Malformed (the seed's examples: MELD_JOIN without anything, "MELD_JOIN e aí cara?!"). */
    assert_int_equal(parse("MELD_JOIN", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("MELD_JOIN e aí cara?!", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("MELD_JOIN 0 8♠", &cmd), PROTO_FAULT_FORMAT); /* brackets needed */
    assert_int_equal(parse("MELD_JOIN -1 [ 8♠ ]", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("MELD_JOIN 0 [ ]", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("GET_STOCK now", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("GET_DISCARD", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("GET_DISCARD [ 6♠ 7♠", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("MELD_NEW [ 5♠ [ 6♠ 7♠ ]", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("DISCARD", &cmd), PROTO_FAULT_FORMAT);
    assert_int_equal(parse("DISCARD 3♠ 4♠", &cmd), PROTO_FAULT_FORMAT);
    /* Words that are not cards. */
    assert_int_equal(parse("DISCARD 3s", &cmd), PROTO_FAULT_CARD);
    assert_int_equal(parse("MELD_NEW [ 5♠ x 7♠ ]", &cmd), PROTO_FAULT_CARD);
    assert_int_equal(parse("GET_DISCARD [ 6♠ 7 ]", &cmd), PROTO_FAULT_CARD);
    /* Too few cards for a meld. */
    assert_int_equal(parse("GET_DISCARD [ 6♠ ]", &cmd), PROTO_FAULT_MELD);
    assert_int_equal(parse("MELD_NEW [ 5♠ 6♠ ]", &cmd), PROTO_FAULT_MELD);
    /* A line too long. */
    char *big = malloc(PROTO_LINE_MAX + 10);
    memset(big, 'A', PROTO_LINE_MAX + 9);
    big[PROTO_LINE_MAX + 9] = '\0';
    assert_int_equal(parse(big, &cmd), PROTO_FAULT_FLOOD);
    free(big);
}

static ProtoFault check(const BuracoState *s, const char *line, Action acts[], int *n)
{
    ProtoCommand cmd;
    char why[256];
    ProtoFault f = parse(line, &cmd);
    if (f != PROTO_OK)
        return f;
    f = proto_command_actions(s, &cmd, acts, n, why, sizeof why);
    if (f != PROTO_OK) {
        assert_true(why[0] != '\0');
        assert_int_equal(*n, 0);
    }
    return f;
}

static void apply_all(BuracoState *s, const Action *acts, int n)
{
    for (int i = 0; i < n; i++) {
        const char *e = buraco_rules.apply(s, acts[i]);
        if (e)
            fail_msg("action %d of %d refused: %s", i, n, e);
    }
}

static void test_faults_against_the_game(void **u)
{
    (void)u;
    BuracoState s;
    Action acts[PROTO_MAX_ACTIONS];
    int n;
    bt_setup2(&s, "4d 7c 9c 6s 7s 8s 9s Ts 2h Kh", "4c 9d Qh As 6h Tc", "5s");
    /* Out of order: melding or throwing before drawing. */
    assert_int_equal(check(&s, "DISCARD 4♦", acts, &n), PROTO_FAULT_ORDER);
    assert_int_equal(check(&s, "MELD_NEW [ 6♠ 7♠ 8♠ ]", acts, &n), PROTO_FAULT_ORDER);
    assert_int_equal(check(&s, "MELD_JOIN 0 [ 6♠ ]", acts, &n), PROTO_FAULT_ORDER);
    /* Taking the pile: cards held, a meld with the top. */
    assert_int_equal(check(&s, "GET_DISCARD [ 6♠ 4♠ ]", acts, &n), PROTO_FAULT_NOT_HELD);
    assert_int_equal(check(&s, "GET_DISCARD [ 6♠ 6♠ ]", acts, &n), PROTO_FAULT_NOT_HELD);
    assert_int_equal(check(&s, "GET_DISCARD [ 7♣ 9♣ ]", acts, &n), PROTO_FAULT_MELD);
    assert_int_equal(check(&s, "GET_STOCK", acts, &n), PROTO_OK);
    assert_int_equal(n, 1);
    bt_draw(&s, "3d");
    assert_int_equal(check(&s, "GET_STOCK", acts, &n), PROTO_FAULT_ORDER);
    assert_int_equal(check(&s, "GET_DISCARD [ 6♠ 7♠ ]", acts, &n), PROTO_FAULT_ORDER);
    /* The seed's examples: an invalid meld; a card not held. */
    assert_int_equal(check(&s, "MELD_NEW [ 4♦ 7♣ 9♣ ]", acts, &n), PROTO_FAULT_MELD);
    assert_int_equal(check(&s, "DISCARD 4♣", acts, &n), PROTO_FAULT_NOT_HELD);
    assert_int_equal(check(&s, "MELD_NEW [ 6♠ 7♠ 8♠ 8♠ ]", acts, &n), PROTO_FAULT_NOT_HELD);
    assert_int_equal(check(&s, "MELD_JOIN 0 [ 6♠ ]", acts, &n), PROTO_FAULT_FORMAT);
    /* A 6-card meld with a wild laid in one command. */
    assert_int_equal(check(&s, "MELD_NEW [ 9♠ 2♥ 6♠ 8♠ Ts K♥ ]", acts, &n), PROTO_FAULT_CARD);
    assert_int_equal(check(&s, "MELD_NEW [ 9♠ 2♥ 6♠ 8♠ 10♠ 7♠ ]", acts, &n), PROTO_OK);
    BuracoState t = s;
    apply_all(&t, acts, n);
    assert_int_equal(t.n_melds[0], 1);
    assert_int_equal(t.melds[0][0].n, 6);
    assert_false(t.melds[0][0].clean);
    assert_int_equal(t.hand_n[0], s.hand_n[0] - 6);
    /* The others hear it in sequence order. */
    ProtoCommand cmd;
    char text[PROTO_LINE_MAX];
    parse("MELD_NEW [ 9♠ 2♥ 6♠ 8♠ 10♠ 7♠ ]", &cmd);
    proto_broadcast_text(&s, &cmd, text, sizeof text);
    assert_string_equal(text, "MELD_NEW [ 2♥ 6♠ 7♠ 8♠ 9♠ 10♠ ]");
    parse("DISCARD [ 4♦ ]", &cmd);
    proto_broadcast_text(&s, &cmd, text, sizeof text);
    assert_string_equal(text, "DISCARD 4♦");
}

static void test_take_and_join_orders(void **u)
{
    (void)u;
    BuracoState s;
    Action acts[PROTO_MAX_ACTIONS];
    int n;
    const char *hands[2] = {"3h 4h 6h 7h 8h 2c Kc", "4c 9d Qh As 6s Tc"};
    bt_setup(&s, 2, hands, "Qd 3c", "5h", 0);
    /* The top in the middle of a long meld: one take and joins on both sides. */
    assert_int_equal(check(&s, "GET_DISCARD [ 8♥ 3♥ 7♥ 4♥ 6♥ ]", acts, &n), PROTO_OK);
    assert_true(n >= 4);
    assert_int_equal(buraco_action_type(acts[0]), BUR_A_TAKE);
    BuracoState t = s;
    apply_all(&t, acts, n);
    assert_int_equal(t.melds[0][0].n, 6);
    assert_true(t.melds[0][0].clean);
    assert_int_equal(t.hand_n[0], 7 - 5 + 2);
    assert_int_equal(bt_held(&t, 0, "Qd"), 1);
    /* Joins whose order matters: 9♥ fits only once the wild is there. */
    assert_int_equal(check(&t, "MELD_JOIN 0 [ 9♥ ]", acts, &n), PROTO_FAULT_NOT_HELD);
    BuracoState v = t;
    v.hand[0][card_index(bt_card("Th"))]++;
    v.hand_n[0]++;
    assert_int_equal(check(&v, "MELD_JOIN 0 [ 10♥ 2♣ ]", acts, &n), PROTO_OK);
    assert_int_equal(n, 2);
    assert_int_equal(buraco_action_payload(acts[0]) & 63, card_index(bt_card("2c")));
    apply_all(&v, acts, n);
    assert_int_equal(v.melds[0][0].n, 8);
    /* A join that makes no meld. */
    assert_int_equal(check(&t, "MELD_JOIN 0 [ K♣ ]", acts, &n), PROTO_FAULT_MELD);
    assert_int_equal(check(&t, "MELD_JOIN 1 [ 2♣ ]", acts, &n), PROTO_FAULT_FORMAT);
}

static void test_client_commands(void **u)
{
    (void)u;
    BuracoState s;
    bt_setup2(&s, "5s 6s 7s 8s 9h Th 2c Jh 3d", "4c 9d Qh As 6h Tc", "Qc");
    bt_draw(&s, "Kd");
    Action acts[8];
    int n = 0;
    BuracoState t = s;
    const char *steps[] = {"meld 5s 6s 7s", "join 0 8s", "meld 9h Th +wild", "wild 2c",
                           "join 1 Jh", "discard 3d"};
    for (int i = 0; i < 6; i++) {
        bt_do(&t, steps[i]);
        buraco_rules.action_from_string(&s, steps[i], &acts[n++]);
    }
    /* The melds go out as few commands as the protocol allows. */
    char line[PROTO_LINE_MAX];
    BuracoState c = s;
    int used = proto_actions_command(&c, acts, n, line, sizeof line);
    assert_int_equal(used, 2);
    assert_string_equal(line, "MELD_NEW [ 5♠ 6♠ 7♠ 8♠ ]");
    apply_all(&c, acts, used);
    used = proto_actions_command(&c, acts + 2, n - 2, line, sizeof line);
    assert_int_equal(used, 3);
    assert_string_equal(line, "MELD_NEW [ 2♣ 9♥ 10♥ J♥ ]"); /* the wild at the low end */
    apply_all(&c, acts + 2, used);
    used = proto_actions_command(&c, acts + 5, 1, line, sizeof line);
    assert_int_equal(used, 1);
    assert_string_equal(line, "DISCARD 3♦");
    /* A "+wild" without its wild is not a command. */
    assert_int_equal(proto_actions_command(&s, acts + 2, 1, line, sizeof line), 0);
}

/* Whole games: Medium's actions turned into commands by the client side, parsed and turned
 * back into actions by the judge side, give the same game. */
static void test_round_trip_games(void **u)
{
    (void)u;
    for (int game = 0; game < 40; game++) {
        int players = game % 4 == 3 ? 4 : 2;
        BuracoState s;
        GameOptions opt = {{0}};
        assert_null(buraco_rules.init(&s, &opt, players, (uint64_t)game));
        Rng r;
        rng_seed(&r, (uint64_t)game * 7 + 1);
        int commands = 0;
        while (s.phase != BUR_OVER) {
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                Action a[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                int n = buraco_rules.chance_outcomes(&s, a, w);
                assert_null(buraco_rules.apply(&s, a[rng_below(&r, (uint32_t)n)]));
                continue;
            }
            /* One command's worth of the mover's actions. */
            BuracoState t = s;
            Action acts[64];
            int n = 0;
            do {
                Action a = buraco_medium_policy(&t);
                assert_null(buraco_rules.apply(&t, a));
                acts[n++] = a;
            } while (t.phase == BUR_WILD ||
                     (t.phase == BUR_PLAY && n < 64 &&
                      buraco_action_type(acts[n - 1]) != BUR_A_DRAW &&
                      buraco_action_type(acts[n - 1]) != BUR_A_TAKE &&
                      buraco_action_type(acts[n - 1]) != BUR_A_DISCARD));
            char line[PROTO_LINE_MAX], why[256];
            int k = 0;
            BuracoState judge = s;
            while (k < n) {
                int used = proto_actions_command(&judge, acts + k, n - k, line, sizeof line);
                assert_true(used > 0);
                ProtoCommand cmd;
                Action back[PROTO_MAX_ACTIONS];
                int nb = 0;
                if (proto_parse_command(line, &cmd, why, sizeof why) != PROTO_OK ||
                    proto_command_actions(&judge, &cmd, back, &nb, why, sizeof why) != PROTO_OK)
                    fail_msg("game %d: '%s' refused: %s", game, line, why);
                apply_all(&judge, back, nb);
                k += used;
                commands++;
                if (judge.phase == BUR_OVER)
                    break;
            }
            /* The judge's game and the client's agree. */
            for (int p = 0; p < players; p++)
                assert_memory_equal(judge.hand[p], t.hand[p], BUR_FACES);
            assert_int_equal(judge.pile_n, t.pile_n);
            for (int tm = 0; tm < 2; tm++) {
                assert_int_equal(judge.n_melds[tm], t.n_melds[tm]);
                for (int i = 0; i < t.n_melds[tm]; i++)
                    assert_memory_equal(&judge.melds[tm][i], &t.melds[tm][i], sizeof(BuracoMeld));
            }
            assert_int_equal(judge.phase, t.phase);
            s = t;
        }
        if (commands < 2)
            fail_msg("game %d: only %d commands", game, commands);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cards),
        cmocka_unit_test(test_take_line),
        cmocka_unit_test(test_commands),
        cmocka_unit_test(test_faults_against_the_game),
        cmocka_unit_test(test_take_and_join_orders),
        cmocka_unit_test(test_client_commands),
        cmocka_unit_test(test_round_trip_games),
    };
    return cmocka_run_group_tests_name("buraco protocol", tests, NULL, NULL);
}
