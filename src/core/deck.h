/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_DECK_H
#define TASCA_DECK_H

#include "card.h"
#include "rng.h"

typedef enum {
    DECK_40,     /* Truco, Bisca: no 8, 9, 10 */
    DECK_52,     /* 21 */
    DECK_2X52,   /* Buraco: two 52-card decks */
} DeckKind;

#define DECK_MAX 104

/* Fills out (room for DECK_MAX) in a fixed order (suit-major, Ace first); returns the count. */
int deck_build(DeckKind kind, Card out[DECK_MAX]);
/* A full deck, shuffled by Fisher–Yates with r. */
int deck_shuffled(DeckKind kind, Rng *r, Card out[DECK_MAX]);

#endif
