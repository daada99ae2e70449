/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ui/pacer.h"

#include <stdlib.h>

#include "core/rng.h"

void pacer_init(BotPacer *p, Difficulty demo_level)
{
    *p = (BotPacer){0};
    p->demo = getenv("TASCA_DEMO") != NULL;
    p->demo_level = demo_level;
}

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

void pacer_drive(BotPacer *p, App *app, Match *m, bool hold, float dt, float bot_delay,
                 float demo_delay)
{
    int seat = match_current_player(m);
    if (m->mirror && !(p->demo && seat >= 0 && seat == m->mirror_seat && !m->sent)) {
        pacer_reset(p); /* a networked table: its dealer plays the bots and other seats */
        return;
    }
    bool demo_turn = p->demo && seat >= 0 && (m->mirror || !m->seats[seat].bot);
    if (!match_bot_to_move(m) && !demo_turn) {
        pacer_reset(p);
        return;
    }
    if (hold)
        return;
    if (demo_turn) {
        /* The player's seat plays itself, synchronously, after a pause. */
        p->think_t += dt;
        if (p->think_t < demo_delay)
            return;
        p->think_t = 0;
        Rng r;
        rng_seed(&r, rng_mix(m->seed, (uint64_t)m->history_len));
        match_submit(m, seat, bot_decide(m->rules, p->demo_level, m->state, seat, &r, NULL));
        return;
    }
    pacer_step(p, app, m, seat, dt, bot_delay);
}

bool pacer_demo_next(BotPacer *p, const App *app, bool ended, float dt, float pause)
{
    if (!p->demo || !ended)
        return false;
    float f = app_speed_factor(app);
    p->demo_wait += dt;
    if (p->demo_wait <= pause * (f > 0 ? f : 1))
        return false;
    p->demo_wait = 0;
    return true;
}
