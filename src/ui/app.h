/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The app shell: one window, the frame loop (events -> update -> draw; it sleeps when
 * nothing moves), the in-window menu, data and preference folders, text, card art,
 * sound, settings and statistics. Runnable in-process for tests. */
#ifndef TASCA_APP_H
#define TASCA_APP_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "audio.h"
#include "cards.h"
#include "draw.h"
#include "engine/match.h"
#include "scene.h"
#include "settings.h"
#include "text.h"

typedef struct {
    const char *game;       /* a game id or "picker"; NULL: where the player left off */
    int difficulty;         /* Difficulty, or -1 for the saved setting */
    bool has_seed;
    uint64_t seed;
    int width, height;      /* 0: default 1280 x 800 */
    bool fullscreen;
    const char *screenshot; /* write the first settled frame here and stop */
    long frames;            /* stop after this many frames (0: no limit) */
    bool test_mode;         /* never sleep nor wait for events; no vsync */
    int speed;              /* AnimSpeed, or -1 for the saved setting (not saved) */
    const char *open;       /* a menu page to open at start: menu, options, rules, stats,
                               game, difficulty (for screenshots) */
    bool no_audio;
    /* Play online from the command line: join table `join` (seat `seat`, -1 any) on
     * `server` ("" or "local": this computer) as `name`. */
    const char *join, *server, *name;
    int seat;
    const char *create; /* or create a table of `game`: "me,open,medium,medium" */
    int draw_every; /* tests: draw only every n-th frame (0 or 1: every frame) */
    /* Tests: what the password database gives as this user's home folder, used when the
     * environment names none (NULL: ask it; "": it has none). Never set from outside. */
    const char *passwd_home;
} AppOptions;

typedef struct Menu Menu;
typedef struct Online Online;

enum { DECKS_MAX = 32, NOTICES_MAX = 4, TRUSTED_MAX = 8 };
/* The smallest window, in points: below it the table's texts overlap. */
enum { APP_MIN_W = 960, APP_MIN_H = 600 };

/* A notice on screen: its text and the seconds it has left. */
typedef struct {
    char text[320];
    float t;
} AppNotice;

struct App {
    AppOptions opt;
    SDL_Window *win;
    SDL_Renderer *ren;
    bool software;
    int w, h;      /* renderer output, pixels */
    float dpi;     /* output pixels per window point */
    float u;       /* pixels per UI point (1 at 1280 x 800) */
    /* pref_dir ends with '/'; "" when there is no folder to keep anything in (no home):
     * then nothing_kept, and the window plays on saving nothing, and says so. */
    char data_dir[1024], pref_dir[1024];
    bool nothing_kept;
    Text *text;
    CardArt *art;
    int card_h; /* last prepared card height */
    DeckInfo decks[DECKS_MAX];
    int n_decks;
    Kv kv, stats;
    Kv *kv_base; /* the settings as read or last saved (kv_merge_file: other windows' changes) */
    Settings set;
    const Scene *scene;
    void *self;
    Menu *menu;
    /* The latest notice (notice, notice_t: its seconds left) and those on screen, oldest
     * first, stacked above the latest: one that comes while another shows hides none. */
    char notice[320];
    float notice_t; /* seconds left */
    AppNotice notices[NOTICES_MAX];
    int n_notices;
    /* The last autosave of the table's game failed: why ("" while saving works); the same
     * for the settings' and the statistics' files (kv_error[0], kv_error[1]). Shown at the
     * top of the window until a save of that kind succeeds again. */
    char save_error[256];
    char kv_error[2][256];
    /* What the warning says of each: the file's name and the system's words for errno
     * (translated), as "twentyone.save: No space left on device". */
    char save_reason[160], kv_reason[2][160];
    /* Bot programs the player chose or confirmed in this window since it opened: only
     * these are run (a path in the settings file alone never is). Never saved. */
    char trusted[TRUSTED_MAX][1024];
    int n_trusted;
    Uint32 wake_event;
    bool quit;
    /* The sound device's thread starts after the first frame (so it does not compete with
     * it); sounds asked for before that wait in pending_sounds, one bit per SoundId. */
    bool audio_wanted, audio_started;
    /* Settings asked to be saved before the first frame: written just after it (each
     * save is an fsync, 7 ms or more, and starting a table saves twice). */
    bool settings_dirty;
    unsigned pending_sounds;
    unsigned long frame;
    double time; /* seconds since start (advances with frames) */
    Uint64 last_counter;
    int exit_status;
    /* Set by the picker's "New game": the next game scene starts afresh instead of
     * resuming its autosave. */
    bool fresh_start;
    bool keyboard; /* the last input was a key: show keyboard focus */
    /* Set while routing a mouse motion by whoever is under the pointer and clickable. */
    bool pointer_hand;
    SDL_Cursor *cursor_hand, *cursor_arrow;
    bool hand_shown;
    int pending_page; /* a menu page to open once the table settles, or -1 */
    /* Frame time log (TASCA_FRAME_LOG=path): one line of milliseconds per frame. */
    FILE *frame_log;
    Online *online; /* Play online (online.h); NULL until used */
    bool first_frame_reported;
};
typedef struct App App;

App *app_create(const AppOptions *opt, char *err, size_t errsize);
/* Runs until the window closes (or --frames / --screenshot end it); the exit status. */
int app_run(App *a);
/* Runs n frames without ever waiting (tests). Returns false once the app wants to quit. */
bool app_run_frames(App *a, int n);
/* Runs frames until the scene is settled and the menu still, at most max_frames; waits
 * briefly for a thinking bot. True when settled. */
bool app_settle(App *a, int max_frames);
void app_destroy(App *a);

/* For scenes and the menu. */
bool app_set_scene(App *a, const char *id);
/* The same, entering the scene again when it is the current one (its table changes). */
bool app_enter_scene(App *a, const char *id);
void app_notice(App *a, const char *fmt, ...);
/* The notices on screen now, oldest first (at most max); their number. */
int app_notices(const App *a, const char **out, int max);
/* The warning shown while something is not being saved (no folder; the last autosave, or
 * save of the settings or the statistics, failed), translated; NULL while saving works. */
const char *app_save_warning(const App *a);
/* The folder to keep settings, saves and keys in, made if need be (0700), ending with '/':
 * $XDG_DATA_HOME/tasca/tasca/, else $HOME/.local/share/tasca/tasca/ (absolute paths only),
 * else the same under passwd_home (the password database's home; NULL or "": none).
 * Never a shared temporary folder: false (out "") when there is none. */
bool app_find_pref_dir(char *out, size_t size, const char *passwd_home);
/* A program the player chose or confirmed in the window: it may run this session. */
void app_trust_program(App *a, const char *path);
bool app_program_trusted(const App *a, const char *path);
/* Gives the match the app's listener (routing to the scene's on_action), its autosave
 * path and the bot wake-up. */
void app_attach_match(App *a, Match *m);
/* The autosave of a game: <pref>/<game>.save ("" when nothing is kept) */
void app_save_path(const App *a, const char *game, char *out, size_t size);
/* The bot's `wake` callback: pushes a user event (thread-safe). */
void app_wake(void *app);
void app_sound(App *a, SoundId id);
/* No sound: turned off at start (--no-audio), or no device could be used. */
bool app_audio_silent(const App *a);
float app_speed_factor(const App *a);
/* The rule options chosen for a game (from the settings; defaults otherwise). */
void app_game_options(const App *a, const GameRules *g, GameOptions *out);
void app_set_game_option(App *a, const GameRules *g, int i, int value);
void app_save_settings(App *a);
void app_save_stats(App *a);
/* Re-creates the card art after a deck or back change. */
void app_reload_art(App *a);
/* Applies settings (speed, sound) and tells the scene. */
void app_settings_changed(App *a);
/* Lays everything out again for the current size. */
void app_relayout(App *a);
/* Height of the top bar (menu button, title) in pixels. */
float app_bar_height(const App *a);
void app_quit(App *a);
/* Switches the interface language now ("" follows the system) and keeps the choice in the
 * settings (saved with them). */
void app_set_language(App *a, const char *code);

#endif
