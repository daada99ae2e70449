/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Widgets: buttons and the retained widget lists the menu and dialogs are made of
 * (items, choices, steppers, a slider, paragraphs, table rows), with mouse, wheel and
 * keyboard handling and a scrolling viewport. */
#ifndef TASCA_WIDGETS_H
#define TASCA_WIDGETS_H

#include <SDL.h>
#include <stdbool.h>

#include "app.h"
#include "draw.h"

/* The palette. */
#define COL_TEXT rgba(246, 241, 226, 255)
#define COL_DIM rgba(190, 205, 192, 255)
#define COL_GOLD rgba(236, 196, 96, 255)
#define COL_INK rgba(24, 48, 34, 255)
#define COL_PANEL rgba(16, 34, 25, 246)
#define COL_RED rgba(226, 92, 80, 255)

enum {
    BTN_HOVER = 1,
    BTN_PRESSED = 2,
    BTN_DISABLED = 4,
    BTN_PRIMARY = 8,
    BTN_FOCUS = 16,
    BTN_GHOST = 32, /* no fill until hovered: for bars */
};

/* A pill button with a label, sized by the caller. */
void ui_button(App *a, SDL_FRect r, const char *label, int flags);
/* The three-line menu icon button. */
void ui_menu_icon(App *a, SDL_FRect r, int flags);
/* A rounded panel with a soft shadow. */
void ui_panel(App *a, SDL_FRect r, Rgba fill);
/* A short message on a dark rounded plate centred at x, y (alpha 0..1). */
void ui_toast(App *a, const char *msg, float x, float y, float alpha);
/* The box ui_toast draws `msg` in, centred on (x, y) in pixels. */
SDL_FRect ui_toast_rect(App *a, const char *msg, float x, float y);

typedef enum {
    W_TITLE,
    W_HEADER,
    W_NOTE,
    W_PARA,
    W_ROW,     /* table row: cells separated by '\t' */
    W_ITEM,    /* a menu line; `hint` on the right */
    W_BUTTON,
    W_CHOICE,  /* label, then segments */
    W_STEPPER, /* label, then < value >: one of `choices`, or with no choices a number
                * (num_min + value, value 0..max, stepped by `step`, never wrapping) */
    W_SLIDER,  /* label, then a 0..max slider */
    W_ENTRY,   /* label, then a line of text the player types (edit, edit_cap) */
} WidgetKind;

#define WIDGETS_MAX 128
#define WIDGET_CHOICES 32

typedef struct {
    WidgetKind kind;
    SDL_FRect r; /* content coordinates for scrolled widgets */
    char text[200];
    const char *long_text; /* W_PARA, W_NOTE: text longer than `text` (owned by the caller) */
    char hint[256];
    bool hint_below; /* a control's row: its hint wrapped under it (widgets_fit_hints) */
    int id, arg;
    const char *choices[WIDGET_CHOICES];
    int n_choices, value, max;
    int num_min, step; /* a numeric stepper: the number value 0 stands for, the step of a
                        * click or an arrow key (0: 1); Shift steps by 1 */
    bool disabled, checked, primary, fixed, bold;
    int size; /* font size in UI points (0: default) */
    char *edit;   /* W_ENTRY: the text, owned by the caller; `hint` shows while it is empty */
    int edit_cap; /* its size, NUL included */
} Widget;

typedef struct {
    Widget w[WIDGETS_MAX];
    int n;
    int focus, hover, pressed;
    SDL_FRect view; /* scrolled widgets are clipped to this */
    float scroll, content_h;
    bool dragging_slider;
} WidgetList;

typedef struct {
    int id, arg, value;
} WidgetHit;

void widgets_clear(WidgetList *l);
Widget *widgets_add(WidgetList *l, WidgetKind kind, SDL_FRect r, const char *text, int id);
/* Handles an event. Returns true when used; *hit gets an activation (id >= 0) or -1. An
 * entry's edit is a hit with value 0, Return in it one with value 1. */
bool widgets_event(App *a, WidgetList *l, const SDL_Event *e, WidgetHit *hit);
void widgets_draw(App *a, WidgetList *l);
void widgets_focus_first(WidgetList *l);
/* The focused widget is an entry: keys are typing. */
bool widgets_editing(const WidgetList *l);
/* Rows of a control (choice, stepper, slider) show their hint under the label, in the small
 * text beside the control. A hint too long for that goes under the whole row, wrapped at
 * its width, and the row grows to hold it (the scrolled widgets below it move down): never
 * shrunk to an unreadable size, never over the next row. Call once the list is built, at
 * its widths; returns how much taller the content became. */
float widgets_fit_hints(App *a, WidgetList *l);
/* Where a control's row, at `r`, draws its control, and its hint (the area of the text, at
 * `*size` pixels); false when the row has no hint. */
SDL_FRect widgets_control_rect(const App *a, SDL_FRect r, const Widget *w);
bool widgets_hint_rect(App *a, const Widget *w, SDL_FRect r, SDL_FRect *out, int *size);
/* Computes the content height from the scrolled widgets (call after adding). */
void widgets_finish(WidgetList *l);
void widgets_scroll_by(WidgetList *l, float dy);

#endif
