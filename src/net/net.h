/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Networked tables over NATS: the subjects, the connection, the dealer and the client.
 *
 * Subjects (every table has a short code, e.g. "K7QX2M"):
 *   tasca.dealers.keys     request (queue "tasca-dealers"): the dealers' public keys,
 *                          64 bytes: Ed25519 then X25519
 *   tasca.dealers.create   request (queue): [creator's Ed25519 key 32][sealed MsgCreate]
 *                          -> MsgCreated
 *   tasca.lobby.list       request: every dealer sends a MsgTable per table to the reply
 *   tasca.lobby.<code>     MsgTable whenever the table changes (public)
 *   tasca.t.<code>.join    request: [MsgJoin][its Ed25519 signature 64] -> MsgJoined
 *   tasca.t.<code>.act     request: [seat 1][MsgAct sealed to the dealer by the seat]
 *                          -> MsgAck (only the sender's inbox hears it)
 *   tasca.t.<code>.here    every 2 s from a joined seat: [MsgHere][its Ed25519 signature 64];
 *                          no reply (a seat silent 7 s is away; see dealer.c)
 *   tasca.t.<code>.v.<n>   MsgView of seat n, signed by the dealer and sealed to the seat
 *   tasca.rec.<code>       the table's record in the JetStream stream TASCA_REC: each
 *                          message a MsgRecord in a secret box of the dealers'
 * Leases: the JetStream key-value bucket TASCA_LEASE, key <code>, value the dealer that
 * serves the table (its id, tagged with the dealers' key); a dealer ignores every message
 * for a table it does not hold.
 * Only the lobby, the joins and the replies are readable on the broker; none of them
 * holds a card. Pure C (libnats, libsodium), no SDL. */
#ifndef TASCA_NET_H
#define TASCA_NET_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <nats/nats.h>

#include "../engine/ai/bot.h"
#include "limits.h"
#include "seal.h"
#include "wire.h"

#define NET_STREAM "TASCA_REC"
#define NET_QUEUE "tasca-dealers"
/* Table leases: JetStream key-value bucket, key = table code, value = the dealer serving it
 * (net_lease_value). A lease not renewed for NET_LEASE_TTL_MS expires. */
#define NET_LEASE_BUCKET "TASCA_LEASE"
#define NET_LEASE_TTL_MS 10000
#define NET_ERR 256
/* The refusal of an action sent again: it was applied once, and is not applied twice. */
#define NET_ALREADY "already applied"
/* The refusal of a join that did not carry the table's deal commitment: the answer carries
 * it, and the seat joins again with it (deal.h). */
#define NET_COMMIT "join with the table's commitment"
/* The dealers answer under another signing key than the one this client pinned. */
#define NET_KEY_CHANGED N_("the server's dealer key has changed")

/* Connects to a NATS URL (several, comma-separated, for a cluster) with an optional
 * credentials file; reconnects forever after a drop. `name` shows in the server's
 * connection list. NULL and a reason when the first connection fails. */
natsConnection *net_connect(const char *url, const char *creds, const char *name, char *err,
                            size_t errsize);
/* Sets libnats up once for a process with many connections: message callbacks of every
 * connection run on a small shared pool instead of a thread per subscription. */
void net_global_delivery(int threads);

/* ---- The dealer: hosts tables, runs their rules and bots, keeps their records. ---- */
typedef struct Dealer Dealer;

typedef struct {
    const char *url, *creds;
    const char *store;  /* the dealers' key file lives here (dealer.keys) */
    NetLimits limits;   /* limits.h: 0 in a field is its default, negative turns it off */
    int replicas;       /* JetStream replicas of the record stream (1; 3 on a cluster) */
    int bot_threads;    /* workers for the tables' bots (0: 1) */
    int linger_seconds; /* a finished table is closed this long after its end */
    bool verbose;       /* a line on stderr per table event */
    bool cheat_deals;   /* tests only: deal from another deck than the committed one */
} DealerConfig;

/* Connects, makes the record stream and the lease bucket if missing, resumes every table
 * recorded in it whose lease it can claim and starts serving; every 3 s it takes over the
 * recorded tables whose lease expired. NULL and a reason on failure. */
Dealer *dealer_start(const DealerConfig *cfg, char *err, size_t errsize);
void dealer_stop(Dealer *d);
/* The dealers' signing key (what clients pin; seal_fingerprint shows it to people). */
void dealer_sign_key(const Dealer *d, uint8_t out[WIRE_KEY]);
int dealer_tables(Dealer *d);
/* The lease value of dealer `dealer` (its random id) for table `code`, stamped `stamp_ms`
 * (the writer's clock, ms since 1970): "<id: 16 hex> <stamp> <tag: 64 hex>", the tag a
 * crypto_auth under a key derived from the dealers' record key (dealer.keys), so only the
 * dealers make values that check. A dealer takes a value that does not check, or one whose
 * stamp is far (30 s) from the store's time of the write (an old one written again), as no
 * lease: the table is free. out: at least 100 bytes. Its length, 0 if it does not fit. */
size_t net_lease_value(const uint8_t record_key[SEAL_KEY], uint64_t dealer, const char *code,
                       long long stamp_ms, char *out, size_t size);
/* Play again: once a table's game is over, each person's seat may ask for the next game
 * (an action WIRE_ACTION_AGAIN, recorded like any other); when every person's seat has
 * asked (a bot's always does), the dealer records REC_NEXT and deals game number k + 1 at
 * the same table: same code, seats, keys and options, from net_game_seed(seed, k + 1).
 * Game 0 is dealt from the table's seed itself. */
uint64_t net_game_seed(uint64_t table_seed, unsigned game);
/* `ms` from now on the realtime clock, for pthread_cond_timedwait. */
void net_deadline_in(struct timespec *ts, int ms);
/* Current resident memory of the process, in kB (for the benches). */
long net_rss_kb(void);

/* ---- A client: one player (or bot) at one seat of one table. Once joined it tells the
 * dealer it is here every 2 s (one thread per process for all its clients) until freed. ---- */
typedef struct NetClient NetClient;

/* Called on a libnats thread for every view of the client's seat, in order. */
typedef void (*NetViewFn)(void *user, NetClient *c, const MsgView *v);

NetClient *net_client_new(const char *url, const char *creds, const char *name, char *err,
                          size_t errsize);
/* The same with keys kept from before: the player comes back to the seat those keys hold
 * (after a crash, or from the same program started again). */
NetClient *net_client_new_keys(const char *url, const char *creds, const char *name,
                               const SealKeys *keys, char *err, size_t errsize);
/* A client with keys of its own on a connection it shares with others (benches: thousands
 * of seats need not be thousands of connections). Each seat still joins with its own
 * signed join and talks to the dealer under its own session keys; what it does not do is
 * take its seat back by itself after the connection drops. The connection must outlive
 * the client. */
NetClient *net_client_on(natsConnection *nc, const char *name, char *err, size_t errsize);
void net_client_free(NetClient *c);
/* Asks the dealers for a new table; writes its code. NULL or the reason. */
const char *net_client_create(NetClient *c, const MsgCreate *spec, char code[WIRE_CODE]);
/* Takes seat `seat` (-1: any free one) at table `code`, or takes it back (same keys).
 * Views then arrive through fn. NULL or the reason; *seat_out gets the seat. */
const char *net_client_join(NetClient *c, const char *code, int seat, NetViewFn fn, void *user,
                            int *seat_out);
/* Sends the seat's action (the answer comes back as the next view). It is sent again
 * with the same sequence number until the dealer answers, so a dropped link or a dealer
 * restart loses nothing and applies nothing twice. NULL or the dealer's refusal. */
const char *net_client_act(NetClient *c, Action a, uint32_t at);
/* The same without waiting (benches): sent once; a refusal only counts in
 * net_client_refused, which also gives the last refusal's reason. */
const char *net_client_act_async(NetClient *c, Action a, uint32_t at);
int net_client_refused(NetClient *c, char *last, size_t size);
/* Once the game is over: the seat asks to play again at the same table (the next game
 * begins when every person's seat has asked; its first view comes as usual). NULL or the
 * dealer's refusal. */
const char *net_client_again(NetClient *c);
/* The invitation to a private table (invite.h) this client joins with; the creator of one
 * has it already (net_client_create). */
void net_client_invite(NetClient *c, const char *code, const uint8_t secret[WIRE_HASH]);
/* The table's last public description (seats, names, the result once over); false
 * before the first one arrives. */
bool net_client_table(NetClient *c, MsgTable *out);
/* Fair deals (deal.h). Once game `game` of the client's table is over, the dealer's proof
 * of it is checked against the commitment the seat joined with, its own contribution and
 * every view the seat was shown of that game. NET_DEAL_WAITING: not over yet, or the proof
 * has not come (or belongs to a later game now); NET_DEAL_FIXED: the table deals from its
 * creator's seed (an arena of its own bots): nothing to check; NET_DEAL_FAILED with the
 * reason in why[]. The check runs on the caller's thread, once per game. */
typedef enum { NET_DEAL_WAITING, NET_DEAL_FIXED, NET_DEAL_VERIFIED, NET_DEAL_FAILED } NetDeal;
NetDeal net_client_deal(NetClient *c, unsigned game, char *why, size_t whysize);
/* Keep the record of every game the client checks in dir (dealfile.h: `tasca verify` checks
 * it again); NULL or "" keeps none. net_client_kept_deal: the last record kept, false when
 * none was (a failure to keep one is told on stderr). */
void net_client_keep_deals(NetClient *c, const char *dir);
bool net_client_kept_deal(NetClient *c, char *path, size_t size);
/* This client may sit at a fixed table (a seed of its creator's, every seat its creator's
 * keys: `tasca sim --nats`). Without it a join to such a table is refused by the client:
 * a person never plays a deal somebody chose. */
void net_client_allow_fixed(NetClient *c);
/* The keys the client is at its table: since net_client_join, keys of that table only
 * (made from the player's own keys and the table's code: the same player is another key at
 * every table, and the same keys again at the same table), or the player's own keys for an
 * arena's client (net_client_allow_fixed) and before any join. A later ladder that wants a
 * stable identity would sign the table keys with the player's own key, by the player's
 * choice: nothing links them today. */
const SealKeys *net_client_keys(const NetClient *c);
/* The dealers' signing key to believe on this connection (kept by the caller from an
 * earlier use: trust on first use). Without it the first answer of the dealers' keys is
 * believed, and net_client_dealer_key gives it, to be kept. Every answer the client acts on
 * (to a table request, a join, an action; the lobby's news of its table) must be signed by
 * it; when the dealers answer under another key, requests fail with NET_KEY_CHANGED and
 * `offered` is that key, for the player to accept deliberately (net_client_pin). */
void net_client_pin(NetClient *c, const uint8_t sign_pk[WIRE_KEY]);
/* Asks the dealers for their keys now: NULL when they answer under the key believed (which
 * is pinned on first use), NET_KEY_CHANGED or why not. */
const char *net_client_trust(NetClient *c);
bool net_client_dealer_key(NetClient *c, uint8_t sign_pk[WIRE_KEY], bool *changed,
                           uint8_t offered[WIRE_KEY]);
natsConnection *net_client_conn(NetClient *c);
/* The public description of a table (lobby), signed by the dealers' key `pin` (NULL: any
 * signature is taken unchecked, for observers such as tests and benches that trust the
 * broker); false when no dealer answers in time. */
bool net_lobby_table(natsConnection *nc, const uint8_t *pin, const char *code, MsgTable *out,
                     int timeout_ms);
/* The same through a client, checked with the key it believes (pinned on first use). */
bool net_client_lobby_table(NetClient *c, const char *code, MsgTable *out, int timeout_ms);
/* A lobby entry as it came ([MsgTable][signature]), checked as above. */
bool net_lobby_entry(const uint8_t *pin, const uint8_t *data, size_t len, MsgTable *out);

/* ---- Bots at networked tables: one game, every seat its own client. ---- */
typedef struct {
    const char *url, *creds;
    const GameRules *rules;
    GameOptions opt;
    int n;                               /* seats */
    Difficulty level[RULES_MAX_PLAYERS]; /* per seat */
    uint64_t seed;                       /* the deal's seed (the dealer uses it) */
    uint64_t bot_seed;                   /* decision k of the game draws from rng_mix(bot_seed, k) */
} NetBotGame;

typedef struct {
    double ret[RULES_MAX_PLAYERS]; /* per seat, as the dealer scored it */
    int decisions;
    double *latency_ms; /* per action: sent -> every seat holds the view it led to */
    int n_latency, cap_latency;
    char err[NET_ERR];
} NetBotResult;

/* Creates a table on the dealers, seats one client per seat and plays the game out.
 * False (and res->err) when the game could not be played to its end. */
bool net_play_bots(const NetBotGame *g, NetBotResult *res);

#endif
