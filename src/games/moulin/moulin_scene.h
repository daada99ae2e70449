/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Moulin table (SDL): see moulin_scene.c. */
#ifndef TASCA_MOULIN_SCENE_H
#define TASCA_MOULIN_SCENE_H

#include <stdbool.h>

#include "engine/rules.h"
#include "ui/scene.h"

extern const Scene moulin_scene;

typedef struct Table Table;

/* The analysis mode ("Show analysis", an option): what the table shows for the position it
 * shows, for tests and the review viewer. A turn of the best line is one or two plies (a
 * move and the removal it earns). */
enum { MOULIN_AN_TURNS = 4, MOULIN_AN_PLIES = 2 * MOULIN_AN_TURNS };
typedef struct {
    bool on;      /* the option */
    bool running; /* a search is under way for the position shown */
    bool ready;   /* what follows is for the position shown */
    bool over;    /* that position is a finished game: `white` is its result */
    double white; /* White's advantage in pieces, as the search scores it (the bar) */
    bool mate;    /* a forced result, `mate_turns` turns to the end */
    int mate_turns;
    int depth;  /* the search's depth in turns (0: the endgame tables, or none) */
    float bar;  /* the bar's target share for White, 0 .. 1 */
    int n;      /* plies drawn on the board, best first */
    Action ply[MOULIN_AN_PLIES];
    int side[MOULIN_AN_PLIES]; /* who plays it */
    int turn[MOULIN_AN_PLIES]; /* its number on the board, 1 .. MOULIN_AN_TURNS */
} MoulinAnalysisShown;

/* The analysis the Moulin table `t` shows; false when `t` is not Moulin's. */
bool moulin_scene_analysis(const Table *t, MoulinAnalysisShown *out);
/* The analysis' clock in ms (negative: Hard's own, the default; 0: the node budget alone,
 * so that a test gets the same answer as bot_analyze with time_ms 0). */
void moulin_scene_analysis_clock(Table *t, int time_ms);

#endif
