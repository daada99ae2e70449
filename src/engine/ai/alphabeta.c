/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Generic alpha-beta search (see alphabeta.h). */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include "alphabeta.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "../../core/fileio.h"

/* The game window of repetition keys that a search keeps (older ones are dropped). */
#define AB_HIST_KEEP 256

/* ---- Transposition table: buckets of two (depth-preferred, always-replace) ---------- */

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct {
    uint64_t key;
    int16_t score;
    uint16_t move;
    int8_t depth;
    uint8_t flag;
    uint8_t pad[2];
} TTEntry;

/* The table lives in a per-thread buffer, cleared before each search (a fresh table per
 * decision keeps bots deterministic; reusing the memory avoids faulting in tens of
 * megabytes per move). Freed when the thread ends. */
static pthread_key_t tt_key;
static pthread_once_t tt_once = PTHREAD_ONCE_INIT;

typedef struct {
    TTEntry *e;
    size_t cap; /* entries */
} TTBuffer;

static void tt_free(void *p)
{
    TTBuffer *b = p;
    if (b)
        free(b->e);
    free(b);
}

static void tt_key_init(void)
{
    pthread_key_create(&tt_key, tt_free);
}

static TTEntry *tt_get(size_t entries)
{
    pthread_once(&tt_once, tt_key_init);
    TTBuffer *b = pthread_getspecific(tt_key);
    if (!b) {
        b = calloc(1, sizeof *b);
        if (!b || pthread_setspecific(tt_key, b) != 0) {
            free(b);
            return NULL;
        }
    }
    if (b->cap < entries) {
        free(b->e);
        void *mem = NULL;
        /* Aligned to 2 MiB so the kernel may back it with huge pages: the table is read at
         * random, and TLB misses would otherwise dominate the search. */
        size_t bytes = entries * sizeof *b->e;
        if (posix_memalign(&mem, (size_t)2 << 20, bytes) != 0)
            mem = NULL;
#ifdef MADV_HUGEPAGE
        if (mem)
            madvise(mem, bytes, MADV_HUGEPAGE);
#endif
        b->e = mem;
        b->cap = b->e ? entries : 0;
        if (!b->e)
            return NULL;
    }
    memset(b->e, 0, entries * sizeof *b->e);
    return b->e;
}

/* ---- Search context ------------------------------------------------------------------ */

typedef struct {
    const AbGame *g;
    const void *user;
    const AbConfig *cfg;
    int root_side;
    uint64_t nodes, budget;
    long long deadline; /* ns, 0 = none */
    bool stop;
    TTEntry *tt;
    uint64_t tt_mask; /* over buckets */
    AbMove killer[AB_MAX_PLY][2];
    int32_t history[2][AB_HISTORY];
    uint64_t rep[AB_HIST_KEEP + AB_MAX_PLY + 8]; /* repetition keys: game window, then path */
    int nrep;
    uint64_t probe_hits;
    int iter_depth; /* the iteration's nominal depth (bounds the extensions of a path) */
    uint64_t extended; /* moves searched one ply deeper by `extend` */
} Ctx;

/* A position buffer on the stack. */
typedef union {
    unsigned char b[AB_MAX_POS];
    uint64_t align_;
} PosBuf;

static long long thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long now_ns(const Ctx *c)
{
    return c->cfg->cpu_time ? thread_cpu_ns() : clock_now_ns();
}

static void check_stop(Ctx *c)
{
    if (c->budget && c->nodes >= c->budget)
        c->stop = true;
    else if (c->deadline && now_ns(c) >= c->deadline)
        c->stop = true;
    else if (c->cfg->cancel && atomic_load(c->cfg->cancel))
        c->stop = true;
}

static int to_tt(int v, int ply)
{
    return v > AB_MATE_BOUND ? v + ply : v < -AB_MATE_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v > AB_MATE_BOUND ? v - ply : v < -AB_MATE_BOUND ? v + ply : v;
}

static inline uint64_t tt_verify_key(const Ctx *c, const void *p, uint64_t hash)
{
    return c->g->key ? c->g->key(c->user, p) : hash;
}

static TTEntry *tt_probe(Ctx *c, uint64_t hash, uint64_t key)
{
    TTEntry *b = &c->tt[(hash & c->tt_mask) * 2];
    if (b[0].key == key && b[0].flag)
        return &b[0];
    if (b[1].key == key && b[1].flag)
        return &b[1];
    return NULL;
}

static void tt_store(Ctx *c, uint64_t hash, uint64_t key, int depth, int score, int flag,
                     AbMove move, int ply)
{
    TTEntry *b = &c->tt[(hash & c->tt_mask) * 2];
    TTEntry *e = b[0].key == key || depth >= b[0].depth || !b[0].flag ? &b[0] : &b[1];
    e->key = key;
    e->score = (int16_t)to_tt(score, ply);
    e->move = move;
    e->depth = (int8_t)depth;
    e->flag = (uint8_t)flag;
}

static bool repeated(const Ctx *c, uint64_t key, int win)
{
    for (int i = c->nrep - 1; i >= win; i--)
        if (c->rep[i] == key)
            return true;
    return false;
}

static int draw_score(const Ctx *c, const void *p)
{
    return c->g->side(p) == c->root_side ? -c->cfg->contempt : c->cfg->contempt;
}

static inline bool irreversible(const Ctx *c, AbMove m)
{
    return c->g->irreversible && c->g->irreversible(c->user, m);
}

static inline int hist_index(const Ctx *c, AbMove m)
{
    return c->g->history_index ? c->g->history_index(c->user, m) : (int)(m % AB_HISTORY);
}

/* The game's hints, then the table's move, killers and history for the quiet moves. */
static void order(const Ctx *c, const void *p, const AbMove *mv, int n, int32_t *score,
                  AbMove ttm, int ply)
{
    if (c->g->order)
        c->g->order(c->user, p, mv, n, score);
    else
        memset(score, 0, sizeof *score * (size_t)n);
    bool kh = c->cfg->killers_history, kp = kh && ply < AB_MAX_PLY;
    int me = kh ? c->g->side(p) : 0;
    for (int i = 0; i < n; i++) {
        AbMove m = mv[i];
        if (m == ttm) {
            score[i] = AB_ORDER_TT;
        } else if (score[i] >= AB_ORDER_PRIORITY) {
            continue;
        } else if (kp && m == c->killer[ply][0]) {
            score[i] = (1 << 26) + 1;
        } else if (kp && m == c->killer[ply][1]) {
            score[i] = 1 << 26;
        } else if (kh) {
            int h = hist_index(c, m);
            score[i] = h >= 0 ? c->history[me][h] : 0;
        }
    }
}

static AbMove pick(AbMove *mv, int32_t *score, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (score[j] > score[best])
            best = j;
    AbMove m = mv[best];
    int32_t s = score[best];
    mv[best] = mv[i];
    score[best] = score[i];
    mv[i] = m;
    score[i] = s;
    return m;
}

/* The score of a finished game for the side to act, or 1 (not a score: even) when the game
 * goes on. */
static inline int ended(const Ctx *c, const void *p, int ply)
{
    switch (c->g->terminal(c->user, p)) {
    case AB_LOSS: return -AB_MATE + ply;
    case AB_WIN: return AB_MATE - ply;
    case AB_DRAW: return draw_score(c, p);
    default: return AB_INF + 1;
    }
}

/* What `probe` knows of p as a score for the side to act, or AB_INF + 1. */
static inline int probed(Ctx *c, const void *p, int ply)
{
    int value = 0;
    switch (c->g->probe(c->user, p, &value)) {
    case AB_WIN: c->probe_hits++; return AB_MATE - (ply + value);
    case AB_LOSS: c->probe_hits++; return -AB_MATE + ply + value;
    case AB_DRAW: c->probe_hits++; return draw_score(c, p);
    case AB_SCORE: c->probe_hits++; return value;
    default: return AB_INF + 1;
    }
}

static int qsearch(Ctx *c, const void *p, int alpha, int beta, int ply, int qply)
{
    if ((++c->nodes & 1023) == 0)
        check_stop(c);
    if (c->stop)
        return 0;
    int v = ended(c, p, ply);
    if (v != AB_INF + 1)
        return v;
    if (c->g->probe && (v = probed(c, p, ply)) != AB_INF + 1)
        return v;
    int stand = c->g->evaluate(c->user, p);
    if (stand >= beta || qply >= AB_QS_MAX || ply >= AB_MAX_PLY - 1)
        return stand;
    if (stand > alpha)
        alpha = stand;
    AbMove mv[AB_MAX_MOVES];
    int32_t sc[AB_MAX_MOVES];
    int n = c->g->generate(c->user, p, mv, true);
    order(c, p, mv, n, sc, AB_NO_MOVE, ply);
    for (int i = 0; i < n; i++) {
        PosBuf ch;
        c->g->make(c->user, p, pick(mv, sc, i, n), ch.b);
        v = -qsearch(c, ch.b, -beta, -alpha, ply + 1, qply + 1);
        if (c->stop)
            return 0;
        if (v > alpha) {
            alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    return alpha;
}

static void update_killers_history(Ctx *c, const void *p, AbMove m, int depth, int ply)
{
    int h = hist_index(c, m);
    if (h < 0)
        return;
    if (c->killer[ply][0] != m) {
        c->killer[ply][1] = c->killer[ply][0];
        c->killer[ply][0] = m;
    }
    int32_t *e = &c->history[c->g->side(p)][h];
    *e += depth * depth;
    if (*e > (1 << 24))
        for (int k = 0; k < 2 * AB_HISTORY; k++)
            c->history[k / AB_HISTORY][k % AB_HISTORY] /= 2;
}

/* One more ply for a forcing move, while the path's extensions so far (its depth
 * beyond the iteration's, less any reductions) stay under half the iteration's depth
 * (rounded up, so that an iteration of one ply may extend once). */
static int extension(Ctx *c, const void *p, AbMove m, const void *ch, int depth, int ply)
{
    if (!c->cfg->extensions || !c->g->extend || depth < 1)
        return 0;
    if (ply + depth >= c->iter_depth + (c->iter_depth + 1) / 2)
        return 0;
    if (!c->g->extend(c->user, p, m, ch))
        return 0;
    c->extended++;
    return 1;
}

static int search(Ctx *c, const void *p, int depth, int alpha, int beta, int ply, int win, bool pv)
{
    const AbGame *g = c->g;
    if ((++c->nodes & 1023) == 0)
        check_stop(c);
    if (c->stop)
        return 0;
    int v = ended(c, p, ply);
    if (v != AB_INF + 1)
        return v;
    uint64_t rk = 0;
    if (g->rep_key) {
        rk = g->rep_key(c->user, p);
        if (repeated(c, rk, win))
            return draw_score(c, p);
    }
    if (g->probe && (v = probed(c, p, ply)) != AB_INF + 1)
        return v;
    if (depth <= 0 || ply >= AB_MAX_PLY - 1)
        return c->cfg->quiescence ? qsearch(c, p, alpha, beta, ply, 0) : g->evaluate(c->user, p);

    uint64_t hash = 0, key = 0;
    AbMove ttm = AB_NO_MOVE;
    if (c->tt) {
        hash = g->hash(c->user, p);
        key = tt_verify_key(c, p, hash);
        TTEntry *e = tt_probe(c, hash, key);
        if (e) {
            ttm = e->move;
            if (!pv && e->depth >= depth) {
                int t = from_tt(e->score, ply);
                if (e->flag == TT_EXACT || (e->flag == TT_LOWER && t >= beta) ||
                    (e->flag == TT_UPPER && t <= alpha))
                    return t;
            }
        }
    }
    AbMove mv[AB_MAX_MOVES];
    int32_t sc[AB_MAX_MOVES];
    int n = g->generate(c->user, p, mv, false);
    order(c, p, mv, n, sc, ttm, ply);
    int alpha0 = alpha, best = -AB_INF;
    AbMove best_move = AB_NO_MOVE;
    if (g->rep_key)
        c->rep[c->nrep++] = rk;
    for (int i = 0; i < n; i++) {
        AbMove m = pick(mv, sc, i, n);
        PosBuf ch;
        g->make(c->user, p, m, ch.b);
        if (c->tt)
            __builtin_prefetch(&c->tt[(g->hash(c->user, ch.b) & c->tt_mask) * 2]);
        int cw = irreversible(c, m) ? c->nrep : win;
        int nd = depth - 1 + extension(c, p, m, ch.b, depth, ply);
        if (!c->cfg->pvs) {
            v = -search(c, ch.b, nd, -beta, -alpha, ply + 1, cw, false);
        } else if (i == 0) {
            v = -search(c, ch.b, nd, -beta, -alpha, ply + 1, cw, pv);
        } else {
            /* Late move reductions: a late move the ordering ranks low (not the table's,
             * a priority move or a killer, not an extended one) is first searched one turn
             * shallower, and again at full depth if it beats alpha. */
            int r = c->cfg->lmr && depth >= 3 && i >= 3 && sc[i] < (1 << 26) && nd < depth
                        ? 1
                        : 0;
            v = -search(c, ch.b, nd - r, -alpha - 1, -alpha, ply + 1, cw, false);
            if (r && v > alpha && !c->stop)
                v = -search(c, ch.b, nd, -alpha - 1, -alpha, ply + 1, cw, false);
            if (v > alpha && v < beta && !c->stop)
                v = -search(c, ch.b, nd, -beta, -alpha, ply + 1, cw, true);
        }
        if (c->stop)
            break;
        if (v > best) {
            best = v;
            best_move = m;
        }
        if (v > alpha) {
            alpha = v;
            if (alpha >= beta) {
                if (c->cfg->killers_history)
                    update_killers_history(c, p, m, depth, ply);
                break;
            }
        }
    }
    if (g->rep_key)
        c->nrep--;
    if (c->stop)
        return 0;
    if (c->tt)
        tt_store(c, hash, key, depth, best,
                 best >= beta    ? TT_LOWER
                 : best > alpha0 ? TT_EXACT
                                 : TT_UPPER,
                 best_move, ply);
    return best;
}

/* ---- Root ----------------------------------------------------------------------- */

typedef struct {
    AbMove move;
    int score;
} RootMove;

static Ctx *ctx_new(const AbGame *g, const void *user, const void *root, const uint64_t *history,
                    int nhistory, const AbConfig *cfg)
{
    if (g->pos_size <= 0 || g->pos_size > AB_MAX_POS)
        return NULL;
    Ctx *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    memset(c, 0, sizeof *c);
    c->g = g;
    c->user = user;
    c->cfg = cfg;
    c->root_side = g->side(root);
    c->budget = cfg->node_budget;
    if (cfg->time_ns > 0)
        c->deadline = now_ns(c) + (long long)cfg->time_ns;
    if (g->rep_key) {
        /* The game's positions since its last irreversible move, the root last. */
        if (nhistory > AB_HIST_KEEP) {
            history += nhistory - AB_HIST_KEEP;
            nhistory = AB_HIST_KEEP;
        }
        if (history && nhistory > 0) {
            memcpy(c->rep, history, sizeof *history * (size_t)nhistory);
            c->nrep = nhistory;
        } else {
            c->rep[0] = g->rep_key(user, root);
            c->nrep = 1;
        }
    }
    if (cfg->tt_bits > 0 && g->hash) {
        /* No bigger than the node budget can fill. */
        int bits = cfg->tt_bits < 40 ? cfg->tt_bits : 40;
        while (bits > 12 && cfg->node_budget && ((uint64_t)1 << bits) > cfg->node_budget)
            bits--;
        c->tt = tt_get((size_t)2 << bits);
        if (c->tt)
            c->tt_mask = ((uint64_t)1 << bits) - 1;
    }
    return c;
}

static void sort_root(RootMove *rm, int n)
{
    for (int i = 1; i < n; i++) { /* stable insertion sort, best first */
        RootMove x = rm[i];
        int j = i - 1;
        for (; j >= 0 && rm[j].score < x.score; j--)
            rm[j + 1] = rm[j];
        rm[j + 1] = x;
    }
}

/* The principal variation: the best move, then the table's moves while they are legal. */
static void extract_pv(Ctx *c, const void *root, AbMove best, AbResult *out)
{
    PosBuf pos[2];
    memcpy(pos[0].b, root, (size_t)c->g->pos_size);
    AbMove m = best;
    int cur = 0;
    out->pv_len = 0;
    while (m != AB_NO_MOVE && out->pv_len < AB_MAX_PV) {
        AbMove mv[AB_MAX_MOVES];
        int n = c->g->generate(c->user, pos[cur].b, mv, false), i = 0;
        while (i < n && mv[i] != m)
            i++;
        if (i == n)
            break;
        out->pv[out->pv_len++] = m;
        c->g->make(c->user, pos[cur].b, m, pos[1 - cur].b);
        cur = 1 - cur;
        if (!c->tt || c->g->terminal(c->user, pos[cur].b) != AB_GOING)
            break;
        uint64_t hash = c->g->hash(c->user, pos[cur].b);
        TTEntry *e = tt_probe(c, hash, tt_verify_key(c, pos[cur].b, hash));
        m = e ? e->move : AB_NO_MOVE;
    }
}

/* After a search: every other root move again with a full window, from the same table,
 * one depth after the other up to the search's completed depth, under its own node budget
 * and the search's clock (a hint keeps its time budget);
 * each keeps its score from the deepest pass that finished. A move the search proved no
 * better than the best (its iteration failed low) keeps that proof: its score is capped at
 * the best's. */
static void score_root(Ctx *c, const void *root, const RootMove *rm, int n, AbResult *out,
                       uint64_t extra_nodes, AbMove *moves, int *scores, int *depths)
{
    int dmax = out->depth > 0 ? out->depth : 1;
    c->stop = false; /* the search's clock still runs: a hint keeps its time budget */
    c->budget = extra_nodes ? c->nodes + extra_nodes : 0;
    int pass[AB_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        moves[i] = rm[i].move;
        scores[i] = rm[i].move == out->best ? out->score : -AB_INF;
        depths[i] = rm[i].move == out->best ? out->depth : 0;
    }
    if (n < 2)
        return;
    for (int d = 1; d <= dmax && !c->stop; d++) {
        c->iter_depth = d;
        for (int i = 0; i < n; i++) {
            if (rm[i].move == out->best)
                continue;
            PosBuf ch;
            c->g->make(c->user, root, rm[i].move, ch.b);
            int cw = irreversible(c, rm[i].move) ? c->nrep : 0;
            int nd = d - 1 + extension(c, root, rm[i].move, ch.b, d, 0);
            pass[i] = -search(c, ch.b, nd, -AB_INF, AB_INF, 1, cw, true);
            if (c->stop)
                break;
        }
        if (c->stop)
            break;
        for (int i = 0; i < n; i++)
            if (rm[i].move != out->best) {
                scores[i] = pass[i] < out->score ? pass[i] : out->score;
                depths[i] = d;
            }
    }
}

void ab_search(const AbGame *g, const void *user, const void *root, const uint64_t *history,
               int nhistory, const AbConfig *cfg, AbResult *out)
{
    ab_search_all(g, user, root, history, nhistory, cfg, out, 0, NULL, NULL, NULL);
}

int ab_search_all(const AbGame *g, const void *user, const void *root, const uint64_t *history,
                  int nhistory, const AbConfig *cfg, AbResult *out, uint64_t extra_nodes,
                  AbMove *moves, int *scores, int *depths)
{
    long long t0 = clock_now_ns(), cpu0 = thread_cpu_ns(), c0;
    memset(out, 0, sizeof *out);
    out->best = AB_NO_MOVE;
    Ctx *c = ctx_new(g, user, root, history, nhistory, cfg);
    if (!c)
        return 0;
    c0 = now_ns(c);
    AbMove mv[AB_MAX_MOVES];
    int32_t sc[AB_MAX_MOVES];
    RootMove rm[AB_MAX_MOVES];
    rm[0].move = AB_NO_MOVE;
    int n = g->terminal(user, root) == AB_GOING ? g->generate(user, root, mv, false) : 0;
    order(c, root, mv, n, sc, AB_NO_MOVE, 0);
    for (int i = 0; i < n; i++) {
        rm[i].move = pick(mv, sc, i, n);
        rm[i].score = -AB_INF;
    }
    out->root_moves = n;
    if (n == 0)
        goto done;
    out->best = rm[0].move;
    if (n == 1)
        goto done; /* nothing to think about */
    int max_depth = cfg->max_depth > 0 && cfg->max_depth < AB_MAX_PLY - 4 ? cfg->max_depth
                                                                           : AB_MAX_PLY - 4;
    int root_win = 0; /* the game's window: the root's own key is its last entry */
    for (int d = 1; d <= max_depth; d++) {
        int alpha = -AB_INF, beta = AB_INF, best = -AB_INF, best_i = -1;
        c->iter_depth = d;
        for (int i = 0; i < n; i++) {
            PosBuf ch;
            g->make(user, root, rm[i].move, ch.b);
            int cw = irreversible(c, rm[i].move) ? c->nrep : root_win, v;
            int nd = d - 1 + extension(c, root, rm[i].move, ch.b, d, 0);
            if (i == 0 || !cfg->pvs) {
                v = -search(c, ch.b, nd, -beta, -alpha, 1, cw, cfg->pvs);
            } else {
                v = -search(c, ch.b, nd, -alpha - 1, -alpha, 1, cw, false);
                if (v > alpha && !c->stop)
                    v = -search(c, ch.b, nd, -beta, -alpha, 1, cw, true);
            }
            if (c->stop)
                break;
            rm[i].score = v;
            if (v > best) {
                best = v;
                best_i = i;
            }
            if (v > alpha)
                alpha = v;
        }
        if (best_i >= 0 && (!c->stop || best_i > 0 || d == 1)) {
            /* A finished iteration, or a partial one whose best beat the previous best
             * (searched first) with a full score. */
            out->best = rm[best_i].move;
            out->score = best;
            if (!c->stop)
                out->depth = d;
            if (!c->stop && best_i != 0) {
                RootMove b = rm[best_i];
                memmove(rm + 1, rm, sizeof rm[0] * (size_t)best_i);
                rm[0] = b;
            }
        }
        if (c->stop)
            break;
        /* Scores of moves after the first are bounds; keep the best first, the rest by
         * their bounds. */
        sort_root(rm + 1, n - 1);
        if (best > AB_MATE_BOUND || best < -AB_MATE_BOUND)
            break; /* a forced result: deeper search cannot change it */
        if (c->deadline && now_ns(c) - c0 > (c->deadline - c0) / 2)
            break; /* the next iteration would not finish in time */
    }
    out->mate = out->score > AB_MATE_BOUND || out->score < -AB_MATE_BOUND;
    extract_pv(c, root, out->best, out);
done:
    out->nodes = c->nodes;
    out->probe_hits = c->probe_hits;
    out->extended = c->extended;
    out->ms = (double)(clock_now_ns() - t0) / 1e6;
    out->cpu_ms = (double)(thread_cpu_ns() - cpu0) / 1e6;
    if (moves)
        score_root(c, root, rm, n, out, extra_nodes, moves, scores, depths);
    free(c);
    return n;
}

int ab_score_moves(const AbGame *g, const void *user, const void *root, const uint64_t *history,
                   int nhistory, const AbConfig *cfg, int depth, AbMove *moves, int *scores)
{
    Ctx *c = ctx_new(g, user, root, history, nhistory, cfg);
    if (!c)
        return 0;
    int n = g->terminal(user, root) == AB_GOING ? g->generate(user, root, moves, false) : 0;
    c->iter_depth = depth;
    for (int i = 0; i < n; i++) {
        PosBuf ch;
        g->make(user, root, moves[i], ch.b);
        scores[i] = -search(c, ch.b, depth - 1, -AB_INF, AB_INF, 1,
                            irreversible(c, moves[i]) ? c->nrep : 0, true);
    }
    free(c);
    return n;
}
