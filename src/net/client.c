/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A networked seat: its keys, its connection, its views and its actions (see net.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <sodium.h>

#include "../core/nls.h"
#include "../engine/registry.h"
#include "brokerconf.h"
#include "deal.h"
#include "dealfile.h"
#include "invite.h"
#include "limits.h"
#include "net.h"

#define ACT_TRIES 120   /* an action is sent again for up to a minute... */
#define ACT_WAIT_MS 500 /* ...each time waiting this long for the dealer */
/* A joined seat says it is here this often (the dealer takes 7 s of silence for away). */
#define BEAT_MS 2000

/* A view kept until the dealer's keys are known. */
struct Early {
    struct Early *next;
    size_t len;
    uint8_t data[];
};

struct NetClient {
    natsConnection *nc;
    bool shared; /* nc is the caller's (net_client_on): neither closed nor reconnected here */
    /* The player's own keys, and the keys at the table it sits at: derived from them and
     * the table's code (net_client_join), so the same player is a different key at every
     * table; or the same (an arena's fixed table, net_client_allow_fixed). */
    SealKeys master, keys;
    char name[WIRE_NAME];
    pthread_mutex_t lock;
    /* the seat, once joined */
    char code[WIRE_CODE];
    int seat;
    uint8_t dealer_sign[WIRE_KEY], dealer_box[WIRE_KEY];
    SealSession ses;   /* with the dealer: views come in, actions and beats go out */
    natsSubscription *views, *info, *acks;
    bool have_dealer;  /* the dealer's keys are known (and the session made) */
    struct Early *early, *early_tail; /* views that came before them, in order */
    int n_early;
    natsInbox *ack_inbox;
    int refused; /* actions the dealer refused (asynchronous sends) */
    MsgTable table; /* the last public news of the table */
    bool have_table;
    NetViewFn fn;
    void *user;
    uint32_t next_seq;
    uint32_t seen;     /* the latest view taken: its step count and game (lock) */
    uint64_t epoch;    /* the dealer's, from the latest view (lock); beats carry it */
    uint64_t join_stamp; /* the last join's stamp: rises with every join */
    uint16_t seen_game;
    char reason[WIRE_REASON];
    bool rejoining;
    /* signs of life: the process's beat thread walks a list of the joined clients */
    struct NetClient *beat_next; /* under beat_lock, like the two below */
    bool beating;
    uint64_t beat_stamp; /* the last beat's stamp: rises with every beat */
    uint64_t applied_ms; /* when the dealer last said it applied one of its actions (lock) */
    /* Fair deals (deal.h), under lock: the table's commitment as the dealer told it before
     * this seat contributed (zero at a fixed table), what the seat saw of the game being
     * played, and that game's proof once it is over. */
    char commit_code[WIRE_CODE]; /* the table `commit` is of */
    uint8_t commit[WIRE_HASH];
    bool have_commit, fixed, fixed_ok;
    uint16_t deal_game; /* the game `seen` and `proof` are of */
    DealSeen seen_views;
    uint8_t *proof;
    size_t proof_len;
    int verdict; /* NetDeal of deal_game, once checked (0: not yet) */
    char verdict_why[WIRE_REASON];
    char keep_dir[512];  /* where each checked game's record is kept (dealfile.h), or "" */
    char kept[600];      /* the last record kept there */
    /* The dealers' signing key this client believes (set by net_client_pin, or from the
     * first answer on first use), and one offered instead when it changed. */
    uint8_t pin[WIRE_KEY], offered[WIRE_KEY];
    bool have_pin, key_changed;
    uint8_t async_hash[SEAL_KEY]; /* the hash of the last action sent without waiting */
    /* A private table's invitation (invite.h): its code and secret (lock). */
    char invite_code[WIRE_CODE];
    uint8_t invite[WIRE_HASH];
};

static pthread_once_t nats_once = PTHREAD_ONCE_INIT;
static void nats_start(void) { nats_Open(-1); }

void net_deadline_in(struct timespec *ts, int ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

void net_global_delivery(int threads)
{
    pthread_once(&nats_once, nats_start);
    nats_SetMessageDeliveryPoolSize(threads);
}

static const char *join_now(NetClient *c, const char *code, int seat, int *seat_out);

/* ---- signs of life: one thread for every client of the process (a bench has thousands) ---- */

static pthread_mutex_t beat_lock = PTHREAD_MUTEX_INITIALIZER;
static NetClient *beat_list;
static bool beat_running;

static uint64_t wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* [seat][MsgHere in a box under the session key] on tasca.t.<code>.here; beat_lock held. */
static void send_beat(NetClient *c)
{
    WireMsg m = {.type = MSG_HERE};
    pthread_mutex_lock(&c->lock);
    snprintf(m.u.here.code, sizeof m.u.here.code, "%s", c->code);
    int seat = c->seat;
    bool keyed = c->have_dealer;
    /* An applied action is a sign of life of its own: a seat that is playing needs no beat,
     * only one that waits (the dealer takes 7 s of silence, three beats, for away). */
    bool busy = c->applied_ms && wall_ms() - c->applied_ms < BEAT_MS;
    m.u.here.seen = c->seen; /* a seat behind the table is sent its view again */
    m.u.here.game_no = c->seen_game;
    m.u.here.epoch = c->epoch;
    uint8_t tx[SEAL_KEY];
    memcpy(tx, c->ses.tx, sizeof tx);
    pthread_mutex_unlock(&c->lock);
    if (!m.u.here.code[0] || seat < 0 || !keyed || busy)
        return;
    uint64_t now = wall_ms();
    c->beat_stamp = now > c->beat_stamp ? now : c->beat_stamp + 1;
    m.u.here.seat = (int8_t)seat;
    m.u.here.stamp = c->beat_stamp;
    uint8_t plain[96], buf[1 + 96 + SEAL_BOX_OVERHEAD];
    size_t n = wire_encode(&m, plain, sizeof plain);
    buf[0] = (uint8_t)seat;
    size_t boxed = n ? seal_box(tx, plain, n, buf + 1) : 0;
    sodium_memzero(tx, sizeof tx);
    if (!boxed)
        return;
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.here", m.u.here.code);
    natsConnection_Publish(c->nc, subject, buf, (int)(1 + boxed));
}

static void *beat_thread(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&beat_lock);
    while (beat_list) {
        for (NetClient *c = beat_list; c; c = c->beat_next)
            send_beat(c);
        pthread_mutex_unlock(&beat_lock);
        nats_Sleep(BEAT_MS);
        pthread_mutex_lock(&beat_lock);
    }
    beat_running = false; /* the last client went: the next one starts a thread again */
    pthread_mutex_unlock(&beat_lock);
    return NULL;
}

static void beat_start(NetClient *c)
{
    pthread_mutex_lock(&beat_lock);
    if (!c->beating) {
        c->beat_next = beat_list;
        beat_list = c;
        c->beating = true;
    }
    pthread_t t;
    if (!beat_running && pthread_create(&t, NULL, beat_thread, NULL) == 0) {
        pthread_detach(t);
        beat_running = true;
    }
    pthread_mutex_unlock(&beat_lock);
}

/* A beat at once, out of turn, for a seat that beats: a dealer it has not heard from (a new
 * epoch in a view) counts the seat present only from its first beat. */
static void beat_now(NetClient *c)
{
    pthread_mutex_lock(&beat_lock);
    if (c->beating)
        send_beat(c);
    pthread_mutex_unlock(&beat_lock);
}

/* Once this returns the beat thread no longer touches c. */
static void beat_stop(NetClient *c)
{
    pthread_mutex_lock(&beat_lock);
    for (NetClient **p = &beat_list; *p; p = &(*p)->beat_next)
        if (*p == c) {
            *p = c->beat_next;
            break;
        }
    c->beating = false;
    pthread_mutex_unlock(&beat_lock);
}

static void *rejoin_thread(void *arg)
{
    NetClient *c = arg;
    int seat;
    char code[WIRE_CODE]; /* a copy: join_now writes c->code, and may not read it as well */
    pthread_mutex_lock(&c->lock);
    memcpy(code, c->code, sizeof code);
    seat = c->seat;
    pthread_mutex_unlock(&c->lock);
    join_now(c, code, seat, &seat);
    pthread_mutex_lock(&c->lock);
    c->rejoining = false;
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

/* After a dropped link the seat asks for its view again: views sent meanwhile are gone. */
static void on_reconnected(natsConnection *nc, void *closure)
{
    (void)nc;
    NetClient *c = closure;
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    bool go = c->code[0] && !c->rejoining;
    c->rejoining |= go;
    pthread_mutex_unlock(&c->lock);
    pthread_t t;
    if (go && pthread_create(&t, NULL, rejoin_thread, c) == 0)
        pthread_detach(t);
    else if (go)
        c->rejoining = false;
}

static natsConnection *connect_with(const char *url, const char *creds, const char *name,
                                    NetClient *c, char *err, size_t errsize)
{
    pthread_once(&nats_once, nats_start);
    natsOptions *o = NULL;
    natsConnection *nc = NULL;
    /* "a,b,c": a cluster's servers, tried in the order given (the first is home) */
    char list[1024], *servers[16];
    int n = 0;
    snprintf(list, sizeof list, "%s", url);
    for (char *save = NULL, *tok = strtok_r(list, ", ", &save); tok && n < 16;
         tok = strtok_r(NULL, ", ", &save))
        servers[n++] = tok;
    natsStatus s = natsOptions_Create(&o);
    if (s == NATS_OK)
        s = natsOptions_SetServers(o, (const char **)servers, n);
    if (s == NATS_OK)
        s = natsOptions_SetNoRandomize(o, true);
    if (s == NATS_OK && creds && *creds) {
        /* a user and password of the broker's configuration (brokerconf.h), or a NATS
         * JWT credentials file */
        char user[64], pass[128];
        if (brokerconf_read_creds(creds, user, sizeof user, pass, sizeof pass, NULL, 0) == 1)
            s = natsOptions_SetUserInfo(o, user, pass);
        else
            s = natsOptions_SetUserCredentialsFromFiles(o, creds, NULL);
        sodium_memzero(pass, sizeof pass);
    }
    if (s == NATS_OK)
        s = natsOptions_SetName(o, name);
    if (s == NATS_OK)
        s = natsOptions_SetMaxReconnect(o, -1);
    if (s == NATS_OK)
        s = natsOptions_SetReconnectWait(o, 250);
    if (s == NATS_OK)
        s = natsOptions_UseGlobalMessageDelivery(o, true);
    if (s == NATS_OK && c)
        s = natsOptions_SetReconnectedCB(o, on_reconnected, c);
    if (s == NATS_OK)
        s = natsConnection_Connect(&nc, o);
    natsOptions_Destroy(o);
    if (s == NATS_CONNECTION_AUTH_FAILED) { /* (the URL may hold the password: not said) */
        snprintf(err, errsize,
                 "the NATS server refused the credentials (none, or a wrong password)");
        return NULL;
    }
    if (s != NATS_OK) {
        snprintf(err, errsize, "cannot reach NATS at %s: %s", url, natsStatus_GetText(s));
        return NULL;
    }
    return nc;
}

natsConnection *net_connect(const char *url, const char *creds, const char *name, char *err,
                            size_t errsize)
{
    return connect_with(url, creds, name, NULL, err, errsize);
}

long net_rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, rss = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
            rss = 0;
        fclose(f);
    }
    return rss * 4; /* 4 kB pages */
}

NetClient *net_client_new(const char *url, const char *creds, const char *name, char *err,
                          size_t errsize)
{
    return net_client_new_keys(url, creds, name, NULL, err, errsize);
}

/* A client with its keys (NULL: new ones) and name, not yet on any connection. */
static NetClient *client_alloc(const char *name, const SealKeys *keys, char *err,
                               size_t errsize)
{
    if (!seal_init()) {
        snprintf(err, errsize, "libsodium could not start");
        return NULL;
    }
    NetClient *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    if (keys)
        c->master = *keys;
    else
        seal_keys_new(&c->master);
    c->keys = c->master;
    snprintf(c->name, sizeof c->name, "%s", name);
    c->seat = -1;
    return c;
}

NetClient *net_client_new_keys(const char *url, const char *creds, const char *name,
                               const SealKeys *keys, char *err, size_t errsize)
{
    NetClient *c = client_alloc(name, keys, err, errsize);
    if (c && !(c->nc = connect_with(url, creds, "tasca player", c, err, errsize))) {
        pthread_mutex_destroy(&c->lock);
        free(c);
        return NULL;
    }
    return c;
}

NetClient *net_client_on(natsConnection *nc, const char *name, char *err, size_t errsize)
{
    NetClient *c = client_alloc(name, NULL, err, errsize);
    if (c) {
        c->nc = nc;
        c->shared = true;
    }
    return c;
}

/* Drained, not just dropped: no callback of it may still run once it is gone. */
static void drop_sub(natsSubscription **sub)
{
    if (!*sub)
        return;
    if (natsSubscription_Drain(*sub) == NATS_OK)
        natsSubscription_WaitForDrainCompletion(*sub, 5000);
    natsSubscription_Destroy(*sub);
    *sub = NULL;
}

void net_client_free(NetClient *c)
{
    if (!c)
        return;
    beat_stop(c);
    drop_sub(&c->views);
    drop_sub(&c->info);
    drop_sub(&c->acks);
    if (!c->shared)
        natsConnection_Close(c->nc);
    /* a rejoin started by a reconnection finishes before the client goes */
    for (;;) {
        pthread_mutex_lock(&c->lock);
        bool busy = c->rejoining;
        pthread_mutex_unlock(&c->lock);
        if (!busy)
            break;
        nats_Sleep(10);
    }
    if (!c->shared)
        natsConnection_Destroy(c->nc);
    natsInbox_Destroy(c->ack_inbox);
    while (c->early) {
        struct Early *e = c->early;
        c->early = e->next;
        free(e);
    }
    free(c->proof);
    deal_seen_free(&c->seen_views);
    sodium_memzero(&c->keys, sizeof c->keys);
    sodium_memzero(&c->master, sizeof c->master);
    free(c);
}

const SealKeys *net_client_keys(const NetClient *c) { return &c->keys; }

void net_client_allow_fixed(NetClient *c) { c->fixed_ok = true; }


natsConnection *net_client_conn(NetClient *c) { return c->nc; }

/* An answer of the dealers, [message][signature] (dealer.c's send_msg): decoded as `type`
 * when `pin` signed it over the request whose hash is `req_hash`. */
static bool signed_as(const uint8_t *pin, const uint8_t req_hash[SEAL_KEY], const uint8_t *data,
                      size_t len, int type, WireMsg *out)
{
    return len > 64 && !wire_decode(data, len - 64, out) && out->type == type &&
           seal_reply_verify(pin, req_hash, data, len - 64, data + len - 64);
}

static natsStatus request_signed_q(NetClient *c, const char *subject, const uint8_t *data,
                                   size_t len, int type, WireMsg *out, int timeout_ms,
                                   bool queued);

/* Sends a request and waits for an answer of `type` signed over it by the pinned dealer
 * key: every other answer (a rogue dealer's, a forger's on the broker, one given to another
 * request) is ignored, however early it comes. NATS_OK with *out, NATS_TIMEOUT when no
 * such answer came in time, or libnats' error. `queued`: the request goes to one member of
 * the dealers' queue, so an answer made under another key means an impostor took it, and
 * the wait ends at once (NATS_MISMATCH) for the request to go again. */
static natsStatus request_signed(NetClient *c, const char *subject, const uint8_t *data,
                                 size_t len, int type, WireMsg *out, int timeout_ms)
{
    return request_signed_q(c, subject, data, len, type, out, timeout_ms, false);
}

/* Publishes a request and hands every answer that comes within timeout_ms to take(),
 * which says ASK_TAKEN (done), ASK_OTHER (an impostor answered: stop, ask again) or
 * ASK_WAIT (ignored: wait for another). NATS_OK once one is taken, NATS_MISMATCH after
 * ASK_OTHER, NATS_TIMEOUT, or libnats' error. */
enum { ASK_WAIT, ASK_TAKEN, ASK_OTHER };
static natsStatus ask(NetClient *c, const char *subject, const uint8_t *data, size_t len,
                      int timeout_ms, int (*take)(void *ctx, const uint8_t *d, size_t n),
                      void *ctx)
{
    natsInbox *inbox = NULL;
    natsSubscription *sub = NULL;
    natsStatus s = natsInbox_Create(&inbox);
    if (s == NATS_OK)
        s = natsConnection_SubscribeSync(&sub, c->nc, inbox);
    if (s == NATS_OK)
        s = natsConnection_PublishRequest(c->nc, subject, inbox, data, (int)len);
    int64_t until = nats_Now() + timeout_ms;
    int got = ASK_WAIT;
    while (s == NATS_OK && got == ASK_WAIT) {
        int64_t left = until - nats_Now();
        natsMsg *m = NULL;
        if (left <= 0 || (s = natsSubscription_NextMsg(&m, sub, left)) != NATS_OK)
            break;
        got = take(ctx, (const uint8_t *)natsMsg_GetData(m), (size_t)natsMsg_GetDataLength(m));
        natsMsg_Destroy(m);
    }
    natsSubscription_Destroy(sub);
    natsInbox_Destroy(inbox);
    return got == ASK_TAKEN ? NATS_OK : got == ASK_OTHER ? NATS_MISMATCH
                                        : s == NATS_OK   ? NATS_TIMEOUT
                                                         : s;
}

typedef struct {
    uint8_t pin[WIRE_KEY], hash[SEAL_KEY];
    int type;
    bool queued;
    WireMsg *out;
} SignedAsk;

static int take_signed(void *ctx, const uint8_t *d, size_t n)
{
    SignedAsk *a = ctx;
    if (signed_as(a->pin, a->hash, d, n, a->type, a->out))
        return ASK_TAKEN;
    return a->queued && n > 64 && !wire_decode(d, n - 64, a->out) ? ASK_OTHER : ASK_WAIT;
}

static natsStatus request_signed_q(NetClient *c, const char *subject, const uint8_t *data,
                                   size_t len, int type, WireMsg *out, int timeout_ms, bool queued)
{
    SignedAsk a = {.type = type, .queued = queued, .out = out};
    seal_request_hash(data, len, a.hash);
    pthread_mutex_lock(&c->lock);
    bool have = c->have_pin;
    memcpy(a.pin, c->pin, sizeof a.pin);
    pthread_mutex_unlock(&c->lock);
    if (!have)
        return NATS_ILLEGAL_STATE;
    return ask(c, subject, data, len, timeout_ms, take_signed, &a);
}

void net_client_pin(NetClient *c, const uint8_t sign_pk[WIRE_KEY])
{
    pthread_mutex_lock(&c->lock);
    memcpy(c->pin, sign_pk, WIRE_KEY);
    c->have_pin = true;
    c->key_changed = false;
    pthread_mutex_unlock(&c->lock);
}

bool net_client_dealer_key(NetClient *c, uint8_t sign_pk[WIRE_KEY], bool *changed,
                           uint8_t offered[WIRE_KEY])
{
    pthread_mutex_lock(&c->lock);
    bool have = c->have_pin;
    memcpy(sign_pk, c->pin, WIRE_KEY);
    if (changed)
        *changed = c->key_changed;
    if (offered)
        memcpy(offered, c->offered, WIRE_KEY);
    pthread_mutex_unlock(&c->lock);
    return have;
}

/* The dealers' keys, [Ed25519][X25519][signature over our random request]: the box key to
 * seal a table request to. On first use the signing key is pinned; after that an answer
 * under another key is refused (NET_KEY_CHANGED, the key offered kept for the caller). */
typedef struct {
    NetClient *c;
    uint8_t hash[SEAL_KEY];
    uint8_t *box;
} KeysAsk;

/* [Ed25519][X25519][signature over our random request] */
static int take_keys(void *ctx, const uint8_t *d, size_t n)
{
    KeysAsk *k = ctx;
    if (n != 2 * WIRE_KEY + 64 || !seal_reply_verify(d, k->hash, d, 2 * WIRE_KEY, d + 2 * WIRE_KEY))
        return ASK_WAIT;
    NetClient *c = k->c;
    pthread_mutex_lock(&c->lock);
    if (!c->have_pin) { /* trust on first use */
        memcpy(c->pin, d, WIRE_KEY);
        c->have_pin = true;
    }
    int got = ASK_OTHER; /* one member of the dealers' queue answers each request */
    if (memcmp(c->pin, d, WIRE_KEY) == 0) {
        memcpy(k->box, d + WIRE_KEY, WIRE_KEY);
        c->key_changed = false;
        got = ASK_TAKEN;
    } else {
        memcpy(c->offered, d, WIRE_KEY); /* changed, unless the pinned one answers */
    }
    pthread_mutex_unlock(&c->lock);
    return got;
}

static const char *dealer_keys(NetClient *c, uint8_t box[WIRE_KEY])
{
    /* Twenty answers in a row under another key: the dealers' key did change (an impostor
     * beside the real dealers takes about half the requests: 1 in a million to miss them). */
    bool changed_seen = false;
    for (int tries = 0; tries < 20; tries++) {
        uint8_t req[32];
        KeysAsk k = {.c = c, .box = box};
        randombytes_buf(req, sizeof req);
        seal_request_hash(req, sizeof req, k.hash);
        natsStatus s = ask(c, "tasca.dealers.keys", req, sizeof req, 3000, take_keys, &k);
        if (s == NATS_OK)
            return NULL;
        if (s != NATS_MISMATCH)
            break; /* nobody answered: no use asking again at once */
        changed_seen = true;
    }
    if (changed_seen) {
        pthread_mutex_lock(&c->lock);
        c->key_changed = true;
        pthread_mutex_unlock(&c->lock);
        return NET_KEY_CHANGED;
    }
    return N_("no dealer answers on this connection");
}

const char *net_client_create(NetClient *c, const MsgCreate *spec, char code[WIRE_CODE])
{
    uint8_t dealer_box[WIRE_KEY];
    const char *why = dealer_keys(c, dealer_box);
    if (why)
        return why;
    WireMsg m = {.type = MSG_CREATE};
    m.u.create = *spec;
    /* A key pair for this request only: the creator is not the same key at every table. */
    SealKeys once;
    seal_keys_new(&once);
    memcpy(m.u.create.reply_key, once.box_pk, WIRE_KEY);
    /* Who asks, for the dealer's limits per player: its own key, seen by the dealer only. */
    uint8_t claim[NET_CLAIM];
    net_create_claim(once.sign_pk, claim);
    memcpy(m.u.create.client_key, c->master.sign_pk, WIRE_KEY);
    seal_sign(&c->master, claim, sizeof claim, m.u.create.client_sig);
    uint8_t plain[WIRE_MAX], *out = malloc(WIRE_MAX + SEAL_OVERHEAD + WIRE_KEY);
    size_t n = wire_encode(&m, plain, sizeof plain), sealed = 0;
    if (out && n) {
        memcpy(out, once.sign_pk, WIRE_KEY);
        sealed = seal_for(&once, dealer_box, plain, n, out + WIRE_KEY);
    }
    /* Another process in the dealers' queue (not holding their key) may take the request:
     * it can neither open it nor answer for them, and the request goes again. */
    natsStatus s = NATS_ERR;
    for (int tries = 0;
         sealed && tries < 20 && s != NATS_OK && (tries == 0 || s == NATS_MISMATCH); tries++)
        s = request_signed_q(c, "tasca.dealers.create", out, WIRE_KEY + sealed, MSG_CREATED, &m,
                             5000, true);
    free(out);
    sodium_memzero(&once, sizeof once);
    if (!sealed)
        return N_("the table request could not be written");
    if (s != NATS_OK)
        return N_("no dealer answered the table request");
    if (!m.u.created.ok) {
        snprintf(c->reason, sizeof c->reason, "%s", m.u.created.reason);
        why = c->reason;
    } else {
        snprintf(code, WIRE_CODE, "%s", m.u.created.code);
        if (spec->unlisted) /* its creator is invited too */
            net_client_invite(c, code, spec->invite);
    }
    return why;
}

/* What the seat is shown of a game, kept to be checked against the game's proof (lock
 * held). A view of a later game starts afresh; one of an earlier game is too late. */
static void keep_for_proof(NetClient *c, const MsgView *v)
{
    if (v->game_no < c->deal_game)
        return;
    if (v->game_no > c->deal_game) {
        c->deal_game = v->game_no;
        deal_seen_clear(&c->seen_views);
        free(c->proof);
        c->proof = NULL;
        c->proof_len = 0;
        c->verdict = 0;
    }
    deal_seen_add(&c->seen_views, v->seq, v->view, v->view_len);
    if (v->proof_len && !c->proof && (c->proof = malloc(v->proof_len))) {
        memcpy(c->proof, v->proof, v->proof_len);
        c->proof_len = v->proof_len;
    }
}

static void take_view(NetClient *c, const uint8_t *data, size_t len)
{
    uint8_t *plain = len > 0 ? malloc(len) : NULL;
    pthread_mutex_lock(&c->lock);
    uint8_t rx[SEAL_KEY];
    memcpy(rx, c->ses.rx, sizeof rx);
    pthread_mutex_unlock(&c->lock);
    size_t n = plain ? seal_unbox(rx, data, len, plain) : 0;
    sodium_memzero(rx, sizeof rx);
    WireMsg m;
    /* Anything not sealed to this seat by the table's dealer is ignored: a forger on the
     * broker cannot show the player a false table. */
    if (n && !wire_decode(plain, n, &m) && m.type == MSG_VIEW && m.u.view.seat == c->seat &&
        strcmp(m.u.view.code, c->code) == 0) {
        pthread_mutex_lock(&c->lock);
        if (m.u.view.next_seq > c->next_seq)
            c->next_seq = m.u.view.next_seq;
        if (m.u.view.game_no > c->seen_game ||
            (m.u.view.game_no == c->seen_game && m.u.view.seq > c->seen)) {
            c->seen_game = m.u.view.game_no;
            c->seen = m.u.view.seq;
        }
        keep_for_proof(c, &m.u.view);
        bool new_epoch = m.u.view.epoch != c->epoch;
        c->epoch = m.u.view.epoch;
        pthread_mutex_unlock(&c->lock);
        if (new_epoch)
            beat_now(c); /* a dealer new to this seat: it hears from it at once */
        if (c->fn)
            c->fn(c->user, c, &m.u.view);
    }
    free(plain);
}

static void on_view(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    NetClient *c = closure;
    const uint8_t *data = (const uint8_t *)natsMsg_GetData(msg);
    size_t len = (size_t)natsMsg_GetDataLength(msg);
    pthread_mutex_lock(&c->lock);
    bool keyed = c->have_dealer;
    struct Early *e = NULL;
    if (!keyed && len <= WIRE_MAX + SEAL_OVERHEAD && c->n_early < 1024 &&
        (e = malloc(sizeof *e + len))) {
        /* The views the dealer sends on joining (the whole deal, when this seat was the last
         * to sit down) can beat the join's answer, which carries the key they are made
         * with: kept, every one (the deal's check needs them), until the key is known. */
        e->next = NULL;
        e->len = len;
        memcpy(e->data, data, len);
        if (c->early_tail)
            c->early_tail->next = e;
        else
            c->early = e;
        c->early_tail = e;
        c->n_early++;
    }
    pthread_mutex_unlock(&c->lock);
    if (keyed)
        take_view(c, data, len);
    natsMsg_Destroy(msg);
}

static void on_table(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    NetClient *c = closure;
    WireMsg m;
    uint8_t pin[WIRE_KEY], none[SEAL_KEY];
    pthread_mutex_lock(&c->lock);
    memcpy(pin, c->pin, sizeof pin);
    bool pinned = c->have_pin;
    pthread_mutex_unlock(&c->lock);
    seal_request_hash(NULL, 0, none); /* a lobby entry answers no request */
    const uint8_t *data = (const uint8_t *)natsMsg_GetData(msg);
    size_t len = (size_t)natsMsg_GetDataLength(msg);
    uint8_t *opened = NULL;
    pthread_mutex_lock(&c->lock);
    bool invited = c->invite_code[0] && strcmp(c->invite_code, c->code) == 0;
    uint8_t key[WIRE_HASH];
    if (invited)
        invite_news_key(c->invite, key);
    pthread_mutex_unlock(&c->lock);
    if (invited && len > SEAL_BOX_OVERHEAD && (opened = malloc(len))) {
        /* a private table's news come in a box under its invitation's key */
        len = seal_unbox(key, data, len, opened);
        data = opened;
    }
    sodium_memzero(key, sizeof key);
    if (pinned && signed_as(pin, none, data, len, MSG_TABLE, &m) &&
        strcmp(m.u.table.code, c->code) == 0) {
        pthread_mutex_lock(&c->lock);
        c->table = m.u.table;
        c->have_table = true;
        pthread_mutex_unlock(&c->lock);
    }
    free(opened);
    natsMsg_Destroy(msg);
}

void net_client_invite(NetClient *c, const char *code, const uint8_t secret[WIRE_HASH])
{
    pthread_mutex_lock(&c->lock);
    snprintf(c->invite_code, sizeof c->invite_code, "%s", code);
    memcpy(c->invite, secret, WIRE_HASH);
    pthread_mutex_unlock(&c->lock);
}

bool net_client_table(NetClient *c, MsgTable *out)
{
    pthread_mutex_lock(&c->lock);
    bool have = c->have_table;
    if (have)
        *out = c->table;
    pthread_mutex_unlock(&c->lock);
    return have;
}

/* The keys the player is at table `code`: seeded from its own secret keys and the code
 * (keyed BLAKE2b), so the same player keys give the same table keys after a restart, and
 * nobody can tell that two tables' keys are one player's. An arena's client keeps its own
 * keys (the fixed table names them before its code exists). */
static void table_keys(NetClient *c, const char *code)
{
    SealKeys k = c->master;
    if (!c->fixed_ok) {
        static const char what[2][24] = {"tasca table sign key ", "tasca table box key "};
        uint8_t seed[2][32];
        for (int i = 0; i < 2; i++) {
            crypto_generichash_state st;
            crypto_generichash_init(&st, c->master.sign_sk, 32, sizeof seed[i]);
            crypto_generichash_update(&st, (const uint8_t *)what[i], strlen(what[i]));
            crypto_generichash_update(&st, (const uint8_t *)code, strlen(code));
            crypto_generichash_final(&st, seed[i], sizeof seed[i]);
        }
        crypto_sign_seed_keypair(k.sign_pk, k.sign_sk, seed[0]);
        crypto_box_seed_keypair(k.box_pk, k.box_sk, seed[1]);
        sodium_memzero(seed, sizeof seed);
    }
    pthread_mutex_lock(&c->lock);
    c->keys = k;
    pthread_mutex_unlock(&c->lock);
    sodium_memzero(&k, sizeof k);
}

/* The seat's contribution to the deals of table `code`: from its own secret key, so the same
 * keys give the same one after a restart, and nobody else can tell it in advance. */
static void contribution(const NetClient *c, const char *code, uint8_t out[WIRE_HASH])
{
    static const char what[] = "tasca deal contribution ";
    crypto_generichash_state st;
    crypto_generichash_init(&st, c->keys.box_sk, SEAL_KEY, WIRE_HASH);
    crypto_generichash_update(&st, (const uint8_t *)what, sizeof what - 1);
    crypto_generichash_update(&st, (const uint8_t *)code, strlen(code));
    crypto_generichash_final(&st, out, WIRE_HASH);
}

/* Sends the join in m (signed, with a fresh stamp each try) until the dealer answers. */
static natsStatus join_send(NetClient *c, WireMsg *m, WireMsg *answer)
{
    uint8_t buf[WIRE_MAX];
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.join", m->u.join.code);
    natsStatus s = NATS_ERR;
    for (int tries = 0; tries < 20 && s != NATS_OK; tries++) {
        /* A fresh nonce each try: a try whose answer was only late has taken the seat, and
         * the same join again would be refused as replayed; a new one takes it back. */
        uint64_t now = wall_ms();
        c->join_stamp = now > c->join_stamp ? now : c->join_stamp + 1;
        m->u.join.stamp = c->join_stamp;
        size_t n = wire_encode(m, buf, sizeof buf - 64);
        if (!n)
            return NATS_INVALID_ARG;
        seal_sign(&c->keys, buf, n, buf + n);
        if ((s = request_signed(c, subject, buf, n + 64, MSG_JOINED, answer, 1000)) != NATS_OK)
            nats_Sleep(250); /* no dealer for the moment (restarting): try again */
    }
    return s;
}

static const char *join_now(NetClient *c, const char *code, int seat, int *seat_out)
{
    WireMsg m = {.type = MSG_JOIN};
    MsgJoin *j = &m.u.join;
    snprintf(j->code, sizeof j->code, "%s", code);
    j->seat = (int8_t)seat;
    snprintf(j->name, sizeof j->name, "%s", c->name);
    memcpy(j->sign_key, c->keys.sign_pk, WIRE_KEY);
    memcpy(j->box_key, c->keys.box_pk, WIRE_KEY);
    contribution(c, code, j->rand);
    pthread_mutex_lock(&c->lock);
    if (strcmp(c->invite_code, code) == 0)
        invite_proof(c->invite, code, c->keys.sign_pk, j->invite_proof);
    if (c->have_commit && strcmp(c->commit_code, code) == 0)
        memcpy(j->commit, c->commit, WIRE_HASH);
    pthread_mutex_unlock(&c->lock);
    const char *why = NULL;
    WireMsg a;
    uint8_t box[WIRE_KEY];
    pthread_mutex_lock(&c->lock);
    bool pinned = c->have_pin;
    pthread_mutex_unlock(&c->lock);
    if (!pinned && (why = dealer_keys(c, box))) /* first use: the dealers' key is pinned */
        return why;
    for (int asked = 0; asked < 2; asked++) {
        natsStatus s = join_send(c, &m, &a);
        if (s == NATS_INVALID_ARG)
            return N_("the join could not be written (is the name too long?)");
        if (s != NATS_OK)
            return N_("no dealer answers for this table");
        if (a.u.joined.ok || strcmp(a.u.joined.reason, NET_COMMIT) != 0)
            break;
        /* The table's commitment, which this seat had not been told: it joins again with
         * it, and only so contributes after the dealer committed (deal.h). */
        memcpy(j->commit, a.u.joined.commit, WIRE_HASH);
        pthread_mutex_lock(&c->lock);
        snprintf(c->commit_code, sizeof c->commit_code, "%s", code);
        memcpy(c->commit, a.u.joined.commit, WIRE_HASH);
        c->have_commit = true;
        pthread_mutex_unlock(&c->lock);
    }
    m = a;
    if (!why && !m.u.joined.ok) {
        snprintf(c->reason, sizeof c->reason, "%s", m.u.joined.reason);
        why = c->reason;
    }
    if (why)
        return why;
    static const uint8_t zero[WIRE_HASH];
    bool fixed = sodium_memcmp(m.u.joined.commit, zero, WIRE_HASH) == 0;
    if (fixed && !c->fixed_ok)
        return N_("this table deals from its creator's own seed: it is not for people");
    pthread_mutex_lock(&c->lock);
    c->fixed = fixed;
    if (!fixed) {
        snprintf(c->commit_code, sizeof c->commit_code, "%s", code);
        memcpy(c->commit, m.u.joined.commit, WIRE_HASH);
        c->have_commit = true;
    }
    snprintf(c->code, sizeof c->code, "%s", code);
    if (c->seat != -2)
        c->seat = m.u.joined.seat;
    memcpy(c->dealer_sign, m.u.joined.dealer_sign, WIRE_KEY);
    memcpy(c->dealer_box, m.u.joined.dealer_box, WIRE_KEY);
    if (m.u.joined.next_seq > c->next_seq)
        c->next_seq = m.u.joined.next_seq;
    c->have_dealer = seal_session_seat(&c->keys, c->dealer_box, &c->ses);
    struct Early *early = c->early;
    c->early = c->early_tail = NULL;
    c->n_early = 0;
    pthread_mutex_unlock(&c->lock);
    while (early) {
        struct Early *e = early;
        early = e->next;
        take_view(c, e->data, e->len);
        free(e);
    }
    *seat_out = m.u.joined.seat;
    beat_start(c); /* from now on the dealer hears from the seat every few seconds */
    beat_now(c);   /* and at once: taking a seat back is no sign of life by itself */
    return NULL;
}

const char *net_client_join(NetClient *c, const char *code, int seat, NetViewFn fn, void *user,
                            int *seat_out)
{
    if (!wire_code_valid(code))
        return N_("a table code is up to 7 letters and digits");
    table_keys(c, code);
    if (strcmp(code, c->code) != 0) {
        /* Another table: the last one's subscriptions go, and its numbering with them. */
        drop_sub(&c->views);
        drop_sub(&c->info);
        pthread_mutex_lock(&c->lock);
        c->next_seq = 0;
        c->seen = 0;
        c->seen_game = 0;
        c->have_table = false;
        c->deal_game = 0;
        deal_seen_clear(&c->seen_views);
        free(c->proof);
        c->proof = NULL;
        c->proof_len = 0;
        c->verdict = 0;
        pthread_mutex_unlock(&c->lock);
    }
    c->fn = fn;
    c->user = user;
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.lobby.%s", code);
    if (!c->info && natsConnection_Subscribe(&c->info, c->nc, subject, on_table, c) != NATS_OK)
        return N_("cannot listen for the table's news");
    const char *why = NULL;
    if (seat < 0) {
        /* Any free seat: learn which, then listen to it and ask again for the view. */
        c->seat = -2;
        if ((why = join_now(c, code, -1, &seat)))
            return why;
    }
    /* Listen before (re)joining, so the view the dealer sends at once is not missed. */
    snprintf(subject, sizeof subject, "tasca.t.%s.v.%d", code, seat);
    pthread_mutex_lock(&c->lock);
    snprintf(c->code, sizeof c->code, "%s", code);
    c->seat = seat;
    pthread_mutex_unlock(&c->lock);
    drop_sub(&c->views); /* taking the seat again: one subscription, not two */
    if (natsConnection_Subscribe(&c->views, c->nc, subject, on_view, c) != NATS_OK)
        return N_("cannot listen for the table's views");
    natsConnection_Flush(c->nc);
    if ((why = join_now(c, code, seat, seat_out))) {
        natsSubscription_Unsubscribe(c->views);
        natsSubscription_Destroy(c->views);
        c->views = NULL;
        c->code[0] = 0;
    }
    return why;
}

/* [seat][MsgAct signed by the seat, sealed to the dealer]; returns its length (0: failed)
 * and the seq it carries. */
static size_t encode_act_seq(NetClient *c, Action a, uint32_t at, uint8_t *out, uint32_t *seq)
{
    WireMsg m = {.type = MSG_ACT};
    MsgAct *x = &m.u.act;
    pthread_mutex_lock(&c->lock);
    snprintf(x->code, sizeof x->code, "%s", c->code);
    x->seat = (int8_t)c->seat;
    x->seq = c->next_seq;
    pthread_mutex_unlock(&c->lock);
    x->at = at;
    x->action = a;
    *seq = x->seq;
    uint8_t plain[256];
    size_t n = wire_encode(&m, plain, sizeof plain);
    out[0] = (uint8_t)c->seat;
    pthread_mutex_lock(&c->lock);
    size_t sealed = n && c->have_dealer ? seal_box(c->ses.tx, plain, n, out + 1) : 0;
    pthread_mutex_unlock(&c->lock);
    return sealed ? 1 + sealed : 0;
}

static size_t encode_act(NetClient *c, Action a, uint32_t at, uint8_t *out)
{
    uint32_t seq;
    return encode_act_seq(c, a, at, out, &seq);
}

const char *net_client_act(NetClient *c, Action a, uint32_t at)
{
    uint8_t out[1 + 256 + SEAL_OVERHEAD];
    uint32_t seq;
    size_t len = encode_act_seq(c, a, at, out, &seq);
    if (!len)
        return N_("the action could not be written");
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.act", c->code);
    for (int tries = 0; tries < ACT_TRIES; tries++) {
        WireMsg ack;
        natsStatus s = request_signed(c, subject, out, len, MSG_ACK, &ack, ACT_WAIT_MS);
        if (s == NATS_CONNECTION_CLOSED)
            return N_("the connection is closed");
        if (s != NATS_OK) {
            /* No dealer or no server for the moment: the same seq again in a while (the
             * dealer applies it at most once). A timeout has waited already. */
            if (s != NATS_TIMEOUT)
                nats_Sleep(ACT_WAIT_MS);
            continue;
        }
        const char *why = NULL;
        /* "already applied": an earlier copy got in and its answer was lost */
        if (ack.u.ack.ok || strcmp(ack.u.ack.reason, NET_ALREADY) == 0) {
            pthread_mutex_lock(&c->lock);
            if (c->next_seq <= seq)
                c->next_seq = seq + 1;
            c->applied_ms = wall_ms();
            pthread_mutex_unlock(&c->lock);
        } else {
            snprintf(c->reason, sizeof c->reason, "%s", ack.u.ack.reason);
            why = c->reason;
        }
        return why;
    }
    return N_("the dealer does not answer");
}

const char *net_client_again(NetClient *c) { return net_client_act(c, WIRE_ACTION_AGAIN, 0); }

static void on_ack(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)nc;
    (void)sub;
    NetClient *c = closure;
    WireMsg ack;
    pthread_mutex_lock(&c->lock);
    uint8_t pin[WIRE_KEY], h[SEAL_KEY];
    memcpy(pin, c->pin, sizeof pin);
    memcpy(h, c->async_hash, sizeof h);
    pthread_mutex_unlock(&c->lock);
    if (signed_as(pin, h, (const uint8_t *)natsMsg_GetData(msg), (size_t)natsMsg_GetDataLength(msg),
                  MSG_ACK, &ack)) {
        pthread_mutex_lock(&c->lock);
        if (ack.u.ack.ok && c->next_seq <= ack.u.ack.seq)
            c->next_seq = ack.u.ack.seq + 1;
        if (ack.u.ack.ok)
            c->applied_ms = wall_ms();
        else {
            c->refused++;
            snprintf(c->reason, sizeof c->reason, "%s", ack.u.ack.reason);
        }
        pthread_mutex_unlock(&c->lock);
    }
    natsMsg_Destroy(msg);
}

const char *net_client_act_async(NetClient *c, Action a, uint32_t at)
{
    if (!c->acks) {
        if (natsInbox_Create(&c->ack_inbox) != NATS_OK ||
            natsConnection_Subscribe(&c->acks, c->nc, c->ack_inbox, on_ack, c) != NATS_OK)
            return N_("cannot listen for the dealer's answers");
    }
    uint8_t out[1 + 256 + SEAL_OVERHEAD];
    size_t n = encode_act(c, a, at, out);
    if (!n)
        return N_("the action could not be written");
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.t.%s.act", c->code);
    pthread_mutex_lock(&c->lock);
    seal_request_hash(out, n, c->async_hash); /* its answer is signed over it */
    pthread_mutex_unlock(&c->lock);
    if (natsConnection_PublishRequest(c->nc, subject, c->ack_inbox, out, (int)n) != NATS_OK)
        return N_("the action could not be sent");
    return NULL;
}

int net_client_refused(NetClient *c, char *last, size_t size)
{
    pthread_mutex_lock(&c->lock);
    int n = c->refused;
    if (n && last)
        snprintf(last, size, "%s", c->reason);
    pthread_mutex_unlock(&c->lock);
    return n;
}

const char *net_client_trust(NetClient *c)
{
    uint8_t box[WIRE_KEY];
    return dealer_keys(c, box);
}

bool net_client_lobby_table(NetClient *c, const char *code, MsgTable *out, int timeout_ms)
{
    uint8_t pin[WIRE_KEY], box[WIRE_KEY];
    pthread_mutex_lock(&c->lock);
    bool pinned = c->have_pin;
    pthread_mutex_unlock(&c->lock);
    if (!pinned && dealer_keys(c, box))
        return false;
    net_client_dealer_key(c, pin, NULL, NULL);
    return net_lobby_table(c->nc, pin, code, out, timeout_ms);
}

bool net_lobby_entry(const uint8_t *pin, const uint8_t *data, size_t len, MsgTable *out)
{
    uint8_t none[SEAL_KEY];
    WireMsg m;
    seal_request_hash(NULL, 0, none);
    if (pin ? !signed_as(pin, none, data, len, MSG_TABLE, &m)
            : len <= 64 || wire_decode(data, len - 64, &m) || m.type != MSG_TABLE)
        return false;
    *out = m.u.table;
    return true;
}

bool net_lobby_table(natsConnection *nc, const uint8_t *pin, const char *code, MsgTable *out,
                     int timeout_ms)
{
    natsInbox *inbox = NULL;
    natsSubscription *sub = NULL;
    bool found = false;
    if (natsInbox_Create(&inbox) != NATS_OK)
        return false;
    if (natsConnection_SubscribeSync(&sub, nc, inbox) == NATS_OK &&
        natsConnection_PublishRequest(nc, "tasca.lobby.list", inbox, NULL, 0) == NATS_OK) {
        natsMsg *msg = NULL;
        while (!found && natsSubscription_NextMsg(&msg, sub, timeout_ms) == NATS_OK) {
            MsgTable t;
            if (net_lobby_entry(pin, (const uint8_t *)natsMsg_GetData(msg),
                                (size_t)natsMsg_GetDataLength(msg), &t) &&
                strcmp(t.code, code) == 0) {
                *out = t;
                found = true;
            }
            natsMsg_Destroy(msg);
        }
    }
    natsSubscription_Destroy(sub);
    natsInbox_Destroy(inbox);
    return found;
}

NetDeal net_client_deal(NetClient *c, unsigned game, char *why, size_t whysize)
{
    why[0] = '\0';
    pthread_mutex_lock(&c->lock);
    NetDeal r = NET_DEAL_WAITING;
    if (c->fixed) {
        r = NET_DEAL_FIXED;
    } else if (c->verdict && c->deal_game == game) {
        r = (NetDeal)c->verdict;
        snprintf(why, whysize, "%s", c->verdict_why);
    } else if (c->proof && c->deal_game == game && c->have_table) {
        /* The record of the game (it borrows the client's views and proof): checked, and
         * kept for `tasca verify` when the client keeps them. */
        DealRecord rec = {.n_options = c->table.n_options, .n = c->table.num_players,
                          .seat = c->seat, .game_no = game, .seen = c->seen_views,
                          .proof = c->proof, .proof_len = c->proof_len};
        snprintf(rec.game, sizeof rec.game, "%s", c->table.game);
        snprintf(rec.code, sizeof rec.code, "%s", c->code);
        for (int i = 0; i < rec.n_options && i < RULES_MAX_OPTIONS; i++)
            rec.options[i] = c->table.options[i];
        memcpy(rec.dealer, c->dealer_sign, WIRE_KEY);
        memcpy(rec.commit, c->commit, WIRE_HASH);
        contribution(c, c->code, rec.mine);
        const char *e = deal_record_check(&rec, c->verdict_why, sizeof c->verdict_why);
        c->verdict = r = e ? NET_DEAL_FAILED : NET_DEAL_VERIFIED;
        snprintf(why, whysize, "%s", c->verdict_why);
        char err[256];
        if (c->keep_dir[0] &&
            deal_record_keep(&rec, c->keep_dir, c->kept, sizeof c->kept, err, sizeof err) != 0) {
            fprintf(stderr, "tasca: the record of this game's deal was not kept: %s\n", err);
            c->kept[0] = '\0';
        }
    }
    pthread_mutex_unlock(&c->lock);
    return r;
}

void net_client_keep_deals(NetClient *c, const char *dir)
{
    pthread_mutex_lock(&c->lock);
    snprintf(c->keep_dir, sizeof c->keep_dir, "%s", dir ? dir : "");
    pthread_mutex_unlock(&c->lock);
}

bool net_client_kept_deal(NetClient *c, char *path, size_t size)
{
    pthread_mutex_lock(&c->lock);
    snprintf(path, size, "%s", c->kept);
    pthread_mutex_unlock(&c->lock);
    return path[0] != '\0';
}
