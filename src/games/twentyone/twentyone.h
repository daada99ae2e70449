/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 21 (RULES.md §4): a duel of the player (seat 0) against the computer (seat 1). */
#ifndef TASCA_TWENTYONE_H
#define TASCA_TWENTYONE_H

#include <stdbool.h>

#include "../../core/card.h"
#include "../../engine/rules.h"

enum { TO_PLAYER = 0, TO_COMPUTER = 1, TO_SEATS = 2, TO_MAX_CARDS = 5 };
enum { TO_OPT_CHARLIE = 0 };

typedef enum { TO_DEALING, TO_PLAYER_TURN, TO_COMPUTER_TURN, TO_OVER } TwentyOnePhase;
typedef enum {
    TO_END_NONE,
    TO_END_PLAYER_BUST,
    TO_END_COMPUTER_BUST,
    TO_END_CHARLIE,
    TO_END_HIGHER,
    TO_END_TIE
} TwentyOneEnd;

/* Actions: hit, stand, and the chance outcome "deal <card>". */
enum { TO_HIT = 1, TO_STAND = 2, TO_DEAL = 100 /* + card_index */ };

typedef struct {
    uint8_t phase;      /* TwentyOnePhase */
    uint8_t charlie;    /* option: five cards without busting win */
    uint8_t n[TO_SEATS];
    Card hand[TO_SEATS][TO_MAX_CARDS]; /* computer's hand[1][1] is the hole card */
    int8_t pending;     /* seat waiting for the card it asked for (hit), or -1 */
    int8_t winner;      /* seat, or -1 for a draw; valid when over */
    uint8_t end;        /* TwentyOneEnd */
} TwentyOneState;

extern const GameRules twentyone_rules;

/* Best total of a hand: Aces count 11 while that does not bust. */
int twentyone_total(const Card *cards, int n, bool *soft);
int twentyone_card_value(Card c);
/* Is the computer's hole card visible (its turn has begun, or the round is over)? */
bool twentyone_hole_revealed(const TwentyOneState *s);

#endif
