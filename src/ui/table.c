/* The shared table geometry and felt: see table.h. */
#include "ui/table.h"

#include <math.h>
#include <stdio.h>

#include "ui/app.h"
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
