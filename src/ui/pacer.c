#include "ui/pacer.h"

void pacer_step(BotPacer *p, App *app, Match *m, int seat, float dt, float delay)
{
    if (!p->started) {
        if (match_bot_start(m, app_wake, app) != 0) {
            match_play_bot(m); /* no thread: decide here */
            return;
        }
        p->started = true;
        p->have = false;
        p->think_t = 0;
    }
    p->think_t += dt;
    if (!p->have && !match_bot_busy(m)) {
        Action a;
        if (match_bot_poll(m, &a)) {
            p->have = true;
            p->answer = a;
        } else {
            p->started = false;
            match_play_bot(m); /* the search gave no answer: decide synchronously */
            return;
        }
    }
    if (p->have && p->think_t >= delay) {
        p->started = p->have = false;
        if (match_submit(m, seat, p->answer))
            match_play_bot(m);
    }
}
