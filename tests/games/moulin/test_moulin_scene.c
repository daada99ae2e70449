/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Moulin table under SDL's dummy video driver: events are pushed, frames stepped and
 * the match checked. Each test gets an empty preferences folder.
 *
 *   test_moulin_scene NAME    one test (see the table at the end), or "all" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ai/analysis.h"
#include "engine/match.h"
#include "games/moulin/moulin.h"
#include "games/moulin/moulin_scene.h"
#include "ui/app.h"
#include "ui/menu.h"
#include "ui/tablescene.h"
#include "ui_fixture.h"

/* The app at the picker (so a save can be put in place first) or at a game, w x h. */
static App *start_sized(const char *game, uint64_t seed, int w, int h)
{
    AppOptions o = test_options(game, SPEED_INSTANT, seed);
    o.no_audio = true;
    o.width = w;
    o.height = h;
    return start_app(&o);
}

static App *start(const char *game, uint64_t seed)
{
    return start_sized(game, seed, 1280, 800);
}

/* The Moulin table resuming a game made of `actions` (comma-separated), the person
 * playing `human` (0 white, 1 black) against an Easy bot, in a window of w x h. */
static App *start_as_sized(int human, const char *actions, int w, int h)
{
    App *a = start_sized("picker", 0, w, h);
    if (!a)
        return NULL;
    char path[1100];
    app_save_path(a, "moulin", path, sizeof path);
    FILE *f = fopen(path, "w");
    if (!f) {
        app_destroy(a);
        return NULL;
    }
    fprintf(f, "tasca-save 1\ngame moulin\nplayers 2\nseed 7\n%s\nactions\n",
            human ? "seat 0 bot easy\nseat 1 human" : "seat 0 human\nseat 1 bot easy");
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", actions);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        while (*t == ' ')
            t++;
        fprintf(f, "%s\n", t);
    }
    fclose(f);
    if (!app_set_scene(a, "moulin")) {
        app_destroy(a);
        return NULL;
    }
    return a;
}

static App *start_as(int human, const char *actions)
{
    return start_as_sized(human, actions, 1280, 800);
}

static App *start_with(const char *actions)
{
    return start_as(0, actions);
}

static const MoulinState *state(App *a)
{
    Match *m = match_of(a);
    return m && m->rules == &moulin_rules ? m->state : NULL;
}

static bool settle(App *a)
{
    return app_settle(a, test_count(3000));
}

static bool click_point(App *a, int p)
{
    char what[32];
    snprintf(what, sizeof what, "point %d", p);
    SDL_FRect r;
    if (!locate(a, what, &r))
        return false;
    float x = r.x + r.w / 2, y = r.y + r.h / 2;
    push_motion(a, x, y, 0, 0, false);
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, 1);
    app_run_frames(a, 2);
    return true;
}

static bool click_named(App *a, const char *what)
{
    SDL_FRect r;
    if (!locate(a, what, &r))
        return false;
    float x = r.x + r.w / 2, y = r.y + r.h / 2;
    push_motion(a, x, y, 0, 0, false);
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, 1);
    app_run_frames(a, 2);
    return true;
}

static Action history_at(App *a, int i)
{
    Match *m = match_of(a);
    return m && i < m->history_len ? m->history[i] : -1;
}

/* 18 placements without a mill; white (the person) moves next. */
static const char *const placed =
    "place 0, place 1, place 2, place 7, place 4, place 9, place 6, place 3, place 8, "
    "place 5, place 10, place 11, place 13, place 12, place 16, place 19, place 21, place 23";

/* ---- Tests ---- */

static void test_place_and_take_back(void)
{
    App *a = start("moulin", 5);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a));
    REQUIRE(match_current_player(match_of(a)) == 0); /* the first game: you play white */
    REQUIRE(click_point(a, 4));
    settle(a);
    const MoulinState *s = state(a);
    CHECK(s->bb[0] == 1u << 4);
    CHECK(__builtin_popcount(s->bb[1]) == 1); /* the bot answered */
    CHECK(match_current_player(match_of(a)) == 0);
    /* A taken point is refused, the state unchanged. */
    uint32_t b1 = s->bb[1];
    int p1 = __builtin_ctz(b1);
    REQUIRE(click_point(a, p1));
    settle(a);
    CHECK(state(a)->bb[1] == b1 && state(a)->bb[0] == 1u << 4);
    /* Take back: your placement and the bot's answer are undone. */
    REQUIRE(click_named(a, "takeback"));
    settle(a);
    s = state(a);
    CHECK(match_of(a)->history_len == 0);
    CHECK(s->bb[0] == 0 && s->bb[1] == 0 && s->hand[0] == 9);
    /* The same with the keyboard: U. */
    REQUIRE(click_point(a, 10));
    settle(a);
    CHECK(state(a)->bb[0] == 1u << 10);
    push_key(a, SDLK_u, 0);
    settle(a);
    CHECK(match_of(a)->history_len == 0);
    app_destroy(a);
}

static void test_keyboard_cursor(void)
{
    App *a = start("moulin", 6);
    REQUIRE(a);
    REQUIRE(settle(a));
    push_key(a, SDLK_DOWN, 0); /* the cursor appears on point 4 */
    push_key(a, SDLK_RETURN, 0);
    settle(a);
    CHECK(state(a)->bb[0] == 1u << 4 || state(a)->bb[0] != 0);
    CHECK(match_of(a)->history_len == 2);
    app_destroy(a);
}

static void test_mill_and_removal(void)
{
    App *a = start_with("place 0, place 3, place 1, place 4");
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a) && match_current_player(match_of(a)) == 0);
    REQUIRE(click_point(a, 2)); /* closes 0-1-2 */
    settle(a);
    const MoulinState *s = state(a);
    CHECK(s->pending == 1);
    CHECK(match_current_player(match_of(a)) == 0); /* your removal: the bot waits */
    REQUIRE(click_point(a, 5));                    /* an empty point: refused */
    settle(a);
    CHECK(state(a)->pending == 1);
    REQUIRE(click_point(a, 3));
    settle(a);
    s = state(a);
    CHECK(!(s->bb[1] >> 3 & 1));
    CHECK(history_at(a, 5) == MOULIN_REMOVE + 3);
    /* Taking back undoes the whole turn: the placement and the removal. */
    REQUIRE(click_named(a, "takeback"));
    settle(a);
    CHECK(match_of(a)->history_len == 4);
    CHECK(state(a)->bb[1] == ((1u << 3) | (1u << 4)));
    app_destroy(a);
}

static void test_drag_move(void)
{
    App *a = start_with(placed);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a) && match_current_player(match_of(a)) == 0);
    SDL_FRect from, to;
    REQUIRE(locate(a, "point 21", &from));
    REQUIRE(locate(a, "point 22", &to));
    float x = from.x + from.w / 2, y = from.y + from.h / 2;
    float tx = to.x + to.w / 2, ty = to.y + to.h / 2;
    push_motion(a, x, y, 0, 0, false);
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    for (int i = 1; i <= 8; i++)
        push_motion(a, x + (tx - x) * i / 8, y + (ty - y) * i / 8, 0, 0, true);
    app_run_frames(a, 2);
    CHECK(match_of(a)->history_len == 18); /* nothing until the drop */
    push_button(a, SDL_MOUSEBUTTONUP, tx, ty, 1);
    settle(a);
    CHECK(history_at(a, 18) == MOULIN_MOVE + 21 * 24 + 22);
    CHECK(match_of(a)->history_len == 20); /* and the bot answered */
    app_destroy(a);
}

static void test_drag_to_an_illegal_point(void)
{
    App *a = start_with(placed);
    REQUIRE(a);
    REQUIRE(settle(a));
    SDL_FRect from, to;
    REQUIRE(locate(a, "point 21", &from));
    REQUIRE(locate(a, "point 14", &to)); /* empty, but not next to 21 */
    float x = from.x + from.w / 2, y = from.y + from.h / 2;
    float tx = to.x + to.w / 2, ty = to.y + to.h / 2;
    push_motion(a, x, y, 0, 0, false);
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    for (int i = 1; i <= 8; i++)
        push_motion(a, x + (tx - x) * i / 8, y + (ty - y) * i / 8, 0, 0, true);
    push_button(a, SDL_MOUSEBUTTONUP, tx, ty, 1);
    settle(a);
    CHECK(match_of(a)->history_len == 18);
    CHECK(state(a)->bb[0] >> 21 & 1);
    app_destroy(a);
}

static void test_click_click_move(void)
{
    App *a = start_with(placed);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(click_point(a, 16));
    CHECK(match_of(a)->history_len == 18); /* chosen, not moved */
    REQUIRE(click_point(a, 14));           /* not reachable from 16: refused */
    settle(a);
    CHECK(match_of(a)->history_len == 18);
    REQUIRE(click_point(a, 15));
    settle(a);
    CHECK(history_at(a, 18) == MOULIN_MOVE + 16 * 24 + 15);
    /* The opponent's piece cannot be chosen. */
    int before = match_of(a)->history_len;
    if (match_current_player(match_of(a)) == 0) {
        REQUIRE(click_point(a, 23));
        REQUIRE(click_point(a, 14));
        settle(a);
        CHECK(match_of(a)->history_len == before);
    }
    app_destroy(a);
}

/* Esc, as the shortcuts page says: a piece picked up is put down (the menu stays closed);
 * with none picked up, Esc opens the menu. */
static void test_escape_puts_down(void)
{
    App *a = start_with(placed);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(click_point(a, 16)); /* picked up */
    push_key(a, SDLK_ESCAPE, 0);
    app_run_frames(a, 2);
    CHECK(!menu_is_open(a->menu));
    /* Put down: a click on 15 now moves nothing (it would have moved 16 to 15). */
    REQUIRE(click_point(a, 15));
    settle(a);
    CHECK(match_of(a)->history_len == 18);
    push_key(a, SDLK_ESCAPE, 0);
    app_run_frames(a, 2);
    CHECK(menu_is_open(a->menu));
    app_destroy(a);
}

static void shot(App *a, const char *name);

/* When the computer takes one of your pieces the table says so and marks the point with a
 * red cross (the only sign was a faint mark). */
static void test_taken_shown(void)
{
    App *a = start("moulin", 21);
    REQUIRE(a);
    Table *t = a->self;
    bool seen = false;
    for (int guard = 0; guard < 4000 && !seen; guard++) {
        settle(a);
        Match *m = match_of(a);
        if (match_is_over(m)) {
            a->scene->new_game(a->self);
            continue;
        }
        int n = m->history_len;
        if (n > 0 && m->history_player[n - 1] == 1 && m->history[n - 1] >= MOULIN_REMOVE) {
            seen = true;
            break;
        }
        if (match_current_player(m) != 0)
            continue;
        Action acts[RULES_MAX_ACTIONS];
        int k = m->rules->legal_actions(m->state, acts);
        REQUIRE(k > 0);
        REQUIRE(match_submit(m, 0, acts[(guard * 7) % k]) == NULL); /* a varied choice */
    }
    REQUIRE(seen);
    SDL_FRect r;
    CHECK(locate(a, "taken", &r));
    CHECK(strstr(t->toast.text, "took one of your pieces") != NULL);
    shot(a, "moulin-taken");
    app_destroy(a);
}

static void test_game_to_the_end(void)
{
    /* A whole game by clicks (a legal action each time), then the next game. A short
     * N-move rule keeps it short. */
    App *a = start("moulin", 9);
    REQUIRE(a);
    REQUIRE(settle(a));
    app_set_game_option(a, &moulin_rules, MOULIN_OPT_NMOVE, 30);
    a->scene->new_game(a->self);
    REQUIRE(settle(a));
    REQUIRE(state(a)->nmove == 30);
    /* The second game of the session: you play black, and the bot (white) has opened. */
    int me = match_of(a)->seats[0].bot ? 1 : 0;
    CHECK(me == 1);
    CHECK(match_of(a)->history_len == 1);
    int guard = 0;
    while (!match_is_over(match_of(a)) && guard++ < 400) {
        Match *m = match_of(a);
        REQUIRE(match_current_player(m) == me);
        Action acts[RULES_MAX_ACTIONS];
        int n = moulin_rules.legal_actions(m->state, acts);
        REQUIRE(n > 0);
        Action x = acts[n / 2];
        int before = m->history_len;
        if (x >= MOULIN_MOVE && x < MOULIN_REMOVE) {
            REQUIRE(click_point(a, (x - MOULIN_MOVE) / 24));
            REQUIRE(click_point(a, (x - MOULIN_MOVE) % 24));
        } else {
            REQUIRE(click_point(a, x >= MOULIN_REMOVE ? x - MOULIN_REMOVE : x));
        }
        settle(a);
        REQUIRE(match_of(a)->history_len > before);
        REQUIRE(match_of(a)->history[before] == x);
    }
    CHECK(match_is_over(match_of(a)));
    app_run_frames(a, 4);
    settle(a);
    SDL_FRect next;
    REQUIRE(locate(a, "next", &next));
    uint64_t seed = match_of(a)->seed;
    REQUIRE(click_named(a, "next"));
    settle(a);
    CHECK(match_of(a)->seed != seed);
    /* Colours change with every game. */
    CHECK(!match_of(a)->seats[1 - me].bot && match_of(a)->seats[me].bot);
    CHECK(match_of(a)->history_len == (me == 0 ? 1 : 0));
    app_destroy(a);
}

static void test_win_by_blocking(void)
{
    /* Black's last placement (23) leaves white no move: you (black) win, it counts. */
    App *a = start_as(1, "place 0, place 2, place 1, place 4, place 3, place 7, place 6, place 10, "
                         "place 9, place 13, place 11, place 15, place 14, place 19, place 18, "
                         "place 21, place 20");
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(match_current_player(match_of(a)) == 1);
    SDL_FRect r;
    CHECK(!locate(a, "next", &r));
    REQUIRE(click_point(a, 23));
    settle(a);
    app_run_frames(a, 4);
    const MoulinState *s = state(a);
    CHECK(s->end == MOULIN_END_BLOCKED && s->winner == 1);
    StatLine st;
    stats_get(&a->stats, "moulin", DIFF_EASY, &st);
    CHECK(st.played == 1 && st.won == 1);
    CHECK(locate(a, "next", &r));
    /* Clicks on the board do nothing now. */
    REQUIRE(click_point(a, 5));
    settle(a);
    CHECK(match_is_over(match_of(a)));
    /* Take back is still there: it reopens the game at your last decision. */
    REQUIRE(click_named(a, "takeback"));
    settle(a);
    CHECK(!match_is_over(match_of(a)));
    CHECK(match_of(a)->history_len == 17);
    CHECK(match_current_player(match_of(a)) == 1);
    CHECK(!locate(a, "next", &r));
    /* The same end again: the result was counted once, and stands. */
    REQUIRE(click_point(a, 23));
    settle(a);
    app_run_frames(a, 4);
    CHECK(match_is_over(match_of(a)) && state(a)->winner == 1);
    CHECK(locate(a, "next", &r));
    stats_get(&a->stats, "moulin", DIFF_EASY, &st);
    CHECK(st.played == 1 && st.won == 1);
    /* With the keyboard too; then New game asks first (a game under way), and the
     * abandoned game, counted already, is not counted again as a loss. */
    push_key(a, SDLK_u, 0);
    settle(a);
    CHECK(!match_is_over(match_of(a)) && match_of(a)->history_len == 17);
    a->scene->new_game(a->self);
    app_run_frames(a, 2);
    REQUIRE(click_named(a, "confirm"));
    settle(a);
    CHECK(!match_is_over(match_of(a)) && match_of(a)->history_len <= 1);
    stats_get(&a->stats, "moulin", DIFF_EASY, &st);
    CHECK(st.played == 1 && st.won == 1 && st.lost == 0);
    app_destroy(a);
}

/* The take-back of a game that ended on the computer's move (found ended on resuming). */
static void test_take_back_a_loss(void)
{
    /* You (white) are shut in by black's last placement: undone with your placement before. */
    App *a = start_as(0, "place 0, place 2, place 1, place 4, place 3, place 7, place 6, place 10, "
                         "place 9, place 13, place 11, place 15, place 14, place 19, place 18, "
                         "place 21, place 20, place 23");
    REQUIRE(a);
    REQUIRE(settle(a));
    app_run_frames(a, 4);
    REQUIRE(match_is_over(match_of(a)) && state(a)->winner == 1);
    SDL_FRect r;
    CHECK(locate(a, "next", &r));
    REQUIRE(click_named(a, "takeback"));
    settle(a);
    CHECK(!match_is_over(match_of(a)));
    CHECK(match_of(a)->history_len == 16 && match_current_player(match_of(a)) == 0);
    CHECK(!locate(a, "next", &r));
    app_destroy(a);
}

/* The random opening is an option of bot arenas: the Options page does not list it, and a
 * value stored before does not reach the table. */
static void test_options_page(void)
{
    App *a = start("moulin", 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    menu_open(a->menu, PAGE_OPTIONS);
    app_run_frames(a, 20);
    SDL_FRect r;
    CHECK(menu_find(a->menu, "Flying", &r));
    CHECK(menu_find(a->menu, "N-move rule", &r));
    CHECK(!menu_find(a->menu, "Random opening", &r));
    CHECK(moulin_rules.options[MOULIN_OPT_OPENING].label == NULL);
    menu_close(a->menu);
    app_run_frames(a, 20);
    app_set_game_option(a, &moulin_rules, MOULIN_OPT_OPENING, 3);
    a->scene->new_game(a->self);
    REQUIRE(settle(a));
    CHECK(match_of(a)->options.v[MOULIN_OPT_OPENING] == 0);
    CHECK(state(a)->opening_left == 0 && __builtin_popcount(state(a)->bb[0]) == 1);
    app_destroy(a);
}

/* ---- The analysis mode ---- */

static Table *table_of(App *a) { return (Table *)a->self; }

/* Turns "Show analysis" on as the Options page does, the search on its node budget alone
 * (no clock: the answer is bot_analyze's with time_ms 0 whatever the machine's load). */
static void analysis_on(App *a)
{
    const Scene *sc = scene_for_game("moulin");
    SceneOption so[SCENE_OPTIONS_MAX];
    CHECK(sc->table_options(a, so) == 1);
    sc->set_table_option(a, 0, 1, NULL);
    app_settings_changed(a);
    moulin_scene_analysis_clock(table_of(a), 0);
}

/* Frames until the table shows an analysis for its position; false after 90 s (scaled). */
static bool wait_analysis(App *a, MoulinAnalysisShown *out)
{
    for (int i = 0; i < test_count(9000); i++) {
        app_run_frames(a, 1);
        if (moulin_scene_analysis(table_of(a), out) && out->ready)
            return true;
        SDL_Delay(10);
    }
    return false;
}

/* The plies of an analysis line ("move 3-4 x7, place 5"), read here on their own: the first
 * `turns` turns. */
static int line_plies(const char *line, int turns, Action *out)
{
    int n = 0, t = 0;
    const char *p = line;
    while (*p && t < turns) {
        char turn[64];
        size_t len = strcspn(p, ",");
        snprintf(turn, sizeof turn, "%.*s", (int)len, p);
        p += len;
        while (*p == ',' || *p == ' ')
            p++;
        char *x = strstr(turn, " x");
        if (x)
            *x = '\0';
        if (!moulin_rules.action_from_string(NULL, turn, &out[n]))
            break;
        n++;
        if (x)
            out[n++] = MOULIN_REMOVE + atoi(x + 2);
        t++;
    }
    return n;
}

/* What the table shows equals Hard's analysis of its position with the same budget: the
 * bar's value (White's advantage in pieces, whoever is to move) and the line's plies. */
static void check_against_bot(App *a, const MoulinAnalysisShown *sh, char *line_out, size_t size)
{
    const MoulinState *s = state(a);
    Analysis *an = malloc(sizeof *an);
    REQUIRE(an);
    Rng r;
    rng_seed(&r, 1);
    Action best = bot_analyze(&moulin_rules, DIFF_HARD, s, s->side, &r, NULL, 0, an);
    REQUIRE(best >= 0 && an->best >= 0);
    const AnalysisItem *b = &an->item[an->best];
    double white = s->side == 0 ? b->value : -b->value;
    CHECK(sh->white == white);
    CHECK(sh->mate == b->mate);
    CHECK(sh->depth == an->depth);
    CHECK(sh->bar > 0.5f ? white > 0 : sh->bar < 0.5f ? white < 0 : white == 0);
    Action want[MOULIN_AN_PLIES];
    int n = line_plies(an->line, MOULIN_AN_TURNS, want);
    CHECK(n >= 1 && want[0] == best);
    CHECK(sh->n == n);
    for (int i = 0; i < n && i < sh->n; i++)
        CHECK(sh->ply[i] == want[i]);
    CHECK(sh->side[0] == s->side && sh->turn[0] == 1 && sh->turn[sh->n - 1] <= MOULIN_AN_TURNS);
    snprintf(line_out, size, "%s", an->line);
    free(an);
}

/* TASCA_ANALYSIS_SHOT=DIR: the window as it is now, into DIR/NAME.png. */
static void shot(App *a, const char *name)
{
    const char *dir = getenv("TASCA_ANALYSIS_SHOT");
    char path[600];
    if (!dir)
        return;
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    a->opt.screenshot = path;
    app_run_frames(a, 3);
    a->opt.screenshot = NULL;
    a->quit = false; /* a screenshot ends a run of the app; this one goes on */
}

/* Off by default: no search runs, nothing is shown, and the option is on the Options page. */
static void test_analysis_off_by_default(void)
{
    App *a = start_with("place 0, place 9, place 4, place 21");
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(match_current_player(match_of(a)) == 0);
    app_run_frames(a, 30);
    MoulinAnalysisShown sh;
    REQUIRE(moulin_scene_analysis(table_of(a), &sh));
    CHECK(!sh.on && !sh.running && !sh.ready && sh.n == 0);
    SceneOption so[SCENE_OPTIONS_MAX];
    CHECK(scene_for_game("moulin")->table_options(a, so) == 1 && so[0].value == 0);
    menu_open(a->menu, PAGE_OPTIONS);
    app_run_frames(a, 20);
    SDL_FRect r;
    CHECK(menu_find(a->menu, "Show analysis", &r));
    menu_close(a->menu);
    app_destroy(a);
}

/* On: the analysis of the position on the table is Hard's; it does not run while the
 * computer thinks, starts again after the turn with another line, and is not a hint. */
static void test_analysis_follows_the_game(void)
{
    App *a = start_with("place 0, place 9, place 4, place 21");
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(match_current_player(match_of(a)) == 0);
    analysis_on(a);
    MoulinAnalysisShown sh;
    REQUIRE(wait_analysis(a, &sh));
    CHECK(sh.on && !sh.over && sh.n >= 2);
    char first[ANALYSIS_LINE], second[ANALYSIS_LINE];
    check_against_bot(a, &sh, first, sizeof first);
    /* The option is saved. */
    CHECK(kv_get_int(&a->kv, "moulin.analysis", 0, 0, 1) == 1);

    /* Play the line's first placement: the analysis of the old position is gone at once,
     * and none runs while the computer is to move. */
    Action p = sh.ply[0];
    REQUIRE(p < MOULIN_POINTS);
    /* At the slow pace the computer seems to think for about a second first. */
    a->set.speed = SPEED_SLOW;
    a->opt.speed = -1;
    app_settings_changed(a);
    REQUIRE(click_point(a, p));
    MoulinAnalysisShown during;
    int frames = 0;
    for (; frames < test_count(2000) && match_current_player(match_of(a)) == 1; frames++) {
        moulin_scene_analysis(table_of(a), &during);
        CHECK(during.on && !during.running && !during.ready);
        app_run_frames(a, 1);
        SDL_Delay(2);
    }
    CHECK(frames > 20);
    REQUIRE(settle(a));
    /* Your turn again (after a removal of yours, if the placement made a mill). */
    if (state(a)->pending && match_current_player(match_of(a)) == 0) {
        REQUIRE(wait_analysis(a, &sh));
        REQUIRE(sh.ply[0] >= MOULIN_REMOVE);
        REQUIRE(click_point(a, sh.ply[0] - MOULIN_REMOVE));
        REQUIRE(settle(a));
    }
    REQUIRE(match_current_player(match_of(a)) == 0);
    REQUIRE(wait_analysis(a, &sh));
    check_against_bot(a, &sh, second, sizeof second);
    CHECK(strcmp(first, second) != 0);
    CHECK(match_hints(match_of(a), 0) == 0);

    /* Turned off: nothing more is shown. */
    scene_for_game("moulin")->set_table_option(a, 0, 0, NULL);
    app_settings_changed(a);
    app_run_frames(a, 2);
    moulin_scene_analysis(table_of(a), &sh);
    CHECK(!sh.on && !sh.ready && !sh.running);
    app_destroy(a);
}

/* Playing black: a win in one turn shows as a forced win for Black (the bar empty of
 * White), its line the winning placement; once played, the finished game shows its result
 * and no line; taken back, the analysis comes back. */
static void test_analysis_finished_game(void)
{
    App *a = start_as(1, "place 0, place 2, place 1, place 4, place 3, place 7, place 6, place 10, "
                         "place 9, place 13, place 11, place 15, place 14, place 19, place 18, "
                         "place 21, place 20");
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(match_current_player(match_of(a)) == 1);
    analysis_on(a);
    MoulinAnalysisShown sh;
    REQUIRE(wait_analysis(a, &sh));
    char line[ANALYSIS_LINE];
    check_against_bot(a, &sh, line, sizeof line);
    CHECK(sh.mate && sh.mate_turns == 1 && sh.white < 0 && sh.bar == 0.0f);
    CHECK(sh.n == 1 && sh.ply[0] == MOULIN_PLACE + 23 && sh.side[0] == 1);
    REQUIRE(click_point(a, 23));
    settle(a);
    REQUIRE(match_is_over(match_of(a)) && state(a)->winner == 1);
    REQUIRE(wait_analysis(a, &sh));
    CHECK(sh.over && sh.n == 0 && sh.white < 0 && sh.bar == 0.0f);
    shot(a, "analysis-over-1280x800");
    REQUIRE(click_named(a, "takeback"));
    settle(a);
    REQUIRE(wait_analysis(a, &sh));
    CHECK(!sh.over && sh.mate && sh.n == 1);
    app_destroy(a);
}

/* TASCA_ANALYSIS_SHOT=DIR: pictures of the table with its analysis at 960 x 600 and
 * 1280 x 800, placing and moving, to look at (the test checks that a line was drawn). */
static void test_analysis_screenshots(void)
{
    static const int sizes[][2] = {{960, 600}, {1280, 800}};
    static const char *const games[] = {
        "place 0, place 9, place 4, place 21, place 7, place 1, place 19, place 13", placed,
        /* White (you) cannot stop Black's block: the computer ahead, at the top. */
        "place 0, place 2, place 1, place 4, place 3, place 7, place 6, place 10, place 9, "
        "place 13, place 11, place 15, place 14, place 19, place 18, place 21"};
    static const char *const names[] = {"placing", "moving", "losing"};
    static const int seat[] = {0, 1, 0};
    for (int k = 0; k < 6; k++) {
        App *a = start_as_sized(seat[k / 2], games[k / 2], sizes[k % 2][0], sizes[k % 2][1]);
        REQUIRE(a);
        REQUIRE(settle(a));
        analysis_on(a);
        MoulinAnalysisShown sh;
        REQUIRE(wait_analysis(a, &sh));
        CHECK(sh.n >= 2);
        CHECK(k / 2 != 2 || (sh.mate && sh.white < 0));
        char name[64];
        snprintf(name, sizeof name, "analysis-%s-%dx%d", names[k / 2], sizes[k % 2][0],
                 sizes[k % 2][1]);
        shot(a, name);
        app_destroy(a);
    }
}

/* Random input with the analysis on, at Hard's own clock: searches started, cancelled by
 * moves, take-backs, new games and resizes; nothing crashes, hangs or leaks a worker. */
static void test_analysis_monkey(void)
{
    App *a = start("moulin", 41);
    REQUIRE(a);
    REQUIRE(settle(a));
    analysis_on(a);
    moulin_scene_analysis_clock(table_of(a), -1);
    static const SDL_Keycode keys[] = {SDLK_UP, SDLK_DOWN, SDLK_LEFT, SDLK_RIGHT, SDLK_RETURN,
                                       SDLK_SPACE, SDLK_u, SDLK_ESCAPE, SDLK_n};
    uint64_t x = 0xA5A5F00D12345678ULL;
    long events = getenv("TASCA_MONKEY_EVENTS") ? atol(getenv("TASCA_MONKEY_EVENTS")) : 1500;
    CHECK(table_monkey(a, "moulin", events, keys, sizeof keys / sizeof keys[0], &x));
    MoulinAnalysisShown sh;
    CHECK(moulin_scene_analysis(table_of(a), &sh) && sh.on);
    app_destroy(a);
}

/* Random clicks, drags and keys on the table: it never crashes, never accepts an illegal
 * action (the match refuses those) and always settles. */
static void test_monkey(void)
{
    App *a = start("moulin", 31);
    REQUIRE(a);
    a->opt.draw_every = 5;
    app_run_frames(a, 2);
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    static const SDL_Keycode keys[] = {SDLK_UP,        SDLK_DOWN,  SDLK_LEFT, SDLK_RIGHT,
                                       SDLK_RETURN,    SDLK_SPACE, SDLK_u,    SDLK_ESCAPE,
                                       SDLK_BACKSPACE, SDLK_n};
    long events = getenv("TASCA_MONKEY_EVENTS") ? atol(getenv("TASCA_MONKEY_EVENTS")) : 8000;
    int games = 0;
    for (long i = 0; i < events; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        float px = (float)(x % (uint64_t)a->w), py = (float)((x >> 20) % (uint64_t)a->h);
        /* Mostly aim at the points, where the play is. */
        if ((x >> 40) % 4 != 0) {
            char what[32];
            snprintf(what, sizeof what, "point %d", (int)((x >> 44) % 24));
            SDL_FRect r;
            if (locate(a, what, &r))
                px = r.x + r.w / 2, py = r.y + r.h / 2;
        }
        int k = (int)((x >> 50) % 12);
        Match *cur = match_of(a);
        /* (A click in the menu may have switched to another game's table until the scene
         * is set back below: the shortcut is for Moulin's.) */
        if (k >= 10 && cur && cur->rules == &moulin_rules && !match_is_over(cur) &&
            !cur->seats[match_current_player(cur) & 1].bot && match_current_player(cur) >= 0) {
            /* A legal action now and then, so that games get somewhere. */
            Action acts[RULES_MAX_ACTIONS];
            int n = moulin_rules.legal_actions(cur->state, acts);
            if (n <= 0)
                continue;
            Action act = acts[(x >> 36) % (uint64_t)n];
            if (act >= MOULIN_MOVE && act < MOULIN_REMOVE) {
                click_point(a, (act - MOULIN_MOVE) / 24);
                click_point(a, (act - MOULIN_MOVE) % 24);
            } else {
                click_point(a, act >= MOULIN_REMOVE ? act - MOULIN_REMOVE : act);
            }
        } else if (k < 6) {
            push_motion(a, px, py, 0, 0, false);
            push_button(a, SDL_MOUSEBUTTONDOWN, px, py, 1);
            push_button(a, SDL_MOUSEBUTTONUP, px, py, 1);
        } else if (k < 8) {
            float tx = (float)((x >> 8) % (uint64_t)a->w), ty = (float)((x >> 30) % (uint64_t)a->h);
            push_motion(a, px, py, 0, 0, false);
            push_button(a, SDL_MOUSEBUTTONDOWN, px, py, 1);
            for (int s = 1; s <= 4; s++)
                push_motion(a, px + (tx - px) * s / 4, py + (ty - py) * s / 4, 0, 0, true);
            push_button(a, SDL_MOUSEBUTTONUP, tx, ty, 1);
        } else {
            push_key(a, keys[(x >> 33) % (sizeof keys / sizeof keys[0])], 0);
        }
        if (i % 4 == 3)
            app_run_frames(a, 1);
        if (i % 16 == 15)
            app_settle(a, test_count(2000)); /* the bot answers: the game goes on */
        if (a->quit)
            a->quit = false;
        if (i % 50 == 0) {
            /* A click may open the menu (its button is on the bar): back to the table. */
            if (menu_is_open(a->menu))
                menu_close(a->menu);
            if (!a->scene || strcmp(a->scene->id, "moulin") != 0)
                app_set_scene(a, "moulin");
        }
        Match *m = match_of(a);
        if (m && match_is_over(m)) {
            games++;
            app_run_frames(a, 2);
            a->scene->new_game(a->self);
        }
        if (i % 1000 == 0)
            CHECK(app_settle(a, test_count(5000)));
    }
    printf("monkey: %ld events, %d games finished\n", events, games);
    CHECK(games > 0);
    app_destroy(a);
}

static const UiTest tests[] = {
    {"place_and_take_back", test_place_and_take_back},
    {"keyboard_cursor", test_keyboard_cursor},
    {"mill_and_removal", test_mill_and_removal},
    {"drag_move", test_drag_move},
    {"drag_to_an_illegal_point", test_drag_to_an_illegal_point},
    {"click_click_move", test_click_click_move},
    {"escape_puts_down", test_escape_puts_down},
    {"taken_shown", test_taken_shown},
    {"game_to_the_end", test_game_to_the_end},
    {"win_by_blocking", test_win_by_blocking},
    {"take_back_a_loss", test_take_back_a_loss},
    {"options_page", test_options_page},
    {"analysis_off_by_default", test_analysis_off_by_default},
    {"analysis_follows_the_game", test_analysis_follows_the_game},
    {"analysis_finished_game", test_analysis_finished_game},
    {"analysis_screenshots", test_analysis_screenshots},
    {"analysis_monkey", test_analysis_monkey},
    {"monkey", test_monkey},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-moulin", NULL);
}
