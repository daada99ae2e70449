/* A bot's move at the table, the same for every game: the search runs off the UI thread
 * (match_bot_start), the table shows it "thinking" for a moment that follows the speed
 * setting, then the answer is played. */
#ifndef TASCA_PACER_H
#define TASCA_PACER_H

#include <stdbool.h>

#include "engine/match.h"
#include "ui/app.h"

typedef struct {
    bool started, have; /* a search was asked for; its answer is in */
    Action answer;
    float think_t; /* seconds shown thinking so far */
} BotPacer;

static inline void pacer_reset(BotPacer *p)
{
    p->started = p->have = false;
    p->think_t = 0;
}

/* Call every frame while the bot in `seat` is to move: starts its search, collects the
 * answer, and plays it once `delay` seconds have passed. Without a thread, or when the
 * search gives no usable answer, the bot decides synchronously instead. */
void pacer_step(BotPacer *p, App *app, Match *m, int seat, float dt, float delay);

#endif
