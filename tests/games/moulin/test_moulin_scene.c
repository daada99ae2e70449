/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Moulin table under SDL's dummy video driver: events are pushed, frames stepped and
 * the match checked. Each test gets an empty preferences folder.
 *
 *   test_moulin_scene NAME    one test (see the table at the end), or "all" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match.h"
#include "games/moulin/moulin.h"
#include "ui/app.h"
#include "ui/menu.h"
#include "ui_fixture.h"

/* The app at the picker (so a save can be put in place first) or at a game. */
static App *start(const char *game, uint64_t seed)
{
    AppOptions o = test_options(game, SPEED_INSTANT, seed);
    o.no_audio = true;
    return start_app(&o);
}

/* The Moulin table resuming a game made of `actions` (comma-separated), the person
 * playing `human` (0 white, 1 black) against an Easy bot. */
static App *start_as(int human, const char *actions)
{
    App *a = start("picker", 0);
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
    return app_settle(a, 3000);
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
            app_settle(a, 2000); /* the bot answers: the game goes on */
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
            CHECK(app_settle(a, 5000));
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
    {"game_to_the_end", test_game_to_the_end},
    {"win_by_blocking", test_win_by_blocking},
    {"take_back_a_loss", test_take_back_a_loss},
    {"options_page", test_options_page},
    {"monkey", test_monkey},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-moulin", NULL);
}
