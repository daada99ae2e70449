/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buraco, pure rules (RULES.md §3). */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../../core/nls.h"
#include "buraco.h"

/* No padding: states are compared and hashed byte by byte. */
_Static_assert(sizeof(BuracoState) == offsetof(BuracoState, turns) + sizeof(uint16_t),
               "BuracoState has padding");
_Static_assert(offsetof(BuracoState, score) ==
                   offsetof(BuracoState, melds) + sizeof(((BuracoState *)0)->melds),
               "BuracoState has padding");

/* ---- Options ---------------------------------------------------------------------- */

static const char *const off_on[] = {N_("off"), N_("on")};
/* Keys (command line, saves, settings) and the names the menu shows. */
static const char *const variant_names[] = {"contest", "stbl", "fechado", "aberto", "custom"};
static const char *const variant_labels[] = {
    N_("University contest (one deal, simple rules)"), N_("Brazilian, clean going-out (STBL)"),
    N_("Brazilian, closed, with sets (Fechado)"), N_("Brazilian, open pile (Aberto)"),
    N_("Custom")};
static const char *const batida_names[] = {N_("none"), N_("any"), N_("limpa")};
static const char *const pile_names[] = {N_("strict"), N_("closed"), N_("open")};
static const char *const target_names[] = {"1", "1500", "3000", "5000"};
static const int target_points[] = {1, 1500, 3000, 5000};
/* The menu's names of the values, per option (only the house style has its own). */
static const char *const *const value_labels[BUR_OPT_COUNT] = {[BUR_OPT_VARIANT] = variant_labels};

/* The defaults are Brazil's usual game, STBL (a preset below; the contest's game was the
 * default before 0.9: settings written then name it or store only what was changed from
 * it, see old_defaults below). */
static const OptionDesc options[BUR_OPT_COUNT] = {
    {"variant", N_("House style"),
     N_("A preset of the options below: Brazil's STBL, Fechado or Aberto, or the university "
        "contest's simple game."),
     BUR_VARIANT_STBL, 0, BUR_VARIANT_CUSTOM, variant_names},
    {"jokers", N_("Jokers"), N_("The four jokers are wild cards worth 20 points."), 1, 0, 1,
     off_on},
    {"sets", N_("Sets"), N_("Melds of three or more cards of one rank (trincas) too."), 0, 0, 1,
     off_on},
    {"big_canastras", N_("Big canastras"),
     N_("A clean canastra from Ace to King scores 500, from Ace to Ace 1,000."), 1, 0, 1,
     off_on},
    {"morto", N_("Mortos"),
     N_("Two piles of 11 cards: the first of a team to empty their hand takes one."), 1, 0, 1,
     off_on},
    {"batida", N_("To go out"),
     N_("What a team needs on the table to go out: nothing, a canastra, a clean canastra."),
     BUR_BATIDA_LIMPA, 0, 2, batida_names},
    {"pile", N_("Discard pile"),
     N_("Strict: only for a new meld; closed: its top used at once; open: taken freely."),
     BUR_PILE_CLOSED, 0, 2, pile_names},
    {"target", N_("Match"), N_("One deal, or deals until a team reaches that many points."), 2,
     0, 3, target_names},
};

/* The presets: jokers, sets, big, morto, batida, pile, target (index). */
static const uint8_t presets[BUR_VARIANT_CUSTOM][BUR_OPT_COUNT - 1] = {
    {0, 0, 0, 0, BUR_BATIDA_NONE, BUR_PILE_STRICT, 0},  /* contest */
    {1, 0, 1, 1, BUR_BATIDA_LIMPA, BUR_PILE_CLOSED, 2}, /* stbl */
    {1, 1, 1, 1, BUR_BATIDA_ANY, BUR_PILE_CLOSED, 2},   /* fechado */
    {1, 0, 1, 1, BUR_BATIDA_LIMPA, BUR_PILE_OPEN, 2},   /* aberto */
};

void buraco_variant_options(int variant, GameOptions *opt)
{
    if (variant < 0 || variant >= BUR_VARIANT_CUSTOM)
        return;
    opt->v[BUR_OPT_VARIANT] = variant;
    for (int i = 1; i < BUR_OPT_COUNT; i++)
        opt->v[i] = presets[variant][i - 1];
}

int buraco_options_variant(const GameOptions *opt)
{
    for (int v = 0; v < BUR_VARIANT_CUSTOM; v++) {
        bool same = true;
        for (int i = 1; i < BUR_OPT_COUNT; i++)
            same = same && opt->v[i] == presets[v][i - 1];
        if (same)
            return v;
    }
    return BUR_VARIANT_CUSTOM;
}

int buraco_target_points(int i) { return i >= 0 && i < 4 ? target_points[i] : 1; }

const char *buraco_card_text(Card c, char out[CARD_TEXT_MAX])
{
    if (c == BUR_JOKER) {
        strcpy(out, "joker");
        return out;
    }
    return card_to_text(c, out);
}

/* ---- Cards ----------------------------------------------------------------------- */

int buraco_card_points(Card c)
{
    if (c == BUR_JOKER)
        return BUR_JOKER_POINTS;
    int r = card_rank(c);
    if (r == RANK_ACE)
        return 15;
    if (r >= 3 && r <= 7)
        return 5;
    return 10;
}

/* Bits of a nonzero position mask (positions 1..14). */
static int popcount16(unsigned m)
{
    /* (in registers: without -mpopcnt __builtin_popcount is a library call) */
    m = m - ((m >> 1) & 0x5555u);
    m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
    m = (m + (m >> 4)) & 0x0F0Fu;
    return (int)((m + (m >> 8)) & 0x1Fu);
}
static int low_bit(unsigned m) { return __builtin_ctz(m); }
static int high_bit(unsigned m) { return 31 - __builtin_clz(m); }

/* ---- The meld validator -----------------------------------------------------------
 * Naturals are cards of the meld's suit in their own place (the Ace at 1 or 14, a 2 of
 * the suit at 2); at most one other card, a 2 of any suit or a joker, is the wild and
 * fills one place: a gap, or one end. Every reading of the 2s and Aces is tried; a clean
 * one wins. */
static bool run_read(int suit, unsigned mask, int aces, const Card twos[2], int twos_n,
                     int jokers, BuracoMeldInfo *info);

static bool run_check(const Card *cards, int n, BuracoMeldInfo *info)
{
    int suit = -1, aces = 0, twos_n = 0, jokers = 0;
    Card twos[2] = {CARD_NONE, CARD_NONE};
    unsigned mask = 0; /* positions 3..13 of the naturals that are neither A nor 2 */
    for (int i = 0; i < n; i++) {
        Card c = cards[i];
        if (c == BUR_JOKER) {
            if (++jokers > 1)
                return false;
            continue;
        }
        if (!card_is_valid(c))
            return false;
        int r = card_rank(c);
        if (r == 2) {
            if (twos_n == 2)
                return false; /* one natural 2 and one wild at most */
            twos[twos_n++] = c;
            continue;
        }
        if (suit < 0)
            suit = card_suit(c);
        else if (card_suit(c) != suit)
            return false;
        if (r == RANK_ACE) {
            if (++aces > 2)
                return false;
            continue;
        }
        if (mask & (1u << r))
            return false;
        mask |= 1u << r;
    }
    if (suit < 0)
        return false; /* only 2s and jokers: at most one of them can be natural */
    return run_read(suit, mask, aces, twos, twos_n, jokers, info);
}

/* The readings of a run's cards, counted: the suit of its naturals, the places 3..13 they
 * fill, how many Aces, its 2s (in the order of the cards) and jokers. */
static bool run_read(int suit, unsigned mask, int aces, const Card twos[2], int twos_n,
                     int jokers, BuracoMeldInfo *info)
{
    bool found = false, found_clean = false;
    BuracoMeldInfo best;
    if (info)
        memset(&best, 0, sizeof best);
    /* nat: the index of the 2 read as the natural 2 of the suit, or -1 for none. */
    for (int nat = twos_n - 1; nat >= -1 && !(found && found_clean); nat--) {
        if (nat >= 0 && card_suit(twos[nat]) != suit)
            continue;
        if (nat == 0 && twos_n == 2 && twos[1] == twos[0])
            continue; /* the same reading as nat == 1 */
        int wilds = twos_n - (nat >= 0) + jokers;
        if (wilds > 1)
            continue;
        unsigned base = mask | (nat >= 0 ? 1u << 2 : 0u);
        unsigned ace_opts[2];
        int n_opts = 0;
        if (aces == 0)
            ace_opts[n_opts++] = base;
        else if (aces == 1) {
            ace_opts[n_opts++] = base | 1u << 1;
            ace_opts[n_opts++] = base | 1u << 14;
        } else {
            ace_opts[n_opts++] = base | 1u << 1 | 1u << 14;
        }
        for (int k = 0; k < n_opts; k++) {
            unsigned m = ace_opts[k];
            int lo = low_bit(m), hi = high_bit(m);
            int span = hi - lo + 1, gaps = span - popcount16(m);
            int wild_pos = 0;
            if (gaps == 0 && wilds == 0) {
                /* clean */
            } else if (gaps == 1 && wilds == 1) {
                /* the one place between lo and hi that m lacks */
                wild_pos = low_bit(~m & ((2u << hi) - (1u << lo)));
            } else if (gaps == 0 && wilds == 1 && span < BUR_MELD_MAX) {
                wild_pos = lo > 1 ? lo - 1 : hi + 1;
            } else {
                continue;
            }
            if (found && !(wilds == 0 && !found_clean))
                continue;
            found = true;
            found_clean = wilds == 0;
            if (info) { /* the arrangement, only when asked for */
                best.suit = suit;
                best.clean = wilds == 0;
                best.set = false;
                best.wild_pos = wild_pos;
                best.lo = wild_pos && wild_pos < lo ? wild_pos : lo;
                best.hi = wild_pos > hi ? wild_pos : hi;
                best.n = 0;
                Card wild = jokers ? BUR_JOKER : wilds ? twos[nat == 0 ? 1 : 0] : CARD_NONE;
                for (int p = best.lo; p <= best.hi; p++)
                    best.order[best.n++] = p == wild_pos ? wild : buraco_pos_card(suit, p);
            }
            break;
        }
    }
    if (found && info)
        *info = best;
    return found;
}

/* A set: naturals of one rank (not 2) and at most one wild, a 2 or a joker. */
static bool set_check(const Card *cards, int n, BuracoMeldInfo *info)
{
    int rank = 0, wilds = 0;
    Card wild = CARD_NONE;
    int faces[BUR_FACES] = {0};
    for (int i = 0; i < n; i++) {
        Card c = cards[i];
        if (buraco_is_wildcard(c) && (c == BUR_JOKER || card_is_valid(c))) {
            if (++wilds > 1)
                return false;
            wild = c;
            continue;
        }
        if (!card_is_valid(c))
            return false;
        if (rank && card_rank(c) != rank)
            return false;
        rank = card_rank(c);
        faces[card_index(c)]++;
    }
    if (!rank)
        return false;
    if (info) {
        memset(info, 0, sizeof *info);
        info->set = true;
        info->lo = info->hi = rank;
        info->clean = wilds == 0;
        for (int f = 0; f < BUR_JOKER_FACE; f++)
            for (int k = 0; k < faces[f]; k++)
                info->order[info->n++] = card_from_index(f);
        if (wilds)
            info->order[info->n++] = wild;
    }
    return true;
}

bool buraco_meld_check2(const Card *cards, int n, bool sets, BuracoMeldInfo *info)
{
    if (n < 3 || n > BUR_MELD_MAX)
        return false;
    if (sets && set_check(cards, n, info))
        return true;
    return run_check(cards, n, info);
}

bool buraco_meld_check(const Card *cards, int n, BuracoMeldInfo *info)
{
    return buraco_meld_check2(cards, n, false, info);
}

int buraco_canastra_bonus(const BuracoMeld *m, bool big)
{
    if (m->n < BUR_CANASTRA)
        return 0;
    if (!m->clean)
        return BUR_BONUS_DIRTY;
    if (big && !m->kind && m->lo == 1) {
        if (m->n == 14)
            return BUR_BONUS_1000;
        if (m->n == 13)
            return BUR_BONUS_500;
    }
    return BUR_BONUS_CLEAN;
}

int buraco_meld_value(const BuracoState *s, const BuracoMeld *m)
{
    int pts = 0;
    for (int i = 0; i < m->n; i++)
        pts += buraco_card_points(m->c[i]);
    return pts + buraco_canastra_bonus(m, s->big);
}

int buraco_meld_points(const BuracoMeld *m)
{
    int pts = 0;
    for (int i = 0; i < m->n; i++)
        pts += buraco_card_points(m->c[i]);
    if (m->n >= BUR_CANASTRA)
        pts += m->clean ? BUR_BONUS_CLEAN : BUR_BONUS_DIRTY;
    return pts;
}

/* ---- State helpers ---------------------------------------------------------------- */

int buraco_team_score(const BuracoState *s, int team)
{
    int pts = 0;
    for (int i = 0; i < s->n_melds[team]; i++)
        pts += buraco_meld_value(s, &s->melds[team][i]);
    for (int p = team; p < s->num_players; p += 2)
        for (int f = 0; f < BUR_FACES; f++)
            pts -= s->hand[p][f] * buraco_card_points(buraco_face_card(f));
    if (s->went_out >= 0 && buraco_team(s->went_out) == team)
        pts += BUR_BONUS_OUT;
    if (s->morto && !s->morto_taken[team])
        pts -= BUR_NO_MORTO;
    return pts;
}

int buraco_hand_cards(const BuracoState *s, int p, Card out[BUR_DECK_MAX])
{
    int n = 0;
    for (int f = 0; f < BUR_FACES; f++)
        for (int k = 0; k < s->hand[p][f]; k++)
            out[n++] = buraco_face_card(f);
    return n;
}

/* Visible copies of every face: hands (as held in this state), melds, pile, and the two
 * naturals of a meld being begun. */
static void visible_counts(const BuracoState *s, int count[BUR_FACES])
{
    memset(count, 0, sizeof(int) * BUR_FACES);
    for (int p = 0; p < s->num_players; p++)
        for (int f = 0; f < BUR_FACES; f++)
            count[f] += s->hand[p][f];
    for (int t = 0; t < BUR_TEAMS; t++)
        for (int i = 0; i < s->n_melds[t]; i++)
            for (int k = 0; k < s->melds[t][i].n; k++)
                count[buraco_face(s->melds[t][i].c[k])]++;
    for (int i = 0; i < s->pile_n; i++)
        count[buraco_face(s->pile[i])]++;
    if (s->phase == BUR_WILD) {
        if (s->pend_set) {
            count[card_index(card_make(s->pend_p, s->pend_suit))]++;
            count[card_index(card_make(s->pend_p, s->pend_q))]++;
        } else {
            count[card_index(buraco_pos_card(s->pend_suit, s->pend_p))]++;
            count[card_index(buraco_pos_card(s->pend_suit, s->pend_q))]++;
        }
    }
}

void buraco_unseen_counts(const BuracoState *s, int out[BUR_FACES])
{
    visible_counts(s, out);
    for (int f = 0; f < BUR_FACES; f++)
        out[f] = buraco_copies(s, f) - out[f];
}

/* Copies of card c in laid meld m. A run holds a natural only at its own place (an Ace at
 * 1 and 14), besides its one wild; a set is read card by card. */
static int meld_copies(const BuracoMeld *m, Card c)
{
    if (m->kind) {
        int n = 0;
        for (int k = 0; k < m->n; k++)
            n += m->c[k] == c;
        return n;
    }
    int wp = m->wild_pos, n = wp && m->c[wp - m->lo] == c;
    if (c == BUR_JOKER || card_suit(c) != m->suit)
        return n;
    unsigned nat = ((2u << (m->lo + m->n - 1)) - (1u << m->lo)) & ~(wp ? 1u << wp : 0u);
    int r = card_rank(c);
    return n + (r == RANK_ACE ? (int)(nat >> 1 & 1u) + (int)(nat >> 14 & 1u) : (int)(nat >> r & 1u));
}

int buraco_unseen(const BuracoState *s, int f)
{
    /* visible_counts for the one face: every hand, meld card, pile card and pending
     * natural that is that face. */
    Card c = buraco_face_card(f);
    int count = 0;
    for (int p = 0; p < s->num_players; p++)
        count += s->hand[p][f];
    for (int t = 0; t < BUR_TEAMS; t++)
        for (int i = 0; i < s->n_melds[t]; i++)
            count += meld_copies(&s->melds[t][i], c);
    for (int i = 0; i < s->pile_n; i++)
        count += s->pile[i] == c;
    if (s->phase == BUR_WILD && f != BUR_JOKER_FACE) {
        if (s->pend_set) {
            count += card_make(s->pend_p, s->pend_suit) == c;
            count += card_make(s->pend_p, s->pend_q) == c;
        } else {
            count += buraco_pos_card(s->pend_suit, s->pend_p) == c;
            count += buraco_pos_card(s->pend_suit, s->pend_q) == c;
        }
    }
    return buraco_copies(s, f) - count;
}

static bool valid_face(int f) { return f >= 0 && f < BUR_FACES; }

static void hand_add(BuracoState *s, int p, Card c, bool known)
{
    int f = buraco_face(c);
    s->hand[p][f]++;
    s->hand_n[p]++;
    if (known)
        s->known[p][f]++;
}

/* Removes one copy; a publicly known copy goes first (the others cannot tell which copy
 * left, so they can no longer be sure of it). The caller checked it is held. */
static void hand_remove(BuracoState *s, int p, Card c)
{
    int f = buraco_face(c);
    s->hand[p][f]--;
    s->hand_n[p]--;
    if (s->known[p][f])
        s->known[p][f]--;
}

void buraco_meld_set(BuracoMeld *m, const BuracoMeldInfo *info)
{
    memset(m, 0, sizeof *m);
    m->n = (uint8_t)info->n;
    m->clean = info->clean;
    m->suit = (uint8_t)info->suit;
    m->lo = (uint8_t)info->lo;
    m->wild_pos = (uint8_t)info->wild_pos;
    m->kind = info->set;
    memcpy(m->c, info->order, (size_t)info->n);
}

bool buraco_team_may_go_out(const BuracoState *s, int team)
{
    if (s->batida == BUR_BATIDA_NONE)
        return true;
    for (int i = 0; i < s->n_melds[team]; i++) {
        const BuracoMeld *m = &s->melds[team][i];
        if (m->n >= BUR_CANASTRA && (m->clean || s->batida == BUR_BATIDA_ANY))
            return true;
    }
    return false;
}

/* Would the seat to move take a morto on emptying its hand? */
static bool takes_morto(const BuracoState *s)
{
    return s->morto && s->mortos_left > 0 && !s->morto_taken[buraco_team(s->turn)];
}

bool buraco_may_empty(const BuracoState *s)
{
    return takes_morto(s) || buraco_team_may_go_out(s, buraco_team(s->turn));
}

static void start_deal(BuracoState *s);

static void finish(BuracoState *s, BuracoEnd end)
{
    s->phase = BUR_OVER;
    s->end = (uint8_t)end;
    for (int t = 0; t < BUR_TEAMS; t++)
        s->score[t] = (int16_t)buraco_team_score(s, t);
    if (!s->target)
        return;
    /* A match: the deal goes on the sheet; the match ends once a team has reached the
     * target with more points than the other (equal totals: another deal), or after
     * BUR_MATCH_DEALS deals. */
    if (s->sheet_n == BUR_SHEET) {
        memmove(s->sheet[0], s->sheet[1], sizeof s->sheet[0] * (BUR_SHEET - 1));
        s->sheet_n--;
    }
    for (int t = 0; t < BUR_TEAMS; t++) {
        int v = s->total[t] + s->score[t];
        s->total[t] = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v);
        s->sheet[s->sheet_n][t] = s->score[t];
    }
    s->sheet_n++;
    int goal = buraco_target_points(s->target);
    if ((s->total[0] >= goal || s->total[1] >= goal) && s->total[0] != s->total[1])
        return;
    /* Scores can stay low (or below zero) for ever: the match ends after its 10th deal,
     * the higher total winning (equal totals: a draw). */
    if (s->deal + 1 >= BUR_MATCH_DEALS)
        return;
    s->prev_went_out = s->went_out;
    s->deal++;
    start_deal(s);
}

/* After any play of the seat to move: an empty hand takes the team's morto (direto: play
 * on; indireto, by the discard: the turn ends once it is in the hand) or ends the deal
 * (the batida). */
static bool check_out(BuracoState *s, bool by_discard)
{
    if (s->hand_n[s->turn] != 0)
        return false;
    if (takes_morto(s)) {
        int t = buraco_team(s->turn);
        s->morto_taken[t] = 1;
        s->mortos_left--;
        s->morto_deal = BUR_MORTO_CARDS;
        s->morto_end_turn = by_discard;
        s->morto_by = (int8_t)s->turn;
        s->morto_how = by_discard ? 2 : 1;
        s->phase = BUR_MORTO;
        return true;
    }
    s->went_out = (int8_t)s->turn;
    finish(s, BUR_END_OUT);
    return true;
}

/* ---- The table ------------------------------------------------------------------- */

/* A new deal of a game or match: everything but the options and the match's totals. */
static void start_deal(BuracoState *s)
{
    BuracoState keep = *s;
    memset(s, 0, sizeof *s);
    s->num_players = keep.num_players;
    s->jokers = keep.jokers;
    s->sets = keep.sets;
    s->big = keep.big;
    s->morto = keep.morto;
    s->batida = keep.batida;
    s->pile_rule = keep.pile_rule;
    s->target = keep.target;
    s->deal = keep.deal;
    s->first_deal = keep.first_deal;
    s->sheet_n = keep.sheet_n;
    s->prev_went_out = keep.prev_went_out;
    memcpy(s->total, keep.total, sizeof s->total);
    memcpy(s->sheet, keep.sheet, sizeof s->sheet);
    s->phase = BUR_DEALING;
    s->first = -1;
    s->went_out = -1;
    s->morto_by = -1;
    s->mortos_left = s->morto ? 2 : 0;
    s->stock_n = (uint8_t)(BUR_DECK + (s->jokers ? BUR_JOKERS : 0) - BUR_MORTO_CARDS * s->mortos_left);
}

static void options_into(BuracoState *s, const GameOptions *opt)
{
    const int *v = opt ? opt->v : (const int[BUR_OPT_COUNT]){0};
    s->jokers = v[BUR_OPT_JOKERS] != 0;
    s->sets = v[BUR_OPT_SETS] != 0;
    s->big = v[BUR_OPT_BIG] != 0;
    s->morto = v[BUR_OPT_MORTO] != 0;
    s->batida = (uint8_t)(v[BUR_OPT_BATIDA] >= 0 && v[BUR_OPT_BATIDA] <= 2 ? v[BUR_OPT_BATIDA] : 0);
    s->pile_rule = (uint8_t)(v[BUR_OPT_PILE] >= 0 && v[BUR_OPT_PILE] <= 2 ? v[BUR_OPT_PILE] : 0);
    s->target = (uint8_t)(v[BUR_OPT_TARGET] >= 0 && v[BUR_OPT_TARGET] <= 3 ? v[BUR_OPT_TARGET] : 0);
}

static const char *init(void *state, const GameOptions *opt, int num_players, uint64_t seed)
{
    (void)seed; /* every card is a chance action drawn by the match */
    if (num_players != 2 && num_players != 4)
        return N_("Buraco is played by 2 players or by 4 in two teams");
    BuracoState *s = state;
    memset(s, 0, sizeof *s);
    s->num_players = (uint8_t)num_players;
    options_into(s, opt);
    s->first_deal = -1;
    s->prev_went_out = -1;
    start_deal(s);
    return NULL;
}

static int num_players(const void *state) { return ((const BuracoState *)state)->num_players; }

static int current_player(const void *state)
{
    const BuracoState *s = state;
    switch (s->phase) {
    case BUR_DEALING:
    case BUR_FIRST:
    case BUR_DRAWING:
    case BUR_MORTO:
        return PLAYER_CHANCE;
    case BUR_OVER:
        return PLAYER_TERMINAL;
    default:
        return s->turn;
    }
}

static int team_of_turn(const BuracoState *s) { return buraco_team(s->turn); }

/* Are two cards at most d positions apart in some reading of their Aces? */
static bool near(Card a, Card b, int d)
{
    int pa = card_rank(a), pb = card_rank(b);
    int diff = pa > pb ? pa - pb : pb - pa;
    if (diff <= d)
        return true;
    if (pa == RANK_ACE || pb == RANK_ACE) {
        int other = pa == RANK_ACE ? pb : pa;
        return 14 - other <= d;
    }
    return false;
}

static bool take_ok(const BuracoState *s, int f1, int f2, BuracoMeldInfo *info)
{
    if (s->pile_rule == BUR_PILE_OPEN)
        return false;
    const uint8_t *h = s->hand[s->turn];
    if (f1 == f2 ? h[f1] < 2 : (!h[f1] || !h[f2]))
        return false;
    Card c1 = buraco_face_card(f1), c2 = buraco_face_card(f2);
    /* Two naturals must share a suit (or, with sets, a rank); a wild can be anything. */
    if (!buraco_is_wildcard(c1) && !buraco_is_wildcard(c2) && card_suit(c1) != card_suit(c2) &&
        !(s->sets && card_rank(c1) == card_rank(c2)))
        return false;
    Card m[3] = {buraco_pile_top(s), c1, c2};
    return buraco_meld_check2(m, 3, s->sets, info);
}

static int hand_wilds(const uint8_t *h)
{
    int n = h[BUR_JOKER_FACE];
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        n += h[card_index(card_make(2, suit))];
    return n;
}

/* Can seat `turn` begin a meld of two naturals (p, q) of `suit` and a wild from its hand? */
static bool neww_ok(const BuracoState *s, int suit, int p, int q)
{
    if (suit < 0 || suit >= SUIT_COUNT || p < 1 || q > 14 || q <= p || q - p > 2)
        return false;
    const uint8_t *h = s->hand[s->turn];
    Card a = buraco_pos_card(suit, p), b = buraco_pos_card(suit, q);
    if (!h[card_index(a)] || !h[card_index(b)] || card_index(a) == card_index(b))
        return false;
    int used = buraco_is_two(a) + buraco_is_two(b);
    return hand_wilds(h) - used >= 1;
}

static bool new3_ok(const BuracoState *s, int suit, int lo)
{
    if (suit < 0 || suit >= SUIT_COUNT || lo < 1 || lo > 12)
        return false;
    const uint8_t *h = s->hand[s->turn];
    for (int p = lo; p < lo + 3; p++)
        if (!h[card_index(buraco_pos_card(suit, p))])
            return false;
    return true;
}

/* Sets: may seat `turn` lay naturals of `rank` in the suits given (sorted)? */
static bool set_ok(const BuracoState *s, int rank, const int *suits, int k)
{
    if (!s->sets || rank < 1 || rank > 13 || rank == 2)
        return false;
    int need[SUIT_COUNT] = {0};
    for (int i = 0; i < k; i++) {
        if (suits[i] < 0 || suits[i] >= SUIT_COUNT || (i && suits[i] < suits[i - 1]))
            return false;
        need[suits[i]]++;
    }
    const uint8_t *h = s->hand[s->turn];
    for (int su = 0; su < SUIT_COUNT; su++)
        if (need[su] > h[card_index(card_make(rank, su))])
            return false;
    return k == 3 || hand_wilds(h) >= 1;
}

/* A laid run md with card c added, as run_check would read md's cards followed by c, but
 * counted from md's places instead of its cards: naturals at every place lo..hi but the
 * wild's (an Ace at 1 or 14, the suit's 2 at 2), the wild at wild_pos. */
static bool run_plus(const BuracoMeld *md, Card c, BuracoMeldInfo *info)
{
    int suit = md->suit, lo = md->lo, hi = md->lo + md->n - 1, wp = md->wild_pos;
    unsigned nat = ((2u << hi) - (1u << lo)) & ~(wp ? 1u << wp : 0u);
    unsigned mask = nat & 0x3FF8u; /* places 3..13 */
    int aces = (int)(nat >> 1 & 1u) + (int)(nat >> 14 & 1u), twos_n = 0, jokers = 0;
    Card twos[2] = {CARD_NONE, CARD_NONE};
    Card w = wp ? md->c[wp - lo] : CARD_NONE;
    bool wild_two = w != CARD_NONE && w != BUR_JOKER && buraco_is_two(w);
    jokers = w == BUR_JOKER;
    /* The 2s in the order of md's cards: by place. */
    if (wild_two && wp < 2)
        twos[twos_n++] = w;
    if (nat & 4u)
        twos[twos_n++] = card_make(2, suit);
    if (wild_two && wp >= 2)
        twos[twos_n++] = w;
    /* Then c, as run_check's loop takes it. */
    if (c == BUR_JOKER) {
        if (++jokers > 1)
            return false;
    } else if (!card_is_valid(c)) {
        return false;
    } else if (card_rank(c) == 2) {
        if (twos_n == 2)
            return false;
        twos[twos_n++] = c;
    } else if (card_suit(c) != suit) {
        return false;
    } else if (card_rank(c) == RANK_ACE) {
        if (++aces > 2)
            return false;
    } else {
        if (mask & 1u << card_rank(c))
            return false;
        mask |= 1u << card_rank(c);
    }
    return run_read(suit, mask, aces, twos, twos_n, jokers, info);
}

/* Meld md with card c added, as the validator arranges it. */
static bool meld_plus(const BuracoState *s, const BuracoMeld *md, Card c, BuracoMeldInfo *info)
{
    if (md->n >= BUR_MELD_MAX)
        return false;
    if (!buraco_is_wildcard(c)) {
        if (md->kind) {
            if (card_rank(c) != md->lo)
                return false;
        } else {
            /* A natural must be of the meld's suit and within two places of it (two when
             * a wild at an end moves into the gap it leaves). */
            if (card_suit(c) != md->suit)
                return false;
            int lo = md->lo, hi = md->lo + md->n - 1, r = card_rank(c);
            bool fits = r != RANK_ACE ? r >= lo - 2 && r <= hi + 2 : lo <= 3 || hi >= 12;
            if (!fits)
                return false;
        }
    }
    if (!md->kind)
        return run_plus(md, c, info);
    Card cards[BUR_MELD_MAX + 1];
    memcpy(cards, md->c, md->n);
    cards[md->n] = c;
    return buraco_meld_check2(cards, md->n + 1, s->sets && md->kind, info);
}

static bool join_ok(const BuracoState *s, int m, int f, BuracoMeldInfo *info)
{
    int t = team_of_turn(s);
    if (m < 0 || m >= s->n_melds[t] || !valid_face(f) || !s->hand[s->turn][f])
        return false;
    return meld_plus(s, &s->melds[t][m], buraco_face_card(f), info);
}

static bool takej_ok(const BuracoState *s, int m, BuracoMeldInfo *info)
{
    int t = team_of_turn(s);
    if (s->pile_rule != BUR_PILE_CLOSED || s->pile_n == 0 || m < 0 || m >= s->n_melds[t])
        return false;
    return meld_plus(s, &s->melds[t][m], buraco_pile_top(s), info);
}

bool buraco_take_ok(const BuracoState *s, int f1, int f2)
{
    return valid_face(f1) && valid_face(f2) && s->pile_n > 0 && take_ok(s, f1, f2, NULL);
}

bool buraco_takej_ok(const BuracoState *s, int m) { return takej_ok(s, m, NULL); }

bool buraco_join_ok(const BuracoState *s, int m, int f) { return join_ok(s, m, f, NULL); }

static const char *apply(void *state, Action a);

/* Hand cards the seat to move would keep after action a (to the end of a meld begun with
 * a wild); a large number when that cannot bring the hand down to one card. */
static int hand_after(const BuracoState *s, Action a)
{
    int h = s->hand_n[s->turn];
    switch (buraco_action_type(a)) {
    case BUR_A_TAKE:
        return h - 2 + s->pile_n - 1;
    case BUR_A_TAKEJ:
        return h + s->pile_n - 1;
    case BUR_A_NEW3:
    case BUR_A_NEWW:
    case BUR_A_SET3:
    case BUR_A_SETW:
        return h - 3;
    case BUR_A_JOIN:
    case BUR_A_DISCARD:
        return h - 1;
    case BUR_A_WILD:
        return h - 1;
    default:
        return 99;
    }
}

/* The rule of the empty hand (morto, batida): an action that may leave the hand with at
 * most one card is tried on a copy. */
static bool hand_rule_ok(const BuracoState *s, Action a)
{
    if (hand_after(s, a) > 1 || (s->batida == BUR_BATIDA_NONE && !s->morto))
        return true;
    BuracoState copy = *s;
    return apply(&copy, a) == NULL;
}

static int legal_actions(const void *state, Action out[RULES_MAX_ACTIONS])
{
    const BuracoState *s = state;
    int n = 0;
#define PUSH(a)                                                                            \
    do {                                                                                   \
        Action a_ = (a);                                                                   \
        if (n < RULES_MAX_ACTIONS && hand_rule_ok(s, a_))                                  \
            out[n++] = a_;                                                                 \
    } while (0)
    const uint8_t *h = s->hand[s->turn];
    switch (s->phase) {
    case BUR_DRAW: {
        PUSH(buraco_action(BUR_A_DRAW, 0));
        int t = team_of_turn(s);
        if (s->pile_n > 0 && s->pile_rule == BUR_PILE_OPEN) {
            PUSH(buraco_action(BUR_A_TAKEALL, 0));
        } else if (s->pile_n > 0 && s->n_melds[t] < BUR_MAX_MELDS) {
            /* Candidates: wilds, and cards of the top's suit near it, or of its rank with
             * sets (any card when the top is a wild, which may be the wild of any meld). */
            Card top = buraco_pile_top(s);
            int cand[BUR_FACES], nc = 0;
            for (int f = 0; f < BUR_FACES; f++) {
                if (!h[f])
                    continue;
                Card c = buraco_face_card(f);
                if (!buraco_is_wildcard(top) && !buraco_is_wildcard(c) &&
                    (card_suit(c) != card_suit(top) || !near(c, top, 2)) &&
                    !(s->sets && card_rank(c) == card_rank(top)))
                    continue;
                cand[nc++] = f;
            }
            for (int i = 0; i < nc; i++)
                for (int j = i; j < nc; j++)
                    if (take_ok(s, cand[i], cand[j], NULL))
                        PUSH(buraco_action(BUR_A_TAKE, cand[i] << 6 | cand[j]));
        }
        if (s->pile_n > 0 && s->pile_rule == BUR_PILE_CLOSED)
            for (int m = 0; m < s->n_melds[t]; m++)
                if (takej_ok(s, m, NULL))
                    PUSH(buraco_action(BUR_A_TAKEJ, m));
        break;
    }
    case BUR_PLAY: {
        int t = team_of_turn(s);
        if (s->n_melds[t] < BUR_MAX_MELDS) {
            for (int suit = 0; suit < SUIT_COUNT; suit++)
                for (int lo = 1; lo <= 12; lo++)
                    if (new3_ok(s, suit, lo))
                        PUSH(buraco_action(BUR_A_NEW3, suit << 4 | lo));
            if (hand_wilds(h) > 0)
                for (int suit = 0; suit < SUIT_COUNT; suit++)
                    for (int p = 1; p <= 13; p++)
                        for (int q = p + 1; q <= p + 2 && q <= 14; q++)
                            if (neww_ok(s, suit, p, q))
                                PUSH(buraco_action(BUR_A_NEWW, suit << 8 | p << 4 | q));
            if (s->sets)
                for (int rank = 1; rank <= 13; rank++) {
                    if (rank == 2)
                        continue;
                    int held = 0;
                    for (int su = 0; su < SUIT_COUNT; su++)
                        held += h[card_index(card_make(rank, su))];
                    if (held < 2)
                        continue;
                    for (int a = 0; a < SUIT_COUNT; a++)
                        for (int b = a; b < SUIT_COUNT; b++) {
                            int su[3] = {a, b, 0};
                            if (set_ok(s, rank, su, 2) && hand_wilds(h) > 0)
                                PUSH(buraco_action(BUR_A_SETW, rank << 4 | a << 2 | b));
                            for (int c = b; c < SUIT_COUNT; c++) {
                                su[2] = c;
                                if (set_ok(s, rank, su, 3))
                                    PUSH(buraco_action(BUR_A_SET3,
                                                       rank << 6 | a << 4 | b << 2 | c));
                            }
                        }
                }
        }
        for (int m = 0; m < s->n_melds[t]; m++)
            for (int f = 0; f < BUR_FACES; f++)
                if (h[f] && join_ok(s, m, f, NULL))
                    PUSH(buraco_action(BUR_A_JOIN, m << 6 | f));
        for (int f = 0; f < BUR_FACES; f++)
            if (h[f])
                PUSH(buraco_action(BUR_A_DISCARD, f));
        break;
    }
    case BUR_WILD:
        for (int suit = 0; suit < SUIT_COUNT; suit++) {
            int f = card_index(card_make(2, suit));
            if (h[f])
                PUSH(buraco_action(BUR_A_WILD, f));
        }
        if (h[BUR_JOKER_FACE])
            PUSH(buraco_action(BUR_A_WILD, BUR_JOKER_FACE));
        break;
    default:
        break;
    }
#undef PUSH
    return n;
}

static int chance_outcomes(const void *state, Action out[RULES_MAX_ACTIONS],
                           uint32_t weights[RULES_MAX_ACTIONS])
{
    const BuracoState *s = state;
    int n = 0;
    if (s->phase == BUR_FIRST) {
        for (int p = 0; p < s->num_players; p++) {
            out[n] = buraco_action(BUR_A_FIRST, p);
            weights[n++] = 1;
        }
        return n;
    }
    if (s->phase != BUR_DEALING && s->phase != BUR_DRAWING && s->phase != BUR_MORTO)
        return 0;
    int count[BUR_FACES];
    visible_counts(s, count);
    for (int f = 0; f < BUR_FACES; f++)
        if (count[f] < buraco_copies(s, f)) {
            out[n] = buraco_action(BUR_A_DEAL, f);
            weights[n++] = (uint32_t)(buraco_copies(s, f) - count[f]);
        }
    return n;
}

static void end_turn(BuracoState *s)
{
    s->turns++;
    s->turn = (uint8_t)((s->turn + 1) % s->num_players);
    s->phase = BUR_DRAW;
    s->drew_stock = 0;
    s->drawn = CARD_NONE;
}

static const char *apply_chance(BuracoState *s, Action a)
{
    int type = buraco_action_type(a), pay = buraco_action_payload(a);
    if (s->phase == BUR_FIRST) {
        if (type != BUR_A_FIRST || pay >= s->num_players)
            return N_("the first player must be chosen now");
        s->first = (int8_t)pay;
        s->first_deal = (int8_t)pay;
        s->turn = (uint8_t)pay;
        s->phase = BUR_DRAW;
        return NULL;
    }
    if (type != BUR_A_DEAL || !valid_face(pay))
        return N_("a card must be dealt now");
    if ((s->phase != BUR_MORTO && s->stock_n == 0) || buraco_unseen(s, pay) <= 0)
        return N_("that card is not in the stock");
    Card c = buraco_face_card(pay);
    if (s->phase == BUR_MORTO) {
        hand_add(s, s->turn, c, false);
        if (--s->morto_deal == 0) {
            if (s->morto_end_turn)
                end_turn(s);
            else
                s->phase = BUR_PLAY;
        }
        return NULL;
    }
    s->stock_n--;
    if (s->phase == BUR_DRAWING) {
        hand_add(s, s->turn, c, false);
        s->drawn = c;
        s->phase = BUR_PLAY;
        /* The stock ran out: a morto nobody has taken becomes the stock. */
        if (s->stock_n == 0 && s->mortos_left > 0) {
            s->mortos_left--;
            s->morto_stock++;
            s->stock_n = BUR_MORTO_CARDS;
        }
        return NULL;
    }
    int to_hands = BUR_HAND_START * s->num_players;
    if (s->dealt < to_hands) {
        hand_add(s, s->dealt % s->num_players, c, false);
    } else {
        s->pile[s->pile_n++] = c;
        if (s->deal > 0 && s->first_deal >= 0) {
            /* A match's later deals: the first player rotates. */
            int first = (s->first_deal + s->deal) % s->num_players;
            s->first = (int8_t)first;
            s->turn = (uint8_t)first;
            s->phase = BUR_DRAW;
        } else {
            s->phase = BUR_FIRST;
        }
    }
    s->dealt++;
    return NULL;
}

/* After a meld, a join or a take: the hand may come down to one card (or none) only when
 * the seat may empty it (morto, batida); then an empty hand takes the morto or ends the
 * deal. */
static const char *after_play(BuracoState *s)
{
    if (s->hand_n[s->turn] <= 1 && !buraco_may_empty(s))
        return s->batida == BUR_BATIDA_LIMPA
                   ? N_("your team needs a clean canastra before you may go out")
                   : N_("your team needs a canastra before you may go out");
    check_out(s, false);
    return NULL;
}

static const char *apply_play(BuracoState *s, Action a)
{
    int type = buraco_action_type(a), pay = buraco_action_payload(a);
    switch (s->phase) {
    case BUR_OVER:
        return N_("the game is over");
    case BUR_DEALING:
    case BUR_FIRST:
    case BUR_DRAWING:
    case BUR_MORTO:
        return apply_chance(s, a);
    default:
        break;
    }
    int t = team_of_turn(s);
    uint8_t *h = s->hand[s->turn];
    BuracoMeldInfo info;
    if (s->phase == BUR_DRAW) {
        if (type == BUR_A_DRAW && pay == 0) {
            if (s->stock_n == 0) {
                finish(s, BUR_END_STOCK);
                return NULL;
            }
            s->phase = BUR_DRAWING;
            s->drew_stock = 1;
            return NULL;
        }
        if (type == BUR_A_TAKEALL) {
            if (s->pile_rule != BUR_PILE_OPEN)
                return N_("the discard pile is taken only to meld its top card");
            if (s->pile_n == 0)
                return N_("the discard pile is empty");
            if (pay)
                return N_("no such action");
            for (int i = 0; i < s->pile_n; i++)
                hand_add(s, s->turn, s->pile[i], true);
            s->pile_n = 0;
            s->phase = BUR_PLAY;
            return NULL;
        }
        if (type == BUR_A_TAKEJ) {
            if (s->pile_n == 0)
                return N_("the discard pile is empty");
            if (!takej_ok(s, pay, &info))
                return N_("the pile's top card does not fit that meld");
            buraco_meld_set(&s->melds[t][pay], &info);
            for (int i = 0; i + 1 < s->pile_n; i++)
                hand_add(s, s->turn, s->pile[i], true);
            s->pile_n = 0;
            s->phase = BUR_PLAY;
            return after_play(s);
        }
        if (type != BUR_A_TAKE)
            return N_("draw from the stock or take the discard pile first");
        if (s->pile_rule == BUR_PILE_OPEN)
            return N_("the discard pile is taken whole, without a meld");
        int f1 = pay >> 6, f2 = pay & 63;
        if (pay > (BUR_FACES - 1) << 6 || f1 > f2 || !valid_face(f2))
            return N_("no such pair of cards");
        if (s->pile_n == 0)
            return N_("the discard pile is empty");
        if (!take_ok(s, f1, f2, &info))
            return N_("the pile's top card makes no new meld with those cards");
        if (s->n_melds[t] >= BUR_MAX_MELDS)
            return N_("too many melds");
        hand_remove(s, s->turn, buraco_face_card(f1));
        hand_remove(s, s->turn, buraco_face_card(f2));
        buraco_meld_set(&s->melds[t][s->n_melds[t]++], &info);
        for (int i = 0; i + 1 < s->pile_n; i++)
            hand_add(s, s->turn, s->pile[i], true);
        s->pile_n = 0;
        s->phase = BUR_PLAY;
        return after_play(s);
    }
    if (s->phase == BUR_WILD) {
        if (type != BUR_A_WILD || !valid_face(pay) || !buraco_is_wildcard(buraco_face_card(pay)))
            return N_("choose the wild card of the new meld");
        if (!h[pay])
            return N_("you do not hold that card");
        Card m[3];
        if (s->pend_set) {
            m[0] = card_make(s->pend_p, s->pend_suit);
            m[1] = card_make(s->pend_p, s->pend_q);
        } else {
            m[0] = buraco_pos_card(s->pend_suit, s->pend_p);
            m[1] = buraco_pos_card(s->pend_suit, s->pend_q);
        }
        m[2] = buraco_face_card(pay);
        if (!buraco_meld_check2(m, 3, s->pend_set, &info))
            return N_("that is not a meld");
        hand_remove(s, s->turn, m[2]);
        buraco_meld_set(&s->melds[t][s->n_melds[t]++], &info);
        s->phase = BUR_PLAY;
        s->pend_set = 0;
        return after_play(s);
    }
    /* BUR_PLAY */
    switch (type) {
    case BUR_A_NEW3: {
        int suit = pay >> 4, lo = pay & 15;
        if (pay >> 6 || !new3_ok(s, suit, lo))
            return N_("you do not hold those three cards in sequence");
        if (s->n_melds[t] >= BUR_MAX_MELDS)
            return N_("too many melds");
        Card m[3];
        for (int i = 0; i < 3; i++)
            m[i] = buraco_pos_card(suit, lo + i);
        if (!buraco_meld_check(m, 3, &info))
            return N_("that is not a meld");
        for (int i = 0; i < 3; i++)
            hand_remove(s, s->turn, m[i]);
        buraco_meld_set(&s->melds[t][s->n_melds[t]++], &info);
        return after_play(s);
    }
    case BUR_A_SET3: {
        int rank = pay >> 6, su[3] = {(pay >> 4) & 3, (pay >> 2) & 3, pay & 3};
        if (pay >> 10 || !set_ok(s, rank, su, 3))
            return N_("you do not hold those three cards of one rank");
        if (s->n_melds[t] >= BUR_MAX_MELDS)
            return N_("too many melds");
        Card m[3];
        for (int i = 0; i < 3; i++)
            m[i] = card_make(rank, su[i]);
        if (!buraco_meld_check2(m, 3, true, &info))
            return N_("that is not a meld");
        for (int i = 0; i < 3; i++)
            hand_remove(s, s->turn, m[i]);
        buraco_meld_set(&s->melds[t][s->n_melds[t]++], &info);
        return after_play(s);
    }
    case BUR_A_NEWW:
    case BUR_A_SETW: {
        bool set = type == BUR_A_SETW;
        int suit, p, q;
        if (set) {
            int su[2] = {(pay >> 2) & 3, pay & 3};
            if (pay >> 8 || !set_ok(s, pay >> 4, su, 2))
                return N_("you cannot begin that meld with a wild");
            p = pay >> 4;
            suit = su[0];
            q = su[1];
        } else {
            suit = pay >> 8;
            p = (pay >> 4) & 15;
            q = pay & 15;
            if (pay >> 10 || !neww_ok(s, suit, p, q))
                return N_("you cannot begin that meld with a wild");
        }
        if (s->n_melds[t] >= BUR_MAX_MELDS)
            return N_("too many melds");
        if (set) {
            hand_remove(s, s->turn, card_make(p, suit));
            hand_remove(s, s->turn, card_make(p, q));
        } else {
            hand_remove(s, s->turn, buraco_pos_card(suit, p));
            hand_remove(s, s->turn, buraco_pos_card(suit, q));
        }
        s->pend_suit = (uint8_t)suit;
        s->pend_p = (uint8_t)p;
        s->pend_q = (uint8_t)q;
        s->pend_set = set;
        s->phase = BUR_WILD;
        /* The meld's end must be allowed too: one wild is left to lay. */
        if (s->hand_n[s->turn] <= 2 && !buraco_may_empty(s)) {
            BuracoState done = *s;
            Action w[RULES_MAX_ACTIONS];
            bool any = false;
            int nw = 0;
            for (int f = 0; f < BUR_FACES; f++)
                if (h[f] && buraco_is_wildcard(buraco_face_card(f)))
                    w[nw++] = buraco_action(BUR_A_WILD, f);
            for (int i = 0; i < nw && !any; i++) {
                done = *s;
                any = apply(&done, w[i]) == NULL;
            }
            if (!any)
                return s->batida == BUR_BATIDA_LIMPA
                           ? N_("your team needs a clean canastra before you may go out")
                           : N_("your team needs a canastra before you may go out");
        }
        return NULL;
    }
    case BUR_A_JOIN: {
        int m = pay >> 6, f = pay & 63;
        if (!join_ok(s, m, f, &info))
            return N_("that card does not fit that meld");
        hand_remove(s, s->turn, buraco_face_card(f));
        buraco_meld_set(&s->melds[t][m], &info);
        return after_play(s);
    }
    case BUR_A_DISCARD:
        if (!valid_face(pay) || !h[pay])
            return N_("you do not hold that card");
        if (s->hand_n[s->turn] == 1 && !buraco_may_empty(s))
            return s->batida == BUR_BATIDA_LIMPA
                       ? N_("your team needs a clean canastra before you may go out")
                       : N_("your team needs a canastra before you may go out");
        hand_remove(s, s->turn, buraco_face_card(pay));
        s->pile[s->pile_n++] = buraco_face_card(pay);
        if (!check_out(s, true))
            end_turn(s);
        return NULL;
    case BUR_A_DRAW:
    case BUR_A_TAKE:
    case BUR_A_TAKEJ:
    case BUR_A_TAKEALL:
        return N_("you have already drawn this turn");
    default:
        return N_("meld, join or discard now");
    }
}

/* A refused action leaves the state as it was: apply_play checks everything before it
 * changes the state, except the rule of the empty hand (after_play, and a meld begun
 * with a wild), which can refuse only when the hand comes down to one card or none: then
 * it works on a copy. */
static const char *apply(void *state, Action a)
{
    if (a < 0 || (a >> 16) > 0x7FFF)
        return N_("no such action");
    BuracoState *st = state;
    if ((st->batida == BUR_BATIDA_NONE && !st->morto) || st->phase == BUR_OVER ||
        st->phase == BUR_DEALING || st->phase == BUR_FIRST || st->phase == BUR_DRAWING ||
        st->phase == BUR_MORTO || hand_after(st, a) > 1)
        return apply_play(st, a);
    BuracoState copy = *st;
    const char *e = apply_play(&copy, a);
    if (!e)
        *(BuracoState *)state = copy;
    return e;
}

static void returns(const void *state, double out[RULES_MAX_PLAYERS])
{
    const BuracoState *s = state;
    for (int i = 0; i < RULES_MAX_PLAYERS; i++)
        out[i] = 0;
    if (s->phase != BUR_OVER)
        return;
    int d = s->target ? s->total[0] - s->total[1] : s->score[0] - s->score[1];
    for (int p = 0; p < s->num_players; p++) {
        int mine = buraco_team(p) == 0 ? d : -d;
        out[p] = mine > 0 ? 1 : mine < 0 ? -1 : 0;
    }
}

static void observe(const void *state, int seat, void *view)
{
    const BuracoState *s = state;
    BuracoState *v = view;
    if (v != s)
        memcpy(v, s, sizeof *v);
    if (v->phase == BUR_OVER)
        return; /* the end shows every hand */
    for (int p = 0; p < v->num_players; p++)
        if (p != seat)
            memcpy(v->hand[p], v->known[p], BUR_FACES);
    if (seat != v->turn)
        v->drawn = CARD_NONE;
}

static void resample(const void *view, int seat, Rng *rng, void *out)
{
    const BuracoState *v = view;
    BuracoState *s = out;
    if (s != v)
        memcpy(s, v, sizeof *s);
    if (s->phase == BUR_OVER)
        return;
    int count[BUR_FACES];
    visible_counts(s, count);
    Card pool[BUR_DECK_MAX];
    int n = 0;
    for (int f = 0; f < BUR_FACES; f++)
        for (int k = count[f]; k < buraco_copies(s, f); k++)
            pool[n++] = buraco_face_card(f);
    rng_shuffle(rng, pool, (size_t)n, sizeof pool[0]);
    int next = 0;
    if (s->phase == BUR_WILD && s->turn != seat && !hand_wilds(s->hand[s->turn])) {
        /* The seat that began a meld with a wild holds one: deal it one first. */
        for (int i = 0; i < n; i++)
            if (buraco_is_wildcard(pool[i])) {
                Card two = pool[i];
                pool[i] = pool[0];
                pool[0] = two;
                s->hand[s->turn][buraco_face(two)]++;
                next = 1;
                break;
            }
    }
    for (int p = 0; p < s->num_players; p++) {
        if (p == seat)
            continue;
        int held = 0;
        for (int f = 0; f < BUR_FACES; f++)
            held += s->hand[p][f];
        for (int k = held; k < s->hand_n[p] && next < n; k++)
            s->hand[p][buraco_face(pool[next++])]++;
    }
}

/* ---- Text ------------------------------------------------------------------------ */

static void card_text(Card c, char out[CARD_TEXT_MAX]) { buraco_card_text(c, out); }

/* A card by its text, the joker too. */
static bool bur_card_from_text(const char *t, Card *out)
{
    if (strcmp(t, "joker") == 0) {
        *out = BUR_JOKER;
        return true;
    }
    return card_from_text(t, out);
}

static void action_to_string(const void *state, Action a, char out[RULES_ACTION_TEXT])
{
    (void)state;
    int type = buraco_action_type(a), pay = buraco_action_payload(a);
    char c1[CARD_TEXT_MAX], c2[CARD_TEXT_MAX], c3[CARD_TEXT_MAX];
    switch (a < 0 ? 0 : type) {
    case BUR_A_DRAW:
        if (pay == 0) {
            strcpy(out, "draw");
            return;
        }
        break;
    case BUR_A_TAKE:
        if ((pay >> 6) < BUR_FACES && (pay & 63) < BUR_FACES && !(pay >> 12)) {
            card_text(buraco_face_card(pay >> 6), c1);
            card_text(buraco_face_card(pay & 63), c2);
            snprintf(out, RULES_ACTION_TEXT, "take %s %s", c1, c2);
            return;
        }
        break;
    case BUR_A_NEW3: {
        int suit = pay >> 4, lo = pay & 15;
        if (suit < SUIT_COUNT && lo >= 1 && lo <= 12) {
            card_text(buraco_pos_card(suit, lo), c1);
            card_text(buraco_pos_card(suit, lo + 1), c2);
            card_text(buraco_pos_card(suit, lo + 2), c3);
            snprintf(out, RULES_ACTION_TEXT, "meld %s %s %s", c1, c2, c3);
            return;
        }
        break;
    }
    case BUR_A_NEWW: {
        int suit = pay >> 8, p = (pay >> 4) & 15, q = pay & 15;
        if (suit < SUIT_COUNT && p >= 1 && q > p && q - p <= 2 && q <= 14) {
            card_text(buraco_pos_card(suit, p), c1);
            card_text(buraco_pos_card(suit, q), c2);
            snprintf(out, RULES_ACTION_TEXT, "meld %s %s +wild", c1, c2);
            return;
        }
        break;
    }
    case BUR_A_WILD:
    case BUR_A_DISCARD:
    case BUR_A_DEAL:
        if (pay < BUR_FACES) {
            card_text(buraco_face_card(pay), c1);
            snprintf(out, RULES_ACTION_TEXT, "%s %s",
                     type == BUR_A_WILD ? "wild" : type == BUR_A_DISCARD ? "discard" : "deal", c1);
            return;
        }
        break;
    case BUR_A_JOIN:
        if ((pay & 63) < BUR_FACES && (pay >> 6) < BUR_MAX_MELDS) {
            card_text(buraco_face_card(pay & 63), c1);
            snprintf(out, RULES_ACTION_TEXT, "join %d %s", pay >> 6, c1);
            return;
        }
        break;
    case BUR_A_FIRST:
        if (pay < RULES_MAX_PLAYERS) {
            snprintf(out, RULES_ACTION_TEXT, "first %d", pay);
            return;
        }
        break;
    case BUR_A_SET3: {
        int rank = pay >> 6;
        if (rank >= 1 && rank <= 13 && !(pay >> 10)) {
            card_text(card_make(rank, (pay >> 4) & 3), c1);
            card_text(card_make(rank, (pay >> 2) & 3), c2);
            card_text(card_make(rank, pay & 3), c3);
            snprintf(out, RULES_ACTION_TEXT, "meld %s %s %s", c1, c2, c3);
            return;
        }
        break;
    }
    case BUR_A_SETW: {
        int rank = pay >> 4;
        if (rank >= 1 && rank <= 13 && !(pay >> 8)) {
            card_text(card_make(rank, (pay >> 2) & 3), c1);
            card_text(card_make(rank, pay & 3), c2);
            snprintf(out, RULES_ACTION_TEXT, "meld %s %s +wild", c1, c2);
            return;
        }
        break;
    }
    case BUR_A_TAKEJ:
        if (pay < BUR_MAX_MELDS) {
            snprintf(out, RULES_ACTION_TEXT, "take onto %d", pay);
            return;
        }
        break;
    case BUR_A_TAKEALL:
        if (pay == 0) {
            strcpy(out, "take all");
            return;
        }
        break;
    default:
        break;
    }
    snprintf(out, RULES_ACTION_TEXT, "?%d", (int)a);
}

/* Splits text into at most `max` words (copied into buf); returns the count, or -1 when
 * there are more. */
static int split_words(const char *text, char buf[RULES_ACTION_TEXT], char *words[], int max)
{
    size_t len = strlen(text);
    if (len >= RULES_ACTION_TEXT)
        return -1;
    memcpy(buf, text, len + 1);
    int n = 0;
    char *p = buf;
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (n == max)
            return -1;
        words[n++] = p;
        while (*p && *p != ' ')
            p++;
        if (*p)
            *p++ = '\0';
    }
    return n;
}

/* The position of card c in a sequence; an Ace after `prev` (a lower position) is high. */
static int pos_of(Card c, int prev)
{
    int r = card_rank(c);
    if (r == RANK_ACE)
        return prev > 0 ? 14 : 1;
    return r;
}

static bool parse_small(const char *t, int max, int *out)
{
    if (!t[0] || (t[1] && (t[0] == '0' || t[2])))
        return false;
    int v = 0;
    for (const char *p = t; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        v = v * 10 + (*p - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

static bool action_from_string(const void *state, const char *text, Action *out)
{
    (void)state;
    char buf[RULES_ACTION_TEXT];
    char *w[5];
    int n = split_words(text, buf, w, 5);
    if (n < 1)
        return false;
    Card c[3];
    if (n == 1 && strcmp(w[0], "draw") == 0) {
        *out = buraco_action(BUR_A_DRAW, 0);
        return true;
    }
    int v;
    if (n == 2 && strcmp(w[0], "take") == 0 && strcmp(w[1], "all") == 0) {
        *out = buraco_action(BUR_A_TAKEALL, 0);
        return true;
    }
    if (n == 3 && strcmp(w[0], "take") == 0 && strcmp(w[1], "onto") == 0 &&
        parse_small(w[2], BUR_MAX_MELDS - 1, &v)) {
        *out = buraco_action(BUR_A_TAKEJ, v);
        return true;
    }
    if (n == 3 && strcmp(w[0], "take") == 0 && bur_card_from_text(w[1], &c[0]) &&
        bur_card_from_text(w[2], &c[1])) {
        int f1 = buraco_face(c[0]), f2 = buraco_face(c[1]);
        if (f1 > f2) { /* either order; the code keeps the lower face first */
            int t = f1;
            f1 = f2;
            f2 = t;
        }
        *out = buraco_action(BUR_A_TAKE, f1 << 6 | f2);
        return true;
    }
    if (n == 4 && strcmp(w[0], "meld") == 0 && card_from_text(w[1], &c[0]) &&
        card_from_text(w[2], &c[1])) {
        int suit = card_suit(c[0]);
        int p = pos_of(c[0], 0), q = pos_of(c[1], p);
        if (card_rank(c[0]) == card_rank(c[1]) && card_rank(c[0]) != 2) {
            /* A set: the suits in order. */
            int rank = card_rank(c[0]), s1 = card_suit(c[0]), s2 = card_suit(c[1]);
            if (s2 < s1)
                return false;
            if (strcmp(w[3], "+wild") == 0) {
                *out = buraco_action(BUR_A_SETW, rank << 4 | s1 << 2 | s2);
                return true;
            }
            if (!card_from_text(w[3], &c[2]) || card_rank(c[2]) != rank ||
                card_suit(c[2]) < s2)
                return false;
            *out = buraco_action(BUR_A_SET3, rank << 6 | s1 << 4 | s2 << 2 | card_suit(c[2]));
            return true;
        }
        if (card_suit(c[1]) != suit)
            return false;
        if (strcmp(w[3], "+wild") == 0) {
            if (q <= p || q - p > 2)
                return false;
            *out = buraco_action(BUR_A_NEWW, suit << 8 | p << 4 | q);
            return true;
        }
        if (!card_from_text(w[3], &c[2]) || card_suit(c[2]) != suit || q != p + 1 ||
            pos_of(c[2], q) != p + 2 || p > 12)
            return false;
        *out = buraco_action(BUR_A_NEW3, suit << 4 | p);
        return true;
    }
    if (n == 2 && bur_card_from_text(w[1], &c[0])) {
        int type = strcmp(w[0], "wild") == 0      ? BUR_A_WILD
                   : strcmp(w[0], "discard") == 0 ? BUR_A_DISCARD
                   : strcmp(w[0], "deal") == 0    ? BUR_A_DEAL
                                                  : 0;
        if (!type)
            return false;
        *out = buraco_action(type, buraco_face(c[0]));
        return true;
    }
    if (n == 3 && strcmp(w[0], "join") == 0 && parse_small(w[1], BUR_MAX_MELDS - 1, &v) &&
        bur_card_from_text(w[2], &c[0])) {
        *out = buraco_action(BUR_A_JOIN, v << 6 | buraco_face(c[0]));
        return true;
    }
    if (n == 2 && strcmp(w[0], "first") == 0 && parse_small(w[1], RULES_MAX_PLAYERS - 1, &v)) {
        *out = buraco_action(BUR_A_FIRST, v);
        return true;
    }
    return false;
}

/* ---- Description ------------------------------------------------------------------ */

typedef struct {
    char *out;
    size_t size, len;
} Buf;

static void put(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(Buf *b, const char *fmt, ...)
{
    if (b->len + 1 >= b->size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->out + b->len, b->size - b->len, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    b->len += (size_t)k;
    if (b->len >= b->size)
        b->len = b->size - 1;
}

static void put_cards(Buf *b, const Card *c, int n)
{
    for (int i = 0; i < n; i++) {
        char t[CARD_TEXT_MAX];
        put(b, " %s", buraco_card_text(c[i], t));
    }
}

static void describe(const void *state, char *out, size_t size)
{
    const BuracoState *s = state;
    if (size == 0)
        return;
    Buf b = {out, size, 0};
    out[0] = '\0';
    for (int p = 0; p < s->num_players; p++) {
        Card cards[BUR_DECK_MAX];
        int n = buraco_hand_cards(s, p, cards);
        put(&b, "Seat %d (team %d, %d cards):", p, buraco_team(p), s->hand_n[p]);
        put_cards(&b, cards, n);
        if (n < s->hand_n[p])
            put(&b, " +%d hidden", s->hand_n[p] - n);
        put(&b, "\n");
    }
    put(&b, "Stock %d, pile %d:", s->stock_n, s->pile_n);
    if (s->morto)
        put(&b, " (mortos left %d; taken: team 0 %s, team 1 %s)", s->mortos_left,
            s->morto_taken[0] ? "yes" : "no", s->morto_taken[1] ? "yes" : "no");
    put_cards(&b, s->pile, s->pile_n);
    put(&b, "\n");
    for (int t = 0; t < BUR_TEAMS; t++) {
        put(&b, "Team %d melds:", t);
        for (int i = 0; i < s->n_melds[t]; i++) {
            const BuracoMeld *m = &s->melds[t][i];
            put(&b, " [");
            put_cards(&b, m->c, m->n);
            put(&b, " ]%s", m->n >= BUR_CANASTRA ? (m->clean ? " limpa" : " suja") : "");
            int bonus = buraco_canastra_bonus(m, s->big);
            if (bonus > BUR_BONUS_CLEAN)
                put(&b, " %d", bonus);
        }
        put(&b, "\n");
    }
    if (s->target)
        put(&b, "Match to %d, deal %d: team 0 %d, team 1 %d\n",
            buraco_target_points(s->target), s->deal + 1, s->total[0], s->total[1]);
    switch (s->phase) {
    case BUR_OVER:
        put(&b, "Result: team 0 %d, team 1 %d (%s)\n", s->score[0], s->score[1],
            s->end == BUR_END_OUT ? "a player went out" : "the stock ran out");
        break;
    case BUR_MORTO:
        put(&b, "Seat %d takes a morto (%d cards to come)\n", s->turn, s->morto_deal);
        break;
    case BUR_DEALING:
    case BUR_FIRST:
        put(&b, "Dealing\n");
        break;
    default:
        put(&b, "Seat %d to %s\n", s->turn,
            s->phase == BUR_DRAW ? "draw" : s->phase == BUR_WILD ? "choose a wild" : "play");
        break;
    }
}

/* ---- Direct set-ups and a view's bookkeeping -------------------------------------- */

const char *buraco_setup(BuracoState *s, int num_players, const Card *const hands[],
                         const int hand_n[], Card top, int first)
{
    return buraco_setup_opt(s, NULL, num_players, hands, hand_n, top, first);
}

const char *buraco_setup_opt(BuracoState *s, const GameOptions *opt, int num_players,
                             const Card *const hands[], const int hand_n[], Card top, int first)
{
    GameOptions none = {{0}};
    const char *e = init(s, opt ? opt : &none, num_players, 0);
    if (e)
        return e;
    if (first < 0 || first >= num_players)
        return N_("no such starting player");
    int count[BUR_FACES] = {0}, total = 0;
    for (int p = 0; p < num_players; p++) {
        if (hand_n[p] < 0 || hand_n[p] > BUR_DECK)
            return N_("a hand has too many cards");
        s->hand_n[p] = (uint8_t)hand_n[p];
        total += hand_n[p];
        if (!hands[p])
            continue;
        for (int i = 0; i < hand_n[p]; i++) {
            if (!buraco_card_ok(hands[p][i]))
                return N_("not a card");
            int f = buraco_face(hands[p][i]);
            if (++count[f] > buraco_copies(s, f))
                return N_("a card appears more than twice");
            s->hand[p][f]++;
        }
    }
    if (!buraco_card_ok(top))
        return N_("not a card");
    if (++count[buraco_face(top)] > buraco_copies(s, buraco_face(top)))
        return N_("a card appears more than twice");
    total++;
    int deck = BUR_DECK + (s->jokers ? BUR_JOKERS : 0) - BUR_MORTO_CARDS * s->mortos_left;
    if (total > deck)
        return N_("more cards than two decks hold");
    s->pile[s->pile_n++] = top;
    s->dealt = (uint8_t)(BUR_HAND_START * num_players + 1);
    s->stock_n = (uint8_t)(deck - total);
    s->first = (int8_t)first;
    s->turn = (uint8_t)first;
    s->phase = BUR_DRAW;
    return NULL;
}

/* Removes card c from another seat's hand in a view: a known copy if any, else a hidden
 * one. */
static const char *view_remove(BuracoState *v, int p, Card c)
{
    int f = card_index(c);
    if (v->hand_n[p] == 0)
        return N_("that player has no card left");
    if (v->hand[p][f]) {
        v->hand[p][f]--;
        if (v->known[p][f] > v->hand[p][f])
            v->known[p][f] = v->hand[p][f];
    } else {
        int held = 0;
        for (int g = 0; g < BUR_FACES; g++)
            held += v->hand[p][g];
        if (held >= v->hand_n[p])
            return N_("that player cannot hold that card");
    }
    v->hand_n[p]--;
    return NULL;
}

static const char *view_after_play(BuracoState *v, int p);

static const char *view_check_turn(const BuracoState *v, int p, BuracoPhase phase)
{
    if (p < 0 || p >= v->num_players || v->turn != p)
        return N_("it is not that player's turn");
    if (v->phase != phase)
        return phase == BUR_DRAW ? N_("that player has already drawn")
                                  : N_("that player must draw first");
    return NULL;
}

const char *buraco_view_draw(BuracoState *v, int p)
{
    const char *e = view_check_turn(v, p, BUR_DRAW);
    if (e)
        return e;
    if (v->stock_n == 0)
        return N_("the stock is empty");
    v->stock_n--;
    v->hand_n[p]++;
    v->drew_stock = 1;
    v->drawn = CARD_NONE;
    v->phase = BUR_PLAY;
    return NULL;
}

/* Cards of a meld must be visible-consistent: no face more than twice in view. */
static bool fits_two_decks(const BuracoState *v, const Card *cards, int n)
{
    int count[BUR_FACES];
    visible_counts(v, count);
    for (int i = 0; i < n; i++)
        if (++count[card_index(cards[i])] > 2)
            return false;
    return true;
}

const char *buraco_view_take(BuracoState *v, int p, const Card *cards, int n)
{
    const char *e = view_check_turn(v, p, BUR_DRAW);
    if (e)
        return e;
    int t = buraco_team(p);
    if (v->pile_n == 0)
        return N_("the discard pile is empty");
    if (v->n_melds[t] >= BUR_MAX_MELDS)
        return N_("too many melds");
    if (n < 2 || n + 1 > BUR_MELD_MAX)
        return N_("not a meld");
    Card m[BUR_MELD_MAX];
    m[0] = buraco_pile_top(v);
    memcpy(m + 1, cards, (size_t)n);
    BuracoMeldInfo info;
    if (!buraco_meld_check(m, n + 1, &info))
        return N_("not a meld");
    BuracoState copy = *v;
    for (int i = 0; i < n; i++)
        if ((e = view_remove(&copy, p, cards[i])))
            return e;
    if (!fits_two_decks(&copy, cards, n))
        return N_("those cards cannot be in that hand");
    *v = copy;
    buraco_meld_set(&v->melds[t][v->n_melds[t]++], &info);
    for (int i = 0; i + 1 < v->pile_n; i++) {
        int f = card_index(v->pile[i]);
        v->hand[p][f]++;
        v->known[p][f]++;
        v->hand_n[p]++;
    }
    v->pile_n = 0;
    v->drew_stock = 0;
    v->phase = BUR_PLAY;
    return v->hand_n[p] == 0 ? view_after_play(v, p) : NULL;
}

static const char *view_after_play(BuracoState *v, int p)
{
    if (v->hand_n[p] == 0) {
        v->went_out = (int8_t)p;
        /* The real scores need the hidden hands: the judge tells them, not the view. */
        finish(v, BUR_END_OUT);
    }
    return NULL;
}

const char *buraco_view_meld_new(BuracoState *v, int p, const Card *cards, int n)
{
    const char *e = view_check_turn(v, p, BUR_PLAY);
    if (e)
        return e;
    int t = buraco_team(p);
    BuracoMeldInfo info;
    if (v->n_melds[t] >= BUR_MAX_MELDS)
        return N_("too many melds");
    if (!buraco_meld_check(cards, n, &info))
        return N_("not a meld");
    BuracoState copy = *v;
    for (int i = 0; i < n; i++)
        if ((e = view_remove(&copy, p, cards[i])))
            return e;
    if (!fits_two_decks(&copy, cards, n))
        return N_("those cards cannot be in that hand");
    *v = copy;
    buraco_meld_set(&v->melds[t][v->n_melds[t]++], &info);
    return view_after_play(v, p);
}

const char *buraco_view_meld_join(BuracoState *v, int p, int meld, const Card *cards, int n)
{
    const char *e = view_check_turn(v, p, BUR_PLAY);
    if (e)
        return e;
    int t = buraco_team(p);
    if (meld < 0 || meld >= v->n_melds[t])
        return N_("no such meld");
    const BuracoMeld *md = &v->melds[t][meld];
    if (n < 1 || md->n + n > BUR_MELD_MAX)
        return N_("not a meld");
    Card all[BUR_MELD_MAX];
    memcpy(all, md->c, md->n);
    memcpy(all + md->n, cards, (size_t)n);
    BuracoMeldInfo info;
    if (!buraco_meld_check(all, md->n + n, &info))
        return N_("not a meld");
    BuracoState copy = *v;
    for (int i = 0; i < n; i++)
        if ((e = view_remove(&copy, p, cards[i])))
            return e;
    if (!fits_two_decks(&copy, cards, n))
        return N_("those cards cannot be in that hand");
    *v = copy;
    buraco_meld_set(&v->melds[t][meld], &info);
    return view_after_play(v, p);
}

const char *buraco_view_discard(BuracoState *v, int p, Card c)
{
    const char *e = view_check_turn(v, p, BUR_PLAY);
    if (e)
        return e;
    if (!card_is_valid(c))
        return N_("not a card");
    BuracoState copy = *v;
    if ((e = view_remove(&copy, p, c)))
        return e;
    if (!fits_two_decks(&copy, &c, 1))
        return N_("that card cannot be in that hand");
    *v = copy;
    v->pile[v->pile_n++] = c;
    if (v->hand_n[p] == 0)
        return view_after_play(v, p);
    end_turn(v);
    return NULL;
}

/* Before 0.9 the default was the contest's game (every option 0). */
static void old_defaults(GameOptions *opt) { buraco_variant_options(BUR_VARIANT_CONTEST, opt); }

/* A preset sets the options it stands for; any other option shows the preset they now
 * match, or "custom". */
static void option_set(GameOptions *opt, int i)
{
    if (i == BUR_OPT_VARIANT)
        buraco_variant_options(opt->v[i], opt);
    else
        opt->v[BUR_OPT_VARIANT] = buraco_options_variant(opt);
}

/* A match's deals (the contest's single deal: 1). */
static int rounds(const void *state) { return ((const BuracoState *)state)->deal + 1; }

const GameRules buraco_rules = {
    .id = "buraco",
    .name = N_("Buraco"),
    .summary = N_("Lay sequences, build canastras, take the discard pile; 2 players or 2 teams."),
    .min_players = 2,
    .max_players = 4,
    .default_players = 2,
    .state_size = sizeof(BuracoState),
    .options = options,
    .n_options = BUR_OPT_COUNT,
    .init = init,
    .num_players = num_players,
    .current_player = current_player,
    .legal_actions = legal_actions,
    .apply = apply,
    .returns = returns,
    .chance_outcomes = chance_outcomes,
    .observe = observe,
    .resample = resample,
    .action_to_string = action_to_string,
    .action_from_string = action_from_string,
    .describe = describe,
    .option_set = option_set,
    .rounds = rounds,
    .old_defaults = old_defaults,
    .value_labels = value_labels,
};
