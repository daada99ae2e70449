/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Net: fair deals (deal.h) without a network. The chain of secrets opens its commitment
 * game by game and never out of order; a proof made from a real game verifies for every
 * seat of every game, and each way a dealer could lie is caught: another game's secret,
 * another seat's contribution left out, a deck other than the committed one, a move
 * changed, a proof cut short or padded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match.h"
#include "engine/registry.h"
#include "net/deal.h"
#include "net/seal.h"

static void test_chain(void **unused)
{
    (void)unused;
    assert_true(seal_init());
    uint8_t top[WIRE_HASH], commit[WIRE_HASH], again[WIRE_HASH], h[WIRE_HASH], prev[WIRE_HASH];
    deal_chain_new(top, commit);
    deal_commit_of(top, again);
    assert_memory_equal(commit, again, WIRE_HASH);
    static const unsigned games[] = {0, 1, 2, 17, DEAL_GAMES - 1};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        deal_secret(top, games[i], h);
        assert_true(deal_opens(commit, games[i], h));
        /* It is no other game's secret. */
        assert_false(deal_opens(commit, games[i] + 1, h));
        if (games[i])
            assert_false(deal_opens(commit, games[i] - 1, h));
    }
    /* Game k's secret gives game k - 1's (revealing one reveals the games before)... */
    deal_secret(top, 5, h);
    deal_secret(top, 4, prev);
    uint8_t down[WIRE_HASH];
    deal_secret(h, DEAL_GAMES - 2, down); /* one link down from h */
    assert_memory_equal(down, prev, WIRE_HASH);
    /* ...and the top is not a secret of any game past the last. */
    assert_false(deal_opens(commit, DEAL_GAMES, top));
    /* Another chain opens nothing of this one. */
    uint8_t top2[WIRE_HASH], commit2[WIRE_HASH];
    deal_chain_new(top2, commit2);
    assert_memory_not_equal(commit, commit2, WIRE_HASH);
    deal_secret(top2, 0, h);
    assert_false(deal_opens(commit, 0, h));
}

static void test_seed_depends_on_everything(void **unused)
{
    (void)unused;
    uint8_t h[WIRE_HASH] = {1}, rands[2 * WIRE_HASH] = {2};
    uint64_t s = deal_seed("ABC", 0, h, 2, rands);
    assert_int_equal(deal_seed("ABC", 0, h, 2, rands), s);
    assert_int_not_equal(deal_seed("ABD", 0, h, 2, rands), s);
    assert_int_not_equal(deal_seed("ABC", 1, h, 2, rands), s);
    h[31] ^= 1;
    assert_int_not_equal(deal_seed("ABC", 0, h, 2, rands), s);
    h[31] ^= 1;
    rands[WIRE_HASH + 5] ^= 1; /* the last seat's contribution */
    assert_int_not_equal(deal_seed("ABC", 0, h, 2, rands), s);
}

/* A whole game of `game_id` dealt as a fair dealer would: its proof and what each seat
 * saw. */
typedef struct {
    const GameRules *g;
    GameOptions opt;
    int n;
    uint8_t top[WIRE_HASH], commit[WIRE_HASH];
    uint8_t rands[RULES_MAX_PLAYERS * WIRE_HASH];
    DealSeen seen[RULES_MAX_PLAYERS];
    uint8_t proof[WIRE_MAX];
    size_t proof_len;
    uint64_t seed;
} Played;

static void play(Played *p, const char *game_id, int n, unsigned game, uint64_t seed_delta)
{
    memset(p, 0, sizeof *p);
    p->g = registry_find(game_id);
    assert_non_null(p->g);
    rules_default_options(p->g, &p->opt);
    p->n = n;
    deal_chain_new(p->top, p->commit);
    for (int s = 0; s < n; s++)
        for (int i = 0; i < WIRE_HASH; i++)
            p->rands[s * WIRE_HASH + i] = (uint8_t)(s * 31 + i);
    uint8_t h[WIRE_HASH];
    deal_secret(p->top, game, h);
    p->seed = deal_seed("K7P2QX", game, h, n, p->rands);
    SeatSpec seats[RULES_MAX_PLAYERS];
    for (int s = 0; s < n; s++)
        seats[s] = (SeatSpec){true, DIFF_EASY};
    char err[MATCH_ERR];
    /* seed_delta: a dealer that deals another deck than the committed one */
    Match *m = match_create(p->g, &p->opt, n, seats, p->seed ^ seed_delta, err, sizeof err);
    assert_non_null(m);
    uint8_t *view = malloc(p->g->state_size);
    for (;;) {
        for (int s = 0; s < n; s++) {
            p->g->observe(m->state, s, view);
            assert_true(deal_seen_add(&p->seen[s], (uint32_t)m->history_len, view,
                                      p->g->state_size));
        }
        if (match_is_over(m))
            break;
        if (match_current_player(m) == PLAYER_CHANCE)
            assert_null(match_apply(m, match_next_chance(m)));
        else
            assert_null(match_play_bot(m));
    }
    p->proof_len = deal_proof_encode(h, n, p->rands, m->history_player, m->history,
                                     m->history_len, p->proof, sizeof p->proof);
    assert_true(p->proof_len > WIRE_HASH);
    free(view);
    match_free(m);
}

static const char *check(const Played *p, int seat, unsigned game, const uint8_t *proof,
                         size_t len, char *why, size_t size)
{
    return deal_check(p->g, &p->opt, p->n, seat, "K7P2QX", game, p->commit,
                      p->rands + seat * WIRE_HASH, proof, len, &p->seen[seat], why, size);
}

static void played_free(Played *p)
{
    for (int s = 0; s < p->n; s++)
        deal_seen_free(&p->seen[s]);
}

static void test_honest_games_verify(void **unused)
{
    (void)unused;
    static const struct {
        const char *id;
        int n;
    } games[] = {{"twentyone", 2}, {"truco", 2}, {"truco", 4}, {"bisca", 2},
                 {"bisca", 4},     {"buraco", 2}, {"moulin", 2}};
    char why[200];
    Played *p = malloc(sizeof *p);
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (unsigned game = 0; game < 3; game++) {
            play(p, games[i].id, games[i].n, game, 0);
            for (int s = 0; s < p->n; s++)
                if (check(p, s, game, p->proof, p->proof_len, why, sizeof why))
                    fail_msg("%s, %d seats, game %u, seat %d: %s", games[i].id, games[i].n,
                             game + 1, s, why);
            played_free(p);
        }
    free(p);
}

static void test_every_lie_is_caught(void **unused)
{
    (void)unused;
    char why[200];
    Played *p = malloc(sizeof *p);
    play(p, "bisca", 2, 1, 0);
    assert_null(check(p, 0, 1, p->proof, p->proof_len, why, sizeof why));
    /* Called another game's. */
    assert_non_null(check(p, 0, 0, p->proof, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "commitment"));
    /* Another secret in the proof. */
    uint8_t *bad = malloc(p->proof_len + 8);
    memcpy(bad, p->proof, p->proof_len);
    bad[3] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "commitment"));
    /* The seat's own contribution replaced (the dealer chose it). */
    memcpy(bad, p->proof, p->proof_len);
    bad[WIRE_HASH + 1 + 7] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "contribution"));
    /* The other seat's contribution replaced: seat 0 cannot tell it is not seat 1's, but the
     * seed changes, so its cards do not come out as it was shown them; seat 1 sees it is
     * not its own. */
    memcpy(bad, p->proof, p->proof_len);
    bad[WIRE_HASH + 1 + WIRE_HASH + 7] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(check(p, 1, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "contribution"));
    /* A move changed: seat 0 led another card than the one the game went on with. */
    memcpy(bad, p->proof, p->proof_len);
    size_t moves = WIRE_HASH + 1 + 2 * WIRE_HASH + 4;
    bad[moves + 1] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    /* Cut short, and padded. */
    assert_non_null(check(p, 0, 1, p->proof, p->proof_len - 5, why, sizeof why));
    memcpy(bad, p->proof, p->proof_len);
    memset(bad + p->proof_len, 0, 5);
    assert_non_null(check(p, 0, 1, bad, p->proof_len + 5, why, sizeof why));
    assert_non_null(check(p, 0, 1, p->proof, 10, why, sizeof why));
    free(bad);
    played_free(p);
    /* A deck other than the committed one: every seat sees it. */
    play(p, "bisca", 2, 0, 1);
    for (int s = 0; s < 2; s++) {
        assert_non_null(check(p, s, 0, p->proof, p->proof_len, why, sizeof why));
        assert_non_null(strstr(why, "committed deck"));
    }
    /* Nothing kept to check: never called verified. */
    DealSeen none = {0};
    assert_non_null(deal_check(p->g, &p->opt, 2, 0, "K7P2QX", 0, p->commit, p->rands,
                               p->proof, p->proof_len, &none, why, sizeof why));
    played_free(p);
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain),
        cmocka_unit_test(test_seed_depends_on_everything),
        cmocka_unit_test(test_honest_games_verify),
        cmocka_unit_test(test_every_lie_is_caught),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
