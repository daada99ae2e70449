/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "widgets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"

static int px(const App *a, float pt) { return (int)lroundf(pt * a->u); }

void ui_panel(App *a, SDL_FRect r, Rgba fill)
{
    float rad = 14 * a->u;
    draw_shadow(a->ren, (SDL_FRect){r.x, r.y + 6 * a->u, r.w, r.h}, rad, 22 * a->u,
                rgba(0, 0, 0, 120));
    draw_rounded(a->ren, r, rad, fill);
    draw_rounded_outline(a->ren, r, rad, fmaxf(1, a->u), rgba(255, 255, 255, 26));
}

void ui_button(App *a, SDL_FRect r, const char *label, int flags)
{
    SDL_Renderer *ren = a->ren;
    float rad = r.h / 2;
    bool dis = flags & BTN_DISABLED, hov = (flags & BTN_HOVER) && !dis,
         prs = (flags & BTN_PRESSED) && !dis;
    float k = dis ? 0.45f : 1.0f;
    Rgba fill, ink;
    if (flags & BTN_GHOST) {
        fill = hov ? rgba(255, 255, 255, 34) : rgba(255, 255, 255, 0);
        if (prs)
            fill = rgba(255, 255, 255, 20);
        ink = COL_TEXT;
    } else if (dis) {
        /* Disabled: a quiet glass pill, whatever its kind. */
        fill = rgba(255, 255, 255, 46);
        ink = rgba(246, 241, 226, 150);
        k = 1.0f;
    } else if (flags & BTN_PRIMARY) {
        fill = prs ? rgba(214, 168, 66, 255) : hov ? rgba(250, 212, 112, 255) : COL_GOLD;
        ink = rgba(52, 36, 8, 255);
    } else {
        fill = prs ? rgba(222, 214, 194, 255) : hov ? rgba(255, 252, 242, 255)
                                                 : rgba(240, 234, 218, 255);
        ink = COL_INK;
    }
    float lift = prs ? 1 * a->u : 0;
    SDL_FRect b = {r.x, r.y + lift, r.w, r.h};
    if (!(flags & BTN_GHOST) && !dis)
        draw_shadow(ren, (SDL_FRect){r.x, r.y + (prs ? 2 : 4) * a->u, r.w, r.h}, rad,
                    (prs ? 4 : 8) * a->u, rgba(0, 0, 0, 90));
    draw_rounded(ren, b, rad, rgba_alpha(fill, k));
    if ((flags & BTN_FOCUS) && a->keyboard)
        draw_rounded_outline(ren, (SDL_FRect){b.x - 3 * a->u, b.y - 3 * a->u, b.w + 6 * a->u,
                                              b.h + 6 * a->u},
                             rad + 3 * a->u, fmaxf(2, 2 * a->u), rgba(255, 255, 255, 200));
    int size = (int)(b.h * 0.42f);
    text_draw_fit(a->text, label, size, true, rgba_alpha(ink, k), b.x + b.w / 2, b.y + b.h / 2,
                  TEXT_CENTER | TEXT_MIDDLE, b.w - b.h * 0.6f);
}

void ui_menu_icon(App *a, SDL_FRect r, int flags)
{
    ui_button(a, r, "", flags | BTN_GHOST);
    float w = r.h * 0.42f, t = fmaxf(2, r.h * 0.07f);
    float x = r.x + (r.w - w) / 2, y = r.y + r.h / 2;
    for (int i = -1; i <= 1; i++)
        draw_rounded(a->ren, (SDL_FRect){x, y + i * r.h * 0.15f - t / 2, w, t}, t / 2, COL_TEXT);
}

SDL_FRect ui_toast_rect(App *a, const char *msg, float x, float y)
{
    int w, h;
    text_measure(a->text, msg, px(a, 17), false, &w, &h);
    float pw = w + 36 * a->u, ph = h + 18 * a->u;
    if (pw > a->w - 20)
        pw = (float)a->w - 20;
    return (SDL_FRect){x - pw / 2, y - ph / 2, pw, ph};
}

void ui_toast(App *a, const char *msg, float x, float y, float alpha)
{
    if (!msg || !*msg || alpha <= 0)
        return;
    SDL_FRect r = ui_toast_rect(a, msg, x, y);
    float pw = r.w, ph = r.h;
    int size = px(a, 17);
    draw_shadow(a->ren, r, ph / 2, 10 * a->u, rgba_alpha(rgba(0, 0, 0, 110), alpha));
    draw_rounded(a->ren, r, ph / 2, rgba_alpha(rgba(12, 22, 16, 230), alpha));
    text_draw_fit(a->text, msg, size, false, rgba_alpha(COL_TEXT, alpha), x, y,
                  TEXT_CENTER | TEXT_MIDDLE, pw - 24 * a->u);
}

/* ---- Lists ---- */

void widgets_clear(WidgetList *l)
{
    l->n = 0;
    l->content_h = 0;
    l->hover = l->pressed = -1;
    l->dragging_slider = false;
}

Widget *widgets_add(WidgetList *l, WidgetKind kind, SDL_FRect r, const char *text, int id)
{
    if (l->n == WIDGETS_MAX)
        return &l->w[WIDGETS_MAX - 1]; /* never happens with our pages; stay safe */
    Widget *w = &l->w[l->n++];
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->r = r;
    w->id = id;
    snprintf(w->text, sizeof w->text, "%s", text ? text : "");
    return w;
}

void widgets_finish(WidgetList *l)
{
    l->content_h = 0;
    for (int i = 0; i < l->n; i++)
        if (!l->w[i].fixed && l->w[i].r.y + l->w[i].r.h > l->content_h)
            l->content_h = l->w[i].r.y + l->w[i].r.h;
    widgets_scroll_by(l, 0);
}

static bool focusable(const Widget *w)
{
    return !w->disabled && (w->kind == W_ITEM || w->kind == W_BUTTON || w->kind == W_CHOICE ||
                            w->kind == W_STEPPER || w->kind == W_SLIDER || w->kind == W_ENTRY);
}

bool widgets_editing(const WidgetList *l)
{
    return l->focus >= 0 && l->focus < l->n && l->w[l->focus].kind == W_ENTRY &&
           l->w[l->focus].edit && !l->w[l->focus].disabled;
}

/* Typed text into the focused entry (whole UTF-8 characters, as far as it fits). */
static bool entry_type(Widget *w, const char *text, WidgetHit *hit)
{
    size_t n = strlen(w->edit), add = strlen(text);
    while (add > 0 && n + add + 1 > (size_t)w->edit_cap) {
        add--; /* cut back to the start of a character */
        while (add > 0 && ((unsigned char)text[add] & 0xC0) == 0x80)
            add--;
    }
    for (size_t i = 0; i < add; i++)
        if ((unsigned char)text[i] < 0x20)
            return true; /* no control characters */
    memcpy(w->edit + n, text, add);
    w->edit[n + add] = '\0';
    *hit = (WidgetHit){w->id, w->arg, 0};
    return true;
}

static void entry_erase(Widget *w, WidgetHit *hit)
{
    size_t n = strlen(w->edit);
    if (n == 0)
        return;
    n--;
    while (n > 0 && ((unsigned char)w->edit[n] & 0xC0) == 0x80)
        n--;
    w->edit[n] = '\0';
    *hit = (WidgetHit){w->id, w->arg, 0};
}

static SDL_FRect screen_rect(const WidgetList *l, const Widget *w)
{
    SDL_FRect r = w->r;
    if (!w->fixed)
        r.y -= l->scroll;
    return r;
}

static float max_scroll(const WidgetList *l)
{
    float m = l->content_h - (l->view.y + l->view.h);
    return m > 0 ? m : 0;
}

void widgets_scroll_by(WidgetList *l, float dy)
{
    l->scroll += dy;
    float m = max_scroll(l);
    l->scroll = l->scroll < 0 ? 0 : l->scroll > m ? m : l->scroll;
}

static void reveal(WidgetList *l, int i)
{
    if (i < 0 || l->w[i].fixed)
        return;
    SDL_FRect r = screen_rect(l, &l->w[i]);
    if (r.y < l->view.y)
        widgets_scroll_by(l, r.y - l->view.y - 8);
    else if (r.y + r.h > l->view.y + l->view.h)
        widgets_scroll_by(l, r.y + r.h - (l->view.y + l->view.h) + 8);
}

void widgets_focus_first(WidgetList *l)
{
    l->focus = -1;
    for (int i = 0; i < l->n; i++)
        if (focusable(&l->w[i]) && !l->w[i].fixed) {
            l->focus = i;
            return;
        }
    for (int i = 0; i < l->n; i++)
        if (focusable(&l->w[i])) {
            l->focus = i;
            return;
        }
}

static int at(const WidgetList *l, float x, float y)
{
    for (int i = l->n - 1; i >= 0; i--) {
        const Widget *w = &l->w[i];
        if (!focusable(w))
            continue;
        if (!w->fixed && !rect_has(l->view, x, y))
            continue;
        if (rect_has(screen_rect(l, w), x, y))
            return i;
    }
    return -1;
}

/* Where the control part of a row starts (choices, steppers, sliders). */
/* A row whose hint goes under it: the label and the control share a band this tall at the
 * top, the hint fills the rest. */
#define HINT_BAND 40
/* The small text of hints, in UI points. */
#define HINT_PT 13

static SDL_FRect control_rect(const App *a, SDL_FRect r, const Widget *w)
{
    float cw = w->kind == W_SLIDER ? r.w * 0.42f : r.w * 0.55f;
    if (w->kind == W_ENTRY)
        cw = r.w * 0.6f;
    if (w->kind == W_CHOICE && w->n_choices > 0) {
        /* Wide enough for the longest choice at full size when the row allows it. */
        float seg = 104 * a->u;
        for (int i = 0; i < w->n_choices && a->text; i++) {
            int tw = 0, th = 0;
            text_measure(a->text, w->choices[i] ? w->choices[i] : "", px(a, 15), true, &tw, &th);
            seg = fmaxf(seg, tw + 20 * a->u);
        }
        float want = w->n_choices * seg, most = r.w * (w->n_choices > 2 ? 0.62f : 0.5f);
        cw = want < most ? want : most;
        cw = fmaxf(cw, fminf(w->n_choices * 104 * a->u, r.w * 0.62f));
    }
    float cy = w->hint_below ? r.y + HINT_BAND * 0.5f * a->u : r.y + r.h * 0.5f;
    return (SDL_FRect){r.x + r.w - cw, cy - 17 * a->u, cw, 34 * a->u};
}

SDL_FRect widgets_control_rect(const App *a, SDL_FRect r, const Widget *w)
{
    return control_rect(a, r, w);
}

bool widgets_hint_rect(App *a, const Widget *w, SDL_FRect r, SDL_FRect *out, int *size)
{
    if (!w->hint[0] || (w->kind != W_CHOICE && w->kind != W_STEPPER && w->kind != W_SLIDER))
        return false;
    *size = px(a, HINT_PT);
    if (w->hint_below) {
        int h = text_draw_wrapped(a->text, w->hint, *size, false, COL_DIM, 0, 0, (int)r.w,
                                  TEXT_LEFT, false);
        *out = (SDL_FRect){r.x, r.y + HINT_BAND * a->u, r.w, (float)h};
        return true;
    }
    /* Beside the control: as wide as it is, or shrunk to the room there is. */
    SDL_FRect c = control_rect(a, r, w);
    float room = c.x - r.x - 12 * a->u;
    int tw = 0, th = 0;
    text_measure(a->text, w->hint, *size, false, &tw, &th);
    if (tw > room && tw > 0) {
        int fitted = (int)((float)*size * room / (float)tw);
        *size = fitted < 8 ? 8 : fitted;
        text_measure(a->text, w->hint, *size, false, &tw, &th);
    }
    *out = (SDL_FRect){r.x, r.y + r.h * 0.72f - th / 2.0f, (float)tw, (float)th};
    return true;
}

float widgets_fit_hints(App *a, WidgetList *l)
{
    float added = 0;
    for (int i = 0; i < l->n; i++) {
        Widget *w = &l->w[i];
        w->hint_below = false;
        if (w->fixed || !w->hint[0] ||
            (w->kind != W_CHOICE && w->kind != W_STEPPER && w->kind != W_SLIDER))
            continue;
        SDL_FRect c = control_rect(a, w->r, w);
        int tw = 0, th = 0;
        text_measure(a->text, w->hint, px(a, HINT_PT), false, &tw, &th);
        if (tw <= c.x - w->r.x - 12 * a->u)
            continue; /* it fits beside the control */
        int hh = text_draw_wrapped(a->text, w->hint, px(a, HINT_PT), false, COL_DIM, 0, 0,
                                   (int)w->r.w, TEXT_LEFT, false);
        float h = (HINT_BAND + 12) * a->u + (float)hh, grow = h - w->r.h;
        w->hint_below = true;
        if (grow <= 0)
            continue;
        float bottom = w->r.y + w->r.h;
        w->r.h = h;
        for (int k = 0; k < l->n; k++)
            if (k != i && !l->w[k].fixed && l->w[k].r.y >= bottom - 0.5f)
                l->w[k].r.y += grow;
        added += grow;
    }
    return added;
}

static int slider_value(const App *a, const WidgetList *l, const Widget *w, float x)
{
    SDL_FRect c = control_rect(a, screen_rect(l, w), w);
    float t = (x - c.x) / c.w;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return (int)lroundf(t * (float)w->max);
}

/* floor(n / d) for d > 0 (C's division truncates towards zero). */
static int floor_div(int n, int d) { return n >= 0 ? n / d : -((-n + d - 1) / d); }

/* A numeric stepper's next value in direction dir: the next multiple of the step (of 1
 * when `fine`) beyond the shown number, kept within 0..max. */
static int number_step(const Widget *w, int dir, bool fine)
{
    int step = fine || w->step < 1 ? 1 : w->step;
    int n = w->num_min + w->value;
    int next = dir > 0 ? (floor_div(n, step) + 1) * step : (floor_div(n + step - 1, step) - 1) * step;
    int v = next - w->num_min;
    return v < 0 ? 0 : v > w->max ? w->max : v;
}

static bool change(Widget *w, int dir, bool fine, WidgetHit *hit)
{
    if (w->kind == W_CHOICE && w->n_choices > 0)
        w->value = (w->value + dir + w->n_choices) % w->n_choices;
    else if (w->kind == W_STEPPER && w->n_choices > 0)
        w->value = (w->value + dir + w->n_choices) % w->n_choices;
    else if (w->kind == W_STEPPER && w->max > 0) {
        int v = number_step(w, dir, fine);
        if (v == w->value)
            return true; /* at an end: nothing changes, nothing to save */
        w->value = v;
    }
    else if (w->kind == W_SLIDER) {
        int step = w->max >= 50 ? 10 : 1;
        int v = w->value + dir * step;
        w->value = v < 0 ? 0 : v > w->max ? w->max : v;
    } else
        return false;
    *hit = (WidgetHit){w->id, w->arg, w->value};
    return true;
}

bool widgets_event(App *a, WidgetList *l, const SDL_Event *e, WidgetHit *hit)
{
    hit->id = -1;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        l->hover = at(l, x, y);
        if (l->hover >= 0)
            a->pointer_hand = true;
        if (l->dragging_slider && l->pressed >= 0) {
            Widget *w = &l->w[l->pressed];
            int v = slider_value(a, l, w, x);
            if (v != w->value) {
                w->value = v;
                *hit = (WidgetHit){w->id, w->arg, v};
            }
        }
        return true;
    }
    case SDL_MOUSEWHEEL:
        widgets_scroll_by(l, -e->wheel.y * 48 * a->u);
        return true;
    case SDL_TEXTINPUT:
        if (!widgets_editing(l))
            return false;
        return entry_type(&l->w[l->focus], e->text.text, hit);
    case SDL_MOUSEBUTTONDOWN: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return true;
        float x = (float)e->button.x, y = (float)e->button.y;
        int i = at(l, x, y);
        l->pressed = i;
        if (i < 0)
            return false;
        l->focus = i;
        Widget *w = &l->w[i];
        SDL_FRect r = screen_rect(l, w), c = control_rect(a, r, w);
        if (w->kind == W_CHOICE && rect_has(c, x, y) && w->n_choices > 0) {
            int seg = (int)((x - c.x) / (c.w / w->n_choices));
            seg = seg < 0 ? 0 : seg >= w->n_choices ? w->n_choices - 1 : seg;
            w->value = seg;
            *hit = (WidgetHit){w->id, w->arg, seg};
        } else if (w->kind == W_CHOICE) {
            change(w, 1, false, hit);
        } else if (w->kind == W_STEPPER) {
            change(w, x < c.x + c.w / 2 && x >= c.x ? -1 : 1,
                   (SDL_GetModState() & KMOD_SHIFT) != 0, hit);
        } else if (w->kind == W_SLIDER) {
            l->dragging_slider = true;
            w->value = slider_value(a, l, w, x);
            *hit = (WidgetHit){w->id, w->arg, w->value};
        }
        return true;
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return true;
        int i = at(l, (float)e->button.x, (float)e->button.y);
        bool was = l->pressed >= 0 && i == l->pressed;
        l->dragging_slider = false;
        l->pressed = -1;
        if (was && (l->w[i].kind == W_ITEM || l->w[i].kind == W_BUTTON)) {
            *hit = (WidgetHit){l->w[i].id, l->w[i].arg, l->w[i].value};
            return true;
        }
        return i >= 0;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_UP || k == SDLK_DOWN || k == SDLK_TAB) {
            int dir = k == SDLK_UP || (k == SDLK_TAB && (e->key.keysym.mod & KMOD_SHIFT)) ? -1 : 1;
            int i = l->focus;
            for (int step = 0; step < l->n; step++) {
                i = (i + dir + l->n) % l->n;
                if (i >= 0 && focusable(&l->w[i])) {
                    l->focus = i;
                    reveal(l, i);
                    return true;
                }
            }
            if (l->n == 0 || l->focus < 0)
                widgets_scroll_by(l, dir * 48 * a->u);
            return true;
        }
        if (k == SDLK_PAGEUP || k == SDLK_PAGEDOWN) {
            widgets_scroll_by(l, (k == SDLK_PAGEUP ? -1 : 1) * l->view.h * 0.9f);
            return true;
        }
        if (k == SDLK_HOME || k == SDLK_END) {
            widgets_scroll_by(l, k == SDLK_HOME ? -1e9f : 1e9f);
            return true;
        }
        if (l->focus < 0 || l->focus >= l->n)
            return false;
        Widget *w = &l->w[l->focus];
        if (widgets_editing(l)) {
            if (k == SDLK_BACKSPACE)
                entry_erase(w, hit);
            else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
                *hit = (WidgetHit){w->id, w->arg, 1};
            else if (k == SDLK_v && (e->key.keysym.mod & KMOD_CTRL) && SDL_HasClipboardText()) {
                char *clip = SDL_GetClipboardText();
                if (clip) {
                    for (char *c = clip; *c; c++)
                        if ((unsigned char)*c < 0x20)
                            *c = ' ';
                    entry_type(w, clip, hit);
                    SDL_free(clip);
                }
            }
            return true; /* letters arrive as text input */
        }
        if (k == SDLK_LEFT || k == SDLK_RIGHT)
            return change(w, k == SDLK_LEFT ? -1 : 1, (e->key.keysym.mod & KMOD_SHIFT) != 0, hit);
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) {
            if (w->kind == W_ITEM || w->kind == W_BUTTON)
                *hit = (WidgetHit){w->id, w->arg, w->value};
            else
                change(w, 1, false, hit);
            return true;
        }
        return false;
    }
    default:
        return false;
    }
}

static void draw_control(App *a, const Widget *w, SDL_FRect r, bool focus)
{
    SDL_Renderer *ren = a->ren;
    SDL_FRect c = control_rect(a, r, w);
    int fs = px(a, 15);
    if (w->kind == W_CHOICE) {
        draw_rounded(ren, c, c.h / 2, rgba(0, 0, 0, 70));
        float sw = c.w / (float)(w->n_choices > 0 ? w->n_choices : 1);
        for (int i = 0; i < w->n_choices; i++) {
            SDL_FRect s = {c.x + i * sw + 3 * a->u, c.y + 3 * a->u, sw - 6 * a->u, c.h - 6 * a->u};
            bool on = i == w->value;
            if (on)
                draw_rounded(ren, s, s.h / 2, COL_GOLD);
            text_draw_fit(a->text, w->choices[i], fs, on, on ? rgba(52, 36, 8, 255) : COL_TEXT,
                          s.x + s.w / 2, s.y + s.h / 2, TEXT_CENTER | TEXT_MIDDLE, s.w - 8 * a->u);
        }
    } else if (w->kind == W_STEPPER) {
        draw_rounded(ren, c, c.h / 2, rgba(0, 0, 0, 70));
        char num[16];
        const char *v = w->n_choices > 0 && w->value < w->n_choices ? w->choices[w->value] : "";
        if (w->n_choices == 0 && w->max > 0) {
            snprintf(num, sizeof num, "%d", w->num_min + w->value);
            v = num;
        }
        text_draw(a->text, "\xE2\x80\xB9", px(a, 22), true, COL_GOLD, c.x + 16 * a->u,
                  c.y + c.h / 2, TEXT_CENTER | TEXT_MIDDLE);
        text_draw(a->text, "\xE2\x80\xBA", px(a, 22), true, COL_GOLD, c.x + c.w - 16 * a->u,
                  c.y + c.h / 2, TEXT_CENTER | TEXT_MIDDLE);
        text_draw_fit(a->text, v, fs, true, COL_TEXT, c.x + c.w / 2, c.y + c.h / 2,
                      TEXT_CENTER | TEXT_MIDDLE, c.w - 64 * a->u);
    } else if (w->kind == W_ENTRY) {
        draw_rounded(ren, c, 8 * a->u, rgba(0, 0, 0, focus ? 120 : 80));
        if (focus)
            draw_rounded_outline(ren, c, 8 * a->u, fmaxf(1, 1.5f * a->u), COL_GOLD);
        const char *txt = w->edit && w->edit[0] ? w->edit : "";
        float tx = c.x + 12 * a->u, room = c.w - 24 * a->u;
        if (*txt) {
            char shown[260];
            snprintf(shown, sizeof shown, "%s%s", txt, focus ? "|" : "");
            text_draw_fit(a->text, shown, fs, false, COL_TEXT, tx, c.y + c.h / 2,
                          TEXT_LEFT | TEXT_MIDDLE, room);
        } else {
            if (focus)
                text_draw(a->text, "|", fs, false, COL_GOLD, tx, c.y + c.h / 2, TEXT_LEFT | TEXT_MIDDLE);
            else if (w->hint[0])
                text_draw_fit(a->text, w->hint, fs, false, rgba_alpha(COL_DIM, 0.7f), tx,
                              c.y + c.h / 2, TEXT_LEFT | TEXT_MIDDLE, room);
        }
    } else if (w->kind == W_SLIDER) {
        float t = w->max > 0 ? (float)w->value / (float)w->max : 0;
        float ty = c.y + c.h / 2, th = 6 * a->u;
        SDL_FRect track = {c.x, ty - th / 2, c.w - 56 * a->u, th};
        draw_rounded(ren, track, th / 2, rgba(0, 0, 0, 90));
        draw_rounded(ren, (SDL_FRect){track.x, track.y, track.w * t, th}, th / 2, COL_GOLD);
        draw_circle(ren, track.x + track.w * t, ty, 10 * a->u, COL_TEXT);
        char b[16];
        snprintf(b, sizeof b, "%d%%", w->value);
        text_draw(a->text, b, fs, true, COL_TEXT, c.x + c.w, ty, TEXT_RIGHT | TEXT_MIDDLE);
    }
    (void)focus;
}

void widgets_draw(App *a, WidgetList *l)
{
    SDL_Renderer *ren = a->ren;
    SDL_Rect clip = {(int)l->view.x, (int)l->view.y, (int)l->view.w, (int)l->view.h};
    for (int pass = 0; pass < 2; pass++) {
        /* Pass 0: scrolled content, clipped; pass 1: fixed widgets. */
        if (pass == 0)
            SDL_RenderSetClipRect(ren, &clip);
        else
            SDL_RenderSetClipRect(ren, NULL);
        for (int i = 0; i < l->n; i++) {
            Widget *w = &l->w[i];
            if (w->fixed != (pass == 1))
                continue;
            SDL_FRect r = screen_rect(l, w);
            if (!w->fixed && (r.y > l->view.y + l->view.h || r.y + r.h < l->view.y))
                continue;
            bool hov = i == l->hover, foc = i == l->focus && (a->keyboard || w->kind == W_ITEM),
                 prs = i == l->pressed;
            int fs = px(a, w->size ? (float)w->size : 16.0f);
            Rgba ink = w->disabled ? rgba_alpha(COL_TEXT, 0.45f) : COL_TEXT;
            switch (w->kind) {
            case W_TITLE:
                text_draw_fit(a->text, w->text, px(a, w->size ? (float)w->size : 26), true, COL_TEXT,
                              r.x + r.w / 2, r.y + r.h / 2, TEXT_CENTER | TEXT_MIDDLE, r.w);
                break;
            case W_HEADER:
                text_draw(a->text, w->text, px(a, 13), true, COL_GOLD, r.x, r.y + r.h - 6 * a->u,
                          TEXT_LEFT | TEXT_BOTTOM);
                draw_rect(ren, (SDL_FRect){r.x, r.y + r.h - 2 * a->u, r.w, fmaxf(1, a->u)},
                          rgba(236, 196, 96, 70));
                break;
            case W_NOTE:
                text_draw_wrapped(a->text, w->long_text ? w->long_text : w->text,
                                  px(a, w->size ? (float)w->size : 14), false,
                                  COL_DIM, r.x, r.y, (int)r.w,
                                  w->checked ? TEXT_CENTER : TEXT_LEFT, true);
                break;
            case W_PARA:
                text_draw_wrapped(a->text, w->long_text ? w->long_text : w->text, fs, w->bold,
                                  w->bold ? COL_GOLD : COL_TEXT,
                                  r.x, r.y, (int)r.w, TEXT_LEFT, true);
                break;
            case W_ROW: {
                /* Cells: the first left-aligned, the others right-aligned in equal columns. */
                char buf[200];
                snprintf(buf, sizeof buf, "%s", w->text);
                int col = 0, cols = 0;
                for (const char *q = w->text; *q; q++)
                    cols += *q == '\t';
                float first_w = r.w * (cols > 6 ? 0.28f : 0.34f),
                      cw = (r.w - first_w) / (cols > 6 ? cols : 6);
                if (w->checked)
                    draw_rect(ren, r, rgba(255, 255, 255, 12));
                for (char *s = buf, *tab; s; s = tab ? tab + 1 : NULL, col++) {
                    tab = strchr(s, '\t');
                    if (tab)
                        *tab = '\0';
                    Rgba c = w->bold ? COL_GOLD : COL_TEXT;
                    if (col == 0)
                        text_draw_fit(a->text, s, fs, w->bold, c, r.x + 8 * a->u, r.y + r.h / 2,
                                      TEXT_LEFT | TEXT_MIDDLE, first_w - 12 * a->u);
                    else
                        text_draw_fit(a->text, s, fs, w->bold, c, r.x + first_w + col * cw - 6 * a->u,
                                      r.y + r.h / 2, TEXT_RIGHT | TEXT_MIDDLE, cw - 6 * a->u);
                }
                break;
            }
            case W_ITEM: {
                if ((hov || foc) && !w->disabled)
                    draw_rounded(ren, r, 10 * a->u, rgba(255, 255, 255, prs ? 22 : hov ? 30 : 20));
                if (foc && !w->disabled)
                    draw_rounded(ren, (SDL_FRect){r.x, r.y + r.h * 0.25f, 4 * a->u, r.h * 0.5f},
                                 2 * a->u, COL_GOLD);
                float x = r.x + 18 * a->u;
                if (w->checked) {
                    draw_circle(ren, x + 4 * a->u, r.y + r.h / 2, 5 * a->u, COL_GOLD);
                }
                text_draw_fit(a->text, w->text, px(a, 18), w->checked || w->bold,
                              w->checked ? COL_GOLD : ink, x + 20 * a->u, r.y + r.h / 2,
                              TEXT_LEFT | TEXT_MIDDLE, r.w * 0.7f);
                if (w->hint[0])
                    text_draw_fit(a->text, w->hint, px(a, 14), false, COL_DIM,
                                  r.x + r.w - 16 * a->u, r.y + r.h / 2, TEXT_RIGHT | TEXT_MIDDLE,
                                  r.w * 0.35f);
                break;
            }
            case W_BUTTON:
                ui_button(a, r, w->text,
                          (hov ? BTN_HOVER : 0) | (prs ? BTN_PRESSED : 0) |
                              (w->disabled ? BTN_DISABLED : 0) | (w->primary ? BTN_PRIMARY : 0) |
                              (foc ? BTN_FOCUS : 0));
                break;
            case W_ENTRY: {
                SDL_FRect c = control_rect(a, r, w);
                text_draw_fit(a->text, w->text, fs, true, ink, r.x, r.y + r.h / 2,
                              TEXT_LEFT | TEXT_MIDDLE, c.x - r.x - 12 * a->u);
                draw_control(a, w, r, i == l->focus);
                break;
            }
            case W_CHOICE:
            case W_STEPPER:
            case W_SLIDER: {
                if (foc || hov)
                    draw_rounded(ren, (SDL_FRect){r.x - 10 * a->u, r.y, r.w + 20 * a->u, r.h},
                                 10 * a->u, rgba(255, 255, 255, foc ? 20 : 12));
                SDL_FRect c = control_rect(a, r, w);
                float label_w = c.x - r.x - 12 * a->u;
                SDL_FRect hr;
                int hs;
                if (widgets_hint_rect(a, w, r, &hr, &hs) && w->hint_below) {
                    /* The label beside the control, the hint wrapped under both. */
                    text_draw_fit(a->text, w->text, fs, true, ink, r.x,
                                  r.y + HINT_BAND * 0.5f * a->u, TEXT_LEFT | TEXT_MIDDLE, label_w);
                    text_draw_wrapped(a->text, w->hint, hs, false, COL_DIM, hr.x, hr.y,
                                      (int)hr.w, TEXT_LEFT, true);
                } else if (w->hint[0]) {
                    text_draw_fit(a->text, w->text, fs, true, ink, r.x, r.y + r.h * 0.36f,
                                  TEXT_LEFT | TEXT_MIDDLE, label_w);
                    text_draw(a->text, w->hint, hs, false, COL_DIM, hr.x, hr.y, TEXT_LEFT);
                } else {
                    text_draw_fit(a->text, w->text, fs, true, ink, r.x, r.y + r.h / 2,
                                  TEXT_LEFT | TEXT_MIDDLE, label_w);
                }
                draw_control(a, w, r, foc);
                break;
            }
            }
        }
    }
    SDL_RenderSetClipRect(ren, NULL);
    /* A scroll bar when the content is taller than the view. */
    float m = max_scroll(l);
    if (m > 0) {
        float vh = l->view.h, total = vh + m;
        float bh = fmaxf(24 * a->u, vh * vh / total);
        float by = l->view.y + (vh - bh) * (l->scroll / m);
        draw_rounded(ren, (SDL_FRect){l->view.x + l->view.w + 6 * a->u, by, 5 * a->u, bh},
                     2.5f * a->u, rgba(255, 255, 255, 70));
    }
}
