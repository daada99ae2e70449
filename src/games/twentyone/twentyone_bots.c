/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 21 bots. */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "twentyone_bots.h"

static int seat_total(const TwentyOneState *s, int seat)
{
    return twentyone_total(s->hand[seat], s->n[seat], NULL);
}

Action twentyone_seed_decide(const BotRequest *req)
{
    const TwentyOneState *s = req->view;
    /* p = random{0, 0.1, 0.2} + (total / 21) * 0.7; stand when p > 0.7. The rules already
     * end the turn at 21, a bust or 5 cards. */
    double p = (double)rng_below(req->rng, 3) * 0.1 + seat_total(s, req->seat) / 21.0 * 0.7;
    return p > 0.7 ? TO_STAND : TO_HIT;
}

Action twentyone_heuristic_decide(const BotRequest *req)
{
    const TwentyOneState *s = req->view;
    bool soft;
    int t = twentyone_total(s->hand[req->seat], s->n[req->seat], &soft);
    if (req->seat == TO_COMPUTER) {
        /* The computer sees the player's cards: it must beat them, and a tie is safe only
         * when hitting is risky. */
        int p = seat_total(s, TO_PLAYER);
        if (t < p)
            return TO_HIT;
        if (t == p)
            return t <= 16 ? TO_HIT : TO_STAND;
        return TO_STAND;
    }
    int up = twentyone_card_value(s->hand[TO_COMPUTER][0]);
    if (up == 1)
        up = 11;
    if (soft)
        return t <= 17 ? TO_HIT : TO_STAND;
    if (t <= 11)
        return TO_HIT;
    if (t >= 17)
        return TO_STAND;
    /* 12-16: stand against a weak up card, hit against a strong one. */
    return up >= 7 ? TO_HIT : TO_STAND;
}

/* ---- Exact expectation over the unseen cards ------------------------------------------
 * Cards are grouped by value (1 = Ace .. 10), since suits do not matter in 21. */

typedef struct {
    int count[11]; /* unseen cards per value */
    int total;
    bool charlie;
} Pool;

typedef struct {
    int sum;  /* Aces counted as 1 */
    bool ace;
    int n;
} Hand;

static int best(Hand h) { return h.ace && h.sum + 10 <= 21 ? h.sum + 10 : h.sum; }

static Hand add(Hand h, int v) { return (Hand){h.sum + v, h.ace || v == 1, h.n + 1}; }

/* The same computer position is reached along many paths of the player's and the
 * computer's draws: a per-thread cache keyed exactly by (pool, hand, player's total),
 * invalidated per decision by a generation number. */
#define CACHE_BITS 16
typedef struct {
    uint64_t key;
    uint32_t gen;
    double value;
} CacheEntry;
/* On the heap, made by the first search of each thread and freed when the thread ends:
 * as a static _Thread_local array (1.5 MB) it sat in every thread of the process,
 * renderer and audio threads included, and each one's creation cleared it. */
#define CACHE_SIZE (1u << CACHE_BITS)
static _Thread_local CacheEntry *cache;
static _Thread_local uint32_t cache_gen;
static pthread_key_t cache_owner;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static bool cache_owner_ok;

static void cache_owner_init(void)
{
    cache_owner_ok = pthread_key_create(&cache_owner, free) == 0;
}

/* Starts a new decision: returns false (search without a cache) when out of memory. */
static bool cache_begin(void)
{
    if (!cache) {
        pthread_once(&cache_once, cache_owner_init);
        if (!cache_owner_ok || !(cache = calloc(CACHE_SIZE, sizeof *cache)))
            return false;
        if (pthread_setspecific(cache_owner, cache) != 0) {
            free(cache);
            cache = NULL;
            return false;
        }
        cache_gen = 0;
    }
    if (++cache_gen == 0) { /* wrapped: forget everything */
        memset(cache, 0, CACHE_SIZE * sizeof *cache);
        cache_gen = 1;
    }
    return true;
}

static uint64_t cache_key(const Pool *pool, Hand c, int p)
{
    uint64_t k = 0;
    for (int v = 1; v <= 10; v++)
        k = k << 5 | (uint64_t)pool->count[v]; /* at most 16 cards per value: 5 bits */
    k = k << 5 | (uint64_t)c.sum;             /* <= 21 once a bust is ruled out */
    k = k << 1 | (uint64_t)c.ace;
    k = k << 3 | (uint64_t)c.n;
    return k << 5 | (uint64_t)p;
}

/* The computer's best result (+1 win) with hand c against a player's final total p, the
 * computer choosing optimally between standing and hitting. */
static double computer_value(Hand c, int p, Pool *pool)
{
    int t = best(c);
    if (t > 21)
        return -1;
    if (pool->charlie && c.n == TO_MAX_CARDS)
        return 1;
    double stand = t > p ? 1 : t == p ? 0 : -1;
    if (t == 21 || c.n == TO_MAX_CARDS || stand == 1 || pool->total == 0)
        return stand;
    uint64_t key = cache_key(pool, c, p);
    CacheEntry *e = cache ? &cache[(key * 0x9E3779B97F4A7C15ULL) >> (64 - CACHE_BITS)] : NULL;
    if (e && e->gen == cache_gen && e->key == key)
        return e->value;
    double hit = 0;
    for (int v = 1; v <= 10; v++) {
        if (!pool->count[v])
            continue;
        double pr = (double)pool->count[v] / pool->total;
        pool->count[v]--, pool->total--;
        hit += pr * computer_value(add(c, v), p, pool);
        pool->count[v]++, pool->total++;
    }
    double value = hit > stand ? hit : stand;
    if (e)
        *e = (CacheEntry){key, cache_gen, value};
    return value;
}

/* The player's result when its turn ends with hand p: the hole card comes from the pool,
 * then the computer plays as well as it can. */
static double player_stand(Hand p, Hand up, Pool *pool)
{
    int t = best(p);
    if (t > 21)
        return -1;
    if (pool->charlie && p.n == TO_MAX_CARDS)
        return 1;
    double sum = 0;
    for (int v = 1; v <= 10; v++) {
        if (!pool->count[v])
            continue;
        double pr = (double)pool->count[v] / pool->total;
        pool->count[v]--, pool->total--;
        sum += pr * -computer_value(add(up, v), t, pool);
        pool->count[v]++, pool->total++;
    }
    return sum;
}

static double player_value(Hand p, Hand up, Pool *pool);

static double player_hit(Hand p, Hand up, Pool *pool)
{
    double sum = 0;
    for (int v = 1; v <= 10; v++) {
        if (!pool->count[v])
            continue;
        double pr = (double)pool->count[v] / pool->total;
        pool->count[v]--, pool->total--;
        sum += pr * player_value(add(p, v), up, pool);
        pool->count[v]++, pool->total++;
    }
    return sum;
}

static double player_value(Hand p, Hand up, Pool *pool)
{
    int t = best(p);
    if (t > 21)
        return -1;
    if (pool->charlie && p.n == TO_MAX_CARDS)
        return 1;
    double stand = player_stand(p, up, pool);
    if (t == 21 || p.n == TO_MAX_CARDS || pool->total <= 1)
        return stand;
    double hit = player_hit(p, up, pool);
    return hit > stand ? hit : stand;
}

static Hand hand_of(const TwentyOneState *s, int seat)
{
    Hand h = {0, false, 0};
    for (int i = 0; i < s->n[seat]; i++)
        if (s->hand[seat][i] != CARD_HIDDEN)
            h = add(h, twentyone_card_value(s->hand[seat][i]));
    return h;
}

void twentyone_expectations(const TwentyOneState *view, int seat, double *stand, double *hit)
{
    Pool pool = {{0}, 0, view->charlie != 0};
    cache_begin();
    bool seen[52] = {false};
    for (int p = 0; p < TO_SEATS; p++)
        for (int i = 0; i < view->n[p]; i++)
            if (card_is_valid(view->hand[p][i]))
                seen[card_index(view->hand[p][i])] = true;
    for (int i = 0; i < 52; i++)
        if (!seen[i]) {
            pool.count[twentyone_card_value(card_from_index(i))]++;
            pool.total++;
        }
    Hand me = hand_of(view, seat);
    *stand = *hit = -1;
    if (seat == TO_COMPUTER) {
        int p = seat_total(view, TO_PLAYER);
        int t = best(me);
        *stand = t > p ? 1 : t == p ? 0 : -1;
        double h = 0;
        for (int v = 1; v <= 10; v++) {
            if (!pool.count[v])
                continue;
            double pr = (double)pool.count[v] / pool.total;
            pool.count[v]--, pool.total--;
            h += pr * computer_value(add(me, v), p, &pool);
            pool.count[v]++, pool.total++;
        }
        *hit = h;
    } else {
        Hand up = hand_of(view, TO_COMPUTER); /* only the face-up card is known */
        *stand = player_stand(me, up, &pool);
        *hit = player_hit(me, up, &pool);
    }
}

Action twentyone_expect_decide(const BotRequest *req)
{
    double stand, hit;
    twentyone_expectations(req->view, req->seat, &stand, &hit);
    return hit > stand ? TO_HIT : TO_STAND;
}

Action twentyone_expect_analyze(const BotRequest *req, Analysis *out)
{
    analysis_begin(out, req->rules, req->view, req->seat, ANALYSIS_WIN);
    if (out->n == 0)
        return -1;
    double stand, hit;
    twentyone_expectations(req->view, req->seat, &stand, &hit);
    out->exact = true;
    /* An expectation e in [-1, 1] (a draw 0) is the win chance (1 + e) / 2, a draw half. */
    AnalysisItem *x = analysis_item(out, TO_STAND);
    if (x)
        *x = (AnalysisItem){.action = TO_STAND, .valued = true, .value = (1 + stand) / 2};
    x = analysis_item(out, TO_HIT);
    if (x)
        *x = (AnalysisItem){.action = TO_HIT, .valued = true, .value = (1 + hit) / 2};
    Action a = hit > stand ? TO_HIT : TO_STAND;
    analysis_choose(out, a);
    return a;
}
