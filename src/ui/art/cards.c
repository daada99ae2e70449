/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cards.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "raster.h"
#include "ui/i18n.h"
#ifdef TASCA_HAVE_RSVG
#include "aisleriot.h"
#include <dirent.h>
#endif

/* Atlas cells: 52 faces in card_index order and the joker (the faces a deck draws), then
 * the back, the slot and the shadow. */
enum { CELL_JOKER = 52, CELL_FACES, CELL_BACK = CELL_FACES, CELL_SLOT, CELL_SHADOW, CELL_COUNT };
/* Transparent margin around each cell, so rotated and scaled cards keep smooth edges and
 * linear filtering never reads a neighbour. */
#define PAD 2
/* Shadow geometry, as fractions of the card height. */
#define SHADOW_BLUR 0.022
#define SHADOW_DX 0.004
#define SHADOW_DY 0.016
#define SHADOW_ALPHA 0.38

struct CardArt {
    char deck_id[64];
    BuiltinDeck *builtin; /* faces of the built-in deck (NULL for an Aisleriot deck) */
#ifdef TASCA_HAVE_RSVG
    AisleDeck *aisle;
#endif
    SDL_Surface *deck_back; /* an Aisleriot deck's own back at the current size */
    int back;
    double aspect;
    SDL_Texture *tex;
    int want_h;                /* height asked for in cardart_prepare */
    int failed_h;              /* a height whose atlas could not be made: not retried per frame */
    int card_w, card_h;        /* size of a card in the atlas (smaller than want_h if capped) */
    int shadow_m;              /* margin of the shadow cell around the card */
    SDL_Rect cell[CELL_COUNT]; /* the card itself inside the atlas, without PAD */
    double render_ms;
    /* The built-in deck's 52 faces are drawn on a helper thread while the table starts
     * (the first frame shows backs at most); the first face drawn, or the first draw
     * after the job ends, uploads them. */
    SDL_Thread *faces_job;
    SDL_atomic_t faces_done;
    bool faces_ok;
    SDL_Surface *faces_sheet; /* the job's atlas-sized sheet: only its face cells count */
    Uint64 faces_t0;
    /* A prefetch (cardart_prefetch, before there is a renderer) draws every cell into
     * faces_sheet; cardart_prepare adopts it when the layout it wants is the same. */
    bool job_full;
    int job_h;
    SDL_Point job_size;
};

static void finish_faces(CardArt *a, bool upload);

/* ---- Deck list ---- */

int cardart_back_count(void)
{
    return builtin_back_count();
}
const char *cardart_back_name(int back)
{
    return builtin_back_name(back);
}

#ifdef TASCA_HAVE_RSVG
/* "anglo_modern_4_color" -> "Anglo Modern 4 Color". */
static void pretty_name(const char *id, char *out, size_t size)
{
    size_t n = 0;
    bool word = true;
    for (const char *p = id; *p && n + 1 < size; p++) {
        char ch = *p;
        if (ch == '_' || ch == '-') {
            ch = ' ';
            word = true;
        } else if (word) {
            if (ch >= 'a' && ch <= 'z')
                ch = (char)(ch - 'a' + 'A');
            word = false;
        }
        out[n++] = ch;
    }
    out[n] = '\0';
}

static bool has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a > b && strcmp(s + a - b, suf) == 0;
}

static int scan_dir(const char *dir, DeckInfo *out, int n, int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return n;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        const char *f = e->d_name;
        size_t suf = has_suffix(f, ".svgz") ? 5 : has_suffix(f, ".svg") ? 4 : 0;
        if (!suf || strlen(f) - suf >= sizeof out->id)
            continue;
        DeckInfo info;
        memset(&info, 0, sizeof info);
        memcpy(info.id, f, strlen(f) - suf);
        if (snprintf(info.path, sizeof info.path, "%s/%s", dir, f) >= (int)sizeof info.path)
            continue;
        bool dup = strcmp(info.id, CARDART_BUILTIN) == 0;
        for (int i = 0; i < n && !dup; i++)
            dup = strcmp(out[i].id, info.id) == 0;
        if (dup) /* the first directory wins, as in XDG_DATA_DIRS */
            continue;
        pretty_name(info.id, info.name, sizeof info.name);
        out[n++] = info;
    }
    closedir(d);
    return n;
}

static int by_name(const void *a, const void *b)
{
    return SDL_strcasecmp(((const DeckInfo *)a)->name, ((const DeckInfo *)b)->name);
}
#endif

int cardart_list_decks(DeckInfo *out, int max)
{
    if (max <= 0)
        return 0;
    memset(&out[0], 0, sizeof out[0]);
    snprintf(out[0].id, sizeof out[0].id, "%s", CARDART_BUILTIN);
    snprintf(out[0].name, sizeof out[0].name, "Tasca");
    int n = 1;
#ifdef TASCA_HAVE_RSVG
    /* Aisleriot looks in $XDG_DATA_HOME and $XDG_DATA_DIRS under aisleriot/cards. */
    char dir[512];
    const char *home = getenv("XDG_DATA_HOME"), *user = getenv("HOME");
    if (home && *home)
        snprintf(dir, sizeof dir, "%s/aisleriot/cards", home);
    else if (user && *user)
        snprintf(dir, sizeof dir, "%s/.local/share/aisleriot/cards", user);
    else
        dir[0] = '\0';
    if (dir[0])
        n = scan_dir(dir, out, n, max);
    const char *dirs = getenv("XDG_DATA_DIRS");
    if (!dirs || !*dirs)
        dirs = "/usr/local/share:/usr/share";
    while (*dirs) {
        size_t len = strcspn(dirs, ":");
        if (len && len < 400) {
            snprintf(dir, sizeof dir, "%.*s/aisleriot/cards", (int)len, dirs);
            n = scan_dir(dir, out, n, max);
        }
        dirs += len + (dirs[len] == ':');
    }
    qsort(out + 1, (size_t)(n - 1), sizeof out[0], by_name);
#endif
    return n;
}

/* ---- Creation ---- */

static void set_err(char *err, size_t errsize, const char *fmt, ...)
{
    if (!err || !errsize)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsize, fmt, ap);
    va_end(ap);
}

CardArt *cardart_create(SDL_Renderer *r, const char *deck_id, int back, char *err, size_t errsize)
{
    (void)r; /* the atlas is made by cardart_prepare */
    if (err && errsize)
        err[0] = '\0';
    CardArt *a = calloc(1, sizeof *a);
    if (!a) {
        set_err(err, errsize, _("out of memory"));
        return NULL;
    }
    a->back = back;
    if (!deck_id || !*deck_id)
        deck_id = CARDART_BUILTIN;
    if (strcmp(deck_id, CARDART_BUILTIN) != 0) {
#ifdef TASCA_HAVE_RSVG
        DeckInfo list[128];
        int n = cardart_list_decks(list, 128);
        const char *path = NULL;
        for (int i = 1; i < n && !path; i++)
            if (strcmp(list[i].id, deck_id) == 0)
                path = list[i].path;
        char why[256] = "";
        if (path)
            a->aisle = aisle_open(path, why, sizeof why);
        else
            snprintf(why, sizeof why, "%s", _("it is not installed"));
        if (a->aisle) {
            snprintf(a->deck_id, sizeof a->deck_id, "%s", deck_id);
            a->aspect = aisle_aspect(a->aisle);
            return a;
        }
        set_err(err, errsize,
                _("The card deck \"%s\" cannot be used (%s); using the built-in deck."), deck_id,
                why);
#else
        set_err(err, errsize,
                _("The card deck \"%s\" cannot be used (%s); using the built-in deck."), deck_id,
                _("this build has no SVG deck support"));
#endif
    }
    char why[256] = "";
    a->builtin = builtin_open(why, sizeof why);
    if (!a->builtin) {
        set_err(err, errsize, _("Cannot draw the cards: %s"), why);
        free(a);
        return NULL;
    }
    snprintf(a->deck_id, sizeof a->deck_id, "%s", CARDART_BUILTIN);
    a->aspect = BUILTIN_W / BUILTIN_H;
    return a;
}

void cardart_destroy(CardArt *a)
{
    if (!a)
        return;
    finish_faces(a, false);
    if (a->tex)
        SDL_DestroyTexture(a->tex);
    SDL_FreeSurface(a->deck_back);
    builtin_close(a->builtin);
#ifdef TASCA_HAVE_RSVG
    aisle_close(a->aisle);
#endif
    free(a);
}

double cardart_aspect(const CardArt *a)
{
    return a ? a->aspect : BUILTIN_W / BUILTIN_H;
}
const char *cardart_deck_id(const CardArt *a)
{
    return a ? a->deck_id : CARDART_BUILTIN;
}
int cardart_get_back(const CardArt *a)
{
    return a ? a->back : 0;
}
int cardart_prepared_height(const CardArt *a)
{
    return a && a->tex ? a->want_h : 0;
}
double cardart_last_render_ms(const CardArt *a)
{
    return a ? a->render_ms : 0;
}

void cardart_invalidate(CardArt *a)
{
    if (!a)
        return;
    finish_faces(a, false);
    if (a->tex)
        SDL_DestroyTexture(a->tex);
    a->tex = NULL;
    a->want_h = a->failed_h = 0;
}

/* ---- Atlas ---- */

static bool uses_deck_back(const CardArt *a)
{
#ifdef TASCA_HAVE_RSVG
    return a->aisle && a->back < 0;
#else
    (void)a;
    return false;
#endif
}

static SDL_Surface *make_back(CardArt *a)
{
    if (uses_deck_back(a) && a->deck_back)
        return SDL_ConvertSurfaceFormat(a->deck_back, SDL_PIXELFORMAT_RGBA32, 0);
    return builtin_back(a->back < 0 ? 0 : a->back, a->card_w, a->card_h);
}

/* Shelf packing of the cells into rows no wider than max_w; returns the atlas size. */
static SDL_Point pack(CardArt *a, int max_w)
{
    int cw = a->card_w + 2 * PAD, ch = a->card_h + 2 * PAD;
    int x = 0, y = 0, row_h = 0, width = 0;
    for (int i = 0; i < CELL_COUNT; i++) {
        int w = cw, h = ch, m = 0;
        if (i == CELL_SHADOW) {
            m = a->shadow_m;
            w += 2 * m, h += 2 * m;
        }
        if (x + w > max_w && x > 0) {
            y += row_h;
            x = row_h = 0;
        }
        a->cell[i] = (SDL_Rect){x + PAD + m, y + PAD + m, a->card_w, a->card_h};
        x += w;
        if (h > row_h)
            row_h = h;
        if (x > width)
            width = x;
    }
    return (SDL_Point){width, y + row_h};
}

/* Puts a card image into its cell and fills the cell's margin for clean filtering. */
static void place(SDL_Surface *sheet, const SDL_Rect *cell, SDL_Surface *img)
{
    if (!img)
        return;
    raster_copy(sheet, img, cell->x, cell->y);
    SDL_FreeSurface(img);
    /* Cards are opaque but for their rounded corners: only a band along the edges has
     * transparent pixels. */
    int band = PAD + (int)ceil(builtin_corner() * cell->h) + 2;
    raster_bleed(sheet,
                 (SDL_Rect){cell->x - PAD, cell->y - PAD, cell->w + 2 * PAD, cell->h + 2 * PAD},
                 band);
}

static bool render_faces(CardArt *a, SDL_Surface *sheet)
{
#ifdef TASCA_HAVE_RSVG
    if (a->aisle) {
        SDL_Surface *img[AISLE_CELLS];
        char why[256];
        if (!aisle_render(a->aisle, a->card_w, a->card_h, img, why, sizeof why)) {
            SDL_Log("cards: %s", why);
            return false;
        }
        for (int i = 0; i < 52; i++)
            place(sheet, &a->cell[i], img[i]);
        place(sheet, &a->cell[CELL_JOKER], img[AISLE_JOKER]);
        SDL_FreeSurface(a->deck_back);
        a->deck_back = img[AISLE_BACK];
        return true;
    }
#endif
    for (int i = 0; i < 52; i++)
        place(sheet, &a->cell[i],
              builtin_face(a->builtin, card_from_index(i), a->card_w, a->card_h));
    place(sheet, &a->cell[CELL_JOKER], builtin_face(a->builtin, CARD_JOKER, a->card_w, a->card_h));
    return true;
}

/* The cells that do not depend on the deck's faces. */
typedef struct {
    CardArt *a;
    SDL_Surface *back, *slot, *shadow;
} ExtraJob;

static int extra_job(void *data)
{
    ExtraJob *job = data;
    CardArt *a = job->a;
    job->back = make_back(a);
    job->slot = builtin_slot(a->card_w, a->card_h);
    job->shadow = raster_shadow(a->card_w, a->card_h, builtin_corner() * a->card_h,
                                SHADOW_BLUR * a->card_h, SHADOW_ALPHA);
    return 0;
}

static int faces_job(void *data)
{
    CardArt *a = data;
    a->faces_ok = render_faces(a, a->faces_sheet);
    SDL_AtomicSet(&a->faces_done, 1);
    return 0;
}

/* Waits for the faces job, then uploads its face cells (margins included) into the atlas,
 * or with upload false only lets it go. */
static void finish_faces(CardArt *a, bool upload)
{
    if (!a->faces_job)
        return;
    SDL_WaitThread(a->faces_job, NULL);
    a->faces_job = NULL;
    if (a->job_full) /* a prefetch not adopted: its layout is not the atlas's */
        upload = false;
    a->job_full = false;
    if (upload && a->faces_ok && a->tex) {
        SDL_Surface *s = a->faces_sheet;
        for (int i = 0; i < CELL_FACES; i++) {
            const SDL_Rect *c = &a->cell[i];
            SDL_Rect area = {c->x - PAD, c->y - PAD, c->w + 2 * PAD, c->h + 2 * PAD};
            const Uint8 *px = (const Uint8 *)s->pixels + (size_t)area.y * s->pitch + area.x * 4;
            SDL_UpdateTexture(a->tex, &area, px, s->pitch);
        }
        a->render_ms = (double)(SDL_GetPerformanceCounter() - a->faces_t0) * 1000.0 /
                       (double)SDL_GetPerformanceFrequency();
    } else if (upload) {
        SDL_Log("cards: the card faces could not be drawn");
    }
    SDL_FreeSurface(a->faces_sheet);
    a->faces_sheet = NULL;
}

/* Before drawing: faces wanted (need_faces) wait for the job; otherwise a finished job is
 * picked up without waiting. */
static void poll_faces(CardArt *a, bool need_faces)
{
    if (a->faces_job && (need_faces || SDL_AtomicGet(&a->faces_done)))
        finish_faces(a, true);
}

/* Lays the atlas out for cards height_px high in textures of at most max_w x max_h
 * (card size, shadow margin, cells); returns the atlas size. */
static SDL_Point layout(CardArt *a, int height_px, int max_w, int max_h)
{
    /* Cards bigger than the renderer's textures allow are drawn a little smaller and
     * scaled up: rare (huge screens), and better than no cards. */
    int h = height_px;
    SDL_Point size;
    for (;;) {
        a->card_h = h;
        a->card_w = (int)lround(h * a->aspect);
        a->shadow_m = (int)ceil(2 * SHADOW_BLUR * h);
        int cw = a->card_w + 2 * PAD, ch = a->card_h + 2 * PAD;
        int cols = (int)ceil(sqrt(CELL_COUNT * (double)ch / cw));
        int want_w = cols * cw + 2 * a->shadow_m;
        size = pack(a, want_w < max_w ? want_w : max_w);
        if ((size.x <= max_w && size.y <= max_h) || h <= 16)
            return size;
        h = h * 9 / 10;
    }
}

/* Every cell of the sheet: the prefetch's job. */
static int full_job(void *data)
{
    CardArt *a = data;
    SDL_Surface *sheet = a->faces_sheet;
    ExtraJob extra = {a, NULL, NULL, NULL};
    extra_job(&extra);
    a->faces_ok = render_faces(a, sheet);
    place(sheet, &a->cell[CELL_BACK], extra.back);
    place(sheet, &a->cell[CELL_SLOT], extra.slot);
    if (extra.shadow) {
        raster_copy(sheet, extra.shadow, a->cell[CELL_SHADOW].x - a->shadow_m,
                    a->cell[CELL_SHADOW].y - a->shadow_m);
        SDL_FreeSurface(extra.shadow);
    }
    SDL_AtomicSet(&a->faces_done, 1);
    return 0;
}

void cardart_prefetch(CardArt *a, int height_px)
{
    if (!a || !a->builtin || a->tex || a->faces_job || height_px < 8)
        return;
    /* 4096 is what every renderer allows; a renderer wanting another layout makes its own. */
    SDL_Point size = layout(a, height_px, 4096, 4096);
    a->faces_sheet = raster_new(size.x, size.y);
    if (!a->faces_sheet)
        return;
    a->faces_t0 = SDL_GetPerformanceCounter();
    a->faces_ok = false;
    SDL_AtomicSet(&a->faces_done, 0);
    a->job_full = true;
    a->job_h = height_px;
    a->job_size = size;
    if (!(a->faces_job = SDL_CreateThread(full_job, "tasca-cards-pre", a))) {
        a->job_full = false;
        SDL_FreeSurface(a->faces_sheet);
        a->faces_sheet = NULL;
    }
}

/* Makes the atlas texture from a whole sheet. */
static bool upload_sheet(CardArt *a, SDL_Renderer *r, SDL_Surface *sheet, int height_px,
                         Uint64 t0)
{
    SDL_Texture *tex =
        SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, sheet->w, sheet->h);
    if (!tex || SDL_UpdateTexture(tex, NULL, sheet->pixels, sheet->pitch) != 0) {
        SDL_Log("cards: cannot make the card atlas (%dx%d): %s", sheet->w, sheet->h,
                SDL_GetError());
        if (tex)
            SDL_DestroyTexture(tex);
        return false;
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(tex, SDL_ScaleModeBest);
    a->tex = tex;
    a->want_h = height_px;
    a->render_ms =
        (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    return true;
}

/* Takes over a prefetch made for this height and layout: true when the atlas is ready. */
static bool adopt_prefetch(CardArt *a, SDL_Renderer *r, int height_px, int max_w, int max_h)
{
    if (!a->faces_job || !a->job_full || a->job_h != height_px)
        return false;
    CardArt probe = *a; /* only read while the job runs */
    SDL_Point size = layout(&probe, height_px, max_w, max_h);
    if (size.x != a->job_size.x || size.y != a->job_size.y || probe.card_w != a->card_w ||
        probe.card_h != a->card_h)
        return false;
    SDL_WaitThread(a->faces_job, NULL);
    a->faces_job = NULL;
    a->job_full = false;
    SDL_Surface *sheet = a->faces_sheet;
    a->faces_sheet = NULL;
    bool ok = a->faces_ok && upload_sheet(a, r, sheet, height_px, a->faces_t0);
    SDL_FreeSurface(sheet);
    return ok;
}

bool cardart_prepare(CardArt *a, SDL_Renderer *r, int height_px)
{
    if (!a || !r || height_px < 8)
        return false;
    if (a->tex && a->want_h == height_px)
        return true;
    Uint64 t0 = SDL_GetPerformanceCounter();

    SDL_RendererInfo info;
    int max_w = 4096, max_h = 4096;
    if (SDL_GetRendererInfo(r, &info) == 0) {
        if (info.max_texture_width > 0)
            max_w = info.max_texture_width;
        if (info.max_texture_height > 0)
            max_h = info.max_texture_height;
    }
    if (max_w > 8192)
        max_w = 8192;
    if (max_h > 8192)
        max_h = 8192;

    if (!a->tex && adopt_prefetch(a, r, height_px, max_w, max_h))
        return true;
    /* A job still drawing at another size reads the layout changed below. */
    finish_faces(a, false);
    SDL_Point size = layout(a, height_px, max_w, max_h);

    /* The layout changed: an older atlas no longer matches the cells. */
    cardart_invalidate(a);
    SDL_Surface *sheet = raster_new(size.x, size.y);
    if (!sheet)
        return false;
    ExtraJob extra = {a, NULL, NULL, NULL};
    bool faces_ok = true;
    if (a->builtin) {
        /* The built-in faces are drawn on a helper thread into a sheet of their own while
         * this one gets the back, the slot and the shadow (finish_faces uploads them). */
        a->faces_sheet = raster_new(size.x, size.y);
        a->faces_t0 = t0;
        SDL_AtomicSet(&a->faces_done, 0);
        if (a->faces_sheet &&
            !(a->faces_job = SDL_CreateThread(faces_job, "tasca-faces", a))) {
            /* No thread: draw them here, as part of the sheet. */
            SDL_FreeSurface(a->faces_sheet);
            a->faces_sheet = NULL;
        }
        if (!a->faces_job)
            faces_ok = render_faces(a, sheet);
        extra_job(&extra);
    } else {
        /* An Aisleriot deck: its back comes with the faces. */
        faces_ok = render_faces(a, sheet);
        extra_job(&extra);
    }
    if (!faces_ok) {
        SDL_FreeSurface(extra.back);
        SDL_FreeSurface(extra.slot);
        SDL_FreeSurface(extra.shadow);
        SDL_FreeSurface(sheet);
#ifdef TASCA_HAVE_RSVG
        /* A deck that fails to render falls back to ours rather than showing nothing. */
        if (a->aisle) {
            char why[256] = "";
            a->builtin = builtin_open(why, sizeof why);
            if (!a->builtin)
                return false;
            aisle_close(a->aisle);
            a->aisle = NULL;
            snprintf(a->deck_id, sizeof a->deck_id, "%s", CARDART_BUILTIN);
            a->aspect = BUILTIN_W / BUILTIN_H;
            return cardart_prepare(a, r, height_px);
        }
#endif
        return false;
    }
    place(sheet, &a->cell[CELL_BACK], extra.back);
    place(sheet, &a->cell[CELL_SLOT], extra.slot);
    if (extra.shadow) {
        raster_copy(sheet, extra.shadow, a->cell[CELL_SHADOW].x - a->shadow_m,
                    a->cell[CELL_SHADOW].y - a->shadow_m);
        SDL_FreeSurface(extra.shadow);
    }

    bool ok = upload_sheet(a, r, sheet, height_px, t0);
    SDL_FreeSurface(sheet);
    if (!ok)
        finish_faces(a, false);
    return ok;
}

void cardart_set_back(CardArt *a, int back)
{
    if (!a || back == a->back)
        return;
    a->back = back;
    if (!a->tex)
        return;
    /* Re-render only the back's cell, margin included, and upload that rectangle. */
    const SDL_Rect *c = &a->cell[CELL_BACK];
    SDL_Surface *cell = raster_new(c->w + 2 * PAD, c->h + 2 * PAD);
    if (!cell)
        return;
    SDL_Rect inner = {PAD, PAD, c->w, c->h};
    place(cell, &inner, make_back(a));
    SDL_Rect dst = {c->x - PAD, c->y - PAD, cell->w, cell->h};
    SDL_UpdateTexture(a->tex, &dst, cell->pixels, cell->pitch);
    SDL_FreeSurface(cell);
}

/* ---- Drawing ---- */

static bool ready(CardArt *a, SDL_Renderer *r, const SDL_FRect *dst, bool need_faces)
{
    if (!a || !dst || dst->w <= 0 || dst->h <= 0)
        return false;
    /* Not prepared yet: prepare for this size rather than draw nothing. */
    int h = (int)lround(dst->h);
    if (!a->tex && h != a->failed_h && !cardart_prepare(a, r, h))
        a->failed_h = h;
    poll_faces(a, need_faces);
    return a->tex != NULL;
}

/* Copies an atlas cell, grown by `m` texels on each side, to dst grown to match. */
static void blit(CardArt *a, SDL_Renderer *r, const SDL_Rect *cell, int m, const SDL_FRect *dst,
                 double angle, Uint8 alpha)
{
    float sx = dst->w / (float)cell->w, sy = dst->h / (float)cell->h;
    SDL_Rect src = {cell->x - m, cell->y - m, cell->w + 2 * m, cell->h + 2 * m};
    SDL_FRect d = {dst->x - m * sx, dst->y - m * sy, dst->w + 2 * m * sx, dst->h + 2 * m * sy};
    SDL_SetTextureAlphaMod(a->tex, alpha);
    if (angle == 0)
        SDL_RenderCopyF(r, a->tex, &src, &d);
    else
        SDL_RenderCopyExF(r, a->tex, &src, &d, angle, NULL, SDL_FLIP_NONE);
}

void cardart_draw(CardArt *a, SDL_Renderer *r, Card c, const SDL_FRect *dst, double angle_deg,
                  Uint8 alpha)
{
    if (!ready(a, r, dst, c != CARD_HIDDEN))
        return;
    int i = c == CARD_HIDDEN  ? CELL_BACK
            : c == CARD_JOKER ? CELL_JOKER
            : card_is_valid(c) ? card_index(c)
                               : -1;
    if (i < 0)
        return;
    blit(a, r, &a->cell[i], PAD, dst, angle_deg, alpha);
}

void cardart_draw_shadow(CardArt *a, SDL_Renderer *r, const SDL_FRect *dst, double angle_deg,
                         Uint8 alpha)
{
    if (!ready(a, r, dst, false))
        return;
    /* Light from above: the shadow falls a little below the card, whatever its angle. */
    SDL_FRect d = *dst;
    d.x += (float)(SHADOW_DX * dst->h);
    d.y += (float)(SHADOW_DY * dst->h);
    blit(a, r, &a->cell[CELL_SHADOW], a->shadow_m, &d, angle_deg, alpha);
}

void cardart_draw_slot(CardArt *a, SDL_Renderer *r, const SDL_FRect *dst)
{
    if (!ready(a, r, dst, false))
        return;
    blit(a, r, &a->cell[CELL_SLOT], PAD, dst, 0, 255);
}
