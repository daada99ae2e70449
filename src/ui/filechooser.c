/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The in-window file chooser: see filechooser.h. */
#include "filechooser.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"

static void home_dir(char *out, size_t size)
{
    const char *h = getenv("HOME");
    snprintf(out, size, "%s", h && *h == '/' ? h : "/");
}

/* Drops a trailing slash (but keeps "/"). */
static void trim(char *p)
{
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/')
        p[--n] = '\0';
}

static int cmp_entry(const void *a, const void *b)
{
    const FcEntry *x = a, *y = b;
    if (x->dir != y->dir)
        return x->dir ? -1 : 1;
    return strcoll(x->name, y->name);
}

/* Lists fc->dir; false when it cannot be read. */
static bool list(FileChooser *fc)
{
    fc->n = fc->left_out = 0;
    fc->error[0] = '\0';
    DIR *d = opendir(fc->dir);
    if (!d) {
        snprintf(fc->error, sizeof fc->error, "%s: %s", fc->dir, strerror(errno));
        return false;
    }
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.') /* hidden files, "." and ".." */
            continue;
        if (fc->n >= FC_MAX) {
            fc->left_out++;
            continue;
        }
        char path[FC_PATH + FC_NAME + 2];
        snprintf(path, sizeof path, "%s/%s", strcmp(fc->dir, "/") ? fc->dir : "", de->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0) /* a dangling link */
            continue;
        FcEntry *e = &fc->e[fc->n++];
        snprintf(e->name, sizeof e->name, "%s", de->d_name);
        e->dir = S_ISDIR(sb.st_mode);
        e->pickable =
            !e->dir && S_ISREG(sb.st_mode) && (!fc->executables || access(path, X_OK) == 0);
    }
    closedir(d);
    qsort(fc->e, (size_t)fc->n, sizeof fc->e[0], cmp_entry);
    return true;
}

static void go(FileChooser *fc, const char *dir)
{
    char want[FC_PATH];
    snprintf(want, sizeof want, "%s", dir && *dir ? dir : "/");
    if (want[0] != '/') { /* relative: from the current folder */
        char cwd[FC_PATH / 2];
        if (getcwd(cwd, sizeof cwd))
            snprintf(want, sizeof want, "%s/%.*s", cwd, (int)(FC_PATH / 2 - 2), dir);
    }
    trim(want);
    /* A file: its folder. Missing or unreadable: the nearest readable parent. */
    for (int guard = 0; guard < 64; guard++) {
        struct stat sb;
        if (stat(want, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            snprintf(fc->dir, sizeof fc->dir, "%s", want);
            if (list(fc))
                return;
        }
        char *slash = strrchr(want, '/');
        if (!slash || strcmp(want, "/") == 0)
            break;
        if (slash == want)
            want[1] = '\0';
        else
            *slash = '\0';
    }
    char err[sizeof fc->error];
    snprintf(err, sizeof err, "%s", fc->error);
    home_dir(fc->dir, sizeof fc->dir);
    list(fc);
    if (err[0] && !fc->error[0])
        snprintf(fc->error, sizeof fc->error, "%s", err);
}

void filechooser_open(FileChooser *fc, const char *start, bool executables)
{
    memset(fc, 0, sizeof *fc);
    fc->executables = executables;
    char home[FC_PATH];
    home_dir(home, sizeof home);
    go(fc, start && *start ? start : home);
}

void filechooser_up(FileChooser *fc)
{
    if (strcmp(fc->dir, "/") == 0)
        return;
    char up[FC_PATH];
    snprintf(up, sizeof up, "%s", fc->dir);
    char *slash = strrchr(up, '/');
    if (slash == up)
        up[1] = '\0';
    else if (slash)
        *slash = '\0';
    go(fc, up);
}

void filechooser_home(FileChooser *fc)
{
    char home[FC_PATH];
    home_dir(home, sizeof home);
    go(fc, home);
}

int filechooser_find(const FileChooser *fc, const char *name)
{
    for (int i = 0; i < fc->n; i++)
        if (strcmp(fc->e[i].name, name) == 0)
            return i;
    return -1;
}

bool filechooser_enter(FileChooser *fc, int i)
{
    if (i < 0 || i >= fc->n)
        return false;
    char path[FC_PATH + FC_NAME + 2];
    snprintf(path, sizeof path, "%s/%s", strcmp(fc->dir, "/") ? fc->dir : "", fc->e[i].name);
    if (fc->e[i].dir) {
        if (strlen(path) < FC_PATH)
            go(fc, path);
        return false;
    }
    if (!fc->e[i].pickable || strlen(path) >= FC_PATH)
        return false;
    snprintf(fc->picked, sizeof fc->picked, "%s", path);
    return true;
}

void filechooser_build(FileChooser *fc, App *a, WidgetList *l, int id_base, float x, float *y,
                       float w)
{
    float u = a->u;
    /* The folder, then the way up and home. */
    int h = text_draw_wrapped(a->text, fc->dir, (int)lroundf(15 * u), true, COL_GOLD, 0, 0, (int)w,
                              TEXT_LEFT, false);
    Widget *t = widgets_add(l, W_NOTE, (SDL_FRect){x, *y, w, (float)h}, fc->dir, -1);
    t->bold = true;
    *y += h + 10 * u;
    if (fc->error[0]) {
        h = text_draw_wrapped(a->text, fc->error, (int)lroundf(14 * u), false, COL_DIM, 0, 0,
                              (int)w, TEXT_LEFT, false);
        widgets_add(l, W_NOTE, (SDL_FRect){x, *y, w, (float)h}, fc->error, -1);
        *y += h + 8 * u;
    }
    Widget *up = widgets_add(l, W_ITEM, (SDL_FRect){x, *y, w, 44 * u}, _("Parent folder"),
                             id_base + FC_ID_UP);
    up->disabled = strcmp(fc->dir, "/") == 0;
    *y += 44 * u;
    widgets_add(l, W_ITEM, (SDL_FRect){x, *y, w, 44 * u}, _("Home folder"), id_base + FC_ID_HOME);
    *y += 52 * u;
    /* Room is kept for the host's own widgets (title, back, close). */
    int room = WIDGETS_MAX - l->n - 8;
    int shown = 0;
    for (int i = 0; i < fc->n && shown < room; i++, shown++) {
        const FcEntry *e = &fc->e[i];
        Widget *r =
            widgets_add(l, W_ITEM, (SDL_FRect){x, *y, w, 42 * u}, e->name, id_base + FC_ID_ENTRY);
        r->arg = i;
        r->disabled = !e->dir && !e->pickable;
        snprintf(r->hint, sizeof r->hint, "%s",
                 e->dir        ? _("folder  \xE2\x80\xBA")
                 : e->pickable ? _("program")
                               : "");
        *y += 42 * u;
    }
    int more = fc->left_out + fc->n - shown;
    char note[128] = "";
    if (fc->n == 0 && !fc->error[0])
        snprintf(note, sizeof note, "%s", _("This folder is empty."));
    else if (more > 0)
        snprintf(note, sizeof note,
                 P_("%d more item is not listed.", "%d more items are not listed.", more), more);
    if (note[0]) {
        *y += 8 * u;
        h = text_draw_wrapped(a->text, note, (int)lroundf(14 * u), false, COL_DIM, 0, 0, (int)w,
                              TEXT_LEFT, false);
        widgets_add(l, W_NOTE, (SDL_FRect){x, *y, w, (float)h}, note, -1);
        *y += h;
    }
}

bool filechooser_hit(FileChooser *fc, int id_base, int id, int arg)
{
    switch (id - id_base) {
    case FC_ID_ENTRY: return filechooser_enter(fc, arg);
    case FC_ID_UP: filechooser_up(fc); return false;
    case FC_ID_HOME: filechooser_home(fc); return false;
    default: return false;
    }
}
