/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A scene: one screen of the app (the game picker, or a game's table), as a small const
 * table of functions. The app routes input to the menu first, then to the scene; the
 * scene submits actions to its match and hears about every applied action (on_action).
 * Coordinates given to a scene are renderer pixels. */
#ifndef TASCA_SCENE_H
#define TASCA_SCENE_H

#include <SDL.h>
#include <stdbool.h>

#include "engine/match.h"

typedef struct App App;

/* A table choice of a game, shown on the Options page after its rule options (players at
 * the table, the opponent). It lives in the app's settings: the scene reads it when it
 * deals, and hears of a change through settings_changed. */
typedef struct {
    const char *label, *help;  /* translated */
    const char *choices[4];    /* translated */
    int n_choices, value;
    bool disabled;
    bool file;                 /* a program chosen with the file chooser, not choices */
    bool required;             /* file: the other choices need one */
    char path[1024];           /* file: the one chosen ("" none) */
} SceneOption;
#define SCENE_OPTIONS_MAX 4

typedef struct Scene {
    const char *id; /* a game id, or "picker" */
    /* A game's table (tablescene.h): what the shared table scene plays; NULL otherwise. */
    const struct TableGame *game;
    /* Creates the scene's state; NULL on failure (the app then shows the picker). */
    void *(*enter)(App *app, const struct Scene *sc);
    void (*leave)(void *self);
    void (*layout)(void *self, int w, int h);
    /* Returns true when the event was used. */
    bool (*event)(void *self, const SDL_Event *e);
    void (*on_action)(void *self, const Match *m, int player, Action a);
    void (*update)(void *self, float dt);
    void (*draw)(void *self, SDL_Renderer *r);
    /* Needs frames now (a tween, a thinking bot, a pending deal, a toast). */
    bool (*animating)(const void *self);
    /* Nothing moves and no bot thinks: a screenshot may be taken. */
    bool (*settled)(const void *self);
    /* A question is open on the scene (NULL: never): while the menu is closed, input goes
     * to the scene first, so Esc answers it instead of opening the menu. */
    bool (*modal)(const void *self);
    /* Esc with the menu closed: drops what the player has begun (cards selected, a piece
     * picked up) and returns true; false when nothing was begun (Esc opens the menu). NULL:
     * Esc always opens the menu. */
    bool (*cancel)(void *self);

    /* Games only (NULL for the picker). */
    void (*new_game)(void *self);
    Match *(*match)(void *self);
    /* Settings (deck, speed, options, difficulty) changed in the menu. */
    void (*settings_changed)(void *self);
    /* Its table choices for the Options page (SCENE_OPTIONS_MAX at most; NULL: none), and
     * setting one (value: the choice; path: the file picked for a file option). */
    int (*table_options)(App *app, SceneOption *out);
    void (*set_table_option)(App *app, int i, int value, const char *path);
    /* The game's rules, translated, as paragraphs separated by blank lines; a line
     * starting with "# " is a heading. */
    const char *(*rules_text)(void);
    /* A small picture of the game for the picker tile. */
    void (*draw_preview)(App *app, SDL_FRect area);
    /* Where a named thing is on screen, in pixels ("hit", "stand", "deck", "next",
     * "player", "computer"); false when it is not shown. For tests and scripts. */
    bool (*locate)(void *self, const char *what, SDL_FRect *out);
    /* The review of the last finished game: open = false asks whether there is one, true
     * opens its page (NULL: the scene has none). */
    bool (*review)(void *self, bool open);
} Scene;

/* The scene of a game id (NULL when that game has no table yet) and the picker. */
const Scene *scene_for_game(const char *id);
extern const Scene picker_scene;

#endif
