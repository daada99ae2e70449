/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "deck.h"

int deck_build(DeckKind kind, Card out[DECK_MAX])
{
    int n = 0, copies = kind == DECK_2X52 ? 2 : 1;
    for (int k = 0; k < copies; k++)
        for (int s = 0; s < SUIT_COUNT; s++)
            for (int r = 1; r <= 13; r++) {
                if (kind == DECK_40 && r >= 8 && r <= 10)
                    continue;
                out[n++] = card_make(r, s);
            }
    return n;
}

int deck_shuffled(DeckKind kind, Rng *r, Card out[DECK_MAX])
{
    int n = deck_build(kind, out);
    rng_shuffle(r, out, (size_t)n, sizeof out[0]);
    return n;
}
