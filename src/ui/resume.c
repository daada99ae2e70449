#include "ui/resume.h"

#include <stdio.h>

#include "core/fileio.h"

Match *app_resume_match(App *app, const SavedGame *g)
{
    bool fresh = app->fresh_start || app->opt.has_seed;
    app->fresh_start = false;
    if (fresh)
        return NULL;
    char path[1100], err[256];
    app_save_path(app, g->game, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL; /* nothing saved */
    fclose(f);
    Match *m = match_load(path, err, sizeof err);
    if (m && m->rules == g->rules && (g->players == 0 || m->num_players == g->players)) {
        app_attach_match(app, m);
        return m;
    }
    if (m)
        match_free(m);
    char aside[1200] = "";
    file_set_aside(path, aside, sizeof aside);
    app_notice(app, g->notice, m ? g->not_this_game : err);
    return NULL;
}
