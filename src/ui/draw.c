/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "draw.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { DISC = 128, SOFT = 64, RINGS = 8 };

static SDL_Texture *disc_tex;          /* anti-aliased white disc */
static SDL_Texture *soft_tex;          /* radial falloff, for shadows and glows */
static SDL_Texture *ring_tex[RINGS];   /* discs with a hole: outlines of several weights */
static SDL_Renderer *owner;
static bool software; /* SDL's software renderer: no interpolated geometry, please */

/* Vertical gradients for the software renderer, made at their exact size: its
 * interpolated triangles cost a third of a 1920x1080 frame for the top bar alone, where
 * an unscaled blended copy is cheap. A few recent ones are kept. */
enum { GRAD_SLOTS = 4 };
static struct {
    SDL_Texture *tex;
    int w, h;
    Rgba top, bottom;
    unsigned long used;
} grad[GRAD_SLOTS];
static unsigned long grad_clock;

Rgba rgba_mix(Rgba a, Rgba b, float t)
{
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return (Rgba){(Uint8)(a.r + (b.r - a.r) * t), (Uint8)(a.g + (b.g - a.g) * t),
                  (Uint8)(a.b + (b.b - a.b) * t), (Uint8)(a.a + (b.a - a.a) * t)};
}

Rgba rgba_alpha(Rgba c, float factor)
{
    float a = c.a * (factor < 0 ? 0 : factor > 1 ? 1 : factor);
    c.a = (Uint8)(a + 0.5f);
    return c;
}

/* A white texture whose alpha is cover(x, y) sampled at pixel centres. */
static SDL_Texture *make_alpha_texture(SDL_Renderer *r, int size, float inner_ratio, bool soft)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    float c = size / 2.0f, rad = size / 2.0f;
    for (int y = 0; y < size; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < size; x++) {
            float dx = x + 0.5f - c, dy = y + 0.5f - c, d = sqrtf(dx * dx + dy * dy);
            float a;
            if (soft) {
                float t = d / rad;
                t = t > 1 ? 1 : t;
                a = (1 - t) * (1 - t) * (1 + 2 * t); /* smooth falloff, 1 at centre, 0 at edge */
                a = a * a;
            } else {
                a = rad - d + 0.5f; /* one-pixel anti-aliased edge */
                a = a < 0 ? 0 : a > 1 ? 1 : a;
                if (inner_ratio > 0) {
                    float in = d - rad * inner_ratio + 0.5f;
                    in = in < 0 ? 0 : in > 1 ? 1 : in;
                    a *= in;
                }
            }
            Uint32 al = (Uint32)(a * 255 + 0.5f);
            row[x] = (al << 24) | 0xFFFFFF;
        }
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (t) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    }
    return t;
}

bool draw_init(SDL_Renderer *r)
{
    if (owner == r && disc_tex)
        return true;
    draw_quit();
    owner = r;
    SDL_RendererInfo info;
    software = SDL_GetRendererInfo(r, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE);
    disc_tex = make_alpha_texture(r, DISC, 0, false);
    soft_tex = make_alpha_texture(r, SOFT, 0, true);
    for (int i = 0; i < RINGS; i++)
        ring_tex[i] = make_alpha_texture(r, DISC, 1.0f - (i + 1) / (float)(RINGS * 2), false);
    return disc_tex && soft_tex;
}

void draw_quit(void)
{
    if (disc_tex)
        SDL_DestroyTexture(disc_tex);
    if (soft_tex)
        SDL_DestroyTexture(soft_tex);
    for (int i = 0; i < RINGS; i++) {
        if (ring_tex[i])
            SDL_DestroyTexture(ring_tex[i]);
        ring_tex[i] = NULL;
    }
    disc_tex = soft_tex = NULL;
    for (int i = 0; i < GRAD_SLOTS; i++)
        if (grad[i].tex)
            SDL_DestroyTexture(grad[i].tex);
    memset(grad, 0, sizeof grad);
    owner = NULL;
}

static void set_draw(SDL_Renderer *r, Rgba c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
}

static void tint(SDL_Texture *t, Rgba c)
{
    SDL_SetTextureColorMod(t, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(t, c.a);
}

void draw_rect(SDL_Renderer *r, SDL_FRect rect, Rgba c)
{
    if (rect.w <= 0 || rect.h <= 0 || c.a == 0)
        return;
    set_draw(r, c);
    SDL_RenderFillRectF(r, &rect);
}

/* Draws the four quadrants of texture t (size ts) into the corners of rect, each
 * rad x rad, then fills the cross between them when fill is set. */
static void nine(SDL_Renderer *r, SDL_Texture *t, int ts, SDL_FRect rect, float rad, Rgba c,
                 bool fill)
{
    int h = ts / 2;
    tint(t, c);
    SDL_Rect src[4] = {{0, 0, h, h}, {h, 0, h, h}, {0, h, h, h}, {h, h, h, h}};
    SDL_FRect dst[4] = {{rect.x, rect.y, rad, rad},
                        {rect.x + rect.w - rad, rect.y, rad, rad},
                        {rect.x, rect.y + rect.h - rad, rad, rad},
                        {rect.x + rect.w - rad, rect.y + rect.h - rad, rad, rad}};
    for (int i = 0; i < 4; i++)
        SDL_RenderCopyF(r, t, &src[i], &dst[i]);
    if (!fill)
        return;
    set_draw(r, c);
    SDL_FRect mid[3] = {{rect.x + rad, rect.y, rect.w - 2 * rad, rad},
                        {rect.x, rect.y + rad, rect.w, rect.h - 2 * rad},
                        {rect.x + rad, rect.y + rect.h - rad, rect.w - 2 * rad, rad}};
    for (int i = 0; i < 3; i++)
        if (mid[i].w > 0 && mid[i].h > 0)
            SDL_RenderFillRectF(r, &mid[i]);
}

/* Whole pixels: nine-slice pieces then meet exactly, with no seams nor overlaps. */
static SDL_FRect snap(SDL_FRect q)
{
    float x0 = roundf(q.x), y0 = roundf(q.y), x1 = roundf(q.x + q.w), y1 = roundf(q.y + q.h);
    return (SDL_FRect){x0, y0, x1 - x0, y1 - y0};
}

static float snap_radius(SDL_FRect q, float radius)
{
    return floorf(fminf(radius, fminf(floorf(q.w / 2), floorf(q.h / 2))));
}

void draw_rounded(SDL_Renderer *r, SDL_FRect rect, float radius, Rgba c)
{
    rect = snap(rect);
    if (rect.w <= 0 || rect.h <= 0 || c.a == 0)
        return;
    float rad = snap_radius(rect, radius);
    if (rad < 2 || !disc_tex) {
        draw_rect(r, rect, c);
        return;
    }
    nine(r, disc_tex, DISC, rect, rad, c, true);
}

void draw_rounded_outline(SDL_Renderer *r, SDL_FRect rect, float radius, float thick, Rgba c)
{
    rect = snap(rect);
    thick = fmaxf(1, roundf(thick));
    if (rect.w <= 0 || rect.h <= 0 || c.a == 0)
        return;
    float rad = snap_radius(rect, radius);
    if (rad < thick)
        rad = thick;
    int ri = (int)lroundf(thick / rad * RINGS * 2) - 1;
    ri = ri < 0 ? 0 : ri >= RINGS ? RINGS - 1 : ri;
    if (ring_tex[ri])
        nine(r, ring_tex[ri], DISC, rect, rad, c, false);
    set_draw(r, c);
    SDL_FRect e[4] = {{rect.x + rad, rect.y, rect.w - 2 * rad, thick},
                      {rect.x + rad, rect.y + rect.h - thick, rect.w - 2 * rad, thick},
                      {rect.x, rect.y + rad, thick, rect.h - 2 * rad},
                      {rect.x + rect.w - thick, rect.y + rad, thick, rect.h - 2 * rad}};
    for (int i = 0; i < 4; i++)
        if (e[i].w > 0 && e[i].h > 0)
            SDL_RenderFillRectF(r, &e[i]);
}

void draw_shadow(SDL_Renderer *r, SDL_FRect rect, float radius, float blur, Rgba c)
{
    if (!soft_tex || c.a == 0)
        return;
    rect = snap(rect);
    blur = roundf(blur);
    float inset = snap_radius(rect, radius);
    float R = inset + blur;
    SDL_FRect o = {rect.x - blur, rect.y - blur, rect.w + 2 * blur, rect.h + 2 * blur};
    int h = SOFT / 2;
    tint(soft_tex, c);
    SDL_Rect src[4] = {{0, 0, h, h}, {h, 0, h, h}, {0, h, h, h}, {h, h, h, h}};
    SDL_FRect dst[4] = {{o.x, o.y, R, R},
                        {o.x + o.w - R, o.y, R, R},
                        {o.x, o.y + o.h - R, R, R},
                        {o.x + o.w - R, o.y + o.h - R, R, R}};
    for (int i = 0; i < 4; i++)
        SDL_RenderCopyF(r, soft_tex, &src[i], &dst[i]);
    /* Edges: the texture's centre column / row stretched. */
    SDL_Rect es[4] = {{h, 0, 1, h}, {h, h, 1, h}, {0, h, h, 1}, {h, h, h, 1}};
    SDL_FRect ed[4] = {{o.x + R, o.y, o.w - 2 * R, R},
                       {o.x + R, o.y + o.h - R, o.w - 2 * R, R},
                       {o.x, o.y + R, R, o.h - 2 * R},
                       {o.x + o.w - R, o.y + R, R, o.h - 2 * R}};
    for (int i = 0; i < 4; i++)
        if (ed[i].w > 0 && ed[i].h > 0)
            SDL_RenderCopyF(r, soft_tex, &es[i], &ed[i]);
    SDL_FRect mid = {o.x + R, o.y + R, o.w - 2 * R, o.h - 2 * R};
    draw_rect(r, mid, c);
}

void draw_circle(SDL_Renderer *r, float cx, float cy, float radius, Rgba c)
{
    if (!disc_tex)
        return;
    tint(disc_tex, c);
    SDL_FRect d = {cx - radius, cy - radius, 2 * radius, 2 * radius};
    SDL_RenderCopyF(r, disc_tex, NULL, &d);
}

void draw_glow(SDL_Renderer *r, float cx, float cy, float radius, Rgba c)
{
    if (!soft_tex)
        return;
    tint(soft_tex, c);
    SDL_FRect d = {cx - radius, cy - radius, 2 * radius, 2 * radius};
    SDL_RenderCopyF(r, soft_tex, NULL, &d);
}

static SDL_Vertex vtx(float x, float y, Rgba c)
{
    SDL_Vertex v = {{x, y}, {c.r, c.g, c.b, c.a}, {0, 0}};
    return v;
}

static bool same_rgba(Rgba a, Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }

/* The gradient as a w x h texture, each row the colour the triangles would give at its
 * pixel centres. */
static SDL_Texture *gradient_texture(SDL_Renderer *r, int w, int h, Rgba top, Rgba bottom)
{
    int slot = 0;
    for (int i = 0; i < GRAD_SLOTS; i++) {
        if (grad[i].tex && grad[i].w == w && grad[i].h == h && same_rgba(grad[i].top, top) &&
            same_rgba(grad[i].bottom, bottom)) {
            grad[i].used = ++grad_clock;
            return grad[i].tex;
        }
        if (!grad[i].tex || grad[i].used < grad[slot].used)
            slot = i;
    }
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    for (int y = 0; y < h; y++) {
        float t = (y + 0.5f) / (float)h;
        Rgba c = {(Uint8)(top.r + (bottom.r - top.r) * t + 0.5f),
                  (Uint8)(top.g + (bottom.g - top.g) * t + 0.5f),
                  (Uint8)(top.b + (bottom.b - top.b) * t + 0.5f),
                  (Uint8)(top.a + (bottom.a - top.a) * t + 0.5f)};
        Uint32 px = (Uint32)c.a << 24 | (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b;
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < w; x++)
            row[x] = px;
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (!t)
        return NULL;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    if (grad[slot].tex)
        SDL_DestroyTexture(grad[slot].tex);
    grad[slot].tex = t;
    grad[slot].w = w, grad[slot].h = h;
    grad[slot].top = top, grad[slot].bottom = bottom;
    grad[slot].used = ++grad_clock;
    return t;
}

void draw_vgradient(SDL_Renderer *r, SDL_FRect q, Rgba top, Rgba bottom)
{
    if (software && r == owner) {
        SDL_Rect d = {(int)lroundf(q.x), (int)lroundf(q.y), 0, 0};
        d.w = (int)lroundf(q.x + q.w) - d.x;
        d.h = (int)lroundf(q.y + q.h) - d.y;
        SDL_Texture *t = d.w > 0 && d.h > 0 ? gradient_texture(r, d.w, d.h, top, bottom) : NULL;
        if (t) {
            SDL_RenderCopy(r, t, NULL, &d);
            return;
        }
    }
    SDL_Vertex v[4] = {vtx(q.x, q.y, top), vtx(q.x + q.w, q.y, top),
                       vtx(q.x + q.w, q.y + q.h, bottom), vtx(q.x, q.y + q.h, bottom)};
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(r, NULL, v, 4, idx, 6);
}

void draw_quad(SDL_Renderer *r, float cx, float cy, float w, float h, float angle_deg, Rgba c)
{
    float a = angle_deg * 3.14159265f / 180.0f, ca = cosf(a), sa = sinf(a);
    float hw = w / 2, hh = h / 2;
    float px[4] = {-hw, hw, hw, -hw}, py[4] = {-hh, -hh, hh, hh};
    SDL_Vertex v[4];
    for (int i = 0; i < 4; i++)
        v[i] = vtx(cx + px[i] * ca - py[i] * sa, cy + px[i] * sa + py[i] * ca, c);
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(r, NULL, v, 4, idx, 6);
}

static uint32_t hash2(uint32_t x, uint32_t y)
{
    uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

static inline Uint32 clamp_byte(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : (Uint32)v; }

/* Rows of felt are made this many at a time and uploaded, so no full-size surface is
 * ever needed beside the texture. */
enum { FELT_BAND = 32 };

SDL_Texture *draw_make_felt(SDL_Renderer *r, int w, int h, Rgba centre, Rgba edge)
{
    if (w < 1 || h < 1)
        return NULL;
    /* Full resolution: drawing it is then a plain copy, cheap even for the software
     * renderer; it is made once per window size. The texture takes the window's own
     * pixel format when the renderer has it, so that copy needs no conversion. */
    Uint32 format = SDL_PIXELFORMAT_ARGB8888;
    SDL_Window *win = SDL_RenderGetWindow(r);
    SDL_RendererInfo info;
    if (win && SDL_GetRendererInfo(r, &info) == 0) {
        Uint32 wf = SDL_GetWindowPixelFormat(win);
        for (Uint32 i = 0; i < info.num_texture_formats; i++)
            if (info.texture_formats[i] == wf && !SDL_ISPIXELFORMAT_INDEXED(wf) &&
                SDL_BYTESPERPIXEL(wf) == 4)
                format = wf;
    }
    SDL_PixelFormat *pf = SDL_AllocFormat(format);
    SDL_Texture *t = pf ? SDL_CreateTexture(r, format, SDL_TEXTUREACCESS_STATIC, w, h) : NULL;
    int half = w / 2;
    Uint32 *band = t ? malloc((size_t)w * FELT_BAND * sizeof *band) : NULL;
    int32_t *grad = band ? malloc((size_t)(half + 1) * 3 * sizeof *grad) : NULL;
    if (!grad) {
        free(band);
        if (t)
            SDL_DestroyTexture(t);
        if (pf)
            SDL_FreeFormat(pf);
        return NULL;
    }
    float cx = w * 0.5f, cy = h * 0.42f;
    float norm = sqrtf(cx * cx + (h * 0.6f) * (h * 0.6f));
    Uint32 amask = pf->Amask, rs = pf->Rshift, gs = pf->Gshift, bs = pf->Bshift;
    int32_t grain[16]; /* a fine grain of about +-4 levels, in 24.8 fixed point */
    for (int k = 0; k < 16; k++)
        grain[k] = (int32_t)lroundf((k - 7.5f) * 0.55f * 256);
    /* Plain arithmetic in the loops (no libm calls): they run for every pixel. The
     * gradient is symmetric about x = w/2 (pixel x mirrors pixel w - x), so each row's
     * colours are worked out for its left half; the grain is per pixel. */
    for (int y0 = 0; y0 < h; y0 += FELT_BAND) {
        int rows = h - y0 < FELT_BAND ? h - y0 : FELT_BAND;
        for (int y = y0; y < y0 + rows; y++) {
            float dy = (y - cy) / norm, dy2 = dy * dy * 1.35f;
            for (int x = 0; x <= half; x++) {
                float dx = (x - cx) / norm;
                float d = sqrtf(dx * dx + dy2);
                float dc = d < 1 ? d : 1;
                float tt = d * d * (3 - 2 * dc);
                tt = tt < 1 ? tt : 1;
                float vig = d > 0.7f ? 1.0f - 0.35f * (d - 0.7f) : 1.0f;
                /* 24.8 fixed point from here on. */
                grad[3 * x] = (int32_t)((centre.r + (edge.r - centre.r) * tt) * vig * 256);
                grad[3 * x + 1] = (int32_t)((centre.g + (edge.g - centre.g) * tt) * vig * 256);
                grad[3 * x + 2] = (int32_t)((centre.b + (edge.b - centre.b) * tt) * vig * 256);
            }
            Uint32 *row = band + (size_t)(y - y0) * w;
            for (int x = 0; x < w; x++) {
                const int32_t *g = &grad[3 * (x <= half ? x : w - x)];
                int32_t n = grain[hash2((uint32_t)x, (uint32_t)y) & 15];
                row[x] = clamp_byte((g[0] + n) >> 8) << rs | clamp_byte((g[1] + n) >> 8) << gs |
                         clamp_byte((g[2] + n) >> 8) << bs | amask;
            }
        }
        SDL_Rect area = {0, y0, w, rows};
        SDL_UpdateTexture(t, &area, band, w * (int)sizeof *band);
    }
    free(grad);
    free(band);
    SDL_FreeFormat(pf);
    /* Opaque: a plain copy, no blending (it matters for the software renderer). */
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    return t;
}
