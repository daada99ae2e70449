/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The match layer: chance determinism and resumption, turn checks, listeners, the
 * asynchronous bot API, bot determinism, ISMCTS on 21, and option parsing. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/fileio.h"
#include "games/twentyone/twentyone_bots.h"
#include "support.h"

static const GameRules *const G = &twentyone_rules;

static Match *new_match(uint64_t seed, bool bot0, Difficulty d0, bool bot1, Difficulty d1,
                        bool charlie)
{
    GameOptions opt;
    rules_default_options(G, &opt);
    opt.v[TO_OPT_CHARLIE] = charlie;
    SeatSpec seats[2] = {{bot0, d0}, {bot1, d1}};
    char err[MATCH_ERR];
    Match *m = match_create(G, &opt, 2, seats, seed, err, sizeof err);
    if (!m)
        fail_msg("match_create: %s", err);
    return m;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* ---- Seats ------------------------------------------------------------------------------- */

/* The match says who sits where: the seat specs it was made with, and a human for a seat
 * it does not have (a table asks about seats 0..num_players - 1 only). */
static void test_seat_kinds(void **unused)
{
    (void)unused;
    Match *m = new_match(3, false, DIFF_EASY, true, DIFF_HARD, false);
    assert_int_equal(match_seat_kind(m, 0), SEAT_HUMAN);
    assert_int_equal(match_seat_kind(m, 1), SEAT_BOT);
    assert_int_equal(match_seat_kind(m, 2), SEAT_HUMAN);
    assert_int_equal(match_seat_kind(m, -1), SEAT_HUMAN);
    match_free(m);
    m = new_match(3, true, DIFF_EASY, false, DIFF_HARD, false);
    assert_int_equal(match_seat_kind(m, 0), SEAT_BOT);
    assert_int_equal(match_seat_kind(m, 1), SEAT_HUMAN);
    match_free(m);
}

/* ---- Chance ------------------------------------------------------------------------------ */

static void test_chance_determinism(void **unused)
{
    (void)unused;
    for (uint64_t seed = 0; seed < 50; seed++) {
        Match *a = new_match(seed, false, 0, false, 0, false);
        Match *b = new_match(seed, false, 0, false, 0, false);
        Action first = match_next_chance(a);
        assert_int_equal(match_next_chance(a), first); /* asking twice changes nothing */
        assert_true(support_is_listed(G, a->state, first));
        assert_true(match_play_chance(a) >= 4);
        assert_int_equal(match_play_chance(b), a->history_len);
        assert_memory_equal(a->history, b->history, (size_t)a->history_len * sizeof(Action));
        assert_int_equal(a->history[0], first);
        assert_memory_equal(a->state, b->state, sizeof(TwentyOneState));
        assert_int_equal(match_play_chance(a), 0); /* a player is to move now (or the end) */
        match_free(a);
        match_free(b);
    }
    /* The seed matters: two seeds deal different opening hands. */
    Match *a = new_match(1, false, 0, false, 0, false), *b = new_match(2, false, 0, false, 0, false);
    match_play_chance(a);
    match_play_chance(b);
    assert_memory_not_equal(a->history, b->history, 4 * sizeof(Action));
    match_free(a);
    match_free(b);

    /* The first card over many seeds is spread evenly over the 52 (chi-square, 51 degrees
     * of freedom; the bound 120 is far in the tail). */
    enum { SEEDS = 52 * 200 };
    int count[52] = {0};
    for (int s = 0; s < SEEDS; s++) {
        Match *m = new_match((uint64_t)s * 7919, false, 0, false, 0, false);
        Action x = match_next_chance(m);
        assert_in_range(x, TO_DEAL, TO_DEAL + 51);
        count[x - TO_DEAL]++;
        match_free(m);
    }
    double chi = 0;
    for (int i = 0; i < 52; i++)
        chi += (count[i] - 200.0) * (count[i] - 200.0) / 200.0;
    assert_true(chi < 120.0);
}

/* A deterministic "human": the choice depends only on how far the game is. */
static Action scripted(const Match *m)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = G->legal_actions(m->state, acts);
    assert_true(n > 0);
    return acts[rng_mix(m->seed, (uint64_t)m->history_len) % (uint64_t)n];
}

static void play_to(Match *m, int actions)
{
    while (!match_is_over(m) && m->history_len < actions) {
        if (match_current_player(m) == PLAYER_CHANCE)
            assert_null(match_apply(m, match_next_chance(m)));
        else
            assert_null(match_apply(m, scripted(m)));
    }
}

static void test_resume_draws_the_same_cards(void **unused)
{
    (void)unused;
    for (uint64_t seed = 100; seed < 300; seed++) {
        Match *whole = new_match(seed, false, 0, false, 0, seed % 2);
        play_to(whole, 1 << 20);
        for (int cut = 0; cut <= whole->history_len; cut++) {
            Match *part = new_match(seed, false, 0, false, 0, seed % 2);
            play_to(part, cut);
            char *text = match_save_text(part);
            char err[MATCH_ERR];
            Match *back = match_load_text(text, strlen(text), err, sizeof err);
            if (!back)
                fail_msg("reload: %s", err);
            /* The reloaded game goes on with exactly the draws the original made. */
            play_to(back, 1 << 20);
            assert_int_equal(back->history_len, whole->history_len);
            assert_memory_equal(back->history, whole->history,
                                (size_t)whole->history_len * sizeof(Action));
            assert_memory_equal(back->state, whole->state, sizeof(TwentyOneState));
            free(text);
            match_free(back);
            match_free(part);
        }
        match_free(whole);
    }
}

/* ---- Turns, listener, dry runs ---------------------------------------------------------- */

typedef struct {
    int calls, last_player;
    Action last_action;
    int last_len;
} Heard;

static void listener(void *user, const Match *m, int player, Action a)
{
    Heard *h = user;
    h->calls++;
    h->last_player = player;
    h->last_action = a;
    h->last_len = m->history_len;
}

static void test_submit_and_listener(void **unused)
{
    (void)unused;
    Match *m = new_match(5, false, 0, false, 0, false);
    Heard heard = {0};
    m->listener = listener;
    m->listener_user = &heard;

    /* Chance to move: no seat may act. */
    assert_non_null(match_submit(m, 0, TO_HIT));
    assert_non_null(match_submit(m, 1, TO_STAND));
    assert_int_equal(m->history_len, 0);
    assert_int_equal(heard.calls, 0);

    /* Deal a position where the player is to move. */
    support_match_text(m, "deal 10h");
    support_match_text(m, "deal 9s");
    support_match_text(m, "deal 5d");
    support_match_text(m, "deal 7c");
    assert_int_equal(heard.calls, 4);
    assert_int_equal(heard.last_player, PLAYER_CHANCE);
    assert_int_equal(heard.last_len, 4); /* called after the action is recorded */
    assert_int_equal(match_current_player(m), TO_PLAYER);
    assert_false(match_bot_to_move(m));

    TwentyOneState before;
    memcpy(&before, m->state, sizeof before);
    const char *e = match_submit(m, TO_COMPUTER, TO_STAND);
    assert_non_null(e);
    assert_string_equal(e, "it is not your turn");
    assert_memory_equal(m->state, &before, sizeof before);
    assert_int_equal(m->history_len, 4);
    assert_int_equal(heard.calls, 4);

    /* An illegal action of the right seat: refused, nothing recorded or heard. */
    assert_non_null(match_submit(m, TO_PLAYER, TO_DEAL + 3));
    assert_non_null(match_apply(m, 12345));
    assert_int_equal(m->history_len, 4);
    assert_int_equal(heard.calls, 4);

    /* match_check is a dry run. */
    assert_null(match_check(m, TO_STAND));
    assert_non_null(match_check(m, TO_DEAL));
    assert_memory_equal(m->state, &before, sizeof before);

    assert_null(match_submit(m, TO_PLAYER, TO_STAND));
    assert_int_equal(heard.calls, 5);
    assert_int_equal(heard.last_player, TO_PLAYER);
    assert_int_equal(heard.last_action, TO_STAND);
    assert_int_equal(m->history_player[4], TO_PLAYER);
    assert_null(match_submit(m, TO_COMPUTER, TO_STAND)); /* 15 vs 16 */
    assert_true(match_is_over(m));
    e = match_submit(m, TO_PLAYER, TO_HIT);
    assert_string_equal(e, "the game is over");
    assert_non_null(match_submit(m, TO_COMPUTER, TO_HIT));

    /* match_view is the seat's observation. */
    TwentyOneState v1, v2;
    match_view(m, TO_PLAYER, &v1);
    G->observe(m->state, TO_PLAYER, &v2);
    assert_memory_equal(&v1, &v2, sizeof v1);
    match_free(m);

    /* Bad player counts are refused with a message. */
    GameOptions opt;
    rules_default_options(G, &opt);
    SeatSpec seats[4] = {{0}};
    char err[MATCH_ERR] = "";
    assert_null(match_create(G, &opt, 3, seats, 1, err, sizeof err));
    assert_non_null(strstr(err, "2 to 2 players, not 3"));
    assert_null(match_create(G, &opt, 1, seats, 1, err, sizeof err));
}

/* ---- Asynchronous bots ------------------------------------------------------------------ */

static atomic_int woken;

static void wake(void *user)
{
    (void)user;
    atomic_fetch_add(&woken, 1);
}

static Action wait_bot(Match *m)
{
    Action a = -1;
    for (long long end = test_deadline(60000); test_before(end);) {
        if (match_bot_poll(m, &a))
            return a;
        sleep_ms(1);
    }
    fail_msg("the bot did not answer within %d s", test_s(60));
    return -1;
}

static void test_bot_async(void **unused)
{
    (void)unused;
    for (uint64_t seed = 0; seed < 60; seed++) {
        Difficulty d0 = (Difficulty)(seed % DIFF_COUNT), d1 = (Difficulty)((seed / 4) % DIFF_COUNT);
        Match *m = new_match(seed, true, d0, true, d1, false);
        Action dummy;
        assert_false(match_bot_poll(m, &dummy)); /* nothing asked yet */
        match_bot_cancel(m);                     /* nothing to cancel: harmless */
        assert_int_equal(match_bot_start(m, NULL, NULL), -1); /* chance to move */
        while (!match_is_over(m)) {
            if (match_current_player(m) == PLAYER_CHANCE) {
                match_play_chance(m);
                continue;
            }
            int seat = match_current_player(m);
            TwentyOneState before;
            memcpy(&before, m->state, sizeof before);
            int w0 = atomic_load(&woken);
            assert_int_equal(match_bot_start(m, wake, NULL), 0);
            assert_int_equal(match_bot_start(m, wake, NULL), -1); /* one request at a time */
            Action a = wait_bot(m);
            assert_int_equal(atomic_load(&woken), w0 + 1);
            assert_false(match_bot_busy(m));
            /* The answer is legal and was not applied. */
            assert_memory_equal(m->state, &before, sizeof before);
            assert_true(support_is_listed(G, m->state, a));
            /* It is the decision the synchronous path makes (same view, same stream). */
            char *text = match_save_text(m);
            char err[MATCH_ERR];
            Match *sync = match_load_text(text, strlen(text), err, sizeof err);
            assert_non_null(sync);
            assert_null(match_play_bot(sync));
            assert_int_equal(sync->history[sync->history_len - 1], a);
            match_free(sync);
            free(text);
            assert_null(match_submit(m, seat, a));
        }
        match_free(m);
    }

    /* A human to move: no bot request. */
    Match *m = new_match(3, false, 0, false, 0, false);
    match_play_chance(m);
    if (!match_is_over(m))
        assert_int_equal(match_bot_start(m, NULL, NULL), -1);
    match_free(m);

    /* Freeing (or cancelling) a match while its bot thinks neither leaks nor crashes. */
    for (uint64_t seed = 0; seed < 200; seed++) {
        m = new_match(seed, true, (Difficulty)(seed % DIFF_COUNT), true, DIFF_HARD, false);
        match_play_chance(m);
        if (match_bot_to_move(m)) {
            assert_int_equal(match_bot_start(m, seed % 2 ? wake : NULL, NULL), 0);
            if (seed % 3 == 0)
                match_bot_cancel(m);
        }
        match_free(m);
    }
}

/* ---- A seat's limit (match_set_limit) ------------------------------------------------------
 * Limits for the tests: flags - 1 is the one action they forbid, or the one they allow. */
static bool allows_not(unsigned flags, const void *view, int seat, Action a)
{
    (void)view, (void)seat;
    return a != (Action)flags - 1;
}

static bool allows_only(unsigned flags, const void *view, int seat, Action a)
{
    (void)view, (void)seat;
    return a == (Action)flags - 1;
}

static Action ask_bot(Match *m)
{
    assert_int_equal(match_bot_start(m, NULL, NULL), 0);
    return wait_bot(m);
}

/* What a seat's limit forbids its bot never answers, on the thread as in match_play_bot
 * (the same move from the same view and stream); a limit that leaves one move answers it;
 * a limit set while a request is out asks again under it; lifted, the bot's own choice
 * comes back. Limits are not saved: a reloaded match has none. */
static void test_bot_limit(void **unused)
{
    (void)unused;
    int limited = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        Match *m = new_match(seed, true, DIFF_HARD, true, DIFF_MEDIUM, false);
        while (!match_is_over(m)) {
            if (match_current_player(m) == PLAYER_CHANCE) {
                match_play_chance(m);
                continue;
            }
            int seat = match_current_player(m);
            Action acts[RULES_MAX_ACTIONS];
            int n = G->legal_actions(m->state, acts);
            Action own = ask_bot(m);
            if (n >= 2) {
                BotLimit no = {(unsigned)own + 1, allows_not, NULL};
                match_set_limit(m, seat, &no);
                Action other = ask_bot(m);
                assert_int_not_equal(other, own);
                assert_true(support_is_listed(G, m->state, other));
                char *text = match_save_text(m);
                char err[MATCH_ERR];
                Match *sync = match_load_text(text, strlen(text), err, sizeof err);
                assert_non_null(sync);
                assert_int_equal(sync->limit[seat].flags, 0); /* not in the save */
                match_set_limit(sync, seat, &no);
                assert_null(match_play_bot(sync));
                assert_int_equal(sync->history[sync->history_len - 1], other);
                match_free(sync);
                free(text);
                /* One move left: that one. */
                BotLimit only = {(unsigned)acts[n - 1] + 1, allows_only, NULL};
                match_set_limit(m, seat, &only);
                assert_int_equal(ask_bot(m), acts[n - 1]);
                /* Lifted while a request is out, then set again: the request follows. */
                match_set_limit(m, seat, NULL);
                assert_int_equal(match_bot_start(m, NULL, NULL), 0);
                match_set_limit(m, seat, &no);
                assert_int_equal(wait_bot(m), other);
                match_set_limit(m, seat, NULL);
                assert_int_equal(ask_bot(m), own);
                limited++;
            }
            assert_null(match_submit(m, seat, own));
        }
        match_free(m);
    }
    assert_true(limited > 20);
}

static void test_match_play_bot_is_reproducible(void **unused)
{
    (void)unused;
    /* Two matches with the same seed and bots play the same game (sim's duplicate deals
     * rely on it). */
    for (uint64_t seed = 0; seed < 200; seed++) {
        Difficulty d0 = (Difficulty)(seed % DIFF_COUNT), d1 = (Difficulty)((seed / 4) % DIFF_COUNT);
        Match *a = new_match(seed, true, d0, true, d1, seed % 3 == 0);
        Match *b = new_match(seed, true, d0, true, d1, seed % 3 == 0);
        Match *ms[2] = {a, b};
        for (int k = 0; k < 2; k++) {
            int guard = 0;
            while (!match_is_over(ms[k])) {
                assert_true(guard++ < 100);
                if (match_current_player(ms[k]) == PLAYER_CHANCE)
                    match_play_chance(ms[k]);
                else
                    assert_null(match_play_bot(ms[k]));
            }
        }
        assert_int_equal(a->history_len, b->history_len);
        assert_memory_equal(a->history, b->history, (size_t)a->history_len * sizeof(Action));
        match_free(a);
        match_free(b);
    }
    Match *m = new_match(1, false, 0, false, 0, false);
    assert_non_null(match_play_bot(m)); /* chance to move, and no bot seats */
    match_free(m);
}

/* ---- Bot determinism -------------------------------------------------------------------- */

/* Random positions of 21 with a player to move. */
static int random_positions(TwentyOneState *out, int max, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    int n = 0;
    while (n < max) {
        TwentyOneState s;
        to_new(&s, rng_below(&rng, 2));
        while (G->current_player(&s) != PLAYER_TERMINAL && n < max) {
            int p = G->current_player(&s);
            if (p >= 0)
                out[n++] = s;
            support_random_step(G, &s, &rng);
        }
    }
    return n;
}

static void test_bot_decide_deterministic(void **unused)
{
    (void)unused;
    enum { N = 300 };
    static TwentyOneState pos[N];
    random_positions(pos, N, 17);
    int easy_differs = 0;
    for (int i = 0; i < N; i++) {
        int seat = G->current_player(&pos[i]);
        for (int d = 0; d < DIFF_COUNT; d++) {
            Rng a, b;
            rng_seed(&a, 1000 + (uint64_t)i);
            rng_seed(&b, 1000 + (uint64_t)i);
            Action x = bot_decide(G, (Difficulty)d, &pos[i], seat, &a, NULL);
            Action y = bot_decide(G, (Difficulty)d, &pos[i], seat, &b, NULL);
            assert_int_equal(x, y);
            assert_memory_equal(&a, &b, sizeof a); /* same draws consumed */
            assert_true(support_is_listed(G, &pos[i], x));
        }
        /* The seed bot's choice does depend on its random draw near its thresholds. */
        Rng c;
        rng_seed(&c, 5);
        Action first = bot_decide(G, DIFF_EASY, &pos[i], seat, &c, NULL);
        for (int k = 0; k < 10; k++)
            easy_differs += bot_decide(G, DIFF_EASY, &pos[i], seat, &c, NULL) != first;
    }
    assert_true(easy_differs > 0);

    /* ISMCTS with an iteration budget (no time limit) is a pure function of its seed. */
    for (int i = 0; i < 40; i++) {
        int seat = G->current_player(&pos[i]);
        TwentyOneState v;
        G->observe(&pos[i], seat, &v);
        Rng a, b;
        rng_seed(&a, 77 + (uint64_t)i);
        rng_seed(&b, 77 + (uint64_t)i);
        BotRequest ra = {G, &v, seat, &a, 300, 0, NULL}, rb = {G, &v, seat, &b, 300, 0, NULL};
        assert_int_equal(ismcts_decide(&ra), ismcts_decide(&rb));
        assert_memory_equal(&a, &b, sizeof a);
    }
}

/* ---- ISMCTS on 21 ----------------------------------------------------------------------- */

static TwentyOneState computer_position(const char *p1, const char *p2, const char *c1,
                                        const char *c2)
{
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, p1, c1, p2, c2);
    to_stand(&s);
    assert_int_equal(G->current_player(&s), TO_COMPUTER);
    return s;
}

static Action ismcts(const TwentyOneState *s, int seat, uint64_t seed, int iterations)
{
    TwentyOneState v;
    G->observe(s, seat, &v);
    Rng rng;
    rng_seed(&rng, seed);
    BotRequest req = {G, &v, seat, &rng, iterations, 0, NULL};
    Action a = ismcts_decide(&req);
    assert_true(support_is_listed(G, s, a));
    return a;
}

static void test_ismcts_twentyone(void **unused)
{
    (void)unused;
    /* A legal answer everywhere, for both seats (the player's view hides the hole). */
    enum { N = 60 };
    static TwentyOneState pos[N];
    random_positions(pos, N, 23);
    for (int i = 0; i < N; i++)
        ismcts(&pos[i], G->current_player(&pos[i]), (uint64_t)i, 100);

    /* Plain decisions, whatever the seed. */
    TwentyOneState behind = computer_position("10c", "Kd", "10h", "2s"); /* 12 vs 20 */
    TwentyOneState ahead = computer_position("10c", "8d", "Kh", "Qs");   /* 20 vs 18 */
    TwentyOneState p20;
    to_new(&p20, false);
    to_deal4(&p20, "10c", "6h", "Kd", "9s"); /* player 20 against a 6 */
    for (uint64_t seed = 1; seed <= 5; seed++) {
        assert_int_equal(ismcts(&behind, TO_COMPUTER, seed, 2000), TO_HIT);
        assert_int_equal(ismcts(&ahead, TO_COMPUTER, seed, 2000), TO_STAND);
        assert_int_equal(ismcts(&p20, TO_PLAYER, seed, 2000), TO_STAND);
    }
    /* No legal action (chance to move): -1. */
    TwentyOneState s;
    to_new(&s, false);
    Rng rng;
    rng_seed(&rng, 1);
    BotRequest req = {G, &s, TO_PLAYER, &rng, 100, 0, NULL};
    assert_int_equal(ismcts_decide(&req), -1);
}

typedef struct {
    const TwentyOneState *view;
    atomic_int cancel;
    Action answer;
} SlowSearch;

static void *slow_search(void *arg)
{
    SlowSearch *ss = arg;
    Rng rng;
    rng_seed(&rng, 9);
    /* Only a long time budget: it runs until cancelled. */
    BotRequest req = {G, ss->view, TO_COMPUTER, &rng, 0, 60000, &ss->cancel};
    ss->answer = ismcts_decide(&req);
    return NULL;
}

static void test_ismcts_budgets(void **unused)
{
    (void)unused;
    TwentyOneState s = computer_position("10c", "Kd", "10h", "2s");
    /* A time budget is honoured. */
    Rng rng;
    rng_seed(&rng, 4);
    BotRequest req = {G, &s, TO_COMPUTER, &rng, 0, 100, NULL};
    long long t0 = clock_now_ns();
    Action a = ismcts_decide(&req);
    long long ms = (clock_now_ns() - t0) / 1000000;
    assert_true(support_is_listed(G, &s, a));
    assert_true(ms >= 90 && ms < test_ms(10000)); /* generous: CI machines stall */

    /* Cancellation stops a search that would otherwise run for a minute. */
    SlowSearch ss = {&s, 0, -2};
    atomic_init(&ss.cancel, 0);
    pthread_t th;
    t0 = clock_now_ns();
    assert_int_equal(pthread_create(&th, NULL, slow_search, &ss), 0);
    sleep_ms(50);
    atomic_store(&ss.cancel, 1);
    pthread_join(th, NULL);
    ms = (clock_now_ns() - t0) / 1000000;
    assert_true(ms < test_ms(10000)); /* not the minute it would run for */
    assert_true(support_is_listed(G, &s, ss.answer));
}

/* ---- Options and configuration ---------------------------------------------------------- */

static const OptionDesc fake_options[] = {
    {"target", "Target", "Points to win.", 12, 1, 30, NULL},
    {"mode", "Mode", "How to play.", 0, 0, 2, (const char *const[]){"short", "long", "wild"}},
};
static const GameRules fake = {.id = "fake", .options = fake_options, .n_options = 2};

static void expect_option_error(const GameRules *g, const char *kv, const char *want)
{
    GameOptions opt;
    rules_default_options(g, &opt);
    GameOptions before = opt;
    char err[256] = "";
    const char *e = rules_parse_option(g, &opt, kv, err, sizeof err);
    if (!e)
        fail_msg("'%s' was accepted", kv);
    if (!strstr(e, want))
        fail_msg("'%s': message '%s' lacks '%s'", kv, e, want);
    assert_memory_equal(&opt, &before, sizeof opt); /* a refused option changes nothing */
}

static void test_rules_parse_option(void **unused)
{
    (void)unused;
    GameOptions opt;
    char err[256];
    rules_default_options(&fake, &opt);
    assert_int_equal(opt.v[0], 12);
    assert_int_equal(opt.v[1], 0);
    assert_null(rules_parse_option(&fake, &opt, "target=30", err, sizeof err));
    assert_int_equal(opt.v[0], 30);
    assert_null(rules_parse_option(&fake, &opt, "target=1", err, sizeof err));
    assert_int_equal(opt.v[0], 1);
    assert_null(rules_parse_option(&fake, &opt, "mode=wild", err, sizeof err));
    assert_int_equal(opt.v[1], 2);

    expect_option_error(&fake, "target", "not of the form KEY=VALUE");
    expect_option_error(&fake, "target=0", "not a number from 1 to 30");
    expect_option_error(&fake, "target=31", "not a number from 1 to 30");
    expect_option_error(&fake, "target=", "not a number");
    expect_option_error(&fake, "target=5x", "not a number");
    expect_option_error(&fake, "target=99999999999999999999", "not a number");
    expect_option_error(&fake, "target=-4294967284", "not a number"); /* wraps to 12 in int */
    expect_option_error(&fake, "mode=2", "'2' is not one of short long wild");
    expect_option_error(&fake, "mode=Short", "not one of");
    expect_option_error(&fake, "targets=3", "fake has no option 'targets' (options: target mode)");
    expect_option_error(&fake, "=3", "has no option ''");
    expect_option_error(G, "charlie=yes", "option charlie: 'yes' is not one of off on");
    expect_option_error(G, "jokers=on", "twentyone has no option 'jokers' (options: charlie)");

    /* Tiny error buffers are respected. */
    char small[12];
    memset(small, 0x5A, sizeof small);
    rules_default_options(&fake, &opt);
    assert_non_null(rules_parse_option(&fake, &opt, "nothing=1", small, 8));
    assert_true(memchr(small, '\0', 8) != NULL);
    for (int i = 8; i < 12; i++)
        assert_int_equal((unsigned char)small[i], 0x5A);

    /* format -> parse is the identity for every value. */
    for (int v = 1; v <= 30; v++) {
        GameOptions a, b;
        rules_default_options(&fake, &a);
        rules_default_options(&fake, &b);
        a.v[0] = v;
        a.v[1] = v % 3;
        for (int i = 0; i < 2; i++) {
            char kv[64];
            rules_format_option(&fake, &a, i, kv, sizeof kv);
            assert_null(rules_parse_option(&fake, &b, kv, err, sizeof err));
        }
        assert_memory_equal(&a, &b, sizeof a);
    }
    char kv[64];
    rules_default_options(G, &opt);
    rules_format_option(G, &opt, 0, kv, sizeof kv);
    assert_string_equal(kv, "charlie=off");
}

static void test_difficulty_config(void **unused)
{
    (void)unused;
    for (int d = 0; d < DIFF_COUNT; d++) {
        Difficulty back = DIFF_COUNT;
        assert_true(difficulty_parse(difficulty_name((Difficulty)d), &back));
        assert_int_equal(back, d);
        /* Every level of every game resolves to a known algorithm. */
        for (int g = 0; g < registry_count(); g++) {
            const BotConfig *c = bot_config(registry_get(g)->id, (Difficulty)d);
            assert_non_null(c);
            const BotAlgo *algo = bot_find_algo(c->algo);
            assert_non_null(algo);
            assert_true(algo->game == NULL || strcmp(algo->game, registry_get(g)->id) == 0);
        }
    }
    Difficulty x;
    assert_false(difficulty_parse("Hard", &x));
    assert_false(difficulty_parse("", &x));
    assert_null(bot_find_algo("nonsense"));
    /* 21 uses its own bots (RULES.md §4); an unknown game falls back to generic search. */
    assert_string_equal(bot_config("twentyone", DIFF_EASY)->algo, "twentyone-seed");
    assert_string_equal(bot_config("twentyone", DIFF_HARD)->algo, "twentyone-expect");
    assert_string_equal(bot_config("no-such-game", DIFF_HARD)->algo, "ismcts");
    assert_string_equal(bot_config("no-such-game", DIFF_RANDOM)->algo, "random");
    assert_true(bot_config("no-such-game", DIFF_HARD)->iterations > 0); /* reproducible */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seat_kinds),
        cmocka_unit_test(test_chance_determinism),
        cmocka_unit_test(test_resume_draws_the_same_cards),
        cmocka_unit_test(test_submit_and_listener),
        cmocka_unit_test(test_bot_async),
        cmocka_unit_test(test_bot_limit),
        cmocka_unit_test(test_match_play_bot_is_reproducible),
        cmocka_unit_test(test_bot_decide_deterministic),
        cmocka_unit_test(test_ismcts_twentyone),
        cmocka_unit_test(test_ismcts_budgets),
        cmocka_unit_test(test_rules_parse_option),
        cmocka_unit_test(test_difficulty_config),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
