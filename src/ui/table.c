/* The shared table geometry and felt: see table.h. */
#include "ui/table.h"

#include <math.h>

#include "ui/app.h"

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
