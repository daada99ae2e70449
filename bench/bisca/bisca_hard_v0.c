/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bisca Hard as it was at commit 6fac2b1 (issue 26's baseline, "today's Hard"), frozen
 * here so the bench can play the new Hard against it in one process. Not part of the app:
 * only bench_bisca links it. The public solver entry points of that version are dropped;
 * everything else is the code of that commit, its names made static or prefixed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/fileio.h"
#include "games/bisca/bisca_bots.h"
#include "bisca_hard_v0.h"

/* ---- A compact game for the searches ----------------------------------------------------
 * A card is c = suit * 10 + strength (0 = the 2 .. 9 = the Ace), so within a suit a higher
 * number beats a lower one and points depend on the strength only, with either scoring. */

static const int8_t sim_points[10] = {0, 0, 0, 0, 0, 2, 3, 4, 10, 11};
static const uint8_t rank_of_std[10] = {2, 3, 4, 5, 6, RANK_JACK, RANK_QUEEN, RANK_KING, 7, 1};
static const uint8_t rank_of_pt[10] = {2, 3, 4, 5, 6, RANK_QUEEN, RANK_JACK, RANK_KING, 7, 1};
#define SUIT_BITS 0x3FFULL

static inline int sc_of(Card c, bool pt) { return card_suit(c) * 10 + bisca_card_strength(c, pt); }
static inline Card card_of(int sc, bool pt)
{
    return card_make((pt ? rank_of_pt : rank_of_std)[sc % 10], sc / 10);
}
static inline int sc_points(int sc) { return sim_points[sc % 10]; }
static inline uint64_t bit(int sc) { return 1ULL << sc; }

typedef struct {
    uint64_t hand[BI_MAX_SEATS];
    uint8_t stock[BI_DECK]; /* the draw order of one determinization; the trunfo last */
    uint8_t stock_pos, stock_end;
    uint8_t trick[BI_MAX_SEATS];
    uint8_t n_trick, leader, n, trump, assist;
    int16_t pts[BI_TEAMS];
} Sim;

static inline int sim_to_move(const Sim *s) { return (s->leader + s->n_trick) % s->n; }
static inline bool sim_over(const Sim *s) { return s->n_trick == 0 && !s->hand[s->leader]; }

static inline bool sim_beats(int b, int a, int trump)
{
    return b / 10 == a / 10 ? b > a : b / 10 == trump;
}

static int sim_best(const Sim *s)
{
    int best = 0;
    for (int i = 1; i < s->n_trick; i++)
        if (sim_beats(s->trick[i], s->trick[best], s->trump))
            best = i;
    return best;
}

static uint64_t sim_legal(const Sim *s, int p)
{
    uint64_t h = s->hand[p];
    if (!s->assist || s->stock_pos < s->stock_end || s->n_trick == 0)
        return h;
    int led = s->trick[0];
    uint64_t follow = h & SUIT_BITS << (led / 10 * 10);
    if (!follow)
        return h;
    uint64_t beat = follow & ~((bit(led) << 1) - 1);
    return beat ? beat : follow;
}

static void sim_play(Sim *s, int sc)
{
    int p = sim_to_move(s);
    s->hand[p] &= ~bit(sc);
    s->trick[s->n_trick++] = (uint8_t)sc;
    if (s->n_trick < s->n)
        return;
    int best = sim_best(s), w = (s->leader + best) % s->n, pts = 0;
    for (int i = 0; i < s->n; i++)
        pts += sc_points(s->trick[i]);
    s->pts[w & 1] = (int16_t)(s->pts[w & 1] + pts);
    s->n_trick = 0;
    s->leader = (uint8_t)w;
    if (s->stock_pos < s->stock_end)
        for (int i = 0; i < s->n; i++)
            s->hand[(w + i) % s->n] |= bit(s->stock[s->stock_pos++]);
}

/* ---- Exact search -------------------------------------------------------------------------
 * With every hand known and the stock empty, the rest of the game is a two-team game of
 * perfect information. Its value is the points team 0 still wins; the result (and the
 * marks) only grow with it, so the best move for the points is the best for the result.
 * Alpha-beta over the cards, with the positions at trick starts remembered with their
 * bounds. */

enum { MEMO_EXACT, MEMO_LOWER, MEMO_UPPER };

typedef struct {
    uint64_t h[BI_MAX_SEATS];
    uint32_t tail; /* leader, trick size and trick cards; 0 = empty slot */
    int16_t value;
    uint8_t flag;
} MemoEntry;

typedef struct {
    MemoEntry *e;
    uint32_t mask, used;
    long nodes;
} Memo;

static uint32_t memo_tail(const Sim *s)
{
    uint32_t t = 1u | (uint32_t)s->leader << 1 | (uint32_t)s->n_trick << 3;
    for (int i = 0; i < s->n_trick && i < 3; i++)
        t |= (uint32_t)s->trick[i] << (6 + 6 * i);
    return t;
}

static uint32_t memo_hash(const Sim *s, uint32_t tail)
{
    uint64_t x = tail;
    for (int p = 0; p < s->n; p++)
        x = (x ^ s->hand[p]) * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 29;
    return (uint32_t)(x >> 32);
}

/* The moves of the seat to move, the promising first: taking the trick (with the most
 * points on it), then giving away the least. */
static int ordered_moves(const Sim *s, uint8_t out[BI_MAX_HAND])
{
    int p = sim_to_move(s), n = 0, key[BI_MAX_HAND];
    uint64_t moves = sim_legal(s, p);
    int best = s->n_trick ? s->trick[sim_best(s)] : -1, table = 0;
    for (int i = 0; i < s->n_trick; i++)
        table += sc_points(s->trick[i]);
    while (moves && n < BI_MAX_HAND) {
        int sc = __builtin_ctzll(moves);
        moves &= moves - 1;
        int k = best < 0 ? -sc_points(sc) * 4 - (sc / 10 == s->trump) * 20 - sc % 10
                : sim_beats(sc, best, s->trump) ? 200 + table + sc_points(sc) - (sc / 10 == s->trump) * 5
                                                : -sc_points(sc) * 4 - sc % 10;
        int j = n++;
        while (j > 0 && key[j - 1] < k) {
            key[j] = key[j - 1];
            out[j] = out[j - 1];
            j--;
        }
        key[j] = k;
        out[j] = (uint8_t)sc;
    }
    return n;
}

/* Points team 0 wins from here (the cards on the table included), searched in the window
 * (alpha, beta): a result <= alpha is an upper bound, >= beta a lower bound. */
static int solve_ab(const Sim *s, int alpha, int beta, Memo *m)
{
    if (sim_over(s))
        return 0;
    m->nodes++;
    uint32_t tail = memo_tail(s);
    MemoEntry *slot = NULL;
    bool remember = m->e && s->n_trick < s->n - 1;
    if (remember) {
        uint32_t i = memo_hash(s, tail) & m->mask;
        for (;;) {
            MemoEntry *e = &m->e[i];
            if (!e->tail) {
                slot = m->used < m->mask / 4 * 3 ? e : NULL;
                break;
            }
            if (e->tail == tail && !memcmp(e->h, s->hand, sizeof e->h)) {
                slot = e;
                if (e->flag == MEMO_EXACT)
                    return e->value;
                if (e->flag == MEMO_LOWER && e->value > alpha)
                    alpha = e->value;
                if (e->flag == MEMO_UPPER && e->value < beta)
                    beta = e->value;
                if (alpha >= beta)
                    return e->value;
                break;
            }
            i = (i + 1) & m->mask;
        }
    }
    int a0 = alpha, b0 = beta;
    int team = sim_to_move(s) & 1, before = s->pts[0];
    uint8_t moves[BI_MAX_HAND];
    int n = ordered_moves(s, moves);
    int best = team == 0 ? -1 : 1000;
    for (int i = 0; i < n && alpha < beta; i++) {
        Sim t = *s;
        sim_play(&t, moves[i]);
        int g = t.pts[0] - before;
        int v = g + solve_ab(&t, alpha - g, beta - g, m);
        if (team == 0) {
            if (v > best)
                best = v;
            if (best > alpha)
                alpha = best;
        } else {
            if (v < best)
                best = v;
            if (best < beta)
                beta = best;
        }
    }
    if (slot) {
        if (!slot->tail)
            m->used++;
        memcpy(slot->h, s->hand, sizeof slot->h);
        slot->tail = tail;
        slot->value = (int16_t)best;
        slot->flag = best <= a0 ? MEMO_UPPER : best >= b0 ? MEMO_LOWER : MEMO_EXACT;
    }
    return best;
}

static bool memo_open(Memo *m, int cards)
{
    /* Room for the positions at trick starts of the largest case (2 x 9 cards: 48,620);
     * once the table is 3/4 full, new positions are no longer remembered. */
    uint32_t size = cards <= 8 ? 1u << 10 : cards <= 12 ? 1u << 14 : 1u << 17;
    m->e = calloc(size, sizeof *m->e);
    m->mask = size - 1;
    m->used = 0;
    m->nodes = 0;
    return m->e != NULL;
}

/* Exact best move for the seat to move; *value gets team 0's points from here. */
static int solve_best(const Sim *s, int *value)
{
    int cards = 0;
    for (int p = 0; p < s->n; p++)
        cards += __builtin_popcountll(s->hand[p]);
    Memo m;
    memo_open(&m, cards); /* without a table the search is slower, never wrong */
    int team = sim_to_move(s) & 1, best_sc = -1, best = 0;
    int alpha = -1, beta = BI_TOTAL_POINTS + 1;
    uint8_t moves[BI_MAX_HAND];
    int n = ordered_moves(s, moves);
    for (int i = 0; i < n; i++) {
        Sim t = *s;
        sim_play(&t, moves[i]);
        int g = t.pts[0] - s->pts[0];
        int v = g + solve_ab(&t, alpha - g, beta - g, &m);
        if (best_sc < 0 || (team == 0 ? v > best : v < best)) {
            best = v;
            best_sc = moves[i];
            if (team == 0)
                alpha = v;
            else
                beta = v;
        }
    }
    free(m.e);
    if (value)
        *value = best;
    return best_sc;
}

/* ---- From a view to the search's world ---------------------------------------------- */

typedef struct {
    Sim base;            /* known cards; hidden hands empty; stock not filled */
    int me, n;
    bool pt;
    uint8_t pool[BI_DECK]; /* the unseen cards */
    int n_pool;
    int hidden[BI_MAX_SEATS];
    int stock_unseen;    /* unseen cards still in the stock (the trunfo not counted) */
    bool trunfo_in_stock;
    int trunfo_sc;
    uint8_t marks[BI_TEAMS];
    bool match;
} Info;

static void info_from_view(const BiscaState *v, int me, Info *in)
{
    memset(in, 0, sizeof *in);
    bool pt = v->portuguese;
    in->me = me;
    in->n = v->n;
    in->pt = pt;
    in->match = v->match;
    memcpy(in->marks, v->marks, sizeof in->marks);
    Sim *b = &in->base;
    b->n = v->n;
    b->trump = (uint8_t)bisca_trump_suit(v);
    b->assist = v->assist;
    b->leader = v->leader;
    b->n_trick = v->n_trick;
    for (int i = 0; i < v->n_trick; i++)
        b->trick[i] = (uint8_t)sc_of(v->trick[i], pt);
    b->pts[0] = v->points[0];
    b->pts[1] = v->points[1];
    uint64_t known = 0;
    for (int p = 0; p < v->n; p++)
        for (int i = 0; i < v->n_hand[p]; i++) {
            Card c = v->hand[p][i];
            if (c == CARD_HIDDEN) {
                in->hidden[p]++;
            } else {
                b->hand[p] |= bit(sc_of(c, pt));
                known |= bit(sc_of(c, pt));
            }
        }
    for (int i = 0; i < v->n_trick; i++)
        known |= bit(sc_of(v->trick[i], pt));
    for (int t = 0; t < BI_TEAMS; t++)
        for (int i = 0; i < v->n_pile[t]; i++)
            known |= bit(sc_of(v->pile[t][i], pt));
    in->trunfo_sc = sc_of(v->trunfo, pt);
    known |= bit(in->trunfo_sc);
    in->trunfo_in_stock = v->stock > 0;
    in->stock_unseen = v->stock - (in->trunfo_in_stock ? 1 : 0);
    for (int sc = 0; sc < BI_DECK; sc++)
        if (!(known & bit(sc)))
            in->pool[in->n_pool++] = (uint8_t)sc;
}

/* Is every card's place known (nothing left to guess)? */
static bool info_complete(const Info *in)
{
    int seats = 0;
    for (int p = 0; p < in->n; p++)
        seats += in->hidden[p] > 0;
    return in->stock_unseen == 0 && seats <= 1;
}

/* A small fast generator for the searches, seeded from the request's. */
typedef struct {
    uint64_t s;
} Fast;
static inline uint32_t fast_below(Fast *f, uint32_t n)
{
    f->s ^= f->s << 13;
    f->s ^= f->s >> 7;
    f->s ^= f->s << 17;
    return (uint32_t)(((f->s >> 32) * (uint64_t)n) >> 32);
}

static void determinize(const Info *in, Fast *f, Sim *out)
{
    *out = in->base;
    uint8_t pool[BI_DECK];
    memcpy(pool, in->pool, (size_t)in->n_pool);
    for (int i = in->n_pool - 1; i > 0; i--) {
        int j = (int)fast_below(f, (uint32_t)i + 1);
        uint8_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    int k = 0;
    for (int p = 0; p < in->n; p++)
        for (int i = 0; i < in->hidden[p]; i++)
            out->hand[p] |= bit(pool[k++]);
    out->stock_pos = 0;
    out->stock_end = 0;
    while (k < in->n_pool)
        out->stock[out->stock_end++] = pool[k++];
    if (in->trunfo_in_stock)
        out->stock[out->stock_end++] = (uint8_t)in->trunfo_sc;
}

/* ---- Hard: information-set MCTS --------------------------------------------------------- */

#define V0_EXPLORE 0.6       /* UCB exploration, for results in [0, 1] */
#define V0_NOISE 16          /* the playout policy plays at random once in this many moves
                                * of the bot's team */
#define V0_OPP_NOISE 1       /* the same for the other team: 1 = always at random */
#define V0_POINTS_WEIGHT 0.2 /* the share of the points in a playout's result */

/* The playout policy: cheap greedy play with a little noise. */
static int cheap_pick(uint64_t moves, int trump, Fast *f)
{
    int best = -1, best_key = 1 << 30;
    while (moves) {
        int sc = __builtin_ctzll(moves);
        moves &= moves - 1;
        int key = sc_points(sc) * 64 + (sc / 10 == trump) * 32 + (sc % 10) * 2 +
                  (int)fast_below(f, 2);
        if (key < best_key) {
            best_key = key;
            best = sc;
        }
    }
    return best;
}

static int policy(const Sim *s, Fast *f, int team)
{
    int p = sim_to_move(s);
    uint64_t moves = sim_legal(s, p);
    if (fast_below(f, (p & 1) == team ? V0_NOISE : V0_OPP_NOISE) == 0) {
        int k = (int)fast_below(f, (uint32_t)__builtin_popcountll(moves));
        while (k--)
            moves &= moves - 1;
        return __builtin_ctzll(moves);
    }
    if (s->n_trick == 0)
        return cheap_pick(moves, s->trump, f);
    int bi = sim_best(s), best = s->trick[bi];
    int owner = (s->leader + bi) % s->n;
    bool last = s->n_trick == s->n - 1;
    int table = 0;
    for (int i = 0; i < s->n_trick; i++)
        table += sc_points(s->trick[i]);
    if ((owner & 1) == (p & 1)) {
        /* The partner holds the trick: add points when last, else keep cheap. */
        if (last) {
            uint64_t m = moves, plain = 0;
            while (m) {
                int sc = __builtin_ctzll(m);
                m &= m - 1;
                if (sc / 10 != s->trump && sc_points(sc) > 0)
                    plain |= bit(sc);
            }
            int top = -1;
            while (plain) {
                int sc = __builtin_ctzll(plain);
                plain &= plain - 1;
                if (top < 0 || sc % 10 > top % 10)
                    top = sc;
            }
            if (top >= 0)
                return top;
        }
        return cheap_pick(moves, s->trump, f);
    }
    /* An opponent holds it: win it when it is worth it. */
    int led = s->trick[0] / 10;
    int win_plain = -1, win_trump = -1;
    uint64_t m = moves;
    while (m) {
        int sc = __builtin_ctzll(m);
        m &= m - 1;
        if (!sim_beats(sc, best, s->trump))
            continue;
        if (sc / 10 == s->trump && led != s->trump) {
            if (win_trump < 0 || sc < win_trump)
                win_trump = sc;
        } else if (win_plain < 0 || (last ? sc > win_plain : sc < win_plain)) {
            win_plain = sc; /* last: the biggest (its points come home), else the cheapest */
        }
    }
    if (win_plain >= 0 && (last || table + sc_points(win_plain) >= 4))
        return win_plain;
    if (win_trump >= 0 && table >= 10 - (sc_points(win_trump) ? 0 : 6))
        return win_trump;
    return cheap_pick(moves, s->trump, f);
}

/* Team 0's result in [0, 1] for a finished playout. */
static double outcome(const Info *in, const Sim *s)
{
    int p0 = s->pts[0], p1 = s->pts[1];
    double wl;
    if (!in->match) {
        wl = p0 > 60 ? 1 : p1 > 60 ? 0 : 0.5;
    } else {
        int g0 = bisca_marks_for(p0), g1 = bisca_marks_for(p1);
        int r0 = BI_MARKS_TO_WIN - in->marks[0], r1 = BI_MARKS_TO_WIN - in->marks[1];
        g0 = g0 > r0 ? r0 : g0;
        g1 = g1 > r1 ? r1 : g1;
        wl = 0.5 + (g0 - g1) / 8.0;
        if (g0 >= r0 && g0 > 0)
            wl = 1;
        if (g1 >= r1 && g1 > 0)
            wl = 0;
    }
    return (1 - V0_POINTS_WEIGHT) * wl + V0_POINTS_WEIGHT * p0 / (double)BI_TOTAL_POINTS;
}

typedef struct {
    int32_t first_child, next_sibling;
    uint32_t visits, avail;
    float reward; /* the sum of results for the team of `player` */
    uint8_t sc, player;
} TNode;

#define V0_MAX_PATH 64

Action bisca_hard_v0_decide(const BotRequest *req)
{
    const BiscaState *v = req->view;
    Action acts[RULES_MAX_ACTIONS];
    int n_acts = req->rules->legal_actions(v, acts);
    if (n_acts <= 0)
        return -1;
    if (n_acts == 1)
        return acts[0];
    Info in;
    info_from_view(v, req->seat, &in);
    if (info_complete(&in)) {
        Fast f = {rng_next(req->rng) | 1};
        Sim s;
        determinize(&in, &f, &s); /* deals the one hidden hand, all of it known */
        int sc = solve_best(&s, NULL);
        if (sc >= 0)
            return BI_ACT_PLAY + card_index(card_of(sc, in.pt));
    }

    int iterations = req->iterations > 0 ? req->iterations : 10000;
    long long deadline = req->time_ms > 0 ? clock_now_ns() + req->time_ms * 1000000LL : 0;
    TNode *t = malloc(sizeof *t * ((size_t)iterations + 1));
    if (!t)
        return bisca_flags_decide(req);
    int n_nodes = 1;
    t[0] = (TNode){-1, -1, 0, 0, 0, 0, 0};
    Fast f = {rng_next(req->rng) | 1};
    int path[V0_MAX_PATH];

    for (int it = 0; it < iterations; it++) {
        if ((it & 127) == 127) {
            if (deadline && clock_now_ns() > deadline)
                break;
            if (req->cancel && atomic_load(req->cancel))
                break;
        }
        Sim s;
        determinize(&in, &f, &s);
        int node = 0, depth = 0;
        path[depth++] = 0;
        /* Selection and expansion. */
        while (!sim_over(&s) && depth < V0_MAX_PATH) {
            int p = sim_to_move(&s);
            uint64_t moves = sim_legal(&s, p), tried = 0;
            int best = -1;
            double best_score = -1e300;
            for (int c = t[node].first_child; c >= 0; c = t[c].next_sibling) {
                if (!(moves & bit(t[c].sc)))
                    continue;
                tried |= bit(t[c].sc);
                TNode *x = &t[c];
                x->avail++;
                double score = x->reward / x->visits +
                               V0_EXPLORE * sqrt(log((double)x->avail) / x->visits);
                if (score > best_score) {
                    best_score = score;
                    best = c;
                }
            }
            uint64_t untried = moves & ~tried;
            if (untried && n_nodes <= iterations) {
                int k = (int)fast_below(&f, (uint32_t)__builtin_popcountll(untried));
                while (k--)
                    untried &= untried - 1;
                int sc = __builtin_ctzll(untried);
                int c = n_nodes++;
                t[c] = (TNode){-1, t[node].first_child, 0, 1, 0, (uint8_t)sc, (uint8_t)p};
                t[node].first_child = c;
                sim_play(&s, sc);
                path[depth++] = c;
                break;
            }
            if (best < 0)
                break;
            sim_play(&s, t[best].sc);
            node = best;
            path[depth++] = node;
        }
        /* Playout. */
        while (!sim_over(&s))
            sim_play(&s, policy(&s, &f, in.me & 1));
        double r0 = outcome(&in, &s);
        for (int i = 0; i < depth; i++) {
            TNode *x = &t[path[i]];
            x->visits++;
            x->reward += (float)((x->player & 1) == 0 ? r0 : 1 - r0);
        }
    }

    int best_sc = -1;
    uint32_t most = 0;
    for (int c = t[0].first_child; c >= 0; c = t[c].next_sibling)
        if (t[c].visits > most) {
            most = t[c].visits;
            best_sc = t[c].sc;
        }
    free(t);
    if (best_sc < 0)
        return acts[0];
    return BI_ACT_PLAY + card_index(card_of(best_sc, in.pt));
}
