/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Bisca bots: Medium (the seed's "Analista de Flags") and Hard (information-set MCTS
 * with an exact endgame). Easy is the generic random bot. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/fileio.h"
#include "../../engine/ai/infer.h"
#include "bisca_bots.h"

/* ---- Medium: Analista de Flags ----------------------------------------------------------
 * The seed scans its hand (trumps, high cards of the led suit, low cards) and the table
 * (Aces, 7s, other point cards, the highest trump), then: trumps in when an Ace or a 7 is
 * on the table and its trump wins; takes with a high card of the led suit when there are
 * points on the table and it wins; otherwise throws its lowest card without points. The
 * seed ranked cards by face value (Ace lowest); here "high" and "wins" use the real order. */

static int legal_cards(const BotRequest *req, Card out[BI_MAX_HAND])
{
    Action acts[RULES_MAX_ACTIONS];
    int n = req->rules->legal_actions(req->view, acts);
    int k = 0;
    for (int i = 0; i < n && k < BI_MAX_HAND; i++)
        if (acts[i] >= BI_ACT_PLAY && acts[i] < BI_ACT_PLAY + 52)
            out[k++] = card_from_index(acts[i] - BI_ACT_PLAY);
    return k;
}

/* The lowest card without points (a trump only when nothing else will do); when every
 * card scores, the one worth least. */
static Card throw_low(const Card *cards, int n, int trump, bool pt)
{
    Card best = cards[0];
    int best_key = 1 << 30;
    for (int i = 0; i < n; i++) {
        Card c = cards[i];
        int key = bisca_card_points(c, pt) * 100 + (card_suit(c) == trump) * 20 +
                  bisca_card_strength(c, pt);
        if (key < best_key) {
            best_key = key;
            best = cards[i];
        }
    }
    return best;
}

Action bisca_flags_decide(const BotRequest *req)
{
    const BiscaState *s = req->view;
    Card cards[BI_MAX_HAND];
    int n = legal_cards(req, cards);
    if (n == 0)
        return -1;
    bool pt = s->portuguese;
    int trump = bisca_trump_suit(s);
    if (s->n_trick > 0) {
        Card best = s->trick[bisca_trick_best(s)];
        int led = card_suit(s->trick[0]);
        bool ace_or_seven = false;
        int table_points = 0;
        for (int i = 0; i < s->n_trick; i++) {
            int r = card_rank(s->trick[i]);
            ace_or_seven |= r == RANK_ACE || r == 7;
            table_points += bisca_card_points(s->trick[i], pt);
        }
        /* Trump in over an Ace or a 7, with the lowest trump that wins. */
        int pick = -1;
        if (ace_or_seven)
            for (int i = 0; i < n; i++)
                if (card_suit(cards[i]) == trump && bisca_beats(cards[i], best, trump, pt) &&
                    (pick < 0 ||
                     bisca_card_strength(cards[i], pt) < bisca_card_strength(cards[pick], pt)))
                    pick = i;
        /* Points on the table: take them with the highest card of the led suit if it wins. */
        if (pick < 0 && table_points > 0) {
            int high = -1;
            for (int i = 0; i < n; i++)
                if (card_suit(cards[i]) == led &&
                    (high < 0 ||
                     bisca_card_strength(cards[i], pt) > bisca_card_strength(cards[high], pt)))
                    high = i;
            if (high >= 0 && bisca_beats(cards[high], best, trump, pt))
                pick = high;
        }
        if (pick >= 0)
            return BI_ACT_PLAY + card_index(cards[pick]);
    }
    return BI_ACT_PLAY + card_index(throw_low(cards, n, trump, pt));
}

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

/* The stock is either an order (a determinization: stock[stock_pos..stock_end), the
 * trunfo last, drawn as the rules draw) or, for the exact search over the draws, a set:
 * `pool` holds its unknown cards, `left` counts its cards with the trunfo, and a trick that
 * ends with cards left sets `pending` for the search to deal the draws as chance. */
typedef struct {
    uint64_t hand[BI_MAX_SEATS];
    uint64_t pool;
    uint8_t stock[BI_DECK];
    uint8_t stock_pos, stock_end;
    uint8_t left, pending, trunfo;
    uint8_t trick[BI_MAX_SEATS];
    uint8_t n_trick, leader, n, trump, assist;
    int16_t pts[BI_TEAMS];
} Sim;

/* (a + b) % n for a, b < n: the searches' hot loops avoid the division. */
static inline int seat_add(int a, int b, int n) { return a + b >= n ? a + b - n : a + b; }
/* Bits set in a card mask (the compiler's builtin is a library call on plain x86-64). */
static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int sim_to_move(const Sim *s) { return seat_add(s->leader, s->n_trick, s->n); }
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
    if (!s->assist || s->stock_pos < s->stock_end || s->left || s->n_trick == 0)
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
    int best = sim_best(s), w = seat_add(s->leader, best, s->n), pts = 0;
    for (int i = 0; i < s->n; i++)
        pts += sc_points(s->trick[i]);
    s->pts[w & 1] = (int16_t)(s->pts[w & 1] + pts);
    s->n_trick = 0;
    s->leader = (uint8_t)w;
    if (s->stock_pos < s->stock_end)
        for (int i = 0; i < s->n; i++)
            s->hand[seat_add(w, i, s->n)] |= bit(s->stock[s->stock_pos++]);
    else if (s->left)
        s->pending = 1;
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
        cards += popcount64(s->hand[p]);
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
    int me, n, hs;
    bool pt, match;
    uint8_t pool[BI_DECK]; /* the unseen cards */
    int n_pool;
    uint64_t pool_mask;
    int hidden[BI_MAX_SEATS];
    int stock_unseen;    /* unseen cards still in the stock (the trunfo not counted) */
    bool trunfo_in_stock;
    int trunfo_sc, trunfo_holder;
    uint8_t marks[BI_TEAMS];
    /* The game so far, replayed from the view's public record (BiscaState.played): each
     * card played, by whom, where its trick began and the stock when it was played; and
     * when each seat's cards came to it (the deal at 0, a draw after the trick that ended
     * at play i at i + 1): a card that came at t was in the hand for the plays from t on. */
    bool hist_ok;
    int n_hist;
    uint8_t h_sc[BI_DECK], h_seat[BI_DECK], h_start[BI_DECK], h_stock[BI_DECK];
    uint8_t n_recv[BI_MAX_SEATS];
    uint8_t recv[BI_MAX_SEATS][BI_DECK];
    int trunfo_recv; /* which of the trunfo holder's receipts was the trunfo; -1 */
} Info;

static void info_history(const BiscaState *v, Info *in)
{
    int n = v->n, hs = v->hand_size, stock = BI_DECK - n * hs, leader = v->first_leader;
    int trump = in->base.trump;
    in->trunfo_recv = -1;
    in->n_hist = v->n_played;
    for (int p = 0; p < n; p++) {
        in->n_recv[p] = (uint8_t)hs;
        memset(in->recv[p], 0, (size_t)hs);
    }
    bool ok = v->n_played <= BI_DECK;
    for (int i = 0; ok && i < v->n_played; i++) {
        int pos = i % n, start = i - pos;
        in->h_sc[i] = (uint8_t)sc_of(v->played[i], in->pt);
        in->h_seat[i] = (uint8_t)((leader + pos) % n);
        in->h_start[i] = (uint8_t)start;
        in->h_stock[i] = (uint8_t)stock;
        if (pos < n - 1)
            continue;
        int best = start;
        for (int j = start + 1; j <= i; j++)
            if (sim_beats(in->h_sc[j], in->h_sc[best], trump))
                best = j;
        int w = in->h_seat[best];
        for (int k = 0; k < n && stock > 0; k++, stock--) {
            int d = (w + k) % n;
            if (stock == 1) {
                in->trunfo_recv = in->n_recv[d];
                ok &= d == v->trunfo_holder;
            }
            in->recv[d][in->n_recv[d]++] = (uint8_t)(i + 1);
        }
        leader = w;
    }
    /* The record must replay to the view; if not (a state from elsewhere), no inference. */
    in->hist_ok = ok && leader == v->leader && stock == v->stock &&
                  v->n_played % n == v->n_trick;
}

static void info_from_view(const BiscaState *v, int me, Info *in)
{
    memset(in, 0, sizeof *in);
    bool pt = v->portuguese;
    in->me = me;
    in->n = v->n;
    in->hs = v->hand_size;
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
    b->trunfo = (uint8_t)in->trunfo_sc;
    in->trunfo_holder = v->trunfo_holder;
    known |= bit(in->trunfo_sc);
    in->trunfo_in_stock = v->stock > 0;
    in->stock_unseen = v->stock - (in->trunfo_in_stock ? 1 : 0);
    b->left = v->stock; /* the legal plays know the stock is not gone; a search's world
                         * sets its own stock */
    for (int sc = 0; sc < BI_DECK; sc++)
        if (!(known & bit(sc))) {
            in->pool[in->n_pool++] = (uint8_t)sc;
            in->pool_mask |= bit(sc);
        }
    info_history(v, in);
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

/* A guess at the hidden hands: every seat's whole hand, the known cards included. The
 * stock is the rest of the unseen cards. */
typedef struct {
    uint64_t hand[BI_MAX_SEATS];
} Deal;

/* A determinization: the guessed hands and a random order of the rest of the stock. */
static void deal_to_sim(const Info *in, const Deal *d, Fast *f, Sim *out)
{
    *out = in->base;
    uint64_t rest = in->pool_mask;
    for (int p = 0; p < in->n; p++) {
        out->hand[p] = d->hand[p];
        rest &= ~d->hand[p];
    }
    int k = 0;
    while (rest) {
        out->stock[k++] = (uint8_t)__builtin_ctzll(rest);
        rest &= rest - 1;
    }
    for (int i = k - 1; i > 0; i--) {
        int j = (int)fast_below(f, (uint32_t)i + 1);
        uint8_t t = out->stock[i];
        out->stock[i] = out->stock[j];
        out->stock[j] = t;
    }
    out->stock_pos = 0;
    out->stock_end = (uint8_t)k;
    out->left = 0;
    if (in->trunfo_in_stock)
        out->stock[out->stock_end++] = (uint8_t)in->trunfo_sc;
}

/* The same for the exact search: the stock a set, its draws chance. */
static void deal_to_exact(const Info *in, const Deal *d, Sim *out)
{
    *out = in->base;
    uint64_t rest = in->pool_mask;
    for (int p = 0; p < in->n; p++) {
        out->hand[p] = d->hand[p];
        rest &= ~d->hand[p];
    }
    out->pool = rest;
    out->left = (uint8_t)(in->stock_unseen + (in->trunfo_in_stock ? 1 : 0));
}

/* A uniform determinization (no inference): the unseen cards shuffled into the hidden
 * hands and the stock. */
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
    out->left = 0;
    while (k < in->n_pool)
        out->stock[out->stock_end++] = pool[k++];
    if (in->trunfo_in_stock)
        out->stock[out->stock_end++] = (uint8_t)in->trunfo_sc;
}

static void sim_from_state(const BiscaState *s, Sim *out)
{
    Info in;
    info_from_view(s, 0, &in);
    *out = in.base;
}

int bisca_solve(const BiscaState *s)
{
    if (s->phase != BI_PHASE_PLAY || s->stock != 0)
        return -1;
    Sim sim;
    sim_from_state(s, &sim);
    int v;
    return solve_best(&sim, &v) < 0 ? -1 : v;
}

Action bisca_solve_move(const BiscaState *s)
{
    if (s->phase != BI_PHASE_PLAY || s->stock != 0)
        return -1;
    Sim sim;
    sim_from_state(s, &sim);
    int sc = solve_best(&sim, NULL);
    return sc < 0 ? -1 : BI_ACT_PLAY + card_index(card_of(sc, s->portuguese));
}

/* ---- Hard's settings ------------------------------------------------------------------ */

const BiscaHardParams bisca_hard_defaults = {
    .explore = 0.6,
    .noise = 16,
    .opp_noise = 1,
    .points_weight = 0.2,
    .temper = 1.0,
    .temper_4p = 0.0,
    .model_beta = 1.0,
    .model_eps = 0.1,
    .particles = 400,
    .exact_stock_2p = 0,
    .exact_deals_4p = 0,
    .sight = 0,
    .pimc = 0,
    .pimc_depth = 2,
    .pimc_exact = 3,
    .pimc_hold = 1.0,
    .pimc_roll = 0,
};

/* The inference's temper for a table of n players. */
static double temper_of(const BiscaHardParams *P, int n) { return n == 4 ? P->temper_4p : P->temper; }

/* Team 0's result in [0, 1] for a game that ends with p0 and p1 points. */
static double outcome_pts(const Info *in, const BiscaHardParams *P, int p0, int p1)
{
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
    return (1 - P->points_weight) * wl + P->points_weight * p0 / (double)BI_TOTAL_POINTS;
}

/* ---- Inference: a model of the other seats' play ------------------------------------------
 * The likelihood of a play is a softmax over the legal cards of a linear score of a few
 * features of the card in its trick (its points and strength, trump or not, whether it
 * wins the trick and what that is worth, whether the partner holds the trick...), mixed
 * with uniform play (model_eps). The weights were fitted by maximum likelihood to the
 * plays of strong bots (bench_bisca --fit: Hard as it was at 6fac2b1 playing itself),
 * one set for 2 players and one for 4. */

static void play_features(int n, int trump, const uint8_t *trick, int n_trick, int stock, int x,
                          double *f)
{
    int str = x % 10, px = sc_points(x);
    bool is_trump = x / 10 == trump, lead = n_trick == 0;
    memset(f, 0, sizeof(double) * BISCA_MODEL_FEATURES);
    f[0] = px / 10.0;
    f[1] = is_trump;
    f[2] = str / 9.0;
    f[15] = is_trump * str / 9.0;
    f[16] = stock == 0 && is_trump;
    if (lead) {
        f[3] = px / 10.0;
        f[4] = is_trump;
        f[5] = str / 9.0;
        return;
    }
    int bi = 0, table = 0;
    for (int i = 0; i < n_trick; i++) {
        table += sc_points(trick[i]);
        if (i && sim_beats(trick[i], trick[bi], trump))
            bi = i;
    }
    bool partner = (n_trick - bi) % 2 == 0, last = n_trick == n - 1;
    bool beats = sim_beats(x, trick[bi], trump);
    f[6] = beats;
    f[7] = beats * table / 10.0;
    f[8] = beats && is_trump && trick[0] / 10 != trump;
    f[9] = beats && last;
    f[10] = partner && beats;
    f[11] = partner * px / 10.0;
    f[12] = partner && last ? px / 10.0 : 0;
    f[13] = !beats * px / 10.0;
    f[14] = beats * px / 10.0;
    f[17] = x / 10 == trick[0] / 10;
}

static const double model_theta[2][BISCA_MODEL_FEATURES] = {
    /* 2 players (15,200 plays; -0.753 a play) */
    {-1.629, -2.840, 0.058, -0.191, 2.704, 0.551, 1.151, 3.577, 0.135, 1.151, 0, 0, 0, -3.295,
     1.868, -0.648, -0.832, -0.087},
    /* 4 players (14,400 plays; -0.833 a play) */
    {-1.234, -1.175, 0.283, -0.334, 0.861, 1.134, 1.881, 2.477, -0.219, -0.641, -2.777, 1.029,
     2.953, -0.923, 0.023, -1.589, 0.342, -0.096},
};

static double play_score(const Info *in, const uint8_t *trick, int n_trick, int stock, int x)
{
    double f[BISCA_MODEL_FEATURES], s = 0;
    play_features(in->n, in->base.trump, trick, n_trick, stock, x, f);
    const double *th = model_theta[in->n == 4];
    for (int i = 0; i < BISCA_MODEL_FEATURES; i++)
        s += th[i] * f[i];
    return s;
}

int bisca_model_features(const BiscaState *s, Action *acts, double (*f)[BISCA_MODEL_FEATURES])
{
    Action a[RULES_MAX_ACTIONS];
    int n = bisca_rules.legal_actions(s, a);
    bool pt = s->portuguese;
    uint8_t trick[BI_MAX_SEATS];
    for (int i = 0; i < s->n_trick; i++)
        trick[i] = (uint8_t)sc_of(s->trick[i], pt);
    for (int i = 0; i < n; i++) {
        acts[i] = a[i];
        play_features(s->n, bisca_trump_suit(s), trick, s->n_trick, s->stock,
                      sc_of(card_from_index(a[i] - BI_ACT_PLAY), pt), f[i]);
    }
    return n;
}

/* log P(x | hand, trick) for a seat that holds `hand`; -INFINITY when the rules forbid x. */
static double model_logp(const Info *in, const BiscaHardParams *P, const uint8_t *trick,
                         int n_trick, int stock, uint64_t hand, int x)
{
    uint64_t legal = hand;
    if (in->base.assist && stock == 0 && n_trick > 0) {
        int led = trick[0];
        uint64_t follow = hand & SUIT_BITS << (led / 10 * 10);
        if (follow) {
            uint64_t beat = follow & ~((bit(led) << 1) - 1);
            legal = beat ? beat : follow;
        }
    }
    if (!(legal & bit(x)))
        return -INFINITY;
    int nl = popcount64(legal);
    if (nl == 1)
        return 0;
    double sc[BI_MAX_HAND * 2], top = -1e300, sx = 0;
    int k = 0;
    for (uint64_t m = legal; m && k < BI_MAX_HAND * 2; m &= m - 1, k++) {
        int c = __builtin_ctzll(m);
        sc[k] = P->model_beta * play_score(in, trick, n_trick, stock, c);
        if (c == x)
            sx = sc[k];
        if (sc[k] > top)
            top = sc[k];
    }
    double z = 0;
    for (int i = 0; i < k; i++)
        z += exp(sc[i] - top);
    double p = (1 - P->model_eps) * exp(sx - top) / z + P->model_eps / nl;
    return log(p);
}

typedef struct {
    const Info *in;
    const BiscaHardParams *P;
} InferCtx;

static bool deal_propose(void *user, Rng *rng, void *out)
{
    const Info *in = ((const InferCtx *)user)->in;
    Deal *d = out;
    uint8_t pool[BI_DECK];
    memcpy(pool, in->pool, (size_t)in->n_pool);
    int k = 0;
    for (int p = 0; p < in->n; p++) {
        d->hand[p] = in->base.hand[p];
        for (int i = 0; i < in->hidden[p]; i++, k++) {
            int j = k + (int)rng_below(rng, (uint32_t)(in->n_pool - k));
            uint8_t t = pool[k];
            pool[k] = pool[j];
            pool[j] = t;
            d->hand[p] |= bit(pool[k]);
        }
    }
    for (int p = in->n; p < BI_MAX_SEATS; p++)
        d->hand[p] = 0;
    return true;
}

/* The likelihood of the other seats' plays with the hands of `guess`. Which of a seat's
 * draws brought which card is drawn at random among the orders the record allows (every
 * one as likely a priori), so the hand each play was chosen from is known. */
static double deal_loglik(void *user, const void *guess, Rng *rng)
{
    const InferCtx *c = user;
    const Info *in = c->in;
    const Deal *d = guess;
    double ll = 0;
    for (int s = 0; s < in->n; s++) {
        if (s == in->me)
            continue;
        int plays[BI_DECK], np = 0;
        for (int i = 0; i < in->n_hist; i++)
            if (in->h_seat[i] == s)
                plays[np++] = i;
        if (np == 0)
            continue;
        uint8_t card[BI_DECK], rt[BI_DECK], when[BI_DECK];
        bool used[BI_DECK] = {false};
        int nc = 0, nr = in->n_recv[s];
        int tr = s == in->trunfo_holder ? in->trunfo_recv : -1;
        for (int k = 0; k < np; k++) {
            int j = plays[k], x = in->h_sc[j], r = -1;
            if (tr >= 0 && x == in->trunfo_sc) {
                r = tr;
            } else {
                int avail[BI_DECK], na = 0;
                for (int q = 0; q < nr; q++)
                    if (!used[q] && q != tr && in->recv[s][q] <= j)
                        avail[na++] = q;
                if (!na)
                    return -INFINITY;
                r = avail[rng_below(rng, (uint32_t)na)];
            }
            used[r] = true;
            card[nc] = (uint8_t)x;
            rt[nc] = in->recv[s][r];
            when[nc++] = (uint8_t)j;
        }
        int rest[BI_DECK], nrest = 0;
        for (int q = 0; q < nr; q++)
            if (!used[q] && q != tr)
                rest[nrest++] = q;
        for (uint64_t m = d->hand[s]; m; m &= m - 1) {
            int x = __builtin_ctzll(m), r;
            if (tr >= 0 && x == in->trunfo_sc) {
                r = tr;
            } else {
                if (!nrest)
                    return -INFINITY;
                int k = (int)rng_below(rng, (uint32_t)nrest);
                r = rest[k];
                rest[k] = rest[--nrest];
            }
            card[nc] = (uint8_t)x;
            rt[nc] = in->recv[s][r];
            when[nc++] = 255;
        }
        for (int k = 0; k < np; k++) {
            int j = plays[k];
            uint64_t hand = 0;
            for (int i = 0; i < nc; i++)
                if (rt[i] <= j && when[i] >= j)
                    hand |= bit(card[i]);
            ll += model_logp(in, c->P, &in->h_sc[in->h_start[j]], j - in->h_start[j],
                             in->h_stock[j], hand, in->h_sc[j]);
            if (ll == -INFINITY)
                return ll;
        }
    }
    return ll;
}

static const InferModel bisca_infer = {sizeof(Deal), deal_propose, deal_loglik};

/* Every way to give the unseen cards to the hidden hands (the rest to the stock), when
 * there are at most `limit`: returns their number, or -1 (nothing listed) when more. */
static double count_deals(const Info *in)
{
    double c = 1;
    int left = in->n_pool;
    for (int p = 0; p < in->n; p++)
        for (int i = 0; i < in->hidden[p]; i++, left--)
            c = c * left / (i + 1);
    return c;
}

static void list_rec(const Info *in, Particles *ps, Deal *d, int p, uint64_t avail, int need,
                     int from)
{
    while (p < in->n && need == 0) {
        p++;
        if (p < in->n) {
            need = in->hidden[p];
            from = 0;
        }
    }
    if (p >= in->n) {
        Deal *g = particles_add(ps);
        if (g)
            *g = *d;
        return;
    }
    for (int i = from; i < in->n_pool; i++) {
        int sc = in->pool[i];
        if (!(avail & bit(sc)))
            continue;
        if (in->n_pool - i < need)
            break;
        d->hand[p] |= bit(sc);
        list_rec(in, ps, d, p, avail & ~bit(sc), need - 1, i + 1);
        d->hand[p] &= ~bit(sc);
    }
}

static int list_deals(const Info *in, Particles *ps, int limit)
{
    if (count_deals(in) > limit)
        return -1;
    particles_clear(ps);
    Deal d;
    memset(&d, 0, sizeof d);
    for (int p = 0; p < in->n; p++)
        d.hand[p] = in->base.hand[p];
    list_rec(in, ps, &d, 0, in->pool_mask, in->hidden[0], 0);
    return ps->n;
}

/* ---- Exact play over the possible deals ------------------------------------------------
 * When little is hidden, each possible deal is searched exactly: alpha-beta over the
 * plays, the draws still to come as chance nodes (their average), and the exact points
 * search once the stock is gone. The value is team 0's expected result in [0, 1] (a win,
 * a draw or a loss, and the points; in match mode the marks), the same objective as the
 * playouts'; with the stock gone the best play for the points is the best for the result,
 * which only grows with them. A root move's value is the average over the deals, weighted
 * by the inference. */

static double xsolve(const Info *in, const BiscaHardParams *P, const Sim *s, double alpha,
                     double beta, Memo *m);

static double draw_rec(const Info *in, const BiscaHardParams *P, Sim *t, int k, Memo *m)
{
    if (k == t->n)
        return xsolve(in, P, t, -1, 2, m);
    int seat = (t->leader + k) % t->n;
    if (t->left == 1) {
        Sim u = *t;
        u.hand[seat] |= bit(u.trunfo);
        u.left = 0;
        return draw_rec(in, P, &u, k + 1, m);
    }
    double sum = 0;
    int cnt = 0;
    for (uint64_t pool = t->pool; pool; pool &= pool - 1) {
        int c = __builtin_ctzll(pool);
        Sim u = *t;
        u.hand[seat] |= bit(c);
        u.pool &= ~bit(c);
        u.left--;
        sum += draw_rec(in, P, &u, k + 1, m);
        cnt++;
    }
    return cnt ? sum / cnt : 0;
}

static double xsolve(const Info *in, const BiscaHardParams *P, const Sim *s, double alpha,
                     double beta, Memo *m)
{
    if (s->pending) {
        Sim t = *s;
        t.pending = 0;
        return draw_rec(in, P, &t, 0, m);
    }
    if (!s->left) {
        int v = solve_ab(s, -1, BI_TOTAL_POINTS + 1, m);
        int p0 = s->pts[0] + v;
        return outcome_pts(in, P, p0, BI_TOTAL_POINTS - p0);
    }
    int team = sim_to_move(s) & 1;
    uint8_t moves[BI_MAX_HAND];
    int n = ordered_moves(s, moves);
    double best = team == 0 ? -1 : 2;
    for (int i = 0; i < n && alpha < beta; i++) {
        Sim t = *s;
        sim_play(&t, moves[i]);
        double v = xsolve(in, P, &t, alpha, beta, m);
        if (team == 0 ? v > best : v < best)
            best = v;
        if (team == 0 && best > alpha)
            alpha = best;
        if (team == 1 && best < beta)
            beta = best;
    }
    return best;
}

/* The value of each root move (for the seat to move's team) averaged over the deals in
 * `ds` by their weights. Returns false when the budget ended it first; val[] then holds
 * the average over the deals searched (none: all 0). */
static bool exact_over_deals(const Info *in, const BiscaHardParams *P, const Particles *ds,
                             const uint8_t *moves, int nm, double *val, const BotBudget *b)
{
    Memo m;
    memo_open(&m, 18); /* without a table the search is slower, never wrong */
    int team = sim_to_move(&in->base) & 1;
    double wsum = 0;
    bool done = true;
    for (int i = 0; i < nm; i++)
        val[i] = 0;
    for (int d = 0; d < ds->n; d++) {
        if (ds->w[d] <= 0)
            continue;
        if ((d & 7) == 7 && b->deadline_ns && bot_budget_over(b, 0)) {
            done = false;
            break;
        }
        Sim s;
        deal_to_exact(in, particle_at(ds, d), &s);
        for (int i = 0; i < nm; i++) {
            Sim t = s;
            sim_play(&t, moves[i]);
            double u = xsolve(in, P, &t, -1, 2, &m);
            val[i] += ds->w[d] * (team == 0 ? u : 1 - u);
        }
        wsum += ds->w[d];
    }
    if (wsum > 0)
        for (int i = 0; i < nm; i++)
            val[i] /= wsum;
    free(m.e);
    return done;
}

#define BISCA_EXACT_UNSEEN_4P 9

/* The deals the exact search plays from this view, weighed: all of them when they are few
 * enough, else a sample (4 players). False when the exact search does not apply here. */
static bool exact_deals(const Info *in, const BiscaHardParams *P, Rng *rng, bool infer,
                        Particles *ps)
{
    InferCtx ctx = {in, P};
    bool ok = false;
    if (in->n == 2 && (in->stock_unseen + (in->trunfo_in_stock ? 1 : 0) <= P->exact_stock_2p ||
                       !in->trunfo_in_stock))
        ok = list_deals(in, ps, 1000) > 0;
    /* 4 players: once at most 9 cards are unseen (the last three tricks of a game of
     * 3-card hands, 1,680 deals; with 7 or 9 cards a hand, its last three tricks too):
     * before that the deals are too many and each too long to search. */
    if (in->n == 4 && !in->trunfo_in_stock && P->exact_deals_4p > 0 &&
        in->n_pool <= BISCA_EXACT_UNSEEN_4P) {
        ok = list_deals(in, ps, P->exact_deals_4p) > 0;
        if (!ok)
            ok = infer_sample(&bisca_infer, &ctx, rng, P->exact_deals_4p, 0, ps) > 0;
    }
    /* In a random order: a search the clock stops early has searched a fair sample. */
    if (ok) {
        Deal t;
        for (int i = ps->n - 1; i > 0; i--) {
            int j = (int)rng_below(rng, (uint32_t)i + 1);
            t = *(Deal *)particle_at(ps, i);
            *(Deal *)particle_at(ps, i) = *(Deal *)particle_at(ps, j);
            *(Deal *)particle_at(ps, j) = t;
        }
    }
    if (ok)
        infer_weigh(&bisca_infer, &ctx, rng, infer ? temper_of(P, in->n) : 0, ps);
    return ok;
}

int bisca_exact_values(const BiscaState *view, int seat, const BiscaHardParams *params, Rng *rng,
                       Action *acts, double *values)
{
    if (view->phase != BI_PHASE_PLAY || bisca_to_move(view) != seat)
        return -1;
    Info *in = malloc(sizeof *in);
    if (!in)
        return -1;
    info_from_view(view, seat, in);
    Particles ps;
    particles_init(&ps, sizeof(Deal));
    int nm = -1;
    bool infer = temper_of(params, in->n) > 0 && in->hist_ok && in->n_hist > 0;
    if (exact_deals(in, params, rng, infer, &ps)) {
        uint8_t moves[BI_MAX_HAND];
        BotBudget b = {0, 0, NULL};
        nm = ordered_moves(&in->base, moves);
        exact_over_deals(in, params, &ps, moves, nm, values, &b);
        for (int i = 0; i < nm; i++)
            acts[i] = BI_ACT_PLAY + card_index(card_of(moves[i], in->pt));
    }
    particles_free(&ps);
    free(in);
    return nm;
}

int bisca_hand_beliefs(const BiscaState *view, int seat, const BiscaHardParams *params, Rng *rng,
                       double prob[BI_MAX_SEATS][52])
{
    memset(prob, 0, sizeof(double) * BI_MAX_SEATS * 52);
    Info *in = malloc(sizeof *in);
    if (!in)
        return -1;
    info_from_view(view, seat, in);
    Particles ps;
    particles_init(&ps, sizeof(Deal));
    InferCtx ctx = {in, params};
    bool infer = temper_of(params, in->n) > 0 && in->hist_ok && in->n_hist > 0;
    int n = infer_sample(&bisca_infer, &ctx, rng, params->particles, infer ? temper_of(params, in->n) : 0,
                         &ps);
    for (int i = 0; i < n; i++) {
        const Deal *d = particle_at(&ps, i);
        for (int p = 0; p < in->n; p++)
            for (uint64_t m = d->hand[p]; m; m &= m - 1)
                prob[p][card_index(card_of(__builtin_ctzll(m), in->pt))] += ps.w[i];
    }
    int ess = (int)ps.ess;
    particles_free(&ps);
    free(in);
    return ess;
}

/* ---- Hard: information-set MCTS --------------------------------------------------------- */

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

/* Whether a seat of the other team still to play in this trick (after seat p) holds a card
 * that beats `top`: the playouts see the whole determinization, as the exact search does. */
static bool later_beats(const Sim *s, int p, int top)
{
    for (int k = s->n_trick + 1; k < s->n; k++) {
        int q = seat_add(s->leader, k, s->n);
        if ((q & 1) == (p & 1))
            continue;
        for (uint64_t m = s->hand[q]; m; m &= m - 1)
            if (sim_beats(__builtin_ctzll(m), top, s->trump))
                return true;
    }
    return false;
}

static int policy(const Sim *s, Fast *f, int team, const BiscaHardParams *P)
{
    int p = sim_to_move(s);
    uint64_t moves = sim_legal(s, p);
    if (fast_below(f, (uint32_t)((p & 1) == team ? P->noise : P->opp_noise)) == 0) {
        int k = (int)fast_below(f, (uint32_t)popcount64(moves));
        while (k--)
            moves &= moves - 1;
        return __builtin_ctzll(moves);
    }
    if (s->n_trick == 0)
        return cheap_pick(moves, s->trump, f);
    int bi = sim_best(s), best = s->trick[bi];
    int owner = seat_add(s->leader, bi, s->n);
    bool last = s->n_trick == s->n - 1;
    int table = 0;
    for (int i = 0; i < s->n_trick; i++)
        table += sc_points(s->trick[i]);
    if ((owner & 1) == (p & 1)) {
        /* The partner holds the trick: add points when last (or, with `sight`, when no one
         * of the other team still to play can take it), else keep cheap. */
        if (last || (P->sight && !later_beats(s, p, best))) {
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
    if (P->sight && !last) {
        /* With `sight`: a winning card counts only if the rest of the trick cannot retake it. */
        if (win_plain >= 0 && later_beats(s, p, win_plain))
            win_plain = -1;
        if (win_trump >= 0 && later_beats(s, p, win_trump))
            win_trump = -1;
    }
    if (win_plain >= 0 && (last || table + sc_points(win_plain) >= 4))
        return win_plain;
    if (win_trump >= 0 && table >= 10 - (sc_points(win_trump) ? 0 : 6))
        return win_trump;
    return cheap_pick(moves, s->trump, f);
}

/* The tree: a node per sequence of plays from the root, its children found through a hash
 * of (node, card) and a mask of the cards it has children for, so choosing among the
 * plays available in a deal touches those children only (an opponent's node has a child
 * for every card it might hold; walking them all was most of the time). */
typedef struct {
    uint64_t kids;  /* the cards this node has a child for */
    uint32_t visits, avail;
    float reward;   /* the sum of results for the team of `player` */
    uint8_t sc, player;
} TNode;

typedef struct {
    TNode *t;
    int n, cap;
    uint32_t *key; /* node * 64 + card + 1; 0 = empty */
    int32_t *val;
    uint32_t hmask;
} Tree;

#define HARD_MAX_PATH 64
#define HARD_MAX_NODES (1 << 21) /* the tree stops growing there (64 MB with the hash) */

static bool tree_init(Tree *tr)
{
    tr->cap = 4096;
    tr->n = 1;
    tr->t = malloc(sizeof *tr->t * (size_t)tr->cap);
    tr->hmask = 2u * (uint32_t)tr->cap - 1;
    tr->key = calloc(tr->hmask + 1, sizeof *tr->key);
    tr->val = malloc(sizeof *tr->val * (tr->hmask + 1));
    if (!tr->t || !tr->key || !tr->val)
        return false;
    tr->t[0] = (TNode){0, 0, 0, 0, 0, 0};
    return true;
}

static void tree_free(Tree *tr)
{
    free(tr->t);
    free(tr->key);
    free(tr->val);
}

static inline uint32_t tree_slot(uint32_t key) { return key * 0x9E3779B1u; }

static int tree_child(const Tree *tr, int node, int sc)
{
    uint32_t key = (uint32_t)node * 64 + (uint32_t)sc + 1;
    for (uint32_t i = tree_slot(key) & tr->hmask;; i = (i + 1) & tr->hmask) {
        if (tr->key[i] == key)
            return tr->val[i];
        if (!tr->key[i])
            return -1;
    }
}

static void tree_put(Tree *tr, uint32_t key, int32_t val)
{
    uint32_t i = tree_slot(key) & tr->hmask;
    while (tr->key[i])
        i = (i + 1) & tr->hmask;
    tr->key[i] = key;
    tr->val[i] = val;
}

/* A new child of `node` for card `sc`, played by `player`; -1 when the tree is full. */
static int tree_add(Tree *tr, int node, int sc, int player)
{
    if (tr->n == tr->cap) {
        if (tr->cap >= HARD_MAX_NODES)
            return -1;
        int cap = tr->cap * 2;
        TNode *t = realloc(tr->t, sizeof *t * (size_t)cap);
        uint32_t hsize = 2u * (uint32_t)cap;
        uint32_t *key = calloc(hsize, sizeof *key);
        int32_t *val = malloc(sizeof *val * hsize);
        if (t)
            tr->t = t;
        if (!t || !key || !val) {
            free(key);
            free(val);
            return -1;
        }
        uint32_t *ok = tr->key;
        int32_t *ov = tr->val;
        uint32_t old = tr->hmask + 1;
        tr->key = key;
        tr->val = val;
        tr->hmask = hsize - 1;
        for (uint32_t i = 0; i < old; i++)
            if (ok[i])
                tree_put(tr, ok[i], ov[i]);
        free(ok);
        free(ov);
        tr->cap = cap;
    }
    int c = tr->n++;
    tr->t[c] = (TNode){0, 0, 1, 0, (uint8_t)sc, (uint8_t)player};
    tr->t[node].kids |= bit(sc);
    tree_put(tr, (uint32_t)node * 64 + (uint32_t)sc + 1, c);
    return c;
}

/* log(n) for the exploration term: a table for the counts most nodes have. */
#define LOG_TABLE 4096
static float log_table[LOG_TABLE];
static pthread_once_t log_once = PTHREAD_ONCE_INIT;

static void log_fill(void)
{
    for (int i = 1; i < LOG_TABLE; i++)
        log_table[i] = (float)log((double)i);
}

static inline double log_of(uint32_t n) { return n < LOG_TABLE ? log_table[n] : log((double)n); }

static int mcts(const Info *in, const BiscaHardParams *P, const Particles *ps, Fast *f,
                const BotBudget *b, Analysis *an)
{
    pthread_once(&log_once, log_fill);
    Tree tr;
    if (!tree_init(&tr)) {
        tree_free(&tr);
        return -1;
    }
    int path[HARD_MAX_PATH];
    int team_me = in->me & 1;
    for (long it = 0;; it++) {
        if ((it & 63) == 0 && it > 0 && bot_budget_over(b, it))
            break;
        if (b->iterations > 0 && it >= b->iterations)
            break;
        Sim s;
        if (ps && ps->n > 0) {
            double u = (fast_below(f, 1u << 30) + 0.5) / (double)(1u << 30);
            deal_to_sim(in, particle_at(ps, particles_pick(ps, u)), f, &s);
        } else {
            determinize(in, f, &s);
        }
        int node = 0, depth = 0;
        path[depth++] = 0;
        /* Selection and expansion. */
        while (!sim_over(&s) && depth < HARD_MAX_PATH) {
            int p = sim_to_move(&s);
            uint64_t moves = sim_legal(&s, p);
            uint64_t tried = moves & tr.t[node].kids, untried = moves & ~tried;
            if (untried) {
                int k = (int)fast_below(f, (uint32_t)popcount64(untried));
                while (k--)
                    untried &= untried - 1;
                int sc = __builtin_ctzll(untried);
                int c = tree_add(&tr, node, sc, p);
                if (c >= 0) {
                    sim_play(&s, sc);
                    path[depth++] = c;
                    break;
                }
                if (!tried)
                    break; /* the tree is full: play out from here */
            }
            int best = -1;
            double best_score = -1e300;
            for (uint64_t m = tried; m; m &= m - 1) {
                int c = tree_child(&tr, node, __builtin_ctzll(m));
                TNode *x = &tr.t[c];
                x->avail++;
                double score = x->reward / x->visits +
                               P->explore * sqrt(log_of(x->avail) / x->visits);
                if (score > best_score) {
                    best_score = score;
                    best = c;
                }
            }
            if (best < 0)
                break;
            sim_play(&s, tr.t[best].sc);
            node = best;
            path[depth++] = node;
        }
        /* Playout. */
        while (!sim_over(&s))
            sim_play(&s, policy(&s, f, team_me, P));
        double r0 = outcome_pts(in, P, s.pts[0], s.pts[1]);
        for (int i = 0; i < depth; i++) {
            TNode *x = &tr.t[path[i]];
            x->visits++;
            x->reward += (float)((x->player & 1) == 0 ? r0 : 1 - r0);
        }
    }
    int best_sc = -1;
    uint32_t most = 0;
    for (uint64_t m = tr.t[0].kids; m; m &= m - 1) {
        int sc = __builtin_ctzll(m);
        TNode *x = &tr.t[tree_child(&tr, 0, sc)];
        if (x->visits > most) {
            most = x->visits;
            best_sc = sc;
        }
        /* The analysis: each root card's visits and mean result (in [0, 1]). */
        AnalysisItem *y =
            an && x->visits ? analysis_item(an, BI_ACT_PLAY + card_index(card_of(sc, in->pt)))
                            : NULL;
        if (y) {
            double v = x->reward / x->visits;
            y->valued = true;
            y->value = v;
            y->stderr_ = sqrt(v * (1 - v) / x->visits);
            y->visits = (int)x->visits;
            an->samples += x->visits;
        }
    }
    tree_free(&tr);
    return best_sc;
}

/* ---- Hard with 4 players: determinized search (PIMC) ------------------------------------
 * Each sampled world (every hidden hand and the stock's order, drawn as the IS-MCTS draws
 * them) is a two-team game of perfect information; it is searched by alpha-beta, both
 * teams playing their best (so the partner plays what is best for the team in that world),
 * and each root card gets its average over the worlds. While the stock lasts the search
 * stops after pimc_depth tricks and evaluates the position: the points each team took and
 * what the cards each still holds are worth; once the stock is gone and few tricks remain,
 * each world is solved to its end and valued as the IS-MCTS values a game's result. */

/* What a held card is worth to its team, in points, while the game goes on: a trump keeps
 * its own points (only a higher trump takes them) and can take a trick; any other card's
 * points are at risk (to a trump, to a higher card of its suit), counted at half. Chosen
 * from the game's arithmetic, not fitted. */
static double pimc_held(int sc, int trump)
{
    return sc / 10 == trump ? sc_points(sc) + 1 + 0.5 * (sc % 10) : 0.5 * sc_points(sc);
}

/* The evaluation for team 0, in points, of a position at a trick's start. */
static double pimc_eval(const Sim *s, double hold)
{
    double v = s->pts[0] - s->pts[1];
    if (hold > 0)
        for (int p = 0; p < s->n; p++)
            for (uint64_t m = s->hand[p]; m; m &= m - 1) {
                double h = hold * pimc_held(__builtin_ctzll(m), s->trump);
                v += (p & 1) == 0 ? h : -h;
            }
    return v;
}

/* How pimc_ab values its leaves: by pimc_eval, or (rolls > 0) by the mean result of that
 * many playouts of the IS-MCTS's playout policy to the game's end, in the same world. */
typedef struct {
    const Info *in;
    const BiscaHardParams *P;
    Fast *f;
    int team; /* the deciding seat's team (the playouts' noise is relative to it) */
    long nodes;
} PimcCtx;

static double pimc_leaf(const Sim *s, PimcCtx *c)
{
    int rolls = c->P->pimc_roll;
    if (rolls <= 0 || sim_over(s))
        return pimc_eval(s, c->P->pimc_hold);
    double r = 0;
    for (int k = 0; k < rolls; k++) {
        Sim t = *s;
        while (!sim_over(&t))
            sim_play(&t, policy(&t, c->f, c->team, c->P));
        r += outcome_pts(c->in, c->P, t.pts[0], t.pts[1]);
    }
    /* On the points' scale of pimc_eval: the result in [0, 1] as 0.5 + d / 240. */
    return (r / rolls - 0.5) * 2.0 * BI_TOTAL_POINTS;
}

/* Alpha-beta in one world to `tricks` trick ends (or the game's end), for team 0. */
static double pimc_ab(const Sim *s, int tricks, double alpha, double beta, PimcCtx *c)
{
    if (sim_over(s) || tricks == 0)
        return pimc_leaf(s, c);
    c->nodes++;
    int team = sim_to_move(s) & 1;
    uint8_t moves[BI_MAX_HAND];
    int n = ordered_moves(s, moves);
    double best = team == 0 ? -1e9 : 1e9;
    for (int i = 0; i < n && alpha < beta; i++) {
        Sim t = *s;
        sim_play(&t, moves[i]);
        double v = pimc_ab(&t, tricks - (t.n_trick == 0), alpha, beta, c);
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
    return best;
}

/* Tricks left in the game from the view (the one being played counts). */
static int tricks_left(const Info *in)
{
    int cards = in->stock_unseen + (in->trunfo_in_stock ? 1 : 0) + in->base.n_trick;
    for (int p = 0; p < in->n; p++)
        cards += in->hidden[p] + popcount64(in->base.hand[p]);
    return (cards + in->n - 1) / in->n;
}

/* The card chosen by the determinized search; -1 if none. Values (for the seat's team, in
 * [0, 1]) go to `an` when given. */
static int pimc(const Info *in, const BiscaHardParams *P, const Particles *ps, Fast *f,
                const BotBudget *b, Analysis *an)
{
    uint8_t moves[BI_MAX_HAND];
    int nm = ordered_moves(&in->base, moves);
    if (nm <= 0)
        return -1;
    int team = in->me & 1;
    bool exact = in->stock_unseen == 0 && !in->trunfo_in_stock &&
                 tricks_left(in) <= P->pimc_exact;
    Memo m = {0};
    if (exact)
        memo_open(&m, 4 * BI_MAX_HAND); /* the stock gone, a position is its hands: the
                                         * table serves every world */
    double sum[BI_MAX_HAND] = {0};
    PimcCtx ctx = {in, P, f, team, 0};
    int worlds = 0;
    int want = P->pimc > 0 ? P->pimc : 1;
    /* Replayable (no clock): `want` worlds. By its clock alone: as many as it allows. */
    bool by_clock = b->deadline_ns && b->iterations == 0;
    for (;;) {
        if (worlds > 0 && bot_budget_over(b, 0))
            break; /* the clock or the cancel flag */
        if ((!by_clock && worlds >= want) || worlds >= 100000)
            break;
        Sim w;
        if (ps && ps->n > 0) {
            double u = (fast_below(f, 1u << 30) + 0.5) / (double)(1u << 30);
            deal_to_sim(in, particle_at(ps, particles_pick(ps, u)), f, &w);
        } else {
            determinize(in, f, &w);
        }
        for (int i = 0; i < nm; i++) {
            Sim t = w;
            sim_play(&t, moves[i]);
            double r0;
            if (exact) {
                int v = sim_over(&t) ? 0 : solve_ab(&t, -1, BI_TOTAL_POINTS + 1, &m);
                int p0 = t.pts[0] + v;
                r0 = outcome_pts(in, P, p0, BI_TOTAL_POINTS - p0);
            } else {
                double d = pimc_ab(&t, P->pimc_depth - (t.n_trick == 0), -1e9, 1e9, &ctx);
                r0 = 0.5 + d / (2.0 * BI_TOTAL_POINTS); /* points to [0, 1] for the analysis */
            }
            sum[i] += team == 0 ? r0 : 1 - r0;
        }
        worlds++;
    }
    free(m.e);
    int bi = 0; /* the first of the best, in the search's order */
    for (int i = 1; i < nm; i++)
        if (sum[i] > sum[bi] + 1e-9)
            bi = i;
    if (an) {
        an->exact = false;
        an->samples = worlds;
        for (int i = 0; i < nm; i++) {
            AnalysisItem *x =
                analysis_item(an, BI_ACT_PLAY + card_index(card_of(moves[i], in->pt)));
            if (x) {
                x->valued = true;
                x->value = sum[i] / worlds;
                x->visits = worlds;
            }
        }
    }
    return moves[bi];
}

/* The analysis of a root with nothing hidden: each card's exact result for the seat's team
 * (every remaining point goes to someone, so the solved points give the final score). */
static void hard_exact_values(const Info *in, const BiscaHardParams *P, const Sim *s,
                              Analysis *an)
{
    int team = sim_to_move(s) & 1;
    uint64_t moves = sim_legal(s, sim_to_move(s));
    an->exact = true;
    while (moves) {
        int sc = __builtin_ctzll(moves);
        moves &= moves - 1;
        Sim t = *s;
        sim_play(&t, sc);
        int v = 0;
        if (!sim_over(&t) && solve_best(&t, &v) < 0)
            continue;
        int p0 = t.pts[0] + v;
        double r0 = outcome_pts(in, P, p0, BI_TOTAL_POINTS - p0);
        AnalysisItem *x = analysis_item(an, BI_ACT_PLAY + card_index(card_of(sc, in->pt)));
        if (x) {
            x->valued = true;
            x->value = team == 0 ? r0 : 1 - r0;
        }
    }
}

/* The analysis of the exact search over the possible deals: each card's weighted mean. */
static void hard_deal_values(const Info *in, const uint8_t *moves, const double *val, int nm,
                             int deals, Analysis *an)
{
    an->samples = deals;
    for (int i = 0; i < nm; i++) {
        AnalysisItem *x = analysis_item(an, BI_ACT_PLAY + card_index(card_of(moves[i], in->pt)));
        if (x) {
            x->valued = true;
            x->value = val[i];
            x->visits = deals;
        }
    }
}

/* ---- Hard: the decision ------------------------------------------------------------------ */

/* Hard's search; with `an`, also each card's value (analysis.h). */
static Action hard_run(const BotRequest *req, const BiscaHardParams *P, Analysis *an)
{
    const BiscaState *v = req->view;
    Action acts[RULES_MAX_ACTIONS];
    int n_acts = req->rules->legal_actions(v, acts);
    if (an)
        analysis_begin(an, req->rules, v, req->seat, ANALYSIS_UTILITY);
    if (n_acts <= 0)
        return -1;
    if (n_acts == 1)
        return acts[0];
    /* The clock runs from here: the inference and the searches all count against it. */
    BotBudget b;
    bot_budget_start(&b, req, 10000);
    Info *in = malloc(sizeof *in);
    if (!in)
        return bisca_flags_decide(req);
    info_from_view(v, req->seat, in);
    Fast f = {rng_next(req->rng) | 1};
    int sc = -1;
    if (info_complete(in)) {
        Sim s;
        determinize(in, &f, &s); /* deals the one hidden hand, all of it known */
        sc = solve_best(&s, NULL);
        if (an && sc >= 0)
            hard_exact_values(in, P, &s, an);
    }
    Particles ps;
    particles_init(&ps, sizeof(Deal));
    InferCtx ctx = {in, P};
    bool infer = temper_of(P, in->n) > 0 && in->hist_ok && in->n_hist > 0;
    /* Little hidden: the exact search over the possible deals. */
    if (sc < 0 && exact_deals(in, P, req->rng, infer, &ps)) {
        uint8_t moves[BI_MAX_HAND];
        int nm = ordered_moves(&in->base, moves);
        double val[BI_MAX_HAND];
        exact_over_deals(in, P, &ps, moves, nm, val, &b);
        if (an)
            hard_deal_values(in, moves, val, nm, ps.n, an);
        int bi = 0; /* the first of the best, in the search's order */
        for (int i = 1; i < nm; i++)
            if (val[i] > val[bi] + 1e-9)
                bi = i;
        sc = nm > 0 ? moves[bi] : -1;
    }
    if (sc < 0) {
        if (infer)
            infer_sample(&bisca_infer, &ctx, req->rng, P->particles, temper_of(P, in->n), &ps);
        sc = in->n == 4 && P->pimc > 0 ? pimc(in, P, infer ? &ps : NULL, &f, &b, an)
                                       : mcts(in, P, infer ? &ps : NULL, &f, &b, an);
    }
    particles_free(&ps);
    bool pt = in->pt;
    free(in);
    if (sc < 0)
        return bisca_flags_decide(req);
    return BI_ACT_PLAY + card_index(card_of(sc, pt));
}

Action bisca_hard_decide_with(const BotRequest *req, const BiscaHardParams *P)
{
    return hard_run(req, P, NULL);
}

Action bisca_hard_decide(const BotRequest *req)
{
    return hard_run(req, &bisca_hard_defaults, NULL);
}

Action bisca_hard_analyze(const BotRequest *req, Analysis *out)
{
    return hard_run(req, &bisca_hard_defaults, out);
}
