/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The dealer: the one place a networked table's full state lives.
 *
 * Every message for the dealer (requests, joins, actions) and every bot answer goes
 * through one queue to one thread, so the tables need no locks and are served in the
 * order things happened. An action is recorded in JetStream before it is applied or
 * acknowledged: a dealer killed at any moment resumes from the record with every
 * acknowledged action and none twice.
 *
 * Presence: every client signs a small MsgHere on tasca.t.<code>.here every couple of
 * seconds. A seat with no sign of life (beat, action or join) for HERE_GRACE is away; after
 * the table's away_seconds more, the dealer's own bot stands in for it, until any sign of
 * life from the seat's key hands it back. Presence is not recorded: a restarted dealer
 * starts every seat as away. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "../core/fileio.h"
#include "../core/nls.h"
#include "../engine/match.h"
#include "../engine/registry.h"
#include "deal.h"
#include "invite.h"
#include "net.h"

enum { EV_MSG, EV_BOT, EV_LEASE, EV_REC, EV_SCAN, EV_TAKE, EV_STOP };

#define TICK_NS 250000000LL        /* presence is looked at four times a second */
#define HERE_GRACE_NS 7000000000LL /* silent this long (three beats missed): away */
#define HERE_WINDOW_MS 300000LL    /* a beat's stamp within 5 min of the dealer's clock */
#define STAND_IN_LEVEL DIFF_MEDIUM /* the bot that stands in for an absent player */
#define SEC_NS 1000000000LL
#define LEASE_TTL_NS ((long long)NET_LEASE_TTL_MS * 1000000LL)
#define RENEW_NS (2 * SEC_NS) /* leases are renewed five times per TTL */
/* ...a slice of them at a time: a table's renewal falls in one of RENEW_SLICES slots of
 * RENEW_NS, so a thousand tables make a steady 500 writes a second to the store, not a
 * burst of a thousand every 2 s that the actions of every table would wait behind. */
#define RENEW_SLICES 40
#define SCAN_NS (3 * SEC_NS)  /* recorded tables nobody holds are looked for this often */
/* A scan looks into at most this many record subjects that turn out to be no table's (junk:
 * each costs a lease look-up, a read of its first entries and a purge, on the scanner's
 * thread), so thousands of them are cleaned over a few scans at a bounded cost; the next
 * scan goes on where this one stopped. */
#define SCAN_EXAMINE 128
#define EXAMINE_ENTRIES 64 /* entries of a subject read, at most, looking for its REC_OPEN */
/* A lease's stamp (its writer's clock) and the store's time of the write may differ this
 * much (the clocks of two machines; a write on its way). Further apart, the value is an old
 * lease written again by someone else: no dealer holds the table by it. */
#define LEASE_SKEW_MS 30000LL
/* Lines about junk (record entries or subjects, leases no dealer wrote) are limited to
 * JUNK_LINES a minute: a stranger publishing junk on purpose must not fill the log. */
#define JUNK_LINES 10
#define JUNK_WINDOW_NS (60 * SEC_NS)

typedef struct Event {
    struct Event *next;
    int kind;
    char subject[96], reply[96];
    uint8_t *data;
    int len;
    uint8_t req_hash[SEAL_KEY]; /* EV_MSG: its hash (the answer's signature covers it) */
    /* EV_BOT (and EV_LEASE: the table) */
    char code[WIRE_CODE];
    uint32_t at;
    uint32_t gen;
    Action action;
    /* EV_LEASE: a renewal's answer; EV_REC: a record's (rev: its stream sequence);
     * EV_SCAN: data holds the recorded tables (ScanItem); EV_TAKE: those nobody holds
     * (TakeItem) */
    uint64_t rev;
    bool renewed, refused;
    char msg_id[64]; /* EV_REC */
} Event;

/* A record subject in the scanner's list: its table's code and how many entries it has. */
typedef struct {
    char code[WIRE_CODE];
    uint64_t msgs;
} ScanItem;

/* A recorded table whose lease nobody holds, found by the scanner, and how its lease is had:
 * created (there is none), or written over revision `rev` (a value no dealer holds the table
 * by, or this dealer's own: a table it gave up). */
enum { TAKE_MISSING, TAKE_FREE, TAKE_OURS };
typedef struct {
    char code[WIRE_CODE];
    uint8_t how;
    uint64_t rev;
} TakeItem;

typedef struct {
    long long window;
    int lines, hidden;
} LogLimit;

/* An action whose record is on its way to the store, applied when the store has it. */
typedef struct {
    MsgRecord r;
    char msg_id[64];
    char reply[96]; /* its sender's answer subject ("" for the dealer's bots) */
    uint8_t req_hash[SEAL_KEY]; /* the request's, which the answer's signature covers */
    uint8_t *bytes; /* the record as sent (sent again as it was if the answer fails) */
    size_t len;
} Pending;

typedef struct {
    bool taken;
    char name[WIRE_NAME];
    uint8_t sign[WIRE_KEY], box[WIRE_KEY];
    /* The session keys with the seat's box key (ses_box: the key they were made from). */
    SealSession ses;
    uint8_t ses_box[WIRE_KEY];
    bool have_ses;
    uint32_t next_seq; /* the seq its next action must carry */
    uint64_t join_stamp; /* the stamp of the last join that changed it (recorded) */
    long long resent_at; /* when its view was last sent for a beat of another epoch (ns) */
    uint8_t rand[WIRE_HASH]; /* its contribution to the deals (fixed once game 0 is dealt) */
    /* presence (not recorded: a restarted dealer starts every taken seat as away) */
    long long last_seen;  /* its last sign of life (ns): a join, an action, a beat */
    long long away_since; /* when it was found away (ns); 0: its player is here */
    bool stand_in;        /* the dealer's bot plays it */
    uint64_t last_stamp;  /* the stamp of the latest beat taken */
    uint16_t shown_left;  /* away_left as last published */
    NetRate renames;      /* its changes of name or keys (limits.h) */
} DSeat;

typedef struct DTable {
    char code[WIRE_CODE];
    MsgCreate spec;
    Match *m;
    /* Fair deals (deal.h): the top of the table's chain of secrets and its commitment. A
     * fixed table (its creator's seed, its creator's seats) has neither. `dealt`: game 0
     * has been dealt (every seat for a person had sat down), the contributions are final. */
    bool fixed;
    uint8_t top[WIRE_HASH], commit[WIRE_HASH];
    bool dealt;
    DSeat seat[RULES_MAX_PLAYERS];
    bool bot_pending;
    int bot_for;      /* the seat the pending decision is for */
    uint32_t bot_gen; /* a decision asked before this changed is dropped when it comes */
    bool closed;
    long long over_at; /* when the game ended (ns), 0: under way */
    long long idle_since; /* since when no person is connected (ns), 0: someone is */
    /* Play again: the game at the table (0, 1, ...; game k is dealt from net_game_seed) and
     * the seats that asked for the next once this one is over (a bot's seat always has). */
    uint16_t game;
    bool again[RULES_MAX_PLAYERS];
    /* the lease (TASCA_LEASE, key = code) and the record's fence */
    uint64_t lease_rev; /* the revision of our last write of the key */
    long long lease_at; /* when it was last written or renewed (ns) */
    long long renew_sent; /* a renewal on its way since then (ns); 0: none */
    uint64_t rec_seq;   /* stream sequence of the table's last record (0: none yet) */
    bool lost;          /* another dealer holds it now: dropped after the current event */
    bool fenced;        /* ...found out from the record: another wrote to it */
    /* The entries of its record it knows (the first 8 bytes of each box's random nonce): a
     * copy of one, written again by someone else, is junk, not another dealer's entry. */
    uint64_t *entries;
    int n_entries, cap_entries;
    /* One record at a time (each expects the one before): while an action's record is on
     * its way, the table's other joins, actions and bot answers wait in order behind it,
     * and the dealer goes on with the other tables. */
    Pending *pend;
    Event *wait_head, *wait_tail;
} DTable;

typedef struct BotJob {
    struct BotJob *next;
    char code[WIRE_CODE];
    const GameRules *rules;
    Difficulty level;
    int seat;
    uint32_t at;
    uint32_t gen;
    uint64_t seed;
    BotLimit limit; /* the seat's, from its match */
    bool slow;      /* a Hard bot's: on at most net_bots_slow_workers workers at once */
    void *view;
} DBotJob;

struct Dealer {
    DealerConfig cfg;
    natsConnection *nc;
    jsCtx *js;
    jsCtx *js_lease; /* renewals, published without waiting (their answers are events) */
    jsCtx *js_rec;   /* actions' records, the same way */
    natsSubscription *subs[5];
    kvStore *kv;         /* the leases */
    uint64_t id;         /* this dealer process, random */
    uint64_t epoch;      /* also random: in every view; a beat must carry it to count */
    uint8_t lease_key[SEAL_KEY]; /* the leases' tags (derived from the record key) */
    LogLimit junk_log;   /* the dealer's thread's lines about junk */
    unsigned long long rec_count; /* for the records' message ids (deduplication) */
    bool any_lost; /* a table was found lost: dropped after the current event */
    long long next_renew;
    int renew_slice; /* the slot renewed next */
    /* The scanner (a thread of its own: the stream's list of tables is a round trip that
     * takes tens of milliseconds with a thousand tables, too long for the dealer's thread). */
    jsCtx *js_scan;
    pthread_t scanner;
    pthread_mutex_t scan_lock;
    pthread_cond_t scan_cond;
    bool scan_stop;
    atomic_bool scan_queued; /* a list is waiting in the queue: no other is made */
    kvStore *kv_scan;        /* the scanner's own handle on the leases */
    ScanItem *scan_todo;     /* the listed subjects of tables the dealer does not serve, */
    int scan_todo_n;         /* handed back to the scanner to look into */
    SealKeys keys;
    uint8_t record_key[SEAL_KEY];
    uint8_t lobby_hash[SEAL_KEY]; /* the empty request's: lobby entries are signed with it */
    NetLimits lim;                /* the limits in force (limits.h) */
    NetRateMap *creates;          /* table requests per client key, for creates_per_minute */
    DTable **tables;
    int n_tables, cap_tables;
    unsigned long long actions; /* applied, chance included */
    /* the event queue */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    Event *head, *tail;
    pthread_t thread;
    /* the bots' workers */
    pthread_mutex_t bot_lock;
    pthread_cond_t bot_cond;
    DBotJob *jobs, *jobs_tail; /* first in, first out (a table has one at a time) */
    int slow_running;          /* workers busy with a slow job */
    bool bot_stop;
    pthread_t workers[8];
    int n_workers;
    uint8_t buf[WIRE_MAX + SEAL_OVERHEAD + 64], buf2[WIRE_MAX + SEAL_OVERHEAD + 64];
};

static void say(const Dealer *d, const char *fmt, const char *code, const char *what)
{
    if (d->cfg.verbose)
        fprintf(stderr, fmt, code, what);
}

/* A line about junk, unless JUNK_LINES were written in the last minute (then it is counted,
 * and the count told with the next line written). */
static void junk_say(LogLimit *l, const char *fmt, ...)
{
    long long now = clock_now_ns();
    if (now - l->window > JUNK_WINDOW_NS) {
        if (l->hidden)
            fprintf(stderr, "tasca serve: (%d more lines about junk were not shown)\n", l->hidden);
        l->window = now;
        l->lines = l->hidden = 0;
    }
    if (l->lines >= JUNK_LINES) {
        l->hidden++;
        return;
    }
    l->lines++;
    va_list ap;
    va_start(ap, fmt);
    fputs("tasca serve: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

/* ---- the queue ---- */

static void push(Dealer *d, Event *e)
{
    pthread_mutex_lock(&d->lock);
    if (d->tail)
        d->tail->next = e;
    else
        d->head = e;
    d->tail = e;
    pthread_cond_signal(&d->cond);
    pthread_mutex_unlock(&d->lock);
}

static void on_msg(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    (void)sub;
    Dealer *d = closure;
    int len = natsMsg_GetDataLength(msg);
    Event *e = calloc(1, sizeof *e);
    if (e && len <= WIRE_MAX + SEAL_OVERHEAD + 64 && (e->data = malloc((size_t)len + 1))) {
        e->kind = EV_MSG;
        e->len = len;
        memcpy(e->data, natsMsg_GetData(msg), (size_t)len);
        snprintf(e->subject, sizeof e->subject, "%s", natsMsg_GetSubject(msg));
        const char *reply = natsMsg_GetReply(msg);
        snprintf(e->reply, sizeof e->reply, "%s", reply ? reply : "");
        seal_request_hash(e->data, (size_t)len, e->req_hash);
        push(d, e);
    } else {
        free(e);
        /* Oversized (or no memory): refused at once, to the sender only, signed as every
         * answer is. */
        WireMsg r = {.type = MSG_ACK};
        snprintf(r.u.ack.reason, sizeof r.u.ack.reason, "%s", N_("message too long"));
        uint8_t out[WIRE_REASON + 32 + 64], h[SEAL_KEY];
        size_t n = wire_encode(&r, out, sizeof out - 64);
        const char *reply = natsMsg_GetReply(msg);
        seal_request_hash((const uint8_t *)natsMsg_GetData(msg), (size_t)len, h);
        if (n)
            seal_reply_sign(&d->keys, h, out, n, out + n);
        if (n && reply)
            natsConnection_Publish(nc, reply, out, (int)(n + 64));
    }
    natsMsg_Destroy(msg);
}

/* ---- tables ---- */

static DTable *find_table(Dealer *d, const char *code)
{
    for (int i = 0; i < d->n_tables; i++)
        if (strcmp(d->tables[i]->code, code) == 0)
            return d->tables[i];
    return NULL;
}

static void send_bytes(Dealer *d, const char *subject, const uint8_t *data, size_t len)
{
    if (subject && *subject)
        natsConnection_Publish(d->nc, subject, data, (int)len);
}

/* Everything a dealer sends in the clear is an answer to a request or a lobby entry, and is
 * signed with the dealers' key: [message][signature over the request's hash (`req_hash`;
 * the empty request's for the lobby) and the message]. A client that pinned the key
 * believes nothing else (seal_reply_verify). */
static void send_msg(Dealer *d, const char *subject, const uint8_t req_hash[SEAL_KEY],
                     const WireMsg *m)
{
    size_t n = wire_encode(m, d->buf, WIRE_MAX);
    if (!n)
        return;
    seal_reply_sign(&d->keys, req_hash, d->buf, n, d->buf + n);
    send_bytes(d, subject, d->buf, n + 64);
}

/* Appends one entry to the table's record and waits for the store's acknowledgement,
 * retrying while the store is unreachable: nothing is applied that is not recorded.
 * Fenced: the append expects the table's last record to be the one this dealer wrote (or
 * read) last, so a dealer that lost its lease (another resumed the table and wrote) cannot
 * append: the table is marked lost and dropped. Only the dealers' entries fence: when what
 * came after its last is junk (fence_check), the append is made again after it. A message
 * id per record makes a retry after a lost acknowledgement a duplicate, not a second entry. */
/* The record entry in its secret box (in d->buf2) and a message id of its own (the store
 * keeps an entry sent twice under one id once); its length, 0 when it cannot be made. */
static size_t record_bytes(Dealer *d, const MsgRecord *r, char msg_id[64])
{
    WireMsg m = {.type = MSG_RECORD};
    m.u.record = *r;
    uint8_t plain[WIRE_MAX];
    size_t n = wire_encode(&m, plain, sizeof plain);
    if (!n)
        return 0;
    snprintf(msg_id, 64, "%016llx-%llu", (unsigned long long)d->id, ++d->rec_count);
    return seal_box(d->record_key, plain, n, d->buf2);
}

static bool record_sent(Dealer *d, DTable *t, const char *code, const uint8_t *bytes,
                        size_t boxed, const char *msg_id);

/* ---- junk in the record: entries that are not the dealers' ----
 * Anyone who may publish on tasca.rec.> can append to a table's record. An entry counts
 * only when it opens under the dealers' record key, decodes as a record and names the table
 * of its subject, and is not a copy of an entry the table has (the same nonce: a box made
 * once, written again). Anything else is junk: skipped, never the table's state, never a
 * reason to drop it. */

/* An entry's identity: the first bytes of its box's random nonce (a copy has the same). */
static uint64_t entry_id(const uint8_t *box)
{
    uint64_t v;
    memcpy(&v, box, sizeof v);
    return v;
}

static bool entry_known(const DTable *t, uint64_t id)
{
    for (int i = t->n_entries - 1; i >= 0; i--)
        if (t->entries[i] == id)
            return true;
    return false;
}

static void entry_add(DTable *t, const uint8_t *box)
{
    if (t->n_entries == t->cap_entries) {
        int cap = t->cap_entries ? 2 * t->cap_entries : 64;
        uint64_t *p = realloc(t->entries, (size_t)cap * sizeof *p);
        if (!p)
            return; /* a copy of it would then look like another dealer's entry: the fence */
        t->entries = p;
        t->cap_entries = cap;
    }
    t->entries[t->n_entries++] = entry_id(box);
}

/* The table code of a record subject ("tasca.rec.<code>"), NULL when it has none. */
static const char *rec_code(const char *subject)
{
    const char *prefix = "tasca.rec.";
    size_t n = strlen(prefix);
    return subject && strncmp(subject, prefix, n) == 0 && wire_code_valid(subject + n)
               ? subject + n
               : NULL;
}

/* Does this message of tasca.rec.<code> open as a record of table `code` under the dealers'
 * record key? The record in *r. */
static bool open_entry(const uint8_t key[SEAL_KEY], const char *code, const uint8_t *data,
                       size_t len, MsgRecord *r)
{
    uint8_t plain[WIRE_MAX];
    if (len <= SEAL_BOX_OVERHEAD || len - SEAL_BOX_OVERHEAD > sizeof plain)
        return false;
    size_t n = seal_unbox(key, data, len, plain);
    WireMsg m;
    if (!n || wire_decode(plain, n, &m) || m.type != MSG_RECORD ||
        strcmp(m.u.record.code, code) != 0)
        return false;
    *r = m.u.record;
    return true;
}

/* Hands fn the messages of the record stream on `subject` (a table's, or every table's with
 * "tasca.rec.>") from sequence `from` on (0: from the start) up to sequence `last`, until fn
 * says to stop (false). *upto: the sequence of the last one given (0: none). False when the
 * stream cannot be read. */
typedef bool (*EntryFn)(Dealer *d, void *ctx, uint64_t seq, const char *subject,
                        const uint8_t *data, size_t len);

static bool read_subject(Dealer *d, jsCtx *js, const char *subject, uint64_t from,
                         uint64_t last, int wait_ms, EntryFn fn, void *ctx, uint64_t *upto)
{
    natsSubscription *sub = NULL;
    jsSubOptions so;
    jsSubOptions_Init(&so);
    so.Config.DeliverPolicy = from > 1 ? js_DeliverByStartSequence : js_DeliverAll;
    so.Config.OptStartSeq = from > 1 ? from : 0;
    so.Config.AckPolicy = js_AckNone;
    so.Stream = NET_STREAM;
    jsErrCode jerr = 0;
    *upto = 0;
    if (js_SubscribeSync(&sub, js, subject, NULL, &so, &jerr) != NATS_OK)
        return false;
    for (;;) {
        natsMsg *msg = NULL;
        if (natsSubscription_NextMsg(&msg, sub, wait_ms) != NATS_OK)
            break;
        jsMsgMetaData *meta = NULL;
        uint64_t seq = 0;
        if (natsMsg_GetMetaData(&meta, msg) == NATS_OK) {
            seq = meta->Sequence.Stream;
            jsMsgMetaData_Destroy(meta);
        }
        bool more = fn(d, ctx, seq, natsMsg_GetSubject(msg),
                       (const uint8_t *)natsMsg_GetData(msg),
                       (size_t)natsMsg_GetDataLength(msg));
        natsMsg_Destroy(msg);
        if (seq > *upto)
            *upto = seq;
        if (!more || seq >= last)
            break;
    }
    natsSubscription_Unsubscribe(sub);
    natsSubscription_Destroy(sub);
    return true;
}

/* What the entries after a refused append's expectation are. */
enum {
    FENCE_JUNK,    /* junk only: skipped (rec_seq past them), the append is made again */
    FENCE_OURS,    /* ...and the entry being appended among them (an earlier try was stored) */
    FENCE_HELD,    /* an entry of the dealers' for this table: another dealer wrote it */
    FENCE_UNKNOWN  /* the store cannot tell now */
};

typedef struct {
    DTable *t;
    uint64_t mine;
    bool have_mine, found_mine, foreign;
    int junk;
    uint64_t first_junk;
} FenceRead;

static bool fence_entry(Dealer *d, void *ctx, uint64_t seq, const char *subject,
                        const uint8_t *data, size_t len)
{
    (void)subject;
    FenceRead *f = ctx;
    MsgRecord r;
    if (open_entry(d->record_key, f->t->code, data, len, &r)) {
        uint64_t id = entry_id(data);
        if (f->have_mine && id == f->mine) {
            f->found_mine = true;
            return true;
        }
        if (!entry_known(f->t, id)) {
            f->foreign = true;
            return false;
        }
    }
    if (!f->junk++)
        f->first_junk = seq;
    return true;
}

/* The store refused an append to t's record: the last entry on its subject is not
 * t->rec_seq. The fence is on the dealers' entries only: the entries after rec_seq are read,
 * and when none is an entry of this table under the dealers' key (other than `mine`, the one
 * being appended, or copies of known ones), they are junk: rec_seq moves past them and the
 * append is made again. */
static int fence_check(Dealer *d, DTable *t, const uint8_t *mine)
{
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.rec.%s", t->code);
    natsMsg *lastmsg = NULL;
    jsErrCode jerr = 0;
    natsStatus s = js_GetLastMsg(&lastmsg, d->js, NET_STREAM, subject, NULL, &jerr);
    if (s == NATS_NOT_FOUND || jerr == JSNoMessageFoundErr)
        return FENCE_HELD; /* its record is gone (purged): not this dealer's to write any more */
    if (s != NATS_OK)
        return FENCE_UNKNOWN;
    uint64_t last = natsMsg_GetSequence(lastmsg);
    natsMsg_Destroy(lastmsg);
    if (last < t->rec_seq)
        return FENCE_HELD; /* entries it wrote are gone */
    if (last == t->rec_seq)
        return FENCE_JUNK; /* nothing after its last: again */
    FenceRead f = {.t = t, .have_mine = mine != NULL, .mine = mine ? entry_id(mine) : 0};
    uint64_t upto = 0;
    if (!read_subject(d, d->js, subject, t->rec_seq + 1, last, 2000, fence_entry, &f, &upto))
        return FENCE_UNKNOWN;
    if (f.foreign)
        return FENCE_HELD;
    if (upto < last)
        return FENCE_UNKNOWN;
    if (f.junk)
        junk_say(&d->junk_log,
                 "table %s: %d entries of its record are not the dealers' (the first at %llu); "
                 "skipped\n",
                 t->code, f.junk, (unsigned long long)f.first_junk);
    t->rec_seq = last;
    return f.found_mine ? FENCE_OURS : FENCE_JUNK;
}

static bool record(Dealer *d, DTable *t, const MsgRecord *r)
{
    if (t->lost)
        return false;
    char msg_id[64];
    size_t boxed = record_bytes(d, r, msg_id);
    return boxed && record_sent(d, t, r->code, d->buf2, boxed, msg_id);
}

/* The waiting part of record(), for bytes already made. */
static bool record_sent(Dealer *d, DTable *t, const char *code, const uint8_t *bytes,
                        size_t boxed, const char *msg_id)
{
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.rec.%s", code);
    jsPubOptions po;
    jsPubOptions_Init(&po);
    po.MsgId = msg_id;
    po.ExpectLastSubjectSeq = t->rec_seq; /* 0 (a new table): no expectation */
    for (int attempt = 0; attempt < 600; attempt++) {
        jsErrCode jerr = 0;
        jsPubAck *ack = NULL;
        natsStatus s = js_Publish(&ack, d->js, subject, bytes, (int)boxed, &po, &jerr);
        if (s == NATS_OK) {
            t->rec_seq = ack->Sequence;
            jsPubAck_Destroy(ack);
            entry_add(t, bytes);
            return true;
        }
        jsPubAck_Destroy(ack);
        if (jerr == JSStreamWrongLastSequenceErr) {
            int f = fence_check(d, t, bytes);
            if (f == FENCE_OURS) {
                entry_add(t, bytes);
                return true;
            }
            if (f == FENCE_JUNK) { /* past the junk: again at once */
                po.ExpectLastSubjectSeq = t->rec_seq;
                continue;
            }
            if (f == FENCE_HELD) {
                fprintf(stderr,
                        "tasca serve: table %s: another dealer wrote its record; dropped\n",
                        t->code);
                t->lost = t->fenced = d->any_lost = true;
                return false;
            }
        }
        if (t->lease_at && clock_now_ns() - t->lease_at > LEASE_TTL_NS) {
            fprintf(stderr, "tasca serve: table %s: no store for longer than the lease; "
                            "dropped\n", t->code);
            t->lost = d->any_lost = true;
            return false;
        }
        if (attempt == 0)
            fprintf(stderr, "tasca serve: the record store does not answer (%s); retrying\n",
                    natsStatus_GetText(s));
        nats_Sleep(100);
    }
    return false;
}

static bool bot_seat(const DTable *t, int seat)
{
    return seat >= 0 && t->spec.seats[seat].kind == WSEAT_BOT;
}

/* A seat whose moves the dealer makes: a bot's seat, or a player's it stands in for. */
static bool plays_bot(const DTable *t, int seat)
{
    return bot_seat(t, seat) || (seat >= 0 && t->seat[seat].stand_in);
}

static uint8_t seat_state(const DTable *t, int s)
{
    const DSeat *st = &t->seat[s];
    return bot_seat(t, s)   ? WSTATE_BOT
           : !st->taken     ? WSTATE_EMPTY
           : st->stand_in   ? WSTATE_STAND_IN
           : st->away_since ? WSTATE_AWAY
                            : WSTATE_PLAYER;
}

/* Whole seconds (rounded up) before a bot stands in for an away seat; 0 otherwise, and
 * always 0 at a table that never stands in (away_seconds 0). */
static uint16_t away_left(const DTable *t, int s, long long now)
{
    const DSeat *st = &t->seat[s];
    if (!st->away_since || st->stand_in || !t->spec.away_seconds)
        return 0;
    long long left = (long long)t->spec.away_seconds * 1000000000LL - (now - st->away_since);
    return left <= 0 ? 0 : (uint16_t)((left + 999999999LL) / 1000000000LL);
}

static void publish_table(Dealer *d, const DTable *t, const char *to)
{
    long long now = clock_now_ns();
    WireMsg m = {.type = MSG_TABLE};
    MsgTable *o = &m.u.table;
    snprintf(o->code, sizeof o->code, "%s", t->code);
    snprintf(o->game, sizeof o->game, "%s", t->spec.game);
    o->num_players = t->spec.num_players;
    o->n_options = t->spec.n_options;
    memcpy(o->options, t->spec.options, sizeof o->options);
    o->game_no = t->game;
    o->seq = (uint32_t)t->m->history_len;
    o->over = match_is_over(t->m);
    o->fixed = t->fixed;
    double r[RULES_MAX_PLAYERS] = {0};
    if (o->over)
        t->m->rules->returns(t->m->state, r);
    for (int s = 0; s < t->spec.num_players; s++) {
        WireSeatInfo *si = &o->seats[s];
        si->state = seat_state(t, s);
        si->difficulty =
            si->state == WSTATE_STAND_IN ? (uint8_t)STAND_IN_LEVEL : t->spec.seats[s].difficulty;
        si->away_left = away_left(t, s, now);
        snprintf(si->name, sizeof si->name, "%s", t->seat[s].name);
        o->result[s] = (int8_t)(r[s] > 0 ? 1 : r[s] < 0 ? -1 : 0);
        si->again = o->over && (bot_seat(t, s) || t->again[s]);
    }
    char subject[64];
    if (!to) {
        snprintf(subject, sizeof subject, "tasca.lobby.%s", t->code);
        to = subject;
    }
    if (!t->spec.unlisted) {
        send_msg(d, to, d->lobby_hash, &m);
        return;
    }
    /* A private table's news, signed as any, then in a secret box under its invitation's
     * key: only those invited read them (and never in a list: handle_msg). */
    size_t n = wire_encode(&m, d->buf, WIRE_MAX);
    if (!n)
        return;
    seal_reply_sign(&d->keys, d->lobby_hash, d->buf, n, d->buf + n);
    uint8_t key[WIRE_HASH];
    invite_news_key(t->spec.invite, key);
    size_t boxed = seal_box(key, d->buf, n + 64, d->buf2);
    sodium_memzero(key, sizeof key);
    if (boxed)
        send_bytes(d, to, d->buf2, boxed);
}

/* Can `seat` know action `a` that took `before` to the table's state? Only when no
 * other choice open at `before` would have shown it the same view: then it could tell
 * the action anyway. A card played face down or dealt to another hand stays hidden. */
static bool action_visible(const DTable *t, const void *before, const void *view_after,
                           int seat, Action a)
{
    const GameRules *g = t->m->rules;
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = g->current_player(before) == PLAYER_CHANCE ? g->chance_outcomes(before, acts, w)
                                                       : g->legal_actions(before, acts);
    uint8_t *s = malloc(g->state_size), *v = malloc(g->state_size);
    bool visible = s && v;
    for (int i = 0; visible && i < n; i++) {
        if (acts[i] == a)
            continue;
        memcpy(s, before, g->state_size);
        if (g->apply(s, acts[i]))
            continue;
        g->observe(s, seat, v);
        visible = memcmp(v, view_after, g->state_size) != 0;
    }
    free(s);
    free(v);
    return visible;
}

/* The seat's session keys, made once for its box key (NULL: the key is not a valid one). */
static const SealSession *session_of(const Dealer *d, DSeat *st)
{
    if (!st->have_ses || memcmp(st->ses_box, st->box, WIRE_KEY) != 0) {
        st->have_ses = seal_session_dealer(&d->keys, st->box, &st->ses);
        memcpy(st->ses_box, st->box, WIRE_KEY);
    }
    return st->have_ses ? &st->ses : NULL;
}

static void publish_view(Dealer *d, DTable *t, int seat, const void *before, int player,
                         Action a, const char *to)
{
    if (!t->seat[seat].taken)
        return;
    const GameRules *g = t->m->rules;
    uint8_t *view = malloc(g->state_size);
    if (!view)
        return;
    g->observe(t->m->state, seat, view);
    WireMsg m = {.type = MSG_VIEW};
    MsgView *v = &m.u.view;
    snprintf(v->code, sizeof v->code, "%s", t->code);
    v->seat = (int8_t)seat;
    v->game_no = t->game;
    v->seq = (uint32_t)t->m->history_len;
    v->last_player = (int8_t)(before ? player : -3);
    v->last_action = before && (player == seat || action_visible(t, before, view, seat, a))
                         ? a
                         : WIRE_ACTION_HIDDEN;
    v->next_seq = t->seat[seat].next_seq;
    v->view_len = (uint32_t)g->state_size;
    v->view = view;
    v->epoch = d->epoch;
    uint8_t *proof = NULL;
    if (!t->fixed && t->dealt && match_is_over(t->m) && (proof = malloc(WIRE_MAX))) {
        /* The game is over: its proof, for the seat to check every card it was shown. */
        uint8_t h[WIRE_HASH], rands[RULES_MAX_PLAYERS][WIRE_HASH];
        deal_secret(t->top, t->game, h);
        for (int s = 0; s < t->spec.num_players; s++)
            memcpy(rands[s], t->seat[s].rand, WIRE_HASH);
        v->proof_len = (uint32_t)deal_proof_encode(h, t->spec.num_players, rands[0],
                                                   t->m->history_player, t->m->history,
                                                   t->m->history_len, proof, WIRE_MAX);
        v->proof = proof;
    }
    uint8_t plain[WIRE_MAX];
    size_t n = wire_encode(&m, plain, sizeof plain);
    free(view);
    free(proof);
    if (!n)
        return;
    const SealSession *ses = session_of(d, &t->seat[seat]);
    size_t sealed = ses ? seal_box(ses->tx, plain, n, d->buf2) : 0;
    char subject[64];
    if (!to) {
        snprintf(subject, sizeof subject, "tasca.t.%s.v.%d", t->code, seat);
        to = subject;
    }
    if (sealed)
        send_bytes(d, to, d->buf2, sealed);
}

/* Every seat for a person has been taken once: the game starts (the deal is done at
 * creation, but no bot plays a card before the players have sat down). */
static bool everyone_seated(const DTable *t)
{
    for (int s = 0; s < t->spec.num_players; s++)
        if (t->spec.seats[s].kind != WSEAT_BOT && !t->seat[s].taken)
            return false;
    return true;
}

static void maybe_start_bot(Dealer *d, DTable *t)
{
    int p = match_current_player(t->m);
    if (t->bot_pending || t->pend || !plays_bot(t, p) || !everyone_seated(t))
        return;
    DBotJob *j = calloc(1, sizeof *j);
    if (!j || !(j->view = malloc(t->m->rules->state_size))) {
        free(j);
        return;
    }
    snprintf(j->code, sizeof j->code, "%s", t->code);
    j->rules = t->m->rules;
    j->level = bot_seat(t, p) ? (Difficulty)t->spec.seats[p].difficulty : STAND_IN_LEVEL;
    j->seat = p;
    j->at = (uint32_t)t->m->history_len;
    j->gen = t->bot_gen;
    j->seed = rng_mix(t->m->seed ^ 0xB07B07B07ULL, (uint64_t)t->m->history_len);
    j->limit = t->m->limit[p];
    j->slow = j->level == DIFF_HARD;
    t->m->rules->observe(t->m->state, p, j->view);
    t->bot_pending = true;
    t->bot_for = p;
    pthread_mutex_lock(&d->bot_lock);
    if (d->jobs_tail)
        d->jobs_tail->next = j;
    else
        d->jobs = j;
    d->jobs_tail = j;
    pthread_cond_broadcast(&d->bot_cond);
    pthread_mutex_unlock(&d->bot_lock);
}

/* Applies a recorded action, then the deals it leads to, publishing each step's views. */
static void apply_and_publish(Dealer *d, DTable *t, int player, Action a)
{
    const GameRules *g = t->m->rules;
    void *before = malloc(g->state_size);
    if (!before)
        return;
    for (;;) {
        memcpy(before, t->m->state, g->state_size);
        if (match_apply(t->m, a) != NULL)
            break; /* checked before it was recorded: a rules defect */
        d->actions++;
        for (int s = 0; s < t->spec.num_players; s++)
            publish_view(d, t, s, before, player, a, NULL);
        if (match_current_player(t->m) != PLAYER_CHANCE)
            break;
        player = PLAYER_CHANCE;
        a = match_next_chance(t->m);
    }
    free(before);
    if (match_is_over(t->m)) {
        t->over_at = clock_now_ns();
        publish_table(d, t, NULL);
    }
    maybe_start_bot(d, t);
}

/* ---- play again at the same table ---- */

static Match *make_match(const MsgCreate *spec, uint64_t seed, char *err, size_t errsize);
static uint64_t table_seed(const Dealer *d, const DTable *t, unsigned game);
static const char *record_async(Dealer *d, DTable *t, const MsgRecord *r, const Event *from);

/* A seat for a person at the table (not every seat a bot's). */
static bool has_person_seat(const DTable *t)
{
    for (int s = 0; s < t->spec.num_players; s++)
        if (!bot_seat(t, s))
            return true;
    return false;
}

/* Every seat has asked for the next game: a bot's seat always has, a person's once its
 * player said so. */
static bool all_again(const DTable *t)
{
    for (int s = 0; s < t->spec.num_players; s++)
        if (!bot_seat(t, s) && !t->again[s])
            return false;
    return true;
}

/* Game number `game` begins at the table: a new match dealt from its own seed. The seats,
 * their keys, names and sequence numbers stay. False (the table as it was) when the match
 * cannot be made. */
static bool start_game(Dealer *d, DTable *t, unsigned game)
{
    char err[MATCH_ERR];
    Match *m = make_match(&t->spec, table_seed(d, t, game), err, sizeof err);
    if (!m)
        return false;
    match_free(t->m);
    t->m = m;
    t->game = (uint16_t)game;
    memset(t->again, 0, sizeof t->again);
    t->over_at = 0;
    t->bot_pending = false;
    t->bot_gen++; /* a decision asked during the last game is dropped when it comes */
    match_play_chance(t->m);
    return true;
}

/* Once the game is over and every seat has asked, the next one is recorded (REC_NEXT),
 * then dealt, and every seat gets its first view. A record that cannot be written leaves
 * the table as it is: the sweep tries again. */
static void maybe_next_game(Dealer *d, DTable *t)
{
    if (!match_is_over(t->m) || !all_again(t) || t->pend || t->lost || t->closed ||
        t->game + 1 >= (t->fixed ? UINT16_MAX : DEAL_GAMES))
        return;
    if (!has_person_seat(t) && d->lim.bot_games && t->game + 1 >= d->lim.bot_games)
        return; /* nobody watches a table of bots play for ever: it stops, then closes */
    MsgRecord r = {.kind = REC_NEXT, .n = (uint32_t)t->game + 1};
    snprintf(r.code, sizeof r.code, "%s", t->code);
    record_async(d, t, &r, NULL); /* dealt when the store has it (next_recorded) */
}

/* A new game has begun at the table: its record is compacted, so that a dealer that resumes
 * it reads only what it needs. A checkpoint is appended (the table's REC_OPEN, each taken
 * seat's REC_SEAT with its next sequence number, the game's REC_NEXT again), then every
 * entry before it is purged. Replayed after the entries it stands for (a dealer stopped
 * before the purge), the checkpoint changes nothing; alone, it is the table as the game
 * begins. A checkpoint or purge that fails leaves the record longer, no less right. */
static void compact_record(Dealer *d, DTable *t)
{
    MsgRecord open = {.kind = REC_OPEN, .open = t->spec};
    snprintf(open.code, sizeof open.code, "%s", t->code);
    memcpy(open.secret, t->top, WIRE_HASH);
    uint64_t before = t->rec_seq;
    if (!record(d, t, &open))
        return;
    uint64_t first = t->rec_seq;
    for (int s = 0; s < t->spec.num_players; s++) {
        const DSeat *st = &t->seat[s];
        if (!st->taken)
            continue;
        MsgRecord r = {.kind = REC_SEAT, .seat = (int8_t)s, .stamp = st->join_stamp,
                       .seq = st->next_seq};
        snprintf(r.code, sizeof r.code, "%s", t->code);
        snprintf(r.name, sizeof r.name, "%s", st->name);
        memcpy(r.sign_key, st->sign, WIRE_KEY);
        memcpy(r.box_key, st->box, WIRE_KEY);
        memcpy(r.rand, st->rand, WIRE_HASH);
        if (!record(d, t, &r))
            return;
    }
    MsgRecord next = {.kind = REC_NEXT, .n = t->game};
    snprintf(next.code, sizeof next.code, "%s", t->code);
    if (!record(d, t, &next) || first <= before)
        return;
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.rec.%s", t->code);
    jsOptions o;
    jsOptions_Init(&o);
    o.Stream.Purge.Subject = subject;
    o.Stream.Purge.Sequence = first; /* every entry before the checkpoint */
    jsErrCode jerr = 0;
    if (js_PurgeStream(d->js, NET_STREAM, &o, &jerr) == NATS_OK)
        say(d, "tasca serve: table %s: %s\n", t->code, "its record compacted");
}

/* The store has the next game's REC_NEXT: it is dealt and every seat gets its first view. */
static void next_recorded(Dealer *d, DTable *t, unsigned game)
{
    if (!start_game(d, t, game))
        return;
    compact_record(d, t);
    if (t->lost)
        return; /* another dealer wrote its record meanwhile: dropped */
    if (d->cfg.verbose)
        fprintf(stderr, "tasca serve: table %s: game %u begins\n", t->code, game + 1);
    for (int s = 0; s < t->spec.num_players; s++)
        publish_view(d, t, s, NULL, -3, 0, NULL);
    publish_table(d, t, NULL);
    maybe_start_bot(d, t);
}

static void seat_here(Dealer *d, DTable *t, int s);
static void ack_to(Dealer *d, const char *reply, const uint8_t req_hash[SEAL_KEY], bool ok,
                   uint32_t seq, uint32_t applied, const char *why);

static void pending_free(Pending *p)
{
    if (p) {
        free(p->bytes);
        free(p);
    }
}

/* The store has the pending action's record: it is applied and published, and its sender
 * answered. */
static void action_recorded(Dealer *d, DTable *t, uint64_t rec_seq)
{
    Pending *p = t->pend;
    t->pend = NULL;
    t->rec_seq = rec_seq;
    const MsgRecord *r = &p->r;
    if (r->kind == REC_NEXT) {
        next_recorded(d, t, r->n);
        pending_free(p);
        return;
    }
    if (r->seq) /* a player's; the dealer's own bots (and stand-ins) send 0 */
        t->seat[r->player].next_seq = r->seq + 1;
    if (r->action == WIRE_ACTION_AGAIN) { /* a seat asks for the next game */
        t->again[r->player] = true;
        say(d, "tasca serve: table %s: %s asks to play again\n", t->code, t->seat[r->player].name);
        if (p->reply[0]) {
            seat_here(d, t, r->player);
            ack_to(d, p->reply, p->req_hash, true, r->seq, (uint32_t)t->m->history_len, NULL);
        }
        pending_free(p);
        publish_table(d, t, NULL);
        maybe_next_game(d, t);
        return;
    }
    if (d->cfg.verbose)
        fprintf(stderr, "tasca serve: table %s: action %d by seat %d (seq %u)\n", t->code,
                t->m->history_len, r->player, r->seq);
    apply_and_publish(d, t, r->player, r->action);
    if (p->reply[0]) {
        seat_here(d, t, r->player);
        ack_to(d, p->reply, p->req_hash, true, r->seq, (uint32_t)t->m->history_len, NULL);
    }
    pending_free(p);
}

/* ...or it could not be written: nothing is applied, and the sender may try again (a
 * table lost to another dealer is not answered for: its holder answers the next try). */
static void action_unrecorded(Dealer *d, DTable *t)
{
    Pending *p = t->pend;
    t->pend = NULL;
    if (p->reply[0] && !t->lost)
        ack_to(d, p->reply, p->req_hash, false, p->r.seq, (uint32_t)t->m->history_len,
               N_("the table's record cannot be written; try again"));
    pending_free(p);
    if (!t->lost)
        maybe_start_bot(d, t); /* a bot's action is asked again */
}

/* The pending record the waiting way (the same entry, under the same id). */
static void action_record_again(Dealer *d, DTable *t)
{
    Pending *p = t->pend;
    if (record_sent(d, t, t->code, p->bytes, p->len, p->msg_id))
        action_recorded(d, t, t->rec_seq);
    else
        action_unrecorded(d, t);
}

/* A player's (or a bot's) action: checked, then its record sent to the store without
 * waiting; it is applied, published and answered (the request `from`, if any) when the
 * store has it (action_recorded). NULL, or why it is refused at once. */
static const char *take_action(Dealer *d, DTable *t, int seat, Action a, uint32_t seq,
                               const Event *from)
{
    if (a == WIRE_ACTION_AGAIN) {
        if (!match_is_over(t->m))
            return N_("the game is not over yet");
    } else {
        if (match_is_over(t->m))
            return N_("the game is over");
        if (match_current_player(t->m) != seat)
            return N_("it is not this seat's turn");
        if (!everyone_seated(t))
            return N_("wait: not everyone has sat down yet");
        const char *why = match_check(t->m, a);
        if (why)
            return why;
    }
    if (t->lost)
        return N_("the table's record cannot be written; try again");
    MsgRecord r = {.kind = REC_ACTION, .n = (uint32_t)t->m->history_len,
                   .player = (int8_t)seat, .action = a, .seq = seq, .game = t->game};
    snprintf(r.code, sizeof r.code, "%s", t->code);
    return record_async(d, t, &r, from);
}

/* Sends the record entry to the store without waiting; what it records is done when the
 * store has it (action_recorded). NULL, or why it could not even be sent. */
static const char *record_async(Dealer *d, DTable *t, const MsgRecord *r, const Event *from)
{
    Pending *p = calloc(1, sizeof *p);
    if (p) {
        p->r = *r;
        snprintf(p->reply, sizeof p->reply, "%s", from ? from->reply : "");
        if (from)
            memcpy(p->req_hash, from->req_hash, SEAL_KEY);
        p->len = record_bytes(d, &p->r, p->msg_id);
    }
    if (!p || !p->len || !(p->bytes = malloc(p->len))) {
        pending_free(p);
        return N_("the table's record cannot be written; try again");
    }
    memcpy(p->bytes, d->buf2, p->len);
    t->pend = p;
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.rec.%s", t->code);
    jsPubOptions po;
    jsPubOptions_Init(&po);
    po.MsgId = p->msg_id;
    po.ExpectLastSubjectSeq = t->rec_seq;
    po.MaxWait = 2000; /* then its answer is a time-out, and it is sent again, waiting */
    natsMsg *msg = NULL;
    if (natsMsg_Create(&msg, subject, NULL, (const char *)p->bytes, (int)p->len) != NATS_OK ||
        js_PublishMsgAsync(d->js_rec, &msg, &po) != NATS_OK) {
        natsMsg_Destroy(msg);
        action_record_again(d, t); /* not even on its way: the waiting way at once */
    }
    return NULL;
}

/* A sign of life from the seat's own key: it is here, and an away seat is handed back at
 * once (a decision its stand-in is still making is dropped when it comes). */
static void seat_here(Dealer *d, DTable *t, int s)
{
    DSeat *st = &t->seat[s];
    st->last_seen = clock_now_ns();
    if (!st->away_since)
        return;
    if (st->stand_in && t->bot_pending && t->bot_for == s) {
        t->bot_pending = false;
        t->bot_gen++;
    }
    st->away_since = 0;
    st->stand_in = false;
    st->shown_left = 0;
    say(d, "tasca serve: table %s: %s is back\n", t->code, st->name);
    publish_table(d, t, NULL);
}

static long long wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000LL + ts.tv_nsec / 1000000L;
}

/* [seat][MsgHere in a box under the seat's session key]: counts only when made with the
 * keys that hold the seat, newer than the seat's last beat and near the dealer's clock.
 * Nothing is answered; a seat whose latest view is behind the table (one lost on the way,
 * or a rejoin after a dropped link that did not get through) is sent its view again. */
static void handle_here(Dealer *d, DTable *t, const Event *e)
{
    uint8_t plain[128];
    WireMsg m;
    if (e->len <= 1 + SEAL_BOX_OVERHEAD || (size_t)e->len - 1 > sizeof plain + SEAL_BOX_OVERHEAD ||
        e->data[0] >= t->spec.num_players || !t->seat[e->data[0]].taken)
        return;
    const SealSession *ses = session_of(d, &t->seat[e->data[0]]);
    size_t n = ses ? seal_unbox(ses->rx, e->data + 1, (size_t)e->len - 1, plain) : 0;
    if (!n || wire_decode(plain, n, &m) || m.type != MSG_HERE)
        return; /* not made with the seat's keys */
    const MsgHere *h = &m.u.here;
    if (strcmp(h->code, t->code) != 0 || h->seat != e->data[0])
        return;
    DSeat *st = &t->seat[h->seat];
    if (h->epoch != d->epoch) {
        /* Made before this dealer started (its client has not had a view from it yet), or
         * copied off the wire then: no sign of life. The seat's view goes to it (at most once
         * a second), whose epoch its next beat carries. */
        long long t_ns = clock_now_ns();
        if (!bot_seat(t, h->seat) && t_ns - st->resent_at >= SEC_NS) {
            st->resent_at = t_ns;
            publish_view(d, t, h->seat, NULL, -3, 0, NULL);
        }
        return;
    }
    uint64_t now = (uint64_t)wall_ms();
    if (bot_seat(t, h->seat) || h->stamp <= st->last_stamp || h->stamp > now + HERE_WINDOW_MS ||
        h->stamp + HERE_WINDOW_MS < now)
        return; /* a bot's seat, or a beat copied and sent again, or from another time */
    st->last_stamp = h->stamp;
    seat_here(d, t, h->seat);
    if (h->game_no < t->game || (h->game_no == t->game && h->seen < (uint32_t)t->m->history_len)) {
        say(d, "tasca serve: table %s: %s is behind; its view sent again\n", t->code, st->name);
        publish_view(d, t, h->seat, NULL, -3, 0, NULL);
    }
}

/* Four times a second: who went silent, whose away clock ran out, what the lobby shows. */
static void presence(Dealer *d)
{
    long long now = clock_now_ns();
    for (int i = 0; i < d->n_tables; i++) {
        DTable *t = d->tables[i];
        if (t->over_at || match_is_over(t->m))
            continue;
        bool changed = false, stand_in = false;
        for (int s = 0; s < t->spec.num_players; s++) {
            DSeat *st = &t->seat[s];
            if (!st->taken || bot_seat(t, s) || st->stand_in)
                continue;
            if (!st->away_since && now - st->last_seen >= HERE_GRACE_NS) {
                st->away_since = now;
                changed = true;
                say(d, "tasca serve: table %s: %s is away\n", t->code, st->name);
            }
            if (!st->away_since)
                continue;
            if (t->spec.away_seconds &&
                now - st->away_since >= (long long)t->spec.away_seconds * 1000000000LL) {
                st->stand_in = stand_in = changed = true;
                st->shown_left = 0;
                say(d, "tasca serve: table %s: a bot stands in for %s\n", t->code, st->name);
            } else if (away_left(t, s, now) != st->shown_left) {
                st->shown_left = away_left(t, s, now);
                changed = true;
            }
        }
        if (changed)
            publish_table(d, t, NULL);
        if (stand_in)
            maybe_start_bot(d, t);
    }
}

/* ---- leases: which dealer serves which table ----
 * Key = table code in the KV bucket NET_LEASE_BUCKET, value = who holds it (lease_make). The
 * bucket's TTL (NET_LEASE_TTL_MS) expires a lease its owner stopped renewing (a dealer
 * that died); a live dealer renews each of its leases every RENEW_NS with a compare-and-set
 * on the revision it wrote last. Anyone who may write the bucket can write a key: only a
 * value made with the dealers' key, lately, says a dealer holds the table. */

/* A lease's value: "<dealer id: 16 hex> <stamp: the writer's clock, ms> <tag: 64 hex>", the
 * tag (seal_tag) over "<code> <id> <stamp>" under a key derived from the dealers' record
 * key, so only a holder of the dealers' key file makes one that checks. No host name or pid
 * (players read the leases): those are in the dealer's own log. */
static size_t lease_make(const uint8_t key[SEAL_KEY], uint64_t id, const char *code,
                         long long stamp_ms, char *out, size_t size)
{
    char head[48], msg[WIRE_CODE + 48], hex[2 * SEAL_TAG + 1];
    snprintf(head, sizeof head, "%016llx %lld", (unsigned long long)id, stamp_ms);
    int n = snprintf(msg, sizeof msg, "%s %s", code, head);
    uint8_t tag[SEAL_TAG];
    seal_tag(key, (const uint8_t *)msg, (size_t)n, tag);
    for (int i = 0; i < SEAL_TAG; i++)
        snprintf(hex + 2 * i, 3, "%02x", tag[i]);
    int len = snprintf(out, size, "%s %s", head, hex);
    return len > 0 && (size_t)len < size ? (size_t)len : 0;
}

size_t net_lease_value(const uint8_t record_key[SEAL_KEY], uint64_t dealer, const char *code,
                       long long stamp_ms, char *out, size_t size)
{
    uint8_t key[SEAL_KEY];
    seal_derive(record_key, "tsclease", 1, key);
    size_t n = lease_make(key, dealer, code, stamp_ms, out, size);
    memset(key, 0, sizeof key);
    return n;
}

/* This dealer's lease of a table, stamped now. */
static size_t lease_value(const Dealer *d, const char *code, char *out, size_t size)
{
    return lease_make(d->lease_key, d->id, code, wall_ms(), out, size);
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Who holds a table by its lease entry. */
enum {
    LEASE_FREE,  /* nobody: a value no dealer made (it does not check under the dealers' key),
                    or a dealer's made long before this write (an old one written again) */
    LEASE_OURS,  /* this dealer process (its id, a value that checks) */
    LEASE_OTHER  /* another dealer: its value checks and was written when it was made */
};

static int lease_owner(const uint8_t key[SEAL_KEY], uint64_t me, const char *code, kvEntry *e)
{
    int len = kvEntry_ValueLen(e);
    const char *v = kvEntry_Value(e);
    char val[160];
    if (!v || len <= 0 || len >= (int)sizeof val)
        return LEASE_FREE;
    memcpy(val, v, (size_t)len);
    val[len] = '\0';
    const char *sp = strrchr(val, ' ');
    unsigned long long id = 0;
    long long stamp = 0;
    if (!sp || strlen(sp + 1) != 2 * SEAL_TAG || sscanf(val, "%16llx %lld", &id, &stamp) != 2)
        return LEASE_FREE;
    char head[48];
    int hn = snprintf(head, sizeof head, "%016llx %lld", id, stamp);
    if (hn != sp - val || memcmp(head, val, (size_t)hn) != 0)
        return LEASE_FREE; /* only the one way of writing it */
    uint8_t tag[SEAL_TAG];
    for (int i = 0; i < SEAL_TAG; i++) {
        int hi = hex_digit(sp[1 + 2 * i]), lo = hex_digit(sp[2 + 2 * i]);
        if (hi < 0 || lo < 0)
            return LEASE_FREE;
        tag[i] = (uint8_t)(hi << 4 | lo);
    }
    char msg[WIRE_CODE + 48];
    int n = snprintf(msg, sizeof msg, "%s %s", code, head);
    if (!seal_tag_ok(key, (const uint8_t *)msg, (size_t)n, tag))
        return LEASE_FREE;
    if (id == me)
        return LEASE_OURS;
    long long written_ms = (long long)(kvEntry_Created(e) / 1000000);
    return llabs(written_ms - stamp) > LEASE_SKEW_MS ? LEASE_FREE : LEASE_OTHER;
}

/* Claims a table's lease: creates the key, or writes over a value nobody holds the table by
 * (compare-and-set on its revision). */
static bool lease_claim(Dealer *d, const char *code, uint64_t *rev)
{
    char v[160];
    size_t n = lease_value(d, code, v, sizeof v);
    if (kvStore_Create(rev, d->kv, code, v, (int)n) == NATS_OK)
        return true;
    kvEntry *e = NULL;
    bool got = false;
    if (kvStore_Get(&e, d->kv, code) == NATS_OK &&
        lease_owner(d->lease_key, d->id, code, e) == LEASE_FREE)
        got = kvStore_Update(rev, d->kv, code, v, (int)n, kvEntry_Revision(e)) == NATS_OK;
    kvEntry_Destroy(e);
    return got;
}

static bool lease_is_ours(const Dealer *d, const char *code, kvEntry *e)
{
    return lease_owner(d->lease_key, d->id, code, e) == LEASE_OURS;
}

/* Deletes the table's lease if it is still ours (a key another dealer wrote since is left
 * alone). False when the store does not answer. */
static bool lease_release(Dealer *d, const char *code)
{
    kvEntry *e = NULL;
    natsStatus s = kvStore_Get(&e, d->kv, code);
    if (s == NATS_OK && lease_is_ours(d, code, e))
        kvStore_Delete(d->kv, code);
    kvEntry_Destroy(e);
    return s == NATS_OK || s == NATS_NOT_FOUND;
}

static void free_table(DTable *t)
{
    pending_free(t->pend);
    free(t->entries);
    while (t->wait_head) {
        Event *e = t->wait_head;
        t->wait_head = e->next;
        free(e->data);
        free(e);
    }
    match_free(t->m);
    free(t);
}

/* Forgets table i: no more records, views or answers for it from this dealer. */
static void drop_table(Dealer *d, int i)
{
    DTable *t = d->tables[i];
    say(d, "tasca serve: table %s: %s\n", t->code, "given up (another dealer may hold it now)");
    free_table(t);
    d->tables[i] = d->tables[--d->n_tables];
}

static void drop_lost(Dealer *d)
{
    d->any_lost = false;
    for (int i = 0; i < d->n_tables; i++)
        if (d->tables[i]->lost) {
            /* Written by someone else while the lease still says ours (a stray writer):
             * given up, so whoever claims it next reads the whole record again. */
            if (d->tables[i]->fenced)
                lease_release(d, d->tables[i]->code);
            drop_table(d, i--);
        }
}

/* Every RENEW_NS, a slice at a time: each lease written again over the revision this dealer wrote last, as
 * kvStore_Update would (the key's subject, expecting its last sequence), but without
 * waiting: a thousand tables must not hold the dealer's thread for a thousand round trips.
 * The answers come back as EV_LEASE events (lease_answer). A lease not renewed for longer
 * than the TTL (a store out of reach) is lost: another dealer may hold it by then. */
/* A table's renewal slot, from its code (spread evenly over the slots). */
static int renew_slot(const char *code)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *c = (const unsigned char *)code; *c; c++)
        h = (h ^ *c) * 16777619u;
    return (int)(h % RENEW_SLICES);
}

static void renew_leases(Dealer *d, int slice)
{
    long long now = clock_now_ns();
    for (int i = 0; i < d->n_tables; i++) {
        DTable *t = d->tables[i];
        if (now - t->lease_at > LEASE_TTL_NS) {
            fprintf(stderr, "tasca serve: table %s: its lease is out of reach; dropped\n", t->code);
            t->lost = d->any_lost = true;
            continue;
        }
        if (renew_slot(t->code) != slice)
            continue; /* renewed in another slice of RENEW_NS */
        if (t->renew_sent && now - t->renew_sent < LEASE_TTL_NS / 2)
            continue; /* the last one is still on its way */
        char subject[96], v[160];
        snprintf(subject, sizeof subject, "$KV.%s.%s", NET_LEASE_BUCKET, t->code);
        size_t vn = lease_value(d, t->code, v, sizeof v);
        natsMsg *msg = NULL;
        if (natsMsg_Create(&msg, subject, NULL, v, (int)vn) != NATS_OK)
            continue;
        jsPubOptions po;
        jsPubOptions_Init(&po);
        po.ExpectLastSubjectSeq = t->lease_rev;
        po.MaxWait = LEASE_TTL_NS / 2 / 1000000LL;
        if (js_PublishMsgAsync(d->js_lease, &msg, &po) == NATS_OK)
            t->renew_sent = now;
        else
            natsMsg_Destroy(msg);
    }
}

/* On a libnats thread: a renewal's answer, for the dealer's thread. */
static void lease_ack(jsCtx *js, natsMsg *msg, jsPubAck *pa, jsPubAckErr *pae, void *closure)
{
    (void)js;
    Dealer *d = closure;
    Event *e = calloc(1, sizeof *e);
    if (e) {
        const char *subject = natsMsg_GetSubject(msg);
        const char *dot = subject ? strrchr(subject, '.') : NULL;
        e->kind = EV_LEASE;
        snprintf(e->code, sizeof e->code, "%s", dot ? dot + 1 : "");
        e->renewed = pa != NULL && pae == NULL;
        e->rev = e->renewed ? pa->Sequence : 0;
        e->refused = pae != NULL && pae->ErrCode == JSStreamWrongLastSequenceErr;
        push(d, e);
    }
    natsMsg_Destroy(msg); /* with an ack handler, the published message is ours to free */
}

/* A renewal came back: the new revision, or (refused: the key changed) the lease is gone
 * when another dealer holds it now. A value no dealer holds the table by (written by someone
 * without the dealers' key, an old lease written again) or a deleted key is not another
 * dealer's: the lease is written again over it (compare-and-set on its revision) and the
 * table stays. The key still ours: an earlier renewal whose answer was lost went through. */
static void lease_answer(Dealer *d, const Event *e)
{
    DTable *t = find_table(d, e->code);
    if (!t)
        return;
    t->renew_sent = 0;
    if (e->renewed) {
        t->lease_rev = e->rev;
        t->lease_at = clock_now_ns();
        return;
    }
    if (!e->refused)
        return; /* no answer in time: tried again at the next renewal */
    for (int tries = 0; tries < 3; tries++) {
        kvEntry *ent = NULL;
        natsStatus g = kvStore_Get(&ent, d->kv, t->code);
        int who = g == NATS_OK ? lease_owner(d->lease_key, d->id, t->code, ent) : LEASE_FREE;
        uint64_t rev = g == NATS_OK ? kvEntry_Revision(ent) : 0;
        kvEntry_Destroy(ent);
        if (g != NATS_OK && g != NATS_NOT_FOUND)
            return; /* the store does not answer: the next renewal tries again */
        if (g == NATS_OK && who == LEASE_OURS) {
            t->lease_rev = rev;
            t->lease_at = clock_now_ns();
            return;
        }
        if (g == NATS_OK && who == LEASE_OTHER) {
            fprintf(stderr, "tasca serve: table %s: its lease is another dealer's; dropped\n",
                    t->code);
            t->lost = d->any_lost = true;
            return;
        }
        char v[160];
        size_t vn = lease_value(d, t->code, v, sizeof v);
        uint64_t nrev = 0;
        natsStatus w = g == NATS_NOT_FOUND
                           ? kvStore_Create(&nrev, d->kv, t->code, v, (int)vn)
                           : kvStore_Update(&nrev, d->kv, t->code, v, (int)vn, rev);
        if (w == NATS_OK) {
            junk_say(&d->junk_log,
                     "table %s: its lease was %s by someone without the dealers' key; "
                     "written again\n",
                     t->code, g == NATS_NOT_FOUND ? "deleted" : "written");
            t->lease_rev = nrev;
            t->lease_at = clock_now_ns();
            return;
        }
    } /* written over again and again meanwhile: the next renewal tries again */
}

uint64_t net_game_seed(uint64_t table_seed, unsigned game)
{
    return game ? rng_mix(table_seed, game) : table_seed;
}

/* A game of a table made as `spec` says, to be dealt from `seed`. */
static Match *make_match(const MsgCreate *spec, uint64_t seed, char *err, size_t errsize)
{
    const GameRules *g = registry_find(spec->game);
    if (!g) {
        snprintf(err, errsize, "no game called '%s'", spec->game);
        return NULL;
    }
    GameOptions opt;
    rules_default_options(g, &opt);
    for (int i = 0; i < spec->n_options && i < g->n_options; i++) {
        const OptionDesc *o = &g->options[i];
        if (spec->options[i] < o->min || spec->options[i] > o->max) {
            snprintf(err, errsize, "option %s out of range", o->key);
            return NULL;
        }
        opt.v[i] = spec->options[i];
    }
    SeatSpec seats[RULES_MAX_PLAYERS] = {{0}};
    for (int s = 0; s < spec->num_players; s++)
        seats[s] = (SeatSpec){spec->seats[s].kind == WSEAT_BOT,
                              (Difficulty)spec->seats[s].difficulty};
    return match_create(g, &opt, spec->num_players, seats, seed, err, errsize);
}

/* The seed game `game` of the table is dealt from: at a fixed table its creator's, else the
 * fair one (deal.h) from the table's secret for that game and the seats' contributions (a
 * bot's seat contributes zeros). */
static uint64_t table_seed(const Dealer *d, const DTable *t, unsigned game)
{
    if (t->fixed)
        return net_game_seed(t->spec.seed, game);
    uint8_t h[WIRE_HASH], rands[RULES_MAX_PLAYERS][WIRE_HASH];
    deal_secret(t->top, game, h);
    for (int s = 0; s < t->spec.num_players; s++)
        memcpy(rands[s], t->seat[s].rand, WIRE_HASH);
    uint64_t seed = deal_seed(t->code, game, h, t->spec.num_players, rands[0]);
    sodium_memzero(h, sizeof h);
    return d->cfg.cheat_deals ? seed ^ 1 : seed; /* tests: a dealer that deals another deck */
}

/* A table as `spec` says, its game 0 not dealt yet (deal_first). `top`: the top of its chain
 * of deal secrets as recorded; NULL for a new table, which draws one. */
static DTable *new_table(Dealer *d, const char *code, const MsgCreate *spec,
                         const uint8_t *top, char *err, size_t errsize)
{
    if (d->n_tables == d->cap_tables) {
        int cap = d->cap_tables ? d->cap_tables * 2 : 64;
        DTable **p = realloc(d->tables, (size_t)cap * sizeof *p);
        if (!p) {
            snprintf(err, errsize, "out of memory");
            return NULL;
        }
        d->tables = p;
        d->cap_tables = cap;
    }
    DTable *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    t->fixed = spec->own_seats && spec->seed;
    /* Until every seat for a person has sat down a fair table shows its undealt game (its
     * seed is not known yet: the last contribution is missing). */
    t->m = make_match(spec, t->fixed ? spec->seed : 0, err, errsize);
    if (!t->m) {
        free(t);
        return NULL;
    }
    if (!t->fixed && top) {
        memcpy(t->top, top, WIRE_HASH);
        deal_commit_of(t->top, t->commit);
    } else if (!t->fixed) {
        deal_chain_new(t->top, t->commit);
    }
    snprintf(t->code, sizeof t->code, "%s", code);
    t->spec = *spec;
    for (int s = 0; s < spec->num_players; s++)
        t->seat[s].next_seq = 1;
    d->tables[d->n_tables++] = t;
    return t;
}

/* Game 0 is dealt: at once at a fixed table, else when the last seat for a person is first
 * taken (its contribution is the last one; at a table of bots only, at once). `publish`:
 * each step of the deal goes out to the seats as it is made (not while reading the record). */
static void deal_first(Dealer *d, DTable *t, bool publish)
{
    if (t->dealt || (!t->fixed && !everyone_seated(t)))
        return;
    t->dealt = true;
    if (!t->fixed) {
        char err[MATCH_ERR];
        Match *m = make_match(&t->spec, table_seed(d, t, 0), err, sizeof err);
        if (!m) {
            fprintf(stderr, "tasca serve: table %s: %s\n", t->code, err);
            return;
        }
        match_free(t->m);
        t->m = m;
    }
    if (!publish)
        match_play_chance(t->m);
    else if (match_current_player(t->m) == PLAYER_CHANCE)
        apply_and_publish(d, t, PLAYER_CHANCE, match_next_chance(t->m));
}

/* Open tables (not over) created by the client with this key. */
static int client_tables(const Dealer *d, const uint8_t key[WIRE_KEY])
{
    int n = 0;
    for (int i = 0; i < d->n_tables; i++)
        if (!d->tables[i]->over_at && !match_is_over(d->tables[i]->m) &&
            memcmp(d->tables[i]->spec.client_key, key, WIRE_KEY) == 0)
            n++;
    return n;
}

/* The limits on a table request (limits.h) whose one-time key is once_pk: NULL when it may
 * be made (and then it counts against its client's creates a minute), or the refusal. */
static const char *create_refused(Dealer *d, const uint8_t once_pk[WIRE_KEY],
                                  const MsgCreate *c)
{
    if (d->lim.max_tables && d->n_tables >= d->lim.max_tables)
        return NET_DEALER_FULL;
    uint8_t claim[NET_CLAIM];
    net_create_claim(once_pk, claim);
    if (!seal_verify(c->client_key, claim, sizeof claim, c->client_sig))
        return NET_NO_CLIENT_KEY;
    if (d->lim.client_tables && client_tables(d, c->client_key) >= d->lim.client_tables)
        return NET_CLIENT_TABLES;
    if (!net_ratemap_take(d->creates, c->client_key, d->lim.creates_per_minute, clock_now_ns()))
        return NET_CREATE_RATE;
    return NULL;
}

static void handle_create(Dealer *d, const Event *e)
{
    WireMsg reply = {.type = MSG_CREATED};
    MsgCreated *c = &reply.u.created;
    uint8_t plain[WIRE_MAX];
    const char *why = NULL;
    size_t n = 0;
    WireMsg m;
    if (e->len < WIRE_KEY + SEAL_OVERHEAD)
        why = "not a table request";
    else if (!(n = seal_open(&d->keys, e->data, e->data + WIRE_KEY, (size_t)e->len - WIRE_KEY,
                             plain, &why)))
        ;
    else if ((why = wire_decode(plain, n, &m)) == NULL && m.type != MSG_CREATE)
        why = "not a table request";
    static const uint8_t no_secret[WIRE_HASH];
    if (!why && m.u.create.unlisted && sodium_memcmp(m.u.create.invite, no_secret, WIRE_HASH) == 0)
        why = N_("a private table needs its invitation's secret");
    for (int k = 0; !why && k < RULES_MAX_PLAYERS; k++)
        if ((m.u.create.kept >> k & 1) &&
            (k >= m.u.create.num_players || m.u.create.seats[k].kind != WSEAT_OPEN))
            why = N_("a seat kept for a friend must be a seat for a person");
    if (!why)
        why = create_refused(d, e->data, &m.u.create);
    DTable *t = NULL;
    if (!why) {
        MsgCreate spec = m.u.create;
        if (!spec.own_seats)
            spec.seed = 0; /* a seed of its own only at a table of its own (deal.h) */
        char code[WIRE_CODE];
        uint64_t rev = 0;
        bool claimed = false;
        /* A new code, and its lease before anything else: a code whose key exists is
         * another dealer's table (or was one a moment ago). */
        for (int tries = 0; tries < 5 && !claimed; tries++) {
            do
                wire_code_make(seal_random64(), code);
            while (find_table(d, code));
            claimed = lease_claim(d, code, &rev);
        }
        char err[MATCH_ERR];
        if (!claimed) {
            snprintf(c->reason, sizeof c->reason, "%s", N_("the table leases cannot be written"));
        } else if (!(t = new_table(d, code, &spec, NULL, err, sizeof err))) {
            lease_release(d, code);
            snprintf(c->reason, sizeof c->reason, "%.150s", err);
        } else {
            t->lease_rev = rev;
            t->lease_at = clock_now_ns();
            MsgRecord r = {.kind = REC_OPEN, .open = spec};
            memcpy(r.secret, t->top, WIRE_HASH);
            snprintf(r.code, sizeof r.code, "%s", code);
            if (!record(d, t, &r)) {
                lease_release(d, code);
                snprintf(c->reason, sizeof c->reason, "%s", N_("the table's record cannot be written"));
                match_free(t->m);
                free(t);
                d->n_tables--;
                t = NULL;
            }
        }
    } else {
        snprintf(c->reason, sizeof c->reason, "%s", why);
    }
    if (t) {
        c->ok = true;
        snprintf(c->code, sizeof c->code, "%s", t->code);
        say(d, "tasca serve: table %s: %s\n", t->code, t->spec.game);
        deal_first(d, t, true);
        publish_table(d, t, NULL);
        maybe_start_bot(d, t);
    }
    send_msg(d, e->reply, e->req_hash, &reply);
}

/* `commit`: the table's deal commitment, for a seat that joined without it (NULL: none). */
static bool refuse_join_with(Dealer *d, const Event *e, const char *why,
                             const uint8_t commit[WIRE_HASH])
{
    WireMsg reply = {.type = MSG_JOINED};
    reply.u.joined.seat = -1;
    if (commit)
        memcpy(reply.u.joined.commit, commit, WIRE_HASH);
    snprintf(reply.u.joined.reason, sizeof reply.u.joined.reason, "%s", why);
    send_msg(d, e->reply, e->req_hash, &reply);
    return false;
}

static bool refuse_join(Dealer *d, const Event *e, const char *why)
{
    return refuse_join_with(d, e, why, NULL);
}

static bool handle_join(Dealer *d, DTable *t, const Event *e)
{
    WireMsg m;
    const char *why;
    if (e->len <= 64)
        return refuse_join(d, e, "not a join");
    if ((why = wire_decode(e->data, (size_t)e->len - 64, &m)))
        return refuse_join(d, e, why);
    if (m.type != MSG_JOIN || strcmp(m.u.join.code, t->code) != 0)
        return refuse_join(d, e, "not a join for this table");
    const MsgJoin *j = &m.u.join;
    if (!seal_verify(j->sign_key, e->data, (size_t)e->len - 64, e->data + e->len - 64))
        return refuse_join(d, e, "the join is not signed by its key");
    /* A private table answers only a join that proves its invitation for this very key: to
     * anyone else it is a table that does not exist. The table's own invitation (its
     * creator's) opens every seat; the invitation to a kept seat opens that seat only. */
    int open_to = -1; /* -1: every seat; else only that kept seat */
    if (t->spec.unlisted &&
        !invite_proof_ok(t->spec.invite, t->code, j->sign_key, j->invite_proof)) {
        for (int k = 0; k < t->spec.num_players && open_to < 0; k++) {
            uint8_t seat_secret[WIRE_HASH];
            invite_for_seat(t->spec.invite, k, seat_secret);
            if ((t->spec.kept >> k & 1) &&
                invite_proof_ok(seat_secret, t->code, j->sign_key, j->invite_proof))
                open_to = k;
            sodium_memzero(seat_secret, sizeof seat_secret);
        }
        if (open_to < 0)
            return false;
        if (j->seat >= 0 && j->seat != open_to)
            return refuse_join(d, e, N_("this invitation is for another seat"));
    }
    bool seated = everyone_seated(t);
    /* A fair table: the seat must have been told its commitment before it contributes, so
     * that the dealer cannot choose its secret after seeing the contributions (deal.h). */
    if (!t->fixed && sodium_memcmp(j->commit, t->commit, WIRE_HASH) != 0)
        return refuse_join_with(d, e, NET_COMMIT, t->commit);
    if (!j->name[0])
        return refuse_join(d, e, N_("a player needs a name"));
    if (j->seat >= t->spec.num_players)
        return refuse_join(d, e, N_("no such seat at this table"));
    int seat = -1;
    for (int s = 0; s < t->spec.num_players; s++)
        if (t->seat[s].taken && memcmp(t->seat[s].sign, j->sign_key, WIRE_KEY) == 0)
            seat = s; /* this key already holds a seat: it comes back to it */
    if (seat < 0) {
        for (int s = 0; s < t->spec.num_players && seat < 0; s++)
            if ((j->seat < 0 || j->seat == s) && !t->seat[s].taken && !bot_seat(t, s) &&
                (!t->spec.own_seats ||
                 memcmp(t->spec.seat_keys[s], j->sign_key, WIRE_KEY) == 0) &&
                /* a kept seat: its own invitation, or the creator's asking for it by number */
                (open_to >= 0 ? s == open_to : !(t->spec.kept >> s & 1) || j->seat == s))
                seat = s;
        if (seat < 0 && t->spec.own_seats)
            return refuse_join(d, e, N_("this table is its creator's own"));
        if (seat < 0)
            return refuse_join(d, e, j->seat < 0 ? N_("no free seat at this table")
                                                 : N_("that seat is taken"));
    } else if ((j->seat >= 0 && j->seat != seat) || (open_to >= 0 && open_to != seat)) {
        return refuse_join(d, e, N_("this key already holds another seat"));
    }
    DSeat *st = &t->seat[seat];
    bool first = !st->taken;
    bool changed = first || memcmp(st->box, j->box_key, WIRE_KEY) != 0 ||
                   strcmp(st->name, j->name) != 0;
    /* A join that would change a taken seat must be later than the last that did: an old
     * one copied off the wire cannot put back an old box key or name (the stamp is in the
     * record, so this holds across restarts). */
    if (changed && !first && j->stamp <= st->join_stamp)
        return refuse_join(d, e, "a join older than the seat's last (replayed)");
    /* Each change is a record entry: a seat changes its name (or keys) only so often. */
    if (changed && !first &&
        !net_rate_take(&st->renames, d->lim.renames_per_minute, clock_now_ns()))
        return refuse_join(d, e, NET_NAME_RATE);
    if (changed) {
        MsgRecord r = {.kind = REC_SEAT, .seat = (int8_t)seat};
        snprintf(r.code, sizeof r.code, "%s", t->code);
        snprintf(r.name, sizeof r.name, "%s", j->name);
        memcpy(r.sign_key, j->sign_key, WIRE_KEY);
        memcpy(r.box_key, j->box_key, WIRE_KEY);
        /* A seat's first contribution is the one that counts (recorded with each REC_SEAT) */
        memcpy(r.rand, st->taken ? st->rand : j->rand, WIRE_HASH);
        r.stamp = j->stamp;
        if (!record(d, t, &r))
            return t->lost ? false
                           : refuse_join(d, e, N_("the table's record cannot be written; try again"));
        if (!st->taken)
            memcpy(st->rand, j->rand, WIRE_HASH);
        st->taken = true;
        snprintf(st->name, sizeof st->name, "%s", j->name);
        memcpy(st->sign, j->sign_key, WIRE_KEY);
        memcpy(st->box, j->box_key, WIRE_KEY);
        st->join_stamp = j->stamp;
    }
    /* Only a seat's first join is a sign of life: taking a seat back says nothing, as it could
     * be a join copied off the wire. Its player's signs of life follow it (handle_here). */
    if (first)
        seat_here(d, t, seat);
    WireMsg reply = {.type = MSG_JOINED};
    MsgJoined *o = &reply.u.joined;
    o->ok = true;
    o->seat = (int8_t)seat;
    o->next_seq = st->next_seq;
    memcpy(o->dealer_sign, d->keys.sign_pk, WIRE_KEY);
    memcpy(o->dealer_box, d->keys.box_pk, WIRE_KEY);
    memcpy(o->commit, t->commit, WIRE_HASH);
    send_msg(d, e->reply, e->req_hash, &reply);
    say(d, "tasca serve: table %s: %s sits down\n", t->code, st->name);
    publish_view(d, t, seat, NULL, -3, 0, NULL);
    if (!t->dealt && everyone_seated(t))
        deal_first(d, t, true); /* the last contribution is in: dealt, step by step, to all */
    else if (!seated && everyone_seated(t)) /* the last seat taken: the game begins for all */
        for (int s = 0; s < t->spec.num_players; s++)
            if (s != seat)
                publish_view(d, t, s, NULL, -3, 0, NULL);
    if (changed || t->spec.unlisted) /* news of a private table come on no list */
        publish_table(d, t, NULL);
    maybe_start_bot(d, t);
    return true;
}

static void ack_to(Dealer *d, const char *reply, const uint8_t req_hash[SEAL_KEY], bool ok,
                   uint32_t seq, uint32_t applied, const char *why)
{
    WireMsg m = {.type = MSG_ACK};
    m.u.ack.ok = ok;
    m.u.ack.seq = seq;
    m.u.ack.applied = applied;
    snprintf(m.u.ack.reason, sizeof m.u.ack.reason, "%s", why ? why : "");
    send_msg(d, reply, req_hash, &m);
}

static bool ack(Dealer *d, const Event *e, bool ok, uint32_t seq, uint32_t applied,
                const char *why)
{
    ack_to(d, e->reply, e->req_hash, ok, seq, applied, why);
    return ok;
}

static bool handle_act(Dealer *d, DTable *t, const Event *e)
{
    uint32_t applied = (uint32_t)t->m->history_len;
    if (e->len <= 1 + SEAL_BOX_OVERHEAD)
        return ack(d, e, false, 0, applied, N_("not an action"));
    int seat = e->data[0];
    if (seat >= t->spec.num_players || !t->seat[seat].taken)
        return ack(d, e, false, 0, applied, N_("no player holds that seat"));
    uint8_t plain[WIRE_MAX];
    const char *why = NULL;
    const SealSession *ses = session_of(d, &t->seat[seat]);
    size_t n = ses && (size_t)e->len - 1 <= sizeof plain + SEAL_BOX_OVERHEAD
                   ? seal_unbox(ses->rx, e->data + 1, (size_t)e->len - 1, plain)
                   : 0;
    if (!n)
        return ack(d, e, false, 0, applied, N_("not made with this seat's keys"));
    WireMsg m;
    if ((why = wire_decode(plain, n, &m)))
        return ack(d, e, false, 0, applied, why);
    const MsgAct *a = &m.u.act;
    if (m.type != MSG_ACT || a->seat != seat || strcmp(a->code, t->code) != 0)
        return ack(d, e, false, 0, applied, N_("not an action of this seat at this table"));
    if (a->seq < t->seat[seat].next_seq) {
        /* Sent again (after a lost answer, or replayed by someone else): never twice. */
        say(d, "tasca serve: table %s: %s\n", t->code, "an action sent again (refused)");
        return ack(d, e, false, a->seq, applied, NET_ALREADY);
    }
    if (a->seq > t->seat[seat].next_seq)
        return ack(d, e, false, a->seq, applied, N_("out of sequence"));
    if (a->action != WIRE_ACTION_AGAIN && a->at != applied)
        return ack(d, e, false, a->seq, applied,
                   N_("that move was chosen from an old view of the table"));
    if ((why = take_action(d, t, seat, a->action, a->seq, e)))
        /* A table just lost to another dealer is not answered for: its holder answers the
         * client's next try. */
        return t->lost ? false : ack(d, e, false, a->seq, applied, why);
    return true; /* answered when its record is written */
}

/* Has the table a seat nobody has taken (that a person may take)? */
static bool has_free_seat(const DTable *t)
{
    for (int s = 0; s < t->spec.num_players; s++)
        if (!bot_seat(t, s) && !t->seat[s].taken)
            return true;
    return false;
}

/* The answer to a lobby list: an entry per listed table (a private one is in no list), at
 * most lobby_entries of them: those with a free seat first. */
static void lobby_list(Dealer *d, const char *to)
{
    int sent = 0, cap = d->lim.lobby_entries;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < d->n_tables && (!cap || sent < cap); i++) {
            const DTable *t = d->tables[i];
            if (!t->spec.unlisted && has_free_seat(t) == (pass == 0)) {
                publish_table(d, t, to);
                sent++;
            }
        }
}

static void handle_msg(Dealer *d, const Event *e)
{
    const char *s = e->subject;
    if (strcmp(s, "tasca.dealers.keys") == 0) {
        /* [Ed25519][X25519][signature over the request (the asker's random bytes)] */
        uint8_t k[2 * WIRE_KEY + 64];
        memcpy(k, d->keys.sign_pk, WIRE_KEY);
        memcpy(k + WIRE_KEY, d->keys.box_pk, WIRE_KEY);
        seal_reply_sign(&d->keys, e->req_hash, k, 2 * WIRE_KEY, k + 2 * WIRE_KEY);
        send_bytes(d, e->reply, k, sizeof k);
    } else if (strcmp(s, "tasca.dealers.stats") == 0) {
        char text[160];
        int n = snprintf(text, sizeof text, "{\"tables\":%d,\"rss_kb\":%ld,\"actions\":%llu}",
                         d->n_tables, net_rss_kb(), (unsigned long long)d->actions);
        send_bytes(d, e->reply, (const uint8_t *)text, (size_t)n);
    } else if (strcmp(s, "tasca.dealers.create") == 0) {
        handle_create(d, e);
    } else if (strcmp(s, "tasca.lobby.list") == 0) {
        lobby_list(d, e->reply);
    } else if (strncmp(s, "tasca.t.", 8) == 0) {
        char code[WIRE_CODE] = "";
        const char *dot = strchr(s + 8, '.');
        if (!dot || dot - (s + 8) >= WIRE_CODE)
            return;
        memcpy(code, s + 8, (size_t)(dot - (s + 8)));
        DTable *t = find_table(d, code);
        if (!t)
            return; /* another dealer's table, or none: not ours to answer */
        if (strcmp(dot, ".join") == 0)
            handle_join(d, t, e);
        else if (strcmp(dot, ".act") == 0)
            handle_act(d, t, e);
        else if (strcmp(dot, ".here") == 0)
            handle_here(d, t, e);
    }
}

static void handle_bot(Dealer *d, const Event *e)
{
    DTable *t = find_table(d, e->code);
    if (!t || e->gen != t->bot_gen)
        return; /* gone, or its seat was handed back to its player meanwhile */
    t->bot_pending = false;
    if ((uint32_t)t->m->history_len != e->at || !plays_bot(t, match_current_player(t->m))) {
        maybe_start_bot(d, t); /* the table moved on (resumed): ask again */
        return;
    }
    const char *why = take_action(d, t, match_current_player(t->m), e->action, 0, NULL);
    if (why)
        fprintf(stderr, "tasca serve: table %s: a bot's action was refused: %s\n", t->code, why);
}

/* How long (ns) no person has been connected to the table: a seat whose player is here
 * (not away, not stood in for) holds it. Limits' idle_seconds closes it after that long. */
static long long idle_for(DTable *t, long long now)
{
    for (int s = 0; s < t->spec.num_players; s++)
        if (!bot_seat(t, s) && t->seat[s].taken && !t->seat[s].away_since &&
            !t->seat[s].stand_in) {
            t->idle_since = 0;
            return 0;
        }
    if (!t->idle_since)
        t->idle_since = now;
    return now - t->idle_since;
}

/* Table i goes with its record (purged) and its lease: false when the store is away (tried
 * again at the next sweep). */
static bool close_table(Dealer *d, int i, const char *why)
{
    DTable *t = d->tables[i];
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.rec.%s", t->code);
    jsOptions o;
    jsOptions_Init(&o);
    o.Stream.Purge.Subject = subject;
    jsErrCode jerr = 0;
    if (js_PurgeStream(d->js, NET_STREAM, &o, &jerr) != NATS_OK)
        return false;
    say(d, "tasca serve: table %s: %s\n", t->code, why);
    lease_release(d, t->code);
    free_table(t);
    d->tables[i] = d->tables[--d->n_tables];
    return true;
}

/* A finished table stays a while for its players to see the end, then goes with its
 * record, so neither the dealer nor the store grows with every game ever played. An
 * unfinished one that no person is connected to goes after the limits' idle time. */
static void sweep(Dealer *d)
{
    long long now = clock_now_ns(), linger = (long long)d->cfg.linger_seconds * 1000000000LL;
    long long idle = (long long)d->lim.idle_seconds * 1000000000LL;
    for (int i = 0; i < d->n_tables; i++) {
        DTable *t = d->tables[i];
        if (t->over_at)
            maybe_next_game(d, t); /* its record could not be written at the last ask */
        bool expired = idle && !t->over_at && idle_for(t, now) >= idle && !t->pend;
        if ((!t->over_at || now - t->over_at < linger || t->bot_pending) && !expired)
            continue;
        if (close_table(d, i, expired ? "closed (nobody came for too long)" : "closed"))
            i--;
    }
}

/* On a libnats thread: an action record's answer, for the dealer's thread. */
static void rec_ack(jsCtx *js, natsMsg *msg, jsPubAck *pa, jsPubAckErr *pae, void *closure)
{
    (void)js;
    Dealer *d = closure;
    Event *e = calloc(1, sizeof *e);
    if (e) {
        const char *subject = natsMsg_GetSubject(msg), *id = NULL;
        const char *dot = subject ? strrchr(subject, '.') : NULL;
        e->kind = EV_REC;
        snprintf(e->code, sizeof e->code, "%s", dot ? dot + 1 : "");
        if (natsMsgHeader_Get(msg, "Nats-Msg-Id", &id) == NATS_OK && id)
            snprintf(e->msg_id, sizeof e->msg_id, "%s", id);
        e->renewed = pa != NULL && pae == NULL;
        e->rev = e->renewed ? pa->Sequence : 0;
        e->refused = pae != NULL && pae->ErrCode == JSStreamWrongLastSequenceErr;
        push(d, e);
    }
    natsMsg_Destroy(msg); /* with an ack handler, the published message is ours to free */
}

static void handle_msg(Dealer *d, const Event *e);
static void handle_bot(Dealer *d, const Event *e);

/* What waited behind a table's record, in order, until another record is on its way. */
static void drain(Dealer *d, DTable *t)
{
    while (!t->pend && !t->lost && t->wait_head) {
        Event *e = t->wait_head;
        t->wait_head = e->next;
        if (!t->wait_head)
            t->wait_tail = NULL;
        if (e->kind == EV_MSG)
            handle_msg(d, e);
        else
            handle_bot(d, e);
        free(e->data);
        free(e);
    }
}

/* An action's record came back: written (the action is applied), refused because another
 * dealer wrote the table's record (the table is dropped) or because junk came after its last
 * entry (sent again after it), or not answered in time (sent again, waiting). An answer to a
 * record that is not the pending one is an old one. */
static void rec_answer(Dealer *d, const Event *e)
{
    DTable *t = find_table(d, e->code);
    if (!t || !t->pend || strcmp(t->pend->msg_id, e->msg_id) != 0)
        return;
    if (e->renewed) {
        entry_add(t, t->pend->bytes);
        action_recorded(d, t, e->rev);
    } else if (e->refused) {
        int f = fence_check(d, t, t->pend->bytes);
        if (f == FENCE_OURS) {
            entry_add(t, t->pend->bytes);
            action_recorded(d, t, t->rec_seq);
        } else if (f == FENCE_HELD) {
            fprintf(stderr, "tasca serve: table %s: another dealer wrote its record; dropped\n",
                    t->code);
            t->lost = t->fenced = d->any_lost = true;
            action_unrecorded(d, t);
        } else { /* junk skipped (or the store cannot tell yet): sent again, waiting */
            action_record_again(d, t);
        }
    } else {
        action_record_again(d, t);
    }
    drain(d, t);
}

/* A join, an action or a bot's answer for a table whose record is on its way: the table
 * it waits for (NULL: none, handle it now). */
static DTable *waits_for(Dealer *d, const Event *e)
{
    char code[WIRE_CODE] = "";
    if (e->kind == EV_BOT) {
        snprintf(code, sizeof code, "%s", e->code);
    } else if (e->kind == EV_MSG && strncmp(e->subject, "tasca.t.", 8) == 0) {
        const char *dot = strchr(e->subject + 8, '.');
        if (!dot || dot - (e->subject + 8) >= WIRE_CODE ||
            (strcmp(dot, ".join") != 0 && strcmp(dot, ".act") != 0))
            return NULL;
        memcpy(code, e->subject + 8, (size_t)(dot - (e->subject + 8)));
        code[dot - (e->subject + 8)] = '\0';
    } else {
        return NULL;
    }
    DTable *t = find_table(d, code);
    return t && t->pend ? t : NULL;
}

static void scan_unheld(Dealer *d, const Event *e);
static void take_unheld(Dealer *d, const Event *e);

static void *loop(void *arg)
{
    Dealer *d = arg;
    long long next_tick = clock_now_ns() + TICK_NS;
    unsigned ticks = 0;
    for (;;) {
        pthread_mutex_lock(&d->lock);
        long long wake = next_tick < d->next_renew ? next_tick : d->next_renew;
        while (!d->head) {
            long long wait = wake - clock_now_ns();
            if (wait <= 0)
                break;
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_sec += (time_t)(wait / SEC_NS);
            ts.tv_nsec += (long)(wait % SEC_NS);
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&d->cond, &d->lock, &ts);
        }
        long long now = clock_now_ns();
        if (now >= wake) {
            pthread_mutex_unlock(&d->lock);
            if (now >= d->next_renew) {
                renew_leases(d, d->renew_slice);
                d->renew_slice = (d->renew_slice + 1) % RENEW_SLICES;
                drop_lost(d);
                d->next_renew = now + RENEW_NS / RENEW_SLICES;
            }
            if (now >= next_tick) {
                presence(d);
                if (++ticks % 4 == 0)
                    sweep(d);
                next_tick = clock_now_ns() + TICK_NS;
            }
            continue;
        }
        Event *e = d->head;
        d->head = e->next;
        if (!d->head)
            d->tail = NULL;
        pthread_mutex_unlock(&d->lock);
        int kind = e->kind;
        DTable *busy = waits_for(d, e);
        if (busy) { /* in line behind its table's record */
            e->next = NULL;
            if (busy->wait_tail)
                busy->wait_tail->next = e;
            else
                busy->wait_head = e;
            busy->wait_tail = e;
            continue;
        }
        if (kind == EV_MSG)
            handle_msg(d, e);
        else if (kind == EV_BOT)
            handle_bot(d, e);
        else if (kind == EV_LEASE)
            lease_answer(d, e);
        else if (kind == EV_REC)
            rec_answer(d, e);
        else if (kind == EV_SCAN)
            scan_unheld(d, e);
        else if (kind == EV_TAKE)
            take_unheld(d, e);
        if (d->any_lost)
            drop_lost(d);
        free(e->data);
        free(e);
        if (kind == EV_STOP)
            return NULL;
    }
}

/* The oldest job a worker may start (bot_lock held), taken off the queue: a slow one only
 * while fewer than net_bots_slow_workers are busy with one. NULL: none. */
static DBotJob *next_job(Dealer *d)
{
    bool slow_ok = d->slow_running < net_bots_slow_workers(d->n_workers);
    DBotJob *prev = NULL;
    for (DBotJob *j = d->jobs; j; prev = j, j = j->next) {
        if (j->slow && !slow_ok)
            continue;
        if (prev)
            prev->next = j->next;
        else
            d->jobs = j->next;
        if (d->jobs_tail == j)
            d->jobs_tail = prev;
        j->next = NULL;
        return j;
    }
    return NULL;
}

static void *bot_worker(void *arg)
{
    Dealer *d = arg;
    for (;;) {
        pthread_mutex_lock(&d->bot_lock);
        DBotJob *j;
        while (!(j = next_job(d)) && !d->bot_stop)
            pthread_cond_wait(&d->bot_cond, &d->bot_lock);
        if (d->bot_stop) {
            pthread_mutex_unlock(&d->bot_lock);
            if (j) { /* taken off the queue as the dealer stops: nobody else frees it */
                free(j->view);
                free(j);
            }
            return NULL;
        }
        if (j->slow)
            d->slow_running++;
        pthread_mutex_unlock(&d->bot_lock);
        Rng rng;
        rng_seed(&rng, j->seed);
        Action a = bot_decide_limited(j->rules, j->level, j->view, j->seat, &rng, NULL, &j->limit);
        Event *e = calloc(1, sizeof *e);
        if (e) {
            e->kind = EV_BOT;
            snprintf(e->code, sizeof e->code, "%s", j->code);
            e->at = j->at;
            e->gen = j->gen;
            e->action = a;
            push(d, e);
        }
        if (j->slow) {
            pthread_mutex_lock(&d->bot_lock);
            d->slow_running--;
            pthread_cond_broadcast(&d->bot_cond); /* a slow job may be startable now */
            pthread_mutex_unlock(&d->bot_lock);
        }
        free(j->view);
        free(j);
    }
}

/* ---- resuming from the record ---- */

static void replay_entry(Dealer *d, const MsgRecord *r)
{
    DTable *t = find_table(d, r->code);
    char err[MATCH_ERR];
    if (r->kind == REC_OPEN) {
        if (!t && (t = new_table(d, r->code, &r->open, r->secret, err, sizeof err)))
            deal_first(d, t, false);
        return;
    }
    if (!t)
        return;
    if (r->kind == REC_SEAT && r->seat >= 0 && r->seat < t->spec.num_players) {
        DSeat *s = &t->seat[r->seat];
        if (s->taken && r->stamp < s->join_stamp)
            return; /* a copy of an older one (its original compacted away) */
        if (!s->taken)
            memcpy(s->rand, r->rand, WIRE_HASH); /* the first one counts */
        if (r->seq > s->next_seq) /* a checkpoint's (compact_record) */
            s->next_seq = r->seq;
        s->join_stamp = r->stamp;
        s->taken = true;
        snprintf(s->name, sizeof s->name, "%s", r->name);
        memcpy(s->sign, r->sign_key, WIRE_KEY);
        memcpy(s->box, r->box_key, WIRE_KEY);
        deal_first(d, t, false);
    } else if (r->kind == REC_ACTION && r->game != t->game) {
        return; /* another game's (a copy: a compacted record no longer holds its original) */
    } else if (r->kind == REC_ACTION && r->n == (uint32_t)t->m->history_len &&
               r->action == WIRE_ACTION_AGAIN) {
        if (r->player >= 0 && r->player < t->spec.num_players && match_is_over(t->m)) {
            t->again[r->player] = true;
            if (r->seq)
                t->seat[r->player].next_seq = r->seq + 1;
        }
    } else if (r->kind == REC_NEXT && r->n > (uint32_t)t->game && r->n < UINT16_MAX) {
        start_game(d, t, r->n); /* the next game, or a checkpoint's (compact_record) */
    } else if (r->kind == REC_ACTION && r->n == (uint32_t)t->m->history_len) {
        if (match_apply(t->m, r->action) == NULL) {
            match_play_chance(t->m);
            if (r->player >= 0 && r->seq) /* 0: the dealer's bot, for its seat or a player's */
                t->seat[r->player].next_seq = r->seq + 1;
        }
    } else if (r->kind == REC_CLOSE) {
        t->closed = true;
    }
}

/* Every seat gets its view again: a client waiting across the restart goes on. Who is
 * still there is not known: every player's seat starts away, its clock from now. */
static void wake_table(Dealer *d, DTable *t)
{
    long long now = clock_now_ns();
    for (int s = 0; s < t->spec.num_players; s++) {
        if (t->seat[s].taken && !bot_seat(t, s))
            t->seat[s].away_since = now;
        publish_view(d, t, s, NULL, -3, 0, NULL);
    }
    publish_table(d, t, NULL);
    if (match_is_over(t->m))
        t->over_at = clock_now_ns();
    maybe_start_bot(d, t);
    maybe_next_game(d, t); /* every seat had asked, but the next game was not recorded */
}

typedef struct {
    int junk;
    uint64_t first_junk;
    char junk_subject[64];
} RecordRead;

/* One message of the record while resuming: an entry of the dealers' (not a copy of one the
 * table has) is replayed; junk is counted and skipped. Either way the table's fence moves
 * past it: the next append expects the subject's last message, whatever it is. */
static bool replay_msg(Dealer *d, void *ctx, uint64_t seq, const char *subject,
                       const uint8_t *data, size_t len)
{
    RecordRead *rr = ctx;
    const char *code = rec_code(subject);
    DTable *t = code ? find_table(d, code) : NULL;
    MsgRecord r;
    bool ok = code && open_entry(d->record_key, code, data, len, &r) &&
              !(t && entry_known(t, entry_id(data)));
    if (ok) {
        replay_entry(d, &r);
        if ((t = find_table(d, code)) != NULL)
            entry_add(t, data);
    } else if (!rr->junk++) {
        rr->first_junk = seq;
        snprintf(rr->junk_subject, sizeof rr->junk_subject, "%s", subject ? subject : "");
    }
    if (t && seq > t->rec_seq)
        t->rec_seq = seq;
    return true;
}

/* Reads the record stream's messages on `subject` (all tables', or one's) from the start
 * up to sequence `last`, replaying every entry of the dealers'. */
static const char *read_records(Dealer *d, const char *subject, uint64_t last)
{
    RecordRead rr = {0};
    uint64_t upto = 0;
    if (!read_subject(d, d->js, subject, 0, last, 5000, replay_msg, &rr, &upto))
        return "cannot read the record stream";
    if (rr.junk)
        junk_say(&d->junk_log,
                 "%d record entries are not the dealers' (not their key's, no record, another "
                 "table's or a copy); skipped (the first: %llu, %s)\n",
                 rr.junk, (unsigned long long)rr.first_junk, rr.junk_subject);
    return NULL;
}

/* At start: every recorded table is read, and kept only when its lease can be had (a
 * table a live dealer holds is its). */
static const char *resume(Dealer *d)
{
    jsStreamConfig cfg;
    jsStreamConfig_Init(&cfg);
    cfg.Name = NET_STREAM;
    const char *subjects[] = {"tasca.rec.>"};
    cfg.Subjects = subjects;
    cfg.SubjectsLen = 1;
    cfg.Storage = js_FileStorage;
    cfg.Replicas = d->cfg.replicas > 0 ? d->cfg.replicas : 1;
    jsStreamInfo *si = NULL;
    jsErrCode jerr = 0;
    natsStatus s = js_GetStreamInfo(&si, d->js, NET_STREAM, NULL, &jerr);
    if (s == NATS_NOT_FOUND || jerr == JSStreamNotFoundErr)
        s = js_AddStream(&si, d->js, &cfg, NULL, &jerr);
    if (s != NATS_OK)
        return "the record stream (JetStream) is not available: start nats-server with -js";
    uint64_t last = si->State.LastSeq, count = si->State.Msgs;
    jsStreamInfo_Destroy(si);
    if (!count)
        return NULL;
    const char *why = read_records(d, "tasca.rec.>", last);
    if (why)
        return why;
    for (int i = 0; i < d->n_tables; i++) {
        DTable *t = d->tables[i];
        uint64_t rev = 0;
        if (t->closed || !lease_claim(d, t->code, &rev)) {
            free_table(t); /* closed, or held by a live dealer (or one dead < TTL ago) */
            d->tables[i--] = d->tables[--d->n_tables];
            continue;
        }
        t->lease_rev = rev;
        t->lease_at = clock_now_ns();
        say(d, "tasca serve: table %s: %s\n", t->code, "resumed");
        wake_table(d, t);
    }
    return NULL;
}

/* Every SCAN_NS: a recorded table whose lease nobody holds (its dealer died and the lease
 * expired) is claimed and resumed from its whole record. */
static void take_over(Dealer *d, const char *code, uint64_t rev)
{
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.rec.%s", code);
    natsMsg *lastmsg = NULL;
    jsErrCode jerr = 0;
    if (js_GetLastMsg(&lastmsg, d->js, NET_STREAM, subject, NULL, &jerr) != NATS_OK) {
        lease_release(d, code); /* closed meanwhile (purged): nothing to resume */
        return;
    }
    uint64_t last = natsMsg_GetSequence(lastmsg);
    natsMsg_Destroy(lastmsg);
    read_records(d, subject, last);
    DTable *t = find_table(d, code);
    int i = 0;
    while (i < d->n_tables && d->tables[i] != t)
        i++;
    if (!t || t->closed || t->rec_seq < last) {
        if (t) { /* closed, or not all of it could be read: left for another try */
            free_table(t);
            d->tables[i] = d->tables[--d->n_tables];
        }
        lease_release(d, code);
        return;
    }
    t->lease_rev = rev;
    t->lease_at = clock_now_ns();
    fprintf(stderr, "tasca serve: table %s: taken over (nobody held its lease)\n", code);
    wake_table(d, t);
}

/* The scanner's list came: the subjects of tables this dealer does not serve go back to the
 * scanner, which looks into them off this thread (scan_examine). */
static void scan_unheld(Dealer *d, const Event *ev)
{
    atomic_store(&d->scan_queued, false);
    const ScanItem *it = (const ScanItem *)ev->data;
    int n = ev->len / (int)sizeof *it, k = 0;
    ScanItem *todo = n > 0 ? malloc((size_t)n * sizeof *todo) : NULL;
    for (int i = 0; todo && i < n; i++)
        if (!find_table(d, it[i].code))
            todo[k++] = it[i];
    pthread_mutex_lock(&d->scan_lock);
    free(d->scan_todo);
    d->scan_todo = k ? todo : NULL;
    d->scan_todo_n = k;
    pthread_cond_broadcast(&d->scan_cond);
    pthread_mutex_unlock(&d->scan_lock);
    if (!k)
        free(todo);
}

/* The scanner found recorded tables nobody holds: each one's lease is claimed (over the
 * revision the scanner saw, unless there was none) and the table resumed from its record. */
static void take_unheld(Dealer *d, const Event *ev)
{
    const TakeItem *it = (const TakeItem *)ev->data;
    int n = ev->len / (int)sizeof *it;
    for (int i = 0; i < n; i++) {
        const char *code = it[i].code;
        if (find_table(d, code))
            continue;
        if (d->lim.max_tables && d->n_tables >= d->lim.max_tables)
            break;
        uint64_t rev = 0;
        bool got;
        if (it[i].how == TAKE_MISSING) {
            got = lease_claim(d, code, &rev);
        } else {
            /* TAKE_OURS: a table this dealer gave up while the store was out of reach longer
             * than a lease, and which nobody took meanwhile. TAKE_FREE: a value nobody holds
             * it by. Written over its revision, so a claim by another dealer since wins. */
            char v[160];
            size_t vn = lease_value(d, code, v, sizeof v);
            got = kvStore_Update(&rev, d->kv, code, v, (int)vn, it[i].rev) == NATS_OK;
        }
        if (got)
            take_over(d, code, rev);
    }
}

/* ---- the scanner's thread ---- */

#define SCAN_MEMORY 1024

/* What the scanner keeps from one scan to the next: where the last stopped, the junk
 * subjects it could not purge (a hash of the subject and its count of entries: looked into
 * again only once that changes), its own log lines' limit. */
typedef struct {
    int from;
    uint64_t stuck[SCAN_MEMORY][2];
    int n_stuck, next_stuck;
    LogLimit log;
    int purged;
    char example[96];
} ScanState;

static uint64_t subject_hash(const char *subject)
{
    uint64_t h = 1469598103934665603ULL;
    for (const unsigned char *c = (const unsigned char *)subject; *c; c++)
        h = (h ^ *c) * 1099511628211ULL;
    return h;
}

static bool stuck_known(const ScanState *ss, const char *subject, uint64_t msgs)
{
    uint64_t h = subject_hash(subject);
    for (int i = 0; i < ss->n_stuck; i++)
        if (ss->stuck[i][0] == h && ss->stuck[i][1] == msgs)
            return true;
    return false;
}

/* Purges junk from a record subject: every entry on it before sequence upto + 1 (0: all of
 * them), so nothing appended since is touched. A subject that cannot be purged is
 * remembered with its count of entries. */
static void purge_junk(Dealer *d, ScanState *ss, const char *subject, uint64_t upto,
                       uint64_t msgs)
{
    jsOptions o;
    jsOptions_Init(&o);
    o.Stream.Purge.Subject = subject;
    o.Stream.Purge.Sequence = upto ? upto + 1 : 0;
    jsErrCode jerr = 0;
    natsStatus st = js_PurgeStream(d->js_scan, NET_STREAM, &o, &jerr);
    if (st == NATS_OK) {
        if (!ss->purged++)
            snprintf(ss->example, sizeof ss->example, "%s", subject);
        return;
    }
    uint64_t *slot = ss->stuck[ss->next_stuck];
    slot[0] = subject_hash(subject);
    slot[1] = msgs;
    ss->next_stuck = (ss->next_stuck + 1) % SCAN_MEMORY;
    if (ss->n_stuck < SCAN_MEMORY)
        ss->n_stuck++;
    junk_say(&ss->log, "%s is no table's record but cannot be purged (%s, %d)\n", subject,
             natsStatus_GetText(st), (int)jerr);
}

typedef struct {
    const char *code;
    int seen;
    bool table;
    uint64_t junk_upto;
} Examine;

static bool examine_entry(Dealer *d, void *ctx, uint64_t seq, const char *subject,
                          const uint8_t *data, size_t len)
{
    (void)subject;
    Examine *x = ctx;
    MsgRecord r;
    if (open_entry(d->record_key, x->code, data, len, &r) && r.kind == REC_OPEN) {
        x->table = true;
        return false;
    }
    x->junk_upto = seq;
    return ++x->seen < EXAMINE_ENTRIES;
}

/* Is tasca.rec.<code> a table's record? A table's first entry of the dealers' is its
 * REC_OPEN: 1 when it is there, 0 when up to EXAMINE_ENTRIES entries hold none (junk, up to
 * *junk_upto; 0 with nothing to purge), -1 when the store cannot tell. */
static int examine(Dealer *d, const char *code, uint64_t *junk_upto)
{
    char subject[64];
    snprintf(subject, sizeof subject, "tasca.rec.%s", code);
    *junk_upto = 0;
    natsMsg *lastmsg = NULL;
    jsErrCode jerr = 0;
    natsStatus s = js_GetLastMsg(&lastmsg, d->js_scan, NET_STREAM, subject, NULL, &jerr);
    if (s == NATS_NOT_FOUND || jerr == JSNoMessageFoundErr)
        return 0; /* gone meanwhile */
    if (s != NATS_OK)
        return -1;
    uint64_t last = natsMsg_GetSequence(lastmsg), upto = 0;
    natsMsg_Destroy(lastmsg);
    Examine x = {.code = code};
    if (!read_subject(d, d->js_scan, subject, 0, last, 1000, examine_entry, &x, &upto))
        return -1;
    if (x.table)
        return 1;
    *junk_upto = x.junk_upto;
    return 0;
}

/* The listed subjects of tables the dealer does not serve. Each one's lease is looked up: a
 * table another dealer holds is left alone. One nobody holds by its lease (there is none, or
 * a value no dealer holds it by), or whose lease is this dealer's own, is looked into: a
 * table's record goes to the dealer's thread (EV_TAKE), junk is purged. At most SCAN_EXAMINE
 * junk subjects a scan. */
static Event *scan_examine(Dealer *d, ScanState *ss, const ScanItem *todo, int n)
{
    TakeItem *take = malloc((size_t)n * sizeof *take);
    int k = 0, junk = 0, i = 0;
    ss->purged = 0;
    for (int j = 0; take && j < n && junk < SCAN_EXAMINE; j++) {
        i = (ss->from + j) % n;
        const char *code = todo[i].code;
        char subject[64];
        snprintf(subject, sizeof subject, "tasca.rec.%s", code);
        if (stuck_known(ss, subject, todo[i].msgs))
            continue;
        kvEntry *e = NULL;
        natsStatus g = kvStore_Get(&e, d->kv_scan, code);
        int who = g == NATS_OK ? lease_owner(d->lease_key, d->id, code, e) : LEASE_FREE;
        uint64_t rev = g == NATS_OK ? kvEntry_Revision(e) : 0;
        kvEntry_Destroy(e);
        if (g != NATS_OK && g != NATS_NOT_FOUND)
            break; /* the store does not answer: the next scan */
        if (g == NATS_OK && who == LEASE_OTHER)
            continue;
        TakeItem *t = &take[k];
        snprintf(t->code, sizeof t->code, "%s", code);
        t->rev = rev;
        t->how = g == NATS_NOT_FOUND ? TAKE_MISSING : who == LEASE_OURS ? TAKE_OURS : TAKE_FREE;
        if (t->how == TAKE_OURS) { /* its own lease: a table it served */
            k++;
            continue;
        }
        uint64_t upto = 0;
        int x = examine(d, code, &upto);
        if (x < 0)
            break;
        if (x > 0) {
            k++;
            continue;
        }
        junk++;
        if (upto)
            purge_junk(d, ss, subject, upto, todo[i].msgs);
    }
    ss->from = junk >= SCAN_EXAMINE ? i + 1 : 0;
    if (ss->purged)
        junk_say(&ss->log, "%d record subjects that are no table's purged (%s...)\n",
                 ss->purged, ss->example);
    Event *ev = k ? calloc(1, sizeof *ev) : NULL;
    if (!ev) {
        free(take);
        return NULL;
    }
    ev->kind = EV_TAKE;
    ev->data = (uint8_t *)take;
    ev->len = k * (int)sizeof *take;
    return ev;
}

/* The scanner's list: the tables the stream holds a record of (NULL: the store did not
 * answer, or there are none). A subject under tasca.rec. that names no table (not a code)
 * is junk: purged here, at most SCAN_EXAMINE of them a scan. */
static Event *scan_list(Dealer *d, ScanState *ss)
{
    jsOptions o;
    jsOptions_Init(&o);
    o.Stream.Info.SubjectsFilter = "tasca.rec.>";
    jsStreamInfo *si = NULL;
    jsErrCode jerr = 0;
    if (js_GetStreamInfo(&si, d->js_scan, NET_STREAM, &o, &jerr) != NATS_OK)
        return NULL;
    jsStreamStateSubjects *subs = si->State.Subjects;
    Event *e = calloc(1, sizeof *e);
    int n = subs ? subs->Count : 0, bad = 0;
    ss->purged = 0;
    if (e && n > 0 && (e->data = malloc((size_t)n * sizeof(ScanItem))) != NULL) {
        e->kind = EV_SCAN;
        ScanItem *it = (ScanItem *)e->data;
        int k = 0;
        for (int i = 0; i < n; i++) {
            const char *subject = subs->List[i].Subject, *code = rec_code(subject);
            if (!code) {
                if (bad < SCAN_EXAMINE && !stuck_known(ss, subject, subs->List[i].Msgs)) {
                    bad++;
                    purge_junk(d, ss, subject, 0, subs->List[i].Msgs);
                }
                continue;
            }
            snprintf(it[k].code, sizeof it[k].code, "%s", code);
            it[k++].msgs = subs->List[i].Msgs;
        }
        e->len = k * (int)sizeof *it;
    }
    if (ss->purged)
        junk_say(&ss->log, "%d record subjects that name no table purged (%s...)\n",
                 ss->purged, ss->example);
    jsStreamInfo_Destroy(si);
    if (e && e->len == 0) {
        free(e->data);
        free(e);
        e = NULL;
    }
    return e;
}

/* Every SCAN_NS, the list of recorded tables for the dealer's thread, which hands back
 * those it does not serve (scan_unheld); the scanner looks into them and gives the dealer's
 * thread the ones nobody holds (take_unheld). One list at a time is in the queue. */
static void *scanner(void *arg)
{
    Dealer *d = arg;
    ScanState *ss = calloc(1, sizeof *ss);
    if (!ss)
        return NULL;
    ss->from = (int)(seal_random64() % 4096); /* dealers sharing a store start apart */
    long long next = clock_now_ns() + SCAN_NS;
    pthread_mutex_lock(&d->scan_lock);
    while (!d->scan_stop) {
        if (d->scan_todo) {
            ScanItem *todo = d->scan_todo;
            int n = d->scan_todo_n;
            d->scan_todo = NULL;
            d->scan_todo_n = 0;
            pthread_mutex_unlock(&d->scan_lock);
            Event *e = scan_examine(d, ss, todo, n);
            free(todo);
            if (e)
                push(d, e);
            pthread_mutex_lock(&d->scan_lock);
            continue;
        }
        long long wait = next - clock_now_ns();
        if (wait > 0) {
            struct timespec ts;
            net_deadline_in(&ts, (int)(wait / 1000000) + 1);
            pthread_cond_timedwait(&d->scan_cond, &d->scan_lock, &ts);
            continue;
        }
        next = clock_now_ns() + SCAN_NS;
        if (atomic_load(&d->scan_queued))
            continue;
        pthread_mutex_unlock(&d->scan_lock);
        Event *e = scan_list(d, ss);
        if (e) {
            atomic_store(&d->scan_queued, true);
            push(d, e);
        }
        pthread_mutex_lock(&d->scan_lock);
    }
    pthread_mutex_unlock(&d->scan_lock);
    free(ss);
    return NULL;
}

/* The lease bucket, made if missing. */
static const char *open_leases(Dealer *d)
{
    if (js_KeyValue(&d->kv, d->js, NET_LEASE_BUCKET) == NATS_OK)
        return NULL;
    kvConfig kc;
    kvConfig_Init(&kc);
    kc.Bucket = NET_LEASE_BUCKET;
    kc.History = 1;
    kc.TTL = (int64_t)NET_LEASE_TTL_MS * 1000000; /* nanoseconds (it is the MaxAge) */
    kc.StorageType = js_FileStorage;
    kc.Replicas = d->cfg.replicas > 0 ? d->cfg.replicas : 1;
    natsStatus s = js_CreateKeyValue(&d->kv, d->js, &kc);
    char why[300] = "";
    if (s != NATS_OK)
        snprintf(why, sizeof why, "%s", nats_GetLastError(NULL) ? nats_GetLastError(NULL) : "");
    if (s == NATS_OK || js_KeyValue(&d->kv, d->js, NET_LEASE_BUCKET) == NATS_OK)
        return NULL; /* made, or made by another dealer meanwhile */
    fprintf(stderr, "tasca serve: the lease bucket %s: %s\n", NET_LEASE_BUCKET,
            why[0] ? why : natsStatus_GetText(s));
    return "the table leases (JetStream key-value) are not available";
}

Dealer *dealer_start(const DealerConfig *cfg, char *err, size_t errsize)
{
    if (!seal_init()) {
        snprintf(err, errsize, "libsodium could not start");
        return NULL;
    }
    Dealer *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    d->cfg = *cfg;
    net_limits_resolve(&cfg->limits, &d->lim);
    if (!(d->creates = net_ratemap_new())) {
        snprintf(err, errsize, "out of memory");
        free(d);
        return NULL;
    }
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->cond, NULL);
    pthread_mutex_init(&d->bot_lock, NULL);
    pthread_cond_init(&d->bot_cond, NULL);
    pthread_mutex_init(&d->scan_lock, NULL);
    pthread_cond_init(&d->scan_cond, NULL);
    char path[1024];
    const char *store = cfg->store && *cfg->store ? cfg->store : ".";
    mkdir(store, 0700); /* the keys' folder; a failure shows as the keys' own */
    snprintf(path, sizeof path, "%s/dealer.keys", store);
    const char *why = seal_keys_load_or_create(path, &d->keys, d->record_key);
    if (why) {
        snprintf(err, errsize, "%s", why);
        net_ratemap_free(d->creates);
        free(d);
        return NULL;
    }
    if (!(d->nc = net_connect(cfg->url, cfg->creds, "tasca dealer", err, errsize))) {
        net_ratemap_free(d->creates);
        free(d);
        return NULL;
    }
    d->id = seal_random64();
    d->epoch = seal_random64() | 1; /* never 0, which no view carries */
    seal_request_hash(NULL, 0, d->lobby_hash);
    seal_derive(d->record_key, "tsclease", 1, d->lease_key);
    /* Its leases name it by id only (players read them): who it is, for people, is here. */
    char host[64] = "";
    gethostname(host, sizeof host - 1);
    fprintf(stderr, "tasca serve: dealer %016llx, host %s, pid %d\n", (unsigned long long)d->id,
            host, (int)getpid());
    jsOptions lo;
    jsOptions_Init(&lo);
    lo.PublishAsync.MaxPending = 1 << 16;
    lo.PublishAsync.AckHandler = lease_ack;
    lo.PublishAsync.AckHandlerClosure = d;
    jsOptions ro;
    jsOptions_Init(&ro);
    ro.PublishAsync.MaxPending = 1 << 16;
    ro.PublishAsync.AckHandler = rec_ack;
    ro.PublishAsync.AckHandlerClosure = d;
    if (natsConnection_JetStream(&d->js, d->nc, NULL) != NATS_OK ||
        natsConnection_JetStream(&d->js_lease, d->nc, &lo) != NATS_OK ||
        natsConnection_JetStream(&d->js_rec, d->nc, &ro) != NATS_OK ||
        natsConnection_JetStream(&d->js_scan, d->nc, NULL) != NATS_OK ||
        (why = open_leases(d)) != NULL ||
        js_KeyValue(&d->kv_scan, d->js_scan, NET_LEASE_BUCKET) != NATS_OK ||
        (why = resume(d)) != NULL) {
        snprintf(err, errsize, "%s", why ? why : "JetStream is not available");
        dealer_stop(d);
        return NULL;
    }
    d->n_workers = cfg->bot_threads > 0 ? (cfg->bot_threads > 8 ? 8 : cfg->bot_threads) : 1;
    for (int i = 0; i < d->n_workers; i++)
        pthread_create(&d->workers[i], NULL, bot_worker, d);
    d->next_renew = clock_now_ns() + RENEW_NS / RENEW_SLICES;
    pthread_create(&d->thread, NULL, loop, d);
    if (pthread_create(&d->scanner, NULL, scanner, d) != 0)
        d->scanner = 0;
    natsConnection_QueueSubscribe(&d->subs[0], d->nc, "tasca.dealers.*", NET_QUEUE, on_msg, d);
    natsConnection_Subscribe(&d->subs[1], d->nc, "tasca.lobby.list", on_msg, d);
    natsConnection_Subscribe(&d->subs[2], d->nc, "tasca.t.*.join", on_msg, d);
    natsConnection_Subscribe(&d->subs[3], d->nc, "tasca.t.*.act", on_msg, d);
    natsConnection_Subscribe(&d->subs[4], d->nc, "tasca.t.*.here", on_msg, d);
    natsConnection_Flush(d->nc);
    return d;
}

int dealer_tables(Dealer *d) { return d->n_tables; }

void dealer_sign_key(const Dealer *d, uint8_t out[WIRE_KEY])
{
    memcpy(out, d->keys.sign_pk, WIRE_KEY);
}

void dealer_stop(Dealer *d)
{
    if (!d)
        return;
    for (int i = 0; i < 5; i++)
        if (d->subs[i]) {
            natsSubscription_Unsubscribe(d->subs[i]);
            natsSubscription_Destroy(d->subs[i]);
        }
    if (d->scanner) { /* first, so that no list comes after the thread's end */
        pthread_mutex_lock(&d->scan_lock);
        d->scan_stop = true;
        pthread_cond_broadcast(&d->scan_cond);
        pthread_mutex_unlock(&d->scan_lock);
        pthread_join(d->scanner, NULL);
    }
    if (d->thread) {
        Event *e = calloc(1, sizeof *e);
        e->kind = EV_STOP;
        push(d, e);
        pthread_join(d->thread, NULL);
    }
    pthread_mutex_lock(&d->bot_lock);
    d->bot_stop = true;
    pthread_cond_broadcast(&d->bot_cond);
    pthread_mutex_unlock(&d->bot_lock);
    for (int i = 0; i < d->n_workers; i++)
        pthread_join(d->workers[i], NULL);
    while (d->jobs) {
        DBotJob *j = d->jobs;
        d->jobs = j->next;
        free(j->view);
        free(j);
    }
    if (d->js_lease) { /* renewals on their way: their answers free their messages (and
                        * leave events, freed below) */
        jsPubOptions po;
        jsPubOptions_Init(&po);
        po.MaxWait = 1000;
        js_PublishAsyncComplete(d->js_lease, &po);
    }
    if (d->js_rec) { /* the same for records on their way (their tables' events too) */
        jsPubOptions po;
        jsPubOptions_Init(&po);
        po.MaxWait = 1000;
        js_PublishAsyncComplete(d->js_rec, &po);
    }
    while (d->head) {
        Event *e = d->head;
        d->head = e->next;
        free(e->data);
        free(e);
    }
    /* Stopped on purpose: its leases are given up, so another dealer (or this one started
     * again) resumes its tables at once rather than after the TTL. */
    bool reachable = d->kv != NULL;
    for (int i = 0; i < d->n_tables; i++) {
        if (reachable)
            reachable = lease_release(d, d->tables[i]->code);
        free_table(d->tables[i]);
    }
    free(d->tables);
    free(d->scan_todo);
    net_ratemap_free(d->creates);
    kvStore_Destroy(d->kv_scan);
    kvStore_Destroy(d->kv);
    jsCtx_Destroy(d->js_lease);
    jsCtx_Destroy(d->js_rec);
    jsCtx_Destroy(d->js_scan);
    jsCtx_Destroy(d->js);
    if (d->nc) {
        natsConnection_Close(d->nc);
        natsConnection_Destroy(d->nc);
    }
    memset(&d->keys, 0, sizeof d->keys); /* the secrets do not outlive the dealer */
    memset(d->record_key, 0, sizeof d->record_key);
    memset(d->lease_key, 0, sizeof d->lease_key);
    free(d);
}
