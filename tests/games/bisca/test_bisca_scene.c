/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Bisca table under SDL's dummy video driver: the app runs in-process, the test pushes
 * mouse and keyboard events and checks the match.
 *
 *   test_bisca_scene NAME   runs one test (see the table at the end), or "all".
 *
 * Each test gets an empty preferences folder (XDG_DATA_HOME in a fresh directory). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match.h"
#include "games/bisca/bisca.h"
#include "games/bisca/bisca_scene.h"
#include "ui/app.h"
#include "ui/tablescene.h"
#include "ui_fixture.h"

static App *start(int speed, uint64_t seed) { return start_table("bisca", speed, seed); }

static const BiscaState *state(App *a)
{
    Match *m = match_of(a);
    return m && m->rules == &bisca_rules ? m->state : NULL;
}

static bool settle(App *a) { return app_settle(a, test_count(4000)); }

static int cards_played(const BiscaState *s)
{
    return s->n_pile[0] + s->n_pile[1] + s->n_trick + 40 * s->game;
}

/* Plays the player's turns with double-clicks on its first card until the game (or the
 * match) shows its count; true when it did. */
static bool play_out(App *a)
{
    for (int guard = 0; guard < 400; guard++) {
        settle(a);
        SDL_FRect r;
        if (locate(a, "next", &r))
            return true;
        if (match_current_player(match_of(a)) != 0)
            continue;
        int before = cards_played(state(a));
        if (!locate(a, "card0", &r))
            return false;
        double_click(a, r);
        settle(a);
        if (cards_played(state(a)) == before && !locate(a, "next", &r)) {
            /* Refused (follow-suit option): try the other cards by their number keys. */
            for (int k = 1; k < BI_MAX_HAND && cards_played(state(a)) == before; k++) {
                push_key(a, SDLK_1 + k, 0);
                settle(a);
            }
        }
    }
    return false;
}

/* ---- Tests ---- */

static void test_double_click_plays(void)
{
    fresh_home("tasca-bisca", NULL);
    App *a = start(SPEED_INSTANT, 31);
    REQUIRE(a);
    REQUIRE(settle(a));
    const BiscaState *s = state(a);
    REQUIRE(s && s->n == 2);
    REQUIRE(match_current_player(match_of(a)) == 0);
    int before = cards_played(s);
    SDL_FRect r;
    REQUIRE(locate(a, "card1", &r));
    /* A single click plays nothing... */
    push_button(a, SDL_MOUSEBUTTONDOWN, r.x + r.w / 2, r.y + r.h / 2, 1);
    push_button(a, SDL_MOUSEBUTTONUP, r.x + r.w / 2, r.y + r.h / 2, 1);
    settle(a);
    CHECK(cards_played(state(a)) == before);
    /* ...a double-click does (and the bot answers). */
    double_click(a, r);
    settle(a);
    CHECK(cards_played(state(a)) >= before + 1);
    app_destroy(a);
}

static void test_drag_plays(void)
{
    fresh_home("tasca-bisca", "bisca.players = 4\n");
    App *a = start(SPEED_NORMAL, 32);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a) && state(a)->n == 4);
    for (int i = 0; i < 8 && match_current_player(match_of(a)) != 0; i++)
        settle(a);
    REQUIRE(match_current_player(match_of(a)) == 0);
    int before = cards_played(state(a));
    SDL_FRect r;
    REQUIRE(locate(a, "card2", &r));
    float x = r.x + r.w / 2, y = r.y + r.h / 2, ty = a->h * 0.45f;
    /* Dropped back on the hand: nothing. */
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    push_motion(a, x + 30, y - 20, 30, -20, true);
    push_motion(a, x, y, -30, 20, true);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, 1);
    settle(a);
    CHECK(cards_played(state(a)) == before);
    /* Dragged to the middle: played. */
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    for (int i = 1; i <= 8; i++)
        push_motion(a, x, y + (ty - y) * i / 8, 0, (ty - y) / 8, true);
    app_run_frames(a, 2);
    CHECK(cards_played(state(a)) == before);
    push_button(a, SDL_MOUSEBUTTONUP, x, ty, 1);
    app_run_frames(a, 2);
    CHECK(cards_played(state(a)) == before + 1);
    app_destroy(a);
}

static void test_whole_game_and_next(void)
{
    for (int players = 2; players <= 4; players += 2) {
        fresh_home("tasca-bisca", players == 4 ? "bisca.players = 4\n" : NULL);
        App *a = start(SPEED_INSTANT, 40 + (uint64_t)players);
        REQUIRE(a);
        REQUIRE(play_out(a));
        const BiscaState *s = state(a);
        REQUIRE(s);
        CHECK(match_is_over(match_of(a)));
        CHECK(s->points[0] + s->points[1] == 120);
        /* Next: a new game is dealt. */
        SDL_FRect r;
        REQUIRE(locate(a, "next", &r));
        double_click(a, r);
        settle(a);
        s = state(a);
        CHECK(s && !match_is_over(match_of(a)) && s->n == players);
        app_destroy(a);
    }
}

static void test_match_holds_between_games(void)
{
    fresh_home("tasca-bisca", "option.bisca.match = 1\n");
    App *a = start(SPEED_INSTANT, 51);
    REQUIRE(a);
    REQUIRE(play_out(a));
    const BiscaState *s = state(a);
    REQUIRE(s && s->match);
    if (!match_is_over(match_of(a))) {
        /* The count of the first game is on the table and the deal waits for the player. */
        CHECK(s->game == 1);
        CHECK(s->phase == BI_PHASE_DEAL);
        CHECK(s->n_hand[0] == 0);
        for (int i = 0; i < 20; i++)
            app_run_frames(a, 5);
        CHECK(state(a)->n_hand[0] == 0);
        push_key(a, SDLK_RETURN, 0);
        settle(a);
        CHECK(state(a)->n_hand[0] == 3);
    }
    app_destroy(a);
}

static void test_resume(void)
{
    fresh_home("tasca-bisca", NULL);
    App *a = start(SPEED_INSTANT, 61);
    REQUIRE(a);
    REQUIRE(settle(a));
    SDL_FRect r;
    REQUIRE(locate(a, "card0", &r));
    double_click(a, r);
    settle(a);
    int len = match_of(a)->history_len;
    app_destroy(a);
    /* Same preferences, no seed: the game goes on where it was. */
    a = start(SPEED_INSTANT, 0);
    REQUIRE(a);
    settle(a);
    CHECK(match_of(a) && match_of(a)->history_len >= len);
    CHECK(state(a) && cards_played(state(a)) >= 1);
    app_destroy(a);
}

/* The gap in pixels between two rectangles (0 when they touch or overlap). */
static float gap_between(SDL_FRect a, SDL_FRect b)
{
    float dx = fmaxf(0, fmaxf(b.x - (a.x + a.w), a.x - (b.x + b.w)));
    float dy = fmaxf(0, fmaxf(b.y - (a.y + a.h), a.y - (b.y + b.h)));
    return fmaxf(dx, dy);
}

static bool overlap(SDL_FRect a, SDL_FRect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* With four players, East's and West's name plates sit by their hands (within a card's
 * width, clear of the cards), with 3 and 9 cards in hand, at the smallest window and a
 * larger one. */
static void test_side_plates(void)
{
    static const char *const setups[] = {"bisca.players = 4\n",
                                         "bisca.players = 4\noption.bisca.hand = 2\n"};
    for (size_t k = 0; k < sizeof setups / sizeof setups[0]; k++) {
        fresh_home("tasca-bisca", setups[k]);
        App *a = start(SPEED_INSTANT, 90 + k);
        REQUIRE(a);
        REQUIRE(settle(a));
        REQUIRE(state(a) && state(a)->n == 4);
        for (int size = 0; size < 2; size++) {
            if (size == 1) {
                SDL_SetWindowSize(a->win, 960, 600);
                settle(a);
                CHECK(a->w < 1280);
            }
            SDL_FRect card, hand, plate;
            SDL_FRect trick = {a->w * 0.35f, a->h * 0.3f, a->w * 0.3f, a->h * 0.4f};
            REQUIRE(locate(a, "card0", &card));
            for (int seat = 1; seat <= 3; seat += 2) {
                char h[8], p[8];
                snprintf(h, sizeof h, "hand%d", seat);
                snprintf(p, sizeof p, "plate%d", seat);
                REQUIRE(locate(a, h, &hand) && locate(a, p, &plate));
                CHECK(!overlap(plate, hand));
                CHECK(gap_between(plate, hand) <= card.w);
                CHECK(!overlap(plate, trick));
            }
        }
        app_destroy(a);
    }
}

/* Where a networked table's news shows, it covers no other seat's hand or name plate, nor
 * the stock (issue 39: it lay over the north hand), with two players and with four. */
static void test_news_place(void)
{
    for (int four = 0; four < 2; four++) {
        fresh_home("tasca-bisca", four ? "bisca.players = 4\n" : NULL);
        App *a = start(SPEED_INSTANT, 31 + four);
        REQUIRE(a);
        REQUIRE(settle(a));
        SDL_FRect news, r;
        REQUIRE(locate(a, "news-place", &news));
        for (int p = 1; p < (four ? 4 : 2); p++) {
            char what[8];
            snprintf(what, sizeof what, "hand%d", p);
            REQUIRE(locate(a, what, &r));
            CHECK(!overlap(news, r));
            snprintf(what, sizeof what, "plate%d", p);
            REQUIRE(locate(a, what, &r));
            CHECK(!overlap(news, r));
        }
        REQUIRE(locate(a, "stock", &r));
        CHECK(!overlap(news, r));
        app_destroy(a);
    }
}

/* Random clicks, drags, keys and resizes on the Bisca table, in every table mode. */
static void test_monkey(void)
{
    static const char *const setups[] = {
        NULL, "bisca.players = 4\n", "option.bisca.match = 1\noption.bisca.assist = 1\n",
        "bisca.players = 4\noption.bisca.hand = 2\nshow_opponents = 1\n"};
    static const SDL_Keycode keys[] = {SDLK_RETURN, SDLK_SPACE, SDLK_LEFT, SDLK_RIGHT, SDLK_1,
                                       SDLK_2,      SDLK_3,     SDLK_9,    SDLK_l,     SDLK_n};
    uint64_t x = 88172645463325252ULL;
    for (size_t k = 0; k < sizeof setups / sizeof setups[0]; k++) {
        fresh_home("tasca-bisca", setups[k]);
        App *a = start(k % 2 ? SPEED_FAST : SPEED_INSTANT, 70 + k);
        REQUIRE(a);
        REQUIRE(table_monkey(a, "bisca", 6000, keys, sizeof keys / sizeof keys[0], &x));
        settle(a);
        const BiscaState *s = state(a);
        CHECK(s != NULL);
        if (s && s->phase != BI_PHASE_OVER)
            CHECK(bisca_points_everywhere(s) == 120);
        app_destroy(a);
    }
}

/* The trunfo lies upright beside the stock, clear of it (it lay rotated half under the
 * stock, its index tiny and upside down), and "Trumps: ♥" shows under it from the deal,
 * not only once the stock is empty. */
static void test_trunfo_shown(void)
{
    App *a = start(SPEED_INSTANT, 8);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a) && state(a)->stock > 0);
    SDL_FRect card, stock, label;
    REQUIRE(locate(a, "trunfo", &card));
    REQUIRE(locate(a, "stock", &stock));
    CHECK(!overlap(card, stock));
    CHECK(card.w > 0 && card.h > card.w); /* upright, the stock's size */
    CHECK(fabsf(card.h - stock.h) < 1 && fabsf(card.w - stock.w) < 1);
    CHECK(card.x + card.w <= a->w && card.y >= 0);
    REQUIRE(locate(a, "trumps", &label));
    CHECK(label.y >= card.y + card.h - 1);                       /* under the card */
    CHECK(label.x + label.w / 2 > card.x && label.x + label.w / 2 < card.x + card.w);
    CHECK(!overlap(label, stock));
    app_destroy(a);
}

/* "4 players" on the table applies at once while you have not played a card, even when the
 * computer has led (it waited for the next game then). */
static void test_four_at_once(void)
{
    App *a = start(SPEED_INSTANT, 2);
    REQUIRE(a);
    REQUIRE(settle(a));
    for (int i = 0; i < 30 && state(a)->n_trick == 0; i++) {
        a->scene->new_game(a->self);
        settle(a);
    }
    REQUIRE(state(a)->n_trick > 0 && match_current_player(match_of(a)) == 0);
    Table *t = a->self;
    click(a, t->btn[2], 1); /* BTN_FOUR */
    settle(a);
    CHECK(match_of(a)->num_players == 4);
    app_destroy(a);
}

/* A hint's message shows clear of the turn's line (it covered "Your turn: ..."). */
static void test_hint_clear_of_status(void)
{
    App *a = start(SPEED_INSTANT, 4);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(match_current_player(match_of(a)) == 0);
    push_key(a, SDLK_h, 0);
    for (int i = 0; i < test_count(4000); i++) {
        SDL_FRect r;
        if (locate(a, "toast", &r))
            break;
        app_run_frames(a, 1);
        SDL_Delay(1);
    }
    SDL_FRect toast, status;
    REQUIRE(locate(a, "toast", &toast));
    REQUIRE(locate(a, "status", &status));
    CHECK(!overlap(toast, status));
    app_destroy(a);
}

static const UiTest tests[] = {
    {"hint_clear_of_status", test_hint_clear_of_status},
    {"news_place", test_news_place},
    {"four_at_once", test_four_at_once},
    {"trunfo_shown", test_trunfo_shown},
    {"double_click", test_double_click_plays},
    {"drag", test_drag_plays},
    {"whole_game", test_whole_game_and_next},
    {"match_hold", test_match_holds_between_games},
    {"resume", test_resume},
    {"side_plates", test_side_plates},
    {"monkey", test_monkey},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-bisca", NULL);
}
