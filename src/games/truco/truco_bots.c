/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Truco bots: Easy (the seed's machine player), Medium (exact probabilities over the
 * unseen cards) and Hard (determinized search over the rest of the hand). Every bot
 * decides from the view of its seat; the search deals the unseen cards itself. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/fileio.h"
#include "../../engine/ai/infer.h"
#include "truco_bots.h"
#include "truco_cfr.h"

/* ---- What a seat knows --------------------------------------------------------------- */

/* The cards `seat` has not seen: the deck less the vira, the face-up cards on the table and
 * the cards it may look at (its own, unless blind; its partner's in their mão de onze).
 * Works on a view or on a full state alike. */
static int unseen_pool(const TrucoState *s, int seat, Card pool[TR_DECK])
{
    bool seen[52] = {false};
    if (truco_in_deck(s, s->vira))
        seen[card_index(s->vira)] = true;
    for (int p = 0; p < s->num_players; p++) {
        bool own = truco_sees_hand(s, seat, p);
        for (int i = 0; i < TR_HAND; i++)
            if (own && truco_card_valid(s->hand[p][i]))
                seen[card_index(s->hand[p][i])] = true;
        for (int r = 0; r < TR_RODADAS; r++) {
            Card c = s->table[r][p];
            bool down = (s->down[r] >> p) & 1;
            if (truco_card_valid(c) && (!down || own))
                seen[card_index(c)] = true;
        }
    }
    int n = 0;
    for (int i = 0; i < 52; i++)
        if (!seen[i] && truco_in_deck(s, card_from_index(i)))
            pool[n++] = card_from_index(i);
    return n;
}

/* ---- A compact model of the rest of the hand ------------------------------------------ *
 * Only strengths matter once the cards are dealt: 0..13 face up, -1 face down. The model
 * keeps every seat's cards (2 or 4 seats, teams seat % 2) and measures the hand for team
 * `us`. */

#define SIM_NONE (-9)

typedef struct {
    int8_t c[TR_MAX_SEATS][TR_HAND]; /* ascending */
    uint8_t n[TR_MAX_SEATS];
    uint8_t np;              /* seats */
    uint8_t us;              /* the team whose chances are measured */
    int8_t res[TR_RODADAS];  /* +1 team us won, -1 the other team, 0 tied */
    uint8_t rodada;          /* rodadas finished */
    uint8_t leader;          /* seat leading the current rodada */
    uint8_t n_table;         /* cards on the table in the current rodada */
    int8_t table[TR_MAX_SEATS]; /* their strengths, in play order */
    uint8_t tie_lead;        /* TrucoTieLead: who leads after a tied rodada */
    uint8_t mao;             /* the hand's mão */
} Sim;

static void sim_add(Sim *x, int seat, int v)
{
    int i = x->n[seat]++;
    while (i > 0 && x->c[seat][i - 1] > v) {
        x->c[seat][i] = x->c[seat][i - 1];
        i--;
    }
    x->c[seat][i] = (int8_t)v;
}

static inline int sim_to_move(const Sim *x) { return (x->leader + x->n_table) % x->np; }

/* +1 team us wins the hand, -1 the other, 0 nobody, 2 still open (RULES.md §1 tie rules). */
int truco_hand_outcome(const int8_t *r, int played)
{
    if (played < 2)
        return 2;
    int a = r[0], b = r[1];
    if (a != 0 && a == b)
        return a;
    if (a == 0 && b != 0)
        return b;
    if (a != 0 && b == 0)
        return a;
    if (played < 3)
        return 2;
    return r[2] != 0 ? r[2] : a;
}

/* The rodada on the table so far: the strongest card, and who holds it: +1 team us, -1 the
 * other, 0 tied; with the seat that leads next (the first of the strongest card, or after a
 * tie the seat the table's tie rule names). */
static int sim_best(const Sim *x, int *owner, int *next)
{
    int best = -2, first = -1, tier = -1;
    for (int k = 0; k < x->n_table; k++) {
        int p = (x->leader + k) % x->np, v = x->table[k];
        if (v > best) {
            best = v;
            first = p;
            tier = -1;
        } else if (v == best && tier < 0 && (p & 1) != (first & 1)) {
            tier = p;
        }
    }
    *owner = tier >= 0 ? 0 : (first & 1) == x->us ? 1 : -1;
    *next = tier < 0 || x->tie_lead == TR_TIE_FIRST ? first
            : x->tie_lead == TR_TIE_MAO             ? x->mao
                                                    : tier;
    return best;
}

/* The simple card policy every seat follows in the model: lead the highest card; later,
 * play low when the partner holds the rodada; else take it with the lowest card that does
 * (a tie when a tie is enough), else tie when a tie still helps, else throw the lowest. */
static int sim_choose(const Sim *x, int seat)
{
    int n = x->n[seat];
    const int8_t *c = x->c[seat];
    if (x->n_table == 0)
        return n - 1;
    int owner, next;
    int t = sim_best(x, &owner, &next), me = (seat & 1) == x->us ? 1 : -1;
    (void)next;
    if (owner == me)
        return 0; /* the partner holds it */
    bool tie_wins = false, tie_helps = true;
    if (x->rodada >= 1) {
        int a = x->res[0]; /* rodada 2: a tie gives the 1st's winner; rodada 3 the same */
        tie_wins = a == me;
        tie_helps = a != -me;
    }
    for (int i = 0; i < n; i++)
        if (c[i] > t || (tie_wins && c[i] == t))
            return i;
    if (tie_helps)
        for (int i = 0; i < n; i++)
            if (c[i] == t)
                return i;
    return 0;
}

static void sim_play(Sim *x, int idx)
{
    int seat = sim_to_move(x), v = x->c[seat][idx];
    for (int i = idx; i + 1 < x->n[seat]; i++)
        x->c[seat][i] = x->c[seat][i + 1];
    x->n[seat]--;
    x->table[x->n_table++] = (int8_t)v;
    if (x->n_table < x->np)
        return;
    int owner, next;
    sim_best(x, &owner, &next);
    x->res[x->rodada++] = (int8_t)owner;
    x->leader = (uint8_t)next;
    x->n_table = 0;
}

static int sim_run(Sim *x)
{
    for (;;) {
        int r = truco_hand_outcome(x->res, x->rodada);
        if (r != 2)
            return r;
        int seat = sim_to_move(x);
        if (x->n[seat] == 0 || x->rodada >= TR_RODADAS)
            return 0; /* cannot happen in a consistent state */
        sim_play(x, sim_choose(x, seat));
    }
}

/* The model of `s` from `seat`'s side: the cards it can see in hands (truco_sees_hand;
 * seat -1: every card of a full state), the rodadas, the cards on the table. unknown[p]
 * counts the cards of seat p's hand that are not known. */
static void sim_from_state_team(const TrucoState *s, int seat, int team, Sim *x,
                                int unknown[TR_MAX_SEATS])
{
    memset(x, 0, sizeof *x);
    int np = s->num_players;
    x->np = (uint8_t)np;
    x->us = (uint8_t)team;
    x->tie_lead = s->opt_tie_lead;
    x->mao = (uint8_t)(s->mao >= 0 ? s->mao : 0);
    for (int p = 0; p < np; p++) {
        unknown[p] = 0;
        for (int i = 0; i < TR_HAND; i++) {
            Card c = s->hand[p][i];
            if (c == CARD_NONE)
                continue;
            if (truco_card_valid(c) && (seat < 0 || truco_sees_hand(s, seat, p)))
                sim_add(x, p, truco_card_strength(s, c));
            else
                unknown[p]++;
        }
    }
    for (int r = 0; r < s->rodada && r < TR_RODADAS; r++)
        x->res[r] = (int8_t)(s->result[r] == TR_RES_TIE ? 0 : s->result[r] == team ? 1 : -1);
    x->rodada = s->rodada;
    x->leader = (uint8_t)s->leader;
    int r = s->rodada;
    for (int k = 0; k < s->n_table && r < TR_RODADAS; k++) {
        int p = (s->leader + k) % np;
        x->table[k] = (int8_t)((s->down[r] >> p) & 1 ? -1 : truco_card_strength(s, s->table[r][p]));
    }
    x->n_table = s->n_table;
}

static void sim_from_state(const TrucoState *s, int seat, Sim *x, int unknown[TR_MAX_SEATS])
{
    sim_from_state_team(s, seat, truco_team(seat), x, unknown);
}

/* The hand's result for team x->us (+1, -1, 0 nobody) when every seat plays its cards
 * face up knowing every card (alpha-beta over the cards left; distinct strengths only, as
 * equal strengths play alike). */
static int sim_minimax(const Sim *x, int alpha, int beta)
{
    int r = truco_hand_outcome(x->res, x->rodada);
    if (r != 2)
        return r;
    int seat = sim_to_move(x);
    if (x->n[seat] == 0 || x->rodada >= TR_RODADAS)
        return 0;
    bool ours = (seat & 1) == x->us;
    int best = ours ? -2 : 2;
    for (int i = 0; i < x->n[seat]; i++) {
        if (i > 0 && x->c[seat][i] == x->c[seat][i - 1])
            continue;
        Sim y = *x;
        sim_play(&y, i);
        int v = sim_minimax(&y, alpha, beta);
        if (ours ? v > best : v < best)
            best = v;
        if (ours && best > alpha)
            alpha = best;
        if (!ours && best < beta)
            beta = best;
        if (alpha >= beta)
            break;
    }
    return best;
}

int truco_exact_result(const TrucoState *s, int team)
{
    Sim x;
    int unknown[TR_MAX_SEATS];
    sim_from_state_team(s, -1, team, &x, unknown);
    return sim_minimax(&x, -2, 2);
}

typedef struct {
    int n_cand;
    int8_t cand[TR_HAND]; /* distinct strengths the seat may play now (one-ply) */
    double w[TR_HAND + 1], l[TR_HAND + 1], t[TR_HAND + 1];
} EstAcc;

static void est_eval(const Sim *x, EstAcc *acc, double weight)
{
    if (acc->n_cand == 0) {
        Sim y = *x;
        int r = sim_run(&y);
        acc->w[0] += r > 0 ? weight : 0;
        acc->l[0] += r < 0 ? weight : 0;
        acc->t[0] += r == 0 ? weight : 0;
        return;
    }
    int seat = sim_to_move(x);
    for (int k = 0; k < acc->n_cand; k++) {
        Sim y = *x;
        int idx = 0;
        while (idx < y.n[seat] && y.c[seat][idx] != acc->cand[k])
            idx++;
        sim_play(&y, idx);
        int r = sim_run(&y);
        acc->w[k] += r > 0 ? weight : 0;
        acc->l[k] += r < 0 ? weight : 0;
        acc->t[k] += r == 0 ? weight : 0;
    }
}

static int signal_force(const TrucoState *s, int seat, Card pool[TR_DECK], int n, Sim *base,
                        int unknown[TR_MAX_SEATS]);

/* Four players: Medium's default number of holdings drawn. */
#define FOUR_SAMPLES 160

void truco_estimate(const TrucoState *s, int seat, int samples, Rng *rng, TrucoEstimate *out)
{
    *out = (TrucoEstimate){0.5, 0.5, 0, -1};
    if (s->phase != TR_PH_PLAY && s->phase != TR_PH_ANSWER && s->phase != TR_PH_ONZE)
        return;
    Sim base;
    int unknown[TR_MAX_SEATS];
    sim_from_state(s, seat, &base, unknown);
    int k0 = unknown[seat], k1 = 0;

    EstAcc acc;
    memset(&acc, 0, sizeof acc);
    bool to_play = s->phase == TR_PH_PLAY && truco_current_player(s) == seat;
    if (to_play && k0 == 0)
        for (int i = 0; i < base.n[seat]; i++)
            if (acc.n_cand == 0 || acc.cand[acc.n_cand - 1] != base.c[seat][i])
                acc.cand[acc.n_cand++] = base.c[seat][i];

    double total = 0;
    {
        Card pool[TR_DECK];
        int np = unseen_pool(s, seat, pool), other = 1 - seat;
        np = signal_force(s, seat, pool, np, &base, unknown);
        for (int p = 0; p < s->num_players; p++)
            if (p != seat)
                k1 += unknown[p];
        int8_t ps[TR_DECK];
        for (int i = 0; i < np; i++)
            ps[i] = (int8_t)truco_card_strength(s, pool[i]);
        if (k0 + k1 > np)
            return;
        /* Who gets the k-th card drawn: the seat's own unknown cards first, then the
         * others' in seat order. */
        int8_t to[TR_MAX_SEATS * TR_HAND];
        int nt = 0;
        for (int i = 0; i < k0; i++)
            to[nt++] = (int8_t)seat;
        for (int p = 0; p < s->num_players; p++)
            for (int i = 0; i < unknown[p] && p != seat; i++)
                to[nt++] = (int8_t)p;
        if (samples == 0 && k0 == 0 && k1 <= 3 && s->num_players == 2) {
            /* Every holding of the other seat, each equally likely. */
            Sim x = base;
            if (k1 == 0) {
                est_eval(&x, &acc, 1), total = 1;
            } else if (k1 == 1) {
                for (int i = 0; i < np; i++) {
                    x = base;
                    sim_add(&x, other, ps[i]);
                    est_eval(&x, &acc, 1), total++;
                }
            } else if (k1 == 2) {
                for (int i = 0; i < np; i++)
                    for (int j = i + 1; j < np; j++) {
                        x = base;
                        sim_add(&x, other, ps[i]);
                        sim_add(&x, other, ps[j]);
                        est_eval(&x, &acc, 1), total++;
                    }
            } else {
                for (int i = 0; i < np; i++)
                    for (int j = i + 1; j < np; j++)
                        for (int k = j + 1; k < np; k++) {
                            x = base;
                            sim_add(&x, other, ps[i]);
                            sim_add(&x, other, ps[j]);
                            sim_add(&x, other, ps[k]);
                            est_eval(&x, &acc, 1), total++;
                        }
            }
        } else {
            int ns = samples > 0 ? samples : s->num_players == 2 ? 2000 : FOUR_SAMPLES;
            for (int it = 0; it < ns; it++) {
                Sim x = base;
                int8_t tmp[TR_DECK];
                memcpy(tmp, ps, (size_t)np);
                for (int k = 0; k < nt; k++) {
                    int j = k + (int)rng_below(rng, (uint32_t)(np - k));
                    int8_t v = tmp[j];
                    tmp[j] = tmp[k];
                    tmp[k] = v;
                    sim_add(&x, to[k], v);
                }
                est_eval(&x, &acc, 1), total++;
            }
        }
    }
    if (total <= 0)
        return;
    int best = 0;
    for (int k = 1; k < acc.n_cand; k++) /* ascending: a lower card wins equal scores */
        if (acc.w[k] - acc.l[k] > acc.w[best] - acc.l[best] + 1e-9)
            best = k;
    out->win = acc.w[best] / total;
    out->lose = acc.l[best] / total;
    out->tie = acc.t[best] / total;
    out->best_strength = acc.n_cand ? acc.cand[best] : -1;
}

/* ---- Signals (four players) ----------------------------------------------------------------
 * Every bot signs honestly what it holds, and Medium and Hard read the signs their seat saw
 * (the partner's, and the other team's that it caught): a seat that signed a card holds it.
 * A sign whose card is already in sight (played face up) is spent and says nothing more. */

/* Has seat q played face up a card answering sign k in this hand? */
static bool sign_spent(const TrucoState *s, int q, int k)
{
    for (int r = 0; r < TR_RODADAS; r++)
        if (!((s->down[r] >> q) & 1) && truco_sign_matches(s, k, s->table[r][q]))
            return true;
    return false;
}

/* truco_estimate's model: the cards `seat` knows from signs go into their makers' hands
 * and out of the unseen pool. Returns the pool's new size. */
static int signal_force(const TrucoState *s, int seat, Card pool[TR_DECK], int n, Sim *base,
                        int unknown[TR_MAX_SEATS])
{
    if (s->num_players != 4)
        return n;
    for (int q = 0; q < 4; q++)
        for (int k = 0; k < TR_SIGNS && q != seat; k++) {
            if (unknown[q] == 0 || !truco_saw_signal(s, seat, q, k) || sign_spent(s, q, k))
                continue;
            for (int i = 0; i < n; i++)
                if (truco_sign_matches(s, k, pool[i])) {
                    sim_add(base, q, truco_card_strength(s, pool[i]));
                    unknown[q]--;
                    pool[i] = pool[--n];
                    break;
                }
        }
    return n;
}

Action truco_signal_decide(const TrucoState *v, int seat)
{
    if (!v->opt_signals || v->phase != TR_PH_PLAY || truco_current_player(v) != seat)
        return -1;
    for (int k = 0; k < TR_SIGNS; k++) {
        if (!truco_can_signal(v, seat, k))
            continue;
        for (int i = 0; i < TR_HAND; i++)
            if (truco_sign_matches(v, k, v->hand[seat][i]))
                return TR_SIGNAL + k;
    }
    return -1;
}

/* Is card c in sight of the view (a hand it sees, the table face up, the vira)? */
static bool in_view(const TrucoState *v, Card c)
{
    if (v->vira == c)
        return true;
    for (int p = 0; p < v->num_players; p++)
        for (int i = 0; i < TR_HAND; i++)
            if (v->hand[p][i] == c || v->table[i][p] == c)
                return true;
    return false;
}

void truco_signal_world(const TrucoState *v, int seat, Rng *rng, TrucoState *det)
{
    if (!v->opt_signals || v->num_players != 4)
        return;
    for (int q = 0; q < 4; q++) {
        if (q == seat)
            continue;
        uint8_t locked = 0; /* q's slots holding a signed card */
        for (int k = 0; k < TR_SIGNS; k++) {
            if (!truco_saw_signal(v, seat, q, k) || sign_spent(v, q, k))
                continue;
            int slot = -1;
            bool holds = false;
            for (int i = 0; i < TR_HAND; i++) {
                if (v->hand[q][i] != CARD_HIDDEN || ((locked >> i) & 1))
                    continue;
                if (truco_sign_matches(det, k, det->hand[q][i])) {
                    holds = true;
                    locked |= (uint8_t)(1u << i);
                    break;
                }
                if (slot < 0)
                    slot = i;
            }
            if (holds || slot < 0)
                continue;
            /* A card of the sign out of the view's sight, at random (a three has 4 suits). */
            Card cands[4];
            int nc = 0;
            for (int i = 0; i < 52 && nc < 4; i++) {
                Card c = card_from_index(i);
                if (truco_in_deck(det, c) && truco_sign_matches(det, k, c) && !in_view(v, c))
                    cands[nc++] = c;
            }
            if (nc == 0)
                continue;
            Card c = cands[rng_below(rng, (uint32_t)nc)];
            /* Where the deal put it: swap it with q's slot (or it was not dealt at all). */
            Card *at = NULL;
            for (int p = 0; p < 4 && !at; p++)
                for (int i = 0; i < TR_HAND && !at; i++) {
                    if (det->hand[p][i] == c && !(p == q && ((locked >> i) & 1)))
                        at = &det->hand[p][i];
                    else if (det->table[i][p] == c)
                        at = &det->table[i][p];
                }
            if (at && at != &det->hand[q][slot])
                *at = det->hand[q][slot];
            det->hand[q][slot] = c;
            locked |= (uint8_t)(1u << slot);
        }
    }
}

/* Hard's worlds: the other team catches each sign of ours with the table's chance, so the
 * rollouts play against opponents who sometimes know our cards. */
static void signal_catch(TrucoState *det, int seat, Rng *rng)
{
    if (!det->opt_signals || det->num_players != 4 || det->opt_seen == 0)
        return;
    for (int q = seat % 2; q < 4; q += 2)
        for (int k = 0; k < TR_SIGNS; k++)
            for (int o = 1; o < 4 && det->sig[q][k]; o += 2)
                if (rng_below(rng, 100) < det->opt_seen)
                    det->sig[q][k] |= (uint8_t)(1u << ((q + o) % 4));
}

/* A bot's action without its signs: the legal actions less the signals (Hard does not
 * search them; it signs before it searches). Returns the new count. */
static int drop_signals(Action *acts, int n)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (acts[i] < TR_SIGNAL || acts[i] >= TR_SIGNAL + TR_SIGNS)
            acts[m++] = acts[i];
    return m;
}

/* ---- Match equity ------------------------------------------------------------------------
 * G[a][b]: chance to win a game from a-b, equal players, hands worth 1/3/6/9/12 with typical
 * frequencies; the team at 11 plays or runs, whichever is better. */

static double game_table[2][TR_GAME_POINTS][TR_GAME_POINTS]; /* [values option] */
static pthread_once_t game_once = PTHREAD_ONCE_INIT;

static double game_p_in(int vals, int a, int b)
{
    if (a >= TR_GAME_POINTS)
        return 1;
    if (b >= TR_GAME_POINTS)
        return 0;
    return game_table[vals][a][b];
}

/* One table per hand-value rule: Paulista 1 3 6 9 12 with the mão de onze at 11 (3, or 1
 * to the other team); Mineiro 2 4 6 10 12 with the mão de dez at 10 (4, or 2). */
static void game_init_values(int vals)
{
    static const int vp[5] = {1, 3, 6, 9, 12}, vm[5] = {2, 4, 6, 10, 12};
    /* How often a hand ends worth each value. Mineiro's, measured over the ordinary hands
     * of 200 games of Hard against Medium (seed 77, 634 hands: 2 0.45, 4 0.26, 6 0.14, 10
     * 0.03, 12 0.13), differ most from Paulista's model at the ends: a doze from 10 to 12
     * is accepted from a 1/12 chance, so many Mineiro hands go to 12. */
    static const double freq_p[5] = {0.60, 0.28, 0.08, 0.03, 0.01},
                        freq_m[5] = {0.45, 0.26, 0.14, 0.03, 0.12};
    const double *freq = vals ? freq_m : freq_p;
    const int *val = vals ? vm : vp;
    int onze = vals ? 10 : 11, onze_val = vals ? 4 : 3, base = val[0];
    for (int a = 11; a >= 0; a--)
        for (int b = 11; b >= 0; b--) {
            double g;
            if (a == onze && b == onze) {
                g = 0.5;
            } else if (a == onze) {
                double play = 0.5 * game_p_in(vals, a + onze_val, b) +
                              0.5 * game_p_in(vals, a, b + onze_val),
                       run = game_p_in(vals, a, b + base);
                g = play > run ? play : run;
            } else if (b == onze) {
                double play = 0.5 * game_p_in(vals, a + onze_val, b) +
                              0.5 * game_p_in(vals, a, b + onze_val),
                       run = game_p_in(vals, a + base, b);
                g = play < run ? play : run;
            } else {
                g = 0;
                for (int k = 0; k < 5; k++)
                    g += freq[k] * 0.5 *
                         (game_p_in(vals, a + val[k], b) + game_p_in(vals, a, b + val[k]));
            }
            game_table[vals][a][b] = g;
        }
}

static void game_init(void)
{
    game_init_values(0);
    game_init_values(1);
}

/* Best of 3 from games won g1-g2, each new game even. */
static double match_p(int g1, int g2)
{
    if (g1 >= 2)
        return 1;
    if (g2 >= 2)
        return 0;
    return 0.5 * match_p(g1 + 1, g2) + 0.5 * match_p(g1, g2 + 1);
}

static double equity_of(const TrucoState *s, int team, int a, int b)
{
    pthread_once(&game_once, game_init);
    int g1 = s->games[team], g2 = s->games[1 - team];
    if (a >= TR_GAME_POINTS)
        return s->opt_match ? match_p(g1 + 1, g2) : 1;
    if (b >= TR_GAME_POINTS)
        return s->opt_match ? match_p(g1, g2 + 1) : 0;
    double g = game_p_in(s->opt_values ? 1 : 0, a, b);
    return s->opt_match ? g * match_p(g1 + 1, g2) + (1 - g) * match_p(g1, g2 + 1) : g;
}

double truco_equity(const TrucoState *s, int team, int add_us, int add_them)
{
    return equity_of(s, team, s->score[team] + add_us, s->score[1 - team] + add_them);
}

/* Equity once a hand has ended (scores and games already updated). */
static double equity_after(const TrucoState *s, int team)
{
    if (s->phase == TR_PH_OVER)
        return s->winner == team ? 1 : 0;
    if (s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS) {
        /* a game of a best-of-3 just ended: the next starts from 0-0 */
        TrucoState t = *s;
        t.score[0] = t.score[1] = 0;
        return equity_of(&t, team, 0, 0);
    }
    return equity_of(s, team, s->score[team], s->score[1 - team]);
}

/* ---- Helpers ----------------------------------------------------------------------------- */

/* The action playing `seat`'s card of strength `strength` (face down if `hide`). */
static Action card_action(const TrucoState *s, int seat, int strength, bool hide)
{
    for (int i = 0; i < TR_HAND; i++) {
        Card c = s->hand[seat][i];
        if (truco_card_valid(c) && truco_card_strength(s, c) == strength)
            return (hide ? TR_HIDE : TR_PLAY) + card_index(c);
    }
    return -1;
}

static Action first_legal(const TrucoState *s)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = truco_rules.legal_actions(s, acts);
    return n > 0 ? acts[0] : -1;
}

/* A blind hand: the cards are unknown, any position is as good as another. */
static Action blind_play(const TrucoState *s, int seat, Rng *rng)
{
    int slots[TR_HAND], n = 0;
    for (int i = 0; i < TR_HAND; i++)
        if (s->hand[seat][i] != CARD_NONE)
            slots[n++] = i;
    return n ? TR_PLAY_SLOT + slots[rng_below(rng, (uint32_t)n)] : first_legal(s);
}

/* ---- Easy: the seed's machine player ------------------------------------------------------- */

int truco_seed_strength(const TrucoState *v, int seat, int base)
{
    int sum = 0;
    for (int i = 0; i < TR_HAND; i++) {
        Card c = v->hand[seat][i];
        if (c == CARD_NONE)
            continue;
        int w = 1;
        if (truco_card_valid(c)) {
            if (truco_card_is_manilha(v, c))
                w = 5;
            else if (card_rank(c) == RANK_ACE)
                w = 2;
            else if (card_rank(c) == 2)
                w = 3;
            else if (card_rank(c) == 3)
                w = 4;
        }
        sum += w * base;
    }
    return sum;
}

static bool seed_roll(Rng *rng, int percent) { return (int)rng_below(rng, 100) < percent; }

Action truco_seed_decide(const BotRequest *req)
{
    const TrucoState *s = req->view;
    int p = req->seat;
    Rng *rng = req->rng;
    Action sign = truco_signal_decide(s, p);
    if (sign >= 0)
        return sign;
    switch (s->phase) {
    case TR_PH_ONZE: {
        /* The seed gives no formula for its own mão de onze: we use its truco answer (base 8),
         * since playing makes the hand worth 3. With a partner, both hands are in sight: the
         * first to decide leaves it to the partner (a person partner then chooses), who
         * takes the mean of the two hands. */
        if (truco_can_pass(s))
            return TR_PASS;
        int k = truco_seed_strength(s, p, 8);
        if (s->num_players == 4)
            k = (k + truco_seed_strength(s, (p + 2) % 4, 8)) / 2;
        return seed_roll(rng, k) ? TR_ONZE_PLAY : TR_ONZE_RUN;
    }
    case TR_PH_ANSWER: {
        static const int bases[5] = {2, 8, 6, 4, 2};
        int base = bases[truco_raise_step(s, s->pending)];
        if (!seed_roll(rng, truco_seed_strength(s, p, base)))
            return truco_can_pass(s) ? TR_PASS : TR_RUN; /* the partner may still accept */
        int up = truco_answer_raise(s);
        if (up && seed_roll(rng, 30))
            return up;
        return TR_ACCEPT;
    }
    case TR_PH_PLAY:
        break;
    default:
        return first_legal(s);
    }
    /* The seed asks truco once per hand, on its turn, with base 5. */
    if (truco_can_raise(s, p) && s->value == truco_base_value(s) && seed_roll(rng, truco_seed_strength(s, p, 5)))
        return TR_TRUCO;
    if (s->blind)
        return blind_play(s, p, rng);
    int st[TR_HAND], n = 0;
    for (int i = 0; i < TR_HAND; i++)
        if (truco_card_valid(s->hand[p][i]))
            st[n++] = truco_card_strength(s, s->hand[p][i]);
    if (n == 0)
        return first_legal(s);
    for (int i = 1; i < n; i++) /* ascending */
        for (int j = i; j > 0 && st[j - 1] > st[j]; j--) {
            int t = st[j];
            st[j] = st[j - 1];
            st[j - 1] = t;
        }
    int r = s->rodada;
    if (r > 0 && s->result[r - 1] == TR_RES_TIE)
        return card_action(s, p, st[n - 1], false); /* after a tie: the highest */
    if (s->n_table > 0) {
        int res, best = truco_rodada_leader(s, r, &res);
        if (res == truco_team(p))
            return card_action(s, p, st[0], false); /* the partner holds it: the lowest */
        bool down = (s->down[r] >> best) & 1;
        int t = down ? -1 : truco_card_strength(s, s->table[r][best]);
        for (int i = 0; i < n; i++)
            if (st[i] > t)
                return card_action(s, p, st[i], false); /* the lowest that kills it */
        /* Cannot win it: the lowest card, now and then face down ("de forma moderada"; the
         * seed gives no number: one time in four, from the 2nd rodada). */
        return card_action(s, p, st[0], r > 0 && rng_below(rng, 4) == 0);
    }
    return card_action(s, p, st[0], false);
}

/* ---- The Medium policy (also the rollout policy of Hard) ------------------------------- */

#ifndef HARD_ROLLOUT_SAMPLES4
#define HARD_ROLLOUT_SAMPLES4 6
#endif

typedef struct {
    int samples;        /* 0: exact enumeration */
    double discount;    /* the win chance is scaled by this when answering a raise */
    double bluff;       /* chance to call truco with a weak hand */
    double thr[4];      /* win chance needed to raise to 3, 6, 9, 12 */
    double hide;        /* chance to throw a losing card face down */
} Style;

static const Style medium_style = {0, 0.85, 0.08, {0.62, 0.70, 0.78, 0.86}, 0.5};
static const Style rollout_style = {10, 0.85, 0.05, {0.62, 0.70, 0.78, 0.86}, 0.0};
/* Four players: a rollout has twice the moves, so each looks at fewer holdings. */
static const Style rollout_style4 = {HARD_ROLLOUT_SAMPLES4, 0.85, 0.05, {0.62, 0.70, 0.78, 0.86}, 0.0};

/* ---- Thresholds per variant -------------------------------------------------------------
 * The raise thresholds above were tuned on the win chances of Paulista hands (vira, 40
 * cards). Fixed manilhas and the clean deck change which hands are strong and how often, so
 * a threshold is carried over as a share of hands, not as a number: for a fresh hand (the
 * mão to play its first card), the share of Paulista hands whose win chance reaches t is the
 * share of the variant's hands whose win chance reaches map(t). The distributions are
 * measured once per deck rule and player count, from fixed seeds (no effect on the bots'
 * own random numbers). Hand values (Mineiro) do not change the cards' odds; they move each
 * threshold by the raise's stakes (below) and enter the match equity of every answer and
 * onze decision. */

#define THR_DEALS 600
#define THR_SAMPLES 300

typedef struct {
    float win[THR_DEALS]; /* ascending */
} WinDist;

static WinDist thr_dist[2][2][2]; /* [manilhas][deck][np == 4] */
static bool thr_ready[2][2][2];
static pthread_mutex_t thr_lock = PTHREAD_MUTEX_INITIALIZER;

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

static void measure_dist(int manilhas, int deck, int np, WinDist *d)
{
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    o.v[TR_OPT_MANILHAS] = manilhas;
    o.v[TR_OPT_DECK] = deck;
    Rng rng;
    rng_seed(&rng, 0x7472u + (uint64_t)(manilhas * 4 + deck * 2 + (np == 4)));
    Action out[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    for (int k = 0; k < THR_DEALS; k++) {
        TrucoState s;
        truco_rules.init(&s, &o, np, 1);
        while (truco_current_player(&s) == PLAYER_CHANCE) {
            int n = truco_rules.chance_outcomes(&s, out, w);
            truco_rules.apply(&s, out[rng_below(&rng, (uint32_t)n)]);
        }
        TrucoState v;
        int p = truco_current_player(&s);
        truco_rules.observe(&s, p, &v);
        TrucoEstimate e;
        truco_estimate(&v, p, THR_SAMPLES, &rng, &e);
        d->win[k] = (float)e.win;
    }
    qsort(d->win, THR_DEALS, sizeof d->win[0], cmp_float);
}

static const WinDist *win_dist(int manilhas, int deck, int np)
{
    int f = np == 4;
    pthread_mutex_lock(&thr_lock);
    if (!thr_ready[manilhas][deck][f]) {
        measure_dist(manilhas, deck, np, &thr_dist[manilhas][deck][f]);
        thr_ready[manilhas][deck][f] = true;
    }
    pthread_mutex_unlock(&thr_lock);
    return &thr_dist[manilhas][deck][f];
}

/* The stakes of a raise: the other side should accept rather than run when its chance to
 * win the hand (in hand points, ties aside) is at least (1 - before/after) / 2, `before`
 * being what a refusal scores and `after` what the hand is then worth. Paulista's truco
 * (1 to 3) is accepted from 1/3, Mineiro's (2 to 4) from 1/4: a Mineiro truco draws fewer
 * refusals, so it must rest on a stronger hand. Paulista's thresholds sit close under
 * 1 - break-even at every step (0.62, 0.70, 0.78, 0.86 against 0.67, 0.75, 0.83, 0.875);
 * a variant keeps each distance at its own break-even. */
static double raise_breakeven(int before, int after) { return 0.5 * (1 - (double)before / after); }

double truco_stakes_shift(const TrucoState *s, int up)
{
    static const int pb[5] = {0, 1, 3, 6, 9}, pa[5] = {0, 3, 6, 9, 12};
    if (up < TR_TRUCO || up > TR_DOZE || s->opt_values != TR_VALUES_MINEIRO)
        return 0;
    int before = up == TR_TRUCO ? truco_base_value(s) : truco_raise_value(s, up - 1);
    int after = truco_raise_value(s, up);
    return raise_breakeven(pb[up], pa[up]) - raise_breakeven(before, after);
}

double truco_variant_threshold(const TrucoState *s, int up, double t)
{
    if (t >= 1 || t <= 0)
        return t; /* "never" and "always" */
    t += truco_stakes_shift(s, up);
    if (!s->opt_manilhas && !s->opt_deck)
        return t; /* Paulista's own cards */
    const WinDist *pa = win_dist(0, 0, s->num_players);
    const WinDist *va = win_dist(s->opt_manilhas, s->opt_deck, s->num_players);
    int below = 0; /* Paulista hands under t */
    while (below < THR_DEALS && pa->win[below] < (float)t)
        below++;
    if (below == 0 || below == THR_DEALS)
        return t; /* off the measured range */
    return va->win[below];
}

/* Four players: the first to answer a raise leaves it to the partner unless accepting is
 * better than running by this much (equity); the partner who was left it takes the pass
 * as news that the first holds no strong hand and scales its win chance by PASSED_SCALE. */
#define PASS_MARGIN 0.03
#define PASSED_SCALE 0.9

static Action policy_act(const TrucoState *s, int p, const Style *st, Rng *rng)
{
    int team = truco_team(p);
    if (s->phase == TR_PH_ONZE && truco_can_pass(s))
        return TR_PASS; /* both see both hands: the partner (perhaps a person) chooses */
    TrucoEstimate e;
    truco_estimate(s, p, st->samples, rng, &e);
    switch (s->phase) {
    case TR_PH_ONZE: {
        int ov = truco_onze_value(s);
        double play = e.win * truco_equity(s, team, ov, 0) + e.lose * truco_equity(s, team, 0, ov) +
                      e.tie * truco_equity(s, team, 0, 0);
        return play >= truco_equity(s, team, 0, truco_base_value(s)) ? TR_ONZE_PLAY : TR_ONZE_RUN;
    }
    case TR_PH_ANSWER: {
        double w = e.win * st->discount * (s->passed ? PASSED_SCALE : 1), t = e.tie;
        double l = 1 - w - t;
        int v = s->value, pv = s->pending;
        int up = truco_answer_raise(s);
        if (up && w >= truco_variant_threshold(s, up, st->thr[up - 1]))
            return up;
        double acc = w * truco_equity(s, team, pv, 0) + l * truco_equity(s, team, 0, pv) +
                     t * truco_equity(s, team, 0, 0);
        double run = truco_equity(s, team, 0, v);
        if (truco_can_pass(s) && acc < run + PASS_MARGIN)
            return TR_PASS;
        return acc >= run ? TR_ACCEPT : TR_RUN;
    }
    case TR_PH_PLAY:
        break;
    default:
        return first_legal(s);
    }
    if (truco_can_raise(s, p)) {
        int up = truco_raise_action(s->value);
        if (e.win >= truco_variant_threshold(s, up, st->thr[up - 1]))
            return up;
        if (s->value == truco_base_value(s) && e.win < 0.35 && rng_unit(rng) < st->bluff)
            return up;
    }
    if (s->blind || e.best_strength < 0)
        return s->blind ? blind_play(s, p, rng) : first_legal(s);
    bool hide = false;
    if (s->rodada > 0 && s->n_table > 0 && st->hide > 0) {
        int r = s->rodada, res, best = truco_rodada_leader(s, r, &res);
        bool down = (s->down[r] >> best) & 1;
        int t = down ? -1 : truco_card_strength(s, s->table[r][best]);
        hide = res != team && e.best_strength < t && rng_unit(rng) < st->hide;
    }
    Action a = card_action(s, p, e.best_strength, hide);
    return a >= 0 ? a : first_legal(s);
}

Action truco_medium_decide(const BotRequest *req)
{
    Action sign = truco_signal_decide(req->view, req->seat);
    if (sign >= 0)
        return sign;
    return policy_act(req->view, req->seat, &medium_style, req->rng);
}

/* ---- Hard: determinized rollouts ----------------------------------------------------------
 * For each of N deals consistent with the view, every legal action is applied and the hand
 * is played out to its end by the rollout policy (both sides deciding from their own cards
 * only), valued by the match equity. Deals are drawn with the opponent's "type": rational
 * (bets like the Medium policy) or timid (bets like the seed player), each deal and type in
 * proportion to how well they explain the bets the opponent made in this hand. The actions
 * share the random numbers of a deal, so they are compared on equal terms.
 *
 * With four players the value is the team's (partners share the result), every player of
 * a rollout decides from its own view (the partner is a teammate, not an oracle), and a deal
 * is weighed by the other team's bets (read from the player who made a pending raise, else
 * from the likelier of the two) and by a partner's leaving the answer to this seat (its hand
 * was not strong); the other team is seed-like with a smaller prior share. */

#define HARD_INFER_SAMPLES 24  /* samples of the opponent's own estimate, for inference */
#define HARD_TIMID_SHARE 0.5   /* prior share of timid opponents */
#define HARD_REACH_FLOOR 0.02  /* reach: the least share of an action the table (nearly) never takes */
#define HARD_REACH_GUESSES 400 /* reach: guesses weighed, when `particles` does not say */
#ifndef HARD_TIMID_SHARE4
#define HARD_TIMID_SHARE4 0.15 /* four players: the prior share of a seed-like other team */
#endif
#ifndef HARD_INFER_SAMPLES4
#define HARD_INFER_SAMPLES4 12 /* four players: the same, fewer */
#endif
#ifndef HARD_INFER_TRIES4
#define HARD_INFER_TRIES4 12
#endif

/* A timid opponent: bets like the seed player (by its strength formula), plays cards like
 * the rollout policy. */
static Action timid_act(const TrucoState *s, int p, Rng *rng)
{
    if (s->phase == TR_PH_ANSWER) {
        static const int bases[5] = {2, 8, 6, 4, 2};
        int base = bases[truco_raise_step(s, s->pending)];
        if (!seed_roll(rng, truco_seed_strength(s, p, base)))
            return truco_can_pass(s) ? TR_PASS : TR_RUN;
        int up = truco_answer_raise(s);
        return up && seed_roll(rng, 30) ? up : TR_ACCEPT;
    }
    if (s->phase == TR_PH_PLAY && truco_can_raise(s, p) && s->value == truco_base_value(s) &&
        seed_roll(rng, truco_seed_strength(s, p, 5)))
        return TR_TRUCO;
    Style st = s->num_players == 2 ? rollout_style : rollout_style4;
    st.thr[0] = st.thr[1] = st.thr[2] = st.thr[3] = 2; /* no raises from the policy */
    st.bluff = 0;
    return policy_act(s, p, &st, rng);
}

/* A rollout to the end of the hand; `opp` is the policy of the other team's rational
 * seats (NULL: the same as ours). */
static double rollout(TrucoState *x, int team, bool timid, const Style *opp, Rng *rng)
{
    const Style *own = x->num_players == 2 ? &rollout_style : &rollout_style4;
    for (int guard = 0; guard < 64; guard++) {
        if (x->phase != TR_PH_PLAY && x->phase != TR_PH_ANSWER && x->phase != TR_PH_ONZE)
            break;
        int p = truco_current_player(x);
        bool other = truco_team(p) != team;
        Action a = timid && other ? timid_act(x, p, rng)
                                  : policy_act(x, p, other && opp ? opp : own, rng);
        if (truco_rules.apply(x, a))
            break;
    }
    return equity_after(x, team);
}

/* What the opponent's bets in this hand say. Raises alternate between the teams, so the
 * value, the pending raise and who made the last one tell who raised each time; every raise
 * but a pending one was accepted by the other team. */
typedef struct {
    int raises;  /* raises made by the other team */
    int accepts; /* our raises the other team accepted (or answered by raising) */
    bool onze;   /* the other team chose to play its mão de onze */
    /* Where the values rule moves the strength behind each: the sum over the raises of
     * their stakes shift (truco_stakes_shift), and over the accepts. 0 with Paulista values. */
    double raise_shift, accept_shift;
} OppBets;



static OppBets opp_bets(const TrucoState *v, int team)
{
    OppBets b = {0, 0, false, 0, 0};
    int n, last;
    if (v->phase == TR_PH_ANSWER) {
        n = truco_raise_step(v, v->pending);
        last = truco_team(v->raiser);
    } else {
        n = truco_raise_step(v, v->value);
        last = v->last_raise_team;
    }
    if (v->kind == TR_KIND_NORMAL && n > 0 && last >= 0)
        for (int k = n; k >= 1; k--) {
            int by = (n - k) % 2 == 0 ? last : 1 - last;
            bool pending = v->phase == TR_PH_ANSWER && k == n;
            if (by != team) {
                b.raises++;
                b.raise_shift += truco_stakes_shift(v, k);
            } else if (!pending) {
                b.accepts++;
                b.accept_shift += truco_stakes_shift(v, k);
            }
        }
    b.onze = v->kind == TR_KIND_ONZE && v->onze_team == 1 - team && v->phase != TR_PH_ONZE;
    return b;
}

/* The other team's bets in this hand that the table's reach does not weigh (`reach`, the
 * TRUCO_REACH_* kinds), from the hand's log, to be read as opp_bets reads them: its raises
 * on a turn unless TRUCO_REACH_RAISES; its accepts and raises answering ours unless
 * TRUCO_REACH_ANSWERS (a raise answering ours also accepts it). */
static OppBets unread_bets(const TrucoState *v, int team, unsigned reach)
{
    OppBets b = {0, 0, false, 0, 0};
    for (int i = 0; i < v->n_bets && i < TR_BET_LOG; i++) {
        const TrucoBet *e = &v->bets[i];
        bool raise = e->action >= TR_TRUCO && e->action <= TR_DOZE;
        if (truco_team(e->seat) == team || (e->answer ? reach & TRUCO_REACH_ANSWERS
                                                      : reach & TRUCO_REACH_RAISES))
            continue;
        if (raise) {
            b.raises++;
            b.raise_shift += truco_stakes_shift(v, e->action);
        }
        if (e->answer && (raise || e->action == TR_ACCEPT)) {
            int up = truco_raise_action(e->value); /* the raise it answered */
            b.accepts++;
            b.accept_shift += truco_stakes_shift(v, up);
        }
    }
    return b;
}

static double ramp(double x, double lo, double hi)
{
    return x <= lo ? 0 : x >= hi ? 1 : (x - lo) / (hi - lo);
}

/* How likely a hand with win chance w makes the bets in b: a raiser is likely strong (but
 * may bluff), an accepter reasonably strong. The ramps are Paulista's; a values rule that
 * asks more of a raise (Mineiro's truco: fewer refusals) raises the raiser's ramp by the
 * raise's stakes shift, and a raise that is cheaper to accept lowers the accepter's. */
static double bets_fit(double w, const OppBets *b)
{
    const double eps_r = 0.25, eps_a = 0.35; /* bluffs, loose accepts */
    double l = 1;
    if (b->raises) {
        double sh = b->raise_shift / b->raises;
        for (int i = 0; i < b->raises; i++)
            l *= eps_r + (1 - eps_r) * ramp(w, 0.40 + sh, 0.70 + sh);
    }
    if (b->accepts) {
        double sh = b->accept_shift / b->accepts;
        for (int i = 0; i < b->accepts; i++)
            l *= eps_a + (1 - eps_a) * ramp(w, 0.25 - sh, 0.55 - sh);
    }
    if (b->onze)
        l *= eps_a + (1 - eps_a) * ramp(w, 0.25, 0.55);
    return l;
}

/* How likely the other side's cards in `det` make the bets it made. */
static double bets_likelihood(const TrucoState *det, int seat, const OppBets *b, Rng *rng)
{
    if (!b->raises && !b->accepts && !b->onze)
        return 1;
    TrucoEstimate e;
    truco_estimate(det, 1 - seat, HARD_INFER_SAMPLES, rng, &e);
    return bets_fit(e.win + 0.5 * e.tie, b);
}

/* The same for a timid (seed-like) opponent: it calls and accepts with a chance that grows
 * with the seed's strength formula over the cards it was dealt. */
static double timid_likelihood(const TrucoState *det, int o, const OppBets *b)
{
    if (!b->raises && !b->accepts && !b->onze)
        return 1;
    TrucoState t = *det;
    for (int r = 0, i = 0; r < TR_RODADAS; r++) /* its whole hand as dealt */
        if (t.table[r][o] != CARD_NONE) {
            while (i < TR_HAND && t.hand[o][i] != CARD_NONE)
                i++;
            if (i < TR_HAND)
                t.hand[o][i] = t.table[r][o];
        }
    double call = truco_seed_strength(&t, o, 5) / 100.0, acc = truco_seed_strength(&t, o, 8) / 100.0;
    call = call > 1 ? 1 : call;
    acc = acc > 1 ? 1 : acc;
    double l = 1;
    for (int i = 0; i < b->raises; i++)
        l *= call;
    for (int i = 0; i < b->accepts + (b->onze ? 1 : 0); i++)
        l *= acc;
    return l;
}

/* A player's chance to win the hand as it sees it, for the inference. */
static double seat_win(const TrucoState *det, int q, Rng *rng)
{
    TrucoEstimate e;
    truco_estimate(det, q, HARD_INFER_SAMPLES4, rng, &e);
    return e.win + 0.5 * e.tie;
}

/* Four players: a deal consistent with the view, drawn in proportion to how well it
 * explains the other team's bets (the player who made a pending raise, else the stronger
 * of the two) and a partner's leaving the answer to this seat (a hand that was not strong).
 * Rejection sampling, the last candidate after a few tries. */
static double timid_likelihood(const TrucoState *det, int o, const OppBets *b);

static void hard_world4(const TrucoState *v, int seat, const OppBets *b, bool timid, Rng *rng,
                        TrucoState *out)
{
    int partner = (seat + 2) % 4;
    bool passed = v->phase == TR_PH_ANSWER && v->passed && v->answerer == seat;
    bool bets = b->raises || b->accepts || b->onze;
    int raiser = v->phase == TR_PH_ANSWER && truco_team(v->raiser) != truco_team(seat)
                     ? v->raiser
                     : -1;
    for (int tries = 0; tries < HARD_INFER_TRIES4; tries++) {
        truco_rules.resample(v, seat, rng, out);
        truco_signal_world(v, seat, rng, out);
        signal_catch(out, seat, rng);
        if (!bets && !passed)
            return;
        double l = 1;
        if (bets && timid) {
            /* A seed-like team: the raiser, or its likelier player, bet by the formula. */
            double l1 = timid_likelihood(out, raiser >= 0 ? raiser : (seat + 1) % 4, b);
            double l3 = raiser >= 0 ? l1 : timid_likelihood(out, (seat + 3) % 4, b);
            l = l1 > l3 ? l1 : l3;
        } else if (bets) {
            double w;
            if (raiser >= 0) {
                w = seat_win(out, raiser, rng);
            } else {
                double w1 = seat_win(out, (seat + 1) % 4, rng), w3 = seat_win(out, (seat + 3) % 4, rng);
                w = w1 > w3 ? w1 : w3;
            }
            l = bets_fit(w, b);
        }
        if (passed)
            l *= 1 - 0.8 * ramp(seat_win(out, partner, rng), 0.50, 0.75);
        if (rng_unit(rng) < l)
            return;
    }
}

/* ---- The opponent's type over the match ---------------------------------------------------
 * Within a hand, Hard weighs the two types of opponent by the bets of that hand. Over the
 * match, the state keeps each team's public record of bets (TrucoState bet_*), and the two
 * types bet differently: the seed-like (timid) type calls truco and accepts with chances
 * that grow with its cards' weights, so it refuses most raises; the rational type calls
 * and accepts as the hand's win chance and the match equity say. Each type's chance to call
 * truco in a hand where it can, and to refuse a raise, is measured once per variant and
 * player count (the type's team against the rollout policy over fresh hands, fixed seeds),
 * and the record moves the prior share of timid worlds by Bayes' rule, each chance to call
 * and each answer taken as a draw at its type's rate. The answers to a truco and to the
 * raises beyond it (seis, nove or dez, doze) have rates of their own: a raise beyond truco
 * is mostly answered by a team that called or accepted the truco, so the rational type
 * hardly ever runs from it while the seed's formula runs more often than from a truco
 * (four seats, Mineiro: 0.07 against 0.59), whereas at the truco the two run about as often
 * (0.41 against 0.42); read as one rate, the answers hardly told the two apart. */

#define TYPE_HANDS 400
#define TYPE_MIN_SHARE 0.05 /* neither type is ever ruled out */

typedef struct {
    double call[2]; /* [timid]: chance to call truco in a hand where the team can */
    double run[2];  /* chance to refuse a truco (an answer, not a pass to the partner) */
    double run_up[2]; /* chance to refuse a raise beyond truco (seis, nove or dez, doze) */
    double run_all[2]; /* chance to refuse any raise (two seats read every answer at it) */
} TypeRates;

static TypeRates type_rates[2][2][2][2]; /* [np == 4][manilhas][deck][values] */
static bool type_ready[2][2][2][2];
static pthread_mutex_t type_lock = PTHREAD_MUTEX_INITIALIZER;

static double rate_of(long k, long n)
{
    double r = n > 0 ? (double)k / (double)n : 0.5;
    return r < 0.02 ? 0.02 : r > 0.98 ? 0.98 : r;
}

static void measure_types(const TrucoState *like, TypeRates *out)
{
    GameOptions o;
    rules_default_options(&truco_rules, &o);
    o.v[TR_OPT_MANILHAS] = like->opt_manilhas;
    o.v[TR_OPT_DECK] = like->opt_deck;
    o.v[TR_OPT_VALUES] = like->opt_values;
    int np = like->num_players;
    const Style *own = np == 2 ? &rollout_style : &rollout_style4;
    Rng rng;
    rng_seed(&rng, 0x747970ull + (uint64_t)(like->opt_manilhas * 8 + like->opt_deck * 4 +
                                            like->opt_values * 2 + (np == 4)));
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    for (int timid = 0; timid < 2; timid++) {
        long chances = 0, calls = 0, answers[2] = {0, 0}, runs[2] = {0, 0};
        for (int k = 0; k < TYPE_HANDS; k++) {
            TrucoState s;
            truco_rules.init(&s, &o, np, 1);
            bool played = false;
            for (int guard = 0; guard < 200 && s.phase != TR_PH_OVER; guard++) {
                int p = truco_current_player(&s);
                if (p == PLAYER_CHANCE) {
                    if (played && s.phase == TR_PH_DEAL)
                        break; /* the hand is over */
                    int n = truco_rules.chance_outcomes(&s, acts, w);
                    truco_rules.apply(&s, acts[rng_below(&rng, (uint32_t)n)]);
                    continue;
                }
                played = true;
                TrucoState v;
                truco_rules.observe(&s, p, &v);
                bool typed = truco_team(p) == 1; /* the type's team */
                Action a = typed && timid ? timid_act(&v, p, &rng) : policy_act(&v, p, own, &rng);
                if (typed && s.phase == TR_PH_ANSWER && a != TR_PASS) {
                    int up = s.pending > truco_raise_value(&s, TR_TRUCO);
                    answers[up]++;
                    runs[up] += a == TR_RUN;
                }
                if (truco_rules.apply(&s, a))
                    break;
            }
            chances += s.bet_chances[1];
            calls += s.bet_calls[1];
        }
        out->call[timid] = rate_of(calls, chances);
        out->run[timid] = rate_of(runs[0], answers[0]);
        out->run_up[timid] = rate_of(runs[1], answers[1]);
        out->run_all[timid] = rate_of(runs[0] + runs[1], answers[0] + answers[1]);
    }
}

/* measure_types' results, kept so that Hard's first decision in a variant does not spend
 * about 0.4 s measuring them (test_type_rates_known measures them again and compares).
 * [np == 4][manilhas][deck][values]; an entry of zeros (fixed manilhas with the 24-card
 * deck, which the rules refuse) is measured when asked. */
static const TypeRates type_known[2][2][2][2] = {
#include "truco_type_rates.inc"
};

static const TypeRates *rates_for(const TrucoState *v)
{
    int f = v->num_players == 4, m = v->opt_manilhas != 0, d = v->opt_deck != 0,
        va = v->opt_values != 0;
    if (type_known[f][m][d][va].call[0] > 0)
        return &type_known[f][m][d][va];
    pthread_mutex_lock(&type_lock);
    if (!type_ready[f][m][d][va]) {
        measure_types(v, &type_rates[f][m][d][va]);
        type_ready[f][m][d][va] = true;
    }
    pthread_mutex_unlock(&type_lock);
    return &type_rates[f][m][d][va];
}

void truco_type_rates_measured(const TrucoState *v, double rates[2][4])
{
    TypeRates t;
    measure_types(v, &t);
    for (int timid = 0; timid < 2; timid++) {
        rates[timid][0] = t.call[timid];
        rates[timid][1] = t.run[timid];
        rates[timid][2] = t.run_up[timid];
        rates[timid][3] = t.run_all[timid];
    }
}

/* The share whose log-odds is `lo`, kept within [TYPE_MIN_SHARE, 1 - TYPE_MIN_SHARE]. */
static double share_of_logit(double lo)
{
    double p = lo > 30 ? 1 : lo < -30 ? 0 : 1 / (1 + exp(-lo));
    return p < TYPE_MIN_SHARE ? TYPE_MIN_SHARE : p > 1 - TYPE_MIN_SHARE ? 1 - TYPE_MIN_SHARE : p;
}

/* truco_timid_share, reading the calls too or the answers only */
static double timid_share_from(const TrucoState *v, int seat, double prior, bool with_calls)
{
    int o = 1 - truco_team(seat);
    long runs = v->bet_runs[o], stays = (long)v->bet_accepts[o] + v->bet_reraises[o];
    long calls = with_calls ? v->bet_calls[o] : 0, chances = with_calls ? v->bet_chances[o] : 0;
    if (calls > chances)
        calls = chances; /* a view built by hand; the rules keep calls <= chances */
    if (runs + stays + chances == 0)
        return prior;
    const TypeRates *t = rates_for(v);
    if (v->num_players == 2) {
        /* Two seats read every answer at one rate: read apart, the answers beyond truco
         * cost Hard 0.04 of its score against the previous Hard (docs/truco-hard.md). */
        double lo = log(prior / (1 - prior)) + (double)runs * log(t->run_all[1] / t->run_all[0]) +
                    (double)stays * log((1 - t->run_all[1]) / (1 - t->run_all[0])) +
                    (double)calls * log(t->call[1] / t->call[0]) +
                    (double)(chances - calls) * log((1 - t->call[1]) / (1 - t->call[0]));
        return share_of_logit(lo);
    }
    /* Four seats: the answers to a truco and to the raises beyond it, each at its own rates */
    long runs_up = v->bet_runs_up[o], stays_up = v->bet_stays_up[o];
    runs_up = runs_up > runs ? runs : runs_up; /* a view built by hand */
    stays_up = stays_up > stays ? stays : stays_up;
    runs -= runs_up;
    stays -= stays_up;
    double lo = log(prior / (1 - prior)) + (double)runs * log(t->run[1] / t->run[0]) +
                (double)stays * log((1 - t->run[1]) / (1 - t->run[0])) +
                (double)runs_up * log(t->run_up[1] / t->run_up[0]) +
                (double)stays_up * log((1 - t->run_up[1]) / (1 - t->run_up[0])) +
                (double)calls * log(t->call[1] / t->call[0]) +
                (double)(chances - calls) * log((1 - t->call[1]) / (1 - t->call[0]));
    return share_of_logit(lo);
}

double truco_timid_share(const TrucoState *v, int seat, double prior)
{
    return timid_share_from(v, seat, prior, true);
}

void truco_type_rates(const TrucoState *v, double rates[2][4])
{
    const TypeRates *t = rates_for(v);
    for (int timid = 0; timid < 2; timid++) {
        rates[timid][0] = t->call[timid];
        rates[timid][1] = t->run[timid];
        rates[timid][2] = t->run_up[timid];
        rates[timid][3] = t->run_all[timid];
    }
}

/* A full deal consistent with the view and a type for the opponent (timid or rational),
 * drawn in proportion to how well they explain the opponent's bets (rejection sampling;
 * the last candidate after enough tries). */
static void hard_world(const TrucoState *v, int seat, const OppBets *b, double timid_share,
                       Rng *rng, TrucoState *out, bool *timid)
{
    if (v->num_players != 2) {
        *timid = rng_unit(rng) < timid_share;
        hard_world4(v, seat, b, *timid, rng, out);
        return;
    }
    for (int tries = 0; tries < 40; tries++) {
        truco_rules.resample(v, seat, rng, out);
        *timid = rng_unit(rng) < timid_share;
        double l = *timid ? timid_likelihood(out, 1 - seat, b) : bets_likelihood(out, seat, b, rng);
        if (rng_unit(rng) < l)
            return;
    }
}

/* Two players, by importance weights (infer.h): a guess is a deal consistent with the view
 * and a type for the opponent, weighed by how likely its bets are under that type. */
typedef struct {
    TrucoState det;
    bool timid;
} World2;

typedef struct {
    const TrucoState *v;
    int seat;
    const OppBets *b;
    double timid_share;
    unsigned reach; /* a rational opponent's world by the table's reach of these decisions
                     * (TrucoHardParams.reach), 0 by the bet readings */
    const OppBets *unread; /* with reach, the bets it does not weigh, read as before */
} World2Model;

static bool world2_propose(void *user, Rng *rng, void *out)
{
    const World2Model *m = user;
    World2 *w = out;
    truco_rules.resample(m->v, m->seat, rng, &w->det);
    w->timid = rng_unit(rng) < m->timid_share;
    return true;
}

static double world2_log_likelihood(void *user, const void *guess, Rng *rng)
{
    const World2Model *m = user;
    const World2 *w = guess;
    if (m->reach && !w->timid) {
        double l = bets_likelihood(&w->det, m->seat, m->unread, rng);
        return l > 0 ? truco_cfr_reach(&w->det, 1 - m->seat, HARD_REACH_FLOOR, m->reach) + log(l)
                     : -INFINITY;
    }
    double l = w->timid ? timid_likelihood(&w->det, 1 - m->seat, m->b)
                        : bets_likelihood(&w->det, m->seat, m->b, rng);
    return l > 0 ? log(l) : -INFINITY;
}

const TrucoHardParams truco_hard_defaults = {
    .worlds = 200,
    .reraise_min = 0,
    /* Two players: a raise must beat the best other choice by 0.03 of the match. The
     * rollouts' other side answers a raise from its own cards only, without reading the
     * raise, so a raise (a bluff above all) looks better there than it is. Issue 26, 400
     * duplicate games each on the same deals: against Hard as it was, margin 0.02 0.578,
     * 0.03 0.630; against Medium 0.748 and 0.775; Mineiro against Medium 0.608 and 0.638
     * (docs/truco-hard.md). */
    .raise_margin = 0.03,
    .exact = 0,
    .opp_discount = 0,
    .particles = 0,
    /* Four players: the same margin (a raise in the rollouts is answered as naively). 400
     * duplicate games against Medium, seed 2026, with the match record below: 0.670
     * [0.623, 0.714] (docs/truco-hard.md). */
    .raise_margin4 = 0.03,
    /* The opponent's record over the match moves the share of seed-like worlds, and the
     * margin is waived as it makes the opponent likelier seed-like than not: the margin
     * cost a third of the points against Easy, who refuses most trucos (Paulista 0.753 where
     * the old Hard had 0.808). 400 games: against Easy 0.720 -> 0.773 (net points a hand
     * 0.275 -> 0.507, seed 2026), against the old Hard net points 0.378 -> 0.388 (seed 17);
     * against Medium 0.767 [0.740, 0.792] over 1,000 games, seed 2026 (docs/truco-hard.md). */
    .match_types = 1,
    .margin_rational = 2,
    /* Issue 41's equilibrium table (docs/truco-cfr.md) answers raises with two seats (the
     * search still raises on turns, and bets with four). Against the search's own answers
     * (cfr 0) it scored 0.5535 [0.532, 0.575] over 2,000 duplicate games (Paulista, seed
     * 4545), +0.187 [0.146, 0.228] points a hand; 0.525 [0.494, 0.556] with Mineiro's values
     * (1,000 games); against Medium 0.706, 0.583, 0.735, 0.705 in Paulista, Mineiro's
     * values, manilha velha, baralho limpo (1,000 games each). Its answers are drawn at the
     * table's frequencies; the analysis values every answer by the search beside the draw
     * and marks it mixed (analysis.h), so a hint says how often and a review grades an
     * answer the table gives as free. The table on turns too (TRUCO_CFR_TURNS |
     * TRUCO_CFR_ANSWERS) scored 0.486 [0.455, 0.517] over 1,000 games: off.
     * With four seats the team table's answers (TRUCO_CFR_FOUR, solved by
     * bench/truco/truco_cfr_solve -v 4, not shipped) scored 0.5045 [0.483, 0.526] against
     * the search's over 2,000 games (Paulista), 0.505 under the three house rules, and
     * against Medium 0.676 where the search's scored 0.693 on the same 1,000 games: no
     * gain, so four seats bet by the search (docs/truco-cfr.md, "Fifth look"). */
    .cfr = TRUCO_CFR_ANSWERS,
    .reach = 0,
};

/* The table's betting decision, drawn at its frequencies (truco_cfr_policy's k, ta and tp): an
 * action of acts[0..n), or -1 when the table says not to raise on this turn to play (the
 * raises are then taken out of acts, *n updated), or -2 when it has nothing to say. */
static Action cfr_decide(int k, const Action *ta, const double *tp, Rng *rng, Action *acts,
                         int *n)
{
    if (k <= 0)
        return -2;
    int pick = cfr_sample(tp, k, rng_unit(rng));
    if (ta[pick] < 0) { /* no raise now */
        int m = 0;
        for (int i = 0; i < *n; i++)
            if (acts[i] < TR_TRUCO || acts[i] > TR_DOZE)
                acts[m++] = acts[i];
        *n = m;
        return -1;
    }
    return ta[pick];
}

static bool is_raise(Action a) { return a >= TR_TRUCO && a <= TR_DOZE; }
static bool is_card(Action a) { return a >= TR_PLAY && a < TR_PLAY_SLOT; }

/* The equity of the hand's three ends at its current value, for `team`. */
static void end_equities(const TrucoState *s, int team, double eq[3])
{
    int v = s->value;
    eq[0] = truco_equity(s, team, 0, v); /* lost */
    eq[1] = truco_equity(s, team, 0, 0); /* nobody scores */
    eq[2] = truco_equity(s, team, v, 0); /* won */
}

/* The share of the raise margin asked (margin_rational): 1 the share of the worlds whose
 * opponent is rational; 2 all of it unless the match's record makes the opponent likelier
 * timid than not, then less in proportion, none when sure (share s of timid worlds:
 * min(1, 2 (1 - s))); 0 all of it. */
static double margin_scale(const TrucoHardParams *prm, int rational, int done, double share)
{
    if (prm->margin_rational == 1)
        return done > 0 ? (double)rational / done : 1;
    if (prm->margin_rational == 2) {
        double k = 2 * (1 - share);
        return k > 1 ? 1 : k;
    }
    return 1;
}

/* Hard's search; with `an`, also each action's mean result and its standard error. */
static Action hard_run(const BotRequest *req, const TrucoHardParams *prm, Analysis *an,
                       double *share)
{
    if (share)
        *share = -1;
    const TrucoState *v = req->view;
    Action acts[RULES_MAX_ACTIONS];
    int n = truco_rules.legal_actions(v, acts);
    if (an)
        analysis_begin(an, &truco_rules, v, req->seat, ANALYSIS_WIN);
    if (n <= 0)
        return -1;
    /* Honest signs first, without a search; an analysis still values the other actions. */
    Action sign = truco_signal_decide(v, req->seat);
    if (sign >= 0 && !an)
        return sign;
    n = drop_signals(acts, n);
    if (n == 1)
        return sign >= 0 ? sign : acts[0];
    if (v->phase == TR_PH_ONZE && truco_can_pass(v))
        return TR_PASS; /* both see both hands: the partner (perhaps a person) chooses */
    int cfr_here = v->phase == TR_PH_ANSWER ? prm->cfr & TRUCO_CFR_ANSWERS : prm->cfr & TRUCO_CFR_TURNS;
    if ((prm->cfr & TRUCO_CFR_FAR) &&
        (truco_cfr_score_bucket(v->opt_values, v->score[0]) ||
         truco_cfr_score_bucket(v->opt_values, v->score[1])))
        cfr_here = 0; /* near the game's end: the search's exact match equity */
    if (v->num_players == 4 && !(prm->cfr & TRUCO_CFR_FOUR))
        cfr_here = 0; /* four seats: the team table only when asked (TRUCO_CFR_FOUR) */
    /* The table's answer, when it gives one: an analysis draws it alike (the hint is Hard's
     * choice), then values every action by the search beside it and says how often the
     * table plays each (a mixed analysis). */
    Action mixed = -1, ta[4];
    double tp[4];
    int tk = 0;
    if (cfr_here) {
        /* The table's bet. On a turn to play, its raise is played unsearched (an analysis
         * leaves every action unvalued) and its "no raise" leaves the cards to the search. */
        tk = truco_cfr_policy(v, req->seat, ta, tp);
        Action t = cfr_decide(tk, ta, tp, req->rng, acts, &n);
        if (t >= 0 && (!an || v->phase != TR_PH_ANSWER))
            return sign >= 0 ? sign : t;
        if (t >= 0)
            mixed = t;
        else if (n == 1)
            return sign >= 0 ? sign : acts[0];
    }
    double sumsq[RULES_MAX_ACTIONS] = {0};
    int done = 0;
    int team = truco_team(req->seat);
    BotBudget budget;
    bot_budget_start(&budget, req, prm->worlds > 0 ? prm->worlds : truco_hard_defaults.worlds);
    double sum[RULES_MAX_ACTIONS] = {0};
    OppBets bets = opp_bets(v, team);
    /* The prior share of timid worlds: the level's, or moved by the opponent's record of
     * answers over the match (match_types) */
    double timid_share = v->num_players == 2 ? HARD_TIMID_SHARE
                         : prm->timid_prior4 > 0 ? prm->timid_prior4
                                                 : HARD_TIMID_SHARE4;
    if (prm->match_types)
        timid_share = timid_share_from(v, req->seat, timid_share, prm->match_types == 1);
    double match_share = timid_share;
    int rational = 0; /* worlds whose opponent is of the rational type */
    /* Two players, cards face up: each world is also solved exactly (every card known),
     * for the card choice (exact) and the win chance behind a re-raise (reraise_min). */
    bool two = v->num_players == 2 && !v->blind &&
               (v->phase == TR_PH_PLAY || v->phase == TR_PH_ANSWER);
    bool exact = two && prm->exact && v->phase == TR_PH_PLAY;
    bool solve = exact || (two && v->phase == TR_PH_ANSWER && (prm->reraise_min > 0 || share));
    /* Two players with bets to read and `particles` set: the worlds are drawn by weight
     * from that many weighed guesses, instead of by rejection. */
    Particles parts;
    particles_init(&parts, sizeof(World2));
    bool weighted = false;
    /* With `reach`, a rational opponent's worlds are weighed by how likely the table makes
     * its betting in this hand with those cards (truco_cfr_reach, the kinds of decisions
     * set; its turns without a raise too with TRUCO_REACH_QUIET, so the worlds are weighed
     * even before any bet), and the bets not weighed so are read as before. */
    unsigned reach = v->num_players == 2 && v->kind == TR_KIND_NORMAL && !v->blind &&
                             !truco_cfr_status()
                         ? (unsigned)prm->reach
                         : 0;
    if (v->num_players == 2 &&
        (reach || (prm->particles > 0 && (bets.raises || bets.accepts || bets.onze)))) {
        OppBets unread = unread_bets(v, team, reach);
        World2Model wm = {v, req->seat, &bets, timid_share, reach, &unread};
        const InferModel model = {sizeof(World2), world2_propose, world2_log_likelihood};
        int guesses = prm->particles > 0 ? prm->particles : HARD_REACH_GUESSES;
        weighted = infer_sample(&model, &wm, req->rng, guesses, 1.0, &parts) > 0;
    }
    double xsum[RULES_MAX_ACTIONS] = {0}, wsum = 0;
    /* Two players: how the other side's rational type answers a raise in the rollouts. */
    Style opp_style = rollout_style;
    const Style *opp = NULL;
    if (v->num_players == 2 && prm->opp_discount > 0) {
        opp_style.discount = prm->opp_discount;
        opp = &opp_style;
    }
    double eq[3];
    if (exact)
        end_equities(v, team, eq);
    for (int d = 0;; d++) {
        if (budget.iterations > 0 && d >= budget.iterations)
            break;
        if (d > 0 && (d & 7) == 0 && bot_budget_over(&budget, d))
            break;
        TrucoState det;
        bool timid = false;
        if (weighted) {
            const World2 *w = particle_at(&parts, particles_pick(&parts, rng_unit(req->rng)));
            det = w->det;
            timid = w->timid;
        } else {
            hard_world(v, req->seat, &bets, timid_share, req->rng, &det, &timid);
        }
        rational += !timid;
        if (solve) {
            int r = truco_exact_result(&det, team);
            wsum += r > 0 ? 1 : r == 0 ? 0.5 : 0;
        }
        uint64_t seed = rng_next(req->rng);
        for (int i = 0; i < n; i++) {
            TrucoState x = det;
            if (truco_rules.apply(&x, acts[i])) {
                sum[i] = -1e9;
                continue;
            }
            if (exact && (is_card(acts[i]))) {
                int r = x.phase == TR_PH_PLAY ? truco_exact_result(&x, team)
                                              : x.last_winner == team ? 1
                                              : x.last_winner < 0     ? 0
                                                                      : -1;
                xsum[i] += eq[r + 1];
            }
            Rng r;
            rng_seed(&r, seed);
            double y = rollout(&x, team, timid, opp, &r);
            sum[i] += y;
            sumsq[i] += y * y;
        }
        done++;
    }
    particles_free(&parts);
    if (share && solve && done > 0)
        *share = wsum / done;
    int best = 0;
    for (int i = 1; i < n; i++)
        if (sum[i] > sum[best] + 1e-9)
            best = i;
    if (done > 0 && is_raise(acts[best])) {
        /* A raise must beat the best other choice by the margin, and a raise answering a
         * raise needs a hand that wins often enough in the worlds the bets point to. */
        int alt = -1;
        for (int i = 0; i < n; i++)
            if (!is_raise(acts[i]) && (alt < 0 || sum[i] > sum[alt] + 1e-9))
                alt = i;
        bool weak = solve && v->phase == TR_PH_ANSWER && wsum / done < prm->reraise_min;
        double margin = v->num_players == 2 ? prm->raise_margin : prm->raise_margin4;
        /* With margin_rational, only the worlds of a rational opponent ask for the margin:
         * a timid one answers in the rollouts exactly as its type does, raises included. */
        double asked = margin * done * margin_scale(prm, rational, done, match_share);
        if (alt >= 0 && (weak || sum[best] - sum[alt] < asked))
            best = alt;
    }
    if (exact && done > 0 && is_card(acts[best])) {
        /* The card by the exact values over the worlds; the rollouts break ties (a card
         * face down or up alike). */
        int xb = best;
        for (int i = 0; i < n; i++)
            if (is_card(acts[i]) &&
                (xsum[i] > xsum[xb] + 1e-9 || (xsum[i] > xsum[xb] - 1e-9 && sum[i] > sum[xb])))
                xb = i;
        best = xb;
    }
    if (an && done > 0) {
        an->samples = done;
        for (int i = 0; i < n; i++) {
            AnalysisItem *x = analysis_item(an, acts[i]);
            if (!x || sum[i] < -1e8)
                continue;
            double mean = sum[i] / done, var = sumsq[i] / done - mean * mean;
            x->valued = true;
            /* a raise is worth to Hard its rollouts' value less the margin it must earn,
             * so the analysis's best is Hard's choice */
            double m = v->num_players == 2 ? prm->raise_margin : prm->raise_margin4;
            m *= margin_scale(prm, rational, done, match_share);
            x->value = mean - (is_raise(acts[i]) ? m : 0);
            x->stderr_ = done > 1 && var > 0 ? sqrt(var / (done - 1)) : 0;
            x->visits = done;
        }
    }
    if (mixed >= 0) {
        if (an) {
            an->mixed = true;
            for (int j = 0; j < tk; j++) {
                AnalysisItem *x = analysis_item(an, ta[j]);
                if (x)
                    x->freq = tp[j];
            }
        }
        return sign >= 0 ? sign : mixed;
    }
    return sign >= 0 ? sign : acts[best];
}

Action truco_hard_decide_with(const BotRequest *req, const TrucoHardParams *params)
{
    return hard_run(req, params, NULL, NULL);
}

Action truco_hard_decide_share(const BotRequest *req, const TrucoHardParams *params,
                               double *share)
{
    return hard_run(req, params, NULL, share);
}

Action truco_hard_decide(const BotRequest *req) { return hard_run(req, &truco_hard_defaults, NULL, NULL); }

Action truco_hard_analyze(const BotRequest *req, Analysis *out)
{
    return hard_run(req, &truco_hard_defaults, out, NULL);
}

Action truco_hard_analyze_with(const BotRequest *req, const TrucoHardParams *params,
                               Analysis *out)
{
    return hard_run(req, params, out, NULL);
}

/* ---- A partner's limits (BotLimit) ------------------------------------------------------ */

static bool limit_allows(unsigned flags, const void *view, int seat, Action a)
{
    const TrucoState *s = view;
    if ((flags & TRUCO_LIMIT_LEAVE_ANSWER) && truco_can_pass(s) && truco_current_player(s) == seat)
        return a == TR_PASS;
    if ((flags & TRUCO_LIMIT_NO_RAISE) && s->phase == TR_PH_PLAY)
        return a < TR_TRUCO || a > TR_DOZE;
    return true;
}

static void limit_close(unsigned flags, void *view, int seat)
{
    TrucoState *s = view;
    /* Its team made the last raise: the rules let it raise no further on its turn. */
    if ((flags & TRUCO_LIMIT_NO_RAISE) && s->phase == TR_PH_PLAY)
        s->last_raise_team = (int8_t)truco_team(seat);
}

BotLimit truco_partner_limit(unsigned flags)
{
    return (BotLimit){.flags = flags, .allows = limit_allows, .close = limit_close};
}

