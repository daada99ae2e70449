/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The win celebration: a burst of confetti thrown up from a point of the table, falling
 * under gravity and fading. In the scene's table units; drawn scaled to pixels. */
#ifndef TASCA_CONFETTI_H
#define TASCA_CONFETTI_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/rng.h"
#include "ui/draw.h"

enum { CONFETTI_MAX = 110 };

typedef struct {
    float x, y, vx, vy, rot, spin, life, w, h;
    Rgba c;
} Confetto;

typedef struct {
    Confetto bit[CONFETTI_MAX];
    int n;
    Rng rng; /* seeded: a session throws the same confetti each time */
} Confetti;

/* No confetti, and the random numbers to throw them with. */
void confetti_init(Confetti *c, uint64_t seed);
/* Throws CONFETTI_MAX bits up from around (x, y). */
void confetti_burst(Confetti *c, float x, float y);
/* Moves them on; those past their life or below `floor_y` are gone. */
void confetti_update(Confetti *c, float dt, float floor_y);
/* Draws them: a point (x, y) in units is at (ox + x * s, oy + y * s) in pixels. */
void confetti_draw(const Confetti *c, SDL_Renderer *r, float ox, float oy, float s);
static inline void confetti_clear(Confetti *c) { c->n = 0; }
static inline bool confetti_busy(const Confetti *c) { return c->n > 0; }

#endif
