/* SPDX-License-Identifier: GPL-3.0-or-later */
/* botseat.c without a window: a bot program plays seat 1 of a match driven the way the
 * table drives it (polling, never waiting on the program), against our medium bot in
 * seat 0; misbehaving programs are disqualified with the fault the judge gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/fileio.h"
#include "engine/match.h"
#include "games/buraco/botseat.h"
#include "timescale.h"

#ifndef RUNNER
#error "RUNNER (the tasca subcommands) must be defined"
#endif
#ifndef BADBOT
#error "BADBOT must be defined"
#endif

typedef struct {
    Match *m;
    BotSeat b;
} Game;

static void heard(void *user, const Match *m, int player, Action a)
{
    Game *g = user;
    botseat_heard(&g->b, m->state, player, a);
}

static void start(Game *g, char *const argv[], uint64_t seed)
{
    SeatSpec seats[2] = {{false, DIFF_MEDIUM}, {false, DIFF_MEDIUM}};
    GameOptions opt; /* the protocol's game: the contest's */
    rules_default_options(&buraco_rules, &opt);
    buraco_variant_options(BUR_VARIANT_CONTEST, &opt);
    char err[256];
    g->m = match_create(&buraco_rules, &opt, 2, seats, seed, err, sizeof err);
    assert_non_null(g->m);
    match_play_chance(g->m);
    const char *ids[2] = {"p1.test", "p2.program"};
    botseat_start(&g->b, argv, g->m->state, 1, ids);
    g->m->listener = heard;
    g->m->listener_user = g;
}

/* Plays until the end or a fault; seat 0 by our bot, for max_ms at most (scaled by
 * TASCA_TEST_TIME_SCALE). Returns the poll's last answer. */
static BotSeatPoll play(Game *g, int max_ms)
{
    max_ms = test_ms(max_ms);
    long long t0 = clock_now_ns();
    Rng r;
    rng_seed(&r, 5);
    while (!match_is_over(g->m) && clock_now_ns() - t0 < max_ms * 1000000LL) {
        if (match_current_player(g->m) == PLAYER_CHANCE) {
            match_play_chance(g->m);
            continue;
        }
        if (match_current_player(g->m) == 0) {
            Action a = bot_decide(g->m->rules, DIFF_MEDIUM, g->m->state, 0, &r, NULL);
            assert_null(match_submit(g->m, 0, a));
            continue;
        }
        Action a;
        BotSeatPoll p = botseat_poll(&g->b, g->m->state, clock_now_ns(), &a);
        if (p == BOTSEAT_FAULT)
            return p;
        if (p == BOTSEAT_ACTION)
            assert_null(match_submit(g->m, 1, a));
        else {
            struct timespec ts = {0, 1000000L};
            nanosleep(&ts, NULL);
        }
    }
    return BOTSEAT_WAIT;
}

static void test_plays_a_game(void **state)
{
    (void)state;
    Game g;
    char *argv[] = {RUNNER, "buraco-bot", "--difficulty", "medium", "--seed", "2", NULL};
    start(&g, argv, 31);
    assert_int_equal(play(&g, 60000), BOTSEAT_WAIT);
    assert_true(match_is_over(g.m));
    assert_int_equal(g.b.fault, PROTO_OK);
    int ones = 0;
    for (int i = 0; i < g.m->history_len; i++)
        ones += g.m->history_player[i] == 1;
    assert_true(ones > 5);
    botseat_stop(&g.b);
    botseat_stop(&g.b); /* twice is fine */
    match_free(g.m);
}

static void faulty(const char *mode, ProtoFault want, const char *text)
{
    Game g;
    char *argv[] = {BADBOT, (char *)mode, NULL};
    start(&g, argv, 8);
    assert_int_equal(play(&g, 10000), BOTSEAT_FAULT);
    if (g.b.fault != want || !strstr(g.b.why, text))
        fail_msg("mode %s: got fault %d (%s)", mode, g.b.fault, g.b.why);
    /* Once disqualified it stays so, and stopping it is safe. */
    Action a;
    assert_int_equal(botseat_poll(&g.b, g.m->state, clock_now_ns(), &a), BOTSEAT_FAULT);
    botseat_stop(&g.b);
    match_free(g.m);
}

static void test_nonsense(void **state)
{
    (void)state;
    faulty("nonsense", PROTO_FAULT_UNKNOWN, "unknown command");
}

static void test_exit(void **state)
{
    (void)state;
    faulty("exit", PROTO_FAULT_EXITED, "exited with status 3");
}

static void test_order(void **state)
{
    (void)state;
    faulty("order", PROTO_FAULT_ORDER, "out of order");
}

static void test_notheld(void **state)
{
    (void)state;
    faulty("notheld", PROTO_FAULT_NOT_HELD, "card not held");
}

static void test_hang(void **state)
{
    (void)state;
    long long t0 = clock_now_ns();
    faulty("hang", PROTO_FAULT_TIMEOUT, "no answer in time");
    assert_true(clock_now_ns() - t0 >= 2900000000LL);
}

static void test_floodline(void **state)
{
    (void)state;
    faulty("floodline", PROTO_FAULT_FLOOD, "output flood");
}

static void test_missing_program(void **state)
{
    (void)state;
    Game g;
    char *argv[] = {"/nonexistent/bot", NULL};
    start(&g, argv, 1);
    assert_int_equal(g.b.fault, PROTO_FAULT_EXITED);
    assert_non_null(strstr(g.b.why, "cannot run"));
    botseat_stop(&g.b);
    match_free(g.m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plays_a_game), cmocka_unit_test(test_nonsense),
        cmocka_unit_test(test_exit),         cmocka_unit_test(test_order),
        cmocka_unit_test(test_notheld),      cmocka_unit_test(test_hang),
        cmocka_unit_test(test_floodline),    cmocka_unit_test(test_missing_program),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
