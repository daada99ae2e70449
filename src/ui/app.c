/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "app.h"

#include <SDL_image.h>
#include <dirent.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "engine/registry.h"
#include "i18n.h"
#include "lang.h"
#include "menu.h"
#include "online.h"
#include "widgets.h"

#ifndef TASCA_SOURCE_DIR
#define TASCA_SOURCE_DIR "."
#endif

static const char *const SETTINGS_HEADER = "# Tasca settings 1";
static const char *const STATS_HEADER = "# Tasca statistics 1";

/* ---- Folders ---- */

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool has_data(const char *dir)
{
    char p[1100];
    snprintf(p, sizeof p, "%.1000s/fonts", dir);
    if (is_dir(p))
        return true;
    snprintf(p, sizeof p, "%.1000s/assets", dir);
    return is_dir(p);
}

/* The data folder: $TASCA_DATA_DIR, else next to the executable (installed:
 * <prefix>/bin/../share/tasca; in a build tree: the executable's folder or its parent),
 * else the source tree this was built from. Never the current directory. */
static void find_data_dir(char *out, size_t size)
{
    const char *env = getenv("TASCA_DATA_DIR");
    if (env && *env) {
        snprintf(out, size, "%.1000s", env);
        return;
    }
    char *base = SDL_GetBasePath();
    char cand[4][1100];
    int n = 0;
    if (base) {
        snprintf(cand[n++], sizeof cand[0], "%.900s../share/tasca", base);
        snprintf(cand[n++], sizeof cand[0], "%.900s.", base);
        snprintf(cand[n++], sizeof cand[0], "%.900s..", base);
        SDL_free(base);
    }
    snprintf(cand[n++], sizeof cand[0], "%.900s", TASCA_SOURCE_DIR);
    for (int i = 0; i < n; i++)
        if (has_data(cand[i])) {
            snprintf(out, size, "%.1000s", cand[i]);
            return;
        }
    snprintf(out, size, "%.1000s", cand[n - 1]);
}

static bool file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool font_file(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && (strcasecmp(name + n - 4, ".ttf") == 0 || strcasecmp(name + n - 4, ".otf") == 0);
}

/* Picks the regular and bold faces from <data>/fonts. */
static bool find_fonts(const char *data, char *regular, char *bold, size_t size)
{
    char dir[1100];
    snprintf(dir, sizeof dir, "%s/fonts", data);
    regular[0] = bold[0] = '\0';
    DIR *d = opendir(dir);
    if (!d)
        return false;
    char names[64][256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64)
        if (font_file(e->d_name))
            snprintf(names[n++], sizeof names[0], "%s", e->d_name);
    closedir(d);
    /* Sorted, so the choice does not depend on the directory order. */
    qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    int reg = -1, bo = -1;
    for (int i = 0; i < n; i++) {
        bool italic = strstr(names[i], "Italic") || strstr(names[i], "Oblique");
        bool isbold = strstr(names[i], "Bold") && !strstr(names[i], "SemiBold") &&
                      !strstr(names[i], "ExtraBold");
        if (italic)
            continue;
        if (strstr(names[i], "Regular") && reg < 0)
            reg = i;
        if (isbold && bo < 0)
            bo = i;
    }
    if (reg < 0)
        for (int i = 0; i < n; i++)
            if (!strstr(names[i], "Italic") && !strstr(names[i], "Bold") &&
                !strstr(names[i], "Light") && !strstr(names[i], "Thin")) {
                reg = i;
                break;
            }
    if (reg < 0)
        return false;
    snprintf(regular, size, "%s/%s", dir, names[reg]);
    if (bo >= 0)
        snprintf(bold, size, "%s/%s", dir, names[bo]);
    return true;
}

/* ---- Small helpers for scenes ---- */

void app_notice(App *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->notice, sizeof a->notice, fmt, ap);
    va_end(ap);
    a->notice_t = 6.0f;
    /* On the stack, the newest last: the same text again only comes back to the end; with
     * the stack full the oldest goes. */
    int n = 0;
    for (int i = 0; i < a->n_notices; i++)
        if (strcmp(a->notices[i].text, a->notice) != 0)
            a->notices[n++] = a->notices[i];
    if (n == NOTICES_MAX) {
        memmove(&a->notices[0], &a->notices[1], sizeof a->notices[0] * (NOTICES_MAX - 1));
        n--;
    }
    snprintf(a->notices[n].text, sizeof a->notices[n].text, "%s", a->notice);
    a->notices[n].t = 6.0f;
    a->n_notices = n + 1;
}

int app_notices(const App *a, const char **out, int max)
{
    int n = 0;
    for (int i = 0; i < a->n_notices && n < max; i++)
        out[n++] = a->notices[i].text;
    return n;
}

const char *app_save_warning(const App *a)
{
    static char text[640];
    if (a->nothing_kept)
        return _("Nothing is being saved: there is no usable home folder to keep your games "
                 "and settings in.");
    const char *reason = a->save_error[0]     ? a->save_reason
                         : a->kv_error[0][0] ? a->kv_reason[0]
                         : a->kv_error[1][0] ? a->kv_reason[1]
                                             : NULL;
    if (!reason)
        return NULL;
    if (a->save_error[0])
        snprintf(text, sizeof text,
                 _("Your game is not being saved: %s. Free some disk space or check the "
                   "folder's permissions."),
                 reason);
    else
        snprintf(text, sizeof text,
                 _("Your settings and statistics are not being saved: %s. Free some disk space "
                   "or check the folder's permissions."),
                 reason);
    return text;
}

void app_save_path(const App *a, const char *game, char *out, size_t size)
{
    if (a->nothing_kept || !a->pref_dir[0]) {
        snprintf(out, size, "%s", "");
        return;
    }
    snprintf(out, size, "%s%s.save", a->pref_dir, game);
}

/* mkdir -p of path (no trailing '/'), each new folder private (0700). */
static bool make_dirs(const char *path)
{
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp)
        return false;
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
                return false;
            *p = '/';
        }
    if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
        return false;
    return is_dir(tmp);
}

bool app_find_pref_dir(char *out, size_t size, const char *passwd_home)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char base[1024], dir[1100];
    out[0] = '\0';
    if (xdg && xdg[0] == '/') {
        snprintf(base, sizeof base, "%.1000s", xdg);
    } else {
        /* A home folder that is not there is not made: the data would go who knows where
         * (a system account's /nonexistent). */
        const char *h = home && home[0] == '/' ? home
                        : passwd_home && passwd_home[0] == '/' ? passwd_home
                                                                : NULL;
        if (!h || !is_dir(h))
            return false;
        snprintf(base, sizeof base, "%.990s/.local/share", strcmp(h, "/") ? h : "");
    }
    snprintf(dir, sizeof dir, "%s/tasca/tasca", base);
    if (!make_dirs(dir) || strlen(dir) + 2 > size)
        return false;
    snprintf(out, size, "%s/", dir);
    return true;
}

void app_trust_program(App *a, const char *path)
{
    if (!path || !*path || app_program_trusted(a, path))
        return;
    if (a->n_trusted == TRUSTED_MAX) {
        memmove(a->trusted[0], a->trusted[1], sizeof a->trusted[0] * (TRUSTED_MAX - 1));
        a->n_trusted--;
    }
    snprintf(a->trusted[a->n_trusted++], sizeof a->trusted[0], "%s", path);
}

bool app_program_trusted(const App *a, const char *path)
{
    for (int i = 0; path && *path && i < a->n_trusted; i++)
        if (strcmp(a->trusted[i], path) == 0)
            return true;
    return false;
}

void app_wake(void *app)
{
    App *a = app;
    SDL_Event e;
    SDL_zero(e);
    e.type = a->wake_event;
    SDL_PushEvent(&e);
}

static void listener(void *user, const Match *m, int player, Action act)
{
    App *a = user;
    if (a->scene && a->scene->on_action)
        a->scene->on_action(a->self, m, player, act);
}

/* What the warning says of a failure: the file's name and errno's words (the system's,
 * in the language of the moment), else the engine's sentence. */
static void reason_of(char *out, size_t size, const char *path, int e, const char *err)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (e)
        snprintf(out, size, "%.60s: %.90s", base, strerror(e));
    else
        snprintf(out, size, "%.150s", err);
}

/* Every autosave of the table's game: a failure is shown at once and stays on screen (and
 * on stderr, once) until a save succeeds again. */
static void autosaved(void *user, const Match *m)
{
    App *a = user;
    if (m->autosave_error[0]) {
        if (strcmp(a->save_error, m->autosave_error) != 0)
            fprintf(stderr, "tasca: your game is not being saved: %s\n", m->autosave_error);
        snprintf(a->save_error, sizeof a->save_error, "%s", m->autosave_error);
        reason_of(a->save_reason, sizeof a->save_reason, m->autosave_path, m->autosave_errno,
                  m->autosave_error);
    } else {
        if (a->save_error[0]) {
            a->save_error[0] = '\0';
            fprintf(stderr, "tasca: your game is being saved again\n");
            app_notice(a, "%s", _("Your game is being saved again."));
        }
        /* Saving works again: what the settings and statistics could not keep, now. */
        if (a->kv_error[0][0] && a->first_frame_reported)
            app_save_settings(a);
        if (a->kv_error[1][0])
            app_save_stats(a);
    }
}

void app_attach_match(App *a, Match *m)
{
    m->listener = listener;
    m->listener_user = a;
    m->saved = autosaved;
    char path[1100];
    app_save_path(a, m->rules->id, path, sizeof path);
    match_set_autosave(m, path);
}

void app_sound(App *a, SoundId id)
{
    if (!a->set.sound)
        return;
    if (a->audio_wanted && !a->audio_started)
        a->pending_sounds |= 1u << id;
    else
        audio_play(id);
}

bool app_audio_silent(const App *a)
{
    return !a->audio_wanted || audio_state() == AUDIO_SILENT;
}

/* Starts the sound device's thread (it opens the device and loads the sounds while the
 * frames go on) and queues what was asked for meanwhile. */
static void start_audio(App *a)
{
    a->audio_started = true;
    char sounds[1100];
    snprintf(sounds, sizeof sounds, "%s/assets/sounds", a->data_dir);
    audio_set_enabled(a->set.sound);
    audio_set_volume(a->set.volume);
    if (audio_start(sounds))
        for (int i = 0; i < SND_COUNT; i++)
            if (a->pending_sounds & (1u << i) && a->set.sound)
                audio_play((SoundId)i);
    a->pending_sounds = 0;
}

float app_speed_factor(const App *a)
{
    return settings_speed_factor(a->opt.speed >= 0 ? (AnimSpeed)a->opt.speed : a->set.speed);
}

static void option_key(const GameRules *g, int i, char key[KV_KEY])
{
    snprintf(key, KV_KEY, "option.%s.%s", g->id, g->options[i].key);
}

void app_game_options(const App *a, const GameRules *g, GameOptions *out)
{
    rules_default_options(g, out);
    /* The player's rules are stored whole (app_set_game_option). Only some stored: a file
     * of an earlier version, which stored what was changed from its defaults. */
    int stored = 0, shown = 0;
    for (int i = 0; i < g->n_options && i < RULES_MAX_OPTIONS; i++) {
        char key[KV_KEY];
        option_key(g, i, key);
        shown += g->options[i].label != NULL;
        stored += g->options[i].label && kv_get(&a->kv, key);
    }
    if (stored > 0 && stored < shown && g->old_defaults)
        g->old_defaults(out);
    for (int i = 0; i < g->n_options && i < RULES_MAX_OPTIONS; i++) {
        if (!g->options[i].label) {
            out->v[i] = g->options[i].def; /* an arena's option: the window plays its default */
            continue;
        }
        char key[KV_KEY];
        option_key(g, i, key);
        out->v[i] = kv_get_int(&a->kv, key, out->v[i], g->options[i].min, g->options[i].max);
    }
}

void app_set_game_option(App *a, const GameRules *g, int i, int value)
{
    if (i < 0 || i >= g->n_options)
        return;
    /* The game may set other options with this one (a preset): store them all. */
    GameOptions was, opt;
    app_game_options(a, g, &was);
    opt = was;
    opt.v[i] = value;
    rules_option_changed(g, &opt, i);
    const char *bad = rules_check_options(g, &opt);
    if (bad) { /* a combination the game cannot play: keep the rules as they were */
        app_notice(a, "%s", _(bad));
        return;
    }
    /* Every option shown is stored, changed or not: a later version with other defaults
     * reads the same rules back. */
    for (int k = 0; k < g->n_options && k < RULES_MAX_OPTIONS; k++) {
        if (!g->options[k].label)
            continue;
        char key[KV_KEY];
        option_key(g, k, key);
        kv_set_int(&a->kv, key, opt.v[k]);
    }
    app_save_settings(a);
}

/* Writes the settings' (which 0) or the statistics' (1) file: a failure stays at the top
 * of the window (and goes to stderr, once) until a write of that file succeeds again. */
static void save_kv(App *a, int which, const Kv *kv)
{
    char err[256];
    errno = 0;
    if (kv_save(kv, err, sizeof err) == 0) {
        a->kv_error[which][0] = '\0';
        return;
    }
    int e = errno;
    if (strcmp(a->kv_error[which], err) != 0)
        fprintf(stderr, "tasca: the %s are not being saved: %s\n",
                which ? "statistics" : "settings", err);
    snprintf(a->kv_error[which], sizeof a->kv_error[which], "%s", err);
    reason_of(a->kv_reason[which], sizeof a->kv_reason[which], kv->path, e, err);
}

void app_save_settings(App *a)
{
    settings_to_kv(&a->set, &a->kv);
    if (a->nothing_kept)
        return; /* nowhere to keep them: the window says so */
    if (!a->first_frame_reported) {
        a->settings_dirty = true;
        return;
    }
    a->settings_dirty = false;
    if (a->kv_base) {
        /* another window of the same profile may have saved meanwhile: its changes stay */
        kv_merge_file(&a->kv, a->kv_base);
        settings_from_kv(&a->set, &a->kv);
    }
    save_kv(a, 0, &a->kv);
    if (a->kv_base && !a->kv_error[0][0])
        *a->kv_base = a->kv;
}

void app_save_stats(App *a)
{
    if (a->nothing_kept)
        return;
    save_kv(a, 1, &a->stats);
}

float app_bar_height(const App *a) { return 60 * a->u; }

void app_quit(App *a) { a->quit = true; }

/* Cards are about a fifth of the table's height. */
static int card_height(int w, int h)
{
    float s = fminf(w / 1600.0f, h / 1000.0f);
    return (int)lroundf(230 * s);
}

static void prepare_cards(App *a)
{
    int h = card_height(a->w, a->h);
    a->card_h = h;
    if (a->art)
        cardart_prepare(a->art, a->ren, h);
}

void app_reload_art(App *a)
{
    char err[256] = "";
    CardArt *art = cardart_create(a->ren, a->set.deck, a->set.back, err, sizeof err);
    if (!art) {
        app_notice(a, _("The card deck could not be loaded: %s"), err);
        return;
    }
    if (err[0])
        app_notice(a, "%s", err);
    if (a->art)
        cardart_destroy(a->art);
    a->art = art;
    a->card_h = 0;
    prepare_cards(a);
}

void app_settings_changed(App *a)
{
    audio_set_enabled(a->set.sound);
    audio_set_volume(a->set.volume);
    app_save_settings(a);
    if (a->scene && a->scene->settings_changed)
        a->scene->settings_changed(a->self);
}

void app_relayout(App *a)
{
    int w = 0, h = 0, ww = 0, wh = 0;
    SDL_GetRendererOutputSize(a->ren, &w, &h);
    SDL_GetWindowSize(a->win, &ww, &wh);
    if (w < 1 || h < 1)
        return;
    a->w = w;
    a->h = h;
    a->dpi = ww > 0 ? (float)w / (float)ww : 1.0f;
    float u = fminf(w / 1280.0f, h / 800.0f);
    a->u = u < 0.8f ? 0.8f : u;
    prepare_cards(a);
    if (a->scene && a->scene->layout)
        a->scene->layout(a->self, w, h);
    if (a->menu)
        menu_layout(a->menu);
}

static bool set_scene(App *a, const char *id, bool again)
{
    const Scene *s = strcmp(id, "picker") == 0 ? &picker_scene : scene_for_game(id);
    if (!s) {
        app_notice(a, _("The game '%s' has no table yet."), id);
        s = &picker_scene;
    }
    if (a->scene == s && !again)
        return true;
    if (a->scene) {
        a->scene->leave(a->self);
        a->scene = NULL;
        a->self = NULL;
    }
    a->scene = s;
    a->self = s->enter(a, s);
    if (!a->self && s != &picker_scene) {
        a->scene = &picker_scene;
        a->self = picker_scene.enter(a, &picker_scene);
    }
    if (!a->self) {
        a->scene = NULL;
        return false;
    }
    snprintf(a->set.last_screen, sizeof a->set.last_screen, "%s", a->scene->id);
    app_save_settings(a);
    app_relayout(a);
    return true;
}

bool app_set_scene(App *a, const char *id) { return set_scene(a, id, false); }
bool app_enter_scene(App *a, const char *id) { return set_scene(a, id, true); }

/* ---- Creation ---- */

/* TASCA_TRACE_STARTUP=1: the time each start-up step ends, in ms since app_create began. */
static void trace(const char *step)
{
    static int on = -1;
    static struct timespec t0;
    if (on < 0) {
        on = getenv("TASCA_TRACE_STARTUP") != NULL;
        clock_gettime(CLOCK_MONOTONIC, &t0);
    }
    if (!on || !step)
        return;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long rss_kb = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        long size, res;
        if (fscanf(f, "%ld %ld", &size, &res) == 2)
            rss_kb = res * 4;
        fclose(f);
    }
    fprintf(stderr, "startup %7.1f ms %7.1f MB  %s\n",
            (t.tv_sec - t0.tv_sec) * 1e3 + (t.tv_nsec - t0.tv_nsec) / 1e6, rss_kb / 1024.0, step);
}

static void setup_locale(const char *data)
{
    char *base = SDL_GetBasePath();
    char dir[1100];
    lang_find_dir(base, data, dir, sizeof dir);
    SDL_free(base);
    lang_init(dir);
}

void app_set_language(App *a, const char *code)
{
    lang_set(code);
    kv_set(&a->kv, "language", code ? code : "");
    /* Everything on screen is laid out again in the new language. */
    app_relayout(a);
}

/* The window's icon (the taskbar uses it when no launcher names the window). */
static void set_window_icon(App *a)
{
    static const char *const rel[] = {"icons/tasca.png", "data/icons/hicolor/64x64/tasca.png"};
    for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
        char p[1200];
        snprintf(p, sizeof p, "%s/%s", a->data_dir, rel[i]);
        if (!file_exists(p))
            continue;
        SDL_Surface *s = IMG_Load(p);
        if (s) {
            SDL_SetWindowIcon(a->win, s);
            SDL_FreeSurface(s);
        }
        return;
    }
}

static void fail_box(const char *title, const char *msg)
{
    fprintf(stderr, "tasca: %s\n", msg);
    SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, title, msg, NULL);
}

/* TASCA_RENDERER=software: SDL's software renderer, for benchmarks and tests. */
static bool software_forced(void)
{
    const char *force = getenv("TASCA_RENDERER");
    return force && strcmp(force, "software") == 0;
}

static SDL_Renderer *make_renderer(App *a)
{
    Uint32 vs = a->opt.test_mode ? 0 : SDL_RENDERER_PRESENTVSYNC;
    SDL_Renderer *r = NULL;
    if (!software_forced())
        r = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_ACCELERATED | vs);
    if (!r) {
        r = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_SOFTWARE);
        a->software = r != NULL;
    }
    return r;
}

App *app_create(const AppOptions *opt, char *err, size_t errsize)
{
    App *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    trace(NULL);
    a->opt = *opt;
    a->exit_status = 0;
    find_data_dir(a->data_dir, sizeof a->data_dir);
    setup_locale(a->data_dir);
    art_set_data_dir(a->data_dir);
    trace("data dir, locale");

    /* The window's app id (Wayland) and WM_CLASS (X11) are the launcher's id, so the
     * desktop matches the window to its launcher and icon (StartupWMClass). */
#ifdef TASCA_APP_ID
    setenv("SDL_VIDEO_WAYLAND_WMCLASS", TASCA_APP_ID, 0);
    setenv("SDL_VIDEO_X11_WMCLASS", TASCA_APP_ID, 0);
#endif
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    if (software_forced()) {
        /* SDL would otherwise present the software renderer's frames through an OpenGL
         * texture when it finds OpenGL (even Mesa's CPU rasterizer): a second full-window
         * copy and a GL driver per frame, where X11's shared-memory put is enough. Read
         * when video starts. */
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        snprintf(err, errsize, _("cannot open a window: %s"), SDL_GetError());
        free(a);
        return NULL;
    }
    trace("SDL_Init video");
    /* The preference folder; with no home folder in the environment the password
     * database's, and with none there either nothing is kept (never a shared temporary
     * folder, where anyone could plant settings). */
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    const char *passwd_home = opt->passwd_home;
    if (!passwd_home && !(xdg && xdg[0] == '/') && !(home && home[0] == '/')) {
        struct passwd *pw = getpwuid(getuid());
        passwd_home = pw && pw->pw_dir ? pw->pw_dir : "";
    }
    if (!app_find_pref_dir(a->pref_dir, sizeof a->pref_dir, passwd_home)) {
        a->nothing_kept = true;
        a->pref_dir[0] = '\0';
        fprintf(stderr, "tasca: no usable home folder (XDG_DATA_HOME, HOME or the password "
                        "database's) to keep settings and games in: nothing is saved\n");
    }

    if (!a->nothing_kept) {
        char notice[512] = "", path[1100];
        snprintf(path, sizeof path, "%ssettings.ini", a->pref_dir);
        kv_load(&a->kv, path, SETTINGS_HEADER, notice, sizeof notice);
        if ((a->kv_base = malloc(sizeof *a->kv_base)))
            *a->kv_base = a->kv;
        settings_from_kv(&a->set, &a->kv);
        lang_set(kv_get(&a->kv, "language"));
        if (notice[0])
            app_notice(a, "%s", notice);
        snprintf(path, sizeof path, "%sstatistics.ini", a->pref_dir);
        kv_load(&a->stats, path, STATS_HEADER, notice, sizeof notice);
        if (notice[0])
            app_notice(a, "%s", notice);
    } else {
        settings_from_kv(&a->set, &a->kv);
    }
    if (opt->difficulty >= DIFF_EASY && opt->difficulty <= DIFF_HARD)
        a->set.difficulty = (Difficulty)opt->difficulty;
    trace("settings, statistics");

    int w = opt->width > 0 ? opt->width : 1280, h = opt->height > 0 ? opt->height : 800;
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_HIDDEN;
    if (opt->fullscreen)
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    a->win = SDL_CreateWindow("Tasca", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags);
    if (!a->win) {
        snprintf(err, errsize, _("cannot open a window: %s"), SDL_GetError());
        app_destroy(a);
        return NULL;
    }
    trace("window");
    SDL_SetWindowMinimumSize(a->win, APP_MIN_W, APP_MIN_H);
    /* The cards are drawn on a helper thread while the renderer starts (most of that is
     * loading and setting up the graphics driver). */
    char aerr[256] = "";
    a->art = cardart_create(NULL, a->set.deck, a->set.back, aerr, sizeof aerr);
    if (!a->art) {
        snprintf(err, errsize, _("Tasca cannot draw its cards: %s"), aerr);
        fail_box(_("Tasca cannot start"), err);
        app_destroy(a);
        return NULL;
    }
    if (aerr[0])
        app_notice(a, "%s", aerr);
    int ww = w, wh = h;
    SDL_GetWindowSize(a->win, &ww, &wh);
    cardart_prefetch(a->art, card_height(ww, wh));
    trace("card art started");
    set_window_icon(a);
    trace("icon");
    a->ren = make_renderer(a);
    trace("renderer");
    if (!a->ren) {
        snprintf(err, errsize, _("cannot draw in the window: %s"), SDL_GetError());
        app_destroy(a);
        return NULL;
    }
    SDL_SetRenderDrawBlendMode(a->ren, SDL_BLENDMODE_BLEND);
    draw_init(a->ren);
    trace("draw textures");

    char regular[1200], bold[1200];
    if (!find_fonts(a->data_dir, regular, bold, sizeof regular)) {
        const char *dv = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
        const char *dvb = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
        if (file_exists(dv)) {
            fprintf(stderr,
                    "tasca: no font found in %s/fonts; using the system's DejaVu Sans instead\n",
                    a->data_dir);
            snprintf(regular, sizeof regular, "%s", dv);
            snprintf(bold, sizeof bold, "%s", file_exists(dvb) ? dvb : "");
        } else {
            snprintf(err, errsize,
                     _("Tasca cannot find its font: %s/fonts has no .ttf file. Reinstall Tasca, "
                       "or set TASCA_DATA_DIR to the folder that holds fonts/ and assets/."),
                     a->data_dir);
            fail_box(_("Tasca cannot start"), err);
            app_destroy(a);
            return NULL;
        }
    }
    char terr[512];
    a->text = text_create(a->ren, regular, bold[0] ? bold : NULL, terr, sizeof terr);
    if (!a->text) {
        snprintf(err, errsize, _("Tasca cannot use its font: %s"), terr);
        fail_box(_("Tasca cannot start"), err);
        app_destroy(a);
        return NULL;
    }

    trace("fonts");
    a->wake_event = SDL_RegisterEvents(1);
    a->cursor_hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    a->cursor_arrow = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW);
    /* The sound device opens after the first frame (see start_audio). */
    a->audio_wanted = !opt->no_audio && !getenv("TASCA_NO_AUDIO");
    a->n_decks = cardart_list_decks(a->decks, DECKS_MAX);
    trace("deck list");
    a->menu = menu_create(a);
    if (!a->menu) {
        snprintf(err, errsize, "out of memory");
        app_destroy(a);
        return NULL;
    }
    trace("menu");
    app_relayout(a);
    trace("layout (card atlas)");

    /* Where to start: the command line, else where the player left off, else the picker. */
    const char *start = opt->game;
    if (!start) {
        const char *last = a->set.last_screen;
        start = last[0] && (strcmp(last, "picker") == 0 || scene_for_game(last)) ? last : "picker";
    }
    if (!app_set_scene(a, start)) {
        snprintf(err, errsize, _("the table could not be set up"));
        app_destroy(a);
        return NULL;
    }
    trace("scene");
    a->pending_page = opt->open ? menu_page_from_name(opt->open) : -1;
    if (opt->server)
        kv_set(&a->kv, online_key(a, "online.server"), opt->server);
    if (opt->name) /* this window's player (another window on the profile has its own) */
        kv_set(&a->kv, online_key(a, "online.name"), opt->name);
    if (opt->create || opt->join) {
        char why[320], code[WIRE_CODE] = "";
        bool ok = true;
        if (opt->create) {
            ok = online_create_spec(a, a->scene ? a->scene->id : "", opt->create, code, why,
                                    sizeof why);
            if (ok) {
                printf("table %s %s\n", code, online_url(a));
                /* a private table: what friends join with, one a seat kept for a friend */
                bool kept = false;
                for (int k = 0; k < RULES_MAX_PLAYERS; k++)
                    if (online_seat_invitation(a, k)[0]) {
                        printf("invitation %s\n", online_seat_invitation(a, k));
                        kept = true;
                    }
                if (!kept && online_made_invitation(a)[0])
                    printf("invitation %s\n", online_made_invitation(a));
                fflush(stdout);
            }
        }
        if (ok)
            ok = online_join(a,
                             !opt->create                       ? opt->join
                             : online_made_invitation(a)[0] ? online_made_invitation(a)
                                                                : code,
                             opt->create ? 0 : opt->seat, why, sizeof why);
        if (!ok) {
            app_notice(a, _("Play online: %s"), why);
            a->pending_page = PAGE_ONLINE;
        }
    }
    /* Again now: creating the renderer may make the window anew (X11 then drops the size
     * hints set before), and below 960 x 600 points the table's texts overlap. */
    SDL_SetWindowMinimumSize(a->win, APP_MIN_W, APP_MIN_H);
    SDL_ShowWindow(a->win);
    trace("show window");
    app_relayout(a);
    trace("layout again");
    a->last_counter = SDL_GetPerformanceCounter();
    const char *log = getenv("TASCA_FRAME_LOG");
    if (log && *log)
        a->frame_log = fopen(log, "w");
    return a;
}

void app_destroy(App *a)
{
    if (!a)
        return;
    if (a->scene && a->self)
        a->scene->leave(a->self);
    a->scene = NULL;
    online_close(a); /* after the scene: its mirror reads the feed */
    if (a->settings_dirty) {
        a->first_frame_reported = true; /* no frame is coming: write them now */
        app_save_settings(a);
    }
    menu_destroy(a->menu);
    if (a->cursor_hand)
        SDL_FreeCursor(a->cursor_hand);
    if (a->cursor_arrow)
        SDL_FreeCursor(a->cursor_arrow);
    if (a->art)
        cardart_destroy(a->art);
    text_destroy(a->text);
    draw_quit();
    audio_quit();
    if (a->ren)
        SDL_DestroyRenderer(a->ren);
    if (a->win)
        SDL_DestroyWindow(a->win);
    if (a->frame_log)
        fclose(a->frame_log);
    IMG_Quit();
    SDL_Quit();
    free(a->kv_base);
    free(a);
}

/* ---- The frame ---- */

/* While the menu is open the table pauses (no bot moves, no deals behind the menu). */
static bool table_paused(const App *a) { return menu_is_open(a->menu); }

static bool animating(const App *a)
{
    bool scene = !table_paused(a) && a->scene && a->scene->animating &&
                 a->scene->animating(a->self);
    return scene || menu_animating(a->menu) || a->n_notices > 0;
}

static bool settled(const App *a)
{
    return (table_paused(a) || !a->scene || !a->scene->settled || a->scene->settled(a->self)) &&
           !menu_animating(a->menu) && a->pending_page < 0;
}

static void toggle_fullscreen(App *a)
{
    bool fs = SDL_GetWindowFlags(a->win) & (SDL_WINDOW_FULLSCREEN | SDL_WINDOW_FULLSCREEN_DESKTOP);
    SDL_SetWindowFullscreen(a->win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    app_relayout(a);
}

static void handle(App *a, SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT:
        a->quit = true;
        return;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
            e->window.event == SDL_WINDOWEVENT_RESIZED)
            app_relayout(a);
        return;
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        a->keyboard = true;
        if (k == SDLK_F11 || ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && (e->key.keysym.mod & KMOD_ALT))) {
            if (!e->key.repeat)
                toggle_fullscreen(a);
            return;
        }
        if (k == SDLK_F1 && !e->key.repeat) {
            menu_open(a->menu, PAGE_RULES);
            return;
        }
        if (k == SDLK_q && (e->key.keysym.mod & KMOD_CTRL)) {
            a->quit = true;
            return;
        }
        break;
    }
    case SDL_MOUSEMOTION:
        e->motion.x = (Sint32)lroundf(e->motion.x * a->dpi);
        e->motion.y = (Sint32)lroundf(e->motion.y * a->dpi);
        e->motion.xrel = (Sint32)lroundf(e->motion.xrel * a->dpi);
        e->motion.yrel = (Sint32)lroundf(e->motion.yrel * a->dpi);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        a->keyboard = false;
        e->button.x = (Sint32)lroundf(e->button.x * a->dpi);
        e->button.y = (Sint32)lroundf(e->button.y * a->dpi);
        break;
    default:
        if (e->type == a->wake_event)
            return; /* a bot answered: the scene polls it in update */
        break;
    }
    if (e->type == SDL_MOUSEMOTION)
        a->pointer_hand = false;
    bool modal = a->scene && a->scene->modal && !menu_is_open(a->menu) && a->scene->modal(a->self);
    if (modal)
        a->scene->event(a->self, e);
    else if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE &&
             !menu_is_open(a->menu) && a->scene && a->scene->cancel && a->scene->cancel(a->self))
        ; /* Esc dropped a selection; the next Esc opens the menu */
    else if (!menu_event(a->menu, e) && a->scene && a->scene->event)
        a->scene->event(a->self, e);
    /* A hand over things that can be clicked. */
    if (e->type == SDL_MOUSEMOTION && a->pointer_hand != a->hand_shown && a->cursor_hand) {
        a->hand_shown = a->pointer_hand;
        SDL_SetCursor(a->hand_shown ? a->cursor_hand : a->cursor_arrow);
    }
}

/* The notices at the bottom, the latest lowest, older ones stacked above it. */
static void draw_notice(App *a)
{
    float y = a->h - 34 * a->u;
    for (int i = a->n_notices - 1; i >= 0; i--) {
        const AppNotice *n = &a->notices[i];
        float alpha = n->t < 0.5f ? n->t / 0.5f : 1.0f;
        SDL_FRect r = ui_toast_rect(a, n->text, a->w / 2.0f, y);
        ui_toast(a, n->text, a->w / 2.0f, y, alpha);
        y -= r.h + 8 * a->u;
    }
}

/* While nothing is being saved: a plate at the top, over the title, until a save
 * succeeds again. */
static void draw_save_warning(App *a)
{
    const char *msg = app_save_warning(a);
    if (!msg)
        return;
    float u = a->u;
    /* Between the menu button and the table's Hint button (over the title); centred where
     * there is no Hint (the picker). */
    float x0 = 74 * u, x1 = a->w - 74 * u;
    SDL_FRect hint;
    if (a->scene && a->scene->locate && a->self && a->scene->locate(a->self, "hint-place", &hint))
        x1 = hint.x - 14 * u;
    else
        x0 = a->w / 2.0f - fminf(430 * u, a->w / 2.0f - 74 * u), x1 = a->w - x0;
    if (x1 - x0 < 360 * u)
        x1 = fminf(a->w - 10 * u, x0 + 360 * u);
    float w = x1 - x0;
    int size = (int)lroundf(14 * u);
    int th = text_draw_wrapped(a->text, msg, size, false, COL_TEXT, 0, 0, (int)(w - 28 * u),
                               TEXT_CENTER, false);
    /* At least as tall as the title it covers. */
    SDL_FRect r = {x0, 5 * u, w, fmaxf(th + 12 * u, 50 * u)};
    draw_shadow(a->ren, r, 12 * u, 10 * u, rgba(0, 0, 0, 120));
    draw_rounded(a->ren, r, 12 * u, rgba(88, 22, 18, 255));
    draw_rounded_outline(a->ren, r, 12 * u, fmaxf(1, 2 * u), COL_RED);
    text_draw_wrapped(a->text, msg, size, false, COL_TEXT, r.x + 14 * u, r.y + (r.h - th) / 2,
                      (int)(w - 28 * u), TEXT_CENTER, true);
}

static void save_screenshot(App *a)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, a->w, a->h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) {
        fprintf(stderr, "tasca: screenshot: %s\n", SDL_GetError());
        a->exit_status = 1;
        return;
    }
    if (SDL_RenderReadPixels(a->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) != 0 ||
        IMG_SavePNG(s, a->opt.screenshot) != 0) {
        fprintf(stderr, "tasca: cannot write the screenshot %s: %s\n", a->opt.screenshot,
                SDL_GetError());
        a->exit_status = 1;
    }
    SDL_FreeSurface(s);
}

static void frame(App *a, bool may_wait)
{
    SDL_Event e;
    if (may_wait && !animating(a) && !a->quit) {
        /* Nothing moves and no bot thinks: sleep until something happens. A bot's answer
         * arrives as a user event (app_wake). */
        /* (The audio thread closes an idle sound device on its own.) */
        if (SDL_WaitEventTimeout(&e, 10000))
            handle(a, &e);
        a->last_counter = SDL_GetPerformanceCounter();
    }
    Uint64 t0 = SDL_GetPerformanceCounter();
    struct timespec cpu0;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
    while (!a->quit && SDL_PollEvent(&e))
        handle(a, &e);
    float dt;
    if (a->opt.test_mode) {
        dt = 1.0f / 60.0f;
    } else {
        dt = (float)((double)(t0 - a->last_counter) / (double)SDL_GetPerformanceFrequency());
        dt = dt < 0 ? 0 : dt > 1.0f / 20 ? 1.0f / 20 : dt;
    }
    a->last_counter = t0;
    a->time += dt;
    if (a->notice_t > 0)
        a->notice_t -= dt;
    int kept = 0;
    for (int i = 0; i < a->n_notices; i++)
        if ((a->notices[i].t -= dt) > 0)
            a->notices[kept++] = a->notices[i];
    a->n_notices = kept;
    menu_update(a->menu, dt);
    online_frame(a);
    if (!table_paused(a) && a->scene && a->scene->update)
        a->scene->update(a->self, dt);
    /* --open: the page opens once the table has settled (so it shows behind). */
    if (a->pending_page >= 0 && a->scene && (!a->scene->settled || a->scene->settled(a->self))) {
        menu_open(a->menu, (MenuPage)a->pending_page);
        a->pending_page = -1;
    }

    a->frame++;
    bool draw = a->opt.draw_every <= 1 || a->frame % (unsigned long)a->opt.draw_every == 0;
    if (draw) {
        text_frame(a->text);
        if (!a->first_frame_reported)
            trace("first frame: events, update");
        SDL_SetRenderDrawColor(a->ren, 10, 40, 24, 255);
        SDL_RenderClear(a->ren);
        if (a->scene && a->scene->draw)
            a->scene->draw(a->self, a->ren);
        menu_draw(a->menu);
        draw_save_warning(a);
        draw_notice(a);
        if (a->opt.screenshot && a->frame >= 2 && (settled(a) || a->time > 20)) {
            save_screenshot(a);
            a->quit = true;
        }
        if (!a->first_frame_reported)
            trace("first frame drawn, not yet presented");
        SDL_RenderPresent(a->ren);
    }
    if (!a->first_frame_reported) {
        a->first_frame_reported = true;
        trace("first frame");
        if (getenv("TASCA_FIRST_FRAME")) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            fprintf(stderr, "first-frame %lld\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
        }
    }
    if (a->settings_dirty && a->first_frame_reported)
        app_save_settings(a);
    if (a->audio_wanted && !a->audio_started && draw) {
        start_audio(a);
        trace("audio thread started, after the first frame");
    }
    Uint64 t1 = SDL_GetPerformanceCounter();
    double ms = (double)(t1 - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    if (a->frame_log && animating(a)) {
        /* Wall time and this thread's CPU time (the latter does not count time lost to
         * other processes on a busy machine). */
        struct timespec cpu1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
        double cpu_ms = (cpu1.tv_sec - cpu0.tv_sec) * 1e3 + (cpu1.tv_nsec - cpu0.tv_nsec) / 1e6;
        fprintf(a->frame_log, "%.3f %.3f\n", ms, cpu_ms);
    }
    if (a->opt.frames > 0 && (long)a->frame >= a->opt.frames)
        a->quit = true;
    /* Without a working vsync (some drivers, Xvfb) keep animations at about 60 frames a
     * second instead of spinning. */
    if (may_wait && !a->opt.test_mode && ms < 15.5)
        SDL_Delay((Uint32)(16.0 - ms));
}

int app_run(App *a)
{
    while (!a->quit)
        frame(a, true);
    return a->exit_status;
}

bool app_run_frames(App *a, int n)
{
    for (int i = 0; i < n && !a->quit; i++)
        frame(a, false);
    return !a->quit;
}

bool app_settle(App *a, int max_frames)
{
    for (int i = 0; i < max_frames && !a->quit; i++) {
        frame(a, false);
        if (settled(a))
            return true;
        if (a->scene && a->scene->match) {
            Match *m = a->scene->match(a->self);
            if (m && match_bot_busy(m))
                SDL_Delay(1); /* let the bot's thread answer */
        }
    }
    return settled(a);
}
