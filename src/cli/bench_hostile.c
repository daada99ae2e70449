/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca bench-hostile: the hostile load of issue 38, beside `tasca bench-online` (the
 * person-paced tables whose round trips are measured): junk on made-up record subjects
 * (an open broker lets anyone publish there), a flood of table requests (each from a new
 * key, and as many again from one key), tables of bots only, and a seated player changing
 * its name as fast as it can. Each runs on a thread of its own, at the rates given, for the
 * time given; what was sent and what the dealer refused is printed at the end. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "../core/fileio.h"
#include "../engine/registry.h"
#include "../net/net.h"
#include "cli.h"

typedef struct {
    const char *url, *creds;
    long long start, end; /* ns, clock_now_ns */
    int junk_first, junk_rate, creates, bot_tables, renames;
    atomic_llong junk, made, refused_create, bots, renamed, refused_rename;
    char refusal[NET_ERR]; /* the last refusal of a create, for the report */
    pthread_mutex_t lock;
} Hostile;

/* Sleeps until `due` (ns) or the end; false once the end has come. */
static bool pace(const Hostile *h, long long due)
{
    long long now = clock_now_ns();
    if (now >= h->end)
        return false;
    if (due > now)
        nats_Sleep((due - now) / 1000000 + 1);
    return clock_now_ns() < h->end;
}

static bool wait_start(const Hostile *h)
{
    return pace(h, h->start);
}

static natsConnection *connect_or_say(const Hostile *h, const char *name)
{
    char err[NET_ERR];
    natsConnection *nc = net_connect(h->url, h->creds, name, err, sizeof err);
    if (!nc)
        fprintf(stderr, "tasca bench-hostile: %s: %s\n", name, err);
    return nc;
}

/* 4 bytes on tasca.rec.<a made-up code>: junk_first at once, then junk_rate a second. */
static void *junk_run(void *arg)
{
    Hostile *h = arg;
    natsConnection *nc = connect_or_say(h, "junk");
    if (!nc || !wait_start(h)) {
        natsConnection_Destroy(nc);
        return NULL;
    }
    long long due = clock_now_ns();
    for (long long k = 0;; k++) {
        if (k >= h->junk_first) {
            if (!h->junk_rate)
                break;
            due += 1000000000LL / h->junk_rate;
            if (!pace(h, due))
                break;
        }
        char code[WIRE_CODE], subject[64];
        wire_code_make(seal_random64(), code);
        snprintf(subject, sizeof subject, "tasca.rec.%s", code);
        if (natsConnection_Publish(nc, subject, "junk", 4) == NATS_OK)
            atomic_fetch_add(&h->junk, 1);
    }
    natsConnection_Flush(nc);
    natsConnection_Destroy(nc);
    return NULL;
}

static void bisca_spec(MsgCreate *spec, int n, bool bots)
{
    const GameRules *g = registry_find("bisca");
    memset(spec, 0, sizeof *spec);
    snprintf(spec->game, sizeof spec->game, "bisca");
    spec->num_players = (uint8_t)n;
    spec->away_seconds = 60;
    GameOptions opt;
    rules_default_options(g, &opt);
    spec->n_options = (uint8_t)g->n_options;
    memcpy(spec->options, opt.v, sizeof spec->options);
    for (int s = 0; bots && s < n; s++)
        spec->seats[s] = (WireSeatSpec){WSEAT_BOT, DIFF_RANDOM};
}

static void count_create(Hostile *h, const char *why)
{
    if (!why) {
        atomic_fetch_add(&h->made, 1);
        return;
    }
    atomic_fetch_add(&h->refused_create, 1);
    pthread_mutex_lock(&h->lock);
    snprintf(h->refusal, sizeof h->refusal, "%s", why);
    pthread_mutex_unlock(&h->lock);
}

/* `creates` table requests a second, every other one from a new key (a new client to the
 * dealer's limits) and the others from one key (which the dealer soon refuses). */
static void *flood_run(void *arg)
{
    Hostile *h = arg;
    natsConnection *nc = connect_or_say(h, "flood");
    char err[NET_ERR];
    NetClient *same = nc ? net_client_on(nc, "flood", err, sizeof err) : NULL;
    if (!same || !wait_start(h)) {
        net_client_free(same);
        natsConnection_Destroy(nc);
        return NULL;
    }
    MsgCreate spec;
    bisca_spec(&spec, 2, false);
    long long due = clock_now_ns();
    for (long long k = 0; pace(h, due); k++, due += 1000000000LL / h->creates) {
        char code[WIRE_CODE];
        NetClient *c = k % 2 ? net_client_on(nc, "flood", err, sizeof err) : same;
        if (c) {
            count_create(h, net_client_create(c, &spec, code));
            if (c != same)
                net_client_free(c);
        }
    }
    net_client_free(same);
    natsConnection_Destroy(nc);
    return NULL;
}

/* `bot_tables` tables of four Random bots a minute (each from a new key). */
static void *bots_run(void *arg)
{
    Hostile *h = arg;
    natsConnection *nc = connect_or_say(h, "bots");
    if (!nc || !wait_start(h)) {
        natsConnection_Destroy(nc);
        return NULL;
    }
    MsgCreate spec;
    bisca_spec(&spec, 4, true);
    char err[NET_ERR];
    long long due = clock_now_ns();
    for (; pace(h, due); due += 60000000000LL / h->bot_tables) {
        char code[WIRE_CODE];
        NetClient *c = net_client_on(nc, "bots", err, sizeof err);
        if (c && !net_client_create(c, &spec, code))
            atomic_fetch_add(&h->bots, 1);
        net_client_free(c);
    }
    natsConnection_Destroy(nc);
    return NULL;
}

static void no_view(void *user, NetClient *c, const MsgView *v)
{
    (void)user;
    (void)c;
    (void)v;
}

static void on_rename_answer(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    Hostile *h = closure;
    WireMsg m;
    int len = natsMsg_GetDataLength(msg);
    if (len > 64 && !wire_decode((const uint8_t *)natsMsg_GetData(msg), (size_t)len - 64, &m) &&
        m.type == MSG_JOINED)
        atomic_fetch_add(m.u.joined.ok ? &h->renamed : &h->refused_rename, 1);
    natsMsg_Destroy(msg);
}

/* A player sits down at a table of its own, then sends `renames` joins a second to its
 * seat, each with a new name (its own keys at the table, signed, with the table's
 * commitment: a join the dealer must look at and may record). */
static void *rename_run(void *arg)
{
    Hostile *h = arg;
    char err[NET_ERR], code[WIRE_CODE];
    NetClient *c = net_client_new(h->url, h->creds, "churn", err, sizeof err);
    MsgCreate spec;
    bisca_spec(&spec, 2, false);
    int seat = -1;
    const char *why = !c ? err : net_client_create(c, &spec, code);
    if (!why)
        why = net_client_join(c, code, 0, no_view, NULL, &seat);
    if (why) {
        fprintf(stderr, "tasca bench-hostile: the renaming player: %s\n", why);
        net_client_free(c);
        return NULL;
    }
    const SealKeys *k = net_client_keys(c);
    natsConnection *nc = net_client_conn(c);
    natsInbox *inbox = NULL;
    natsSubscription *sub = NULL;
    natsInbox_Create(&inbox);
    natsConnection_Subscribe(&sub, nc, inbox, on_rename_answer, h);
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.join", code);
    WireMsg m = {.type = MSG_JOIN};
    MsgJoin *j = &m.u.join;
    snprintf(j->code, sizeof j->code, "%s", code);
    j->seat = 0;
    memcpy(j->sign_key, k->sign_pk, WIRE_KEY);
    memcpy(j->box_key, k->box_pk, WIRE_KEY);
    /* the table's commitment: the answer to a join without it carries it */
    natsMsg *r = NULL;
    uint8_t out[1024];
    j->stamp = (uint64_t)time(NULL) * 1000;
    snprintf(j->name, sizeof j->name, "churn");
    size_t n = wire_encode(&m, out, sizeof out - 64);
    seal_sign(k, out, n, out + n);
    WireMsg a;
    if (natsConnection_Request(&r, nc, subject, out, (int)(n + 64), 5000) == NATS_OK &&
        natsMsg_GetDataLength(r) > 64 &&
        !wire_decode((const uint8_t *)natsMsg_GetData(r), (size_t)natsMsg_GetDataLength(r) - 64,
                     &a) &&
        a.type == MSG_JOINED)
        memcpy(j->commit, a.u.joined.commit, WIRE_HASH);
    natsMsg_Destroy(r);
    if (wait_start(h)) {
        long long due = clock_now_ns();
        for (long long i = 0; pace(h, due); i++, due += 1000000000LL / h->renames) {
            j->stamp++;
            snprintf(j->name, sizeof j->name, "churn %lld", i);
            n = wire_encode(&m, out, sizeof out - 64);
            seal_sign(k, out, n, out + n);
            natsConnection_PublishRequest(nc, subject, inbox, out, (int)(n + 64));
        }
    }
    natsConnection_Flush(nc);
    nats_Sleep(500); /* the last answers */
    natsSubscription_Unsubscribe(sub);
    natsSubscription_Destroy(sub);
    natsInbox_Destroy(inbox);
    net_client_free(c);
    return NULL;
}

static void usage(void)
{
    printf("Usage: tasca bench-hostile --nats URL --seconds S [--after S] [--creds FILE]\n"
           "                           [--junk N] [--junk-rate R] [--creates R]\n"
           "                           [--bot-tables R] [--renames R] [--json]\n"
           "A hostile load on the dealer of URL, to run beside 'tasca bench-online': after\n"
           "--after seconds (default 0) and for S seconds, each on a thread of its own:\n"
           "  --junk N       4 bytes on N made-up record subjects at once (default 1000;\n"
           "                 an open broker lets anyone; a locked one refuses them)\n"
           "  --junk-rate R  then R more a second (default 50)\n"
           "  --creates R    table requests a second, every other one from a new key and\n"
           "                 the others from one key (default 20)\n"
           "  --bot-tables R tables of four Random bots a minute (default 60)\n"
           "  --renames R    a seated player's joins with a new name a second (default 200)\n"
           "0 leaves one out. Prints what was sent and what the dealer refused.\n");
}

int cli_bench_hostile(int argc, char **argv)
{
    const char *cmd = "bench-hostile", *v;
    Hostile h = {.junk_first = 1000, .junk_rate = 50, .creates = 20, .bot_tables = 60,
                 .renames = 200};
    int seconds = 0, after = 0;
    bool json = false;
    struct {
        const char *flag;
        int *to, max;
    } ints[] = {{"--seconds", &seconds, 86400},     {"--after", &after, 86400},
                {"--junk", &h.junk_first, 1000000}, {"--junk-rate", &h.junk_rate, 100000},
                {"--creates", &h.creates, 10000},   {"--bot-tables", &h.bot_tables, 60000},
                {"--renames", &h.renames, 100000}};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        size_t k = 0;
        while (k < sizeof ints / sizeof *ints && strcmp(a, ints[k].flag) != 0)
            k++;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (strcmp(a, "--nats") == 0 || strcmp(a, "--creds") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            *(a[2] == 'n' ? &h.url : &h.creds) = v;
        } else if (k < sizeof ints / sizeof *ints) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 0, ints[k].max, ints[k].to))
                return 2;
        } else {
            fprintf(stderr, "tasca bench-hostile: unknown argument '%s'\n", a);
            return 2;
        }
    }
    if (!h.url || seconds < 1) {
        fprintf(stderr, "tasca bench-hostile: --nats URL and --seconds S are required\n");
        return 2;
    }
    if (!seal_init())
        return 1;
    net_global_delivery(2);
    pthread_mutex_init(&h.lock, NULL);
    h.start = clock_now_ns() + (long long)after * 1000000000LL;
    h.end = h.start + (long long)seconds * 1000000000LL;
    void *(*runs[])(void *) = {junk_run, flood_run, bots_run, rename_run};
    bool on[] = {h.junk_first || h.junk_rate, h.creates > 0, h.bot_tables > 0, h.renames > 0};
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        if (on[i])
            pthread_create(&th[i], NULL, runs[i], &h);
    for (int i = 0; i < 4; i++)
        if (on[i])
            pthread_join(th[i], NULL);
    long long junk = atomic_load(&h.junk), made = atomic_load(&h.made),
              refused = atomic_load(&h.refused_create), bots = atomic_load(&h.bots),
              renamed = atomic_load(&h.renamed), no_rename = atomic_load(&h.refused_rename);
    if (json)
        printf("{\"seconds\":%d,\"junk\":%lld,\"creates_made\":%lld,\"creates_refused\":%lld,"
               "\"bot_tables\":%lld,\"renames_taken\":%lld,\"renames_refused\":%lld}\n",
               seconds, junk, made, refused, bots, renamed, no_rename);
    else
        printf("%d s: %lld junk record messages; %lld tables made, %lld refused (%s); %lld "
               "tables of bots; renames: %lld taken, %lld refused\n",
               seconds, junk, made, refused, h.refusal[0] ? h.refusal : "none", bots, renamed,
               no_rename);
    pthread_mutex_destroy(&h.lock);
    return 0;
}
