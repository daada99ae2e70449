/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ui_fixture.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/ai/bot.h"

int failures;
char home[512];

void rm_rf(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        unlink(path);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        rm_rf(p);
    }
    closedir(d);
    rmdir(path);
}

void fresh_home(const char *prefix, const char *settings)
{
    if (home[0])
        rm_rf(home);
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
    snprintf(home, sizeof home, "%s/%s-XXXXXX", base ? base : "/tmp", prefix);
    if (!mkdtemp(home)) {
        perror("mkdtemp");
        exit(1);
    }
    setenv("XDG_DATA_HOME", home, 1);
    if (settings) {
        char dir[600], path[700];
        snprintf(dir, sizeof dir, "%s/tasca", home);
        mkdir(dir, 0700);
        snprintf(dir, sizeof dir, "%s/tasca/tasca", home);
        mkdir(dir, 0700);
        snprintf(path, sizeof path, "%s/settings.ini", dir);
        FILE *f = fopen(path, "w");
        if (f) {
            fprintf(f, "# Tasca settings 1\n%s", settings);
            fclose(f);
        }
    }
}

AppOptions test_options(const char *game, int speed, uint64_t seed)
{
    AppOptions o = {0};
    o.game = game;
    o.difficulty = DIFF_EASY;
    o.has_seed = seed != 0;
    o.seed = seed;
    o.width = 1280;
    o.height = 800;
    o.test_mode = true;
    o.speed = speed;
    return o;
}

App *start_app(const AppOptions *o)
{
    char err[512];
    App *a = app_create(o, err, sizeof err);
    if (!a)
        fprintf(stderr, "app_create: %s\n", err);
    return a;
}

Uint32 win_id(App *a) { return SDL_GetWindowID(a->win); }

void push_button(App *a, Uint32 type, float x, float y, int clicks)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = type;
    e.button.windowID = win_id(a);
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = (Uint8)clicks;
    e.button.x = (Sint32)(x / a->dpi);
    e.button.y = (Sint32)(y / a->dpi);
    SDL_PushEvent(&e);
}

void push_motion(App *a, float x, float y, float dx, float dy, bool held)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = win_id(a);
    e.motion.state = held ? SDL_BUTTON_LMASK : 0;
    e.motion.x = (Sint32)(x / a->dpi);
    e.motion.y = (Sint32)(y / a->dpi);
    e.motion.xrel = (Sint32)dx;
    e.motion.yrel = (Sint32)dy;
    SDL_PushEvent(&e);
}

void push_key(App *a, SDL_Keycode k, Uint16 mod)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_KEYDOWN;
    e.key.windowID = win_id(a);
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    SDL_PushEvent(&e);
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    SDL_PushEvent(&e);
}

void click(App *a, SDL_FRect r, int clicks)
{
    float x = r.x + r.w / 2, y = r.y + r.h / 2;
    push_motion(a, x, y, 0, 0, false);
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, clicks);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, clicks);
}

void double_click(App *a, SDL_FRect r)
{
    float x = r.x + r.w / 2, y = r.y + r.h / 2;
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, 1);
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 2);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, 2);
}

bool locate(App *a, const char *what, SDL_FRect *r)
{
    return a->scene && a->scene->locate && a->scene->locate(a->self, what, r);
}

Match *match_of(App *a)
{
    return a->scene && a->scene->match ? a->scene->match(a->self) : NULL;
}

int ui_test_main(int argc, char **argv, const UiTest *tests, size_t n, const char *prefix,
                 const char *alone)
{
    const char *which = argc > 1 ? argv[1] : "all";
    bool all = strcmp(which, "all") == 0;
    int passed = 0, failed = 0;
    setenv("SDL_VIDEODRIVER", getenv("SDL_VIDEODRIVER") ? getenv("SDL_VIDEODRIVER") : "dummy", 1);
    setenv("SDL_AUDIODRIVER", getenv("SDL_AUDIODRIVER") ? getenv("SDL_AUDIODRIVER") : "dummy", 1);
    for (size_t i = 0; i < n; i++) {
        if (all ? alone && strcmp(tests[i].name, alone) == 0 : strcmp(which, tests[i].name) != 0)
            continue;
        fresh_home(prefix, NULL);
        int before = failures;
        tests[i].fn();
        bool ok = failures == before;
        passed += ok;
        failed += !ok;
        printf("%s %s\n", ok ? "ok  " : "FAIL", tests[i].name);
    }
    if (home[0])
        rm_rf(home);
    if (passed + failed == 0) {
        fprintf(stderr, "%s: no test named '%s'\n", argv[0], which);
        return 2;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

App *start_table(const char *game, int speed, uint64_t seed)
{
    AppOptions o = test_options(game, speed, seed);
    o.no_audio = true;
    App *a = start_app(&o);
    if (a && (!a->scene || strcmp(a->scene->id, game) != 0)) {
        fprintf(stderr, "the %s table did not open\n", game);
        app_destroy(a);
        return NULL;
    }
    return a;
}

static bool on_table(App *a, const char *game)
{
    return (a->scene && strcmp(a->scene->id, game) == 0) || app_set_scene(a, game);
}

bool table_monkey(App *a, const char *game, long events, const SDL_Keycode *keys,
                  size_t n_keys, uint64_t *x)
{
    if (getenv("TASCA_MONKEY_EVENTS"))
        events = atol(getenv("TASCA_MONKEY_EVENTS"));
    a->opt.draw_every = 3;
    app_run_frames(a, 2);
    for (long i = 0; i < events; i++) {
        *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
        uint64_t v = *x;
        float px = (float)(v % (uint64_t)a->w), py = (float)((v >> 20) % (uint64_t)a->h);
        int r = (int)((v >> 40) % 100);
        if (r < 45) {
            SDL_Event e;
            SDL_zero(e);
            e.button.windowID = win_id(a);
            e.button.button = (v >> 56) % 8 == 0 ? SDL_BUTTON_RIGHT : SDL_BUTTON_LEFT;
            e.button.clicks = (v >> 50) % 3 == 0 ? 2 : 1;
            e.button.x = (Sint32)px;
            e.button.y = (Sint32)py;
            e.type = SDL_MOUSEBUTTONDOWN;
            SDL_PushEvent(&e);
            e.type = SDL_MOUSEBUTTONUP;
            SDL_PushEvent(&e);
        } else if (r < 60) {
            float tx = (float)((v >> 8) % (uint64_t)a->w), ty = a->h * 0.45f;
            push_button(a, SDL_MOUSEBUTTONDOWN, px, py, 1);
            for (int s = 1; s <= 3; s++)
                push_motion(a, px + (tx - px) * s / 3, py + (ty - py) * s / 3, 5, 5, true);
            push_button(a, SDL_MOUSEBUTTONUP, tx, ty, 1);
        } else if (r < 80) {
            push_key(a, keys[(v >> 33) % n_keys], 0);
        } else if (r < 99) {
            push_motion(a, px, py, 2, 2, false);
        } else {
            SDL_SetWindowSize(a->win, 960 + (int)((v >> 12) % 600), 600 + (int)((v >> 24) % 400));
        }
        if (i % 5 == 4)
            app_run_frames(a, 1);
        a->quit = false; /* a click on the menu's Quit ends a run of the app: play on */
        if (i % 200 == 199 && !on_table(a, game))
            return false;
    }
    return on_table(a, game);
}
