/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The mirror of a table played elsewhere (match_mirror): every game, every seat, fed the
 * seat's views of a real game step by step, must show exactly that seat's view, agree on
 * whose turn it is, accept the seat's legal moves (handing them to the feed, applying
 * nothing), refuse the others and moves out of turn, and never autosave. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/registry.h"
#include "support.h"

typedef struct {
    int player[4096];
    Action action[4096];
    uint32_t steps[4096];
    unsigned char *views; /* state_size each */
    size_t size;
    int n, next;
    Action sent;
    uint32_t sent_at;
    int n_sent;
    char refusal[64];
} FakeFeed;

static const char *fake_send(void *user, Action a, uint32_t at)
{
    FakeFeed *f = user;
    f->sent = a;
    f->sent_at = at;
    f->n_sent++;
    return NULL;
}

static bool fake_next(void *user, int *player, Action *a, uint32_t *steps, void *view)
{
    FakeFeed *f = user;
    if (f->next >= f->n)
        return false;
    int i = f->next++;
    *player = f->player[i];
    *a = f->action[i];
    *steps = f->steps[i];
    memcpy(view, f->views + (size_t)i * f->size, f->size);
    return true;
}

static bool fake_refused(void *user, char *why, size_t size)
{
    FakeFeed *f = user;
    if (!f->refusal[0])
        return false;
    snprintf(why, size, "%s", f->refusal);
    f->refusal[0] = '\0';
    return true;
}

static int heard;
static void count_listener(void *user, const Match *m, int player, Action a)
{
    (void)user, (void)m, (void)player, (void)a;
    heard++;
}

/* One game of `g` with n players, mirrored for every seat. */
static void mirror_game(const GameRules *g, int n, uint64_t seed)
{
    GameOptions opt;
    rules_default_options(g, &opt);
    SeatSpec seats[RULES_MAX_PLAYERS];
    for (int i = 0; i < n; i++)
        seats[i] = (SeatSpec){false, DIFF_MEDIUM};
    char err[MATCH_ERR];
    Match *real = match_create(g, &opt, n, seats, seed, err, sizeof err);
    if (!real)
        return; /* a count the game is not played by */
    Match *mir[RULES_MAX_PLAYERS];
    FakeFeed *feed[RULES_MAX_PLAYERS];
    unsigned char *v = malloc(g->state_size);
    for (int s = 0; s < n; s++) {
        feed[s] = calloc(1, sizeof *feed[s]);
        feed[s]->size = g->state_size;
        feed[s]->views = malloc(g->state_size * 4096);
        g->observe(real->state, s, v);
        MatchFeed mf = {.user = feed[s], .send = fake_send, .next = fake_next,
                        .refused = fake_refused};
        mir[s] = match_mirror(g, &opt, n, s, v, 0, &mf, err, sizeof err);
        assert_non_null(mir[s]);
        match_set_autosave(mir[s], "/nonexistent/never-written");
        assert_string_equal(mir[s]->autosave_path, "");
        for (int p = 0; p < n; p++)
            assert_int_equal(match_seat_kind(mir[s], p), p == s ? SEAT_HUMAN : SEAT_REMOTE);
        mir[s]->listener = count_listener;
    }
    Rng rng;
    rng_seed(&rng, seed ^ 0x5eed);
    for (int step = 0; step < 4000 && !match_is_over(real); step++) {
        int cur = match_current_player(real);
        Action a;
        if (cur == PLAYER_CHANCE) {
            a = match_next_chance(real);
        } else {
            Action acts[RULES_MAX_ACTIONS];
            int k = g->legal_actions(real->state, acts);
            assert_true(k > 0);
            a = acts[rng_below(&rng, (uint32_t)k)];
            /* The seat to move, at its mirror: a legal move goes to the feed, untouched. */
            Match *m = mir[cur];
            int before = m->history_len, sent = feed[cur]->n_sent;
            assert_int_equal(match_current_player(m), cur);
            assert_null(match_submit(m, cur, a));
            assert_int_equal(feed[cur]->n_sent, sent + 1);
            assert_int_equal(feed[cur]->sent, a);
            assert_int_equal(feed[cur]->sent_at, (uint32_t)real->history_len);
            assert_int_equal(m->history_len, before);
            /* A second move before the first comes back is refused, as is an illegal one
             * at another seat's mirror and a move out of turn. */
            assert_non_null(match_submit(m, cur, a));
            assert_non_null(match_apply(m, a));
            int other = (cur + 1) % n;
            assert_non_null(match_submit(mir[other], other, a));
        }
        assert_null(match_apply(real, a));
        for (int s = 0; s < n; s++) {
            FakeFeed *f = feed[s];
            int i = f->n;
            assert_true(i < 4096);
            f->player[i] = cur;
            f->action[i] = cur == PLAYER_CHANCE ? ACTION_HIDDEN : a;
            f->steps[i] = (uint32_t)real->history_len;
            g->observe(real->state, s, f->views + (size_t)i * f->size);
            f->n++;
            heard = 0;
            assert_int_equal(match_mirror_pull(mir[s]), 1);
            assert_int_equal(heard, 1);
            assert_int_equal(match_mirror_pull(mir[s]), 0); /* nothing more waits */
            assert_memory_equal(mir[s]->state, f->views + (size_t)i * f->size, g->state_size);
            assert_int_equal(match_current_player(mir[s]), match_current_player(real));
            assert_int_equal(mir[s]->steps, (uint32_t)real->history_len);
            assert_int_equal(mir[s]->history_len, real->history_len);
        }
    }
    assert_true(match_is_over(real));
    for (int s = 0; s < n; s++) {
        assert_true(match_is_over(mir[s]));
        match_free(mir[s]);
        free(feed[s]->views);
        free(feed[s]);
    }
    free(v);
    match_free(real);
}

static void test_every_game_every_seat(void **unused)
{
    (void)unused;
    for (int i = 0; i < registry_count(); i++) {
        const GameRules *g = registry_get(i);
        for (int n = g->min_players; n <= g->max_players; n++)
            for (uint64_t seed = 1; seed <= 3; seed++)
                mirror_game(g, n, seed * 7919 + (uint64_t)n);
    }
}

/* A gap (steps the seat did not hear of, after a reconnection) becomes hidden steps; a copy
 * of a step already taken is ignored; a refusal frees the seat to move again. */
static void test_gap_copy_refusal(void **unused)
{
    (void)unused;
    const GameRules *g = registry_find("bisca");
    GameOptions opt;
    rules_default_options(g, &opt);
    SeatSpec seats[2] = {{false, DIFF_MEDIUM}, {false, DIFF_MEDIUM}};
    char err[MATCH_ERR];
    Match *real = match_create(g, &opt, 2, seats, 42, err, sizeof err);
    assert_non_null(real);
    FakeFeed *f = calloc(1, sizeof *f);
    f->size = g->state_size;
    f->views = malloc(g->state_size * 8);
    unsigned char *v = malloc(g->state_size);
    g->observe(real->state, 0, v);
    MatchFeed mf = {.user = f, .send = fake_send, .next = fake_next, .refused = fake_refused};
    Match *m = match_mirror(g, &opt, 2, 0, v, 0, &mf, err, sizeof err);
    assert_non_null(m);
    match_play_chance(real); /* the deal: several steps at once */
    int dealt = real->history_len;
    assert_true(dealt > 2);
    f->player[0] = PLAYER_CHANCE;
    f->action[0] = ACTION_HIDDEN;
    f->steps[0] = (uint32_t)dealt;
    g->observe(real->state, 0, f->views);
    f->player[1] = PLAYER_CHANCE; /* the same view again (a rejoin sends it) */
    f->action[1] = ACTION_HIDDEN;
    f->steps[1] = (uint32_t)dealt;
    g->observe(real->state, 0, f->views + f->size);
    f->n = 2;
    assert_int_equal(match_mirror_pull(m), 1);
    assert_int_equal(m->history_len, dealt);
    for (int i = 0; i < dealt; i++)
        assert_int_equal(m->history[i], ACTION_HIDDEN);
    assert_int_equal(match_mirror_pull(m), 0);
    assert_int_equal(m->history_len, dealt);
    /* A refused move: the seat may move again. */
    int cur = match_current_player(m);
    Action acts[RULES_MAX_ACTIONS];
    assert_true(g->legal_actions(m->state, acts) > 0);
    assert_null(match_submit(m, cur, acts[0]));
    assert_non_null(match_submit(m, cur, acts[0]));
    char why[64];
    assert_false(match_mirror_refused(m, why, sizeof why));
    snprintf(f->refusal, sizeof f->refusal, "out of turn");
    assert_true(match_mirror_refused(m, why, sizeof why));
    assert_string_equal(why, "out of turn");
    assert_null(match_submit(m, cur, acts[0]));
    /* A move on its way, then a gap that hides it and gives the seat the turn again: the
     * seat may move (its move was among the hidden steps). */
    Match *copy = match_create(g, &opt, 2, seats, 42, err, sizeof err);
    assert_non_null(copy);
    match_play_chance(copy);
    for (int guard = 0; guard < 50; guard++) {
        Action la[RULES_MAX_ACTIONS];
        int k = g->legal_actions(copy->state, la);
        assert_true(k > 0);
        assert_null(match_apply(copy, match_current_player(copy) == cur ? acts[0] : la[0]));
        match_play_chance(copy);
        if (match_current_player(copy) == cur)
            break;
    }
    assert_int_equal(match_current_player(copy), cur);
    f->player[f->n] = 1 - cur;
    f->action[f->n] = ACTION_HIDDEN;
    f->steps[f->n] = (uint32_t)copy->history_len;
    g->observe(copy->state, 0, f->views + (size_t)f->n * f->size);
    f->n++;
    assert_true(m->sent);
    assert_int_equal(match_mirror_pull(m), 1);
    assert_false(m->sent);
    assert_int_equal(m->history_len, copy->history_len);
    Action next[RULES_MAX_ACTIONS];
    assert_true(g->legal_actions(m->state, next) > 0);
    assert_null(match_submit(m, cur, next[0]));
    match_free(copy);
    /* A view that is not a game of this size is refused when mirroring. */
    memset(v, 0, g->state_size);
    assert_null(match_mirror(g, &opt, 2, 0, v, 0, &mf, err, sizeof err));
    assert_null(match_mirror(g, &opt, 2, 2, v, 0, &mf, err, sizeof err));
    match_free(m);
    match_free(real);
    free(f->views);
    free(f);
    free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game_every_seat),
        cmocka_unit_test(test_gap_copy_refusal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
