/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game picker: the first thing a new player sees. A tile per registered game with a
 * preview and its one-line summary, a difficulty choice, and Continue for a saved game. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app.h"
#include "engine/registry.h"
#include "i18n.h"
#include "widgets.h"

enum { ID_PLAY, ID_CONTINUE, ID_DIFFICULTY, TILES_MAX = 8 };

typedef struct {
    App *app;
    WidgetList list;
    SDL_Texture *felt;
    int fw, fh;
    SDL_FRect tiles[TILES_MAX];
    float buttons_y[TILES_MAX]; /* top of a tile's buttons */
    int n_tiles;
    int hover_tile;
    float title_y, diff_y;
} Picker;

static bool has_save(const App *a, const char *id)
{
    char p[1100];
    app_save_path(a, id, p, sizeof p);
    struct stat st;
    return stat(p, &st) == 0;
}

static void build(Picker *p)
{
    App *a = p->app;
    float u = a->u;
    widgets_clear(&p->list);
    p->list.view = (SDL_FRect){0, 0, (float)a->w, (float)a->h};
    int n = registry_count();
    n = n > TILES_MAX ? TILES_MAX : n;
    p->n_tiles = n;
    float tw = 300 * u, th = 380 * u, gapx = 28 * u;
    /* Every game in one row while the tiles stay at least 200 points wide. */
    float one_row = (a->w - 40 * u - (n - 1) * gapx) / (float)(n > 0 ? n : 1);
    if (one_row < tw && one_row >= 200 * u)
        tw = one_row;
    int per_row = (int)((a->w - 40 * u + gapx) / (tw + gapx));
    per_row = per_row < 1 ? 1 : per_row > n ? n : per_row;
    int rows = (n + per_row - 1) / per_row;
    float total_h = rows * th + (rows - 1) * gapx;
    float top = 150 * u;
    float avail = a->h - top - 130 * u;
    if (total_h > avail) {
        /* Shorter tiles rather than tiles off the screen. */
        th = (avail - (rows - 1) * gapx) / (float)rows;
        th = th > 300 * u || rows > 1 ? th : 300 * u;
        th = th < 220 * u ? 220 * u : th;
        total_h = rows * th + (rows - 1) * gapx;
    }
    float y0 = top + fmaxf(0, (avail - total_h) / 2);
    p->title_y = fminf(y0 - 80 * u, 80 * u);
    if (p->title_y < 40 * u)
        p->title_y = 40 * u;
    for (int i = 0; i < n; i++) {
        int r = i / per_row, c = i % per_row;
        int in_row = r == rows - 1 ? n - r * per_row : per_row;
        float row_w = in_row * tw + (in_row - 1) * gapx;
        SDL_FRect t = {(a->w - row_w) / 2 + c * (tw + gapx), y0 + r * (th + gapx), tw, th};
        p->tiles[i] = t;
        const GameRules *g = registry_get(i);
        bool playable = scene_for_game(g->id) != NULL;
        float bw = tw - 40 * u, bh = 44 * u, by = t.y + t.h - bh - 20 * u;
        p->buttons_y[i] = by;
        if (!playable) {
            Widget *w = widgets_add(&p->list, W_BUTTON, (SDL_FRect){t.x + 20 * u, by, bw, bh},
                                    _("Coming soon"), ID_PLAY);
            w->disabled = true;
            w->arg = i;
        } else if (has_save(a, g->id)) {
            float half = (bw - 12 * u) / 2;
            SDL_FRect cont = {t.x + 20 * u, by, half, bh},
                      fresh = {t.x + 20 * u + half + 12 * u, by, half, bh};
            if (half < 120 * u) {
                /* Narrow tiles: one above the other, so the labels stay readable. */
                float sh = 36 * u;
                fresh = (SDL_FRect){t.x + 20 * u, t.y + t.h - sh - 16 * u, bw, sh};
                cont = (SDL_FRect){t.x + 20 * u, fresh.y - sh - 8 * u, bw, sh};
                p->buttons_y[i] = cont.y;
            }
            Widget *w = widgets_add(&p->list, W_BUTTON, cont, _("Continue"), ID_CONTINUE);
            w->primary = true;
            w->arg = i;
            w = widgets_add(&p->list, W_BUTTON, fresh, _("New game"), ID_PLAY);
            w->arg = i;
        } else {
            Widget *w = widgets_add(&p->list, W_BUTTON, (SDL_FRect){t.x + 20 * u, by, bw, bh},
                                    _("Play"), ID_PLAY);
            w->primary = true;
            w->arg = i;
        }
    }
    p->diff_y = y0 + total_h + 34 * u;
    float dw = 440 * u;
    Widget *d = widgets_add(&p->list, W_CHOICE,
                            (SDL_FRect){(a->w - dw) / 2, p->diff_y, dw, 48 * u}, _("Difficulty"),
                            ID_DIFFICULTY);
    d->choices[0] = _("Easy");
    d->choices[1] = _("Medium");
    d->choices[2] = _("Hard");
    d->n_choices = 3;
    d->value = a->set.difficulty - DIFF_EASY;
    widgets_finish(&p->list);
    p->list.scroll = 0;
    if (p->list.focus < 0 || p->list.focus >= p->list.n)
        widgets_focus_first(&p->list);
}

static void *enter(App *a, const Scene *sc)
{
    (void)sc;
    Picker *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->app = a;
    p->list.focus = -1;
    p->hover_tile = -1;
    return p;
}

static void leave(void *self)
{
    Picker *p = self;
    if (p->felt)
        SDL_DestroyTexture(p->felt);
    free(p);
}

static void layout(void *self, int w, int h)
{
    Picker *p = self;
    if (!p->felt || p->fw != w || p->fh != h) {
        if (p->felt)
            SDL_DestroyTexture(p->felt);
        p->felt = draw_make_felt(p->app->ren, w, h, rgba(30, 96, 58, 255), rgba(8, 40, 24, 255));
        p->fw = w;
        p->fh = h;
    }
    build(p);
}

static void start(Picker *p, int game, bool fresh)
{
    const GameRules *g = registry_get(game);
    if (!g || !scene_for_game(g->id))
        return;
    App *a = p->app;
    app_sound(a, SND_CLICK);
    a->fresh_start = fresh;
    app_set_scene(a, g->id); /* frees p */
}

static bool event(void *self, const SDL_Event *e)
{
    Picker *p = self;
    App *a = p->app;
    if (e->type == SDL_MOUSEMOTION) {
        p->hover_tile = -1;
        for (int i = 0; i < p->n_tiles; i++)
            if (rect_has(p->tiles[i], (float)e->motion.x, (float)e->motion.y))
                p->hover_tile = i, a->pointer_hand = scene_for_game(registry_get(i)->id) != NULL;
    }
    WidgetHit h;
    bool used = widgets_event(a, &p->list, e, &h);
    if (h.id == ID_PLAY) {
        start(p, h.arg, true);
        return true;
    }
    if (h.id == ID_CONTINUE) {
        start(p, h.arg, false);
        return true;
    }
    if (h.id == ID_DIFFICULTY) {
        a->set.difficulty = (Difficulty)(DIFF_EASY + h.value);
        app_settings_changed(a);
        return true;
    }
    /* A click on a tile (outside its buttons) plays or continues that game. */
    if (!used && e->type == SDL_MOUSEBUTTONUP && e->button.button == SDL_BUTTON_LEFT) {
        for (int i = 0; i < p->n_tiles; i++)
            if (rect_has(p->tiles[i], (float)e->button.x, (float)e->button.y)) {
                const GameRules *g = registry_get(i);
                start(p, i, !has_save(a, g->id));
                return true;
            }
    }
    return used;
}

/* A game without its own picture: three card backs, fanned. */
static void default_preview(App *a, SDL_FRect area)
{
    float h = area.h * 0.72f, w = h * (float)cardart_aspect(a->art);
    float cx = area.x + area.w / 2, cy = area.y + area.h / 2;
    float ang[3] = {-12, 0, 12}, dx[3] = {-0.45f, 0, 0.45f};
    for (int i = 0; i < 3; i++) {
        SDL_FRect d = {cx + dx[i] * w - w / 2, cy - h / 2 + (i == 1 ? -h * 0.04f : 0), w, h};
        double rot = a->software ? 0 : ang[i];
        cardart_draw(a->art, a->ren, CARD_HIDDEN, &d, rot, 150);
    }
}

static void draw(void *self, SDL_Renderer *r)
{
    Picker *p = self;
    App *a = p->app;
    float u = a->u;
    if (p->felt)
        SDL_RenderCopy(r, p->felt, NULL, NULL);
    float cx = a->w / 2.0f;
    text_draw(a->text, "Tasca", (int)(64 * u), true, rgba(0, 0, 0, 90), cx + 2 * u,
              p->title_y + 3 * u, TEXT_CENTER | TEXT_MIDDLE);
    text_draw(a->text, "Tasca", (int)(64 * u), true, COL_GOLD, cx, p->title_y,
              TEXT_CENTER | TEXT_MIDDLE);
    text_draw(a->text, _("Card games at your table. Pick a game to play against the computer."),
              (int)(18 * u), false, COL_DIM, cx, p->title_y + 50 * u, TEXT_CENTER | TEXT_MIDDLE);
    for (int i = 0; i < p->n_tiles; i++) {
        SDL_FRect t = p->tiles[i];
        const GameRules *g = registry_get(i);
        const Scene *s = scene_for_game(g->id);
        bool hov = i == p->hover_tile && s;
        if (hov)
            t.y -= 4 * u;
        ui_panel(a, t, hov ? rgba(22, 48, 34, 240) : rgba(14, 34, 24, 225));
        SDL_FRect pv = {t.x + 16 * u, t.y + 16 * u, t.w - 32 * u, t.h * 0.42f};
        draw_rounded(r, pv, 12 * u, rgba(36, 112, 66, 255));
        draw_rounded_outline(r, pv, 12 * u, fmaxf(1, u), rgba(0, 0, 0, 60));
        if (s && s->draw_preview)
            s->draw_preview(a, pv);
        else
            default_preview(a, pv);
        float y = pv.y + pv.h + 30 * u;
        text_draw(a->text, _(g->name), (int)(30 * u), true, COL_TEXT, t.x + t.w / 2, y,
                  TEXT_CENTER | TEXT_MIDDLE);
        /* The summary fits between the name and the button: smaller type when it is long
         * (translations, narrow tiles). */
        float room = p->buttons_y[i] + (t.y - p->tiles[i].y) - 6 * u - (y + 24 * u);
        int fs = (int)(15 * u), minfs = (int)(11 * u);
        while (fs > minfs && text_draw_wrapped(a->text, _(g->summary), fs, false, COL_DIM, 0, 0,
                                               (int)(t.w - 44 * u), TEXT_CENTER, false) > room)
            fs--;
        text_draw_wrapped(a->text, _(g->summary), fs, false, COL_DIM, t.x + 22 * u, y + 24 * u,
                          (int)(t.w - 44 * u), TEXT_CENTER, true);
    }
    widgets_draw(a, &p->list);
    /* Never "saved" while nothing is (the warning at the top says why). */
    text_draw(a->text,
              app_save_warning(a)
                  ? _("Esc: menu  \xC2\xB7  F11: full screen")
                  : _("Esc: menu  \xC2\xB7  F11: full screen  \xC2\xB7  Your games are saved as you play."),
              (int)(14 * u), false, rgba_alpha(COL_DIM, 0.8f), cx, a->h - 22 * u,
              TEXT_CENTER | TEXT_MIDDLE);
}

static bool animating(const void *self)
{
    (void)self;
    return false;
}

static bool settled(const void *self)
{
    (void)self;
    return true;
}

static bool locate(void *self, const char *what, SDL_FRect *out)
{
    Picker *p = self;
    /* "play:<id>", "continue:<id>", "tile:<id>" */
    const char *colon = strchr(what, ':');
    if (!colon)
        return false;
    const char *id = colon + 1;
    for (int i = 0; i < p->n_tiles; i++) {
        if (strcmp(registry_get(i)->id, id) != 0)
            continue;
        if (strncmp(what, "tile:", 5) == 0) {
            *out = p->tiles[i];
            return true;
        }
        int want = strncmp(what, "play:", 5) == 0 ? ID_PLAY : ID_CONTINUE;
        for (int k = 0; k < p->list.n; k++)
            if (p->list.w[k].id == want && p->list.w[k].arg == i) {
                *out = p->list.w[k].r;
                return true;
            }
    }
    return false;
}

const Scene picker_scene = {
    .locate = locate,
    .id = "picker",
    .enter = enter,
    .leave = leave,
    .layout = layout,
    .event = event,
    .draw = draw,
    .animating = animating,
    .settled = settled,
};
