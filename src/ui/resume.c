/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ui/resume.h"

#include <stdio.h>
#include <time.h>

#include "core/fileio.h"
#include "core/rng.h"

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

uint64_t app_session_seed(App *app, const char *game, int *counter)
{
    char key[64];
    snprintf(key, sizeof key, "%s.session_seed", game);
    uint64_t seed = kv_get_u64(&app->kv, key, 0);
    if (app->opt.has_seed) {
        seed = app->opt.seed;
        *counter = 0;
        app->opt.has_seed = false;
    } else if (seed == 0) {
        seed = rng_mix((uint64_t)time(NULL), SDL_GetPerformanceCounter());
    }
    return seed;
}
