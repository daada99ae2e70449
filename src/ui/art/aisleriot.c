#include "aisleriot.h"

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "raster.h"

#define COLS 13
#define ROWS 5

struct AisleDeck {
    RsvgHandle *svg;
    double doc_w, doc_h; /* intrinsic size, in CSS pixels */
    int back_col, back_row;
};

static void set_gerr(char *err, size_t errsize, const char *what, GError *e)
{
    snprintf(err, errsize, "%s%s%s", what, e ? ": " : "", e ? e->message : "");
    if (e)
        g_error_free(e);
}

static bool doc_size(RsvgHandle *h, double *w, double *hgt)
{
#if LIBRSVG_CHECK_VERSION(2, 52, 0)
    if (rsvg_handle_get_intrinsic_size_in_pixels(h, w, hgt) && *w > 0 && *hgt > 0)
        return true;
#endif
    /* No width/height in pixels: fall back to the viewBox. */
    gboolean has_w, has_h, has_vb;
    RsvgLength lw, lh;
    RsvgRectangle vb;
    rsvg_handle_get_intrinsic_dimensions(h, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
    if (has_vb && vb.width > 0 && vb.height > 0) {
        *w = vb.width, *hgt = vb.height;
        return true;
    }
    return false;
}

AisleDeck *aisle_open(const char *path, char *err, size_t errsize)
{
    GError *e = NULL;
    RsvgHandle *h = rsvg_handle_new_from_file(path, &e);
    if (!h) {
        set_gerr(err, errsize, "cannot read the file", e);
        return NULL;
    }
    AisleDeck *d = SDL_calloc(1, sizeof *d);
    if (!d) {
        g_object_unref(h);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    d->svg = h;
    if (!doc_size(h, &d->doc_w, &d->doc_h)) {
        snprintf(err, errsize, "the file has no size");
        aisle_close(d);
        return NULL;
    }
    /* The back is usually the third card of the last row; ask the file where it is. */
    d->back_col = 2, d->back_row = 4;
    RsvgRectangle vp = {0, 0, d->doc_w, d->doc_h}, ink, logical;
    if (rsvg_handle_get_geometry_for_layer(h, "#back", &vp, &ink, &logical, NULL)) {
        double cx = ink.x + ink.width / 2, cy = ink.y + ink.height / 2;
        int col = (int)floor(cx / (d->doc_w / COLS)), row = (int)floor(cy / (d->doc_h / ROWS));
        if (col >= 0 && col < COLS && row >= 0 && row < ROWS)
            d->back_col = col, d->back_row = row;
    }
    return d;
}

void aisle_close(AisleDeck *d)
{
    if (!d)
        return;
    if (d->svg)
        g_object_unref(d->svg);
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
    const unsigned char *base = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
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
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w * COLS, h * nrows);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errsize, "out of memory for a %dx%d image", w * COLS, h * nrows);
        cairo_surface_destroy(img);
        return NULL;
    }
    cairo_t *cr = cairo_create(img);
    double sx = w / (d->doc_w / COLS), sy = h / (d->doc_h / ROWS);
    cairo_scale(cr, sx, sy);
    cairo_translate(cr, 0, -row0 * (d->doc_h / ROWS));
    RsvgRectangle vp = {0, 0, d->doc_w, d->doc_h};
    GError *e = NULL;
    gboolean ok = rsvg_handle_render_document(d->svg, cr, &vp, &e);
    cairo_destroy(cr);
    cairo_surface_flush(img);
    if (!ok) {
        set_gerr(err, errsize, "cannot draw the deck", e);
        cairo_surface_destroy(img);
        return NULL;
    }
    return img;
}

bool aisle_render(AisleDeck *d, int w, int h, SDL_Surface *out[53], char *err, size_t errsize)
{
    memset(out, 0, 53 * sizeof out[0]);
    int nrows = d->back_row >= 4 ? d->back_row + 1 : 4;
    if (nrows > ROWS)
        nrows = ROWS;
    cairo_surface_t *img = render_rows(d, w, h, 0, nrows, err, errsize);
    if (!img)
        return false;
    bool ok = true;
    for (int i = 0; i < 52 && ok; i++)
        ok = (out[i] = cut(img, (i % 13) * w, (i / 13) * h, w, h)) != NULL;
    if (ok)
        ok = (out[52] = cut(img, d->back_col * w, d->back_row * h, w, h)) != NULL;
    cairo_surface_destroy(img);
    if (!ok) {
        for (int i = 0; i < 53; i++) {
            SDL_FreeSurface(out[i]);
            out[i] = NULL;
        }
        snprintf(err, errsize, "out of memory");
    }
    return ok;
}
