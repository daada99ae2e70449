/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hints at the table (under SDL's dummy video driver): the key or the button asks, the
 * worker answers, the table highlights Hard's choice and says why in one line; the hint is
 * saved and counted ("won without hints").
 *
 *   test_hint NAME    runs one test (see the table at the end), or "all". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ai/analysis.h"
#include "engine/match.h"
#include "games/truco/truco.h"
#include "games/twentyone/twentyone.h"
#include "ui/app.h"
#include "ui/settings.h"
#include "ui/tablescene.h"
#include "ui_fixture.h"

static Table *table_of(App *a) { return (Table *)a->self; }

static void push_text(App *a, const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    e.text.windowID = win_id(a);
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    SDL_PushEvent(&e);
}

/* Frames until the table shows a hint (the worker thread answers); false after 20 s
 * (scaled). */
static bool wait_hint(App *a, Action *out)
{
    for (int i = 0; i < test_count(4000); i++) {
        app_run_frames(a, 1);
        if (table_hint_action(table_of(a), out))
            return true;
        SDL_Delay(5);
    }
    return false;
}

/* The player's turn at a fresh game of `game` (new games until it is). */
static bool player_turn(App *a)
{
    for (int i = 0; i < 30; i++) {
        app_settle(a, test_count(4000));
        Match *m = match_of(a);
        if (m && match_current_player(m) == table_player(table_of(a)))
            return true;
        if (m && match_is_over(m))
            a->scene->new_game(a->self);
    }
    return false;
}

/* Hard's choice for the view the player has now, from the generator the table uses. */
static Action hard_choice(App *a)
{
    Table *t = table_of(a);
    Match *m = match_of(a);
    int seat = table_player(t);
    void *view = malloc(m->rules->state_size);
    match_view(m, seat, view);
    Rng r;
    rng_seed(&r, t->session_seed ^ (uint64_t)m->history_len * 0x9E3779B97F4A7C15ULL);
    Action h = bot_decide_view(m->rules, DIFF_HARD, view, seat, &r, NULL);
    free(view);
    return h;
}

/* 21: '?' (H is Hit there) asks; the hint is Hard's exact choice, the button of that action
 * is highlighted and the line gives both chances. */
static void test_twentyone_question_mark(void)
{
    App *a = start_table("twentyone", SPEED_INSTANT, 21);
    REQUIRE(a);
    REQUIRE(player_turn(a));
    Match *m = match_of(a);
    int cards = ((const TwentyOneState *)m->state)->n[TO_PLAYER];
    push_text(a, "?");
    Action h;
    REQUIRE(wait_hint(a, &h));
    CHECK(h == hard_choice(a));
    /* '?' did not hit. */
    CHECK(((const TwentyOneState *)m->state)->n[TO_PLAYER] == cards);
    Table *t = table_of(a);
    SDL_FRect rc[2], btn;
    CHECK(t->g->hint_rects(t, h, rc) == 1);
    CHECK(locate(a, h == TO_HIT ? "hit" : "stand", &btn));
    CHECK(rc[0].x == btn.x && rc[0].y == btn.y && rc[0].w == btn.w);
    CHECK(strstr(t->hint_line, h == TO_HIT ? "Hit:" : "Stand:") != NULL);
    CHECK(strstr(t->hint_line, "%") != NULL);
    CHECK(match_hints(m, TO_PLAYER) == 1);
    /* Recorded in the save, and read back. */
    char *text = match_save_text(m);
    REQUIRE(text);
    CHECK(strstr(text, "\nhint\n") != NULL);
    char err[MATCH_ERR];
    Match *back = match_load_text(text, strlen(text), err, sizeof err);
    CHECK(back && match_hints(back, TO_PLAYER) == 1);
    match_free(back);
    free(text);
    /* Asking again for the same position does not count twice. */
    push_text(a, "?");
    app_run_frames(a, 5);
    CHECK(match_hints(m, TO_PLAYER) == 1);
    app_destroy(a);
}

/* Truco: H asks (it is free there); the card or button of Hard's choice is highlighted,
 * and the line names no card of another seat. */
static void test_truco_key_h(void)
{
    App *a = start_table("truco", SPEED_INSTANT, 5);
    REQUIRE(a);
    REQUIRE(player_turn(a));
    push_key(a, SDLK_h, 0);
    Action h;
    REQUIRE(wait_hint(a, &h));
    CHECK(h == hard_choice(a));
    Table *t = table_of(a);
    SDL_FRect rc[2];
    CHECK(t->g->hint_rects(t, h, rc) >= 1);
    CHECK(t->hint_line[0] != '\0');
    const TrucoState *s = match_of(a)->state;
    for (int p = 0; p < s->num_players; p++) {
        if (p == table_player(t))
            continue;
        for (int i = 0; i < TR_HAND; i++) {
            char c[CARD_TEXT_MAX];
            if (card_is_valid(s->hand[p][i]))
                CHECK(strstr(t->hint_line, card_to_text(s->hand[p][i], c)) == NULL);
        }
    }
    app_destroy(a);
}

/* The Hint button, in every other game: an answer, a highlight and a line. */
static void button_game(const char *game)
{
    App *a = start_table(game, SPEED_INSTANT, 9);
    REQUIRE(a);
    REQUIRE(player_turn(a));
    Table *t = table_of(a);
    click(a, t->hint_btn, 1);
    Action h;
    REQUIRE(wait_hint(a, &h));
    Match *m = match_of(a);
    CHECK(rules_is_legal(m->rules, m->state, h));
    SDL_FRect rc[2];
    CHECK(t->g->hint_rects(t, h, rc) >= 1);
    CHECK(t->hint_line[0] != '\0');
    CHECK(match_hints(m, table_player(t)) == 1);
    /* TASCA_HINT_SHOT=DIR: a picture of the table with its hint, to look at. */
    const char *dir = getenv("TASCA_HINT_SHOT");
    char path[600];
    if (dir) {
        snprintf(path, sizeof path, "%s/hint-%s.png", dir, game);
        a->opt.screenshot = path;
        app_run_frames(a, 3);
        a->opt.screenshot = NULL;
    }
    app_destroy(a);
}

static void test_moulin_button(void) { button_game("moulin"); }
static void test_bisca_button(void) { button_game("bisca"); }
static void test_buraco_button(void) { button_game("buraco"); }

/* Statistics: a 21 round won after a hint counts as won, not as won without hints; a round
 * won without one counts in both. */
static void test_won_without_hints(void)
{
    App *a = start_table("twentyone", SPEED_INSTANT, 33);
    REQUIRE(a);
    bool hinted_win = false, clean_win = false;
    for (int round = 0; round < 60 && !(hinted_win && clean_win); round++) {
        REQUIRE(player_turn(a));
        Match *m = match_of(a);
        bool hint = !hinted_win;
        StatLine before, after;
        stats_get(&a->stats, "twentyone", table_level(table_of(a)), &before);
        while (!match_is_over(m) && match_current_player(m) == TO_PLAYER) {
            Action h = TO_STAND;
            if (hint) {
                push_text(a, "?");
                REQUIRE(wait_hint(a, &h));
            }
            REQUIRE(match_submit(m, TO_PLAYER, h) == NULL);
            app_settle(a, test_count(4000));
        }
        app_settle(a, test_count(4000));
        REQUIRE(match_is_over(m));
        stats_get(&a->stats, "twentyone", table_level(table_of(a)), &after);
        double r[RULES_MAX_PLAYERS];
        m->rules->returns(m->state, r);
        CHECK(after.played == before.played + 1);
        if (r[TO_PLAYER] > 0) {
            CHECK(after.won == before.won + 1);
            CHECK(after.clean == before.clean + (hint ? 0 : 1));
            hinted_win |= hint;
            clean_win |= !hint;
        } else {
            CHECK(after.clean == before.clean);
        }
        a->scene->new_game(a->self);
    }
    CHECK(hinted_win && clean_win);
    app_destroy(a);
}

static const UiTest tests[] = {
    {"twentyone_question_mark", test_twentyone_question_mark},
    {"truco_key_h", test_truco_key_h},
    {"moulin_button", test_moulin_button},
    {"bisca_button", test_bisca_button},
    {"buraco_button", test_buraco_button},
    {"won_without_hints", test_won_without_hints},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-hint", NULL);
}
