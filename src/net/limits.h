/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The dealer's limits: what one dealer, one client (its key) and one seat may cost it.
 *
 * Every limit is on by default (net_limits_resolve) and is a setting of `tasca serve`
 * (docs/network.md, *Limits*). The dealer asks here whether something is allowed; the
 * refusals are message keys (N_), shown translated by the window. Pure C, no NATS. */
#ifndef TASCA_NET_LIMITS_H
#define TASCA_NET_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/nls.h"

/* The refusals a client gets (over the wire, in English; the window translates them). */
#define NET_DEALER_FULL N_("this dealer hosts as many tables as it may")
#define NET_CLIENT_TABLES N_("you have as many open tables on this server as a player may")
#define NET_CREATE_RATE N_("too many new tables in a minute: wait a little")
#define NET_NAME_RATE N_("too many changes of this seat's name in a minute: wait a little")
#define NET_NO_CLIENT_KEY N_("the table request does not name its player's key")

/* In a DealerConfig, 0 is a field's default and a negative value turns the limit off. */
typedef struct {
    int max_tables;          /* tables the dealer hosts */
    int client_tables;       /* open tables one client (its key) has created */
    int creates_per_minute;  /* new tables one client may ask for in a minute */
    int idle_seconds;        /* an unfinished table with no person connected this long is closed */
    int bot_games;           /* games a table with no person's seat plays, then it stops */
    int renames_per_minute;  /* changes of one seat's name (or keys) in a minute */
    int lobby_entries;       /* tables in one answer to a lobby list */
} NetLimits;

#define NET_LIMIT_MAX_TABLES 2000
#define NET_LIMIT_CLIENT_TABLES 10
#define NET_LIMIT_CREATES 20
#define NET_LIMIT_IDLE_S 1800
#define NET_LIMIT_BOT_GAMES 1
#define NET_LIMIT_RENAMES 6
#define NET_LIMIT_LOBBY 200

/* The limits in force for `asked`: each default where 0, 0 (none) where negative. */
void net_limits_resolve(const NetLimits *asked, NetLimits *out);

/* "At most n a minute" for one thing (a seat): a bucket of n that fills again at n a minute. */
typedef struct {
    double tokens;
    long long at; /* when it was last filled (ns); 0: never used (full) */
} NetRate;

/* Takes one from the bucket if it has one (true); per_minute <= 0: no limit. */
bool net_rate_take(NetRate *r, int per_minute, long long now_ns);

/* The same for many things named by a 32-byte key (clients): buckets kept while they are
 * not full, so the map holds at most about a minute's worth of keys. */
typedef struct NetRateMap NetRateMap;
NetRateMap *net_ratemap_new(void);
void net_ratemap_free(NetRateMap *m);
bool net_ratemap_take(NetRateMap *m, const uint8_t key[32], int per_minute, long long now_ns);
int net_ratemap_size(const NetRateMap *m);

/* What a table request's client_key signs (wire.h): "tasca create" then the request's
 * one-time Ed25519 key. out: NET_CLAIM bytes. */
#define NET_CLAIM (12 + 32)
void net_create_claim(const uint8_t once_pk[32], uint8_t out[NET_CLAIM]);

/* Bot decisions: served first in, first out (a table has one at a time), and those of Hard
 * bots (which think for a budget of up to seconds) on at most this many of `workers` at
 * once, so that another table's decision always finds a worker within one such budget. */
int net_bots_slow_workers(int workers);

#endif
