/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bisca, pure rules (RULES.md §2). */
#include <stdio.h>
#include <string.h>

#include "../../core/nls.h"
#include "bisca.h"

static const char *const off_on[] = {N_("off"), N_("on")};
static const char *const scoring_names[] = {N_("standard"), N_("portuguese")};
static const char *const hand_names[] = {"3", "7", "9"};
static const char *const match_names[] = {N_("single"), N_("marks")};
static const OptionDesc options[BI_OPT_COUNT] = {
    {"scoring", N_("Portuguese scoring"),
     N_("Jack 3 and Queen 2 points, and the Jack beats the Queen."), 0, 0, 1, scoring_names},
    {"assist", N_("Follow suit at the end"),
     N_("Once the stock is gone, follow suit and beat the led card if you can."), 0, 0, 1, off_on},
    {"hand", N_("Hand size"),
     N_("Cards in each hand: 3, 7 (Bisca de sete) or 9 (Bisca de nove)."), 0, 0, 2, hand_names},
    {"match", N_("Match"),
     N_("One game, or first to 4 marks (91+ points 2, all 120 points 4)."), 0, 0, 1, match_names},
};
static const uint8_t hand_sizes[] = {3, 7, 9};

/* Rank -> points and strength (index = rank 1..13; 8, 9, 10 are not in the deck). */
static const uint8_t points_std[14] = {0, 11, 0, 0, 0, 0, 0, 10, 0, 0, 0, 2, 3, 4};
static const uint8_t points_pt[14] = {0, 11, 0, 0, 0, 0, 0, 10, 0, 0, 0, 3, 2, 4};
static const uint8_t strength_std[14] = {0, 9, 0, 1, 2, 3, 4, 8, 0, 0, 0, 5, 6, 7};
static const uint8_t strength_pt[14] = {0, 9, 0, 1, 2, 3, 4, 8, 0, 0, 0, 6, 5, 7};

int bisca_card_points(Card c, bool portuguese)
{
    return (portuguese ? points_pt : points_std)[card_rank(c)];
}

int bisca_card_strength(Card c, bool portuguese)
{
    return (portuguese ? strength_pt : strength_std)[card_rank(c)];
}

static bool in_deck(Card c)
{
    int r = card_rank(c);
    return card_is_valid(c) && (r <= 7 || r >= RANK_JACK);
}

bool bisca_beats(Card b, Card a, int trump_suit, bool portuguese)
{
    if (card_suit(b) == card_suit(a))
        return bisca_card_strength(b, portuguese) > bisca_card_strength(a, portuguese);
    return card_suit(b) == trump_suit;
}

int bisca_trump_suit(const BiscaState *s) { return s->trunfo ? card_suit(s->trunfo) : -1; }

int bisca_trick_best(const BiscaState *s)
{
    if (s->n_trick == 0)
        return -1;
    int best = 0, trump = bisca_trump_suit(s);
    for (int i = 1; i < s->n_trick; i++)
        if (bisca_beats(s->trick[i], s->trick[best], trump, s->portuguese))
            best = i;
    return best;
}

int bisca_to_move(const BiscaState *s) { return (s->leader + s->n_trick) % s->n; }

int bisca_marks_for(int pts)
{
    return pts >= BI_TOTAL_POINTS ? 4 : pts >= 91 ? 2 : pts > 60 ? 1 : 0;
}

/* ---- Where the cards are ----------------------------------------------------------- */

/* Bit card_index(c) for every card that is face up somewhere or in a hand (as far as the
 * state knows: CARD_HIDDEN slots are skipped), plus the trunfo. */
static uint64_t known_cards(const BiscaState *s)
{
    uint64_t m = 0;
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < s->n_hand[p]; i++)
            if (s->hand[p][i] != CARD_HIDDEN)
                m |= 1ULL << card_index(s->hand[p][i]);
    for (int i = 0; i < s->n_trick; i++)
        m |= 1ULL << card_index(s->trick[i]);
    for (int t = 0; t < BI_TEAMS; t++)
        for (int i = 0; i < s->n_pile[t]; i++)
            m |= 1ULL << card_index(s->pile[t][i]);
    if (s->trunfo)
        m |= 1ULL << card_index(s->trunfo);
    return m;
}

/* The cards of the deck that are in no hand, trick or pile and are not the trunfo, in
 * card order: the unseen part of the stock (or the undealt deck). Returns the count. */
static int unseen_cards(const BiscaState *s, Card out[BI_DECK])
{
    uint64_t known = known_cards(s);
    int n = 0;
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        for (int r = 1; r <= RANK_KING; r++) {
            Card c = card_make(r, suit);
            if (in_deck(c) && !(known >> card_index(c) & 1))
                out[n++] = c;
        }
    return n;
}

static bool is_unseen(const BiscaState *s, Card c)
{
    return in_deck(c) && !(known_cards(s) >> card_index(c) & 1);
}

int bisca_points_everywhere(const BiscaState *s)
{
    uint64_t seen = 0;
    int total = 0, count = 0;
    bool pt = s->portuguese;
#define BI_COUNT_CARD(c)                                                                     \
    do {                                                                                     \
        Card c_ = (c);                                                                       \
        if (!in_deck(c_) || (seen >> card_index(c_) & 1))                                    \
            return -1;                                                                       \
        seen |= 1ULL << card_index(c_);                                                      \
        total += bisca_card_points(c_, pt);                                                  \
        count++;                                                                             \
    } while (0)
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < s->n_hand[p]; i++)
            BI_COUNT_CARD(s->hand[p][i]);
    for (int i = 0; i < s->n_trick; i++)
        BI_COUNT_CARD(s->trick[i]);
    for (int t = 0; t < BI_TEAMS; t++) {
        int pile = 0;
        for (int i = 0; i < s->n_pile[t]; i++) {
            BI_COUNT_CARD(s->pile[t][i]);
            pile += bisca_card_points(s->pile[t][i], pt);
        }
        if (pile != s->points[t])
            return -1;
    }
    /* The stock: the unseen cards, and the trunfo while it lies under it. */
    Card unseen[BI_DECK];
    int n = unseen_cards(s, unseen);
    for (int i = 0; i < n; i++)
        BI_COUNT_CARD(unseen[i]);
    int stock = n;
    if (s->trunfo && s->stock > 0) {
        total += bisca_card_points(s->trunfo, pt);
        stock++;
        count++;
    }
#undef BI_COUNT_CARD
    if (count != BI_DECK || stock != s->stock)
        return -1;
    return total;
}

/* ---- Set-up -------------------------------------------------------------------------- */

/* Clears the table for a new game of the match; the options, marks and leader stay. */
static void new_game(BiscaState *s)
{
    memset(s->n_hand, 0, sizeof s->n_hand);
    memset(s->hand, 0, sizeof s->hand);
    memset(s->trick, 0, sizeof s->trick);
    memset(s->points, 0, sizeof s->points);
    memset(s->n_pile, 0, sizeof s->n_pile);
    memset(s->pile, 0, sizeof s->pile);
    memset(s->played, 0, sizeof s->played);
    s->n_played = 0;
    s->n_trick = 0;
    s->drawer = 0;
    s->draws_left = 0;
    s->stock = BI_DECK;
    s->trunfo = CARD_NONE;
    s->trunfo_holder = -1;
    s->leader = s->first_leader; /* the last trick stays: the table shows how a game ended */
    s->phase = BI_PHASE_DEAL;
}

static const char *init(void *state, const GameOptions *opt, int num_players, uint64_t seed)
{
    (void)seed; /* the first leader and every card are chance actions drawn by the match */
    BiscaState *s = state;
    memset(s, 0, sizeof *s);
    s->phase = BI_PHASE_OVER; /* a caller that ignores the error finds a finished game */
    s->n = 2;
    s->winner = -1;
    if (num_players != 2 && num_players != 4)
        return N_("Bisca is played by 2 players, or by 4 in two teams");
    int h = opt->v[BI_OPT_HAND];
    if (h < 0 || h > 2)
        return N_("the hand size must be 3, 7 or 9");
    s->n = (uint8_t)num_players;
    s->portuguese = (uint8_t)(opt->v[BI_OPT_SCORING] != 0);
    s->assist = (uint8_t)(opt->v[BI_OPT_ASSIST] != 0);
    s->hand_size = hand_sizes[h];
    s->match = (uint8_t)(opt->v[BI_OPT_MATCH] != 0);
    new_game(s);
    s->last_winner = -1;
    s->phase = BI_PHASE_LEADER;
    s->prev_winner = -2;
    s->winner = -1;
    return NULL;
}

static int num_players(const void *state) { return ((const BiscaState *)state)->n; }

static int current_player(const void *state)
{
    const BiscaState *s = state;
    switch (s->phase) {
    case BI_PHASE_PLAY:
        return bisca_to_move(s);
    case BI_PHASE_OVER:
        return PLAYER_TERMINAL;
    default:
        return PLAYER_CHANCE;
    }
}

/* ---- Playing ------------------------------------------------------------------------- */

static int hand_find(const BiscaState *s, int seat, Card c)
{
    for (int i = 0; i < s->n_hand[seat]; i++)
        if (s->hand[seat][i] == c)
            return i;
    return -1;
}

/* Cards of `seat`'s hand it may play now, in hand order. */
static int playable(const BiscaState *s, int seat, Card out[BI_MAX_HAND])
{
    int n = s->n_hand[seat];
    memcpy(out, s->hand[seat], (size_t)n);
    if (!s->assist || s->stock > 0 || s->n_trick == 0)
        return n;
    /* Assistir: follow the led suit if possible; among those, beat the led card if
     * possible. */
    Card led = s->trick[0];
    int follow = 0, beat = 0;
    Card f[BI_MAX_HAND], b[BI_MAX_HAND];
    for (int i = 0; i < n; i++) {
        Card c = s->hand[seat][i];
        if (card_suit(c) != card_suit(led))
            continue;
        f[follow++] = c;
        if (bisca_card_strength(c, s->portuguese) > bisca_card_strength(led, s->portuguese))
            b[beat++] = c;
    }
    if (beat) {
        memcpy(out, b, (size_t)beat);
        return beat;
    }
    if (follow) {
        memcpy(out, f, (size_t)follow);
        return follow;
    }
    return n;
}

static int legal_actions(const void *state, Action out[RULES_MAX_ACTIONS])
{
    const BiscaState *s = state;
    if (s->phase != BI_PHASE_PLAY)
        return 0;
    Card cards[BI_MAX_HAND];
    int n = playable(s, bisca_to_move(s), cards);
    for (int i = 0; i < n; i++)
        out[i] = BI_ACT_PLAY + card_index(cards[i]);
    return n;
}

static int chance_outcomes(const void *state, Action out[RULES_MAX_ACTIONS],
                           uint32_t weights[RULES_MAX_ACTIONS])
{
    const BiscaState *s = state;
    int n = 0;
    if (s->phase == BI_PHASE_LEADER) {
        for (int p = 0; p < s->n; p++) {
            out[n] = BI_ACT_LEADER + p;
            weights[n++] = 1;
        }
        return n;
    }
    if (s->phase != BI_PHASE_DEAL && s->phase != BI_PHASE_TRUNFO && s->phase != BI_PHASE_DRAW)
        return 0;
    if (s->phase == BI_PHASE_DRAW && s->stock == 1) {
        /* The trunfo is the last card drawn. */
        out[0] = BI_ACT_DRAW + card_index(s->trunfo);
        weights[0] = 1;
        return 1;
    }
    int base = s->phase == BI_PHASE_DEAL ? BI_ACT_DEAL
               : s->phase == BI_PHASE_TRUNFO ? BI_ACT_TRUNFO : BI_ACT_DRAW;
    Card unseen[BI_DECK];
    int k = unseen_cards(s, unseen);
    for (int i = 0; i < k; i++) {
        out[n] = base + card_index(unseen[i]);
        weights[n++] = 1;
    }
    return n;
}

static void hand_remove(BiscaState *s, int seat, int i)
{
    int n = s->n_hand[seat];
    memmove(&s->hand[seat][i], &s->hand[seat][i + 1], (size_t)(n - 1 - i));
    s->hand[seat][n - 1] = CARD_NONE;
    s->n_hand[seat] = (uint8_t)(n - 1);
}

/* The game in progress is over: score it, and in match mode start the next one. */
static void end_game(BiscaState *s)
{
    int team = s->points[0] > 60 ? 0 : s->points[1] > 60 ? 1 : -1;
    if (!s->match) {
        s->winner = (int8_t)team;
        s->phase = BI_PHASE_OVER;
        return;
    }
    if (team >= 0) {
        int m = s->marks[team] + bisca_marks_for(s->points[team]);
        s->marks[team] = (uint8_t)(m > 255 ? 255 : m);
    }
    s->prev_points[0] = s->points[0];
    s->prev_points[1] = s->points[1];
    s->prev_winner = (int8_t)team;
    if (team >= 0 && s->marks[team] >= BI_MARKS_TO_WIN) {
        s->winner = (int8_t)team;
        s->phase = BI_PHASE_OVER;
        return;
    }
    s->game++;
    s->first_leader = (uint8_t)((s->first_leader + 1) % s->n);
    new_game(s);
}

static void finish_trick(BiscaState *s)
{
    int best = bisca_trick_best(s);
    int winner = (s->leader + best) % s->n, team = bisca_team(winner);
    for (int i = 0; i < s->n; i++) {
        s->points[team] = (uint8_t)(s->points[team] + bisca_card_points(s->trick[i], s->portuguese));
        s->pile[team][s->n_pile[team]++] = s->trick[i];
        s->last_trick[i] = s->trick[i];
        s->trick[i] = CARD_NONE;
    }
    s->last_leader = s->leader;
    s->last_winner = (int8_t)winner;
    s->n_trick = 0;
    s->leader = (uint8_t)winner;
    if (s->stock > 0) {
        s->phase = BI_PHASE_DRAW;
        s->drawer = (uint8_t)winner;
        s->draws_left = s->n;
    } else if (s->n_hand[winner] == 0) {
        end_game(s);
    }
}

static int dealt_count(const BiscaState *s)
{
    int k = 0;
    for (int p = 0; p < s->n; p++)
        k += s->n_hand[p];
    return k;
}

static const char *apply(void *state, Action a)
{
    BiscaState *s = state;
    switch (s->phase) {
    case BI_PHASE_OVER:
        return N_("the game is over");
    case BI_PHASE_LEADER:
        if (a < BI_ACT_LEADER || a >= BI_ACT_LEADER + s->n)
            return N_("the first leader must be drawn now");
        s->first_leader = s->leader = (uint8_t)(a - BI_ACT_LEADER);
        s->phase = BI_PHASE_DEAL;
        return NULL;
    case BI_PHASE_DEAL: {
        if (a < BI_ACT_DEAL || a >= BI_ACT_DEAL + 52)
            return N_("a card must be dealt now");
        Card c = card_from_index(a - BI_ACT_DEAL);
        if (!is_unseen(s, c))
            return N_("that card is not in the deck");
        int k = dealt_count(s), seat = (s->first_leader + k) % s->n;
        s->hand[seat][s->n_hand[seat]++] = c;
        s->stock--;
        if (k + 1 == s->n * s->hand_size)
            s->phase = BI_PHASE_TRUNFO;
        return NULL;
    }
    case BI_PHASE_TRUNFO: {
        if (a < BI_ACT_TRUNFO || a >= BI_ACT_TRUNFO + 52)
            return N_("the trunfo must be turned now");
        Card c = card_from_index(a - BI_ACT_TRUNFO);
        if (!is_unseen(s, c))
            return N_("that card is not in the stock");
        s->trunfo = c; /* it stays in the stock (counted in s->stock), face up */
        s->leader = s->first_leader;
        s->phase = BI_PHASE_PLAY;
        return NULL;
    }
    case BI_PHASE_DRAW: {
        if (a < BI_ACT_DRAW || a >= BI_ACT_DRAW + 52)
            return N_("a card must be drawn now");
        Card c = card_from_index(a - BI_ACT_DRAW);
        if (s->stock == 1 ? c != s->trunfo : !is_unseen(s, c))
            return s->stock == 1 ? N_("the last card drawn is the trunfo")
                                 : N_("that card is not in the stock");
        int seat = s->drawer;
        s->hand[seat][s->n_hand[seat]++] = c;
        if (c == s->trunfo)
            s->trunfo_holder = (int8_t)seat;
        s->stock--;
        s->drawer = (uint8_t)((seat + 1) % s->n);
        if (--s->draws_left == 0)
            s->phase = BI_PHASE_PLAY;
        return NULL;
    }
    case BI_PHASE_PLAY: {
        if (a < BI_ACT_PLAY || a >= BI_ACT_PLAY + 52)
            return N_("play a card from your hand");
        Card c = card_from_index(a - BI_ACT_PLAY);
        int seat = bisca_to_move(s), i = hand_find(s, seat, c);
        if (i < 0)
            return N_("that card is not in your hand");
        Card ok[BI_MAX_HAND];
        int n = playable(s, seat, ok);
        if (!memchr(ok, c, (size_t)n)) {
            Card led = s->trick[0];
            for (int j = 0; j < n; j++)
                if (!bisca_beats(ok[j], led, -1, s->portuguese))
                    return N_("you must follow suit");
            return N_("you must follow suit and beat the led card");
        }
        hand_remove(s, seat, i);
        s->played[s->n_played++] = c;
        s->trick[s->n_trick++] = c;
        if (s->n_trick == s->n)
            finish_trick(s);
        return NULL;
    }
    default:
        return N_("the state is damaged");
    }
}

static void returns(const void *state, double out[RULES_MAX_PLAYERS])
{
    const BiscaState *s = state;
    for (int i = 0; i < RULES_MAX_PLAYERS; i++)
        out[i] = 0;
    if (s->phase != BI_PHASE_OVER || s->winner < 0)
        return;
    for (int p = 0; p < s->n; p++)
        out[p] = bisca_team(p) == s->winner ? 1 : -1;
}

/* ---- What a seat sees -------------------------------------------------------------- */

static void observe(const void *state, int seat, void *view)
{
    const BiscaState *s = state;
    BiscaState *v = view;
    memcpy(v, s, sizeof *v);
    for (int p = 0; p < s->n; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->n_hand[p]; i++)
            /* The trunfo was face up: everyone knows who drew it. */
            if (!(p == s->trunfo_holder && s->hand[p][i] == s->trunfo))
                v->hand[p][i] = CARD_HIDDEN;
    }
}

static void resample(const void *view, int seat, Rng *rng, void *out)
{
    BiscaState *s = out;
    memcpy(s, view, sizeof *s);
    (void)seat;
    Card pool[BI_DECK];
    int n = unseen_cards(s, pool);
    rng_shuffle(rng, pool, (size_t)n, sizeof pool[0]);
    int k = 0;
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < s->n_hand[p]; i++)
            if (s->hand[p][i] == CARD_HIDDEN && k < n)
                s->hand[p][i] = pool[k++];
}

/* ---- Text ------------------------------------------------------------------------------ */

static void action_to_string(const void *state, Action a, char out[RULES_ACTION_TEXT])
{
    (void)state;
    char c[CARD_TEXT_MAX];
    static const struct {
        int base;
        const char *word;
    } kinds[] = {{BI_ACT_PLAY, "play"}, {BI_ACT_DEAL, "deal"}, {BI_ACT_TRUNFO, "trunfo"},
                 {BI_ACT_DRAW, "draw"}};
    if (a >= BI_ACT_LEADER && a < BI_ACT_LEADER + BI_MAX_SEATS) {
        snprintf(out, RULES_ACTION_TEXT, "leader %d", (int)(a - BI_ACT_LEADER));
        return;
    }
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (a >= kinds[k].base && a < kinds[k].base + 52) {
            snprintf(out, RULES_ACTION_TEXT, "%s %s", kinds[k].word,
                     card_to_text(card_from_index(a - kinds[k].base), c));
            return;
        }
    snprintf(out, RULES_ACTION_TEXT, "?%d", (int)a);
}

static bool action_from_string(const void *state, const char *text, Action *out)
{
    const BiscaState *s = state;
    static const struct {
        int base;
        const char *word;
    } kinds[] = {{BI_ACT_PLAY, "play "}, {BI_ACT_DEAL, "deal "}, {BI_ACT_TRUNFO, "trunfo "},
                 {BI_ACT_DRAW, "draw "}};
    Card c;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t len = strlen(kinds[k].word);
        if (strncmp(text, kinds[k].word, len) == 0) {
            if (!card_from_text(text + len, &c) || !in_deck(c))
                return false;
            *out = kinds[k].base + card_index(c);
            return true;
        }
    }
    if (strncmp(text, "leader ", 7) == 0) {
        const char *d = text + 7;
        if (d[0] < '0' || d[0] > '3' || d[1] != '\0')
            return false;
        *out = BI_ACT_LEADER + (d[0] - '0');
        return true;
    }
    /* A bare card is a play, for people typing moves. */
    if (s->phase == BI_PHASE_PLAY && card_from_text(text, &c) && in_deck(c)) {
        *out = BI_ACT_PLAY + card_index(c);
        return true;
    }
    return false;
}

static size_t put(char *out, size_t size, size_t len, const char *fmt, const char *a)
{
    if (len >= size)
        return len;
    int k = snprintf(out + len, size - len, fmt, a);
    return k < 0 ? len : len + (size_t)k;
}

static size_t put_cards(char *out, size_t size, size_t len, const Card *cards, int n)
{
    char c[CARD_TEXT_MAX];
    if (n == 0)
        return put(out, size, len, " %s", "-");
    for (int i = 0; i < n; i++)
        len = put(out, size, len, " %s",
                  cards[i] == CARD_HIDDEN ? "##" : card_to_text(cards[i], c));
    return len;
}

static void describe(const void *state, char *out, size_t size)
{
    const BiscaState *s = state;
    char line[160], c[CARD_TEXT_MAX];
    size_t len = 0;
    out[0] = '\0';
    if (s->trunfo)
        snprintf(line, sizeof line, "Trunfo %s, %d in the stock\n", card_to_text(s->trunfo, c),
                 s->stock);
    else
        snprintf(line, sizeof line, "Dealing, %d in the stock\n", s->stock);
    len = put(out, size, len, "%s", line);
    for (int p = 0; p < s->n; p++) {
        snprintf(line, sizeof line, "Seat %d (team %d):", p, bisca_team(p));
        len = put(out, size, len, "%s", line);
        len = put_cards(out, size, len, s->hand[p], s->n_hand[p]);
        len = put(out, size, len, "%s", "\n");
    }
    if (s->last_winner >= 0) {
        snprintf(line, sizeof line, "Last trick (led by seat %d, taken by seat %d):",
                 s->last_leader, s->last_winner);
        len = put(out, size, len, "%s", line);
        len = put_cards(out, size, len, s->last_trick, s->n);
        len = put(out, size, len, "%s", "\n");
    }
    if (s->n_trick) {
        snprintf(line, sizeof line, "Trick (led by seat %d):", s->leader);
        len = put(out, size, len, "%s", line);
        len = put_cards(out, size, len, s->trick, s->n_trick);
        len = put(out, size, len, "%s", "\n");
    }
    snprintf(line, sizeof line, "Points: team 0 %d, team 1 %d\n", s->points[0], s->points[1]);
    len = put(out, size, len, "%s", line);
    if (s->match) {
        snprintf(line, sizeof line, "Marks: team 0 %d, team 1 %d (game %d)\n", s->marks[0],
                 s->marks[1], s->game + 1);
        len = put(out, size, len, "%s", line);
    }
    if (s->phase == BI_PHASE_OVER) {
        if (s->winner < 0)
            snprintf(line, sizeof line, "Result: draw, 60-60\n");
        else
            snprintf(line, sizeof line, "Result: team %d wins\n", s->winner);
    } else if (s->phase == BI_PHASE_PLAY) {
        snprintf(line, sizeof line, "Seat %d to play\n", bisca_to_move(s));
    } else {
        line[0] = '\0';
    }
    put(out, size, len, "%s", line);
}

const GameRules bisca_rules = {
    .id = "bisca",
    .name = N_("Bisca"),
    .summary = N_("Win the tricks with the points: Aces and 7s. For 2, or 4 in teams."),
    .min_players = 2,
    .max_players = 4,
    .default_players = 2,
    .state_size = sizeof(BiscaState),
    .options = options,
    .n_options = BI_OPT_COUNT,
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
};
