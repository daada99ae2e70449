/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "raster.h"

#include <math.h>

SDL_Surface *raster_new(int w, int h)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    if (s)
        SDL_memset(s->pixels, 0, (size_t)s->pitch * (size_t)h);
    return s;
}

static inline Uint8 *px(const SDL_Surface *s, int x, int y)
{
    return (Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch + (size_t)x * 4;
}

void raster_over(SDL_Surface *dst, const SDL_Surface *src, int x, int y, bool rot180)
{
    for (int sy = 0; sy < src->h; sy++) {
        int dy = y + sy;
        if (dy < 0 || dy >= dst->h)
            continue;
        for (int sx = 0; sx < src->w; sx++) {
            int dx = x + sx;
            if (dx < 0 || dx >= dst->w)
                continue;
            const Uint8 *s = rot180 ? px(src, src->w - 1 - sx, src->h - 1 - sy) : px(src, sx, sy);
            unsigned sa = s[3];
            if (!sa)
                continue;
            Uint8 *d = px(dst, dx, dy);
            unsigned da = d[3];
            if (sa == 255 || !da) {
                d[0] = s[0], d[1] = s[1], d[2] = s[2], d[3] = (Uint8)sa;
                continue;
            }
            /* Straight alpha: out = (s*sa + d*da*(1-sa)) / out_a, all in 0..255. */
            unsigned dw = da * (255 - sa); /* weight of dst, scaled by 255 */
            unsigned sw = sa * 255;
            unsigned oa = sw + dw; /* out alpha * 255 */
            for (int k = 0; k < 3; k++)
                d[k] = (Uint8)((s[k] * sw + d[k] * dw + oa / 2) / oa);
            d[3] = (Uint8)((oa + 127) / 255);
        }
    }
}

void raster_copy(SDL_Surface *dst, const SDL_Surface *src, int x, int y)
{
    for (int sy = 0; sy < src->h; sy++) {
        int dy = y + sy;
        if (dy < 0 || dy >= dst->h)
            continue;
        int x0 = x < 0 ? -x : 0, x1 = src->w;
        if (x + x1 > dst->w)
            x1 = dst->w - x;
        if (x1 > x0)
            SDL_memcpy(px(dst, x + x0, dy), px(src, x0, sy), (size_t)(x1 - x0) * 4);
    }
}

static void bleed_px(SDL_Surface *s, SDL_Rect r, int x, int y)
{
    Uint8 *p = px(s, x, y);
    if (p[3] || (p[0] | p[1] | p[2]))
        return;
    unsigned sum[3] = {0, 0, 0}, n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            if (nx < r.x || ny < r.y || nx >= r.x + r.w || ny >= r.y + r.h)
                continue;
            const Uint8 *q = px(s, nx, ny);
            /* Pixels filled earlier in this pass count too: they carry a colour. */
            if (q[3] || (q[0] | q[1] | q[2])) {
                sum[0] += q[0], sum[1] += q[1], sum[2] += q[2];
                n++;
            }
        }
    if (n) {
        p[0] = (Uint8)(sum[0] / n), p[1] = (Uint8)(sum[1] / n), p[2] = (Uint8)(sum[2] / n);
        if (!(p[0] | p[1] | p[2]))
            p[0] = 1; /* never pure black, so the next pass sees it was filled */
    }
}

void raster_bleed(SDL_Surface *s, SDL_Rect r, int band)
{
    if (band <= 0 || 2 * band >= r.w || 2 * band >= r.h)
        band = r.w > r.h ? r.w : r.h;
    /* Two passes reach two pixels out from every edge: enough for the atlas margin. */
    for (int pass = 0; pass < 2; pass++)
        for (int y = r.y; y < r.y + r.h; y++) {
            bool edge_row = y < r.y + band || y >= r.y + r.h - band;
            for (int x = r.x; x < r.x + r.w; x++) {
                if (!edge_row && x == r.x + band)
                    x = r.x + r.w - band; /* skip the opaque middle */
                bleed_px(s, r, x, y);
            }
        }
}

/* Signed distance from (x, y) to a w×h rounded rectangle centred on the origin. */
static double rrect_sdf(double x, double y, double hw, double hh, double rad)
{
    double qx = fabs(x) - (hw - rad), qy = fabs(y) - (hh - rad);
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    return sqrt(ox * ox + oy * oy) + fmin(fmax(qx, qy), 0) - rad;
}

void raster_clip_round(SDL_Surface *s, double rad)
{
    double hw = s->w / 2.0, hh = s->h / 2.0;
    int band = (int)ceil(rad) + 1;
    for (int y = 0; y < s->h; y++) {
        bool edge_row = y < band || y >= s->h - band;
        for (int x = 0; x < s->w; x++) {
            if (!edge_row && x == 1)
                x = s->w - 1; /* straight edges: only the outermost pixels matter */
            double cov = 0.5 - rrect_sdf(x + 0.5 - hw, y + 0.5 - hh, hw, hh, rad);
            if (cov >= 1)
                continue;
            Uint8 *p = px(s, x, y);
            p[3] = cov <= 0 ? 0 : (Uint8)lround(p[3] * cov);
        }
    }
}

SDL_Rect raster_ink_box(const SDL_Surface *s)
{
    int x0 = s->w, y0 = s->h, x1 = -1, y1 = -1;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++)
            if (px(s, x, y)[3]) {
                if (x < x0)
                    x0 = x;
                if (x > x1)
                    x1 = x;
                if (y < y0)
                    y0 = y;
                y1 = y;
            }
    if (x1 < 0)
        return (SDL_Rect){0, 0, 0, 0};
    return (SDL_Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

SDL_Surface *raster_shadow(int w, int h, double rad, double blur, double alpha)
{
    int m = (int)ceil(2 * blur);
    SDL_Surface *s = raster_new(w + 2 * m, h + 2 * m);
    if (!s)
        return NULL;
    /* Signed distance to the rounded rectangle, through a smooth step: a Gaussian-like
     * falloff without an actual blur pass. */
    double cx = s->w / 2.0, cy = s->h / 2.0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double d = rrect_sdf(x + 0.5 - cx, y + 0.5 - cy, w / 2.0, h / 2.0, rad);
            double t = (d + blur) / (2 * blur); /* 0 inside .. 1 outside */
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            double a = alpha * (1 - t * t * (3 - 2 * t));
            Uint8 *p = px(s, x, y);
            p[0] = p[1] = p[2] = 0;
            p[3] = (Uint8)lround(a * 255);
        }
    return s;
}
