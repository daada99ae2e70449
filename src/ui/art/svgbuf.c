/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "svgbuf.h"

#include <SDL_image.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void svg_init(SvgBuf *b)
{
    b->buf = NULL;
    b->len = b->cap = 0;
    b->failed = false;
}

void svg_free(SvgBuf *b)
{
    free(b->buf);
    svg_init(b);
}

void svg_reset(SvgBuf *b)
{
    b->len = 0;
    b->failed = false;
    if (b->buf)
        b->buf[0] = '\0';
}

static void put(SvgBuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->buf, cap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->buf = p;
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

void svg_str(SvgBuf *b, const char *s)
{
    put(b, s, strlen(s));
}

/* Fixed point with up to two decimals, trailing zeros dropped: "12.5", "-0.25", "3". */
static void put_num(SvgBuf *b, double v)
{
    char tmp[32];
    if (!isfinite(v))
        v = 0;
    long long c = llround(v * 100.0);
    bool neg = c < 0;
    unsigned long long a = (unsigned long long)(neg ? -c : c);
    unsigned long long ip = a / 100, fp = a % 100;
    int n;
    if (fp == 0)
        n = snprintf(tmp, sizeof tmp, "%s%llu", neg ? "-" : "", ip);
    else if (fp % 10 == 0)
        n = snprintf(tmp, sizeof tmp, "%s%llu.%llu", neg ? "-" : "", ip, fp / 10);
    else
        n = snprintf(tmp, sizeof tmp, "%s%llu.%02llu", neg ? "-" : "", ip, fp);
    put(b, tmp, (size_t)n);
}

void svg_fmt(SvgBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *run = fmt;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%')
            continue;
        put(b, run, (size_t)(p - run));
        p++;
        char tmp[24];
        switch (*p) {
        case 's': svg_str(b, va_arg(ap, const char *)); break;
        case 'd': put(b, tmp, (size_t)snprintf(tmp, sizeof tmp, "%d", va_arg(ap, int))); break;
        case 'g': put_num(b, va_arg(ap, double)); break;
        case '%': put(b, "%", 1); break;
        default: /* unknown or a lone '%' at the end: a bug in a format string */
            SDL_assert(!"svg_fmt: bad format");
            if (!*p)
                p--;
            break;
        }
        run = p + 1;
    }
    put(b, run, strlen(run));
    va_end(ap);
}

SDL_Surface *svg_rasterize(const SvgBuf *b)
{
    if (b->failed || !b->buf)
        return NULL;
    SDL_RWops *rw = SDL_RWFromConstMem(b->buf, (int)b->len);
    if (!rw)
        return NULL;
    SDL_Surface *s = IMG_LoadSVG_RW(rw);
    SDL_RWclose(rw);
    if (s && s->format->format != SDL_PIXELFORMAT_RGBA32) {
        SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
        SDL_FreeSurface(s);
        s = c;
    }
    return s;
}
