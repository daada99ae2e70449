/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The built-in Tasca deck: faces and backs generated as SVG in memory (rasterised by
 * SDL2_image's nanosvg) plus corner indices set in the shipped font with SDL2_ttf. */
#ifndef TASCA_ART_BUILTIN_H
#define TASCA_ART_BUILTIN_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/card.h"

/* Design size of a face in SVG units (a poker card, 2.5 × 3.5 in). */
#define BUILTIN_W 250.0
#define BUILTIN_H 350.0

typedef struct BuiltinDeck BuiltinDeck;

/* Loads the index font from the data directory (then a system copy of it). */
BuiltinDeck *builtin_open(char *err, size_t errsize);
void builtin_close(BuiltinDeck *d);

/* Each returns a new w×h RGBA32 surface (straight alpha), or NULL when out of memory.
 * builtin_face draws the 52 cards and CARD_JOKER. */
SDL_Surface *builtin_face(BuiltinDeck *d, Card c, int w, int h);
/* Backs need no font: they can be drawn at any aspect, e.g. for an Aisleriot deck. */
SDL_Surface *builtin_back(int back, int w, int h);
SDL_Surface *builtin_slot(int w, int h);

int builtin_back_count(void);
const char *builtin_back_name(int back);
/* Corner radius as a fraction of the card height (shared by shadows and slots). */
double builtin_corner(void);

#endif
