/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca bench-online: many tables at once on one dealer, every seat a Random bot that is a
 * client of its own, to measure the dealer and the network rather than the bots. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fileio.h"
#include "../net/net.h"
#include "cli.h"

typedef struct Bench Bench;

typedef struct {
    Bench *b;
    NetClient *cl[RULES_MAX_PLAYERS];
    int n;
    pthread_mutex_t lock;
    uint32_t seen[RULES_MAX_PLAYERS]; /* each seat's latest view */
    uint32_t acted[RULES_MAX_PLAYERS];
    long long t0;     /* the timed action's send time, 0: none */
    uint32_t target;  /* its resulting view */
    /* Every seat has sat down (the dealer refuses moves before): until then each seat's
     * latest view waits here, and the seat to move plays from it once all are seated. */
    bool seated;
    uint8_t *waiting[RULES_MAX_PLAYERS];
    uint32_t waiting_at[RULES_MAX_PLAYERS];
    bool over;
    uint64_t games;
    /* Play again (the default): the table's game as last seen, and the seats that asked
     * for the next one. */
    uint16_t game_no;
    bool asked[RULES_MAX_PLAYERS];
} BTable;

typedef struct Job {
    struct Job *next;
    BTable *t;
    int seat;
    uint32_t at;
    uint8_t *view;
    long long due; /* when the seat acts (ns): its view's arrival plus the think time */
} Job;

struct Bench {
    const GameRules *rules;
    int n;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    Job *head, *tail;
    bool stop, measuring;
    long long think_ns; /* how long a seat waits before it acts, as a person would */
    double *lat;
    long long n_lat, cap_lat;
    long long actions;
    long long games;
    double live_sum; /* tables with a game under way, summed over the samples */
    int live_n;
    bool again;             /* a finished table plays again (false: a new table each game) */
    int share;              /* seats per connection (1: each seat its own) */
    natsConnection **conns; /* the shared connections (share > 1) */
};

static void job_push(Bench *b, Job *j)
{
    j->due = clock_now_ns() + b->think_ns;
    pthread_mutex_lock(&b->lock);
    if (b->tail)
        b->tail->next = j;
    else
        b->head = j;
    b->tail = j;
    pthread_cond_signal(&b->cond);
    pthread_mutex_unlock(&b->lock);
}

static void lat_push(Bench *b, double ms)
{
    pthread_mutex_lock(&b->lock);
    if (b->measuring) {
        if (b->n_lat == b->cap_lat) {
            long long cap = b->cap_lat ? b->cap_lat * 2 : 4096;
            double *p = realloc(b->lat, (size_t)cap * sizeof *p);
            if (p) {
                b->lat = p;
                b->cap_lat = cap;
            }
        }
        if (b->n_lat < b->cap_lat)
            b->lat[b->n_lat++] = ms;
        b->actions++;
    }
    pthread_mutex_unlock(&b->lock);
}

/* A view arrives: time the action it answers, and queue the seat's move if it is due. */
static void on_view(void *user, NetClient *c, const MsgView *v)
{
    (void)c;
    BTable *t = user;
    Bench *b = t->b;
    if (v->seat < 0 || v->seat >= t->n || v->view_len != b->rules->state_size)
        return;
    int p = b->rules->current_player(v->view);
    pthread_mutex_lock(&t->lock);
    if (v->game_no < t->game_no) { /* a late view of the game before */
        pthread_mutex_unlock(&t->lock);
        return;
    }
    if (v->game_no > t->game_no) { /* the next game at the same table: steps from 0 again */
        t->game_no = v->game_no;
        memset(t->seen, 0, sizeof t->seen);
        memset(t->acted, 0, sizeof t->acted);
        memset(t->asked, 0, sizeof t->asked);
        t->t0 = 0;
        t->over = false;
    }
    if (v->seq > t->seen[v->seat])
        t->seen[v->seat] = v->seq;
    double ms = -1;
    bool all = t->t0 != 0;
    for (int s = 0; all && s < t->n; s++)
        all = t->seen[s] >= t->target;
    if (all) {
        ms = (double)(clock_now_ns() - t->t0) / 1e6;
        t->t0 = 0;
    }
    /* Once per view, once every seat is taken. */
    bool due = p == v->seat && t->acted[v->seat] != v->seq + 1 && t->seated;
    if (due)
        t->acted[v->seat] = v->seq + 1;
    if (!t->seated && (t->waiting[v->seat] || (t->waiting[v->seat] = malloc(v->view_len)))) {
        memcpy(t->waiting[v->seat], v->view, v->view_len);
        t->waiting_at[v->seat] = v->seq;
    }
    if (p == PLAYER_TERMINAL && !t->over) {
        t->over = true;
        pthread_mutex_lock(&b->lock);
        b->games += b->measuring;
        pthread_mutex_unlock(&b->lock);
    }
    /* Over: each seat asks to play again once (the dealer deals when all four have). */
    bool ask = b->again && p == PLAYER_TERMINAL && !t->asked[v->seat];
    if (ask)
        t->asked[v->seat] = true;
    pthread_mutex_unlock(&t->lock);
    if (ask)
        net_client_act_async(t->cl[v->seat], WIRE_ACTION_AGAIN, v->seq);
    if (ms >= 0)
        lat_push(b, ms);
    if (due) {
        Job *j = calloc(1, sizeof *j);
        if (j && (j->view = malloc(v->view_len))) {
            memcpy(j->view, v->view, v->view_len);
            j->t = t;
            j->seat = v->seat;
            j->at = v->seq;
            job_push(b, j);
        } else {
            free(j);
        }
    }
}

/* The seats' waiting views once all have sat down: the seat to move plays. */
static void seated(BTable *t)
{
    Bench *b = t->b;
    pthread_mutex_lock(&t->lock);
    t->seated = true;
    for (int s = 0; s < t->n; s++) {
        uint8_t *v = t->waiting[s];
        t->waiting[s] = NULL;
        if (!v)
            continue;
        uint32_t at = t->waiting_at[s];
        if (b->rules->current_player(v) != s || t->acted[s] == at + 1 || t->seen[s] > at) {
            free(v);
            continue;
        }
        t->acted[s] = at + 1;
        Job *j = calloc(1, sizeof *j);
        if (!j) {
            free(v);
            continue;
        }
        *j = (Job){.t = t, .seat = s, .at = at, .view = v};
        job_push(b, j);
    }
    pthread_mutex_unlock(&t->lock);
}

static void *bot_worker(void *arg)
{
    Bench *b = arg;
    Rng rng;
    rng_seed(&rng, (uint64_t)(uintptr_t)arg ^ (uint64_t)clock_now_ns());
    for (;;) {
        pthread_mutex_lock(&b->lock);
        /* The queue is in arrival order, which is the order the jobs fall due in. */
        while (!b->stop && (!b->head || b->head->due > clock_now_ns())) {
            if (!b->head) {
                pthread_cond_wait(&b->cond, &b->lock);
            } else {
                struct timespec ts;
                net_deadline_in(&ts, (int)((b->head->due - clock_now_ns()) / 1000000) + 1);
                pthread_cond_timedwait(&b->cond, &b->lock, &ts);
            }
        }
        if (b->stop) {
            pthread_mutex_unlock(&b->lock);
            return NULL;
        }
        Job *j = b->head;
        b->head = j->next;
        if (!b->head)
            b->tail = NULL;
        pthread_mutex_unlock(&b->lock);
        Action a = bot_decide_view(b->rules, DIFF_RANDOM, j->view, j->seat, &rng, NULL);
        BTable *t = j->t;
        pthread_mutex_lock(&t->lock);
        t->t0 = clock_now_ns();
        t->target = j->at + 1;
        pthread_mutex_unlock(&t->lock);
        net_client_act_async(t->cl[j->seat], a, j->at);
        free(j->view);
        free(j);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A new game at table t (after the last one ended): a new table of the dealer's, the same
 * clients (keys and connections) sitting down again. */
static const char *seat_table(BTable *t, const MsgCreate *spec)
{
    char code[WIRE_CODE];
    const char *why = net_client_create(t->cl[0], spec, code);
    pthread_mutex_lock(&t->lock);
    memset(t->seen, 0, sizeof t->seen);
    memset(t->acted, 0, sizeof t->acted);
    t->t0 = 0;
    t->over = false;
    t->seated = false;
    t->game_no = 0;
    memset(t->asked, 0, sizeof t->asked);
    for (int s = 0; s < t->n; s++) {
        free(t->waiting[s]);
        t->waiting[s] = NULL;
    }
    pthread_mutex_unlock(&t->lock);
    for (int s = 0; !why && s < t->n; s++) {
        int seat;
        why = net_client_join(t->cl[s], code, s, on_view, t, &seat);
    }
    if (!why)
        seated(t);
    return why;
}

#define SEATERS 8

typedef struct {
    Bench *b;
    BTable *ts;
    int tables, r;
    const MsgCreate *spec;
    const char *url, *creds;
    long long end;
    char err[NET_ERR];
    const char *why;
} Seater;

/* Tables r, r + SEATERS, ...: their clients connect and sit down. */
static void *seat_first(void *arg)
{
    Seater *st = arg;
    for (int i = st->r; i < st->tables && !st->why; i += SEATERS) {
        BTable *t = &st->ts[i];
        t->b = st->b;
        t->n = st->b->n;
        pthread_mutex_init(&t->lock, NULL);
        for (int s = 0; s < t->n && !st->why; s++) {
            char name[WIRE_NAME];
            snprintf(name, sizeof name, "random %d.%d", i + 1, s + 1);
            Bench *b = st->b;
            t->cl[s] = b->share > 1 ? net_client_on(b->conns[(i * t->n + s) / b->share], name,
                                                    st->err, sizeof st->err)
                                    : net_client_new(st->url, st->creds, name, st->err,
                                                     sizeof st->err);
            if (!t->cl[s])
                st->why = st->err;
        }
        if (!st->why)
            st->why = seat_table(t, st->spec);
    }
    return NULL;
}

/* Until the end: a table whose game is over gets a new one. */
static void *seat_again(void *arg)
{
    Seater *st = arg;
    while (clock_now_ns() < st->end && !st->why) {
        nats_Sleep(20);
        if (st->r == 0) { /* how many tables are really in play (not waiting for a new game) */
            int live = 0;
            for (int i = 0; i < st->tables; i++) {
                pthread_mutex_lock(&st->ts[i].lock);
                live += !st->ts[i].over;
                pthread_mutex_unlock(&st->ts[i].lock);
            }
            st->b->live_sum += live;
            st->b->live_n++;
        }
        for (int i = st->r; i < st->tables && clock_now_ns() < st->end && !st->why;
             i += SEATERS) {
            pthread_mutex_lock(&st->ts[i].lock);
            bool over = st->ts[i].over && !st->b->again; /* else it plays again by itself */
            pthread_mutex_unlock(&st->ts[i].lock);
            if (over)
                st->why = seat_table(&st->ts[i], st->spec);
        }
    }
    return NULL;
}

static const char *run_seaters(Seater *st, void *(*fn)(void *))
{
    pthread_t th[SEATERS];
    for (int r = 0; r < SEATERS; r++)
        pthread_create(&th[r], NULL, fn, &st[r]);
    const char *why = NULL;
    for (int r = 0; r < SEATERS; r++) {
        pthread_join(th[r], NULL);
        if (st[r].why && !why)
            why = st[r].why;
    }
    return why;
}

static void usage(void)
{
    printf("Usage: tasca bench-online --nats URL --tables N --seconds S [--game ID]\n"
           "                          [--option KEY=VALUE]... [--think MS] [--creds FILE]\n"
           "                          [--share K] [--new-tables] [--json]\n"
           "Plays N tables at once on the dealer ('tasca serve') of URL, every seat a Random\n"
           "bot connected as its own client; prints actions/s, the round trip from an\n"
           "action to every seat holding its view (p50, p99) and the dealer's memory.\n"
           "Default game: bisca with 4 players. --think: a seat acts MS milliseconds after\n"
           "its view comes, as a person would (default 0: at once, the most the dealer\n"
           "can take); the round trip is timed from the action's sending either way.\n"
           "A finished table plays again (every seat asks); --new-tables seats each game at\n"
           "a new table instead. --share K: K seats per NATS connection (default 1, every\n"
           "seat its own); each seat keeps its own keys, join and session either way.\n");
}

static bool dealer_stats(natsConnection *nc, long *rss_kb, int *tables)
{
    natsMsg *r = NULL;
    if (natsConnection_Request(&r, nc, "tasca.dealers.stats", NULL, 0, 3000) != NATS_OK)
        return false;
    char text[200];
    snprintf(text, sizeof text, "%.*s", natsMsg_GetDataLength(r), natsMsg_GetData(r));
    natsMsg_Destroy(r);
    return sscanf(text, "{\"tables\":%d,\"rss_kb\":%ld", tables, rss_kb) == 2;
}

int cli_bench_online(int argc, char **argv)
{
    const char *cmd = "bench-online", *v, *url = NULL, *creds = NULL;
    int tables = 0, seconds = 0, think = 0, n_opts = 0, share = 1;
    bool json = false, again = true;
    const GameRules *rules = NULL;
    const char *opts[RULES_MAX_OPTIONS];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (strcmp(a, "--new-tables") == 0) {
            again = false;
        } else if (strcmp(a, "--share") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 1, 100000, &share))
                return 2;
        } else if (strcmp(a, "--nats") == 0 || strcmp(a, "--creds") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            *(a[2] == 'n' ? &url : &creds) = v;
        } else if (strcmp(a, "--tables") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 1, 100000, &tables))
                return 2;
        } else if (strcmp(a, "--seconds") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 1, 86400, &seconds))
                return 2;
        } else if (strcmp(a, "--think") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 0, 600000, &think))
                return 2;
        } else if (strcmp(a, "--option") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            if (n_opts == RULES_MAX_OPTIONS) {
                fprintf(stderr, "tasca bench-online: too many --option\n");
                return 2;
            }
            opts[n_opts++] = v;
        } else if (strcmp(a, "--game") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !(rules = cli_find_game(cmd, v)))
                return 2;
        } else {
            fprintf(stderr, "tasca bench-online: unknown argument '%s'\n", a);
            return 2;
        }
    }
    if (!url || !tables || !seconds) {
        fprintf(stderr, "tasca bench-online: --nats, --tables and --seconds are required\n");
        return 2;
    }
    if (!rules)
        rules = cli_find_game(cmd, "bisca");
    Bench b = {.rules = rules, .n = rules->max_players, .think_ns = think * 1000000LL,
               .again = again, .share = share};
    pthread_mutex_init(&b.lock, NULL);
    pthread_cond_init(&b.cond, NULL);
    net_global_delivery(4);
    char err[NET_ERR];
    natsConnection *nc = net_connect(url, creds, "tasca bench", err, sizeof err);
    long rss0 = 0, rss1 = 0;
    int t0n = 0, t1n = 0;
    if (!nc || !dealer_stats(nc, &rss0, &t0n)) {
        fprintf(stderr, "tasca bench-online: %s\n", nc ? "no dealer answers on this URL" : err);
        return 1;
    }
    MsgCreate spec = {.num_players = (uint8_t)b.n, .away_seconds = 60};
    snprintf(spec.game, sizeof spec.game, "%s", rules->id);
    GameOptions opt;
    rules_default_options(rules, &opt);
    for (int i = 0; i < n_opts; i++) {
        char buf[160];
        const char *bad = rules_parse_option(rules, &opt, opts[i], buf, sizeof buf);
        if (bad) {
            fprintf(stderr, "tasca bench-online: %s\n", bad);
            return 2;
        }
    }
    spec.n_options = (uint8_t)rules->n_options;
    for (int i = 0; i < rules->n_options; i++)
        spec.options[i] = opt.v[i];
    pthread_t workers[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&workers[i], NULL, bot_worker, &b);
    BTable *ts = calloc((size_t)tables, sizeof *ts);
    int n_conns = share > 1 ? (tables * b.n + share - 1) / share : tables * b.n;
    if (share > 1) {
        b.conns = calloc((size_t)n_conns, sizeof *b.conns);
        for (int i = 0; i < n_conns; i++)
            if (!(b.conns[i] = net_connect(url, creds, "tasca bench seats", err, sizeof err))) {
                fprintf(stderr, "tasca bench-online: %s\n", err);
                return 1;
            }
    }
    printf("bench-online: %s, %d players, %d tables, %d clients on %d connections, think %d "
           "ms, %s...\n",
           rules->name, b.n, tables, tables * b.n, n_conns, think,
           again ? "each table plays again" : "a new table for each game");
    fflush(stdout);
    /* Seating runs on several threads: a table's set-up is a few round trips, and a
     * thousand of them one after another would measure the bench, not the dealer. */
    Seater seaters[SEATERS];
    for (int r = 0; r < SEATERS; r++)
        seaters[r] = (Seater){.b = &b, .ts = ts, .tables = tables, .r = r, .spec = &spec,
                              .url = url, .creds = creds};
    long long setup0 = clock_now_ns();
    const char *why = run_seaters(seaters, seat_first);
    if (why) {
        fprintf(stderr, "tasca bench-online: %s\n", why);
        return 1;
    }
    double setup = (double)(clock_now_ns() - setup0) / 1e9;
    long rss_seated = 0;
    int t_seated = 0;
    dealer_stats(nc, &rss_seated, &t_seated);
    pthread_mutex_lock(&b.lock);
    b.measuring = true;
    pthread_mutex_unlock(&b.lock);
    long long start = clock_now_ns();
    for (int r = 0; r < SEATERS; r++)
        seaters[r].end = start + (long long)seconds * 1000000000LL;
    /* Tables whose game ended are dealt again until the time is up. */
    why = run_seaters(seaters, seat_again);
    pthread_mutex_lock(&b.lock);
    b.measuring = false;
    long long actions = b.actions, games = b.games, n_lat = b.n_lat;
    pthread_mutex_unlock(&b.lock);
    double wall = (double)(clock_now_ns() - start) / 1e9;
    dealer_stats(nc, &rss1, &t1n);
    qsort(b.lat, (size_t)n_lat, sizeof *b.lat, cmp_double);
    double p50 = n_lat ? b.lat[(n_lat - 1) / 2] : 0,
           p99 = n_lat ? b.lat[(long long)ceil(0.99 * (double)n_lat) - 1] : 0;
    int refused = 0;
    char reason[WIRE_REASON] = "";
    for (int i = 0; i < tables; i++)
        for (int s = 0; s < b.n; s++)
            refused += ts[i].cl[s] ? net_client_refused(ts[i].cl[s], reason, sizeof reason) : 0;
    printf("set-up %.1f s; %.1f s measured: %lld actions (%.0f actions/s), %lld games ended\n",
           setup, wall, actions, (double)actions / wall, games);
    printf("round trip, action sent -> every seat holds its view: p50 %.2f ms, p99 %.2f ms\n",
           p50, p99);
    double live = b.live_n ? b.live_sum / b.live_n : 0,
           per_table = t_seated > t0n ? (double)(rss_seated - rss0) / (t_seated - t0n) : 0;
    printf("tables in play while measured: %.0f on average (the others between two games)\n",
           live);
    printf("dealer: RSS %ld kB with %d tables seated (%.1f kB a table over the %ld kB it "
           "started with); %ld kB with %d at the end\n",
           rss_seated, t_seated, per_table, rss0, rss1, t1n);
    if (why)
        printf("stopped early: %s\n", why);
    if (refused)
        printf("%d actions refused by the dealer (last: %s): this is a defect\n", refused,
               reason);
    if (json)
        printf("{\"game\":\"%s\",\"tables\":%d,\"think_ms\":%d,\"seconds\":%.2f,\"actions\":%lld,"
               "\"actions_per_s\":%.1f,\"p50_ms\":%.3f,\"p99_ms\":%.3f,\"live_tables\":%.1f,"
               "\"dealer_tables\":%d,\"dealer_rss_kb\":%ld,\"rss_kb_per_table\":%.2f,"
               "\"refused\":%d,\"share\":%d,\"again\":%s}\n",
               rules->id, tables, think, wall, actions, (double)actions / wall, p50, p99, live, t_seated,
               rss_seated, per_table, refused, share, again ? "true" : "false");
    fflush(stdout);
    pthread_mutex_lock(&b.lock);
    b.stop = true;
    pthread_cond_broadcast(&b.cond);
    pthread_mutex_unlock(&b.lock);
    /* Shared connections closed first: the clients' subscriptions then go at once instead of
     * draining one round trip at a time. */
    for (int i = 0; b.conns && i < n_conns; i++)
        natsConnection_Close(b.conns[i]);
    for (int i = 0; i < 4; i++)
        pthread_join(workers[i], NULL);
    for (int i = 0; i < tables; i++)
        for (int s = 0; s < b.n; s++) {
            net_client_free(ts[i].cl[s]);
            free(ts[i].waiting[s]);
        }
    free(ts);
    for (int i = 0; b.conns && i < n_conns; i++)
        natsConnection_Destroy(b.conns[i]);
    free(b.conns);
    free(b.lat);
    natsConnection_Destroy(nc);
    return why || refused ? 1 : 0;
}
