/* SPDX-License-Identifier: GPL-3.0-or-later */
/* In-app help: small illustrated examples for the rules pages (cards drawn with the card
 * art, a Moulin board) and the keyboard shortcuts. The texts are translated where shown. */
#ifndef TASCA_HELP_H
#define TASCA_HELP_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"
#include "core/card.h"

#define HELP_FIG_CARDS 10

typedef struct {
    Card card;
    const char *label; /* under the card (translated when drawn), or NULL */
    bool mark;         /* raised and outlined in gold: what the example is about */
    bool gap;          /* a wider space before this card (separates groups) */
} HelpCard;

typedef struct {
    const char *caption; /* N_(): a sentence above the picture */
    int n;               /* cards; 0: a Moulin board */
    HelpCard cards[HELP_FIG_CARDS];
    /* Moulin board: bitmasks of the 24 points (numbered as in RULES.md). */
    unsigned long white, black, marked;
} HelpFigure;

/* The examples of a game (by id); returns their number. */
int help_figures(const char *game, const HelpFigure **out);
/* Height in pixels of a figure drawn `width` pixels wide (without its caption). */
float help_figure_height(const App *a, const HelpFigure *f, float width);
void help_draw_figure(App *a, const HelpFigure *f, SDL_FRect r);

/* A row of the keyboard shortcuts page: keys are alternatives separated by '|', each
 * drawn as a key cap (translated); keys NULL makes `what` a section title. */
typedef struct {
    const char *keys;
    const char *what; /* N_() */
} HelpKey;

int help_keys(const HelpKey **out);
/* Draws the key caps of a row from (x, y) (top left); returns their width. With draw
 * false, only measures. */
float help_draw_keys(App *a, const char *keys, float x, float y, bool draw);
/* Height of one key cap in pixels. */
float help_key_height(const App *a);

#endif
