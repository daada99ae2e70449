/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the window keeps, and says when it cannot: a save that fails is shown on the table
 * at once and until a save succeeds again; damaged files are all kept, numbered, and every
 * start-up notice is shown; with no home folder nothing goes to a shared temporary folder;
 * a settings file alone never makes the window run a program.
 *
 *   test_saving NAME    runs one test (see the table at the end), or "all".
 *
 * Nothing here needs root or is defeated by it: a folder is made unwritable by replacing
 * it with a regular file, or writes are cut short with RLIMIT_FSIZE (SIGXFSZ ignored). */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SDL_image.h>

#include "engine/match.h"
#include "games/twentyone/twentyone.h"
#include "ui/app.h"
#include "ui/menu.h"
#include "ui_fixture.h"

static bool settle(App *a) { return app_settle(a, 2000); }

/* TASCA_SHOTS=dir: pictures of what the tests show, for a person to look at. */
static void shot(App *a, const char *name)
{
    const char *dir = getenv("TASCA_SHOTS");
    if (!dir || !*dir)
        return;
    app_run_frames(a, 1);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, a->w, a->h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return;
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (SDL_RenderReadPixels(a->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0)
        IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

/* Pixels of the warning's dark red in the band at the top of the window (the felt is
 * green, the title gold): how much of the warning is on screen. */
static long red_pixels_at_top(App *a)
{
    app_run_frames(a, 1); /* drawn, not yet replaced by the next frame */
    int h = (int)(70 * a->u);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, a->w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return -1;
    SDL_Rect r = {0, 0, a->w, h};
    long n = 0;
    if (SDL_RenderReadPixels(a->ren, &r, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0)
        for (int y = 0; y < h; y++) {
            const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
            for (int x = 0; x < a->w; x++) {
                int R = (row[x] >> 16) & 255, G = (row[x] >> 8) & 255, B = row[x] & 255;
                n += R > 60 && R > 2 * G && R > 2 * B;
            }
        }
    SDL_FreeSurface(s);
    return n;
}

static bool shown_notice(App *a, const char *part)
{
    const char *n[NOTICES_MAX];
    int k = app_notices(a, n, NOTICES_MAX);
    for (int i = 0; i < k; i++)
        if (strstr(n[i], part))
            return true;
    return false;
}

/* A round of 21 where the player is to move. */
static bool to_player(App *a)
{
    settle(a);
    for (int i = 0; i < 30 && match_current_player(match_of(a)) != TO_PLAYER; i++) {
        a->scene->new_game(a->self);
        settle(a);
    }
    return match_current_player(match_of(a)) == TO_PLAYER;
}

/* One step of the player's: Hit while it is their turn, else the next round (a deal). */
static void play_step(App *a)
{
    if (match_is_over(match_of(a)))
        push_key(a, SDLK_RETURN, 0);
    else
        push_key(a, SDLK_h, 0);
    app_run_frames(a, 1); /* the step is taken (and saved, or not) in this frame */
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* The preference folder is replaced by a regular file, then writes are limited by
 * RLIMIT_FSIZE: each time the failed save is on screen at once (a translated sentence
 * with the reason, drawn at the top) and stays until a save succeeds again; the menu and
 * the picker never say the games are saved meanwhile. */
static void test_save_fails(void)
{
    AppOptions o = test_options("twentyone", SPEED_INSTANT, 31);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    REQUIRE(to_player(a));
    CHECK(app_save_warning(a) == NULL);
    long red_before = red_pixels_at_top(a);

    char pref[1024], moved[1100], save[1100];
    snprintf(pref, sizeof pref, "%s", a->pref_dir);
    pref[strlen(pref) - 1] = '\0'; /* no trailing '/' */
    snprintf(moved, sizeof moved, "%s.moved", pref);
    snprintf(save, sizeof save, "%s/twentyone.save", pref);
    REQUIRE(rename(pref, moved) == 0);
    write_text(pref, "a file where the folder was\n");

    play_step(a);
    const char *w = app_save_warning(a);
    CHECK(w && strstr(w, "not being saved") && strstr(w, strerror(ENOTDIR)));
    CHECK(strstr(a->save_error, "twentyone.save") != NULL);
    long red_after = red_pixels_at_top(a);
    CHECK(red_after > red_before + 2000);
    shot(a, "save-failed.png");
    /* It stays, move after move, while saving fails. */
    settle(a);
    play_step(a);
    settle(a);
    CHECK(app_save_warning(a) != NULL);
    CHECK(red_pixels_at_top(a) > red_before + 2000);

    /* The folder is back: the next step is saved and the warning goes. */
    unlink(pref);
    REQUIRE(rename(moved, pref) == 0);
    play_step(a);
    CHECK(app_save_warning(a) == NULL);
    CHECK(a->save_error[0] == '\0');
    CHECK(shown_notice(a, "saved again"));
    settle(a);
    char err[256];
    Match *m = match_load(save, err, sizeof err);
    CHECK(m && m->history_len == match_of(a)->history_len);
    match_free(m);

    /* A file size limit: writes fail with EFBIG (SIGXFSZ ignored, so nothing is killed). */
    struct rlimit was;
    REQUIRE(getrlimit(RLIMIT_FSIZE, &was) == 0);
    void (*old)(int) = signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = was;
    small.rlim_cur = 40;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
    play_step(a);
    w = app_save_warning(a);
    setrlimit(RLIMIT_FSIZE, &was);
    signal(SIGXFSZ, old);
    CHECK(w && strstr(w, strerror(EFBIG)));
    /* Meanwhile nothing claims the games are saved. */
    menu_open(a->menu, PAGE_GAME);
    app_run_frames(a, 3);
    SDL_FRect r;
    CHECK(!menu_find(a->menu, "Every game is saved as you play: switching games never loses one.",
                     &r));
    CHECK(menu_find(a->menu, "Your games are not being saved now: see the warning at the top.",
                    &r));
    shot(a, "save-failed-menu.png");
    menu_close(a->menu);
    settle(a);
    play_step(a);
    CHECK(app_save_warning(a) == NULL);
    CHECK(a->kv_error[0][0] == '\0' && a->kv_error[1][0] == '\0');
    settle(a);
    m = match_load(save, err, sizeof err);
    CHECK(m && m->history_len == match_of(a)->history_len);
    match_free(m);

    /* The settings alone cannot be written (a folder in the way of settings.ini): the
     * same warning, for them, until they are written again. */
    char settings[1200], inside[1300];
    snprintf(settings, sizeof settings, "%s/settings.ini", pref);
    snprintf(inside, sizeof inside, "%s/in-the-way", settings);
    unlink(settings);
    REQUIRE(mkdir(settings, 0700) == 0);
    write_text(inside, "x\n");
    app_save_settings(a);
    w = app_save_warning(a);
    CHECK(w && strstr(w, "settings and statistics are not being saved"));
    CHECK(red_pixels_at_top(a) > red_before + 2000);
    rm_rf(settings);
    app_save_settings(a);
    CHECK(app_save_warning(a) == NULL);
    CHECK(access(settings, R_OK) == 0);
    app_destroy(a);
}

/* Damaged settings, statistics and saves, twice over: both start-up notices are on screen
 * together, and every damaged file is kept, numbered, none replacing another. */
static void test_kept_copies(void)
{
    App *a = start_table("twentyone", SPEED_INSTANT, 32);
    REQUIRE(a);
    settle(a);
    char pref[1024];
    snprintf(pref, sizeof pref, "%s", a->pref_dir);
    app_destroy(a);

    char path[1200], bad[1300];
    for (int round = 0; round < 3; round++) {
        char text[64];
        snprintf(path, sizeof path, "%ssettings.ini", pref);
        snprintf(text, sizeof text, "# Tasca settings 9\nround = %d\n", round);
        write_text(path, text); /* a newer version's */
        snprintf(path, sizeof path, "%sstatistics.ini", pref);
        snprintf(text, sizeof text, "\x01 damaged statistics %d\n", round);
        write_text(path, text);
        snprintf(path, sizeof path, "%stwentyone.save", pref);
        snprintf(text, sizeof text, "tasca-save 1\ngame twentyone\nplayers %d\n", 7 + round);
        write_text(path, text);

        AppOptions o = test_options("twentyone", SPEED_INSTANT, 0);
        o.no_audio = true;
        a = start_app(&o);
        REQUIRE(a);
        app_run_frames(a, 2);
        /* Every notice of the start is on screen: the settings', the statistics' and the
         * save's. */
        CHECK(shown_notice(a, "settings.ini could not be read"));
        CHECK(shown_notice(a, "statistics.ini could not be read"));
        CHECK(shown_notice(a, "21"));
        if (round == 1)
            shot(a, "startup-notices.png");
        app_destroy(a);
    }
    /* The three copies of each, each as it was. */
    for (int round = 0; round < 3; round++) {
        char suffix[16], want[64];
        snprintf(suffix, sizeof suffix, round ? ".bad.%d" : ".bad", round);
        snprintf(bad, sizeof bad, "%ssettings.ini%s", pref, suffix);
        const char *t = read_text(bad);
        snprintf(want, sizeof want, "round = %d", round);
        CHECK(t && strstr(t, want));
        snprintf(bad, sizeof bad, "%sstatistics.ini%s", pref, suffix);
        t = read_text(bad);
        snprintf(want, sizeof want, "damaged statistics %d", round);
        CHECK(t && strstr(t, want));
        snprintf(bad, sizeof bad, "%stwentyone.save%s", pref, suffix);
        t = read_text(bad);
        snprintf(want, sizeof want, "players %d", 7 + round);
        CHECK(t && strstr(t, want));
    }
}

/* Neither HOME nor XDG_DATA_HOME nor XDG_CONFIG_HOME: the password database's home is used
 * (here a stand-in folder), never $TMPDIR; with none there either nothing is kept
 * anywhere, and the table says so. */
static void test_no_home(void)
{
    char scratch[600], tmpdir[700], pwhome[700], cwd[700], old_cwd[1024];
    snprintf(scratch, sizeof scratch, "%s/nohome-XXXXXX", home);
    REQUIRE(mkdtemp(scratch));
    snprintf(tmpdir, sizeof tmpdir, "%s/tmp", scratch);
    snprintf(pwhome, sizeof pwhome, "%s/home", scratch);
    snprintf(cwd, sizeof cwd, "%s/cwd", scratch);
    mkdir(tmpdir, 0700);
    mkdir(pwhome, 0700);
    mkdir(cwd, 0700);
    REQUIRE(getcwd(old_cwd, sizeof old_cwd));
    char *saved_tmp = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
    char *saved_xdg = getenv("XDG_DATA_HOME") ? strdup(getenv("XDG_DATA_HOME")) : NULL;
    char *saved_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    unsetenv("HOME");
    unsetenv("XDG_DATA_HOME");
    unsetenv("XDG_CONFIG_HOME");
    setenv("TMPDIR", tmpdir, 1);
    REQUIRE(chdir(cwd) == 0);

    AppOptions o = test_options("twentyone", SPEED_INSTANT, 33);
    o.no_audio = true;
    o.passwd_home = pwhome;
    App *a = start_app(&o);
    if (a) {
        char want[800];
        snprintf(want, sizeof want, "%s/.local/share/tasca/tasca/", pwhome);
        CHECK(strcmp(a->pref_dir, want) == 0);
        CHECK(!a->nothing_kept && app_save_warning(a) == NULL);
        CHECK(to_player(a));
        play_step(a);
        app_destroy(a);
        char save[900];
        snprintf(save, sizeof save, "%stwentyone.save", want);
        CHECK(access(save, F_OK) == 0);
        struct stat st;
        CHECK(stat(want, &st) == 0 && (st.st_mode & 077) == 0); /* private */
    } else {
        failures++;
    }
    CHECK(entries(tmpdir) == 0); /* nothing in the temporary folder */
    CHECK(entries(cwd) == 0);

    /* No home anywhere: the window plays, keeps nothing, and says so. */
    o.passwd_home = "";
    a = start_app(&o);
    if (a) {
        CHECK(a->nothing_kept && a->pref_dir[0] == '\0');
        const char *w = app_save_warning(a);
        CHECK(w && strstr(w, "Nothing is being saved"));
        CHECK(to_player(a));
        play_step(a);
        settle(a);
        CHECK(red_pixels_at_top(a) > 2000);
        shot(a, "nothing-kept.png");
        app_set_scene(a, "picker");
        settle(a);
        app_destroy(a);
    } else {
        failures++;
    }
    CHECK(entries(tmpdir) == 0);
    CHECK(entries(cwd) == 0);
    CHECK(entries(pwhome) == 1); /* .local from the first start, nothing new */

    if (chdir(old_cwd) != 0)
        failures++;
    if (saved_tmp)
        setenv("TMPDIR", saved_tmp, 1);
    if (saved_xdg)
        setenv("XDG_DATA_HOME", saved_xdg, 1);
    if (saved_home)
        setenv("HOME", saved_home, 1);
    free(saved_tmp);
    free(saved_xdg);
    free(saved_home);
    rm_rf(scratch);
}

/* A settings file that names a Buraco bot program (planted, or from an earlier session):
 * the table asks, showing the program's path, and runs nothing until the player says so;
 * "Play with the computer" runs nothing at all. */
static void test_planted_program(void)
{
    char dir[600], prog[700], marker[700], settings[1600];
    snprintf(dir, sizeof dir, "%s/planted-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    REQUIRE(mkdtemp(dir));
    snprintf(prog, sizeof prog, "%s/evil.sh", dir);
    snprintf(marker, sizeof marker, "%s/it-ran", dir);
    char script[1600];
    snprintf(script, sizeof script, "#!/bin/sh\ntouch '%s'\nexec sleep 30\n", marker);
    write_text(prog, script);
    chmod(prog, 0755);
    snprintf(settings, sizeof settings,
             "last_screen = buraco\nburaco.players = 2\nburaco.opponent = 1\n"
             "buraco.program = %s\n",
             prog);
    fresh_home("tasca-saving", settings);

    AppOptions o = test_options(NULL, SPEED_INSTANT, 34);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    REQUIRE(a->scene && strcmp(a->scene->id, "buraco") == 0);
    /* Frames until the table asks, or the program has run (it would, at the deal). */
    SDL_FRect r;
    bool asked = false;
    for (int i = 0; i < 3000 && !asked && access(marker, F_OK) != 0; i++) {
        app_run_frames(a, 1);
        asked = locate(a, "reconnect", &r);
        if (!asked)
            SDL_Delay(1);
    }
    CHECK(asked);
    CHECK(access(marker, F_OK) != 0);
    CHECK(match_of(a)->history_len == 0); /* nothing dealt while it asks */
    shot(a, "planted-program.png");
    /* No: the computer plays that seat, and the program never runs. */
    REQUIRE(locate(a, "no-reconnect", &r));
    click(a, r, 1);
    app_run_frames(a, 3);
    CHECK(!locate(a, "reconnect", &r));
    CHECK(match_of(a)->seats[1].bot);
    for (int i = 0; i < 200 && match_of(a)->history_len < 30; i++) {
        app_run_frames(a, 1);
        if (match_bot_busy(match_of(a)))
            SDL_Delay(1);
    }
    CHECK(match_of(a)->history_len > 0); /* dealt */
    CHECK(access(marker, F_OK) != 0);
    app_destroy(a);

    /* Again, and this time the player runs it: then (only then) it starts. */
    a = start_app(&o);
    REQUIRE(a);
    asked = false;
    for (int i = 0; i < 3000 && !asked && access(marker, F_OK) != 0; i++) {
        app_run_frames(a, 1);
        asked = locate(a, "reconnect", &r);
        if (!asked)
            SDL_Delay(1);
    }
    CHECK(asked && access(marker, F_OK) != 0);
    if (asked) {
        click(a, r, 1);
        for (int i = 0; i < 5000 && access(marker, F_OK) != 0; i++) {
            app_run_frames(a, 1);
            SDL_Delay(1);
        }
        CHECK(access(marker, F_OK) == 0);
    }
    app_destroy(a);
    rm_rf(dir);
}

static const UiTest tests[] = {
    {"save_fails", test_save_fails},
    {"kept_copies", test_kept_copies},
    {"no_home", test_no_home},
    {"planted_program", test_planted_program},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-saving", NULL);
}
