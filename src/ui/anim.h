/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tweens: a value moves from where it is to a target over a duration, after a delay, with
 * an easing curve. Values live in the caller's structs (positions in layout units, so a
 * resize in the middle of a move stays correct). A speed factor scales every duration
 * and delay; factor 0 = instant. Timed callbacks (sounds, state steps) ride along. */
#ifndef TASCA_ANIM_H
#define TASCA_ANIM_H

#include <stdbool.h>

typedef enum {
    EASE_LINEAR,
    EASE_IN_QUAD,
    EASE_OUT_QUAD,
    EASE_OUT_CUBIC,
    EASE_IN_OUT_CUBIC,
    EASE_OUT_BACK,
    EASE_OUT_ELASTIC,
} Ease;

float anim_ease(Ease e, float t);

#define ANIM_MAX 384

typedef void (*AnimCall)(void *user, int arg);

typedef struct {
    float *value; /* NULL: a timed call */
    float from, to;
    float delay, dur, t;
    AnimCall call;
    void *user;
    int arg;
    unsigned char ease, started;
} Tween;

typedef struct {
    Tween items[ANIM_MAX];
    int n;
    float factor; /* 1 normal, >1 slower, 0 instant */
} Anim;

void anim_init(Anim *a, float factor);
void anim_set_factor(Anim *a, float factor);
/* Moves *v to `to`: replaces any tween already driving *v. */
void anim_to(Anim *a, float *v, float to, float dur, float delay, Ease e);
/* Adds a tween on *v that starts from wherever *v is when its delay ends (chains). */
void anim_then(Anim *a, float *v, float to, float dur, float delay, Ease e);
/* Calls call(user, arg) after delay (scaled like everything else). */
void anim_call(Anim *a, float delay, AnimCall call, void *user, int arg);
void anim_update(Anim *a, float dt);
bool anim_busy(const Anim *a);
/* Seconds (speed factor applied) until every tween queued now has ended: how long what
 * was just started takes to show. */
float anim_left(const Anim *a);
/* Jumps every tween to its end, running pending calls in order. */
void anim_finish(Anim *a);
/* Forgets tweens on values inside [lo, hi) (memory about to go away). */
void anim_forget(Anim *a, const void *lo, const void *hi);
void anim_clear(Anim *a);

#endif
