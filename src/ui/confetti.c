/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ui/confetti.h"

#include <math.h>

void confetti_init(Confetti *c, uint64_t seed)
{
    c->n = 0;
    rng_seed(&c->rng, seed);
}

void confetti_burst(Confetti *c, float x, float y)
{
    static const Rgba cols[] = {{236, 196, 96, 255}, {226, 92, 80, 255}, {246, 241, 226, 255},
                                {96, 180, 230, 255}, {130, 210, 120, 255}};
    Rng *g = &c->rng;
    c->n = CONFETTI_MAX;
    for (int i = 0; i < CONFETTI_MAX; i++) {
        Confetto *b = &c->bit[i];
        b->x = x + ((float)rng_unit(g) - 0.5f) * 300;
        b->y = y;
        float ang = (float)(rng_unit(g) * 3.14159265 + 3.14159265); /* upwards */
        float sp = 380 + (float)rng_unit(g) * 620;
        b->vx = cosf(ang) * sp * 1.2f;
        b->vy = sinf(ang) * sp;
        b->rot = (float)rng_unit(g) * 360;
        b->spin = ((float)rng_unit(g) - 0.5f) * 900;
        b->life = 1.6f + (float)rng_unit(g) * 1.2f;
        b->w = 10 + (float)rng_unit(g) * 8;
        b->h = 5 + (float)rng_unit(g) * 5;
        b->c = cols[i % 5];
    }
}

void confetti_update(Confetti *c, float dt, float floor_y)
{
    for (int i = 0; i < c->n;) {
        Confetto *b = &c->bit[i];
        b->vy += 900 * dt;
        b->vx *= 1 - 0.8f * dt;
        b->x += b->vx * dt;
        b->y += b->vy * dt;
        b->rot += b->spin * dt;
        b->life -= dt;
        if (b->life <= 0 || b->y > floor_y)
            c->bit[i] = c->bit[--c->n];
        else
            i++;
    }
}

void confetti_draw(const Confetti *c, SDL_Renderer *r, float ox, float oy, float s)
{
    for (int i = 0; i < c->n; i++) {
        const Confetto *b = &c->bit[i];
        float al = fminf(1, b->life / 0.5f);
        draw_quad(r, ox + b->x * s, oy + b->y * s, b->w * s, b->h * s, b->rot,
                  rgba_alpha(b->c, al));
    }
}
