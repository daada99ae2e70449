/* Moulin bots: alpha-beta over bitboards (see moulin_bots.h). */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "../../core/fileio.h"
#include "moulin_bots.h"

/* A search move is a whole turn: to | from << 5 | remove << 10, NONE where a part is absent
 * (from = NONE: a placement; to = NONE: the removal owed at the root). */
#define NONE 31u
#define MV(to, from, rem) ((uint16_t)((to) | (from) << 5 | (rem) << 10))
#define MV_TO(m) ((m)&31u)
#define MV_FROM(m) ((m) >> 5 & 31u)
#define MV_REM(m) ((m) >> 10 & 31u)
#define NO_MOVE 0xFFFFu

#define MAX_PLY 100
#define MAX_MOVES 640 /* 63 moves at most, a removal choice (<= 9) only for mill closers */
#define MATE 30000
#define MATE_BOUND (MATE - 1000)
#define INF 32000
#define QS_MAX 8 /* quiescence plies: each one removes a piece, so it ends anyway */

typedef struct {
    uint32_t bb[2];
    uint8_t hand[2];
    uint8_t side;
    uint8_t pending; /* only ever at the root */
    uint16_t quiet;
    uint64_t zob;
} Pos;

/* ---- Zobrist keys (index the transposition table) --------------------------------- */

static uint64_t z_piece[2][MOULIN_POINTS], z_hand[2][MOULIN_PIECES + 1], z_side, z_pending;
static pthread_once_t z_once = PTHREAD_ONCE_INIT;

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void z_init(void)
{
    uint64_t x = 0x4D6F756C696E2121ULL; /* fixed: keys are the same on every run */
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < MOULIN_POINTS; p++)
            z_piece[c][p] = splitmix(&x);
    for (int c = 0; c < 2; c++)
        for (int h = 0; h <= MOULIN_PIECES; h++)
            z_hand[c][h] = splitmix(&x);
    z_side = splitmix(&x);
    z_pending = splitmix(&x);
}

static uint64_t z_full(const Pos *p)
{
    uint64_t z = z_hand[0][p->hand[0]] ^ z_hand[1][p->hand[1]];
    for (int c = 0; c < 2; c++)
        for (uint32_t b = p->bb[c]; b; b &= b - 1)
            z ^= z_piece[c][__builtin_ctz(b)];
    if (p->side)
        z ^= z_side;
    if (p->pending)
        z ^= z_pending;
    return z;
}

/* The exact position (57 bits): what the table verifies, so a hash collision never
 * returns a wrong entry. */
static uint64_t exact_key(const Pos *p)
{
    return (uint64_t)p->bb[0] | (uint64_t)p->bb[1] << 24 | (uint64_t)p->side << 48 |
           (uint64_t)p->hand[0] << 49 | (uint64_t)p->hand[1] << 53 | (uint64_t)p->pending << 57;
}

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

/* ---- Search context ------------------------------------------------------------------ */

typedef struct {
    const MoulinSearchConfig *cfg;
    int flying, nmove;
    int root_side;
    uint64_t nodes, budget;
    long long deadline; /* ns, 0 = none */
    bool stop;
    TTEntry *tt;
    uint64_t tt_mask; /* over buckets */
    uint16_t killer[MAX_PLY][2];
    int32_t history[2][1024];
    uint64_t rep[MOULIN_HIST + MAX_PLY + 8]; /* repetition keys: game window, then path */
    int nrep;
} Ctx;

/* Bit count without relying on the POPCNT instruction (not in baseline x86-64, where
 * __builtin_popcount becomes a library call). */
static inline int popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* Exactly two bits of a line mask set. */
static inline bool two_of(uint32_t x, uint32_t line)
{
    return x && x != line && (x & (x - 1));
}

static int pieces(const Pos *p, int c)
{
    return popcount(p->bb[c]) + p->hand[c];
}

static uint32_t empty_of(const Pos *p)
{
    return ~(p->bb[0] | p->bb[1]) & MOULIN_BOARD_MASK;
}

static bool can_fly(const Ctx *c, const Pos *p, int col)
{
    return c->flying && p->hand[col] == 0 && popcount(p->bb[col]) == 3;
}

static uint32_t neighbours(uint32_t bb)
{
    uint32_t n = 0;
    for (; bb; bb &= bb - 1)
        n |= moulin_adj[__builtin_ctz(bb)];
    return n;
}

static uint64_t rep_key(const Pos *p)
{
    return moulin_position_key(p->bb[0], p->bb[1], p->side, p->pending);
}

static int draw_score(const Ctx *c, int side)
{
    return side == c->root_side ? -c->cfg->contempt : c->cfg->contempt;
}

/* ---- Move generation ----------------------------------------------------------------- */

/* Every turn of the side to act; with `captures_only`, only the turns that close a mill. */
static int gen(const Ctx *c, const Pos *p, uint16_t *out, bool captures_only)
{
    int me = p->side, op = 1 - me, n = 0;
    uint32_t empty = empty_of(p), opp = p->bb[op];
    uint32_t rem = opp ? moulin_removable(opp) : 0;
    if (p->pending) {
        for (uint32_t r = rem; r; r &= r - 1)
            out[n++] = MV(NONE, NONE, (unsigned)__builtin_ctz(r));
        return n;
    }
    if (p->hand[me]) {
        for (uint32_t t = empty; t; t &= t - 1) {
            unsigned to = (unsigned)__builtin_ctz(t);
            if (rem && moulin_in_mill(p->bb[me] | 1u << to, (int)to)) {
                for (uint32_t r = rem; r; r &= r - 1)
                    out[n++] = MV(to, NONE, (unsigned)__builtin_ctz(r));
            } else if (!captures_only) {
                out[n++] = MV(to, NONE, NONE);
            }
        }
        return n;
    }
    bool fly = can_fly(c, p, me);
    for (uint32_t f = p->bb[me]; f; f &= f - 1) {
        unsigned from = (unsigned)__builtin_ctz(f);
        uint32_t after = p->bb[me] & ~(1u << from);
        for (uint32_t t = fly ? empty : moulin_adj[from] & empty; t; t &= t - 1) {
            unsigned to = (unsigned)__builtin_ctz(t);
            if (rem && moulin_in_mill(after | 1u << to, (int)to)) {
                for (uint32_t r = rem; r; r &= r - 1)
                    out[n++] = MV(to, from, (unsigned)__builtin_ctz(r));
            } else if (!captures_only) {
                out[n++] = MV(to, from, NONE);
            }
        }
    }
    return n;
}

static bool irreversible(uint16_t m)
{
    return MV_FROM(m) == NONE || MV_REM(m) != NONE;
}

static void make(const Pos *p, uint16_t m, Pos *ch)
{
    *ch = *p;
    int me = p->side, op = 1 - me;
    unsigned to = MV_TO(m), from = MV_FROM(m), r = MV_REM(m);
    if (to != NONE) {
        if (from == NONE) {
            ch->zob ^= z_hand[me][ch->hand[me]] ^ z_hand[me][ch->hand[me] - 1];
            ch->hand[me]--;
        } else {
            ch->bb[me] &= ~(1u << from);
            ch->zob ^= z_piece[me][from];
        }
        ch->bb[me] |= 1u << to;
        ch->zob ^= z_piece[me][to];
    }
    if (r != NONE) {
        ch->bb[op] &= ~(1u << r);
        ch->zob ^= z_piece[op][r];
    }
    if (ch->pending) {
        ch->pending = 0;
        ch->zob ^= z_pending;
    }
    ch->side = (uint8_t)op;
    ch->zob ^= z_side;
    ch->quiet = irreversible(m) ? 0 : (uint16_t)(p->quiet + 1);
}

static Action to_action(uint16_t m)
{
    if (MV_TO(m) == NONE)
        return MOULIN_REMOVE + (Action)MV_REM(m);
    if (MV_FROM(m) == NONE)
        return MOULIN_PLACE + (Action)MV_TO(m);
    return MOULIN_MOVE + (Action)(MV_FROM(m) * MOULIN_POINTS + MV_TO(m));
}

/* ---- Evaluation -------------------------------------------------------------------- */

/* Material, mills and mobility: what Medium knows. */
static int simple_terms(const Ctx *c, const Pos *p, int col, uint32_t empty)
{
    uint32_t own = p->bb[col];
    int v = 0;
    for (int l = 0; l < MOULIN_MILLS; l++) {
        uint32_t L = moulin_mill_mask[l];
        uint32_t o = own & L;
        if (o == L)
            v += 12;
        else if (two_of(o, L) && (L & empty))
            v += 10;
    }
    if (!p->hand[col] && !can_fly(c, p, col))
        for (uint32_t b = own; b; b &= b - 1)
            v += 4 * popcount(moulin_adj[__builtin_ctz(b)] & empty);
    return v;
}

/* The full evaluation of one side, by phase. */
static int full_terms(const Ctx *c, const Pos *p, int col, uint32_t empty)
{
    uint32_t own = p->bb[col], opp = p->bb[1 - col];
    bool placing = p->hand[col] > 0, fly = can_fly(c, p, col);
    bool opp_fly = can_fly(c, p, 1 - col);
    uint32_t threat_pts = 0, double_pts = 0, closed_mask = 0;
    int closed = 0, open2 = 0, closable = 0, unstoppable = 0;
    for (int l = 0; l < MOULIN_MILLS; l++) {
        uint32_t L = moulin_mill_mask[l];
        uint32_t o = own & L;
        if (o == L) {
            closed++;
            closed_mask |= L;
        } else if (two_of(o, L) && (L & empty)) {
            uint32_t x = L & empty;
            int xp = __builtin_ctz(x);
            open2++;
            double_pts |= threat_pts & x;
            threat_pts |= x;
            if (placing || fly || (moulin_adj[xp] & own & ~L)) {
                closable++;
                /* The opponent cannot put a piece on x in time. */
                if (!p->hand[1 - col] && !opp_fly && !(moulin_adj[xp] & opp))
                    unstoppable++;
            }
        }
    }
    int v = 0;
    if (placing) {
        int freedom = 0, blocked = 0;
        for (uint32_t b = own; b; b &= b - 1) {
            int f = popcount(moulin_adj[__builtin_ctz(b)] & empty);
            freedom += f;
            blocked += f == 0;
        }
        v += 8 * closed + 18 * open2 + 25 * popcount(double_pts) + 4 * freedom - 10 * blocked;
    } else if (fly) {
        v += 10 * closed + 45 * open2 + 60 * popcount(double_pts);
    } else {
        int mobility = 0, blocked = 0;
        for (uint32_t b = own; b; b &= b - 1) {
            int f = popcount(moulin_adj[__builtin_ctz(b)] & empty);
            mobility += f;
            blocked += f == 0;
        }
        v += 6 * mobility - 3 * blocked;
        if (mobility < 4)
            v -= 30 * (4 - mobility); /* close to being shut in, which loses */
        v += 10 * closed + 10 * (open2 - closable) + 30 * closable + 25 * unstoppable;
        /* A running mill: a piece of a closed mill steps out to close another mill, and can
         * step back to close the first one again. */
        for (uint32_t b = own & closed_mask; b; b &= b - 1) {
            int q = __builtin_ctz(b);
            uint32_t out = moulin_adj[q] & empty & threat_pts;
            for (; out; out &= out - 1) {
                int x = __builtin_ctz(out);
                for (int k = 0; k < 2; k++) {
                    uint32_t L = moulin_mill_mask[moulin_point_mills[x][k]];
                    if (!(L & (1u << q)) && two_of(own & L, L)) {
                        v += 60;
                        break;
                    }
                }
            }
        }
    }
    return v;
}

static int evaluate(const Ctx *c, const Pos *p)
{
    int me = p->side, op = 1 - me;
    uint32_t empty = empty_of(p);
    int v = 100 * (pieces(p, me) - pieces(p, op));
    if (c->cfg->full_eval)
        v += full_terms(c, p, me, empty) - full_terms(c, p, op, empty) + 5;
    else
        v += simple_terms(c, p, me, empty) - simple_terms(c, p, op, empty);
    return v;
}

/* ---- Search ------------------------------------------------------------------------ */

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
    return v > MATE_BOUND ? v + ply : v < -MATE_BOUND ? v - ply : v;
}
static int from_tt(int v, int ply)
{
    return v > MATE_BOUND ? v - ply : v < -MATE_BOUND ? v + ply : v;
}

static TTEntry *tt_probe(Ctx *c, const Pos *p, uint64_t key)
{
    if (!c->tt)
        return NULL;
    TTEntry *b = &c->tt[(p->zob & c->tt_mask) * 2];
    if (b[0].key == key && b[0].flag)
        return &b[0];
    if (b[1].key == key && b[1].flag)
        return &b[1];
    return NULL;
}

static void tt_store(Ctx *c, const Pos *p, uint64_t key, int depth, int score, int flag,
                     uint16_t move, int ply)
{
    if (!c->tt)
        return;
    TTEntry *b = &c->tt[(p->zob & c->tt_mask) * 2];
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

/* Ordering scores: the table's move, mill closers (by what they remove), a move onto a
 * point where the opponent would close a mill, killers, then history. */
static void order(const Ctx *c, const Pos *p, const uint16_t *mv, int n, int32_t *score,
                  uint16_t ttm, int ply)
{
    int me = p->side, op = 1 - me;
    uint32_t empty = empty_of(p), opp = p->bb[op], opp_threat = 0, opp_open2 = 0;
    for (int l = 0; l < MOULIN_MILLS; l++) {
        uint32_t L = moulin_mill_mask[l];
        if (two_of(opp & L, L) && (L & empty)) {
            opp_threat |= L & empty;
            opp_open2 |= L & opp;
        }
    }
    bool kh = c->cfg->killers_history;
    for (int i = 0; i < n; i++) {
        uint16_t m = mv[i];
        int32_t s;
        if (m == ttm) {
            s = 1 << 30;
        } else if (MV_REM(m) != NONE) {
            unsigned r = MV_REM(m);
            s = (1 << 28) + ((opp_open2 >> r & 1) ? 64 : 0) + 4 * popcount(moulin_adj[r] & empty);
        } else if (MV_TO(m) != NONE && (opp_threat >> MV_TO(m) & 1)) {
            s = 1 << 27;
        } else if (kh && ply < MAX_PLY && m == c->killer[ply][0]) {
            s = (1 << 26) + 1;
        } else if (kh && ply < MAX_PLY && m == c->killer[ply][1]) {
            s = 1 << 26;
        } else if (kh) {
            s = c->history[me][MV_FROM(m) * 32 + MV_TO(m)];
        } else {
            s = popcount(moulin_adj[MV_TO(m)]);
        }
        score[i] = s;
    }
}

static uint16_t pick(uint16_t *mv, int32_t *score, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (score[j] > score[best])
            best = j;
    uint16_t m = mv[best];
    int32_t s = score[best];
    mv[best] = mv[i];
    score[best] = score[i];
    mv[i] = m;
    score[i] = s;
    return m;
}

/* Losses that end the game before the side to act plays: fewer than 3 pieces, or no
 * move at all. */
static bool lost(const Ctx *c, const Pos *p)
{
    int me = p->side;
    if (pieces(p, me) < 3)
        return true;
    if (p->hand[me] || can_fly(c, p, me))
        return false;
    return !(neighbours(p->bb[me]) & empty_of(p));
}

static int qsearch(Ctx *c, const Pos *p, int alpha, int beta, int ply, int qply)
{
    if ((++c->nodes & 1023) == 0)
        check_stop(c);
    if (c->stop)
        return 0;
    if (lost(c, p))
        return -MATE + ply;
    int stand = evaluate(c, p);
    if (stand >= beta || qply >= QS_MAX || ply >= MAX_PLY - 1)
        return stand;
    if (stand > alpha)
        alpha = stand;
    uint16_t mv[MAX_MOVES];
    int32_t sc[MAX_MOVES];
    int n = gen(c, p, mv, true);
    order(c, p, mv, n, sc, NO_MOVE, ply);
    for (int i = 0; i < n; i++) {
        Pos ch;
        make(p, pick(mv, sc, i, n), &ch);
        int v = -qsearch(c, &ch, -beta, -alpha, ply + 1, qply + 1);
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

static int search(Ctx *c, const Pos *p, int depth, int alpha, int beta, int ply, int win, bool pv)
{
    if ((++c->nodes & 1023) == 0)
        check_stop(c);
    if (c->stop)
        return 0;
    if (lost(c, p))
        return -MATE + ply;
    int me = p->side;
    uint64_t rk = rep_key(p);
    if (p->quiet >= 4 && repeated(c, rk, win))
        return draw_score(c, me);
    if (c->nmove && p->quiet >= c->nmove)
        return draw_score(c, me);
    if (depth <= 0 || ply >= MAX_PLY - 1)
        return c->cfg->quiescence ? qsearch(c, p, alpha, beta, ply, 0) : evaluate(c, p);

    uint64_t key = exact_key(p);
    uint16_t ttm = NO_MOVE;
    TTEntry *e = tt_probe(c, p, key);
    if (e) {
        ttm = e->move;
        if (!pv && e->depth >= depth) {
            int v = from_tt(e->score, ply);
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                (e->flag == TT_UPPER && v <= alpha))
                return v;
        }
    }
    uint16_t mv[MAX_MOVES];
    int32_t sc[MAX_MOVES];
    int n = gen(c, p, mv, false);
    order(c, p, mv, n, sc, ttm, ply);
    int alpha0 = alpha, best = -INF;
    uint16_t best_move = NO_MOVE;
    c->rep[c->nrep++] = rk;
    for (int i = 0; i < n; i++) {
        uint16_t m = pick(mv, sc, i, n);
        Pos ch;
        make(p, m, &ch);
        if (c->tt)
            __builtin_prefetch(&c->tt[(ch.zob & c->tt_mask) * 2]);
        int cw = irreversible(m) ? c->nrep : win, v;
        if (!c->cfg->pvs) {
            v = -search(c, &ch, depth - 1, -beta, -alpha, ply + 1, cw, false);
        } else if (i == 0) {
            v = -search(c, &ch, depth - 1, -beta, -alpha, ply + 1, cw, pv);
        } else {
            v = -search(c, &ch, depth - 1, -alpha - 1, -alpha, ply + 1, cw, false);
            if (v > alpha && v < beta && !c->stop)
                v = -search(c, &ch, depth - 1, -beta, -alpha, ply + 1, cw, true);
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
                if (c->cfg->killers_history && MV_REM(m) == NONE) {
                    if (c->killer[ply][0] != m) {
                        c->killer[ply][1] = c->killer[ply][0];
                        c->killer[ply][0] = m;
                    }
                    int32_t *h = &c->history[me][MV_FROM(m) * 32 + MV_TO(m)];
                    *h += depth * depth;
                    if (*h > (1 << 24))
                        for (int k = 0; k < 2 * 1024; k++)
                            c->history[k / 1024][k % 1024] /= 2;
                }
                break;
            }
        }
    }
    c->nrep--;
    if (c->stop)
        return 0;
    tt_store(c, p, key, depth, best,
             best >= beta    ? TT_LOWER
             : best > alpha0 ? TT_EXACT
                             : TT_UPPER,
             best_move, ply);
    return best;
}

/* ---- Root ----------------------------------------------------------------------- */

typedef struct {
    uint16_t move;
    int score;
} RootMove;

static Pos pos_of(const MoulinState *s)
{
    Pos p;
    memset(&p, 0, sizeof p);
    p.bb[0] = s->bb[0];
    p.bb[1] = s->bb[1];
    p.hand[0] = s->hand[0];
    p.hand[1] = s->hand[1];
    p.side = s->side;
    p.pending = s->pending;
    p.quiet = s->quiet;
    p.zob = z_full(&p);
    return p;
}

/* The transposition table lives in a per-thread buffer, cleared before each search (a
 * fresh table per decision keeps bots deterministic; reusing the memory avoids faulting in
 * tens of megabytes per move). Freed when the thread ends. */
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

static void ctx_init(Ctx *c, const MoulinState *s, const MoulinSearchConfig *cfg)
{
    pthread_once(&z_once, z_init);
    memset(c, 0, sizeof *c);
    c->cfg = cfg;
    c->flying = s->flying;
    c->nmove = s->nmove;
    c->root_side = s->side;
    c->budget = cfg->node_budget;
    if (cfg->time_ms > 0)
        c->deadline = now_ns(c) + (long long)cfg->time_ms * 1000000LL;
    /* The game's positions since the last placement or removal, the root last. */
    memcpy(c->rep, s->hist, sizeof s->hist[0] * s->nhist);
    c->nrep = s->nhist;
    if (cfg->tt_bits > 0) {
        /* No bigger than the node budget can fill. */
        int bits = cfg->tt_bits;
        while (bits > 12 && cfg->node_budget && ((uint64_t)1 << bits) > cfg->node_budget)
            bits--;
        c->tt = tt_get((size_t)2 << bits);
        if (c->tt)
            c->tt_mask = ((uint64_t)1 << bits) - 1;
    }
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

void moulin_search(const MoulinState *s, const MoulinSearchConfig *cfg, MoulinSearchResult *out)
{
    long long t0 = clock_now_ns(), cpu0 = thread_cpu_ns(), c0;
    memset(out, 0, sizeof *out);
    out->best = -1;
    if (s->end != MOULIN_END_NONE || s->opening_left)
        return;
    Ctx *c = malloc(sizeof *c);
    if (!c)
        return;
    ctx_init(c, s, cfg);
    c0 = now_ns(c);
    Pos root = pos_of(s);
    uint16_t mv[MAX_MOVES];
    int32_t sc[MAX_MOVES];
    int n = gen(c, &root, mv, false);
    RootMove rm[MAX_MOVES];
    order(c, &root, mv, n, sc, NO_MOVE, 0);
    for (int i = 0; i < n; i++) {
        rm[i].move = pick(mv, sc, i, n);
        rm[i].score = -INF;
    }
    if (n == 0)
        goto done;
    out->best = to_action(rm[0].move);
    if (n == 1)
        goto done; /* nothing to think about */
    int max_depth =
        cfg->max_depth > 0 && cfg->max_depth < MAX_PLY - 4 ? cfg->max_depth : MAX_PLY - 4;
    for (int d = 1; d <= max_depth; d++) {
        int alpha = -INF, beta = INF, best = -INF, best_i = -1;
        for (int i = 0; i < n; i++) {
            Pos ch;
            make(&root, rm[i].move, &ch);
            int cw = irreversible(rm[i].move) ? c->nrep : 0, v;
            if (i == 0 || !cfg->pvs) {
                v = -search(c, &ch, d - 1, -beta, -alpha, 1, cw, cfg->pvs);
            } else {
                v = -search(c, &ch, d - 1, -alpha - 1, -alpha, 1, cw, false);
                if (v > alpha && !c->stop)
                    v = -search(c, &ch, d - 1, -beta, -alpha, 1, cw, true);
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
            out->best = to_action(rm[best_i].move);
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
        if (best > MATE_BOUND || best < -MATE_BOUND)
            break; /* a forced result: deeper search cannot change it */
        if (c->deadline && now_ns(c) - c0 > (c->deadline - c0) / 2)
            break; /* the next iteration would not finish in time */
    }
    out->mate = out->score > MATE_BOUND || out->score < -MATE_BOUND;
done:
    out->nodes = c->nodes;
    out->ms = (double)(clock_now_ns() - t0) / 1e6;
    out->cpu_ms = (double)(thread_cpu_ns() - cpu0) / 1e6;
    free(c);
}

int moulin_evaluate(const MoulinState *s, bool full)
{
    MoulinSearchConfig cfg = {.full_eval = full};
    Ctx *c = malloc(sizeof *c);
    if (!c)
        return 0;
    ctx_init(c, s, &cfg);
    Pos p = pos_of(s);
    int v = evaluate(c, &p);
    free(c);
    return v;
}

/* ---- Easy: a shallow search, a random pick among the nearly best safe moves -------- */

static bool has_capture(const Ctx *c, const Pos *p)
{
    uint16_t mv[MAX_MOVES];
    return gen(c, p, mv, true) > 0;
}

int moulin_score_root(const MoulinState *s, int depth, Action acts[RULES_MAX_ACTIONS],
                      int scores[RULES_MAX_ACTIONS])
{
    if (s->end != MOULIN_END_NONE || s->opening_left)
        return 0;
    MoulinSearchConfig cfg = {.max_depth = depth, .full_eval = false, .tt_bits = 0};
    Ctx *c = malloc(sizeof *c);
    if (!c)
        return 0;
    ctx_init(c, s, &cfg);
    Pos root = pos_of(s);
    uint16_t mv[MAX_MOVES];
    int n = gen(c, &root, mv, false), k = 0;
    for (int i = 0; i < n; i++) {
        Pos ch;
        make(&root, mv[i], &ch);
        int v = -search(c, &ch, depth - 1, -INF, INF, 1, irreversible(mv[i]) ? c->nrep : 0, true);
        Action a = to_action(mv[i]);
        int j = 0;
        while (j < k && acts[j] != a)
            j++;
        if (j == k) {
            acts[k] = a;
            scores[k++] = v;
        } else if (v > scores[j]) {
            scores[j] = v;
        }
    }
    free(c);
    return k;
}

Action moulin_easy_decide(const BotRequest *req)
{
    const MoulinState *s = req->view;
    int depth = req->iterations > 0 ? req->iterations : 2;
    Action acts[RULES_MAX_ACTIONS];
    int scores[RULES_MAX_ACTIONS];
    int n = moulin_score_root(s, depth, acts, scores);
    if (n == 0)
        return -1;
    /* Safe: after the whole turn, the opponent cannot close a mill at once. Easy plays a
     * safe move whenever one exists. */
    bool safe[RULES_MAX_ACTIONS], any_safe = false;
    MoulinSearchConfig cfg = {0};
    Ctx *c = malloc(sizeof *c);
    if (!c)
        return acts[0];
    ctx_init(c, s, &cfg);
    for (int i = 0; i < n; i++) {
        MoulinState t = *s;
        safe[i] = moulin_rules.apply(&t, acts[i]) == NULL;
        if (safe[i] && t.pending) {
            /* The removal comes next: judge the turn by its best removal. */
            Action r[RULES_MAX_ACTIONS];
            int m = moulin_rules.legal_actions(&t, r);
            bool ok = false;
            for (int j = 0; j < m && !ok; j++) {
                MoulinState u = t;
                moulin_rules.apply(&u, r[j]);
                Pos pu = pos_of(&u);
                ok = u.end != MOULIN_END_NONE || !has_capture(c, &pu);
            }
            safe[i] = ok;
        } else if (safe[i]) {
            Pos pt = pos_of(&t);
            safe[i] = t.end != MOULIN_END_NONE || !has_capture(c, &pt);
        }
        any_safe |= safe[i];
    }
    free(c);
    int best = -INF;
    for (int i = 0; i < n; i++)
        if ((safe[i] || !any_safe) && scores[i] > best)
            best = scores[i];
    /* Mostly within 60 (well under a piece) of the best, sometimes within 120. */
    int margin = rng_below(req->rng, 5) == 0 ? 120 : 60;
    Action cand[RULES_MAX_ACTIONS];
    int k = 0;
    for (int i = 0; i < n; i++)
        if ((safe[i] || !any_safe) && scores[i] >= best - margin && scores[i] > -MATE_BOUND)
            cand[k++] = acts[i];
    if (k == 0)
        for (int i = 0; i < n; i++)
            if (scores[i] == best)
                cand[k++] = acts[i];
    return cand[rng_below(req->rng, (uint32_t)k)];
}

/* ---- Medium and Hard ------------------------------------------------------------- */

Action moulin_medium_decide(const BotRequest *req)
{
    MoulinSearchConfig cfg = {
        .max_depth = req->iterations > 0 ? req->iterations : 4,
        .time_ms = req->time_ms,
        .tt_bits = 16,
        .cancel = req->cancel,
    };
    MoulinSearchResult r;
    moulin_search(req->view, &cfg, &r);
    return r.best;
}

Action moulin_hard_decide(const BotRequest *req)
{
    MoulinSearchConfig cfg = {
        .node_budget = req->iterations > 0 ? (uint64_t)req->iterations : 0,
        .time_ms = req->time_ms,
        .pvs = true,
        .killers_history = true,
        .quiescence = true,
        .full_eval = true,
        .tt_bits = 20,
        .contempt = 15,
        .cancel = req->cancel,
    };
    MoulinSearchResult r;
    moulin_search(req->view, &cfg, &r);
    return r.best;
}
