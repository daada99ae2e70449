/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin endgame tables by retrograde analysis (see moulin_endgame.h). */
#ifdef __linux__
#define _GNU_SOURCE /* syscall(SYS_gettid): a thread's own nice value */
#endif
#include "moulin_endgame.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "../../core/fileio.h"
#include "moulin.h"

#define NSYM 16
#define NPTS MOULIN_POINTS
#define KMAX MOULIN_EG_MAX_PIECES
#define BIT(p) (1u << (p))

/* Increase when the format or the values change: an older file is then built again.
 * 2: a file per stage, the 5-piece tables (issue 40). */
#define EG_VERSION 2u
static const char eg_magic[8] = {'T', 'A', 'S', 'C', 'A', 'M', 'E', 'G'};

/* ---- Geometry: symmetries, combinatorial ranks ------------------------------------- */

/* The three squares, each clockwise from its top-left corner. */
static const uint8_t ring[3][8] = {
    {0, 1, 2, 14, 23, 22, 21, 9},
    {3, 4, 5, 13, 20, 19, 18, 10},
    {6, 7, 8, 12, 17, 16, 15, 11},
};

static uint8_t sym_perm[NSYM][NPTS];
static uint32_t sym_byte[NSYM][3][256];
static uint32_t binom[NPTS + 1][KMAX + 2];

/* The sets of k pieces (k = 3..KMAX) by colex rank: their class under the symmetries and the
 * symmetries that map them onto the class's representative. */
typedef struct {
    uint32_t nranks, nclasses;
    uint16_t *cls;  /* per rank */
    uint16_t *syms; /* per rank: a mask over the 16 symmetries */
    uint32_t *rep;  /* per class: the representative set (the smallest image) */
    uint8_t (*freepos)[NPTS]; /* per class: each point's number among the free points */
    uint8_t (*freept)[NPTS];  /* per class: the free points in order */
} SetClasses;

static SetClasses sets[KMAX + 1];
static pthread_once_t geo_once = PTHREAD_ONCE_INIT;
static bool geo_ok;

static inline uint32_t sym_apply(int s, uint32_t m)
{
    return sym_byte[s][0][m & 255] | sym_byte[s][1][m >> 8 & 255] | sym_byte[s][2][m >> 16 & 255];
}

static inline int popc(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* Colex rank of a set among the sets of its size on 24 points. */
static inline uint32_t rank_set(uint32_t m)
{
    uint32_t r = 0;
    for (int i = 1; m; m &= m - 1, i++)
        r += binom[__builtin_ctz(m)][i];
    return r;
}

static uint32_t unrank_set(uint32_t r, int k, int n)
{
    uint32_t m = 0;
    for (int i = k; i >= 1; i--) {
        int p = n - 1;
        while (binom[p][i] > r)
            p--;
        r -= binom[p][i];
        m |= BIT(p);
        n = p;
    }
    return m;
}

static void geo_init(void)
{
    for (int n = 0; n <= NPTS; n++)
        for (int k = 0; k <= KMAX + 1; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    int where_r[NPTS], where_k[NPTS];
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 8; k++) {
            where_r[ring[r][k]] = r;
            where_k[ring[r][k]] = k;
        }
    for (int s = 0; s < NSYM; s++) {
        int rot = s & 3, refl = s >> 2 & 1, swap = s >> 3 & 1;
        for (int p = 0; p < NPTS; p++) {
            int r = where_r[p], k = where_k[p];
            if (refl)
                k = (8 - k) % 8;
            k = (k + 2 * rot) % 8;
            if (swap)
                r = 2 - r;
            sym_perm[s][p] = ring[r][k];
        }
        for (int b = 0; b < 3; b++)
            for (int v = 0; v < 256; v++) {
                uint32_t m = 0;
                for (int i = 0; i < 8; i++)
                    if (v >> i & 1)
                        m |= BIT(sym_perm[s][b * 8 + i]);
                sym_byte[s][b][v] = m;
            }
    }
    for (int k = 3; k <= KMAX; k++) {
        SetClasses *sc = &sets[k];
        sc->nranks = binom[NPTS][k];
        sc->cls = malloc(sizeof *sc->cls * sc->nranks);
        sc->syms = malloc(sizeof *sc->syms * sc->nranks);
        sc->rep = malloc(sizeof *sc->rep * sc->nranks);
        if (!sc->cls || !sc->syms || !sc->rep)
            return;
        for (uint32_t r = 0; r < sc->nranks; r++)
            sc->cls[r] = UINT16_MAX;
        sc->nclasses = 0;
        for (uint32_t r = 0; r < sc->nranks; r++) {
            if (sc->cls[r] != UINT16_MAX)
                continue;
            /* r is the smallest rank of its class; colex order and the numeric order of the
             * masks agree, so its mask is the smallest image. */
            uint32_t m = unrank_set(r, k, NPTS);
            uint16_t id = (uint16_t)sc->nclasses++;
            sc->rep[id] = m;
            for (int s = 0; s < NSYM; s++) {
                uint32_t img = sym_apply(s, m);
                uint32_t ri = rank_set(img);
                sc->cls[ri] = id;
            }
        }
        sc->freepos = malloc(sizeof *sc->freepos * sc->nclasses);
        sc->freept = malloc(sizeof *sc->freept * sc->nclasses);
        if (!sc->freepos || !sc->freept)
            return;
        for (uint32_t c = 0; c < sc->nclasses; c++)
            for (int p = 0, n = 0; p < NPTS; p++) {
                sc->freepos[c][p] = (uint8_t)n;
                if (!(sc->rep[c] & BIT(p)))
                    sc->freept[c][n++] = (uint8_t)p;
            }
        /* For every set, the symmetries that take it to its representative. */
        for (uint32_t r = 0; r < sc->nranks; r++) {
            uint32_t m = unrank_set(r, k, NPTS), rep = sc->rep[sc->cls[r]];
            uint16_t mask = 0;
            for (int s = 0; s < NSYM; s++)
                if (sym_apply(s, m) == rep)
                    mask |= (uint16_t)(1u << s);
            sc->syms[r] = mask;
        }
    }
    geo_ok = true;
}

/* ---- Tables ------------------------------------------------------------------------ */

/* One table: the side to move has a pieces, the other b. */
typedef struct {
    int a, b;
    uint32_t n2;   /* C(24 - a, b) */
    uint32_t size; /* classes(a) * n2 */
    uint8_t *v;
} EgTable;

/* The tables in building order, by pairs ((a, b) and (b, a) are solved together, since a
 * quiet move swaps them): each one's captures lead only to earlier ones. The pair of
 * (a, b), lo = min, hi = max: (hi - 3)(hi - 2) / 2 + lo - 3. */
static const uint8_t pair_order[][2] = {{3, 3}, {3, 4}, {4, 4}, {3, 5}, {4, 5}, {5, 5}};
#define NPAIRS ((int)(sizeof pair_order / sizeof pair_order[0]))

static inline int pair_of(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (hi - 3) * (hi - 2) / 2 + lo - 3;
}

/* Stages: the pairs kept in one file and made ready together. The first (up to 4 pieces a
 * side, a few seconds) is made by moulin_eg_ensure in the caller's thread; each later one
 * (one 5-piece pair) by moulin_eg_ensure_all, or by the background worker of
 * moulin_eg_start. */
static const uint8_t stage_end[] = {3, 4, 5, 6};
#define NSTAGES ((int)(sizeof stage_end / sizeof stage_end[0]))

static inline int stage_first(int s)
{
    return s ? stage_end[s - 1] : 0;
}

typedef struct {
    bool loaded;
    uint64_t bytes;
    double ms, cpu_ms;
    char path[512];
} StageInfo;

typedef struct {
    pthread_mutex_t lock;     /* the first stage */
    pthread_mutex_t big_lock; /* the later stages */
    pthread_mutex_t info_lock;
    atomic_int ready;         /* the pairs ready (in pair_order), the count only grows */
    bool flying;
    EgTable t[KMAX + 1][KMAX + 1];
    uint8_t *mem[NSTAGES];    /* each stage's tables, one block */
    StageInfo stage[NSTAGES];
    MoulinEgTableInfo counts[KMAX + 1][KMAX + 1];
    bool counted[KMAX + 1][KMAX + 1];
    /* The background worker (moulin_eg_start). */
    pthread_mutex_t worker_lock;
    atomic_bool worker_asked;
    bool worker_on;
    pthread_t worker;
    atomic_int stop;
} Variant;

#define VARIANT_INIT(f)                                                                            \
    {.lock = PTHREAD_MUTEX_INITIALIZER, .big_lock = PTHREAD_MUTEX_INITIALIZER,                     \
     .info_lock = PTHREAD_MUTEX_INITIALIZER, .worker_lock = PTHREAD_MUTEX_INITIALIZER,             \
     .flying = (f)}

static Variant variants[2] = {VARIANT_INIT(false), VARIANT_INIT(true)};

static atomic_int pair_limit = NPAIRS;
static atomic_int max_pieces = 0; /* 0: not read yet from TASCA_MOULIN_EG_PIECES */

void moulin_eg_limit(int pairs)
{
    atomic_store(&pair_limit, pairs < 1 ? 1 : pairs > NPAIRS ? NPAIRS : pairs);
}

void moulin_eg_set_max_pieces(int k)
{
    atomic_store(&max_pieces, k < 3 ? 3 : k > KMAX ? KMAX : k);
}

int moulin_eg_max_pieces(void)
{
    int k = atomic_load(&max_pieces);
    if (k == 0) {
        const char *env = getenv("TASCA_MOULIN_EG_PIECES");
        k = env && env[0] ? atoi(env) : KMAX;
        k = k < 3 ? 3 : k > KMAX ? KMAX : k;
        atomic_store(&max_pieces, k);
    }
    return k;
}

/* The pairs in use: up to the largest piece count allowed, and the tests' limit. */
static int pairs_allowed(void)
{
    int k = moulin_eg_max_pieces(), n = 0;
    while (n < NPAIRS && pair_order[n][1] <= k)
        n++;
    int lim = atomic_load(&pair_limit);
    return n < lim ? n : lim;
}

static inline uint32_t eg_index(const EgTable *t, uint32_t m, uint32_t o)
{
    const SetClasses *sc = &sets[t->a];
    uint32_t r = rank_set(m);
    unsigned cls = sc->cls[r];
    const uint8_t *fp = sc->freepos[cls];
    uint32_t best = UINT32_MAX;
    for (unsigned sm = sc->syms[r]; sm; sm &= sm - 1) {
        uint32_t x = 0, oc = sym_apply(__builtin_ctz(sm), o);
        for (int i = 1; oc; oc &= oc - 1, i++)
            x += binom[fp[__builtin_ctz(oc)]][i];
        if (x < best)
            best = x;
    }
    return cls * t->n2 + best;
}

static inline void eg_decode(const EgTable *t, uint32_t x, uint32_t *m, uint32_t *o)
{
    uint32_t cls = x / t->n2, c = unrank_set(x % t->n2, t->b, NPTS - t->a), oo = 0;
    const uint8_t *fp = sets[t->a].freept[cls];
    for (; c; c &= c - 1)
        oo |= BIT(fp[__builtin_ctz(c)]);
    *m = sets[t->a].rep[cls];
    *o = oo;
}

/* Is x the index of its own position (and not a symmetric duplicate never looked up)? */
static inline bool eg_canonical(const EgTable *t, uint32_t x)
{
    uint32_t m, o;
    eg_decode(t, x, &m, &o);
    return eg_index(t, m, o) == x;
}

/* ---- Values: 0 = draw, else distance + 1; odd distance = win for the side to move -------- */

#define V_WIN(v) ((v) != 0 && ((v)&1) == 0)
#define V_LOSS(v) (((v)&1) == 1)

/* Goodness for the side to move: bigger is better. */
static inline int v_rank(uint8_t v)
{
    if (v == 0)
        return 0;
    return V_WIN(v) ? 1000 - v : -1000 + v;
}

/* ---- Building ---------------------------------------------------------------------- */

#define EX_NONE 0
#define EX_DRAW 255

typedef struct {
    Variant *var;
    EgTable *ta, *tb; /* (a, b) and (b, a); the same when a == b */
    uint8_t *cnt, *ex;
    /* A small hash set for the duplicates among a position's children or parents. */
    uint32_t seen_key[256], seen_gen[256], gen;
    const atomic_int *cancel;
} Build;

static inline bool mill_at(uint32_t bb, int p)
{
    return moulin_in_mill(bb, p);
}

/* The table of an index in the pair: offsets of the second table follow the first. */
static inline EgTable *pair_table(const Build *b, uint32_t gx, uint32_t *x)
{
    if (gx < b->ta->size) {
        *x = gx;
        return b->ta;
    }
    *x = gx - b->ta->size;
    return b->tb;
}

static inline uint32_t pair_offset(const Build *b, const EgTable *t)
{
    return t == b->ta ? 0 : b->ta->size;
}

/* The value of the side to move after a capture (from a table built before), as a stored
 * byte for the capturing side. */
static inline uint8_t capture_value(const Variant *var, uint32_t after_opp, uint32_t after_me,
                                    int opp_left)
{
    if (opp_left < 3)
        return 2; /* a win in 1 */
    const EgTable *t = &var->t[opp_left][popc(after_me)];
    uint8_t cv = t->v[eg_index(t, after_opp, after_me)];
    return cv ? (uint8_t)(cv + 1) : 0;
}

/* Has gx not been seen yet in this generation (one position's list)? */
static inline bool first_time(Build *b, uint32_t gx)
{
    unsigned h = (gx * 2654435761u) >> 24;
    for (;; h = (h + 1) & 255) {
        if (b->seen_gen[h] != b->gen) {
            b->seen_gen[h] = b->gen;
            b->seen_key[h] = gx;
            return true;
        }
        if (b->seen_key[h] == gx)
            return false;
    }
}

/* The quiet children (distinct, as global indices of the pair) and the best capture. */
static int children(Build *b, const EgTable *t, uint32_t m, uint32_t o, uint32_t *out,
                    uint8_t *best_ex)
{
    const Variant *var = b->var;
    const EgTable *tc = t == b->ta ? b->tb : b->ta; /* (b, a) */
    uint32_t off = pair_offset(b, tc);
    uint32_t empty = ~(m | o) & MOULIN_BOARD_MASK;
    bool fly = var->flying && t->a == 3;
    uint32_t rem = moulin_removable(o);
    int n = 0, ex_rank = INT32_MIN;
    uint8_t ex = EX_NONE;
    for (uint32_t f = m; f; f &= f - 1) {
        int from = __builtin_ctz(f);
        uint32_t after = m & ~BIT(from);
        for (uint32_t tt = fly ? empty : moulin_adj[from] & empty; tt; tt &= tt - 1) {
            int to = __builtin_ctz(tt);
            uint32_t m2 = after | BIT(to);
            if (mill_at(m2, to)) {
                for (uint32_t r = rem; r; r &= r - 1) {
                    uint8_t v = capture_value(var, o & ~(r & -r), m2, t->b - 1);
                    int rk = v_rank(v);
                    if (rk > ex_rank) {
                        ex_rank = rk;
                        ex = v ? v : EX_DRAW;
                    }
                }
            } else {
                uint32_t gx = off + eg_index(tc, o, m2);
                if (first_time(b, gx))
                    out[n++] = gx;
            }
        }
    }
    b->gen++;
    *best_ex = ex;
    return n;
}

/* The distinct positions (global indices) from which a quiet move of the side that just
 * moved leads to (m to move, o just moved). */
static int parents(Build *b, const EgTable *t, uint32_t m, uint32_t o, uint32_t *out)
{
    const EgTable *tp = t == b->ta ? b->tb : b->ta; /* (b, a): o's side to move */
    uint32_t off = pair_offset(b, tp);
    uint32_t empty = ~(m | o) & MOULIN_BOARD_MASK;
    bool fly = b->var->flying && t->b == 3;
    int n = 0;
    for (uint32_t tt = o; tt; tt &= tt - 1) {
        int to = __builtin_ctz(tt);
        if (mill_at(o, to))
            continue; /* arriving there closed a mill: that was a capture, not a quiet move */
        uint32_t before = o & ~BIT(to);
        for (uint32_t f = fly ? empty : moulin_adj[to] & empty; f; f &= f - 1) {
            uint32_t gx = off + eg_index(tp, before | (f & -f), m);
            if (first_time(b, gx))
                out[n++] = gx;
        }
    }
    b->gen++;
    return n;
}

static bool cancelled(const atomic_int *c)
{
    return c && atomic_load(c);
}

/* Solves the pair (a, b) and (b, a). Returns 0, 1 when cancelled, -1 on failure. */
static int build_pair(Variant *var, int a, int bb, const atomic_int *cancel)
{
    Build b = {.var = var, .ta = &var->t[a][bb], .tb = &var->t[bb][a], .cancel = cancel};
    uint32_t total = b.ta->size + (a == bb ? 0 : b.tb->size);
    if (a == bb)
        b.tb = b.ta;
    b.cnt = calloc(total, 1);
    b.ex = calloc(total, 1);
    b.gen = 1;
    int rc = -1;
    if (!b.cnt || !b.ex)
        goto done;
    uint32_t buf[9 * NPTS];
    int top = 0; /* the largest stored byte set or pending so far */
    /* Initialisation: quiet children counted, captures judged, dead ends lost. Stored values
     * are 0 here (calloc'd with the block). */
    for (uint32_t gx = 0; gx < total; gx++) {
        if ((gx & 0xFFF) == 0 && cancelled(cancel))
            goto stop;
        uint32_t x, m, o;
        EgTable *t = pair_table(&b, gx, &x);
        eg_decode(t, x, &m, &o);
        if (eg_index(t, m, o) != x) {
            b.ex[gx] = EX_DRAW; /* a duplicate: never looked up, left a draw */
            continue;
        }
        uint8_t ex;
        int n = children(&b, t, m, o, buf, &ex);
        b.cnt[gx] = (uint8_t)n;
        b.ex[gx] = ex;
        if (ex != EX_DRAW && ex > top)
            top = ex;
        if (n == 0) {
            if (ex == EX_NONE) {
                t->v[x] = 1; /* no legal move: lost now */
                if (top < 1)
                    top = 1;
            }
            else if (ex != EX_DRAW && V_LOSS(ex))
                t->v[x] = ex; /* every move is a capture, and every capture loses */
        }
    }
    /* Level by level: the positions decided at distance d pass it on to their parents. */
    for (int d = 0; d + 1 <= top; d++) {
        uint8_t want = (uint8_t)(d + 1);
        bool odd = d & 1; /* wins have odd distances */
        for (uint32_t gx = 0; gx < total; gx++) {
            uint32_t x;
            EgTable *t = gx < b.ta->size ? (x = gx, b.ta) : (x = gx - b.ta->size, b.tb);
            uint8_t v = t->v[x];
            if (v != want) {
                /* A capture that wins at this distance, when nothing quicker was found. */
                if (!odd || v != 0 || b.ex[gx] != want)
                    continue;
                t->v[x] = v = want;
            }
            if ((gx & 0xFF) == 0 && cancelled(cancel))
                goto stop;
            uint32_t m, o;
            eg_decode(t, x, &m, &o);
            int n = parents(&b, t, m, o, buf);
            for (int i = 0; i < n; i++) {
                uint32_t px;
                EgTable *tp = pair_table(&b, buf[i], &px);
                if (tp->v[px])
                    continue;
                if (V_LOSS(v)) {
                    if (d + 1 > 253)
                        goto done;
                    tp->v[px] = (uint8_t)(d + 2); /* a win in d + 1 */
                    if (d + 2 > top)
                        top = d + 2;
                } else if (--b.cnt[buf[i]] == 0) {
                    uint8_t ex = b.ex[buf[i]];
                    if (ex == EX_NONE || (ex != EX_DRAW && V_LOSS(ex))) {
                        int l = d + 1; /* every move loses: at the longest */
                        if (ex != EX_NONE && ex - 1 > l)
                            l = ex - 1;
                        if (l > 253)
                            goto done;
                        tp->v[px] = (uint8_t)(l + 1);
                        if (l + 1 > top)
                            top = l + 1;
                    }
                    /* else a capture wins (applied at its level) or draws */
                }
            }
        }
    }
    rc = 0;
    goto done;
stop:
    rc = 1;
done:
    free(b.cnt);
    free(b.ex);
    return rc;
}

/* ---- Cache file ----------------------------------------------------------------------- */

static pthread_mutex_t dir_lock = PTHREAD_MUTEX_INITIALIZER;
static bool dir_set;
static char cache_dir[512];

void moulin_eg_set_cache_dir(const char *dir)
{
    pthread_mutex_lock(&dir_lock);
    dir_set = true;
    snprintf(cache_dir, sizeof cache_dir, "%s", dir ? dir : "");
    pthread_mutex_unlock(&dir_lock);
}

/* The folder, created if need be; false when there is none (memory only). */
static bool find_cache_dir(char *out, size_t size)
{
    pthread_mutex_lock(&dir_lock);
    if (dir_set) {
        snprintf(out, size, "%s", cache_dir);
    } else {
        const char *env = getenv("TASCA_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"),
                   *home = getenv("HOME");
        if (env)
            snprintf(out, size, "%s", env);
        else if (xdg && xdg[0] == '/')
            snprintf(out, size, "%s/tasca", xdg);
        else if (home && home[0])
            snprintf(out, size, "%s/.cache/tasca", home);
        else
            out[0] = '\0';
    }
    pthread_mutex_unlock(&dir_lock);
    if (!out[0])
        return false;
    /* mkdir -p */
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", out);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0755);
            *p = '/';
        }
    if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
        return false;
    return true;
}

static uint64_t fnv1a(uint64_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

/* Header: magic, version, flying, the table count, per table (a, b, size), payload bytes;
 * then the payload (the stage's tables in pair order, (a, b) before (b, a)); then the FNV-1a
 * hash of header and payload. */
typedef struct {
    char magic[8];
    uint32_t version, flying, ntables, pad;
    uint32_t a[2 * NPAIRS], b[2 * NPAIRS], size[2 * NPAIRS];
    uint64_t payload;
} FileHeader;

/* The tables of pairs p0 .. p1 - 1, in file order. */
static int table_list(Variant *var, int p0, int p1, EgTable **list)
{
    int n = 0;
    for (int i = p0; i < p1; i++) {
        int a = pair_order[i][0], b = pair_order[i][1];
        list[n++] = &var->t[a][b];
        if (a != b)
            list[n++] = &var->t[b][a];
    }
    return n;
}

static void make_header(Variant *var, int p0, int p1, FileHeader *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, eg_magic, sizeof h->magic);
    h->version = EG_VERSION;
    h->flying = var->flying;
    EgTable *list[2 * NPAIRS];
    int n = table_list(var, p0, p1, list);
    h->ntables = (uint32_t)n;
    for (int i = 0; i < n; i++) {
        h->a[i] = (uint32_t)list[i]->a;
        h->b[i] = (uint32_t)list[i]->b;
        h->size[i] = list[i]->size;
        h->payload += list[i]->size;
    }
}

/* Reads the file into the tables: 0 done, 1 absent, -1 damaged, -2 another version (`why`
 * says how). */
static int load_file(Variant *var, int p0, int p1, const char *path, char *why,
                     size_t whysize)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 1;
    FileHeader want, got;
    make_header(var, p0, p1, &want);
    int rc = -1;
    if (fread(&got, sizeof got, 1, f) != 1) {
        snprintf(why, whysize, "truncated header");
        goto out;
    }
    if (memcmp(got.magic, want.magic, sizeof got.magic) != 0) {
        snprintf(why, whysize, "not an endgame table file");
        goto out;
    }
    if (got.version != want.version) {
        snprintf(why, whysize, "format %u, this version of Tasca writes format %u",
                 got.version, want.version);
        rc = -2;
        goto out;
    }
    if (memcmp(&got, &want, sizeof got) != 0) {
        snprintf(why, whysize, "another layout of the tables");
        goto out;
    }
    uint64_t h = fnv1a(1469598103934665603ULL, (const uint8_t *)&got, sizeof got);
    EgTable *list[2 * NPAIRS];
    int n = table_list(var, p0, p1, list);
    for (int i = 0; i < n; i++) {
        if (fread(list[i]->v, 1, list[i]->size, f) != list[i]->size) {
            snprintf(why, whysize, "truncated");
            goto out;
        }
        h = fnv1a(h, list[i]->v, list[i]->size);
    }
    uint64_t stored;
    if (fread(&stored, sizeof stored, 1, f) != 1) {
        snprintf(why, whysize, "truncated");
        goto out;
    }
    if (stored != h) {
        snprintf(why, whysize, "checksum mismatch");
        goto out;
    }
    if (fgetc(f) != EOF) {
        snprintf(why, whysize, "trailing bytes");
        goto out;
    }
    rc = 0;
out:
    fclose(f);
    return rc;
}

static void save_file(Variant *var, int s, int p0, int p1, const char *path)
{
    FileHeader h;
    make_header(var, p0, p1, &h);
    size_t len = sizeof h + h.payload + sizeof(uint64_t);
    uint8_t *buf = malloc(len);
    if (!buf)
        return;
    memcpy(buf, &h, sizeof h);
    memcpy(buf + sizeof h, var->mem[s], h.payload);
    uint64_t sum = fnv1a(1469598103934665603ULL, buf, sizeof h + h.payload);
    memcpy(buf + sizeof h + h.payload, &sum, sizeof sum);
    char err[600];
    if (file_write_atomic(path, (const char *)buf, len, err, sizeof err) != 0)
        fprintf(stderr, "moulin: cannot keep the endgame tables: %s\n", err);
    free(buf);
}

/* ---- Loading, probing ----------------------------------------------------------------- */

static void set_sizes(Variant *var)
{
    for (int a = 3; a <= KMAX; a++)
        for (int b = 3; b <= KMAX; b++) {
            EgTable *t = &var->t[a][b];
            t->a = a;
            t->b = b;
            t->n2 = binom[NPTS - a][b];
            t->size = sets[a].nclasses * t->n2;
        }
}

/* One block for the tables of pairs p0 .. p1 - 1, in file order (the payload is the block). */
static bool alloc_stage(Variant *var, int s, int p0, int p1)
{
    set_sizes(var);
    EgTable *list[2 * NPAIRS];
    int n = table_list(var, p0, p1, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += list[i]->size;
    var->mem[s] = calloc(total, 1);
    if (!var->mem[s])
        return false;
    var->stage[s].bytes = total;
    uint64_t off = 0;
    for (int i = 0; i < n; i++) {
        list[i]->v = var->mem[s] + off;
        off += list[i]->size;
    }
    return true;
}

static void free_stage(Variant *var, int s, int p0, int p1)
{
    EgTable *list[2 * NPAIRS];
    int n = table_list(var, p0, p1, list);
    for (int i = 0; i < n; i++)
        list[i]->v = NULL;
    free(var->mem[s]);
    var->mem[s] = NULL;
}

static void count_table(const EgTable *t, MoulinEgTableInfo *ti)
{
    memset(ti, 0, sizeof *ti);
    ti->a = t->a;
    ti->b = t->b;
    ti->entries = t->size;
    for (uint32_t x = 0; x < t->size; x++) {
        if (!eg_canonical(t, x))
            continue;
        ti->positions++;
        uint8_t v = t->v[x];
        if (v == 0) {
            ti->draws++;
        } else if (V_WIN(v)) {
            ti->wins++;
            if (v - 1 > ti->longest_win)
                ti->longest_win = v - 1;
        } else {
            ti->losses++;
            if (v - 1 > ti->longest_loss)
                ti->longest_loss = v - 1;
        }
    }
}

static long long cpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Makes stage s ready (its lock held): reads its file, or builds it and writes the file.
 * False when cancelled, when memory ran out, or when an earlier stage is not ready. */
static bool make_stage(Variant *var, int s, const atomic_int *cancel)
{
    int p0 = stage_first(s), p1 = stage_end[s], allowed = pairs_allowed();
    bool part = p1 > allowed;
    if (part)
        p1 = allowed;
    if (p0 >= p1)
        return false;
    int ready = atomic_load_explicit(&var->ready, memory_order_acquire);
    if (ready >= p1)
        return true;
    if (ready < p0)
        return false;
    long long t0 = clock_now_ns(), c0 = cpu_now_ns();
    if (!alloc_stage(var, s, p0, p1))
        return false;
    char dir[512], path[600] = "", name[32] = "";
    if (s > 0)
        snprintf(name, sizeof name, "-%dv%d", pair_order[p0][1], pair_order[p0][0]);
    if (find_cache_dir(dir, sizeof dir))
        snprintf(path, sizeof path, "%s/moulin-endgame-%s%s%s.bin", dir,
                 var->flying ? "flying" : "noflying", name, part ? "-part" : "");
    bool loaded = false;
    if (path[0]) {
        char why[128] = "";
        int rc = load_file(var, p0, p1, path, why, sizeof why);
        if (rc == 0)
            loaded = true;
        else if (rc == -2)
            fprintf(stderr, "moulin: the endgame table file %s was written by another version "
                            "of Tasca (%s); building it again\n", path, why);
        else if (rc < 0)
            fprintf(stderr, "moulin: the endgame table file %s is damaged (%s); building it "
                            "again\n", path, why);
    }
    if (!loaded) {
        memset(var->mem[s], 0, var->stage[s].bytes);
        int rc = 0;
        for (int i = p0; i < p1 && rc == 0; i++)
            rc = build_pair(var, pair_order[i][0], pair_order[i][1], cancel);
        if (rc != 0) {
            if (rc < 0)
                fprintf(stderr, "moulin: the endgame tables could not be built\n");
            free_stage(var, s, p0, p1);
            return false;
        }
        if (path[0])
            save_file(var, s, p0, p1, path);
    }
    pthread_mutex_lock(&var->info_lock);
    StageInfo *si = &var->stage[s];
    si->loaded = loaded;
    si->ms = (double)(clock_now_ns() - t0) / 1e6;
    si->cpu_ms = (double)(cpu_now_ns() - c0) / 1e6;
    snprintf(si->path, sizeof si->path, "%s", path);
    pthread_mutex_unlock(&var->info_lock);
    atomic_store_explicit(&var->ready, p1, memory_order_release);
    return true;
}

static bool geo_ready(void)
{
    pthread_once(&geo_once, geo_init);
    return geo_ok;
}

bool moulin_eg_ensure(bool flying, const atomic_int *cancel)
{
    Variant *var = &variants[flying ? 1 : 0];
    if (atomic_load_explicit(&var->ready, memory_order_acquire) > 0)
        return true;
    if (!geo_ready())
        return false;
    pthread_mutex_lock(&var->lock);
    bool ok = make_stage(var, 0, cancel);
    pthread_mutex_unlock(&var->lock);
    return ok;
}

bool moulin_eg_ensure_all(bool flying, const atomic_int *cancel)
{
    if (!moulin_eg_ensure(flying, cancel))
        return false;
    Variant *var = &variants[flying ? 1 : 0];
    for (int s = 1; s < NSTAGES && stage_first(s) < pairs_allowed(); s++) {
        pthread_mutex_lock(&var->big_lock);
        bool ok = make_stage(var, s, cancel);
        pthread_mutex_unlock(&var->big_lock);
        if (!ok)
            return false;
    }
    return true;
}

/* The worker's nice value (moulin_eg_set_worker_nice). */
static atomic_int worker_nice = 10;

void moulin_eg_set_worker_nice(int nice) { atomic_store(&worker_nice, nice); }

/* The background worker: the first stage, then the others, at a low priority. */
static void *worker_main(void *arg)
{
    Variant *var = arg;
#ifdef __linux__
    /* Linux gives each thread its own nice value: the bot's search keeps the processor. */
    (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), atomic_load(&worker_nice));
#endif
    moulin_eg_ensure_all(var->flying, &var->stop);
    return NULL;
}

void moulin_eg_start(bool flying)
{
    Variant *var = &variants[flying ? 1 : 0];
    if (atomic_load(&var->worker_asked))
        return;
    pthread_mutex_lock(&var->worker_lock);
    if (!atomic_load(&var->worker_asked)) {
        atomic_store(&var->worker_asked, true);
        char dir[512];
        /* Nothing beyond the first stage, or no cache folder to keep them (building them at
         * every start would cost a minute of processor time each): no worker. */
        if (geo_ready() && pairs_allowed() > stage_end[0] && find_cache_dir(dir, sizeof dir)) {
            atomic_store(&var->stop, 0);
            var->worker_on = pthread_create(&var->worker, NULL, worker_main, var) == 0;
        }
    }
    pthread_mutex_unlock(&var->worker_lock);
}

bool moulin_eg_ready(bool flying)
{
    return atomic_load_explicit(&variants[flying ? 1 : 0].ready, memory_order_acquire) > 0;
}

int moulin_eg_pieces_ready(bool flying)
{
    int n = atomic_load_explicit(&variants[flying ? 1 : 0].ready, memory_order_acquire);
    return n > 0 ? pair_order[n - 1][1] : 0;
}

int moulin_eg_raw(bool flying, uint32_t mover, uint32_t opp)
{
    const Variant *var = &variants[flying ? 1 : 0];
    int a = popc(mover), b = popc(opp);
    if (!MOULIN_EG_COVERS(a, b) || (mover & opp))
        return -1;
    if (pair_of(a, b) >= atomic_load_explicit(&var->ready, memory_order_acquire))
        return -1;
    const EgTable *t = &var->t[a][b];
    return t->v[eg_index(t, mover, opp)];
}

MoulinEgValue moulin_eg_probe(bool flying, uint32_t mover, uint32_t opp, int *dist)
{
    int v = moulin_eg_raw(flying, mover, opp);
    if (v < 0)
        return MOULIN_EG_UNKNOWN;
    if (v == 0)
        return MOULIN_EG_DRAW;
    if (dist)
        *dist = v - 1;
    return V_WIN(v) ? MOULIN_EG_WIN : MOULIN_EG_LOSS;
}

void moulin_eg_info(bool flying, MoulinEgInfo *out)
{
    Variant *var = &variants[flying ? 1 : 0];
    memset(out, 0, sizeof *out);
    int ready = atomic_load_explicit(&var->ready, memory_order_acquire);
    if (ready == 0)
        return;
    pthread_mutex_lock(&var->info_lock);
    out->ready = true;
    out->loaded = true;
    out->pieces = pair_order[ready - 1][1];
    snprintf(out->path, sizeof out->path, "%s", var->stage[0].path);
    for (int s = 0; s < NSTAGES && stage_first(s) < ready; s++) {
        out->loaded = out->loaded && var->stage[s].loaded;
        out->ms += var->stage[s].ms;
        out->cpu_ms += var->stage[s].cpu_ms;
    }
    EgTable *list[2 * NPAIRS];
    int n = table_list(var, 0, ready, list);
    out->ntables = n;
    for (int i = 0; i < n; i++) {
        int a = list[i]->a, b = list[i]->b, p = pair_of(a, b);
        if (!var->counted[a][b]) {
            count_table(list[i], &var->counts[a][b]);
            var->counted[a][b] = true;
        }
        out->table[i] = var->counts[a][b];
        for (int s = 0; s < NSTAGES; s++)
            if (p >= stage_first(s) && p < stage_end[s]) {
                out->table[i].loaded = var->stage[s].loaded;
                out->table[i].stage_cpu_ms = var->stage[s].cpu_ms;
            }
        out->bytes += list[i]->size;
    }
    pthread_mutex_unlock(&var->info_lock);
}

void moulin_eg_unload(void)
{
    for (int i = 0; i < 2; i++) {
        Variant *var = &variants[i];
        pthread_mutex_lock(&var->worker_lock);
        if (var->worker_on) {
            atomic_store(&var->stop, 1);
            pthread_join(var->worker, NULL);
            var->worker_on = false;
        }
        atomic_store(&var->worker_asked, false);
        pthread_mutex_unlock(&var->worker_lock);
        pthread_mutex_lock(&var->lock);
        pthread_mutex_lock(&var->big_lock);
        pthread_mutex_lock(&var->info_lock);
        atomic_store(&var->ready, 0);
        for (int s = 0; s < NSTAGES; s++) {
            free(var->mem[s]);
            var->mem[s] = NULL;
        }
        memset(var->t, 0, sizeof var->t);
        memset(var->stage, 0, sizeof var->stage);
        memset(var->counted, 0, sizeof var->counted);
        pthread_mutex_unlock(&var->info_lock);
        pthread_mutex_unlock(&var->big_lock);
        pthread_mutex_unlock(&var->lock);
    }
}
