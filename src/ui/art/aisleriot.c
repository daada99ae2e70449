/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "aisleriot.h"

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "raster.h"

#define COLS 13
#define ROWS 5

/* librsvg (with cairo and GLib under it: some twenty libraries) is loaded the first time
 * an Aisleriot deck is opened, not when Tasca starts: most players keep the built-in
 * deck, and linking it cost every start about 10 ms and 5 MB. The headers give the
 * types; the functions are looked up in the library (dlsym on librsvg also finds the
 * cairo and GLib functions it depends on). */
#ifndef TASCA_RSVG_LIB
#define TASCA_RSVG_LIB "librsvg-2.so.2"
#endif

#if LIBRSVG_CHECK_VERSION(2, 52, 0)
#define SIZE_IN_PIXELS(X)                                                                  \
    X(gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *, gdouble *, gdouble *))
#else
#define SIZE_IN_PIXELS(X)
#endif

#define TASCA_RSVG_FUNCS(X)                                                                        \
    X(RsvgHandle *, rsvg_handle_new_from_file, (const gchar *, GError **))                 \
    X(void, rsvg_handle_get_intrinsic_dimensions,                                          \
      (RsvgHandle *, gboolean *, RsvgLength *, gboolean *, RsvgLength *, gboolean *,       \
       RsvgRectangle *))                                                                   \
    X(gboolean, rsvg_handle_get_geometry_for_layer,                                        \
      (RsvgHandle *, const char *, const RsvgRectangle *, RsvgRectangle *, RsvgRectangle *, \
       GError **))                                                                         \
    X(gboolean, rsvg_handle_render_document,                                               \
      (RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **))                         \
    SIZE_IN_PIXELS(X)                                                                      \
    X(void, g_object_unref, (gpointer))                                                    \
    X(void, g_error_free, (GError *))                                                      \
    X(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t, int, int))           \
    X(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *))                  \
    X(int, cairo_image_surface_get_stride, (cairo_surface_t *))                            \
    X(cairo_status_t, cairo_surface_status, (cairo_surface_t *))                           \
    X(void, cairo_surface_flush, (cairo_surface_t *))                                      \
    X(void, cairo_surface_destroy, (cairo_surface_t *))                                    \
    X(cairo_t *, cairo_create, (cairo_surface_t *))                                        \
    X(void, cairo_destroy, (cairo_t *))                                                    \
    X(void, cairo_scale, (cairo_t *, double, double))                                      \
    X(void, cairo_translate, (cairo_t *, double, double))

#define API_MEMBER(ret, name, args) ret(*name) args;
static struct {
    TASCA_RSVG_FUNCS(API_MEMBER)
} rs;
#undef API_MEMBER

/* Loads the library once; later calls give the same answer. Called on the thread that
 * opens decks (the main thread). */
static bool rsvg_load(char *err, size_t errsize)
{
    static int state; /* 0: not tried, 1: loaded, -1: failed */
    static char why[200];
    if (state == 0) {
        void *lib = SDL_LoadObject(TASCA_RSVG_LIB);
        state = lib ? 1 : -1;
        if (!lib)
            snprintf(why, sizeof why, "cannot load %s: %s", TASCA_RSVG_LIB, SDL_GetError());
#define API_LOAD(ret, name, args)                                                          \
    if (state == 1) {                                                                      \
        void *fn = SDL_LoadFunction(lib, #name);                                           \
        if (fn)                                                                            \
            memcpy(&rs.name, &fn, sizeof fn);                                              \
        else {                                                                             \
            snprintf(why, sizeof why, "%s has no %s", TASCA_RSVG_LIB, #name);              \
            state = -1;                                                                    \
        }                                                                                  \
    }
        TASCA_RSVG_FUNCS(API_LOAD)
#undef API_LOAD
        /* The library stays loaded (unloading GLib is not supported). */
    }
    if (state < 0)
        snprintf(err, errsize, "%s", why);
    return state > 0;
}

struct AisleDeck {
    RsvgHandle *svg;
    double doc_w, doc_h; /* intrinsic size, in CSS pixels */
    int back_col, back_row;
    int joker_col, joker_row;
};

static void set_gerr(char *err, size_t errsize, const char *what, GError *e)
{
    snprintf(err, errsize, "%s%s%s", what, e ? ": " : "", e ? e->message : "");
    if (e)
        rs.g_error_free(e);
}

static bool doc_size(RsvgHandle *h, double *w, double *hgt)
{
#if LIBRSVG_CHECK_VERSION(2, 52, 0)
    if (rs.rsvg_handle_get_intrinsic_size_in_pixels(h, w, hgt) && *w > 0 && *hgt > 0)
        return true;
#endif
    /* No width/height in pixels: fall back to the viewBox. */
    gboolean has_w, has_h, has_vb;
    RsvgLength lw, lh;
    RsvgRectangle vb;
    rs.rsvg_handle_get_intrinsic_dimensions(h, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
    if (has_vb && vb.width > 0 && vb.height > 0) {
        *w = vb.width, *hgt = vb.height;
        return true;
    }
    return false;
}

/* The grid cell of the element with this id ("#back"), when the file has it. */
static void find_cell(const AisleDeck *d, const char *id, int *col_out, int *row_out)
{
    RsvgRectangle vp = {0, 0, d->doc_w, d->doc_h}, ink, logical;
    if (!rs.rsvg_handle_get_geometry_for_layer(d->svg, id, &vp, &ink, &logical, NULL))
        return;
    /* Some decks' back group reaches beyond its card (anglo's ink covers a column of
     * cells) and some have a logical box of the wrong size (dondorf's): believe the box
     * that has the size of one card. */
    double cw = d->doc_w / COLS, ch = d->doc_h / ROWS;
    const RsvgRectangle *boxes[2] = {&ink, &logical};
    for (int b = 0; b < 2; b++) {
        const RsvgRectangle *r = boxes[b];
        if (fabs(r->width - cw) > 0.3 * cw || fabs(r->height - ch) > 0.3 * ch)
            continue;
        int col = (int)floor((r->x + r->width / 2) / cw);
        int row = (int)floor((r->y + r->height / 2) / ch);
        if (col >= 0 && col < COLS && row >= 0 && row < ROWS) {
            *col_out = col, *row_out = row;
            return;
        }
    }
}

AisleDeck *aisle_open(const char *path, char *err, size_t errsize)
{
    if (!rsvg_load(err, errsize))
        return NULL;
    GError *e = NULL;
    RsvgHandle *h = rs.rsvg_handle_new_from_file(path, &e);
    if (!h) {
        set_gerr(err, errsize, "cannot read the file", e);
        return NULL;
    }
    AisleDeck *d = SDL_calloc(1, sizeof *d);
    if (!d) {
        rs.g_object_unref(h);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    d->svg = h;
    if (!doc_size(h, &d->doc_w, &d->doc_h)) {
        snprintf(err, errsize, "the file has no size");
        aisle_close(d);
        return NULL;
    }
    /* The back is usually the third card of the last row and the red joker the second;
     * ask the file where they are. */
    d->back_col = 2, d->back_row = 4;
    find_cell(d, "#back", &d->back_col, &d->back_row);
    d->joker_col = 1, d->joker_row = 4;
    find_cell(d, "#red_joker", &d->joker_col, &d->joker_row);
    return d;
}

void aisle_close(AisleDeck *d)
{
    if (!d)
        return;
    if (d->svg)
        rs.g_object_unref(d->svg);
    SDL_free(d);
}

double aisle_aspect(const AisleDeck *d)
{
    return (d->doc_w / COLS) / (d->doc_h / ROWS);
}

/* Copies one w×h cell of a cairo ARGB32 (premultiplied, native-endian words) image into
 * a new RGBA32 surface with straight alpha. */
static SDL_Surface *cut(cairo_surface_t *img, int x0, int y0, int w, int h)
{
    SDL_Surface *s = raster_new(w, h);
    if (!s)
        return NULL;
    const unsigned char *base = rs.cairo_image_surface_get_data(img);
    int stride = rs.cairo_image_surface_get_stride(img);
    for (int y = 0; y < h; y++) {
        const uint32_t *src =
            (const uint32_t *)(const void *)(base + (size_t)(y0 + y) * stride) + x0;
        Uint8 *dst = (Uint8 *)s->pixels + (size_t)y * s->pitch;
        for (int x = 0; x < w; x++, dst += 4) {
            uint32_t p = src[x];
            unsigned a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a && a < 255) {
                r = (r * 255 + a / 2) / a, g = (g * 255 + a / 2) / a, b = (b * 255 + a / 2) / a;
            }
            dst[0] = (Uint8)(r > 255 ? 255 : r), dst[1] = (Uint8)(g > 255 ? 255 : g);
            dst[2] = (Uint8)(b > 255 ? 255 : b), dst[3] = (Uint8)a;
        }
    }
    return s;
}

/* Renders the whole grid once, with a slightly non-uniform scale so that every cell
 * lands exactly on a w×h pixel block (Aisleriot stretches cards the same way). */
static cairo_surface_t *render_rows(AisleDeck *d, int w, int h, int row0, int nrows, char *err,
                                    size_t errsize)
{
    cairo_surface_t *img = rs.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w * COLS, h * nrows);
    if (rs.cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errsize, "out of memory for a %dx%d image", w * COLS, h * nrows);
        rs.cairo_surface_destroy(img);
        return NULL;
    }
    cairo_t *cr = rs.cairo_create(img);
    double sx = w / (d->doc_w / COLS), sy = h / (d->doc_h / ROWS);
    rs.cairo_scale(cr, sx, sy);
    rs.cairo_translate(cr, 0, -row0 * (d->doc_h / ROWS));
    RsvgRectangle vp = {0, 0, d->doc_w, d->doc_h};
    GError *e = NULL;
    gboolean ok = rs.rsvg_handle_render_document(d->svg, cr, &vp, &e);
    rs.cairo_destroy(cr);
    rs.cairo_surface_flush(img);
    if (!ok) {
        set_gerr(err, errsize, "cannot draw the deck", e);
        rs.cairo_surface_destroy(img);
        return NULL;
    }
    return img;
}

bool aisle_render(AisleDeck *d, int w, int h, SDL_Surface *out[AISLE_CELLS], char *err,
                  size_t errsize)
{
    memset(out, 0, AISLE_CELLS * sizeof out[0]);
    int last = d->back_row > d->joker_row ? d->back_row : d->joker_row;
    int nrows = last >= 4 ? last + 1 : 4;
    if (nrows > ROWS)
        nrows = ROWS;
    cairo_surface_t *img = render_rows(d, w, h, 0, nrows, err, errsize);
    if (!img)
        return false;
    bool ok = true;
    for (int i = 0; i < 52 && ok; i++)
        ok = (out[i] = cut(img, (i % 13) * w, (i / 13) * h, w, h)) != NULL;
    if (ok)
        ok = (out[AISLE_JOKER] = cut(img, d->joker_col * w, d->joker_row * h, w, h)) != NULL;
    if (ok)
        ok = (out[AISLE_BACK] = cut(img, d->back_col * w, d->back_row * h, w, h)) != NULL;
    rs.cairo_surface_destroy(img);
    if (!ok) {
        for (int i = 0; i < AISLE_CELLS; i++) {
            SDL_FreeSurface(out[i]);
            out[i] = NULL;
        }
        snprintf(err, errsize, "out of memory");
    }
    return ok;
}
