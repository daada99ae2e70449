/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin bots: the position, move generation, evaluation and ordering hints over
 * bitboards; the search itself is the engine's generic alpha-beta (see moulin_bots.h and
 * engine/ai/alphabeta.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/fileio.h"
#include "../../engine/ai/alphabeta.h"
#include "moulin_bots.h"
#include "moulin_endgame.h"

/* A search move is a whole turn: to | from << 5 | remove << 10, NONE where a part is absent
 * (from = NONE: a placement; to = NONE: the removal owed at the root). */
#define NONE 31u
#define MV(to, from, rem) ((uint16_t)((to) | (from) << 5 | (rem) << 10))
#define MV_TO(m) ((m)&31u)
#define MV_FROM(m) ((m) >> 5 & 31u)
#define MV_REM(m) ((m) >> 10 & 31u)

/* 63 moves at most, a removal choice (<= 9) only for mill closers: well under this. */
#define MAX_MOVES AB_MAX_MOVES

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

/* ---- What the callbacks know: the game's options and the evaluation wanted ---------- */

typedef struct {
    int flying, nmove;
    bool full_eval;
    bool taper;   /* the placing phase's evaluation blends in the moving phase's */
    bool endgame; /* probe the endgame tables (ready when set) */
    int eg_max;   /* ... only where neither side has more pieces than this */
    bool threats; /* placing phase: double threats and forks in the evaluation and ordering */
    bool convert; /* the evaluation fades as the N-move count runs (see evaluate) */
    int squeeze;  /* the squeeze term (see squeeze): 1 while pieces are in hand, 2 always */
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

/* The moving phase's terms of one side: mobility, mills and threats, running mills. */
static int moving_value(uint32_t own, uint32_t empty, int closed, int open2, int closable,
                        int unstoppable, uint32_t closed_mask, uint32_t threat_pts)
{
    int v = 0, mobility = 0, blocked = 0;
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
    return v;
}

/* Squeeze: how close `col` is to being shut in, as a penalty. Its free points are the
 * empty points next to its pieces: the opponent must fill every one of them to shut it in.
 * One the opponent cannot step into at once (no piece of its next to it, no placement or
 * flight left) counts twice. While pieces are in hand, each of the opponent's is one more
 * point it can fill, and each of the side's own is (about) two more free points it can
 * make; so the slack is free points + twice its hand - the opponent's hand, and the
 * penalty rises steeply as it falls to 0 (a side shut in has lost). A flying side cannot
 * be shut in. */
static const int squeeze_pen[6] = {150, 100, 60, 30, 12, 4};

static int squeeze(const Ctx *c, const Pos *p, int col, uint32_t empty)
{
    int op = 1 - col;
    uint32_t own = p->bb[col], opp = p->bb[op];
    if (!own || can_fly(c, p, col))
        return 0;
    uint32_t libs = neighbours(own) & empty;
    uint32_t reach = p->hand[op] || can_fly(c, p, op) ? libs : libs & neighbours(opp);
    int slack = popcount(libs) + popcount(libs & ~reach) + 2 * p->hand[col] - p->hand[op];
    return slack < 0 ? squeeze_pen[0] : slack < 6 ? squeeze_pen[slack] : 0;
}

/* The full evaluation of one side, by phase. With `taper`, the placing phase blends its
 * own terms with the moving phase's, by the pieces left in both hands: the search's leaves
 * on either side of the end of placing are then judged on one scale. */
static int full_terms(const Ctx *c, const Pos *p, int col, uint32_t empty)
{
    uint32_t own = p->bb[col], opp = p->bb[1 - col];
    bool placing = p->hand[col] > 0, fly = can_fly(c, p, col);
    bool opp_fly = can_fly(c, p, 1 - col);
    int hands = p->hand[0] + p->hand[1];
    bool taper = c->taper && hands > 0 && !fly;
    uint32_t threat_pts = 0, double_pts = 0, closed_mask = 0;
    int closed = 0, open2 = 0, closable = 0, unstoppable = 0, closable_mv = 0;
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
            bool by_move = fly || (moulin_adj[xp] & own & ~L);
            closable_mv += by_move;
            if (placing || by_move) {
                closable++;
                /* The opponent cannot put a piece on x in time. */
                if (!p->hand[1 - col] && !opp_fly && !(moulin_adj[xp] & opp))
                    unstoppable++;
            }
        }
    }
    if (taper) {
        int freedom = 0, blocked = 0;
        for (uint32_t b = own; b; b &= b - 1) {
            int f = popcount(moulin_adj[__builtin_ctz(b)] & empty);
            freedom += f;
            blocked += f == 0;
        }
        int vp = 8 * closed + 18 * open2 + 25 * popcount(double_pts) + 4 * freedom - 10 * blocked;
        int vm = moving_value(own, empty, closed, open2, closable_mv, 0, closed_mask, threat_pts);
        return (vp * hands + vm * (18 - hands)) / 18;
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
        v += moving_value(own, empty, closed, open2, closable, unstoppable, closed_mask,
                          threat_pts);
    }
    return v;
}

/* ---- Placing-phase tactics: threats and forks ------------------------------------ */

/* A piece is worth 100; these are what a double threat and a fork are worth at a leaf (a
 * piece lost or won on the next turns, less what the loser may get back meanwhile). */
#define DOUBLE_THREAT MOULIN_DOUBLE_THREAT
#define FORK MOULIN_FORK

/* The fork points of `col`: empty points on two lines that each hold one piece of col and
 * nothing else, so that one placement there makes two threats on two different points. */
static uint32_t fork_points(const Pos *p, int col, uint32_t empty)
{
    uint32_t own = p->bb[col], opp = p->bb[1 - col], seen = 0, fork = 0;
    for (int l = 0; l < MOULIN_MILLS; l++) {
        uint32_t L = moulin_mill_mask[l], o = own & L;
        if (o && !(o & (o - 1)) && !(opp & L)) {
            uint32_t x = L & empty;
            fork |= seen & x;
            seen |= x;
        }
    }
    return fork;
}

/* The tactics of the placing phase for the side to act, which a quiet leaf does not
 * show: with no mill of its own to close, facing threats on two points it loses a piece
 * (it blocks one, the other closes); facing none, a fork wins one (the opponent blocks one
 * threat, the other closes). Facing one threat it must block it, and the block is never a
 * fork (the point's other line is the threat's). Mills the side to act can close are the
 * quiescence search's. */
static int placing_tactics(const Ctx *c, const Pos *p, uint32_t empty)
{
    int me = p->side, op = 1 - me;
    if (!p->hand[0] && !p->hand[1])
        return 0;
    /* One pass over the lines: the threats of both sides (the empty point of a line holding
     * two of its pieces, reached by a placement or a flight, or by a step of a piece from
     * outside that line) and the fork points of the side to act (as fork_points). Closing
     * a mill is no threat while the other side has no piece on the board to remove. */
    uint32_t own = p->bb[me], opp = p->bb[op], t_me = 0, t_op = 0, seen = 0, fork = 0;
    bool any_me = p->hand[me] || can_fly(c, p, me), any_op = p->hand[op] || can_fly(c, p, op);
    for (int l = 0; l < MOULIN_MILLS; l++) {
        uint32_t L = moulin_mill_mask[l], x = L & empty;
        if (!x)
            continue;
        uint32_t a = own & L, b = opp & L;
        if (!b && a && (a & (a - 1))) {
            if (any_me || (moulin_adj[__builtin_ctz(x)] & own & ~L))
                t_me |= x;
        } else if (!a && b && (b & (b - 1))) {
            if (any_op || (moulin_adj[__builtin_ctz(x)] & opp & ~L))
                t_op |= x;
        } else if (!b && a) { /* one piece of the side to act, two empty points */
            fork |= seen & x;
            seen |= x;
        }
    }
    if (!opp || t_me)
        return 0;
    if (own && (t_op & (t_op - 1)))
        return -DOUBLE_THREAT;
    if (!t_op && p->hand[me] >= 2 && fork)
        return FORK;
    return 0;
}

static int evaluate(const Ctx *c, const Pos *p)
{
    int me = p->side, op = 1 - me;
    uint32_t empty = empty_of(p);
    int v = 100 * (pieces(p, me) - pieces(p, op));
    if (c->full_eval) {
        v += full_terms(c, p, me, empty) - full_terms(c, p, op, empty) + 5;
        if (c->squeeze > 1 || (c->squeeze && (p->hand[0] || p->hand[1])))
            v += squeeze(c, p, op, empty) - squeeze(c, p, me, empty);
    } else {
        v += simple_terms(c, p, me, empty) - simple_terms(c, p, op, empty);
    }
    if (c->threats)
        v += placing_tactics(c, p, empty);
    /* Converting an edge: past half the N-move count, the material edge fades linearly
     * towards the draw the rule will call, so that of two lines the side ahead prefers the
     * one that takes sooner, and the side behind the one that waits. The positional terms
     * keep their weight: a shut-in loses whatever the count. */
    if (c->convert && c->nmove && p->quiet > c->nmove / 2) {
        int left = c->nmove - p->quiet, half = c->nmove - c->nmove / 2;
        int m = 100 * (pieces(p, me) - pieces(p, op));
        v -= left > 0 ? m - m * left / half : m;
    }
    return v;
}

/* ---- The game table of the generic search ---------------------------------------------- */

/* Ordering hints: mill closers (by what they remove), then a move onto a point where the
 * opponent would close a mill, both before killers and history; otherwise (killers and
 * history off) the point's number of neighbours. The search puts the table's move first. */
static void ab_order(const void *user, const void *pos, const AbMove *mv, int n, int32_t *score)
{
    const Ctx *c = user;
    const Pos *p = pos;
    int op = 1 - p->side;
    uint32_t empty = empty_of(p), opp = p->bb[op], opp_threat = 0, opp_open2 = 0;
    /* Placing: the forks of the side to act, after the blocks and before killers. */
    uint32_t fork = c->threats && p->hand[p->side] >= 2 && opp ? fork_points(p, p->side, empty) : 0;
    for (int l = 0; l < MOULIN_MILLS; l++) {
        uint32_t L = moulin_mill_mask[l];
        if (two_of(opp & L, L) && (L & empty)) {
            opp_threat |= L & empty;
            opp_open2 |= L & opp;
        }
    }
    for (int i = 0; i < n; i++) {
        AbMove m = mv[i];
        if (MV_REM(m) != NONE) {
            unsigned r = MV_REM(m);
            score[i] =
                (1 << 28) + ((opp_open2 >> r & 1) ? 64 : 0) + 4 * popcount(moulin_adj[r] & empty);
        } else if (MV_TO(m) != NONE && (opp_threat >> MV_TO(m) & 1)) {
            score[i] = AB_ORDER_PRIORITY + 1;
        } else if (MV_FROM(m) == NONE && MV_TO(m) != NONE && (fork >> MV_TO(m) & 1)) {
            score[i] = AB_ORDER_PRIORITY;
        } else {
            score[i] = popcount(moulin_adj[MV_TO(m)]);
        }
    }
}

/* Killer and history slots: from and to of a move that removes nothing. */
static int ab_history_index(const void *user, AbMove m)
{
    (void)user;
    return MV_REM(m) != NONE ? -1 : (int)(m & 1023u);
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

/* Losses first, then the N-move draw (repetition is the search's). A removal owed at the
 * root comes before either, as in the rules: the mill just closed resets the count, so
 * the N-move count reached by its move is no draw. */
static AbTerminal ab_terminal(const void *user, const void *pos)
{
    const Ctx *c = user;
    const Pos *p = pos;
    if (p->pending)
        return AB_GOING;
    if (lost(c, p))
        return AB_LOSS;
    if (c->nmove && p->quiet >= c->nmove)
        return AB_DRAW;
    return AB_GOING;
}

static int ab_generate(const void *user, const void *pos, AbMove *out, bool noisy_only)
{
    return gen(user, pos, out, noisy_only);
}

static void ab_make(const void *user, const void *pos, AbMove m, void *child)
{
    (void)user;
    make(pos, m, child);
}

static int ab_evaluate(const void *user, const void *pos)
{
    return evaluate(user, pos);
}

static int ab_side(const void *pos)
{
    return ((const Pos *)pos)->side;
}

static uint64_t ab_hash(const void *user, const void *pos)
{
    (void)user;
    return ((const Pos *)pos)->zob;
}

static uint64_t ab_key(const void *user, const void *pos)
{
    (void)user;
    return exact_key(pos);
}

static uint64_t ab_rep_key(const void *user, const void *pos)
{
    (void)user;
    return rep_key(pos);
}

static bool ab_irreversible(const void *user, AbMove m)
{
    (void)user;
    return irreversible(m);
}

/* A table's win that the N-move rule may cut short scores below every forced result but
 * above every evaluation: at least a draw, probably better. */
#define EG_FAR 2000

/* The endgame tables' value of p for the side to act, when they cover it. The N-move rule:
 * a win in d turns is completed in time when d <= N - quiet (the positions after turns
 * 1..d-1 must have fewer than N quiet plies; the last turn ends the game, which comes
 * before the draw). The distance counts every turn, captures included, so this is safe. */
static AbTerminal eg_value(const Ctx *c, const Pos *p, int *value)
{
    if (!c->endgame || p->hand[0] || p->hand[1] || p->pending)
        return AB_GOING;
    uint32_t me = p->bb[p->side], op = p->bb[1 - p->side];
    int a = popcount(me), b = popcount(op);
    if (!MOULIN_EG_COVERS(a, b) || a > c->eg_max || b > c->eg_max)
        return AB_GOING;
    int d = 0;
    switch (moulin_eg_probe(c->flying, me, op, &d)) {
    case MOULIN_EG_DRAW: return AB_DRAW;
    case MOULIN_EG_WIN:
        if (!c->nmove || d <= c->nmove - p->quiet) {
            *value = d;
            return AB_WIN;
        }
        *value = EG_FAR - d;
        return AB_SCORE;
    case MOULIN_EG_LOSS:
        if (!c->nmove || d <= c->nmove - p->quiet) {
            *value = d;
            return AB_LOSS;
        }
        *value = -(EG_FAR - d);
        return AB_SCORE;
    default: return AB_GOING;
    }
}

static AbTerminal ab_probe(const void *user, const void *pos, int *value)
{
    return eg_value(user, pos, value);
}

/* The points where `col` could close a mill on its next turn: the empty point of a line
 * holding two of its pieces, reached by a placement or a flight, or by a step of one of its
 * pieces from outside that line. */
static uint32_t mill_threats(const Ctx *c, const Pos *p, int col, uint32_t empty)
{
    uint32_t own = p->bb[col], pts = 0;
    bool any = p->hand[col] || can_fly(c, p, col);
    for (int l = 0; l < MOULIN_MILLS; l++) {
        uint32_t L = moulin_mill_mask[l], x = L & empty;
        if (x && !(p->bb[1 - col] & L) && two_of(own & L, L) &&
            (any || (moulin_adj[__builtin_ctz(x)] & own & ~L)))
            pts |= x;
    }
    return pts;
}

/* Mill-threat extension: a turn after which its player threatens to close mills on two
 * points at once, while the other side has no mill of its own to close, is searched one
 * turn deeper: one threat can be blocked, the other closes, and the leaf that would stand
 * between the two is exactly where a static evaluation misjudges it. */
static bool ab_extend(const void *user, const void *pos, AbMove m, const void *child)
{
    const Ctx *c = user;
    const Pos *ch = child;
    (void)pos;
    (void)m;
    if (ch->pending)
        return false;
    int mover = 1 - ch->side;
    uint32_t empty = empty_of(ch);
    if (!ch->bb[ch->side] && !ch->hand[ch->side])
        return false;
    uint32_t t = mill_threats(c, ch, mover, empty);
    if (!(t & (t - 1)))
        return false;
    return !mill_threats(c, ch, ch->side, empty);
}

static const AbGame moulin_ab = {
    .pos_size = sizeof(Pos),
    .generate = ab_generate,
    .make = ab_make,
    .evaluate = ab_evaluate,
    .terminal = ab_terminal,
    .side = ab_side,
    .hash = ab_hash,
    .key = ab_key,
    .rep_key = ab_rep_key,
    .irreversible = ab_irreversible,
    .order = ab_order,
    .history_index = ab_history_index,
    .probe = ab_probe,
    .extend = ab_extend,
};

/* ---- Search ------------------------------------------------------------------------ */

static Pos pos_of(const MoulinState *s)
{
    pthread_once(&z_once, z_init);
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

static Ctx ctx_of(const MoulinState *s, bool full_eval)
{
    Ctx c = {.flying = s->flying, .nmove = s->nmove, .full_eval = full_eval};
    return c;
}

int moulin_contempt(const MoulinState *s, const MoulinSearchConfig *cfg)
{
    int c = cfg->contempt;
    if (cfg->convert) {
        int edge = moulin_pieces_left(s, s->side) - moulin_pieces_left(s, 1 - s->side);
        c += MOULIN_EDGE_CONTEMPT * (edge < 0 ? 0 : edge > 3 ? 3 : edge);
    }
    return c;
}

static AbConfig ab_config(const MoulinSearchConfig *cfg)
{
    AbConfig a = {
        .max_depth = cfg->max_depth,
        .node_budget = cfg->node_budget,
        .time_ns = cfg->time_ms > 0 ? (int64_t)cfg->time_ms * 1000000 : 0,
        .cpu_time = cfg->cpu_time,
        .pvs = cfg->pvs,
        .killers_history = cfg->killers_history,
        .quiescence = cfg->quiescence,
        .lmr = cfg->lmr,
        .extensions = cfg->extensions,
        .tt_bits = cfg->tt_bits,
        .contempt = cfg->contempt,
        .cancel = cfg->cancel,
    };
    return a;
}

/* ---- The root from the endgame tables ------------------------------------------------ */

/* How good a root turn is by the tables, for the side to act: the class first (4 a win
 * completed before the N-move draw, 3 a win it may cut short, 2 a draw, 1 a loss it may
 * save, 0 a loss), then the key within the class. */
typedef struct {
    int cls, key, score;
} EgChoice;

/* Among the opponent's replies to a drawn position, the share (in thousandths) that lose. */
static int losing_replies(const Ctx *c, const Pos *ch)
{
    AbMove mv[MAX_MOVES];
    int n = gen(c, ch, mv, false), bad = 0;
    for (int i = 0; i < n; i++) {
        Pos g;
        make(ch, mv[i], &g);
        int v;
        bad += !lost(c, &g) && eg_value(c, &g, &v) == AB_WIN;
    }
    return n ? 1000 * bad / n : 0;
}

/* The tables' judgement of the turn m from p; false when they do not cover the result. */
static bool eg_choice(const Ctx *c, const Pos *p, AbMove m, const uint64_t *hist, int nhist,
                      bool draw_key, EgChoice *out)
{
    Pos ch;
    make(p, m, &ch);
    if (lost(c, &ch)) {
        *out = (EgChoice){4, -1, AB_MATE - 1};
        return true;
    }
    if (!irreversible(m) && hist) {
        uint64_t k = rep_key(&ch);
        int seen = 0;
        for (int i = 0; i < nhist; i++)
            seen += hist[i] == k;
        if (seen >= 2) { /* the third time: drawn on arrival */
            *out = (EgChoice){2, -1, 0};
            return true;
        }
    }
    int v = 0;
    switch (eg_value(c, &ch, &v)) { /* for the opponent */
    case AB_LOSS: *out = (EgChoice){4, -(v + 1), AB_MATE - (v + 1)}; return true;
    case AB_WIN: *out = (EgChoice){0, v + 1, -AB_MATE + v + 1}; return true;
    case AB_DRAW: *out = (EgChoice){2, draw_key ? losing_replies(c, &ch) : 0, 0}; return true;
    case AB_SCORE:
        if (v > 0) /* the opponent's win, maybe too slow: hold out longest */
            *out = (EgChoice){1, EG_FAR - v, -v};
        else
            *out = (EgChoice){3, -(EG_FAR + v), -v};
        return true;
    default: return false;
    }
}

/* The tables' best turn from p (AB_NO_MOVE when they do not cover it). */
static AbMove eg_best(const Ctx *c, const Pos *p, const uint64_t *hist, int nhist, bool draw_key,
                      EgChoice *best)
{
    int v;
    if (eg_value(c, p, &v) == AB_GOING)
        return AB_NO_MOVE;
    AbMove mv[MAX_MOVES], bm = AB_NO_MOVE;
    int n = gen(c, p, mv, false);
    for (int i = 0; i < n; i++) {
        EgChoice e;
        if (!eg_choice(c, p, mv[i], hist, nhist, draw_key, &e))
            return AB_NO_MOVE;
        if (bm == AB_NO_MOVE || e.cls > best->cls || (e.cls == best->cls && e.key > best->key)) {
            *best = e;
            bm = mv[i];
        }
    }
    return bm;
}

/* ---- Search ------------------------------------------------------------------------ */

/* A turn as text: its first ply, and " remove r" when it also removes. */
static void turn_text(uint16_t m, char *out, size_t size)
{
    char t[RULES_ACTION_TEXT + 16];
    moulin_rules.action_to_string(NULL, to_action(m), t);
    if (MV_TO(m) != NONE && MV_REM(m) != NONE)
        snprintf(out, size, "%s x%u", t, MV_REM(m));
    else
        snprintf(out, size, "%s", t);
}

static void pv_append(char *pv, size_t size, uint16_t m)
{
    char t[RULES_ACTION_TEXT + 32];
    turn_text(m, t, sizeof t);
    size_t len = strlen(pv);
    if (len + strlen(t) + 3 < size)
        snprintf(pv + len, size - len, "%s%s", len ? ", " : "", t);
}

/* An analysis item for the turn m scored `score` (a rules action may start several turns:
 * it keeps the best). */
static void an_put(Analysis *an, uint16_t m, int score, int depth)
{
    AnalysisItem *x = analysis_item(an, to_action(m));
    if (!x || score <= -AB_INF)
        return;
    double v = score / 100.0;
    if (x->valued && x->value >= v)
        return;
    x->valued = true;
    x->value = v;
    x->visits = depth;
    x->mate = score > AB_MATE_BOUND || score < -AB_MATE_BOUND;
    x->mate_turns = x->mate ? AB_MATE - (score > 0 ? score : -score) : 0;
}

/* No action is worth more than the search's choice: the search proved it (or the tables'
 * order of results, which their scores follow only roughly, decided it). */
static void an_cap(Analysis *an)
{
    const AnalysisItem *b = an->best >= 0 ? &an->item[an->best] : NULL;
    if (!b || !b->valued)
        return;
    for (int i = 0; i < an->n; i++)
        if (an->item[i].valued && an->item[i].value > b->value) {
            an->item[i].value = b->value;
            an->item[i].mate = b->mate;
            an->item[i].mate_turns = b->mate_turns;
        }
}

static void search_impl(const MoulinState *s, const MoulinSearchConfig *cfg,
                        MoulinSearchResult *out, Analysis *an);

void moulin_search(const MoulinState *s, const MoulinSearchConfig *cfg, MoulinSearchResult *out)
{
    search_impl(s, cfg, out, NULL);
}

void moulin_search_analyze(const MoulinState *s, const MoulinSearchConfig *cfg,
                           MoulinSearchResult *out, Analysis *an)
{
    analysis_begin(an, &moulin_rules, s, s->side, ANALYSIS_PIECES);
    search_impl(s, cfg, out, an);
}

static void search_impl(const MoulinState *s, const MoulinSearchConfig *cfg,
                        MoulinSearchResult *out, Analysis *an)
{
    memset(out, 0, sizeof *out);
    out->best = -1;
    if (s->end != MOULIN_END_NONE || s->opening_left)
        return;
    long long t0 = clock_now_ns();
    Ctx c = ctx_of(s, cfg->full_eval);
    c.taper = cfg->taper_eval;
    c.threats = cfg->place_threats;
    c.convert = cfg->convert;
    c.squeeze = cfg->squeeze;
    Pos root = pos_of(s);
    /* The tables, once the placing is over and few enough pieces are left for the search
     * to reach them (the first time: built or read from the cache). Those up to 4 pieces a
     * side take a few seconds, in this thread; those with 5 up to a minute: with a clock
     * (the app), a worker makes them from the first search on and they are probed once
     * ready; without one (the replayable form, whose moves must not depend on a thread's
     * timing), this thread makes them too, when it makes the others. */
    c.eg_max = cfg->eg_pieces > 0 ? cfg->eg_pieces : MOULIN_EG_MAX_PIECES;
    bool big = c.eg_max > 4;
    if (cfg->endgame && big && cfg->time_ms > 0)
        moulin_eg_start(s->flying);
    if (cfg->endgame && !s->hand[0] && !s->hand[1] &&
        moulin_pieces_left(s, 0) + moulin_pieces_left(s, 1) <= 12)
        c.endgame = big && cfg->time_ms <= 0 ? moulin_eg_ensure_all(s->flying, cfg->cancel)
                                              : moulin_eg_ensure(s->flying, cfg->cancel);
    else if (cfg->endgame)
        c.endgame = moulin_eg_ready(s->flying);
    if (c.endgame && !s->pending && !s->hand[0] && !s->hand[1]) {
        int d = 0, v;
        if (eg_value(&c, &root, &v) != AB_GOING)
            out->eg = moulin_eg_probe(s->flying, s->bb[s->side], s->bb[1 - s->side], &d);
        out->eg_dist = d;
        EgChoice e;
        AbMove m = eg_best(&c, &root, s->hist, s->nhist, true, &e);
        if (m != AB_NO_MOVE && an) {
            AbMove mv[MAX_MOVES];
            int n = gen(&c, &root, mv, false);
            for (int i = 0; i < n; i++) {
                EgChoice ei;
                if (eg_choice(&c, &root, mv[i], s->hist, s->nhist, true, &ei))
                    an_put(an, mv[i], ei.score, 0);
            }
            an->exact = true;
            analysis_choose(an, to_action(m));
            an_put(an, m, e.score, 0);
            an_cap(an);
        }
        if (m != AB_NO_MOVE) {
            int a = popcount(s->bb[0]), b = popcount(s->bb[1]);
            out->eg_pieces = a > b ? a : b;
            out->best = to_action(m);
            out->score = e.score;
            out->mate = e.score > AB_MATE_BOUND || e.score < -AB_MATE_BOUND;
            /* The tables' line, for the record. */
            Pos p = root;
            for (int k = 0; k < 24 && m != AB_NO_MOVE; k++) {
                pv_append(out->pv, sizeof out->pv, m);
                Pos ch;
                make(&p, m, &ch);
                p = ch;
                if (lost(&c, &p))
                    break;
                m = eg_best(&c, &p, NULL, 0, false, &e);
            }
            out->ms = (double)(clock_now_ns() - t0) / 1e6;
            out->cpu_ms = out->ms;
            return;
        }
    }
    AbConfig ac = ab_config(cfg);
    ac.contempt = moulin_contempt(s, cfg);
    AbResult r;
    if (an) {
        AbMove *mv = malloc(sizeof *mv * AB_MAX_MOVES);
        int *sc = malloc(sizeof *sc * AB_MAX_MOVES * 2);
        if (mv && sc) {
            /* The alternatives get half as many nodes again as the decision had. */
            uint64_t extra = cfg->node_budget ? cfg->node_budget / 2 : 1500000;
            int n = ab_search_all(&moulin_ab, &c, &root, s->hist, s->nhist, &ac, &r, extra,
                                  mv, sc, sc + AB_MAX_MOVES);
            if (r.best != AB_NO_MOVE)
                analysis_choose(an, to_action(r.best));
            for (int i = 0; i < n; i++)
                if (mv[i] != r.best)
                    an_put(an, mv[i], sc[i], sc[AB_MAX_MOVES + i]);
            if (r.best != AB_NO_MOVE)
                an_put(an, r.best, r.score, r.depth);
            an_cap(an);
            an->depth = r.depth;
            an->samples = (long long)r.nodes;
        } else {
            ab_search(&moulin_ab, &c, &root, s->hist, s->nhist, &ac, &r);
        }
        free(mv);
        free(sc);
    } else {
        ab_search(&moulin_ab, &c, &root, s->hist, s->nhist, &ac, &r);
    }
    out->best = r.best == AB_NO_MOVE ? -1 : to_action(r.best);
    out->score = r.score;
    out->depth = r.depth;
    out->nodes = r.nodes;
    out->ms = r.ms;
    out->cpu_ms = r.cpu_ms;
    out->mate = r.mate;
    out->eg_hits = r.probe_hits;
    out->extended = r.extended;
    for (int i = 0; i < r.pv_len; i++)
        pv_append(out->pv, sizeof out->pv, r.pv[i]);
}

int moulin_placing_tactics(const MoulinState *s)
{
    Ctx c = ctx_of(s, true);
    Pos p = pos_of(s);
    return placing_tactics(&c, &p, empty_of(&p));
}

int moulin_squeeze(const MoulinState *s, int col)
{
    Ctx c = ctx_of(s, true);
    Pos p = pos_of(s);
    return squeeze(&c, &p, col, empty_of(&p));
}

int moulin_evaluate(const MoulinState *s, bool full)
{
    Ctx c = ctx_of(s, full);
    Pos p = pos_of(s);
    return evaluate(&c, &p);
}

/* ---- Easy: a shallow search, a random pick among the nearly best safe moves -------- */

static bool has_capture(const Ctx *c, const Pos *p)
{
    AbMove mv[MAX_MOVES];
    return gen(c, p, mv, true) > 0;
}

int moulin_score_root(const MoulinState *s, int depth, Action acts[RULES_MAX_ACTIONS],
                      int scores[RULES_MAX_ACTIONS])
{
    if (s->end != MOULIN_END_NONE || s->opening_left)
        return 0;
    /* Plain alpha-beta, simple evaluation, no table. */
    AbConfig cfg = {.max_depth = depth};
    Ctx c = ctx_of(s, false);
    Pos root = pos_of(s);
    AbMove mv[MAX_MOVES];
    int sc[MAX_MOVES];
    int n = ab_score_moves(&moulin_ab, &c, &root, s->hist, s->nhist, &cfg, depth, mv, sc), k = 0;
    for (int i = 0; i < n; i++) {
        int v = sc[i];
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
    Ctx cs = ctx_of(s, false), *c = &cs;
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
    int best = -AB_INF;
    for (int i = 0; i < n; i++)
        if ((safe[i] || !any_safe) && scores[i] > best)
            best = scores[i];
    /* Mostly within 60 (well under a piece) of the best, sometimes within 120. */
    int margin = rng_below(req->rng, 5) == 0 ? 120 : 60;
    Action cand[RULES_MAX_ACTIONS];
    int k = 0;
    for (int i = 0; i < n; i++)
        if ((safe[i] || !any_safe) && scores[i] >= best - margin && scores[i] > -AB_MATE_BOUND)
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

void moulin_hard_config_v1(MoulinSearchConfig *cfg)
{
    *cfg = (MoulinSearchConfig){
        .pvs = true,
        .killers_history = true,
        .quiescence = true,
        .full_eval = true,
        .tt_bits = 20,
        .contempt = 15,
    };
}

void moulin_hard_config_v2(MoulinSearchConfig *cfg)
{
    moulin_hard_config_v1(cfg);
    cfg->endgame = true;
    cfg->taper_eval = true;
    cfg->lmr = true;
    cfg->place_threats = true;
}

void moulin_hard_config_i40(MoulinSearchConfig *cfg)
{
    moulin_hard_config_v2(cfg);
    cfg->squeeze = 1;
    cfg->convert = true;
}

/* Issue 40's squeeze and edge terms are not shipped: against the Hard before them they scored
 * 0.463 (0.391 .. 0.534) over 107 games at 100 ms a move (docs/moulin-engine.md). */
void moulin_hard_config(MoulinSearchConfig *cfg)
{
    moulin_hard_config_v2(cfg);
}

Action moulin_hard_decide(const BotRequest *req)
{
    MoulinSearchConfig cfg;
    moulin_hard_config(&cfg);
    cfg.node_budget = req->iterations > 0 ? (uint64_t)req->iterations : 0;
    cfg.time_ms = req->time_ms;
    cfg.cancel = req->cancel;
    MoulinSearchResult r;
    moulin_search(req->view, &cfg, &r);
    return r.best;
}

Action moulin_hard_analyze(const BotRequest *req, Analysis *out)
{
    analysis_begin(out, &moulin_rules, req->view, req->seat, ANALYSIS_PIECES);
    if (out->n == 0)
        return -1;
    MoulinSearchConfig cfg;
    moulin_hard_config(&cfg);
    cfg.node_budget = req->iterations > 0 ? (uint64_t)req->iterations : 0;
    cfg.time_ms = req->time_ms;
    cfg.cancel = req->cancel;
    MoulinSearchResult r;
    search_impl(req->view, &cfg, &r, out);
    snprintf(out->line, sizeof out->line, "%s", r.pv);
    if (out->best_action != r.best)
        analysis_choose(out, r.best);
    return r.best;
}
