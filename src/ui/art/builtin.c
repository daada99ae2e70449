/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "builtin.h"

#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "data.h"
#include "raster.h"
#include "svgbuf.h"
#include "ui/i18n.h"

#define PI 3.14159265358979323846

/* ---- Palette and proportions (fractions of the card height H or width W) ---- */

#define INK_RED "#c41e3a"
#define INK_BLACK "#1d1d24"
#define EDGE "#8c877e"      /* thin card border */
#define GOLD_LINE "#6b4a12" /* outline of gold ornaments */

#define CORNER 0.036     /* corner radius / H (a real poker card: 1/8 in on 3.5 in) */
#define IDX_CX 0.095     /* index column centre / W */
#define IDX_TOP 0.042    /* top of the index rank / H */
#define PIP_TOP 0.210    /* first pip row / H */
#define COURT_PIP 0.05   /* small suits in the corners of a court picture / H */
#define LETTER_CAP 0.066 /* the J, Q, K in a court medallion / H */

/* Proportions that change with the size: small cards get larger indices (they are what
 * a fanned hand shows) and slightly smaller pips, moved inwards to make room. */
typedef struct {
    double idx_cap; /* cap height of the index rank / H */
    double idx_pip; /* height of the small suit under the rank / H */
    double pip;     /* height of a pip on 2..10 / H */
    double pip_col; /* left pip column / W */
} Metrics;

/* How "small" a card is: 1 at 90 px high and below, 0 from 200 px. */
static double smallness(int h)
{
    double f = (200.0 - h) / 110.0;
    return f < 0 ? 0 : f > 1 ? 1 : f;
}

static Metrics metrics(int h)
{
    double f = smallness(h);
    return (Metrics){0.100 + 0.020 * f, 0.072 + 0.006 * f, 0.128 - 0.008 * f, 0.300 + 0.020 * f};
}

/* Suit shapes in a 100×100 box, centred, pointing up; drawn as smooth paths so no font
 * glyph is needed. Order follows SUIT_*: clubs, diamonds, hearts, spades. */
static const char *const suit_d[4] = {
    /* club: three lobes and a flared stem */
    "M50,4 C62,4 72,13 72,26 C72,33 69,38 65,42 C68,40 72,39 76,39 C89,39 98,49 98,61 "
    "C98,74 88,83 76,83 C66,83 58,78 54,69 C55,82 60,91 69,97 L31,97 C40,91 45,82 46,69 "
    "C42,78 34,83 24,83 C12,83 2,74 2,61 C2,49 11,39 24,39 C28,39 32,40 35,42 "
    "C31,38 28,33 28,26 C28,13 38,4 50,4 Z",
    /* diamond: gently curved sides */
    "M50,1 C57,17 69,34 83,50 C69,66 57,83 50,99 C43,83 31,66 17,50 C31,34 43,17 50,1 Z",
    /* heart */
    "M50,97 C46,88 37,79 25,67 C12,54 2,44 2,28 C2,13 13,3 27,3 C38,3 46,10 50,21 "
    "C54,10 62,3 73,3 C87,3 98,13 98,28 C98,44 88,54 75,67 C63,79 54,88 50,97 Z",
    /* spade: an upturned heart on a flared stem */
    "M50,2 C55,13 64,23 76,34 C89,46 98,55 98,67 C98,80 88,88 76,88 C66,88 58,83 54,75 "
    "C55,86 59,92 68,98 L32,98 C41,92 45,86 46,75 C42,83 34,88 24,88 C12,88 2,80 2,67 "
    "C2,55 11,46 24,34 C36,23 45,13 50,2 Z",
};

static bool suit_is_red(int suit)
{
    return suit == SUIT_DIAMONDS || suit == SUIT_HEARTS;
}
static const char *suit_ink(int suit)
{
    return suit_is_red(suit) ? INK_RED : INK_BLACK;
}

/* A rasterised part of a card and where its top-left pixel goes on the card. */
typedef struct {
    SDL_Surface *img;
    int x, y;
} Piece;

/* Everything a face is assembled from, rasterised once per card size: nanosvg costs
 * about as much per covered pixel as a memcpy of a whole card, so each shape is drawn
 * once and then copied. */
typedef struct {
    int w, h; /* card size in pixels (0: empty) */
    Metrics m;
    int cap_px;
    SDL_Surface *rank[2][14];                /* [red][rank] index text, cropped to the ink */
    SDL_Surface *letter[3];                  /* J, Q, K for the court medallions */
    Piece paper;                             /* the blank card */
    SDL_Surface *pip[4], *ipip[4], *cpip[4]; /* centred suits: 2..10, index, court corner */
    Piece ace[4];
    Piece panel[2];    /* [red] court picture frame, background and fold line */
    Piece medal[2][3]; /* [red][J,Q,K] medallion of the upper half */
    Piece jmedal;      /* the joker's medallion: a jester's cap */
    SDL_Surface *joker[5]; /* "J", "O", "K", "E", "R" stacked in the joker's corners */
} Parts;

struct BuiltinDeck {
    TTF_Font *font;   /* corner indices */
    TTF_Font *big;    /* the letter on court cards */
    double cap_ratio; /* cap height in pixels per point */
    Parts parts;
};

/* ---- Font ---- */

static TTF_Font *open_font(char *err, size_t errsize)
{
    char path[600];
    art_data_path(ART_FONT_INDEX, path, sizeof path);
    TTF_Font *f = TTF_OpenFont(path, 100);
    if (f)
        return f;
    /* A system copy keeps the cards readable when the data directory is wrong. */
    const char *const fallback[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    };
    for (size_t i = 0; i < sizeof fallback / sizeof fallback[0]; i++)
        if ((f = TTF_OpenFont(fallback[i], 100))) {
            SDL_Log("cards: %s not found, using %s", path, fallback[i]);
            return f;
        }
    snprintf(err, errsize, "cannot open the card font %s: %s", path, TTF_GetError());
    return NULL;
}

static void drop_parts(Parts *p)
{
    for (int c = 0; c < 2; c++) {
        for (int r = 0; r < 14; r++)
            SDL_FreeSurface(p->rank[c][r]);
        SDL_FreeSurface(p->panel[c].img);
        for (int i = 0; i < 3; i++)
            SDL_FreeSurface(p->medal[c][i].img);
    }
    SDL_FreeSurface(p->jmedal.img);
    for (int i = 0; i < 5; i++)
        SDL_FreeSurface(p->joker[i]);
    for (int i = 0; i < 3; i++)
        SDL_FreeSurface(p->letter[i]);
    for (int s = 0; s < 4; s++) {
        SDL_FreeSurface(p->pip[s]);
        SDL_FreeSurface(p->ipip[s]);
        SDL_FreeSurface(p->cpip[s]);
        SDL_FreeSurface(p->ace[s].img);
    }
    SDL_FreeSurface(p->paper.img);
    memset(p, 0, sizeof *p);
}

BuiltinDeck *builtin_open(char *err, size_t errsize)
{
    if (TTF_Init() != 0) {
        snprintf(err, errsize, "SDL_ttf: %s", TTF_GetError());
        return NULL;
    }
    BuiltinDeck *d = SDL_calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errsize, "out of memory");
        TTF_Quit();
        return NULL;
    }
    d->font = open_font(err, errsize);
    d->big = d->font ? open_font(err, errsize) : NULL;
    if (!d->big) {
        builtin_close(d);
        return NULL;
    }
    int maxy = 0;
    if (TTF_GlyphMetrics32(d->font, 'K', NULL, NULL, NULL, &maxy, NULL) != 0 || maxy <= 0)
        maxy = 73; /* DejaVu's cap height */
    d->cap_ratio = maxy / 100.0;
    return d;
}

void builtin_close(BuiltinDeck *d)
{
    if (!d)
        return;
    drop_parts(&d->parts);
    if (d->font)
        TTF_CloseFont(d->font);
    if (d->big)
        TTF_CloseFont(d->big);
    SDL_free(d);
    TTF_Quit();
}

/* Sets text glyph by glyph, packed by their ink (a tight "10" fits the index column),
 * and crops the result to the ink. Rows keep the font's baseline, so every rank's top
 * lines up once cropped. */
static SDL_Surface *make_text(TTF_Font *font, const char *text, SDL_Color col, int gap)
{
    SDL_Surface *g[4] = {NULL};
    SDL_Rect ink[4];
    int n = 0, total = 0, hgt = 0;
    char one[2] = {0, 0};
    for (const char *p = text; *p && n < 4; p++) {
        one[0] = *p;
        SDL_Surface *t = TTF_RenderUTF8_Blended(font, one, col);
        SDL_Surface *c = t ? SDL_ConvertSurfaceFormat(t, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
        SDL_FreeSurface(t);
        if (!c)
            continue;
        ink[n] = raster_ink_box(c);
        if (c->h > hgt)
            hgt = c->h;
        total += ink[n].w + (n ? gap : 0);
        g[n++] = c;
    }
    SDL_Surface *out = total > 0 ? raster_new(total, hgt) : NULL;
    for (int i = 0, x = 0; i < n; i++) {
        if (out) {
            SDL_Surface *part = raster_new(ink[i].w, g[i]->h);
            if (part) {
                raster_copy(part, g[i], -ink[i].x, 0);
                raster_over(out, part, x, 0, false);
                SDL_FreeSurface(part);
            }
        }
        x += ink[i].w + gap;
        SDL_FreeSurface(g[i]);
    }
    if (!out)
        return NULL;
    SDL_Rect box = raster_ink_box(out);
    SDL_Surface *crop = box.w ? raster_new(box.w, box.h) : NULL;
    if (crop)
        raster_copy(crop, out, -box.x, -box.y);
    SDL_FreeSurface(out);
    return crop;
}

static double letter_scale(int w, int h);

static int font_pt(const BuiltinDeck *d, double cap_px)
{
    int pt = (int)lround(cap_px / d->cap_ratio);
    return pt < 4 ? 4 : pt;
}

static void make_text_parts(BuiltinDeck *d, Parts *p, int w, int h)
{
    double cap = p->m.idx_cap * h;
    TTF_SetFontSize(d->font, font_pt(d, cap));
    /* Small sizes: full hinting snaps stems to pixels and keeps the index crisp. */
    TTF_SetFontHinting(d->font, h < 160 ? TTF_HINTING_NORMAL : TTF_HINTING_LIGHT);
    int maxy = 0;
    TTF_GlyphMetrics32(d->font, 'K', NULL, NULL, NULL, &maxy, NULL);
    p->cap_px = maxy > 0 ? maxy : (int)lround(cap);
    static const SDL_Color ink[2] = {{0x1d, 0x1d, 0x24, 255}, {0xc4, 0x1e, 0x3a, 255}};
    int gap = (int)lround(cap * 0.06);
    for (int c = 0; c < 2; c++)
        for (int r = 1; r <= 13; r++)
            p->rank[c][r] = make_text(d->font, card_rank_text(r), ink[c], gap);
    TTF_SetFontSize(d->big, font_pt(d, LETTER_CAP * h * letter_scale(w, h)));
    static const SDL_Color gold = {0xfb, 0xe3, 0x94, 255};
    static const char *const letters[3] = {"J", "Q", "K"};
    for (int i = 0; i < 3; i++)
        p->letter[i] = make_text(d->big, letters[i], gold, 0);
    /* The joker's corner word, a letter a line, a little smaller than a rank. */
    TTF_SetFontSize(d->font, font_pt(d, cap * 0.62));
    static const char *const word[5] = {"J", "O", "K", "E", "R"};
    for (int i = 0; i < 5; i++)
        p->joker[i] = make_text(d->font, word[i], ink[1], 0);
}

/* ---- SVG documents ---- */

typedef struct {
    SvgBuf *b;
    double w, h; /* card size in SVG units: h is always BUILTIN_H */
    double px;   /* one output pixel in SVG units */
    int w_px, h_px;
} Canvas;

static void canvas_init(Canvas *cv, SvgBuf *b, int w_px, int h_px)
{
    svg_reset(b);
    cv->b = b;
    cv->h = BUILTIN_H;
    cv->w = BUILTIN_H * w_px / h_px;
    cv->px = BUILTIN_H / h_px;
    cv->w_px = w_px, cv->h_px = h_px;
}

/* Starts a document for the part of the card inside the box (card units), widened to
 * whole pixels, so the result lands exactly in place when copied to (p->x, p->y). */
static void piece_begin(Canvas *cv, Piece *p, double x0, double y0, double x1, double y1)
{
    int px0 = (int)floor(x0 / cv->px), py0 = (int)floor(y0 / cv->px);
    int px1 = (int)ceil(x1 / cv->px), py1 = (int)ceil(y1 / cv->px);
    p->x = px0, p->y = py0;
    p->img = NULL;
    svg_reset(cv->b);
    svg_fmt(cv->b,
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            "viewBox='%g %g %g %g'>",
            px1 - px0, py1 - py0, px0 * cv->px, py0 * cv->px, (px1 - px0) * cv->px,
            (py1 - py0) * cv->px);
}

static void piece_end(Canvas *cv, Piece *p)
{
    svg_str(cv->b, "</svg>");
    p->img = svg_rasterize(cv->b);
}

/* A whole card as one document. */
static void card_begin(Canvas *cv)
{
    svg_reset(cv->b);
    svg_fmt(cv->b,
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            "viewBox='0 0 %g %g'>",
            cv->w_px, cv->h_px, cv->w, cv->h);
}

/* Rounded rectangle as a path (for even-odd masks; <rect> cannot be combined). */
static void rrect_d(SvgBuf *b, double x, double y, double w, double h, double r)
{
    const double k = 0.5523 * r; /* cubic approximation of a quarter circle */
    svg_fmt(b, "M%g,%g H%g C%g,%g %g,%g %g,%g V%g C%g,%g %g,%g %g,%g H%g ", x + r, y, x + w - r,
            x + w - r + k, y, x + w, y + r - k, x + w, y + r, y + h - r, x + w, y + h - r + k,
            x + w - r + k, y + h, x + w - r, y + h, x + r);
    svg_fmt(b, "C%g,%g %g,%g %g,%g V%g C%g,%g %g,%g %g,%g Z ", x + r - k, y + h, x, y + h - r + k,
            x, y + h - r, y + r, x, y + r - k, x + r - k, y, x + r, y);
}

static double border_w(const Canvas *cv)
{
    /* One pixel on small cards, up to two on large ones. */
    double px = cv->h_px / 220.0;
    return (px < 1 ? 1 : px > 2 ? 2 : px) * cv->px;
}

/* The paper: white with a faint warm radial shading. It is symmetric under a half turn,
 * so the two corner indices sit on the same colour. */
static void paper_defs(Canvas *cv)
{
    svg_fmt(cv->b,
            "<defs><radialGradient id='paper' gradientUnits='userSpaceOnUse' cx='%g' cy='%g' "
            "r='%g'><stop offset='0' stop-color='#ffffff'/><stop offset='0.6' "
            "stop-color='#fefdfb'/><stop offset='1' stop-color='#f6f3ec'/></radialGradient>"
            "</defs>",
            cv->w / 2, cv->h / 2, cv->h * 0.62);
}

static void card_outline(Canvas *cv, const char *fill)
{
    double bw = border_w(cv);
    svg_fmt(cv->b,
            "<rect x='%g' y='%g' width='%g' height='%g' rx='%g' fill='%s' stroke='" EDGE
            "' stroke-width='%g'/>",
            bw / 2, bw / 2, cv->w - bw, cv->h - bw, CORNER * cv->h - bw / 2, fill, bw);
}

static void pip_at(Canvas *cv, int suit, double cx, double cy, double size, bool flip,
                   const char *fill)
{
    double k = size / 100;
    svg_str(cv->b, "<path transform='");
    if (flip)
        svg_fmt(cv->b, "rotate(180 %g %g) ", cx, cy);
    svg_fmt(cv->b, "translate(%g %g) scale(%g)' fill='%s' d='%s'/>", cx - 50 * k, cy - 50 * k, k,
            fill ? fill : suit_ink(suit), suit_d[suit]);
}

/* A suit centred in a square surface of odd or even size: its centre is the surface's. */
static SDL_Surface *pip_image(Canvas *cv, int suit, double size)
{
    int n = (int)ceil(size / cv->px) + 2;
    double half = n * cv->px / 2;
    svg_reset(cv->b);
    svg_fmt(cv->b,
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            "viewBox='%g %g %g %g'>",
            n, n, -half, -half, 2 * half, 2 * half);
    pip_at(cv, suit, 0, 0, size, false, NULL);
    svg_str(cv->b, "</svg>");
    return svg_rasterize(cv->b);
}

/* Gold and steel paints shared by the ornaments. */
static void metal_defs(SvgBuf *b)
{
    svg_str(b, "<defs><linearGradient id='gold' x1='0' y1='0' x2='0' y2='1'>"
               "<stop offset='0' stop-color='#fff0b8'/><stop offset='0.45' "
               "stop-color='#e2b651'/><stop offset='1' stop-color='#a8771f'/></linearGradient>"
               "<linearGradient id='steel' x1='0' y1='0' x2='1' y2='0'>"
               "<stop offset='0' stop-color='#f4f6f8'/><stop offset='0.5' "
               "stop-color='#c5ccd4'/><stop offset='1' stop-color='#8c96a2'/></linearGradient>"
               "</defs>");
}

/* ---- Pips ---- */

/* Standard pip positions: column (-1 left, 0 middle, 1 right) and row 0..1 from the first
 * to the last pip row. */
typedef struct {
    signed char col;
    double row;
} PipPos;

static int pip_layout(int rank, PipPos out[10])
{
    static const double third = 1.0 / 3, sixth = 1.0 / 6;
    int n = 0;
#define P(c, r) (out[n++] = (PipPos){(c), (r)})
    switch (rank) {
    case 2: P(0, 0), P(0, 1); break;
    case 3: P(0, 0), P(0, 0.5), P(0, 1); break;
    case 4: P(-1, 0), P(1, 0), P(-1, 1), P(1, 1); break;
    case 5: P(-1, 0), P(1, 0), P(0, 0.5), P(-1, 1), P(1, 1); break;
    case 6: P(-1, 0), P(1, 0), P(-1, 0.5), P(1, 0.5), P(-1, 1), P(1, 1); break;
    case 7: P(-1, 0), P(1, 0), P(0, 0.25), P(-1, 0.5), P(1, 0.5), P(-1, 1), P(1, 1); break;
    case 8:
        P(-1, 0), P(1, 0), P(0, 0.25), P(-1, 0.5), P(1, 0.5), P(0, 0.75), P(-1, 1), P(1, 1);
        break;
    case 9:
        for (int i = 0; i < 4; i++)
            P(-1, i * third), P(1, i * third);
        P(0, 0.5);
        break;
    case 10:
        for (int i = 0; i < 4; i++)
            P(-1, i * third), P(1, i * third);
        P(0, sixth), P(0, 1 - sixth);
        break;
    default: break;
    }
#undef P
    return n;
}

/* Top-left pixel of an upright pip image of size n whose centre is at column col, row
 * row. Pips are placed in pixels from the top-left quarter and mirrored, so the card is
 * exactly symmetric whatever the rounding. */
static SDL_Point pip_spot(const Parts *p, int n, int col, double row)
{
    double top = PIP_TOP * p->h, span = p->h - 2 * top, dx = (0.5 - p->m.pip_col) * p->w;
    SDL_Point q;
    q.y = (int)lround(top + row * span - n / 2.0);
    if (col == 0)
        q.x = (p->w - n) / 2;
    else {
        q.x = (int)lround(p->w / 2.0 - dx - n / 2.0);
        if (col > 0)
            q.x = p->w - q.x - n;
    }
    return q;
}

static void draw_pips(const Parts *p, SDL_Surface *s, int suit, int rank)
{
    PipPos pos[10];
    int n = pip_layout(rank, pos);
    const SDL_Surface *img = p->pip[suit];
    if (!img)
        return;
    for (int i = 0; i < n; i++) {
        /* Pips below the middle are upside down, as on a printed card: they are the
         * half-turn images of pips in the upper half. */
        if (pos[i].row > 0.5) {
            SDL_Point q = pip_spot(p, img->w, -pos[i].col, 1 - pos[i].row);
            raster_over(s, img, s->w - q.x - img->w, s->h - q.y - img->h, true);
        } else {
            SDL_Point q = pip_spot(p, img->w, pos[i].col, pos[i].row);
            raster_over(s, img, q.x, q.y, false);
        }
    }
}

static Piece make_ace(Canvas *cv, int suit)
{
    Piece p;
    double cx = cv->w / 2, cy = cv->h / 2;
    if (suit != SUIT_SPADES) {
        double size = 0.30 * cv->h;
        piece_begin(cv, &p, cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2);
        pip_at(cv, suit, cx, cy, size, false, NULL);
        piece_end(cv, &p);
        return p;
    }
    /* The ace of spades carries the deck's signature: a large spade in a fine ring. */
    SvgBuf *b = cv->b;
    double r = 0.36 * cv->w;
    piece_begin(cv, &p, cx - r - 3, cy - r - 3, cx + r + 3, cy + r + 3);
    svg_fmt(b,
            "<circle cx='%g' cy='%g' r='%g' fill='none' stroke='" INK_BLACK
            "' stroke-width='0.9'/><circle cx='%g' cy='%g' r='%g' fill='none' stroke='" INK_BLACK
            "' stroke-width='2.2'/>",
            cx, cy, r, cx, cy, r - 4.5);
    for (int i = 0; i < 4; i++) {
        double a = i * PI / 2, x = cx + cos(a) * (r - 2.2), y = cy + sin(a) * (r - 2.2);
        svg_fmt(b, "<path d='M%g,%g l5,5 l-5,5 l-5,-5 Z' fill='" INK_BLACK "'/>", x, y - 5);
    }
    pip_at(cv, suit, cx, cy, 0.36 * cv->h, false, NULL);
    piece_end(cv, &p);
    return p;
}

/* ---- Court cards ---- */

/* Emblems in local units: about 72 wide and 50 high, centred on the origin. */
static void emblem_crown(SvgBuf *b)
{
    svg_str(b, "<path d='M-30,12 L-36,-14 L-18,0 L0,-22 L18,0 L36,-14 L30,12 Z' "
               "fill='url(#gold)' stroke='" GOLD_LINE "' stroke-width='1.4' "
               "stroke-linejoin='round'/>"
               "<rect x='-31' y='10' width='62' height='12' rx='2' fill='url(#gold)' "
               "stroke='" GOLD_LINE "' stroke-width='1.4'/>"
               "<circle cx='-36' cy='-15' r='4' fill='url(#gold)' stroke='" GOLD_LINE
               "' stroke-width='1.2'/><circle cx='36' cy='-15' r='4' fill='url(#gold)' "
               "stroke='" GOLD_LINE "' stroke-width='1.2'/><circle cx='0' cy='-24' r='5' "
               "fill='url(#gold)' stroke='" GOLD_LINE "' stroke-width='1.2'/>"
               "<ellipse cx='0' cy='16' rx='4.5' ry='3.4' fill='#2a6fd0' stroke='" GOLD_LINE
               "' stroke-width='0.8'/><circle cx='-18' cy='16' r='2.6' fill='#fffaf0'/>"
               "<circle cx='18' cy='16' r='2.6' fill='#fffaf0'/>"
               "<path d='M0,-10 l4,6 l-4,6 l-4,-6 Z' fill='#d8203c' stroke='" GOLD_LINE
               "' stroke-width='0.8'/>");
}

static void emblem_tiara(SvgBuf *b)
{
    svg_str(
        b,
        "<path d='M-32,10 C-35,-2 -27,-8 -21,-2 C-18,-13 -9,-15 -6,-5 C-4,-18 4,-18 6,-5 "
        "C9,-15 18,-13 21,-2 C27,-8 35,-2 32,10 Q0,18 -32,10 Z' fill='url(#gold)' "
        "stroke='" GOLD_LINE "' stroke-width='1.4' stroke-linejoin='round'/>"
        "<path d='M-33,10 Q0,19 33,10 L33,17 Q0,26 -33,17 Z' fill='url(#gold)' stroke='" GOLD_LINE
        "' stroke-width='1.3'/>");
    static const double pearl[5][3] = {
        {-26, -6, 2.8}, {-12, -11, 3}, {12, -11, 3}, {26, -6, 2.8}, {0, -26, 5.5}};
    for (int i = 0; i < 5; i++)
        svg_fmt(b,
                "<circle cx='%g' cy='%g' r='%g' fill='#fffdf6' stroke='" GOLD_LINE
                "' stroke-width='0.9'/>",
                pearl[i][0], pearl[i][1], pearl[i][2]);
    svg_str(b, "<path d='M0,-20 C3,-15 4,-11 0,-6 C-4,-11 -3,-15 0,-20 Z' fill='#d8203c' "
               "stroke='" GOLD_LINE "' stroke-width='0.8'/>"
               "<circle cx='-16' cy='17.5' r='2.2' fill='#2a6fd0'/><circle cx='0' cy='19.5' "
               "r='2.6' fill='#d8203c'/><circle cx='16' cy='17.5' r='2.2' fill='#2a6fd0'/>");
}

static void emblem_swords(SvgBuf *b)
{
    /* Two crossed swords behind a shield. */
    for (int side = -1; side <= 1; side += 2) {
        svg_fmt(b, "<g transform='rotate(%d)'>", side * 42);
        svg_str(b, "<path d='M-3.4,8 L-3.4,-27 L0,-35 L3.4,-27 L3.4,8 Z' fill='url(#steel)' "
                   "stroke='#3e454e' stroke-width='1'/>"
                   "<path d='M-13,8 Q0,13 13,8 L13,13 Q0,18 -13,13 Z' fill='url(#gold)' "
                   "stroke='" GOLD_LINE "' stroke-width='1'/>"
                   "<rect x='-2.4' y='14' width='4.8' height='11' rx='1' fill='#7a4a24' "
                   "stroke='#3d240f' stroke-width='0.8'/>"
                   "<circle cx='0' cy='28' r='4.2' fill='url(#gold)' stroke='" GOLD_LINE
                   "' stroke-width='1'/></g>");
    }
    svg_str(b, "<path d='M-15,-17 H15 V-3 C15,8 7,15 0,19 C-7,15 -15,8 -15,-3 Z' "
               "fill='url(#gold)' stroke='" GOLD_LINE "' stroke-width='1.3'/>"
               "<path d='M-11,-13 H11 V-3 C11,6 5,11 0,14.5 C-5,11 -11,6 -11,-3 Z' "
               "fill='#2a6fd0'/>"
               "<path d='M-11,3 L0,-7 L11,3 L11,8 L0,-2 L-11,8 Z' fill='url(#gold)'/>");
}

/* The joker's emblem: a jester's cap of three curled points, each ending in a bell, over
 * a band. */
static void emblem_jester(SvgBuf *b)
{
    svg_str(b, "<path d='M-30,12 C-34,-4 -44,-16 -54,-6 C-50,-22 -30,-24 -16,-6 "
               "C-16,-22 -8,-34 0,-42 C8,-34 16,-22 16,-6 C30,-24 50,-22 54,-6 "
               "C44,-16 34,-4 30,12 Z' fill='url(#gold)' stroke='" GOLD_LINE
               "' stroke-width='1.4' stroke-linejoin='round'/>"
               "<path d='M-16,-6 C-12,2 -4,4 0,4 C4,4 12,2 16,-6' fill='none' stroke='" GOLD_LINE
               "' stroke-width='1.1'/>"
               "<rect x='-32' y='10' width='64' height='12' rx='3' fill='#2a6fd0' "
               "stroke='" GOLD_LINE "' stroke-width='1.4'/>"
               "<g fill='#fffaf0' stroke='" GOLD_LINE "' stroke-width='1.2'>"
               "<circle cx='-54' cy='-3' r='5.5'/><circle cx='0' cy='-45' r='5.5'/>"
               "<circle cx='54' cy='-3' r='5.5'/></g>"
               "<g fill='#d8203c'><circle cx='-19' cy='16' r='2.8'/>"
               "<circle cx='0' cy='16' r='2.8'/><circle cx='19' cy='16' r='2.8'/></g>");
}

typedef struct {
    double x0, y0, x1, y1; /* picture frame */
    double mx, my, mr;     /* medallion of the upper half */
} CourtGeom;

static CourtGeom court_geom(const Canvas *cv)
{
    CourtGeom g;
    /* The frame leaves room for the index, which is relatively larger on small cards. */
    double inset = 0.2 + 0.045 * smallness(cv->h_px);
    g.x0 = inset * cv->w, g.x1 = cv->w - g.x0;
    g.y0 = 0.105 * cv->h, g.y1 = cv->h - g.y0;
    g.mx = cv->w / 2;
    g.mr = fmin((0.5 - inset) * 0.7 * cv->w, (cv->h / 2 - g.y0) * 0.37);
    g.my = g.y0 + (cv->h / 2 - g.y0) * 0.48;
    return g;
}

/* The court letter follows the medallion, which is smaller on small cards. */
static double letter_scale(int w, int h)
{
    SvgBuf none;
    svg_init(&none);
    Canvas cv;
    canvas_init(&cv, &none, w, h);
    return court_geom(&cv).mr / (0.21 * BUILTIN_W);
}

/* The picture frame with its background and the fold line: one per colour. */
static Piece make_panel(Canvas *cv, bool red)
{
    SvgBuf *b = cv->b;
    CourtGeom g = court_geom(cv);
    const char *ink = red ? INK_RED : INK_BLACK;
    Piece p;
    piece_begin(cv, &p, g.x0 - 1.5, g.y0 - 1.5, g.x1 + 1.5, g.y1 + 1.5);
    metal_defs(b);
    svg_fmt(b,
            "<defs><radialGradient id='panel' gradientUnits='userSpaceOnUse' cx='%g' cy='%g' "
            "r='%g'><stop offset='0' stop-color='%s'/><stop offset='1' stop-color='%s'/>"
            "</radialGradient></defs>",
            cv->w / 2, cv->h / 2, cv->h * 0.45, red ? "#fffaf1" : "#fbfcfe",
            red ? "#f4e3c6" : "#dfe5ee");
    double fw = g.x1 - g.x0, fh = g.y1 - g.y0;
    svg_fmt(b,
            "<rect x='%g' y='%g' width='%g' height='%g' rx='4' fill='url(#panel)' stroke='%s' "
            "stroke-width='2'/>",
            g.x0, g.y0, fw, fh, ink);
    /* A fine diagonal hatch gives the picture a printed texture. */
    svg_fmt(b, "<path stroke='%s' stroke-opacity='0.09' stroke-width='0.8' d='", ink);
    double ix0 = g.x0 + 3, iy0 = g.y0 + 3, ix1 = g.x1 - 3, iy1 = g.y1 - 3;
    for (double c = ix0 - (iy1 - iy0); c < ix1; c += 7) {
        /* The line x - y = c - iy0, clipped to the inner rectangle. */
        double xa = c, ya = iy0, xb = c + (iy1 - iy0), yb = iy1;
        if (xa < ix0)
            ya += ix0 - xa, xa = ix0;
        if (xb > ix1)
            yb -= xb - ix1, xb = ix1;
        if (xb > xa)
            svg_fmt(b, "M%g,%gL%g,%g", xa, ya, xb, yb);
    }
    svg_str(b, "'/>");
    svg_fmt(b,
            "<rect x='%g' y='%g' width='%g' height='%g' rx='2.5' fill='none' stroke='url(#gold)' "
            "stroke-width='1.6'/>",
            g.x0 + 4, g.y0 + 4, fw - 8, fh - 8);
    /* The fold line between the two halves, with a jewel in the middle. */
    double cy = cv->h / 2, cx = cv->w / 2;
    svg_fmt(b,
            "<path d='M%g,%g H%g M%g,%g H%g' stroke='#c9a040' stroke-width='1.4'/>"
            "<path d='M%g,%g l10,-6.5 l10,6.5 l-10,6.5 Z' fill='url(#gold)' stroke='" GOLD_LINE
            "' stroke-width='0.9'/><circle cx='%g' cy='%g' r='2.6' fill='%s'/>",
            g.x0 + 4, cy, cx - 13, cx + 13, cy, g.x1 - 4, cx - 10, cy, cx, cy,
            red ? "#2a6fd0" : "#d8203c");
    piece_end(cv, &p);
    return p;
}

/* The medallion of the upper half: a disk in the suit's colour holding the rank's emblem
 * (rank 0: the joker's), in a gold laurel. The letter is set on it afterwards. */
static Piece make_medal(Canvas *cv, bool red, int rank)
{
    SvgBuf *b = cv->b;
    CourtGeom g = court_geom(cv);
    double m = g.mr + 10;
    Piece p;
    piece_begin(cv, &p, g.mx - m, g.my - m, g.mx + m, g.my + m);
    metal_defs(b);
    svg_fmt(b,
            "<defs><radialGradient id='disk' cx='0.5' cy='0.38' r='0.62'>"
            "<stop offset='0' stop-color='%s'/><stop offset='1' stop-color='%s'/>"
            "</radialGradient></defs>",
            red ? "#dc4a45" : "#4a5163", red ? "#8e1221" : "#121419");
    /* A ring of gold beads around the disk. */
    svg_str(b, "<g fill='url(#gold)' stroke='" GOLD_LINE "' stroke-width='0.5'>");
    for (int i = 0; i < 40; i++) {
        double a = i * PI / 20, rr = g.mr + 6.2;
        svg_fmt(b, "<circle cx='%g' cy='%g' r='%g'/>", g.mx + cos(a) * rr, g.my + sin(a) * rr,
                i & 1 ? 1.3 : 2.1);
    }
    svg_str(b, "</g>");
    svg_fmt(b,
            "<circle cx='%g' cy='%g' r='%g' fill='url(#disk)' stroke='url(#gold)' "
            "stroke-width='3.2'/><circle cx='%g' cy='%g' r='%g' fill='none' stroke='" GOLD_LINE
            "' stroke-width='0.8'/><circle cx='%g' cy='%g' r='%g' fill='none' "
            "stroke='#ffffff' stroke-opacity='0.35' stroke-width='0.8'/>",
            g.mx, g.my, g.mr, g.mx, g.my, g.mr + 1.9, g.mx, g.my, g.mr - 4.5);
    double k = g.mr / 57;
    /* The joker's cap has no letter under it: centred, a little smaller. */
    if (rank == 0)
        svg_fmt(b, "<g transform='translate(%g %g) scale(%g)'>", g.mx, g.my + 0.18 * g.mr,
                k * 0.82);
    else
        svg_fmt(b, "<g transform='translate(%g %g) scale(%g)'>", g.mx, g.my - 0.36 * g.mr, k);
    if (rank == 0)
        emblem_jester(b);
    else if (rank == RANK_KING)
        emblem_crown(b);
    else if (rank == RANK_QUEEN)
        emblem_tiara(b);
    else
        emblem_swords(b);
    svg_str(b, "</g>");
    piece_end(cv, &p);
    return p;
}

static void over_piece(SDL_Surface *s, const Piece *p, bool twice)
{
    if (!p->img)
        return;
    raster_over(s, p->img, p->x, p->y, false);
    if (twice) /* and its half-turn copy */
        raster_over(s, p->img, s->w - p->x - p->img->w, s->h - p->y - p->img->h, true);
}

static void draw_court(const Parts *p, const Canvas *cv, SDL_Surface *s, int suit, int rank)
{
    bool red = suit_is_red(suit);
    over_piece(s, &p->panel[red], false);
    over_piece(s, &p->medal[red][rank - RANK_JACK], true);
    CourtGeom g = court_geom(cv);
    const SDL_Surface *L = p->letter[rank - RANK_JACK];
    if (L) {
        double lx = g.mx / cv->px, ly = (g.my + 0.44 * g.mr) / cv->px;
        Piece t = {(SDL_Surface *)L, (int)lround(lx - L->w / 2.0), (int)lround(ly - L->h / 2.0)};
        over_piece(s, &t, true);
    }
    const SDL_Surface *c = p->cpip[suit];
    if (c) {
        double in = 0.035 * cv->h;
        int x = (int)lround((g.x0 + in) / cv->px - c->w / 2.0);
        int y = (int)lround((g.y0 + in * 1.1) / cv->px - c->h / 2.0);
        Piece l = {(SDL_Surface *)c, x, y}, r = {(SDL_Surface *)c, s->w - x - c->w, y};
        over_piece(s, &l, true);
        over_piece(s, &r, true);
    }
}

/* ---- Faces ---- */

/* The court pictures are the costliest parts: a helper thread draws them while the
 * calling thread sets the text and draws the pips (the machine has two cores or more;
 * nanosvg and SDL surfaces are safe to use from two threads on separate data). */
typedef struct {
    Parts *p;
    int w, h;
} CourtJob;

static int court_job(void *data)
{
    CourtJob *job = data;
    SvgBuf b;
    svg_init(&b);
    Canvas cv;
    canvas_init(&cv, &b, job->w, job->h);
    for (int red = 0; red < 2; red++) {
        job->p->panel[red] = make_panel(&cv, red);
        for (int i = 0; i < 3; i++)
            job->p->medal[red][i] = make_medal(&cv, red, RANK_JACK + i);
    }
    job->p->jmedal = make_medal(&cv, true, 0);
    svg_free(&b);
    return 0;
}

static bool make_parts(BuiltinDeck *d, int w, int h)
{
    Parts *p = &d->parts;
    if (p->w == w && p->h == h)
        return true;
    drop_parts(p);
    p->m = metrics(h);
    CourtJob job = {p, w, h};
    SDL_Thread *helper = SDL_CreateThread(court_job, "tasca-cards", &job);
    if (!helper)
        court_job(&job);

    make_text_parts(d, p, w, h);
    SvgBuf b;
    svg_init(&b);
    Canvas cv;
    canvas_init(&cv, &b, w, h);
    card_begin(&cv);
    paper_defs(&cv);
    card_outline(&cv, "url(#paper)");
    svg_str(&b, "</svg>");
    p->paper.img = svg_rasterize(&b);
    for (int s = 0; s < 4; s++) {
        p->pip[s] = pip_image(&cv, s, p->m.pip * cv.h);
        p->ipip[s] = pip_image(&cv, s, p->m.idx_pip * cv.h);
        p->cpip[s] = pip_image(&cv, s, COURT_PIP * cv.h);
        p->ace[s] = make_ace(&cv, s);
    }
    svg_free(&b);
    if (helper)
        SDL_WaitThread(helper, NULL);
    p->w = w, p->h = h;
    if (!p->paper.img) {
        drop_parts(p);
        return false;
    }
    return true;
}

/* The joker: the red court frame, a jester's cap in both halves, and JOKER down the
 * corners. */
static SDL_Surface *joker_face(const Parts *p, int w, int h)
{
    SDL_Surface *s = SDL_DuplicateSurface(p->paper.img);
    if (!s)
        return NULL;
    over_piece(s, &p->panel[1], false);
    over_piece(s, &p->jmedal, true);
    double y = IDX_TOP * h, cx = IDX_CX * w, gap = 0.012 * h;
    for (int i = 0; i < 5; i++) {
        const SDL_Surface *l = p->joker[i];
        if (!l)
            continue;
        Piece t = {(SDL_Surface *)l, (int)lround(cx - l->w / 2.0), (int)lround(y)};
        over_piece(s, &t, true);
        y += l->h + gap;
    }
    return s;
}

SDL_Surface *builtin_face(BuiltinDeck *d, Card c, int w, int h)
{
    if (c == CARD_JOKER && w >= 8 && h >= 8 && make_parts(d, w, h))
        return joker_face(&d->parts, w, h);
    if (!card_is_valid(c) || w < 8 || h < 8 || !make_parts(d, w, h))
        return NULL;
    const Parts *p = &d->parts;
    int suit = card_suit(c), rank = card_rank(c);
    SDL_Surface *s = SDL_DuplicateSurface(p->paper.img);
    if (!s)
        return NULL;
    SvgBuf geometry_only; /* the canvas is only used for its measurements here */
    svg_init(&geometry_only);
    Canvas cv;
    canvas_init(&cv, &geometry_only, w, h);

    if (rank == RANK_ACE)
        over_piece(s, &p->ace[suit], false);
    else if (rank >= RANK_JACK)
        draw_court(p, &cv, s, suit, rank);
    else
        draw_pips(p, s, suit, rank);

    /* The index: the rank centred on its column, kept clear of the edge, and the suit
     * under it; the same turned by half a turn in the opposite corner. */
    const SDL_Surface *idx = p->rank[suit_is_red(suit)][rank];
    int iy = (int)lround(IDX_TOP * h);
    double icx = IDX_CX * w;
    if (idx) {
        int ix = (int)lround(icx - idx->w / 2.0), min_x = (int)lround(0.022 * w);
        if (ix < min_x)
            ix = min_x;
        icx = ix + idx->w / 2.0;
        Piece t = {(SDL_Surface *)idx, ix, iy};
        over_piece(s, &t, true);
    }
    const SDL_Surface *ip = p->ipip[suit];
    if (ip) {
        double top = iy + p->cap_px + 0.02 * h;
        Piece t = {(SDL_Surface *)ip, (int)lround(icx - ip->w / 2.0),
                   (int)lround(top + p->m.idx_pip * h / 2 - ip->h / 2.0)};
        over_piece(s, &t, true);
    }
    return s;
}

/* ---- Backs ---- */

typedef void (*BackPattern)(Canvas *cv, double x0, double y0, double x1, double y1);

/* Straight lines of slope ±1 spaced `step` apart, clipped to the rectangle. */
static void diagonals(SvgBuf *b, double x0, double y0, double x1, double y1, double step,
                      double phase)
{
    double hgt = y1 - y0;
    for (int dir = 0; dir < 2; dir++)
        for (double c = x0 - hgt + phase; c < x1; c += step) {
            double xa = c, ya = y0, xb = c + hgt, yb = y1;
            if (xa < x0)
                ya += x0 - xa, xa = x0;
            if (xb > x1)
                yb -= xb - x1, xb = x1;
            if (xb <= xa)
                continue;
            if (dir) /* mirror for the other direction */
                svg_fmt(b, "M%g,%gL%g,%g", x0 + x1 - xa, ya, x0 + x1 - xb, yb);
            else
                svg_fmt(b, "M%g,%gL%g,%g", xa, ya, xb, yb);
        }
}

static void frame_lines(Canvas *cv, double x0, double y0, double x1, double y1, const char *col,
                        double op)
{
    svg_fmt(cv->b,
            "<rect x='%g' y='%g' width='%g' height='%g' rx='4' fill='none' stroke='%s' "
            "stroke-opacity='%g' stroke-width='1.8'/><rect x='%g' y='%g' width='%g' height='%g' "
            "rx='2.5' fill='none' stroke='%s' stroke-opacity='%g' stroke-width='0.8'/>",
            x0 + 7, y0 + 7, x1 - x0 - 14, y1 - y0 - 14, col, op, x0 + 11, y0 + 11, x1 - x0 - 22,
            y1 - y0 - 22, col, op);
}

static void back_red(Canvas *cv, double x0, double y0, double x1, double y1)
{
    SvgBuf *b = cv->b;
    svg_fmt(b,
            "<defs><radialGradient id='bk' gradientUnits='userSpaceOnUse' cx='%g' cy='%g' "
            "r='%g'><stop offset='0' stop-color='#c7313d'/><stop offset='1' "
            "stop-color='#931826'/></radialGradient></defs>",
            cv->w / 2, cv->h / 2, cv->h * 0.55);
    svg_fmt(b, "<rect x='%g' y='%g' width='%g' height='%g' fill='url(#bk)'/>", x0, y0, x1 - x0,
            y1 - y0);
    svg_str(b, "<path fill='none' stroke='#ffd9dc' stroke-opacity='0.55' stroke-width='1.1' d='");
    diagonals(b, x0, y0, x1, y1, 10, 0);
    svg_str(b, "'/><path fill='none' stroke='#5e0c16' stroke-opacity='0.35' "
               "stroke-width='0.9' d='");
    diagonals(b, x0, y0, x1, y1, 10, 5);
    svg_str(b, "'/>");
}

static void back_blue(Canvas *cv, double x0, double y0, double x1, double y1)
{
    SvgBuf *b = cv->b;
    svg_fmt(b, "<rect x='%g' y='%g' width='%g' height='%g' fill='#1d4a8a'/>", x0, y0, x1 - x0,
            y1 - y0);
    /* Argyle: a checkerboard of diamonds with fine white rules through it. */
    double dx = 20, dy = 28;
    svg_str(b, "<path fill='#2c64b0' d='");
    int ny = (int)((y1 - y0) / dy) + 2, nx = (int)((x1 - x0) / dx) + 2;
    double ox = (x0 + x1) / 2 - dx * (nx / 2), oy = (y0 + y1) / 2 - dy * (ny / 2);
    for (int j = 0; j <= ny; j++)
        for (int i = 0; i <= nx; i++) {
            if ((i + j) & 1)
                continue;
            double cx = ox + i * dx, cy = oy + j * dy;
            svg_fmt(b, "M%g,%gl%g,%gl%g,%gl%g,%gZ", cx, cy - dy / 2, dx / 2, dy / 2, -dx / 2,
                    dy / 2, -dx / 2, -dy / 2);
        }
    svg_str(b, "'/><path fill='none' stroke='#ffffff' stroke-opacity='0.45' "
               "stroke-width='0.7' stroke-dasharray='3 2' d='");
    for (int j = -1; j <= ny + nx; j++) {
        /* Lines through the diamond tips, both directions. */
        double cx = ox - dx / 2, cy = oy + j * dy;
        double len = (nx + 2) * dx;
        svg_fmt(b, "M%g,%gl%g,%g", cx, cy, len, -len * dy / dx);
        svg_fmt(b, "M%g,%gl%g,%g", cx, cy - (ny + nx) * dy, len, len * dy / dx);
    }
    svg_str(b, "'/>");
}

static void medallion(SvgBuf *b, double cx, double cy, double r, const char *ink)
{
    svg_fmt(b,
            "<circle cx='%g' cy='%g' r='%g' fill='%s' stroke='url(#gold)' stroke-width='3'/>"
            "<circle cx='%g' cy='%g' r='%g' fill='none' stroke='url(#gold)' "
            "stroke-width='1'/>",
            cx, cy, r, ink, cx, cy, r - 5);
    /* A sixteen-point star. */
    svg_str(b, "<path fill='url(#gold)' stroke='" GOLD_LINE "' stroke-width='0.6' d='");
    for (int i = 0; i < 32; i++) {
        double a = i * PI / 16 - PI / 2, rr = (i & 1) ? r * 0.42 : r * (i & 2 ? 0.66 : 0.8);
        svg_fmt(b, "%s%g,%g", i ? "L" : "M", cx + cos(a) * rr, cy + sin(a) * rr);
    }
    svg_fmt(b,
            "Z'/><circle cx='%g' cy='%g' r='%g' fill='%s' stroke='" GOLD_LINE
            "' stroke-width='0.6'/>",
            cx, cy, r * 0.3, ink);
    /* An eight-petal rosette at the heart of the star. */
    svg_str(b, "<path fill='url(#gold)' d='");
    for (int i = 0; i < 8; i++) {
        double a = i * PI / 4, c = cos(a), s = sin(a), rr = r * 0.24, w = r * 0.07;
        svg_fmt(b, "M%g,%gQ%g,%g %g,%gQ%g,%g %g,%gZ", cx, cy, cx + c * rr / 2 - s * w,
                cy + s * rr / 2 + c * w, cx + c * rr, cy + s * rr, cx + c * rr / 2 + s * w,
                cy + s * rr / 2 - c * w, cx, cy);
    }
    svg_str(b, "'/>");
}

static void back_green(Canvas *cv, double x0, double y0, double x1, double y1)
{
    SvgBuf *b = cv->b;
    double cx = cv->w / 2, cy = cv->h / 2;
    svg_fmt(b,
            "<defs><radialGradient id='bk' gradientUnits='userSpaceOnUse' cx='%g' cy='%g' "
            "r='%g'><stop offset='0' stop-color='#2f8a58'/><stop offset='1' "
            "stop-color='#11492d'/></radialGradient></defs>",
            cx, cy, cv->h * 0.55);
    svg_fmt(b, "<rect x='%g' y='%g' width='%g' height='%g' fill='url(#bk)'/>", x0, y0, x1 - x0,
            y1 - y0);
    /* Guilloche-like rings around the medallion. */
    svg_str(b, "<g fill='none' stroke='#bfe8cc' stroke-opacity='0.18' stroke-width='0.8'>");
    for (double r = 50; r < cv->h * 0.62; r += 6)
        svg_fmt(b, "<circle cx='%g' cy='%g' r='%g'/>", cx, cy, r);
    svg_str(b, "</g>");
    /* Four-point gold stars in the corners, inside the frame. */
    for (int i = 0; i < 4; i++) {
        double sx = i & 1 ? x1 - 22 : x0 + 22, sy = i & 2 ? y1 - 22 : y0 + 22;
        svg_fmt(b,
                "<path d='M%g,%g Q%g,%g %g,%g Q%g,%g %g,%g Q%g,%g %g,%g Q%g,%g %g,%g Z' "
                "fill='url(#gold)'/>",
                sx, sy - 8, sx + 1.5, sy - 1.5, sx + 8, sy, sx + 1.5, sy + 1.5, sx, sy + 8,
                sx - 1.5, sy + 1.5, sx - 8, sy, sx - 1.5, sy - 1.5, sx, sy - 8);
    }
    medallion(b, cx, cy, 0.27 * cv->w, "#17603a");
}

static void back_midnight(Canvas *cv, double x0, double y0, double x1, double y1)
{
    SvgBuf *b = cv->b;
    double cx = cv->w / 2, cy = cv->h / 2;
    svg_fmt(b,
            "<defs><radialGradient id='bk' gradientUnits='userSpaceOnUse' cx='%g' cy='%g' "
            "r='%g'><stop offset='0' stop-color='#2b3042'/><stop offset='1' "
            "stop-color='#12141b'/></radialGradient></defs>",
            cx, cy, cv->h * 0.6);
    svg_fmt(b, "<rect x='%g' y='%g' width='%g' height='%g' fill='url(#bk)'/>", x0, y0, x1 - x0,
            y1 - y0);
    /* Art-deco sunburst: fine gold rays from the centre. */
    svg_str(b, "<path fill='none' stroke='#d9b45a' stroke-opacity='0.28' stroke-width='0.7' d='");
    double rr = cv->h;
    for (int i = 0; i < 72; i++) {
        double a = i * PI / 36;
        double ex = cx + cos(a) * rr, ey = cy + sin(a) * rr;
        /* Clip the ray to the panel (keeps the path small; the mask does the rest). */
        double t = 1;
        if (ex < x0)
            t = fmin(t, (x0 - cx) / (ex - cx));
        if (ex > x1)
            t = fmin(t, (x1 - cx) / (ex - cx));
        if (ey < y0)
            t = fmin(t, (y0 - cy) / (ey - cy));
        if (ey > y1)
            t = fmin(t, (y1 - cy) / (ey - cy));
        svg_fmt(b, "M%g,%gL%g,%g", cx + cos(a) * 30, cy + sin(a) * 30, cx + (ex - cx) * t,
                cy + (ey - cy) * t);
    }
    svg_str(b, "'/>");
    /* Nested diamonds in the middle. */
    for (int i = 0; i < 3; i++) {
        double hw = 0.27 * cv->w - i * 11, hh = 0.27 * cv->h - i * 15;
        svg_fmt(b,
                "<path d='M%g,%g L%g,%g L%g,%g L%g,%g Z' fill='%s' stroke='url(#gold)' "
                "stroke-width='%g'/>",
                cx, cy - hh, cx + hw, cy, cx, cy + hh, cx - hw, cy, i == 2 ? "#1a1d27" : "none",
                i == 0 ? 2.0 : 1.0);
    }
    svg_fmt(b,
            "<path d='M%g,%g L%g,%g L%g,%g L%g,%g Z' fill='url(#gold)' stroke='" GOLD_LINE
            "' stroke-width='0.6'/>",
            cx, cy - 22, cx + 15, cy, cx, cy + 22, cx - 15, cy);
    /* Small diamonds in the corners. */
    for (int i = 0; i < 4; i++) {
        double px = i & 1 ? x1 - 24 : x0 + 24, py = i & 2 ? y1 - 24 : y0 + 24;
        svg_fmt(b, "<path d='M%g,%g l6,8 l-6,8 l-6,-8 Z' fill='url(#gold)'/>", px, py - 8);
    }
}

static void back_burgundy(Canvas *cv, double x0, double y0, double x1, double y1)
{
    SvgBuf *b = cv->b;
    double cx = cv->w / 2, cy = cv->h / 2;
    svg_fmt(b,
            "<defs><radialGradient id='bk' gradientUnits='userSpaceOnUse' cx='%g' cy='%g' "
            "r='%g'><stop offset='0' stop-color='#7d2243'/><stop offset='1' "
            "stop-color='#4e1029'/></radialGradient></defs>",
            cx, cy, cv->h * 0.6);
    svg_fmt(b, "<rect x='%g' y='%g' width='%g' height='%g' fill='url(#bk)'/>", x0, y0, x1 - x0,
            y1 - y0);
    /* A scatter of the four suits on a staggered grid, centred on the card. */
    double dx = 25, dy = 25;
    int nx = (int)((x1 - x0) / dx) + 2, ny = (int)((y1 - y0) / dy) + 2;
    for (int j = -ny / 2 - 1; j <= ny / 2 + 1; j++)
        for (int i = -nx / 2 - 1; i <= nx / 2 + 1; i++) {
            double px = cx + i * dx + (j & 1 ? dx / 2 : 0), py = cy + j * dy;
            if (px < x0 - 8 || px > x1 + 8 || py < y0 - 8 || py > y1 + 8)
                continue;
            int suit = ((i + j * 3) % 4 + 4) % 4;
            pip_at(cv, suit, px, py, 11, j < 0, "#f2b8c9");
        }
    svg_fmt(b, "<rect x='%g' y='%g' width='%g' height='%g' fill='#5e1632' fill-opacity='0.35'/>",
            x0, y0, x1 - x0, y1 - y0);
}

typedef struct {
    const char *name;
    BackPattern draw;
    const char *frame; /* colour of the inner frame lines */
    double frame_op;
} BackStyle;

static const BackStyle backs[] = {
    {N_("Red lattice"), back_red, "#ffffff", 0.85},
    {N_("Blue argyle"), back_blue, "#ffffff", 0.85},
    {N_("Green medallion"), back_green, "url(#gold)", 1.0},
    {N_("Midnight"), back_midnight, "url(#gold)", 1.0},
    {N_("Burgundy suits"), back_burgundy, "#f2c9d6", 0.9},
};

/* Names are marked for translation; the caller shows them through _(). */
int builtin_back_count(void)
{
    return (int)(sizeof backs / sizeof backs[0]);
}

const char *builtin_back_name(int back)
{
    return back >= 0 && back < builtin_back_count() ? backs[back].name : "";
}

double builtin_corner(void)
{
    return CORNER;
}

SDL_Surface *builtin_back(int back, int w, int h)
{
    if (back < 0 || back >= builtin_back_count())
        back = 0;
    if (w < 8 || h < 8)
        return NULL;
    SvgBuf b;
    svg_init(&b);
    Canvas cv;
    canvas_init(&cv, &b, w, h);
    card_begin(&cv);
    paper_defs(&cv);
    double m = 0.04 * cv.h, r = CORNER * cv.h * 0.6, bw = border_w(&cv);
    double x0 = m, y0 = m, x1 = cv.w - m, y1 = cv.h - m;
    svg_str(&b, "<defs><linearGradient id='gold' x1='0' y1='0' x2='1' y2='1'>"
                "<stop offset='0' stop-color='#f7e3a1'/><stop offset='0.5' "
                "stop-color='#d6aa4a'/><stop offset='1' stop-color='#a8771f'/>"
                "</linearGradient></defs>");
    backs[back].draw(&cv, x0, y0, x1, y1);
    /* Clip the pattern to a rounded panel by painting paper over everything outside it
     * (nanosvg has no clip paths). */
    svg_fmt(&b, "<path fill='url(#paper)' fill-rule='evenodd' d='M-1,-1 H%g V%g H-1 Z ", cv.w + 1,
            cv.h + 1);
    rrect_d(&b, x0, y0, x1 - x0, y1 - y0, r);
    svg_str(&b, "'/>");
    frame_lines(&cv, x0, y0, x1, y1, backs[back].frame, backs[back].frame_op);
    svg_fmt(&b, "<path fill='none' stroke='#000000' stroke-opacity='0.25' stroke-width='%g' d='",
            bw);
    rrect_d(&b, x0, y0, x1 - x0, y1 - y0, r);
    svg_str(&b, "'/>");
    card_outline(&cv, "none");
    svg_str(&b, "</svg>");
    SDL_Surface *s = svg_rasterize(&b);
    svg_free(&b);
    /* Patterns run past the panel; cut everything to the card's rounded shape. */
    if (s)
        raster_clip_round(s, CORNER * h);
    return s;
}

SDL_Surface *builtin_slot(int w, int h)
{
    SvgBuf b;
    svg_init(&b);
    Canvas cv;
    canvas_init(&cv, &b, w, h);
    card_begin(&cv);
    double lw = fmax(1.5 * cv.px, 1.2);
    svg_fmt(&b,
            "<rect x='%g' y='%g' width='%g' height='%g' rx='%g' fill='#ffffff' "
            "fill-opacity='0.08' stroke='#ffffff' stroke-opacity='0.45' stroke-width='%g'/>"
            "</svg>",
            lw / 2, lw / 2, cv.w - lw, cv.h - lw, CORNER * cv.h, lw);
    SDL_Surface *s = svg_rasterize(&b);
    svg_free(&b);
    return s;
}
