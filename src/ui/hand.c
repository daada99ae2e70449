/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ui/hand.h"

#include <math.h>
#include <string.h>

#include "ui/draw.h"

void hand_slot(const HandLayout *l, int i, int n, float *x, float *y, float *rot)
{
    float step = l->step;
    if (l->max_span > 0 && n > 1 && step * (n - 1) + l->card_w > l->max_span)
        step = (l->max_span - l->card_w) / (n - 1);
    float k = i - (n - 1) / 2.0f;
    float off = k * step;
    *x = l->vertical ? l->x : l->x + off;
    *y = l->vertical ? l->y + off : l->y;
    *rot = l->fan != 0 ? l->rot + k * l->fan : l->rot;
}

void hand_init(Hand *h, App *app, Anim *anim, const HandGeometry *geo, void *user)
{
    memset(h, 0, sizeof *h);
    h->app = app;
    h->anim = anim;
    h->geo = geo;
    h->user = user;
    h->drag_px = 8;
    h->lift_time = 0.12f;
    h->hover = h->press = -1;
}

void hand_bind_lift(Hand *h, float *lift0, size_t stride)
{
    h->lift0 = lift0;
    h->lift_stride = stride;
}

float *hand_lift(Hand *h, int i)
{
    if (!h->lift0)
        return &h->own_lift[i];
    return (float *)(void *)((char *)h->lift0 + (size_t)i * h->lift_stride);
}

int hand_count(const Hand *h)
{
    int n = h->geo->count(h->user);
    return n < 0 ? 0 : n > HAND_MAX ? HAND_MAX : n;
}

void hand_reset(Hand *h)
{
    h->hover = h->press = -1;
    h->dragging = h->sweeping = false;
}

int hand_card_at(const Hand *h, float x, float y)
{
    for (int i = hand_count(h) - 1; i >= 0; i--) {
        SDL_FRect r;
        if (h->geo->rect(h->user, i, &r) && rect_has(r, x, y))
            return i;
    }
    return -1;
}

void hand_hover(Hand *h, int i)
{
    if (i == h->hover)
        return;
    if (h->hover >= 0 && h->hover < hand_count(h))
        anim_to(h->anim, hand_lift(h, h->hover), 0, h->lift_time, 0, EASE_OUT_QUAD);
    h->hover = i;
    if (i >= 0)
        anim_to(h->anim, hand_lift(h, i), 1, h->lift_time, 0, EASE_OUT_QUAD);
}

int hand_hover_at(Hand *h, float x, float y, bool active)
{
    int i = active ? hand_card_at(h, x, y) : -1;
    hand_hover(h, i);
    return i;
}

int hand_press(Hand *h, const SDL_MouseButtonEvent *b, bool *play)
{
    float x = (float)b->x, y = (float)b->y;
    *play = false;
    int i = hand_card_at(h, x, y);
    if (i < 0)
        return -1;
    h->focus = i;
    h->x = h->press_x = x;
    h->y = h->press_y = y;
    if (b->clicks >= 2) {
        h->press = -1;
        h->dragging = h->sweeping = false;
        *play = true;
        return i;
    }
    h->press = i;
    if (h->multi && !h->selected[i]) {
        h->selected[i] = true; /* a press on an unselected card selects, and may sweep */
        h->sweeping = true;
    }
    return i;
}

bool hand_motion(Hand *h, float x, float y, bool may_drag)
{
    if (h->press < 0)
        return false;
    h->x = x;
    h->y = y;
    if (h->sweeping) {
        int i = hand_card_at(h, x, y);
        if (i >= 0) {
            int lo = i < h->press ? i : h->press, hi = i < h->press ? h->press : i;
            for (int k = lo; k <= hi; k++)
                h->selected[k] = true;
        }
        return false;
    }
    if (!h->dragging && may_drag &&
        fabsf(x - h->press_x) + fabsf(y - h->press_y) > h->drag_px * h->app->u) {
        h->dragging = true;
        app_sound(h->app, SND_SLIDE);
    }
    return h->dragging;
}

int hand_release(Hand *h)
{
    int i = h->press;
    bool dragged = h->dragging;
    if (h->multi && !dragged && !h->sweeping && i >= 0)
        h->selected[i] = false; /* a click on a selected card unselects it */
    h->press = -1;
    h->dragging = h->sweeping = false;
    return dragged ? i : -1;
}

int hand_key(Hand *h, SDL_Keycode k, bool active)
{
    if (h->digits > 0 && k >= SDLK_1 && k < SDLK_1 + h->digits && k <= SDLK_9)
        return (int)(k - SDLK_1);
    if (!h->arrows)
        return HAND_KEY_NONE;
    if (k == SDLK_LEFT || k == SDLK_RIGHT) {
        int n = hand_count(h);
        if (n > 0) {
            h->focus = (h->focus + (k == SDLK_LEFT ? n - 1 : 1)) % n;
            if (active)
                hand_hover(h, h->focus);
        }
        return HAND_KEY_USED;
    }
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE)
        return h->focus;
    return HAND_KEY_NONE;
}

void hand_clamp_focus(Hand *h)
{
    int n = hand_count(h);
    if (h->focus >= n)
        h->focus = n > 0 ? n - 1 : 0;
}

int hand_selected(const Hand *h, int *out)
{
    int n = 0, count = hand_count(h);
    for (int i = 0; i < count; i++)
        if (h->selected[i])
            out[n++] = i;
    return n;
}

void hand_select_none(Hand *h) { memset(h->selected, 0, sizeof h->selected); }
