/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco Paulista, pure rules (RULES.md §1). */
#include <stdio.h>
#include <string.h>

#include "../../core/nls.h"
#include "truco.h"

static const char *const off_on[] = {N_("off"), N_("on")};
static const char *const match_names[] = {N_("single"), N_("best-of-3")};
static const char *const variant_names[] = {N_("paulista"), N_("mineiro"), N_("velha"),
                                            N_("limpo"), N_("custom")};
static const char *const manilha_names[] = {N_("vira"), N_("fixed")};
static const char *const deck_names[] = {"40", "24"};
static const char *const value_names[] = {N_("paulista"), N_("mineiro")};
static const char *const seen_names[] = {"0",  "5",  "10", "15", "20", "25", "30",
                                         "35", "40", "45", "50", "55", "60", "65",
                                         "70", "75", "80", "85", "90", "95", "100"};
static const char *const tie_names[] = {"tied", "first", "mao"};
static const char *const tie_labels[] = {N_("who tied it"), N_("first of the tied cards"),
                                         N_("the mão")};
static const OptionDesc options[] = {
    {"blind", N_("Mão de ferro às cegas"),
     N_("When both have 11, the cards are dealt face down and played unseen."), 0, 0, 1, off_on},
    {"match", N_("Match"), N_("One game to 12 points, or the best of three games."), 0, 0, 1,
     match_names},
    {"variant", N_("Variant"),
     N_("Paulista; Mineiro (fixed manilhas, hands worth 2); manilha velha (fixed manilhas); "
        "baralho limpo (24 cards)."),
     TR_VAR_PAULISTA, TR_VAR_PAULISTA, TR_VAR_CUSTOM, variant_names},
    {"manilhas", N_("Manilhas"),
     N_("Turned by the vira each hand, or fixed: 4 of clubs, 7 of hearts, ace of spades, "
        "7 of diamonds."),
     TR_MANILHAS_VIRA, 0, 1, manilha_names},
    {"deck", N_("Deck"), N_("40 cards, or 24 (baralho limpo: A 2 3 J Q K, no 4 to 7)."),
     TR_DECK_40, 0, 1, deck_names},
    {"values", N_("Hand values"),
     N_("Paulista: 1, truco 3, 6, 9, 12, mão de onze. Mineiro: 2, truco 4, 6, 10, 12, mão de "
        "dez."),
     TR_VALUES_PAULISTA, 0, 1, value_names},
    {"signals", N_("Signals (4 players)"),
     N_("Partners may show each other their manilhas and threes with the traditional signs."),
     1, 0, 1, off_on},
    {"signal_seen", N_("Signals can be seen (%)"),
     N_("The chance that an opponent catches a sign made to the partner."), 2, 0, 20,
     seen_names},
    {"reraise", N_("Answer a raise by raising"),
     N_("On: a raise may be answered by raising again. Off: only by accepting or running; the "
        "team that accepted may still raise on its turn."),
     1, 0, 1, off_on},
    {"run_passes", N_("A refusal passes to the partner (4 players)"),
     N_("When the first to answer a raise runs, the partner answers: the team runs only if "
        "both refuse, and one acceptance accepts."),
     0, 0, 1, off_on},
    {"tie_lead", N_("After a tied rodada, leads"),
     N_("Who leads the rodada after a tie: the player who tied it, the player of the first of "
        "the tied cards, or the hand's mão (who led the tied rodada)."),
     TR_TIE_TIED, TR_TIE_TIED, TR_TIE_MAO, tie_names},
};
/* Labels shown for the values whose names are keys, not words. */
static const char *const *const value_labels[] = {[TR_OPT_TIE_LEAD] = tie_labels};

/* ---- Variants ---------------------------------------------------------------------- */

/* manilhas, deck, values of each preset. */
static const uint8_t presets[TR_VAR_CUSTOM][3] = {
    [TR_VAR_PAULISTA] = {TR_MANILHAS_VIRA, TR_DECK_40, TR_VALUES_PAULISTA},
    [TR_VAR_MINEIRO] = {TR_MANILHAS_FIXED, TR_DECK_40, TR_VALUES_MINEIRO},
    [TR_VAR_VELHA] = {TR_MANILHAS_FIXED, TR_DECK_40, TR_VALUES_PAULISTA},
    [TR_VAR_LIMPO] = {TR_MANILHAS_VIRA, TR_DECK_24, TR_VALUES_PAULISTA},
};

TrucoVariant truco_variant_of(const GameOptions *opt)
{
    for (int v = 0; v < TR_VAR_CUSTOM; v++)
        if (opt->v[TR_OPT_MANILHAS] == presets[v][0] && opt->v[TR_OPT_DECK] == presets[v][1] &&
            opt->v[TR_OPT_VALUES] == presets[v][2])
            return (TrucoVariant)v;
    return TR_VAR_CUSTOM;
}

TrucoVariant truco_state_variant(const TrucoState *s)
{
    GameOptions o = {{0}};
    o.v[TR_OPT_MANILHAS] = s->opt_manilhas;
    o.v[TR_OPT_DECK] = s->opt_deck;
    o.v[TR_OPT_VALUES] = s->opt_values;
    return truco_variant_of(&o);
}

const char *truco_variant_name(TrucoVariant v)
{
    static const char *const names[] = {N_("Paulista"), N_("Mineiro"), N_("Manilha velha"),
                                        N_("Baralho limpo"), N_("custom rules")};
    return names[v >= 0 && v <= TR_VAR_CUSTOM ? v : TR_VAR_CUSTOM];
}

/* A preset sets the three rule options; any of those set by hand names the preset they
 * match, or "custom" (so a save or a command line read back in any order agrees). */
static void option_set(GameOptions *opt, int i)
{
    if (i == TR_OPT_VARIANT) {
        int v = opt->v[TR_OPT_VARIANT];
        if (v >= 0 && v < TR_VAR_CUSTOM) {
            opt->v[TR_OPT_MANILHAS] = presets[v][0];
            opt->v[TR_OPT_DECK] = presets[v][1];
            opt->v[TR_OPT_VALUES] = presets[v][2];
        }
    }
    /* "custom" alone changes nothing: the variant always names what the options are. */
    if (i == TR_OPT_VARIANT || i == TR_OPT_MANILHAS || i == TR_OPT_DECK || i == TR_OPT_VALUES)
        opt->v[TR_OPT_VARIANT] = truco_variant_of(opt);
}

const char *truco_options_check(const GameOptions *opt)
{
    if (opt->v[TR_OPT_MANILHAS] == TR_MANILHAS_FIXED && opt->v[TR_OPT_DECK] == TR_DECK_24)
        return N_("fixed manilhas (manilha velha) are played with the 40-card deck: the 24-card "
                  "deck has no 4 or 7; choose deck=40 or manilhas=vira");
    return NULL;
}

bool truco_in_deck(const TrucoState *s, Card c)
{
    if (!truco_card_valid(c))
        return false;
    return s->opt_deck != TR_DECK_24 || truco_rank_order(card_rank(c)) >= 4;
}

int truco_deck_size(const TrucoState *s) { return s->opt_deck == TR_DECK_24 ? 24 : TR_DECK; }

int truco_base_value(const TrucoState *s) { return s->opt_values == TR_VALUES_MINEIRO ? 2 : 1; }
int truco_onze_score(const TrucoState *s) { return s->opt_values == TR_VALUES_MINEIRO ? 10 : 11; }
int truco_onze_value(const TrucoState *s) { return s->opt_values == TR_VALUES_MINEIRO ? 4 : 3; }

int truco_raise_value(const TrucoState *s, int action)
{
    static const int paulista[5] = {0, 3, 6, 9, 12}, mineiro[5] = {0, 4, 6, 10, 12};
    if (action < TR_TRUCO || action > TR_DOZE)
        return 0;
    return (s->opt_values == TR_VALUES_MINEIRO ? mineiro : paulista)[action];
}

int truco_raise_step(const TrucoState *s, int value)
{
    for (int a = TR_TRUCO; a <= TR_DOZE; a++)
        if (truco_raise_value(s, a) == value)
            return a;
    return 0;
}

/* ---- Cards ------------------------------------------------------------------------- */

int truco_rank_order(int rank)
{
    /* 4 5 6 7 Q J K A 2 3 */
    static const int order[14] = {-1, 7, 8, 9, 0, 1, 2, 3, -1, -1, -1, 5, 4, 6};
    return rank >= 0 && rank <= 13 ? order[rank] : -1;
}

static int rank_of_order(int o)
{
    static const int ranks[10] = {4, 5, 6, 7, RANK_QUEEN, RANK_JACK, RANK_KING, RANK_ACE, 2, 3};
    return ranks[o];
}

bool truco_card_valid(Card c) { return card_is_valid(c) && truco_rank_order(card_rank(c)) >= 0; }

int truco_manilha_rank(Card vira) { return rank_of_order((truco_rank_order(card_rank(vira)) + 1) % 10); }

bool truco_is_manilha(Card c, Card vira)
{
    return truco_card_valid(c) && truco_card_valid(vira) &&
           card_rank(c) == truco_manilha_rank(vira);
}

/* ♦ < ♠ < ♥ < ♣ */
static const int suit_order[SUIT_COUNT] = {[SUIT_DIAMONDS] = 0, [SUIT_SPADES] = 1,
                                           [SUIT_HEARTS] = 2, [SUIT_CLUBS] = 3};

int truco_strength(Card c, Card vira)
{
    if (truco_is_manilha(c, vira))
        return 10 + suit_order[card_suit(c)];
    return truco_rank_order(card_rank(c));
}


int truco_hand_manilha_rank(const TrucoState *s)
{
    if (truco_fixed_manilhas(s) || !truco_card_valid(s->vira))
        return 0;
    int o = truco_rank_order(card_rank(s->vira));
    do
        o = (o + 1) % 10;
    while (s->opt_deck == TR_DECK_24 && o < 4); /* the clean deck skips 4 5 6 7 */
    return rank_of_order(o);
}

/* The fixed manilhas: 7♦ (pica-fumo) 10, A♠ (espadilha) 11, 7♥ (copas) 12, 4♣ (zap) 13; else
 * -1. */
static int fixed_manilha(Card c)
{
    switch (card_rank(c)) {
    case 4: return card_suit(c) == SUIT_CLUBS ? 13 : -1;
    case 7: return card_suit(c) == SUIT_HEARTS ? 12 : card_suit(c) == SUIT_DIAMONDS ? 10 : -1;
    case RANK_ACE: return card_suit(c) == SUIT_SPADES ? 11 : -1;
    default: return -1;
    }
}

bool truco_card_is_manilha(const TrucoState *s, Card c)
{
    if (!truco_card_valid(c))
        return false;
    if (truco_fixed_manilhas(s))
        return fixed_manilha(c) >= 0;
    return card_rank(c) == truco_hand_manilha_rank(s);
}

int truco_card_strength(const TrucoState *s, Card c)
{
    if (!truco_card_valid(c))
        return -1;
    if (truco_fixed_manilhas(s)) {
        int m = fixed_manilha(c);
        return m >= 0 ? m : truco_rank_order(card_rank(c));
    }
    if (card_rank(c) == truco_hand_manilha_rank(s))
        return 10 + suit_order[card_suit(c)];
    return truco_rank_order(card_rank(c));
}

static const char *const raise_name[5] = {"", "truco", "seis", "nove", "doze"};

int truco_raise_action(int value)
{
    /* Paulista 1 3 6 9, Mineiro 2 4 6 10 (the two never share a value with another step). */
    switch (value) {
    case 1:
    case 2: return TR_TRUCO;
    case 3:
    case 4: return TR_SEIS;
    case 6: return TR_NOVE;
    case 9:
    case 10: return TR_DOZE;
    default: return 0;
    }
}

/* ---- Turn order ---------------------------------------------------------------------- */

int truco_current_player(const TrucoState *s)
{
    switch (s->phase) {
    case TR_PH_FIRST:
    case TR_PH_DEAL:
    case TR_PH_CAUGHT:
        return PLAYER_CHANCE;
    case TR_PH_ONZE: /* the seat deciding for the team at 11 */
    case TR_PH_ANSWER:
        return s->answerer;
    case TR_PH_PLAY:
        return (s->leader + s->n_table) % s->num_players;
    default:
        return PLAYER_TERMINAL;
    }
}

bool truco_can_raise(const TrucoState *s, int seat)
{
    return s->phase == TR_PH_PLAY && s->kind == TR_KIND_NORMAL && s->value < 12 &&
           truco_current_player(s) == seat && s->last_raise_team != truco_team(seat);
}

int truco_answer_raise(const TrucoState *s)
{
    if (s->phase != TR_PH_ANSWER || !s->opt_reraise)
        return 0;
    return truco_raise_action(s->pending);
}

bool truco_run_passes(const TrucoState *s)
{
    return s->opt_run_passes && s->num_players == 4 && s->phase == TR_PH_ANSWER && !s->passed;
}

bool truco_can_pass(const TrucoState *s)
{
    return s->num_players == 4 && (s->phase == TR_PH_ANSWER || s->phase == TR_PH_ONZE) &&
           !s->passed;
}

/* ---- Signals ---------------------------------------------------------------------------- */

const char *truco_sign_name(int k)
{
    static const char *const names[TR_SIGNS] = {"zap", "copas", "espadilha", "pica-fumo", "tres"};
    return k >= 0 && k < TR_SIGNS ? names[k] : "?";
}

bool truco_can_signal(const TrucoState *s, int seat, int k)
{
    return s->opt_signals && s->num_players == 4 && k >= 0 && k < TR_SIGNS &&
           s->phase == TR_PH_PLAY && !s->blind && seat >= 0 && truco_current_player(s) == seat &&
           s->sig[seat][k] == 0;
}

bool truco_sign_matches(const TrucoState *s, int k, Card c)
{
    static const int suit_of_sign[4] = {SUIT_CLUBS, SUIT_HEARTS, SUIT_SPADES, SUIT_DIAMONDS};
    if (!truco_card_valid(c) || k < 0 || k >= TR_SIGNS)
        return false;
    bool manilha = truco_card_is_manilha(s, c);
    if (k == TR_SIGN_THREE)
        return card_rank(c) == 3 && !manilha;
    return manilha && card_suit(c) == suit_of_sign[k];
}

/* Both partners of seat p's team, as seat bits. */
static uint8_t team_bits(int p) { return (uint8_t)((1u << p) | (1u << ((p + 2) % 4))); }

static const char *apply_signal(TrucoState *s, int p, int k)
{
    if (!s->opt_signals || s->num_players != 4)
        return N_("signals are not played at this table");
    if (s->blind)
        return N_("no signals in a blind hand");
    if (s->sig[p][k])
        return N_("you made that sign already in this hand");
    s->sig[p][k] = team_bits(p); /* the partner always sees it */
    if (s->opt_seen > 0) {       /* do the opponents catch it? */
        s->phase = TR_PH_CAUGHT;
        s->sig_seat = (int8_t)p;
        s->sig_sign = (uint8_t)k;
    }
    return NULL;
}

/* The catch outcomes after seat p's sign: no opponent, either one, both; with weights. */
static int caught_outcomes(const TrucoState *s, Action out[4], uint32_t w[4])
{
    int p = s->sig_seat, o1 = (p + 1) % 4, o2 = (p + 3) % 4, n = 0;
    uint32_t q = s->opt_seen, r = 100 - q;
    const uint32_t weight[4] = {r * r, q * r, r * q, q * q};
    const int mask[4] = {0, 1 << o1, 1 << o2, (1 << o1) | (1 << o2)};
    for (int i = 0; i < 4; i++)
        if (weight[i] > 0) {
            w[n] = weight[i];
            out[n++] = TR_CAUGHT + mask[i];
        }
    return n;
}

bool truco_sees_hand(const TrucoState *s, int seat, int owner)
{
    if (s->blind || seat < 0)
        return false;
    if (owner == seat)
        return true;
    /* Partners at 11 show each other their hands before they choose; what they saw stays
     * known for the rest of the hand (not while the next hand is being dealt). */
    return s->kind == TR_KIND_ONZE && truco_team(owner) == truco_team(seat) &&
           s->onze_team == truco_team(seat) && !(s->phase == TR_PH_DEAL && s->n_dealt > 0);
}

static const char *init(void *state, const GameOptions *opt, int num_players, uint64_t seed)
{
    (void)seed; /* every deal and the first mão are chance actions drawn by the match */
    if (num_players != 2 && num_players != 4)
        return N_("Truco is played by 2 players, or by 4 in two teams");
    const char *bad = truco_options_check(opt);
    if (bad)
        return bad;
    TrucoState *s = state;
    memset(s, 0, sizeof *s);
    s->num_players = (uint8_t)num_players;
    s->opt_blind = (uint8_t)(opt->v[TR_OPT_BLIND] != 0);
    s->opt_match = (uint8_t)(opt->v[TR_OPT_MATCH] != 0);
    s->opt_manilhas = (uint8_t)(opt->v[TR_OPT_MANILHAS] != 0);
    s->opt_deck = (uint8_t)(opt->v[TR_OPT_DECK] != 0);
    s->opt_values = (uint8_t)(opt->v[TR_OPT_VALUES] != 0);
    s->opt_signals = (uint8_t)(num_players == 4 && opt->v[TR_OPT_SIGNALS] != 0);
    int seen = opt->v[TR_OPT_SEEN];
    s->opt_seen = (uint8_t)(5 * (seen < 0 ? 0 : seen > 20 ? 20 : seen));
    s->opt_reraise = (uint8_t)(opt->v[TR_OPT_RERAISE] != 0);
    s->opt_run_passes = (uint8_t)(num_players == 4 && opt->v[TR_OPT_RUN_PASSES] != 0);
    int tie = opt->v[TR_OPT_TIE_LEAD];
    s->opt_tie_lead = (uint8_t)(tie < TR_TIE_TIED || tie > TR_TIE_MAO ? TR_TIE_TIED : tie);
    s->sig_seat = -1;
    s->phase = TR_PH_FIRST;
    s->mao = 0;
    s->value = (uint8_t)truco_base_value(s);
    s->raiser = s->answerer = -1;
    s->last_raise_team = s->onze_team = -1;
    s->last_winner = s->game_winner = s->winner = -1;
    for (int r = 0; r < TR_RODADAS; r++)
        s->result[r] = TR_RES_NONE;
    return NULL;
}

static int num_players(const void *state) { return ((const TrucoState *)state)->num_players; }

static int current_player(const void *state) { return truco_current_player(state); }

static int legal_actions(const void *state, Action out[RULES_MAX_ACTIONS])
{
    const TrucoState *s = state;
    int p = truco_current_player(s);
    if (p < 0)
        return 0;
    int n = 0;
    if (s->phase == TR_PH_ONZE) {
        out[n++] = TR_ONZE_PLAY;
        out[n++] = TR_ONZE_RUN;
        if (truco_can_pass(s))
            out[n++] = TR_PASS;
    } else if (s->phase == TR_PH_ANSWER) {
        out[n++] = TR_ACCEPT;
        out[n++] = TR_RUN;
        if (truco_answer_raise(s))
            out[n++] = truco_answer_raise(s);
        if (truco_can_pass(s))
            out[n++] = TR_PASS;
    } else if (s->phase == TR_PH_PLAY) {
        for (int i = 0; i < TR_HAND; i++) {
            Card c = s->hand[p][i];
            if (c == CARD_NONE)
                continue;
            if (s->blind)
                out[n++] = TR_PLAY_SLOT + i;
            else if (truco_card_valid(c))
                out[n++] = TR_PLAY + card_index(c);
        }
        if (s->rodada > 0)
            for (int i = 0; i < TR_HAND; i++) {
                Card c = s->hand[p][i];
                if (c == CARD_NONE)
                    continue;
                if (s->blind)
                    out[n++] = TR_HIDE_SLOT + i;
                else if (truco_card_valid(c))
                    out[n++] = TR_HIDE + card_index(c);
            }
        if (truco_can_raise(s, p))
            out[n++] = truco_raise_action(s->value);
        for (int k = 0; k < TR_SIGNS; k++)
            if (truco_can_signal(s, p, k))
                out[n++] = TR_SIGNAL + k;
    }
    return n;
}

/* ---- Dealing --------------------------------------------------------------------------- */

static bool card_in_play(const TrucoState *s, Card c)
{
    if (s->n_dealt == 0)
        return false; /* what is on the table belongs to the last hand */
    if (s->vira == c)
        return true;
    for (int p = 0; p < s->num_players; p++) {
        for (int i = 0; i < TR_HAND; i++)
            if (s->hand[p][i] == c)
                return true;
        for (int r = 0; r < TR_RODADAS; r++)
            if (s->table[r][p] == c)
                return true;
    }
    return false;
}

static int chance_outcomes(const void *state, Action out[RULES_MAX_ACTIONS],
                           uint32_t weights[RULES_MAX_ACTIONS])
{
    const TrucoState *s = state;
    int n = 0;
    if (s->phase == TR_PH_FIRST) {
        for (int p = 0; p < s->num_players; p++) {
            weights[n] = 1;
            out[n++] = TR_FIRST + p;
        }
    } else if (s->phase == TR_PH_DEAL) {
        /* Canonical order (by card index) so equal seeds deal equal decks. */
        for (int i = 0; i < 52; i++) {
            Card c = card_from_index(i);
            if (!truco_in_deck(s, c) || card_in_play(s, c))
                continue;
            weights[n] = 1;
            out[n++] = TR_DEAL + i;
        }
    } else if (s->phase == TR_PH_CAUGHT) {
        n = caught_outcomes(s, out, weights);
    }
    return n;
}

/* The first card of a deal: the last hand leaves the table, a new game may begin. */
static void begin_deal(TrucoState *s)
{
    if (s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS)
        s->score[0] = s->score[1] = 0;
    if (s->hands > 0)
        s->mao = (int8_t)((s->mao + 1) % s->num_players);
    s->hands++;
    memset(s->hand, 0, sizeof s->hand);
    memset(s->table, 0, sizeof s->table);
    memset(s->down, 0, sizeof s->down);
    memset(s->sig, 0, sizeof s->sig);
    s->sig_seat = -1;
    s->vira = CARD_NONE;
    for (int r = 0; r < TR_RODADAS; r++)
        s->result[r] = TR_RES_NONE;
    s->rodada = 0;
    s->n_table = 0;
    s->leader = s->mao;
    s->pending = 0;
    s->raiser = s->answerer = -1;
    s->passed = 0;
    s->last_raise_team = -1;
    s->onze_team = -1;
    s->bet_chance_hand = 0;
    s->n_bets = 0;
    memset(s->bets, 0, sizeof s->bets);
    int onze = truco_onze_score(s);
    bool at11[TR_TEAMS] = {s->score[0] == onze, s->score[1] == onze};
    if (at11[0] && at11[1]) {
        s->kind = TR_KIND_FERRO;
        s->value = (uint8_t)truco_base_value(s);
    } else if (at11[0] || at11[1]) {
        s->kind = TR_KIND_ONZE;
        s->onze_team = at11[0] ? 0 : 1;
        s->value = (uint8_t)truco_onze_value(s);
    } else {
        s->kind = TR_KIND_NORMAL;
        s->value = (uint8_t)truco_base_value(s);
    }
    s->blind = (uint8_t)(s->kind == TR_KIND_FERRO && s->opt_blind);
}

static void deal_card(TrucoState *s, Card c)
{
    if (s->n_dealt == 0)
        begin_deal(s);
    int n = s->num_players, k = s->n_dealt++;
    if (k < TR_HAND * n) {
        s->hand[(s->mao + k) % n][k / n] = c;
        if (k + 1 < TR_HAND * n || !truco_fixed_manilhas(s))
            return;
    } else {
        s->vira = c;
    }
    /* Dealt: the vira last, or with fixed manilhas no vira at all. */
    s->phase = s->kind == TR_KIND_ONZE ? TR_PH_ONZE : TR_PH_PLAY;
    if (s->phase == TR_PH_ONZE) /* the first seat of the team at 11 from the mão decides */
        for (int k = n - 1; k >= 0; k--)
            if (truco_team((s->mao + k) % n) == s->onze_team)
                s->answerer = (int8_t)((s->mao + k) % n);
}

/* ---- Scoring --------------------------------------------------------------------------- */

static void end_hand(TrucoState *s, int team, int points, TrucoEnd how)
{
    s->last_winner = (int8_t)team;
    s->last_points = (uint8_t)(team >= 0 ? points : 0);
    s->last_end = (uint8_t)how;
    s->pending = 0;
    s->n_dealt = 0;
    if (team >= 0) {
        int sc = s->score[team] + points;
        s->score[team] = (uint8_t)(sc > 255 ? 255 : sc);
        if (s->score[team] >= TR_GAME_POINTS) {
            s->games[team]++;
            s->game_winner = (int8_t)team;
            if (!s->opt_match || s->games[team] >= 2) {
                s->winner = (int8_t)team;
                s->phase = TR_PH_OVER;
                return;
            }
        }
    }
    s->phase = TR_PH_DEAL;
}

/* Who wins the hand from the rodada results so far: a team, TR_RES_TIE when all three tied
 * (nobody scores), TR_RES_NONE when still open. */
static int hand_result(const int8_t *r, int played)
{
    if (played < 2)
        return TR_RES_NONE;
    int a = r[0], b = r[1];
    if (a >= 0 && a == b)
        return a;
    if (a == TR_RES_TIE && b >= 0)
        return b; /* tie in the 1st: the 2nd decides */
    if (a >= 0 && b == TR_RES_TIE)
        return a; /* tie in the 2nd: the winner of the 1st */
    if (played < 3)
        return TR_RES_NONE;
    int c = r[2];
    if (c >= 0)
        return c;
    /* 3rd tied: the winner of the 1st, or nobody when everything tied. */
    return a >= 0 ? a : TR_RES_TIE;
}

/* Rodada r as played from `lead` with `count` cards on the table. */
static int rodada_eval(const TrucoState *s, int r, int lead, int count, int *result)
{
    int n = s->num_players, best = -2, first = -1, tier = -1;
    for (int k = 0; k < count; k++) {
        int p = (lead + k) % n;
        int st = (s->down[r] >> p) & 1 ? -1 : truco_card_strength(s, s->table[r][p]);
        if (st > best) {
            best = st;
            first = p;
            tier = -1;
        } else if (st == best && tier < 0 && truco_team(p) != truco_team(first)) {
            tier = p; /* the first to match the other team's strongest card */
        }
    }
    if (result)
        *result = first < 0 ? TR_RES_NONE : tier >= 0 ? TR_RES_TIE : truco_team(first);
    if (tier < 0)
        return first;
    switch (s->opt_tie_lead) {
    case TR_TIE_FIRST: return first;
    case TR_TIE_MAO: return s->mao;
    default: return tier;
    }
}

int truco_rodada_leader(const TrucoState *s, int r, int *result)
{
    if (r < 0 || r > s->rodada) {
        if (result)
            *result = TR_RES_NONE;
        return -1;
    }
    /* Who led rodada r: the mão led the first, the leader after each the next. */
    int lead = r == s->rodada ? s->leader : s->mao;
    for (int q = 0; q < r && r < s->rodada; q++)
        lead = rodada_eval(s, q, lead, s->num_players, NULL);
    return rodada_eval(s, r, lead, r < s->rodada ? s->num_players : s->n_table, result);
}

static void finish_rodada(TrucoState *s)
{
    int r = s->rodada, result;
    int next = truco_rodada_leader(s, r, &result);
    s->result[r] = (int8_t)result;
    int res = hand_result(s->result, r + 1);
    if (res == TR_RES_TIE) {
        end_hand(s, -1, 0, TR_END_TIED);
        return;
    }
    if (res >= 0) {
        end_hand(s, res, s->value, TR_END_RODADAS);
        return;
    }
    s->rodada++;
    s->n_table = 0;
    s->leader = (int8_t)next;
}

/* ---- Applying ---------------------------------------------------------------------------- */

static const char *apply_play(TrucoState *s, int p, Action a)
{
    int slot = -1;
    bool hide;
    if (a >= TR_PLAY_SLOT && a < TR_PLAY_SLOT + TR_HAND) {
        if (!s->blind)
            return N_("play a card by its name");
        slot = a - TR_PLAY_SLOT;
        hide = false;
    } else if (a >= TR_HIDE_SLOT && a < TR_HIDE_SLOT + TR_HAND) {
        if (!s->blind)
            return N_("play a card by its name");
        slot = a - TR_HIDE_SLOT;
        hide = true;
    } else if ((a >= TR_PLAY && a < TR_PLAY + 52) || (a >= TR_HIDE && a < TR_HIDE + 52)) {
        if (s->blind)
            return N_("the cards are blind: play one by its position (#1 to #3)");
        hide = a >= TR_HIDE;
        Card c = card_from_index(a - (hide ? TR_HIDE : TR_PLAY));
        for (int i = 0; i < TR_HAND; i++)
            if (s->hand[p][i] == c && truco_card_valid(c))
                slot = i;
        if (slot < 0)
            return N_("you do not hold that card");
    } else {
        return N_("play a card, or raise");
    }
    if (s->hand[p][slot] == CARD_NONE)
        return N_("there is no card in that position");
    if (hide && s->rodada == 0)
        return N_("a card can be played face down only from the 2nd rodada");
    s->table[s->rodada][p] = s->hand[p][slot];
    s->hand[p][slot] = CARD_NONE;
    if (hide)
        s->down[s->rodada] |= (uint8_t)(1u << p);
    if (++s->n_table == s->num_players)
        finish_rodada(s);
    return NULL;
}

/* The seat to answer (or to decide the mão de onze) leaves it to its partner. */
static const char *pass_to_partner(TrucoState *s)
{
    if (s->num_players != 4)
        return N_("there is no partner to answer");
    if (s->passed)
        return N_("your partner left the answer to you");
    s->answerer = (int8_t)((s->answerer + 2) % 4);
    s->passed = 1;
    return NULL;
}

/* The hand's betting log: seat p's action, before it changes the state. */
static void log_bet(TrucoState *s, int p, Action a)
{
    if (s->n_bets >= TR_BET_LOG)
        return;
    TrucoBet *b = &s->bets[s->n_bets++];
    b->seat = (int8_t)p;
    b->action = (uint8_t)a;
    b->answer = s->phase == TR_PH_ANSWER;
    b->rodada = s->rodada;
    b->played = 0;
    for (int k = 0; k < s->n_table; k++)
        b->played |= (uint8_t)(1u << ((s->leader + k) % s->num_players));
    b->value = s->value;
}

/* One more bet in a team's record of the match (it stops at its top, never wraps). */
static void bet_count(uint16_t *n)
{
    if (*n < UINT16_MAX)
        (*n)++;
}

/* A turn to play: a raise, a sign or a card. */
static const char *apply_turn(TrucoState *s, int p, Action a)
{
    if (a >= TR_TRUCO && a <= TR_DOZE) {
        if (s->kind == TR_KIND_ONZE)
            return N_("no raises in a mão de onze");
        if (s->kind == TR_KIND_FERRO)
            return N_("no raises in a mão de ferro");
        if (s->last_raise_team == truco_team(p))
            return N_("you cannot raise twice in a row");
        if (a != truco_raise_action(s->value))
            return s->value >= 12 ? N_("the hand is already worth 12")
                                  : N_("that is not the next raise");
        if (a == TR_TRUCO)
            bet_count(&s->bet_calls[truco_team(p)]);
        log_bet(s, p, a);
        s->pending = (uint8_t)truco_raise_value(s, a);
        s->raiser = (int8_t)p;
        s->answerer = (int8_t)((p + 1) % s->num_players);
        s->passed = 0;
        s->phase = TR_PH_ANSWER;
        return NULL;
    }
    if (a >= TR_SIGNAL && a < TR_SIGNAL + TR_SIGNS)
        return apply_signal(s, p, a - TR_SIGNAL);
    return apply_play(s, p, a);
}

static const char *apply(void *state, Action a)
{
    TrucoState *s = state;
    int p = truco_current_player(s);
    switch (s->phase) {
    case TR_PH_OVER:
        return N_("the match is over");
    case TR_PH_FIRST:
        if (a < TR_FIRST || a >= TR_FIRST + s->num_players)
            return N_("the first player must be drawn now");
        s->mao = (int8_t)(a - TR_FIRST);
        s->phase = TR_PH_DEAL;
        s->n_dealt = 0;
        return NULL;
    case TR_PH_DEAL: {
        if (a < TR_DEAL || a >= TR_DEAL + 52)
            return N_("a card must be dealt now");
        Card c = card_from_index(a - TR_DEAL);
        if (!truco_in_deck(s, c))
            return s->opt_deck == TR_DECK_24 && truco_card_valid(c)
                       ? N_("the clean deck has no 4, 5, 6 or 7")
                       : N_("that card is not in the Truco deck");
        if (card_in_play(s, c))
            return N_("that card has already been dealt");
        deal_card(s, c);
        return NULL;
    }
    case TR_PH_ONZE:
        if (a == TR_ONZE_PLAY) {
            s->phase = TR_PH_PLAY;
            s->answerer = -1;
            s->passed = 0;
            return NULL;
        }
        if (a == TR_ONZE_RUN) {
            end_hand(s, 1 - s->onze_team, truco_base_value(s), TR_END_ONZE_RUN);
            return NULL;
        }
        if (a == TR_PASS)
            return pass_to_partner(s);
        if (a >= TR_SIGNAL && a < TR_SIGNAL + TR_SIGNS)
            return N_("signs are made on your turn to play a card");
        return N_("mão de onze: choose jogar or fugir");
    case TR_PH_ANSWER: {
        /* An answer to a raise beyond truco is also counted apart: a player who answers by
         * the strength of its cards alone runs from those far more often. */
        bool up = s->pending > truco_raise_value(s, TR_TRUCO);
        if (a == TR_ACCEPT) {
            log_bet(s, p, a);
            bet_count(&s->bet_accepts[truco_team(p)]);
            if (up)
                bet_count(&s->bet_stays_up[truco_team(p)]);
            s->value = s->pending;
            s->last_raise_team = (int8_t)truco_team(s->raiser);
            s->pending = 0;
            s->raiser = s->answerer = -1;
            s->passed = 0;
            s->phase = TR_PH_PLAY;
            return NULL;
        }
        if (a == TR_RUN && truco_run_passes(s)) {
            log_bet(s, p, a);
            return pass_to_partner(s); /* house rule: the partner may still accept */
        }
        if (a == TR_RUN) {
            log_bet(s, p, a);
            bet_count(&s->bet_runs[truco_team(p)]);
            if (up)
                bet_count(&s->bet_runs_up[truco_team(p)]);
            end_hand(s, truco_team(s->raiser), s->value, TR_END_RUN);
            return NULL;
        }
        if (a >= TR_TRUCO && a <= TR_DOZE) {
            if (!s->opt_reraise && a == truco_raise_action(s->pending))
                return N_("at this table a raise is answered only by accepting or running");
            if (a != truco_raise_action(s->pending))
                return s->pending >= 12 ? N_("doze cannot be raised")
                                        : N_("that is not the next raise");
            /* Raising again accepts the pending value: running now costs that much. */
            log_bet(s, p, a);
            bet_count(&s->bet_reraises[truco_team(p)]);
            if (up)
                bet_count(&s->bet_stays_up[truco_team(p)]);
            s->value = s->pending;
            s->pending = (uint8_t)truco_raise_value(s, a);
            s->raiser = s->answerer;
            s->answerer = (int8_t)((s->raiser + 1) % s->num_players);
            s->passed = 0;
            return NULL;
        }
        if (a == TR_PASS) {
            if (truco_can_pass(s))
                log_bet(s, p, a);
            return pass_to_partner(s);
        }
        if (a >= TR_SIGNAL && a < TR_SIGNAL + TR_SIGNS)
            return N_("signs are made on your turn to play a card");
        return N_("answer the raise: accept, run or raise");
    }
    case TR_PH_PLAY: {
        /* The record of the match: the team had a chance to call truco in this hand,
         * counted when it calls or plays a card (a sign, which the other team may not
         * see, leaves no trace). */
        int team = truco_team(p);
        bool sign = a >= TR_SIGNAL && a < TR_SIGNAL + TR_SIGNS;
        bool chance = !sign && truco_can_raise(s, p) && s->value == truco_base_value(s) &&
                      !((s->bet_chance_hand >> team) & 1);
        const char *err = apply_turn(s, p, a);
        if (!err && chance) {
            bet_count(&s->bet_chances[team]);
            s->bet_chance_hand |= (uint8_t)(1u << team);
        }
        return err;
    }
    case TR_PH_CAUGHT: {
        Action outs[4];
        uint32_t w[4];
        int n = caught_outcomes(s, outs, w);
        for (int i = 0; i < n; i++)
            if (outs[i] == a) {
                if (s->sig_sign < TR_SIGNS)
                    s->sig[s->sig_seat][s->sig_sign] |= (uint8_t)(a - TR_CAUGHT);
                s->sig_seat = -1;
                s->sig_sign = 0;
                s->phase = TR_PH_PLAY;
                return NULL;
            }
        return N_("who catches the sign must be drawn now");
    }
    default:
        return N_("bad state");
    }
}

static void returns(const void *state, double out[RULES_MAX_PLAYERS])
{
    const TrucoState *s = state;
    for (int i = 0; i < RULES_MAX_PLAYERS; i++)
        out[i] = 0;
    if (s->phase != TR_PH_OVER || s->winner < 0)
        return;
    for (int p = 0; p < s->num_players; p++)
        out[p] = truco_team(p) == s->winner ? 1 : -1;
}

/* ---- Views ------------------------------------------------------------------------------ */

static void observe(const void *state, int seat, void *view)
{
    TrucoState *v = view;
    memcpy(v, state, sizeof *v);
    for (int p = 0; p < v->num_players; p++) {
        if (truco_sees_hand(v, seat, p))
            continue;
        for (int i = 0; i < TR_HAND; i++)
            if (v->hand[p][i] != CARD_NONE)
                v->hand[p][i] = CARD_HIDDEN;
        for (int r = 0; r < TR_RODADAS; r++)
            if ((v->down[r] >> p) & 1 && v->table[r][p] != CARD_NONE)
                v->table[r][p] = CARD_HIDDEN;
    }
    /* Signals: while the catch is drawn, the other team sees that the seat to play made a
     * sign, not which (TR_SIGNS); once drawn, a sign the seat did not see leaves no trace.
     * Of a sign it saw, a seat knows its makers, not who else caught it. */
    bool own_team = seat >= 0 && v->sig_seat >= 0 && truco_team(seat) == truco_team(v->sig_seat);
    if (v->phase == TR_PH_CAUGHT && !own_team)
        v->sig_sign = TR_SIGNS;
    for (int p = 0; p < TR_MAX_SEATS; p++)
        for (int k = 0; k < TR_SIGNS; k++) {
            uint8_t m = v->sig[p][k];
            v->sig[p][k] = (uint8_t)(truco_saw_signal(v, seat, p, k)
                                         ? m & (team_bits(p) | (1u << seat))
                                         : 0);
        }
}

static void resample(const void *view, int seat, Rng *rng, void *out)
{
    TrucoState *s = out;
    memcpy(s, view, sizeof *s);
    (void)seat;
    bool seen[52] = {false};
    Card *slots[TR_MAX_SEATS * (TR_HAND + TR_RODADAS)];
    int n_hidden = 0;
    if (truco_in_deck(s, s->vira))
        seen[card_index(s->vira)] = true;
    for (int p = 0; p < s->num_players; p++) {
        for (int i = 0; i < TR_HAND; i++) {
            Card *c = &s->hand[p][i];
            if (*c == CARD_HIDDEN)
                slots[n_hidden++] = c;
            else if (truco_card_valid(*c))
                seen[card_index(*c)] = true;
        }
        for (int r = 0; r < TR_RODADAS; r++) {
            Card *c = &s->table[r][p];
            if (*c == CARD_HIDDEN)
                slots[n_hidden++] = c;
            else if (truco_card_valid(*c))
                seen[card_index(*c)] = true;
        }
    }
    Card pool[TR_DECK];
    int n = 0;
    for (int i = 0; i < 52; i++)
        if (!seen[i] && truco_in_deck(s, card_from_index(i)))
            pool[n++] = card_from_index(i);
    rng_shuffle(rng, pool, (size_t)n, sizeof pool[0]);
    for (int k = 0; k < n_hidden && k < n; k++)
        *slots[k] = pool[k];
    /* The other team's view of a catch being drawn: some sign the seat did not see. */
    if (s->phase == TR_PH_CAUGHT && s->sig_seat >= 0 && s->sig_sign >= TR_SIGNS) {
        int ks[TR_SIGNS], nk = 0;
        for (int k = 0; k < TR_SIGNS; k++)
            if (s->sig[s->sig_seat][k] == 0)
                ks[nk++] = k;
        int k = nk ? ks[rng_below(rng, (uint32_t)nk)] : 0;
        s->sig_sign = (uint8_t)k;
        s->sig[s->sig_seat][k] = team_bits(s->sig_seat);
    }
}

/* ---- Text ------------------------------------------------------------------------------- */

static void action_to_string(const void *state, Action a, char out[RULES_ACTION_TEXT])
{
    char c[CARD_TEXT_MAX];
    const TrucoState *s = state;
    if (a >= TR_TRUCO && a <= TR_DOZE)
        /* Mineiro calls the raise to 10 "dez"; "nove" is read as the same action. */
        strcpy(out, a == TR_NOVE && s && s->opt_values == TR_VALUES_MINEIRO ? "dez"
                                                                                 : raise_name[a]);
    else if (a == TR_ACCEPT)
        strcpy(out, "aceitar");
    else if (a == TR_RUN)
        strcpy(out, "correr");
    else if (a == TR_ONZE_PLAY)
        strcpy(out, "jogar");
    else if (a == TR_ONZE_RUN)
        strcpy(out, "fugir");
    else if (a == TR_PASS)
        strcpy(out, "parceiro");
    else if (a >= TR_PLAY && a < TR_PLAY + 52)
        snprintf(out, RULES_ACTION_TEXT, "play %s", card_to_text(card_from_index(a - TR_PLAY), c));
    else if (a >= TR_HIDE && a < TR_HIDE + 52)
        snprintf(out, RULES_ACTION_TEXT, "hide %s", card_to_text(card_from_index(a - TR_HIDE), c));
    else if (a >= TR_PLAY_SLOT && a < TR_PLAY_SLOT + TR_HAND)
        snprintf(out, RULES_ACTION_TEXT, "play #%d", (int)(a - TR_PLAY_SLOT + 1));
    else if (a >= TR_HIDE_SLOT && a < TR_HIDE_SLOT + TR_HAND)
        snprintf(out, RULES_ACTION_TEXT, "hide #%d", (int)(a - TR_HIDE_SLOT + 1));
    else if (a >= TR_DEAL && a < TR_DEAL + 52)
        snprintf(out, RULES_ACTION_TEXT, "deal %s", card_to_text(card_from_index(a - TR_DEAL), c));
    else if (a >= TR_FIRST && a < TR_FIRST + TR_MAX_SEATS)
        snprintf(out, RULES_ACTION_TEXT, "first %d", (int)(a - TR_FIRST));
    else if (a >= TR_SIGNAL && a < TR_SIGNAL + TR_SIGNS)
        snprintf(out, RULES_ACTION_TEXT, "sinal %s", truco_sign_name(a - TR_SIGNAL));
    else if (a >= TR_CAUGHT && a < TR_CAUGHT + 16) {
        int m = a - TR_CAUGHT, len = snprintf(out, RULES_ACTION_TEXT, "caught");
        if (!m)
            snprintf(out + len, RULES_ACTION_TEXT - (size_t)len, " none");
        for (int p = 0; p < TR_MAX_SEATS; p++)
            if ((m >> p) & 1)
                len += snprintf(out + len, RULES_ACTION_TEXT - (size_t)len, " %d", p);
    } else
        snprintf(out, RULES_ACTION_TEXT, "?%d", (int)a);
}

static bool parse_card(const char *t, Card *out)
{
    return card_from_text(t, out) && truco_card_valid(*out);
}

static bool action_from_string(const void *state, const char *text, Action *out)
{
    (void)state;
    static const char *const words[] = {"truco",  "seis",  "nove",  "doze",    "aceitar",
                                        "correr", "jogar", "fugir", "parceiro"};
    for (int i = 0; i < 9; i++)
        if (strcmp(text, words[i]) == 0) {
            *out = TR_TRUCO + i;
            return true;
        }
    if (strcmp(text, "dez") == 0) { /* Mineiro's name for the third raise (to 10) */
        *out = TR_NOVE;
        return true;
    }
    Card c;
    char buf[RULES_ACTION_TEXT];
    if (strncmp(text, "play ", 5) == 0 || strncmp(text, "hide ", 5) == 0) {
        bool hide = text[0] == 'h';
        snprintf(buf, sizeof buf, "%s", text + 5);
        size_t len = strlen(buf);
        static const char suffix[] = " fechada";
        if (!hide && len > sizeof suffix - 1 && strcmp(buf + len - (sizeof suffix - 1), suffix) == 0) {
            hide = true;
            buf[len - (sizeof suffix - 1)] = '\0';
        }
        if (buf[0] == '#' && buf[1] >= '1' && buf[1] <= '3' && buf[2] == '\0') {
            *out = (hide ? TR_HIDE_SLOT : TR_PLAY_SLOT) + (buf[1] - '1');
            return true;
        }
        if (parse_card(buf, &c)) {
            *out = (hide ? TR_HIDE : TR_PLAY) + card_index(c);
            return true;
        }
        return false;
    }
    if (strncmp(text, "deal ", 5) == 0 && parse_card(text + 5, &c)) {
        *out = TR_DEAL + card_index(c);
        return true;
    }
    if (strncmp(text, "sinal ", 6) == 0) {
        for (int k = 0; k < TR_SIGNS; k++)
            if (strcmp(text + 6, truco_sign_name(k)) == 0) {
                *out = TR_SIGNAL + k;
                return true;
            }
        if (strcmp(text + 6, "tr\xC3\xAAs") == 0) { /* "três" */
            *out = TR_SIGNAL + TR_SIGN_THREE;
            return true;
        }
        return false;
    }
    if (strcmp(text, "caught none") == 0) {
        *out = TR_CAUGHT;
        return true;
    }
    if (strncmp(text, "caught ", 7) == 0) {
        int m = 0;
        const char *t = text + 7;
        while (*t) {
            if (*t < '0' || *t >= '0' + TR_MAX_SEATS || (m >> (*t - '0')) & 1)
                return false;
            m |= 1 << (*t - '0');
            t++;
            if (*t == ' ')
                t++;
            else if (*t)
                return false;
        }
        if (!m)
            return false;
        *out = TR_CAUGHT + m;
        return true;
    }
    if (strncmp(text, "first ", 6) == 0 && text[6] >= '0' && text[6] < '0' + TR_MAX_SEATS &&
        text[7] == '\0') {
        *out = TR_FIRST + (text[6] - '0');
        return true;
    }
    return false;
}

static const char *card_or_back(Card c, char out[CARD_TEXT_MAX])
{
    if (c == CARD_HIDDEN)
        return strcpy(out, "##");
    if (c == CARD_NONE)
        return strcpy(out, "--");
    return card_to_text(c, out);
}

static void describe(const void *state, char *out, size_t size)
{
    const TrucoState *s = state;
    static const char *const kinds[] = {"", " (mão de onze)", " (mão de ferro)"};
    static const char *const ends[] = {"", "rodadas", "all rodadas tied", "run", "ran from onze"};
    char c[CARD_TEXT_MAX];
    size_t len = 0;
#define PUT(...)                                                                               \
    do {                                                                                       \
        if (len < size)                                                                        \
            len += (size_t)snprintf(out + len, size - len, __VA_ARGS__);                       \
    } while (0)
    out[0] = '\0';
    PUT("Score %d-%d", s->score[0], s->score[1]);
    if (s->opt_match)
        PUT(" (games %d-%d)", s->games[0], s->games[1]);
    PUT("  hand %d worth %d%s  mão: seat %d\n", s->hands, s->value, kinds[s->kind], s->mao);
    if (s->opt_manilhas || s->opt_deck || s->opt_values)
        PUT("Rules: %s manilhas, %d cards, %s values\n", s->opt_manilhas ? "fixed" : "vira",
            truco_deck_size(s), s->opt_values ? "mineiro" : "paulista");
    if (s->vira != CARD_NONE)
        PUT("Vira %s (manilhas: %s)%s\n", card_or_back(s->vira, c),
            s->vira == CARD_HIDDEN ? "?" : card_rank_text(truco_hand_manilha_rank(s)),
            s->blind ? "  blind" : "");
    for (int p = 0; p < s->num_players; p++) {
        PUT("Seat %d:", p);
        for (int i = 0; i < TR_HAND; i++)
            PUT(" %s", card_or_back(s->hand[p][i], c));
        PUT("   played:");
        for (int r = 0; r < TR_RODADAS; r++) {
            PUT(" %s", card_or_back(s->table[r][p], c));
            if ((s->down[r] >> p) & 1)
                PUT("(down)");
        }
        PUT("\n");
    }
    for (int p = 0; p < s->num_players; p++)
        for (int k = 0; k < TR_SIGNS; k++)
            if (s->sig[p][k]) {
                PUT("Sign: seat %d %s (seen by", p, truco_sign_name(k));
                for (int q = 0; q < s->num_players; q++)
                    if ((s->sig[p][k] >> q) & 1)
                        PUT(" %d", q);
                PUT(")\n");
            }
    PUT("Rodadas:");
    for (int r = 0; r < TR_RODADAS; r++)
        PUT(" %s", s->result[r] == TR_RES_NONE ? "-"
                   : s->result[r] == TR_RES_TIE ? "tie"
                   : s->result[r] == 0          ? "team0"
                                                : "team1");
    PUT("\n");
    if (s->last_end != TR_END_NONE)
        PUT("Last hand: %s %d (%s)\n",
            s->last_winner < 0 ? "nobody scores" : s->last_winner == 0 ? "team0 +" : "team1 +",
            s->last_points, ends[s->last_end]);
    switch (s->phase) {
    case TR_PH_OVER: PUT("Match over: team %d wins\n", s->winner); break;
    case TR_PH_FIRST: PUT("Drawing the first player\n"); break;
    case TR_PH_DEAL: PUT("Dealing\n"); break;
    case TR_PH_CAUGHT: PUT("Seat %d made a sign (%s)\n", s->sig_seat, truco_sign_name(s->sig_sign)); break;
    case TR_PH_ONZE: PUT("Mão de onze: seat %d decides\n", truco_current_player(s)); break;
    case TR_PH_ANSWER:
        PUT("Seat %d answers %s%s\n", s->answerer, raise_name[truco_raise_step(s, s->pending)],
            s->passed ? " (left to the partner)" : "");
        break;
    default: PUT("Seat %d to play (rodada %d)\n", truco_current_player(s), s->rodada + 1); break;
    }
#undef PUT
}

/* The hands of the match. */
static int rounds(const void *state) { return ((const TrucoState *)state)->hands; }

const GameRules truco_rules = {
    .id = "truco",
    .name = N_("Truco"),
    .summary = N_("Truco Paulista: vira and manilhas, best of three rodadas, truco to 12."),
    .min_players = 2,
    .max_players = 4,
    .default_players = 2,
    .state_size = sizeof(TrucoState),
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
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
    .options_check = truco_options_check,
    .value_labels = value_labels,
    .rounds = rounds,
};
