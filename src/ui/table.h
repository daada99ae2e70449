/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the table scenes share: a 1600 x 1000 virtual table in "table units", scaled to
 * fit the window and centred on it, over a felt drawn once per window size.
 *
 * A scene keeps a TableView (conventionally as the member `tv` of its state, which lets it
 * use the short forms PX, PY, UX, UY and unit_rect below) and calls table_layout from its
 * layout callback and table_free when it leaves. */
#ifndef TASCA_TABLE_H
#define TASCA_TABLE_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine/ai/bot.h"
#include "engine/match.h"
#include "ui/draw.h"
#include "ui/settings.h"

struct App;

#define TABLE_W 1600.0f
#define TABLE_H 1000.0f

typedef struct {
    float s, ox, oy; /* pixels = o + units * s */
    float cw;        /* a card's width over its height, from the card art */
    SDL_Texture *felt;
    int fw, fh; /* the size the felt was drawn for */
} TableView;

/* Fits the table to a w x h window, reads the card art's aspect, and (re)draws the felt
 * from `centre` to `edge` when the window size changed. */
void table_layout(TableView *v, struct App *a, int w, int h, Rgba centre, Rgba edge);
/* Lets go of the felt. */
void table_free(TableView *v);
/* What a scene's leave does with the shared parts: frees the match (if any; this cancels a
 * thinking bot, the autosave being already on disk) and lets go of the felt. */
void table_close(TableView *v, Match *m);

/* Units to pixels and back. */
static inline float table_px(const TableView *v, float x) { return v->ox + x * v->s; }
static inline float table_py(const TableView *v, float y) { return v->oy + y * v->s; }
static inline float table_ux(const TableView *v, float px) { return (px - v->ox) / v->s; }
static inline float table_uy(const TableView *v, float py) { return (py - v->oy) / v->s; }

/* The pixel rectangle of a w x h rectangle centred on (cx, cy), all in units. */
static inline SDL_FRect table_rect(const TableView *v, float cx, float cy, float w, float h)
{
    return (SDL_FRect){table_px(v, cx - w / 2), table_py(v, cy - h / 2), w * v->s, h * v->s};
}

/* The width in units of a card `card_h` units high. */
static inline float table_card_w(const TableView *v, float card_h) { return card_h * v->cw; }

/* A short message on the table (a rule's reason, a hint): shown for a few seconds, then
 * fading out over the last half second. */
typedef struct {
    char text[320];
    float t; /* seconds left; 0: none */
} TableToast;

/* Shows `msg` for `secs` seconds, its first letter capitalised: rule texts are short
 * lower-case reasons, shown as a sentence. */
void table_toast(TableToast *m, const char *msg, float secs);
/* Counts the time down. */
void table_toast_update(TableToast *m, float dt);
/* Draws it, if shown, centred on (x, y) in pixels. */
void table_toast_draw(const TableToast *m, struct App *a, float x, float y);
static inline bool table_toast_busy(const TableToast *m) { return m->t > 0; }

/* The level's name, translated ("Random", "Easy", "Medium", "Hard"). */
const char *table_level_name(Difficulty d);
/* The bar at the top of the window: a shade, `title` in the middle and `right` (if not
 * NULL: the round, the level...) on the right. */
void table_top_bar(struct App *a, const char *title, const char *right);
/* Appends the "..." of someone thinking to `buf`: 0 to 3 dots, three steps a second. */
void table_dots(char *buf, size_t size, float time);

/* The round-end banner's plate: shadow, dark fill (alpha `fill`) and an outline in
 * `accent`, all faded in by k (0 .. 1; more is taken as 1). */
void table_plate(SDL_Renderer *r, const TableView *v, SDL_FRect b, Rgba accent, Uint8 fill, float k);

/* The games won, drawn and lost at a table, kept in the settings as <game>.wins,
 * <game>.draws and <game>.losses. */
typedef struct {
    int wins, draws, losses;
} TableScore;

void table_score_load(TableScore *sc, const Kv *kv, const char *game);
void table_score_save(const TableScore *sc, Kv *kv, const char *game);
/* Counts a result: > 0 won, < 0 lost, 0 drawn. */
void table_score_count(TableScore *sc, int result);

/* Short forms for a game's table state `t`, whose Table (tablescene.h) is `t->tb`. */
#define PX(t, x) table_px(&(t)->tb.tv, (x))
#define PY(t, y) table_py(&(t)->tb.tv, (y))
#define UX(t, px) table_ux(&(t)->tb.tv, (px))
#define UY(t, py) table_uy(&(t)->tb.tv, (py))
#define unit_rect(t, cx, cy, w, h) table_rect(&(t)->tb.tv, (cx), (cy), (w), (h))

#endif
