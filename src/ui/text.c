/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "text.h"

#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FONTS_MAX = 32, CACHE_MAX = 384 };

typedef struct {
    TTF_Font *font;
    int size;
    bool bold;
} FontSlot;

typedef struct {
    char *s;
    uint64_t hash;
    int size, wrap, align;
    bool bold;
    SDL_Texture *tex;
    int w, h;
    unsigned long last;
} Entry;

struct Text {
    SDL_Renderer *r;
    char regular[1024], bold[1024];
    FontSlot fonts[FONTS_MAX];
    int n_fonts;
    Entry cache[CACHE_MAX];
    unsigned long frame;
};

Text *text_create(SDL_Renderer *r, const char *regular, const char *bold, char *err,
                  size_t errsize)
{
    /* SDL_ttf counts its users: this module holds one reference (text_destroy gives it
     * back), whoever else started it first. */
    if (TTF_Init() != 0) {
        snprintf(err, errsize, "cannot start the font engine: %s", TTF_GetError());
        return NULL;
    }
    TTF_Font *probe = TTF_OpenFont(regular, 16);
    if (!probe) {
        snprintf(err, errsize, "cannot open the font %s: %s", regular, TTF_GetError());
        TTF_Quit();
        return NULL;
    }
    TTF_CloseFont(probe);
    Text *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errsize, "out of memory");
        TTF_Quit();
        return NULL;
    }
    t->r = r;
    snprintf(t->regular, sizeof t->regular, "%s", regular);
    snprintf(t->bold, sizeof t->bold, "%s", bold ? bold : "");
    return t;
}

static void drop(Entry *e)
{
    if (e->tex)
        SDL_DestroyTexture(e->tex);
    free(e->s);
    memset(e, 0, sizeof *e);
}

void text_destroy(Text *t)
{
    if (!t)
        return;
    for (int i = 0; i < CACHE_MAX; i++)
        drop(&t->cache[i]);
    for (int i = 0; i < t->n_fonts; i++)
        TTF_CloseFont(t->fonts[i].font);
    free(t);
    TTF_Quit();
}

void text_frame(Text *t) { t->frame++; }

static TTF_Font *font(Text *t, int size, bool bold)
{
    size = size < 6 ? 6 : size > 400 ? 400 : size;
    for (int i = 0; i < t->n_fonts; i++)
        if (t->fonts[i].size == size && t->fonts[i].bold == bold)
            return t->fonts[i].font;
    if (t->n_fonts == FONTS_MAX) {
        /* Many sizes after resizes: start over (cached strings keep their textures). */
        for (int i = 0; i < t->n_fonts; i++)
            TTF_CloseFont(t->fonts[i].font);
        t->n_fonts = 0;
    }
    bool synth = bold && !t->bold[0];
    TTF_Font *f = TTF_OpenFont(bold && !synth ? t->bold : t->regular, size);
    if (!f)
        return NULL;
    if (synth)
        TTF_SetFontStyle(f, TTF_STYLE_BOLD);
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    t->fonts[t->n_fonts++] = (FontSlot){f, size, bold};
    return f;
}

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static Entry *get(Text *t, const char *s, int size, bool bold, int wrap, int align)
{
    if (!s || !*s)
        return NULL;
    uint64_t h = hash_str(s);
    int oldest = 0;
    for (int i = 0; i < CACHE_MAX; i++) {
        Entry *e = &t->cache[i];
        if (e->s && e->hash == h && e->size == size && e->bold == bold && e->wrap == wrap &&
            e->align == align && strcmp(e->s, s) == 0) {
            e->last = t->frame;
            return e;
        }
        if (!e->s || (t->cache[oldest].s && e->last < t->cache[oldest].last))
            oldest = i;
    }
    TTF_Font *f = font(t, size, bold);
    if (!f)
        return NULL;
    SDL_Color white = {255, 255, 255, 255};
    SDL_Surface *surf;
    if (wrap > 0) {
        TTF_SetFontWrappedAlign(f, align == TEXT_CENTER ? TTF_WRAPPED_ALIGN_CENTER
                                   : align == TEXT_RIGHT ? TTF_WRAPPED_ALIGN_RIGHT
                                                         : TTF_WRAPPED_ALIGN_LEFT);
        surf = TTF_RenderUTF8_Blended_Wrapped(f, s, white, (Uint32)wrap);
    } else {
        surf = TTF_RenderUTF8_Blended(f, s, white);
    }
    if (!surf)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(t->r, surf);
    Entry *e = &t->cache[oldest];
    drop(e);
    if (!tex) {
        SDL_FreeSurface(surf);
        return NULL;
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    *e = (Entry){strdup(s), h, size, wrap, align, bold, tex, surf->w, surf->h, t->frame};
    SDL_FreeSurface(surf);
    if (!e->s) {
        drop(e);
        return NULL;
    }
    return e;
}

static void place(float *x, float *y, int w, int h, int anchor)
{
    if ((anchor & 3) == TEXT_CENTER)
        *x -= w / 2.0f;
    else if ((anchor & 3) == TEXT_RIGHT)
        *x -= (float)w;
    if (anchor & TEXT_MIDDLE)
        *y -= h / 2.0f;
    else if (anchor & TEXT_BOTTOM)
        *y -= (float)h;
}

static void blit(Text *t, Entry *e, Rgba c, float x, float y)
{
    SDL_SetTextureColorMod(e->tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(e->tex, c.a);
    /* Whole pixels keep glyphs crisp. */
    SDL_Rect d = {(int)(x + 0.5f), (int)(y + 0.5f), e->w, e->h};
    SDL_RenderCopy(t->r, e->tex, NULL, &d);
}

float text_draw(Text *t, const char *s, int size, bool bold, Rgba c, float x, float y,
                int anchor)
{
    Entry *e = get(t, s, size, bold, 0, 0);
    if (!e)
        return 0;
    place(&x, &y, e->w, e->h, anchor);
    blit(t, e, c, x, y);
    return (float)e->w;
}

int text_fit(Text *t, const char *s, int size, bool bold, float max_w, int *lines)
{
    int w = 0, h = 0;
    *lines = 1;
    text_measure(t, s, size, bold, &w, &h);
    if (w <= max_w || w <= 0)
        return size;
    int fitted = (int)(size * max_w / w);
    if (fitted * 5 < size * 4 && strchr(s, ' ') && max_w >= 1) {
        /* Two lines at 85 % of the size read better than one line shrunk further. */
        int two = (int)lroundf(size * 0.85f);
        int wh = text_draw_wrapped(t, s, two, bold, (Rgba){0, 0, 0, 0}, 0, 0, (int)max_w,
                                   TEXT_CENTER, false);
        if (wh > 0 && wh <= 2 * text_line_height(t, two, bold) + 1) {
            *lines = 2;
            return two;
        }
    }
    return fitted < 8 ? 8 : fitted;
}

float text_draw_fit(Text *t, const char *s, int size, bool bold, Rgba c, float x, float y,
                    int anchor, float max_w)
{
    int lines;
    size = text_fit(t, s, size, bold, max_w, &lines);
    if (lines == 1)
        return text_draw(t, s, size, bold, c, x, y, anchor);
    int h = text_draw_wrapped(t, s, size, bold, c, 0, 0, (int)max_w, anchor & 3, false);
    float bx = (anchor & 3) == TEXT_CENTER ? x - max_w / 2
               : (anchor & 3) == TEXT_RIGHT ? x - max_w
                                            : x;
    float by = (anchor & 12) == TEXT_MIDDLE ? y - h / 2.0f
               : (anchor & 12) == TEXT_BOTTOM ? y - h
                                              : y;
    text_draw_wrapped(t, s, size, bold, c, bx, by, (int)max_w, anchor & 3, true);
    return max_w;
}

void text_measure(Text *t, const char *s, int size, bool bold, int *w, int *h)
{
    Entry *e = get(t, s, size, bold, 0, 0);
    *w = e ? e->w : 0;
    *h = e ? e->h : text_line_height(t, size, bold);
}

int text_draw_wrapped(Text *t, const char *s, int size, bool bold, Rgba c, float x, float y,
                      int wrap_w, int align, bool draw)
{
    Entry *e = get(t, s, size, bold, wrap_w < 1 ? 1 : wrap_w, align);
    if (!e)
        return 0;
    if (draw) {
        float dx = x;
        if (align == TEXT_CENTER)
            dx = x + (wrap_w - e->w) / 2.0f;
        else if (align == TEXT_RIGHT)
            dx = x + wrap_w - e->w;
        blit(t, e, c, dx, y);
    }
    return e->h;
}

int text_line_height(Text *t, int size, bool bold)
{
    TTF_Font *f = font(t, size, bold);
    return f ? TTF_FontLineSkip(f) : size;
}
