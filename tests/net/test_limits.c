/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The dealer's limits (src/net/limits.[ch]), each against a real nats-server with Tasca's
 * configuration (the dealer with its credentials, the players with theirs):
 *   defaults   every limit is on when nothing is set, off when asked
 *   tables     tables per dealer and per client (its key); nobody spends another's share
 *   creates    new tables per client in a minute
 *   idle       an unfinished table with no person connected closes (record purged, out of
 *              the lobby); one with a person stays while the person does
 *   bot_games  a table of bots only plays its game, then stops and closes
 *   renames    changes of a seat's name in a minute
 *   lobby      a lobby list answers a bounded number of tables
 *   bot_fair   six tables of Hard bots do not hold up another table's Medium bot
 *   compact    a table's record holds only what its current game needs, and resumes
 *   serve      `tasca serve`'s settings are the dealer's limits
 * Usage: test_limits CASE [path of the tasca binary, for `serve`]. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/registry.h"
#include "natsfix.h"
#include "net/net.h"
#include "timescale.h"

static const char *tasca_bin;

static struct {
    NatsServer *server;
    pid_t serve_pid;
    Dealer *dealer;
    DealerConfig cfg; /* the dealer's, to start it again */
    char store[600];
    NetClient *cl[8];
    int n_cl;
} fix;

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < fix.n_cl; i++)
        net_client_free(fix.cl[i]);
    dealer_stop(fix.dealer);
    if (fix.serve_pid > 0) {
        natsfix_child_kill(fix.serve_pid, SIGKILL);
        natsfix_child_wait(fix.serve_pid, test_ms(30000), NULL);
    }
    natsfix_stop(fix.server);
    memset(&fix, 0, sizeof fix);
    return 0;
}

/* A server with Tasca's configuration and a dealer on it with these limits. */
static void start(const NetLimits *lim, int bot_threads, int linger)
{
    char err[256];
    NatsFixOptions o = {.locked = true};
    fix.server = natsfix_start(&o, err, sizeof err);
    if (!fix.server)
        fail_msg("%s", err);
    snprintf(fix.store, sizeof fix.store, "%s/dealer", natsfix_store(fix.server));
    DealerConfig cfg = {.url = natsfix_url(fix.server),
                        .creds = natsfix_creds(fix.server, true),
                        .store = fix.store,
                        .replicas = 1,
                        .bot_threads = bot_threads,
                        .linger_seconds = linger,
                        .verbose = getenv("NET_DEBUG") != NULL};
    if (lim)
        cfg.limits = *lim;
    fix.cfg = cfg;
    char e2[NET_ERR];
    fix.dealer = dealer_start(&cfg, e2, sizeof e2);
    if (!fix.dealer)
        fail_msg("dealer: %s", e2);
}

/* A player's client (the players' credentials), freed by the teardown. */
static NetClient *player(const char *name, const SealKeys *keys)
{
    char err[NET_ERR];
    NetClient *c =
        net_client_new_keys(natsfix_player_url(fix.server), NULL, name, keys, err, sizeof err);
    if (!c)
        fail_msg("%s: %s", name, err);
    assert_true(fix.n_cl < (int)(sizeof fix.cl / sizeof *fix.cl));
    fix.cl[fix.n_cl++] = c;
    return c;
}

/* Asks for a table of `game` for n, the seats in `bots` (bit s) the dealer's bots of
 * `level`: NULL (the code in code[]) or the dealer's refusal. */
static const char *create(NetClient *c, const char *game, int n, unsigned bots, Difficulty level,
                          char code[WIRE_CODE])
{
    const GameRules *g = registry_find(game);
    MsgCreate spec = {.num_players = (uint8_t)n, .away_seconds = 60};
    snprintf(spec.game, sizeof spec.game, "%s", game);
    GameOptions opt;
    rules_default_options(g, &opt);
    spec.n_options = (uint8_t)g->n_options;
    memcpy(spec.options, opt.v, sizeof spec.options);
    for (int s = 0; s < n; s++)
        if (bots >> s & 1)
            spec.seats[s] = (WireSeatSpec){WSEAT_BOT, (uint8_t)level};
    return net_client_create(c, &spec, code);
}

static void expect_refusal(const char *got, const char *want)
{
    if (!got || strcmp(got, want) != 0)
        fail_msg("expected \"%s\", got %s%s%s", want, got ? "\"" : "", got ? got : "accepted",
                 got ? "\"" : "");
    print_message("refused: %s\n", got);
}

/* The lobby's answer to one list request: how many tables (and whether `code` is one);
 * entries are collected for up to first_ms until the first, then until none came for
 * quiet_ms (a check that nothing more comes). */
static int lobby_count(const char *code, bool *found, int first_ms, int quiet_ms)
{
    char err[NET_ERR];
    natsConnection *nc = net_connect(natsfix_player_url(fix.server), NULL, "lister", err, sizeof err);
    if (!nc)
        fail_msg("%s", err);
    natsInbox *inbox = NULL;
    natsSubscription *sub = NULL;
    NATS_CHECK(natsInbox_Create(&inbox));
    NATS_CHECK(natsConnection_SubscribeSync(&sub, nc, inbox));
    NATS_CHECK(natsConnection_PublishRequest(nc, "tasca.lobby.list", inbox, NULL, 0));
    int n = 0;
    if (found)
        *found = false;
    natsMsg *msg = NULL;
    for (int wait = first_ms; natsSubscription_NextMsg(&msg, sub, wait) == NATS_OK;
         wait = quiet_ms) {
        MsgTable t;
        if (net_lobby_entry(NULL, (const uint8_t *)natsMsg_GetData(msg),
                            (size_t)natsMsg_GetDataLength(msg), &t)) {
            n++;
            if (found && code && strcmp(t.code, code) == 0)
                *found = true;
        }
        natsMsg_Destroy(msg);
    }
    natsSubscription_Destroy(sub);
    natsInbox_Destroy(inbox);
    natsConnection_Destroy(nc);
    return n;
}

static bool listed(const char *code)
{
    bool found = false;
    /* a dealer with no table sends nothing: a while without an answer is an empty list */
    lobby_count(code, &found, test_ms(2000), 300);
    return found;
}

/* Waits until the table is out of the lobby (true) or `seconds` passed. */
static bool unlisted_within(const char *code, int seconds)
{
    for (long long end = test_deadline(seconds * 1000); test_before(end);) {
        if (!listed(code))
            return true;
        nats_Sleep(200);
    }
    return false;
}

/* How many entries the table's record holds (the dealer's credentials). */
static int record_entries(const char *code)
{
    char err[NET_ERR], subject[64];
    natsConnection *nc = net_connect(natsfix_url(fix.server), natsfix_creds(fix.server, true),
                                     "observer", err, sizeof err);
    if (!nc)
        fail_msg("%s", err);
    jsCtx *js = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, nc, NULL));
    snprintf(subject, sizeof subject, "tasca.rec.%s", code);
    jsOptions o;
    jsOptions_Init(&o);
    o.Stream.Info.SubjectsFilter = subject;
    jsStreamInfo *si = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_GetStreamInfo(&si, js, NET_STREAM, &o, &jerr));
    int n = 0;
    for (int i = 0; si->State.Subjects && i < si->State.Subjects->Count; i++)
        if (strcmp(si->State.Subjects->List[i].Subject, subject) == 0)
            n = (int)si->State.Subjects->List[i].Msgs;
    jsStreamInfo_Destroy(si);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    return n;
}

static void noop_view(void *user, NetClient *c, const MsgView *v)
{
    (void)user;
    (void)c;
    (void)v;
}

/* ---- the cases ---- */

static void test_defaults(void **state)
{
    (void)state;
    NetLimits on, off, none = {0};
    net_limits_resolve(&none, &on);
    const int *f = &on.max_tables;
    for (size_t i = 0; i < sizeof on / sizeof(int); i++)
        assert_true(f[i] > 0); /* every limit on by default */
    assert_int_equal(on.max_tables, NET_LIMIT_MAX_TABLES);
    assert_int_equal(on.idle_seconds, NET_LIMIT_IDLE_S);
    NetLimits neg;
    memset(&neg, 0xff, sizeof neg); /* every field -1 */
    net_limits_resolve(&neg, &off);
    f = &off.max_tables;
    for (size_t i = 0; i < sizeof off / sizeof(int); i++)
        assert_int_equal(f[i], 0);
}

/* Ana may have 2 open tables, the dealer 3: Ana's third is refused, Bea's first is made, and
 * then the dealer is full for Cy. A request naming Bea's key without her signature is
 * refused, and spends nothing of hers. */
static void test_tables(void **state)
{
    (void)state;
    NetLimits lim = {.max_tables = 3, .client_tables = 2};
    start(&lim, 1, 600);
    NetClient *ana = player("Ana", NULL), *bea = player("Bea", NULL), *cy = player("Cy", NULL);
    char code[WIRE_CODE];
    assert_null(create(ana, "bisca", 2, 0, DIFF_EASY, code));
    assert_null(create(ana, "bisca", 2, 0, DIFF_EASY, code));
    expect_refusal(create(ana, "bisca", 2, 0, DIFF_EASY, code), NET_CLIENT_TABLES);

    /* Mallory names Bea's key in a request of her own making (her signature cannot be had). */
    const SealKeys *bk = net_client_keys(bea);
    char err[NET_ERR];
    natsConnection *nc = net_connect(natsfix_player_url(fix.server), NULL, "mallory", err, sizeof err);
    assert_non_null(nc);
    natsMsg *r = NULL;
    NATS_CHECK(natsConnection_Request(&r, nc, "tasca.dealers.keys", NULL, 0, natsfix_answer_ms()));
    uint8_t box[WIRE_KEY];
    memcpy(box, natsMsg_GetData(r) + WIRE_KEY, WIRE_KEY);
    natsMsg_Destroy(r);
    for (int i = 0; i < 3; i++) {
        SealKeys once;
        seal_keys_new(&once);
        WireMsg m = {.type = MSG_CREATE};
        MsgCreate *c = &m.u.create;
        snprintf(c->game, sizeof c->game, "bisca");
        c->num_players = 2;
        memcpy(c->client_key, bk->sign_pk, WIRE_KEY);
        randombytes_buf(c->client_sig, sizeof c->client_sig);
        uint8_t plain[1024], out[1024 + SEAL_OVERHEAD + WIRE_KEY];
        size_t n = wire_encode(&m, plain, sizeof plain);
        assert_true(n > 0);
        memcpy(out, once.sign_pk, WIRE_KEY);
        size_t sealed = seal_for(&once, box, plain, n, out + WIRE_KEY);
        NATS_CHECK(natsConnection_Request(&r, nc, "tasca.dealers.create", out,
                                          (int)(WIRE_KEY + sealed), natsfix_answer_ms()));
        WireMsg w;
        assert_null(wire_decode((const uint8_t *)natsMsg_GetData(r),
                                (size_t)natsMsg_GetDataLength(r) - 64, &w));
        assert_int_equal(w.type, MSG_CREATED);
        assert_false(w.u.created.ok);
        expect_refusal(w.u.created.reason, NET_NO_CLIENT_KEY);
        natsMsg_Destroy(r);
    }
    natsConnection_Destroy(nc);

    assert_null(create(bea, "bisca", 2, 0, DIFF_EASY, code));
    assert_int_equal(dealer_tables(fix.dealer), 3);
    expect_refusal(create(cy, "bisca", 2, 0, DIFF_EASY, code), NET_DEALER_FULL);
    assert_int_equal(dealer_tables(fix.dealer), 3);
}

/* 3 new tables a minute: Ana's fourth in a row is refused (her open tables are far from
 * their limit); Bea asks as usual. */
static void test_creates(void **state)
{
    (void)state;
    NetLimits lim = {.creates_per_minute = 3, .client_tables = 100};
    start(&lim, 1, 600);
    NetClient *ana = player("Ana", NULL), *bea = player("Bea", NULL);
    char code[WIRE_CODE];
    for (int i = 0; i < 3; i++)
        assert_null(create(ana, "bisca", 2, 0, DIFF_EASY, code));
    expect_refusal(create(ana, "bisca", 2, 0, DIFF_EASY, code), NET_CREATE_RATE);
    expect_refusal(create(ana, "truco", 2, 0, DIFF_EASY, code), NET_CREATE_RATE);
    assert_null(create(bea, "bisca", 2, 0, DIFF_EASY, code));
    assert_int_equal(dealer_tables(fix.dealer), 4);
}

/* Idle time 2 s: a table nobody sat at closes (out of the lobby, its record purged) while
 * another, with Ana at it, stays; once Ana is gone (away after 7 s of silence) it closes
 * too. */
static void test_idle(void **state)
{
    (void)state;
    NetLimits lim = {.idle_seconds = 2};
    start(&lim, 1, 600);
    NetClient *ana = player("Ana", NULL), *bea = player("Bea", NULL);
    char empty[WIRE_CODE], kept[WIRE_CODE];
    assert_null(create(bea, "bisca", 2, 0, DIFF_EASY, empty));
    assert_null(create(ana, "bisca", 2, 0, DIFF_EASY, kept));
    int seat = -9;
    assert_null(net_client_join(ana, kept, 0, noop_view, NULL, &seat));
    assert_true(record_entries(empty) > 0);
    assert_true(listed(empty));
    assert_true(unlisted_within(empty, 30));
    assert_int_equal(record_entries(empty), 0);
    /* Ana's table has been idle-free all along (she beats every 2 s) */
    assert_true(listed(kept));
    assert_true(record_entries(kept) > 0);
    print_message("%s closed with nobody at it; %s kept with Ana at it\n", empty, kept);
    fix.cl[0] = NULL;
    net_client_free(ana);
    assert_true(unlisted_within(kept, 40));
    assert_int_equal(record_entries(kept), 0);
    assert_int_equal(dealer_tables(fix.dealer), 0);
}

static atomic_int most_game = -1;

static void on_news(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    (void)closure;
    MsgTable t;
    if (net_lobby_entry(NULL, (const uint8_t *)natsMsg_GetData(msg),
                        (size_t)natsMsg_GetDataLength(msg), &t) &&
        t.game_no > atomic_load(&most_game))
        atomic_store(&most_game, t.game_no);
    natsMsg_Destroy(msg);
}

/* A table of two Random bots plays its game, then stops (no second game) and closes after
 * the linger (1 s), its record purged. */
static void test_bot_games(void **state)
{
    (void)state;
    start(NULL, 1, 1);
    NetClient *ana = player("Ana", NULL);
    char err[NET_ERR];
    natsConnection *ear = net_connect(natsfix_player_url(fix.server), NULL, "ear", err, sizeof err);
    assert_non_null(ear);
    natsSubscription *sub = NULL;
    atomic_store(&most_game, -1);
    NATS_CHECK(natsConnection_Subscribe(&sub, ear, "tasca.lobby.*", on_news, NULL));
    NATS_CHECK(natsConnection_Flush(ear));
    char code[WIRE_CODE];
    assert_null(create(ana, "bisca", 2, 3, DIFF_RANDOM, code));
    bool gone = unlisted_within(code, 60);
    print_message("table %s: last game seen %d; closed: %d\n", code, atomic_load(&most_game), gone);
    assert_int_equal(atomic_load(&most_game), 0);
    assert_true(gone);
    assert_int_equal(record_entries(code), 0);
    natsSubscription_Destroy(sub);
    natsConnection_Destroy(ear);
}

/* Two changes of a seat's name a minute: Ana sits down, comes back twice with a new name
 * (same keys), and the third new name is refused; the lobby keeps the second. */
static void test_renames(void **state)
{
    (void)state;
    NetLimits lim = {.renames_per_minute = 2};
    start(&lim, 1, 600);
    NetClient *ana = player("Ana", NULL);
    SealKeys keys = *net_client_keys(ana); /* her own keys (before any join) */
    char code[WIRE_CODE];
    assert_null(create(ana, "bisca", 2, 0, DIFF_EASY, code));
    int seat = -9;
    assert_null(net_client_join(ana, code, 0, noop_view, NULL, &seat));
    const char *names[] = {"Ana B", "Ana C", "Ana D"};
    for (int i = 0; i < 3; i++) {
        NetClient *again = player(names[i], &keys);
        const char *why = net_client_join(again, code, 0, noop_view, NULL, &seat);
        if (i < 2)
            assert_null(why);
        else
            expect_refusal(why, NET_NAME_RATE);
    }
    MsgTable t;
    assert_true(net_client_lobby_table(ana, code, &t, natsfix_answer_ms()));
    assert_string_equal(t.seats[0].name, "Ana C");
}

/* At most 3 tables in a list's answer, with 5 open: those with a free seat first. */
static void test_lobby(void **state)
{
    (void)state;
    NetLimits lim = {.lobby_entries = 3};
    start(&lim, 1, 600);
    NetClient *ana = player("Ana", NULL), *bea = player("Bea", NULL);
    char code[WIRE_CODE], full[WIRE_CODE];
    for (int i = 0; i < 4; i++)
        assert_null(create(i % 2 ? ana : bea, "bisca", 2, 0, DIFF_EASY, code));
    /* a table whose seats are all taken (Ana's and a bot's) comes after the others */
    assert_null(create(ana, "bisca", 2, 2, DIFF_EASY, full));
    int seat = -9;
    assert_null(net_client_join(ana, full, 0, noop_view, NULL, &seat));
    bool found = true;
    int n = lobby_count(full, &found, natsfix_answer_ms(), 500);
    print_message("tables in the answer: %d of %d\n", n, dealer_tables(fix.dealer));
    assert_int_equal(dealer_tables(fix.dealer), 5);
    assert_int_equal(n, 3);
    assert_false(found);
}

/* ---- fair bot work ---- */

/* A seat's latest view (of the latest game), as its client got it. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    const GameRules *g;
    uint8_t *view;
    uint16_t game;
    uint32_t seq;
    bool have;
} GameSeat;

static void on_game_view(void *user, NetClient *c, const MsgView *v)
{
    (void)c;
    GameSeat *s = user;
    pthread_mutex_lock(&s->lock);
    if (v->view_len == s->g->state_size &&
        (!s->have || v->game_no > s->game || (v->game_no == s->game && v->seq >= s->seq))) {
        memcpy(s->view, v->view, v->view_len);
        s->game = v->game_no;
        s->seq = v->seq;
        s->have = true;
        pthread_cond_broadcast(&s->cond);
    }
    pthread_mutex_unlock(&s->lock);
}

/* Waits for the seat's turn in a view past step `after` (true) or the game's end (false);
 * fails after 60 s. */
static bool wait_turn(GameSeat *s, int seat, long long after)
{
    struct timespec ts;
    test_realtime_in(&ts, 60000);
    pthread_mutex_lock(&s->lock);
    for (;;) {
        int p = s->have && (long long)s->seq > after ? s->g->current_player(s->view) : -9;
        if (p == seat || p == PLAYER_TERMINAL) {
            pthread_mutex_unlock(&s->lock);
            return p == seat;
        }
        if (pthread_cond_timedwait(&s->cond, &s->lock, &ts) != 0) {
            pthread_mutex_unlock(&s->lock);
            fail_msg("no turn for seat %d in %d s", seat, test_s(60));
        }
    }
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* With the dealer's two bot workers (tasca serve's default), six tables of Hard Moulin
 * bots (up to 1 s a decision) keep them busy; Ana plays a Bisca game against the dealer's
 * Medium bot meanwhile, which decides at once (a heuristic, no budget). From each of her
 * moves to her next turn (the bot's answer, and the deal) never more than half a second:
 * the Hard bots' work never holds the Medium bot's up (on the landed code, with a last-in
 * first-out stack and every worker on Hard bots, it waited about one Hard decision). */
static void test_bot_fair(void **state)
{
    (void)state;
    start(NULL, 2, 600);
    NetClient *ana = player("Ana", NULL), *bea = player("Bea", NULL);
    char code[WIRE_CODE];
    for (int i = 0; i < 6; i++)
        assert_null(create(bea, "moulin", 2, 3, DIFF_HARD, code));
    assert_null(create(ana, "bisca", 2, 2, DIFF_MEDIUM, code));
    GameSeat s = {.g = registry_find("bisca")};
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.cond, NULL);
    s.view = calloc(1, s.g->state_size);
    int seat = -9;
    assert_null(net_client_join(ana, code, 0, on_game_view, &s, &seat));
    assert_int_equal(seat, 0);
    long long worst = 0;
    int moves = 0;
    uint8_t *view = malloc(s.g->state_size);
    while (wait_turn(&s, 0, -1)) {
        pthread_mutex_lock(&s.lock);
        memcpy(view, s.view, s.g->state_size);
        uint32_t at = s.seq;
        pthread_mutex_unlock(&s.lock);
        Rng rng;
        rng_seed(&rng, at + 1);
        Action a = bot_decide_view(s.g, DIFF_RANDOM, view, 0, &rng, NULL);
        long long t0 = now_ms();
        const char *why = net_client_act(ana, a, at);
        if (why)
            fail_msg("Ana's move refused: %s", why);
        wait_turn(&s, 0, at);
        long long took = now_ms() - t0;
        if (took > worst)
            worst = took;
        moves++;
    }
    print_message("%d moves of Ana's; the longest wait for her next turn: %lld ms\n", moves,
                  worst);
    free(view);
    assert_true(moves > 5);
    assert_true(worst <= test_ms(500));
    free(s.view);
}

/* ---- the record compacted at each game's start ---- */

/* Plays random moves for both seats in game `game` until `moves` were made (-1: its end);
 * false once it is over. */
static bool play(NetClient *cl[2], GameSeat seat[2], uint16_t game, int moves)
{
    for (int made = 0; moves < 0 || made < moves;) {
        int mover = -1, over = 0;
        uint32_t at = 0;
        uint8_t view[4096];
        struct timespec ts;
        test_realtime_in(&ts, 60000);
        for (int s = 0; s < 2 && mover < 0; s++) {
            pthread_mutex_lock(&seat[s].lock);
            while (!seat[s].have || seat[s].game < game)
                if (pthread_cond_timedwait(&seat[s].cond, &seat[s].lock, &ts) != 0)
                    fail_msg("no view of game %d for seat %d", game, s);
            int p = seat[s].g->current_player(seat[s].view);
            over += p == PLAYER_TERMINAL;
            if (p == s) {
                mover = s;
                at = seat[s].seq;
                memcpy(view, seat[s].view, seat[s].g->state_size);
            }
            pthread_mutex_unlock(&seat[s].lock);
        }
        if (over == 2)
            return false;
        if (mover < 0) { /* a view on its way */
            nats_Sleep(5);
            continue;
        }
        Rng rng;
        rng_seed(&rng, (uint64_t)game << 32 | at);
        Action a = bot_decide_view(seat[mover].g, DIFF_RANDOM, view, mover, &rng, NULL);
        const char *why = net_client_act(cl[mover], a, at);
        if (why && strcmp(why, "that move was chosen from an old view of the table") != 0)
            fail_msg("seat %d's move refused: %s", mover, why);
        if (why) /* a view came meanwhile: chosen again from it */
            continue;
        /* its own next view shows the move */
        pthread_mutex_lock(&seat[mover].lock);
        while (seat[mover].game == game && seat[mover].seq <= at)
            if (pthread_cond_timedwait(&seat[mover].cond, &seat[mover].lock, &ts) != 0)
                fail_msg("seat %d's move never showed", mover);
        pthread_mutex_unlock(&seat[mover].lock);
        made++;
    }
    return true;
}

/* Two players play a game, ask for the next: once it begins, the table's record holds only
 * a checkpoint (the table, the two seats, the game's start), not the first game's moves.
 * The dealer is stopped and started again mid-game: it resumes the table from the
 * checkpoint (each seat's next sequence number too) and the game is played to its end. */
static void test_compact(void **state)
{
    (void)state;
    start(NULL, 1, 600);
    NetClient *cl[2] = {player("Ana", NULL), player("Bea", NULL)};
    GameSeat seat[2];
    char code[WIRE_CODE];
    assert_null(create(cl[0], "bisca", 2, 0, DIFF_EASY, code));
    for (int s = 0; s < 2; s++) {
        memset(&seat[s], 0, sizeof seat[s]);
        pthread_mutex_init(&seat[s].lock, NULL);
        pthread_cond_init(&seat[s].cond, NULL);
        seat[s].g = registry_find("bisca");
        assert_true(seat[s].g->state_size <= 4096);
        seat[s].view = calloc(1, seat[s].g->state_size);
        int got = -9;
        assert_null(net_client_join(cl[s], code, s, on_game_view, &seat[s], &got));
    }
    play(cl, seat, 0, -1);
    int first_game = record_entries(code);
    for (int s = 0; s < 2; s++)
        assert_null(net_client_again(cl[s]));
    /* game 1 under way, one move in: the other seat's next sequence number is only in the
     * checkpoint */
    assert_true(play(cl, seat, 1, 1));
    int now = record_entries(code);
    print_message("record of %s: %d entries after game 0, %d one move into game 1\n", code,
                  first_game, now);
    assert_true(first_game > 20);
    assert_true(now <= 4 + 1); /* the checkpoint (open, two seats, next) and the move */
    dealer_stop(fix.dealer);
    char err[NET_ERR];
    fix.dealer = dealer_start(&fix.cfg, err, sizeof err);
    if (!fix.dealer)
        fail_msg("dealer: %s", err);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    assert_false(play(cl, seat, 1, -1));
    MsgTable t;
    assert_true(net_client_lobby_table(cl[0], code, &t, natsfix_answer_ms()));
    assert_int_equal(t.game_no, 1);
    assert_true(t.over);
    for (int s = 0; s < 2; s++)
        free(seat[s].view);
}

/* `tasca serve --client-tables 2 --lobby-max 1` (its own process, the dealer's credentials):
 * Ana's third table is refused with the limit's reason, and a list answers one table of
 * two. */
static void test_serve(void **state)
{
    (void)state;
    if (!tasca_bin)
        fail_msg("this case needs the tasca binary's path as its second argument");
    char err[256];
    NatsFixOptions o = {.locked = true};
    fix.server = natsfix_start(&o, err, sizeof err);
    if (!fix.server)
        fail_msg("%s", err);
    char store[600], log[700];
    snprintf(store, sizeof store, "%s/dealer", natsfix_store(fix.server));
    snprintf(log, sizeof log, "%s/serve.log", natsfix_store(fix.server));
    char *argv[] = {(char *)tasca_bin, "serve", "--nats", (char *)natsfix_url(fix.server),
                    "--creds", (char *)natsfix_creds(fix.server, true), "--store", store,
                    "--client-tables", "2", "--lobby-max", "1", NULL};
    fix.serve_pid = natsfix_spawn(argv, log, err, sizeof err);
    if (fix.serve_pid <= 0)
        fail_msg("tasca serve: %s", err);
    NetClient *ana = player("Ana", NULL);
    /* ready when it answers: the first table request waits for it */
    char code[WIRE_CODE];
    const char *why = NULL;
    for (long long end = test_deadline(60000); test_before(end);) {
        why = create(ana, "bisca", 2, 0, DIFF_EASY, code);
        if (!why)
            break;
        nats_Sleep(100);
    }
    assert_null(why);
    assert_null(create(ana, "bisca", 2, 0, DIFF_EASY, code));
    expect_refusal(create(ana, "bisca", 2, 0, DIFF_EASY, code), NET_CLIENT_TABLES);
    assert_int_equal(lobby_count(NULL, NULL, natsfix_answer_ms(), 500), 1);
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "";
    tasca_bin = argc > 2 ? argv[2] : getenv("TASCA_BIN");
    signal(SIGPIPE, SIG_IGN);
    net_global_delivery(2);
    const struct CMUnitTest all[] = {
        cmocka_unit_test_teardown(test_defaults, teardown),
        cmocka_unit_test_teardown(test_tables, teardown),
        cmocka_unit_test_teardown(test_creates, teardown),
        cmocka_unit_test_teardown(test_idle, teardown),
        cmocka_unit_test_teardown(test_bot_games, teardown),
        cmocka_unit_test_teardown(test_renames, teardown),
        cmocka_unit_test_teardown(test_lobby, teardown),
        cmocka_unit_test_teardown(test_bot_fair, teardown),
        cmocka_unit_test_teardown(test_compact, teardown),
        cmocka_unit_test_teardown(test_serve, teardown),
    };
    const char *names[] = {"defaults", "tables", "creates", "idle",
                           "bot_games", "renames", "lobby", "bot_fair", "compact", "serve"};
    _Static_assert(sizeof names / sizeof *names == sizeof all / sizeof *all, "a name per case");
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (strcmp(which, names[i]) == 0)
            return _cmocka_run_group_tests(names[i], &all[i], 1, NULL, NULL);
    fprintf(stderr, "usage: test_limits CASE; cases:");
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        fprintf(stderr, " %s", names[i]);
    fprintf(stderr, "\n");
    return 2;
}
