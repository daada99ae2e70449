/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A bot's move at the table, the same for every game: the search runs off the UI thread
 * (match_bot_start), the table shows it "thinking" for a moment that follows the speed
 * setting, then the answer is played.
 *
 * A demonstration (TASCA_DEMO set, for benchmarks and videos) plays the player's seat too
 * (at a networked table only the window's own seat; the dealer plays the rest):
 * pacer_init turns it on, pacer_drive plays that seat, pacer_demo_next says when to start
 * the next game, and scenes refuse the player's input while pacer_demo(p) is true. */
#ifndef TASCA_PACER_H
#define TASCA_PACER_H

#include <stdbool.h>

#include "engine/ai/bot.h"
#include "engine/match.h"
#include "ui/app.h"

typedef struct {
    bool started, have; /* a search was asked for; its answer is in */
    Action answer;
    float think_t; /* seconds shown thinking so far */
    /* The demonstration: the human seats play themselves at demo_level. */
    bool demo;
    Difficulty demo_level;
    float demo_wait; /* seconds the finished game has been on show */
} BotPacer;

static inline void pacer_reset(BotPacer *p)
{
    p->started = p->have = false;
    p->think_t = 0;
}

/* A fresh pacer; the demonstration is on when TASCA_DEMO is set (its seat plays at
 * `demo_level`). A zeroed pacer is a valid one without a demonstration. */
void pacer_init(BotPacer *p, Difficulty demo_level);

static inline bool pacer_demo(const BotPacer *p) { return p->demo; }

/* Call every frame while the bot in `seat` is to move: starts its search, collects the
 * answer, and plays it once `delay` seconds have passed. Without a thread, or when the
 * search gives no usable answer, the bot decides synchronously instead. */
void pacer_step(BotPacer *p, App *app, Match *m, int seat, float dt, float delay);

/* The whole turn driver, to call every frame once no chance action is due. When neither a
 * bot nor (in a demonstration) a human seat is to move, it resets. Otherwise, unless
 * `hold` (the table is still moving), it steps the bot (pacer_step with `bot_delay`), or
 * plays the demonstration's seat synchronously `demo_delay` seconds after its turn came. */
void pacer_drive(BotPacer *p, App *app, Match *m, bool hold, float dt, float bot_delay,
                 float demo_delay);

/* In a demonstration: call every frame; true once a finished game (`ended`) has been on
 * show for `pause` seconds at the speed setting (as at normal speed when instant), so the
 * scene starts the next one. Always false outside a demonstration. */
bool pacer_demo_next(BotPacer *p, const App *app, bool ended, float dt, float pause);

#endif
