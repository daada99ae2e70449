/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 21, pure rules (RULES.md §4). */
#include <stdio.h>
#include <string.h>

#include "../../core/nls.h"
#include "twentyone.h"

static const char *const off_on[] = {N_("off"), N_("on")};
static const OptionDesc options[] = {
    {"charlie", N_("5-card Charlie"), N_("Five cards without busting win outright."), 0, 0, 1,
     off_on},
};

int twentyone_card_value(Card c)
{
    int r = card_rank(c);
    return r >= 10 ? 10 : r;
}

int twentyone_total(const Card *cards, int n, bool *soft)
{
    int sum = 0;
    bool ace = false;
    for (int i = 0; i < n; i++) {
        sum += twentyone_card_value(cards[i]);
        ace |= card_rank(cards[i]) == RANK_ACE;
    }
    bool s = ace && sum + 10 <= 21;
    if (soft)
        *soft = s;
    return s ? sum + 10 : sum;
}

bool twentyone_hole_revealed(const TwentyOneState *s)
{
    return s->phase == TO_COMPUTER_TURN || s->phase == TO_OVER;
}

static int total(const TwentyOneState *s, int seat)
{
    return twentyone_total(s->hand[seat], s->n[seat], NULL);
}

static const char *init(void *state, const GameOptions *opt, int num_players, uint64_t seed)
{
    (void)seed; /* every card dealt is a chance action drawn by the match */
    if (num_players != TO_SEATS)
        return N_("21 is played by exactly 2 players");
    TwentyOneState *s = state;
    memset(s, 0, sizeof *s);
    s->phase = TO_DEALING;
    s->charlie = (uint8_t)(opt->v[TO_OPT_CHARLIE] != 0);
    s->pending = -1;
    s->winner = -1;
    return NULL;
}

static int num_players(const void *state)
{
    (void)state;
    return TO_SEATS;
}

static int current_player(const void *state)
{
    const TwentyOneState *s = state;
    if (s->phase == TO_OVER)
        return PLAYER_TERMINAL;
    if (s->phase == TO_DEALING || s->pending >= 0)
        return PLAYER_CHANCE;
    return s->phase == TO_PLAYER_TURN ? TO_PLAYER : TO_COMPUTER;
}

static int legal_actions(const void *state, Action out[RULES_MAX_ACTIONS])
{
    int p = current_player(state);
    if (p != TO_PLAYER && p != TO_COMPUTER)
        return 0;
    out[0] = TO_HIT;
    out[1] = TO_STAND;
    return 2;
}

/* The seat the next card goes to. The first deal alternates player, computer (face up),
 * player, computer (face down). */
static int deal_target(const TwentyOneState *s)
{
    if (s->phase == TO_DEALING)
        return s->n[TO_PLAYER] <= s->n[TO_COMPUTER] ? TO_PLAYER : TO_COMPUTER;
    return s->pending;
}

static void finish(TwentyOneState *s, int winner, TwentyOneEnd end)
{
    s->phase = TO_OVER;
    s->winner = (int8_t)winner;
    s->end = (uint8_t)end;
}

static void compare(TwentyOneState *s)
{
    int p = total(s, TO_PLAYER), c = total(s, TO_COMPUTER);
    if (p == c)
        finish(s, -1, TO_END_TIE);
    else
        finish(s, p > c ? TO_PLAYER : TO_COMPUTER, TO_END_HIGHER);
}

/* Starts `seat`'s turn, or ends it at once when its hand is already final. */
static void settle(TwentyOneState *s, int seat)
{
    int t = total(s, seat);
    if (t > 21) {
        /* A bust ends the round at once: the computer does not play after the player. */
        finish(s, 1 - seat, seat == TO_PLAYER ? TO_END_PLAYER_BUST : TO_END_COMPUTER_BUST);
    } else if (s->charlie && s->n[seat] == TO_MAX_CARDS) {
        finish(s, seat, TO_END_CHARLIE);
    } else if (t == 21 || s->n[seat] == TO_MAX_CARDS) {
        if (seat == TO_PLAYER)
            settle(s, TO_COMPUTER); /* 21 or a 5th card ends the turn */
        else
            compare(s);
    } else {
        s->phase = seat == TO_PLAYER ? TO_PLAYER_TURN : TO_COMPUTER_TURN;
    }
}

static bool card_dealt(const TwentyOneState *s, Card c)
{
    for (int p = 0; p < TO_SEATS; p++)
        for (int i = 0; i < s->n[p]; i++)
            if (s->hand[p][i] == c)
                return true;
    return false;
}

static int chance_outcomes(const void *state, Action out[RULES_MAX_ACTIONS],
                           uint32_t weights[RULES_MAX_ACTIONS])
{
    const TwentyOneState *s = state;
    if (current_player(s) != PLAYER_CHANCE)
        return 0;
    int n = 0;
    for (int i = 0; i < 52; i++) {
        if (card_dealt(s, card_from_index(i)))
            continue;
        weights[n] = 1;
        out[n++] = TO_DEAL + i;
    }
    return n;
}

static const char *apply(void *state, Action a)
{
    TwentyOneState *s = state;
    int p = current_player(s);
    if (p == PLAYER_TERMINAL)
        return N_("the round is over");
    if (p == PLAYER_CHANCE) {
        if (a < TO_DEAL || a >= TO_DEAL + 52)
            return N_("a card must be dealt now");
        Card c = card_from_index(a - TO_DEAL);
        if (card_dealt(s, c))
            return N_("that card has already been dealt");
        int seat = deal_target(s);
        s->hand[seat][s->n[seat]++] = c;
        if (s->phase == TO_DEALING) {
            if (s->n[TO_COMPUTER] == 2)
                settle(s, TO_PLAYER);
        } else {
            s->pending = -1;
            settle(s, seat);
        }
        return NULL;
    }
    if (a == TO_HIT) {
        s->pending = (int8_t)p;
        return NULL;
    }
    if (a == TO_STAND) {
        if (p == TO_PLAYER)
            settle(s, TO_COMPUTER);
        else
            compare(s);
        return NULL;
    }
    return N_("you can only hit or stand now");
}

static void returns(const void *state, double out[RULES_MAX_PLAYERS])
{
    const TwentyOneState *s = state;
    for (int i = 0; i < RULES_MAX_PLAYERS; i++)
        out[i] = 0;
    if (s->phase != TO_OVER || s->winner < 0)
        return;
    out[s->winner] = 1;
    out[1 - s->winner] = -1;
}

static void observe(const void *state, int seat, void *view)
{
    TwentyOneState *v = view;
    memcpy(v, state, sizeof *v);
    /* The player does not see the computer's hole card until the computer's turn. */
    if (seat == TO_PLAYER && v->n[TO_COMPUTER] >= 2 && !twentyone_hole_revealed(v))
        v->hand[TO_COMPUTER][1] = CARD_HIDDEN;
}

static void resample(const void *view, int seat, Rng *rng, void *out)
{
    TwentyOneState *s = out;
    memcpy(s, view, sizeof *s);
    (void)seat;
    if (s->n[TO_COMPUTER] < 2 || s->hand[TO_COMPUTER][1] != CARD_HIDDEN)
        return;
    s->hand[TO_COMPUTER][1] = CARD_NONE; /* not dealt as far as card_dealt() can tell */
    Card unseen[52];
    int n = 0;
    for (int i = 0; i < 52; i++)
        if (!card_dealt(s, card_from_index(i)))
            unseen[n++] = card_from_index(i);
    s->hand[TO_COMPUTER][1] = unseen[rng_below(rng, (uint32_t)n)];
}

static void action_to_string(const void *state, Action a, char out[RULES_ACTION_TEXT])
{
    (void)state;
    char c[CARD_TEXT_MAX];
    if (a == TO_HIT)
        strcpy(out, "hit");
    else if (a == TO_STAND)
        strcpy(out, "stand");
    else if (a >= TO_DEAL && a < TO_DEAL + 52)
        snprintf(out, RULES_ACTION_TEXT, "deal %s", card_to_text(card_from_index(a - TO_DEAL), c));
    else
        snprintf(out, RULES_ACTION_TEXT, "?%d", (int)a);
}

static bool action_from_string(const void *state, const char *text, Action *out)
{
    (void)state;
    Card c;
    if (strcmp(text, "hit") == 0)
        *out = TO_HIT;
    else if (strcmp(text, "stand") == 0)
        *out = TO_STAND;
    else if (strncmp(text, "deal ", 5) == 0 && card_from_text(text + 5, &c))
        *out = TO_DEAL + card_index(c);
    else
        return false;
    return true;
}

static const char *const end_text[] = {
    "",
    "the player busts",
    "the computer busts",
    "five cards without busting (Charlie)",
    "the higher total wins",
    "equal totals",
};

static void describe(const void *state, char *out, size_t size)
{
    const TwentyOneState *s = state;
    static const char *const who[TO_SEATS] = {"Player", "Computer"};
    size_t len = 0;
    out[0] = '\0';
    for (int p = 0; p < TO_SEATS && len < size; p++) {
        len += (size_t)snprintf(out + len, size - len, "%-9s", who[p]);
        bool hidden = false;
        for (int i = 0; i < s->n[p] && len < size; i++) {
            char c[CARD_TEXT_MAX];
            hidden |= s->hand[p][i] == CARD_HIDDEN;
            len += (size_t)snprintf(out + len, size - len, " %s",
                                    s->hand[p][i] == CARD_HIDDEN ? "##"
                                                                 : card_to_text(s->hand[p][i], c));
        }
        if (len < size && !hidden && s->n[p])
            len += (size_t)snprintf(out + len, size - len, "  (%d)", total(s, p));
        if (len < size)
            len += (size_t)snprintf(out + len, size - len, "\n");
    }
    if (len >= size)
        return;
    if (s->phase == TO_OVER)
        snprintf(out + len, size - len, "Result: %s (%s)\n",
                 s->winner < 0 ? "draw" : s->winner == TO_PLAYER ? "player wins" : "computer wins",
                 end_text[s->end]);
    else
        snprintf(out + len, size - len, "In play: %s\n",
                 s->phase == TO_DEALING ? "dealing"
                 : s->phase == TO_PLAYER_TURN ? "player's turn" : "computer's turn");
}

const GameRules twentyone_rules = {
    .id = "twentyone",
    .name = N_("21"),
    .summary = N_("Get closer to 21 than the computer without going over; at most 5 cards."),
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(TwentyOneState),
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
};
