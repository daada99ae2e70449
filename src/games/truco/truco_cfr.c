/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco's betting abstraction and the strategy table (truco_cfr.h). */
#include "truco_cfr.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "truco_bots.h"

/* ---- Information sets ----------------------------------------------------------------- */

int truco_cfr_class(int strength)
{
    static const int8_t map[14] = {0, 0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 6, 7, 8};
    return strength >= 0 && strength <= 13 ? map[strength] : 0;
}

/* Multisets of classes, in order: idx3[a][b][c] for a <= b <= c, idx2, and the counts. */
static int16_t idx3[TCFR_CLASSES][TCFR_CLASSES][TCFR_CLASSES];
static int16_t idx2[TCFR_CLASSES][TCFR_CLASSES];
static pthread_once_t idx_once = PTHREAD_ONCE_INIT;

static void idx_init(void)
{
    int k = 0;
    for (int a = 0; a < TCFR_CLASSES; a++)
        for (int b = a; b < TCFR_CLASSES; b++)
            for (int c = b; c < TCFR_CLASSES; c++)
                idx3[a][b][c] = (int16_t)k++;
    k = 0;
    for (int a = 0; a < TCFR_CLASSES; a++)
        for (int b = a; b < TCFR_CLASSES; b++)
            idx2[a][b] = (int16_t)k++;
}

int truco_cfr_prev(int cls) { return cls <= 3 ? 0 : cls <= 5 ? 1 : cls <= 7 ? 2 : 3; }

enum {
    H3 = 165, H2 = 45, H1 = TCFR_CLASSES,
    R0_BASE = 0,
    R1_BASE = H3 * TCFR_TABLE_CARDS,
    R2_BASE = R1_BASE + 2 * H2 * 3 * TCFR_PREV * TCFR_TABLE_CARDS,
    HS_END = R2_BASE + 2 * H1 * 3 * TCFR_TABLE_CARDS,
    /* four seats: the same with the team's table cards, times the place in the rodada */
    T4 = TCFR4_TABLE_CARDS * 4,
    R1_BASE4 = H3 * T4,
    R2_BASE4 = R1_BASE4 + 2 * H2 * 3 * TCFR_PREV * T4,
    HS_END4 = R2_BASE4 + 2 * H1 * 3 * T4,
};
_Static_assert((int)HS_END == (int)TCFR_HANDS, "hand situations");
_Static_assert((int)HS_END4 == (int)TCFR4_HANDS, "team hand situations");

static int res_index(int r) { return r > 0 ? 0 : r < 0 ? 1 : 2; }

static bool team_spot(const TrucoCfrSpot *sp) { return sp->seats == 4; }

/* The (score, hand situation) index of a spot, -1 if none. */
static long situation(const TrucoCfrSpot *sp)
{
    pthread_once(&idx_once, idx_init);
    bool team = team_spot(sp);
    int tcards = team ? TCFR4_TABLE_CARDS : TCFR_TABLE_CARDS;
    if (sp->table < 0 || sp->table >= tcards || (team && (sp->pos < 0 || sp->pos > 3)) ||
        sp->score < 0 || sp->score >= TCFR_SCORES || sp->rodada != 3 - sp->n || sp->prev < 0 ||
        sp->prev >= TCFR_PREV)
        return -1;
    int c[3];
    for (int i = 0; i < sp->n; i++) {
        if (sp->cls[i] < 0 || sp->cls[i] >= TCFR_CLASSES)
            return -1;
        c[i] = sp->cls[i];
    }
    for (int i = 1; i < sp->n; i++) /* ascending */
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    int mao = sp->mao ? 1 : 0;
    /* the table card's index: with four seats it is also the place in the rodada */
    long tc = team ? (long)sp->pos * TCFR4_TABLE_CARDS + sp->table : sp->table;
    long nt = team ? T4 : TCFR_TABLE_CARDS;
    long r1 = team ? R1_BASE4 : R1_BASE, r2 = team ? R2_BASE4 : R2_BASE;
    long hs;
    if (sp->rodada == 0) {
        hs = (long)idx3[c[0]][c[1]][c[2]] * nt + tc;
    } else if (sp->rodada == 1) {
        hs = r1 + (((long)(mao * H2 + idx2[c[0]][c[1]]) * 3 + res_index(sp->res[0])) *
                       TCFR_PREV + sp->prev) * nt + tc;
    } else {
        int a = sp->res[0], b = sp->res[1], hist;
        if (a > 0 && b < 0)
            hist = 0;
        else if (a < 0 && b > 0)
            hist = 1;
        else if (a == 0 && b == 0)
            hist = 2;
        else
            return -1; /* the hand would be decided */
        hs = r2 + ((long)(mao * H1 + c[0]) * 3 + hist) * nt + tc;
    }
    return (long)sp->score * (team ? TCFR4_HANDS : TCFR_HANDS) + hs;
}

long truco_cfr_infoset(const TrucoCfrSpot *sp)
{
    long x = situation(sp);
    int nb = team_spot(sp) ? TCFR4_BETS : TCFR_BETS;
    if (x < 0 || sp->bet < 0 || sp->bet >= nb)
        return -1;
    return x * nb + sp->bet;
}

long truco_cfr_solver_infoset(const TrucoCfrSpot *sp)
{
    long x = situation(sp);
    int nb = team_spot(sp) ? TCFR4_SOLVER_BETS : TCFR_SOLVER_BETS;
    if (x < 0 || sp->bet < 0 || sp->bet >= nb)
        return -1;
    return x * nb + sp->bet;
}

long truco_cfr_section_sets(int section)
{
    return section == TCFR_TEAM ? TCFR4_INFOSETS : TCFR_INFOSETS;
}

long truco_cfr_solver_of(int section, long infoset, int *n_actions)
{
    bool team = section == TCFR_TEAM;
    int nb = team ? TCFR4_BETS : TCFR_BETS;
    long set = infoset / nb;
    int bet = (int)(infoset % nb);
    long hs = set % (team ? TCFR4_HANDS : TCFR_HANDS);
    long r1 = team ? R1_BASE4 : R1_BASE, r2 = team ? R2_BASE4 : R2_BASE;
    int rodada = hs < r1 ? 0 : hs < r2 ? 1 : 2;
    *n_actions = bet < 4 ? 1 + (3 - rodada) : truco_cfr_actions(team ? 4 : 2, bet);
    return set * (team ? TCFR4_SOLVER_BETS : TCFR_SOLVER_BETS) + bet;
}

int truco_cfr_actions(int seats, int bet)
{
    if (bet < 4)
        return 2;
    if (seats == 4)
        return bet < 8 ? (bet < 7 ? 4 : 3) : (bet < 11 ? 3 : 2);
    return bet < 7 ? 3 : 2;
}

int truco_cfr_score_bucket(int values, int score)
{
    int o = values == TR_VALUES_MINEIRO ? 10 : 11;
    return score <= o - 5 ? 0 : score <= o - 3 ? 1 : 2;
}

int truco_cfr_variant(const TrucoState *s)
{
    if (s->num_players == 4)
        return s->opt_values == TR_VALUES_PAULISTA && s->opt_manilhas == TR_MANILHAS_VIRA &&
                       s->opt_deck == TR_DECK_40
                   ? TCFR_TEAM
                   : -1;
    if (s->opt_values == TR_VALUES_MINEIRO)
        return 1;
    if (s->opt_manilhas == TR_MANILHAS_FIXED)
        return 2;
    if (s->opt_deck == TR_DECK_24)
        return 3;
    return 0;
}

/* ---- The abstract game ------------------------------------------------------------------ */

typedef struct {
    TrucoState rules;        /* the variant's options (values, manilhas, deck) */
    Card deck[TR_DECK];
    int n_deck;
    int onze;                /* the onze score: scores 0..onze-1 in an ordinary hand */
    /* player 0's equity change at true scores (x, y) after scoring (a, b) more */
    double eq[TCFR_MAX_SCORE][TCFR_MAX_SCORE][13][13];
} Variant;

static Variant variants[TCFR_VARIANTS];
static pthread_once_t var_once = PTHREAD_ONCE_INIT;

/* The scores of a bucket: lo..hi. */
static void bucket_range(int onze, int b, int *lo, int *hi)
{
    *lo = b == 0 ? 0 : b == 1 ? onze - 4 : onze - 2;
    *hi = b == 0 ? onze - 5 : b == 1 ? onze - 3 : onze - 1;
}

static void var_init(void)
{
    static const int presets[TCFR_VARIANTS][3] = {
        /* manilhas, deck, values */
        {TR_MANILHAS_VIRA, TR_DECK_40, TR_VALUES_PAULISTA},
        {TR_MANILHAS_VIRA, TR_DECK_40, TR_VALUES_MINEIRO},
        {TR_MANILHAS_FIXED, TR_DECK_40, TR_VALUES_PAULISTA},
        {TR_MANILHAS_VIRA, TR_DECK_24, TR_VALUES_PAULISTA},
    };
    for (int k = 0; k < TCFR_VARIANTS; k++) {
        Variant *v = &variants[k];
        GameOptions o;
        rules_default_options(&truco_rules, &o);
        o.v[TR_OPT_MANILHAS] = presets[k][0];
        o.v[TR_OPT_DECK] = presets[k][1];
        o.v[TR_OPT_VALUES] = presets[k][2];
        truco_rules.init(&v->rules, &o, 2, 1);
        v->n_deck = 0;
        for (int i = 0; i < 52; i++)
            if (truco_in_deck(&v->rules, card_from_index(i)))
                v->deck[v->n_deck++] = card_from_index(i);
        v->onze = presets[k][2] == TR_VALUES_MINEIRO ? 10 : 11;
        for (int x = 0; x < v->onze; x++)
            for (int y = 0; y < v->onze; y++) {
                TrucoState t = v->rules;
                t.score[0] = (uint8_t)x;
                t.score[1] = (uint8_t)y;
                double base = truco_equity(&t, 0, 0, 0);
                for (int a = 0; a < 13; a++)
                    for (int b = 0; b < 13; b++)
                        v->eq[x][y][a][b] = truco_equity(&t, 0, a, b) - base;
            }
    }
}

static int value_of(const Variant *v, int step)
{
    return step == 0 ? truco_base_value(&v->rules) : truco_raise_value(&v->rules, step);
}

static int to_move(const TrucoCfrState *s)
{
    if (s->winner != 2)
        return -1;
    if (s->answer)
        return s->answerer;
    return (s->leader + s->n_table) % 2;
}

static bool can_raise(const TrucoCfrState *s, int m) { return s->v < 4 && s->last != m; }

/* The player to move plays its card i (ascending). */
static void play_card(TrucoCfrState *s, int i)
{
    int m = (s->leader + s->n_table) % 2, x = s->c[m][i];
    for (int k = i; k + 1 < s->n[m]; k++)
        s->c[m][k] = s->c[m][k + 1];
    s->n[m]--;
    if (s->rodada == 0)
        s->first[m] = (int8_t)x;
    if (s->n_table == 0) {
        s->tcard = (int8_t)x;
        s->n_table = 1;
        return;
    }
    int lead = s->leader, follow = 1 - lead, t = s->tcard;
    int w = t > x ? lead : x > t ? follow : -1;
    s->res[s->rodada++] = (int8_t)(w < 0 ? 0 : w == 0 ? 1 : -1);
    s->leader = (uint8_t)(w < 0 ? follow : w); /* after a tie, who tied it leads */
    s->n_table = 0;
    int r = truco_hand_outcome(s->res, s->rodada); /* player 0's side */
    if (r != 2) {
        s->winner = (int8_t)r;
        s->points = (uint8_t)value_of(&variants[s->variant], s->v);
    }
}

/* A last card that cannot be preceded by a raise is played at once. */
static void advance(TrucoCfrState *s)
{
    for (;;) {
        int m = (s->leader + s->n_table) % 2;
        if (s->winner != 2 || s->answer || can_raise(s, m) || s->n[m] > 1)
            return;
        play_card(s, 0);
    }
}

static int g_to_move(const void *st) { return to_move(st); }

static double g_utility(const void *st)
{
    const TrucoCfrState *s = st;
    const Variant *v = &variants[s->variant];
    if (s->winner == 0)
        return 0;
    const double (*eq)[13] = v->eq[s->sc[0]][s->sc[1]];
    return s->winner > 0 ? eq[s->points][0] : eq[0][s->points];
}

/* Answers: accept, run, raise again (not after doze). Turns: raise (when allowed), then
 * each card, lowest first. */
static int g_actions(const void *st)
{
    const TrucoCfrState *s = st;
    if (s->answer)
        return s->pending < 4 ? 3 : 2;
    int m = (s->leader + s->n_table) % 2;
    return can_raise(s, m) + s->n[m];
}

void truco_cfr_spot_base(TrucoCfrSpot *sp, int side, const int8_t *cards, int n, int rodada,
                         const int8_t *res, int other_first, int score)
{
    int me = side == 0 ? 1 : -1;
    memset(sp, 0, sizeof *sp);
    sp->n = n;
    for (int i = 0; i < n; i++)
        sp->cls[i] = truco_cfr_class(cards[i]);
    sp->rodada = rodada;
    for (int r = 0; r < rodada && r < 2; r++)
        sp->res[r] = res[r] * me;
    sp->mao = side == 0;
    if (rodada >= 1)
        sp->prev = truco_cfr_prev(truco_cfr_class(other_first));
    int b0 = score / TCFR_SCORE_BUCKETS, b1 = score % TCFR_SCORE_BUCKETS;
    sp->score = side == 0 ? score : b1 * TCFR_SCORE_BUCKETS + b0;
}

void truco_cfr_state_spot(const TrucoCfrState *s, TrucoCfrSpot *sp)
{
    int m = to_move(s);
    truco_cfr_spot_base(sp, m, s->c[m], s->n[m], s->rodada, s->res, s->first[1 - m], s->score);
    if (s->n_table == 1 && s->leader != m) {
        sp->table = 1 + truco_cfr_class(s->tcard);
    } else if (s->n_table == 1) { /* answering a raise made after its own card */
        sp->table = 11;
        sp->cls[sp->n++] = truco_cfr_class(s->tcard);
    }
    sp->bet = s->answer ? 3 + s->pending : can_raise(s, m) ? s->v : 8 + s->v;
}

static long g_infoset(const void *st)
{
    TrucoCfrSpot sp;
    truco_cfr_state_spot(st, &sp);
    return truco_cfr_solver_infoset(&sp);
}

static void g_apply(void *st, int a)
{
    TrucoCfrState *s = st;
    if (s->answer) {
        int raiser = 1 - s->answerer;
        if (a == 0) { /* accept */
            s->v = s->pending;
            s->last = (int8_t)raiser;
            s->answer = 0;
        } else if (a == 1) { /* run: the raiser scores the value before the raise */
            s->winner = (int8_t)(raiser == 0 ? 1 : -1);
            s->points = (uint8_t)value_of(&variants[s->variant], s->v);
            return;
        } else { /* raise again: the pending value is accepted */
            s->v = s->pending;
            s->pending++;
            s->answerer = (int8_t)raiser;
        }
    } else {
        int m = (s->leader + s->n_table) % 2, cr = can_raise(s, m);
        if (cr && a == 0) { /* raise on the turn */
            s->answer = 1;
            s->pending = (uint8_t)(s->v + 1);
            s->answerer = (int8_t)(1 - m);
            return;
        }
        play_card(s, a - cr);
    }
    advance(s);
}

static int cmp_i8(const void *a, const void *b) { return *(const int8_t *)a - *(const int8_t *)b; }

void truco_cfr_deal_cards(int variant, Rng *rng, int players, int8_t (*c)[3])
{
    pthread_once(&var_once, var_init);
    const Variant *v = &variants[variant];
    Card d[TR_DECK];
    int n = v->n_deck, k = players * 3;
    memcpy(d, v->deck, (size_t)n * sizeof d[0]);
    for (int i = 0; i <= k; i++) { /* a partial shuffle: the hands and the vira */
        int j = i + (int)rng_below(rng, (uint32_t)(n - i));
        Card t = d[i];
        d[i] = d[j];
        d[j] = t;
    }
    TrucoState t = v->rules;
    t.vira = d[k];
    for (int p = 0; p < players; p++) {
        for (int i = 0; i < 3; i++)
            c[p][i] = (int8_t)truco_card_strength(&t, d[p * 3 + i]);
        qsort(c[p], 3, 1, cmp_i8);
    }
}

void truco_cfr_deal_score(int variant, Rng *rng, uint8_t *score, uint8_t sc[2])
{
    pthread_once(&var_once, var_init);
    const Variant *v = &variants[variant];
    /* a bucket pair, each as likely, then a true score in each bucket */
    *score = (uint8_t)rng_below(rng, TCFR_SCORES);
    for (int p = 0; p < 2; p++) {
        int lo, hi;
        bucket_range(v->onze, p == 0 ? *score / TCFR_SCORE_BUCKETS : *score % TCFR_SCORE_BUCKETS,
                     &lo, &hi);
        sc[p] = (uint8_t)(lo + (int)rng_below(rng, (uint32_t)(hi - lo + 1)));
    }
}

int truco_cfr_value_of(int variant, int step)
{
    pthread_once(&var_once, var_init);
    return value_of(&variants[variant], step);
}

double truco_cfr_equity_delta(int variant, int x, int y, int a, int b)
{
    pthread_once(&var_once, var_init);
    return variants[variant].eq[x][y][a][b];
}

static void g_deal(void *st, Rng *rng, void *user)
{
    const Variant *v = user;
    TrucoCfrState *s = st;
    memset(s, 0, sizeof *s);
    int variant = (int)(v - variants);
    truco_cfr_deal_cards(variant, rng, 2, s->c);
    s->n[0] = s->n[1] = 3;
    s->last = -1;
    s->winner = 2;
    truco_cfr_deal_score(variant, rng, &s->score, s->sc);
    s->variant = (uint8_t)variant;
    advance(s);
}

void truco_cfr_game(int variant, CfrGame *out)
{
    if (variant == TCFR_TEAM) {
        truco_cfr_team_game(out);
        return;
    }
    pthread_once(&var_once, var_init);
    *out = (CfrGame){
        .state_size = sizeof(TrucoCfrState),
        .infosets = TCFR_SOLVER_INFOSETS,
        .to_move = g_to_move,
        .utility = g_utility,
        .actions = g_actions,
        .infoset = g_infoset,
        .apply = g_apply,
        .deal = g_deal,
        .user = &variants[variant],
    };
}

/* ---- The table --------------------------------------------------------------------------- */

enum { HEADER = 16, CHECK = 4 };
#define TCFR_VARIANT_BYTES ((size_t)TCFR_SCORES * TCFR_HANDS * TCFR_SET_BYTES)
#define TCFR_TEAM_BYTES ((size_t)TCFR_SCORES * TCFR4_HANDS * TCFR4_SET_BYTES)

size_t truco_cfr_blob_size(void)
{
    return HEADER + TCFR_VARIANTS * TCFR_VARIANT_BYTES + TCFR_TEAM_BYTES + CHECK;
}

/* Offsets of the bet states in a (score, hand) record: turns 1 byte, an answer of n actions
 * n - 1 (truco_cfr_actions). */
static const uint8_t bet_offset[TCFR_BETS] = {0, 1, 2, 3, 4, 6, 8, 10};
static const uint8_t bet_offset4[TCFR4_BETS] = {0, 1, 2, 3, 4, 7, 10, 13, 15, 17, 19, 21};

/* The action an entry of n actions leaves out (its share is the rest). */
static int omitted(int n) { return n == 2 ? 0 : 1; }

bool truco_cfr_decode(const uint8_t *e, int n, double *probs)
{
    int o = omitted(n), rest = 254;
    bool unreached = true;
    for (int a = 0, j = 0; a < n; a++)
        if (a != o)
            unreached &= e[j++] == 255;
    if (unreached)
        return false;
    for (int a = 0, j = 0; a < n; a++)
        if (a != o) {
            probs[a] = e[j] / 254.0;
            rest -= e[j++];
        }
    probs[o] = rest / 254.0;
    return true;
}

void truco_cfr_encode(uint8_t *e, int n, const double *probs)
{
    if (!probs) {
        memset(e, 255, (size_t)(n - 1));
        return;
    }
    int o = omitted(n);
    long left = 254;
    for (int a = 0, j = 0; a < n; a++)
        if (a != o) {
            long x = lround(probs[a] * 254);
            x = x < 0 ? 0 : x > left ? left : x;
            e[j++] = (uint8_t)x;
            left -= x;
        }
}

size_t truco_cfr_offset(int section, long infoset, int *n_actions)
{
    bool team = section == TCFR_TEAM;
    int nb = team ? TCFR4_BETS : TCFR_BETS;
    int bet = (int)(infoset % nb);
    long set = infoset / nb;
    if (n_actions)
        *n_actions = truco_cfr_actions(team ? 4 : 2, bet);
    if (team)
        return HEADER + TCFR_VARIANTS * TCFR_VARIANT_BYTES + (size_t)set * TCFR4_SET_BYTES +
               bet_offset4[bet];
    return HEADER + (size_t)section * TCFR_VARIANT_BYTES + (size_t)set * TCFR_SET_BYTES +
           bet_offset[bet];
}

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void header(uint8_t h[HEADER])
{
    memset(h, 0, HEADER);
    memcpy(h, "TCFR", 4);
    h[4] = 3; /* version: 3, the team section added (2: three score buckets a side) */
    h[5] = TCFR_VARIANTS;
    h[6] = TCFR_SCORES;
    h[7] = TCFR_BETS;
    h[8] = (uint8_t)(TCFR_HANDS & 0xff);
    h[9] = (uint8_t)(TCFR_HANDS >> 8);
    h[10] = TCFR_CLASSES;
    h[11] = TCFR_SET_BYTES;
    h[12] = (uint8_t)(TCFR4_HANDS & 0xff);
    h[13] = (uint8_t)((TCFR4_HANDS >> 8) & 0xff);
    h[14] = (uint8_t)(TCFR4_HANDS >> 16);
    h[15] = TCFR4_SET_BYTES;
}

void truco_cfr_seal(uint8_t *blob)
{
    header(blob);
    size_t n = truco_cfr_blob_size() - CHECK;
    uint32_t h = fnv1a(blob, n);
    for (int i = 0; i < 4; i++)
        blob[n + i] = (uint8_t)(h >> (8 * i));
}

/* Has the blob's team section a set the solve reached (the shipped one's is all 255)? */
static bool team_reached(const uint8_t *blob, size_t n)
{
    for (size_t i = truco_cfr_offset(TCFR_TEAM, 0, NULL); i < n - CHECK; i++)
        if (blob[i] != 255)
            return true;
    return false;
}

const char *truco_cfr_check(const uint8_t *blob, size_t n)
{
    if (!blob || n == 0)
        return "the Truco strategy table is missing";
    if (n != truco_cfr_blob_size())
        return "the Truco strategy table has the wrong size";
    uint8_t h[HEADER];
    header(h);
    if (memcmp(blob, h, HEADER) != 0)
        return "the Truco strategy table is of another version or layout";
    uint32_t sum = 0;
    for (int i = 0; i < 4; i++)
        sum |= (uint32_t)blob[n - CHECK + i] << (8 * i);
    if (sum != fnv1a(blob, n - CHECK))
        return "the Truco strategy table is corrupt (checksum)";
    /* an empty team section (the shipped one) has nothing to check */
    int sections = team_reached(blob, n) ? TCFR_SECTIONS : TCFR_VARIANTS;
    for (int v = 0; v < sections; v++)
        for (long i = 0, sets = truco_cfr_section_sets(v); i < sets; i++) {
            int k;
            const uint8_t *p = blob + truco_cfr_offset(v, i, &k);
            int sum = 0;
            bool unreached = true;
            for (int j = 0; j + 1 < k; j++) {
                sum += p[j];
                unreached &= p[j] == 255;
            }
            if (!unreached && sum > 254)
                return "the Truco strategy table has a set whose probabilities do not add up";
        }
    return NULL;
}

/* The shipped table (truco_cfr_table.inc): lines of base64 whose bytes are run-length
 * coded: 255 then a count is that many 255s (unreached sets); any other byte is itself. */
static const char *const shipped[] = {
#include "truco_cfr_table.inc"
};

static uint8_t *table;         /* the table in use, NULL: none */
static bool table_team;        /* it has a team section with a reached set (kept in memory
                                * only then: the shipped one's is empty) */
static const char *table_why = "the Truco strategy table is not loaded yet";
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static bool table_tried;

static int b64(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* The shipped table decoded; *out_n 0 when there is none (or it does not decode). */
static uint8_t *decode_shipped(size_t *out_n)
{
    size_t cap = truco_cfr_blob_size(), n = 0;
    uint8_t *b = malloc(cap);
    *out_n = 0;
    if (!b)
        return NULL;
    uint32_t acc = 0;
    int bits = 0;
    bool run = false; /* the next byte is a run's count */
    for (size_t l = 0; l < sizeof shipped / sizeof shipped[0]; l++)
        for (const char *p = shipped[l]; *p; p++) {
            int x = b64(*p);
            if (x < 0)
                return b; /* not base64: nothing */
            acc = (acc << 6) | (uint32_t)x;
            bits += 6;
            if (bits < 8)
                continue;
            bits -= 8;
            if (n == cap)
                goto done; /* the table is whole: what follows is the last group's padding */
            uint8_t byte = (uint8_t)(acc >> bits);
            bool counted = run;
            size_t count = counted ? byte : byte == 255 ? 0 : 1;
            run = !counted && byte == 255;
            if (n + count > cap)
                return b; /* too long: not a table */
            memset(b + n, counted ? 255 : byte, count);
            n += count;
        }
done:
    *out_n = n;
    return b;
}

uint8_t *truco_cfr_shipped_bytes(size_t *n) { return decode_shipped(n); }

static const char *install_locked(const uint8_t *blob, size_t n)
{
    uint8_t *own = NULL;
    if (!blob) {
        own = decode_shipped(&n);
        blob = own;
    }
    const char *why = truco_cfr_check(blob, n);
    free(table);
    table = NULL;
    if (!why) {
        table_team = team_reached(blob, n);
        /* without a reached team set, the two-seat sections only */
        size_t keep = table_team ? n : truco_cfr_offset(TCFR_TEAM, 0, NULL);
        table = malloc(keep);
        if (table)
            memcpy(table, blob, keep);
        else
            why = "no memory for the Truco strategy table";
    }
    free(own);
    table_why = why;
    table_tried = true;
    if (why)
        fprintf(stderr, "tasca: %s; Hard bets without it\n", why);
    return why;
}

const char *truco_cfr_install(const uint8_t *blob, size_t n)
{
    pthread_mutex_lock(&table_lock);
    const char *why = install_locked(blob, n);
    pthread_mutex_unlock(&table_lock);
    return why;
}

const char *truco_cfr_status(void)
{
    pthread_mutex_lock(&table_lock);
    if (!table_tried)
        install_locked(NULL, 0);
    const char *why = table_why;
    pthread_mutex_unlock(&table_lock);
    return why;
}

/* ---- From a real view ------------------------------------------------------------------- */

bool truco_cfr_view_spot(const TrucoState *v, int seat, TrucoCfrSpot *sp)
{
    memset(sp, 0, sizeof *sp);
    if (v->kind != TR_KIND_NORMAL || v->blind)
        return false;
    if (v->phase == TR_PH_ANSWER) {
        if (truco_current_player(v) != seat)
            return false;
        sp->bet = 3 + truco_raise_step(v, v->pending);
    } else if (v->phase == TR_PH_PLAY && truco_can_raise(v, seat)) {
        sp->bet = truco_raise_step(v, v->value);
    } else {
        return false;
    }
    int team = truco_team(seat);
    for (int i = 0; i < TR_HAND; i++) {
        Card c = v->hand[seat][i];
        if (c == CARD_NONE)
            continue;
        if (!truco_card_valid(c) || sp->n >= 3)
            return false;
        sp->cls[sp->n++] = truco_cfr_class(truco_card_strength(v, c));
    }
    if (v->n_table > 0 && v->rodada < TR_RODADAS && truco_card_valid(v->table[v->rodada][seat])) {
        /* its card of this rodada is on the table: the abstraction counts it with the hand */
        if (sp->n >= 3)
            return false;
        bool down = (v->down[v->rodada] >> seat) & 1;
        sp->cls[sp->n++] = down ? 0 : truco_cfr_class(truco_card_strength(v, v->table[v->rodada][seat]));
    }
    if (v->num_players == 4) {
        /* The team abstraction's spot: its place in the rodada, and answering, whether its
         * partner left it the answer. The game has no signs: a seat that knows of a sign
         * made in this hand (its partner's, or one it caught) knows more than any of the
         * game's information sets, so the table has no spot for it. */
        for (int q = 0; q < 4; q++)
            for (int k = 0; k < TR_SIGNS; k++)
                if (q != seat && truco_saw_signal(v, seat, q, k))
                    return false;
        sp->seats = 4;
        sp->pos = (seat - v->leader + 4) % 4;
        if (v->phase == TR_PH_ANSWER && v->passed)
            sp->bet += 4;
    } else if (v->num_players != 2) {
        return false;
    }
    sp->rodada = v->rodada;
    for (int r = 0; r < v->rodada && r < 2; r++)
        sp->res[r] = v->result[r] == TR_RES_TIE ? 0 : v->result[r] == team ? 1 : -1;
    sp->mao = truco_team(v->mao) == team;
    if (v->rodada >= 1) { /* the other team's best card of the 1st rodada */
        int best = -1;
        for (int q = 0; q < v->num_players; q++) {
            Card c = v->table[0][q];
            if (truco_team(q) != team && truco_card_valid(c) && !((v->down[0] >> q) & 1) &&
                truco_card_strength(v, c) > best)
                best = truco_card_strength(v, c);
        }
        sp->prev = truco_cfr_prev(truco_cfr_class(best));
    }
    /* The card to beat in this rodada: the other team's best when it holds the rodada (or
     * ties it); 11 when our side holds it (with four seats 11 + the group of our best card);
     * none when nobody played. */
    if (v->n_table > 0) {
        int res, best = truco_rodada_leader(v, v->rodada, &res);
        if (best >= 0 && res == team) {
            sp->table = 11;
            if (sp->seats == 4)
                sp->table += truco_cfr_prev(truco_cfr_class(truco_card_strength(v, v->table[v->rodada][best])));
        } else if (best >= 0) {
            bool down = (v->down[v->rodada] >> best) & 1;
            sp->table = down ? 10 : 1 + truco_cfr_class(truco_card_strength(v, v->table[v->rodada][best]));
        }
    }
    int vals = v->opt_values;
    sp->score = truco_cfr_score_bucket(vals, v->score[team]) * TCFR_SCORE_BUCKETS +
                truco_cfr_score_bucket(vals, v->score[1 - team]);
    return true;
}

/* The table's distribution at `seat`'s spot in v, as solved (no threshold): its action
 * count, 0 when it has none there. The table must be installed (truco_cfr_status). */
static int table_probs(const TrucoState *v, int seat, TrucoCfrSpot *sp, double probs[4])
{
    if (!truco_cfr_view_spot(v, seat, sp))
        return 0;
    long i = truco_cfr_infoset(sp);
    int section = truco_cfr_variant(v);
    if (i < 0 || section < 0 || (section == TCFR_TEAM && !table_team))
        return 0;
    int k;
    const uint8_t *p = table + truco_cfr_offset(section, i, &k);
    return truco_cfr_decode(p, k, probs) ? k : 0; /* 0: never reached in the solve */
}

int truco_cfr_policy(const TrucoState *v, int seat, Action acts[4], double probs[4])
{
    TrucoCfrSpot sp;
    if (truco_cfr_status())
        return 0;
    double pr[4];
    int k = table_probs(v, seat, &sp, pr);
    if (k == 0)
        return 0;
    Action ta[4];
    if (sp.bet < 4) {
        ta[0] = -1; /* no raise: a card, chosen by the search */
        ta[1] = truco_raise_action(v->value);
    } else {
        /* accept, run, raise again (not at the doze), and with four seats leave it to the
         * partner (a first answer). Where a first refusal passes the answer (run_passes),
         * the table's run is that pass: the abstraction's run ends the hand. */
        int j = 0;
        ta[j++] = TR_ACCEPT;
        ta[j++] = truco_run_passes(v) ? TR_PASS : TR_RUN;
        if (v->pending < 12)
            ta[j++] = truco_raise_action(v->pending);
        if (j < k)
            ta[j++] = TR_PASS;
    }
    /* The rules' legal actions only (a raise answered by raising where the table's rules
     * forbid it), the same action's shares together; then the threshold. */
    Action legal[RULES_MAX_ACTIONS];
    int nl = truco_rules.legal_actions(v, legal), kept = 0;
    for (int j = 0; j < k; j++) {
        bool ok = ta[j] < 0;
        for (int i = 0; i < nl && !ok; i++)
            ok = legal[i] == ta[j];
        if (!ok)
            continue;
        int at = 0;
        while (at < kept && acts[at] != ta[j])
            at++;
        if (at == kept) {
            acts[kept] = ta[j];
            probs[kept++] = 0;
        }
        probs[at] += pr[j];
    }
    int out = 0;
    double mass = 0;
    for (int j = 0; j < kept; j++)
        if (probs[j] >= TRUCO_CFR_MIN_SHARE) {
            acts[out] = acts[j];
            probs[out] = probs[j];
            mass += probs[out++];
        }
    if (out == 0 || mass <= 0)
        return 0;
    for (int j = 0; j < out; j++)
        probs[j] /= mass;
    return out;
}

/* ---- Reach: how likely the table makes a seat's betting in this hand ------------------- */

/* w as it stood earlier in its hand: rodada r being played, the seats in `played` having
 * played their card in it. Every card played since goes back to its owner's hand (as w
 * has it: a card face down as the world guessed it); the bet is set by the caller. */
static void rewind_to(const TrucoState *w, int r, unsigned played, TrucoState *p)
{
    *p = *w;
    int n = 0;
    for (int q = 0; q < w->num_players; q++)
        n += (played >> q) & 1;
    for (int rr = r; rr <= w->rodada && rr < TR_RODADAS; rr++)
        for (int q = 0; q < w->num_players; q++) {
            Card c = w->table[rr][q];
            if ((rr == r && ((played >> q) & 1)) || c == CARD_NONE)
                continue;
            for (int i = 0; i < TR_HAND; i++)
                if (p->hand[q][i] == CARD_NONE) {
                    p->hand[q][i] = c;
                    break;
                }
            p->table[rr][q] = CARD_NONE;
            p->down[rr] &= (uint8_t)~(1u << q);
        }
    for (int rr = r; rr < TR_RODADAS; rr++)
        p->result[rr] = TR_RES_NONE;
    p->rodada = (uint8_t)r;
    p->n_table = (uint8_t)n;
    p->leader = (int8_t)(r == 0 ? w->mao : r == w->rodada ? w->leader : truco_rodada_leader(w, r - 1, NULL));
}

/* The table's probability of action `act` (turn: 0 no raise, 1 raise; answer: 0 accept,
 * 1 run, 2 raise) by `seat` at the spot rewound to (r, played) with the hand worth
 * `value` and the last raise by `last` (-1 none); 1 where the table has no spot, at least
 * `floor` where it has. */
static double reach_step(const TrucoState *w, int seat, int r, unsigned played, int value,
                         int last, bool answer, int act, double floor)
{
    TrucoState p;
    rewind_to(w, r, played, &p);
    p.value = (uint8_t)value;
    p.last_raise_team = (int8_t)(last < 0 ? -1 : truco_team(last));
    p.passed = 0;
    if (answer) {
        p.phase = TR_PH_ANSWER;
        p.pending = (uint8_t)truco_raise_value(&p, truco_raise_action(value));
        p.raiser = (int8_t)((seat + 1) % 2);
        p.answerer = (int8_t)seat;
    } else {
        p.phase = TR_PH_PLAY;
        p.pending = 0;
        p.raiser = p.answerer = -1;
    }
    TrucoCfrSpot sp;
    double probs[4];
    int k = table_probs(&p, seat, &sp, probs);
    if (act >= k)
        return 1;
    return probs[act] > floor ? probs[act] : floor;
}

double truco_cfr_reach(const TrucoState *w, int seat, double floor, unsigned what)
{
    if (w->num_players != 2 || w->kind != TR_KIND_NORMAL || w->blind ||
        (w->phase != TR_PH_PLAY && w->phase != TR_PH_ANSWER) || truco_cfr_status())
        return 0;
    double ll = 0;
    int value = truco_base_value(w), last = -1, e = 0, np = w->num_players;
    for (int r = 0; r <= w->rodada && r < TR_RODADAS; r++) {
        int lead = r == 0 ? w->mao : r == w->rodada ? w->leader : truco_rodada_leader(w, r - 1, NULL);
        int cards = r < w->rodada ? np : w->n_table;
        unsigned played = 0;
        for (int k = 0; k <= cards; k++) {
            /* the bets made at this point, before the next card */
            for (; e < w->n_bets && w->bets[e].rodada == r && w->bets[e].played == played; e++) {
                const TrucoBet *b = &w->bets[e];
                bool raise = b->action >= TR_TRUCO && b->action <= TR_DOZE;
                if (b->seat == seat && (what & (b->answer ? TRUCO_REACH_ANSWERS : TRUCO_REACH_RAISES))) {
                    int act = !b->answer ? 1 : b->action == TR_ACCEPT ? 0 : b->action == TR_RUN ? 1 : 2;
                    ll += log(reach_step(w, seat, r, played, b->value, last, b->answer, act, floor));
                }
                if (raise)
                    last = b->seat;
                int next = truco_raise_value(w, truco_raise_action(b->value));
                if (b->action == TR_ACCEPT)
                    value = next; /* the raise answered is worth the step after its value */
                else if (raise && b->answer)
                    value = next; /* raising again accepted the raise answered */
            }
            if (k == cards)
                break;
            int q = (lead + k) % np;
            /* its card, played without a raise where it could have raised */
            if (q == seat && (what & TRUCO_REACH_QUIET) && value < 12 &&
                (last < 0 || truco_team(last) != truco_team(seat)))
                ll += log(reach_step(w, seat, r, played, value, last, false, 0, floor));
            played |= 1u << q;
        }
    }
    return ll;
}
