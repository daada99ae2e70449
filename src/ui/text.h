/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Text with SDL2_ttf. Rendered strings are cached as textures (white, tinted when drawn),
 * so a frame never re-renders text it drew before. */
#ifndef TASCA_TEXT_H
#define TASCA_TEXT_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "draw.h"

typedef struct Text Text;

enum { TEXT_LEFT = 0, TEXT_CENTER = 1, TEXT_RIGHT = 2 };
enum { TEXT_TOP = 0, TEXT_MIDDLE = 4, TEXT_BOTTOM = 8 };

/* Opens the regular and bold font files (bold may be NULL: synthesised). */
Text *text_create(SDL_Renderer *r, const char *regular, const char *bold, char *err,
                  size_t errsize);
void text_destroy(Text *t);
/* Marks a new frame (least recently used strings are evicted first). */
void text_frame(Text *t);

/* Draws s with its anchor (TEXT_LEFT|TEXT_TOP, TEXT_CENTER|TEXT_MIDDLE, ...) at x, y.
 * size is the font size in pixels. Returns the drawn width. */
float text_draw(Text *t, const char *s, int size, bool bold, Rgba c, float x, float y,
                int anchor);
/* The size text_draw_fit draws s at within max_w, and on how many lines: as it is when it
 * fits; else shrunk, but never below 80 % of size while two lines at 85 % hold it (then
 * *lines is 2); a single long word shrinks as far as it must. */
int text_fit(Text *t, const char *s, int size, bool bold, float max_w, int *lines);
/* Like text_draw, fitting the text into max_w (text_fit: shrunk a little, or wrapped on two
 * lines about the anchor, rather than shrunk to a tiny size). */
float text_draw_fit(Text *t, const char *s, int size, bool bold, Rgba c, float x, float y,
                    int anchor, float max_w);
void text_measure(Text *t, const char *s, int size, bool bold, int *w, int *h);
/* A paragraph wrapped at wrap_w pixels; returns its height. With draw false, only
 * measures. */
int text_draw_wrapped(Text *t, const char *s, int size, bool bold, Rgba c, float x, float y,
                      int wrap_w, int align, bool draw);
int text_line_height(Text *t, int size, bool bold);

#endif
