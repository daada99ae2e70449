/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "anim.h"

#include <math.h>
#include <string.h>

float anim_ease(Ease e, float t)
{
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    switch (e) {
    case EASE_IN_QUAD:
        return t * t;
    case EASE_OUT_QUAD:
        return 1 - (1 - t) * (1 - t);
    case EASE_OUT_CUBIC:
        return 1 - powf(1 - t, 3);
    case EASE_IN_OUT_CUBIC:
        return t < 0.5f ? 4 * t * t * t : 1 - powf(-2 * t + 2, 3) / 2;
    case EASE_OUT_BACK: {
        const float c1 = 1.70158f, c3 = c1 + 1;
        return 1 + c3 * powf(t - 1, 3) + c1 * powf(t - 1, 2);
    }
    case EASE_OUT_ELASTIC:
        if (t == 0 || t == 1)
            return t;
        return powf(2, -10 * t) * sinf((t * 10 - 0.75f) * (2 * 3.14159265f / 3)) + 1;
    case EASE_LINEAR:
    default:
        return t;
    }
}

void anim_init(Anim *a, float factor)
{
    memset(a, 0, sizeof *a);
    a->factor = factor;
}

void anim_set_factor(Anim *a, float factor) { a->factor = factor < 0 ? 0 : factor; }

static void finish_one(Tween *t)
{
    if (t->value)
        *t->value = t->to;
    if (t->call)
        t->call(t->user, t->arg);
}

static void remove_at(Anim *a, int i)
{
    a->items[i] = a->items[--a->n];
}

/* Adds a tween; with the instant factor it takes effect at once. */
static void add(Anim *a, Tween t)
{
    if (a->factor <= 0) {
        finish_one(&t);
        return;
    }
    t.dur *= a->factor;
    t.delay *= a->factor;
    if (a->n == ANIM_MAX) {
        /* Full: the oldest tween jumps to its end to make room. */
        Tween old = a->items[0];
        remove_at(a, 0);
        finish_one(&old);
    }
    a->items[a->n++] = t;
}

void anim_to(Anim *a, float *v, float to, float dur, float delay, Ease e)
{
    for (int i = a->n - 1; i >= 0; i--)
        if (a->items[i].value == v)
            remove_at(a, i);
    anim_then(a, v, to, dur, delay, e);
}

void anim_then(Anim *a, float *v, float to, float dur, float delay, Ease e)
{
    Tween t = {0};
    t.value = v;
    t.from = *v;
    t.to = to;
    t.dur = dur;
    t.delay = delay;
    t.ease = (unsigned char)e;
    add(a, t);
}

void anim_call(Anim *a, float delay, AnimCall call, void *user, int arg)
{
    Tween t = {0};
    t.delay = delay;
    t.call = call;
    t.user = user;
    t.arg = arg;
    add(a, t);
}

void anim_update(Anim *a, float dt)
{
    /* Calls may add tweens: walk a snapshot count and compact afterwards. */
    int n = a->n;
    for (int i = 0; i < n && i < a->n; i++) {
        Tween *t = &a->items[i];
        float step = dt;
        if (t->delay > 0) {
            t->delay -= dt;
            if (t->delay > 0)
                continue;
            step = -t->delay; /* carry the overshoot into the tween */
            t->delay = 0;
        }
        if (!t->started) {
            t->started = 1;
            if (t->value)
                t->from = *t->value;
        }
        t->t += step;
        if (t->t >= t->dur) {
            t->t = t->dur + 1; /* mark done */
            if (t->value)
                *t->value = t->to;
        } else if (t->value) {
            float k = anim_ease((Ease)t->ease, t->t / t->dur);
            *t->value = t->from + (t->to - t->from) * k;
        }
    }
    for (int i = 0; i < a->n;) {
        Tween *t = &a->items[i];
        if (t->delay <= 0 && t->started && t->t > t->dur) {
            Tween done = *t;
            remove_at(a, i);
            if (done.call)
                done.call(done.user, done.arg);
        } else {
            i++;
        }
    }
}

bool anim_busy(const Anim *a) { return a->n > 0; }

float anim_left(const Anim *a)
{
    float left = 0;
    for (int i = 0; i < a->n; i++) {
        const Tween *t = &a->items[i];
        float end = (t->delay > 0 ? t->delay : 0) + (t->dur - t->t);
        if (end > left)
            left = end;
    }
    return left;
}

void anim_finish(Anim *a)
{
    /* In order of end time, so later steps see earlier ones done. */
    int guard = 0;
    while (a->n > 0 && guard++ < 10000) {
        int best = 0;
        float best_end = 1e30f;
        for (int i = 0; i < a->n; i++) {
            float end = a->items[i].delay + (a->items[i].dur - a->items[i].t);
            if (end < best_end) {
                best_end = end;
                best = i;
            }
        }
        Tween t = a->items[best];
        remove_at(a, best);
        finish_one(&t);
    }
}

void anim_forget(Anim *a, const void *lo, const void *hi)
{
    for (int i = a->n - 1; i >= 0; i--) {
        const char *p = (const char *)a->items[i].value;
        if (p && p >= (const char *)lo && p < (const char *)hi)
            remove_at(a, i);
    }
}

void anim_clear(Anim *a) { a->n = 0; }
