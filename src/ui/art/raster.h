/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Small pixel operations on RGBA32 surfaces (straight alpha) used to compose card images. */
#ifndef TASCA_ART_RASTER_H
#define TASCA_ART_RASTER_H

#include <SDL.h>
#include <stdbool.h>

/* A new transparent RGBA32 surface, or NULL. */
SDL_Surface *raster_new(int w, int h);
/* Composites src over dst at (x, y) with straight-alpha "over", optionally turned by 180°
 * (for the upside-down corner index). Both must be RGBA32. */
void raster_over(SDL_Surface *dst, const SDL_Surface *src, int x, int y, bool rot180);
/* Copies src into dst at (x, y), replacing pixels (no blending). */
void raster_copy(SDL_Surface *dst, const SDL_Surface *src, int x, int y);
/* Gives fully transparent pixels inside r the colour of an opaque neighbour, so that
 * linear filtering of the texture does not pull dark fringes into the edges. Only the
 * pixels within `band` of r's border are looked at (band <= 0: all of r). */
void raster_bleed(SDL_Surface *s, SDL_Rect r, int band);
/* Multiplies alpha by the anti-aliased coverage of the rounded rectangle filling the
 * surface (corner radius rad): clips a drawing to the card's shape. */
void raster_clip_round(SDL_Surface *s, double rad);
/* The tight box of pixels with alpha > 0 (w == 0 when none). */
SDL_Rect raster_ink_box(const SDL_Surface *s);
/* A soft drop shadow: a rounded rectangle w×h (corner radius rad) blurred by blur
 * pixels, drawn in black with peak opacity alpha, centred in a (w+2m)×(h+2m) surface
 * with m = ceil(2 * blur). */
SDL_Surface *raster_shadow(int w, int h, double rad, double blur, double alpha);

#endif
