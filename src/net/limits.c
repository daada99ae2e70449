/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The dealer's limits (limits.h). */
#include "limits.h"

#include <stdlib.h>
#include <string.h>

#define MINUTE_NS 60000000000LL

static int resolve(int asked, int dflt)
{
    return asked < 0 ? 0 : asked == 0 ? dflt : asked;
}

void net_limits_resolve(const NetLimits *asked, NetLimits *out)
{
    NetLimits a = asked ? *asked : (NetLimits){0};
    out->max_tables = resolve(a.max_tables, NET_LIMIT_MAX_TABLES);
    out->client_tables = resolve(a.client_tables, NET_LIMIT_CLIENT_TABLES);
    out->creates_per_minute = resolve(a.creates_per_minute, NET_LIMIT_CREATES);
    out->idle_seconds = resolve(a.idle_seconds, NET_LIMIT_IDLE_S);
    out->bot_games = resolve(a.bot_games, NET_LIMIT_BOT_GAMES);
    out->renames_per_minute = resolve(a.renames_per_minute, NET_LIMIT_RENAMES);
    out->lobby_entries = resolve(a.lobby_entries, NET_LIMIT_LOBBY);
}

/* The bucket filled for the time since it was last: full after a minute untouched. */
static void refill(NetRate *r, int per_minute, long long now)
{
    if (!r->at) {
        r->tokens = per_minute;
    } else if (now > r->at) {
        r->tokens += (double)(now - r->at) * per_minute / (double)MINUTE_NS;
        if (r->tokens > per_minute)
            r->tokens = per_minute;
    }
    r->at = now;
}

bool net_rate_take(NetRate *r, int per_minute, long long now_ns)
{
    if (per_minute <= 0)
        return true;
    refill(r, per_minute, now_ns);
    if (r->tokens < 1.0)
        return false;
    r->tokens -= 1.0;
    return true;
}

/* Open addressing on the key's first bytes (keys are public keys: evenly spread). */
typedef struct {
    uint8_t key[32];
    NetRate rate;
    bool used;
} Slot;

struct NetRateMap {
    Slot *slots;
    int cap, n;
};

NetRateMap *net_ratemap_new(void)
{
    return calloc(1, sizeof(NetRateMap));
}

void net_ratemap_free(NetRateMap *m)
{
    if (m) {
        free(m->slots);
        free(m);
    }
}

int net_ratemap_size(const NetRateMap *m) { return m ? m->n : 0; }

static size_t slot_of(const uint8_t key[32], int cap)
{
    uint64_t h;
    memcpy(&h, key, sizeof h);
    return (size_t)(h % (uint64_t)cap);
}

static Slot *find(NetRateMap *m, const uint8_t key[32], bool *found)
{
    size_t i = slot_of(key, m->cap);
    while (m->slots[i].used && memcmp(m->slots[i].key, key, 32) != 0)
        i = (i + 1) % (size_t)m->cap;
    *found = m->slots[i].used;
    return &m->slots[i];
}

/* Made again with room for twice what it holds, leaving out the buckets that a minute
 * untouched has filled (they are as good as new). */
static bool rebuild(NetRateMap *m, long long now)
{
    int live = 0;
    for (int i = 0; i < m->cap; i++)
        if (m->slots[i].used && now - m->slots[i].rate.at < MINUTE_NS)
            live++;
    int cap = 64;
    while (cap < 4 * (live + 1))
        cap *= 2;
    Slot *old = m->slots;
    int old_cap = m->cap;
    if (!(m->slots = calloc((size_t)cap, sizeof *m->slots))) {
        m->slots = old;
        return false;
    }
    m->cap = cap;
    m->n = 0;
    for (int i = 0; i < old_cap; i++)
        if (old[i].used && now - old[i].rate.at < MINUTE_NS) {
            bool found;
            *find(m, old[i].key, &found) = old[i];
            m->n++;
        }
    free(old);
    return true;
}

bool net_ratemap_take(NetRateMap *m, const uint8_t key[32], int per_minute, long long now_ns)
{
    if (per_minute <= 0)
        return true;
    if ((m->n + 1) * 2 > m->cap && !rebuild(m, now_ns))
        return false; /* no memory: nothing new is allowed */
    bool found;
    Slot *s = find(m, key, &found);
    if (!found) {
        memset(s, 0, sizeof *s);
        memcpy(s->key, key, 32);
        s->used = true;
        m->n++;
    }
    return net_rate_take(&s->rate, per_minute, now_ns);
}

int net_bots_slow_workers(int workers)
{
    return workers > 1 ? workers - 1 : 1;
}

void net_create_claim(const uint8_t once_pk[32], uint8_t out[NET_CLAIM])
{
    memcpy(out, "tasca create", 12);
    memcpy(out + 12, once_pk, 32);
}
