/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Truco table under SDL's dummy video driver: the app runs in-process, the test pushes
 * mouse and keyboard events and checks the match.
 *
 *   test_truco_scene NAME   runs one test (see the table at the end), or "all".
 *
 * Each test gets an empty preferences folder (XDG_DATA_HOME in a fresh directory). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match.h"
#include "games/truco/truco.h"
#include "ui/app.h"
#include "ui/settings.h"
#include "ui_fixture.h"

static App *start(int speed, uint64_t seed) { return start_table("truco", speed, seed); }

static const TrucoState *state(App *a)
{
    Match *m = match_of(a);
    return m && m->rules == &truco_rules ? m->state : NULL;
}

static bool settle(App *a) { return app_settle(a, 4000); }

static int in_hand(const TrucoState *s)
{
    int n = 0;
    for (int i = 0; i < TR_HAND; i++)
        n += s->hand[0][i] != CARD_NONE;
    return n;
}

/* Clicks the named button; false when it is not on the table. */
static bool press(App *a, const char *what)
{
    SDL_FRect r;
    if (!locate(a, what, &r))
        return false;
    click(a, r, 1);
    settle(a);
    return true;
}

/* Plays the player's turns (a double-click on the first card, accepting raises and
 * playing the mão de onze) until the banner's "New game" shows; true when it did. */
static bool play_out(App *a)
{
    for (int guard = 0; guard < 2000; guard++) {
        settle(a);
        SDL_FRect r;
        if (locate(a, "next", &r))
            return true;
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (press(a, "aceitar") || press(a, "jogar"))
            continue;
        for (int i = 1; i <= TR_HAND; i++) {
            char name[8];
            snprintf(name, sizeof name, "card%d", i);
            if (locate(a, name, &r)) {
                double_click(a, r);
                break;
            }
        }
    }
    return false;
}

/* ---- Tests ---- */

static void test_double_click_plays(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a) && match_current_player(match_of(a)) == 0);
    REQUIRE(in_hand(state(a)) == 3);
    int hands = state(a)->hands;
    SDL_FRect r;
    REQUIRE(locate(a, "card2", &r));
    /* A single click plays nothing... */
    click(a, r, 1);
    settle(a);
    CHECK(in_hand(state(a)) == 3);
    /* ...a double-click does, and the computer answers. */
    double_click(a, r);
    settle(a);
    const TrucoState *s = state(a);
    CHECK(s->hands > hands || (in_hand(s) == 2 && s->table[0][0] != CARD_NONE));
    app_destroy(a);
}

static void test_drag_plays(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_NORMAL, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(match_current_player(match_of(a)) == 0);
    SDL_FRect r;
    REQUIRE(locate(a, "card1", &r));
    float x = r.x + r.w / 2, y = r.y + r.h / 2, ty = a->h * 0.5f;
    /* Dropped back on the hand: nothing. */
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    push_motion(a, x + 30, y - 20, 30, -20, true);
    push_motion(a, x, y, -30, 20, true);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, 1);
    settle(a);
    CHECK(in_hand(state(a)) == 3);
    /* Dragged to the middle: played. */
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    for (int i = 1; i <= 8; i++)
        push_motion(a, x, y + (ty - y) * i / 8, 0, (ty - y) / 8, true);
    app_run_frames(a, 2);
    CHECK(in_hand(state(a)) == 3);
    push_button(a, SDL_MOUSEBUTTONUP, x, ty, 1);
    app_run_frames(a, 2);
    CHECK(in_hand(state(a)) == 2);
    app_destroy(a);
}

/* TRUCO! by its button, then the computer's answer; the keys of the buttons. */
static void test_truco_button(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a)->value == 1 && state(a)->phase == TR_PH_PLAY);
    SDL_FRect r;
    CHECK(!locate(a, "aceitar", &r));
    CHECK(!locate(a, "facedown", &r)); /* not in the first rodada */
    REQUIRE(press(a, "truco"));
    const TrucoState *s = state(a);
    /* Accepted (worth 3), ran (a new hand, 1 point to the player) or raised to Seis. */
    CHECK(s->value == 3 || s->score[0] == 1 || s->pending == 6);
    if (s->phase == TR_PH_ANSWER) {
        /* The computer raised (or, after running, asks in the next hand): A accepts. */
        int asked = s->pending;
        CHECK(locate(a, "aceitar", &r) && locate(a, "correr", &r));
        push_key(a, SDLK_a, 0);
        settle(a);
        CHECK(state(a)->value == asked);
    }
    app_destroy(a);
}

static void test_whole_game_and_next(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 14);
    REQUIRE(a);
    REQUIRE(play_out(a));
    const TrucoState *s = state(a);
    REQUIRE(s);
    CHECK(match_is_over(match_of(a)));
    CHECK(s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS);
    StatLine st;
    stats_get(&a->stats, "truco", DIFF_EASY, &st);
    CHECK(st.played == 1 && st.won + st.lost == 1);
    /* New game: a fresh match is dealt. */
    SDL_FRect r;
    REQUIRE(locate(a, "next", &r));
    click(a, r, 1);
    settle(a);
    s = state(a);
    CHECK(s && !match_is_over(match_of(a)) && s->score[0] == 0 && s->score[1] == 0);
    CHECK(!locate(a, "next", &r));
    app_destroy(a);
}

/* Four players: the partner sits north, the opponents east and west around the rodadas;
 * leaving an answer to the partner passes it on; a whole game plays out to its end. */
static void test_four_players(void)
{
    fresh_home("tasca-truco", "truco.players = 4\n");
    App *a = start(SPEED_INSTANT, 21);
    REQUIRE(a);
    REQUIRE(settle(a));
    const TrucoState *s = state(a);
    REQUIRE(s && s->num_players == 4);
    SDL_FRect h1, h2, h3, tab, me;
    REQUIRE(locate(a, "hand1", &h1) && locate(a, "hand2", &h2) && locate(a, "hand3", &h3));
    REQUIRE(locate(a, "table", &tab) && locate(a, "card1", &me));
    CHECK(h1.x >= tab.x + tab.w);   /* east: right of the rodadas */
    CHECK(h3.x + h3.w <= tab.x);    /* west: left */
    CHECK(h2.y + h2.h <= tab.y);    /* the partner: above */
    CHECK(me.y >= tab.y + tab.h);   /* you: below */
    CHECK(h1.h > h1.w && h3.h > h3.w); /* east and west hold their cards in a column */
    /* Play until a raise is to be answered by you, then leave it to your partner. */
    bool passed = false;
    for (int guard = 0; guard < 3000 && !passed; guard++) {
        settle(a);
        SDL_FRect r;
        s = state(a);
        if (locate(a, "next", &r) || !s)
            break;
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (s->phase == TR_PH_ANSWER || s->phase == TR_PH_ONZE) {
            REQUIRE(locate(a, "parceiro", &r));
            int len = match_of(a)->history_len;
            click(a, r, 1);
            settle(a);
            /* Your "parceiro" is in the match, and your partner (seat 2) acted next. */
            const Match *m = match_of(a);
            REQUIRE(m->history_len > len + 1);
            CHECK(m->history[len] == TR_PASS && m->history_player[len] == 0);
            CHECK(m->history_player[len + 1] == 2);
            passed = true;
            break;
        }
        if (s->phase == TR_PH_PLAY && truco_can_raise(s, 0) && s->value == 1 &&
            press(a, "truco"))
            continue; /* east answers, perhaps raising back to you */
        for (int i = 1; i <= TR_HAND; i++) {
            char name[8];
            snprintf(name, sizeof name, "card%d", i);
            if (locate(a, name, &r)) {
                double_click(a, r);
                break;
            }
        }
    }
    CHECK(passed);
    REQUIRE(play_out(a));
    s = state(a);
    REQUIRE(s);
    CHECK(match_is_over(match_of(a)) && s->num_players == 4);
    CHECK(s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS);
    app_destroy(a);
}

/* New game while a game is under way asks first; the abandoned game counts as lost. */
static void test_new_game_asks(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    SDL_FRect r;
    REQUIRE(locate(a, "card1", &r));
    double_click(a, r);
    settle(a);
    int len = match_of(a)->history_len;
    a->scene->new_game(a->self);
    REQUIRE(locate(a, "confirm", &r) && locate(a, "keep", &r));
    click(a, r, 1); /* keep playing */
    settle(a);
    CHECK(!locate(a, "confirm", &r) && match_of(a)->history_len >= len);
    a->scene->new_game(a->self);
    REQUIRE(locate(a, "confirm", &r));
    click(a, r, 1);
    settle(a);
    CHECK(state(a) && state(a)->score[0] == 0 && state(a)->score[1] == 0 && state(a)->hands == 1);
    StatLine st;
    stats_get(&a->stats, "truco", DIFF_EASY, &st);
    CHECK(st.played == 1 && st.lost == 1);
    /* The player has not moved in the new game: New game deals at once. */
    if (match_current_player(match_of(a)) != 0 || state(a)->phase != TR_PH_PLAY) {
        app_destroy(a);
        return;
    }
    a->scene->new_game(a->self);
    CHECK(!locate(a, "confirm", &r));
    app_destroy(a);
}

static void test_resume(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 5);
    REQUIRE(a);
    REQUIRE(settle(a));
    SDL_FRect r;
    REQUIRE(locate(a, "card1", &r));
    double_click(a, r);
    settle(a);
    int len = match_of(a)->history_len, hands = state(a)->hands;
    app_destroy(a);
    /* Same preferences, no seed: the game goes on where it was. */
    a = start(SPEED_INSTANT, 0);
    REQUIRE(a);
    settle(a);
    CHECK(match_of(a) && match_of(a)->history_len >= len);
    CHECK(state(a) && (in_hand(state(a)) < 3 || state(a)->hands > hands));
    app_destroy(a);
}

/* Random clicks, drags, keys and resizes on the Truco table. */
static void test_monkey(void)
{
    static const SDL_Keycode keys[] = {SDLK_RETURN, SDLK_SPACE, SDLK_1, SDLK_2, SDLK_3, SDLK_t,
                                       SDLK_a,      SDLK_c,     SDLK_f, SDLK_j, SDLK_x, SDLK_n,
                                       SDLK_p};
    uint64_t x = 88172645463325252ULL;
    static const char *const setups[] = {
        NULL, "show_opponents = 1\noption.truco.blind = 1\noption.truco.match = 1\n",
        "truco.players = 4\n"};
    for (int k = 0; k < 3; k++) {
        fresh_home("tasca-truco", setups[k]);
        App *a = start(k == 1 ? SPEED_FAST : SPEED_INSTANT, 90 + (uint64_t)k);
        REQUIRE(a);
        REQUIRE(table_monkey(a, "truco", 6000, keys, sizeof keys / sizeof keys[0], &x));
        CHECK(settle(a));
        CHECK(state(a) != NULL);
        app_destroy(a);
    }
}

static const UiTest tests[] = {
    {"double_click", test_double_click_plays},
    {"drag", test_drag_plays},
    {"truco_button", test_truco_button},
    {"whole_game", test_whole_game_and_next},
    {"four_players", test_four_players},
    {"new_game_asks", test_new_game_asks},
    {"resume", test_resume},
    {"monkey", test_monkey},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-truco", NULL);
}
