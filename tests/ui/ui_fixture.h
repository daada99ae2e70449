/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the table tests share: the app in-process under SDL's dummy video driver, an empty
 * preferences folder per test, injected mouse and keyboard events, and checks that count
 * failures. Used by tests/ui/test_ui.c and the games' scene tests. */
#ifndef TASCA_UI_FIXTURE_H
#define TASCA_UI_FIXTURE_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/match.h"
#include "timescale.h" /* TASCA_TEST_TIME_SCALE: test_ms, test_deadline, ... */
#include "ui/app.h"

extern int failures; /* checks failed so far */

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);       \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

#define REQUIRE(cond)                                                                      \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: required: %s\n", __FILE__, __LINE__, #cond);           \
            failures++;                                                                    \
            return;                                                                        \
        }                                                                                  \
    } while (0)

/* The preferences folder of the running test (XDG_DATA_HOME). */
extern char home[512];

/* Removes a file, or a folder and everything in it. */
void rm_rf(const char *path);
/* A fresh, empty preferences folder named <prefix>-XXXXXX (in /dev/shm when it can be
 * written, else $TMPDIR or /tmp), the last one removed; `settings` (may be NULL) becomes
 * its settings file. */
void fresh_home(const char *prefix, const char *settings);

/* The options of a test app: `game` at 1280 x 800, Easy bots, test mode (never waits),
 * `speed` (AnimSpeed, or -1 for the saved one), a --seed when seed is not 0. */
AppOptions test_options(const char *game, int speed, uint64_t seed);
/* The app, or NULL (the reason printed). */
App *start_app(const AppOptions *o);

/* The app window's id, for events. */
Uint32 win_id(App *a);
/* Events to the app's window, in renderer pixels. */
void push_button(App *a, Uint32 type, float x, float y, int clicks);
void push_motion(App *a, float x, float y, float dx, float dy, bool held);
void push_key(App *a, SDL_Keycode k, Uint16 mod); /* a press and its release */
/* A motion to the middle of r, then a press and a release with `clicks`. */
void click(App *a, SDL_FRect r, int clicks);
/* Two presses and releases on the middle of r, the second a double-click. */
void double_click(App *a, SDL_FRect r);

/* Where the scene shows a named thing (Scene.locate). */
bool locate(App *a, const char *what, SDL_FRect *r);
/* The scene's match, or NULL. */
Match *match_of(App *a);

/* The app with `game`'s table open (test_options, no audio); NULL (the reason printed)
 * when it could not start or the table did not open. */
App *start_table(const char *game, int speed, uint64_t seed);
/* Random input on the table `game`: `events` (TASCA_MONKEY_EVENTS overrides) clicks, now
 * and then a double or a right one, drags towards the middle, keys from `keys`, motions and
 * resizes, a few per frame; a click that left the table (the menu) is followed by a
 * return to it. `x` is the random state, carried from one run to the next. True when the
 * table is open at the end. */
bool table_monkey(App *a, const char *game, long events, const SDL_Keycode *keys,
                  size_t n_keys, uint64_t *x);

/* A table test program's tests, and its main: runs the test named argv[1], or every one
 * ("all" or no argument) but `alone` (a test with a ctest entry of its own; may be NULL),
 * under SDL's dummy drivers (unless others are set), each in a fresh preferences folder
 * <prefix>-XXXXXX; prints "ok"/"FAIL" per test. The exit status: 1 when one failed, 2 when
 * no test has that name. */
typedef struct {
    const char *name;
    void (*fn)(void);
} UiTest;
int ui_test_main(int argc, char **argv, const UiTest *tests, size_t n, const char *prefix,
                 const char *alone);

#endif
