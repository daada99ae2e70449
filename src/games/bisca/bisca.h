/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bisca (RULES.md §2): 2 players, or 4 in two teams (seats 0+2 against 1+3). */
#ifndef TASCA_BISCA_H
#define TASCA_BISCA_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/card.h"
#include "../../engine/rules.h"

enum { BI_MAX_SEATS = 4, BI_MAX_HAND = 9, BI_DECK = 40, BI_TEAMS = 2, BI_TOTAL_POINTS = 120 };
enum { BI_MARKS_TO_WIN = 4 };

/* Option indices (the OptionDesc array of bisca_rules). */
/* (Showing the opponents' cards is the app's setting for every card game.) */
enum { BI_OPT_SCORING = 0, BI_OPT_ASSIST, BI_OPT_HAND, BI_OPT_MATCH, BI_OPT_COUNT };

typedef enum {
    BI_PHASE_LEADER, /* chance: who leads the first trick of the match */
    BI_PHASE_DEAL,   /* chance: the hands, one card at a time from the leader round */
    BI_PHASE_TRUNFO, /* chance: the card laid face up under the stock */
    BI_PHASE_PLAY,   /* a seat plays a card */
    BI_PHASE_DRAW,   /* chance: after a trick, each seat draws, the winner first */
    BI_PHASE_OVER
} BiscaPhase;

/* Actions. Player: play a card. Chance: the first leader, a dealt card, the trunfo, a
 * drawn card. Card actions are base + card_index(card). */
enum {
    BI_ACT_LEADER = 1, /* + seat */
    BI_ACT_PLAY = 100,
    BI_ACT_DEAL = 200,
    BI_ACT_TRUNFO = 300,
    BI_ACT_DRAW = 400
};

/* Every field is a byte, so the struct has no padding and equal states compare equal
 * with memcmp. Unused slots are always CARD_NONE. */
typedef struct {
    uint8_t n;          /* seats: 2 or 4 */
    uint8_t portuguese; /* option: J 3, Q 2, and K > J > Q */
    uint8_t assist;     /* option: follow suit (and beat the led card) once the stock is gone */
    uint8_t hand_size;  /* option: 3, 7 or 9 */
    uint8_t match;      /* option: play to 4 marks */
    uint8_t phase;      /* BiscaPhase */
    uint8_t game;       /* index of the game in the match (0 for a single game) */
    uint8_t first_leader; /* leads the first trick of the current game */
    uint8_t leader;     /* leads (led) the current trick */
    uint8_t n_trick;
    uint8_t drawer;     /* the seat that draws next (draw phase) */
    uint8_t draws_left; /* draws left after this trick */
    uint8_t stock;      /* cards in the stock, the trunfo included */
    Card trunfo;        /* CARD_NONE until turned; stays set (it names trumps) */
    int8_t trunfo_holder; /* the seat that drew the trunfo (all know it), or -1 */
    uint8_t n_hand[BI_MAX_SEATS];
    Card hand[BI_MAX_SEATS][BI_MAX_HAND]; /* in the order the cards came */
    Card trick[BI_MAX_SEATS];             /* in play order: trick[i] by (leader + i) % n */
    uint8_t points[BI_TEAMS];             /* team = seat % 2 */
    uint8_t n_pile[BI_TEAMS];
    Card pile[BI_TEAMS][BI_DECK];         /* won cards, trick after trick */
    Card last_trick[BI_MAX_SEATS];        /* the last complete trick (of this or the last game) */
    uint8_t last_leader;
    int8_t last_winner;                   /* seat, or -1 before the first trick */
    uint8_t marks[BI_TEAMS];              /* match mode */
    uint8_t prev_points[BI_TEAMS];        /* match mode: the previous game's count */
    int8_t prev_winner;                   /* team, -1 draw, -2 no previous game */
    int8_t winner;                        /* when over: the winning team, or -1 for a draw */
    /* Every card played in the current game, in play order: public (every seat saw them
     * played), it lets a bot replay the game it watched. The leader of each trick follows
     * from first_leader and the tricks before it. */
    uint8_t n_played;
    Card played[BI_DECK];
} BiscaState;

extern const GameRules bisca_rules;

static inline int bisca_team(int seat) { return seat & 1; }

/* Points of a card: A 11, 7 10, K 4, Q 3, J 2 (Portuguese: J 3, Q 2). */
int bisca_card_points(Card c, bool portuguese);
/* Strength within a suit, 0 (the 2) .. 9 (the Ace): A 7 K Q J 6 5 4 3 2, or A 7 K J Q ...
 * with the Portuguese option. */
int bisca_card_strength(Card c, bool portuguese);
/* Does card b beat card a, a being the best so far in a trick led in suit `led`? */
bool bisca_beats(Card b, Card a, int trump_suit, bool portuguese);
/* Position (0 = leader) of the card that wins the trick so far; -1 for an empty trick. */
int bisca_trick_best(const BiscaState *s);
/* The seat to play in the play phase. */
int bisca_to_move(const BiscaState *s);
int bisca_trump_suit(const BiscaState *s);
/* Marks a game scores for its winner with `pts` points (match mode): 1, 2 from 91 on,
 * 4 with all 120; 0 for 60 or less. */
int bisca_marks_for(int pts);
/* The sum of the points in hands, stock (unseen cards), trick and piles: always 120 in a
 * full state. Used by tests. */
int bisca_points_everywhere(const BiscaState *s);

#endif
