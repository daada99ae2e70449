/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A growing text buffer for SVG documents generated in memory, rasterised by SDL2_image
 * (nanosvg). Numbers are written by hand, never with printf's %f, so the output does not
 * depend on the user's locale (a decimal comma would break the SVG). */
#ifndef TASCA_ART_SVGBUF_H
#define TASCA_ART_SVGBUF_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *buf;
    size_t len, cap;
    bool failed; /* out of memory: the document is incomplete */
} SvgBuf;

void svg_init(SvgBuf *b);
void svg_free(SvgBuf *b);
void svg_reset(SvgBuf *b);
void svg_str(SvgBuf *b, const char *s);
/* A tiny printf: %s (string), %d (int), %g (double, 2 decimals at most), %%. */
void svg_fmt(SvgBuf *b, const char *fmt, ...);
/* Rasterises the document into a new RGBA32 surface (straight alpha); NULL on failure. */
SDL_Surface *svg_rasterize(const SvgBuf *b);

#endif
