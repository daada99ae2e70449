/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The in-window menu: Game, Difficulty, New game, Play online, Options, Rules, Statistics,
 * About, Quit.
 * Drawn by us over the table, driven by mouse and keyboard (Esc opens and closes it). */
#ifndef TASCA_MENU_H
#define TASCA_MENU_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"
#include "widgets.h"

typedef enum {
    PAGE_MAIN,
    PAGE_GAME,
    PAGE_DIFFICULTY,
    PAGE_OPTIONS,
    PAGE_RULES,
    PAGE_STATS,
    PAGE_KEYS,
    PAGE_FILE, /* the file chooser, for a table option */
    PAGE_ABOUT,
    PAGE_ONLINE, /* Play online: connection, new table, join by code, open tables */
    PAGE_COUNT
} MenuPage;

Menu *menu_create(App *a);
void menu_destroy(Menu *m);
bool menu_is_open(const Menu *m);
MenuPage menu_page(const Menu *m);
void menu_open(Menu *m, MenuPage page);
void menu_close(Menu *m);
/* Rebuilds the pages for the current size and settings. */
void menu_layout(Menu *m);
/* Returns true when the menu used the event (always, while it is open). */
bool menu_event(Menu *m, const SDL_Event *e);
void menu_update(Menu *m, float dt);
void menu_draw(Menu *m);
bool menu_animating(const Menu *m);
/* The menu button (top left), in pixels. */
SDL_FRect menu_button_rect(const App *a);
/* Where the widget showing `text` is on screen now (tests and scripts); false when it is
 * not on the page or scrolled out of view. */
bool menu_find(const Menu *m, const char *text, SDL_FRect *out);
/* The open page's widgets, in content coordinates (for tests of the layout). */
const WidgetList *menu_widgets(const Menu *m);
/* Parses a page name ("options") for --open; -1 when unknown. */
int menu_page_from_name(const char *name);

#endif
