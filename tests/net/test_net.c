/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Networked tables end to end, on real nats-server processes on loopback:
 *   equivalence  every game played through a dealer gives the local game's result
 *   eavesdrop    a reader of the whole broker (">") sees no secret of any seat
 *   hostile      garbage, oversized, truncated, forged, replayed and out-of-turn messages
 *                are refused, to their sender only, and the game goes on unharmed
 *   burst        one action sent five times at once, while its record is on its way:
 *                applied once, one answer "taken" and four "already applied"
 *   client_drop  a client that vanishes mid-hand comes back to its seat with the same keys
 *   dealer_kill  `tasca serve` killed with -9 mid-hand and started again: nothing lost,
 *                nothing applied twice
 *   nats_kill    nats-server (JetStream) killed with -9 mid-hand and started again
 *   nats_away    the same, away longer than a table's lease: the dealer gives the table up
 *                and takes it up again from its record when the broker is back
 *   cluster      three nodes, the dealer and the seats on different nodes, the dealer's
 *                node killed mid-game
 *   view_again   a seat whose beat says it is behind the table gets its view again
 *   standin      a seat's player drops: the lobby shows it away, counting down, then the
 *                dealer's bot standing in, which plays it to the local game's end; forged
 *                and replayed signs of life for it change nothing
 *   standin_return  the player comes back mid-game: the seat is theirs again at once and
 *                every later decision of it is theirs
 *   standin_kill `tasca serve` killed with -9 while standing in: its moves were recorded,
 *                the seat is away again after the restart and the bot finishes the game
 *   standin_never  away_seconds 0: the seat stays away, nobody plays it, until its player
 *                is back
 *   shared       two dealers on one server split the tables (leases); every game is the
 *                local one and every action is recorded once
 *   takeover     of two dealers, the spawned `tasca serve` is killed with -9 mid-game: the
 *                other takes its tables over once their leases expire
 *   lease_lost   a dealer whose lease another dealer wrote stops serving the table at once,
 *                and takes it back from its record when the key is free again; a lease a
 *                stranger wrote (no dealers' key) does not take the table from it
 *   fence        someone else appends to a table's record: the dealer's next append is
 *                refused by the store, it drops the table and takes it back from the record
 *   rec_junk     junk appended to a table's record (no box of the dealers', no record,
 *                another table's, a copy) is skipped: the table is never dropped, and a
 *                dealer started again resumes it past the junk
 *   junk_subjects  a thousand made-up record subjects cost the dealer a bounded amount per
 *                scan, off its thread, and are purged from the stream
 *   lease_stranger  a stranger writing a table's lease every 0.2 s (no dealers' key) never
 *                takes the table from its dealer
 * Usage: test_net CASE [path of the tasca binary, for the cases that run `tasca serve`]. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/fileio.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "natsfix.h"
#include "net/brokerconf.h"
#include "net/dealfile.h"
#include "net/invite.h"
#include "net/net.h"

static const char *tasca_bin;

/* ---- the local reference: the same deal and the same bots, no network ---- */

typedef struct {
    const char *game;
    int n;
    Difficulty level[RULES_MAX_PLAYERS];
    uint64_t seed, bot_seed;
    unsigned dealer_bots; /* seats (bit s) the dealer's own bots play */
} Spec;

/* Tables are fixed (every seat the test's own keys, dealt from the Spec's seed, so that the
 * local game is the same one) unless this is set: then they are fair (deal.h), the seed is
 * not the test's and the local game is another. */
static bool fair_tables;

/* The stand-in cases' plan (zero for the others): */
static struct {
    unsigned seats;   /* seats (bit s) whose player leaves: the dealer's Medium bot... */
    uint32_t back_at; /* ...plays their decisions before this action (0: to the end) */
    uint16_t away;    /* the table's away_seconds (0: the callers' default, 60) */
    bool never;       /* away_seconds 0: nobody stands in */
} stand;

typedef struct {
    double ret[RULES_MAX_PLAYERS];
    int history_len;
    int decisions; /* the seats' actions (the deals are not recorded: replayed from the seed) */
    Match *m; /* kept for the eavesdropper's secrets */
} Local;

static void local_game(const Spec *sp, Local *out, bool keep)
{
    const GameRules *g = registry_find(sp->game);
    GameOptions opt;
    rules_default_options(g, &opt);
    SeatSpec seats[RULES_MAX_PLAYERS];
    out->decisions = 0;
    for (int s = 0; s < sp->n; s++)
        seats[s] = (SeatSpec){true, sp->level[s]};
    char err[MATCH_ERR];
    Match *m = match_create(g, &opt, sp->n, seats, sp->seed, err, sizeof err);
    assert_non_null(m);
    while (!match_is_over(m)) {
        if (match_current_player(m) == PLAYER_CHANCE) {
            match_play_chance(m);
            continue;
        }
        Rng rng;
        int p = match_current_player(m);
        bool stood =
            (stand.seats >> p & 1) && (!stand.back_at || (uint32_t)m->history_len < stand.back_at);
        /* the dealer's bots draw as the match's own do */
        rng_seed(&rng, (sp->dealer_bots >> p & 1) || stood
                           ? rng_mix(sp->seed ^ 0xB07B07B07ULL, (uint64_t)m->history_len)
                           : rng_mix(sp->bot_seed, (uint64_t)m->history_len));
        Difficulty level = stood ? DIFF_MEDIUM : sp->level[p];
        assert_null(match_apply(m, bot_decide(g, level, m->state, p, &rng, NULL)));
        out->decisions++;
    }
    g->returns(m->state, out->ret);
    out->history_len = m->history_len;
    if (keep)
        out->m = m;
    else
        match_free(m);
}

/* ---- a networked game driven step by step from the test's thread ---- */

typedef struct {
    Spec sp;
    const GameRules *g;
    NetClient *cl[RULES_MAX_PLAYERS];
    SealKeys keys[RULES_MAX_PLAYERS];
    char code[WIRE_CODE];
    pthread_mutex_t lock;
    pthread_cond_t cond;
    uint8_t *view[RULES_MAX_PLAYERS];
    uint32_t seq[RULES_MAX_PLAYERS];
    uint16_t game_no[RULES_MAX_PLAYERS]; /* the game at the table each seat's view is of */
    bool have[RULES_MAX_PLAYERS];
    int views[RULES_MAX_PLAYERS]; /* how many each seat received */
    uint32_t acted[RULES_MAX_PLAYERS];
    int decisions;
    int made[RULES_MAX_PLAYERS]; /* decisions each seat's client made */
    int8_t who[4096];            /* who made action k (k + 1: the view's seq), from seat 0's
                                    views; -9: not seen */
} NetGame;

static void on_view(void *user, NetClient *c, const MsgView *v)
{
    (void)c;
    NetGame *ng = user;
    if (v->seat < 0 || v->seat >= ng->sp.n || v->view_len != ng->g->state_size)
        return;
    if (getenv("NET_DEBUG"))
        fprintf(stderr, "view seat %d seq %u cur %d\n", v->seat, v->seq,
                ng->g->current_player(v->view));
    pthread_mutex_lock(&ng->lock);
    ng->views[v->seat]++;
    if (v->seat == 0 && v->seq >= 1 && v->seq <= sizeof ng->who && v->last_player != -3 &&
        v->game_no == 0)
        ng->who[v->seq - 1] = v->last_player;
    int s = v->seat;
    if (!ng->have[s] || v->game_no > ng->game_no[s] ||
        (v->game_no == ng->game_no[s] && v->seq >= ng->seq[s])) {
        if (v->game_no != ng->game_no[s])
            ng->acted[s] = 0; /* the next game at the table: its steps count from 0 again */
        ng->game_no[s] = v->game_no;
        memcpy(ng->view[v->seat], v->view, v->view_len);
        ng->seq[v->seat] = v->seq;
        ng->have[v->seat] = true;
    }
    pthread_cond_broadcast(&ng->cond);
    pthread_mutex_unlock(&ng->lock);
}

static void seat_client(NetGame *ng, int s, const char *url, bool same_keys)
{
    char err[NET_ERR], name[WIRE_NAME];
    snprintf(name, sizeof name, "Seat %d", s + 1);
    ng->cl[s] = net_client_new_keys(url, NULL, name, same_keys ? &ng->keys[s] : NULL, err,
                                    sizeof err);
    if (!ng->cl[s])
        fail_msg("client %d: %s", s, err);
    ng->keys[s] = *net_client_keys(ng->cl[s]);
    if (!fair_tables)
        net_client_allow_fixed(ng->cl[s]);
}

static void join(NetGame *ng, int s)
{
    int seat = -9;
    const char *why = net_client_join(ng->cl[s], ng->code, s, on_view, ng, &seat);
    if (why)
        fail_msg("seat %d cannot join: %s", s, why);
    assert_int_equal(seat, s);
}

/* urls[s]: the server seat s connects to (a cluster puts seats on different nodes). */
static void net_open(NetGame *ng, const Spec *sp, const char *const urls[RULES_MAX_PLAYERS])
{
    memset(ng, 0, sizeof *ng);
    memset(ng->who, -9, sizeof ng->who);
    ng->sp = *sp;
    ng->g = registry_find(sp->game);
    pthread_mutex_init(&ng->lock, NULL);
    pthread_cond_init(&ng->cond, NULL);
    for (int s = 0; s < sp->n; s++) {
        ng->view[s] = calloc(1, ng->g->state_size);
        if (!(sp->dealer_bots >> s & 1))
            seat_client(ng, s, urls[s], false);
    }
    MsgCreate c = {.num_players = (uint8_t)sp->n, .seed = sp->seed,
                   .away_seconds = stand.never ? 0 : stand.away ? stand.away : 60,
                   .own_seats = !fair_tables};
    for (int s = 0; s < sp->n && !fair_tables; s++)
        if (ng->cl[s]) {
            memcpy(c.seat_keys[s], ng->keys[s].sign_pk, WIRE_KEY);
            net_client_allow_fixed(ng->cl[s]);
        }
    for (int s = 0; s < sp->n; s++)
        if (sp->dealer_bots >> s & 1)
            c.seats[s] = (WireSeatSpec){WSEAT_BOT, (uint8_t)sp->level[s]};
    snprintf(c.game, sizeof c.game, "%s", sp->game);
    GameOptions opt;
    rules_default_options(ng->g, &opt);
    c.n_options = (uint8_t)ng->g->n_options;
    for (int i = 0; i < ng->g->n_options; i++)
        c.options[i] = opt.v[i];
    const char *why = net_client_create(ng->cl[0], &c, ng->code);
    if (why)
        fail_msg("create: %s", why);
    for (int s = 0; s < sp->n; s++)
        if (ng->cl[s])
            join(ng, s);
}

/* Waits for the seat to move (or the end) and plays one decision. False once the game
 * is over. */
static bool net_step(NetGame *ng)
{
    uint8_t *view = malloc(ng->g->state_size);
    int mover = -1;
    uint32_t at = 0;
    pthread_mutex_lock(&ng->lock);
    for (;;) {
        bool over = false;
        for (int s = 0; s < ng->sp.n && mover < 0; s++) {
            if (!ng->have[s] || !ng->cl[s])
                continue;
            int p = ng->g->current_player(ng->view[s]);
            over |= p == PLAYER_TERMINAL;
            if (p == s && ng->acted[s] != ng->seq[s] + 1)
                mover = s;
        }
        if (mover >= 0 || over)
            break;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += test_s(60);
        if (pthread_cond_timedwait(&ng->cond, &ng->lock, &ts) != 0) {
            pthread_mutex_unlock(&ng->lock);
            fail_msg("no view for %d s", test_s(60));
        }
    }
    if (mover >= 0) {
        at = ng->seq[mover];
        memcpy(view, ng->view[mover], ng->g->state_size);
        ng->acted[mover] = at + 1;
    }
    pthread_mutex_unlock(&ng->lock);
    if (mover < 0) {
        free(view);
        return false;
    }
    Rng rng;
    rng_seed(&rng, rng_mix(ng->sp.bot_seed, (uint64_t)at));
    Action a = bot_decide_view(ng->g, ng->sp.level[mover], view, mover, &rng, NULL);
    free(view);
    if (getenv("NET_DEBUG"))
        fprintf(stderr, "seat %d acts at %u\n", mover, at);
    const char *why = net_client_act(ng->cl[mover], a, at);
    if (why)
        fail_msg("seat %d's action refused: %s", mover, why);
    ng->decisions++;
    pthread_mutex_lock(&ng->lock);
    ng->made[mover]++;
    pthread_mutex_unlock(&ng->lock);
    return true;
}

static void net_finish(NetGame *ng, double ret[RULES_MAX_PLAYERS], uint32_t *seq)
{
    while (net_step(ng))
        ;
    MsgTable t = {0};
    int first = 0;
    while (!ng->cl[first])
        first++;
    for (long long end = test_deadline(60000);
         test_before(end) && !(net_client_table(ng->cl[first], &t) && t.over);)
        nats_Sleep(5);
    assert_true(t.over);
    for (int s = 0; s < ng->sp.n; s++)
        ret[s] = t.result[s];
    *seq = t.seq;
}

/* Waits until every seat holds the view of the table's latest step and a seat's decision is
 * due: while nobody moves, no view is on its way. */
static void net_quiet(NetGame *ng)
{
    struct timespec ts;
    test_realtime_in(&ts, 60000);
    pthread_mutex_lock(&ng->lock);
    for (;;) {
        bool settled = true, due = false;
        int first = -1;
        for (int s = 0; s < ng->sp.n; s++) {
            if (!ng->cl[s])
                continue;
            if (first < 0)
                first = s;
            if (!ng->have[s] || ng->seq[s] != ng->seq[first] ||
                ng->game_no[s] != ng->game_no[first]) {
                settled = false;
                break;
            }
            due |= ng->g->current_player(ng->view[s]) == s && ng->acted[s] != ng->seq[s] + 1;
        }
        if (settled && due)
            break;
        if (pthread_cond_timedwait(&ng->cond, &ng->lock, &ts) != 0) {
            pthread_mutex_unlock(&ng->lock);
            fail_msg("the seats' views did not settle in %d s", test_s(60));
        }
    }
    pthread_mutex_unlock(&ng->lock);
}

static void net_close(NetGame *ng)
{
    for (int s = 0; s < ng->sp.n; s++) {
        net_client_free(ng->cl[s]);
        free(ng->view[s]);
    }
}

static void same_result(const Spec *sp, const double net[RULES_MAX_PLAYERS], uint32_t seq)
{
    Local l;
    local_game(sp, &l, false);
    for (int s = 0; s < sp->n; s++)
        assert_true(net[s] == (l.ret[s] > 0 ? 1 : l.ret[s] < 0 ? -1 : 0));
    /* Every action once: the dealer's count is the local game's length. */
    assert_int_equal((int)seq, l.history_len);
}

/* ---- servers ---- */

typedef struct {
    NatsServer *server;
    NatsCluster *cluster;
    Dealer *dealer, *dealer2;
    pid_t serve_pid;
    char store[512];
} Fix;

static Fix fix;

/* The next start_server starts an open server (nats-server -js, no users): only for the
 * attacks that need one, each saying why. Every other case runs on Tasca's broker
 * configuration, as this computer and `tasca serve --write-server` do: the dealers with the
 * dealer's credentials, the clients with the players' URL. */
static bool open_server;

static void start_server(void)
{
    char err[256];
    NatsFixOptions o = {.locked = !open_server};
    fix.server = natsfix_start(&o, err, sizeof err);
    if (!fix.server)
        fail_msg("%s", err);
}

/* A connection of the test's own with the dealers' rights (on a locked server, their
 * credentials): it hears what only dealers may (signs of life, records, leases), or stands
 * for another dealer. */
static natsConnection *observer_connect(const char *name)
{
    char err[NET_ERR];
    natsConnection *nc = net_connect(natsfix_url(fix.server), natsfix_creds(fix.server, true),
                                     name, err, sizeof err);
    if (!nc)
        fail_msg("%s: %s", name, err);
    return nc;
}

/* The URL a player connects with (the players' password in it on a locked server). */
static const char *players_url(void) { return natsfix_player_url(fix.server); }

/* The URL a dealer connects with, for one a case gave: the server's own in place of the
 * players' (the dealer has its credentials file). */
static const char *dealers_url(const char *url)
{
    bool players = fix.server && strcmp(url, natsfix_player_url(fix.server)) == 0;
    return players ? natsfix_url(fix.server) : url;
}

static bool cheat_deals; /* the next dealer deals from another deck than it committed to */

static Dealer *new_dealer(const char *url)
{
    snprintf(fix.store, sizeof fix.store, "%s/dealer", natsfix_store(fix.server));
    char err[NET_ERR];
    DealerConfig cfg = {.url = dealers_url(url),
                        .store = fix.store,
                        .replicas = 1,
                        .linger_seconds = 600,
                        .verbose = getenv("NET_DEBUG") != NULL,
                        .cheat_deals = cheat_deals,
                        /* on a locked server (the broker's configuration): the dealer's */
                        .creds = fix.server ? natsfix_creds(fix.server, true) : NULL};
    Dealer *d = dealer_start(&cfg, err, sizeof err);
    if (!d)
        fail_msg("dealer: %s", err);
    return d;
}

static void start_dealer(const char *url) { fix.dealer = new_dealer(url); }

/* `tasca serve` as a process of its own, to be killed. */
static void spawn_serve(const char *url, const char *store, int replicas)
{
    if (!tasca_bin)
        fail_msg("this case needs the tasca binary's path as its second argument");
    char rep[8], log[600];
    snprintf(rep, sizeof rep, "%d", replicas);
    /* the log outlives the servers' stores, to read after a failure */
    snprintf(log, sizeof log, "%s/serve-%d.log", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (int)getpid());
    url = dealers_url(url);
    const char *creds = fix.server ? natsfix_creds(fix.server, true) : NULL;
    char *argv[] = {(char *)tasca_bin, "serve",    "--nats", (char *)url, "--store",
                    (char *)store,     "--replicas", rep,    "--verbose",
                    creds ? "--creds" : NULL, (char *)creds, NULL};
    char err[256];
    fix.serve_pid = natsfix_spawn(argv, log, err, sizeof err);
    if (fix.serve_pid <= 0)
        fail_msg("tasca serve: %s", err);
    /* ready when it answers for its keys */
    char e2[NET_ERR];
    natsConnection *nc = net_connect(url, creds, "probe", e2, sizeof e2);
    if (!nc)
        fail_msg("%s", e2);
    natsMsg *r = NULL;
    bool up = false;
    for (long long end = test_deadline(60000); !up && test_before(end);) {
        up = natsConnection_Request(&r, nc, "tasca.dealers.keys", NULL, 0, test_ms(250)) == NATS_OK;
        if (!up)
            nats_Sleep(50);
    }
    natsMsg_Destroy(r);
    natsConnection_Destroy(nc);
    assert_true(up);
}

static int teardown(void **state)
{
    (void)state;
    if (fix.dealer)
        dealer_stop(fix.dealer);
    if (fix.dealer2)
        dealer_stop(fix.dealer2);
    if (fix.serve_pid > 0) {
        natsfix_child_kill(fix.serve_pid, SIGKILL);
        natsfix_child_wait(fix.serve_pid, test_ms(30000), NULL);
    }
    natsfix_stop(fix.server);
    natsfix_cluster_stop(fix.cluster);
    memset(&fix, 0, sizeof fix);
    memset(&stand, 0, sizeof stand);
    cheat_deals = false;
    fair_tables = false;
    open_server = false;
    return 0;
}

static const Spec specs[] = {
    {"twentyone", 2, {DIFF_EASY, DIFF_MEDIUM}, 11, 12, 0},
    {"truco", 2, {DIFF_MEDIUM, DIFF_EASY}, 21, 22, 0},
    {"bisca", 2, {DIFF_RANDOM, DIFF_MEDIUM}, 31, 32, 0},
    {"bisca", 4, {DIFF_EASY, DIFF_RANDOM, DIFF_MEDIUM, DIFF_EASY}, 41, 42, 0},
    {"buraco", 2, {DIFF_EASY, DIFF_MEDIUM}, 51, 52, 0},
    {"buraco", 4, {DIFF_RANDOM, DIFF_EASY, DIFF_RANDOM, DIFF_EASY}, 61, 62, 0},
    {"moulin", 2, {DIFF_EASY, DIFF_MEDIUM}, 71, 72, 0},
};

static void urls_all(const char *url, const char *out[RULES_MAX_PLAYERS])
{
    for (int s = 0; s < RULES_MAX_PLAYERS; s++)
        out[s] = url;
}

/* ---- the cases ---- */

static void test_equivalence(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        for (int k = 0; k < 3; k++) {
            Spec sp = specs[i];
            sp.seed += 1000 * (uint64_t)k;
            sp.bot_seed += 1000 * (uint64_t)k;
            NetGame ng;
            net_open(&ng, &sp, urls);
            double ret[RULES_MAX_PLAYERS];
            uint32_t seq;
            net_finish(&ng, ret, &seq);
            same_result(&sp, ret, seq);
            net_close(&ng);
        }
}

/* Two friends against two of the dealer's bots: the bots play exactly as the local match's
 * bots would, and the people's seats only see their own views. */
static void test_dealer_bots(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    for (int k = 0; k < 3; k++) {
        Spec sp = {"bisca", 4, {DIFF_EASY, DIFF_MEDIUM, DIFF_RANDOM, DIFF_EASY},
                   500 + (uint64_t)k, 600 + (uint64_t)k, 0xA}; /* seats 2 and 4: bots */
        NetGame ng;
        net_open(&ng, &sp, urls);
        double ret[RULES_MAX_PLAYERS];
        uint32_t seq;
        net_finish(&ng, ret, &seq);
        same_result(&sp, ret, seq);
        assert_null(ng.cl[1]);
        assert_false(ng.have[1]);
        net_close(&ng);
    }
}

/* What the eavesdropper saw. */
typedef struct {
    pthread_mutex_t lock;
    int n, cap;
    char (*subject)[96];
    uint8_t **data;
    int *len;
} Capture;

static void on_any(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    Capture *c = closure;
    pthread_mutex_lock(&c->lock);
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 1024;
        c->subject = realloc(c->subject, (size_t)c->cap * sizeof *c->subject);
        c->data = realloc(c->data, (size_t)c->cap * sizeof *c->data);
        c->len = realloc(c->len, (size_t)c->cap * sizeof *c->len);
    }
    int len = natsMsg_GetDataLength(msg);
    snprintf(c->subject[c->n], sizeof c->subject[0], "%s", natsMsg_GetSubject(msg));
    c->data[c->n] = malloc((size_t)len + 1);
    memcpy(c->data[c->n], natsMsg_GetData(msg), (size_t)len);
    c->len[c->n++] = len;
    pthread_mutex_unlock(&c->lock);
    natsMsg_Destroy(msg);
}

/* A set of 24-byte windows of the seats' secret view bytes. */
#define WIN 24
#define SET_BITS 20
typedef struct {
    uint8_t (*w)[WIN];
    bool *used;
    int count;
} WinSet;

static uint64_t win_hash(const uint8_t *p)
{
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < WIN; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

static bool win_find(const WinSet *s, const uint8_t *p, size_t *slot)
{
    size_t mask = ((size_t)1 << SET_BITS) - 1, i = (size_t)win_hash(p) & mask;
    while (s->used[i] && memcmp(s->w[i], p, WIN) != 0)
        i = (i + 1) & mask;
    if (slot)
        *slot = i;
    return s->used[i];
}

static void win_add(WinSet *s, const uint8_t *p)
{
    size_t slot;
    if (s->count < (1 << (SET_BITS - 1)) && !win_find(s, p, &slot)) {
        memcpy(s->w[slot], p, WIN);
        s->used[slot] = true;
        s->count++;
    }
}

static int win_hits(const WinSet *s, const uint8_t *data, int len)
{
    int hits = 0;
    for (int i = 0; i + WIN <= len; i++)
        hits += win_find(s, data + i, NULL);
    return hits;
}

/* A window mostly of one byte value (zeros, "hidden" marks) says nothing and could turn up
 * anywhere by chance: only windows with content count as secrets. */
static bool bland(const uint8_t *p)
{
    int most = 0;
    for (int i = 0; i < WIN; i++) {
        int same = 0;
        for (int j = 0; j < WIN; j++)
            same += p[j] == p[i];
        most = same > most ? same : most;
    }
    return most >= WIN / 2;
}

static void test_eavesdrop(void **state)
{
    (void)state;
    /* an open broker: it reads everything on the broker ('>'), which no player may */
    open_server = true;
    start_server();
    start_dealer(players_url());
    char err[NET_ERR];
    natsConnection *spy = net_connect(players_url(), NULL, "spy", err, sizeof err);
    assert_non_null(spy);
    Capture cap = {0};
    pthread_mutex_init(&cap.lock, NULL);
    natsSubscription *all = NULL;
    assert_int_equal(natsConnection_Subscribe(&all, spy, ">", on_any, &cap), NATS_OK);
    natsConnection_Flush(spy);

    Spec sp = {"bisca", 4, {DIFF_RANDOM, DIFF_EASY, DIFF_RANDOM, DIFF_MEDIUM}, 0xE5E5, 77, 0};
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    NetGame ng;
    net_open(&ng, &sp, urls);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    natsConnection_Flush(spy);
    nats_Sleep(test_ms(200));
    natsSubscription_Unsubscribe(all);

    /* The secrets: at every step, every stretch of a seat's view that another seat's
     * view does not share (its hand, what only it was shown). */
    Local l;
    local_game(&sp, &l, true);
    const GameRules *g = ng.g;
    Match *m = match_create(g, &l.m->options, sp.n, l.m->seats, sp.seed, err, sizeof err);
    WinSet secrets = {calloc((size_t)1 << SET_BITS, WIN), calloc((size_t)1 << SET_BITS, 1), 0};
    uint8_t *v[RULES_MAX_PLAYERS];
    for (int s = 0; s < sp.n; s++)
        v[s] = malloc(g->state_size);
    for (int k = 0; k <= l.history_len; k++) {
        for (int s = 0; s < sp.n; s++)
            g->observe(m->state, s, v[s]);
        for (int s = 0; s < sp.n; s++)
            for (int o = 0; o < sp.n; o++)
                for (size_t i = 0; o != s && i + WIN <= g->state_size; i += 4)
                    if (memcmp(v[s] + i, v[o] + i, WIN) != 0 && !bland(v[s] + i))
                        win_add(&secrets, v[s] + i);
        if (k < l.history_len)
            assert_null(match_apply(m, l.m->history[k]));
    }
    assert_true(secrets.count > 100);

    /* What crossed the wire: only public messages are readable, and no secret window
     * appears anywhere; the seat's own keys do find its secrets in its views (so the
     * scan would have seen them had they leaked). */
    uint8_t dealer_box[WIRE_KEY];
    natsMsg *r = NULL;
    assert_int_equal(
        natsConnection_Request(&r, spy, "tasca.dealers.keys", NULL, 0, natsfix_answer_ms()),
        NATS_OK);
    memcpy(dealer_box, natsMsg_GetData(r) + WIRE_KEY, WIRE_KEY);
    natsMsg_Destroy(r);
    /* A stranger's session with the dealer, and each seat's own. */
    SealKeys stranger;
    seal_keys_new(&stranger);
    SealSession stranger_ses, seat_ses[RULES_MAX_PLAYERS];
    assert_true(seal_session_seat(&stranger, dealer_box, &stranger_ses));
    for (int s = 0; s < sp.n; s++)
        assert_true(seal_session_seat(&ng.keys[s], dealer_box, &seat_ses[s]));
    char path[600];
    snprintf(path, sizeof path, "%s/eavesdropper.txt", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    FILE *rec = fopen(path, "w");
    int leaked = 0, readable = 0, sealed = 0, own_hits = 0, views = 0;
    uint8_t *plain = malloc(WIRE_MAX + SEAL_OVERHEAD + 64);
    uint8_t seedle[8];
    for (int i = 0; i < 8; i++)
        seedle[i] = (uint8_t)(sp.seed >> (8 * i));
    for (int i = 0; i < cap.n; i++) {
        const uint8_t *d = cap.data[i];
        int len = cap.len[i];
        int before = leaked;
        leaked += win_hits(&secrets, d, len);
        for (int j = 0; j + 8 <= len; j++)
            leaked += memcmp(d + j, seedle, 8) == 0;
        if (leaked != before) /* say where, for whoever reads a failure */
            fprintf(stderr, "a secret in the clear on %s (%d bytes)\n", cap.subject[i], len);
        WireMsg w;
        const char *why = wire_decode(d, (size_t)len, &w);
        /* a join is [the message][signature] */
        if (why && len > 64 && !wire_decode(d, (size_t)len - 64, &w))
            why = NULL;
        const char *kind = "sealed";
        if (why && (cap.subject[i][0] == '$' || (len && d[0] == '{')))
            kind = "JetStream control";
        else if (why && strncmp(cap.subject[i], "tasca.rec.", 10) == 0)
            kind = "record (secret box)";
        if (!why) {
            readable++;
            kind = w.type == MSG_TABLE    ? "table (public)"
                   : w.type == MSG_JOIN   ? "join (public keys, name)"
                   : w.type == MSG_JOINED ? "joined"
                   : w.type == MSG_ACK    ? "ack"
                   : w.type == MSG_CREATED ? "created"
                                           : "SECRET TYPE IN CLEAR";
            assert_true(w.type == MSG_TABLE || w.type == MSG_JOIN || w.type == MSG_JOINED ||
                        w.type == MSG_ACK || w.type == MSG_CREATED);
        } else {
            sealed += len > SEAL_BOX_OVERHEAD;
            /* Neither direction of a stranger's session opens anything (a view, or an
             * action or sign of life after its seat byte). */
            assert_int_equal(seal_unbox(stranger_ses.rx, d, (size_t)len, plain), 0);
            if (len > 1)
                assert_int_equal(seal_unbox(stranger_ses.tx, d + 1, (size_t)len - 1, plain), 0);
            int s;
            if (sscanf(cap.subject[i], "tasca.t.%*[^.].v.%d", &s) == 1 && s >= 0 && s < sp.n) {
                size_t n = seal_unbox(seat_ses[s].rx, d, (size_t)len, plain);
                assert_true(n > 0);
                own_hits += win_hits(&secrets, plain, (int)n);
                views++;
            }
        }
        if (rec) {
            fprintf(rec, "%-28s %6d bytes  %-26s ", cap.subject[i], len, kind);
            for (int j = 0; j < len && j < 24; j++)
                fprintf(rec, "%02x", d[j]);
            fprintf(rec, "\n");
        }
    }
    if (rec)
        fclose(rec);
    print_message("eavesdropper: %d messages (%d readable, all public; %d sealed), %d secret "
                  "windows, %d seen in the clear; the seats' own keys find %d in %d views; "
                  "recording: %s\n",
                  cap.n, readable, sealed, secrets.count, leaked, own_hits, views, path);
    assert_int_equal(leaked, 0);
    assert_true(own_hits > 0);
    assert_true(views > 0);
    free(plain);
    for (int s = 0; s < sp.n; s++)
        free(v[s]);
    free(secrets.w);
    free(secrets.used);
    match_free(m);
    match_free(l.m);
    for (int i = 0; i < cap.n; i++)
        free(cap.data[i]);
    free(cap.data);
    free(cap.len);
    free(cap.subject);
    natsSubscription_Destroy(all);
    net_close(&ng);
    natsConnection_Destroy(spy);
}

/* Sends raw bytes as a request and returns the refusal's reason ("" if accepted; NULL if
 * nobody answered). */
static const char *refusal(natsConnection *nc, const char *subject, const void *data, int len,
                           char *out, size_t size)
{
    natsMsg *r = NULL;
    if (natsConnection_Request(&r, nc, subject, data, len, natsfix_answer_ms()) != NATS_OK)
        return NULL;
    WireMsg w;
    /* [answer][the dealers' signature] */
    int rlen = natsMsg_GetDataLength(r);
    const char *why = rlen > 64 ? wire_decode((const uint8_t *)natsMsg_GetData(r),
                                              (size_t)rlen - 64, &w)
                                : "unsigned";
    snprintf(out, size, "%s", why ? why
                              : w.type == MSG_ACK     ? (w.u.ack.ok ? "" : w.u.ack.reason)
                              : w.type == MSG_JOINED  ? (w.u.joined.ok ? "" : w.u.joined.reason)
                              : w.type == MSG_CREATED ? (w.u.created.ok ? "" : w.u.created.reason)
                                                      : "?");
    natsMsg_Destroy(r);
    return out;
}

/* `at`: the step of the view the move was chosen from. */
static size_t make_act(const SealKeys *signer, const uint8_t dealer_box[WIRE_KEY], const char *code,
                       int seat, uint32_t seq, uint32_t at, Action a, uint8_t *out)
{
    SealSession ses;
    if (!seal_session_seat(signer, dealer_box, &ses))
        return 0;
    WireMsg m = {.type = MSG_ACT};
    snprintf(m.u.act.code, sizeof m.u.act.code, "%s", code);
    m.u.act.seat = (int8_t)seat;
    m.u.act.seq = seq;
    m.u.act.at = at;
    m.u.act.action = a;
    uint8_t plain[256];
    size_t n = wire_encode(&m, plain, sizeof plain);
    out[0] = (uint8_t)seat;
    return 1 + seal_box(ses.tx, plain, n, out + 1);
}

static void test_hostile(void **state)
{
    (void)state;
    open_server = true; /* an open broker: junk and forgeries on every subject a client can name */
    start_server();
    start_dealer(players_url());
    char err[NET_ERR], why[WIRE_REASON + 32], subject[64];
    natsConnection *x = net_connect(players_url(), NULL, "intruder", err, sizeof err);
    assert_non_null(x);
    /* The intruder records the seats' actions off the wire, to replay one. */
    Capture acts = {0};
    pthread_mutex_init(&acts.lock, NULL);
    natsSubscription *tap = NULL;
    natsConnection_Subscribe(&tap, x, "tasca.t.*.act", on_any, &acts);
    natsConnection_Flush(x);

    Spec sp = {"truco", 2, {DIFF_EASY, DIFF_MEDIUM}, 0xBAD, 0xBAD2, 0};
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    NetGame ng;
    net_open(&ng, &sp, urls);
    for (int i = 0; i < 6; i++)
        assert_true(net_step(&ng));
    natsConnection_Flush(x);
    net_quiet(&ng); /* the views of the last move have arrived */
    pthread_mutex_lock(&ng.lock);
    int views_before[RULES_MAX_PLAYERS];
    memcpy(views_before, ng.views, sizeof views_before);
    pthread_mutex_unlock(&ng.lock);
    uint8_t dealer_box[WIRE_KEY];
    natsMsg *r = NULL;
    assert_int_equal(
        natsConnection_Request(&r, x, "tasca.dealers.keys", NULL, 0, natsfix_answer_ms()), NATS_OK);
    memcpy(dealer_box, natsMsg_GetData(r) + WIRE_KEY, WIRE_KEY);
    natsMsg_Destroy(r);

    snprintf(subject, sizeof subject, "tasca.t.%s.act", ng.code);
    char join_subject[64];
    snprintf(join_subject, sizeof join_subject, "tasca.t.%s.join", ng.code);
    /* garbage, to every subject a dealer answers */
    uint8_t junk[512];
    Rng rng;
    rng_seed(&rng, 5);
    const char *subjects[] = {subject, join_subject, "tasca.dealers.create"};
    for (int k = 0; k < 200; k++) {
        int len = 1 + (int)rng_below(&rng, sizeof junk);
        for (int i = 0; i < len; i++)
            junk[i] = (uint8_t)rng_next(&rng);
        const char *s = refusal(x, subjects[k % 3], junk, len, why, sizeof why);
        assert_non_null(s);
        assert_true(why[0] != '\0'); /* refused, with a reason */
    }
    /* oversized */
    uint8_t *big = calloc(1, WIRE_MAX * 2);
    assert_non_null(refusal(x, subject, big, WIRE_MAX * 2, why, sizeof why));
    assert_string_equal(why, "message too long");
    free(big);
    /* truncated, and forged (another key signs for seat 0), and replayed */
    pthread_mutex_lock(&acts.lock);
    assert_true(acts.n >= 6);
    int len0 = acts.len[0];
    uint8_t *first = malloc((size_t)len0);
    memcpy(first, acts.data[0], (size_t)len0);
    pthread_mutex_unlock(&acts.lock);
    for (int cut = 0; cut < len0; cut += 7) {
        assert_non_null(refusal(x, subject, first, cut, why, sizeof why));
        assert_true(why[0] != '\0');
    }
    SealKeys forger;
    seal_keys_new(&forger);
    uint8_t forged[512];
    size_t fl = make_act(&forger, dealer_box, ng.code, 0, 100, 0, 0, forged);
    assert_non_null(refusal(x, subject, forged, (int)fl, why, sizeof why));
    assert_string_equal(why, "not made with this seat's keys");
    assert_non_null(refusal(x, subject, first, len0, why, sizeof why));
    assert_string_equal(why, NET_ALREADY);
    free(first);
    /* out of turn: the seat that is not to move, with its own keys */
    pthread_mutex_lock(&ng.lock);
    int p = ng.g->current_player(ng.view[0]);
    uint32_t now = ng.seq[0];
    pthread_mutex_unlock(&ng.lock);
    assert_true(p == 0 || p == 1);
    const char *oot = net_client_act(ng.cl[1 - p], 0, now);
    assert_non_null(oot);
    assert_string_equal(oot, "it is not this seat's turn");
    /* the seat to move, with its own keys, but a move chosen from an older view than the
     * table's (MsgAct.at): refused, and its next move still counts */
    pthread_mutex_lock(&ng.lock);
    uint8_t *old_view = malloc(ng.g->state_size);
    memcpy(old_view, ng.view[p], ng.g->state_size);
    pthread_mutex_unlock(&ng.lock);
    Action acts_now[RULES_MAX_ACTIONS];
    assert_true(ng.g->legal_actions(old_view, acts_now) > 0);
    free(old_view);
    const char *stale = net_client_act(ng.cl[p], acts_now[0], now - 1);
    assert_non_null(stale);
    assert_string_equal(stale, "that move was chosen from an old view of the table");
    /* a join replayed off the wire is refused; a join for a taken seat too */
    WireMsg jm = {.type = MSG_JOIN};
    snprintf(jm.u.join.code, sizeof jm.u.join.code, "%s", ng.code);
    jm.u.join.seat = 0;
    snprintf(jm.u.join.name, sizeof jm.u.join.name, "Mallory");
    memcpy(jm.u.join.sign_key, forger.sign_pk, WIRE_KEY);
    memcpy(jm.u.join.box_key, forger.box_pk, WIRE_KEY);
    uint8_t jb[512];
    size_t jn = wire_encode(&jm, jb, sizeof jb);
    seal_sign(&forger, jb, jn, jb + jn);
    assert_non_null(refusal(x, join_subject, jb, (int)(jn + 64), why, sizeof why));
    assert_string_equal(why, "this table is its creator's own"); /* a fixed table (net_open) */
    jm.u.join.seat = 3; /* a 2-player table */
    jn = wire_encode(&jm, jb, sizeof jb);
    seal_sign(&forger, jb, jn, jb + jn);
    assert_non_null(refusal(x, join_subject, jb, (int)(jn + 64), why, sizeof why));
    assert_string_equal(why, "no such seat at this table");
    jm.u.join.seat = -1;
    jm.u.join.name[0] = '\0';
    jn = wire_encode(&jm, jb, sizeof jb);
    seal_sign(&forger, jb, jn, jb + jn);
    assert_non_null(refusal(x, join_subject, jb, (int)(jn + 64), why, sizeof why));
    assert_string_equal(why, "a player needs a name");
    jm.u.join.seat = 0;
    snprintf(jm.u.join.name, sizeof jm.u.join.name, "Mallory");
    jn = wire_encode(&jm, jb, sizeof jb);
    seal_sign(&forger, jb, jn, jb + jn);
    jb[jn + 3] ^= 1; /* a signature that does not match */
    assert_non_null(refusal(x, join_subject, jb, (int)(jn + 64), why, sizeof why));
    assert_string_equal(why, "the join is not signed by its key");

    /* Nobody else heard of any of it: no seat got a view, the table did not move. */
    natsConnection_Flush(x);
    nats_Sleep(test_ms(200));
    pthread_mutex_lock(&ng.lock);
    for (int s = 0; s < sp.n; s++)
        assert_int_equal(ng.views[s], views_before[s]);
    pthread_mutex_unlock(&ng.lock);
    /* And the game goes on to the result it has without the intruder. */
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    natsSubscription_Unsubscribe(tap);
    natsSubscription_Destroy(tap);
    for (int i = 0; i < acts.n; i++)
        free(acts.data[i]);
    free(acts.data);
    free(acts.len);
    free(acts.subject);
    net_close(&ng);
    natsConnection_Destroy(x);
}

/* One action sent five times at once (a client's retries, or a replay, arriving while its
 * record is still on its way to the store): applied once, every copy answered (one taken,
 * four "already applied"), and the game ends as the local one does. */
static void test_burst(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 0xB0, 0xB1, 0};
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    NetGame ng;
    net_open(&ng, &sp, urls);
    for (int i = 0; i < 5; i++)
        assert_true(net_step(&ng));
    char err[NET_ERR];
    natsConnection *x = net_connect(players_url(), NULL, "burst", err, sizeof err);
    assert_non_null(x);
    natsMsg *r = NULL;
    assert_int_equal(
        natsConnection_Request(&r, x, "tasca.dealers.keys", NULL, 0, natsfix_answer_ms()), NATS_OK);
    uint8_t dealer_box[WIRE_KEY];
    memcpy(dealer_box, natsMsg_GetData(r) + WIRE_KEY, WIRE_KEY);
    natsMsg_Destroy(r);
    /* The seat to move, and the move its client would make next (so the game stays the
     * local one), made here with the seat's own keys and its next sequence number. */
    int p = -1;
    uint32_t at = 0;
    uint8_t *view = malloc(ng.g->state_size);
    for (int i = 0; i < test_count(500) && p < 0; i++) {
        pthread_mutex_lock(&ng.lock);
        for (int s2 = 0; s2 < sp.n && p < 0; s2++)
            if (ng.have[s2] && ng.g->current_player(ng.view[s2]) == s2 &&
                ng.acted[s2] != ng.seq[s2] + 1) {
                p = s2;
                at = ng.seq[s2];
                memcpy(view, ng.view[s2], ng.g->state_size);
                ng.acted[s2] = at + 1; /* net_step leaves this move to the burst */
            }
        pthread_mutex_unlock(&ng.lock);
        if (p < 0)
            nats_Sleep(10);
    }
    assert_true(p >= 0);
    Rng rng;
    rng_seed(&rng, rng_mix(sp.bot_seed, (uint64_t)at));
    Action a = bot_decide_view(ng.g, sp.level[p], view, p, &rng, NULL);
    free(view);
    uint8_t act[512];
    size_t len =
        make_act(&ng.keys[p], dealer_box, ng.code, p, (uint32_t)ng.made[p] + 1, at, a, act);
    assert_true(len > 1);
    natsInbox *inbox = NULL;
    natsSubscription *answers = NULL;
    natsInbox_Create(&inbox);
    assert_int_equal(natsConnection_SubscribeSync(&answers, x, inbox), NATS_OK);
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.act", ng.code);
    for (int k = 0; k < 5; k++)
        assert_int_equal(natsConnection_PublishRequest(x, subject, inbox, act, (int)len), NATS_OK);
    natsConnection_Flush(x);
    int taken = 0, already = 0;
    for (int k = 0; k < 5; k++) {
        natsMsg *m = NULL;
        assert_int_equal(natsSubscription_NextMsg(&m, answers, natsfix_answer_ms()), NATS_OK);
        WireMsg w;
        assert_null(wire_decode((const uint8_t *)natsMsg_GetData(m),
                                (size_t)natsMsg_GetDataLength(m) - 64, &w));
        assert_int_equal(w.type, MSG_ACK);
        taken += w.u.ack.ok;
        already += !w.u.ack.ok && strcmp(w.u.ack.reason, NET_ALREADY) == 0;
        natsMsg_Destroy(m);
    }
    assert_int_equal(taken, 1);
    assert_int_equal(already, 4);
    pthread_mutex_lock(&ng.lock);
    ng.made[p]++;
    pthread_mutex_unlock(&ng.lock);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    natsSubscription_Destroy(answers);
    natsInbox_Destroy(inbox);
    net_close(&ng);
    natsConnection_Destroy(x);
}

static void test_client_drop(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    Spec sp = {"bisca", 2, {DIFF_MEDIUM, DIFF_EASY}, 909, 910, 0};
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    NetGame ng;
    net_open(&ng, &sp, urls);
    for (int i = 0; i < 9; i++)
        assert_true(net_step(&ng));
    /* Seat 1 vanishes (its connection and its memory of the table), then a new client
     * with the same keys sits down again and is given its seat and the current view. */
    net_client_free(ng.cl[1]);
    pthread_mutex_lock(&ng.lock);
    ng.have[1] = false;
    memset(ng.view[1], 0, ng.g->state_size);
    ng.acted[1] = 0;
    pthread_mutex_unlock(&ng.lock);
    seat_client(&ng, 1, urls[1], true);
    join(&ng, 1);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    net_close(&ng);
}

static void kill_mid_game(bool dealer, bool cluster)
{
    char err[256];
    const char *urls[RULES_MAX_PLAYERS], *dealer_url;
    char u[3][64], dealer_urls[256];
    if (cluster) {
        fix.cluster = natsfix_cluster_start(3, NULL, err, sizeof err);
        if (!fix.cluster)
            fail_msg("%s", err);
        for (int i = 0; i < 3; i++)
            snprintf(u[i], sizeof u[i], "%s", natsfix_url(natsfix_cluster_node(fix.cluster, i)));
        /* the dealer on node 1 (then 2, 3 if it falls), the seats on nodes 2 and 3 */
        snprintf(dealer_urls, sizeof dealer_urls, "%s,%s,%s", u[0], u[1], u[2]);
        dealer_url = dealer_urls;
        static char s1[200], s2[200];
        snprintf(s1, sizeof s1, "%s,%s", u[1], u[2]);
        snprintf(s2, sizeof s2, "%s,%s", u[2], u[1]);
        urls[0] = s1;
        urls[1] = s2;
        snprintf(fix.store, sizeof fix.store, "%s/dealer",
                 natsfix_store(natsfix_cluster_node(fix.cluster, 0)));
    } else {
        start_server();
        dealer_url = players_url();
        urls_all(dealer_url, urls);
        snprintf(fix.store, sizeof fix.store, "%s/dealer", natsfix_store(fix.server));
    }
    spawn_serve(dealer_url, fix.store, cluster ? 3 : 1);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 4242, 4343, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    for (int i = 0; i < 7; i++)
        assert_true(net_step(&ng));
    if (cluster) {
        natsfix_kill(natsfix_cluster_node(fix.cluster, 0));
    } else if (dealer) {
        natsfix_child_kill(fix.serve_pid, SIGKILL);
        natsfix_child_wait(fix.serve_pid, test_ms(30000), NULL);
        fix.serve_pid = 0;
        spawn_serve(dealer_url, fix.store, 1);
    } else {
        natsfix_kill(fix.server);
        nats_Sleep(300);
        if (!natsfix_restart(fix.server, err, sizeof err))
            fail_msg("%s", err);
    }
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    net_close(&ng);
}

/* ---- signs of life only while a seat waits ---- */

static atomic_int beats_seen[RULES_MAX_PLAYERS];

static void count_beat(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    (void)closure;
    const uint8_t *d = (const uint8_t *)natsMsg_GetData(msg);
    if (natsMsg_GetDataLength(msg) > 1 + SEAL_BOX_OVERHEAD && d[0] < RULES_MAX_PLAYERS)
        atomic_fetch_add(&beats_seen[d[0]], 1);
    natsMsg_Destroy(msg);
}

/* A connection of the test's own that hears the table's signs of life (`fn` for each). */
static natsConnection *tap_beats(const char *url, const NetGame *ng, natsMsgHandler fn,
                                 natsSubscription **sub)
{
    (void)url;
    char subject[64];
    natsConnection *tap = observer_connect("tap");
    snprintf(subject, sizeof subject, "tasca.t.%s.here", ng->code);
    NATS_CHECK(natsConnection_Subscribe(sub, tap, subject, fn, NULL));
    natsConnection_Flush(tap);
    return tap;
}

/* The dealers' public box key, as a client learns it. */
static void dealer_box_key(natsConnection *nc, uint8_t out[WIRE_KEY])
{
    natsMsg *r = NULL;
    NATS_CHECK(natsConnection_Request(&r, nc, "tasca.dealers.keys", NULL, 0, natsfix_answer_ms()));
    assert_int_equal(natsMsg_GetDataLength(r), 2 * WIRE_KEY + 64); /* and their signature */
    memcpy(out, natsMsg_GetData(r) + WIRE_KEY, WIRE_KEY);
    natsMsg_Destroy(r);
}

/* Two seats playing a move every 300 ms or so send no beat (their applied actions are signs
 * of life); once they stop and wait, both beat every 2 s again, and the dealer never takes
 * either for away. The game then ends as the local one. */
static void test_beats_idle(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_EASY}, 8080, 8181, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    natsSubscription *sub = NULL;
    natsConnection *tap = tap_beats(url, &ng, count_beat, &sub);
    for (int i = 0; i < 2; i++) /* each seat has had an action applied */
        assert_true(net_step(&ng));
    for (int s = 0; s < 2; s++)
        atomic_store(&beats_seen[s], 0);
    long long until = clock_now_ns() + 6000000000LL;
    int steps = 0;
    while (clock_now_ns() < until) {
        assert_true(net_step(&ng));
        steps++;
        nats_Sleep(300);
    }
    int busy[2] = {atomic_load(&beats_seen[0]), atomic_load(&beats_seen[1])};
    print_message("6 s of play (%d moves): beats %d and %d\n", steps, busy[0], busy[1]);
    assert_true(busy[0] <= 1 && busy[1] <= 1); /* one may slip in on a slow machine */
    for (int s = 0; s < 2; s++)
        atomic_store(&beats_seen[s], 0);
    for (long long end = test_deadline(6500); /* nobody moves: both wait */
         test_before(end) && (atomic_load(&beats_seen[0]) < 2 || atomic_load(&beats_seen[1]) < 2);)
        nats_Sleep(10);
    int idle[2] = {atomic_load(&beats_seen[0]), atomic_load(&beats_seen[1])};
    print_message("6.5 s of waiting: beats %d and %d\n", idle[0], idle[1]);
    assert_true(idle[0] >= 2 && idle[1] >= 2);
    MsgTable t;
    assert_true(net_lobby_table(tap, NULL, ng.code, &t, natsfix_answer_ms()));
    assert_int_equal(t.seats[0].state, WSTATE_PLAYER);
    assert_int_equal(t.seats[1].state, WSTATE_PLAYER);
    natsSubscription_Destroy(sub);
    natsConnection_Destroy(tap);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    net_close(&ng);
}

/* ---- a view lost on the way ---- */

/* Seat 1's latest beat as the dealer reads it (the test holds the seat's keys). */
static struct {
    pthread_mutex_t lock;
    SealSession ses;
    MsgHere last;
    int n;
} heard = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void read_beat(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    (void)closure;
    const uint8_t *d = (const uint8_t *)natsMsg_GetData(msg);
    size_t len = (size_t)natsMsg_GetDataLength(msg);
    uint8_t plain[256];
    WireMsg m;
    pthread_mutex_lock(&heard.lock);
    size_t n = len > 1 + SEAL_BOX_OVERHEAD && len - 1 <= sizeof plain + SEAL_BOX_OVERHEAD &&
                       d[0] == 1
                   ? seal_unbox(heard.ses.tx, d + 1, len - 1, plain)
                   : 0;
    if (n && !wire_decode(plain, n, &m) && m.type == MSG_HERE) {
        heard.last = m.u.here;
        heard.n++;
    }
    pthread_mutex_unlock(&heard.lock);
    natsMsg_Destroy(msg);
}

/* A beat of seat 1's, made with its keys, saying it has seen step `seen`. */
static void beat_as_seat1(natsConnection *nc, const NetGame *ng, uint32_t seen, uint64_t stamp)
{
    WireMsg m = {.type = MSG_HERE};
    snprintf(m.u.here.code, sizeof m.u.here.code, "%s", ng->code);
    m.u.here.seat = 1;
    m.u.here.stamp = stamp;
    m.u.here.seen = seen;
    uint8_t plain[128], buf[1 + 128 + SEAL_BOX_OVERHEAD];
    size_t n = wire_encode(&m, plain, sizeof plain);
    assert_true(n > 0);
    buf[0] = 1;
    pthread_mutex_lock(&heard.lock);
    size_t boxed = seal_box(heard.ses.tx, plain, n, buf + 1);
    pthread_mutex_unlock(&heard.lock);
    assert_true(boxed > 0);
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.here", ng->code);
    NATS_CHECK(natsConnection_Publish(nc, subject, buf, (int)(1 + boxed)));
    natsConnection_Flush(nc);
}

static int views_of(NetGame *ng, int s)
{
    pthread_mutex_lock(&ng->lock);
    int n = ng->views[s];
    pthread_mutex_unlock(&ng->lock);
    return n;
}

/* A seat's beat says which step of which game it last saw, and a seat behind the table is
 * sent its view again: a view lost on the way (or a rejoin that did not get through) costs
 * a beat's wait, not the game. Seat 1's own beats carry its latest view's step; a beat
 * that says it is two steps behind gets the table's view at once, one that is up to date
 * gets nothing; then the game ends as the local one. */
static void test_view_again(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_EASY}, 9090, 9191, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    natsSubscription *sub = NULL;
    natsConnection *tap = tap_beats(url, &ng, read_beat, &sub);
    uint8_t dealer_box[WIRE_KEY];
    dealer_box_key(tap, dealer_box);
    pthread_mutex_lock(&heard.lock);
    assert_true(seal_session_seat(&ng.keys[1], dealer_box, &heard.ses));
    pthread_mutex_unlock(&heard.lock);
    for (int i = 0; i < 6; i++)
        assert_true(net_step(&ng));
    /* Nobody moves: seat 1 waits and beats, each beat with the step of its latest view. */
    net_quiet(&ng);
    pthread_mutex_lock(&ng.lock);
    uint32_t now_seq = ng.seq[1];
    pthread_mutex_unlock(&ng.lock);
    assert_true(now_seq >= 6);
    int before = heard.n;
    for (long long end = test_deadline(20000); test_before(end);) {
        pthread_mutex_lock(&heard.lock);
        bool got = heard.n > before;
        pthread_mutex_unlock(&heard.lock);
        if (got)
            break;
        nats_Sleep(10);
    }
    pthread_mutex_lock(&heard.lock);
    assert_true(heard.n > before);
    assert_int_equal(heard.last.seen, now_seq);
    assert_int_equal(heard.last.game_no, 0);
    uint64_t stamp = heard.last.stamp;
    pthread_mutex_unlock(&heard.lock);
    /* Behind: the view again, of the table now. */
    int views = views_of(&ng, 1);
    beat_as_seat1(tap, &ng, now_seq - 2, stamp + 100);
    for (long long end = test_deadline(20000); test_before(end) && views_of(&ng, 1) == views;)
        nats_Sleep(10);
    assert_int_equal(views_of(&ng, 1), views + 1);
    pthread_mutex_lock(&ng.lock);
    assert_int_equal(ng.seq[1], now_seq);
    pthread_mutex_unlock(&ng.lock);
    /* Up to date: nothing (nobody moves meanwhile, so no other view comes). */
    beat_as_seat1(tap, &ng, now_seq, stamp + 200);
    nats_Sleep(test_ms(700));
    assert_int_equal(views_of(&ng, 1), views + 1);
    natsSubscription_Destroy(sub);
    natsConnection_Destroy(tap);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    net_close(&ng);
}

/* ---- play again at the same table ---- */

static void kill_and_restart_serve(const char *url)
{
    natsfix_child_kill(fix.serve_pid, SIGKILL);
    natsfix_child_wait(fix.serve_pid, test_ms(30000), NULL);
    fix.serve_pid = 0;
    spawn_serve(url, fix.store, 1);
}

/* Waits until every client's seat holds a view of game `game_no` of the table. */
static void wait_game(NetGame *ng, int game_no)
{
    pthread_mutex_lock(&ng->lock);
    for (;;) {
        bool all = true;
        for (int s = 0; s < ng->sp.n; s++)
            if (ng->cl[s] && (!ng->have[s] || ng->game_no[s] != game_no))
                all = false;
        if (all)
            break;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += test_s(60);
        if (pthread_cond_timedwait(&ng->cond, &ng->lock, &ts) != 0) {
            pthread_mutex_unlock(&ng->lock);
            fail_msg("game %d did not begin in %d s", game_no + 1, test_s(60));
        }
    }
    pthread_mutex_unlock(&ng->lock);
}

/* The lobby's news of the table once it says game `game_no` is over (60 s at most, scaled). */
static MsgTable table_over(NetGame *ng, int game_no)
{
    MsgTable t = {0};
    for (long long end = test_deadline(60000); test_before(end);) {
        if (net_client_table(ng->cl[0], &t) && t.over && t.game_no == game_no)
            return t;
        nats_Sleep(5);
    }
    fail_msg("the lobby never said game %d was over", game_no + 1);
    return t;
}

/* A 4-player Bisca with two people (seats 1 and 3) and two of the dealer's bots plays a
 * game, then the next at the same table: the people ask to play again one after the other
 * (the bots always agree), `tasca serve` killed with -9 between the two asks and again in
 * the middle of the second game. The first ask is in the record (else the second game
 * never begins), nothing begins before both have asked, the second game is dealt from
 * rng_mix(table seed, 1) at the same code and seats, with the same keys and sequence
 * numbers, and each game ends as the local game of its seed. */
static void test_again(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    snprintf(fix.store, sizeof fix.store, "%s/dealer", natsfix_store(fix.server));
    spawn_serve(url, fix.store, 1);
    Spec sp = {"bisca", 4, {DIFF_EASY, DIFF_MEDIUM, DIFF_RANDOM, DIFF_EASY}, 7070, 7171, 0xA};
    NetGame ng;
    net_open(&ng, &sp, urls);
    char code[WIRE_CODE];
    snprintf(code, sizeof code, "%s", ng.code);
    const char *why = net_client_again(ng.cl[0]);
    assert_non_null(why); /* not while the game is under way */
    assert_string_equal(why, "the game is not over yet");

    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    MsgTable t = table_over(&ng, 0);
    for (int s = 0; s < 4; s++) /* the bots' seats have asked, the people's not yet */
        assert_int_equal(t.seats[s].again, s % 2 == 1);

    assert_null(net_client_again(ng.cl[0]));
    bool seen = false;
    for (long long end = test_deadline(30000); !seen && test_before(end);) {
        seen = net_client_table(ng.cl[0], &t) && t.seats[0].again;
        if (!seen)
            nats_Sleep(5);
    }
    assert_true(seen);
    assert_false(t.seats[2].again);
    nats_Sleep(test_ms(500)); /* seat 3 has not asked: nothing begins */
    pthread_mutex_lock(&ng.lock);
    assert_int_equal(ng.game_no[0], 0);
    assert_int_equal(ng.game_no[2], 0);
    pthread_mutex_unlock(&ng.lock);

    kill_and_restart_serve(url); /* between the two asks */
    assert_null(net_client_again(ng.cl[2])); /* waits for the dealer to take the table back */
    wait_game(&ng, 1);
    assert_string_equal(ng.code, code);
    Spec sp1 = sp;
    sp1.seed = rng_mix(sp.seed, 1);
    /* Seat 1's first view of the second game is the local game's of that seed at that step
     * (its hand: the deal). */
    uint8_t *first = malloc(ng.g->state_size), *mine = malloc(ng.g->state_size);
    pthread_mutex_lock(&ng.lock);
    memcpy(first, ng.view[0], ng.g->state_size);
    uint32_t at = ng.seq[0];
    pthread_mutex_unlock(&ng.lock);
    Local l1;
    local_game(&sp1, &l1, true);
    GameOptions opt;
    rules_default_options(ng.g, &opt);
    SeatSpec seats[RULES_MAX_PLAYERS] = {{0}};
    char err[MATCH_ERR];
    Match *m = match_create(ng.g, &opt, 4, seats, sp1.seed, err, sizeof err);
    assert_non_null(m);
    for (uint32_t k = 0; k < at; k++)
        assert_null(match_apply(m, l1.m->history[k]));
    match_view(m, 0, mine);
    assert_memory_equal(first, mine, ng.g->state_size);
    match_free(m);
    match_free(l1.m);
    free(first);
    free(mine);
    for (int i = 0; i < 6; i++)
        assert_true(net_step(&ng));
    kill_and_restart_serve(url); /* in the middle of the second game */
    while (net_step(&ng))
        ;
    t = table_over(&ng, 1);
    for (int s = 0; s < 4; s++)
        ret[s] = t.result[s];
    same_result(&sp1, ret, t.seq);
    assert_string_equal(t.code, code);
    net_close(&ng);
}

static void test_dealer_kill(void **state)
{
    (void)state;
    kill_mid_game(true, false);
}

static void test_nats_kill(void **state)
{
    (void)state;
    kill_mid_game(false, false);
}

/* The broker goes away mid-game for longer than a lease (12 s): the dealer gives its table
 * up, and when nats-server is back it takes it up again from the record (as any dealer
 * would), the seats come back to it, and the game ends as the local one does. The game is
 * played on a thread of its own: the server must be restarted by the thread that started
 * it (a child dies with the thread that made it). */
typedef struct {
    NetGame *ng;
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
} GameRun;

static void *game_run(void *arg)
{
    GameRun *g = arg;
    net_finish(g->ng, g->ret, &g->seq);
    return NULL;
}

static void test_nats_away(void **state)
{
    (void)state;
    start_server();
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    snprintf(fix.store, sizeof fix.store, "%s/dealer", natsfix_store(fix.server));
    spawn_serve(players_url(), fix.store, 1);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 5151, 5252, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    for (int i = 0; i < 5; i++)
        assert_true(net_step(&ng));
    /* The seats play on while the broker dies (a move or two later) and stays away. */
    GameRun g = {.ng = &ng};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, game_run, &g), 0);
    nats_Sleep(2);
    natsfix_kill(fix.server);
    nats_Sleep(NET_LEASE_TTL_MS + 2000);
    char err[256];
    if (!natsfix_restart(fix.server, err, sizeof err))
        fail_msg("%s", err);
    pthread_join(th, NULL);
    same_result(&sp, g.ret, g.seq);
    net_close(&ng);
}

static void test_cluster(void **state)
{
    (void)state;
    kill_mid_game(false, true);
}

/* ---- a seat whose player stays away ---- */

/* Every public news of one table, in order. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    MsgTable *t;
    int n, cap;
    natsConnection *nc;
    natsSubscription *sub;
} Lobby;

static void on_lobby(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    Lobby *l = closure;
    WireMsg m;
    if (net_lobby_entry(NULL, (const uint8_t *)natsMsg_GetData(msg),
                        (size_t)natsMsg_GetDataLength(msg), &m.u.table)) {
        pthread_mutex_lock(&l->lock);
        if (l->n == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 64;
            l->t = realloc(l->t, (size_t)l->cap * sizeof *l->t);
        }
        l->t[l->n++] = m.u.table;
        pthread_cond_broadcast(&l->cond);
        pthread_mutex_unlock(&l->lock);
    }
    natsMsg_Destroy(msg);
}

static void lobby_watch(Lobby *l, const char *url, const char *code)
{
    memset(l, 0, sizeof *l);
    pthread_mutex_init(&l->lock, NULL);
    pthread_cond_init(&l->cond, NULL);
    char err[NET_ERR], subject[64];
    l->nc = net_connect(url, NULL, "lobby", err, sizeof err);
    if (!l->nc)
        fail_msg("%s", err);
    snprintf(subject, sizeof subject, "tasca.lobby.%s", code);
    assert_int_equal(natsConnection_Subscribe(&l->sub, l->nc, subject, on_lobby, l), NATS_OK);
    natsConnection_Flush(l->nc);
}

static void lobby_close(Lobby *l)
{
    natsSubscription_Unsubscribe(l->sub);
    natsSubscription_Destroy(l->sub);
    natsConnection_Destroy(l->nc);
    free(l->t);
}

/* The index of the first news from `from` on that shows `seat` in `state`; fails after
 * `seconds` without one. */
static int lobby_wait(Lobby *l, int from, int seat, int state, int seconds)
{
    struct timespec end;
    clock_gettime(CLOCK_REALTIME, &end);
    end.tv_sec += test_s(seconds);
    pthread_mutex_lock(&l->lock);
    for (int i = from;; i++) {
        while (i >= l->n)
            if (pthread_cond_timedwait(&l->cond, &l->lock, &end) != 0) {
                pthread_mutex_unlock(&l->lock);
                fail_msg("the lobby never showed seat %d in state %d", seat, state);
            }
        if (l->t[i].seats[seat].state == state) {
            pthread_mutex_unlock(&l->lock);
            return i;
        }
    }
}

/* Actions of `seat` (as seat 0's views told them) from action `from` on, and before. */
static void count_moves(NetGame *ng, int seat, uint32_t from, int *before, int *after)
{
    *before = *after = 0;
    pthread_mutex_lock(&ng->lock);
    for (uint32_t k = 0; k < sizeof ng->who; k++)
        if (ng->who[k] == seat)
            ++*(k < from ? before : after);
    pthread_mutex_unlock(&ng->lock);
}

/* Someone on the broker who tries to keep the absent seat 1 "here": its own beats copied
 * off the wire and sent again, beats made with a stranger's keys and with seat 0's, a beat
 * from far in the future, garbage. */
typedef struct {
    natsConnection *nc;
    char code[WIRE_CODE];
    SealKeys seat0, stranger;
    uint8_t dealer_box[WIRE_KEY];
    Capture beats;
    natsSubscription *tap;
    pthread_t thread;
    pthread_mutex_t lock;
    bool stop;
    int rounds;
} Forger;

static void forge_beat(Forger *f, const SealKeys *k, int seat, uint64_t stamp)
{
    WireMsg m = {.type = MSG_HERE};
    snprintf(m.u.here.code, sizeof m.u.here.code, "%s", f->code);
    m.u.here.seat = (int8_t)seat;
    m.u.here.stamp = stamp;
    uint8_t plain[128], buf[1 + 128 + SEAL_BOX_OVERHEAD];
    size_t n = wire_encode(&m, plain, sizeof plain);
    assert_true(n > 0);
    SealSession ses;
    assert_true(seal_session_seat(k, f->dealer_box, &ses));
    buf[0] = (uint8_t)seat;
    size_t boxed = seal_box(ses.tx, plain, n, buf + 1);
    assert_true(boxed > 0);
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.here", f->code);
    natsConnection_Publish(f->nc, subject, buf, (int)(1 + boxed));
}

static void *forger_run(void *arg)
{
    Forger *f = arg;
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.here", f->code);
    for (;;) {
        pthread_mutex_lock(&f->lock);
        bool stop = f->stop;
        pthread_mutex_unlock(&f->lock);
        if (stop)
            return NULL;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t now = (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
        pthread_mutex_lock(&f->beats.lock);
        for (int i = 0; i < f->beats.n; i++)
            natsConnection_Publish(f->nc, subject, f->beats.data[i], f->beats.len[i]);
        pthread_mutex_unlock(&f->beats.lock);
        forge_beat(f, &f->stranger, 1, now + 500);
        forge_beat(f, &f->seat0, 1, now + 500); /* a seat's key, but not seat 1's */
        forge_beat(f, &f->stranger, 1, UINT64_MAX);
        uint8_t junk[40] = "TSC1\x0a";
        natsConnection_Publish(f->nc, subject, junk, sizeof junk);
        natsConnection_Flush(f->nc);
        f->rounds++;
        nats_Sleep(300);
    }
}

static void forger_start(Forger *f, const char *url, NetGame *ng)
{
    memset(f, 0, sizeof *f);
    char err[NET_ERR], subject[64];
    f->nc = net_connect(url, NULL, "forger", err, sizeof err);
    assert_non_null(f->nc);
    snprintf(f->code, sizeof f->code, "%s", ng->code);
    f->seat0 = ng->keys[0];
    seal_keys_new(&f->stranger);
    dealer_box_key(f->nc, f->dealer_box);
    pthread_mutex_init(&f->lock, NULL);
    pthread_mutex_init(&f->beats.lock, NULL);
    snprintf(subject, sizeof subject, "tasca.t.%s.here", ng->code);
    assert_int_equal(natsConnection_Subscribe(&f->tap, f->nc, subject, on_any, &f->beats),
                     NATS_OK);
    natsConnection_Flush(f->nc);
}

/* Seat 1's own beats seen on the wire (a beat is [seat][MsgHere in a box]). */
static int beats_of_seat1(Forger *f)
{
    int n = 0;
    pthread_mutex_lock(&f->beats.lock);
    for (int i = 0; i < f->beats.n; i++)
        n += f->beats.len[i] > 1 + SEAL_BOX_OVERHEAD && f->beats.data[i][0] == 1;
    pthread_mutex_unlock(&f->beats.lock);
    return n;
}

static void forger_stop(Forger *f)
{
    if (f->thread) {
        pthread_mutex_lock(&f->lock);
        f->stop = true;
        pthread_mutex_unlock(&f->lock);
        pthread_join(f->thread, NULL);
    }
    natsSubscription_Unsubscribe(f->tap);
    natsSubscription_Destroy(f->tap);
    natsConnection_Destroy(f->nc);
    for (int i = 0; i < f->beats.n; i++)
        free(f->beats.data[i]);
    free(f->beats.data);
    free(f->beats.len);
    free(f->beats.subject);
}

/* Seat 1 sits down and its client goes (a crash, a lost link): nothing of it talks to the
 * table any more. */
static void drop_seat1(NetGame *ng)
{
    net_client_free(ng->cl[1]);
    pthread_mutex_lock(&ng->lock);
    ng->cl[1] = NULL;
    ng->have[1] = false;
    memset(ng->view[1], 0, ng->g->state_size);
    ng->acted[1] = 0;
    pthread_mutex_unlock(&ng->lock);
}

/* From its drop, the lobby shows seat 1 away with the clock counting down from the table's
 * away_seconds, then the dealer's Medium bot standing in; returns the stand-in's index. */
static int expect_away_then_stand_in(Lobby *l, int from, uint16_t away)
{
    int a = lobby_wait(l, from, 1, WSTATE_AWAY, 60);
    int b = lobby_wait(l, a, 1, WSTATE_STAND_IN, 60);
    pthread_mutex_lock(&l->lock);
    assert_int_equal(l->t[a].seats[1].away_left, away);
    int last = away + 1;
    for (int i = a; i < b; i++) {
        assert_int_equal(l->t[i].seats[1].state, WSTATE_AWAY); /* never back meanwhile */
        assert_true(l->t[i].seats[1].away_left >= 1);
        assert_true(l->t[i].seats[1].away_left <= last);
        last = l->t[i].seats[1].away_left;
    }
    assert_int_equal(l->t[b].seats[1].away_left, 0);
    assert_int_equal(l->t[b].seats[1].difficulty, DIFF_MEDIUM);
    assert_string_equal(l->t[b].seats[1].name, "Seat 2");
    pthread_mutex_unlock(&l->lock);
    return b;
}

static void test_standin(void **state)
{
    (void)state;
    /* an open broker: the forger hears the seat's signs of life to replay them */
    open_server = true;
    start_server();
    start_dealer(players_url());
    const char *url = players_url();
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_EASY}, 7301, 7302, 0};
    stand.seats = 2;
    stand.away = 2;
    NetGame ng;
    net_open(&ng, &sp, urls);
    Lobby l;
    lobby_watch(&l, url, ng.code);
    /* The forger listens first, so it holds beats seat 1 really sent. */
    Forger f;
    forger_start(&f, url, &ng);
    for (long long end = test_deadline(30000); test_before(end) && !beats_of_seat1(&f);)
        nats_Sleep(50);
    assert_true(beats_of_seat1(&f) > 0);
    drop_seat1(&ng);
    /* what it replays is what it heard until then (not its own copies) */
    natsSubscription_Unsubscribe(f.tap);
    assert_int_equal(pthread_create(&f.thread, NULL, forger_run, &f), 0);
    int b = expect_away_then_stand_in(&l, 0, 2);
    (void)b;
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    forger_stop(&f);
    assert_true(f.rounds > 3); /* it kept at it the whole time seat 1 was away */
    /* The game is the local one where the dealer's Medium bot played seat 1 throughout. */
    same_result(&sp, ret, seq);
    int before, after;
    count_moves(&ng, 1, 0, &before, &after);
    assert_true(after > 5);
    assert_int_equal(ng.made[1], 0);
    /* and nothing showed seat 1 here again once it had gone */
    pthread_mutex_lock(&l.lock);
    int a = 0;
    while (l.t[a].seats[1].state != WSTATE_AWAY)
        a++;
    for (int i = a; i < l.n; i++)
        assert_true(l.t[i].seats[1].state != WSTATE_PLAYER);
    print_message("stand-in: %d lobby news, %d forging rounds, seat 1's bot made %d moves\n",
                  l.n, f.rounds, after);
    pthread_mutex_unlock(&l.lock);
    lobby_close(&l);
    net_close(&ng);
}

/* Plays seat 0 until the stand-in has made `moves` moves for seat 1. */
static void until_stand_in_moves(NetGame *ng, int moves)
{
    for (;;) {
        int before, after;
        count_moves(ng, 1, 0, &before, &after);
        if (after >= moves)
            return;
        assert_true(net_step(ng)); /* waits for the bot's move when it is seat 1's turn */
    }
}

static void test_standin_return(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    const char *url = players_url();
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_RANDOM}, 7401, 7402, 0};
    stand.seats = 2;
    stand.away = 2;
    NetGame ng;
    net_open(&ng, &sp, urls);
    Lobby l;
    lobby_watch(&l, url, ng.code);
    drop_seat1(&ng);
    int b = expect_away_then_stand_in(&l, 0, 2);
    until_stand_in_moves(&ng, 3);
    /* The player is back with the same keys: the seat is theirs from that moment. */
    seat_client(&ng, 1, url, true);
    join(&ng, 1);
    int p = lobby_wait(&l, b, 1, WSTATE_PLAYER, 60);
    pthread_mutex_lock(&l.lock);
    uint32_t back = l.t[p].seq; /* the table's action count when it was handed back */
    assert_false(l.t[p].over);
    assert_int_equal(l.t[p].seats[1].away_left, 0);
    pthread_mutex_unlock(&l.lock);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    /* Every move of seat 1 after the hand-back is its client's (a bot's move would have
     * made the client's refused, or would show here), and there were some. */
    int before, after;
    count_moves(&ng, 1, back, &before, &after);
    assert_true(before >= 3);
    assert_true(after > 0);
    assert_int_equal(after, ng.made[1]);
    /* The whole game: the stand-in's moves before `back`, the player's from then on. */
    stand.back_at = back;
    same_result(&sp, ret, seq);
    /* and the seat stayed the player's to the end */
    pthread_mutex_lock(&l.lock);
    for (int i = p; i < l.n; i++)
        assert_int_equal(l.t[i].seats[1].state, WSTATE_PLAYER);
    print_message("returned at action %u: the stand-in made %d moves, the player %d\n", back,
                  before, after);
    pthread_mutex_unlock(&l.lock);
    lobby_close(&l);
    net_close(&ng);
}

static void test_standin_kill(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    snprintf(fix.store, sizeof fix.store, "%s/dealer", natsfix_store(fix.server));
    spawn_serve(url, fix.store, 1);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_MEDIUM, DIFF_EASY}, 7501, 7502, 0};
    stand.seats = 2;
    stand.away = 2;
    NetGame ng;
    net_open(&ng, &sp, urls);
    Lobby l;
    lobby_watch(&l, url, ng.code);
    drop_seat1(&ng);
    expect_away_then_stand_in(&l, 0, 2);
    until_stand_in_moves(&ng, 3);
    natsfix_child_kill(fix.serve_pid, SIGKILL);
    natsfix_child_wait(fix.serve_pid, test_ms(30000), NULL);
    fix.serve_pid = 0;
    pthread_mutex_lock(&l.lock);
    int from = l.n;
    pthread_mutex_unlock(&l.lock);
    spawn_serve(url, fix.store, 1);
    /* The new dealer does not know who is there: seat 1 is away again, then stood in for. */
    expect_away_then_stand_in(&l, from, 2);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    lobby_close(&l);
    net_close(&ng);
}

static void test_standin_never(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    const char *url = players_url();
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 7601, 7602, 0};
    stand.never = true;
    NetGame ng;
    net_open(&ng, &sp, urls);
    Lobby l;
    lobby_watch(&l, url, ng.code);
    drop_seat1(&ng);
    /* Seat 0 plays until seat 1 is to move. */
    for (;;) {
        pthread_mutex_lock(&ng.lock);
        int p = -9;
        for (int i = 0; i < test_count(600) && p != 0 && p != 1; i++) { /* a deal under way: wait */
            p = ng.have[0] ? ng.g->current_player(ng.view[0]) : -9;
            if (p != 0 && p != 1) {
                pthread_mutex_unlock(&ng.lock);
                nats_Sleep(50);
                pthread_mutex_lock(&ng.lock);
            }
        }
        pthread_mutex_unlock(&ng.lock);
        assert_true(p == 0 || p == 1);
        if (p == 1)
            break;
        assert_true(net_step(&ng));
    }
    int a = lobby_wait(&l, 0, 1, WSTATE_AWAY, 60);
    /* Well past the time a stand-in would have taken over at a table of away_seconds 1,
     * still away, and nothing was played for it. */
    pthread_mutex_lock(&ng.lock);
    uint32_t waiting_at = ng.seq[0];
    pthread_mutex_unlock(&ng.lock);
    nats_Sleep(test_ms(4000));
    MsgTable t;
    assert_true(net_lobby_table(l.nc, NULL, ng.code, &t, natsfix_answer_ms()));
    assert_int_equal(t.seats[1].state, WSTATE_AWAY);
    assert_int_equal(t.seats[1].away_left, 0);
    assert_int_equal(t.seq, waiting_at);
    pthread_mutex_lock(&l.lock);
    assert_int_equal(l.t[a].seats[1].away_left, 0);
    for (int i = a; i < l.n; i++)
        assert_int_equal(l.t[i].seats[1].state, WSTATE_AWAY);
    pthread_mutex_unlock(&l.lock);
    int before, after;
    count_moves(&ng, 1, 0, &before, &after);
    assert_int_equal(after, 0);
    /* Back: the seat is the player's again, and the game is the local one. */
    seat_client(&ng, 1, url, true);
    join(&ng, 1);
    lobby_wait(&l, a, 1, WSTATE_PLAYER, 60);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    lobby_close(&l);
    net_close(&ng);
}


/* ---- several dealers on one deployment: table leases ---- */

/* What the table's record holds: its players' (and bots') actions, each entry's n in order
 * (none twice), read with the dealers' record key from the stream. With `junk`, the entries
 * that are not the dealers' records of this table (no box under the key, no record, another
 * table's, or a copy of an earlier entry: the same nonce) are counted there; without, there
 * must be none. */
static int recorded_entries(const char *url, const char *code, int *junk)
{
    SealKeys k;
    uint8_t rkey[SEAL_KEY];
    char path[600];
    snprintf(path, sizeof path, "%s/dealer.keys", fix.store);
    assert_null(seal_keys_load_or_create(path, &k, rkey));
    char err[NET_ERR], subject[64];
    (void)url;
    natsConnection *nc = observer_connect("record reader");
    if (!nc)
        fail_msg("%s", err);
    jsCtx *js = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, nc, NULL));
    snprintf(subject, sizeof subject, "tasca.rec.%s", code);
    natsMsg *last = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_GetLastMsg(&last, js, NET_STREAM, subject, NULL, &jerr));
    uint64_t last_seq = natsMsg_GetSequence(last);
    natsMsg_Destroy(last);
    jsSubOptions so;
    jsSubOptions_Init(&so);
    so.Config.DeliverPolicy = js_DeliverAll;
    so.Config.AckPolicy = js_AckNone;
    so.Stream = NET_STREAM;
    natsSubscription *sub = NULL;
    NATS_CHECK(js_SubscribeSync(&sub, js, subject, NULL, &so, &jerr));
    int actions = 0, n_nonces = 0;
    int64_t prev_n = -1;
    uint8_t plain[WIRE_MAX];
    static uint8_t nonces[8192][24];
    if (junk)
        *junk = 0;
    for (;;) {
        natsMsg *m = NULL;
        NATS_CHECK(natsSubscription_NextMsg(&m, sub, natsfix_answer_ms()));
        jsMsgMetaData *meta = NULL;
        NATS_CHECK(natsMsg_GetMetaData(&meta, m));
        uint64_t seq = meta->Sequence.Stream;
        jsMsgMetaData_Destroy(meta);
        const uint8_t *data = (const uint8_t *)natsMsg_GetData(m);
        int len = natsMsg_GetDataLength(m);
        size_t n = len > 24 ? seal_unbox(rkey, data, (size_t)len, plain) : 0;
        WireMsg w;
        bool copy = false;
        for (int i = 0; n && i < n_nonces && !copy; i++)
            copy = memcmp(nonces[i], data, 24) == 0;
        bool ok = n > 0 && !copy && !wire_decode(plain, n, &w) && w.type == MSG_RECORD &&
                  strcmp(w.u.record.code, code) == 0;
        if (junk && !ok) {
            (*junk)++;
            natsMsg_Destroy(m);
            if (seq >= last_seq)
                break;
            continue;
        }
        assert_true(n > 0);
        assert_false(copy);
        assert_null(wire_decode(plain, n, &w));
        assert_int_equal(w.type, MSG_RECORD);
        assert_string_equal(w.u.record.code, code);
        assert_true(n_nonces < 8192);
        memcpy(nonces[n_nonces++], data, 24);
        if (w.u.record.kind == REC_ACTION) {
            assert_true((int64_t)w.u.record.n > prev_n); /* never the same step twice */
            prev_n = w.u.record.n;
            actions++;
        }
        natsMsg_Destroy(m);
        if (seq >= last_seq)
            break;
    }
    natsSubscription_Destroy(sub);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    return actions;
}

static int recorded_actions(const char *url, const char *code)
{
    return recorded_entries(url, code, NULL);
}

/* The game ended as the local one and its record holds exactly its decisions. */
static void same_game_and_record(const Spec *sp, NetGame *ng, const char *url)
{
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(ng, ret, &seq);
    same_result(sp, ret, seq);
    Local l;
    local_game(sp, &l, false);
    assert_int_equal(recorded_actions(url, ng->code), l.decisions);
}

#define SHARED_MAX 12

/* Opens games until both dealers hold some (the create queue picks one dealer at random),
 * at least `min` of them. count_a(): the tables the first dealer holds. */
static int open_spread(NetGame *ng, Spec *sp, const char *url, int min, Dealer *b,
                       bool long_games)
{
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    const char *games[] = {"bisca", "truco", "twentyone"}, *longer[] = {"bisca", "buraco"};
    int n = 0;
    while (n < SHARED_MAX && (n < min || dealer_tables(b) == 0 || dealer_tables(b) == n)) {
        sp[n] = (Spec){long_games ? longer[n % 2] : games[n % 3], 2, {DIFF_EASY, DIFF_MEDIUM}, 8100 + (uint64_t)n,
                       8200 + (uint64_t)n, 0};
        net_open(&ng[n], &sp[n], urls);
        n++;
    }
    assert_true(dealer_tables(b) > 0 && dealer_tables(b) < n);
    return n;
}

/* Plays every game a step at a time, in turn, to their ends. */
static void play_all(NetGame *ng, int n, int steps)
{
    bool done[SHARED_MAX] = {false};
    for (int k = 0; steps < 0 || k < steps; k++) {
        bool any = false;
        for (int i = 0; i < n; i++)
            if (!done[i])
                any = true, done[i] = !net_step(&ng[i]);
        if (!any)
            break;
    }
}

/* Two dealers on one server share the tables: each table is served by one of them, and
 * every game is the local one, every action recorded once. */
static void test_shared(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    fix.dealer = new_dealer(url);
    fix.dealer2 = new_dealer(url);
    static NetGame ng[SHARED_MAX];
    Spec sp[SHARED_MAX];
    int n = open_spread(ng, sp, url, 6, fix.dealer2, false);
    assert_int_equal(dealer_tables(fix.dealer) + dealer_tables(fix.dealer2), n);
    play_all(ng, n, -1);
    for (int i = 0; i < n; i++) {
        same_game_and_record(&sp[i], &ng[i], url);
        net_close(&ng[i]);
    }
    /* nobody took another's table meanwhile */
    assert_int_equal(dealer_tables(fix.dealer) + dealer_tables(fix.dealer2), n);
}

/* Of two dealers, the spawned `tasca serve` is killed with -9 mid-game: once its leases
 * expire, the other takes its tables over from their records and every game ends as the
 * local one, every action recorded once. */
static void test_takeover(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    snprintf(fix.store, sizeof fix.store, "%s/dealer", natsfix_store(fix.server));
    spawn_serve(url, fix.store, 1);
    fix.dealer2 = new_dealer(url);
    static NetGame ng[SHARED_MAX];
    Spec sp[SHARED_MAX];
    int n = open_spread(ng, sp, url, 4, fix.dealer2, true);
    int mine = dealer_tables(fix.dealer2);
    play_all(ng, n, 3); /* long games: every one is still under way */
    for (int i = 0; i < n; i++) {
        MsgTable t;
        assert_true(
            net_lobby_table(net_client_conn(ng[i].cl[0]), NULL, ng[i].code, &t, natsfix_answer_ms()));
        assert_false(t.over);
    }
    natsfix_child_kill(fix.serve_pid, SIGKILL);
    natsfix_child_wait(fix.serve_pid, test_ms(30000), NULL);
    fix.serve_pid = 0;
    play_all(ng, n, -1);
    for (int i = 0; i < n; i++) {
        same_game_and_record(&sp[i], &ng[i], url);
        net_close(&ng[i]);
    }
    assert_true(mine < n);
    assert_int_equal(dealer_tables(fix.dealer2), n); /* all of them its own now */
}

/* The dealers' record key, from the key file they share (the test's dealers use fix.store). */
static void dealers_record_key(uint8_t rkey[SEAL_KEY])
{
    SealKeys k;
    char path[600];
    snprintf(path, sizeof path, "%s/dealer.keys", fix.store);
    assert_null(seal_keys_load_or_create(path, &k, rkey));
}

/* Now on the wall clock, in ms (a lease's stamp). */
static long long wall_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000LL + ts.tv_nsec / 1000000L;
}

/* Another dealer's lease of the table (made with the dealers' key), stamped now. */
static void put_other_dealer(kvStore *kv, const uint8_t rkey[SEAL_KEY], const char *code)
{
    char v[160];
    assert_true(net_lease_value(rkey, 0x0123456789abcdefULL, code, wall_now_ms(), v, sizeof v) >
                0);
    uint64_t rev = 0;
    NATS_CHECK(kvStore_PutString(&rev, kv, code, v));
}

/* A dealer whose lease another dealer wrote (with the dealers' key) stops serving the table
 * at once (no answer, no record, gone from its list); once the key is free again it takes
 * the table back from its record and the game ends as the local one. A lease written by
 * someone without the dealers' key is no other dealer's: the dealer writes its own again
 * over it and keeps the table. */
static void test_lease_lost(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 8301, 8302, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    for (int i = 0; i < 5; i++)
        assert_true(net_step(&ng));
    natsConnection *nc = observer_connect("another dealer"); /* it takes the lease */
    jsCtx *js = NULL;
    kvStore *kv = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, nc, NULL));
    NATS_CHECK(js_KeyValue(&kv, js, NET_LEASE_BUCKET));
    /* The dealer's lease: its id, a stamp and the tag of the dealers' key; no host, no pid. */
    uint8_t rkey[SEAL_KEY];
    dealers_record_key(rkey);
    kvEntry *e = NULL;
    NATS_CHECK(kvStore_Get(&e, kv, ng.code));
    char val[160] = "", again[160], host[64] = "", pid[16];
    snprintf(val, sizeof val, "%.*s", kvEntry_ValueLen(e), (const char *)kvEntry_Value(e));
    kvEntry_Destroy(e);
    unsigned long long id = 0;
    long long stamp = 0;
    assert_int_equal(sscanf(val, "%16llx %lld", &id, &stamp), 2);
    assert_true(net_lease_value(rkey, id, ng.code, stamp, again, sizeof again) > 0);
    assert_string_equal(val, again);
    gethostname(host, sizeof host - 1);
    snprintf(pid, sizeof pid, " %d", (int)getpid());
    assert_null(strstr(val, host));
    assert_null(strstr(val, pid));
    /* Someone without the dealers' key writes another owner: the dealer keeps the table
     * and writes its own lease again over the stranger's. */
    uint64_t rev = 0;
    NATS_CHECK(kvStore_PutString(&rev, kv, ng.code, "0123456789abcdef elsewhere 1"));
    bool back = false;
    for (int i = 0; i < 600 && !back; i++) {
        assert_int_equal(dealer_tables(fix.dealer), 1);
        NATS_CHECK(kvStore_Get(&e, kv, ng.code));
        back = kvEntry_Revision(e) > rev;
        kvEntry_Destroy(e);
        nats_Sleep(50);
    }
    assert_true(back);
    assert_true(net_step(&ng));
    /* Another dealer's lease now (written again and again, so it does not expire). */
    put_other_dealer(kv, rkey, ng.code);
    for (int i = 0; i < test_count(600) && dealer_tables(fix.dealer) > 0; i++) {
        if (i % 10 == 0)
            put_other_dealer(kv, rkey, ng.code);
        nats_Sleep(100);
    }
    assert_int_equal(dealer_tables(fix.dealer), 0);
    /* Nobody answers for the table any more: a join, an action and the lobby go unheard.
     * (These waits and the 3.5 s below are not scaled: they must end well within the
     * intruder's lease, NET_LEASE_TTL_MS from its last write.) */
    natsMsg *r = NULL;
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.act", ng.code);
    assert_int_not_equal(natsConnection_Request(&r, nc, subject, "x", 1, 1500), NATS_OK);
    snprintf(subject, sizeof subject, "tasca.t.%s.join", ng.code);
    assert_int_not_equal(natsConnection_Request(&r, nc, subject, "x", 1, 1500), NATS_OK);
    MsgTable t;
    assert_false(net_lobby_table(nc, NULL, ng.code, &t, 1500));
    put_other_dealer(kv, rkey, ng.code);
    /* Still not its own while the other dealer's lease lasts; then the key is deleted (the
     * other dealer gone): the dealer takes the table back and the game goes on. */
    for (int i = 0; i < 35; i++) {
        if (i % 10 == 9)
            put_other_dealer(kv, rkey, ng.code);
        nats_Sleep(100);
    }
    assert_int_equal(dealer_tables(fix.dealer), 0);
    NATS_CHECK(kvStore_Delete(kv, ng.code));
    same_game_and_record(&sp, &ng, url);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    kvStore_Destroy(kv);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    net_close(&ng);
}

/* The fence: someone else appends to a table's record while its dealer still holds the
 * lease (a dealer that lost its lease without knowing it would look the same to the
 * store). The dealer's next append is refused by the store; it drops the table without
 * answering, gives the lease up and takes the table again from its whole record; the
 * seat's action sent again is applied once and the game is the local one. */
static void test_fence(void **state)
{
    (void)state;
    /* an open broker: a stray writer appends to the record (test_net_broker_rec: refused when
     * locked) */
    open_server = true;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_MEDIUM, DIFF_EASY}, 8401, 8402, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    for (int i = 0; i < 4; i++)
        assert_true(net_step(&ng));
    /* A harmless entry (seat 1's own seat again), written as another dealer would. */
    SealKeys k;
    uint8_t rkey[SEAL_KEY];
    char path[600], err[NET_ERR], subject[64];
    snprintf(path, sizeof path, "%s/dealer.keys", fix.store);
    assert_null(seal_keys_load_or_create(path, &k, rkey));
    WireMsg w = {.type = MSG_RECORD};
    MsgRecord *r = &w.u.record;
    r->kind = REC_SEAT;
    snprintf(r->code, sizeof r->code, "%s", ng.code);
    r->seat = 0;
    snprintf(r->name, sizeof r->name, "Seat 1");
    memcpy(r->sign_key, ng.keys[0].sign_pk, WIRE_KEY);
    memcpy(r->box_key, ng.keys[0].box_pk, WIRE_KEY);
    uint8_t plain[WIRE_MAX], boxed[WIRE_MAX + SEAL_OVERHEAD + 64];
    size_t n = wire_encode(&w, plain, sizeof plain);
    assert_true(n > 0);
    size_t bn = seal_box(rkey, plain, n, boxed);
    natsConnection *nc = net_connect(url, NULL, "stray writer", err, sizeof err);
    if (!nc)
        fail_msg("%s", err);
    jsCtx *js = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, nc, NULL));
    snprintf(subject, sizeof subject, "tasca.rec.%s", ng.code);
    jsErrCode jerr = 0;
    NATS_CHECK(js_Publish(NULL, js, subject, boxed, (int)bn, NULL, &jerr));
    /* The game goes on: the next action finds the fence, the table comes back. */
    same_game_and_record(&sp, &ng, url);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    net_close(&ng);
}

/* ---- a server no player can break: junk in the record store and in the leases ---- */

/* `m` encoded and in a secret box under `key`: its length in out. */
static size_t boxed_msg(const uint8_t key[SEAL_KEY], const WireMsg *m, uint8_t *out)
{
    uint8_t plain[WIRE_MAX];
    size_t n = wire_encode(m, plain, sizeof plain);
    assert_true(n > 0);
    return seal_box(key, plain, n, out);
}

static void publish_rec(jsCtx *js, const char *code, const void *data, size_t len)
{
    char subject[96];
    snprintf(subject, sizeof subject, "tasca.rec.%s", code);
    jsErrCode jerr = 0;
    NATS_CHECK(js_Publish(NULL, js, subject, data, (int)len, NULL, &jerr));
}

/* Plays `steps` decisions (fewer if the game ends), checking after each that the dealer
 * still serves the table. */
static void steps_held(NetGame *ng, int steps)
{
    for (int i = 0; i < steps && net_step(ng); i++)
        assert_int_equal(dealer_tables(fix.dealer), 1);
    assert_int_equal(dealer_tables(fix.dealer), 1);
}

/* Junk in a table's record must not cost the table. During the game, anyone with the broker
 * appends to tasca.rec.<code>: 12 bytes, a box under another key, a box of the record key
 * that holds no record, a record of another table and a copy of the table's own first
 * entry. The dealer skips each (its next append goes on after it), never drops the table;
 * with junk as the record's last entry, a dealer started again resumes the table past it.
 * The game is the local one and the record holds its decisions and the junk, nothing else. */
static void test_rec_junk(void **state)
{
    (void)state;
    /* an open broker: junk on the record (test_net_broker_rec: refused when locked) */
    open_server = true;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 8501, 8502, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    steps_held(&ng, 3);
    uint8_t rkey[SEAL_KEY], other[SEAL_KEY], boxed[WIRE_MAX + SEAL_OVERHEAD + 64];
    dealers_record_key(rkey);
    memset(other, 0x5a, sizeof other);
    char err[NET_ERR], subject[64];
    natsConnection *nc = net_connect(url, NULL, "junk writer", err, sizeof err);
    if (!nc)
        fail_msg("%s", err);
    jsCtx *js = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, nc, NULL));
    int junk = 0;
    /* 12 bytes: the attack that used to end the table for good */
    publish_rec(js, ng.code, "twelve bytes", 12), junk++;
    steps_held(&ng, 2);
    /* a record of this table, but under another key */
    WireMsg w = {.type = MSG_RECORD};
    w.u.record = (MsgRecord){.kind = REC_ACTION, .n = 5, .player = 0, .action = 1, .seq = 3};
    snprintf(w.u.record.code, sizeof w.u.record.code, "%s", ng.code);
    publish_rec(js, ng.code, boxed, boxed_msg(other, &w, boxed)), junk++;
    /* the record key's box, but no record inside */
    WireMsg h = {.type = MSG_HERE};
    h.u.here = (MsgHere){.seat = 0, .stamp = 1};
    snprintf(h.u.here.code, sizeof h.u.here.code, "%s", ng.code);
    publish_rec(js, ng.code, boxed, boxed_msg(rkey, &h, boxed)), junk++;
    steps_held(&ng, 2);
    /* a record of the dealers', but of another table */
    WireMsg o = {.type = MSG_RECORD};
    o.u.record = (MsgRecord){.kind = REC_SEAT, .seat = 0};
    snprintf(o.u.record.code, sizeof o.u.record.code, "%s", ng.code[0] == 'Z' ? "YYYYYY" : "ZZZZZZ");
    snprintf(o.u.record.name, sizeof o.u.record.name, "Mallory");
    memcpy(o.u.record.sign_key, ng.keys[1].sign_pk, WIRE_KEY);
    memcpy(o.u.record.box_key, ng.keys[1].box_pk, WIRE_KEY);
    publish_rec(js, ng.code, boxed, boxed_msg(rkey, &o, boxed)), junk++;
    steps_held(&ng, 2);
    /* a copy of the table's first entry (its REC_OPEN), as anyone reading the stream can make */
    snprintf(subject, sizeof subject, "tasca.rec.%s", ng.code);
    jsSubOptions so;
    jsSubOptions_Init(&so);
    so.Config.DeliverPolicy = js_DeliverAll;
    so.Config.AckPolicy = js_AckNone;
    so.Stream = NET_STREAM;
    natsSubscription *sub = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_SubscribeSync(&sub, js, subject, NULL, &so, &jerr));
    natsMsg *first = NULL;
    NATS_CHECK(natsSubscription_NextMsg(&first, sub, 10000));
    publish_rec(js, ng.code, natsMsg_GetData(first), (size_t)natsMsg_GetDataLength(first)), junk++;
    natsMsg_Destroy(first);
    natsSubscription_Unsubscribe(sub);
    natsSubscription_Destroy(sub);
    steps_held(&ng, 2);
    /* junk last, and a dealer started again (the first gave its lease up when it stopped):
     * it resumes the table from the entries that open, its fence past the junk */
    publish_rec(js, ng.code, "junk", 4), junk++;
    dealer_stop(fix.dealer);
    fix.dealer = new_dealer(url);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    steps_held(&ng, 2);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    same_result(&sp, ret, seq);
    Local l;
    local_game(&sp, &l, false);
    int seen = -1;
    assert_int_equal(recorded_entries(url, ng.code, &seen), l.decisions);
    assert_int_equal(seen, junk);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    net_close(&ng);
}

/* The record subjects tasca.rec.> of the stream (their count; `only` gets the first's). */
static int rec_subjects(jsCtx *js, char *only, size_t size)
{
    jsOptions o;
    jsOptions_Init(&o);
    o.Stream.Info.SubjectsFilter = "tasca.rec.>";
    jsStreamInfo *si = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_GetStreamInfo(&si, js, NET_STREAM, &o, &jerr));
    int n = si->State.Subjects ? si->State.Subjects->Count : 0;
    if (only && n > 0)
        snprintf(only, size, "%s", si->State.Subjects->List[0].Subject);
    jsStreamInfo_Destroy(si);
    return n;
}

/* A thousand made-up record subjects (4 bytes each, a few with names no table has, a few
 * with a lease that is not a dealer's) published during a game: the dealer looks at a
 * bounded number of them per scan, off its own thread. The game ends as the local one, the
 * dealer answers at once all along, and the junk subjects are purged from the stream. */
static void test_junk_subjects(void **state)
{
    (void)state;
    /* an open broker: junk record subjects (test_net_broker_rec: refused when locked) */
    open_server = true;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_MEDIUM, DIFF_EASY}, 8601, 8602, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    steps_held(&ng, 3);
    char err[NET_ERR], subject[96];
    natsConnection *nc = net_connect(url, NULL, "junk writer", err, sizeof err);
    if (!nc)
        fail_msg("%s", err);
    jsCtx *js = NULL;
    kvStore *kv = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, nc, NULL));
    NATS_CHECK(js_KeyValue(&kv, js, NET_LEASE_BUCKET));
    for (int i = 0; i < 1000; i++) {
        char code[WIRE_CODE];
        do
            wire_code_make(rng_mix(0x7A11C, (uint64_t)i), code);
        while (strcmp(code, ng.code) == 0);
        if (i % 100 == 7)
            snprintf(subject, sizeof subject, "tasca.rec.junk%d", i); /* no table's name */
        else if (i % 100 == 8)
            snprintf(subject, sizeof subject, "tasca.rec.%s.x", code);
        else
            snprintf(subject, sizeof subject, "tasca.rec.%s", code);
        jsErrCode jerr = 0;
        NATS_CHECK(js_Publish(NULL, js, subject, "junk", 4, NULL, &jerr));
        if (i % 100 == 9) { /* a lease nobody with the dealers' key wrote */
            uint64_t rev = 0;
            NATS_CHECK(kvStore_PutString(&rev, kv, code, "0123456789abcdef elsewhere 1"));
        }
    }
    assert_int_equal(rec_subjects(js, NULL, 0), 1001);
    same_game_and_record(&sp, &ng, url);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    /* Cleaned over a few scans, while the dealer answers at once. */
    char left[128] = "", want[64];
    snprintf(want, sizeof want, "tasca.rec.%s", ng.code);
    long long end = clock_now_ns() + 180 * 1000000000LL, worst = 0;
    int n;
    while ((n = rec_subjects(js, left, sizeof left)) > 1 && clock_now_ns() < end) {
        long long t0 = clock_now_ns();
        natsMsg *r = NULL;
        NATS_CHECK(natsConnection_Request(&r, nc, "tasca.dealers.stats", NULL, 0, 5000));
        natsMsg_Destroy(r);
        if (clock_now_ns() - t0 > worst)
            worst = clock_now_ns() - t0;
        nats_Sleep(250);
    }
    if (n != 1)
        fail_msg("%d record subjects are left (%s...)", n, left);
    assert_string_equal(left, want);
    if (worst > 3000000000LL)
        fail_msg("the dealer took %lld ms to answer while it cleaned", worst / 1000000);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    kvStore_Destroy(kv);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    net_close(&ng);
}

/* The stranger of test_lease_stranger: writes the table's lease every 0.2 s with values of
 * its own (no dealers' key), deletes it now and then. */
typedef struct {
    kvStore *kv;
    char code[WIRE_CODE];
    atomic_bool stop;
    atomic_int writes;
    const char *const *values;
    int n_values;
    pthread_t thread;
} Stranger;

static void *stranger_run(void *arg)
{
    Stranger *s = arg;
    for (int i = 0; !atomic_load(&s->stop); i++) {
        uint64_t rev = 0;
        if (i % 7 == 6)
            kvStore_Delete(s->kv, s->code);
        else
            kvStore_PutString(&rev, s->kv, s->code, s->values[i % s->n_values]);
        atomic_fetch_add(&s->writes, 1);
        nats_Sleep(200);
    }
    return NULL;
}

static bool stranger_wrote(const Stranger *s, const kvEntry *e)
{
    for (int i = 0; i < s->n_values; i++)
        if (kvEntry_ValueLen((kvEntry *)e) == (int)strlen(s->values[i]) &&
            memcmp(kvEntry_Value((kvEntry *)e), s->values[i], strlen(s->values[i])) == 0)
            return true;
    return false;
}

/* A stranger without the dealers' key writes a table's lease every 0.2 s (another owner,
 * garbage, a well-formed value with a made-up tag, a dealer's lease from two minutes ago)
 * and deletes it now and then, for the whole game: the dealer writes its own lease again over each, keeps the table, and the game
 * ends as the local one in its usual time. */
static void test_lease_stranger(void **state)
{
    (void)state;
    /* an open broker: a stranger writes the lease (test_net_broker_lease: refused when locked) */
    open_server = true;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 8701, 8702, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    steps_held(&ng, 2);
    char err[NET_ERR];
    natsConnection *nc = net_connect(url, NULL, "stranger", err, sizeof err);
    if (!nc)
        fail_msg("%s", err);
    jsCtx *js = NULL;
    static Stranger s;
    memset(&s, 0, sizeof s);
    NATS_CHECK(natsConnection_JetStream(&js, nc, NULL));
    NATS_CHECK(js_KeyValue(&s.kv, js, NET_LEASE_BUCKET));
    snprintf(s.code, sizeof s.code, "%s", ng.code);
    /* Another dealer's lease made two minutes ago (with the dealers' key), as a stranger who
     * kept it would write it again now: an old lease, no dealer's any more. */
    static char old[160];
    uint8_t rkey[SEAL_KEY];
    dealers_record_key(rkey);
    assert_true(net_lease_value(rkey, 0x0123456789abcdefULL, ng.code,
                                wall_now_ms() - 120000, old, sizeof old) > 0);
    static const char *values[] = {
        "0123456789abcdef elsewhere 1",
        "x",
        "0123456789abcdef 1700000000000 "
        "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
        old,
    };
    s.values = values;
    s.n_values = 4;
    pthread_create(&s.thread, NULL, stranger_run, &s);
    /* The dealer writes its lease back over the stranger's, again and again, and keeps the
     * table all along. */
    int back = 0;
    bool was_stranger = false;
    long long end = clock_now_ns() + 60 * 1000000000LL;
    while (back < 3 && clock_now_ns() < end) {
        assert_int_equal(dealer_tables(fix.dealer), 1);
        kvEntry *e = NULL;
        natsStatus g = kvStore_Get(&e, s.kv, ng.code);
        if (g == NATS_OK && !stranger_wrote(&s, e)) {
            if (was_stranger)
                back++;
            was_stranger = false;
        } else {
            was_stranger = true;
        }
        kvEntry_Destroy(e);
        nats_Sleep(20);
    }
    assert_true(back >= 3);
    long long t0 = clock_now_ns();
    steps_held(&ng, 1000);
    same_game_and_record(&sp, &ng, url);
    long long took = clock_now_ns() - t0;
    assert_true(atomic_load(&s.writes) > 15);
    atomic_store(&s.stop, true);
    pthread_join(s.thread, NULL);
    if (took > 30 * 1000000000LL)
        fail_msg("the game took %lld ms under the stranger's writes", took / 1000000);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    kvStore_Destroy(s.kv);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    net_close(&ng);
}

/* The window is a client too: `tasca --join` killed with -9 mid-hand shows away; started
 * again from the same preference folder (its keys) it takes its seat back, while a window
 * with other keys cannot take that seat. */
static void noop_view(void *user, NetClient *c, const MsgView *v)
{
    (void)user, (void)c, (void)v;
}

static pid_t spawn_window_as(const char *url, const char *code, const char *home,
                             const char *log, const char *name)
{
    if (!tasca_bin)
        fail_msg("this case needs the tasca binary's path as its second argument");
    setenv("XDG_DATA_HOME", home, 1);
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    setenv("TASCA_RENDERER", "software", 1);
    setenv("TASCA_NO_AUDIO", "1", 1);
    char *argv[] = {(char *)tasca_bin, "--server", (char *)url, "--join", (char *)code,
                    "--name", (char *)name, "--speed", "instant", NULL};
    char err[256];
    pid_t pid = natsfix_spawn(argv, log, err, sizeof err);
    if (pid <= 0)
        fail_msg("the window: %s", err);
    return pid;
}

static pid_t spawn_window(const char *url, const char *code, const char *home, const char *log)
{
    return spawn_window_as(url, code, home, log, "Bruno");
}

static void test_window_kill(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    char err[NET_ERR], code[WIRE_CODE];
    NetClient *ana = net_client_new(url, NULL, "Ana", err, sizeof err);
    assert_non_null(ana);
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 2, .seed = 5, .away_seconds = 60};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    assert_null(net_client_create(ana, &spec, code));
    int seat;
    assert_null(net_client_join(ana, code, 0, noop_view, NULL, &seat));
    Lobby l;
    lobby_watch(&l, url, code);
    char home[700], other[700], log[700];
    snprintf(home, sizeof home, "%s/window-home", natsfix_store(fix.server));
    snprintf(other, sizeof other, "%s/other-home", natsfix_store(fix.server));
    snprintf(log, sizeof log, "%s/window-%d.log", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (int)getpid());
    mkdir(home, 0700);
    mkdir(other, 0700);
    pid_t w = spawn_window(url, code, home, log);
    int i = lobby_wait(&l, 0, 1, WSTATE_PLAYER, 60);
    assert_string_equal(l.t[i].seats[1].name, "Bruno");
    uint32_t seq = l.t[i].seq;
    natsfix_child_kill(w, SIGKILL);
    assert_true(natsfix_child_wait(w, test_ms(30000), NULL));
    i = lobby_wait(&l, i + 1, 1, WSTATE_AWAY, 60);
    /* Another window, other keys: the seat is not free, it stays away. */
    pid_t o = spawn_window(url, code, other, log);
    nats_Sleep(test_ms(3000));
    MsgTable now;
    assert_true(net_lobby_table(net_client_conn(ana), NULL, code, &now, natsfix_answer_ms()));
    assert_int_equal(now.seats[1].state, WSTATE_AWAY);
    natsfix_child_kill(o, SIGKILL);
    natsfix_child_wait(o, test_ms(30000), NULL);
    /* The same folder: its keys take the seat back, nothing was played meanwhile. */
    w = spawn_window(url, code, home, log);
    i = lobby_wait(&l, i + 1, 1, WSTATE_PLAYER, 60);
    assert_string_equal(l.t[i].seats[1].name, "Bruno");
    assert_int_equal(l.t[i].seq, seq);
    natsfix_child_kill(w, SIGTERM);
    natsfix_child_wait(w, test_ms(30000), NULL);
    lobby_close(&l);
    net_client_free(ana);
}

/* ---- fair deals (deal.h) ---- */

/* What seat `seat` sees once the local game of sp->seed has been dealt (and at which step). */
static void predict_deal(const Spec *sp, int seat, uint8_t *view, uint32_t *seq)
{
    const GameRules *g = registry_find(sp->game);
    GameOptions opt;
    rules_default_options(g, &opt);
    SeatSpec seats[RULES_MAX_PLAYERS] = {{0}};
    char err[MATCH_ERR];
    Match *m = match_create(g, &opt, sp->n, seats, sp->seed, err, sizeof err);
    assert_non_null(m);
    match_play_chance(m);
    g->observe(m->state, seat, view);
    *seq = (uint32_t)m->history_len;
    match_free(m);
}

/* Seat s's view once it has been dealt its cards (step `seq`); fails after 60 s. */
static void dealt_view(NetGame *ng, int s, uint32_t seq, uint8_t *view)
{
    pthread_mutex_lock(&ng->lock);
    while (!ng->have[s] || ng->seq[s] < seq) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += 60;
        if (pthread_cond_timedwait(&ng->cond, &ng->lock, &ts) != 0) {
            pthread_mutex_unlock(&ng->lock);
            fail_msg("seat %d was never dealt its cards", s);
        }
    }
    assert_int_equal((int)ng->seq[s], (int)seq); /* nobody moved: seat 0 leads, and waits */
    memcpy(view, ng->view[s], ng->g->state_size);
    pthread_mutex_unlock(&ng->lock);
}

/* The attack of a table's creator that chooses the seed: it rebuilds the game locally and
 * predicts the other seat's hand. At a fixed table of its own (both seats its keys) the
 * prediction is exact, which shows the method works; at a table with another person the
 * seed it sent is ignored and the prediction is wrong. A stranger cannot sit at the fixed
 * table, the lobby marks it, and a person's client refuses to sit at one. */
static void test_chosen_seed(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    for (int fair = 0; fair < 2; fair++) {
        Spec sp = {"bisca", 2, {DIFF_RANDOM, DIFF_RANDOM}, 4242 + 7 * (uint64_t)fair, 5, 0};
        fair_tables = fair;
        NetGame ng;
        net_open(&ng, &sp, urls);
        uint32_t seq;
        uint8_t *want = malloc(ng.g->state_size), *got = malloc(ng.g->state_size);
        predict_deal(&sp, 1, want, &seq);
        dealt_view(&ng, 1, seq, got);
        MsgTable t;
        assert_true(net_lobby_table(net_client_conn(ng.cl[0]), NULL, ng.code, &t, 10000));
        if (!fair) {
            assert_memory_equal(got, want, ng.g->state_size); /* the creator knew every card */
            assert_true(t.fixed);
            char err[NET_ERR];
            NetClient *x = net_client_new(urls[0], NULL, "Stranger", err, sizeof err);
            assert_non_null(x);
            net_client_allow_fixed(x);
            int seat = -9;
            const char *why = net_client_join(x, ng.code, -1, noop_view, NULL, &seat);
            assert_non_null(why);
            assert_string_equal(why, "this table is its creator's own");
            net_client_free(x);
        } else {
            assert_memory_not_equal(got, want, ng.g->state_size);
            assert_false(t.fixed);
            char err[NET_ERR];
            NetClient *x = net_client_new(urls[0], NULL, "Stranger", err, sizeof err);
            assert_non_null(x);
            int seat = -9;
            const char *why = net_client_join(x, ng.code, 0, noop_view, NULL, &seat);
            assert_non_null(why);
            assert_string_equal(why, "that seat is taken");
            net_client_free(x);
        }
        free(want);
        free(got);
        net_close(&ng);
    }
    /* A person's client (no arena of its own) does not sit at a fixed table, even one that
     * names its key: it refuses, or (as its keys at a table are its own for that table,
     * which the creator cannot know) the dealer does. */
    char err[NET_ERR], code[WIRE_CODE];
    NetClient *a = net_client_new(urls[0], NULL, "Ana", err, sizeof err);
    NetClient *b = net_client_new(urls[0], NULL, "Bruno", err, sizeof err);
    assert_true(a && b);
    MsgCreate c = {.game = "bisca", .num_players = 2, .seed = 99, .own_seats = true};
    memcpy(c.seat_keys[0], net_client_keys(a)->sign_pk, WIRE_KEY);
    memcpy(c.seat_keys[1], net_client_keys(b)->sign_pk, WIRE_KEY);
    assert_null(net_client_create(a, &c, code));
    int seat = -9;
    const char *why = net_client_join(b, code, 1, noop_view, NULL, &seat);
    assert_non_null(why);
    assert_true(strcmp(why, "this table deals from its creator's own seed: it is not for people") == 0 ||
                strcmp(why, "this table is its creator's own") == 0);
    net_client_free(a);
    net_client_free(b);
}

/* Every seat's client of ng keeps its records of the deals in the scratch folder. */
static void keep_deals(NetGame *ng)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/deals", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    for (int s = 0; s < ng->sp.n; s++)
        if (ng->cl[s])
            net_client_keep_deals(ng->cl[s], dir);
}

/* Waits for the check of game `game` by every seat of ng; returns how many failed (with
 * their reasons on stderr). Each seat's client keeps its record of the game (keep_deals),
 * which must say the same when read back and checked again (`tasca verify`). */
static int deal_failures(NetGame *ng, unsigned game, const char *expect_in_reason)
{
    int failed = 0;
    for (int s = 0; s < ng->sp.n; s++) {
        if (!ng->cl[s])
            continue;
        char why[WIRE_REASON];
        NetDeal r = NET_DEAL_WAITING;
        for (int i = 0; i < test_count(6000) && (r = net_client_deal(ng->cl[s], game, why, sizeof why)) ==
                                        NET_DEAL_WAITING;
             i++)
            nats_Sleep(10);
        assert_int_not_equal(r, NET_DEAL_WAITING);
        assert_int_not_equal(r, NET_DEAL_FIXED);
        /* The seat's record of the game, kept by the client, tells the same again. */
        char path[600];
        assert_true(net_client_kept_deal(ng->cl[s], path, sizeof path));
        char want[64];
        snprintf(want, sizeof want, "/%s-g%u.tdeal", ng->code, game + 1);
        assert_non_null(strstr(path, want));
        size_t len;
        char err[200], again[WIRE_REASON];
        char *text = file_read_all(path, DEAL_RECORD_MAX, &len, err, sizeof err);
        assert_non_null(text);
        DealRecord rec;
        assert_true(deal_record_parse(text, len, &rec, err, sizeof err));
        free(text);
        assert_int_equal(rec.seat, s);
        assert_int_equal(deal_record_check(&rec, again, sizeof again) != NULL,
                         r == NET_DEAL_FAILED);
        deal_record_free(&rec);
        remove(path);
        if (r == NET_DEAL_FAILED) {
            fprintf(stderr, "seat %d, game %u: not verified: %s\n", s, game + 1, why);
            if (expect_in_reason)
                assert_non_null(strstr(why, expect_in_reason));
            failed++;
        }
    }
    return failed;
}

/* Fair tables: every seat checks, by itself, each game's deal against the commitment the
 * dealer made before the seats contributed. Truco with two people over two games at one
 * table (the second game's secret is the next link of the chain), and Bisca with three
 * people and a bot of the dealer's (which contributes nothing). */
static void test_deal_verified(void **state)
{
    (void)state;
    start_server();
    start_dealer(players_url());
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    fair_tables = true;
    Spec truco = {"truco", 2, {DIFF_MEDIUM, DIFF_EASY}, 1, 2, 0};
    NetGame ng;
    net_open(&ng, &truco, urls);
    keep_deals(&ng);
    while (net_step(&ng))
        ;
    assert_int_equal(deal_failures(&ng, 0, NULL), 0);
    for (int s = 0; s < 2; s++)
        assert_null(net_client_again(ng.cl[s]));
    wait_game(&ng, 1);
    while (net_step(&ng))
        ;
    assert_int_equal(deal_failures(&ng, 1, NULL), 0);
    net_close(&ng);

    Spec bisca = {"bisca", 4, {DIFF_EASY, DIFF_RANDOM, DIFF_MEDIUM, DIFF_EASY}, 3, 4, 1u << 2};
    net_open(&ng, &bisca, urls);
    keep_deals(&ng);
    while (net_step(&ng))
        ;
    assert_int_equal(deal_failures(&ng, 0, NULL), 0);
    net_close(&ng);
}

/* A dealer made to deal from another deck than the one it committed to: every seat finds
 * out, by itself, at the end of the game. */
static void test_deal_cheat(void **state)
{
    (void)state;
    start_server();
    cheat_deals = true;
    start_dealer(players_url());
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(players_url(), urls);
    fair_tables = true;
    Spec sp = {"bisca", 2, {DIFF_RANDOM, DIFF_MEDIUM}, 8, 9, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    keep_deals(&ng);
    while (net_step(&ng))
        ;
    assert_int_equal(deal_failures(&ng, 0, "committed deck"), 2);
    net_close(&ng);
}

/* ---- joins copied off the wire ---- */

typedef struct {
    natsConnection *nc;
    char subject[64];
    const uint8_t *data[2];
    int len[2];
    atomic_bool stop;
    atomic_int sent;
    pthread_t thread;
} Replayer;

static void *replayer_run(void *arg)
{
    Replayer *r = arg;
    while (!atomic_load(&r->stop)) {
        for (int k = 0; k < 2; k++)
            natsConnection_PublishRequest(r->nc, r->subject, "_INBOX.replayer", r->data[k],
                                          r->len[k]);
        atomic_fetch_add(&r->sent, 2);
        nats_Sleep(300);
    }
    return NULL;
}

/* The first news from `from` on with seat 1 stood in for, having shown it away and never
 * its player since `from`. */
static int stood_in_never_back(Lobby *l, int from)
{
    int b = lobby_wait(l, from, 1, WSTATE_STAND_IN, 60);
    pthread_mutex_lock(&l->lock);
    for (int i = from; i <= b; i++)
        assert_true(l->t[i].seats[1].state != WSTATE_PLAYER);
    pthread_mutex_unlock(&l->lock);
    return b;
}

/* Joins of seat 1 copied off the wire and sent again and again (on the landed code two such
 * joins held a gone player's seat for 45 s): an old join cannot change the seat back, and
 * no copied join keeps the seat present or holds its stand-in off, before and after the
 * dealer is started again (which has not seen them). */
static void test_join_replay(void **state)
{
    (void)state;
    /* an open broker: the attacker hears joins to copy them (test_net_broker_join_sub: refused
     * when locked) */
    open_server = true;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_EASY}, 7501, 7502, 0};
    stand.seats = 2;
    stand.away = 2;
    NetGame ng;
    net_open(&ng, &sp, urls);
    Lobby l;
    lobby_watch(&l, url, ng.code);
    char err[NET_ERR], why[WIRE_REASON + 32];
    Replayer r = {.nc = net_connect(url, NULL, "replayer", err, sizeof err)};
    assert_non_null(r.nc);
    Capture joins = {0};
    pthread_mutex_init(&joins.lock, NULL);
    natsSubscription *tap = NULL;
    snprintf(r.subject, sizeof r.subject, "tasca.t.%s.join", ng.code);
    assert_int_equal(natsConnection_Subscribe(&tap, r.nc, r.subject, on_any, &joins), NATS_OK);
    natsConnection_Flush(r.nc);
    for (int i = 0; i < 3; i++)
        assert_true(net_step(&ng));
    /* Seat 1 takes its seat again as it is (a join the tap hears), then comes back under
     * another name with the same keys: a join that changes the seat. */
    join(&ng, 1);
    drop_seat1(&ng);
    ng.cl[1] = net_client_new_keys(url, NULL, "Bea", &ng.keys[1], err, sizeof err);
    assert_non_null(ng.cl[1]);
    net_client_allow_fixed(ng.cl[1]);
    join(&ng, 1);
    natsConnection_Flush(r.nc);
    for (int i = 0; i < test_count(500); i++) {
        pthread_mutex_lock(&joins.lock);
        bool both = joins.n >= 2;
        pthread_mutex_unlock(&joins.lock);
        if (both)
            break;
        nats_Sleep(10);
    }
    natsSubscription_Unsubscribe(tap);
    natsSubscription_Destroy(tap);
    for (int k = 0; k < joins.n; k++) {
        WireMsg w;
        assert_null(wire_decode(joins.data[k], (size_t)joins.len[k] - 64, &w));
        int which = strcmp(w.u.join.name, "Bea") == 0; /* 0: the old name, 1: the new */
        r.data[which] = joins.data[k];
        r.len[which] = joins.len[k];
    }
    assert_true(r.data[0] && r.data[1]);
    /* The old join again: refused, the seat keeps its new name. */
    assert_non_null(refusal(r.nc, r.subject, r.data[0], r.len[0], why, sizeof why));
    assert_string_equal(why, "a join older than the seat's last (replayed)");
    MsgTable t;
    assert_true(net_lobby_table(r.nc, NULL, ng.code, &t, 10000));
    assert_string_equal(t.seats[1].name, "Bea");
    /* Seat 1's player goes; both joins are sent again every 0.3 s from then on. */
    pthread_mutex_lock(&l.lock);
    int from = l.n;
    pthread_mutex_unlock(&l.lock);
    drop_seat1(&ng);
    assert_int_equal(pthread_create(&r.thread, NULL, replayer_run, &r), 0);
    int b = stood_in_never_back(&l, from);
    /* A new dealer (the old one stopped): it has seen none of these joins. */
    dealer_stop(fix.dealer);
    pthread_mutex_lock(&l.lock);
    from = l.n;
    pthread_mutex_unlock(&l.lock);
    fix.dealer = new_dealer(url);
    b = stood_in_never_back(&l, from);
    atomic_store(&r.stop, true);
    pthread_join(r.thread, NULL);
    assert_true(atomic_load(&r.sent) > 10);
    print_message("join replay: %d joins sent again, seat 1 stood in for (news %d)\n",
                  atomic_load(&r.sent), b);
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq);
    for (int k = 0; k < joins.n; k++)
        free(joins.data[k]);
    free(joins.data);
    free(joins.len);
    free(joins.subject);
    natsConnection_Destroy(r.nc);
    lobby_close(&l);
    net_close(&ng);
}

/* ---- impostors: a rogue dealer, forged answers ---- */

/* A second dealer with keys of its own joins the dealers' queue (on an open broker anyone
 * can run `tasca serve`). Clients that pinned the real dealers' key make every table with
 * the real dealer and none with the impostor, and no table request fails. */
static void test_rogue_dealer(void **state)
{
    (void)state;
    /* an open broker: a second dealer with its own keys in the queue (test_net_broker_queue:
     * refused when locked) */
    open_server = true;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    char err[NET_ERR], rogue_store[600];
    snprintf(rogue_store, sizeof rogue_store, "%s/rogue", natsfix_store(fix.server));
    mkdir(rogue_store, 0700);
    DealerConfig rc = {.url = url, .store = rogue_store, .replicas = 1, .linger_seconds = 600};
    fix.dealer2 = dealer_start(&rc, err, sizeof err);
    if (!fix.dealer2)
        fail_msg("rogue: %s", err);
    uint8_t real[WIRE_KEY], rogue[WIRE_KEY];
    dealer_sign_key(fix.dealer, real);
    dealer_sign_key(fix.dealer2, rogue);
    assert_memory_not_equal(real, rogue, WIRE_KEY);
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 2, .away_seconds = 60};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    for (int i = 0; i < 12; i++) {
        NetClient *c = net_client_new(url, NULL, "Ana", err, sizeof err);
        assert_non_null(c);
        net_client_pin(c, real);
        char code[WIRE_CODE];
        const char *why = net_client_create(c, &spec, code);
        if (why)
            fail_msg("table %d: %s", i, why);
        int seat = -9;
        assert_null(net_client_join(c, code, 0, noop_view, NULL, &seat));
        assert_int_equal(seat, 0);
        net_client_free(c);
    }
    assert_int_equal(dealer_tables(fix.dealer), 12);
    assert_int_equal(dealer_tables(fix.dealer2), 0);
}

typedef struct {
    natsConnection *nc;
    natsSubscription *joins, *acts;
    SealKeys keys;
    char code[WIRE_CODE];
    atomic_int answered;
    atomic_bool stop;
    pthread_t thread;
} Forger2;

/* Answers a request at once, signed with the forger's own key as a dealer would sign. */
static void forge_answer(Forger2 *f, natsMsg *req, const WireMsg *m)
{
    uint8_t buf[WIRE_MAX + 64], h[SEAL_KEY];
    size_t n = wire_encode(m, buf, WIRE_MAX);
    seal_request_hash((const uint8_t *)natsMsg_GetData(req), (size_t)natsMsg_GetDataLength(req), h);
    seal_reply_sign(&f->keys, h, buf, n, buf + n);
    if (n && natsMsg_GetReply(req)) {
        natsConnection_Publish(f->nc, natsMsg_GetReply(req), buf, (int)(n + 64));
        atomic_fetch_add(&f->answered, 1);
    }
}

static void on_forge(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    Forger2 *f = closure;
    WireMsg m = {0};
    if (sub == f->joins) { /* "welcome, seat 0": its own keys as the dealer's */
        m.type = MSG_JOINED;
        m.u.joined.ok = true;
        memcpy(m.u.joined.dealer_sign, f->keys.sign_pk, WIRE_KEY);
        memcpy(m.u.joined.dealer_box, f->keys.box_pk, WIRE_KEY);
        memset(m.u.joined.commit, 7, WIRE_HASH);
    } else { /* "not your turn" */
        m.type = MSG_ACK;
        snprintf(m.u.ack.reason, sizeof m.u.ack.reason, "it is not this seat's turn");
    }
    forge_answer(f, msg, &m);
    natsMsg_Destroy(msg);
}

/* Lobby news of the table that says it is over, won by "Mallory", every 50 ms. */
static void *forge_lobby(void *arg)
{
    Forger2 *f = arg;
    while (!atomic_load(&f->stop)) {
        WireMsg m = {.type = MSG_TABLE};
        snprintf(m.u.table.code, sizeof m.u.table.code, "%s", f->code);
        snprintf(m.u.table.game, sizeof m.u.table.game, "bisca");
        m.u.table.num_players = 2;
        m.u.table.over = true;
        for (int s = 0; s < 2; s++) {
            m.u.table.seats[s].state = WSTATE_PLAYER;
            snprintf(m.u.table.seats[s].name, WIRE_NAME, "Mallory");
            m.u.table.result[s] = (int8_t)(s ? -1 : 1);
        }
        uint8_t buf[1024], h[SEAL_KEY];
        size_t n = wire_encode(&m, buf, sizeof buf - 64);
        seal_request_hash(NULL, 0, h);
        seal_reply_sign(&f->keys, h, buf, n, buf + n);
        char subject[64];
        snprintf(subject, sizeof subject, "tasca.lobby.%s", f->code);
        natsConnection_Publish(f->nc, subject, buf, (int)(n + 64));
        nats_Sleep(50);
    }
    return NULL;
}

/* A forger on the broker answers every join and every action of a table at once, before
 * the dealer can (on the landed code the first answer was believed): a join welcomed with
 * the forger's keys as the dealer's, every action refused as out of turn; and it sends lobby
 * news that the game is over. The seats believe none of it: they take their seats back, play
 * the game to the local result, and the table they know is the dealer's. */
static void test_forged_answers(void **state)
{
    (void)state;
    /* an open broker: forged answers in other clients' inboxes (test_net_broker_forge: refused
     * when locked) */
    open_server = true;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(url, urls);
    Spec sp = {"bisca", 2, {DIFF_EASY, DIFF_MEDIUM}, 7601, 7602, 0};
    NetGame ng;
    net_open(&ng, &sp, urls);
    char err[NET_ERR], subject[64];
    Forger2 f = {.nc = net_connect(url, NULL, "forger", err, sizeof err)};
    assert_non_null(f.nc);
    seal_keys_new(&f.keys);
    snprintf(f.code, sizeof f.code, "%s", ng.code);
    snprintf(subject, sizeof subject, "tasca.t.%s.join", ng.code);
    assert_int_equal(natsConnection_Subscribe(&f.joins, f.nc, subject, on_forge, &f), NATS_OK);
    snprintf(subject, sizeof subject, "tasca.t.%s.act", ng.code);
    assert_int_equal(natsConnection_Subscribe(&f.acts, f.nc, subject, on_forge, &f), NATS_OK);
    natsConnection_Flush(f.nc);
    assert_int_equal(pthread_create(&f.thread, NULL, forge_lobby, &f), 0);
    for (int s = 0; s < 2; s++)
        join(&ng, s); /* answered first by the forger, then by the dealer */
    double ret[RULES_MAX_PLAYERS];
    uint32_t seq;
    net_finish(&ng, ret, &seq); /* a forged "not your turn" believed would fail here */
    same_result(&sp, ret, seq);
    atomic_store(&f.stop, true);
    pthread_join(f.thread, NULL);
    assert_true(atomic_load(&f.answered) > 10);
    for (int s = 0; s < 2; s++) {
        MsgTable t;
        assert_true(net_client_table(ng.cl[s], &t));
        assert_string_equal(t.seats[0].name, "Seat 1");
        assert_string_equal(t.seats[1].name, "Seat 2");
    }
    print_message("forged answers: %d, none believed\n", atomic_load(&f.answered));
    natsSubscription_Unsubscribe(f.joins);
    natsSubscription_Unsubscribe(f.acts);
    natsSubscription_Destroy(f.joins);
    natsSubscription_Destroy(f.acts);
    natsConnection_Destroy(f.nc);
    net_close(&ng);
}

/* ---- two windows, one profile ---- */

/* Two windows started from the same preference folder join one four-player table (as
 * README's two-windows example does): each is a player of its own, with keys, seat and name
 * of its own (on the landed code the second took the first one's seat back with the same
 * keys and renamed it), and neither window's name is written over the other's. */
static void test_two_windows(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    char err[NET_ERR], code[WIRE_CODE];
    NetClient *ana = net_client_new(url, NULL, "Ana", err, sizeof err);
    assert_non_null(ana);
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 4, .away_seconds = 60};
    spec.seats[3] = (WireSeatSpec){WSEAT_BOT, DIFF_MEDIUM};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    assert_null(net_client_create(ana, &spec, code));
    int seat;
    assert_null(net_client_join(ana, code, 0, noop_view, NULL, &seat));
    Lobby l;
    lobby_watch(&l, url, code);
    char home[700], log[700];
    snprintf(home, sizeof home, "%s/one-profile", natsfix_store(fix.server));
    snprintf(log, sizeof log, "%s/windows-%d.log", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (int)getpid());
    mkdir(home, 0700);
    pid_t w1 = spawn_window_as(url, code, home, log, "Bruno");
    int i = lobby_wait(&l, 0, 1, WSTATE_PLAYER, 60);
    assert_string_equal(l.t[i].seats[1].name, "Bruno");
    pid_t w2 = spawn_window_as(url, code, home, log, "Carla");
    i = lobby_wait(&l, i, 2, WSTATE_PLAYER, 60);
    assert_string_equal(l.t[i].seats[2].name, "Carla");
    assert_string_equal(l.t[i].seats[1].name, "Bruno");
    assert_int_equal(l.t[i].seats[1].state, WSTATE_PLAYER);
    /* the table then begins: every seat was taken once */
    /* Both windows' names are in the profile's settings, each under its own key. */
    char path[900];
    snprintf(path, sizeof path, "%s/tasca/tasca/settings.ini", home);
    bool both = false;
    for (int k = 0; k < test_count(200) && !both; k++) {
        size_t len = 0;
        char *text = file_read_all(path, 1 << 20, &len, err, sizeof err);
        both = text && strstr(text, "online.name = Bruno") && strstr(text, "online.name.2 = Carla");
        free(text);
        if (!both)
            nats_Sleep(50);
    }
    assert_true(both);
    natsfix_child_kill(w1, SIGTERM);
    natsfix_child_kill(w2, SIGTERM);
    natsfix_child_wait(w1, 5000, NULL);
    natsfix_child_wait(w2, 5000, NULL);
    lobby_close(&l);
    net_client_free(ana);
}

/* A player is another key at every table (nothing on the broker links two tables' seats to
 * one person), and the same key again at the same table (its seat comes back to it after a
 * restart): the keys of a table are made from the player's own keys and the table's code. */
static void test_table_keys(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    char err[NET_ERR], code[2][WIRE_CODE];
    NetClient *host = net_client_new(url, NULL, "Host", err, sizeof err);
    assert_non_null(host);
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 2, .away_seconds = 60};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    for (int k = 0; k < 2; k++)
        assert_null(net_client_create(host, &spec, code[k]));
    SealKeys mine;
    seal_keys_new(&mine);
    uint8_t at[2][WIRE_KEY];
    for (int k = 0; k < 2; k++) {
        NetClient *c = net_client_new_keys(url, NULL, "Bea", &mine, err, sizeof err);
        assert_non_null(c);
        int seat = -9;
        assert_null(net_client_join(c, code[k], 1, noop_view, NULL, &seat));
        assert_int_equal(seat, 1);
        memcpy(at[k], net_client_keys(c)->sign_pk, WIRE_KEY);
        assert_memory_not_equal(at[k], mine.sign_pk, WIRE_KEY);
        net_client_free(c);
    }
    assert_memory_not_equal(at[0], at[1], WIRE_KEY);
    /* The same player keys, another process: the same seat at the first table again. */
    NetClient *c = net_client_new_keys(url, NULL, "Bea", &mine, err, sizeof err);
    int seat = -9;
    assert_null(net_client_join(c, code[0], -1, noop_view, NULL, &seat));
    assert_int_equal(seat, 1);
    assert_memory_equal(net_client_keys(c)->sign_pk, at[0], WIRE_KEY);
    net_client_free(c);
    net_client_free(host);
}

/* A join request for `code` as `keys` would make it, with `proof` for a private table. */
static size_t raw_join(const SealKeys *keys, const char *code, const uint8_t proof[WIRE_HASH],
                       uint8_t *out)
{
    WireMsg m = {.type = MSG_JOIN};
    snprintf(m.u.join.code, sizeof m.u.join.code, "%s", code);
    m.u.join.seat = -1;
    snprintf(m.u.join.name, sizeof m.u.join.name, "Mallory");
    memcpy(m.u.join.sign_key, keys->sign_pk, WIRE_KEY);
    memcpy(m.u.join.box_key, keys->box_pk, WIRE_KEY);
    m.u.join.stamp = 1;
    if (proof)
        memcpy(m.u.join.invite_proof, proof, WIRE_HASH);
    size_t n = wire_encode(&m, out, 1024);
    seal_sign(keys, out, n, out + n);
    return n + 64;
}

/* Private tables by invitation: a table made unlisted is in no lobby list and sends no news
 * anyone can read; to a join without its invitation (a code guessed or seen on the broker),
 * or with a proof copied off the wire for another key, the dealer does not answer at all,
 * exactly as for a code nobody deals; the friend with the invitation sits down, and the
 * invitation string carries the server, the table and the secret. */
static void test_private_table(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    char err[NET_ERR], code[WIRE_CODE];
    NetClient *ana = net_client_new(url, NULL, "Ana", err, sizeof err);
    assert_non_null(ana);
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 2, .away_seconds = 60, .unlisted = true};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    invite_new(spec.invite);
    natsConnection *spy = net_connect(url, NULL, "spy", err, sizeof err);
    assert_non_null(spy);
    Capture news = {0};
    pthread_mutex_init(&news.lock, NULL);
    natsSubscription *lob = NULL;
    assert_int_equal(natsConnection_Subscribe(&lob, spy, "tasca.lobby.>", on_any, &news), NATS_OK);
    natsConnection_Flush(spy);
    assert_null(net_client_create(ana, &spec, code));
    int seat = -9;
    assert_null(net_client_join(ana, code, 0, noop_view, NULL, &seat));
    /* The invitation, as the window shows it. */
    char inv[INVITE_MAX], u2[600], c2[WIRE_CODE];
    uint8_t s2[WIRE_HASH];
    int at = -9;
    assert_true(invite_format(url, code, -1, spec.invite, inv, sizeof inv));
    assert_true(invite_parse(inv, u2, sizeof u2, c2, &at, s2));
    assert_string_equal(u2, url);
    assert_string_equal(c2, code);
    assert_int_equal(at, -1);
    assert_memory_equal(s2, spec.invite, WIRE_HASH);
    /* Not in the lobby's list. */
    MsgTable t;
    assert_false(net_lobby_table(spy, NULL, code, &t, 1500));
    /* A stranger's join without the invitation, and one with the proof a friend's join
     * carried (made for the friend's key): no answer, as for a code nobody deals. */
    SealKeys stranger, friend_keys;
    seal_keys_new(&stranger);
    seal_keys_new(&friend_keys);
    uint8_t req[1200], proof[WIRE_HASH];
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.join", code);
    natsMsg *r = NULL;
    size_t n = raw_join(&stranger, code, NULL, req);
    assert_int_not_equal(natsConnection_Request(&r, spy, subject, req, (int)n, 1500), NATS_OK);
    invite_proof(spec.invite, code, friend_keys.sign_pk, proof);
    n = raw_join(&stranger, code, proof, req);
    assert_int_not_equal(natsConnection_Request(&r, spy, subject, req, (int)n, 1500), NATS_OK);
    assert_int_not_equal(natsConnection_Request(&r, spy, "tasca.t.QQQQQQ.join", req, (int)n, 1500),
                         NATS_OK);
    /* The friend with the invitation sits down; the table's news reach the seated. */
    NetClient *bea = net_client_new(url, NULL, "Bea", err, sizeof err);
    assert_non_null(bea);
    net_client_invite(bea, c2, s2);
    seat = -9;
    assert_null(net_client_join(bea, code, -1, noop_view, NULL, &seat));
    assert_int_equal(seat, 1);
    bool named = false;
    for (int i = 0; i < test_count(500) && !named; i++) {
        named = net_client_table(ana, &t) && strcmp(t.seats[1].name, "Bea") == 0;
        if (!named)
            nats_Sleep(10);
    }
    assert_true(named);
    /* Whatever went on tasca.lobby.> for it, nobody without the invitation could read. */
    natsConnection_Flush(spy);
    nats_Sleep(200);
    pthread_mutex_lock(&news.lock);
    int mine = 0;
    for (int i = 0; i < news.n; i++) {
        if (!strstr(news.subject[i], code))
            continue;
        mine++;
        assert_false(net_lobby_entry(NULL, news.data[i], (size_t)news.len[i], &t));
        for (int k = 0; k + 3 <= news.len[i]; k++)
            assert_false(memcmp(news.data[i] + k, "Bea", 3) == 0);
    }
    pthread_mutex_unlock(&news.lock);
    assert_true(mine > 0);
    for (int i = 0; i < news.n; i++)
        free(news.data[i]);
    free(news.data);
    free(news.len);
    free(news.subject);
    natsSubscription_Unsubscribe(lob);
    natsSubscription_Destroy(lob);
    natsConnection_Destroy(spy);
    net_client_free(bea);
    net_client_free(ana);
}

/* Seats kept each for one friend (MsgCreate.kept, invite.h): a four-seat private Bisca of
 * Ana's with seat 2 kept for Bruno and seat 4 for Carla (seat 3 a dealer's bot). Carla's
 * invitation opens her seat only: asking for Bruno's with it is refused, and asked for any
 * seat it sits her at her own; a proof made with her seat's secret for another key, or with
 * a secret for a seat that is not kept, gets no answer. Bruno's invitation sits him at his
 * seat, and both read the table's news. Without kept seats (test_private_table) one
 * invitation opens any free seat, which is what a friend could use to take another's. */
static void test_kept_seat(void **state)
{
    (void)state;
    start_server();
    const char *url = players_url();
    start_dealer(url);
    char err[NET_ERR], code[WIRE_CODE];
    NetClient *ana = net_client_new(url, NULL, "Ana", err, sizeof err);
    assert_non_null(ana);
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 4, .away_seconds = 60, .unlisted = true,
                      .kept = 1u << 1 | 1u << 3};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    spec.seats[2] = (WireSeatSpec){WSEAT_BOT, DIFF_EASY};
    invite_new(spec.invite);
    /* A kept seat must be one for a person. */
    MsgCreate bad = spec;
    bad.kept |= 1u << 2;
    assert_non_null(net_client_create(ana, &bad, code));
    assert_null(net_client_create(ana, &spec, code));
    int seat = -9;
    assert_null(net_client_join(ana, code, 0, noop_view, NULL, &seat));
    assert_int_equal(seat, 0);
    /* The invitations, as the window gives them: each names its seat. */
    uint8_t for_bruno[WIRE_HASH], for_carla[WIRE_HASH], back[WIRE_HASH];
    invite_for_seat(spec.invite, 1, for_bruno);
    invite_for_seat(spec.invite, 3, for_carla);
    assert_memory_not_equal(for_bruno, for_carla, WIRE_HASH);
    assert_memory_not_equal(for_bruno, spec.invite, WIRE_HASH);
    char inv[INVITE_MAX], u2[600], c2[WIRE_CODE];
    int at = -9;
    assert_true(invite_format(url, code, 3, for_carla, inv, sizeof inv));
    assert_non_null(strstr(inv, ".4#"));
    assert_true(invite_parse(inv, u2, sizeof u2, c2, &at, back));
    assert_string_equal(c2, code);
    assert_int_equal(at, 3);
    assert_memory_equal(back, for_carla, WIRE_HASH);
    /* No seat past the table's most, none numbered 0, and a code of 7 with its seat. */
    char odd[INVITE_MAX];
    snprintf(odd, sizeof odd, "%s", inv);
    strstr(odd, ".4#")[1] = '5';
    assert_false(invite_parse(odd, u2, sizeof u2, c2, &at, back));
    strstr(odd, ".5#")[1] = '0';
    assert_false(invite_parse(odd, u2, sizeof u2, c2, &at, back));
    assert_true(invite_format(url, "ABCDEFG", 1, for_bruno, odd, sizeof odd));
    assert_true(invite_parse(odd, u2, sizeof u2, c2, &at, back));
    assert_string_equal(c2, "ABCDEFG");
    assert_int_equal(at, 1);
    /* Carla asks for Bruno's seat with her invitation: refused, and it stays open. */
    NetClient *carla = net_client_new(url, NULL, "Carla", err, sizeof err);
    assert_non_null(carla);
    net_client_invite(carla, code, for_carla);
    seat = -9;
    const char *why = net_client_join(carla, code, 1, noop_view, NULL, &seat);
    assert_non_null(why);
    assert_string_equal(why, "this invitation is for another seat");
    /* A stranger's proof made with a kept seat's secret for another key, or with the secret
     * of a seat that is not kept: no answer at all. */
    NetClient *spy_client = net_client_new(url, NULL, "spy", err, sizeof err);
    natsConnection *spy = net_client_conn(spy_client);
    SealKeys stranger, friend_keys;
    seal_keys_new(&stranger);
    seal_keys_new(&friend_keys);
    uint8_t req[1200], proof[WIRE_HASH], other[WIRE_HASH];
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.join", code);
    natsMsg *r = NULL;
    invite_proof(for_carla, code, friend_keys.sign_pk, proof);
    size_t n = raw_join(&stranger, code, proof, req);
    assert_int_not_equal(natsConnection_Request(&r, spy, subject, req, (int)n, 1500), NATS_OK);
    invite_for_seat(spec.invite, 2, other); /* the bot's seat: not kept */
    invite_proof(other, code, stranger.sign_pk, proof);
    n = raw_join(&stranger, code, proof, req);
    assert_int_not_equal(natsConnection_Request(&r, spy, subject, req, (int)n, 1500), NATS_OK);
    /* Asked for any seat, Carla's invitation sits her at her own. */
    seat = -9;
    assert_null(net_client_join(carla, code, -1, noop_view, NULL, &seat));
    assert_int_equal(seat, 3);
    /* Bruno's sits him at his, and both read the table's news (its names). */
    NetClient *bruno = net_client_new(url, NULL, "Bruno", err, sizeof err);
    assert_non_null(bruno);
    net_client_invite(bruno, code, for_bruno);
    seat = -9;
    assert_null(net_client_join(bruno, code, 1, noop_view, NULL, &seat));
    assert_int_equal(seat, 1);
    MsgTable t;
    bool named = false;
    for (int i = 0; i < test_count(500) && !named; i++) {
        named = net_client_table(carla, &t) && strcmp(t.seats[1].name, "Bruno") == 0 &&
                net_client_table(bruno, &t) && strcmp(t.seats[3].name, "Carla") == 0;
        if (!named)
            nats_Sleep(10);
    }
    assert_true(named);
    net_client_free(spy_client);
    net_client_free(bruno);
    net_client_free(carla);
    net_client_free(ana);
}

/* ---- The broker's configuration (src/net/brokerconf.c) ----
 * Each attack runs twice: first on an open server (nats-server -js with no users, as Tasca
 * ran it before it had a configuration), where it must work, so the test is seen to catch
 * it; then on a server started with Tasca's configuration, where the attacker connects with
 * the players' credentials and the server must refuse it. */

typedef struct {
    natsConnection *nc;
    atomic_int denied; /* permission violations the server reported to this connection */
} Attacker;

static void on_attacker_error(natsConnection *nc, natsSubscription *sub, natsStatus err,
                              void *closure)
{
    (void)nc;
    (void)sub;
    if (err == NATS_NOT_PERMITTED)
        atomic_fetch_add(&((Attacker *)closure)->denied, 1);
}

/* A player's connection (the players' URL, with their password on a locked server). */
static void attacker_connect(Attacker *a)
{
    memset(a, 0, sizeof *a);
    natsOptions *o = NULL;
    NATS_CHECK(natsOptions_Create(&o));
    NATS_CHECK(natsOptions_SetURL(o, natsfix_player_url(fix.server)));
    NATS_CHECK(natsOptions_SetErrorHandler(o, on_attacker_error, a));
    NATS_CHECK(natsOptions_SetMaxReconnect(o, 0));
    natsStatus st = natsConnection_Connect(&a->nc, o);
    natsOptions_Destroy(o);
    if (st != NATS_OK)
        fail_msg("the player's connection: %s", natsStatus_GetText(st));
}

/* Whether the server refused something of the attacker's since it connected (the -ERR
 * comes after a flush's round trip); its words are printed. */
static bool attacker_refused(Attacker *a)
{
    natsConnection_Flush(a->nc);
    for (int i = 0; i < 50 && !atomic_load(&a->denied); i++)
        nats_Sleep(10);
    const char *text = NULL;
    natsStatus st = natsConnection_GetLastError(a->nc, &text);
    if (st != NATS_OK)
        print_message("the server said: %s\n", text ? text : natsStatus_GetText(st));
    return atomic_load(&a->denied) > 0 && st == NATS_NOT_PERMITTED;
}

static void attacker_close(Attacker *a)
{
    natsConnection_Destroy(a->nc);
    a->nc = NULL;
}

static void broker_server(bool locked)
{
    char err[256];
    NatsFixOptions o = {.locked = locked};
    fix.server = natsfix_start(&o, err, sizeof err);
    if (!fix.server)
        fail_msg("%s", err);
    print_message("---- %s server\n", locked ? "a locked (Tasca's configuration)" : "an open");
}

/* A table of Ana's (a player's client, the players' credentials), her seat taken. */
static NetClient *broker_table(char code[WIRE_CODE])
{
    char err[NET_ERR];
    NetClient *c = net_client_new(natsfix_player_url(fix.server), NULL, "Ana", err, sizeof err);
    if (!c)
        fail_msg("Ana: %s", err);
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 2, .away_seconds = 60};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    const char *why = net_client_create(c, &spec, code);
    if (why)
        fail_msg("create: %s", why);
    int seat = -9;
    assert_null(net_client_join(c, code, 0, noop_view, NULL, &seat));
    return c;
}

/* The dealer's view of the store, through the dealer's credentials. */
static jsCtx *dealer_js(natsConnection **nc)
{
    char err[NET_ERR];
    *nc = net_connect(natsfix_url(fix.server), natsfix_creds(fix.server, true), "observer", err,
                      sizeof err);
    if (!*nc)
        fail_msg("%s", err);
    jsCtx *js = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, *nc, NULL));
    return js;
}

/* The number of the last message on a subject of the record stream, and whether it is
 * `junk`. */
static uint64_t last_on(jsCtx *js, const char *subject, const char *junk, bool *is_junk)
{
    natsMsg *m = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_GetLastMsg(&m, js, NET_STREAM, subject, NULL, &jerr));
    uint64_t seq = natsMsg_GetSequence(m);
    *is_junk = natsMsg_GetDataLength(m) == (int)strlen(junk) &&
               memcmp(natsMsg_GetData(m), junk, strlen(junk)) == 0;
    natsMsg_Destroy(m);
    return seq;
}

/* A player appends to a live table's record (tasca.rec.<code>). */
static bool attack_rec(bool locked)
{
    broker_server(locked);
    start_dealer(players_url());
    char code[WIRE_CODE], subject[64];
    NetClient *ana = broker_table(code);
    snprintf(subject, sizeof subject, "tasca.rec.%s", code);
    natsConnection *dnc = NULL;
    jsCtx *js = dealer_js(&dnc);
    bool junk = false;
    uint64_t before = last_on(js, subject, "poison", &junk);
    Attacker a;
    attacker_connect(&a);
    NATS_CHECK(natsConnection_PublishString(a.nc, subject, "poison"));
    bool refused = attacker_refused(&a);
    nats_Sleep(200);
    uint64_t after = last_on(js, subject, "poison", &junk);
    print_message("record of %s: last entry %llu, then %llu%s; refused: %d\n", code,
                  (unsigned long long)before, (unsigned long long)after,
                  junk ? " (the attacker's)" : "", refused);
    bool worked = after > before && junk;
    assert_true(worked != refused);
    attacker_close(&a);
    jsCtx_Destroy(js);
    natsConnection_Destroy(dnc);
    net_client_free(ana);
    return worked;
}

/* A player writes a live table's lease ($KV.TASCA_LEASE.<code>). */
static bool attack_lease(bool locked)
{
    broker_server(locked);
    start_dealer(players_url());
    char code[WIRE_CODE], subject[64];
    NetClient *ana = broker_table(code);
    snprintf(subject, sizeof subject, "$KV.%s.%s", NET_LEASE_BUCKET, code);
    natsConnection *dnc = NULL;
    jsCtx *js = dealer_js(&dnc);
    kvStore *kv = NULL;
    NATS_CHECK(js_KeyValue(&kv, js, NET_LEASE_BUCKET));
    Attacker a;
    attacker_connect(&a);
    /* The stranger's value: the store's acknowledgement says it was written (the dealer
     * writes its own over it soon after, test_net_lease_stranger, and the bucket keeps one
     * value a key: the history may already have lost it). */
    const char *forged = "0123456789abcdef 1 mallory";
    natsMsg *ack = NULL;
    natsStatus st = natsConnection_RequestString(&ack, a.nc, subject, forged, 1000);
    bool stored = st == NATS_OK && strstr(natsMsg_GetData(ack), "\"KV_" NET_LEASE_BUCKET "\"") &&
                  !strstr(natsMsg_GetData(ack), "\"error\"");
    print_message("the store's answer: %s %.100s\n", natsStatus_GetText(st),
                  ack ? natsMsg_GetData(ack) : "");
    natsMsg_Destroy(ack);
    bool refused = attacker_refused(&a);
    bool worked = stored;
    kvWatcher *w = NULL;
    kvWatchOptions wo;
    kvWatchOptions_Init(&wo);
    wo.IncludeHistory = true;
    wo.IgnoreDeletes = true;
    NATS_CHECK(kvStore_Watch(&w, kv, code, &wo));
    kvEntry *e = NULL;
    while (kvWatcher_Next(&e, w, 1000) == NATS_OK) {
        if (!e)
            break; /* the history is all there */
        worked |= kvEntry_ValueLen(e) == (int)strlen(forged) &&
                  memcmp(kvEntry_Value(e), forged, strlen(forged)) == 0;
        kvEntry_Destroy(e);
    }
    kvWatcher_Destroy(w);
    print_message("lease of %s written by the attacker: %d (acknowledged %d); refused: %d\n", code,
                  worked, stored, refused);
    assert_true(worked != refused);
    attacker_close(&a);
    kvStore_Destroy(kv);
    jsCtx_Destroy(js);
    natsConnection_Destroy(dnc);
    net_client_free(ana);
    return worked;
}

/* A player asks JetStream's API about the record stream (and so could purge or delete it). */
static bool attack_jsapi(bool locked)
{
    broker_server(locked);
    start_dealer(players_url());
    Attacker a;
    attacker_connect(&a);
    natsMsg *reply = NULL;
    natsStatus st =
        natsConnection_RequestString(&reply, a.nc, "$JS.API.STREAM.INFO." NET_STREAM, "", 1000);
    bool worked = st == NATS_OK && strstr(natsMsg_GetData(reply), "\"" NET_STREAM "\"") &&
                  !strstr(natsMsg_GetData(reply), "\"error\"");
    print_message("stream info: %s %.80s\n", natsStatus_GetText(st),
                  reply ? natsMsg_GetData(reply) : "");
    natsMsg_Destroy(reply);
    bool refused = attacker_refused(&a);
    assert_true(worked != refused);
    attacker_close(&a);
    return worked;
}

static atomic_int stolen; /* requests the impostor in the dealers' queue received */

static void on_stolen(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    (void)closure;
    atomic_fetch_add(&stolen, 1);
    natsMsg_Destroy(msg);
}

/* A player joins the dealers' queue (tasca.dealers.create, group tasca-dealers) and takes
 * its share of the table requests. */
static bool attack_queue(bool locked)
{
    broker_server(locked);
    start_dealer(players_url());
    Attacker a;
    attacker_connect(&a);
    atomic_store(&stolen, 0);
    natsSubscription *sub = NULL;
    NATS_CHECK(natsConnection_QueueSubscribe(&sub, a.nc, "tasca.dealers.create", NET_QUEUE,
                                             on_stolen, NULL));
    bool refused = attacker_refused(&a);
    /* An impostor that keeps quiet about the requests it takes makes them fail (the
     * client waits for an answer signed by the dealers' key). */
    const GameRules *g = registry_find("bisca");
    MsgCreate spec = {.game = "bisca", .num_players = 2, .away_seconds = 60};
    spec.n_options = (uint8_t)g->n_options;
    GameOptions opt;
    rules_default_options(g, &opt);
    memcpy(spec.options, opt.v, sizeof spec.options);
    char err[NET_ERR];
    int failed = 0;
    for (int i = 0; i < 12; i++) { /* a new player each time: within the limits per player */
        NetClient *c = net_client_new(natsfix_player_url(fix.server), NULL, "Ana", err, sizeof err);
        assert_non_null(c);
        char code[WIRE_CODE];
        failed += net_client_create(c, &spec, code) != NULL;
        net_client_free(c);
    }
    int got = atomic_load(&stolen);
    print_message("the impostor got %d table requests, %d of 12 failed; refused: %d; the dealer "
                  "holds %d tables\n",
                  got, failed, refused, dealer_tables(fix.dealer));
    bool worked = got > 0;
    assert_true(worked != refused);
    if (refused) {
        assert_int_equal(failed, 0);
        assert_int_equal(dealer_tables(fix.dealer), 12);
    }
    natsSubscription_Destroy(sub);
    attacker_close(&a);
    return worked;
}

static atomic_int joins_seen;

static void on_join_seen(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    (void)closure;
    atomic_fetch_add(&joins_seen, 1);
    natsMsg_Destroy(msg);
}

/* A player listens to every table's joins (tasca.t.*.join), to copy them off the wire. */
static bool attack_join_sub(bool locked)
{
    broker_server(locked);
    start_dealer(players_url());
    Attacker a;
    attacker_connect(&a);
    atomic_store(&joins_seen, 0);
    natsSubscription *sub = NULL;
    NATS_CHECK(natsConnection_Subscribe(&sub, a.nc, "tasca.t.*.join", on_join_seen, NULL));
    bool refused = attacker_refused(&a);
    char code[WIRE_CODE];
    NetClient *ana = broker_table(code);
    nats_Sleep(200);
    int seen = atomic_load(&joins_seen);
    print_message("joins the listener saw: %d; refused: %d\n", seen, refused);
    bool worked = seen > 0;
    assert_true(worked != refused);
    natsSubscription_Destroy(sub);
    attacker_close(&a);
    net_client_free(ana);
    return worked;
}

static atomic_int forged_seen;

static void on_forged(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    (void)closure;
    if (natsMsg_GetDataLength(msg) == 6 && memcmp(natsMsg_GetData(msg), "forged", 6) == 0)
        atomic_fetch_add(&forged_seen, 1); /* not the dealer's own news */
    natsMsg_Destroy(msg);
}

/* A player publishes as the dealer would: lobby news of a table, a seat's view, an answer in
 * someone's inbox. A listener with the dealer's rights counts what arrives. */
static bool attack_forge(bool locked)
{
    broker_server(locked);
    start_dealer(players_url());
    char code[WIRE_CODE], lobby[64], view[64];
    NetClient *ana = broker_table(code);
    snprintf(lobby, sizeof lobby, "tasca.lobby.%s", code);
    snprintf(view, sizeof view, "tasca.t.%s.v.0", code);
    const char *inbox = "_INBOX.forged";
    char err[NET_ERR];
    natsConnection *ear = net_connect(natsfix_url(fix.server), natsfix_creds(fix.server, true),
                                      "listener", err, sizeof err);
    assert_non_null(ear);
    natsSubscription *subs[3] = {NULL};
    const char *subjects[3] = {lobby, view, inbox};
    atomic_store(&forged_seen, 0);
    for (int i = 0; i < 3; i++)
        NATS_CHECK(natsConnection_Subscribe(&subs[i], ear, subjects[i], on_forged, NULL));
    NATS_CHECK(natsConnection_Flush(ear));
    Attacker a;
    attacker_connect(&a);
    for (int i = 0; i < 3; i++)
        NATS_CHECK(natsConnection_PublishString(a.nc, subjects[i], "forged"));
    bool refused = attacker_refused(&a);
    nats_Sleep(200);
    int seen = atomic_load(&forged_seen);
    print_message("forged messages delivered: %d of 3; refused: %d (violations %d)\n", seen,
                  refused, atomic_load(&a.denied));
    bool worked = seen == 3;
    assert_true(worked != refused);
    if (refused) {
        assert_int_equal(seen, 0);
        assert_int_equal(atomic_load(&a.denied), 3);
    }
    for (int i = 0; i < 3; i++)
        natsSubscription_Destroy(subs[i]);
    natsConnection_Destroy(ear);
    attacker_close(&a);
    net_client_free(ana);
    return worked;
}

static void on_open_and_locked(bool (*attack)(bool locked))
{
    assert_true(attack(false)); /* it works on an open server */
    teardown(NULL);
    assert_false(attack(true)); /* and is refused with the configuration */
}

static void test_broker_rec(void **state)
{
    (void)state;
    on_open_and_locked(attack_rec);
}

static void test_broker_lease(void **state)
{
    (void)state;
    on_open_and_locked(attack_lease);
}

static void test_broker_jsapi(void **state)
{
    (void)state;
    on_open_and_locked(attack_jsapi);
}

static void test_broker_queue(void **state)
{
    (void)state;
    on_open_and_locked(attack_queue);
}

static void test_broker_join_sub(void **state)
{
    (void)state;
    on_open_and_locked(attack_join_sub);
}

static void test_broker_forge(void **state)
{
    (void)state;
    on_open_and_locked(attack_forge);
}

/* With the configuration, the game itself: two players' clients (the players' credentials)
 * and the dealer (its own) play a whole game to the local game's end, and the server
 * refused nobody anything (its log has no violation). */
static void test_broker_game(void **state)
{
    (void)state;
    broker_server(true);
    start_dealer(players_url());
    const char *urls[RULES_MAX_PLAYERS];
    urls_all(natsfix_player_url(fix.server), urls);
    Spec specs2[] = {{"bisca", 2, {DIFF_RANDOM, DIFF_MEDIUM}, 31, 32, 0},
                     {"truco", 2, {DIFF_MEDIUM, DIFF_EASY}, 21, 22, 0}};
    for (size_t i = 0; i < sizeof specs2 / sizeof *specs2; i++) {
        NetGame ng;
        net_open(&ng, &specs2[i], urls);
        double ret[RULES_MAX_PLAYERS];
        uint32_t seq;
        net_finish(&ng, ret, &seq);
        same_result(&specs2[i], ret, seq);
        net_close(&ng);
    }
    /* Nothing the dealer or a player does in a game is refused. */
    size_t len = 0;
    char err[256];
    char *log = file_read_all(natsfix_log(fix.server), 1 << 24, &len, err, sizeof err);
    assert_non_null(log);
    const char *v = strstr(log, "Violation");
    if (v) {
        const char *line = v;
        while (line > log && line[-1] != '\n')
            line--;
        fail_msg("the server refused something: %.*s", (int)strcspn(line, "\n"), line);
    }
    free(log);
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "";
    tasca_bin = argc > 2 ? argv[2] : getenv("TASCA_BIN");
    signal(SIGPIPE, SIG_IGN);
    net_global_delivery(2);
    const struct CMUnitTest all[] = {
        cmocka_unit_test_teardown(test_equivalence, teardown),
        cmocka_unit_test_teardown(test_dealer_bots, teardown),
        cmocka_unit_test_teardown(test_eavesdrop, teardown),
        cmocka_unit_test_teardown(test_hostile, teardown),
        cmocka_unit_test_teardown(test_burst, teardown),
        cmocka_unit_test_teardown(test_client_drop, teardown),
        cmocka_unit_test_teardown(test_dealer_kill, teardown),
        cmocka_unit_test_teardown(test_again, teardown),
        cmocka_unit_test_teardown(test_beats_idle, teardown),
        cmocka_unit_test_teardown(test_view_again, teardown),
        cmocka_unit_test_teardown(test_nats_kill, teardown),
        cmocka_unit_test_teardown(test_nats_away, teardown),
        cmocka_unit_test_teardown(test_cluster, teardown),
        cmocka_unit_test_teardown(test_standin, teardown),
        cmocka_unit_test_teardown(test_standin_return, teardown),
        cmocka_unit_test_teardown(test_standin_kill, teardown),
        cmocka_unit_test_teardown(test_standin_never, teardown),
        cmocka_unit_test_teardown(test_shared, teardown),
        cmocka_unit_test_teardown(test_takeover, teardown),
        cmocka_unit_test_teardown(test_lease_lost, teardown),
        cmocka_unit_test_teardown(test_fence, teardown),
        cmocka_unit_test_teardown(test_rec_junk, teardown),
        cmocka_unit_test_teardown(test_junk_subjects, teardown),
        cmocka_unit_test_teardown(test_lease_stranger, teardown),
        cmocka_unit_test_teardown(test_window_kill, teardown),
        cmocka_unit_test_teardown(test_chosen_seed, teardown),
        cmocka_unit_test_teardown(test_deal_verified, teardown),
        cmocka_unit_test_teardown(test_deal_cheat, teardown),
        cmocka_unit_test_teardown(test_join_replay, teardown),
        cmocka_unit_test_teardown(test_rogue_dealer, teardown),
        cmocka_unit_test_teardown(test_forged_answers, teardown),
        cmocka_unit_test_teardown(test_two_windows, teardown),
        cmocka_unit_test_teardown(test_table_keys, teardown),
        cmocka_unit_test_teardown(test_private_table, teardown),
        cmocka_unit_test_teardown(test_kept_seat, teardown),
        cmocka_unit_test_teardown(test_broker_rec, teardown),
        cmocka_unit_test_teardown(test_broker_lease, teardown),
        cmocka_unit_test_teardown(test_broker_jsapi, teardown),
        cmocka_unit_test_teardown(test_broker_queue, teardown),
        cmocka_unit_test_teardown(test_broker_join_sub, teardown),
        cmocka_unit_test_teardown(test_broker_forge, teardown),
        cmocka_unit_test_teardown(test_broker_game, teardown),
    };
    const char *names[] = {"equivalence", "dealer_bots", "eavesdrop",  "hostile", "burst", "client_drop",
                           "dealer_kill", "again", "beats_idle", "view_again", "nats_kill", "nats_away", "cluster", "standin", "standin_return",
                           "standin_kill", "standin_never", "shared", "takeover",
                           "lease_lost", "fence", "rec_junk", "junk_subjects", "lease_stranger",
                           "window_kill", "chosen_seed", "deal_verified", "deal_cheat",
                           "join_replay", "rogue_dealer", "forged_answers", "two_windows",
                           "table_keys", "private_table", "kept_seat", "broker_rec", "broker_lease",
                           "broker_jsapi", "broker_queue", "broker_join_sub", "broker_forge",
                           "broker_game"};
    _Static_assert(sizeof names / sizeof *names == sizeof all / sizeof *all, "a name per case");
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (strcmp(which, names[i]) == 0)
            return _cmocka_run_group_tests(names[i], &all[i], 1, NULL, NULL);
    fprintf(stderr, "usage: test_net CASE [tasca binary]; cases:");
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        fprintf(stderr, " %s", names[i]);
    fprintf(stderr, "\n");
    return 2;
}
