/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drawing primitives shared by the app, the menu and the scenes: anti-aliased rounded
 * rectangles and soft shadows (nine-slice from small textures made once), circles,
 * gradients and the felt. */
#ifndef TASCA_DRAW_H
#define TASCA_DRAW_H

#include <SDL.h>
#include <stdbool.h>

typedef struct {
    Uint8 r, g, b, a;
} Rgba;

static inline Rgba rgba(Uint8 r, Uint8 g, Uint8 b, Uint8 a) { return (Rgba){r, g, b, a}; }
Rgba rgba_mix(Rgba a, Rgba b, float t);
Rgba rgba_alpha(Rgba c, float factor);

/* Creates the shared textures for a renderer; false when the renderer refuses. */
bool draw_init(SDL_Renderer *r);
void draw_quit(void);

void draw_rounded(SDL_Renderer *r, SDL_FRect rect, float radius, Rgba c);
/* An outline `thick` pixels wide inside rect. */
void draw_rounded_outline(SDL_Renderer *r, SDL_FRect rect, float radius, float thick, Rgba c);
/* A soft shadow around rect, spreading `blur` pixels. */
void draw_shadow(SDL_Renderer *r, SDL_FRect rect, float radius, float blur, Rgba c);
void draw_circle(SDL_Renderer *r, float cx, float cy, float radius, Rgba c);
/* A soft round glow (bright centre fading out). */
void draw_glow(SDL_Renderer *r, float cx, float cy, float radius, Rgba c);
void draw_rect(SDL_Renderer *r, SDL_FRect rect, Rgba c);
/* Vertical gradient from top to bottom colour. */
void draw_vgradient(SDL_Renderer *r, SDL_FRect rect, Rgba top, Rgba bottom);
/* A rotated filled rectangle (confetti). */
void draw_quad(SDL_Renderer *r, float cx, float cy, float w, float h, float angle_deg, Rgba c);

/* A felt table texture for w x h pixels: a green radial gradient with a vignette and a
 * fine grain. Made once per size (the caller keeps and frees it). */
SDL_Texture *draw_make_felt(SDL_Renderer *r, int w, int h, Rgba centre, Rgba edge);

static inline bool rect_has(SDL_FRect r, float x, float y)
{
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

#endif
