/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shared table geometry and felt: see table.h. */
#include "ui/table.h"

#include "ui/online.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/i18n.h"
#include "ui/text.h"
#include "ui/widgets.h"

void table_layout(TableView *v, struct App *a, int w, int h, Rgba centre, Rgba edge)
{
    v->s = fminf(w / TABLE_W, h / TABLE_H);
    v->ox = (w - TABLE_W * v->s) / 2;
    v->oy = (h - TABLE_H * v->s) / 2;
    v->cw = (float)cardart_aspect(a->art);
    if (!v->felt || v->fw != w || v->fh != h) {
        if (v->felt)
            SDL_DestroyTexture(v->felt);
        v->felt = draw_make_felt(a->ren, w, h, centre, edge);
        v->fw = w;
        v->fh = h;
    }
}

void table_free(TableView *v)
{
    if (v->felt)
        SDL_DestroyTexture(v->felt);
    v->felt = NULL;
}

void table_close(TableView *v, Match *m)
{
    if (m)
        match_free(m);
    table_free(v);
}

void table_toast(TableToast *m, const char *msg, float secs)
{
    snprintf(m->text, sizeof m->text, "%s", msg);
    if (m->text[0] >= 'a' && m->text[0] <= 'z')
        m->text[0] = (char)(m->text[0] - 'a' + 'A');
    m->t = secs;
}

void table_toast_update(TableToast *m, float dt)
{
    if (m->t > 0)
        m->t -= dt;
}

void table_toast_draw(const TableToast *m, struct App *a, float x, float y)
{
    if (m->t > 0)
        ui_toast(a, m->text, x, y, fminf(1, m->t * 2));
}

const char *table_level_name(Difficulty d)
{
    static const char *lv[] = {N_("Random"), N_("Easy"), N_("Medium"), N_("Hard")};
    return _(lv[d < DIFF_COUNT ? d : 0]);
}

void table_top_bar(struct App *a, const char *title, const char *right)
{
    float u = a->u;
    draw_vgradient(a->ren, (SDL_FRect){0, 0, (float)a->w, app_bar_height(a) * 1.3f},
                   rgba(0, 0, 0, 90), rgba(0, 0, 0, 0));
    text_draw(a->text, title, (int)(28 * u), true, COL_GOLD, a->w / 2.0f, 30 * u,
              TEXT_CENTER | TEXT_MIDDLE);
    /* At a networked table its code, which the friends joining need, instead of the
     * level (the dealer's bots) and the session's count. */
    char code[48];
    if (online_code(a)) {
        snprintf(code, sizeof code, _("Table %s"), online_code(a));
        right = code;
        /* The link: a green light while it is up, red while it comes back. */
        int tw = 0, th = 0;
        text_measure(a->text, right, (int)(16 * u), false, &tw, &th);
        draw_circle(a->ren, a->w - 20 * u - tw - 12 * u, 30 * u, 5 * u,
                    online_link_up(a) ? rgba(96, 200, 110, 255) : COL_RED);
    }
    if (right)
        text_draw(a->text, right, (int)(16 * u), false, COL_DIM, a->w - 20 * u, 30 * u,
                  TEXT_RIGHT | TEXT_MIDDLE);
}

void table_dots(char *buf, size_t size, float time)
{
    size_t n = strlen(buf);
    if (n < size)
        snprintf(buf + n, size - n, "%.*s", (int)(time * 3) % 4, "...");
}

void table_plate(SDL_Renderer *r, const TableView *v, SDL_FRect b, Rgba accent, Uint8 fill, float k)
{
    draw_shadow(r, b, 22 * v->s, 24 * v->s, rgba(0, 0, 0, (Uint8)(120 * fminf(1, k))));
    draw_rounded(r, b, 22 * v->s, rgba(12, 26, 18, (Uint8)(fill * fminf(1, k))));
    draw_rounded_outline(r, b, 22 * v->s, fmaxf(2, 3 * v->s), rgba_alpha(accent, fminf(1, k)));
}

static void score_key(char *key, size_t size, const char *game, const char *what)
{
    snprintf(key, size, "%s.%s", game, what);
}

void table_score_load(TableScore *sc, const Kv *kv, const char *game)
{
    char key[96];
    score_key(key, sizeof key, game, "wins");
    sc->wins = kv_get_int(kv, key, 0, 0, 2000000000);
    score_key(key, sizeof key, game, "draws");
    sc->draws = kv_get_int(kv, key, 0, 0, 2000000000);
    score_key(key, sizeof key, game, "losses");
    sc->losses = kv_get_int(kv, key, 0, 0, 2000000000);
}

void table_score_save(const TableScore *sc, Kv *kv, const char *game)
{
    char key[96];
    score_key(key, sizeof key, game, "wins");
    kv_set_int(kv, key, sc->wins);
    score_key(key, sizeof key, game, "draws");
    kv_set_int(kv, key, sc->draws);
    score_key(key, sizeof key, game, "losses");
    kv_set_int(kv, key, sc->losses);
}

void table_score_count(TableScore *sc, int result)
{
    if (result > 0)
        sc->wins++;
    else if (result < 0)
        sc->losses++;
    else
        sc->draws++;
}
