/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The player's hand of cards at a table: where its cards lie (a row or a fan), which card
 * is under the pointer, and the input on it, the same for every card game:
 *   - hovering lifts a card the player may play (hand_hover_at);
 *   - a click presses a card, a double-click plays it (hand_press);
 *   - pressing and moving more than a few pixels drags it; releasing ends the drag and the
 *     scene decides whether it landed on the table (hand_motion, hand_release);
 *   - keys: 1..n play the card at that place; Left/Right move a keyboard focus and
 *     Enter/Space play it (hand_key);
 *   - with `multi`, clicks select several cards instead (a click toggles a card, pressing
 *     an unselected card and sweeping along the hand selects a run, a selected card can
 *     be dragged with the others; hand_selected lists them).
 * The scene keeps its card sprites and draws them; the widget asks it for the number of
 * places and for each card's rectangle, and animates each card's lift (a float the scene
 * points it to, or its own). Coordinates are renderer pixels, as in scene events. */
#ifndef TASCA_HAND_H
#define TASCA_HAND_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "ui/anim.h"
#include "ui/app.h"

enum { HAND_MAX = 128 };

/* Where the cards of a hand lie, in the scene's units. */
typedef struct {
    float x, y;     /* the centre of the hand */
    float step;     /* from one card's centre to the next */
    float card_w;   /* a card's width along the hand (for max_span) */
    float max_span; /* the cards close up to fit in this length; 0: no limit */
    bool vertical;  /* the hand runs down the screen instead of across */
    float rot;      /* every card's rotation, degrees */
    float fan;      /* degrees from one card to the next (0: a straight row) */
} HandLayout;

/* The place of card i of n: its centre and rotation. */
void hand_slot(const HandLayout *l, int i, int n, float *x, float *y, float *rot);

typedef struct {
    /* Places in the hand (cards, or fixed slots some of which may be empty). */
    int (*count)(void *user);
    /* Card i's rectangle as the pointer hits it, in pixels (lift included); false: no card
     * at that place. The topmost (highest index) card under the pointer is the one hit. */
    bool (*rect)(void *user, int i, SDL_FRect *out);
} HandGeometry;

typedef struct {
    /* Set at hand_init. */
    App *app;
    Anim *anim;
    const HandGeometry *geo;
    void *user;
    /* Options (hand_init sets the defaults shown). */
    bool multi;      /* select several cards (false) */
    bool arrows;     /* Left/Right/Enter/Space work the focus (false) */
    int digits;      /* keys 1..digits play a card (0) */
    float drag_px;   /* pointer travel (Manhattan, in UI points) that starts a drag (8) */
    float lift_time; /* seconds a hover lift takes (0.12) */
    /* Where card i's lift lives: *(float *)((char *)lift0 + i * lift_stride); NULL: in
     * own_lift. Bind it to the scene's sprites with hand_bind_lift. */
    float *lift0;
    size_t lift_stride;

    /* State. */
    int hover; /* the lifted card, -1: none */
    int focus; /* the keyboard's card */
    int press; /* the card pressed (a drag may follow), -1: none */
    bool dragging;
    bool sweeping;          /* multi: selecting a run from `press` */
    float press_x, press_y; /* where the press was */
    float x, y;             /* the pointer since the press */
    bool selected[HAND_MAX];
    float own_lift[HAND_MAX];
} Hand;

void hand_init(Hand *h, App *app, Anim *anim, const HandGeometry *geo, void *user);
/* The lifts are the `lift` floats of an array of sprites: hand_bind_lift(h,
 * &sprites[0].lift, sizeof sprites[0]). */
void hand_bind_lift(Hand *h, float *lift0, size_t stride);
float *hand_lift(Hand *h, int i);
int hand_count(const Hand *h);

/* Forgets the pointer (a press, a drag, a sweep) and the hover, leaving the lifts as they
 * are (a new deal places the cards afresh); keeps the focus and the selection. */
void hand_reset(Hand *h);

/* The card under (x, y), or -1. */
int hand_card_at(const Hand *h, float x, float y);
/* Lifts card i (lowering the one lifted before); -1 lowers it. */
void hand_hover(Hand *h, int i);
/* On a pointer motion: lifts the card under the pointer when `active`, else none. */
int hand_hover_at(Hand *h, float x, float y, bool active);

/* A left-button press: the card pressed, or -1 (nothing changes). `*play` is set when it
 * was a double-click (the scene plays the card; no drag follows). The pressed card takes
 * the focus; with `multi` the press selects (see above). */
int hand_press(Hand *h, const SDL_MouseButtonEvent *b, bool *play);
/* On a pointer motion while a card is pressed: starts the drag (a slide sound) once the
 * pointer has travelled far enough and `may_drag`; follows the pointer. True while
 * dragging. */
bool hand_motion(Hand *h, float x, float y, bool may_drag);
/* A left-button release: the card whose drag ends here (the scene sees where it
 * landed), or -1 when there was no drag. Ends the press either way. */
int hand_release(Hand *h);

/* A key: the card to play (0..), HAND_KEY_USED when the key moved the focus, or
 * HAND_KEY_NONE when the hand does not use it. `active`: the focus move lifts the card. */
enum { HAND_KEY_NONE = -1, HAND_KEY_USED = -2 };
int hand_key(Hand *h, SDL_Keycode k, bool active);
/* Keeps the focus on a card after the hand shrank. */
void hand_clamp_focus(Hand *h);

/* multi: the selected places, in order, into out (HAND_MAX); their number. */
int hand_selected(const Hand *h, int *out);
void hand_select_none(Hand *h);

#endif
