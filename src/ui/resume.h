/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Entering a table: the game left off is resumed from its autosave; a save that cannot be
 * resumed is set aside (kept next to it, renamed) with a one-line notice, and the scene
 * starts a new match instead. The same for every game. */
#ifndef TASCA_RESUME_H
#define TASCA_RESUME_H

#include "engine/match.h"
#include "ui/app.h"

typedef struct {
    const char *game;       /* the game id: its autosave is app_save_path(app, game) */
    const GameRules *rules; /* a save of other rules is not this game's */
    int players;            /* a save with another number of seats is refused; 0: any the
                             * rules allow (match_load refuses the others) */
    /* Translated texts: the notice, with one %s for the reason, and the reason given when
     * the save is not this game's (or not with `players` seats). */
    const char *notice;
    const char *not_this_game;
} SavedGame;

/* The saved match of g->game, loaded and attached to the app (app_attach_match); NULL when
 * the table starts afresh: the picker's "New game" (app->fresh_start, consumed here), a
 * --seed on the command line (app->opt.has_seed, left for the scene), no save, or a save
 * that could not be resumed (set aside, with a notice). */
Match *app_resume_match(App *app, const SavedGame *g);

/* The seed of a table's session, from which each game dealt in it is seeded (with the
 * number of games dealt so far, *counter): <game>.session_seed in the settings; a --seed
 * on the command line starts a new session from it (consumed here, *counter back to 0);
 * none saved yet: a new one from the clock. Call after app_resume_match, which must still
 * see the --seed. */
uint64_t app_session_seed(App *app, const char *game, int *counter);

#endif
