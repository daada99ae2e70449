/* SPDX-License-Identifier: GPL-3.0-or-later */
/* GNOME Aisleriot card themes (a 13×5 grid of cards in one SVG: rows clubs, diamonds,
 * hearts, spades from the ace, then jokers and the back), drawn with librsvg. Only built
 * when librsvg was found (TASCA_HAVE_RSVG). */
#ifndef TASCA_ART_AISLERIOT_H
#define TASCA_ART_AISLERIOT_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct AisleDeck AisleDeck;

/* Parses the file (.svg or gzip-compressed .svgz) once; NULL with a reason in err. */
AisleDeck *aisle_open(const char *path, char *err, size_t errsize);
void aisle_close(AisleDeck *d);
/* Card width / height of this theme. */
double aisle_aspect(const AisleDeck *d);
/* Renders the 52 faces (card_index order), the red joker (out[AISLE_JOKER]) and the back
 * (out[AISLE_BACK]) at w×h into new RGBA32 surfaces with straight alpha. false (and nothing
 * allocated) on failure. */
enum { AISLE_JOKER = 52, AISLE_BACK, AISLE_CELLS };
bool aisle_render(AisleDeck *d, int w, int h, SDL_Surface *out[AISLE_CELLS], char *err,
                  size_t errsize);

#endif
